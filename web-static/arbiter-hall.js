// The console's hall: the rules (check-in, agreed results), the players' reports board by
// board with Accept, the check-in for the next round, codes and player cards, terminals.

import { html, render } from "./html.js";
import { qrImage, send } from "./api.js";
import { resultText } from "./words.js";
import { addressWarning, publicAddress } from "./public-address.js";
import { $, api, REQUESTED, say, st } from "./arbiter-state.js";

let hall = null;
const nameOf = (k) => st.players.find((p) => p.player === k)?.name || `player ${k}`;
const fmt = (gs) => resultText(gs);

export async function drawHall() {
  const r = await send("GET", api("/hall"), undefined, st.token);
  if (r.status !== 200) { say(r.body?.error || "the hall could not be read", "bad"); return; }
  hall = r.body;
  const rules = hall.rules;
  const closes = rules.check_in_closes_at_ms ? new Date(rules.check_in_closes_at_ms) : null;
  // A check-in for a round already paired is over: the next round needs none unless set again.
  const current = rules.check_in_round && rules.check_in_round >= hall.next_round;
  const checkIn = current
    ? `Players must check in for round ${rules.check_in_round}${closes ? ` until ${closes.toLocaleString()}` : ""}; those who have not are proposed absent.`
    : `No check-in is required for round ${hall.next_round}${rules.check_in_round ? ` (it was for round ${rules.check_in_round})` : ""}.`;
  // The links for the hall's tablets and the players' phones, at the address they reach.
  const address = await publicAddress();
  const terminalPage = `${address.base}/terminal/${encodeURIComponent(st.id)}`;
  const ownPage = `${address.base}/me/${encodeURIComponent(st.id)}`;
  render($("#hallrules"), html`${addressWarning(address)}<p>${checkIn} \
${rules.agreed_results_stand ? "A result both players report alike stands at once." : "A result both players report alike waits for an arbiter (Accept)."} \
Terminal page: <a id="terminalpage" href="${terminalPage}">${terminalPage}</a>; players' own page: <a id="ownpage" href="${ownPage}">${ownPage}</a>.</p>`);
  for (const el of document.querySelectorAll(".chiefpart")) el.hidden = !st.isChief;
  const f = $("#rulesform");
  if (document.activeElement?.form !== f) {
    f.required.checked = !!current;
    f.round.value = current ? rules.check_in_round : hall.next_round;
    f.stand.checked = rules.agreed_results_stand;
    f.closes.value = closes ? new Date(closes.getTime() - closes.getTimezoneOffset() * 60000).toISOString().slice(0, 16) : "";
  }
  drawHallBoards();
  drawCheckins();
  await drawTerminals();
}

const STATE_WORDS = {
  no_report: () => html`<span class="muted">no report</span>`,
  reported: (s) => html`reported by ${nameOf(s.by)}: <strong>${fmt(s.games)}</strong>, waiting for the opponent`,
  agreed: (s) => html`<strong>${fmt(s.games)}</strong> agreed (${nameOf(s.reported_by)}, confirmed by ${nameOf(s.confirmed_by)})`,
  disputed: (s) => html`<span class="bad">disputed</span>: White says <strong>${fmt(s.white)}</strong>, Black says <strong>${fmt(s.black)}</strong>`,
  recorded: (s) => html`result <strong>${fmt(s.games)}</strong>${s.reported_by && ` (reported by ${nameOf(s.reported_by)}, confirmed by ${nameOf(s.confirmed_by)})`}`,
};
function drawHallBoards() {
  if (!hall.round) { $("#boardshead").hidden = true; render($("#hallboards"), ""); $("#acceptall").hidden = true; return; }
  $("#boardshead").hidden = false;
  $("#boardshead").textContent = `Round ${hall.round}: results reported by the players`;
  const agreed = hall.boards.filter((b) => b.result.state === "agreed");
  $("#acceptall").hidden = !agreed.length;
  $("#acceptall").textContent = `Accept the ${agreed.length} agreed result${agreed.length > 1 ? "s" : ""}`;
  render($("#hallboards"), html`<tr><th class="num">Board</th><th>White</th><th>Black</th><th>Where it stands</th><th></th></tr>${hall.boards.map((b) => {
    const s = b.result;
    const act = s.state === "agreed" ? html`<button type="button" data-accept="${b.board}">Accept</button>`
      : (s.state === "disputed" || s.state === "reported") && html`<button type="button" class="link" data-enter="${b.board}">enter the result</button>`;
    return html`<tr class="hb-${s.state}" data-board="${b.board}"><td class="num">${b.board}</td><td>${b.white.name}</td><td>${b.black.name}</td><td>${STATE_WORDS[s.state](s)}</td><td>${act}</td></tr>`;
  })}`);
}
$("#acceptall").addEventListener("click", async () => {
  const r = await send("POST", api("/hall/accept"), {}, st.token);
  if (r.status !== 200) { say(r.body?.error || "refused", "bad"); return; }
  say(`${r.body.length} result${r.body.length === 1 ? "" : "s"} accepted.`, "ok");
  st.refresh();
});
$("#hallboards").addEventListener("click", async (e) => {
  const b = e.target.closest("button"); if (!b) return;
  if (b.dataset.accept) {
    const r = await send("POST", api("/hall/accept"), { board: Number(b.dataset.accept) }, st.token);
    if (r.status !== 200) { say(r.body?.error || "refused", "bad"); return; }
    say(`Board ${b.dataset.accept}: result accepted.`, "ok");
    st.refresh();
  }
  if (b.dataset.enter) { st.followLatest = true; st.show("results", true); document.querySelector(`#boards tr[data-board="${b.dataset.enter}"]`)?.scrollIntoView({ block: "center" }); }
});

function drawCheckins() {
  const next = hall.next_round;
  if (next > st.tournament.settings.rounds) { $("#checkinhead").hidden = true; render($("#checkins"), ""); $("#checkinsummary").textContent = ""; return; }
  $("#checkinhead").hidden = false;
  $("#checkinhead").textContent = `Check-in for round ${next}`;
  const inn = hall.players.filter((p) => p.checked_in).length;
  // No check-in asked for this round, and nobody checked in: nothing to list.
  if (hall.rules.check_in_round !== next && !inn) {
    $("#checkinsummary").textContent = `No check-in is required for round ${next}. To require one, tick "Players must check in" above.`;
    render($("#checkins"), "");
    return;
  }
  const absent = hall.players.filter((p) => p.proposed_absent);
  render($("#checkinsummary"), html`${inn} of ${hall.players.length} checked in.\
${absent.length > 0 && html` <strong>${absent.length} not checked in: proposed absent</strong> (not paired, scoring 0) unless checked in here; publishing the round confirms it.`}`);
  const rows = [...hall.players].sort((a, b) => (b.proposed_absent - a.proposed_absent) || a.name.localeCompare(b.name));
  render($("#checkins"), html`<tr><th>Player</th><th>Check-in</th><th></th></tr>${rows.map((p) => {
    const bye = (p.requested_byes || []).find((x) => x.round === next);
    const state = p.checked_in ? html`<span class="ok">checked in</span>` : bye ? `${REQUESTED[bye.kind] || bye.kind}` : p.proposed_absent ? html`<span class="bad">not checked in: proposed absent</span>` : html`<span class="muted">not checked in</span>`;
    const act = p.checked_in ? html`<button type="button" class="link" data-uncheck="${p.player}">undo check-in</button>`
      : !bye && html`<button type="button" data-checkin="${p.player}">Check in</button>${st.isChief && p.proposed_absent && html` <button type="button" data-absent="${p.player}">Confirm absent</button>`}`;
    return html`<tr class="${p.proposed_absent ? "proposedabsent" : ""}"><td>${p.name}</td><td>${state}</td><td>${act}</td></tr>`;
  })}`);
}
$("#checkins").addEventListener("click", async (e) => {
  const b = e.target.closest("button"); if (!b) return;
  let r;
  if (b.dataset.checkin || b.dataset.uncheck) {
    r = await send("POST", api("/hall/check-in"), { player: Number(b.dataset.checkin || b.dataset.uncheck), present: !!b.dataset.checkin }, st.token);
  } else if (b.dataset.absent) {
    r = await send("POST", api("/byes"), { player: Number(b.dataset.absent), round: hall.next_round, kind: "absent" }, st.token);
  } else return;
  if (r.status !== 200 && r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  say("");
  st.refresh();
});

$("#rulesform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = e.target;
  const body = {
    check_in_round: f.required.checked ? Number(f.round.value) : null,
    check_in_closes_at_ms: f.required.checked && f.closes.value ? new Date(f.closes.value).getTime() : null,
    agreed_results_stand: f.stand.checked,
  };
  const r = await send("PUT", api("/hall/rules"), body, st.token);
  if (r.status !== 200 && r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  say("The hall's rules are saved.", "ok");
  st.refresh();
});

$("#issuecodes").addEventListener("click", async () => {
  const r = await send("POST", api("/hall/codes"), {}, st.token);
  if (r.status !== 200 && r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  say(r.status === 201 ? "Codes issued." : "Every player has a code already.", "ok");
  st.refresh();
});
// A new code for one player: the old one is refused from then on.
$("#reissueform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const player = Number(e.target.player.value);
  const r = await send("POST", api("/hall/codes"), { player }, st.token);
  if (r.status !== 201) { say(r.body?.error || "refused", "bad"); return; }
  const c = r.body.find((x) => x.player === player);
  say(`${c.name}'s new code: ${c.code} (the old one no longer works).`, "ok");
});
// The players' cards: name, code, and a QR code of their own page with their code (after '#',
// never sent to a server), to cut out and hand over, or print on the pairing slips.
$("#printcards").addEventListener("click", async () => {
  const r = await send("GET", api("/hall/codes"), undefined, st.token);
  if (r.status !== 200) { say(r.body?.error || "refused", "bad"); return; }
  const cards = [];
  const address = await publicAddress();
  for (const c of r.body) {
    const link = `${address.base}/me/${encodeURIComponent(st.id)}#p=${c.player}&c=${c.code}`;
    const qr = await qrImage(link, st.token);
    const img = qr && html`<img alt="QR code of ${c.name}'s page" src="${qr}">`;
    cards.push(html`<div class="card" data-link="${link}"><strong>${c.name}</strong><br><span class="muted">${st.tournament.name}</span><br>Your code: <code class="pcode">${c.code}</code>${img}</div>`);
  }
  document.body.classList.toggle("printcards", cards.length > 0);
  render($("#cards"), cards.length ? html`${addressWarning(address)}<p class="muted">${cards.length} cards. Print this page: the cards only are printed.</p><div class="grid">${cards}</div>` : html`<p class="muted">No codes issued yet: issue them first.</p>`);
  $("#cards").scrollIntoView({ block: "start" });
});

async function drawTerminals() {
  const r = await send("GET", "/api/accounts", undefined, st.token);
  if (r.status !== 200) return;
  const list = r.body.filter((a) => a.role === "terminal" && a.tournaments.includes(st.id));
  render($("#terminals"), list.length
    ? html`<tr><th>Terminal</th><th></th></tr>${list.map((a) => html`<tr><td>${a.name}</td><td><button type="button" data-signout="${a.name}">Sign out (revoke)</button></td></tr>`)}`
    : html`<tr><td class="muted">No terminal is signed in.</td></tr>`);
}
$("#terminalform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = e.target.name.value.trim();
  const r = await send("POST", "/api/accounts", { name, role: "terminal", tournaments: [st.id] }, st.token);
  if (r.status !== 201) { say(r.body?.error || `signing in ${name} failed`, "bad"); return; }
  e.target.reset();
  const address = await publicAddress();
  const link = `${address.base}/terminal/${encodeURIComponent(st.id)}#key=${encodeURIComponent(r.body.token)}`;
  const qr = await qrImage(link, st.token);
  render($("#newterminal"), html`${addressWarning(address)}<div class="banner ok">Open this link on the tablet (shown once): <a id="terminallink" href="${link}">sign-in link for ${name}</a>${qr && html`<img class="signinqr" alt="QR code of the terminal's sign-in link" src="${qr}">`}</div>`);
  await drawTerminals();
});
$("#terminals").addEventListener("click", async (e) => {
  const b = e.target.closest("button[data-signout]"); if (!b) return;
  const r = await send("DELETE", `/api/accounts/${encodeURIComponent(b.dataset.signout)}`, undefined, st.token);
  if (r.status !== 200) { say(r.body?.error || "failed", "bad"); return; }
  say(`${b.dataset.signout} is signed out.`, "ok");
  render($("#newterminal"), "");
  await drawTerminals();
});
