// The chief arbiter's next round: what it will be (late entries, who is out, results still
// missing in the round being played), the system's proposal with its explanation, swaps by
// two clicks, a pairing by hand, and publishing in two clicks.

import { html, render } from "./html.js";
import { get, send } from "./api.js";
import { who } from "./words.js";
import { $, api, byTpn, isRR, REQUESTED, say, st } from "./arbiter-state.js";

let proposal = null;   // { round, pairs: [{white, black}], bye }, by registration number
let selected = null;   // [boardIndex, "white"|"black"]
// Each player's points before the round proposed.
let scoreOf = new Map();

// The players out of `round`: withdrawn, a bye asked for, an absence; as "12. Name (why)".
function outOf(round) {
  const out = [];
  for (const p of byTpn()) {
    if (p.withdrawn_from && p.withdrawn_from <= round) out.push(`${p.tpn}. ${p.name} (withdrawn)`);
    for (const b of p.requested_byes || []) if (b.round === round) out.push(`${p.tpn}. ${p.name} (${REQUESTED[b.kind] || b.kind})`);
  }
  return out;
}

/**
 * The round being prepared, before it is paired: who joins (late entries), who is out
 * (withdrawn, byes and absences asked for) in it and later rounds, and what is still missing
 * in the round being played.
 */
export function drawComing() {
  const t = st.tournament;
  const next = t.rounds_published + 1;
  if (next > t.settings.rounds) { render($("#coming"), html`<p class="muted">All ${t.settings.rounds} rounds are published.</p>`); return; }
  const present = byTpn().filter((p) => !(p.withdrawn_from && p.withdrawn_from <= next));
  const out = outOf(next);
  const late = byTpn().filter((p) => p.late_from === next).map((p) => `${p.tpn}. ${p.name}`);
  const later = byTpn().flatMap((p) => (p.requested_byes || []).filter((b) => b.round > next).map((b) => `${p.tpn}. ${p.name}: ${REQUESTED[b.kind] || b.kind} in round ${b.round}`));
  const missing = st.missingNow;
  render($("#coming"), html`<p>Round ${next} of ${t.settings.rounds}: ${present.length} players registered and not withdrawn.</p>\
${missing.length > 0 && html`<p class="banner warn">Round ${next - 1} still has ${missing.length} result${missing.length > 1 ? "s" : ""} missing (board${missing.length > 1 ? "s" : ""} ${missing.join(", ")}): round ${next} is paired once every result is in.</p>`}\
${late.length > 0 && html`<p>Late entries playing from round ${next}: ${late.join("; ")}</p>`}\
${out.length ? html`<p>Not playing in round ${next}: ${out.join("; ")}</p>` : html`<p class="muted">Nobody has asked for a bye in round ${next}.</p>`}\
${later.length > 0 && html`<p class="muted">Asked for later rounds: ${later.join("; ")}</p>`}`);
}

const keyOf = (p) => (p ? p.player : null);
function nameOfKey(k) { const p = st.players.find((x) => x.player === k); return p ? `${p.tpn}. ${who(p)}` : "—"; }

// One step of the explanation as a line: indented by its depth, its article first.
function stepText(s) {
  return "  ".repeat(s.depth) + (s.article ? `${s.article}: ` : "") + s.text;
}

async function loadScores() {
  if (!st.tournament.rounds_published) { scoreOf = new Map(); return; }
  const s = await get(api("/standings"));
  scoreOf = new Map(s.rows.map((r) => [r.player, r.score]));
}

function drawProposal(explanation, warnings) {
  // Points before the round, and under acceleration the virtual points the pairing added.
  const pts = (k) => {
    const v = st.players.find((x) => x.player === k)?.virtual_points_next;
    const s = scoreOf.has(k) ? scoreOf.get(k) : (v ? "0.0" : null);
    return s !== null && html` <span class="muted">(${s}${v && ` + ${v} virtual`})</span>`;
  };
  const sel = (i, side) => (selected && selected[0] === i && selected[1] === side ? "sel" : "");
  const rows = proposal.pairs.map((p, i) => html`<tr><td class="num">${i + 1}</td>\
<td class="swap ${sel(i, "white")}" data-i="${i}" data-side="white">${nameOfKey(p.white)}${pts(p.white)}</td>\
<td class="swap ${sel(i, "black")}" data-i="${i}" data-side="black">${nameOfKey(p.black)}${pts(p.black)}</td></tr>`);
  const out = outOf(proposal.round);
  render($("#proposal"), html`<p class="muted">Round ${proposal.round}. Click two players to swap them, then publish.</p>\
<table><tr><th class="num">Board</th><th>White</th><th>Black</th></tr>${rows}</table>\
${proposal.bye && html`<p>${isRR() ? "Free this round" : "Bye"}: ${nameOfKey(proposal.bye)}${pts(proposal.bye)}</p>`}\
${out.length > 0 && html`<p id="proposalout">Not playing in round ${proposal.round}: ${out.join("; ")}</p>`}\
${warnings && html`<div class="banner bad">${warnings.map((w, i) => html`${i > 0 && html`<br>`}${w}`)}</div><button class="primary" id="publishanyway">Publish anyway (the breaches are recorded)</button>`}\
<p><button class="primary" id="publish">Publish round ${proposal.round}</button></p>\
<p id="publishask" hidden><strong>Players and displays see round ${proposal.round} at once.</strong> <button class="primary" id="publishconfirm">Confirm: publish round ${proposal.round}</button> <button type="button" class="link" id="publishcancel">not yet</button></p>\
${explanation && html`<details open><summary>Explanation</summary><pre>${explanation.map(stepText).join("\n")}</pre></details>`}`);
}

$("#propose").addEventListener("click", async () => {
  const r = await send("POST", api("/pairing"), {}, st.token);
  if (r.status !== 200) { say(r.body?.error || "no pairing", r.body?.details?.manual_pairing_possible ? "warn" : "bad"); return; }
  proposal = { round: r.body.round, pairs: r.body.pairs.map((p) => ({ white: p.white.player, black: p.black.player })), bye: keyOf(r.body.bye) };
  selected = null;
  await loadScores();
  drawProposal(r.body.explanation);
});

$("#manual").addEventListener("click", () => {
  // Pairs in pairing-number order as a starting point for a pairing by hand.
  const active = st.players.filter((p) => !p.withdrawn_from || p.withdrawn_from > st.tournament.rounds_published + 1).sort((a, b) => a.tpn - b.tpn);
  const pairs = [];
  for (let i = 0; i + 1 < active.length; i += 2) pairs.push({ white: active[i].player, black: active[i + 1].player });
  proposal = { round: st.tournament.rounds_published + 1, pairs, bye: active.length % 2 ? active[active.length - 1].player : null };
  selected = null;
  drawProposal(["Pairing by hand: swap players as needed. The absolute criteria are checked when publishing."]);
});

$("#proposal").addEventListener("click", async (e) => {
  const d = e.target.dataset;
  if (d.side) {
    const here = [Number(d.i), d.side];
    if (!selected) { selected = here; }
    else {
      const a = proposal.pairs[selected[0]], b = proposal.pairs[here[0]];
      [a[selected[1]], b[here[1]]] = [b[here[1]], a[selected[1]]];
      selected = null;
    }
    drawProposal();
  } else if (e.target.id === "publish") {
    // A published round is seen at once by everyone: one more click to be sure.
    $("#publish").hidden = true;
    $("#publishask").hidden = false;
  } else if (e.target.id === "publishcancel") {
    $("#publish").hidden = false;
    $("#publishask").hidden = true;
  } else if (e.target.id === "publishconfirm" || e.target.id === "publishanyway") {
    // Every player by the number that says which it is: the registration number.
    const whom = (k) => ({ player: k });
    const body = {
      round: proposal.round,
      pairs: proposal.pairs.map((p) => ({ white: whom(p.white), black: whom(p.black) })),
      bye: proposal.bye ? whom(proposal.bye) : null,
      accept_violations: e.target.id === "publishanyway",
    };
    const r = await send("POST", api("/rounds"), body, st.token);
    const changes = r.body?.manual_changes || [];
    if (r.status === 201) {
      say(changes.length ? `Round ${proposal.round} published, changed from the system's proposal: ${changes.join("; ")}.` : `Round ${proposal.round} published.`, changes.length ? "warn" : "ok");
      // The arbiter's next task: the round's results.
      render($("#proposal"), ""); st.followLatest = true; st.show("results", true); st.refresh();
    }
    else if (r.status === 422 && r.body?.details?.violations) { drawProposal(null, r.body.details.violations); }
    else say(r.body?.error || "refused", "bad");
  }
});
