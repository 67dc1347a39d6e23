// The public standings with their tie-breaks, each code explained (hover, and the legend
// under the table). A live result changes them: they are read again (one request).

import { html } from "./html.js";
import { get } from "./api.js";
import { standingsLegend, standingsTable } from "./standings.js";
import { capital, standingsState, who } from "./words.js";
import { printButton, printTitle } from "./public-parts.js";

export function load(ctx) {
  return get(`/api/tournaments/${ctx.id}/standings`);
}

export function draw(ctx, s) {
  const meaning = (i) => s.tiebreak_meanings[i] || "";
  const cols = 4 + s.tiebreaks.length;
  const state = standingsState(s);
  const table = standingsTable(s, {
    federation: true,
    player: (r) => html`<button class="link" data-card="${r.player}">${who(r)}</button>`,
    notCounted: "withdrew having played fewer than half of the games: not counted (FIDE C.05)",
  });
  return html`<p class="muted">${capital(state)}${s.in_progress && " (provisional: players tied share their place)"}. Tie-breaks: ${s.tiebreaks.join(", ")}. ${printButton}</p>\
<table class="standings"><thead>${printTitle(ctx, `Standings ${state}`, null, cols, s.after_round)}${table.head}</thead><tbody>${s.rows.map(table.row)}</tbody></table>\
<p class="muted legend">${s.rows.some((r) => r.counted === false) && "A player with no place (–) withdrew having played fewer than half of the games: the results stay in the cross table but count for nobody (FIDE C.05). "}${standingsLegend(s)} A "-" is a value that cannot be computed (a rating-based tie-break while a player is unrated and the tournament gives them no rating).</p>\
<details class="legend noprint"><summary>What the tie-breaks mean</summary><dl>${s.tiebreaks.map((t, i) => html`<dt>${t}</dt><dd>${meaning(i)}</dd>`)}</dl></details>\
<p class="printonly muted">${s.tiebreaks.map((t, i) => `${t}: ${meaning(i)}.`).join(" ")}</p>`;
}

export function live() {
  return null;
}
