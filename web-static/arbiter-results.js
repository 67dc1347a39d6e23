// The console's results: pick a result on a board, then Save (two clicks), or type it ("12 1")
// in the keyboard field. Other arbiters' entries arrive live and are applied to the round
// shown in place, with no request. A board with a result is changed only by a correction with
// a reason (Enter in the reason saves it); a conflicting entry is shown with what is recorded.
// A result both players reported alike in the hall, waiting for an arbiter, is shown on its
// board with a one-click Confirm; players who reported differently are said on theirs.

import { html, render } from "./html.js";
import { get, send } from "./api.js";
import { applyResult, caughtUp, mark } from "./rounds.js";
import { resultText, who } from "./words.js";
import { $, api, byTpn, done, games, isRR, say, st } from "./arbiter-state.js";
import { drawComingNow } from "./arbiter-round.js";

let picked = {};         // board -> [game results]
let correcting = {};     // board -> true
let reasons = {};        // board -> the reason typed so far (kept when the table is redrawn)
let publicReasons = {};  // board -> whether the correction's reason may be shown to the public
let reports = {};        // board -> the players' reports in the hall, as last read
let reportsOf = 0;       // the round they are of
let reportsStale = true; // whether a report may have come since

const RESULTS = ["1-0", "1/2-1/2", "0-1", "+-", "-+", "--"];
const MATCH_GAMES = ["1-0", "1/2-1/2", "0-1", "1/2-0", "0-1/2", "0-0", "+-", "-+", "--"];
// What each result button means, said where the arbiter's pointer (or a long press) asks.
const MEANS = {
  "1-0": "White won", "1/2-1/2": "a draw", "0-1": "Black won",
  "1/2-0": "White drew, Black lost (Double-Swiss)", "0-1/2": "White lost, Black drew (Double-Swiss)", "0-0": "both lost (Double-Swiss)",
  "+-": "White wins by forfeit: Black did not play", "-+": "Black wins by forfeit: White did not play", "--": "neither played: both lose by forfeit",
};
// Who does not play, and why, in words.
const KINDS = { half: "half-point bye", full: "full-point bye", zero: "zero-point bye or absent" };

/** The round selector and the label of the latest round. */
export function drawRoundSelect() {
  const n = st.tournament.rounds_published;
  if (st.followLatest || st.shownRound > n) st.shownRound = n;
  render($("#roundsel"), Array.from({ length: n }, (_, i) => html`<option value="${i + 1}" ${i + 1 === st.shownRound ? "selected" : ""}>round ${i + 1}</option>`));
  $("#roundlabel").textContent = n ? `round ${n} published` : "no round published yet";
}

// The last round may be unpublished while it has no result: two clicks, as publishing.
function drawUnpublish(r) {
  const last = st.shownRound && st.shownRound === st.tournament.rounds_published;
  const empty = r && r.pairs.every((p) => !p.games);
  $("#unpublishbox").hidden = !(last && empty && !$("#chief").hidden);
  const b = $("#unpublish");
  b.textContent = `Unpublish round ${st.shownRound}`;
  delete b.dataset.asked;
}
$("#unpublish").addEventListener("click", async (e) => {
  const b = e.target;
  if (b.dataset.asked !== "1") { b.dataset.asked = "1"; b.textContent = `Confirm: withdraw the pairing of round ${st.shownRound}`; return; }
  const round = st.shownRound;
  const r = await send("DELETE", api(`/rounds/${round}`), undefined, st.token);
  if (done(r)) { say(`Round ${round} unpublished: pair it again when ready.`, "ok"); st.followLatest = true; st.refresh(); }
  else say(r.body?.error || "refused", "bad");
});

/**
 * Reads the round shown, then draws it (`flashBoard` flashed). For the round in play the
 * players' reports in the hall are read with it when they may have changed: at the first read,
 * and after a report was heard (`reportHeard`). A round published since has none yet.
 */
export async function loadBoards(flashBoard) {
  const since = mark();
  const inPlay = st.shownRound && st.shownRound === st.tournament.rounds_published ? st.shownRound : 0;
  const ask = inPlay && reportsStale;
  // Before round 1 no board has a report: those of round 1 will be heard.
  if (ask || !st.tournament.rounds_published) reportsStale = false;
  const [round, hall] = await Promise.all([
    st.shownRound ? get(api(`/rounds/${st.shownRound}`)) : null,
    ask ? send("GET", api("/hall"), undefined, st.token) : null,
  ]);
  st.round = round && caughtUp(round, since);
  if (hall?.status === 200 && hall.body.round === inPlay) {
    reports = Object.fromEntries(hall.body.boards.map((b) => [b.board, b.result]));
    reportsOf = inPlay;
  } else if (hall) {
    reportsStale = true;
  }
  drawBoards(flashBoard);
}

/** A player's report heard live: the reports are read again with the round. */
export function reportHeard() {
  reportsStale = true;
}

// A player by registration number, named.
const nameOf = (k) => st.players.find((p) => p.player === k)?.name || `player ${k}`;

/** A live result: applied to the round shown, which is drawn again; no request. */
export function applyLive(event) {
  if (!st.round || !applyResult(st.round, event)) return;
  drawBoards();
}

/** The round shown as last read: its boards, with a result or its buttons, and who is out. */
export function drawBoards(flashBoard) {
  const r = st.round;
  if (!st.shownRound || !r) { st.missingNow = []; $("#missing").textContent = ""; $("#unpublishbox").hidden = true; render($("#boards"), html`<tr><td class="muted">No round published yet.</td></tr>`); render($("#notplaying"), ""); return; }
  drawUnpublish(r);
  const missing = r.pairs.filter((p) => !p.games).map((p) => p.board);
  if (st.shownRound === st.tournament.rounds_published) { st.missingNow = missing; drawComingNow(); }
  $("#missing").textContent = `${r.pairs.length - missing.length} of ${r.pairs.length} results in` +
    (missing.length ? `; missing: board${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.` : ": the round is complete.");
  const n = games();
  const choices = n === 1 ? RESULTS : MATCH_GAMES;
  // The points before the round; in an accelerated round also the pairing score it was paired by.
  const scored = (p) => html`${who(p)}${p.score !== undefined && html` <span class="muted">(${p.score}${p.pairing_score && `; paired as ${p.pairing_score}`})</span>`}`;
  // Who does not play this round: the pairing-allocated bye, the byes and absences asked for,
  // and the players withdrawn by then.
  const out = r.requested_byes.map((b) => `${who(b)}: ${KINDS[b.kind] || b.kind}`);
  const playing = new Set([...r.pairs.flatMap((p) => [p.white.player, p.black.player]), r.bye?.player, ...r.requested_byes.map((b) => b.player)]);
  for (const p of byTpn()) if (p.withdrawn_from && p.withdrawn_from <= st.shownRound && !playing.has(p.player)) out.push(`${who(p)}: withdrawn from round ${p.withdrawn_from}`);
  render($("#notplaying"), html`${r.bye && html`<p id="pab">${isRR() ? "Free this round (drawn against the table's bye number)" : "Pairing-allocated bye"}: ${scored(r.bye)}</p>`}\
${out.length > 0 && html`<p id="absent">Not playing: ${out.join("; ")}</p>`}`);
  const cell = (p) => {
    const rec = p.games;
    const pick = picked[p.board] || [];
    if (rec && !correcting[p.board]) {
      // A result the players reported: who did is said where the pointer asks.
      return html`<strong>${resultText(rec)}</strong> <button class="link" data-correct="${p.board}">correct</button>\
${p.reported_by && html` <span class="muted by" title="${`reported by ${p.reported_by.name}, confirmed by ${p.confirmed_by.name}`}">reported by both players</span>`}`;
    }
    // Both players reported the same result and it waits for an arbiter: it is shown picked,
    // and one click (Confirm) records it; another result picked is saved as the arbiter's.
    const report = !rec && reportsOf === st.shownRound && reports[p.board];
    const agreed = report?.state === "agreed" && !correcting[p.board] ? report.games : null;
    const shown = picked[p.board] || agreed || [];
    const rowsFor = (g) => choices.map((c) => html`<button class="res ${shown[g] === c ? "picked" : ""}" data-board="${p.board}" data-game="${g}" data-res="${c}" title="${MEANS[c] || ""}" aria-label="${c}${MEANS[c] ? ": " + MEANS[c] : ""}">${c.replaceAll("1/2", "½")}</button>`);
    const ready = pick.filter(Boolean).length === n;
    const buttons = Array.from({ length: n }, (_, g) => html`<div class="games">${n > 1 && html`<span class="game">game ${g + 1}:</span> `}${rowsFor(g)}</div>`);
    const confirming = agreed && shown.every((g, i) => g === agreed[i]);
    const said = report?.state === "disputed"
      ? html`<div class="report bad">The players disagree: White says ${resultText(report.white)}, Black says ${resultText(report.black)}.</div>`
      : agreed && html`<div class="report ok" title="${`reported by ${nameOf(report.reported_by)}, confirmed by ${nameOf(report.confirmed_by)}`}">${resultText(agreed)} agreed by both players${confirming ? ": Confirm records it" : ""}.</div>`;
    return html`${buttons}${correcting[p.board]
      ? html`<div class="correction"><input placeholder="reason (required)" title="the reason, for the audit trail; Enter saves the correction" id="reason-${p.board}" data-reason="${p.board}" value="${reasons[p.board] || ""}" enterkeyhint="done"> <label class="inline"><input type="checkbox" id="public-${p.board}" data-public="${p.board}" ${publicReasons[p.board] ? "checked" : ""}> reason public</label> <button class="primary" data-save="${p.board}" ${ready ? "" : "disabled"}>Save correction</button> <button class="link" data-cancel="${p.board}">cancel</button></div>`
      : confirming ? html`<button class="primary" data-confirm="${p.board}">Confirm</button>`
      : html`<button class="primary" data-save="${p.board}" ${ready ? "" : "disabled"}>Save</button>`}${said}`;
  };
  // A redraw (a result heard live) keeps the field being typed in, a correction's reason.
  const typing = $("#boards").contains(document.activeElement) && document.activeElement.id;
  const caret = typing && document.activeElement.selectionStart;
  render($("#boards"), html`<tr><th class="num">Board</th><th>White <span class="muted">(points before)</span></th><th>Black <span class="muted">(points before)</span></th><th>Result</th></tr>\
${r.pairs.map((p) => html`<tr class="${flashBoard === p.board ? "flash" : ""} ${correcting[p.board] ? "correcting" : ""}" id="board-${p.board}" data-board="${p.board}"><td class="num">${p.board}</td><td>${scored(p.white)}</td><td>${scored(p.black)}</td><td class="entry ${n > 1 ? "match" : ""}">${cell(p)}</td></tr>`)}`);
  const again = typing && document.getElementById(typing);
  if (again) {
    again.focus({ preventScroll: true });
    if (typeof caret === "number" && again.setSelectionRange) again.setSelectionRange(caret, caret);
  }
}

$("#boards").addEventListener("input", (e) => {
  if (e.target.dataset.reason) reasons[Number(e.target.dataset.reason)] = e.target.value;
});
// A correction's reason is for the arbiters (the audit trail) unless ticked public.
$("#boards").addEventListener("change", (e) => {
  if (e.target.dataset.public) publicReasons[Number(e.target.dataset.public)] = e.target.checked;
});

$("#boards").addEventListener("click", async (e) => {
  const b = e.target.dataset;
  if (b.res) {
    const board = Number(b.board);
    picked[board] = picked[board] || [];
    picked[board][Number(b.game)] = b.res;
    drawBoards();
    // A correction's result picked: the reason is what is left to type (Enter saves).
    if (correcting[board]) $(`#reason-${board}`)?.focus();
  } else if (b.correct) {
    correcting[Number(b.correct)] = true; picked[Number(b.correct)] = []; drawBoards();
  } else if (b.cancel) {
    delete correcting[Number(b.cancel)]; delete picked[Number(b.cancel)]; drawBoards();
  } else if (b.confirm) {
    await confirmAgreed(Number(b.confirm));
  } else if (b.save) {
    await save(Number(b.save));
  }
});

// Enter in a correction's reason saves the correction, as its button does.
$("#boards").addEventListener("keydown", async (e) => {
  if (e.key !== "Enter" || !e.target.dataset.reason) return;
  e.preventDefault();
  await save(Number(e.target.dataset.reason));
});

/** Saves a board's result, or its correction, as picked on its row. */
async function save(board) {
  const pick = (picked[board] || []).filter(Boolean);
  if (pick.length !== games()) { say(`Board ${board}: pick the ${games() === 1 ? "result" : "result of each game"} first.`, "warn"); return; }
  const body = games() === 1 ? { result: picked[board][0] } : { games: picked[board] };
  let path = api(`/rounds/${st.shownRound}/boards/${board}/`);
  const correction = !!correcting[board];
  if (correction) {
    body.reason = (reasons[board] || "").trim();
    if (publicReasons[board]) body.reason_public = true;
    if (!body.reason) { say(`Board ${board}: a correction needs a reason.`, "warn"); $(`#reason-${board}`)?.focus(); return; }
    path += "correction";
  } else {
    path += "result";
  }
  const key = `${st.me.name}-${st.shownRound}-${board}-${Date.now()}`;
  const r = await send(correction ? "POST" : "PUT", path, body, st.token, key);
  if (done(r)) {
    say(`Board ${board}: ${correction ? "correction" : "result"} recorded.`, "ok");
    delete picked[board]; delete correcting[board]; delete reasons[board]; delete publicReasons[board];
  } else if (r.status === 409) {
    say(`Board ${board}: conflict. ${resultText(r.body.recorded.games)} is already recorded there. To change it, use "correct" and give a reason.`, "bad");
    delete picked[board];
  } else {
    say(`Board ${board}: ${r.body?.error || "refused (" + r.status + ")"}`, "bad");
  }
  await loadBoards(board);
}

/** Confirms the result both players of `board` reported alike: it becomes the board's result. */
async function confirmAgreed(board) {
  const r = await send("POST", api("/hall/accept"), { board }, st.token, `${st.me.name}-${st.shownRound}-${board}-accept-${Date.now()}`);
  if (r.status === 200) say(`Board ${board}: the players' result confirmed.`, "ok");
  else say(`Board ${board}: ${r.body?.error || "refused (" + r.status + ")"}`, "bad");
 
  await loadBoards(board);
}

// Results from the keyboard: "12 1" (board 12, White wins), "3 =", "7 0", "5 +", "5 -", "5 x";
// a Double-Swiss match takes one code per game ("12 1 ="). Enter records it, the field is
// emptied and keeps the focus for the next board.
const KEYS = { "1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+-", "-": "-+", "−": "-+", "x": "--" };
$("#quickform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const input = $("#quick");
  const [boardText, ...codes] = input.value.trim().split(/\s+/);
  const board = Number(boardText);
  const results = codes.map((c) => KEYS[c.toLowerCase()]);
  if (!board || !codes.length || results.some((r) => !r) || results.length !== games()) {
    say(`"${input.value}": write the board, then ${games() === 1 ? "one result" : "one result per game"} (1, 0, =, +, -, x).`, "warn");
    return;
  }
  const body = games() === 1 ? { result: results[0] } : { games: results };
  const r = await send("PUT", api(`/rounds/${st.shownRound}/boards/${board}/result`), body, st.token, `${st.me.name}-${st.shownRound}-${board}-${Date.now()}`);
  if (done(r)) {
    say(`Board ${board}: ${resultText(results)} recorded.`, "ok");
    input.value = "";
  } else if (r.status === 409) {
    say(`Board ${board}: conflict. ${resultText(r.body.recorded.games)} is already recorded there. To change it, use "correct" and give a reason.`, "bad");
  } else {
    say(`Board ${board}: ${r.body?.error || "refused (" + r.status + ")"}`, "bad");
  }
  input.focus();
  await loadBoards(board);
});

$("#roundsel").addEventListener("change", async (e) => { st.shownRound = Number(e.target.value); st.followLatest = st.shownRound === st.tournament.rounds_published; await loadBoards(); });
