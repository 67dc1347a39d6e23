"use strict";
// The hall display: the current round's pairings with results as they come in, paging by
// itself when the boards do not fit; with ?standings=1, the standings once a round is over.
// It needs no keyboard or mouse and survives restarts and network drops: it reconnects and
// resumes after the last event it had.
const id = Swiss.tournamentId();
const params = new URLSearchParams(location.search);
const showStandings = params.get("standings") === "1";
const PAGE_SECONDS = Number(params.get("page_seconds") || 12);
let rows = [];          // rendered rows: [html, key]
let page = 0;
let previous = new Map(); // board -> result text, to flash what changed
let title = "";

async function load() {
  const t = await Swiss.get(`/api/tournaments/${id}`);
  title = t.name;
  document.getElementById("name").textContent = t.name;
  document.title = t.name;
  const n = t.rounds_published;
  if (n === 0) {
    rows = [];
    document.getElementById("round").textContent = "";
    document.getElementById("main").innerHTML = `<div class="wait">The pairings of round 1 will appear here.</div>`;
    return t.last_seq;
  }
  const r = await Swiss.get(`/api/tournaments/${id}/rounds/${n}`);
  const done = r.pairs.length > 0 && r.pairs.every((p) => p.games);
  if (showStandings && done) {
    const s = await Swiss.get(`/api/tournaments/${id}/standings`);
    renderStandings(n, s);
  } else {
    renderRound(r);
  }
  return t.last_seq;
}

function renderRound(r) {
  document.getElementById("round").textContent = `Round ${r.round}`;
  const side = (p) => `${Swiss.esc(p.title ? p.title + " " : "")}${Swiss.esc(p.name)}<span class="meta">${p.rating || ""}</span>`;
  const next = new Map();
  rows = r.pairs.map((p) => {
    const res = Swiss.resultText(p.games);
    next.set(p.board, res);
    const changed = previous.has(p.board) && previous.get(p.board) !== res;
    return `<tr data-board="${p.board}" class="${changed ? "changed" : ""}"><td class="board">${p.board}</td>` +
      `<td class="score">${Swiss.esc(p.white.score)}</td><td>${side(p.white)}</td>` +
      `<td class="res ${res ? "" : "empty"}">${res ? Swiss.esc(res) : "–"}</td>` +
      `<td>${side(p.black)}</td><td class="score">${Swiss.esc(p.black.score)}</td></tr>`;
  });
  previous = next;
  const byes = (r.bye ? [`${Swiss.esc(r.bye.name)} (bye)`] : [])
    .concat(r.requested_byes.map((b) => `${Swiss.esc(b.name)} (${b.kind === "zero" ? "absent" : Swiss.byeName(b.kind)})`));
  footer = byes.length ? `<div class="bye">Not playing: ${byes.join(" · ")}</div>` : "";
  cols = `<colgroup><col style="width:5%"><col style="width:6%"><col style="width:35%"><col style="width:12%"><col style="width:35%"><col style="width:7%"></colgroup>`;
  head = `<tr><th class="num"></th><th></th><th>White</th><th class="res">Result</th><th>Black</th><th></th></tr>`;
  draw();
}

function renderStandings(n, s) {
  document.getElementById("round").textContent = `Standings after round ${n}`;
  // A hall display has room for four tie-breaks beside the names: the first four, which
  // decide nearly every tie.
  const k = Math.min(4, s.tiebreaks.length);
  rows = s.rows.map((p) => `<tr><td class="board">${p.rank}</td><td>${Swiss.esc(Swiss.who(p))}</td>` +
    `<td class="res">${Swiss.esc(p.score)}</td>${p.tiebreaks.slice(0, k).map((v) => `<td class="score">${Swiss.esc(v)}</td>`).join("")}</tr>`);
  cols = `<colgroup><col style="width:6%"><col style="width:${64 - 8 * k}%"><col style="width:10%">${s.tiebreaks.slice(0, k).map(() => `<col style="width:8%">`).join("")}</colgroup>`;
  head = `<tr><th></th><th>Player</th><th class="res">Points</th>${s.tiebreaks.slice(0, k).map((t) => `<th>${Swiss.esc(t)}</th>`).join("")}</tr>`;
  footer = "";
  draw();
}

let cols = "";
let head = "";
let footer = "";

/** How many rows fit below the header, measured on a sample row. */
function rowsThatFit() {
  const main = document.getElementById("main");
  main.innerHTML = `<table>${cols}<thead>${head}</thead><tbody>${rows[0] || ""}</tbody></table>${footer}`;
  const row = main.querySelector("tbody tr");
  const used = main.getBoundingClientRect().height - (row ? row.getBoundingClientRect().height : 0);
  const available = window.innerHeight - document.querySelector("header").getBoundingClientRect().height - used - 8;
  return Math.max(1, Math.floor(available / (row ? row.getBoundingClientRect().height : 40)));
}

function draw() {
  const main = document.getElementById("main");
  if (rows.length === 0) return;
  const per = rowsThatFit();
  const pages = Math.ceil(rows.length / per);
  page = page % pages;
  const shown = rows.slice(page * per, page * per + per);
  main.innerHTML = `<table>${cols}<thead>${head}</thead><tbody>${shown.join("")}</tbody></table>${page === pages - 1 ? footer : ""}`;
  document.getElementById("page").textContent = pages > 1 ? `page ${page + 1} of ${pages}` : "";
}

setInterval(() => { page += 1; draw(); }, PAGE_SECONDS * 1000);
window.addEventListener("resize", draw);

const refresh = Swiss.debounce(() => load().catch(showError), 100);
function showError(e) {
  document.getElementById("main").innerHTML = `<div class="wait">${Swiss.esc(e.message)}</div>`;
}

load()
  .then((seq) => Swiss.live(id, seq, () => refresh(), (up) => {
    document.getElementById("conn").className = up ? "conn" : "conn down";
    if (up) refresh();
  }))
  .catch((e) => { showError(e); setTimeout(() => location.reload(), 5000); });
