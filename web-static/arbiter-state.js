// The console's state, shared by its views: who is signed in, the tournament and its players
// as last read, the round shown; and what every view uses (the message line, the players by
// number, the kind of tournament). The router (`arbiter.js`) sets `refresh` and `show`.

import { html, render } from "./html.js";
import { tournamentId } from "./api.js";
import { isRoundRobin } from "./words.js";

export const st = {
  id: tournamentId(),
  token: localStorage.getItem("swiss.token") || "",
  me: null,             // the account signed in (`GET /api/me`)
  isChief: false,       // whether it is a chief arbiter here
  tournament: null,     // `GET .../tournaments/{id}`
  players: [],          // `GET .../players`
  currentView: "results",
  shownRound: 0,        // the round whose results are shown
  followLatest: true,   // whether a new round is shown when published
  round: null,          // the round shown, as last read and brought up to date live
  missingNow: [],       // the boards of the latest round still without a result
  /** Reads everything again (set by the router, debounced). */
  refresh: () => {},
  /** Shows a view (set by the router); `push` adds it to the browser's history. */
  show: () => {},
};

export const $ = (s) => document.querySelector(s);

/**
 * The message line: `text` in a banner of `kind` (ok, warn, bad), or nothing. With `near`, a
 * form, the line moves just after it, where the arbiter is looking (and a screen reader
 * reads it: the line is polite live region); without, it goes back to the top of the console.
 */
export function say(text, kind, near) {
  const m = $("#message");
  const place = near || $("#storehealth");
  if (place.nextElementSibling !== m) place.after(m);
  render(m, text && html`<div class="banner ${kind}">${text}</div>`);
}

/** The API's path of this tournament, with `rest` after it. */
export const api = (rest = "") => `/api/tournaments/${st.id}${rest}`;

export const byTpn = () => [...st.players].sort((a, b) => a.tpn - b.tpn);

// A round-robin: the numbers are given before round 1 (by lot, by the Varma tables, or as
// the arbiter assigns them), the rounds are the tables', and there are no byes to request nor
// late entries once round 1 is published.
export const isRR = () => isRoundRobin(st.tournament?.settings?.system);

/** Games per board: two in a Double-Swiss match. */
export const games = () => (st.tournament?.settings?.system === "double-swiss-2026" ? 2 : 1);

/** Byes asked for, and absences, in words. */
export const REQUESTED = { half: "half-point bye", full: "full-point bye", zero: "zero-point bye or absent" };

/** Whether a write was done (201 created, 200 already so). */
export const done = (r) => r.status === 201 || r.status === 200;
