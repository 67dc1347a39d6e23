// Shared by the pages: calls to the API, and a live connection that resumes where it stopped.
"use strict";

const Swiss = {
  /** A pairing system's name for people, from the API's name (its edition). */
  systemName(system) {
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
  },

  /**
   * What standings are after: "after round 3", or while a round still has results missing
   * "round 3 in progress: 12 of 20 results" (provisional: tied players share a place).
   */
  standingsState(s) {
    const p = s.in_progress;
    return p ? `round ${s.after_round} in progress: ${p.results} of ${p.boards} results` : `after round ${s.after_round}`;
  },

  /** Whether a system is a round-robin (every round fixed by the Berger tables). */
  isRoundRobin(system) {
    return system === "round-robin" || system === "double-round-robin";
  },

  /**
   * A board's result from one side (`first`: White's), as a cross table shows it: 1, ½, 0,
   * + and − for a forfeit; per match the points (1½).
   */
  mine(games, first) {
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
  },

  /**
   * The classic round-robin cross table (C.05): players by number down and across, each cell
   * the row player's results against the column's (two in a double round-robin, in the order
   * played; White's game first shown in the cell's title), the diagonal shaded; then points,
   * place and tie-breaks. `players` by pairing number, `rounds` the published rounds, `s` the
   * standings; `compact` (the hall display) leaves out federation and rating. Returns
   * { head, rows } as HTML, rows in number order.
   */
  roundRobinTable(players, rounds, s, link, compact) {
    const n = players.length;
    const index = new Map(players.map((p, i) => [p.player, i]));
    const cells = players.map(() => Array.from({ length: n }, () => []));
    rounds.forEach((rd) => {
      for (const b of rd.pairs) {
        const w = index.get(b.white.player);
        const k = index.get(b.black.player);
        if (w === undefined || k === undefined) continue;
        const rw = Swiss.mine(b.games, true);
        const rb = Swiss.mine(b.games, false);
        cells[w][k].push({ text: rw.text || "·", title: `round ${rd.round}, White` });
        cells[k][w].push({ text: rb.text || "·", title: `round ${rd.round}, Black` });
      }
    });
    const row = new Map(s.rows.map((r) => [r.player, r]));
    const extra = (fed, rating) => (compact ? "" : `${fed}${rating}`);
    const head = `<tr><th class="num">No</th><th class="sticky">Name</th>${extra(`<th class="fed">Fed</th>`, `<th class="num rtg">Rating</th>`)}` +
      players.map((_, i) => `<th class="num rrcol">${i + 1}</th>`).join("") +
      `<th class="num">Pts</th><th class="num">Place</th>${s.tiebreaks.map((t, i) => `<th class="num"><abbr title="${Swiss.esc(s.tiebreak_meanings[i] || "")}">${Swiss.esc(t)}</abbr></th>`).join("")}</tr>`;
    const rows = players.map((p, i) => {
      const r = row.get(p.player);
      const counted = !r || r.counted !== false;
      const name = link ? link(p) : Swiss.esc(p.name);
      return `<tr${counted ? "" : ` class="notcounted"`}><td class="num">${i + 1}</td><td class="sticky">${p.title ? Swiss.esc(p.title) + " " : ""}${name}</td>${extra(`<td class="fed">${Swiss.esc(p.federation || "")}</td>`, `<td class="num rtg">${p.rating || ""}</td>`)}` +
        cells[i].map((c, j) => (i === j
          ? `<td class="self"></td>`
          : `<td class="num rrcell" title="${Swiss.esc(c.map((x) => x.title).join("; "))}">${c.map((x) => Swiss.esc(x.text)).join(" ")}</td>`)).join("") +
        `<td class="num"><strong>${r ? Swiss.esc(r.score) : ""}</strong></td><td class="num">${r ? (counted ? r.rank : "–") : ""}</td>` +
        (r ? r.tiebreaks.map((v) => `<td class="num">${Swiss.esc(v)}</td>`).join("") : "") + `</tr>`;
    });
    return { head, rows };
  },

  /**
   * A tournament's details (TRF 022-132) from a form with the fields city, federation,
   * start_date, end_date, chief_arbiter, deputy_arbiters (one per line), time_control and,
   * when present, round_date_1, round_date_2, ...
   */
  readDetails(form) {
    const v = (n) => (form[n] ? form[n].value.trim() : "");
    const rounds = [...form.querySelectorAll("input[name^=round_date_]")].map((i) => i.value || null);
    while (rounds.length && rounds[rounds.length - 1] === null) rounds.pop();
    return {
      city: v("city"), federation: v("federation"), start_date: v("start_date") || null, end_date: v("end_date") || null,
      chief_arbiter: v("chief_arbiter"), deputy_arbiters: v("deputy_arbiters").split("\n").map((s) => s.trim()).filter(Boolean),
      time_control: v("time_control"), round_dates: rounds,
    };
  },

  /** The tournament id in the page's address (/display/{id}, /arbiter/{id}, /t/{id}). */
  tournamentId() {
    return decodeURIComponent(location.pathname.split("/")[2] || "");
  },

  /** GET a JSON (or text) resource; throws an Error with the server's message. */
  async get(path) {
    const r = await fetch(path, { cache: "no-store" });
    const type = r.headers.get("content-type") || "";
    const body = type.includes("json") ? await r.json() : await r.text();
    if (!r.ok) throw new Error(body.error || r.statusText);
    return body;
  },

  /** A write: returns {status, body} whatever the status, so callers can show conflicts. */
  async send(method, path, body, token, idempotencyKey) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers["Authorization"] = "Bearer " + token;
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await r.json(); } catch (_) { /* no body */ }
    return { status: r.status, body: data };
  },

  /**
   * Follows the tournament's events over WebSocket from sequence `after`, calling onEvent for
   * each in order. Reconnects by itself (1 s, doubling up to 15 s) and resumes after the last
   * event it had; on a resync notice it resumes from there too. onStatus(true|false) tells
   * whether the connection is up.
   */
  live(id, after, onEvent, onStatus) {
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
  },

  /**
   * Whether a live event can change what the public pages and the hall display show: the
   * hall's own events (check-ins, players' reports, codes, its rules) cannot, so that a wave
   * of check-ins does not make every spectator's page fetch again. A report accepted is a
   * result, and does.
   */
  changesViews(msg) {
    const hallOnly = ["hall_rules_set", "player_checked_in", "check_in_withdrawn", "player_codes_issued", "result_reported"];
    return !hallOnly.includes(msg.event?.type);
  },

  /** Calls `fn` once, `ms` after the last of several quick calls. */
  debounce(fn, ms) {
    let t = null;
    return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
  },

  /** Text for HTML. */
  esc(s) {
    return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  },

  /** A player as "Name (rating)". */
  who(p) {
    if (!p) return "";
    const title = p.title ? p.title + " " : "";
    return `${title}${p.name}` + (p.rating ? ` (${p.rating})` : "");
  },

  /** A board's result as shown: "1-0", "½-½", or per game for a match. */
  // A bye as the API names it ("pairing_allocated", "full", "half", "zero"), in words.
  byeName(kind) {
    return { pairing_allocated: "pairing-allocated bye", full: "full-point bye", half: "half-point bye", zero: "zero-point bye" }[kind] || kind;
  },
  /**
   * A round's players by name, alphabetically (the list players look for in a big open):
   * each as { p, board, colour, opp } or, not playing, { p, bye } with the bye's kind
   * ("pairing_allocated", "full", "half", "zero").
   */
  byName(r) {
    const list = [];
    for (const x of r.pairs) {
      list.push({ p: x.white, board: x.board, colour: "White", opp: x.black });
      list.push({ p: x.black, board: x.board, colour: "Black", opp: x.white });
    }
    if (r.bye) list.push({ p: r.bye, bye: "pairing_allocated" });
    for (const b of r.requested_byes) list.push({ p: b, bye: b.kind });
    return list.sort((a, b) => a.p.name.localeCompare(b.p.name) || (a.p.tpn || 0) - (b.p.tpn || 0));
  },
  resultText(games) {
    if (!games) return "";
    const nice = (g) => g.replaceAll("1/2", "½");
    return games.length === 1 ? nice(games[0]) : games.map(nice).join(" · ");
  },
};
