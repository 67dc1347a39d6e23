"use strict";
// Public pages: pairings per round (by board and by name), result slips, standings with
// tie-breaks, the cross table, the starting list, a player's card, the list of AROs after each
// round for Dubov events (Dubov 9), and the corrections. They follow the tournament live.
//
// Each view has its own address, so that reload, a shared link and the back button show it:
// /t/{id} (the latest round's pairings, following new rounds), /t/{id}/round/3,
// /t/{id}/round/3/byname, /t/{id}/round/3/slips, /t/{id}/standings, /t/{id}/crosstable,
// /t/{id}/players, /t/{id}/player/12 (by registration number), /t/{id}/aro,
// /t/{id}/corrections. The older #standings form is still read.
const id = Swiss.tournamentId();
let tab = "pairings";
let round = 0;        // the round shown; 0: the latest, following new ones
let cardOf = 0;       // the player whose card is shown
let info = null;
const main = document.getElementById("main");
const TABS = ["pairings", "byname", "slips", "standings", "crosstable", "players", "aro", "audit"];

function readAddress() {
  const parts = location.pathname.split("/").slice(3).filter(Boolean);
  round = 0;
  if (!parts.length && TABS.includes(location.hash.slice(1))) { tab = location.hash.slice(1); return; }
  if (parts[0] === "round") {
    round = Number(parts[1]) || 0;
    tab = ["byname", "slips"].includes(parts[2]) ? parts[2] : "pairings";
  } else if (parts[0] === "player") {
    tab = "card"; cardOf = Number(parts[1]) || 0;
  } else if (parts[0] === "corrections") {
    tab = "audit";
  } else {
    tab = TABS.includes(parts[0]) ? parts[0] : "pairings";
  }
}
function address() {
  const base = `/t/${encodeURIComponent(id)}`;
  if (tab === "card") return `${base}/player/${cardOf}`;
  if (["pairings", "byname", "slips"].includes(tab)) {
    if (!round) return tab === "pairings" ? base : `${base}/${tab}`;
    return `${base}/round/${round}${tab === "pairings" ? "" : "/" + tab}`;
  }
  return `${base}/${tab === "audit" ? "corrections" : tab}`;
}
function go(change) {
  change();
  history.pushState(null, "", address());
  show();
}
window.addEventListener("popstate", () => { readAddress(); show(); });

// Printing: every view prints from the browser (A4 or Letter, portrait). A table's head
// repeats on every printed page, so its first row carries the title a sheet on the wall needs:
// the tournament, what the sheet is, the round and its date (the round's date as recorded,
// else the day it is printed). Rows are never split across pages (app.css).
function printTitle(what, roundNo, cols, datedBy) {
  // Standings and cross tables are dated by the round they are after (`datedBy`).
  const dateRound = roundNo || datedBy;
  const recorded = dateRound ? info.details?.round_dates?.[dateRound - 1] : null;
  const date = recorded || new Date().toISOString().slice(0, 10);
  const text = [info.name, what, roundNo ? `Round ${roundNo}` : null, date].filter(Boolean).join(" · ");
  // The QR code of these pages beside it, for a reader of the wall to follow the event live.
  const qr = `/api/tournaments/${encodeURIComponent(id)}/qr.svg`;
  return `<tr class="printhead"><th colspan="${cols}"><div class="ph"><span>${Swiss.esc(text)}</span><img class="qr" src="${qr}" alt="QR code of the live pages"></div></th></tr>`;
}
const printButton = `<button type="button" class="noprint" data-print>Print</button>`;

// The round shown (the latest unless another is chosen), with its selector.
async function shownRound() {
  const n = Math.min(round || info.rounds_published, info.rounds_published);
  const r = await Swiss.get(`/api/tournaments/${id}/rounds/${n}`);
  const opts = Array.from({ length: info.rounds_published }, (_, i) => `<option value="${i + 1}" ${i + 1 === n ? "selected" : ""}>Round ${i + 1}</option>`).join("");
  return [r, `<p class="noprint"><select id="roundsel">${opts}</select> ${printButton}</p>`];
}
const link = (p) => `<button class="link" data-card="${p.player}">${Swiss.esc(Swiss.who(p))}</button>`;
const numbered = (p) => `${p.tpn ? p.tpn + ". " : ""}${Swiss.esc(Swiss.who(p))}`;

// A player's points before the round; in an accelerated round also the pairing score it was
// paired by (C.04.7), in brackets, explained under the table.
const pts = (p) => `${Swiss.esc(p.score ?? "")}${p.pairing_score ? ` <small class="muted">(${Swiss.esc(p.pairing_score)})</small>` : ""}`;
const accelNote = (r) => (r.pairs.some((p) => p.white.pairing_score || p.black.pairing_score)
  ? `<p class="muted">In brackets: the pairing score of this accelerated round, the points plus the Baku acceleration's virtual points (FIDE C.04.7). The standings count the points only.</p>` : "");

const views = {
  async pairings() {
    if (!info.rounds_published) return `<p class="muted">No round published yet.</p>`;
    const [r, top] = await shownRound();
    return top + `<table class="pairings"><thead>${printTitle("Pairings", r.round, 6)}<tr><th class="num">Board</th><th class="num">Pts</th><th>White</th><th>Result</th><th>Black</th><th class="num">Pts</th></tr></thead><tbody>` +
      r.pairs.map((p) => `<tr><td class="num">${p.board}</td><td class="num">${pts(p.white)}</td><td>${link(p.white)}</td><td${p.reported_by ? ` title="${Swiss.esc(`reported by ${p.reported_by.name}, confirmed by ${p.confirmed_by.name}`)}"` : ""}>${Swiss.esc(Swiss.resultText(p.games)) || "–"}${p.reported_by ? `<small class="muted byplayers" aria-label="reported and confirmed by the players">✓✓</small>` : ""}</td><td>${link(p.black)}</td><td class="num">${pts(p.black)}</td></tr>`).join("") +
      `</tbody></table>` + accelNote(r) +
      (r.pairs.some((p) => p.reported_by) ? `<p class="muted">✓✓ the result was reported by one player and confirmed by the other.</p>` : "") + (r.bye ? `<p>${Swiss.isRoundRobin(info.settings.system) ? "Free this round (drawn against the table's bye number)" : "Bye"}: ${link(r.bye)}</p>` : "") +
      (r.requested_byes.length ? `<p class="muted">Not playing: ${r.requested_byes.map((b) => `${Swiss.esc(b.name)} (${Swiss.esc(Swiss.byeName(b.kind))})`).join(", ")}</p>` : "");
  },
  // Pairings by name, alphabetical: the list players look for in a big open.
  async byname() {
    if (!info.rounds_published) return `<p class="muted">No round published yet.</p>`;
    const [r, top] = await shownRound();
    const rows = Swiss.byName(r).map((x) => (x.bye ? { ...x, note: Swiss.byeName(x.bye) } : x));
    return top + `<table class="byname"><thead>${printTitle("Pairings by name", r.round, 5)}<tr><th>Name</th><th class="num">Pts</th><th class="num">Board</th><th>Colour</th><th>Opponent</th></tr></thead><tbody>` +
      rows.map((x) => `<tr><td>${link(x.p)}</td><td class="num">${Swiss.esc(x.p.score ?? "")}</td>` +
        (x.note ? `<td></td><td colspan="2" class="note">${Swiss.esc(x.note)}</td>` : `<td class="num bd">${x.board}</td><td class="col">${x.colour}</td><td class="opp">${Swiss.esc(Swiss.who(x.opp))}</td>`) + `</tr>`).join("") +
      `</tbody></table>`;
  },
  // Result slips: one per board, cut along the dashed lines, for the players to fill in.
  async slips() {
    if (!info.rounds_published) return `<p class="muted">No round published yet.</p>`;
    const [r, top] = await shownRound();
    const recorded = info.details?.round_dates?.[r.round - 1];
    const boxes = ["1-0", "½-½", "0-1"].map((x) => `<span class="box"></span> ${x}`).join(" ");
    const result = info.settings.system === "double-swiss-2026"
      ? `<p>Game 1: ${boxes}</p><p>Game 2 (colours reversed): ${boxes}</p>`
      : `<p>Result: ${boxes}</p>`;
    return top + `<div class="slips">` + r.pairs.map((p) => `<div class="slip">` +
      `<p class="sliphead"><strong>${Swiss.esc(info.name)}</strong> · Round ${r.round}${recorded ? " · " + Swiss.esc(recorded) : ""} · <strong>Board ${p.board}</strong></p>` +
      `<table><tr><th>White</th><td>${numbered(p.white)}</td></tr><tr><th>Black</th><td>${numbered(p.black)}</td></tr></table>` +
      result + `<p class="signatures"><span>White's signature</span><span>Black's signature</span></p></div>`).join("") + `</div>`;
  },
  async standings() {
    const s = await Swiss.get(`/api/tournaments/${id}/standings`);
    // Each column's code says what it measures (hover), and the legend below says it for every
    // one (a click), so that a column that separates nobody is not a mystery.
    const meaning = (i) => s.tiebreak_meanings[i] || "";
    const cols = 4 + s.tiebreaks.length;
    const state = Swiss.standingsState(s);
    return `<p class="muted">${state[0].toUpperCase() + state.slice(1)}${s.in_progress ? " (provisional: players tied share their place)" : ""}. Tie-breaks: ${s.tiebreaks.map(Swiss.esc).join(", ")}. ${printButton}</p><table class="standings"><thead>${printTitle(`Standings ${state}`, null, cols, s.after_round)}<tr><th class="num">Rank</th><th>Player</th><th>Fed</th><th class="num">Pts</th>${s.tiebreaks.map((t, i) => `<th class="num"><abbr title="${Swiss.esc(meaning(i))}">${Swiss.esc(t)}</abbr></th>`).join("")}</tr></thead><tbody>` +
      s.rows.map((r) => `<tr${r.counted === false ? ` class="notcounted" title="withdrew having played fewer than half of the games: not counted (FIDE C.05)"` : ""}><td class="num">${r.counted === false ? "–" : r.rank}${r.by_lot ? "*" : ""}</td><td><button class="link" data-card="${r.player}">${Swiss.esc(Swiss.who(r))}</button></td><td>${Swiss.esc(r.federation || "")}</td><td class="num">${Swiss.esc(r.score)}</td>${r.tiebreaks.map((v) => `<td class="num">${Swiss.esc(v)}</td>`).join("")}</tr>`).join("") +
      `</tbody></table><p class="muted">${s.rows.some((r) => r.counted === false) ? "A player with no place (–) withdrew having played fewer than half of the games: the results stay in the cross table but count for nobody (FIDE C.05). " : ""}* separated by the drawing of lots. A "-" is a value that cannot be computed (a rating-based tie-break while a player is unrated and the tournament gives them no rating).</p>` +
      `<details class="legend noprint"><summary>What the tie-breaks mean</summary><dl>${s.tiebreaks.map((t, i) => `<dt>${Swiss.esc(t)}</dt><dd>${Swiss.esc(meaning(i))}</dd>`).join("")}</dl></details>` +
      `<p class="printonly muted">${s.tiebreaks.map((t, i) => `${Swiss.esc(t)}: ${Swiss.esc(meaning(i))}.`).join(" ")}</p>`;
  },
  // The cross table: by rank, each round's opponent (by rank, so that they are found in the
  // same table), colour and result from the player's own side; points and tie-breaks. The
  // head stays in view, and on a phone the rounds scroll sideways under the names.
  async crosstable() {
    const s = await Swiss.get(`/api/tournaments/${id}/standings`);
    const n = info.rounds_published;
    const rounds = await Promise.all(Array.from({ length: n }, (_, i) => Swiss.get(`/api/tournaments/${id}/rounds/${i + 1}`)));
    if (Swiss.isRoundRobin(info.settings.system)) return roundRobinCross(s, rounds);
    const rankOf = new Map(s.rows.map((r) => [r.player, r.rank]));
    const cells = new Map(s.rows.map((r) => [r.player, Array(n).fill(null)]));
    rounds.forEach((rd, i) => {
      for (const b of rd.pairs) {
        for (const [me, opp, white] of [[b.white, b.black, true], [b.black, b.white, false]]) {
          const res = mine(b.games, white);
          cells.get(me.player)[i] = { text: `${rankOf.get(opp.player) ?? "?"}${white ? "w" : "b"} ${res.text}`, title: `${Swiss.who(opp)}${res.forfeit ? " (forfeit)" : ""}` };
        }
      }
      if (rd.bye) cells.get(rd.bye.player)[i] = { text: "bye", title: "pairing-allocated bye" };
      for (const b of rd.requested_byes) if (cells.has(b.player)) cells.get(b.player)[i] = { text: { full: "1 bye", half: "½ bye", zero: "–" }[b.kind] || "–", title: Swiss.byeName(b.kind) };
    });
    const cols = 5 + n + 1 + s.tiebreaks.length;
    const head = `<tr><th class="num">Rank</th><th class="num">No</th><th class="sticky">Name</th><th>Fed</th><th class="num">Rating</th>${Array.from({ length: n }, (_, i) => `<th class="num">R${i + 1}</th>`).join("")}<th class="num">Pts</th>${s.tiebreaks.map((t, i) => `<th class="num"><abbr title="${Swiss.esc(s.tiebreak_meanings[i] || "")}">${Swiss.esc(t)}</abbr></th>`).join("")}</tr>`;
    return `<p class="noprint">${printButton}</p><div class="scroll"><table class="cross"><thead>${printTitle(`Cross table ${Swiss.standingsState(s)}`, null, cols, s.after_round)}${head}</thead><tbody>` +
      s.rows.map((r) => `<tr><td class="num">${r.rank}</td><td class="num">${r.tpn || ""}</td><td class="sticky">${r.title ? Swiss.esc(r.title) + " " : ""}<button class="link" data-card="${r.player}">${Swiss.esc(r.name)}</button></td><td>${Swiss.esc(r.federation || "")}</td><td class="num">${r.rating || ""}</td>` +
        cells.get(r.player).map((c) => `<td class="num"${c ? ` title="${Swiss.esc(c.title)}"` : ""}>${c ? Swiss.esc(c.text) : ""}</td>`).join("") +
        `<td class="num"><strong>${Swiss.esc(r.score)}</strong></td>${r.tiebreaks.map((v) => `<td class="num">${Swiss.esc(v)}</td>`).join("")}</tr>`).join("") +
      `</tbody></table></div><p class="muted">Each round: the opponent's rank, w or b for the colour, and the result for the player (+ and − a forfeit).</p>`;
  },
  async players() {
    // The starting list: by pairing number.
    const ps = (await Swiss.get(`/api/tournaments/${id}/players`)).sort((a, b) => a.tpn - b.tpn);
    // Under the Baku acceleration, each player's group (C.04.7 1.2).
    const baku = ps.some((p) => p.baku_group);
    return `<p class="noprint">${printButton}</p><table class="players"><thead>${printTitle("Starting list", null, baku ? 7 : 6)}<tr><th class="num">No</th><th>Title</th><th>Name</th><th>Fed</th><th class="num">FIDE id</th><th class="num">Rating</th>${baku ? `<th title="Baku acceleration group (FIDE C.04.7)">Group</th>` : ""}</tr></thead><tbody>` +
      ps.map((p) => `<tr><td class="num">${p.tpn}</td><td>${Swiss.esc(p.title || "")}</td><td><button class="link" data-card="${p.player}">${Swiss.esc(p.name)}</button></td><td>${Swiss.esc(p.federation || "")}</td><td class="num">${p.fide_id || ""}</td><td class="num">${p.rating || ""}</td>${baku ? `<td>${Swiss.esc(p.baku_group || "")}</td>` : ""}</tr>`).join("") + `</tbody></table>` +
      (baku ? `<p class="muted">Group A plays the first rounds with virtual points (the Baku acceleration, FIDE C.04.7); they decide the pairings only, never the standings.</p>` : "");
  },
  async aro() {
    const rows = await Swiss.get(`/api/tournaments/${id}/aro`);
    const n = info.rounds_published;
    // Dubov 2026 1.7: games played, to the nearest whole point; the 1997 text's 9: exact.
    const rule = info.settings.system === "dubov-2026" ? "Dubov 2026, 1.7: games played over the board, to the nearest whole point" : "Dubov 9";
    return `<p class="muted">Average rating of the opponents after each round (${rule}), for players to follow the pairings. ${printButton}</p><table><thead>${printTitle(`AROs (${rule.split(",")[0]})`, null, 3 + n)}<tr><th class="num">No</th><th>Player</th><th class="num">Rating</th>${Array.from({ length: n }, (_, i) => `<th class="num">R${i + 1}</th>`).join("")}</tr></thead><tbody>` +
      rows.map((p) => `<tr><td class="num">${p.tpn}</td><td>${Swiss.esc(p.name)}</td><td class="num">${p.rating || ""}</td>${p.aro_after_round.map((a) => `<td class="num">${a}</td>`).join("")}</tr>`).join("") + `</tbody></table>`;
  },
  // The corrections: what was recorded before and what is now, by the players' names, with
  // who changed it, when and why.
  async audit() {
    const log = await Swiss.get(`/api/tournaments/${id}/audit`);
    const corrections = log.filter((e) => e.reason || e.event.type.endsWith("_corrected") || e.event.type === "round_unpublished");
    if (!corrections.length) return `<p class="muted">No correction so far.</p>`;
    // The result each board had before each correction: the log's own order.
    const before = new Map();
    const last = new Map();
    for (const e of log) {
      const ev = e.event;
      if (ev.type === "result_recorded" || ev.type === "result_corrected") {
        const key = `${ev.round}/${ev.board}`;
        if (ev.type === "result_corrected") before.set(e.seq, last.get(key));
        last.set(key, ev.games);
      }
    }
    const players = new Map((await Swiss.get(`/api/tournaments/${id}/players`)).map((p) => [p.player, p]));
    const name = (k) => Swiss.esc(players.get(k)?.name || `player ${k}`);
    const boards = new Map();
    for (const e of corrections.filter((c) => c.event.type === "result_corrected")) {
      const r = e.event.round;
      if (!boards.has(r)) boards.set(r, await Swiss.get(`/api/tournaments/${id}/rounds/${r}`).catch(() => null));
    }
    const what = (e) => {
      const ev = e.event;
      switch (ev.type) {
        case "result_corrected": {
          const b = boards.get(ev.round)?.pairs.find((p) => p.board === ev.board);
          const who = b ? ` (${Swiss.esc(b.white.name)} – ${Swiss.esc(b.black.name)})` : "";
          const old = before.get(e.seq);
          return `Round ${ev.round}, board ${ev.board}${who}: ${old ? Swiss.esc(Swiss.resultText(old)) : "no result"} → <strong>${Swiss.esc(Swiss.resultText(ev.games))}</strong>${ev.colors_swapped ? " (colours reversed)" : ""}`;
        }
        case "player_corrected": return `${name(ev.player)}: ${Object.entries(ev.correction).map(([k, v]) => `${Swiss.esc(k)} → ${Swiss.esc(v)}`).join(", ")}`;
        case "round_unpublished": return `Round ${ev.round} withdrawn`;
        case "player_withdrawn": return `${name(ev.player)} withdrawn from round ${ev.from_round}`;
        default: return Swiss.esc(ev.type.replaceAll("_", " "));
      }
    };
    return `<p class="noprint">${printButton}</p><table class="corrections"><thead>${printTitle("Corrections", null, 4)}<tr><th>When</th><th>Who</th><th>What</th><th>Why</th></tr></thead><tbody>` +
      corrections.map((e) => `<tr><td>${new Date(e.recorded_at_ms).toLocaleString()}</td><td>${Swiss.esc(e.actor)}</td><td>${what(e)}</td><td>${Swiss.esc(e.reason || "")}</td></tr>`).join("") + `</tbody></table>`;
  },
  async card() { return card(cardOf); },
};

// A board's result from one player's side: "1", "½", "0" (a match: its points), "+" or "−"
// for a forfeit. Results are written for the board's first-named and second-named player.
const mine = Swiss.mine;

// A round-robin's cross table (C.05): players by number down and across, each cell the row
// player's result(s) against the column's; points, place and tie-breaks. A withdrawn player
// whose results do not count (fewer than half of the games played) stays in the table, marked.
async function roundRobinCross(s, rounds) {
  const players = (await Swiss.get(`/api/tournaments/${id}/players`)).sort((a, b) => a.tpn - b.tpn);
  const t = Swiss.roundRobinTable(players, rounds, s, (p) => `<button class="link" data-card="${p.player}">${Swiss.esc(p.name)}</button>`);
  const cols = 6 + players.length + s.tiebreaks.length;
  const total = info.settings.rounds;
  const state = s.in_progress ? Swiss.standingsState(s) : s.after_round < total ? `after round ${s.after_round} of ${total}` : "final";
  const notCounted = s.rows.some((r) => r.counted === false);
  return `<p class="noprint">${printButton}</p><div class="scroll"><table class="cross rr"><thead>${printTitle(`Cross table (${state})`, null, cols, s.after_round)}${t.head}</thead><tbody>${t.rows.join("")}</tbody></table></div>` +
    `<p class="muted">Each cell: the result of the player on the row against the player of the column (${info.settings.system === "double-round-robin" ? "two results, in the order played" : "1, ½, 0"}; + and − a forfeit).` +
    (notCounted ? ` A greyed row: a player who withdrew having played fewer than half of the games; the results stay in the table but do not count in the standings (FIDE C.05).` : "") + `</p>`;
}

// A player's card, from the player's own side: each round's opponent (with pairing number
// and rating), colour, the points the round gave them and their score after it, floats, and
// for a Dubov event the ARO after the round (Dubov 9).
async function card(key) {
  const c = await Swiss.get(`/api/tournaments/${id}/players/${key}/card`);
  document.title = `${c.name} · ${info.name}`;
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
  return `<h2>${c.tpn ? c.tpn + ". " : ""}${Swiss.esc(Swiss.who(c))}${c.federation ? " · " + Swiss.esc(c.federation) : ""} — ${Swiss.esc(c.score)} points</h2>` +
    `<p class="noprint">${printButton}</p><table class="card"><thead>${printTitle(c.name, null, aro ? 9 : 8)}<tr><th class="num">Round</th><th class="num">Board</th><th>Opponent</th><th class="num">Rating</th><th>Colour</th><th class="num">Result</th><th class="num">Score</th><th>Float</th>${aro ? `<th class="num">ARO</th>` : ""}</tr></thead><tbody>${rows}</tbody></table>`;
}

// Draws the view the address names; a live event redraws it in place (the reader's scroll
// position is kept). Only the latest request draws: a redraw that started before the reader
// moved to another view must not put the old one back when its data arrives.
let drawing = 0;
async function show() {
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
  if (tab !== "card") document.title = info.name;
  const y = window.scrollY;
  let html;
  try {
    html = await views[tab]();
  } catch (e) {
    html = `<div class="banner bad">${Swiss.esc(e.message)}</div>`;
  }
  if (mine !== drawing) return;
  main.innerHTML = html;
  window.scrollTo(0, y);
}

document.getElementById("tabs").addEventListener("click", (e) => {
  const t = e.target.dataset.tab;
  if (t) go(() => { tab = t; if (!["pairings", "byname", "slips"].includes(t)) round = 0; });
});
main.addEventListener("click", (e) => {
  if (e.target.dataset.card) { const k = Number(e.target.dataset.card); go(() => { tab = "card"; cardOf = k; }); window.scrollTo(0, 0); }
  if (e.target.dataset.print !== undefined) window.print();
});
main.addEventListener("change", (e) => {
  if (e.target.id === "roundsel") { const n = Number(e.target.value); go(() => { round = n === info.rounds_published ? 0 : n; }); }
});

async function start() {
  info = await Swiss.get(`/api/tournaments/${id}`);
  document.getElementById("name").textContent = info.name;
  document.title = info.name;
  document.getElementById("sub").textContent = `${Swiss.systemName(info.settings.system)}, ${info.settings.rounds} rounds${info.settings.acceleration === "baku" ? ", Baku acceleration" : ""}`;
  document.getElementById("arotab").hidden = !String(info.settings.system).startsWith("dubov");
  readAddress();
  await show();
  // Live: the view shown is redrawn in place; "the latest round" follows a new one.
  const refresh = Swiss.debounce(async () => { info = await Swiss.get(`/api/tournaments/${id}`); await show(); }, 200);
  Swiss.live(id, info.last_seq, (m) => { if (Swiss.changesViews(m)) refresh(); }, (up) => { const c = document.getElementById("conn"); c.className = "status " + (up ? "live" : "down"); c.textContent = up ? "live" : "reconnecting"; });
}
start().catch((e) => { main.innerHTML = `<div class="banner bad">${Swiss.esc(e.message)}</div>`; });
