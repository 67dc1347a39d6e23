"use strict";
// The arbiter console. Results: pick a result on a board, then Save (two clicks). Other
// arbiters' entries appear live. A board with a result is changed only by a correction with a
// reason; a conflicting entry is shown with what is recorded.
const id = Swiss.tournamentId();
let token = localStorage.getItem("swiss.token") || "";
let me = null;
let tournament = null;
let players = [];
let shownRound = 0;
let followLatest = true;
let picked = {};       // board -> [game results]
let correcting = {};   // board -> true
let reasons = {};      // board -> the reason typed so far (kept when the table is redrawn)
let publicReasons = {}; // board -> whether the correction's reason may be shown to the public

const $ = (s) => document.querySelector(s);
function say(text, kind) { $("#message").innerHTML = text ? `<div class="banner ${kind}">${Swiss.esc(text)}</div>` : ""; }
const RESULTS = ["1-0", "1/2-1/2", "0-1", "+-", "-+", "--"];
const MATCH_GAMES = ["1-0", "1/2-1/2", "0-1", "1/2-0", "0-1/2", "0-0", "+-", "-+", "--"];
// What each result button means, said where the arbiter's pointer (or a long press) asks.
const MEANS = {
  "1-0": "White won", "1/2-1/2": "a draw", "0-1": "Black won",
  "1/2-0": "White drew, Black lost (Double-Swiss)", "0-1/2": "White lost, Black drew (Double-Swiss)", "0-0": "both lost (Double-Swiss)",
  "+-": "White wins by forfeit: Black did not play", "-+": "Black wins by forfeit: White did not play", "--": "neither played: both lose by forfeit",
};

async function signIn(t) {
  const r = await Swiss.send("GET", "/api/me", undefined, t);
  if (r.status !== 200) {
    // A token nobody has: said in an arbiter's words, with what to do.
    const words = r.status === 401
      ? "This token belongs to no account. Check it was pasted whole; a lost token is replaced by the chief arbiter (Accounts, new token) or the administrator."
      : r.body?.error || "sign-in failed";
    $("#signinmsg").innerHTML = `<div class="banner bad">${Swiss.esc(words)}</div>`;
    return;
  }
  // An administrator is the chief arbiter of every tournament; other accounts act only in
  // their own tournaments (the server refuses the rest with 403 in any case).
  const here = r.body.role === "admin" ? "chief" : (r.body.tournaments.includes(id) ? r.body.role : null);
  if (!here || here === "terminal") { $("#signinmsg").innerHTML = `<div class="banner bad">${Swiss.esc(`the account ${r.body.name} is not an arbiter of this tournament`)}</div>`; return; }
  token = t; me = r.body; localStorage.setItem("swiss.token", t);
  $("#who").textContent = `${me.name} (${me.role === "admin" ? "administrator" : here === "chief" ? "chief arbiter" : "arbiter"})`;
  $("#signin").hidden = true; $("#console").hidden = false; $("#chief").hidden = here !== "chief";
  $("#signout").hidden = false;
  isChief = here === "chief";
  for (const a of document.querySelectorAll("#tasks a")) {
    a.href = `/arbiter/${encodeURIComponent(id)}/${a.dataset.view}`;
    a.hidden = a.classList.contains("chiefonly") && !isChief;
  }
  $("#tasks").hidden = false;
  const t0 = await load();
  show(viewFromPath() || defaultView(), false);
  checkStore();
  setInterval(checkStore, 30000);
  Swiss.live(id, t0.last_seq, onEvent, (up) => { $("#conn").className = "status " + (up ? "live" : "down"); $("#conn").textContent = up ? "live" : "reconnecting"; if (up) refresh(); });
}

// The console by the arbiter's tasks: results (every arbiter), the next round, players,
// standings (every arbiter), settings and accounts (the chief arbiter's), each its own view
// at its own address (/arbiter/{id}/players ...), the browser's back and forward between them.
const VIEWS = ["results", "hall", "round", "players", "standings", "settings", "accounts"];
const OPEN_TO_ALL = ["results", "hall", "standings"];
let isChief = false;
let currentView = "results";
function viewFromPath() {
  const v = location.pathname.split("/")[3];
  return VIEWS.includes(v) ? v : null;
}
// Where a chief arbiter starts: the players before round 1, then the results being entered.
const defaultView = () => (isChief && !tournament?.rounds_published ? "players" : "results");
function show(view, push) {
  if (!isChief && !OPEN_TO_ALL.includes(view)) view = "results";
  currentView = view;
  for (const s of document.querySelectorAll("section[data-view]")) s.hidden = s.dataset.view !== view;
  for (const a of document.querySelectorAll("#tasks a")) {
    a.classList.toggle("on", a.dataset.view === view);
    if (a.dataset.view === view) {
      a.setAttribute("aria-current", "page");
      // On a phone the tabs scroll: the one shown is brought into view.
      const nav = $("#tasks");
      if (a.offsetLeft + a.offsetWidth > nav.scrollLeft + nav.clientWidth || a.offsetLeft < nav.scrollLeft) nav.scrollLeft = a.offsetLeft - (nav.clientWidth - a.offsetWidth) / 2;
    } else a.removeAttribute("aria-current");
  }
  const url = `/arbiter/${encodeURIComponent(id)}/${view}`;
  if (location.pathname !== url) history[push ? "pushState" : "replaceState"](null, "", url);
  const label = document.querySelector(`#tasks a[data-view="${view}"]`)?.textContent || "";
  document.title = `${tournament?.name || "Arbiter console"} · ${label}`;
  if (view === "standings") drawStandings().catch((e) => say(e.message, "bad"));
  if (view === "hall") drawHall().catch((e) => say(e.message, "bad"));
  if (view === "results") $("#quick").focus({ preventScroll: true });
}
$("#tasks").addEventListener("click", (e) => {
  const a = e.target.closest("a[data-view]");
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return; // a new tab opens the view at its address
  e.preventDefault();
  say("");
  show(a.dataset.view, true);
});
window.addEventListener("popstate", () => { if (me) show(viewFromPath() || defaultView(), false); });

// The standings as the public sees them, in short: rank, name, points and the tie-breaks,
// labelled "round 3 in progress: 12 of 20 results" while a round is being played.
async function drawStandings() {
  if (!tournament) return;
  $("#stpublic").href = `/t/${encodeURIComponent(id)}/standings`;
  $("#stcross").href = `/t/${encodeURIComponent(id)}/crosstable`;
  if (!tournament.rounds_published) { $("#stlabel").textContent = "No round published yet: the standings start after round 1."; $("#stable").innerHTML = ""; return; }
  const s = await Swiss.get(`/api/tournaments/${id}/standings`);
  const state = Swiss.standingsState(s);
  $("#stlabel").textContent = `${state[0].toUpperCase() + state.slice(1)}${s.in_progress ? " (provisional: players tied share their place)" : ""}. Tie-breaks: ${s.tiebreaks.join(", ")}.`;
  $("#stable").innerHTML = `<thead><tr><th class="num">Rank</th><th>Player</th><th class="num">Pts</th>${s.tiebreaks.map((t, i) => `<th class="num"><abbr title="${Swiss.esc(s.tiebreak_meanings[i] || "")}">${Swiss.esc(t)}</abbr></th>`).join("")}</tr></thead><tbody>` +
    s.rows.map((r) => `<tr${r.counted === false ? ` class="notcounted"` : ""}><td class="num">${r.counted === false ? "–" : r.rank}${r.by_lot ? "*" : ""}</td><td>${Swiss.esc(Swiss.who(r))}</td><td class="num">${Swiss.esc(r.score)}</td>${r.tiebreaks.map((v) => `<td class="num">${Swiss.esc(v)}</td>`).join("")}</tr>`).join("") + "</tbody>";
}

// The store's health in a banner: a full (or nearly full) disk, or a store that refused the
// last write, said as the server words it, checked at sign-in and every 30 seconds.
async function checkStore() {
  try {
    const h = await Swiss.get("/api/health");
    const words = h.store?.problem || h.store?.warning || h.copies?.problem;
    $("#storehealth").innerHTML = h.status === "ok" || !words ? "" :
      `<div class="banner bad" role="alert"><strong>The tournament data:</strong> ${Swiss.esc(words)}</div>`;
  } catch (e) { /* the live status says when the server is out of reach */ }
}

async function load() {
  tournament = await Swiss.get(`/api/tournaments/${id}`);
  $("#name").textContent = tournament.name;
  players = await Swiss.get(`/api/tournaments/${id}/players`);
  const n = tournament.rounds_published;
  if (followLatest || shownRound > n) shownRound = n;
  $("#roundsel").innerHTML = Array.from({ length: n }, (_, i) => `<option value="${i + 1}" ${i + 1 === shownRound ? "selected" : ""}>round ${i + 1}</option>`).join("");
  $("#roundlabel").textContent = n ? `round ${n} published` : "no round published yet";
  for (const sel of document.querySelectorAll("select.players")) {
    sel.innerHTML = byTpn().map((p) => `<option value="${p.player}">${p.tpn}. ${Swiss.esc(p.name)}</option>`).join("");
  }
  // The starting list: by pairing number, which is what "No" means everywhere in the
  // console; the registration number beside it is what the log and the API's paths use.
  $("#playerlist").innerHTML = `<tr><th class="num" title="pairing number">No</th><th class="num" title="registration number">Reg</th><th>Name</th><th class="num">Rating</th><th>Fed</th><th>Status</th></tr>` +
    byTpn().map((p) => `<tr><td class="num">${p.tpn}</td><td class="num muted">${p.player}</td><td>${Swiss.esc((p.title ? p.title + " " : "") + p.name)}</td><td class="num">${p.rating || ""}</td><td>${Swiss.esc(p.federation || "")}</td><td>${status(p)}</td></tr>`).join("");
  drawRoundRobin();
  drawComing();
  if (currentView === "standings") await drawStandings();
  if (currentView === "hall") await drawHall();
  if (!$("#chief").hidden) { await drawArbiters(); drawDetails(); drawAcceleration(); await drawKeptApart(); await drawTiebreaks(); await drawRatingList(); }
  await drawBoards();
  return tournament;
}

const byTpn = () => [...players].sort((a, b) => a.tpn - b.tpn);

// A player's state in the list: withdrawn, and each bye asked for (or absence announced) for
// a round not yet published, with its cancel button.
const REQUESTED = { half: "half-point bye", full: "full-point bye", zero: "zero-point bye or absent" };
function status(p) {
  const parts = [];
  // The Baku acceleration's group, and the virtual points for the next round (C.04.7).
  if (p.baku_group) parts.push(`group ${p.baku_group}${p.virtual_points_next ? ` (${p.virtual_points_next} virtual next round)` : ""}`);
  if (p.late_from) parts.push(`late entry: plays from round ${p.late_from}`);
  if (p.withdrawn_from) parts.push(`withdrawn from round ${p.withdrawn_from}`);
  // Never paired yet: may be removed, as registered by mistake (the server refuses otherwise).
  if (!p.withdrawn_from && !tournament.rounds_published) parts.push(`<button type="button" class="link" data-remove="${p.player}">remove (registered by mistake)</button>`);
  for (const b of p.requested_byes || []) {
    parts.push(`${REQUESTED[b.kind] || b.kind} in round ${b.round} <button type="button" class="link" data-cancelbye="${p.player}" data-round="${b.round}">cancel</button>`);
  }
  return parts.join("; ");
}
$("#playerlist").addEventListener("click", async (e) => {
  const d = e.target.dataset;
  if (d.remove) {
    // Two clicks: the first asks, the second removes.
    if (e.target.dataset.asked !== "1") { e.target.dataset.asked = "1"; e.target.textContent = "click again to remove"; return; }
    const r = await Swiss.send("POST", `/api/tournaments/${id}/players/${d.remove}/removal`, { reason: "registered by mistake" }, token);
    if (r.status === 201 || r.status === 200) { say("Removed: registered by mistake.", "ok"); refresh(); }
    else say(r.body?.error || "refused", "bad");
    return;
  }
  if (!d.cancelbye) return;
  const r = await Swiss.send("POST", `/api/tournaments/${id}/byes/cancellation`, { player: Number(d.cancelbye), round: Number(d.round) }, token);
  if (r.status === 201 || r.status === 200) { say(`The bye in round ${d.round} is cancelled: the player is paired again.`, "ok"); refresh(); }
  else say(r.body?.error || "refused", "bad");
});

// A round-robin: the numbers are given before round 1 (by lot, by the Varma tables, or as
// the arbiter assigns them), the rounds are the tables', and there are no byes to request nor
// late entries once round 1 is published.
const isRR = () => Swiss.isRoundRobin(tournament?.settings?.system);
function drawRoundRobin() {
  const rr = isRR();
  const started = tournament.rounds_published > 0;
  $("#rrnumbers").hidden = !rr || started;
  $("#rrnobyes").hidden = !rr;
  $("#byeform").hidden = rr;
  $("#manual").hidden = rr;
  $("#register").hidden = rr && started;
  if (rr) {
    const n = players.length;
    $("#rrstate").textContent = `${n} players: ${tournament.settings.rounds} rounds by the Berger table for ${n + (n % 2)} numbers` +
      (n % 2 ? ` (an odd field: the player drawn against number ${n + 1} has no game that round)` : "") +
      ". The pairing numbers below are the numbers in the table; give them before publishing round 1.";
  }
}
$("#numbersform").method.addEventListener("change", (e) => { $("#orderlabel").hidden = e.target.value !== "assigned"; });
$("#numbersform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = e.target;
  const body = { method: f.method.value };
  if (f.method.value === "assigned") body.order = f.order.value.split(/[\s,]+/).filter(Boolean).map((x) => ({ player: Number(x) }));
  else if (f.seed.value !== "") body.seed = Number(f.seed.value);
  const r = await Swiss.send("POST", `/api/tournaments/${id}/numbers`, body, token);
  if (r.status === 201 || r.status === 200) { say("The numbers are given: the starting list below is in their order.", "ok"); refresh(); }
  else say(r.body?.error || "refused", "bad");
});

const games = () => tournament?.settings?.system === "double-swiss-2026" ? 2 : 1;

// The last round may be unpublished while it has no result: two clicks, as publishing.
function drawUnpublish(r) {
  const last = shownRound && shownRound === tournament.rounds_published;
  const empty = r && r.pairs.every((p) => !p.games);
  $("#unpublishbox").hidden = !(last && empty && !$("#chief").hidden);
  const b = $("#unpublish");
  b.textContent = `Unpublish round ${shownRound}`;
  delete b.dataset.asked;
}
$("#unpublish").addEventListener("click", async (e) => {
  const b = e.target;
  if (b.dataset.asked !== "1") { b.dataset.asked = "1"; b.textContent = `Confirm: withdraw the pairing of round ${shownRound}`; return; }
  const round = shownRound;
  const r = await Swiss.send("DELETE", `/api/tournaments/${id}/rounds/${round}`, undefined, token);
  if (r.status === 201 || r.status === 200) { say(`Round ${round} unpublished: pair it again when ready.`, "ok"); followLatest = true; refresh(); }
  else say(r.body?.error || "refused", "bad");
});

// The round being prepared, before it is paired: who joins (late entries), who is out
// (withdrawn, byes and absences asked for) in it and later rounds, and what is still missing
// in the round being played.
let missingNow = [];
function drawComing() {
  const next = tournament.rounds_published + 1;
  if (next > tournament.settings.rounds) { $("#coming").innerHTML = `<p class="muted">All ${tournament.settings.rounds} rounds are published.</p>`; return; }
  const present = byTpn().filter((p) => !(p.withdrawn_from && p.withdrawn_from <= next));
  const out = outOf(next);
  const late = byTpn().filter((p) => p.late_from === next).map((p) => `${p.tpn}. ${Swiss.esc(p.name)}`);
  const later = byTpn().flatMap((p) => (p.requested_byes || []).filter((b) => b.round > next).map((b) => `${p.tpn}. ${Swiss.esc(p.name)}: ${REQUESTED[b.kind] || b.kind} in round ${b.round}`));
  $("#coming").innerHTML = `<p>Round ${next} of ${tournament.settings.rounds}: ${present.length} players registered and not withdrawn.</p>` +
    (missingNow.length ? `<p class="banner warn">Round ${next - 1} still has ${missingNow.length} result${missingNow.length > 1 ? "s" : ""} missing (board${missingNow.length > 1 ? "s" : ""} ${missingNow.join(", ")}): round ${next} is paired once every result is in.</p>` : "") +
    (late.length ? `<p>Late entries playing from round ${next}: ${late.join("; ")}</p>` : "") +
    (out.length ? `<p>Not playing in round ${next}: ${out.join("; ")}</p>` : `<p class="muted">Nobody has asked for a bye in round ${next}.</p>`) +
    (later.length ? `<p class="muted">Asked for later rounds: ${later.join("; ")}</p>` : "");
}

async function drawBoards(flashBoard) {
  if (!shownRound) { missingNow = []; $("#missing").textContent = ""; $("#unpublishbox").hidden = true; $("#boards").innerHTML = `<tr><td class="muted">No round published yet.</td></tr>`; $("#notplaying").innerHTML = ""; return; }
  const r = await Swiss.get(`/api/tournaments/${id}/rounds/${shownRound}`);
  drawUnpublish(r);
  const missing = r.pairs.filter((p) => !p.games).map((p) => p.board);
  if (shownRound === tournament.rounds_published) { missingNow = missing; drawComing(); }
  $("#missing").textContent = `${r.pairs.length - missing.length} of ${r.pairs.length} results in` +
    (missing.length ? `; missing: board${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.` : ": the round is complete.");
  const n = games();
  const choices = n === 1 ? RESULTS : MATCH_GAMES;
  // The points before the round; in an accelerated round also the pairing score it was paired by.
  const scored = (p) => `${Swiss.esc(Swiss.who(p))}${p.score !== undefined ? ` <span class="muted">(${Swiss.esc(p.score)}${p.pairing_score ? `; paired as ${Swiss.esc(p.pairing_score)}` : ""})</span>` : ""}`;
  // Who does not play this round: the pairing-allocated bye, the byes and absences asked for,
  // and the players withdrawn by then.
  const KINDS = { half: "half-point bye", full: "full-point bye", zero: "zero-point bye or absent" };
  const out = r.requested_byes.map((b) => `${Swiss.esc(Swiss.who(b))}: ${KINDS[b.kind] || b.kind}`);
  const playing = new Set([...r.pairs.flatMap((p) => [p.white.player, p.black.player]), r.bye?.player, ...r.requested_byes.map((b) => b.player)]);
  for (const p of byTpn()) if (p.withdrawn_from && p.withdrawn_from <= shownRound && !playing.has(p.player)) out.push(`${Swiss.esc(Swiss.who(p))}: withdrawn from round ${p.withdrawn_from}`);
  $("#notplaying").innerHTML = (r.bye ? `<p id="pab">${isRR() ? "Free this round (drawn against the table's bye number)" : "Pairing-allocated bye"}: ${scored(r.bye)}</p>` : "") +
    (out.length ? `<p id="absent">Not playing: ${out.join("; ")}</p>` : "");
  $("#boards").innerHTML = `<tr><th class="num">Board</th><th>White <span class="muted">(points before)</span></th><th>Black <span class="muted">(points before)</span></th><th>Result</th></tr>` + r.pairs.map((p) => {
    const rec = p.games;
    const pick = picked[p.board] || [];
    let cell;
    if (rec && !correcting[p.board]) {
      cell = `<strong>${Swiss.esc(Swiss.resultText(rec))}</strong> <button class="link" data-correct="${p.board}">correct</button>` +
        (p.reported_by ? ` <span class="muted">reported by ${Swiss.esc(p.reported_by.name)}, confirmed by ${Swiss.esc(p.confirmed_by.name)}</span>` : "");
    } else {
      const rowsFor = (g) => choices.map((c) => `<button class="res ${pick[g] === c ? "picked" : ""}" data-board="${p.board}" data-game="${g}" data-res="${c}" title="${MEANS[c] || ""}" aria-label="${c}${MEANS[c] ? ": " + MEANS[c] : ""}">${c.replaceAll("1/2", "½")}</button>`).join("");
      cell = Array.from({ length: n }, (_, g) => `<div>${n > 1 ? `game ${g + 1}: ` : ""}${rowsFor(g)}</div>`).join("");
      const ready = pick.filter(Boolean).length === n;
      cell += correcting[p.board]
        ? `<div><input size="30" placeholder="reason (required)" id="reason-${p.board}" data-reason="${p.board}" value="${Swiss.esc(reasons[p.board] || "")}"> <label class="inline"><input type="checkbox" id="public-${p.board}" data-public="${p.board}" ${publicReasons[p.board] ? "checked" : ""}> reason public</label> <button class="primary" data-save="${p.board}" ${ready ? "" : "disabled"}>Save correction</button> <button class="link" data-cancel="${p.board}">cancel</button></div>`
        : `<button class="primary" data-save="${p.board}" ${ready ? "" : "disabled"}>Save</button>`;
    }
    return `<tr class="${flashBoard === p.board ? "flash" : ""}" id="board-${p.board}"><td class="num">${p.board}</td><td>${scored(p.white)}</td><td>${scored(p.black)}</td><td class="entry">${cell}</td></tr>`;
  }).join("");
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
    await drawBoards();
  } else if (b.correct) {
    correcting[Number(b.correct)] = true; picked[Number(b.correct)] = []; await drawBoards();
  } else if (b.cancel) {
    delete correcting[Number(b.cancel)]; delete picked[Number(b.cancel)]; await drawBoards();
  } else if (b.save) {
    const board = Number(b.save);
    const body = games() === 1 ? { result: picked[board][0] } : { games: picked[board] };
    let path = `/api/tournaments/${id}/rounds/${shownRound}/boards/${board}/`;
    if (correcting[board]) {
      body.reason = (reasons[board] || "").trim();
      if (publicReasons[board]) body.reason_public = true;
      if (!body.reason) { say(`Board ${board}: a correction needs a reason.`, "warn"); return; }
      path += "correction";
    } else {
      path += "result";
    }
    const key = `${me.name}-${shownRound}-${board}-${Date.now()}`;
    const r = await Swiss.send(correcting[board] ? "POST" : "PUT", path, body, token, key);
    if (r.status === 201 || r.status === 200) {
      say(`Board ${board}: ${correcting[board] ? "correction" : "result"} recorded.`, "ok");
      delete picked[board]; delete correcting[board]; delete reasons[board]; delete publicReasons[board];
    } else if (r.status === 409) {
      say(`Board ${board}: conflict. ${Swiss.resultText(r.body.recorded.games)} is already recorded there. To change it, use "correct" and give a reason.`, "bad");
      delete picked[board];
    } else {
      say(`Board ${board}: ${r.body?.error || "refused (" + r.status + ")"}`, "bad");
    }
    await drawBoards(board);
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
  const r = await Swiss.send("PUT", `/api/tournaments/${id}/rounds/${shownRound}/boards/${board}/result`, body, token, `${me.name}-${shownRound}-${board}-${Date.now()}`);
  if (r.status === 201 || r.status === 200) {
    say(`Board ${board}: ${Swiss.resultText(results)} recorded.`, "ok");
    input.value = "";
  } else if (r.status === 409) {
    say(`Board ${board}: conflict. ${Swiss.resultText(r.body.recorded.games)} is already recorded there. To change it, use "correct" and give a reason.`, "bad");
  } else {
    say(`Board ${board}: ${r.body?.error || "refused (" + r.status + ")"}`, "bad");
  }
  input.focus();
  await drawBoards(board);
});

$("#roundsel").addEventListener("change", async (e) => { shownRound = Number(e.target.value); followLatest = shownRound === tournament.rounds_published; await drawBoards(); });

const refresh = Swiss.debounce(() => load().catch((e) => say(e.message, "bad")), 100);
function onEvent(m) {
  if (m.event.type === "result_recorded" || m.event.type === "result_corrected") {
    if (m.event.round === shownRound && m.actor !== me.name) say(`Board ${m.event.board}: ${m.actor} entered ${Swiss.resultText(m.event.games)}.`, "ok");
  }
  refresh();
}

// --- Chief arbiter: pairing, players, byes.
let proposal = null;   // { round, pairs: [{white, black}], bye }, by registration number
let selected = null;   // [boardIndex, "white"|"black"]

function keyOf(p) { return p ? p.player : null; }
function nameOfKey(k) { const p = players.find((x) => x.player === k); return p ? `${p.tpn}. ${Swiss.who(p)}` : "—"; }

// One step of the explanation as a line: indented by its depth, its article first.
function stepText(s) {
  return "  ".repeat(s.depth) + (s.article ? `${s.article}: ` : "") + s.text;
}

// Each player's points before the round proposed, and who is out of it (withdrawn, a bye
// asked for, an absence), shown beside the proposal.
let scoreOf = new Map();
async function loadScores() {
  if (!tournament.rounds_published) { scoreOf = new Map(); return; }
  const s = await Swiss.get(`/api/tournaments/${id}/standings`);
  scoreOf = new Map(s.rows.map((r) => [r.player, r.score]));
}
function outOf(round) {
  const out = [];
  for (const p of byTpn()) {
    if (p.withdrawn_from && p.withdrawn_from <= round) out.push(`${p.tpn}. ${Swiss.esc(p.name)} (withdrawn)`);
    for (const b of p.requested_byes || []) if (b.round === round) out.push(`${p.tpn}. ${Swiss.esc(p.name)} (${REQUESTED[b.kind] || b.kind})`);
  }
  return out;
}
function drawProposal(explanation, warnings) {
  // Points before the round, and under acceleration the virtual points the pairing added.
  const pts = (k) => {
    const v = players.find((x) => x.player === k)?.virtual_points_next;
    const s = scoreOf.has(k) ? scoreOf.get(k) : (v ? "0.0" : null);
    return s === null ? "" : ` <span class="muted">(${Swiss.esc(s)}${v ? ` + ${Swiss.esc(v)} virtual` : ""})</span>`;
  };
  const rows = proposal.pairs.map((p, i) => `<tr><td class="num">${i + 1}</td>` +
    `<td class="swap ${selected && selected[0] === i && selected[1] === "white" ? "sel" : ""}" data-i="${i}" data-side="white">${Swiss.esc(nameOfKey(p.white))}${pts(p.white)}</td>` +
    `<td class="swap ${selected && selected[0] === i && selected[1] === "black" ? "sel" : ""}" data-i="${i}" data-side="black">${Swiss.esc(nameOfKey(p.black))}${pts(p.black)}</td></tr>`).join("");
  const out = outOf(proposal.round);
  $("#proposal").innerHTML =
    `<p class="muted">Round ${proposal.round}. Click two players to swap them, then publish.</p>` +
    `<table><tr><th class="num">Board</th><th>White</th><th>Black</th></tr>${rows}</table>` +
    (proposal.bye ? `<p>${isRR() ? "Free this round" : "Bye"}: ${Swiss.esc(nameOfKey(proposal.bye))}${pts(proposal.bye)}</p>` : "") +
    (out.length ? `<p id="proposalout">Not playing in round ${proposal.round}: ${out.join("; ")}</p>` : "") +
    (warnings ? `<div class="banner bad">${warnings.map(Swiss.esc).join("<br>")}</div><button class="primary" id="publishanyway">Publish anyway (the breaches are recorded)</button>` : "") +
    `<p><button class="primary" id="publish">Publish round ${proposal.round}</button></p>` +
    `<p id="publishask" hidden><strong>Players and displays see round ${proposal.round} at once.</strong> <button class="primary" id="publishconfirm">Confirm: publish round ${proposal.round}</button> <button type="button" class="link" id="publishcancel">not yet</button></p>` +
    (explanation ? `<details open><summary>Explanation</summary><pre>${Swiss.esc(explanation.map(stepText).join("\n"))}</pre></details>` : "");
}

$("#propose").addEventListener("click", async () => {
  const r = await Swiss.send("POST", `/api/tournaments/${id}/pairing`, {}, token);
  if (r.status !== 200) { say(r.body?.error || "no pairing", r.body?.details?.manual_pairing_possible ? "warn" : "bad"); return; }
  proposal = { round: r.body.round, pairs: r.body.pairs.map((p) => ({ white: p.white.player, black: p.black.player })), bye: keyOf(r.body.bye) };
  selected = null;
  await loadScores();
  drawProposal(r.body.explanation);
});

$("#manual").addEventListener("click", () => {
  // Pairs in pairing-number order as a starting point for a pairing by hand.
  const active = players.filter((p) => !p.withdrawn_from || p.withdrawn_from > tournament.rounds_published + 1).sort((a, b) => a.tpn - b.tpn);
  const pairs = [];
  for (let i = 0; i + 1 < active.length; i += 2) pairs.push({ white: active[i].player, black: active[i + 1].player });
  proposal = { round: tournament.rounds_published + 1, pairs, bye: active.length % 2 ? active[active.length - 1].player : null };
  selected = null;
  drawProposal(["Pairing by hand: swap players as needed. The absolute criteria are checked when publishing."]);
});

$("#proposal").addEventListener("click", async (e) => {
  const d = e.target.dataset;
  if (d.side) {
    const here = [Number(d.i), d.side];
    if (!selected) { selected = here; }
    else {
      const a = proposal.pairs[selected[0]], b = proposal.pairs[here[0]];
      [a[selected[1]], b[here[1]]] = [b[here[1]], a[selected[1]]];
      selected = null;
    }
    drawProposal();
  } else if (e.target.id === "publish") {
    // A published round is seen at once by everyone: one more click to be sure.
    $("#publish").hidden = true;
    $("#publishask").hidden = false;
  } else if (e.target.id === "publishcancel") {
    $("#publish").hidden = false;
    $("#publishask").hidden = true;
  } else if (e.target.id === "publishconfirm" || e.target.id === "publishanyway") {
    // Every player by the number that says which it is: the registration number.
    const who = (k) => ({ player: k });
    const body = {
      round: proposal.round,
      pairs: proposal.pairs.map((p) => ({ white: who(p.white), black: who(p.black) })),
      bye: proposal.bye ? who(proposal.bye) : null,
      accept_violations: e.target.id === "publishanyway",
    };
    const r = await Swiss.send("POST", `/api/tournaments/${id}/rounds`, body, token);
    const changes = r.body?.manual_changes || [];
    if (r.status === 201) {
      say(changes.length ? `Round ${proposal.round} published, changed from the system's proposal: ${changes.join("; ")}.` : `Round ${proposal.round} published.`, changes.length ? "warn" : "ok");
      // The arbiter's next task: the round's results.
      $("#proposal").innerHTML = ""; followLatest = true; show("results", true); refresh();
    }
    else if (r.status === 422 && r.body?.details?.violations) { drawProposal(null, r.body.details.violations); }
    else say(r.body?.error || "refused", "bad");
  }
});

function formBody(form) {
  const out = {};
  for (const [k, v] of new FormData(form).entries()) {
    if (v === "") continue;
    out[k] = ["rating", "fide_id", "player", "round", "from_round"].includes(k) ? Number(v) : v;
  }
  return out;
}
async function submit(form, path) {
  const r = await Swiss.send("POST", path, formBody(form), token);
  if (r.status === 201 || r.status === 200) {
    // A registration answers the player's numbers.
    say(r.body?.tpn ? `Registered: ${r.body.name}, pairing number ${r.body.tpn} for now (registration ${r.body.player}).` : "Recorded.", "ok");
    form.reset(); refresh();
  }
  else say(r.body?.error || "refused", "bad");
}
$("#register").addEventListener("submit", (e) => { e.preventDefault(); submit(e.target, `/api/tournaments/${id}/players`); });
$("#byeform").addEventListener("submit", (e) => { e.preventDefault(); submit(e.target, `/api/tournaments/${id}/byes`); });
$("#withdrawform").addEventListener("submit", (e) => {
  e.preventDefault();
  const b = formBody(e.target);
  Swiss.send("POST", `/api/tournaments/${id}/players/${b.player}/withdrawal`, { from_round: b.from_round, reason: b.reason, reason_public: e.target.reason_public.checked }, token)
    .then((r) => { if (r.status === 201) { say("Withdrawal recorded.", "ok"); e.target.reset(); refresh(); } else say(r.body?.error || "refused", "bad"); });
});

// A player's data corrected: the form shows the player's data as recorded, and sends only
// what was changed (an emptied field clears it), with the reason.
function fillCorrection() {
  const f = $("#correctform");
  const p = players.find((x) => x.player === Number(f.player.value));
  if (!p) return;
  f.name.value = p.name; f.rating.value = p.rating || ""; f.title.value = p.title || "";
  f.federation.value = p.federation || ""; f.fide_id.value = p.fide_id || "";
  f.birth_date.value = ""; f.sex.value = "";
}
$("#correctform").player.addEventListener("change", fillCorrection);
$("#correctbox").addEventListener("toggle", fillCorrection);
$("#correctform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = e.target;
  const p = players.find((x) => x.player === Number(f.player.value));
  if (!p) return;
  const correction = {};
  const text = (name, was) => { const v = f[name].value.trim(); if (v !== (was ?? "")) correction[name] = v === "" ? null : v; };
  const number = (name, was) => { const v = f[name].value.trim(); if (v !== String(was ?? "")) correction[name] = v === "" ? null : Number(v); };
  if (f.name.value.trim() && f.name.value.trim() !== p.name) correction.name = f.name.value.trim();
  number("rating", p.rating); text("title", p.title); text("federation", p.federation); number("fide_id", p.fide_id);
  if (f.birth_date.value.trim()) correction.birth_date = f.birth_date.value.trim();
  if (f.sex.value) correction.sex = f.sex.value;
  if (!Object.keys(correction).length) { say("Nothing to correct: no field was changed.", "warn"); return; }
  const r = await Swiss.send("PATCH", `/api/tournaments/${id}/players/${p.player}`, { correction, reason: f.reason.value.trim(), reason_public: f.reason_public.checked }, token);
  if (r.status === 201 || r.status === 200) { say(`${p.name}: ${Object.keys(correction).join(", ")} corrected.`, "ok"); f.reason.value = ""; refresh(); }
  else say(r.body?.error || "refused", "bad");
});

// The tournament's details (the TRF report's 012-132), the chief arbiter's to change at any
// time before the tournament is closed: the round dates as the rounds are scheduled.
function drawDetails() {
  const f = $("#detailsform");
  if (f.contains(document.activeElement)) return; // not while the arbiter is typing in it
  const d = tournament.details;
  f.name.value = tournament.name;
  for (const k of ["city", "federation", "time_control", "chief_arbiter"]) f[k].value = d[k] || "";
  f.start_date.value = d.start_date || ""; f.end_date.value = d.end_date || "";
  f.deputy_arbiters.value = (d.deputy_arbiters || []).join("\n");
  $("#rounddates").innerHTML = Array.from({ length: tournament.settings.rounds }, (_, i) =>
    `<label>Round ${i + 1} <input name="round_date_${i + 1}" type="date" value="${Swiss.esc(d.round_dates[i] || "")}"></label>`).join("");
  $("#trflink").href = `/api/tournaments/${id}/export.trf`;
}
$("#detailsform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = e.target;
  const r = await Swiss.send("PUT", `/api/tournaments/${id}/details`, { name: f.name.value.trim(), details: Swiss.readDetails(f) }, token);
  if (r.status === 201) { say("Details saved.", "ok"); document.activeElement.blur(); refresh(); }
  else if (r.status === 200) say("Nothing changed.", "ok");
  else say(r.body?.error || "refused", "bad");
});

// The acceleration (C.04.7): chosen before round 1 (the server refuses it later, for a
// round-robin, and for points where a win is not worth two draws, in words).
function drawAcceleration() {
  const rr = isRR();
  const a = tournament.settings.acceleration || "none";
  const fixed = tournament.rounds_published > 0;
  const f = $("#accelform");
  if (!f.contains(document.activeElement)) f.acceleration.value = a;
  $("#accelstate").textContent = (a === "baku"
    ? `Baku (FIDE C.04.7): group A, the first 2·⌈N/4⌉ players of the list, plays its first ${Math.ceil(Math.ceil(tournament.settings.rounds / 2) / 2)} rounds with a win's worth of virtual points and the next ${Math.ceil(tournament.settings.rounds / 2) - Math.ceil(Math.ceil(tournament.settings.rounds / 2) / 2)} with a draw's worth; the standings keep the real points.`
    : "No acceleration.") + (rr ? " A round-robin is not accelerated: its rounds are the Berger tables'." : fixed ? " Fixed: round 1 is published." : " It can change until round 1 is published.");
  f.hidden = fixed || rr;
}
$("#accelform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const r = await Swiss.send("PUT", `/api/tournaments/${id}/acceleration`, { acceleration: e.target.acceleration.value }, token);
  if (r.status === 201) { say("Acceleration saved.", "ok"); refresh(); }
  else if (r.status === 200) say("Nothing changed.", "ok");
  else say(r.body?.error || "refused", "bad");
});

// Players kept apart: the groups with their rounds, each removable; a new group by the
// players' pairing numbers.
async function drawKeptApart() {
  const groups = await Swiss.get(`/api/tournaments/${id}/kept-apart`);
  $("#keptapart").innerHTML = groups.length
    ? `<tr><th class="num">Group</th><th>Players</th><th>Rounds</th><th></th></tr>` + groups.map((g) =>
      `<tr><td class="num">${g.group}</td><td>${g.players.map((p) => `${p.tpn}. ${Swiss.esc(p.name)}`).join("; ")}</td><td>${g.from_round}–${g.to_round || tournament.settings.rounds}</td><td><button type="button" class="link" data-release="${g.group}">remove</button></td></tr>`).join("")
    : `<tr><td class="muted">Nobody is kept apart.</td></tr>`;
}
$("#keepapartform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = e.target;
  const body = { players: f.players.value.split(/[\s,;]+/).filter(Boolean).map((x) => ({ tpn: Number(x) })) };
  if (f.from_round.value) body.from_round = Number(f.from_round.value);
  if (f.to_round.value) body.to_round = Number(f.to_round.value);
  if (f.reason.value.trim()) body.reason = f.reason.value.trim();
  const r = await Swiss.send("POST", `/api/tournaments/${id}/kept-apart`, body, token);
  if (r.status === 201) { say("Kept apart.", "ok"); f.reset(); refresh(); }
  else say(r.body?.error || "refused", "bad");
});
$("#keptapart").addEventListener("click", async (e) => {
  const g = e.target.dataset.release;
  if (!g) return;
  const r = await Swiss.send("POST", `/api/tournaments/${id}/kept-apart/${g}/removal`, {}, token);
  if (r.status === 201) { say(`Group ${g} is no longer kept apart.`, "ok"); refresh(); }
  else say(r.body?.error || "refused", "bad");
});

// The tie-breaks, in order (FIDE C.07's codes, each with what it measures): the chief
// arbiter's to set before round 1 is published; after it the server refuses a change
// (C.07 4.1), and the console says so instead of offering one.
let tbCatalogue = null;
let tbDraft = null; // the order being edited, or null to show the recorded one
const tbMeaning = (code) => tbCatalogue?.tiebreaks.find((t) => t.code === code)?.meaning || "";
async function drawTiebreaks() {
  if (!tbCatalogue) {
    tbCatalogue = await Swiss.get("/api/tiebreaks");
    $("#tbadd").innerHTML = tbCatalogue.tiebreaks.map((t) => `<option value="${Swiss.esc(t.code)}">${Swiss.esc(t.code)}: ${Swiss.esc(t.meaning)}</option>`).join("");
  }
  const fixed = tournament.rounds_published > 0;
  const list = tbDraft || tournament.settings.tiebreaks;
  $("#tbstate").textContent = fixed
    ? "Fixed: round 1 is published, and FIDE C.07 (4.1) has the list published before the tournament starts."
    : (tbDraft ? "Not saved yet." : "Points first, then these in order, then the drawing of lots. They can change until round 1 is published.");
  $("#tblist").innerHTML = list.map((code, i) => `<li><abbr title="${Swiss.esc(tbMeaning(code))}">${Swiss.esc(code)}</abbr> <span class="muted">${Swiss.esc(tbMeaning(code))}</span>` +
    (fixed ? "" : ` <button type="button" data-tbup="${i}" ${i === 0 ? "disabled" : ""} title="earlier">↑</button><button type="button" data-tbdown="${i}" ${i === list.length - 1 ? "disabled" : ""} title="later">↓</button><button type="button" data-tbremove="${i}" title="remove">✕</button>`) + "</li>").join("");
  $("#tbedit").hidden = fixed;
}
function editTiebreaks(change) {
  const list = [...(tbDraft || tournament.settings.tiebreaks)];
  change(list);
  tbDraft = list;
  drawTiebreaks();
}
$("#tblist").addEventListener("click", (e) => {
  const b = e.target.closest("button"); if (!b) return;
  const i = Number(b.dataset.tbup ?? b.dataset.tbdown ?? b.dataset.tbremove);
  if (b.dataset.tbup !== undefined) editTiebreaks((l) => l.splice(i - 1, 2, l[i], l[i - 1]));
  else if (b.dataset.tbdown !== undefined) editTiebreaks((l) => l.splice(i, 2, l[i + 1], l[i]));
  else editTiebreaks((l) => l.splice(i, 1));
});
$("#tbaddbtn").addEventListener("click", () => {
  const code = $("#tbadd").value;
  editTiebreaks((l) => { if (!l.includes(code)) l.push(code); });
});
$("#tbdefaults").addEventListener("click", () => editTiebreaks((l) => l.splice(0, l.length, ...tbCatalogue.defaults[tournament.settings.system])));
$("#tbsave").addEventListener("click", async () => {
  const r = await Swiss.send("PUT", `/api/tournaments/${id}/tiebreaks`, { tiebreaks: tbDraft || tournament.settings.tiebreaks }, token);
  if (r.status === 201 || r.status === 200) {
    tbDraft = null;
    say(r.status === 201 ? "Tie-breaks saved." : "Nothing changed.", "ok");
    // The recorded order, as the server answers it (in C.07's codes), at once.
    tournament = await Swiss.get(`/api/tournaments/${id}`);
    drawTiebreaks();
    refresh();
  }
  else say(r.body?.error || "refused", "bad");
});

// FIDE's rating list: loaded once for the server (the file as downloaded), searched when a
// player registers (a click fills the form), and used to update ratings before round 1.
async function drawRatingList() {
  const l = await Swiss.get("/api/rating-list");
  $("#liststatus").textContent = l.loaded
    ? `Rating list: ${l.source}, ${l.players.toLocaleString("en")} players, loaded ${new Date(l.loaded_at_ms).toISOString().slice(0, 10)}.`
    : "No rating list loaded.";
  $("#updateratings").disabled = !l.loaded || tournament.rounds_published > 0;
  $("#updateratings").title = tournament.rounds_published > 0 ? "ratings are fixed once round 1 is published" : "";
}
$("#loadlist").addEventListener("click", async () => {
  const file = $("#listfile").files[0];
  if (!file) { say("Choose the list's file first.", "bad"); return; }
  say(`Loading ${file.name}…`, "ok");
  const r = await fetch(`/api/rating-list?name=${encodeURIComponent(file.name)}`, { method: "PUT", headers: { Authorization: "Bearer " + token }, body: file });
  const body = await r.json().catch(() => null);
  if (r.status === 201) { say(`Rating list loaded: ${body.players.toLocaleString("en")} players.`, "ok"); drawRatingList(); }
  else say(body?.error || `refused (${r.status})`, "bad");
});
$("#updateratings").addEventListener("click", async () => {
  const r = await Swiss.send("POST", `/api/tournaments/${id}/ratings-update`, undefined, token);
  if (r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  const c = r.body.changes;
  say(c.length ? `Updated from ${r.body.source}: ` + c.map((x) => `${x.name} ${x.old_rating ?? "unrated"} → ${x.rating}`).join("; ")
    : `Every rating is already the list's (${r.body.source}).`, "ok");
  refresh();
});
let found = [];
const searchList = Swiss.debounce(async () => {
  const q = $("#listsearch").value.trim();
  if (q.length < 2) { $("#listfound").innerHTML = ""; return; }
  const r = await Swiss.send("GET", `/api/rating-list/players?q=${encodeURIComponent(q)}`, undefined, token);
  if (r.status !== 200) { $("#listfound").innerHTML = `<p class="muted">${Swiss.esc(r.body?.error || "no answer")}</p>`; return; }
  found = r.body;
  $("#listfound").innerHTML = found.length
    ? `<table class="found">${found.map((p, i) => `<tr><td><button type="button" data-found="${i}">Use</button></td><td>${Swiss.esc(p.title || "")} ${Swiss.esc(p.name)}</td><td>${Swiss.esc(p.federation || "")}</td><td class="num">${p.rating || "unrated"}</td><td class="num">${p.birth_year || ""}</td><td class="num">${p.fide_id}</td></tr>`).join("")}</table>`
    : `<p class="muted">nobody in the list</p>`;
}, 250);
$("#listsearch").addEventListener("input", searchList);
$("#listfound").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-found]"); if (!b) return;
  const p = found[Number(b.dataset.found)];
  const f = $("#register");
  f.name.value = p.name; f.rating.value = p.rating || ""; f.title.value = p.title || ""; f.federation.value = p.federation || "";
  f.fide_id.value = p.fide_id; f.birth_date.value = p.birth_year ? `${p.birth_year}/00/00` : ""; f.sex.value = p.sex || "";
  $("#listfound").innerHTML = ""; $("#listsearch").value = "";
});

$("#signinform").addEventListener("submit", (e) => { e.preventDefault(); signIn($("#token").value.trim()); });
// Sign-out forgets the token on this device and starts the page afresh.
$("#signout").addEventListener("click", () => { localStorage.removeItem("swiss.token"); location.reload(); });
// A sign-in link (`#token=...`) signs in with its token and leaves no token in the address.
{
  const m = location.hash.match(/^#token=([0-9a-f]+)$/);
  if (m) {
    token = m[1];
    history.replaceState(null, "", location.pathname);
  }
}
if (token) signIn(token);
// The sign-in names the tournament it opens.
Swiss.get(`/api/tournaments/${id}`).then((t) => {
  if (!tournament) $("#name").textContent = t.name;
  $("#signinfor").textContent = `The console of ${t.name}: sign in with the token of an arbiter of this tournament (or the administrator's).`;
  document.title = `${t.name} · arbiter console`;
}).catch(() => { $("#signinfor").textContent = "No tournament at this address."; });

// The arbiters of this tournament: a chief arbiter creates their accounts (the token is shown
// once, to be handed over), re-issues a lost token and revokes an account; an administrator
// also its chief arbiters.
async function drawArbiters() {
  const admin = me.role === "admin";
  $("#rolelabel").hidden = !admin;
  const r = await Swiss.send("GET", "/api/accounts", undefined, token);
  if (r.status !== 200) return;
  const here = r.body.filter((a) => a.role !== "admin" && a.role !== "terminal" && a.name !== me.name && a.tournaments.includes(id));
  const manages = (a) => admin || (a.role === "arbiter" && a.tournaments.every((t) => me.tournaments.includes(t)));
  $("#arbiters").innerHTML = `<tr><th>Account</th><th>Role</th><th></th></tr>` + (here.length ? here.map((a) =>
    `<tr><td>${Swiss.esc(a.name)}</td><td>${a.role === "chief" ? "chief arbiter" : "arbiter"}</td><td>${manages(a) ? `<button type="button" data-reissue="${Swiss.esc(a.name)}">New token</button> <button type="button" data-revoke="${Swiss.esc(a.name)}">Revoke</button>` : ""}</td></tr>`).join("")
    : `<tr><td colspan="3" class="muted">no arbiter account yet</td></tr>`);
}
// A new token is shown once, with the sign-in link that carries it (after '#', which
// browsers never send to a server) and that link's QR code, for the arbiter's tablet camera.
async function showToken(name, t) {
  const link = `${location.origin}/arbiter/${encodeURIComponent(id)}#token=${encodeURIComponent(t)}`;
  let qr = "";
  const r = await fetch("/api/qr", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token }, body: JSON.stringify({ text: link }) });
  if (r.ok) qr = `<img class="signinqr" alt="QR code of the sign-in link" src="data:image/svg+xml;base64,${btoa(await r.text())}">`;
  $("#newtoken").innerHTML = `<div class="banner ok">Token for ${Swiss.esc(name)} (shown once; hand it over now): <code class="token">${Swiss.esc(t)}</code>` +
    `<br>Or open this link on the arbiter's device, or scan the code: <a id="signinlink" href="${Swiss.esc(link)}">sign-in link for ${Swiss.esc(name)}</a>${qr}</div>`;
}
$("#arbiterform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = e.target.name.value.trim();
  const role = me.role === "admin" ? e.target.role.value : "arbiter";
  const r = await Swiss.send("POST", "/api/accounts", { name, role, tournaments: [id] }, token);
  if (r.status !== 201) { say(r.body?.error || `creating ${name} failed`, "bad"); return; }
  e.target.reset(); say(""); showToken(name, r.body.token); await drawArbiters();
});
$("#arbiters").addEventListener("click", async (e) => {
  const b = e.target.closest("button"); if (!b) return;
  const name = b.dataset.reissue || b.dataset.revoke;
  const path = `/api/accounts/${encodeURIComponent(name)}` + (b.dataset.reissue ? "/token" : "");
  const r = await Swiss.send(b.dataset.reissue ? "POST" : "DELETE", path, undefined, token);
  if (r.status !== 200 && r.status !== 201) { say(r.body?.error || "failed", "bad"); return; }
  say("");
  if (b.dataset.reissue) showToken(name, r.body.token); else $("#newtoken").innerHTML = "";
  await drawArbiters();
});

// --- The hall: check-ins, the players' reports, codes and terminals. ---------------------
let hall = null;
const nameOf = (k) => players.find((p) => p.player === k)?.name || `player ${k}`;
const fmt = (gs) => Swiss.resultText(gs);
async function drawHall() {
  const r = await Swiss.send("GET", `/api/tournaments/${id}/hall`, undefined, token);
  if (r.status !== 200) { say(r.body?.error || "the hall could not be read", "bad"); return; }
  hall = r.body;
  const rules = hall.rules;
  const closes = rules.check_in_closes_at_ms ? new Date(rules.check_in_closes_at_ms) : null;
  // A check-in for a round already paired is over: the next round needs none unless set again.
  const current = rules.check_in_round && rules.check_in_round >= hall.next_round;
  const checkIn = current
    ? `Players must check in for round ${rules.check_in_round}${closes ? ` until ${closes.toLocaleString()}` : ""}; those who have not are proposed absent.`
    : `No check-in is required for round ${hall.next_round}${rules.check_in_round ? ` (it was for round ${rules.check_in_round})` : ""}.`;
  $("#hallrules").innerHTML = `<p>${checkIn} ` +
    `${rules.agreed_results_stand ? "A result both players report alike stands at once." : "A result both players report alike waits for an arbiter (Accept)."} ` +
    `Terminal page: <a href="/terminal/${encodeURIComponent(id)}">/terminal</a>; players' own page: <a href="/me/${encodeURIComponent(id)}">/me</a>.</p>`;
  for (const el of document.querySelectorAll(".chiefpart")) el.hidden = !isChief;
  const f = $("#rulesform");
  if (document.activeElement?.form !== f) {
    f.required.checked = !!current;
    f.round.value = current ? rules.check_in_round : hall.next_round;
    f.stand.checked = rules.agreed_results_stand;
    f.closes.value = closes ? new Date(closes.getTime() - closes.getTimezoneOffset() * 60000).toISOString().slice(0, 16) : "";
  }
  drawHallBoards();
  drawCheckins();
  await drawTerminals();
}

const STATE_WORDS = {
  no_report: () => `<span class="muted">no report</span>`,
  reported: (s) => `reported by ${Swiss.esc(nameOf(s.by))}: <strong>${fmt(s.games)}</strong>, waiting for the opponent`,
  agreed: (s) => `<strong>${fmt(s.games)}</strong> agreed (${Swiss.esc(nameOf(s.reported_by))}, confirmed by ${Swiss.esc(nameOf(s.confirmed_by))})`,
  disputed: (s) => `<span class="bad">disputed</span>: White says <strong>${fmt(s.white)}</strong>, Black says <strong>${fmt(s.black)}</strong>`,
  recorded: (s) => `result <strong>${fmt(s.games)}</strong>${s.reported_by ? ` (reported by ${Swiss.esc(nameOf(s.reported_by))}, confirmed by ${Swiss.esc(nameOf(s.confirmed_by))})` : ""}`,
};
function drawHallBoards() {
  if (!hall.round) { $("#boardshead").hidden = true; $("#hallboards").innerHTML = ""; $("#acceptall").hidden = true; return; }
  $("#boardshead").hidden = false;
  $("#boardshead").textContent = `Round ${hall.round}: results reported by the players`;
  const agreed = hall.boards.filter((b) => b.result.state === "agreed");
  $("#acceptall").hidden = !agreed.length;
  $("#acceptall").textContent = `Accept the ${agreed.length} agreed result${agreed.length > 1 ? "s" : ""}`;
  $("#hallboards").innerHTML = `<tr><th class="num">Board</th><th>White</th><th>Black</th><th>Where it stands</th><th></th></tr>` + hall.boards.map((b) => {
    const s = b.result;
    const act = s.state === "agreed" ? `<button type="button" data-accept="${b.board}">Accept</button>`
      : s.state === "disputed" || s.state === "reported" ? `<button type="button" class="link" data-enter="${b.board}">enter the result</button>` : "";
    return `<tr class="hb-${s.state}" data-board="${b.board}"><td class="num">${b.board}</td><td>${Swiss.esc(b.white.name)}</td><td>${Swiss.esc(b.black.name)}</td><td>${STATE_WORDS[s.state](s)}</td><td>${act}</td></tr>`;
  }).join("");
}
$("#acceptall").addEventListener("click", async () => {
  const r = await Swiss.send("POST", `/api/tournaments/${id}/hall/accept`, {}, token);
  if (r.status !== 200) { say(r.body?.error || "refused", "bad"); return; }
  say(`${r.body.length} result${r.body.length === 1 ? "" : "s"} accepted.`, "ok");
  refresh();
});
$("#hallboards").addEventListener("click", async (e) => {
  const b = e.target.closest("button"); if (!b) return;
  if (b.dataset.accept) {
    const r = await Swiss.send("POST", `/api/tournaments/${id}/hall/accept`, { board: Number(b.dataset.accept) }, token);
    if (r.status !== 200) { say(r.body?.error || "refused", "bad"); return; }
    say(`Board ${b.dataset.accept}: result accepted.`, "ok");
    refresh();
  }
  if (b.dataset.enter) { followLatest = true; show("results", true); document.querySelector(`#boards tr[data-board="${b.dataset.enter}"]`)?.scrollIntoView({ block: "center" }); }
});

function drawCheckins() {
  const next = hall.next_round;
  if (next > tournament.settings.rounds) { $("#checkinhead").hidden = true; $("#checkins").innerHTML = ""; $("#checkinsummary").textContent = ""; return; }
  $("#checkinhead").hidden = false;
  $("#checkinhead").textContent = `Check-in for round ${next}`;
  const inn = hall.players.filter((p) => p.checked_in).length;
  // No check-in asked for this round, and nobody checked in: nothing to list.
  if (hall.rules.check_in_round !== next && !inn) {
    $("#checkinsummary").textContent = `No check-in is required for round ${next}. To require one, tick "Players must check in" above.`;
    $("#checkins").innerHTML = "";
    return;
  }
  const absent = hall.players.filter((p) => p.proposed_absent);
  $("#checkinsummary").innerHTML = `${inn} of ${hall.players.length} checked in.` +
    (absent.length ? ` <strong>${absent.length} not checked in: proposed absent</strong> (not paired, scoring 0) unless checked in here; publishing the round confirms it.` : "");
  const rows = [...hall.players].sort((a, b) => (b.proposed_absent - a.proposed_absent) || a.name.localeCompare(b.name));
  $("#checkins").innerHTML = `<tr><th>Player</th><th>Check-in</th><th></th></tr>` + rows.map((p) => {
    const bye = (p.requested_byes || []).find((x) => x.round === next);
    const state = p.checked_in ? `<span class="ok">checked in</span>` : bye ? `${REQUESTED[bye.kind] || bye.kind}` : p.proposed_absent ? `<span class="bad">not checked in: proposed absent</span>` : `<span class="muted">not checked in</span>`;
    const act = p.checked_in ? `<button type="button" class="link" data-uncheck="${p.player}">undo check-in</button>`
      : bye ? "" : `<button type="button" data-checkin="${p.player}">Check in</button>` + (isChief && p.proposed_absent ? ` <button type="button" data-absent="${p.player}">Confirm absent</button>` : "");
    return `<tr class="${p.proposed_absent ? "proposedabsent" : ""}"><td>${Swiss.esc(p.name)}</td><td>${state}</td><td>${act}</td></tr>`;
  }).join("");
}
$("#checkins").addEventListener("click", async (e) => {
  const b = e.target.closest("button"); if (!b) return;
  let r;
  if (b.dataset.checkin || b.dataset.uncheck) {
    r = await Swiss.send("POST", `/api/tournaments/${id}/hall/check-in`, { player: Number(b.dataset.checkin || b.dataset.uncheck), present: !!b.dataset.checkin }, token);
  } else if (b.dataset.absent) {
    r = await Swiss.send("POST", `/api/tournaments/${id}/byes`, { player: Number(b.dataset.absent), round: hall.next_round, kind: "absent" }, token);
  } else return;
  if (r.status !== 200 && r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  say("");
  refresh();
});

$("#rulesform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = e.target;
  const body = {
    check_in_round: f.required.checked ? Number(f.round.value) : null,
    check_in_closes_at_ms: f.required.checked && f.closes.value ? new Date(f.closes.value).getTime() : null,
    agreed_results_stand: f.stand.checked,
  };
  const r = await Swiss.send("PUT", `/api/tournaments/${id}/hall/rules`, body, token);
  if (r.status !== 200 && r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  say("The hall's rules are saved.", "ok");
  refresh();
});

$("#issuecodes").addEventListener("click", async () => {
  const r = await Swiss.send("POST", `/api/tournaments/${id}/hall/codes`, {}, token);
  if (r.status !== 200 && r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  say(r.status === 201 ? "Codes issued." : "Every player has a code already.", "ok");
  refresh();
});
// A new code for one player: the old one is refused from then on.
$("#reissueform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const player = Number(e.target.player.value);
  const r = await Swiss.send("POST", `/api/tournaments/${id}/hall/codes`, { player }, token);
  if (r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  const c = r.body.find((x) => x.player === player);
  say(`${c.name}'s new code: ${c.code} (the old one no longer works).`, "ok");
});
// The players' cards: name, code, and a QR code of their own page with their code (after '#',
// never sent to a server), to cut out and hand over, or print on the pairing slips.
$("#printcards").addEventListener("click", async () => {
  const r = await Swiss.send("GET", `/api/tournaments/${id}/hall/codes`, undefined, token);
  if (r.status !== 200) { say(r.body?.error || "refused", "bad"); return; }
  const cards = [];
  for (const c of r.body) {
    const link = `${location.origin}/me/${encodeURIComponent(id)}#p=${c.player}&c=${c.code}`;
    const q = await fetch("/api/qr", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token }, body: JSON.stringify({ text: link }) });
    const img = q.ok ? `<img alt="QR code of ${Swiss.esc(c.name)}'s page" src="data:image/svg+xml;base64,${btoa(await q.text())}">` : "";
    cards.push(`<div class="card"><strong>${Swiss.esc(c.name)}</strong><br><span class="muted">${Swiss.esc(tournament.name)}</span><br>Your code: <code class="pcode">${Swiss.esc(c.code)}</code>${img}</div>`);
  }
  document.body.classList.toggle("printcards", cards.length > 0);
  $("#cards").innerHTML = cards.length ? `<p class="muted">${cards.length} cards. Print this page: the cards only are printed.</p><div class="grid">${cards.join("")}</div>` : `<p class="muted">No codes issued yet: issue them first.</p>`;
  $("#cards").scrollIntoView({ block: "start" });
});

async function drawTerminals() {
  const r = await Swiss.send("GET", "/api/accounts", undefined, token);
  if (r.status !== 200) return;
  const list = r.body.filter((a) => a.role === "terminal" && a.tournaments.includes(id));
  $("#terminals").innerHTML = list.length
    ? `<tr><th>Terminal</th><th></th></tr>` + list.map((a) => `<tr><td>${Swiss.esc(a.name)}</td><td><button type="button" data-signout="${Swiss.esc(a.name)}">Sign out (revoke)</button></td></tr>`).join("")
    : `<tr><td class="muted">No terminal is signed in.</td></tr>`;
}
$("#terminalform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = e.target.name.value.trim();
  const r = await Swiss.send("POST", "/api/accounts", { name, role: "terminal", tournaments: [id] }, token);
  if (r.status !== 201) { say(r.body?.error || `signing in ${name} failed`, "bad"); return; }
  e.target.reset();
  const link = `${location.origin}/terminal/${encodeURIComponent(id)}#key=${encodeURIComponent(r.body.token)}`;
  const q = await fetch("/api/qr", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token }, body: JSON.stringify({ text: link }) });
  const img = q.ok ? `<img class="signinqr" alt="QR code of the terminal's sign-in link" src="data:image/svg+xml;base64,${btoa(await q.text())}">` : "";
  $("#newterminal").innerHTML = `<div class="banner ok">Open this link on the tablet (shown once): <a id="terminallink" href="${Swiss.esc(link)}">sign-in link for ${Swiss.esc(name)}</a>${img}</div>`;
  await drawTerminals();
});
$("#terminals").addEventListener("click", async (e) => {
  const b = e.target.closest("button[data-signout]"); if (!b) return;
  const r = await Swiss.send("DELETE", `/api/accounts/${encodeURIComponent(b.dataset.signout)}`, undefined, token);
  if (r.status !== 200) { say(r.body?.error || "failed", "bad"); return; }
  say(`${b.dataset.signout} is signed out.`, "ok");
  $("#newterminal").innerHTML = "";
  await drawTerminals();
});
