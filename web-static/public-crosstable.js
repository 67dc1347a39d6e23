// The cross table: by rank, each round's opponent (by rank, so that they are found in the
// same table), colour and result from the player's own side; points and tie-breaks. The head
// stays in view, and on a phone the rounds scroll sideways under the names. A round-robin's is
// the classic table by numbers (C.05). A live result is applied to the rounds kept here; only
// the standings are read again.

import { html } from "./html.js";
import { get } from "./api.js";
import { applyResult, isResult } from "./rounds.js";
import { roundRobinTable, standingsLegend } from "./standings.js";
import { byeName, isRoundRobin, mine, standingsState, who } from "./words.js";
import { printButton, printTitle, tournamentDates } from "./public-parts.js";

const standings = (ctx) => get(`/api/tournaments/${ctx.id}/standings`);

export async function load(ctx) {
  const n = ctx.info.rounds_published;
  const rr = isRoundRobin(ctx.info.settings.system);
  const [s, rounds, players] = await Promise.all([
    standings(ctx),
    Promise.all(Array.from({ length: n }, (_, i) => get(`/api/tournaments/${ctx.id}/rounds/${i + 1}`))),
    rr ? get(`/api/tournaments/${ctx.id}/players`) : null,
  ]);
  return { s, rounds, players: players && players.sort((a, b) => a.tpn - b.tpn) };
}

export function draw(ctx, data) {
  return data.players ? roundRobinCross(ctx, data) : swissCross(ctx, data);
}

function swissCross(ctx, { s, rounds }) {
  const n = rounds.length;
  const rankOf = new Map(s.rows.map((r) => [r.player, r.rank]));
  const cells = new Map(s.rows.map((r) => [r.player, Array(n).fill(null)]));
  rounds.forEach((rd, i) => {
    for (const b of rd.pairs) {
      for (const [me, opp, white] of [[b.white, b.black, true], [b.black, b.white, false]]) {
        const res = mine(b.games, white);
        cells.get(me.player)[i] = { text: `${rankOf.get(opp.player) ?? "?"}${white ? "w" : "b"} ${res.text}`, title: `${who(opp)}${res.forfeit ? " (forfeit)" : ""}` };
      }
    }
    if (rd.bye) cells.get(rd.bye.player)[i] = { text: "bye", title: "pairing-allocated bye" };
    for (const b of rd.requested_byes) if (cells.has(b.player)) cells.get(b.player)[i] = { text: { full: "1 bye", half: "½ bye", zero: "–" }[b.kind] || "–", title: byeName(b.kind) };
  });
  const cols = 5 + n + 1 + s.tiebreaks.length;
  const head = html`<tr><th class="num">Rank</th><th class="num">No</th><th class="sticky">Name</th><th>Fed</th><th class="num">Rating</th>${Array.from({ length: n }, (_, i) => html`<th class="num">R${i + 1}</th>`)}<th class="num">Pts</th>${s.tiebreaks.map((t, i) => html`<th class="num"><abbr title="${s.tiebreak_meanings[i] || ""}">${t}</abbr></th>`)}</tr>`;
  const row = (r) => html`<tr><td class="num">${r.rank}</td><td class="num">${r.tpn || ""}</td><td class="sticky">${r.title && `${r.title} `}<button class="link" data-card="${r.player}">${r.name}</button></td><td>${r.federation || ""}</td><td class="num">${r.rating || ""}</td>\
${cells.get(r.player).map((c) => html`<td class="num"${c && html` title="${c.title}"`}>${c ? c.text : ""}</td>`)}\
<td class="num"><strong>${r.score}</strong></td>${r.tiebreaks.map((v) => html`<td class="num">${v}</td>`)}</tr>`;
  return html`<p class="noprint">${printButton}</p><div class="scroll"><table class="cross"><thead>${printTitle(ctx, `Cross table ${standingsState(s)}`, null, cols, s.after_round)}${head}</thead><tbody>${s.rows.map(row)}</tbody></table></div>\
<p class="muted">Each round: the opponent's rank, w or b for the colour, and the result for the player (+ and − a forfeit).</p>`;
}

// A round-robin's cross table (C.05): players by number down and across, each cell the row
// player's result(s) against the column's; points, place and tie-breaks. A withdrawn player
// whose results do not count (fewer than half of the games played) stays in the table, marked.
function roundRobinCross(ctx, { s, rounds, players }) {
  const info = ctx.info;
  const t = roundRobinTable(players, rounds, s, (p) => html`<button class="link" data-card="${p.player}">${p.name}</button>`);
  const total = info.settings.rounds;
  const state = s.in_progress ? standingsState(s) : s.after_round < total ? `after round ${s.after_round} of ${total}` : "final";
  const notCounted = s.rows.some((r) => r.counted === false);
  // The sheet's second line: where, when and under whom it was played.
  const d = info.details || {};
  const dates = tournamentDates(ctx);
  const facts = [d.city && `${d.city}${d.federation ? ` (${d.federation})` : ""}`, dates && `${dates}`, d.chief_arbiter && `Chief arbiter: ${d.chief_arbiter}`].filter(Boolean).join(" · ");
  const legend = standingsLegend(s);
  return html`${facts && html`<p class="muted noprint">${facts}</p>`}<p class="noprint">${printButton}</p><div class="scroll"><table class="cross rr"><thead>${printTitle(ctx, `Cross table (${state})`, null, t.cols, s.after_round, facts)}${t.head}</thead><tbody>${t.rows}</tbody></table></div>\
<p class="muted">Each cell: the result of the player on the row against the player of the column (${info.settings.system === "double-round-robin" ? "two results, in the order played" : "1, ½, 0"}; + and − a forfeit).\
${notCounted && " A greyed row: a player who withdrew having played fewer than half of the games; the results stay in the table but do not count in the standings (FIDE C.05)."}\
${s.rows.some((r) => r.performance) && " Perf: the performance rating, the opponents' average rating plus FIDE's difference for the percentage scored."}${legend && ` ${legend}`}</p>`;
}

/** A result: applied to its round kept here; the standings read again (one request). */
export async function live(ctx, data, event) {
  if (!isResult(event)) return null;
  const round = data.rounds[event.round - 1];
  if (!round) return null;
  applyResult(round, event);
  return { ...data, s: await standings(ctx) };
}
