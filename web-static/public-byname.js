// The pairings of a round by name, alphabetical: the list players look for in a big open, as
// the server makes it (`.../by-name`), with each player's points from the round. Results do
// not show here: a live result changes nothing.

import { html } from "./html.js";
import { get } from "./api.js";
import { isResult } from "./rounds.js";
import { byeName, who } from "./words.js";
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
  const row = (x) => html`<tr><td>${link(x)}</td><td class="num">${list.score.get(x.player) ?? ""}</td>${x.bye
    ? html`<td></td><td colspan="2" class="note">${byeName(x.bye)}</td>`
    : html`<td class="num bd">${x.board}</td><td class="col">${x.color === "white" ? "White" : "Black"}</td><td class="opp">${who(x.opponent)}</td>`}</tr>`;
  return html`${roundTop(ctx, list.round)}<table class="byname"><thead>${printTitle(ctx, "Pairings by name", list.round, 5)}<tr><th>Name</th><th class="num">Pts</th><th class="num">Board</th><th>Colour</th><th>Opponent</th></tr></thead><tbody>${list.rows.map(row)}</tbody></table>`;
}

export function live(ctx, list, event) {
  return isResult(event) ? list : null;
}
