"use strict";
// Public pages: pairings per round, standings with tie-breaks, the cross table, a player's
// card, the list of AROs after each round for Dubov events (Dubov 9), and the audit log of
// corrections. They follow the tournament live.
const id = Swiss.tournamentId();
let tab = location.hash.slice(1) || "pairings";
let round = 0;
let info = null;
const main = document.getElementById("main");

// Printing: every view prints from the browser (A4 or Letter, portrait). A table's head
// repeats on every printed page, so its first row carries the title a sheet on the wall needs:
// the tournament, what the sheet is, the round and its date (the round's date as recorded,
// else the day it is printed). Rows are never split across pages (app.css).
function printTitle(what, roundNo, cols) {
  const recorded = roundNo ? info.details?.round_dates?.[roundNo - 1] : null;
  const date = recorded || new Date().toISOString().slice(0, 10);
  const text = [info.name, what, roundNo ? `Round ${roundNo}` : null, date].filter(Boolean).join(" · ");
  return `<tr class="printhead"><th colspan="${cols}">${Swiss.esc(text)}</th></tr>`;
}
const printButton = `<button type="button" class="noprint" data-print>Print</button>`;

// The round shown (the latest unless another is chosen), with its selector.
async function shownRound() {
  round = round || info.rounds_published;
  const r = await Swiss.get(`/api/tournaments/${id}/rounds/${round}`);
  const opts = Array.from({ length: info.rounds_published }, (_, i) => `<option value="${i + 1}" ${i + 1 === round ? "selected" : ""}>Round ${i + 1}</option>`).join("");
  return [r, `<p class="noprint"><select id="roundsel">${opts}</select> ${printButton}</p>`];
}
const link = (p) => `<button class="link" data-card="${p.player}">${Swiss.esc(Swiss.who(p))}</button>`;
const numbered = (p) => `${p.tpn ? p.tpn + ". " : ""}${Swiss.esc(Swiss.who(p))}`;

const views = {
  async pairings() {
    if (!info.rounds_published) return `<p class="muted">No round published yet.</p>`;
    const [r, top] = await shownRound();
    return top + `<table><thead>${printTitle("Pairings", round, 6)}<tr><th class="num">Board</th><th class="num">Pts</th><th>White</th><th>Result</th><th>Black</th><th class="num">Pts</th></tr></thead><tbody>` +
      r.pairs.map((p) => `<tr><td class="num">${p.board}</td><td class="num">${Swiss.esc(p.white.score)}</td><td>${link(p.white)}</td><td>${Swiss.esc(Swiss.resultText(p.games)) || "–"}</td><td>${link(p.black)}</td><td class="num">${Swiss.esc(p.black.score)}</td></tr>`).join("") +
      `</tbody></table>` + (r.bye ? `<p>Bye: ${link(r.bye)}</p>` : "") +
      (r.requested_byes.length ? `<p class="muted">Not playing: ${r.requested_byes.map((b) => `${Swiss.esc(b.name)} (${Swiss.esc(Swiss.byeName(b.kind))})`).join(", ")}</p>` : "");
  },
  // Pairings by name, alphabetical: the list players look for in a big open.
  async byname() {
    if (!info.rounds_published) return `<p class="muted">No round published yet.</p>`;
    const [r, top] = await shownRound();
    const rows = [];
    for (const p of r.pairs) {
      rows.push({ p: p.white, board: p.board, colour: "White", opp: p.black });
      rows.push({ p: p.black, board: p.board, colour: "Black", opp: p.white });
    }
    if (r.bye) rows.push({ p: r.bye, note: "pairing-allocated bye" });
    for (const b of r.requested_byes) rows.push({ p: b, note: Swiss.byeName(b.kind) });
    rows.sort((a, b) => a.p.name.localeCompare(b.p.name) || (a.p.tpn || 0) - (b.p.tpn || 0));
    return top + `<table><thead>${printTitle("Pairings by name", round, 5)}<tr><th>Name</th><th class="num">Pts</th><th class="num">Board</th><th>Colour</th><th>Opponent</th></tr></thead><tbody>` +
      rows.map((x) => `<tr><td>${link(x.p)}</td><td class="num">${Swiss.esc(x.p.score ?? "")}</td>` +
        (x.note ? `<td></td><td colspan="2">${Swiss.esc(x.note)}</td>` : `<td class="num">${x.board}</td><td>${x.colour}</td><td>${Swiss.esc(Swiss.who(x.opp))}</td>`) + `</tr>`).join("") +
      `</tbody></table>`;
  },
  // Result slips: one per board, cut along the dashed lines, for the players to fill in.
  async slips() {
    if (!info.rounds_published) return `<p class="muted">No round published yet.</p>`;
    const [r, top] = await shownRound();
    const recorded = info.details?.round_dates?.[round - 1];
    const boxes = ["1-0", "½-½", "0-1"].map((x) => `<span class="box"></span> ${x}`).join(" ");
    const result = info.settings.system === "double-swiss-2026"
      ? `<p>Game 1: ${boxes}</p><p>Game 2 (colours reversed): ${boxes}</p>`
      : `<p>Result: ${boxes}</p>`;
    return top + `<div class="slips">` + r.pairs.map((p) => `<div class="slip">` +
      `<p class="sliphead"><strong>${Swiss.esc(info.name)}</strong> · Round ${round}${recorded ? " · " + Swiss.esc(recorded) : ""} · <strong>Board ${p.board}</strong></p>` +
      `<table><tr><th>White</th><td>${numbered(p.white)}</td></tr><tr><th>Black</th><td>${numbered(p.black)}</td></tr></table>` +
      result + `<p class="signatures"><span>White's signature</span><span>Black's signature</span></p></div>`).join("") + `</div>`;
  },
  async standings() {
    const s = await Swiss.get(`/api/tournaments/${id}/standings`);
    // Each column's code says what it measures (hover), and the legend below says it for every
    // one (a click), so that a column that separates nobody is not a mystery.
    const meaning = (i) => s.tiebreak_meanings[i] || "";
    const cols = 4 + s.tiebreaks.length;
    return `<p class="muted">After round ${s.after_round}. Tie-breaks: ${s.tiebreaks.map(Swiss.esc).join(", ")}. ${printButton}</p><table><thead>${printTitle(`Standings after round ${s.after_round}`, null, cols)}<tr><th class="num">Rank</th><th>Player</th><th>Fed</th><th class="num">Pts</th>${s.tiebreaks.map((t, i) => `<th class="num"><abbr title="${Swiss.esc(meaning(i))}">${Swiss.esc(t)}</abbr></th>`).join("")}</tr></thead><tbody>` +
      s.rows.map((r) => `<tr><td class="num">${r.rank}${r.by_lot ? "*" : ""}</td><td><button class="link" data-card="${r.player}">${Swiss.esc(Swiss.who(r))}</button></td><td>${Swiss.esc(r.federation || "")}</td><td class="num">${Swiss.esc(r.score)}</td>${r.tiebreaks.map((v) => `<td class="num">${Swiss.esc(v)}</td>`).join("")}</tr>`).join("") +
      `</tbody></table><p class="muted">* separated by the drawing of lots. A "-" is a value that cannot be computed (a rating-based tie-break while a player is unrated and the tournament gives them no rating).</p>` +
      `<details class="legend noprint"><summary>What the tie-breaks mean</summary><dl>${s.tiebreaks.map((t, i) => `<dt>${Swiss.esc(t)}</dt><dd>${Swiss.esc(meaning(i))}</dd>`).join("")}</dl></details>` +
      `<p class="printonly muted">${s.tiebreaks.map((t, i) => `${Swiss.esc(t)}: ${Swiss.esc(meaning(i))}.`).join(" ")}</p>`;
  },
  async crosstable() {
    const text = await Swiss.get(`/api/tournaments/${id}/crosstable`);
    return `<pre>${Swiss.esc(text)}</pre>`;
  },
  async players() {
    // The starting list: by pairing number.
    const ps = (await Swiss.get(`/api/tournaments/${id}/players`)).sort((a, b) => a.tpn - b.tpn);
    return `<p class="noprint">${printButton}</p><table><thead>${printTitle("Starting list", null, 6)}<tr><th class="num">No</th><th>Title</th><th>Name</th><th>Fed</th><th class="num">FIDE id</th><th class="num">Rating</th></tr></thead><tbody>` +
      ps.map((p) => `<tr><td class="num">${p.tpn}</td><td>${Swiss.esc(p.title || "")}</td><td><button class="link" data-card="${p.player}">${Swiss.esc(p.name)}</button></td><td>${Swiss.esc(p.federation || "")}</td><td class="num">${p.fide_id || ""}</td><td class="num">${p.rating || ""}</td></tr>`).join("") + `</tbody></table>`;
  },
  async aro() {
    const rows = await Swiss.get(`/api/tournaments/${id}/aro`);
    const n = info.rounds_published;
    return `<p class="muted">Average rating of the opponents after each round (Dubov 9), for players to follow the pairings.</p><table><tr><th class="num">No</th><th>Player</th><th class="num">Rating</th>${Array.from({ length: n }, (_, i) => `<th class="num">R${i + 1}</th>`).join("")}</tr>` +
      rows.map((p) => `<tr><td class="num">${p.tpn}</td><td>${Swiss.esc(p.name)}</td><td class="num">${p.rating || ""}</td>${p.aro_after_round.map((a) => `<td class="num">${a}</td>`).join("")}</tr>`).join("") + `</table>`;
  },
  async audit() {
    const log = await Swiss.get(`/api/tournaments/${id}/audit`);
    const corrections = log.filter((e) => e.reason || e.event.type.endsWith("_corrected") || e.event.type === "round_unpublished");
    if (!corrections.length) return `<p class="muted">No correction so far.</p>`;
    return `<table><tr><th class="num">#</th><th>When</th><th>Who</th><th>What</th><th>Why</th></tr>` +
      corrections.map((e) => `<tr><td class="num">${e.seq}</td><td>${new Date(e.recorded_at_ms).toLocaleString()}</td><td>${Swiss.esc(e.actor)}</td><td>${Swiss.esc(describe(e.event))}</td><td>${Swiss.esc(e.reason || "")}</td></tr>`).join("") + `</table>`;
  },
};

function describe(ev) {
  const res = (gs) => Swiss.resultText(gs);
  switch (ev.type) {
    case "result_corrected": return `round ${ev.round} board ${ev.board} corrected to ${res(ev.games)}${ev.colors_swapped ? " (colours reversed)" : ""}`;
    case "player_corrected": return `player ${ev.player} corrected: ${JSON.stringify(ev.correction)}`;
    case "round_unpublished": return `round ${ev.round} withdrawn`;
    case "player_withdrawn": return `player ${ev.player} withdrawn from round ${ev.from_round}`;
    default: return ev.type.replaceAll("_", " ");
  }
}

// A player's card, from the player's own side: each round's opponent (with pairing number
// and rating), colour, the points the round gave them and their score after it, floats, and
// for a Dubov event the ARO after the round (Dubov 9).
async function card(key) {
  const c = await Swiss.get(`/api/tournaments/${id}/players/${key}/card`);
  const half = (t) => (t || "").replace(/^0\.5$/, "½").replace(/\.5$/, "½").replace(/\.0$/, "");
  const aro = c.aro_after_round;
  const rows = c.rounds.map((r, i) => {
    const pts = c.points[i] || { points: "", score_after: "" };
    const tail = `<td class="num">${Swiss.esc(pts.score_after)}</td><td>${Swiss.esc(r.float || "")}</td>${aro ? `<td class="num">${Swiss.esc(aro[i] || "")}</td>` : ""}`;
    if (r.absent) return `<tr><td class="num">${r.round}</td><td></td><td colspan="3" class="muted">not paired</td><td class="num">${Swiss.esc(half(pts.points))}</td>${tail}</tr>`;
    if (r.bye) return `<tr><td class="num">${r.round}</td><td></td><td colspan="3">${Swiss.esc(Swiss.byeName(r.bye))}</td><td class="num">${Swiss.esc(half(pts.points))}</td>${tail}</tr>`;
    const got = r.played ? half(pts.points) : `${Number(pts.points) > 0 ? "+" : "−"} (forfeit)`;
    const opp = r.opponent;
    return `<tr><td class="num">${r.round}</td><td class="num">${r.board || ""}</td><td>${opp.tpn ? opp.tpn + ". " : ""}<button class="link" data-card="${opp.player}">${Swiss.esc(opp.name)}</button></td><td class="num">${opp.rating || ""}</td>` +
      `<td>${r.color === "white" ? "White" : "Black"}</td><td class="num">${Swiss.esc(got)}</td>${tail}</tr>`;
  }).join("");
  main.innerHTML = `<h2>${c.tpn ? c.tpn + ". " : ""}${Swiss.esc(Swiss.who(c))}${c.federation ? " · " + Swiss.esc(c.federation) : ""} — ${Swiss.esc(c.score)} points</h2>` +
    `<table class="card"><thead><tr><th class="num">Round</th><th class="num">Board</th><th>Opponent</th><th class="num">Rating</th><th>Colour</th><th class="num">Result</th><th class="num">Score</th><th>Float</th>${aro ? `<th class="num">ARO</th>` : ""}</tr></thead><tbody>${rows}</tbody></table>`;
}

async function show() {
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === tab);
  try {
    main.innerHTML = await views[tab]();
  } catch (e) {
    main.innerHTML = `<div class="banner bad">${Swiss.esc(e.message)}</div>`;
  }
}

document.getElementById("tabs").addEventListener("click", (e) => { if (e.target.dataset.tab) { tab = e.target.dataset.tab; location.hash = tab; show(); } });
main.addEventListener("click", (e) => {
  if (e.target.dataset.card) card(e.target.dataset.card);
  if (e.target.dataset.print !== undefined) window.print();
});
main.addEventListener("change", (e) => { if (e.target.id === "roundsel") { round = Number(e.target.value); show(); } });

async function start() {
  info = await Swiss.get(`/api/tournaments/${id}`);
  document.getElementById("name").textContent = info.name;
  document.title = info.name;
  document.getElementById("sub").textContent = `${Swiss.systemName(info.settings.system)}, ${info.settings.rounds} rounds`;
  document.getElementById("arotab").hidden = info.settings.system !== "dubov-1997";
  await show();
  const refresh = Swiss.debounce(async () => { info = await Swiss.get(`/api/tournaments/${id}`); if (round === info.rounds_published - 1) round = info.rounds_published; await show(); }, 200);
  Swiss.live(id, info.last_seq, refresh, (up) => { const c = document.getElementById("conn"); c.className = "status " + (up ? "live" : "down"); c.textContent = up ? "live" : "reconnecting"; });
}
start().catch((e) => { main.innerHTML = `<div class="banner bad">${Swiss.esc(e.message)}</div>`; });
