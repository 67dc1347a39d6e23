// The chief arbiter's players: registration (from FIDE's rating list with a click, from the
// keyboard: the form above the list, its confirmation beside it, the focus back on the name),
// the starting list with each player's state, byes and absences, players kept apart (a
// Swiss's only), withdrawals, corrections of a player's data, and a round-robin's numbers
// with the seed they were drawn from.

import { html, render } from "./html.js";
import { debounce, get, send } from "./api.js";
import { $, api, byTpn, done, isRR, REQUESTED, say, st } from "./arbiter-state.js";

/** The starting list and every list of players to choose from. */
export function drawPlayers() {
  for (const sel of document.querySelectorAll("select.players")) {
    render(sel, byTpn().map((p) => html`<option value="${p.player}">${p.tpn}. ${p.name}</option>`));
  }
  // The starting list: by pairing number, which is what "No" means everywhere in the
  // console; the registration number beside it is what the log and the API's paths use.
  render($("#playerlist"), html`<tr><th class="num" title="pairing number">No</th><th class="num" title="registration number">Reg</th><th>Name</th><th class="num">Rating</th><th>Fed</th><th>Status</th></tr>\
${byTpn().map((p) => html`<tr><td class="num">${p.tpn}</td><td class="num muted">${p.player}</td><td>${(p.title ? p.title + " " : "") + p.name}</td><td class="num">${p.rating || ""}</td><td>${p.federation || ""}</td><td>${status(p)}</td></tr>`)}`);
  drawRoundRobin();
}

// A player's state in the list: withdrawn, and each bye asked for (or absence announced) for
// a round not yet published, with its cancel button.
function status(p) {
  const parts = [];
  // The Baku acceleration's group, and the virtual points for the next round (C.04.7).
  if (p.baku_group) parts.push(`group ${p.baku_group}${p.virtual_points_next ? ` (${p.virtual_points_next} virtual next round)` : ""}`);
  if (p.late_from) parts.push(`late entry: plays from round ${p.late_from}`);
  if (p.withdrawn_from) parts.push(`withdrawn from round ${p.withdrawn_from}`);
  // Never paired yet: may be removed, as registered by mistake (the server refuses otherwise).
  if (!p.withdrawn_from && !st.tournament.rounds_published) parts.push(html`<button type="button" class="link" data-remove="${p.player}">remove (registered by mistake)</button>`);
  for (const b of p.requested_byes || []) {
    parts.push(html`${REQUESTED[b.kind] || b.kind} in round ${b.round} <button type="button" class="link" data-cancelbye="${p.player}" data-round="${b.round}">cancel</button>`);
  }
  return parts.flatMap((x, i) => (i ? ["; ", x] : [x]));
}
$("#playerlist").addEventListener("click", async (e) => {
  const d = e.target.dataset;
  if (d.remove) {
    // Two clicks: the first asks, the second removes.
    if (e.target.dataset.asked !== "1") { e.target.dataset.asked = "1"; e.target.textContent = "click again to remove"; return; }
    const r = await send("POST", api(`/players/${d.remove}/removal`), { reason: "registered by mistake" }, st.token);
    if (done(r)) { say("Removed: registered by mistake.", "ok"); st.refresh(); }
    else say(r.body?.error || "refused", "bad");
    return;
  }
  if (!d.cancelbye) return;
  const r = await send("POST", api("/byes/cancellation"), { player: Number(d.cancelbye), round: Number(d.round) }, st.token);
  if (done(r)) { say(`The bye in round ${d.round} is cancelled: the player is paired again.`, "ok"); st.refresh(); }
  else say(r.body?.error || "refused", "bad");
});

// How a round-robin's numbers were given, in words.
const HOW = { lots: "by drawing of lots", varma: "by the Varma tables", assigned: "as assigned by the arbiter" };
// Whether the arbiter asked to give a round-robin's numbers again.
let redraw = false;

// A round-robin: the numbers given before round 1 (how, and the seed drawn), no byes, no
// players kept apart (the table decides who meets whom), no late entries once started.
function drawRoundRobin() {
  const rr = isRR();
  const t = st.tournament;
  const started = t.rounds_published > 0;
  $("#rrnumbers").hidden = !rr;
  $("#rrnobyes").hidden = !rr;
  $("#swissonly").hidden = rr;
  $("#byeform").hidden = rr;
  $("#manual").hidden = rr;
  $("#register").hidden = rr && started;
  if (rr) {
    const n = st.players.length;
    $("#rrstate").textContent = `${n} players: ${t.settings.rounds} rounds by the Berger table for ${n + (n % 2)} numbers` +
      (n % 2 ? ` (an odd field: the player drawn against number ${n + 1} has no game that round)` : "") +
      (started ? ". The pairing numbers in the starting list are the numbers in the table, fixed since round 1 was published." : ". The pairing numbers in the starting list are the numbers in the table; give them before publishing round 1.");
    drawNumbersGiven(started).catch((e) => say(e.message, "bad"));
  }
}

// The numbers given, as the log records them (the last drawing): how and from which seed; the
// form to give them only while none are given (or the arbiter asks to give them again) and
// round 1 is not published.
async function drawNumbersGiven(started) {
  const log = await get(api("/audit"));
  const drawn = [...log].reverse().find((e) => e.event?.type === "numbers_drawn")?.event;
  const p = $("#rrdrawn");
  p.hidden = !drawn;
  if (drawn) {
    p.textContent = `Numbers given ${HOW[drawn.method] || drawn.method}` +
      (drawn.method === "assigned" ? "." : `, from seed ${drawn.seed}: the same seed draws the same numbers again.`);
  }
  $("#numbersform").hidden = started || (!!drawn && !redraw);
  $("#rrredraw").hidden = started || !drawn || redraw;
  for (const b of $("#numbersform").querySelectorAll("button")) b.disabled = started;
}
$("#drawagain").addEventListener("click", () => { redraw = true; $("#numbersform").hidden = false; $("#rrredraw").hidden = true; $("#numbersform").method.focus(); });
$("#numbersform").method.addEventListener("change", (e) => { $("#orderlabel").hidden = e.target.value !== "assigned"; });
$("#numbersform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = e.target;
  const body = { method: f.method.value };
  if (f.method.value === "assigned") body.order = f.order.value.split(/[\s,]+/).filter(Boolean).map((x) => ({ player: Number(x) }));
  else if (f.seed.value !== "") body.seed = Number(f.seed.value);
  const r = await send("POST", api("/numbers"), body, st.token);
  if (done(r)) { redraw = false; say("The numbers are given: the starting list above is in their order.", "ok", $("#rrredraw")); st.refresh(); }
  else say(r.body?.error || "refused", "bad", f);
});

function formBody(form) {
  const out = {};
  for (const [k, v] of new FormData(form).entries()) {
    if (v === "") continue;
    out[k] = ["rating", "fide_id", "player", "round", "from_round"].includes(k) ? Number(v) : v;
  }
  return out;
}
// Sends `form` to `path`; the answer is said beside the form, and the focus goes back to its
// first field, ready for the next entry from the keyboard.
async function submit(form, path) {
  const r = await send("POST", path, formBody(form), st.token);
  if (done(r)) {
    // A registration answers the player's numbers.
    say(r.body?.tpn ? `Registered: ${r.body.name}, pairing number ${r.body.tpn} for now (registration ${r.body.player}).` : "Recorded.", "ok", form);
    form.reset(); st.refresh();
    form.elements[0].focus();
  }
  else say(r.body?.error || "refused", "bad", form);
}
$("#register").addEventListener("submit", (e) => { e.preventDefault(); submit(e.target, api("/players")); });
$("#byeform").addEventListener("submit", (e) => { e.preventDefault(); submit(e.target, api("/byes")); });
$("#withdrawform").addEventListener("submit", (e) => {
  e.preventDefault();
  const b = formBody(e.target);
  send("POST", api(`/players/${b.player}/withdrawal`), { from_round: b.from_round, reason: b.reason, reason_public: e.target.reason_public.checked }, st.token)
    .then((r) => { if (r.status === 201) { say("Withdrawal recorded.", "ok", e.target); e.target.reset(); st.refresh(); } else say(r.body?.error || "refused", "bad", e.target); });
});

// A player's data corrected: the form shows the player's data as recorded, and sends only
// what was changed (an emptied field clears it), with the reason.
function fillCorrection() {
  const f = $("#correctform");
  const p = st.players.find((x) => x.player === Number(f.player.value));
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
  const p = st.players.find((x) => x.player === Number(f.player.value));
  if (!p) return;
  const correction = {};
  const text = (name, was) => { const v = f[name].value.trim(); if (v !== (was ?? "")) correction[name] = v === "" ? null : v; };
  const number = (name, was) => { const v = f[name].value.trim(); if (v !== String(was ?? "")) correction[name] = v === "" ? null : Number(v); };
  if (f.name.value.trim() && f.name.value.trim() !== p.name) correction.name = f.name.value.trim();
  number("rating", p.rating); text("title", p.title); text("federation", p.federation); number("fide_id", p.fide_id);
  if (f.birth_date.value.trim()) correction.birth_date = f.birth_date.value.trim();
  if (f.sex.value) correction.sex = f.sex.value;
  if (!Object.keys(correction).length) { say("Nothing to correct: no field was changed.", "warn"); return; }
  const r = await send("PATCH", api(`/players/${p.player}`), { correction, reason: f.reason.value.trim(), reason_public: f.reason_public.checked }, st.token);
  if (done(r)) { say(`${p.name}: ${Object.keys(correction).join(", ")} corrected.`, "ok"); f.reason.value = ""; st.refresh(); }
  else say(r.body?.error || "refused", "bad");
});

// Players kept apart: the groups with their rounds, each removable; a new group by the
// players' pairing numbers.
export async function drawKeptApart() {
  const groups = await get(api("/kept-apart"));
  render($("#keptapart"), groups.length
    ? html`<tr><th class="num">Group</th><th>Players</th><th>Rounds</th><th></th></tr>${groups.map((g) =>
      html`<tr><td class="num">${g.group}</td><td>${g.players.map((p) => `${p.tpn}. ${p.name}`).join("; ")}</td><td>${g.from_round}–${g.to_round || st.tournament.settings.rounds}</td><td><button type="button" class="link" data-release="${g.group}">remove</button></td></tr>`)}`
    : html`<tr><td class="muted">Nobody is kept apart.</td></tr>`);
}
$("#keepapartform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = e.target;
  const body = { players: f.players.value.split(/[\s,;]+/).filter(Boolean).map((x) => ({ tpn: Number(x) })) };
  if (f.from_round.value) body.from_round = Number(f.from_round.value);
  if (f.to_round.value) body.to_round = Number(f.to_round.value);
  if (f.reason.value.trim()) body.reason = f.reason.value.trim();
  const r = await send("POST", api("/kept-apart"), body, st.token);
  if (r.status === 201) { say("Kept apart.", "ok", f); f.reset(); st.refresh(); f.players.focus(); }
  else say(r.body?.error || "refused", "bad", f);
});
$("#keptapart").addEventListener("click", async (e) => {
  const g = e.target.dataset.release;
  if (!g) return;
  const r = await send("POST", api(`/kept-apart/${g}/removal`), {}, st.token);
  if (r.status === 201) { say(`Group ${g} is no longer kept apart.`, "ok"); st.refresh(); }
  else say(r.body?.error || "refused", "bad");
});

// FIDE's rating list: loaded once for the server (the file as downloaded), searched when a
// player registers (a click fills the form), and used to update ratings before round 1.
export async function drawRatingList() {
  const l = await get("/api/rating-list");
  $("#liststatus").textContent = l.loaded
    ? `Rating list: ${l.source}, ${l.players.toLocaleString("en")} players, loaded ${new Date(l.loaded_at_ms).toISOString().slice(0, 10)}.`
    : "No rating list loaded.";
  const fixed = st.tournament.rounds_published > 0;
  $("#updateratings").disabled = !l.loaded || fixed;
  $("#updateratings").title = fixed ? "ratings are fixed once round 1 is published" : "";
}
$("#loadlist").addEventListener("click", async () => {
  const file = $("#listfile").files[0];
  if (!file) { say("Choose the list's file first.", "bad"); return; }
  say(`Loading ${file.name}…`, "ok");
  const r = await fetch(`/api/rating-list?name=${encodeURIComponent(file.name)}`, { method: "PUT", headers: { Authorization: "Bearer " + st.token }, body: file });
  const body = await r.json().catch(() => null);
  if (r.status === 201) { say(`Rating list loaded: ${body.players.toLocaleString("en")} players.`, "ok"); drawRatingList(); }
  else say(body?.error || `refused (${r.status})`, "bad");
});
$("#updateratings").addEventListener("click", async () => {
  const r = await send("POST", api("/ratings-update"), undefined, st.token);
  if (r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  const c = r.body.changes;
  say(c.length ? `Updated from ${r.body.source}: ` + c.map((x) => `${x.name} ${x.old_rating ?? "unrated"} → ${x.rating}`).join("; ")
    : `Every rating is already the list's (${r.body.source}).`, "ok");
  st.refresh();
});
let found = [];
const searchList = debounce(async () => {
  const q = $("#listsearch").value.trim();
  if (q.length < 2) { render($("#listfound"), ""); return; }
  const r = await send("GET", `/api/rating-list/players?q=${encodeURIComponent(q)}`, undefined, st.token);
  if (r.status !== 200) { render($("#listfound"), html`<p class="muted">${r.body?.error || "no answer"}</p>`); return; }
  found = r.body;
  render($("#listfound"), found.length
    ? html`<table class="found">${found.map((p, i) => html`<tr><td><button type="button" data-found="${i}">Use</button></td><td>${p.title || ""} ${p.name}</td><td>${p.federation || ""}</td><td class="num">${p.rating || "unrated"}</td><td class="num">${p.birth_year || ""}</td><td class="num">${p.fide_id}</td></tr>`)}</table>`
    : html`<p class="muted">nobody in the list</p>`);
}, 250);
$("#listsearch").addEventListener("input", searchList);
$("#listfound").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-found]"); if (!b) return;
  const p = found[Number(b.dataset.found)];
  const f = $("#register");
  f.name.value = p.name; f.rating.value = p.rating || ""; f.title.value = p.title || ""; f.federation.value = p.federation || "";
  f.fide_id.value = p.fide_id; f.birth_date.value = p.birth_year ? `${p.birth_year}/00/00` : ""; f.sex.value = p.sex || "";
  render($("#listfound"), ""); $("#listsearch").value = "";
});
