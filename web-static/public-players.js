// The starting list, by pairing number; under the Baku acceleration each player's group
// (C.04.7 1.2). A live result changes nothing here.

import { html } from "./html.js";
import { get } from "./api.js";
import { isResult } from "./rounds.js";
import { printButton, printTitle } from "./public-parts.js";

export async function load(ctx) {
  return (await get(`/api/tournaments/${ctx.id}/players`)).sort((a, b) => a.tpn - b.tpn);
}

export function draw(ctx, ps) {
  const baku = ps.some((p) => p.baku_group);
  return html`<p class="noprint">${printButton}</p><table class="players"><thead>${printTitle(ctx, "Starting list", null, baku ? 7 : 6)}<tr><th class="num">No</th><th>Title</th><th>Name</th><th>Fed</th><th class="num">FIDE id</th><th class="num">Rating</th>${baku && html`<th title="Baku acceleration group (FIDE C.04.7)">Group</th>`}</tr></thead><tbody>\
${ps.map((p) => html`<tr><td class="num">${p.tpn}</td><td>${p.title || ""}</td><td><button class="link" data-card="${p.player}">${p.name}</button></td><td>${p.federation || ""}</td><td class="num">${p.fide_id || ""}</td><td class="num">${p.rating || ""}</td>${baku && html`<td>${p.baku_group || ""}</td>`}</tr>`)}</tbody></table>\
${baku && html`<p class="muted">Group A plays the first rounds with virtual points (the Baku acceleration, FIDE C.04.7); they decide the pairings only, never the standings.</p>`}`;
}

export function live(ctx, ps, event) {
  return isResult(event) ? ps : null;
}
