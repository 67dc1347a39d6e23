// What the pages say about chess and the tournament in words: systems, results, byes, players,
// the state of the standings. Each returns text; the `html` template escapes it.

/** A pairing system's name for people, from the API's name (its edition). */
export function systemName(system) {
  const names = {
    "dutch-2026": "Dutch system (FIDE C.04.3, 2026)",
    "dutch-1992": "Dutch system (1992-2006 text)",
    "dubov-2026": "Dubov system (FIDE C.04.4.1, 2026)",
    "dubov-1997": "Dubov system (1997 text)",
    "burstein-2026": "Burstein system (FIDE C.04.4.2, 2026)",
    "double-swiss-2026": "Double-Swiss system (FIDE C.04.5, 2026)",
    "round-robin": "Round-robin (FIDE C.05, Berger tables)",
    "double-round-robin": "Double round-robin (FIDE C.05, Berger tables)",
  };
  return names[system] || system;
}

/**
 * What standings are after: "after round 3", or while a round still has results missing
 * "round 3 in progress: 12 of 20 results" (provisional: tied players share a place).
 */
export function standingsState(s) {
  const p = s.in_progress;
  return p ? `round ${s.after_round} in progress: ${p.results} of ${p.boards} results` : `after round ${s.after_round}`;
}

/** Whether a system is a round-robin (every round fixed by the Berger tables). */
export function isRoundRobin(system) {
  return system === "round-robin" || system === "double-round-robin";
}

/**
 * A board's result from one side (`first`: White's), as a cross table shows it: 1, ½, 0,
 * + and − for a forfeit; per match the points (1½).
 */
export function mine(games, first) {
  if (!games) return { text: "", forfeit: false };
  let got = 0;
  let forfeit = false;
  for (const g of games) {
    const [a, b] = g === "+-" ? ["+", "-"] : g === "-+" ? ["-", "+"] : g === "--" ? ["-", "-"] : g.split("-");
    const v = first ? a : b;
    if (v === "+" || v === "-") forfeit = true;
    got += v === "1" || v === "+" ? 1 : v === "1/2" ? 0.5 : 0;
  }
  if (games.length === 1 && forfeit) return { text: got ? "+" : "−", forfeit };
  const whole = Math.floor(got);
  return { text: got === 0.5 ? "½" : `${whole}${got - whole ? "½" : ""}`, forfeit };
}

/** A board's result as shown: "1-0", "½-½", or per game for a match. */
export function resultText(games) {
  if (!games) return "";
  const nice = (g) => g.replaceAll("1/2", "½");
  return games.length === 1 ? nice(games[0]) : games.map(nice).join(" · ");
}

/** A bye as the API names it ("pairing_allocated", "full", "half", "zero"), in words. */
export function byeName(kind) {
  return { pairing_allocated: "pairing-allocated bye", full: "full-point bye", half: "half-point bye", zero: "zero-point bye" }[kind] || kind;
}

/** A player as "GM Name (rating)": text. */
export function who(p) {
  if (!p) return "";
  const title = p.title ? p.title + " " : "";
  return `${title}${p.name}` + (p.rating ? ` (${p.rating})` : "");
}

/** Text with its first letter in capitals. */
export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * A tournament's details (TRF 022-132) from a form with the fields city, federation,
 * start_date, end_date, chief_arbiter, deputy_arbiters (one per line), time_control and,
 * when present, round_date_1, round_date_2, ...
 */
export function readDetails(form) {
  const v = (n) => (form[n] ? form[n].value.trim() : "");
  const rounds = [...form.querySelectorAll("input[name^=round_date_]")].map((i) => i.value || null);
  while (rounds.length && rounds[rounds.length - 1] === null) rounds.pop();
  return {
    city: v("city"), federation: v("federation"), start_date: v("start_date") || null, end_date: v("end_date") || null,
    chief_arbiter: v("chief_arbiter"), deputy_arbiters: v("deputy_arbiters").split("\n").map((s) => s.trim()).filter(Boolean),
    time_control: v("time_control"), round_dates: rounds,
  };
}

/**
 * A name as a search compares it: accents and case folded, commas and runs of spaces made
 * one space, so that "garcia lopez" finds "García López, Ana" and "lopez, ana" finds it too.
 */
export function searchable(text) {
  return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/ß/g, "ss").replace(/[,.\s]+/g, " ").trim();
}

/** Whether `name` matches what was typed: every word typed is in the name, accents aside. */
export function nameMatches(name, typed) {
  const n = searchable(name);
  return searchable(typed).split(" ").every((w) => n.includes(w));
}
