// What the public pages' views share: the printed sheet's title row, the Print button, a
// player's name that opens their card, and the round shown with its selector.

import { html } from "./html.js";
import { get } from "./api.js";
import { caughtUp, mark } from "./rounds.js";
import { who } from "./words.js";

/**
 * Printing: every view prints from the browser (A4 or Letter, portrait). A table's head
 * repeats on every printed page, so its first row carries the title a sheet on the wall needs:
 * the tournament, what the sheet is, the round and its date (the round's date as recorded,
 * else the tournament's dates; never the day it is printed, which dates nothing played). Rows
 * are never split across pages (app.css). Standings and cross tables are dated by the round
 * they are after (`datedBy`). `more`, a second line (a cross table's place, dates and
 * arbiter).
 */
export function printTitle(ctx, what, roundNo, cols, datedBy, more) {
  const dateRound = roundNo || datedBy;
  const recorded = dateRound ? ctx.info.details?.round_dates?.[dateRound - 1] : null;
  const date = recorded || tournamentDates(ctx);
  const text = [ctx.info.name, what, roundNo ? `Round ${roundNo}` : null, date].filter(Boolean).join(" · ");
  // The QR code of these pages beside it, for a reader of the wall to follow the event live.
  const qr = `/api/tournaments/${encodeURIComponent(ctx.id)}/qr.svg`;
  return html`<tr class="printhead"><th colspan="${cols}"><div class="ph"><span>${text}${more && html`<br><small>${more}</small>`}</span><img class="qr" src="${qr}" alt="QR code of the live pages"></div></th></tr>`;
}

/** The tournament's dates as recorded: "2026-11-20 – 2026-11-28", one day, or nothing. */
export function tournamentDates(ctx) {
  const d = ctx.info.details || {};
  const [from, to] = [d.start_date, d.end_date];
  if (from && to && from !== to) return `${from} – ${to}`;
  return from || to || "";
}

export const printButton = html`<button type="button" class="noprint" data-print>Print</button>`;

/** A player's name ("Name (rating)") as a link to their card. */
export const link = (p) => html`<button class="link" data-card="${p.player}">${who(p)}</button>`;

/** The number of the round shown: the latest unless another is chosen. */
export function roundNumber(ctx) {
  return Math.min(ctx.round || ctx.info.rounds_published, ctx.info.rounds_published);
}

/** The round shown, as the API answers it. */
export async function loadRound(ctx) {
  const since = mark();
  return caughtUp(await get(`/api/tournaments/${ctx.id}/rounds/${roundNumber(ctx)}`), since);
}

/** The round selector and the Print button, above a round's views. */
export function roundTop(ctx, n) {
  const opts = Array.from({ length: ctx.info.rounds_published }, (_, i) => html`<option value="${i + 1}" ${i + 1 === n ? "selected" : ""}>Round ${i + 1}</option>`);
  return html`<p class="noprint"><select id="roundsel">${opts}</select> ${printButton}</p>`;
}

export const noRound = html`<p class="muted">No round published yet.</p>`;
