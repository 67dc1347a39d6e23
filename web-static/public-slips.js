// Result slips: one per board, cut along the dashed lines, for the players to fill in. A live
// result changes nothing here.

import { html } from "./html.js";
import { isResult } from "./rounds.js";
import { loadRound, noRound, roundTop } from "./public-parts.js";

export async function load(ctx) {
  return ctx.info.rounds_published ? loadRound(ctx) : null;
}

// A player with their pairing number: "12. GM Name (2500)".
const numbered = (p) => `${p.tpn ? p.tpn + ". " : ""}${p.title ? p.title + " " : ""}${p.name}${p.rating ? ` (${p.rating})` : ""}`;

export function draw(ctx, r) {
  if (!r) return noRound;
  const info = ctx.info;
  const recorded = info.details?.round_dates?.[r.round - 1];
  const boxes = ["1-0", "½-½", "0-1"].map((x) => html`<span class="box"></span> ${x}`);
  const spaced = boxes.flatMap((b, i) => (i ? [" ", b] : [b]));
  const result = info.settings.system === "double-swiss-2026"
    ? html`<p>Game 1: ${spaced}</p><p>Game 2 (colours reversed): ${spaced}</p>`
    : html`<p>Result: ${spaced}</p>`;
  return html`${roundTop(ctx, r.round)}<div class="slips">${r.pairs.map((p) => html`<div class="slip">\
<p class="sliphead"><strong>${info.name}</strong> · Round ${r.round}${recorded && ` · ${recorded}`} · <strong>Board ${p.board}</strong></p>\
<table><tr><th>White</th><td>${numbered(p.white)}</td></tr><tr><th>Black</th><td>${numbered(p.black)}</td></tr></table>\
${result}<p class="signatures"><span>White's signature</span><span>Black's signature</span></p></div>`)}</div>`;
}

export function live(ctx, r, event) {
  return isResult(event) ? r : null;
}
