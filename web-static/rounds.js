// A round as the API answers it (`GET .../rounds/N`, or a page of it), kept by a page and
// brought up to date by the live messages that carry a result: the message says the round,
// the board and the result, so the page applies it in place and asks the server nothing.

/** The events that give a board its result (or change it). */
const RESULTS = ["result_recorded", "result_corrected", "reports_accepted"];

/** Whether a live event is a board's result. */
export function isResult(event) {
  return RESULTS.includes(event.type);
}

/**
 * Applies a result event to `round` (`pairs` may be one page of the boards): the board's
 * result, who reported and confirmed it, the colours when a correction reversed them, and the
 * count of results missing. Returns false when the event is of another round.
 */
export function applyResult(round, event) {
  if (!round || round.round !== event.round) return false;
  const b = round.pairs.find((p) => p.board === event.board);
  const before = b ? b.games : undefined;
  if (b) {
    b.games = event.games;
    if (event.type === "result_corrected" && event.colors_swapped) [b.white, b.black] = [b.black, b.white];
    if (event.type === "reports_accepted") {
      const named = (k) => [b.white, b.black].filter((p) => p.player === k).map((p) => ({ player: p.player, name: p.name }))[0] || { player: k, name: `player ${k}` };
      b.reported_by = named(event.reported_by);
      b.confirmed_by = named(event.confirmed_by);
    } else if (event.type === "result_corrected") {
      delete b.reported_by;
      delete b.confirmed_by;
    }
  }
  // A first result for the board (a correction only changes one): one fewer missing.
  const first = b ? !before : event.type !== "result_corrected";
  if (first && typeof round.results_missing === "number") round.results_missing = Math.max(0, round.results_missing - 1);
  return true;
}

// A read of a round that was under way when a result was heard may answer without it (the
// server answered before the result was recorded) and would then undo it on the page. So each
// page tells `heard` every result it hears, takes `mark()` before a read, and passes what the
// read answered through `caughtUp`, which applies again the results heard since, for the
// boards the answer holds (their count of results missing came from the same answer).

/** The last results heard, each with its number in the order heard. */
const recent = [];
let heardSoFar = 0;

/** A live result heard (before it is applied anywhere). */
export function heard(event) {
  recent.push([++heardSoFar, event]);
  if (recent.length > 1000) recent.shift();
}

/** Where a read starts: how many results were heard by then. */
export function mark() {
  return heardSoFar;
}

/** `round` as a read started at `since` answered it, with the results heard since applied. */
export function caughtUp(round, since) {
  for (const [n, event] of recent) {
    if (n > since && round && round.round === event.round && round.pairs.some((p) => p.board === event.board)) applyResult(round, event);
  }
  return round;
}
