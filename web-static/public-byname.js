// The pairings of a round by name, alphabetical: the list players look for in a big open, as
// the server makes it (`.../by-name`), with each player's points from the round, and a search
// by name that ignores accents, case and commas ("garcia lopez" finds "García López, Ana").
// Results do not show here: a live result changes nothing.

import { html } from "./html.js";
import { get } from "./api.js";
import { isResult } from "./rounds.js";
import { byeName, nameMatches, who } from "./words.js";
import { link, loadRound, noRound, printTitle, roundNumber, roundTop } from "./public-parts.js";

export async function load(ctx) {
  if (!ctx.info.rounds_published) return null;
  const [list, round] = await Promise.all([get(`/api/tournaments/${ctx.id}/rounds/${roundNumber(ctx)}/by-name`), loadRound(ctx)]);
  // The points before the round, which the list by name does not carry.
  const score = new Map([...round.pairs.flatMap((p) => [p.white, p.black]), ...(round.bye ? [round.bye] : []), ...round.requested_byes].map((p) => [p.player, p.score]));
  return { ...list, score };
}

export function draw(ctx, list) {
  if (!list) return noRound;
  const row = (x) => html`<tr data-name="${x.name}"><td>${link(x)}</td><td class="num">${list.score.get(x.player) ?? ""}</td>${x.bye
    ? html`<td></td><td colspan="2" class="note">${byeName(x.bye)}</td>`
    : html`<td class="num bd">${x.board}</td><td class="col">${x.color === "white" ? "White" : "Black"}</td><td class="opp">${who(x.opponent)}</td>`}</tr>`;
  return html`${roundTop(ctx, list.round)}<p class="noprint findname"><label>Find a player <input id="namesearch" type="search" autocomplete="off" placeholder="name, accents not needed" value="${ctx.search || ""}"></label></p>\
<p class="muted noprint" id="nonefound" hidden>No player of this round has that name.</p>\
<table class="byname"><thead>${printTitle(ctx, "Pairings by name", list.round, 5)}<tr><th>Name</th><th class="num">Pts</th><th class="num">Board</th><th>Colour</th><th>Opponent</th></tr></thead><tbody>${list.rows.map(row)}</tbody></table>`;
}

/**
 * Shows only the rows whose name matches what was typed (`ctx.search`), accents, case and
 * commas aside; applied as the reader types and again after every drawing of the list.
 */
export function filter(ctx, main) {
  const typed = ctx.search || "";
  let shown = 0;
  for (const tr of main.querySelectorAll("table.byname tbody tr")) {
    tr.hidden = !nameMatches(tr.dataset.name, typed);
    if (!tr.hidden) shown += 1;
  }
  const none = main.querySelector("#nonefound");
  if (none) none.hidden = shown > 0;
}

export function live(ctx, list, event) {
  return isResult(event) ? list : null;
}
