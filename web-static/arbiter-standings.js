// The standings as the public sees them, in short: rank, name, points and the tie-breaks,
// labelled "round 3 in progress: 12 of 20 results" while a round is being played, the marks of
// a place by lot and of a withdrawal explained under the table. Read again
// at each live result while shown (one request).

import { html, render } from "./html.js";
import { get } from "./api.js";
import { standingsLegend, standingsTable } from "./standings.js";
import { capital, standingsState } from "./words.js";
import { $, api, st } from "./arbiter-state.js";

export async function drawStandings() {
  if (!st.tournament) return;
  $("#stpublic").href = `/t/${encodeURIComponent(st.id)}/standings`;
  $("#stcross").href = `/t/${encodeURIComponent(st.id)}/crosstable`;
  if (!st.tournament.rounds_published) { $("#stlabel").textContent = "No round published yet: the standings start after round 1."; render($("#stable"), ""); return; }
  const s = await get(api("/standings"));
  $("#stlabel").textContent = `${capital(standingsState(s))}${s.in_progress ? " (provisional: players tied share their place)" : ""}. Tie-breaks: ${s.tiebreaks.join(", ")}.`;
  const table = standingsTable(s);
  // The marks' legend (a place by lot, a withdrawal) under the table, as its caption.
  const legend = standingsLegend(s);
  render($("#stable"), html`${legend && html`<caption class="legend">${legend}</caption>`}<thead>${table.head}</thead><tbody>${s.rows.map(table.row)}</tbody>`);
}
