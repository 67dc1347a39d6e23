// The standings as every page shows them: one table (rank, player, points, tie-breaks), the
// console's, the public page's and the hall display's differing only in the options below;
// and a round-robin's cross table (C.05), the public page's and the display's.

import { html } from "./html.js";
import { mine, who } from "./words.js";

/**
 * The standings `s` (`GET .../standings`) as a table's head row and a function that makes a
 * row. Options: `player(row)` the player's cell (text or markup; `who` by default);
 * `federation` adds its column; `tiebreaks` how many tie-breaks are shown (all by default);
 * `hall` the display's form (its cell classes, the rank alone, codes without their meaning);
 * `notCounted` the title of a row that does not count (C.05).
 */
export function standingsTable(s, options = {}) {
  const k = Math.min(options.tiebreaks ?? s.tiebreaks.length, s.tiebreaks.length);
  const codes = s.tiebreaks.slice(0, k);
  const player = options.player || who;
  const hall = !!options.hall;
  const fed = options.federation;
  const head = html`<tr><th class="num">Rank</th><th>Player</th>${fed && html`<th>Fed</th>`}${hall ? html`<th class="res">Points</th>` : html`<th class="num">Pts</th>`}${codes.map((t, i) => (hall
    ? html`<th class="num">${t}</th>`
    : html`<th class="num"><abbr title="${s.tiebreak_meanings[i] || ""}">${t}</abbr></th>`))}</tr>`;
  const values = (r) => r.tiebreaks.slice(0, k);
  const row = (r) => {
    if (hall) {
      return html`<tr><td class="board">${r.rank}</td><td class="name">${player(r)}</td><td class="res">${r.score}</td>${values(r).map((v) => html`<td class="score">${v}</td>`)}</tr>`;
    }
    const out = r.counted === false;
    const cls = out && (options.notCounted ? html` class="notcounted" title="${options.notCounted}"` : html` class="notcounted"`);
    return html`<tr${cls}><td class="num">${out ? "–" : r.rank}${r.by_lot && "*"}</td><td>${player(r)}</td>${fed && html`<td>${r.federation || ""}</td>`}<td class="num">${r.score}</td>${values(r).map((v) => html`<td class="num">${v}</td>`)}</tr>`;
  };
  return { head, row };
}

/**
 * The classic round-robin cross table (C.05): players by number down and across, each cell
 * the row player's results against the column's (two in a double round-robin, in the order
 * played; White's game first shown in the cell's title), the diagonal shaded; then points,
 * place and tie-breaks. `players` by pairing number, `rounds` the published rounds, `s` the
 * standings; `link(p)` the name's cell (the name by default); `compact` (the hall display)
 * leaves out federation and rating. Returns { head, rows } as markup, rows in number order.
 */
export function roundRobinTable(players, rounds, s, link, compact) {
  const n = players.length;
  const index = new Map(players.map((p, i) => [p.player, i]));
  const cells = players.map(() => Array.from({ length: n }, () => []));
  rounds.forEach((rd) => {
    for (const b of rd.pairs) {
      const w = index.get(b.white.player);
      const k = index.get(b.black.player);
      if (w === undefined || k === undefined) continue;
      const rw = mine(b.games, true);
      const rb = mine(b.games, false);
      cells[w][k].push({ text: rw.text || "·", title: `round ${rd.round}, White` });
      cells[k][w].push({ text: rb.text || "·", title: `round ${rd.round}, Black` });
    }
  });
  const row = new Map(s.rows.map((r) => [r.player, r]));
  const name = link || ((p) => p.name);
  const head = html`<tr><th class="num">No</th><th class="sticky">Name</th>${!compact && html`<th class="fed">Fed</th><th class="num rtg">Rating</th>`}${players.map((_, i) => html`<th class="num rrcol">${i + 1}</th>`)}<th class="num">Pts</th><th class="num">Place</th>${s.tiebreaks.map((t, i) => html`<th class="num"><abbr title="${s.tiebreak_meanings[i] || ""}">${t}</abbr></th>`)}</tr>`;
  const rows = players.map((p, i) => {
    const r = row.get(p.player);
    const counted = !r || r.counted !== false;
    return html`<tr${!counted && html` class="notcounted"`}><td class="num">${i + 1}</td><td class="sticky">${p.title && `${p.title} `}${name(p)}</td>${!compact && html`<td class="fed">${p.federation || ""}</td><td class="num rtg">${p.rating || ""}</td>`}${cells[i].map((c, j) => (i === j
      ? html`<td class="self"></td>`
      : html`<td class="num rrcell" title="${c.map((x) => x.title).join("; ")}">${c.map((x) => x.text).join(" ")}</td>`))}<td class="num"><strong>${r ? r.score : ""}</strong></td><td class="num">${r ? (counted ? r.rank : "–") : ""}</td>${r ? r.tiebreaks.map((v) => html`<td class="num">${v}</td>`) : ""}</tr>`;
  });
  return { head, rows };
}
