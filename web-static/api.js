// Calls to the API, and the live connection that resumes where it stopped: shared by the pages.

/** The tournament id in the page's address (/display/{id}, /arbiter/{id}, /t/{id}). */
export function tournamentId() {
  return decodeURIComponent(location.pathname.split("/")[2] || "");
}

/** GET a JSON (or text) resource; throws an Error with the server's message. */
export async function get(path) {
  const r = await fetch(path, { cache: "no-store" });
  const type = r.headers.get("content-type") || "";
  const body = type.includes("json") ? await r.json() : await r.text();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

/** A write: returns {status, body} whatever the status, so callers can show conflicts. */
export async function send(method, path, body, token, idempotencyKey) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["Authorization"] = "Bearer " + token;
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch (_) { /* no body */ }
  return { status: r.status, body: data };
}

/** A QR code of `text` as an image address (data:), or null; asked with the arbiter's token. */
export async function qrImage(text, token) {
  const r = await fetch("/api/qr", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token }, body: JSON.stringify({ text }) });
  return r.ok ? `data:image/svg+xml;base64,${btoa(await r.text())}` : null;
}

/**
 * Follows the tournament's events over WebSocket from sequence `after`, calling onEvent for
 * each in order. Reconnects by itself (1 s, doubling up to 15 s) and resumes after the last
 * event it had; on a resync notice it resumes from there too. onStatus(true|false) tells
 * whether the connection is up.
 */
export function live(id, after, onEvent, onStatus) {
  let last = after;
  let delay = 1000;
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${id}?after=${last}`);
    ws.onopen = () => { delay = 1000; onStatus && onStatus(true); };
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "event" && msg.seq > last) {
        last = msg.seq;
        onEvent(msg);
      } else if (msg.type === "resync") {
        last = Math.min(last, msg.after);
      }
    };
    ws.onclose = () => {
      onStatus && onStatus(false);
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 15000);
    };
  };
  connect();
}

/**
 * Whether a live event can change what the public pages and the hall display show: the
 * hall's own events (check-ins, players' reports, codes, its rules) cannot, so that a wave
 * of check-ins does not make every spectator's page fetch again. A report accepted is a
 * result, and does.
 */
export function changesViews(msg) {
  const hallOnly = ["hall_rules_set", "player_checked_in", "check_in_withdrawn", "player_codes_issued", "result_reported"];
  return !hallOnly.includes(msg.event?.type);
}

/** Calls `fn` once, `ms` after the last of several quick calls. */
export function debounce(fn, ms) {
  let t = null;
  return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
}
