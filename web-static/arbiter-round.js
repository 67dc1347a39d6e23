// The chief arbiter's next round: what it will be (late entries, who will not be paired and
// why, before anything is paired, loudly when they are many; results still missing in the
// round being played), the system's proposal with its explanation, swaps by two clicks each
// checked at once against the absolute criteria, a pairing by hand, and publishing in two
// clicks (one more when players who have not checked in are to be recorded absent, or when
// the pairing breaks the absolute criteria).

import { html, render } from "./html.js";
import { get, send } from "./api.js";
import { who } from "./words.js";
import { $, api, byTpn, isRR, REQUESTED, say, st } from "./arbiter-state.js";

let proposal = null;   // { round, pairs: [{white, black}], bye }, by registration number
let selected = null;   // [boardIndex, "white"|"black"]
// The system's explanation of its proposal, kept while the arbiter changes it by hand.
let explanation = null;
// Whether the pairing shown is still the system's proposal as it came.
let changed = false;
// The pairing shown checked against the absolute criteria: { violations, changes } in words.
let check = null;
// Each player's points before the round proposed.
let scoreOf = new Map();
// The hall as last read (`GET /hall`): who has checked in for the next round.
let hall = null;

// A message of the server names a player "Name (pairing number 18, player 17)": the console
// names every player one way, by pairing number and name ("18. Name").
function oneWay(text) {
  let out = text;
  for (const p of st.players) {
    out = out.split(`${p.name} (pairing number ${p.tpn}, player ${p.player})`).join(`${p.tpn}. ${p.name}`)
      .split(`${p.name} (player ${p.player})`).join(`${p.tpn}. ${p.name}`);
  }
  return out;
}

/**
 * Who will not be paired in `round`, before it is paired, each with why: withdrawn, a bye or
 * an absence asked for, or (when players must check in for it) not checked in. Each entry
 * is `{ p, why, unchecked }`, by pairing number.
 */
function outOf(round) {
  const out = [];
  const unchecked = new Set(hall && hall.next_round === round ? hall.players.filter((h) => h.proposed_absent).map((h) => h.player) : []);
  for (const p of byTpn()) {
    if (p.withdrawn_from && p.withdrawn_from <= round) { out.push({ p, why: "withdrawn" }); continue; }
    const asked = (p.requested_byes || []).find((b) => b.round === round);
    if (asked) out.push({ p, why: REQUESTED[asked.kind] || asked.kind });
    else if (unchecked.has(p.player)) out.push({ p, why: "not checked in", unchecked: true });
  }
  return out;
}

// The players out, a line for each reason: "3. Name (not checked in); 5. Name (not checked in)".
function outWords(out) {
  const groups = new Map();
  for (const o of out) groups.set(o.why, [...(groups.get(o.why) || []), `${o.p.tpn}. ${o.p.title ? o.p.title + " " : ""}${o.p.name} (${o.why})`]);
  return [...groups].map(([, names]) => html`<li>${names.join("; ")}</li>`);
}

// Whether the players out are many: more than 2, or more than a tenth of the field.
const many = (n, field) => n > 2 || n > field / 10;

// The list of who will not be paired in `round`, with a warning banner when they are many.
function outBlock(round, field, id) {
  const out = outOf(round);
  if (!out.length) return html`<p class="muted" id="${id}">Everybody registered is paired in round ${round}: nobody has withdrawn, asked for a bye or is absent.</p>`;
  const unchecked = out.filter((o) => o.unchecked).length;
  const head = html`${out.length} of ${field} players will not be paired in round ${round}${unchecked ? html`; <strong>${unchecked} of them have not checked in and are recorded absent (zero points) when the round is published</strong>: check them in on the Hall view, or lift the check-in rule` : ""}:`;
  return html`<div id="${id}" class="${many(out.length, field) ? "banner warn" : "outlist"}" role="status"><p>${head}</p><ul>${outWords(out)}</ul></div>`;
}

/**
 * The round being prepared, before it is paired: who joins (late entries), who will not be
 * paired and why (withdrawn, byes and absences asked for, not checked in), byes asked for
 * later rounds, and what is still missing in the round being played.
 */
export function drawComing() {
  drawComingNow();
  // Who has checked in is the hall's: read it, then draw again, when the view is open (a
  // check-in heard, or the view opened, reads it again).
  if (st.isChief && st.tournament && st.currentView === "round") {
    send("GET", api("/hall"), undefined, st.token).then((r) => {
      if (r.status !== 200) return;
      hall = r.body;
      drawComingNow();
      if (proposal) drawProposal();
    }).catch(() => {});
  }
}

/** The round being prepared drawn again from what is known, reading nothing (a result heard). */
export function drawComingNow() {
  const t = st.tournament;
  const next = t.rounds_published + 1;
  if (next > t.settings.rounds) { render($("#coming"), html`<p class="muted">All ${t.settings.rounds} rounds are published.</p>`); return; }
  const present = byTpn().filter((p) => !(p.withdrawn_from && p.withdrawn_from <= next));
  const late = byTpn().filter((p) => p.late_from === next).map((p) => `${p.tpn}. ${p.name}`);
  const later = byTpn().flatMap((p) => (p.requested_byes || []).filter((b) => b.round > next).map((b) => `${p.tpn}. ${p.name}: ${REQUESTED[b.kind] || b.kind} in round ${b.round}`));
  const missing = st.missingNow;
  const checkIn = hall && hall.rules.check_in_round === next;
  // A round-robin's next round is its table's: it may be paired before the last results.
  const waiting = missing.length > 0 && (isRR()
    ? html`<p class="banner ok">Round ${next - 1} still has ${missing.length} result${missing.length > 1 ? "s" : ""} missing (board${missing.length > 1 ? "s" : ""} ${missing.join(", ")}). A round-robin's rounds are its table's: round ${next} may be paired and published now.</p>`
    : html`<p class="banner warn">Round ${next - 1} still has ${missing.length} result${missing.length > 1 ? "s" : ""} missing (board${missing.length > 1 ? "s" : ""} ${missing.join(", ")}): round ${next} is paired once every result is in.</p>`);
  render($("#coming"), html`<p>Round ${next} of ${t.settings.rounds}: ${present.length} players registered and not withdrawn${checkIn ? html`; players must check in for it (${hall.players.filter((h) => h.checked_in).length} have)` : ""}.</p>\
${waiting}\
${late.length > 0 && html`<p>Late entries playing from round ${next}: ${late.join("; ")}</p>`}\
${outBlock(next, byTpn().length, "comingout")}\
${later.length > 0 && html`<p class="muted">Asked for later rounds: ${later.join("; ")}</p>`}`);
}

const keyOf = (p) => (p ? p.player : null);
function nameOfKey(k) { const p = st.players.find((x) => x.player === k); return p ? `${p.tpn}. ${who(p)}` : "—"; }

// One step of the explanation: its article first, indented by its depth (a wrapped line
// keeps the indentation).
function stepLine(s) {
  return html`<span class="d${Math.min(s.depth, 4)}">${s.article ? `${s.article}: ` : ""}${s.text}</span>`;
}

async function loadScores() {
  if (!st.tournament.rounds_published) { scoreOf = new Map(); return; }
  const s = await get(api("/standings"));
  scoreOf = new Map(s.rows.map((r) => [r.player, r.score]));
}

// The body that publishes the pairing shown, or checks it.
function pairingBody(accept) {
  // Every player by the number that says which it is: the registration number.
  const whom = (k) => ({ player: k });
  return {
    round: proposal.round,
    pairs: proposal.pairs.map((p) => ({ white: whom(p.white), black: whom(p.black) })),
    bye: proposal.bye ? whom(proposal.bye) : null,
    accept_violations: accept,
  };
}

// Checks the pairing shown against the absolute criteria (nothing is recorded), then draws it
// with its breaches beside its boards.
async function checkNow() {
  const shown = proposal;
  const r = await send("POST", api("/pairing/check"), pairingBody(false), st.token);
  if (proposal !== shown) return;
  check = r.status === 200 ? r.body : { violations: [r.body?.error || "the pairing could not be checked"], changes: [] };
  drawProposal();
}

// The breaches that name a player of `keys`, one way.
function breachesOf(keys) {
  if (!check) return [];
  const ps = keys.map((k) => st.players.find((x) => x.player === k)).filter(Boolean);
  return check.violations.filter((v) => ps.some((p) => v.includes(`${p.name} (pairing number ${p.tpn}, player ${p.player})`) || v.includes(`${p.name} (player ${p.player})`))).map(oneWay);
}

function drawProposal() {
  // Points before the round, and under acceleration the virtual points the pairing added.
  const pts = (k) => {
    const v = st.players.find((x) => x.player === k)?.virtual_points_next;
    const s = scoreOf.has(k) ? scoreOf.get(k) : (v ? "0.0" : null);
    return s !== null && html` <span class="muted">(${s}${v && ` + ${v} virtual`})</span>`;
  };
  const sel = (i, side) => (selected && selected[0] === i && selected[1] === side ? "sel" : "");
  const breaches = check ? check.violations : [];
  const rows = proposal.pairs.map((p, i) => {
    const here = breachesOf([p.white, p.black]);
    return html`<tr class="${here.length ? "breach" : ""}"><td class="num">${i + 1}</td>\
<td class="swap ${sel(i, "white")}" data-i="${i}" data-side="white">${nameOfKey(p.white)}${pts(p.white)}</td>\
<td class="swap ${sel(i, "black")}" data-i="${i}" data-side="black">${nameOfKey(p.black)}${pts(p.black)}</td>\
<td class="breaches">${here.length ? html`<span class="bad">${here.join("; ")}</span>` : check ? html`<span class="muted">✓</span>` : ""}</td></tr>`;
  });
  const field = byTpn().length;
  const unchecked = outOf(proposal.round).filter((o) => o.unchecked).length;
  const checked = check && (breaches.length
    ? html`<div class="banner bad" id="breaches" role="alert"><strong>${breaches.length} breach${breaches.length > 1 ? "es" : ""} of the absolute criteria</strong> (checked after your change):<ul>${breaches.map((b) => html`<li>${oneWay(b)}</li>`)}</ul></div>`
    : html`<p class="banner ok" id="breaches" role="status">Checked: this pairing breaks none of the absolute criteria.</p>`);
  const changes = check && check.changes.length > 0 && html`<p class="muted" id="changes">Changed from the system's proposal: ${check.changes.map(oneWay).join("; ")}.</p>`;
  const publishing = breaches.length
    ? html`<p><button class="primary" id="publishanyway">Publish anyway (the breaches are recorded)</button></p>\
<p id="anywayask" hidden><strong>Publish round ${proposal.round} with ${breaches.length} breach${breaches.length > 1 ? "es" : ""} of the absolute criteria? They are recorded with the round, and players and displays see it at once.</strong> <button class="primary" id="anywayconfirm">Confirm: publish with the breaches</button> <button type="button" class="link" id="publishcancel">not yet</button></p>`
    : html`<p><button class="primary" id="publish">Publish round ${proposal.round}</button></p>\
<p id="publishask" hidden><strong>Players and displays see round ${proposal.round} at once.</strong> <button class="primary" id="publishconfirm">Confirm: publish round ${proposal.round}</button> <button type="button" class="link" id="publishcancel">not yet</button></p>`;
  render($("#proposal"), html`<p class="muted">Round ${proposal.round}. Click two players to swap them (each change is checked at once), then publish.</p>\
<div class="scroll"><table><tr><th class="num">Board</th><th>White</th><th>Black</th><th>Check</th></tr>${rows}</table></div>\
${proposal.bye && html`<p>${isRR() ? "Free this round" : "Bye"}: ${nameOfKey(proposal.bye)}${pts(proposal.bye)}</p>`}\
${checked}${changes}\
${outOf(proposal.round).length > 0 && outBlock(proposal.round, field, "proposalout")}\
${publishing}\
<p id="absentask" hidden class="banner warn"><strong>${unchecked} player${unchecked === 1 ? " has" : "s have"} not checked in and will be recorded absent: publish anyway?</strong> <button class="primary" id="absentconfirm">Publish and record ${unchecked} absent</button> <button type="button" class="link" id="publishcancel">not yet</button></p>\
${explanation && html`<details open><summary>${changed ? "Explanation of the system's proposal, before your changes" : "Explanation"}</summary><pre class="explanation">${explanation.map(stepLine)}</pre></details>`}`);
}

$("#propose").addEventListener("click", async () => {
  const r = await send("POST", api("/pairing"), {}, st.token);
  if (r.status !== 200) { say(r.body?.error || "no pairing", r.body?.details?.manual_pairing_possible ? "warn" : "bad"); return; }
  say("");
  proposal = { round: r.body.round, pairs: r.body.pairs.map((p) => ({ white: p.white.player, black: p.black.player })), bye: keyOf(r.body.bye) };
  selected = null; explanation = r.body.explanation; changed = false; check = null;
  await loadScores();
  drawProposal();
});

$("#manual").addEventListener("click", async () => {
  // Pairs in pairing-number order as a starting point for a pairing by hand, of the players
  // to be paired: not withdrawn, no bye asked for, checked in where they must.
  const round = st.tournament.rounds_published + 1;
  const out = new Set(outOf(round).map((o) => o.p.player));
  const active = byTpn().filter((p) => !out.has(p.player));
  const pairs = [];
  for (let i = 0; i + 1 < active.length; i += 2) pairs.push({ white: active[i].player, black: active[i + 1].player });
  proposal = { round, pairs, bye: active.length % 2 ? active[active.length - 1].player : null };
  selected = null; explanation = null; changed = true; check = null;
  await loadScores();
  drawProposal();
  await checkNow();
});

// Publishes the pairing shown; `accept` publishes it with its breaches.
async function publish(accept) {
  const r = await send("POST", api("/rounds"), pairingBody(accept), st.token);
  const changes = (r.body?.manual_changes || []).map(oneWay);
  if (r.status === 201) {
    say(changes.length ? `Round ${proposal.round} published, changed from the system's proposal: ${changes.join("; ")}.` : `Round ${proposal.round} published.`, changes.length ? "warn" : "ok");
    // The arbiter's next task: the round's results.
    proposal = null; explanation = null; check = null;
    render($("#proposal"), ""); st.followLatest = true; st.show("results", true); st.refresh();
  }
  else if (r.status === 422 && r.body?.details?.violations) { check = { violations: r.body.details.violations, changes: check?.changes || [] }; drawProposal(); }
  else say(oneWay(r.body?.error || "refused"), "bad");
}

// Shows one question of the publishing steps, hiding the others and the first button.
function ask(id) {
  for (const x of ["#publish", "#publishanyway"]) if ($(x)) $(x).hidden = !!id;
  for (const x of ["#publishask", "#anywayask", "#absentask"]) if ($(x)) $(x).hidden = x !== id;
}

$("#proposal").addEventListener("click", async (e) => {
  // A click on a player's cell, or on the points in it.
  const d = e.target.closest("td.swap")?.dataset || {};
  const unchecked = proposal ? outOf(proposal.round).filter((o) => o.unchecked).length : 0;
  if (d.side) {
    const here = [Number(d.i), d.side];
    if (!selected) { selected = here; drawProposal(); return; }
    const a = proposal.pairs[selected[0]], b = proposal.pairs[here[0]];
    [a[selected[1]], b[here[1]]] = [b[here[1]], a[selected[1]]];
    selected = null; changed = true; check = null;
    drawProposal();
    await checkNow();
  } else if (e.target.id === "publish") {
    // A published round is seen at once by everyone: one more click to be sure.
    ask("#publishask");
  } else if (e.target.id === "publishanyway") {
    // Breaches are published only on a second, deliberate click.
    ask("#anywayask");
  } else if (e.target.id === "publishcancel") {
    ask(null);
  } else if (e.target.id === "publishconfirm") {
    // Players who have not checked in are recorded absent: asked once more, by how many.
    if (unchecked > 0) ask("#absentask"); else await publish(false);
  } else if (e.target.id === "anywayconfirm") {
    if (unchecked > 0) { $("#absentask").dataset.accept = "1"; ask("#absentask"); } else await publish(true);
  } else if (e.target.id === "absentconfirm") {
    await publish($("#absentask").dataset.accept === "1");
  }
});
