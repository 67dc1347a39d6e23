// The chief arbiter's settings: the tournament's details (the TRF report's 012-132) at any
// time before it is closed, the acceleration and the tie-breaks before round 1.

import { html, render } from "./html.js";
import { get, send } from "./api.js";
import { readDetails } from "./words.js";
import { $, api, done, isRR, say, st } from "./arbiter-state.js";

export function drawSettings() {
  drawDetails();
  drawAcceleration();
}

// The details, the round dates as the rounds are scheduled; not redrawn while the arbiter is
// typing in the form.
function drawDetails() {
  const f = $("#detailsform");
  if (f.contains(document.activeElement)) return;
  const t = st.tournament;
  const d = t.details;
  f.name.value = t.name;
  for (const k of ["city", "federation", "time_control", "chief_arbiter"]) f[k].value = d[k] || "";
  f.start_date.value = d.start_date || ""; f.end_date.value = d.end_date || "";
  f.deputy_arbiters.value = (d.deputy_arbiters || []).join("\n");
  render($("#rounddates"), Array.from({ length: t.settings.rounds }, (_, i) =>
    html`<label>Round ${i + 1} <input name="round_date_${i + 1}" type="date" value="${d.round_dates[i] || ""}"></label>`));
  $("#trflink").href = api("/export.trf");
}
$("#detailsform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = e.target;
  const r = await send("PUT", api("/details"), { name: f.name.value.trim(), details: readDetails(f) }, st.token);
  if (r.status === 201) { say("Details saved.", "ok"); document.activeElement.blur(); st.refresh(); }
  else if (r.status === 200) say("Nothing changed.", "ok");
  else say(r.body?.error || "refused", "bad");
});

// The acceleration (C.04.7): chosen before round 1 (the server refuses it later, for a
// round-robin, and for points where a win is not worth two draws, in words).
function drawAcceleration() {
  const rr = isRR();
  const t = st.tournament;
  const a = t.settings.acceleration || "none";
  const fixed = t.rounds_published > 0;
  const f = $("#accelform");
  if (!f.contains(document.activeElement)) f.acceleration.value = a;
  const half = Math.ceil(t.settings.rounds / 2);
  const first = Math.ceil(half / 2);
  $("#accelstate").textContent = (a === "baku"
    ? `Baku (FIDE C.04.7): group A, the first 2·⌈N/4⌉ players of the list, plays its first ${first} rounds with a win's worth of virtual points and the next ${half - first} with a draw's worth; the standings keep the real points.`
    : "No acceleration.") + (rr ? " A round-robin is not accelerated: its rounds are the Berger tables'." : fixed ? " Fixed: round 1 is published." : " It can change until round 1 is published.");
  f.hidden = fixed || rr;
}
$("#accelform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const r = await send("PUT", api("/acceleration"), { acceleration: e.target.acceleration.value }, st.token);
  if (r.status === 201) { say("Acceleration saved.", "ok"); st.refresh(); }
  else if (r.status === 200) say("Nothing changed.", "ok");
  else say(r.body?.error || "refused", "bad");
});

// The tie-breaks, in order (FIDE C.07's codes, each with what it measures): the chief
// arbiter's to set before round 1 is published; after it the server refuses a change
// (C.07 4.1), and the console says so instead of offering one.
let catalogue = null;
let draft = null; // the order being edited, or null to show the recorded one
const meaning = (code) => catalogue?.tiebreaks.find((t) => t.code === code)?.meaning || "";
export async function drawTiebreaks() {
  if (!catalogue) {
    catalogue = await get("/api/tiebreaks");
    render($("#tbadd"), catalogue.tiebreaks.map((t) => html`<option value="${t.code}">${t.code}: ${t.meaning}</option>`));
  }
  const fixed = st.tournament.rounds_published > 0;
  const list = draft || st.tournament.settings.tiebreaks;
  $("#tbstate").textContent = fixed
    ? "Fixed: round 1 is published, and FIDE C.07 (4.1) has the list published before the tournament starts."
    : (draft ? "Not saved yet." : "Points first, then these in order, then the drawing of lots. They can change until round 1 is published.");
  render($("#tblist"), list.map((code, i) => html`<li><abbr title="${meaning(code)}">${code}</abbr> <span class="muted">${meaning(code)}</span>\
${!fixed && html` <button type="button" data-tbup="${i}" ${i === 0 ? "disabled" : ""} title="earlier">↑</button><button type="button" data-tbdown="${i}" ${i === list.length - 1 ? "disabled" : ""} title="later">↓</button><button type="button" data-tbremove="${i}" title="remove">✕</button>`}</li>`));
  $("#tbedit").hidden = fixed;
}
function editTiebreaks(change) {
  const list = [...(draft || st.tournament.settings.tiebreaks)];
  change(list);
  draft = list;
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
$("#tbdefaults").addEventListener("click", () => editTiebreaks((l) => l.splice(0, l.length, ...catalogue.defaults[st.tournament.settings.system])));
$("#tbsave").addEventListener("click", async () => {
  const r = await send("PUT", api("/tiebreaks"), { tiebreaks: draft || st.tournament.settings.tiebreaks }, st.token);
  if (done(r)) {
    draft = null;
    say(r.status === 201 ? "Tie-breaks saved." : "Nothing changed.", "ok");
    // The recorded order, as the server answers it (in C.07's codes), at once.
    st.tournament = await get(api());
    drawTiebreaks();
    st.refresh();
  }
  else say(r.body?.error || "refused", "bad");
});
