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
form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const token = form.token.value.trim();
  const body = {
    name: form.name.value.trim(),
    settings: { system: form.system.value, rounds: Number(form.rounds.value), initial_color: form.initial_color.value },
  };
  const r = await Swiss.send("POST", "/api/tournaments", body, token);
  const msg = document.getElementById("createmsg");
  if (r.status === 201) {
    localStorage.setItem("swiss.token", token);
    location.href = `/arbiter/${encodeURIComponent(r.body.id)}`;
  } else {
    msg.innerHTML = `<div class="banner bad">${Swiss.esc(r.body?.error || `refused (${r.status})`)}</div>`;
  }
});
