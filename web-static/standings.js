// The standings as every page shows them: one table (rank, player, points, tie-breaks), the
// console's, the public page's and the hall display's differing only in the options below,
// a withdrawn player marked and a place drawn by lot starred, with the legend of those marks;
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
  // A tie-break's cells say which it is, so that a narrow screen keeps the first ones (app.css).
  const tb = (i) => ["num tb", "num tb tb-second"][i] || "num tb tb-rest";
  const head = html`<tr><th class="num">Rank</th><th class="player">Player</th>${fed && html`<th class="fed">Fed</th>`}${hall ? html`<th class="res">Points</th>` : html`<th class="num">Pts</th>`}${codes.map((t, i) => (hall
    ? html`<th class="num">${t}</th>`
    : html`<th class="${tb(i)}"><abbr title="${s.tiebreak_meanings[i] || ""}">${t}</abbr></th>`))}</tr>`;
  const values = (r) => r.tiebreaks.slice(0, k);
  const row = (r) => {
    if (hall) {
      return html`<tr><td class="board">${r.rank}</td><td class="name">${player(r)}</td><td class="res">${r.score}</td>${values(r).map((v) => html`<td class="score">${v}</td>`)}</tr>`;
    }
    const out = r.counted === false;
    const cls = out && (options.notCounted ? html` class="notcounted" title="${options.notCounted}"` : html` class="notcounted"`);
    const left = withdrawal(s, r);
    return html`<tr${cls}><td class="num">${out ? "–" : r.rank}${r.by_lot && html`<span title="placed by the drawing of lots">*</span>`}</td><td class="player">${player(r)}${left && html` <small class="withdrawn">(${left})</small>`}</td>${fed && html`<td class="fed">${r.federation || ""}</td>`}<td class="num">${r.score}</td>${values(r).map((v, i) => html`<td class="${tb(i)}">${v}</td>`)}</tr>`;
  };
  return { head, row };
}

/**
 * A withdrawn player's mark in the standings `s`: "withdrawn from round 5" once the round is
 * reached, "withdrawing from round 6" while it is still to come; nothing for a player still in.
 */
export function withdrawal(s, r) {
  const from = r.withdrawn_from;
  if (!from) return "";
  return from <= s.after_round + 1 ? `withdrawn from round ${from}` : `withdrawing from round ${from}`;
}

/**
 * What the marks of a standings table mean, as sentences to put under it: the `*` of a place
 * decided by lot, and the withdrawn players' mark; empty when the table shows neither.
 */
export function standingsLegend(s) {
  const notes = [];
  if (s.rows.some((r) => r.by_lot)) notes.push("* placed by the drawing of lots: points and every tie-break left the players tied.");
  if (s.rows.some((r) => withdrawal(s, r))) notes.push("A player marked withdrawn plays no round from the one named.");
  return notes.join(" ");
}

/**
 * The classic round-robin cross table (C.05): players by number down and across, each cell
 * the row player's results against the column's (two in a double round-robin, in the order
 * played; White's game first shown in the cell's title), the diagonal shaded; then points,
 * place, tie-breaks and each player's performance rating (when the standings give it).
 * `players` by pairing number, `rounds` the published rounds, `s` the standings; `link(p)` the
 * name's cell (the name by default); `compact` (the hall display) leaves out federation,
 * rating and performance. Returns { head, rows, cols } as markup, rows in number order, and
 * how many columns the table has.
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
  const perf = !compact && s.rows.some((r) => r.performance);
  const head = html`<tr><th class="num">No</th><th class="sticky">Name</th>${!compact && html`<th class="fed">Fed</th><th class="num rtg">Rating</th>`}${players.map((_, i) => html`<th class="num rrcol">${i + 1}</th>`)}<th class="num">Pts</th><th class="num">Place</th>${s.tiebreaks.map((t, i) => html`<th class="num"><abbr title="${s.tiebreak_meanings[i] || ""}">${t}</abbr></th>`)}${perf && html`<th class="num"><abbr title="Performance rating: the opponents' average rating plus FIDE's difference for the percentage scored">Perf</abbr></th>`}</tr>`;
  const rows = players.map((p, i) => {
    const r = row.get(p.player);
    const counted = !r || r.counted !== false;
    return html`<tr${!counted && html` class="notcounted"`}><td class="num">${i + 1}</td><td class="sticky">${p.title && `${p.title} `}${name(p)}</td>${!compact && html`<td class="fed">${p.federation || ""}</td><td class="num rtg">${p.rating || ""}</td>`}${cells[i].map((c, j) => (i === j
      ? html`<td class="self"></td>`
      : html`<td class="num rrcell" title="${c.map((x) => x.title).join("; ")}">${c.map((x) => x.text).join(" ")}</td>`))}<td class="num"><strong>${r ? r.score : ""}</strong></td><td class="num">${r ? (counted ? r.rank : "–") : ""}${!compact && r && counted && r.by_lot && "*"}</td>${r ? r.tiebreaks.map((v) => html`<td class="num">${v}</td>`) : ""}${perf && html`<td class="num">${(r && r.performance) || ""}</td>`}</tr>`;
  });
  return { head, rows, cols: (compact ? 4 : 6) + n + s.tiebreaks.length + (perf ? 1 : 0) };
}
