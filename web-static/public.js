// Public pages: pairings per round (by board and by name), result slips, standings with
// tie-breaks, the cross table, the starting list, a player's card, the list of AROs after each
// round for Dubov events (Dubov 9), and the corrections. They follow the tournament live.
// This module is the router: the address, the tabs, and the live events; each view is a
// module `public-{view}.js` with `load` (its data), `draw` (its markup) and `live` (a live
// event applied to its data: the data to draw again, or null to load it again).
//
// Each view has its own address, so that reload, a shared link and the back button show it:
// /t/{id} (the latest round's pairings, following new rounds), /t/{id}/round/3,
// /t/{id}/round/3/byname, /t/{id}/round/3/slips, /t/{id}/standings, /t/{id}/crosstable,
// /t/{id}/players, /t/{id}/player/12 (by registration number), /t/{id}/aro,
// /t/{id}/corrections. The older #standings form is still read.

import { html, render } from "./html.js";
import { changesViews, debounce, get, live, tournamentId } from "./api.js";
import { heard, isResult } from "./rounds.js";
import { systemName } from "./words.js";
import * as aro from "./public-aro.js";
import * as audit from "./public-audit.js";
import * as byname from "./public-byname.js";
import * as card from "./public-card.js";
import * as crosstable from "./public-crosstable.js";
import * as pairings from "./public-pairings.js";
import * as players from "./public-players.js";
import * as slips from "./public-slips.js";
import * as standings from "./public-standings.js";

const VIEWS = { pairings, byname, slips, standings, crosstable, players, aro, audit, card };
const TABS = ["pairings", "byname", "slips", "standings", "crosstable", "players", "aro", "audit"];

/** What the views read: the tournament, the round chosen (0: the latest, following new
 * ones), the player whose card is shown, the name searched for. */
const ctx = { id: tournamentId(), info: null, round: 0, cardOf: 0, search: "" };
let tab = "pairings";
let shown = null; // { tab, data }: the view drawn and its data, for live events to apply to
const main = document.getElementById("main");

function readAddress() {
  const parts = location.pathname.split("/").slice(3).filter(Boolean);
  ctx.round = 0;
  if (!parts.length && TABS.includes(location.hash.slice(1))) { tab = location.hash.slice(1); return; }
  if (parts[0] === "round") {
    ctx.round = Number(parts[1]) || 0;
    tab = ["byname", "slips"].includes(parts[2]) ? parts[2] : "pairings";
  } else if (parts[0] === "player") {
    tab = "card"; ctx.cardOf = Number(parts[1]) || 0;
  } else if (parts[0] === "corrections") {
    tab = "audit";
  } else {
    tab = TABS.includes(parts[0]) ? parts[0] : "pairings";
  }
}
function address() {
  const base = `/t/${encodeURIComponent(ctx.id)}`;
  if (tab === "card") return `${base}/player/${ctx.cardOf}`;
  if (["pairings", "byname", "slips"].includes(tab)) {
    if (!ctx.round) return tab === "pairings" ? base : `${base}/${tab}`;
    return `${base}/round/${ctx.round}${tab === "pairings" ? "" : "/" + tab}`;
  }
  return `${base}/${tab === "audit" ? "corrections" : tab}`;
}
function go(change) {
  change();
  history.pushState(null, "", address());
  show();
}
window.addEventListener("popstate", () => { readAddress(); show(); });

// Draws the view the address names; a live event redraws it in place (the reader's scroll
// position is kept). Only the latest request draws: a redraw that started before the reader
// moved to another view must not put the old one back when its data arrives.
let drawing = 0;
async function show(data) {
  const mine = ++drawing;
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === tab);
  // On a phone the tabs scroll sideways: the one shown is brought into the strip's view.
  const on = document.querySelector("#tabs button.on");
  const strip = document.querySelector("#tabs");
  if (on && strip && strip.scrollWidth > strip.clientWidth) {
    const left = on.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + on.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, left - 24);
    }
  }
  if (tab !== "card") document.title = ctx.info.name;
  const y = window.scrollY;
  const view = VIEWS[tab];
  // While a view loads, a live result has nothing to apply to: it loads again instead.
  if (data === undefined) shown = null;
  let markup;
  try {
    const got = data !== undefined ? data : await view.load(ctx);
    if (mine !== drawing) return;
    shown = { tab, data: got };
    markup = view.draw(ctx, got);
  } catch (e) {
    if (mine !== drawing) return;
    shown = null;
    markup = html`<div class="banner bad">${e.message}</div>`;
  }
  // A field being typed in (the search by name) keeps the focus and the caret across a
  // redraw, and what it filters is applied again.
  const typing = document.activeElement && main.contains(document.activeElement) && document.activeElement.id;
  const caret = typing && document.activeElement.selectionStart;
  render(main, markup);
  if (view.filter) view.filter(ctx, main);
  const field = typing && document.getElementById(typing);
  if (field) { field.focus(); if (caret !== null && field.setSelectionRange) field.setSelectionRange(caret, caret); }
  window.scrollTo(0, y);
}

document.getElementById("tabs").addEventListener("click", (e) => {
  const t = e.target.dataset.tab;
  if (t) go(() => { tab = t; if (!["pairings", "byname", "slips"].includes(t)) ctx.round = 0; });
});
main.addEventListener("click", (e) => {
  if (e.target.dataset.card) { const k = Number(e.target.dataset.card); go(() => { tab = "card"; ctx.cardOf = k; }); window.scrollTo(0, 0); }
  if (e.target.dataset.print !== undefined) window.print();
});
main.addEventListener("input", (e) => {
  if (e.target.id === "namesearch") { ctx.search = e.target.value; if (VIEWS[tab].filter) VIEWS[tab].filter(ctx, main); }
});
main.addEventListener("change", (e) => {
  if (e.target.id === "roundsel") { const n = Number(e.target.value); go(() => { ctx.round = n === ctx.info.rounds_published ? 0 : n; }); }
});

/**
 * A live event: a result is applied by the view shown to its data (the pairings change one
 * board, with no request; the standings are read again); a round published or withdrawn reads
 * the view again; any other event reads the tournament and the view again. Events come in
 * order: each waits for the one before.
 */
let queue = Promise.resolve();
const again = debounce(async () => { ctx.info = await get(`/api/tournaments/${ctx.id}`); await show(); }, 200);
function onEvent(m) {
  if (!changesViews(m)) return;
  const e = m.event;
  // A round published or withdrawn changes the count of rounds, which the message says: the
  // view is read again (the round's names and points, or the standings), not the tournament.
  if (e.type === "round_published" || e.type === "round_unpublished") {
    queue = queue.then(async () => {
      ctx.info.rounds_published = e.type === "round_published" ? e.round : e.round - 1;
      await show();
    }).catch(() => again());
    return;
  }
  if (!isResult(e)) { again(); return; }
  heard(e);
  queue = queue.then(async () => {
    if (!shown || shown.tab !== tab) { again(); return; }
    const data = await VIEWS[tab].live(ctx, shown.data, e);
    if (data === null) await show(); else await show(data);
  }).catch(() => again());
}

async function start() {
  ctx.info = await get(`/api/tournaments/${ctx.id}`);
  document.getElementById("name").textContent = ctx.info.name;
  document.title = ctx.info.name;
  const s = ctx.info.settings;
  document.getElementById("sub").textContent = `${systemName(s.system)}, ${s.rounds} rounds${s.acceleration === "baku" ? ", Baku acceleration" : ""}`;
  document.getElementById("arotab").hidden = !String(s.system).startsWith("dubov");
  readAddress();
  await show();
  live(ctx.id, ctx.info.last_seq, onEvent, (up) => { const c = document.getElementById("conn"); c.className = "status " + (up ? "live" : "down"); c.textContent = up ? "live" : "reconnecting"; });
}
start().catch((e) => { render(main, html`<div class="banner bad">${e.message}</div>`); });
