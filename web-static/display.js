// The hall display: the current round's pairings with results as they come in, paging by
// itself when the boards do not fit. A big hall sets a rotation in the address:
// ?views=board,name,standings&seconds=20 shows the pairings by board, then by name (the list
// players look for in a big open), then the standings, each page for that many seconds, all
// from the one live connection. Without views: the pairings, or with ?standings=1 the
// standings once the round's results are all in. It needs no keyboard or mouse and survives
// restarts and network drops: it reconnects and resumes after the last event it had.
//
// A live result is applied in place (the message carries the board and its result); only
// the views a result changes for good (standings, a round-robin's cross table) are read again.

import { html, render } from "./html.js";
import { changesViews, debounce, get, live, tournamentId } from "./api.js";
import { applyResult, caughtUp, heard, isResult, mark } from "./rounds.js";
import { roundRobinTable, standingsTable } from "./standings.js";
import { byeName, isRoundRobin, resultText, standingsState } from "./words.js";

const id = tournamentId();
const params = new URLSearchParams(location.search);
const showStandings = params.get("standings") === "1";
const VIEWS = (params.get("views") || "").split(",").map((v) => v.trim()).filter((v) => ["board", "name", "standings", "cross"].includes(v));
const PAGE_SECONDS = Number(params.get("seconds") || params.get("page_seconds") || 12);
// Each view fetches only the page it shows (`?from=&count=`): a hall of thousands of boards
// never loads the whole round, and a result coming in changes one row.
let screens = [];         // one per view: { kind, title, cols, head, footer, total, sample, rows(from, count) }
let at = 0;               // the screen shown
let page = 0;             // its page
let pages = 1;            // how many pages it has at this size
let previous = new Map(); // board -> result text, to flash what changed
let round = null;         // the round shown: its first board, the boards shown, results missing
let source = null;        // { base, t }: where the screens are read from, and the tournament

const main = document.getElementById("main");
document.getElementById("qr").src = `/api/tournaments/${encodeURIComponent(id)}/qr.svg`;

// Only the latest load draws (an older one may answer after a newer one).
let loading = 0;
async function load(known) {
  const mine = ++loading;
  const t = known || await get(`/api/tournaments/${id}`);
  source = { base: `/api/tournaments/${id}`, t };
  document.getElementById("name").textContent = t.name;
  document.title = t.name;
  const n = t.rounds_published;
  if (n === 0) {
    screens = [];
    round = null;
    document.getElementById("round").textContent = "";
    document.getElementById("page").textContent = "";
    render(main, html`<div class="wait">The pairings of round 1 will appear here.</div>`);
    return t.last_seq;
  }
  const base = `/api/tournaments/${id}`;
  // The first board: how many there are, whether every result is in, who is not playing.
  const since = mark();
  const r = caughtUp(await get(`${base}/rounds/${n}?count=1`), since);
  const done = r.total_boards > 0 && r.results_missing === 0;
  // A round-robin's standings are its cross table.
  const rr = isRoundRobin(t.settings.system);
  const views = (VIEWS.length ? VIEWS : [showStandings && done ? "standings" : "board"])
    .map((v) => (rr && v === "standings" ? "cross" : v));
  const matches = t.settings.system === "double-swiss-2026";
  const made = [];
  for (const v of views) {
    made.push(v === "board" ? byBoard(r, matches, `${base}/rounds/${n}`, rr)
      : v === "name" ? await byName(`${base}/rounds/${n}/by-name`)
        : v === "cross" ? await cross(base, t)
          : await standings(`${base}/standings`));
  }
  if (mine !== loading) return t.last_seq;
  round = { ...r, pairs: [] };
  screens = made;
  at = at % screens.length;
  await draw();
  return t.last_seq;
}

// A player: title, name and rating, in one span whose lines the type fitting counts.
const side = (p) => html`<span class="who">${p.title ? p.title + " " : ""}${p.name}<span class="meta">${p.rating || ""}</span></span>`;

function boardRow(p) {
  const res = resultText(p.games);
  const changed = previous.has(p.board) && previous.get(p.board) !== res;
  previous.set(p.board, res);
  return html`<tr data-board="${p.board}" class="${changed ? "changed" : ""}"><td class="board">${p.board}</td>\
<td class="score">${p.white.score}</td><td class="name">${side(p.white)}</td>\
<td class="res ${res ? "" : "empty"}">${res || "–"}</td>\
<td class="name">${side(p.black)}</td><td class="score">${p.black.score}</td></tr>`;
}

function byBoard(r, matches, path, rr) {
  const byes = (r.bye ? [`${r.bye.name} (${rr ? "free this round" : "bye"})`] : [])
    .concat(r.requested_byes.map((b) => `${b.name} (${b.kind === "zero" ? "absent" : byeName(b.kind)})`));
  // A Double-Swiss match has two games' results ("1-0 · ½-½"): a wider result column. On a
  // portrait screen the numbers need a larger share of the narrow width.
  const cols = () => {
    const portrait = window.innerWidth < window.innerHeight;
    const [board, pts] = portrait ? [7, 9] : [5, 7];
    const res = matches ? (portrait ? 22 : 20) : portrait ? 12 : 9;
    const name = (100 - board - 2 * pts - res) / 2;
    return html`<colgroup><col style="width:${board}%"><col style="width:${pts}%"><col style="width:${name}%"><col style="width:${res}%"><col style="width:${name}%"><col style="width:${pts}%"></colgroup>`;
  };
  return {
    kind: "board",
    title: `Round ${r.round}`,
    cols,
    head: html`<tr><th class="num">Bd</th><th class="num">Pts</th><th>White</th><th class="res">${matches ? "Games 1 · 2" : "Result"}</th><th>Black</th><th class="num">Pts</th></tr>`,
    total: r.total_boards,
    sample: r.pairs.length ? boardRow(r.pairs[0]) : "",
    rows: async (from, count) => {
      const since = mark();
      const got = caughtUp(await get(`${path}?from=${from}&count=${count}`), since);
      // The boards shown, kept for the live results to apply to.
      if (round && round.round === got.round) round.pairs = got.pairs;
      return got.pairs.map(boardRow);
    },
    footer: byes.length ? html`<div class="bye">Not playing: ${byes.join(" · ")}</div>` : "",
  };
}

// The round's players by name: the server's list (`.../by-name`), a page at a time.
async function byName(path) {
  const note = (kind) => ({ pairing_allocated: "bye", zero: "absent" })[kind] || byeName(kind);
  const row = (x) => html`<tr><td class="name">${side(x)}</td>${x.bye
    ? html`<td></td><td colspan="2" class="note">${note(x.bye)}</td>`
    : html`<td class="board">${x.board}</td><td>${x.color === "white" ? "White" : "Black"}</td><td class="name">${side(x.opponent)}</td>`}</tr>`;
  const first = await get(`${path}?count=1`);
  return {
    kind: "name",
    title: `Round ${first.round} by name`,
    cols: () => (window.innerWidth < window.innerHeight
      ? html`<colgroup><col style="width:38%"><col style="width:11%"><col style="width:16%"><col style="width:35%"></colgroup>`
      : html`<colgroup><col style="width:40%"><col style="width:10%"><col style="width:12%"><col style="width:38%"></colgroup>`),
    head: html`<tr><th>Name</th><th class="num">Board</th><th>Colour</th><th>Opponent</th></tr>`,
    total: first.total_rows,
    sample: first.rows.length ? row(first.rows[0]) : "",
    rows: async (from, count) => (await get(`${path}?from=${from}&count=${count}`)).rows.map(row),
    footer: "",
  };
}

async function standings(path) {
  // A hall display has room for four tie-breaks beside the names: the first four, which
  // decide nearly every tie.
  // On a portrait screen, two (the screens are rebuilt when the shape changes).
  const s = await get(`${path}?count=1`);
  const portrait = window.innerWidth < window.innerHeight;
  const k = Math.min(portrait ? 2 : 4, s.tiebreaks.length);
  const table = standingsTable(s, { hall: true, tiebreaks: k, player: side });
  return {
    kind: "standings",
    title: `Standings ${standingsState(s)}`,
    cols: () => {
      const [rank, pts, each] = portrait ? [9, 14, 14] : [6, 10, 8];
      return html`<colgroup><col style="width:${rank}%"><col style="width:${100 - rank - pts - each * k}%"><col style="width:${pts}%">${s.tiebreaks.slice(0, k).map(() => html`<col style="width:${each}%">`)}</colgroup>`;
    },
    head: table.head,
    total: s.total_rows,
    sample: s.rows.length ? table.row(s.rows[0]) : "",
    // The same standings (after the same round) page after page.
    rows: async (from, count) => (await get(`${path}?after=${s.after_round}&from=${from}&count=${count}`)).rows.map(table.row),
    footer: "",
  };
}

// A round-robin's cross table (C.05): players by number down and across, each cell the row
// player's result(s) against the column's, then points, place and the first two tie-breaks.
async function cross(base, t) {
  const n = t.rounds_published;
  const [players, s, rounds] = await Promise.all([
    get(`${base}/players`),
    get(`${base}/standings`),
    Promise.all(Array.from({ length: n }, (_, i) => get(`${base}/rounds/${i + 1}`))),
  ]);
  players.sort((a, b) => a.tpn - b.tpn);
  const k = Math.min(2, s.tiebreaks.length);
  const short = { ...s, tiebreaks: s.tiebreaks.slice(0, k), rows: s.rows.map((r) => ({ ...r, tiebreaks: r.tiebreaks.slice(0, k) })) };
  const table = roundRobinTable(players, rounds, short, null, true);
  const total = t.settings.rounds;
  return {
    kind: "cross",
    title: s.in_progress ? `Cross table, ${standingsState(s)}` : n < total ? `Cross table after round ${n} of ${total}` : "Final cross table",
    cols: () => {
      const [no, name, pts, place, tb] = [5, 22, 8, 7, 6];
      const each = (100 - no - name - pts - place - tb * k) / players.length;
      return html`<colgroup><col style="width:${no}%"><col style="width:${name}%">${players.map(() => html`<col style="width:${each}%">`)}<col style="width:${pts}%"><col style="width:${place}%">${Array.from({ length: k }, () => html`<col style="width:${tb}%">`)}</colgroup>`;
    },
    head: table.head,
    total: table.rows.length,
    sample: table.rows[0] || "",
    rows: async (from, count) => table.rows.slice(from - 1, from - 1 + count),
    footer: "",
  };
}

/** How many of `sc`'s rows fit below the header, measured on a sample row (the page shown
 * is put back before the browser paints: the measure never shows). */
function rowsThatFit(sc) {
  const shown = [...main.childNodes];
  render(main, html`<table>${sc.cols()}<thead>${sc.head}</thead><tbody>${sc.sample}</tbody></table>${sc.footer}`);
  const row = main.querySelector("tbody tr");
  const used = main.getBoundingClientRect().height - (row ? row.getBoundingClientRect().height : 0);
  const available = window.innerHeight - document.querySelector("header").getBoundingClientRect().height - used - 8;
  const fit = Math.max(1, Math.floor(available / (row ? row.getBoundingClientRect().height : 40)));
  main.replaceChildren(...shown);
  return fit;
}

// Only the latest drawing shows (a page fetched for an older one may come back later).
let drawing = 0;
async function draw() {
  const mine = ++drawing;
  const sc = screens[at];
  if (!sc) return;
  main.style.setProperty("--f", `${baseSize()}px`);
  const per = rowsThatFit(sc);
  pages = Math.max(1, Math.ceil(sc.total / per));
  page = page % pages;
  const shown = sc.total ? await sc.rows(page * per + 1, per) : [];
  if (mine !== drawing) return;
  document.getElementById("round").textContent = sc.title;
  render(main, html`<table>${sc.cols()}<thead>${sc.head}</thead><tbody>${shown}</tbody></table>${page === pages - 1 && sc.footer}`);
  document.getElementById("page").textContent = pages > 1 ? `page ${page + 1} of ${pages}` : "";
  fitType();
}

// The rows' type: at the usual size a page holds what fits, and the display pages beyond
// that; a round of fewer boards is shown larger, up to the largest size, filling the screen.
const FLOOR = 24;
const baseSize = () => Math.max(32, Math.min(0.04 * window.innerHeight, 0.034 * window.innerWidth));
// On a portrait screen the columns are narrow: larger type is tried, and kept where the
// results and numbers still fit whole.
const largest = () => Math.min(0.075 * window.innerHeight, (window.innerWidth < window.innerHeight ? 0.06 : 0.04) * window.innerWidth);

// A name a little too long for one line: its cell's type shrinks a little (to 85%) to keep
// it on one line; longer, it wraps to two at the rows' size. A word wider than the column
// (one very long name): its cell's type shrinks, down to 60%, and then the word breaks where
// it must. A name is never cut.
function fitNames() {
  const wide = (c) => c.scrollWidth > c.clientWidth;
  const lines = (c) => (c.firstElementChild ? c.firstElementChild.getClientRects().length : 1);
  const scale = (c, k) => (k === 1 ? c.style.removeProperty("font-size") : c.style.setProperty("font-size", `calc(var(--f) * ${k})`));
  for (const c of main.querySelectorAll("td.name")) {
    c.classList.remove("long");
    scale(c, 1);
    if (lines(c) <= 1 && !wide(c)) continue;
    let k = [0.95, 0.9, 0.85].find((x) => { scale(c, x); return lines(c) <= 1 && !wide(c); });
    if (k) continue;
    scale(c, 1);
    k = [1, 0.9, 0.8, 0.7, 0.6].find((x) => { scale(c, x); return !wide(c); });
    if (!k) c.classList.add("long");
  }
}

// The largest type at which the page shown fits the screen with no result, score or board
// number cut; a page of many (the display pages) at most the usual size.
function fitType() {
  const size = (f) => { main.style.setProperty("--f", `${f}px`); fitNames(); };
  const fits = () => main.getBoundingClientRect().bottom <= window.innerHeight - 4 &&
    [...main.querySelectorAll("td.res, td.score, td.board, td.rrcell")].every((c) => c.scrollWidth <= c.clientWidth);
  // The screen's size the type was fitted to, for a reader to know the page settled.
  main.dataset.fitted = `${window.innerWidth}x${window.innerHeight}`;
  let top = Math.floor(pages === 1 ? Math.max(largest(), baseSize()) : baseSize());
  size(top);
  if (fits()) return;
  // By halves between a size that fits (the floor, at worst) and one that does not.
  let low = FLOOR;
  while (top - low > 1) {
    const mid = Math.floor((low + top) / 2);
    size(mid);
    if (fits()) low = mid; else top = mid;
  }
  size(low);
}

// Every page of the view shown, then the next view.
setInterval(() => {
  page += 1;
  if (page >= pages) { page = 0; at = screens.length ? (at + 1) % screens.length : 0; }
  draw().catch(showError);
}, PAGE_SECONDS * 1000);
// A screen turned, or resized: rebuilt for its shape.
window.addEventListener("resize", () => refresh());

// What the next load may reuse: the tournament as a live message left it (a round published),
// or false when something else asked for it to be read.
let reuse = null;
const reload = debounce(() => { const known = reuse || undefined; reuse = null; load(known).catch(showError); }, 100);
function refresh(known) {
  reuse = known && reuse !== false ? known : false;
  reload();
}
function showError(e) {
  render(main, html`<div class="wait">${e.message}</div>`);
}

/**
 * A live result: the board's row shown changes in place (flashed), with no request. The
 * standings and a round-robin's cross table change with every result: those screens are read
 * again (the standings: their first row, then the page shown); the display that waits for the
 * round's last result to show the standings is read again when it comes.
 */
function onResult(event) {
  if (!round || !applyResult(round, event)) { refresh(); return; }
  const waiting = !VIEWS.length && showStandings && screens[0]?.kind === "board" && round.results_missing === 0;
  if (waiting) { refresh(); return; }
  if (screens.some((s) => s.kind === "standings" || s.kind === "cross")) rebuildStandings().catch(showError);
  const board = round.pairs.find((p) => p.board === event.board);
  const tr = main.querySelector(`tbody tr[data-board="${event.board}"]`);
  if (!board || !tr || screens[at]?.kind !== "board") return;
  const next = document.createElement("tbody");
  render(next, boardRow(board));
  tr.replaceWith(next.firstElementChild);
  fitType();
}

// The screens a result changes beyond its row, read again; the others kept.
async function rebuildStandings() {
  const mine = loading;
  const { base, t } = source;
  const made = await Promise.all(screens.map((s) => (s.kind === "standings" ? standings(`${base}/standings`)
    : s.kind === "cross" ? cross(base, t) : s)));
  if (mine !== loading) return;
  screens = made;
  if (screens[at]?.kind === "standings" || screens[at]?.kind === "cross") await draw();
}

load()
  .then((seq) => live(id, seq, (m) => {
    if (!changesViews(m)) return;
    const e = m.event;
    if (isResult(e)) { heard(e); onResult(e); }
    // A round published or withdrawn: the message says which; its boards (names, ratings,
    // points) are read, not the tournament again.
    else if ((e.type === "round_published" || e.type === "round_unpublished") && source) {
      refresh({ ...source.t, rounds_published: e.type === "round_published" ? e.round : e.round - 1 });
    } else refresh();
  }, (up) => {
    document.getElementById("conn").className = up ? "conn" : "conn down";
    if (up) refresh();
  }))
  .catch((e) => { showError(e); setTimeout(() => location.reload(), 5000); });
