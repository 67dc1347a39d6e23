//! Results through the API: arbiters racing on boards, retries and idempotency keys, a closed
//! tournament, corrections' reasons, standings while a round is in play.

use super::tournament;
use crate::support::{Display, Server};
use serde_json::{json, Value};

#[test]
fn arbiters_racing_on_the_same_and_different_boards() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 16);
    server.publish_proposal(&id);
    let a = server.account("arbiter-a", "arbiter", &[&id]);
    let b = server.account("arbiter-b", "arbiter", &[&id]);
    let results: Vec<(u32, u16, Value)> = std::thread::scope(|s| {
        let mut handles = Vec::new();
        for board in 1..=8u32 {
            for (token, result) in [(&a, "1-0"), (&b, if board == 1 { "0-1" } else { "1-0" })] {
                let server = &server;
                let id = &id;
                handles.push(s.spawn(move || {
                    let r = server.request(
                        "PUT",
                        &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
                        Some(token),
                        &[],
                        Some(&json!({ "result": result }).to_string()),
                    );
                    (
                        board,
                        r.status,
                        if r.body.is_empty() {
                            Value::Null
                        } else {
                            r.json()
                        },
                    )
                }));
            }
        }
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    // Board 1: different results: one is recorded (201), the other refused (409) with it.
    let board1: Vec<&(u32, u16, Value)> = results.iter().filter(|r| r.0 == 1).collect();
    let mut statuses: Vec<u16> = board1.iter().map(|r| r.1).collect();
    statuses.sort();
    assert_eq!(statuses, [201, 409], "{board1:?}");
    let conflict = &board1.iter().find(|r| r.1 == 409).unwrap().2;
    assert!(conflict["recorded"]["games"][0].is_string(), "{conflict}");
    // Boards 2-8: the same result twice: recorded once (201), the other answered with it (200).
    for board in 2..=8 {
        let mut s: Vec<u16> = results
            .iter()
            .filter(|r| r.0 == board)
            .map(|r| r.1)
            .collect();
        s.sort();
        assert_eq!(s, [200, 201], "board {board}");
    }
    let audit = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    let recorded = audit
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"]["type"] == "result_recorded")
        .count();
    assert_eq!(recorded, 8, "one event per board");
}

#[test]
fn a_retried_request_is_applied_once_and_answered_the_same() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    server.publish_proposal(&id);
    let body = json!({ "result": "1/2-1/2" }).to_string();
    let put = || {
        server.request(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/2/result"),
            Some(&server.chief),
            &[("Idempotency-Key", "tablet-7-42")],
            Some(&body),
        )
    };
    let first = put();
    let second = put();
    assert_eq!((first.status, second.status), (201, 200));
    assert_eq!(first.json()["seq"], second.json()["seq"]);
    assert_eq!(first.json()["id"], second.json()["id"]);
}

/// An Idempotency-Key is bound to the account, the method, the route and the body: the same
/// key on another board, another route or from another account is another request, refused
/// with 422 naming the key, and nothing is written (before, it was answered 200 with the
/// first request's answer and the result was lost).
#[test]
fn an_idempotency_key_reused_for_another_request_is_refused() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 8);
    server.publish_proposal(&id);
    let arbiter = server.account("second", "arbiter", &[&id]);
    let put = |board: u32, token: &str, result: &str| {
        server.request(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            Some(token),
            &[("Idempotency-Key", "tablet-1")],
            Some(&json!({ "result": result }).to_string()),
        )
    };
    let chief = server.chief.clone();
    assert_eq!(put(1, &chief, "1-0").status, 201);
    assert_eq!(put(1, &chief, "1-0").status, 200, "the same request again");
    for (board, token, result) in [(2, &chief, "1-0"), (1, &arbiter, "1-0"), (1, &chief, "0-1")] {
        let r = put(board, token, result);
        assert_eq!(r.status, 422, "board {board}: {}", r.body);
        assert!(
            r.json()["error"]
                .as_str()
                .unwrap()
                .contains("Idempotency-Key \"tablet-1\" was already used for a different request"),
            "{}",
            r.body
        );
    }
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["pairs"][0]["games"], json!(["1-0"]));
    assert!(
        round["pairs"][1]["games"].is_null(),
        "board 2 not written: {round}"
    );
    // Another route with the key: a bye request.
    let r = server.request(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        Some(&chief),
        &[("Idempotency-Key", "tablet-1")],
        Some(&json!({ "player": 3, "round": 2, "kind": "half" }).to_string()),
    );
    assert_eq!(r.status, 422, "{}", r.body);
}

#[test]
fn a_closed_tournament_records_nothing_more() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    server.publish_proposal(&id);
    assert_eq!(
        server
            .chief("POST", &format!("/api/tournaments/{id}/close"), json!({}))
            .status,
        201
    );
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        json!({ "result": "1-0" }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.json()["error"].as_str().unwrap().contains("closed"));
    assert_eq!(
        server.public(&format!("/api/tournaments/{id}")).json()["closed"],
        true
    );
}

/// #43: standings during a round say so: `in_progress` counts the results in, players tied
/// share their place and no lots are drawn; once the round is complete, `in_progress` is null
/// and lots separate the last ties.
#[test]
fn standings_during_a_round_are_provisional_and_draw_no_lots() {
    let server = Server::start();
    let id = server.create_tournament("Provisional", "dutch-2026", 5);
    server.register_players(&id, 4, |i| 2000 - 10 * i);
    server.publish_proposal(&id);
    let enter = |board: u32| {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1/2-1/2" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    };
    enter(1);
    let s = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert_eq!(
        s["in_progress"],
        json!({ "results": 1, "boards": 2 }),
        "{s}"
    );
    let ranks: Vec<u64> = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rank"].as_u64().unwrap())
        .collect();
    assert!(
        s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["by_lot"] == false),
        "{s}"
    );
    // Board 2's players have no game yet, tied in everything: they share the last place,
    // where complete standings would draw lots between them.
    assert_eq!(ranks[2], ranks[3], "{s}");
    assert_eq!(ranks[3], 3, "{s}");
    enter(2);
    let s = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert!(s["in_progress"].is_null(), "{s}");
    let ranks: Vec<u64> = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rank"].as_u64().unwrap())
        .collect();
    assert_eq!(ranks, [1, 2, 3, 4], "{s}");
}

/// #43 "reasons are private unless the arbiter says otherwise": a correction's reason given
/// without `reason_public` is in the audit trail the tournament's arbiters read (with a token)
/// and absent from the public audit, the public live connection and the TRF export; one given
/// with `reason_public` is shown to everyone.
#[test]
fn a_reason_is_private_unless_made_public() {
    let server = Server::start();
    let id = server.create_tournament("Private", "dutch-2026", 5);
    server.register_players(&id, 4, |i| 2000 - 10 * i);
    server.publish_proposal(&id);
    for board in [1, 2] {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let private = "the player's illness, told in confidence";
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/correction"),
        json!({ "result": "0-1", "reason": private }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/boards/2/correction"),
        json!({ "result": "0-1", "reason": "scoresheets signed 0-1", "reason_public": true }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let public = server.public(&format!("/api/tournaments/{id}/audit")).body;
    assert!(!public.contains(private), "{public}");
    assert!(public.contains("scoresheets signed 0-1"), "{public}");
    let token = server.chief.clone();
    let arbiters = server
        .request(
            "GET",
            &format!("/api/tournaments/{id}/audit"),
            Some(&token),
            &[],
            None,
        )
        .body;
    assert!(arbiters.contains(private), "{arbiters}");
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert!(!trf.contains("illness"), "{trf}");
    let mut live = Display::connect(server.address, &id, 0);
    let mut seen = Vec::new();
    loop {
        let m = live.next();
        seen.push(m.to_string());
        if m["event"]["type"] == "result_corrected" && m["event"]["board"] == 2 {
            break;
        }
    }
    let all = seen.join("\n");
    assert!(!all.contains(private), "{all}");
    assert!(all.contains("scoresheets signed 0-1"), "{all}");
}
