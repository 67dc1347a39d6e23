// The average rating of the opponents after each round, for Dubov events (Dubov 9; Dubov 2026
// 1.7: games played over the board). A result can change it (a forfeit is no game): read again.

import { html } from "./html.js";
import { get } from "./api.js";
import { printButton, printTitle } from "./public-parts.js";

export function load(ctx) {
  return get(`/api/tournaments/${ctx.id}/aro`);
}

export function draw(ctx, rows) {
  const n = ctx.info.rounds_published;
  // Dubov 2026 1.7: games played, to the nearest whole point; the 1997 text's 9: exact.
  const rule = ctx.info.settings.system === "dubov-2026" ? "Dubov 2026, 1.7: games played over the board, to the nearest whole point" : "Dubov 9";
  return html`<p class="muted">Average rating of the opponents after each round (${rule}), for players to follow the pairings. ${printButton}</p><table><thead>${printTitle(ctx, `AROs (${rule.split(",")[0]})`, null, 3 + n)}<tr><th class="num">No</th><th>Player</th><th class="num">Rating</th>${Array.from({ length: n }, (_, i) => html`<th class="num">R${i + 1}</th>`)}</tr></thead><tbody>\
${rows.map((p) => html`<tr><td class="num">${p.tpn}</td><td>${p.name}</td><td class="num">${p.rating || ""}</td>${p.aro_after_round.map((a) => html`<td class="num">${a}</td>`)}</tr>`)}</tbody></table>`;
}

export function live() {
  return null;
}
