// The hall's page. Two ways in:
//  - /terminal/{id}: a tablet an arbiter signed in as the tournament's hall terminal. A player
//    finds their name, types their code, then checks in or reports their result; every action
//    is confirmed on its own screen before it is sent. After checking in the player stays
//    signed in, to report a result too, until they tap "Finished" or the terminal, left alone
//    for a few seconds, returns to the start for the next player: nothing of a player stays
//    on the tablet.
//  - /me/{id}: a player's own phone. The player signs in once (name and code, or the QR code
//    on their card), and sees their check-in and their board, live.

import { html, render } from "./html.js";
import { debounce, get, live, send, tournamentId } from "./api.js";
import { capital, nameMatches, resultText } from "./words.js";

const id = tournamentId();
const terminal = location.pathname.startsWith("/terminal/");
const $ = (s) => document.querySelector(s);
const main = $("#main");
let tournament = null;
let players = [];
let terminalKey = "";
let me = null;        // { player, code } of the player acting
let view = null;      // the player's view from the server
let idle = null;      // the terminal's return to the start
let onScreen = "";    // the screen shown, so that live updates redraw only where it helps
let said = null;      // on a terminal, what the player just did: { message, until }, kept over a live redraw

const RESULTS = [
  { r: "1-0", white: "won", black: "lost" },
  { r: "1/2-1/2", white: "drew", black: "drew" },
  { r: "0-1", white: "lost", black: "won" },
];
const nice = (r) => r.replaceAll("1/2", "½");
// Seconds a terminal shows a player's screen after an action of theirs, and when left alone
// on any other screen of theirs, before it returns to the start.
const AFTER_ACTION = 20;
const LEFT_ALONE = 60;

/** A player's points in `games` (White's when `white`). */
function pointsOf(games, white) {
  let got = 0;
  for (const g of games) {
    const [a, b] = g === "+-" ? ["1", "0"] : g === "-+" ? ["0", "1"] : g === "--" ? ["0", "0"] : g.split("-");
    const v = white ? a : b;
    got += v === "1" ? 1 : v === "1/2" ? 0.5 : 0;
  }
  return got;
}

/**
 * A result from the player's side: "you lost to Ana", "you won against Ana", "you drew with
 * Ana" (without `opp`: "you lost"), for `color`'s player; a Double-Swiss match counts both games.
 */
function fromMySide(games, color, opp) {
  const white = color === "white";
  const me = pointsOf(games, white);
  const them = pointsOf(games, !white);
  const whom = (word) => (opp ? ` ${word} ${opp}` : "");
  return me > them ? `you won${whom("against")}` : me < them ? `you lost${whom("to")}` : `you drew${whom("with")}`;
}

function screen(name, markup) {
  onScreen = name;
  render(main, markup);
  const first = main.querySelector("[autofocus]");
  if (first) first.focus();
  if (terminal) {
    clearTimeout(idle);
    // A player who walks away: the terminal forgets them and starts again after a minute.
    if (name !== "start" && name !== "signin") idle = setTimeout(start, LEFT_ALONE * 1000);
  }
}

function banner(text, kind) {
  return html`<div class="banner ${kind}" role="${kind === "bad" ? "alert" : "status"}">${text}</div>`;
}

async function call(path, body) {
  const r = await send("POST", `/api/tournaments/${id}/hall/player/${path}`, body, terminal ? terminalKey : undefined);
  if (r.status === 401 && terminal) {
    localStorage.removeItem(`swiss.terminal.${id}`);
    terminalKey = "";
    signInScreen("An arbiter has signed this terminal out. Ask an arbiter to sign it in again.");
    throw new Error("signed out");
  }
  return r;
}

// ---- The terminal's sign-in (by an arbiter) ---------------------------------------------
function signInScreen(message) {
  screen("signin", html`<section class="hallcard">
    <h2>This tablet is not signed in</h2>
    ${message ? banner(message, "bad") : ""}
    <p>An arbiter signs it in as a hall terminal: in the console, <strong>Hall</strong>, then <strong>Sign in a terminal</strong>, and open the link it gives on this tablet (or paste the key here).</p>
    <form id="keyform" class="stack"><label>Terminal key <input id="key" type="password" autocomplete="off" autofocus></label>
    <button class="big primary" type="submit">Sign in</button></form></section>`);
  $("#keyform").addEventListener("submit", (e) => { e.preventDefault(); useKey($("#key").value.trim()); });
}

async function useKey(key) {
  const r = await send("GET", "/api/me", undefined, key);
  const here = r.status === 200 && r.body.role === "terminal" && r.body.tournaments.includes(id);
  if (!here) { signInScreen(r.status === 401 ? "This key belongs to no terminal: it may have been revoked." : "This key is not a hall terminal's of this tournament."); return; }
  terminalKey = key;
  localStorage.setItem(`swiss.terminal.${id}`, key);
  $("#sub").textContent = `Hall terminal · ${r.body.name}`;
  start();
}

// ---- Finding a player ---------------------------------------------------------------------
function start() {
  me = null; view = null; said = null;
  if (terminal && !terminalKey) { signInScreen(); return; }
  const rp = tournament.rounds_published;
  const doing = terminal
    ? `Check in${rp ? " or report your result" : ""}: find your name, then type your code.`
    : "Who are you? Find your name, then type the code on your player card.";
  screen("start", html`<section class="hallcard">
    <h2>${doing}</h2>
    <label class="search">Your name <input id="find" type="search" autocomplete="off" placeholder="start typing your name" autofocus></label>
    <ul id="names" class="names"></ul></section>`);
  $("#find").addEventListener("input", drawNames);
  $("#names").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-player]");
    if (b) codeScreen(Number(b.dataset.player));
  });
  drawNames();
}

function drawNames() {
  // Accents, case and commas aside: "garcia lopez" finds "García López, Ana".
  const q = $("#find").value.trim();
  const list = players.filter((p) => !p.withdrawn_from && (!q || nameMatches(p.name, q)))
    .sort((a, b) => a.name.localeCompare(b.name));
  const shown = list.slice(0, 40);
  render($("#names"), html`${shown.map((p) => html`<li><button type="button" class="name" data-player="${p.player}">${p.name}${p.rating && html` <span class="muted">${p.rating}</span>`}</button></li>`)}\
${list.length > shown.length && html`<li class="muted">${list.length - shown.length} more: type more of your name</li>`}\
${!list.length && html`<li class="muted">Nobody of that name is registered: see an arbiter.</li>`}`);
}

function codeScreen(player, message) {
  const p = players.find((x) => x.player === player);
  screen("code", html`<section class="hallcard">
    <h2>${p.name}</h2>
    ${message ? banner(message, "bad") : ""}
    <form id="codeform" class="stack" autocomplete="off">
      <label>Your code (six letters and digits, on your player card)
        <input id="code" class="code" maxlength="6" autocapitalize="characters" spellcheck="false" autocomplete="off" autofocus></label>
      <div class="choices"><button class="big primary" type="submit">Continue</button>
      <button class="big" type="button" id="back">This is not me</button></div>
    </form></section>`);
  $("#back").addEventListener("click", start);
  $("#codeform").addEventListener("submit", async (e) => {
    e.preventDefault();
    const code = $("#code").value.trim().toUpperCase();
    if (code.length !== 6) { codeScreen(player, "The code has six characters."); return; }
    const r = await call("sign-in", { player, code });
    if (r.status !== 200) { codeScreen(player, r.body?.error || "The code was not accepted."); return; }
    me = { player, code };
    view = r.body;
    if (!terminal) localStorage.setItem(`swiss.me.${id}`, JSON.stringify(me));
    playerScreen();
  });
}

// ---- What a player can do -----------------------------------------------------------------
function boardLine(v) {
  const b = v.board;
  return html`Round ${v.round}, board ${b.board}: <strong>${b.white.name}</strong> (White) – <strong>${b.black.name}</strong> (Black)`;
}

// The board's state in the player's words.
function boardState(v) {
  const b = v.board;
  const mine = v.player.player;
  const s = b.result;
  const opp = v.color === "white" ? b.black : b.white;
  // Each result in the player's words beside the board's: "1-0: you lost to Ana".
  const side = (games, named = true) => fromMySide(games, v.color, named ? opp.name : "");
  switch (s.state) {
    case "no_report": return { words: "No result reported yet.", canReport: true };
    case "reported": return s.by === mine
      ? { words: `You reported ${resultText(s.games)}: ${side(s.games)}. Waiting for ${opp.name} to confirm.`, canReport: true, mine: s.games }
      : { words: `${opp.name} reported ${resultText(s.games)}: ${side(s.games, false)}. Please confirm it, or report what happened.`, canReport: true, theirs: s.games };
    case "agreed": return { words: `You both reported ${resultText(s.games)}: ${side(s.games)}. An arbiter will confirm it.`, canReport: true, mine: s.games };
    case "disputed": {
      const [mineSaid, theirsSaid] = v.color === "white" ? [s.white, s.black] : [s.black, s.white];
      return { words: `Your reports differ: you reported ${resultText(mineSaid)} (${side(mineSaid, false)}), ${opp.name} ${resultText(theirsSaid)} (${side(theirsSaid, false)}). An arbiter will decide; you may still change yours.`, canReport: true, mine: mineSaid };
    }
    case "recorded": return { words: `Result ${resultText(s.games)}: ${side(s.games)}.`, canReport: false, done: true };
    default: return { words: "", canReport: false };
  }
}

// The player's screen; `message` what was just done (a banner), after which a terminal keeps
// the player signed in for AFTER_ACTION seconds, for the next thing they came to do.
function playerScreen(message, redraw = false) {
  const v = view;
  if (redraw && said && Date.now() < said.until) message = said.message;
  else said = terminal && message ? { message, until: Date.now() + AFTER_ACTION * 1000 } : null;
  const parts = [];
  // Check-in for the next round, while it is not paired.
  if (v.next_round <= tournament.settings.rounds && (v.check_in_required || v.checked_in)) {
    const until = v.check_in_closes_at_ms ? ` until ${new Date(v.check_in_closes_at_ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}` : "";
    parts.push(html`<div class="task"><h3>Round ${v.next_round}</h3>${v.checked_in
      ? html`<p class="state ok">You are checked in for round ${v.next_round}.</p><button class="big" type="button" data-act="uncheck">I will not play round ${v.next_round} after all</button>`
      : html`<p class="state">${v.check_in_required ? `Check-in is required${until}: players not checked in are not paired.` : "You have not checked in."}</p><button class="big primary" type="button" data-act="checkin">I am here: check me in for round ${v.next_round}</button>`}</div>`);
  }
  if (v.board) {
    const st = boardState(v);
    let buttons = "";
    if (st.canReport) {
      buttons = html`<div class="choices results">${RESULTS.map((x) => {
        const confirm = st.theirs && st.theirs.join() === x.r;
        return html`<button class="big ${confirm ? "primary" : ""}" type="button" data-report="${x.r}">${confirm ? "Confirm " : ""}${nice(x.r)}<small>${v.color === "white" ? "I " + x.white : "I " + x.black}</small></button>`;
      })}</div>`;
    }
    parts.push(html`<div class="task"><h3>Your game</h3><p>${boardLine(v)}</p><p class="state ${st.done ? "ok" : ""}">${st.words}</p>${buttons}</div>`);
  } else if (tournament.rounds_published) {
    parts.push(html`<div class="task"><p class="muted">You have no board in round ${tournament.rounds_published}.</p></div>`);
  }
  // On their phone, the player's card: every game so far, on the public pages.
  const card = !terminal && html`<p><a href="/t/${encodeURIComponent(id)}/player/${v.player.player}">My card: all my games and my score</a> · <a href="/t/${encodeURIComponent(id)}">the tournament's pages</a></p>`;
  const after = terminal && message;
  const leaving = terminal && html`<p class="muted leaving">${after
    ? `Anything else? This terminal returns to the start in ${AFTER_ACTION} seconds for the next player.`
    : "Tap Finished when you are done: the next player starts from the beginning."}</p>`;
  screen("player", html`<section class="hallcard${after ? " done" : ""}">
    <h2>${v.player.name}</h2>${message || ""}${parts}${card}${leaving}
    <div class="choices"><button class="big ${after ? "primary" : ""}" type="button" id="done">${terminal ? "Finished: next player" : "Not me: sign out"}</button></div></section>`);
  if (after) { clearTimeout(idle); idle = setTimeout(start, said.until - Date.now()); }
  $("#done").addEventListener("click", () => { if (!terminal) localStorage.removeItem(`swiss.me.${id}`); start(); });
  main.querySelector(".hallcard").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-act], button[data-report]");
    if (!b) return;
    if (b.dataset.act === "checkin") confirmScreen(html`Check in <strong>${v.player.name}</strong> for round ${v.next_round}?`, "Yes, I am here", () => checkIn(true));
    if (b.dataset.act === "uncheck") confirmScreen(html`Withdraw <strong>${v.player.name}</strong>'s check-in for round ${v.next_round}? You will not be paired.`, "Yes, withdraw it", () => checkIn(false));
    if (b.dataset.report) {
      const r = b.dataset.report;
      const [w, k] = r.split("-").map(nice);
      const opp = v.color === "white" ? v.board.black : v.board.white;
      confirmScreen(html`Report round ${v.round}, board ${v.board.board}:<br><span class="sheet">${v.board.white.name} <strong>${w}</strong> – <strong>${k}</strong> ${v.board.black.name}</span><br><strong class="side">${capital(fromMySide([r], v.color, opp.name))} (${nice(r)}).</strong>`, "Send this result", () => report(r));
    }
  });
}

function confirmScreen(question, yes, action) {
  screen("confirm", html`<section class="hallcard"><h2>Please check</h2><p class="question">${question}</p>
    <div class="choices"><button class="big primary" type="button" id="yes" autofocus>${yes}</button>
    <button class="big" type="button" id="no">Back</button></div></section>`);
  $("#yes").addEventListener("click", async (e) => { e.target.disabled = true; await action(); });
  $("#no").addEventListener("click", () => playerScreen());
}

// What was done (or refused), on the player's screen: on a terminal the player stays signed
// in for a little while, to report a result after checking in without signing in again.
function doneScreen(text, kind) {
  playerScreen(banner(text, kind));
}

async function checkIn(present) {
  const r = await call("check-in", { ...me, present });
  if (r.status === 200 || r.status === 201) {
    view = r.body;
    doneScreen(present ? `${view.player.name} is checked in for round ${view.next_round}.` : `${view.player.name}'s check-in for round ${view.next_round} is withdrawn.`, "ok");
  } else doneScreen(r.body?.error || "Refused.", "bad");
}

async function report(result) {
  const r = await call("report", { ...me, board: view.board.board, result });
  if (r.status === 200 || r.status === 201) {
    view = r.body;
    const opp = view.color === "white" ? view.board.black : view.board.white;
    doneScreen(`Sent. ${capital(fromMySide([result], view.color, opp.name))} (${nice(result)}).`, "ok");
  } else doneScreen(r.body?.error || "Refused.", "bad");
}

// ---- Live: the phone's view follows its board ---------------------------------------------
async function refresh() {
  tournament = await get(`/api/tournaments/${id}`);
  players = await get(`/api/tournaments/${id}/players`);
  if (me && (onScreen === "player")) {
    const who = me;
    const r = await call("sign-in", who);
    // Redrawn only if the player is still on that screen (not on a confirmation they opened
    // meanwhile, and still the same player).
    if (r.status === 200 && onScreen === "player" && me === who) { view = r.body; playerScreen(undefined, true); }
  } else if (onScreen === "start") drawNames();
}

// Whether an event can change this page: in a hall of hundreds, every player's phone must not
// fetch again at every other player's check-in or report.
function concerns(e) {
  const board = view && view.board;
  switch (e.type) {
    case "player_checked_in": case "check_in_withdrawn": return !!me && e.player === me.player;
    case "player_codes_issued": return !!me && e.players.includes(me.player);
    case "result_reported": case "reports_accepted": case "result_recorded": case "result_corrected":
      return !!me && !!board && e.round === view.round && e.board === board.board;
    default: return true;
  }
}

async function boot() {
  try {
    tournament = await get(`/api/tournaments/${id}`);
  } catch (e) {
    $("#name").textContent = "No tournament at this address";
    render(main, banner("Check the address, or ask an arbiter.", "bad"));
    return;
  }
  players = await get(`/api/tournaments/${id}/players`);
  $("#name").textContent = tournament.name;
  document.title = `${tournament.name} · ${terminal ? "hall terminal" : "my game"}`;
  if (!terminal) $("#sub").textContent = "My game";
  // A terminal's sign-in link carries its key after '#', which never reaches a server.
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("key") || hash.has("p")) history.replaceState(null, "", location.pathname);
  const again = debounce(() => refresh().catch(() => {}), 300);
  live(id, tournament.last_seq, (m) => { if (concerns(m.event)) again(); }, (up) => {
    $("#conn").className = "status " + (up ? "live" : "down");
    $("#conn").textContent = up ? "live" : "reconnecting";
  });
  if (terminal) {
    const key = hash.get("key") || localStorage.getItem(`swiss.terminal.${id}`) || "";
    if (key) await useKey(key); else signInScreen();
    return;
  }
  // The phone: the card's QR code carries the player and code; else the last sign-in here.
  let saved = null;
  if (hash.has("p") && hash.has("c")) saved = { player: Number(hash.get("p")), code: hash.get("c").toUpperCase() };
  else { try { saved = JSON.parse(localStorage.getItem(`swiss.me.${id}`) || "null"); } catch (_) { saved = null; } }
  if (saved && players.some((p) => p.player === saved.player)) {
    const r = await call("sign-in", saved);
    if (r.status === 200) { me = saved; view = r.body; localStorage.setItem(`swiss.me.${id}`, JSON.stringify(me)); playerScreen(); return; }
    localStorage.removeItem(`swiss.me.${id}`);
    codeScreen(saved.player, r.body?.error);
    return;
  }
  start();
}
boot();
