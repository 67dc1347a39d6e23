// The console's results: pick a result on a board, then Save (two clicks), or type it ("12 1")
// in the keyboard field. Other arbiters' entries arrive live and are applied to the round
// shown in place, with no request. A board with a result is changed only by a correction with
// a reason; a conflicting entry is shown with what is recorded.

import { html, render } from "./html.js";
import { get, send } from "./api.js";
import { applyResult, caughtUp, mark } from "./rounds.js";
import { resultText, who } from "./words.js";
import { $, api, byTpn, done, games, isRR, say, st } from "./arbiter-state.js";
import { drawComing } from "./arbiter-round.js";

let picked = {};         // board -> [game results]
let correcting = {};     // board -> true
let reasons = {};        // board -> the reason typed so far (kept when the table is redrawn)
let publicReasons = {};  // board -> whether the correction's reason may be shown to the public

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

/** Reads the round shown, then draws it (`flashBoard` flashed). */
export async function loadBoards(flashBoard) {
  const since = mark();
  st.round = st.shownRound ? caughtUp(await get(api(`/rounds/${st.shownRound}`)), since) : null;
  drawBoards(flashBoard);
}

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
  if (st.shownRound === st.tournament.rounds_published) { st.missingNow = missing; drawComing(); }
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
      return html`<strong>${resultText(rec)}</strong> <button class="link" data-correct="${p.board}">correct</button>\
${p.reported_by && html` <span class="muted">reported by ${p.reported_by.name}, confirmed by ${p.confirmed_by.name}</span>`}`;
    }
    const rowsFor = (g) => choices.map((c) => html`<button class="res ${pick[g] === c ? "picked" : ""}" data-board="${p.board}" data-game="${g}" data-res="${c}" title="${MEANS[c] || ""}" aria-label="${c}${MEANS[c] ? ": " + MEANS[c] : ""}">${c.replaceAll("1/2", "½")}</button>`);
    const ready = pick.filter(Boolean).length === n;
    const buttons = Array.from({ length: n }, (_, g) => html`<div>${n > 1 && `game ${g + 1}: `}${rowsFor(g)}</div>`);
    return html`${buttons}${correcting[p.board]
      ? html`<div><input size="30" placeholder="reason (required)" id="reason-${p.board}" data-reason="${p.board}" value="${reasons[p.board] || ""}"> <label class="inline"><input type="checkbox" id="public-${p.board}" data-public="${p.board}" ${publicReasons[p.board] ? "checked" : ""}> reason public</label> <button class="primary" data-save="${p.board}" ${ready ? "" : "disabled"}>Save correction</button> <button class="link" data-cancel="${p.board}">cancel</button></div>`
      : html`<button class="primary" data-save="${p.board}" ${ready ? "" : "disabled"}>Save</button>`}`;
  };
  render($("#boards"), html`<tr><th class="num">Board</th><th>White <span class="muted">(points before)</span></th><th>Black <span class="muted">(points before)</span></th><th>Result</th></tr>\
${r.pairs.map((p) => html`<tr class="${flashBoard === p.board ? "flash" : ""}" id="board-${p.board}"><td class="num">${p.board}</td><td>${scored(p.white)}</td><td>${scored(p.black)}</td><td class="entry">${cell(p)}</td></tr>`)}`);
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
  } else if (b.correct) {
    correcting[Number(b.correct)] = true; picked[Number(b.correct)] = []; drawBoards();
  } else if (b.cancel) {
    delete correcting[Number(b.cancel)]; delete picked[Number(b.cancel)]; drawBoards();
  } else if (b.save) {
    const board = Number(b.save);
    const body = games() === 1 ? { result: picked[board][0] } : { games: picked[board] };
    let path = api(`/rounds/${st.shownRound}/boards/${board}/`);
    if (correcting[board]) {
      body.reason = (reasons[board] || "").trim();
      if (publicReasons[board]) body.reason_public = true;
      if (!body.reason) { say(`Board ${board}: a correction needs a reason.`, "warn"); return; }
      path += "correction";
    } else {
      path += "result";
    }
    const key = `${st.me.name}-${st.shownRound}-${board}-${Date.now()}`;
    const r = await send(correcting[board] ? "POST" : "PUT", path, body, st.token, key);
    if (done(r)) {
      say(`Board ${board}: ${correcting[board] ? "correction" : "result"} recorded.`, "ok");
      delete picked[board]; delete correcting[board]; delete reasons[board]; delete publicReasons[board];
    } else if (r.status === 409) {
      say(`Board ${board}: conflict. ${resultText(r.body.recorded.games)} is already recorded there. To change it, use "correct" and give a reason.`, "bad");
      delete picked[board];
    } else {
      say(`Board ${board}: ${r.body?.error || "refused (" + r.status + ")"}`, "bad");
    }
    await loadBoards(board);
  }
});

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
