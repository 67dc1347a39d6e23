// A player's card, from the player's own side: each round's opponent (with pairing number and
// rating), board, colour, the points the round gave them and their score after it, floats, and
// for a Dubov event the ARO after the round (Dubov 9). A game whose result is not in is not
// played yet, never a loss: the round being played says "playing now" with the board (above
// the table too, where a player on a phone looks first), an older one "no result yet". Read
// again at each live event.

import { html } from "./html.js";
import { get } from "./api.js";
import { byeName, who } from "./words.js";
import { printButton, printTitle } from "./public-parts.js";

export function load(ctx) {
  return get(`/api/tournaments/${ctx.id}/players/${ctx.cardOf}/card`);
}

// A column's heading in full, and shortened where a phone has no room (app.css).
const head = (wide, narrow) => html`<span class="wide">${wide}</span><span class="narrow">${narrow}</span>`;

export function draw(ctx, c) {
  document.title = `${c.name} · ${ctx.info.name}`;
  const half = (t) => (t || "").replace(/^0\.5$/, "½").replace(/\.5$/, "½").replace(/\.0$/, "");
  const aro = c.aro_after_round;
  const latest = ctx.info.rounds_published;
  const pending = (pts) => pts.pending || pts.points === null;
  const rows = c.rounds.map((r, i) => {
    const pts = c.points[i] || { points: "", score_after: "" };
    const waiting = pending(pts);
    const tail = html`<td class="num">${waiting ? "" : half(pts.score_after)}</td><td>${r.float || ""}</td>${aro && html`<td class="num">${aro[i] || ""}</td>`}`;
    if (r.absent) return html`<tr><td class="num">${r.round}</td><td></td><td colspan="3" class="muted">not paired</td><td class="num">${half(pts.points)}</td>${tail}</tr>`;
    if (r.bye) return html`<tr><td class="num">${r.round}</td><td></td><td colspan="3">${byeName(r.bye)}</td><td class="num">${half(pts.points)}</td>${tail}</tr>`;
    const now = r.round === latest;
    const got = waiting
      ? html`<span class="pending">${now ? "playing now" : "no result yet"}</span>`
      : r.played ? half(pts.points) : `${Number(pts.points) > 0 ? "+" : "−"} (forfeit)`;
    const opp = r.opponent;
    const white = r.color === "white";
    return html`<tr${waiting && html` class="pending"`}><td class="num">${r.round}</td><td class="num">${r.board || ""}</td><td>${opp.tpn && `${opp.tpn}. `}<button class="link" data-card="${opp.player}">${opp.name}</button></td><td class="num">${opp.rating || ""}</td>\
<td>${head(white ? "White" : "Black", white ? "W" : "B")}</td><td class="num">${got}</td>${tail}</tr>`;
  });
  // The round being played, said first: where the player sits and against whom.
  const current = c.rounds.find((r, i) => r.round === latest && r.opponent && c.points[i] && pending(c.points[i]));
  const playing = current && html`<p class="playing"><strong>Round ${current.round}: playing now${current.board && html` on board ${current.board}`}</strong>, ${current.color === "white" ? "White" : "Black"} against ${current.opponent.tpn && `${current.opponent.tpn}. `}${who(current.opponent)}.</p>`;
  return html`<h2>${c.tpn && `${c.tpn}. `}${who(c)}${c.federation && ` · ${c.federation}`} — ${c.score} points</h2>\
${playing}<p class="noprint">${printButton}</p><table class="card"><thead>${printTitle(ctx, c.name, null, aro ? 9 : 8)}<tr><th class="num">${head("Round", "Rd")}</th><th class="num">${head("Board", "Bd")}</th><th>Opponent</th><th class="num">Rating</th><th>${head("Colour", "")}</th><th class="num">Result</th><th class="num">Score</th><th>Float</th>${aro && html`<th class="num">ARO</th>`}</tr></thead><tbody>${rows}</tbody></table>`;
}

export function live() {
  return null;
}
