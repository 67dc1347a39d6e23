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
}
form.system.addEventListener("change", showDefaultPoints);
showDefaultPoints();

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const token = form.token.value.trim();
  const settings = { system: form.system.value, rounds: Swiss.isRoundRobin(form.system.value) ? 0 : Number(form.rounds.value), initial_color: form.initial_color.value };
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
