// The arbiters of this tournament: a chief arbiter creates their accounts (the token is shown
// once, to be handed over), re-issues a lost token and revokes an account; an administrator
// also its chief arbiters.

import { html, render } from "./html.js";
import { qrImage, send } from "./api.js";
import { $, say, st } from "./arbiter-state.js";
import { addressWarning, publicAddress } from "./public-address.js";

export async function drawArbiters() {
  const admin = st.me.role === "admin";
  $("#rolelabel").hidden = !admin;
  const r = await send("GET", "/api/accounts", undefined, st.token);
  if (r.status !== 200) return;
  const here = r.body.filter((a) => a.role !== "admin" && a.role !== "terminal" && a.name !== st.me.name && a.tournaments.includes(st.id));
  const manages = (a) => admin || (a.role === "arbiter" && a.tournaments.every((t) => st.me.tournaments.includes(t)));
  render($("#arbiters"), html`<tr><th>Account</th><th>Role</th><th></th></tr>${here.length ? here.map((a) =>
    html`<tr><td>${a.name}</td><td>${a.role === "chief" ? "chief arbiter" : "arbiter"}</td><td>${manages(a) && html`<button type="button" data-reissue="${a.name}">New token</button> <button type="button" data-revoke="${a.name}">Revoke</button>`}</td></tr>`)
    : html`<tr><td colspan="3" class="muted">no arbiter account yet</td></tr>`}`);
}

// A new token is shown once, with the sign-in link that carries it (after '#', which
// browsers never send to a server) and that link's QR code, for the arbiter's tablet camera.
async function showToken(name, t) {
  const address = await publicAddress();
  const link = `${address.base}/arbiter/${encodeURIComponent(st.id)}#token=${encodeURIComponent(t)}`;
  const qr = await qrImage(link, st.token);
  render($("#newtoken"), html`${addressWarning(address)}<div class="banner ok">Token for ${name} (shown once; hand it over now): <code class="token">${t}</code>\
<br>Or open this link on the arbiter's device, or scan the code: <a id="signinlink" href="${link}">sign-in link for ${name}</a>${qr && html`<img class="signinqr" alt="QR code of the sign-in link" src="${qr}">`}</div>`);
}
$("#arbiterform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = e.target.name.value.trim();
  const role = st.me.role === "admin" ? e.target.role.value : "arbiter";
  const r = await send("POST", "/api/accounts", { name, role, tournaments: [st.id] }, st.token);
  if (r.status !== 201) { say(r.body?.error || `creating ${name} failed`, "bad"); return; }
  e.target.reset(); say(""); showToken(name, r.body.token); await drawArbiters();
});
$("#arbiters").addEventListener("click", async (e) => {
  const b = e.target.closest("button"); if (!b) return;
  const name = b.dataset.reissue || b.dataset.revoke;
  const path = `/api/accounts/${encodeURIComponent(name)}` + (b.dataset.reissue ? "/token" : "");
  const r = await send(b.dataset.reissue ? "POST" : "DELETE", path, undefined, st.token);
  if (r.status !== 200 && r.status !== 201) { say(r.body?.error || "failed", "bad"); return; }
  say("");
  if (b.dataset.reissue) showToken(name, r.body.token); else render($("#newtoken"), "");
  await drawArbiters();
});
