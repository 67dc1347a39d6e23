// The address players' phones and the hall's tablets reach the server by (the server's
// `public_url`, else its network address), on which the console builds the players' cards,
// their QR codes and the sign-in links; and, when that would be this machine's own address,
// the warning that no other device can open them.

import { html } from "./html.js";
import { get } from "./api.js";

let asked = null;

/** `{ base, warning }`: the address links begin with, and what is wrong with it, or "". */
export async function publicAddress() {
  if (!asked) asked = get("/api/public-url").catch(() => ({ public_url: null }));
  const known = await asked;
  const base = known.public_url || location.origin;
  const host = new URL(base).hostname;
  const own = host === "localhost" || host.endsWith(".localhost") || host.startsWith("127.") || host === "[::1]" || host === "0.0.0.0";
  return {
    base,
    warning: own ? `Players' phones cannot open ${host}: set public_url in the configuration to the address the hall's network reaches this machine by, e.g. http://192.168.1.20:8080 (see docs/operations.md, "The hall's network"). Until then the cards, QR codes and sign-in links made here work on this machine only.` : "",
  };
}

/** The warning as a banner, or nothing. */
export function addressWarning(address) {
  return address.warning ? html`<div class="banner warn addresswarning noprint" role="alert">${address.warning}</div>` : "";
}
