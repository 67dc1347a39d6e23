// A player's card, from the player's own side: each round's opponent (with pairing number and
// rating), colour, the points the round gave them and their score after it, floats, and for a
// Dubov event the ARO after the round (Dubov 9). Read again at each live event.

import { html } from "./html.js";
import { get } from "./api.js";
import { byeName, who } from "./words.js";
import { printButton, printTitle } from "./public-parts.js";

export function load(ctx) {
  return get(`/api/tournaments/${ctx.id}/players/${ctx.cardOf}/card`);
}

export function draw(ctx, c) {
  document.title = `${c.name} · ${ctx.info.name}`;
  const half = (t) => (t || "").replace(/^0\.5$/, "½").replace(/\.5$/, "½").replace(/\.0$/, "");
  const aro = c.aro_after_round;
  const rows = c.rounds.map((r, i) => {
    const pts = c.points[i] || { points: "", score_after: "" };
    const tail = html`<td class="num">${pts.score_after}</td><td>${r.float || ""}</td>${aro && html`<td class="num">${aro[i] || ""}</td>`}`;
    if (r.absent) return html`<tr><td class="num">${r.round}</td><td></td><td colspan="3" class="muted">not paired</td><td class="num">${half(pts.points)}</td>${tail}</tr>`;
    if (r.bye) return html`<tr><td class="num">${r.round}</td><td></td><td colspan="3">${byeName(r.bye)}</td><td class="num">${half(pts.points)}</td>${tail}</tr>`;
    const got = r.played ? half(pts.points) : `${Number(pts.points) > 0 ? "+" : "−"} (forfeit)`;
    const opp = r.opponent;
    return html`<tr><td class="num">${r.round}</td><td class="num">${r.board || ""}</td><td>${opp.tpn && `${opp.tpn}. `}<button class="link" data-card="${opp.player}">${opp.name}</button></td><td class="num">${opp.rating || ""}</td>\
<td>${r.color === "white" ? "White" : "Black"}</td><td class="num">${got}</td>${tail}</tr>`;
  });
  return html`<h2>${c.tpn && `${c.tpn}. `}${who(c)}${c.federation && ` · ${c.federation}`} — ${c.score} points</h2>\
<p class="noprint">${printButton}</p><table class="card"><thead>${printTitle(ctx, c.name, null, aro ? 9 : 8)}<tr><th class="num">Round</th><th class="num">Board</th><th>Opponent</th><th class="num">Rating</th><th>Colour</th><th class="num">Result</th><th class="num">Score</th><th>Float</th>${aro && html`<th class="num">ARO</th>`}</tr></thead><tbody>${rows}</tbody></table>`;
}

export function live() {
  return null;
}
