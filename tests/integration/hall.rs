//! The hall: players checking in and reporting results with their personal codes, at a
//! terminal or on their phone, and the arbiters confirming. A hostile client holding one
//! player's code can change nothing else.

use crate::support::{Response, Server};
use serde_json::{json, Value};

/// A tournament of `n` players (Dutch 2026, 5 rounds) with every player's code issued:
/// (id, codes by registration number).
fn tournament_with_codes(server: &Server, n: u32) -> (String, Vec<String>) {
    let id = server.create_tournament("Hall Open", "dutch-2026", 5);
    server.register_players(&id, n, |i| 2400 - 10 * i);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/hall/codes"),
        json!({}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let mut codes = vec![String::new(); n as usize + 1];
    for c in r.json().as_array().expect("codes") {
        let code = c["code"].as_str().expect("a code").to_string();
        assert_eq!(code.len(), 6);
        codes[c["player"].as_u64().expect("a player") as usize] = code;
    }
    assert!(
        codes[1..].iter().all(|c| !c.is_empty()),
        "every player has a code"
    );
    (id, codes)
}

/// A player's request (no token: their phone; with one: a terminal).
fn player(server: &Server, id: &str, what: &str, token: Option<&str>, body: Value) -> Response {
    server.request(
        "POST",
        &format!("/api/tournaments/{id}/hall/player/{what}"),
        token,
        &[],
        Some(&body.to_string()),
    )
}

/// The number of events in the tournament's log.
fn events(server: &Server, id: &str) -> usize {
    server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json()
        .as_array()
        .expect("the audit")
        .len()
}

/// Round 1 published; answers each board's (board, white, black).
fn publish(server: &Server, id: &str) -> Vec<(u64, u64, u64)> {
    let p = server.publish_proposal(id);
    let _ = p;
    let r = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    r["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|b| {
            (
                b["board"].as_u64().expect("board"),
                b["white"]["player"].as_u64().expect("white"),
                b["black"]["player"].as_u64().expect("black"),
            )
        })
        .collect()
}

/// A code is refused on another player's board, for another player, and in another
/// tournament; nothing is written by any refusal.
#[test]
fn a_players_code_acts_only_for_that_player_on_their_own_board() {
    let server = Server::start();
    let (id, codes) = tournament_with_codes(&server, 6);
    let (other, other_codes) = tournament_with_codes(&server, 6);
    let boards = publish(&server, &id);
    let (board, white, _) = boards[0];
    let (far_board, ..) = boards[1];
    let before = events(&server, &id);

    // Player `white`'s code, naming the board they do not play on.
    let r = player(
        &server,
        &id,
        "report",
        None,
        json!({ "player": white, "code": codes[white as usize], "board": far_board, "result": "1-0" }),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains("does not play on board"), "{}", r.body);
    // Their code as another player's (the player named is who acts: the code must be theirs).
    let someone = boards[1].1;
    let r = player(
        &server,
        &id,
        "report",
        None,
        json!({ "player": someone, "code": codes[white as usize], "board": far_board, "result": "1-0" }),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains("not the code of player"), "{}", r.body);
    // Their code in the other tournament, for the player with the same number there.
    if codes[white as usize] != other_codes[white as usize] {
        let r = player(
            &server,
            &other,
            "check-in",
            None,
            json!({ "player": white, "code": codes[white as usize] }),
        );
        assert_eq!(r.status, 403, "{}", r.body);
    }
    assert_eq!(events(&server, &id), before, "no refusal wrote anything");

    // Their own board with their own code: a report (a proposal, not a result).
    let r = player(
        &server,
        &id,
        "report",
        None,
        json!({ "player": white, "code": codes[white as usize].to_lowercase(), "board": board, "result": "1-0" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["board"]["result"]["state"], "reported");
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert!(
        round["pairs"][0]["games"].is_null(),
        "a report is not a result"
    );
    let entry = server.recorded(&id, "result_reported");
    assert!(
        entry["actor"]
            .as_str()
            .is_some_and(|a| a.starts_with(&format!("player {white} ("))
                && a.ends_with("on their own device")),
        "{entry}"
    );
    // The audit trail never carries a code.
    let audit = server.public(&format!("/api/tournaments/{id}/audit")).body;
    assert!(
        !audit.contains(&codes[white as usize]),
        "a code reached the audit"
    );

    // A code re-issued by an arbiter: the old one is refused, the new one works.
    let floor = server.account("Floor", "arbiter", &[&id]);
    let r = server.request(
        "POST",
        &format!("/api/tournaments/{id}/hall/codes"),
        Some(&floor),
        &[],
        Some(&json!({ "player": white }).to_string()),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let new = r
        .json()
        .as_array()
        .expect("codes")
        .iter()
        .find(|c| c["player"] == white)
        .and_then(|c| c["code"].as_str())
        .expect("the new code")
        .to_string();
    assert_ne!(new, codes[white as usize]);
    let sign_in = |code: &str| {
        player(
            &server,
            &id,
            "sign-in",
            None,
            json!({ "player": white, "code": code }),
        )
        .status
    };
    assert_eq!(sign_in(&codes[white as usize]), 403);
    assert_eq!(sign_in(&new), 200);

    // A client holding that code cannot fill the log: its reports are bounded.
    let before = events(&server, &id);
    let mut written = 0;
    for i in 0..100 {
        let result = if i % 2 == 0 { "0-1" } else { "1/2-1/2" };
        let r = player(
            &server,
            &id,
            "report",
            None,
            json!({ "player": white, "code": new, "board": board, "result": result }),
        );
        if r.status == 429 {
            assert!(
                r.body.contains("too many check-ins and reports"),
                "{}",
                r.body
            );
            break;
        }
        assert_eq!(r.status, 201, "{}", r.body);
        written += 1;
    }
    // Sixty tries of a write a player every 15 minutes: two were made before (the report on
    // the board not theirs, refused, and the one on their own board).
    assert_eq!(written, 58);
    assert_eq!(events(&server, &id), before + 58);
}

/// Guessing a code is bounded: five wrong codes for a player and the right one is refused
/// too (429) until the window passes; twenty wrong codes from one client and every player's
/// code is refused from it. Nothing is written.
#[test]
fn guessing_a_code_is_limited_per_code_and_per_client() {
    let server = Server::start();
    let (id, codes) = tournament_with_codes(&server, 30);
    let before = events(&server, &id);
    let wrong = |p: u64| {
        let right = &codes[p as usize];
        let guess = if right == "222222" {
            "333333"
        } else {
            "222222"
        };
        player(
            &server,
            &id,
            "sign-in",
            None,
            json!({ "player": p, "code": guess }),
        )
    };
    for _ in 0..5 {
        assert_eq!(wrong(3).status, 403);
    }
    let r = player(
        &server,
        &id,
        "sign-in",
        None,
        json!({ "player": 3, "code": codes[3] }),
    );
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(
        r.body.contains("too many wrong codes for player 3"),
        "{}",
        r.body
    );
    // Another player's own code still works from this client (5 wrong so far).
    let r = player(
        &server,
        &id,
        "sign-in",
        None,
        json!({ "player": 4, "code": codes[4] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // Spread over players: the client's limit.
    let mut refused_at = None;
    for (i, p) in (5..30u64).enumerate() {
        let r = wrong(p);
        if r.status == 429 {
            assert!(r.body.contains("from this device"), "{}", r.body);
            refused_at = Some(5 + i);
            break;
        }
        assert_eq!(r.status, 403, "{}", r.body);
    }
    assert_eq!(
        refused_at,
        Some(20),
        "the 21st wrong code from one client is refused"
    );
    let r = player(
        &server,
        &id,
        "sign-in",
        None,
        json!({ "player": 29, "code": codes[29] }),
    );
    assert_eq!(
        r.status, 429,
        "even the right code, from this client, for now"
    );
    assert_eq!(events(&server, &id), before);
}

/// A terminal signed in by an arbiter acts for players with their codes; revoked mid-round,
/// its next request is refused at once and writes nothing. A terminal's key does nothing an
/// arbiter does.
#[test]
fn a_terminal_revoked_mid_round_is_refused_at_once() {
    let server = Server::start();
    let (id, codes) = tournament_with_codes(&server, 6);
    let terminal = server.account("terminal 1", "terminal", &[&id]);
    let boards = publish(&server, &id);
    let (b1, w1, k1) = boards[0];
    let (b2, w2, _) = boards[1];
    let r = player(
        &server,
        &id,
        "report",
        Some(&terminal),
        json!({ "player": w1, "code": codes[w1 as usize], "board": b1, "result": "0-1" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let entry = server.recorded(&id, "result_reported");
    assert!(
        entry["actor"]
            .as_str()
            .is_some_and(|a| a.ends_with("at terminal terminal 1")),
        "{entry}"
    );
    // The terminal's key enters no result and reads no arbiter's view.
    let r = server.request(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/{b1}/result"),
        Some(&terminal),
        &[],
        Some(&json!({ "result": "1-0" }).to_string()),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let r = server.request(
        "GET",
        &format!("/api/tournaments/{id}/hall/codes"),
        Some(&terminal),
        &[],
        None,
    );
    assert_eq!(r.status, 403, "{}", r.body);

    let r = server.chief("DELETE", "/api/accounts/terminal%201", json!(null));
    assert_eq!(r.status, 200, "{}", r.body);
    let before = events(&server, &id);
    for (who, board) in [(k1, b1), (w2, b2)] {
        let r = player(
            &server,
            &id,
            "report",
            Some(&terminal),
            json!({ "player": who, "code": codes[who as usize], "board": board, "result": "0-1" }),
        );
        assert_eq!(r.status, 401, "{}", r.body);
    }
    assert_eq!(events(&server, &id), before);
}

/// Both players of a board confirming at the same moment give one result, named with who
/// reported it and who confirmed it.
#[test]
fn two_players_confirming_at_once_give_one_result() {
    let server = Server::start();
    let (id, codes) = tournament_with_codes(&server, 8);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/hall/rules"),
        json!({ "agreed_results_stand": true }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let boards = publish(&server, &id);
    for &(board, white, black) in &boards {
        let threads: Vec<_> = [white, black]
            .into_iter()
            .map(|p| {
                let (address, id, code) = (server.address, id.clone(), codes[p as usize].clone());
                std::thread::spawn(move || {
                    let body =
                        json!({ "player": p, "code": code, "board": board, "result": "1/2-1/2" });
                    crate::support::request_to(
                        address,
                        "POST",
                        &format!("/api/tournaments/{id}/hall/player/report"),
                        &body.to_string(),
                    )
                })
            })
            .collect();
        for t in threads {
            let status = t.join().expect("the request ran");
            assert!(status == 201 || status == 200, "{status}");
        }
    }
    let audit = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    let accepted: Vec<&Value> = audit
        .as_array()
        .expect("the audit")
        .iter()
        .filter(|e| e["event"]["type"] == "reports_accepted")
        .collect();
    assert_eq!(
        accepted.len(),
        boards.len(),
        "one result per board: {accepted:?}"
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["results_missing"], 0);
    for b in round["pairs"].as_array().expect("pairs") {
        assert_eq!(b["games"], json!(["1/2-1/2"]));
        let (r, c) = (&b["reported_by"]["player"], &b["confirmed_by"]["player"]);
        let pair = [&b["white"]["player"], &b["black"]["player"]];
        assert!(pair.contains(&r) && pair.contains(&c) && r != c, "{b}");
    }
}

/// Nothing a player does is a result without the confirmations the hall's rules ask: with
/// agreed results waiting for an arbiter, two reports alike stay a proposal until accepted;
/// two reports that differ are a dispute no acceptance settles, only the arbiter's entry; a
/// report changed before confirmation replaces the first.
#[test]
fn reports_become_results_only_with_the_confirmations_the_rules_ask() {
    let server = Server::start();
    let (id, codes) = tournament_with_codes(&server, 6);
    let boards = publish(&server, &id);
    let report = |p: u64, board: u64, result: &str| {
        let r = player(
            &server,
            &id,
            "report",
            None,
            json!({ "player": p, "code": codes[p as usize], "board": board, "result": result }),
        );
        assert!(r.status == 201 || r.status == 200, "{}", r.body);
        r.json()
    };
    let hall = || {
        let r = server.request(
            "GET",
            &format!("/api/tournaments/{id}/hall"),
            Some(&server.chief),
            &[],
            None,
        );
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    };
    let (b1, w1, k1) = boards[0];
    let (b2, w2, k2) = boards[1];
    let (b3, w3, k3) = boards[2];
    // Board 1 agreed; board 2 disputed; board 3 changed before the opponent confirmed.
    report(w1, b1, "1-0");
    report(k1, b1, "1-0");
    report(w2, b2, "1-0");
    report(k2, b2, "0-1");
    report(w3, b3, "1-0");
    let v = report(w3, b3, "1/2-1/2");
    assert_eq!(
        v["board"]["result"]["games"],
        json!(["1/2-1/2"]),
        "the later report replaces the first"
    );
    let h = hall();
    let state = |b: u64| h["boards"][b as usize - 1]["result"]["state"].clone();
    assert_eq!(
        (state(b1), state(b2), state(b3)),
        (json!("agreed"), json!("disputed"), json!("reported"))
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["results_missing"], 3, "no report is a result yet");

    // A disputed board is not accepted; an agreed one is, by one action for all.
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/hall/accept"),
        json!({ "board": b2 }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/hall/accept"),
        json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json().as_array().map(Vec::len), Some(1));
    report(k3, b3, "1/2-1/2");
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/hall/accept"),
        json!({}),
    );
    assert_eq!(r.json().as_array().map(Vec::len), Some(1));
    // The arbiter settles the dispute by entering the result.
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/{b2}/result"),
        json!({ "result": "0-1" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["results_missing"], 0);
    assert_eq!(
        round["pairs"][b1 as usize - 1]["reported_by"]["player"],
        json!(w1)
    );
    assert_eq!(
        round["pairs"][b1 as usize - 1]["confirmed_by"]["player"],
        json!(k1)
    );
    assert!(
        round["pairs"][b2 as usize - 1]["reported_by"].is_null(),
        "the arbiter's entry names no player"
    );
    // A report on a board with its result is refused.
    let r = player(
        &server,
        &id,
        "report",
        None,
        json!({ "player": w2, "code": codes[w2 as usize], "board": b2, "result": "1-0" }),
    );
    assert_eq!(r.status, 409, "{}", r.body);
}

/// Check-in: a player required to check in who has not is proposed absent (left out of the
/// proposal, recorded absent with the round when it is published); an arbiter's check-in is
/// the override; after the closing time a player can no longer check in themself.
#[test]
fn players_not_checked_in_are_proposed_absent_and_the_arbiter_overrides() {
    let server = Server::start();
    let (id, codes) = tournament_with_codes(&server, 8);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/hall/rules"),
        json!({ "check_in_round": 1 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for p in 1..=5u64 {
        let r = player(
            &server,
            &id,
            "check-in",
            None,
            json!({ "player": p, "code": codes[p as usize] }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        assert_eq!(r.json()["checked_in"], true);
    }
    // Checking in twice writes nothing.
    let r = player(
        &server,
        &id,
        "check-in",
        None,
        json!({ "player": 1, "code": codes[1] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // A player checks in only for themself.
    let r = player(
        &server,
        &id,
        "check-in",
        None,
        json!({ "player": 6, "code": codes[1] }),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let (p, _) = server.proposal(&id);
    let paired: Vec<u64> = crate::support::pairs_of(&p)
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .collect();
    assert_eq!(
        paired.len(),
        4,
        "five checked in: four paired, one bye: {p}"
    );
    assert!(paired.iter().all(|&x| x <= 5));

    // The closing time passed: the player is refused, the arbiter checks them in.
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/hall/rules"),
        json!({ "check_in_round": 1, "check_in_closes_at_ms": 1_000 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let r = player(
        &server,
        &id,
        "check-in",
        None,
        json!({ "player": 6, "code": codes[6] }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("has closed"), "{}", r.body);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/hall/check-in"),
        json!({ "player": 6 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let hall = server
        .request(
            "GET",
            &format!("/api/tournaments/{id}/hall"),
            Some(&server.chief),
            &[],
            None,
        )
        .json();
    let absent: Vec<u64> = hall["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter(|p| p["proposed_absent"] == true)
        .map(|p| p["player"].as_u64().expect("a number"))
        .collect();
    assert_eq!(absent, vec![7, 8]);
    server.publish_proposal(&id);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let mut out: Vec<(u64, String)> = round["requested_byes"]
        .as_array()
        .expect("byes")
        .iter()
        .map(|b| {
            (
                b["player"].as_u64().expect("a number"),
                b["kind"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    out.sort();
    assert_eq!(out, vec![(7, "zero".to_string()), (8, "zero".to_string())]);
    // Round 2 needs no check-in: everyone is paired again.
    for b in round["pairs"].as_array().expect("pairs") {
        let board = b["board"].as_u64().expect("board");
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let (p, _) = server.proposal(&id);
    assert_eq!(crate::support::pairs_of(&p).len(), 4, "{p}");
}
