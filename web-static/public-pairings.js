// The public pairings of a round, by board, with the results as they come in: a live result
// is applied to the round kept here, with no request.

import { html } from "./html.js";
import { applyResult, isResult } from "./rounds.js";
import { byeName, isRoundRobin, resultText } from "./words.js";
import { link, loadRound, noRound, printTitle, roundTop } from "./public-parts.js";

export async function load(ctx) {
  return ctx.info.rounds_published ? loadRound(ctx) : null;
}

// A player's points before the round; in an accelerated round also the pairing score it was
// paired by (C.04.7), in brackets, explained under the table.
const pts = (p) => html`${p.score ?? ""}${p.pairing_score && html` <small class="muted">(${p.pairing_score})</small>`}`;
const accelNote = (r) => (r.pairs.some((p) => p.white.pairing_score || p.black.pairing_score)
  && html`<p class="muted">In brackets: the pairing score of this accelerated round, the points plus the Baku acceleration's virtual points (FIDE C.04.7). The standings count the points only.</p>`);

export function draw(ctx, r) {
  if (!r) return noRound;
  const result = (p) => html`<td${p.reported_by && html` title="${`reported by ${p.reported_by.name}, confirmed by ${p.confirmed_by.name}`}"`}>${resultText(p.games) || "–"}${p.reported_by && html`<small class="muted byplayers" aria-label="reported and confirmed by the players">✓✓</small>`}</td>`;
  return html`${roundTop(ctx, r.round)}<table class="pairings"><thead>${printTitle(ctx, "Pairings", r.round, 6)}<tr><th class="num">Board</th><th class="num">Pts</th><th>White</th><th>Result</th><th>Black</th><th class="num">Pts</th></tr></thead><tbody>\
${r.pairs.map((p) => html`<tr><td class="num">${p.board}</td><td class="num">${pts(p.white)}</td><td>${link(p.white)}</td>${result(p)}<td>${link(p.black)}</td><td class="num">${pts(p.black)}</td></tr>`)}\
</tbody></table>${accelNote(r)}\
${r.pairs.some((p) => p.reported_by) && html`<p class="muted">✓✓ the result was reported by one player and confirmed by the other.</p>`}\
${r.bye && html`<p>${isRoundRobin(ctx.info.settings.system) ? "Free this round (drawn against the table's bye number)" : "Bye"}: ${link(r.bye)}</p>`}\
${r.requested_byes.length > 0 && html`<p class="muted">Not playing: ${r.requested_byes.map((b) => `${b.name} (${byeName(b.kind)})`).join(", ")}</p>`}`;
}

/** A result of the round shown changes its board in place; of another round, nothing. */
export function live(ctx, r, event) {
  if (!r || !isResult(event)) return null;
  if (event.round !== r.round) return r;
  applyResult(r, event);
  return r;
}
