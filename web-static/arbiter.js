// The arbiter console: sign-in, the router between its views (each task its own address,
// /arbiter/{id}/players ..., the browser's back and forward between them), and the live
// events. Each view is a module `arbiter-{view}.js`; their shared state is `arbiter-state.js`.
//
// A live result carries its round, board and result: it is applied to the round shown in
// place (no request), and only a view that shows what a result changes beyond it (the
// standings, the hall) reads again. Any other event reads the console again.

import { html, render } from "./html.js";
import { debounce, get, live, send } from "./api.js";
import { heard, isResult } from "./rounds.js";
import { resultText } from "./words.js";
import { $, api, say, st } from "./arbiter-state.js";
import { drawArbiters } from "./arbiter-accounts.js";
import { drawHall } from "./arbiter-hall.js";
import { drawKeptApart, drawPlayers, drawRatingList } from "./arbiter-players.js";
import { applyLive, drawRoundSelect, loadBoards, reportHeard } from "./arbiter-results.js";
import { drawComing } from "./arbiter-round.js";
import { drawSettings, drawTiebreaks } from "./arbiter-settings.js";
import { drawStandings } from "./arbiter-standings.js";

const VIEWS = ["results", "hall", "round", "players", "standings", "settings", "accounts"];
const OPEN_TO_ALL = ["results", "hall", "standings"];

async function signIn(t) {
  const r = await send("GET", "/api/me", undefined, t);
  if (r.status !== 200) {
    // A token nobody has: said in an arbiter's words, with what to do.
    const words = r.status === 401
      ? "This token belongs to no account. Check it was pasted whole; a lost token is replaced by the chief arbiter (Accounts, new token) or the administrator."
      : r.body?.error || "sign-in failed";
    render($("#signinmsg"), html`<div class="banner bad">${words}</div>`);
    return;
  }
  // An administrator is the chief arbiter of every tournament; other accounts act only in
  // their own tournaments (the server refuses the rest with 403 in any case).
  const here = r.body.role === "admin" ? "chief" : (r.body.tournaments.includes(st.id) ? r.body.role : null);
  if (!here || here === "terminal") { render($("#signinmsg"), html`<div class="banner bad">${`the account ${r.body.name} is not an arbiter of this tournament`}</div>`); return; }
  st.token = t; st.me = r.body; localStorage.setItem("swiss.token", t);
  $("#who").textContent = `${st.me.name} (${st.me.role === "admin" ? "administrator" : here === "chief" ? "chief arbiter" : "arbiter"})`;
  $("#signin").hidden = true; $("#console").hidden = false; $("#chief").hidden = here !== "chief";
  $("#signout").hidden = false;
  st.isChief = here === "chief";
  for (const a of document.querySelectorAll("#tasks a")) {
    a.href = `/arbiter/${encodeURIComponent(st.id)}/${a.dataset.view}`;
    a.hidden = a.classList.contains("chiefonly") && !st.isChief;
  }
  $("#tasks").hidden = false;
  const t0 = await load();
  show(viewFromPath() || defaultView(), false);
  checkStore();
  setInterval(checkStore, 30000);
  live(st.id, t0.last_seq, onEvent, (up) => { $("#conn").className = "status " + (up ? "live" : "down"); $("#conn").textContent = up ? "live" : "reconnecting"; if (up) refresh(); });
}

function viewFromPath() {
  const v = location.pathname.split("/")[3];
  return VIEWS.includes(v) ? v : null;
}
// Where a chief arbiter starts: the players before round 1, then the results being entered.
const defaultView = () => (st.isChief && !st.tournament?.rounds_published ? "players" : "results");
function show(view, push) {
  if (!st.isChief && !OPEN_TO_ALL.includes(view)) view = "results";
  st.currentView = view;
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
  const url = `/arbiter/${encodeURIComponent(st.id)}/${view}`;
  if (location.pathname !== url) history[push ? "pushState" : "replaceState"](null, "", url);
  const label = document.querySelector(`#tasks a[data-view="${view}"]`)?.textContent || "";
  document.title = `${st.tournament?.name || "Arbiter console"} · ${label}`;
  if (view === "standings") drawStandings().catch((e) => say(e.message, "bad"));
  if (view === "hall") drawHall().catch((e) => say(e.message, "bad"));
  if (view === "round" && st.tournament) drawComing();
  if (view === "results") $("#quick").focus({ preventScroll: true });
}
st.show = show;
$("#tasks").addEventListener("click", (e) => {
  const a = e.target.closest("a[data-view]");
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return; // a new tab opens the view at its address
  e.preventDefault();
  say("");
  show(a.dataset.view, true);
});
window.addEventListener("popstate", () => { if (st.me) show(viewFromPath() || defaultView(), false); });

// The store's health in a banner: a full (or nearly full) disk, or a store that refused the
// last write, said as the server words it, checked at sign-in and every 30 seconds.
async function checkStore() {
  try {
    const h = await get("/api/health");
    const words = h.store?.problem || h.store?.warning || h.copies?.problem;
    render($("#storehealth"), h.status !== "ok" && words && html`<div class="banner bad" role="alert"><strong>The tournament data:</strong> ${words}</div>`);
  } catch (e) { /* the live status says when the server is out of reach */ }
}

/** Reads the console again: the tournament, its players, the views that show them. */
async function load() {
  st.tournament = await get(api());
  $("#name").textContent = st.tournament.name;
  st.players = await get(api("/players"));
  drawRoundSelect();
  drawPlayers();
  drawComing();
  if (st.currentView === "standings") await drawStandings();
  if (st.currentView === "hall") await drawHall();
  if (!$("#chief").hidden) { await drawArbiters(); drawSettings(); await drawKeptApart(); await drawTiebreaks(); await drawRatingList(); }
  await loadBoards();
  return st.tournament;
}

const refresh = debounce(() => load().catch((e) => say(e.message, "bad")), 100);
st.refresh = refresh;

function onEvent(m) {
  if (m.event.type === "result_reported") reportHeard();
  if (!isResult(m.event)) { refresh(); return; }
  const e = m.event;
  heard(e);
  if (e.type !== "reports_accepted" && e.round === st.shownRound && m.actor !== st.me.name) say(`Board ${e.board}: ${m.actor} entered ${resultText(e.games)}.`, "ok");
  applyLive(e);
  if (st.currentView === "standings") drawStandings().catch((x) => say(x.message, "bad"));
  if (st.currentView === "hall") drawHall().catch((x) => say(x.message, "bad"));
}

$("#signinform").addEventListener("submit", (e) => { e.preventDefault(); signIn($("#token").value.trim()); });
// Sign-out forgets the token on this device and starts the page afresh.
$("#signout").addEventListener("click", () => { localStorage.removeItem("swiss.token"); location.reload(); });
// A sign-in link (`#token=...`) signs in with its token and leaves no token in the address.
{
  const m = location.hash.match(/^#token=([0-9a-f]+)$/);
  if (m) {
    st.token = m[1];
    history.replaceState(null, "", location.pathname);
  }
}
if (st.token) signIn(st.token);
// The sign-in names the tournament it opens.
get(api()).then((t) => {
  if (!st.tournament) $("#name").textContent = t.name;
  $("#signinfor").textContent = `The console of ${t.name}: sign in with the token of an arbiter of this tournament (or the administrator's).`;
  document.title = `${t.name} · arbiter console`;
}).catch(() => { $("#signinfor").textContent = "No tournament at this address."; });
