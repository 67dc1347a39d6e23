// The corrections: what was recorded before and what is now, by the players' names, with who
// changed it, when and why. Read again at each live event (a correction is one).

import { html } from "./html.js";
import { get } from "./api.js";
import { resultText } from "./words.js";
import { printButton, printTitle } from "./public-parts.js";

export async function load(ctx) {
  const log = await get(`/api/tournaments/${ctx.id}/audit`);
  const corrections = log.filter((e) => e.reason || e.event.type.endsWith("_corrected") || e.event.type === "round_unpublished");
  if (!corrections.length) return { corrections };
  // The result each board had before each correction: the log's own order.
  const before = new Map();
  const last = new Map();
  for (const e of log) {
    const ev = e.event;
    if (ev.type === "result_recorded" || ev.type === "result_corrected") {
      const key = `${ev.round}/${ev.board}`;
      if (ev.type === "result_corrected") before.set(e.seq, last.get(key));
      last.set(key, ev.games);
    }
  }
  const players = new Map((await get(`/api/tournaments/${ctx.id}/players`)).map((p) => [p.player, p]));
  const boards = new Map();
  for (const e of corrections.filter((c) => c.event.type === "result_corrected")) {
    const r = e.event.round;
    if (!boards.has(r)) boards.set(r, await get(`/api/tournaments/${ctx.id}/rounds/${r}`).catch(() => null));
  }
  return { corrections, before, players, boards };
}

export function draw(ctx, { corrections, before, players, boards }) {
  if (!corrections.length) return html`<p class="muted">No correction so far.</p>`;
  const name = (k) => players.get(k)?.name || `player ${k}`;
  const what = (e) => {
    const ev = e.event;
    switch (ev.type) {
      case "result_corrected": {
        const b = boards.get(ev.round)?.pairs.find((p) => p.board === ev.board);
        const old = before.get(e.seq);
        return html`Round ${ev.round}, board ${ev.board}${b && ` (${b.white.name} – ${b.black.name})`}: ${old ? resultText(old) : "no result"} → <strong>${resultText(ev.games)}</strong>${ev.colors_swapped && " (colours reversed)"}`;
      }
      case "player_corrected": return `${name(ev.player)}: ${Object.entries(ev.correction).map(([k, v]) => `${k} → ${v ?? ""}`).join(", ")}`;
      case "round_unpublished": return `Round ${ev.round} withdrawn`;
      case "player_withdrawn": return `${name(ev.player)} withdrawn from round ${ev.from_round}`;
      default: return ev.type.replaceAll("_", " ");
    }
  };
  return html`<p class="noprint">${printButton}</p><table class="corrections"><thead>${printTitle(ctx, "Corrections", null, 4)}<tr><th>When</th><th>Who</th><th>What</th><th>Why</th></tr></thead><tbody>\
${corrections.map((e) => html`<tr><td>${new Date(e.recorded_at_ms).toLocaleString()}</td><td>${e.actor}</td><td>${what(e)}</td><td>${e.reason || ""}</td></tr>`)}</tbody></table>`;
}

export function live() {
  return null;
}
