// The front page: the server's health, its tournaments, and an administrator's forms to create
// a tournament or import one from a TRF file.

import { html, render } from "./html.js";
import { get, send } from "./api.js";
import { isRoundRobin, readDetails, systemName } from "./words.js";

get("/api/health").then((h) => { document.getElementById("health").textContent = `${h.status} · engine ${h.engine}`; })
  .catch(() => { document.getElementById("health").textContent = "unreachable"; });
get("/api/tournaments").then((ts) => {
  render(document.getElementById("list"), ts.length
    ? html`<tr><th>Name</th><th>System</th><th class="num">Players</th><th class="num">Rounds</th><th></th></tr>${ts.map((t) =>
        html`<tr><td>${t.name}</td><td>${systemName(t.settings.system)}</td><td class="num">${t.players}</td><td class="num">${t.rounds_published} / ${t.settings.rounds}</td>\
<td><a href="/t/${t.id}">results</a> · <a href="/display/${t.id}">hall display</a> · <a href="/arbiter/${t.id}">arbiter console</a></td></tr>`)}`
    : html`<tr><td class="muted">No tournament yet.</td></tr>`);
});

/** A banner saying `text`. */
const banner = (text, kind) => html`<div class="banner ${kind}">${text}</div>`;

// A new tournament, by a server administrator: the Dutch in force unless another system is picked.
const form = document.getElementById("createform");
form.token.value = localStorage.getItem("swiss.token") || "";

// The point values each system starts with (engine::PointValues::default_for), shown in the
// form and sent only when the arbiter changes one.
const POINT_FIELDS = ["win", "draw", "loss", "forfeit_win", "forfeit_loss", "pairing_bye", "full_bye", "half_bye", "zero_bye"];
function defaultPoints(system) {
  const standard = { win: 1, draw: 0.5, loss: 0, forfeit_win: 1, forfeit_loss: 0, pairing_bye: 1, full_bye: 1, half_bye: 0.5, zero_bye: 0 };
  return system === "double-swiss-2026" ? { ...standard, pairing_bye: 1.5, full_bye: 2, half_bye: 1 } : standard;
}
function showDefaultPoints() {
  const d = defaultPoints(form.system.value);
  for (const f of POINT_FIELDS) form[f].value = d[f];
  // A round-robin's rounds are its tables': no number to give.
  const rr = isRoundRobin(form.system.value);
  document.getElementById("roundsfield").hidden = rr;
  form.rounds.required = !rr;
  document.getElementById("rrrounds").hidden = !rr;
  document.getElementById("accelfield").hidden = rr;
}
form.system.addEventListener("change", showDefaultPoints);
showDefaultPoints();

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const token = form.token.value.trim();
  const settings = { system: form.system.value, rounds: isRoundRobin(form.system.value) ? 0 : Number(form.rounds.value), initial_color: form.initial_color.value };
  if (!isRoundRobin(form.system.value) && form.acceleration.value !== "none") settings.acceleration = form.acceleration.value;
  const d = defaultPoints(form.system.value);
  if (POINT_FIELDS.some((f) => Number(form[f].value) !== d[f])) {
    settings.points = Object.fromEntries(POINT_FIELDS.map((f) => [f, Math.round(Number(form[f].value) * 10)]));
  }
  const tiebreaks = form.tiebreaks.value.split(/[\s,]+/).filter(Boolean);
  if (tiebreaks.length) settings.tiebreaks = tiebreaks;
  const body = { name: form.name.value.trim(), settings, details: readDetails(form) };
  const r = await send("POST", "/api/tournaments", body, token);
  const msg = document.getElementById("createmsg");
  if (r.status === 201) {
    localStorage.setItem("swiss.token", token);
    location.href = `/arbiter/${encodeURIComponent(r.body.id)}`;
  } else {
    render(msg, banner(r.body?.error || `refused (${r.status})`, "bad"));
  }
});

// A TRF file from another program: checked first (what it would make, its warnings), then
// imported with the administrator's token from the form above.
const importForm = document.getElementById("importform");
let checked = null; // { text, system }
function importQuery(system) {
  return system ? `?system=${encodeURIComponent(system)}` : "";
}
importForm.addEventListener("submit", async (e) => {
  e.preventDefault();
  const msg = document.getElementById("importmsg");
  const file = importForm.file.files[0];
  if (!file) return;
  let text;
  try {
    text = await file.text();
  } catch (err) {
    render(msg, banner(`${file.name} could not be read: ${err.message}`, "bad"));
    return;
  }
  const system = importForm.system.value;
  const token = form.token.value.trim();
  const r = await fetch(`/api/tournaments/import/preview${importQuery(system)}`, { method: "POST", headers: { "Content-Type": "text/plain", Authorization: "Bearer " + token }, body: text });
  const body = await r.json().catch(() => null);
  if (!r.ok) { checked = null; render(msg, banner(body?.error || `refused (${r.status})`, "bad")); return; }
  checked = { text, system };
  const warnings = body.warnings.length > 0 && html`<p>Warnings:</p><ul>${body.warnings.map((w) => html`<li>${w}</li>`)}</ul>`;
  const needs = !body.system && html`<p class="banner warn">The file does not say its system: choose one above and check it again.</p>`;
  render(msg, html`<div class="banner ok" id="importsummary"><strong>${body.name}</strong>: ${body.players} players, ${body.rounds_played} round${body.rounds_played === 1 ? "" : "s"} recorded\
${body.rounds ? ` of ${body.rounds}` : ""}, ${body.system ? systemName(body.system) : "system not said"}.</div>${warnings}${needs}\
${body.system && html`<button type="button" class="primary" id="importnow">Import it</button>`}`);
});
document.getElementById("importmsg").addEventListener("click", async (e) => {
  if (e.target.id !== "importnow" || !checked) return;
  const msg = document.getElementById("importmsg");
  const token = form.token.value.trim();
  const r = await fetch(`/api/tournaments/import${importQuery(checked.system)}`, { method: "POST", headers: { "Content-Type": "text/plain", Authorization: "Bearer " + token, "Idempotency-Key": `import-${Date.now()}` }, body: checked.text });
  const body = await r.json().catch(() => null);
  if (r.status === 201 || r.status === 200) {
    localStorage.setItem("swiss.token", token);
    render(msg, html`<div class="banner ok">Imported: <a id="importedlink" href="/arbiter/${encodeURIComponent(body.id)}">open its console</a> · <a href="/t/${encodeURIComponent(body.id)}">its public pages</a></div>`);
  } else {
    render(msg, banner(body?.error || `refused (${r.status})`, "bad"));
  }
});
