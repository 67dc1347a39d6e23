"use strict";
Swiss.get("/api/health").then((h) => { document.getElementById("health").textContent = `${h.status} · engine ${h.engine}`; })
  .catch(() => { document.getElementById("health").textContent = "unreachable"; });
Swiss.get("/api/tournaments").then((ts) => {
  document.getElementById("list").innerHTML = ts.length
    ? `<tr><th>Name</th><th>System</th><th class="num">Players</th><th class="num">Rounds</th><th></th></tr>` + ts.map((t) =>
        `<tr><td>${Swiss.esc(t.name)}</td><td>${Swiss.esc(Swiss.systemName(t.settings.system))}</td><td class="num">${t.players}</td><td class="num">${t.rounds_published} / ${t.settings.rounds}</td>` +
        `<td><a href="/t/${t.id}">results</a> · <a href="/display/${t.id}">hall display</a> · <a href="/arbiter/${t.id}">arbiter console</a></td></tr>`).join("")
    : `<tr><td class="muted">No tournament yet.</td></tr>`;
});

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
  const rr = Swiss.isRoundRobin(form.system.value);
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
  const settings = { system: form.system.value, rounds: Swiss.isRoundRobin(form.system.value) ? 0 : Number(form.rounds.value), initial_color: form.initial_color.value };
  if (!Swiss.isRoundRobin(form.system.value) && form.acceleration.value !== "none") settings.acceleration = form.acceleration.value;
  const d = defaultPoints(form.system.value);
  if (POINT_FIELDS.some((f) => Number(form[f].value) !== d[f])) {
    settings.points = Object.fromEntries(POINT_FIELDS.map((f) => [f, Math.round(Number(form[f].value) * 10)]));
  }
  const tiebreaks = form.tiebreaks.value.split(/[\s,]+/).filter(Boolean);
  if (tiebreaks.length) settings.tiebreaks = tiebreaks;
  const body = { name: form.name.value.trim(), settings, details: Swiss.readDetails(form) };
  const r = await Swiss.send("POST", "/api/tournaments", body, token);
  const msg = document.getElementById("createmsg");
  if (r.status === 201) {
    localStorage.setItem("swiss.token", token);
    location.href = `/arbiter/${encodeURIComponent(r.body.id)}`;
  } else {
    msg.innerHTML = `<div class="banner bad">${Swiss.esc(r.body?.error || `refused (${r.status})`)}</div>`;
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
    msg.innerHTML = `<div class="banner bad">${Swiss.esc(`${file.name} could not be read: ${err.message}`)}</div>`;
    return;
  }
  const system = importForm.system.value;
  const token = form.token.value.trim();
  const r = await fetch(`/api/tournaments/import/preview${importQuery(system)}`, { method: "POST", headers: { "Content-Type": "text/plain", Authorization: "Bearer " + token }, body: text });
  const body = await r.json().catch(() => null);
  if (!r.ok) { checked = null; msg.innerHTML = `<div class="banner bad">${Swiss.esc(body?.error || `refused (${r.status})`)}</div>`; return; }
  checked = { text, system };
  const warnings = body.warnings.length ? `<p>Warnings:</p><ul>${body.warnings.map((w) => `<li>${Swiss.esc(w)}</li>`).join("")}</ul>` : "";
  const needs = body.system ? "" : `<p class="banner warn">The file does not say its system: choose one above and check it again.</p>`;
  msg.innerHTML = `<div class="banner ok" id="importsummary"><strong>${Swiss.esc(body.name)}</strong>: ${body.players} players, ${body.rounds_played} round${body.rounds_played === 1 ? "" : "s"} recorded` +
    `${body.rounds ? ` of ${body.rounds}` : ""}, ${Swiss.esc(body.system ? Swiss.systemName(body.system) : "system not said")}.</div>${warnings}${needs}` +
    (body.system ? `<button type="button" class="primary" id="importnow">Import it</button>` : "");
});
document.getElementById("importmsg").addEventListener("click", async (e) => {
  if (e.target.id !== "importnow" || !checked) return;
  const msg = document.getElementById("importmsg");
  const token = form.token.value.trim();
  const r = await fetch(`/api/tournaments/import${importQuery(checked.system)}`, { method: "POST", headers: { "Content-Type": "text/plain", Authorization: "Bearer " + token, "Idempotency-Key": `import-${Date.now()}` }, body: checked.text });
  const body = await r.json().catch(() => null);
  if (r.status === 201 || r.status === 200) {
    localStorage.setItem("swiss.token", token);
    msg.innerHTML = `<div class="banner ok">Imported: <a id="importedlink" href="/arbiter/${encodeURIComponent(body.id)}">open its console</a> · <a href="/t/${encodeURIComponent(body.id)}">its public pages</a></div>`;
  } else {
    msg.innerHTML = `<div class="banner bad">${Swiss.esc(body?.error || `refused (${r.status})`)}</div>`;
  }
});
