"use strict";
Swiss.get("/api/health").then((h) => { document.getElementById("health").textContent = `${h.status} · engine ${h.engine}`; })
  .catch(() => { document.getElementById("health").textContent = "unreachable"; });
Swiss.get("/api/tournaments").then((ts) => {
  document.getElementById("list").innerHTML = ts.length
    ? `<tr><th>Name</th><th>System</th><th class="num">Players</th><th class="num">Rounds</th><th></th></tr>` + ts.map((t) =>
        `<tr><td>${Swiss.esc(t.name)}</td><td>${Swiss.esc(Swiss.systemName(t.settings.system))}</td><td class="num">${t.players}</td><td class="num">${t.rounds_published} / ${t.settings.rounds}</td>` +
        `<td><a href="/t/${t.id}">results</a> · <a href="/display/${t.id}">hall display</a> · <a href="/arbiter/${t.id}">arbiter console</a></td></tr>`).join("")
    : `<tr><td class="muted">No tournament yet. Create one through the API.</td></tr>`;
});
