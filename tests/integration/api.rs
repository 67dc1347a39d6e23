//! The HTTP API and live updates, against the real server: a tournament run through the API,
//! arbiters racing, a display resuming after a disconnect, refusals.

use crate::support::{run, stdout, Display, Server};
use serde_json::{json, Value};

fn settings(system: &str) -> Value {
    json!({ "system": system, "rounds": 5, "initial_color": "white" })
}

/// Creates a tournament with `n` players rated 2400, 2390, ... and returns its id.
fn tournament(server: &Server, system: &str, n: u32) -> String {
    let id = server.create_tournament("API Open", system, 5);
    server.register_players(&id, n, |i| 2400 - 10 * i);
    id
}

#[test]
fn a_round_through_the_api_live_on_a_display() {
    let server = Server::start();
    for system in [
        "dutch-2026",
        "dutch-1992",
        "dubov-2026",
        "burstein-2026",
        "dubov-1997",
        "double-swiss-2026",
    ] {
        let id = tournament(&server, system, 9);
        // The command line pairs the exported file the same way as the API proposes.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.trf");
        let exported = server.public(&format!("/api/tournaments/{id}/export.trf"));
        assert_eq!(exported.status, 200);
        std::fs::write(&file, &exported.body).unwrap();
        let cli = run(&["pair", &format!("--{system}"), file.to_str().unwrap()]);
        assert!(
            cli.status.success(),
            "{}",
            String::from_utf8_lossy(&cli.stderr)
        );

        let mut display = Display::connect(server.address, &id, 0);
        let proposal = server.publish_proposal(&id);
        let tpn = |p: &Value| p["tpn"].as_u64().unwrap();
        let mut api_lines = vec![format!(
            "{}",
            proposal["pairs"].as_array().unwrap().len() + 1
        )];
        for x in proposal["pairs"].as_array().unwrap() {
            api_lines.push(format!("{} {}", tpn(&x["white"]), tpn(&x["black"])));
        }
        api_lines.push(format!("{} 0", tpn(&proposal["bye"])));
        assert_eq!(
            stdout(&cli),
            api_lines.join("\n") + "\n",
            "{system}: API and command line agree"
        );

        let published = display.until("round_published");
        assert_eq!(published["event"]["round"], 1);
        assert_eq!(published["actor"], "admin");

        // Results from an arbiter appear on the display, in order.
        let arbiter = server.account(&format!("arbiter-{system}"), "arbiter", &[&id]);
        let games = |r: &str| {
            if system == "double-swiss-2026" {
                json!({ "games": [r, "1/2-1/2"] })
            } else {
                json!({ "result": r })
            }
        };
        for board in 1..=4 {
            let r = server.request(
                "PUT",
                &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
                Some(&arbiter),
                &[],
                Some(&games("1-0").to_string()),
            );
            assert_eq!(r.status, 201, "{}", r.body);
            let m = display.until("result_recorded");
            assert_eq!(m["event"]["board"], board);
            assert_eq!(m["actor"], format!("arbiter-{system}"));
        }
        let round = server
            .public(&format!("/api/tournaments/{id}/rounds/1"))
            .json();
        assert_eq!(round["pairs"][0]["games"][0], "1-0");
        let standings = server
            .public(&format!("/api/tournaments/{id}/standings"))
            .json();
        assert_eq!(standings["rows"].as_array().unwrap().len(), 9);
        // The whole tournament through the API, each round's proposal the same as the
        // command line pairs from the exported file.
        let results = ["1-0", "0-1", "1/2-1/2", "1-0"];
        for round in 2..=5u32 {
            std::fs::write(
                &file,
                server
                    .public(&format!("/api/tournaments/{id}/export.trf"))
                    .body,
            )
            .unwrap();
            let cli = run(&["pair", &format!("--{system}"), file.to_str().unwrap()]);
            assert!(
                cli.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&cli.stderr)
            );
            let proposal = server.publish_proposal(&id);
            let mut lines = vec![format!(
                "{}",
                proposal["pairs"].as_array().unwrap().len()
                    + usize::from(!proposal["bye"].is_null())
            )];
            for x in proposal["pairs"].as_array().unwrap() {
                lines.push(format!("{} {}", tpn(&x["white"]), tpn(&x["black"])));
            }
            if !proposal["bye"].is_null() {
                lines.push(format!("{} 0", tpn(&proposal["bye"])));
            }
            assert_eq!(
                stdout(&cli),
                lines.join("\n") + "\n",
                "round {round}: API and command line agree"
            );
            for board in 1..=proposal["pairs"].as_array().unwrap().len() {
                let body = if system == "double-swiss-2026" {
                    json!({ "games": [results[board % 4], results[(board + round as usize) % 4]] })
                } else {
                    json!({ "result": results[(board + round as usize) % 4] })
                };
                let r = server.request(
                    "PUT",
                    &format!("/api/tournaments/{id}/rounds/{round}/boards/{board}/result"),
                    Some(&arbiter),
                    &[],
                    Some(&body.to_string()),
                );
                assert_eq!(r.status, 201, "{}", r.body);
            }
        }
        let last = server.public(&format!("/api/tournaments/{id}")).json();
        assert_eq!(last["rounds_published"], 5);
        assert_eq!(last["settings"]["system"], system, "{last}");
        let p = server.chief("POST", &format!("/api/tournaments/{id}/pairing"), json!({}));
        assert_eq!(p.status, 422, "all five rounds are paired");
    }
}

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

/// Creating and importing a tournament honour the key: a retry answers the tournament the
/// first request made (200), a different request with the key is refused.
#[test]
fn creating_and_importing_with_a_key_make_one_tournament() {
    let server = Server::start();
    let create = |name: &str| {
        server.request(
            "POST",
            "/api/tournaments",
            Some(&server.chief.clone()),
            &[("Idempotency-Key", "create-1")],
            Some(&json!({ "name": name, "settings": settings("dutch-2026") }).to_string()),
        )
    };
    let first = create("Club Open");
    let again = create("Club Open");
    assert_eq!((first.status, again.status), (201, 200), "{}", again.body);
    assert_eq!(first.json()["id"], again.json()["id"]);
    assert_eq!(create("Another Open").status, 422);
    let list = server.public("/api/tournaments").json();
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");

    let trf = std::fs::read_to_string(crate::support::fixture("entries-9.trf")).unwrap();
    let import = || {
        server.request(
            "POST",
            "/api/tournaments/import?system=dutch",
            Some(&server.chief.clone()),
            &[
                ("Idempotency-Key", "import-1"),
                ("Content-Type", "text/plain"),
            ],
            Some(&trf),
        )
    };
    let a = import();
    let b = import();
    assert_eq!((a.status, b.status), (201, 200), "{}", b.body);
    assert_eq!(a.json()["id"], b.json()["id"]);
    assert_eq!(server.tournament_count(), 2);
}

#[test]
fn a_display_that_disconnects_resumes_with_nothing_missed() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 10);
    let mut display = Display::connect(server.address, &id, 0);
    server.publish_proposal(&id);
    display.until("round_published");
    let seen = display.last_seq;
    drop(display);
    // While it is away: five results and a correction.
    for board in 1..=5 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "0-1" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/boards/3/correction"),
        json!({ "result": "1-0", "reason": "scoresheets signed 1-0", "reason_public": true }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let mut again = Display::connect(server.address, &id, seen);
    let got: Vec<Value> = (0..6).map(|_| again.next()).collect();
    assert_eq!(
        got[0]["seq"].as_u64(),
        Some(seen + 1),
        "resumes right after the last event it had"
    );
    assert!(got[..5]
        .iter()
        .all(|m| m["event"]["type"] == "result_recorded"));
    assert_eq!(got[5]["event"]["type"], "result_corrected");
    assert_eq!(got[5]["reason"], "scoresheets signed 1-0");
    // And it keeps following live.
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/boards/4/correction"),
        json!({ "result": "1/2-1/2", "reason": "agreed draw" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let live = again.next();
    assert_eq!(
        (
            live["event"]["type"].as_str(),
            live["event"]["board"].as_u64()
        ),
        (Some("result_corrected"), Some(4))
    );
}

#[test]
fn writes_need_a_token_and_the_right_role() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    server.publish_proposal(&id);
    let arbiter = server.account("arbiter-1", "arbiter", &[&id]);
    let r = server.request(
        "POST",
        "/api/tournaments",
        None,
        &[],
        Some(&json!({ "name": "x", "settings": settings("dutch-2026") }).to_string()),
    );
    assert_eq!(r.status, 401);
    let r = server.request(
        "POST",
        "/api/tournaments",
        Some("not-a-token"),
        &[],
        Some(&json!({ "name": "x", "settings": settings("dutch-2026") }).to_string()),
    );
    assert_eq!(r.status, 401);
    let r = server.request(
        "POST",
        "/api/tournaments",
        Some(&arbiter),
        &[],
        Some(&json!({ "name": "x", "settings": settings("dutch-2026") }).to_string()),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap()
            .contains("a server administrator"),
        "{}",
        r.body
    );
    let r = server.request(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        None,
        &[],
        Some(&json!({ "result": "1-0" }).to_string()),
    );
    assert_eq!(r.status, 401);
    // An arbiter may enter results; reads need no token.
    let r = server.request(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        Some(&arbiter),
        &[],
        Some(&json!({ "result": "1-0" }).to_string()),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(
        server
            .public(&format!("/api/tournaments/{id}/standings"))
            .status,
        200
    );
}

#[test]
fn bad_input_is_refused_naming_the_problem_and_changes_nothing() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    server.publish_proposal(&id);
    let before = server.public(&format!("/api/tournaments/{id}")).json()["last_seq"].clone();
    let path = format!("/api/tournaments/{id}/rounds/1/boards/1/result");
    let r = server.request(
        "PUT",
        &path,
        Some(&server.chief),
        &[],
        Some("{\"result\": "),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let r = server.chief("PUT", &path, json!({ "result": "1-0", "score": 3 }));
    assert_eq!(r.status, 400);
    assert!(
        r.json()["error"].as_str().unwrap().contains("score"),
        "{}",
        r.body
    );
    let r = server.chief("PUT", &path, json!({ "result": "2-0" }));
    assert_eq!(r.status, 400);
    assert!(
        r.json()["error"].as_str().unwrap().starts_with("result:"),
        "{}",
        r.body
    );
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/9/result"),
        json!({ "result": "1-0" }),
    );
    assert_eq!(r.status, 404, "{}", r.body);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/2/boards/1/result"),
        json!({ "result": "1-0" }),
    );
    assert_eq!(r.status, 404, "{}", r.body);
    let r = server.chief(
        "PUT",
        "/api/tournaments/0190f0e0-0000-7000-8000-000000000000/rounds/1/boards/1/result",
        json!({ "result": "1-0" }),
    );
    assert_eq!(r.status, 404, "{}", r.body);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/correction"),
        json!({ "result": "1-0" }),
    );
    assert_eq!(r.status, 422, "a correction without a reason: {}", r.body);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Dup", "fide_id": 5001 }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.json()["error"].as_str().unwrap().contains("5001"));
    assert_eq!(
        server.public(&format!("/api/tournaments/{id}")).json()["last_seq"],
        before,
        "nothing was written"
    );
}

#[test]
fn manual_pairings_are_checked_and_recorded() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    // Round 1 by hand: 1-2 and 3-4, not the system's 1-3, 4-2.
    let manual = json!({ "round": 1, "pairs": [
        { "white": { "player": 1 }, "black": { "player": 2 } },
        { "white": { "player": 3 }, "black": { "player": 4 } }
    ] });
    let r = server.chief("POST", &format!("/api/tournaments/{id}/rounds"), manual);
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(
        r.header("warning")
            .is_some_and(|w| w.contains("manual change")),
        "{:?}",
        r.headers
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert!(!round["manual_changes"].as_array().unwrap().is_empty());
    for board in 1..=2 {
        server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1/2-1/2" }),
        );
    }
    // Round 2 repeating 1-2 breaks B.1: refused with the breach named, unless accepted.
    let rematch = json!({ "round": 2, "pairs": [
        { "white": { "player": 2 }, "black": { "player": 1 } },
        { "white": { "player": 4 }, "black": { "player": 3 } }
    ] });
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        rematch.clone(),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.json()["details"]["violations"][0]
            .as_str()
            .unwrap()
            .contains("already played"),
        "{}",
        r.body
    );
    let mut accepted = rematch;
    accepted["accept_violations"] = json!(true);
    let r = server.chief("POST", &format!("/api/tournaments/{id}/rounds"), accepted);
    assert_eq!(r.status, 201, "{}", r.body);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/2"))
        .json();
    assert!(round["manual_changes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c.as_str().unwrap().contains("already played")));
    // Unpublishing is refused once a result is in, allowed before.
    let r = server.chief(
        "DELETE",
        &format!("/api/tournaments/{id}/rounds/2"),
        json!({}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
}

#[test]
fn a_trf_file_imported_comes_back_out() {
    let server = Server::start();
    let text = std::fs::read_to_string(crate::support::fixture("club-10.trf")).unwrap();
    // Its 192 says FIDE_DUTCH, which names no edition: the import asks which.
    let import = |path: &str| {
        server.request(
            "POST",
            path,
            Some(&server.chief),
            &[("Content-Type", "text/plain")],
            Some(&text),
        )
    };
    // Refused, saying why, and nothing stored: no edition named; another system asked for.
    for (path, said) in [
        (
            "/api/tournaments/import",
            ["FIDE_DUTCH", "?system=dutch-2026"],
        ),
        (
            "/api/tournaments/import?system=dubov",
            ["line 15", "not dubov-2026"],
        ),
    ] {
        let r = import(path);
        assert_eq!(r.status, 400, "{}", r.body);
        assert!(said.iter().all(|s| r.body.contains(s)), "{}", r.body);
        assert_eq!(server.tournament_count(), 0);
    }
    let r = import("/api/tournaments/import?system=dutch-2026");
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    let exported = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert!(
        exported.lines().any(|l| l == "192 FIDE_DUTCH_2025"),
        "the export names the edition:\n{exported}"
    );
    let mut a = engine::formats::trf::read(&text).unwrap();
    let mut b = engine::formats::trf::read(&exported).unwrap_or_else(|e| panic!("{e}\n{exported}"));
    for p in 1..=10 {
        let tpn = engine::Tpn::new(p).unwrap();
        a.player_mut(tpn).unwrap().rank = None;
        b.player_mut(tpn).unwrap().rank = None;
    }
    assert_eq!(a.rounds(), b.rounds(), "the same rounds and results");
    assert_eq!(a.players(), b.players(), "the same players and numbers");
    let card = server
        .public(&format!("/api/tournaments/{id}/players/1/card"))
        .json();
    assert_eq!(card["rounds"].as_array().unwrap().len(), 5);
    let cross = server.public(&format!("/api/tournaments/{id}/crosstable"));
    assert_eq!(cross.body.lines().count(), 11);
}

/// The schema a `$ref` names, in `doc`.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(r) => {
            let name = r
                .strip_prefix("#/components/schemas/")
                .expect("a schema reference");
            &doc["components"]["schemas"][name]
        }
        None => schema,
    }
}

/// Every `$ref` under `v`.
fn references(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if let Some(r) = m.get("$ref").and_then(Value::as_str) {
                out.push(r.to_string());
            }
            m.values().for_each(|v| references(v, out));
        }
        Value::Array(a) => a.iter().for_each(|v| references(v, out)),
        _ => {}
    }
}

/// The properties `schema` requires of an answer, and those it names.
fn shape(doc: &Value, schema: &Value) -> (Vec<String>, Vec<String>) {
    let s = resolve(doc, schema);
    let names = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let properties = s["properties"]
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    (names(&s["required"]), properties)
}

#[test]
fn the_openapi_document_is_whole_every_reference_resolves_and_every_parameter_is_declared() {
    let server = Server::start();
    let doc = server.public("/api/openapi.json").json();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{doc}");
    let mut refs = Vec::new();
    references(&doc, &mut refs);
    assert!(
        refs.len() > 50,
        "the wire types are referenced, not inlined: {}",
        refs.len()
    );
    for r in refs {
        let name = r
            .strip_prefix("#/components/schemas/")
            .expect("a schema reference");
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{r} does not resolve"
        );
    }
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().unwrap() {
            let declared: Vec<&str> = op["parameters"]
                .as_array()
                .map(|ps| {
                    ps.iter()
                        .filter(|p| p["in"] == "path")
                        .map(|p| p["name"].as_str().unwrap())
                        .collect()
                })
                .unwrap_or_default();
            let used: Vec<&str> = path
                .split('/')
                .filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
                .collect();
            assert_eq!(declared, used, "{method} {path}: path parameters");
            assert!(
                op["responses"].as_object().is_some_and(|r| !r.is_empty()),
                "{method} {path}: no responses"
            );
            if op.get("security").is_some() {
                assert!(
                    op["responses"].get("401").is_some(),
                    "{method} {path}: a write that says nothing of 401"
                );
            }
        }
    }
    // The live connection's messages and the error body are part of the contract.
    for name in ["Live", "Recorded", "Event", "ErrorBody", "Written"] {
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{name} missing"
        );
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
}

/// Every route and method of the document, called on a live tournament (with `{}` for a body,
/// which writes refuse or take): each answers with a status its operation declares, and a
/// successful JSON answer carries the properties its schema requires and no property it does
/// not name. The list of routes is the document's: nothing here is kept by hand.
#[test]
fn every_route_of_the_openapi_document_answers_as_it_says() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 5);
    server.publish_proposal(&id);
    for board in 1..=2 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let doc = server.public("/api/openapi.json").json();
    let mut operations: Vec<(String, String, Value)> = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().unwrap() {
            operations.push((path.clone(), method.clone(), op.clone()));
        }
    }
    // Reads first, then writes, withdrawing the round, and closing, which ends every write.
    operations.sort_by_key(|(path, method, _)| match method.as_str() {
        "get" => 0,
        _ if path.ends_with("/close") => 3,
        "delete" => 2,
        _ => 1,
    });
    assert!(operations.len() >= 25, "{} operations", operations.len());
    for (path, method, op) in operations {
        let address = path
            .replace("{id}", &id)
            .replace("{key}", "1")
            .replace("{round}", "1")
            .replace("{board}", "1")
            .replace("{name}", "nobody");
        if path.starts_with("/ws/") {
            // The live connection: its messages are the document's `Live`.
            let mut display = Display::connect(server.address, &id, 0);
            let m = display.next();
            assert_eq!(m["type"], "event", "{m}");
            let (required, named) = shape(&doc, &doc["components"]["schemas"]["Recorded"]);
            for key in &required {
                assert!(m.get(key).is_some(), "{path}: {key} missing from {m}");
            }
            for key in m.as_object().unwrap().keys() {
                assert!(
                    key == "type" || named.contains(key),
                    "{path}: {key} is not in the document"
                );
            }
            continue;
        }
        let body = match method.as_str() {
            "get" | "delete" => None,
            _ if path.ends_with("/import") => Some(String::new()),
            _ => Some("{}".to_string()),
        };
        let r = server.request(
            &method.to_uppercase(),
            &address,
            Some(&server.chief.clone()),
            &[],
            body.as_deref(),
        );
        let declared = &op["responses"][r.status.to_string()];
        assert!(
            !declared.is_null(),
            "{method} {path} answered {} which the document does not declare: {}",
            r.status,
            r.body
        );
        let Some(schema) = declared["content"]["application/json"].get("schema") else {
            continue;
        };
        let answer = r.json();
        let (schema, answer) = match (schema["type"].as_str(), answer) {
            (Some("array"), Value::Array(items)) => match items.into_iter().next() {
                Some(first) => (&schema["items"], first),
                None => continue,
            },
            (_, answer) => (schema, answer),
        };
        let (required, named) = shape(&doc, schema);
        if named.is_empty() {
            continue;
        }
        for key in &required {
            assert!(
                answer.get(key).is_some(),
                "{method} {path}: {key} missing from {answer}"
            );
        }
        for key in answer.as_object().expect("an object").keys() {
            assert!(
                named.contains(key),
                "{method} {path}: {key} is not in the document ({answer})"
            );
        }
    }
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

/// When no pairing meets the absolute criteria the proposal is refused, saying so, and the
/// chief arbiter may pair by hand.
#[test]
fn no_valid_pairing_is_said_and_leaves_pairing_by_hand() {
    let server = Server::start();
    for system in ["dutch-2026", "dutch-1992", "dubov-1997"] {
        let id = tournament(&server, system, 2);
        server.publish_proposal(&id);
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
            json!({ "result": "1/2-1/2" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        // The two have met: round 2 has no pairing.
        let p = server.chief("POST", &format!("/api/tournaments/{id}/pairing"), json!({}));
        assert_eq!(p.status, 422, "{system}: {}", p.body);
        assert!(p.body.contains("no valid pairing"), "{}", p.body);
        assert_eq!(p.json()["details"]["manual_pairing_possible"], true);
    }
}

#[test]
fn heartbeats_close_silent_connections_and_keep_live_ones() {
    use futures_util::StreamExt;
    use std::time::{Duration, Instant};
    use tokio_tungstenite::tungstenite::Message;
    let server =
        Server::start_with_env(&[("SWISS_PING_SECONDS", "1"), ("SWISS_TIMEOUT_SECONDS", "2")]);
    let id = tournament(&server, "dutch-2026", 2);
    let url = crate::support::ws_url(server.address, &id, 0);
    let runtime = crate::support::runtime();
    runtime.block_on(async {
        let (mut silent, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        let (mut live, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        // The live client reads, and so answers the server's pings, for 4 seconds; the silent
        // one reads nothing and answers nothing.
        let deadline = Instant::now() + Duration::from_secs(4);
        let mut pings = 0;
        while let Ok(m) = tokio::time::timeout(
            deadline.saturating_duration_since(Instant::now()),
            live.next(),
        )
        .await
        {
            match m {
                Some(Ok(Message::Ping(_))) => pings += 1,
                Some(Ok(_)) => {}
                other => panic!("the live connection ended: {other:?}"),
            }
        }
        assert!(pings >= 2, "pinged every second: {pings}");
        // The silent connection was closed by the server.
        let closed = loop {
            match tokio::time::timeout(Duration::from_secs(5), silent.next()).await {
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => break true,
                Ok(Some(Ok(_))) => continue,
                Err(_) => break false,
            }
        };
        assert!(closed, "a client silent for 2 seconds is closed");
        // The live one still follows the tournament.
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": "Late,Entry" }),
        );
        assert_eq!(r.status, 201);
        loop {
            match tokio::time::timeout(Duration::from_secs(5), live.next())
                .await
                .expect("the event within 5 s")
            {
                Some(Ok(Message::Text(t)))
                    if t.contains("player_registered") && t.contains("Late,Entry") =>
                {
                    break
                }
                Some(Ok(_)) => continue,
                other => panic!("the live connection ended: {other:?}"),
            }
        }
    });
}

/// A display that stops reading while events pour in falls behind the server's backlog (here
/// 2 batches): it gets every event up to the point it fell behind, in order, then a resync
/// notice naming the last one it got, then the server closes it; reconnecting with that
/// sequence it gets the rest with nothing missed.
#[test]
fn a_display_that_falls_behind_is_told_to_resync_and_resumes() {
    use futures_util::StreamExt;
    use std::time::Duration;
    use tokio_tungstenite::tungstenite::Message;
    let server = Server::start_with_env(&[("SWISS_LIVE_BACKLOG", "2")]);
    let id = tournament(&server, "dutch-2026", 2);
    let url = crate::support::ws_url(server.address, &id, 0);
    let runtime = crate::support::runtime();
    // A small receive buffer, so that the kernel does not hold for it what it does not read.
    let mut slow = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let stream = socket.connect(server.address).await.unwrap();
        tokio_tungstenite::client_async(url.as_str(), stream)
            .await
            .expect("the WebSocket connects")
            .0
    });
    // While it reads nothing (its runtime is not even running): 2,000 registrations.
    let mut arbiter = server.connection();
    for i in 0..2000 {
        let body = json!({ "name": format!("Late,{i:04}"), "rating": 1500 });
        let r = arbiter.chief("POST", &format!("/api/tournaments/{id}/players"), body);
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let head = server.public(&format!("/api/tournaments/{id}")).json()["last_seq"]
        .as_u64()
        .unwrap();

    let (got, notice) = runtime.block_on(async {
        let mut got = 0;
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), slow.next())
                .await
                .unwrap_or_else(|_| panic!("a message within 10 s, after {got}"));
            let text = match m {
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                other => panic!(
                    "the connection ended without a resync notice after {got} events: {other:?}"
                ),
            };
            let m: Value = serde_json::from_str(&text).unwrap();
            if m["type"] == "resync" {
                break (got, m);
            }
            assert_eq!(m["seq"].as_u64(), Some(got + 1), "in order, no gap");
            got += 1;
        }
    });
    assert!(
        got < head,
        "it fell behind: {got} of {head} events before the notice"
    );
    assert_eq!(
        notice["after"].as_u64(),
        Some(got),
        "the notice names the last event it got"
    );
    runtime.block_on(async {
        let closed = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                match slow.next().await {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(m)) => panic!("nothing after the notice but the close: {m:?}"),
                }
            }
        })
        .await;
        assert!(closed.is_ok(), "the server closes it after the notice");
    });

    // It reconnects from there and misses nothing.
    let mut again = Display::connect(server.address, &id, got);
    while again.last_seq < head {
        again.next();
    }
    assert_eq!(again.last_seq, head);
}

/// The views speak the wire's own vocabulary, never Rust's `Debug` text: byes, floats and
/// colours by stable lower-case names; a manual change is recorded in words with the players'
/// names and numbers (no "Some(9)").
#[test]
fn views_name_byes_floats_and_changes_in_the_wires_words() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 6);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        json!({ "player": 6, "round": 1, "kind": "half" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    // Five players: the proposal gives 5 the bye; publish with the bye given to 4 instead.
    let (p, _) = server.proposal(&id);
    assert_eq!(p["bye"]["player"], 5, "{p}");
    let pairs: Vec<Value> = p["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let swap = |k: &Value| json!({ "player": if k == 4 { json!(5) } else { k.clone() } });
            json!({ "white": swap(&x["white"]["player"]), "black": swap(&x["black"]["player"]) })
        })
        .collect();
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        json!({ "round": 1, "pairs": pairs, "bye": { "player": 4 } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    // The answer says how the round differs from the proposal, by name and both numbers.
    let bye_change = "bye: the system gave it to Player,04 (pairing number 5, player 5), published to Player,03 (pairing number 4, player 4)";
    assert!(
        r.json()["manual_changes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == bye_change),
        "{}",
        r.body
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["requested_byes"][0]["kind"], "half", "{round}");
    assert_eq!(round["made_by"]["system"], "dutch-2026", "{round}");
    let changes: Vec<&str> = round["manual_changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(changes.contains(&bye_change), "{changes:?}");
    assert!(changes.iter().all(|c| !c.contains("Some(")), "{changes:?}");
    let card = server
        .public(&format!("/api/tournaments/{id}/players/4/card"))
        .json();
    assert_eq!(card["rounds"][0]["bye"], "pairing_allocated", "{card}");
    assert_eq!(card["rounds"][0]["float"], "down", "{card}");
    let card = server
        .public(&format!("/api/tournaments/{id}/players/1/card"))
        .json();
    assert!(
        ["white", "black"].contains(&card["rounds"][0]["color"].as_str().unwrap()),
        "{card}"
    );
    // The audit log and the live connection carry events in the wire's words too: a result
    // as arbiters write it, not the persisted form.
    let mut display = crate::support::Display::connect(server.address, &id, 0);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        json!({ "result": "1/2-1/2" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let live = display.until("result_recorded");
    assert_eq!(live["event"]["games"], json!(["1/2-1/2"]), "{live}");
    let audit = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    let last = audit.as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["event"]["type"], "result_recorded", "{last}");
    assert_eq!(last["event"]["games"], json!(["1/2-1/2"]), "{last}");
    let published = server.recorded(&id, "round_published");
    assert_eq!(published["event"]["system"], "dutch-2026", "{published}");
    assert_eq!(
        published["event"]["bye"],
        json!({ "player": 4 }),
        "{published}"
    );
}

/// Input limits: a name with a control character (a newline would forge TRF lines in the
/// export), an overlong name, points beyond any system's, too many rounds, and an account
/// name already taken are refused, naming the field; nothing is written and the export still
/// reads back.
#[test]
fn input_limits_name_the_field_and_write_nothing() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    let register = |name: &str| {
        server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": name, "rating": 2000 }),
        )
    };
    let forged = "Forged,Name\n001   99      Forged,Line";
    for (name, field) in [(forged.to_string(), "name"), ("x".repeat(101), "name")] {
        let r = register(&name);
        assert_eq!(r.status, 422, "{}", r.body);
        assert!(
            r.json()["error"].as_str().unwrap().starts_with(field),
            "{}",
            r.body
        );
    }
    assert_eq!(
        server
            .public(&format!("/api/tournaments/{id}/players"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        4
    );
    let export = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert!(engine::formats::trf::read(&export).is_ok());
    let mut big = settings("dutch-2026");
    big["points"] = json!({ "win": i32::MAX, "draw": 5, "loss": 0, "forfeit_win": 10,
        "forfeit_loss": 0, "pairing_bye": 10, "full_bye": 10, "half_bye": 5, "zero_bye": 0 });
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "Big", "settings": big }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("settings.points") && r.body.contains("win"),
        "{}",
        r.body
    );
    let mut long = settings("dutch-2026");
    long["rounds"] = json!(1000);
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "Long", "settings": long }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("settings.rounds"), "{}", r.body);
    let r = server.chief(
        "POST",
        "/api/accounts",
        json!({ "name": "admin", "role": "admin" }),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(server.tournament_count(), 1);
    // The administrator's token still works.
    let r = server.chief("POST", &format!("/api/tournaments/{id}/pairing"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
}

/// The proposal's explanation is data: steps with their depth, the article that decided each
/// (as the rule text numbers it) and the words. A tournament whose settings name no system is
/// paired by the Dutch in force: round 1 by Dutch 2026 3.4 (the first perfect candidate), 1.5
/// (the bye) and 5.2.5 (colours); the 1992 text, asked for, by F.4, A.6 and E.5.
#[test]
fn the_explanation_of_a_proposal_is_a_list_of_steps_with_their_articles() {
    let server = Server::start();
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "Default Open", "settings": { "rounds": 5, "initial_color": "white" } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let default = r.json()["id"].as_str().unwrap().to_string();
    let info = server.public(&format!("/api/tournaments/{default}")).json();
    assert_eq!(info["settings"]["system"], "dutch-2026", "{info}");
    server.register_players(&default, 7, |i| 2400 - 10 * i);
    let old = tournament(&server, "dutch-1992", 7);
    for (id, articles, bye_article, bye_words) in [
        (
            default,
            ["3.4", "1.5", "5.2.5"],
            "1.5",
            "pairing-allocated bye",
        ),
        (old, ["F.4", "A.6", "E.5"], "F.4", "gets the bye"),
    ] {
        let p = server.chief("POST", &format!("/api/tournaments/{id}/pairing"), json!({}));
        assert_eq!(p.status, 200, "{}", p.body);
        let steps = p.json()["explanation"].as_array().unwrap().clone();
        let found: Vec<&str> = steps.iter().filter_map(|s| s["article"].as_str()).collect();
        for a in articles {
            assert!(found.contains(&a), "{a} in {found:?}");
        }
        let bye = steps
            .iter()
            .find(|s| {
                s["article"] == bye_article && s["text"].as_str().unwrap().contains(bye_words)
            })
            .unwrap_or_else(|| panic!("{bye_article} names the bye: {steps:?}"));
        assert_eq!(bye["depth"], 0);
        assert!(
            !bye["text"].as_str().unwrap().starts_with(bye_article),
            "the article is not repeated in the words: {bye}"
        );
    }
}

/// Accounts are listed (names, roles and tournaments, never a token), revoked (the token stops
/// at once and the name is free again) and given a new token (the old one stops at once); the
/// last administrator cannot be revoked.
#[test]
fn accounts_are_listed_revoked_and_reissued_and_the_last_administrator_stays() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    let me = |token: &str| {
        server
            .request("GET", "/api/me", Some(token), &[], None)
            .status
    };
    let arbiter = server.account("arb1", "arbiter", &[&id]);
    assert_eq!(me(&arbiter), 200);
    let list = server.chief("GET", "/api/accounts", json!(null));
    assert_eq!(list.status, 200, "{}", list.body);
    assert_eq!(
        list.json(),
        json!([
            { "name": "admin", "role": "admin", "tournaments": [] },
            { "name": "arb1", "role": "arbiter", "tournaments": [id] }
        ])
    );
    assert!(!list.body.contains("token"), "{}", list.body);
    // An arbiter sees itself (and those of its tournaments), and manages nobody but itself.
    let r = server.request("GET", "/api/accounts", Some(&arbiter), &[], None);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json(),
        json!([{ "name": "arb1", "role": "arbiter", "tournaments": [id] }])
    );
    let r = server.request("DELETE", "/api/accounts/admin", Some(&arbiter), &[], None);
    assert_eq!(r.status, 404, "{}", r.body);

    let r = server.chief("POST", "/api/accounts/arb1/token", json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let new = r.json()["token"].as_str().unwrap().to_string();
    assert_eq!(
        (me(&arbiter), me(&new)),
        (401, 200),
        "the old token stops at once"
    );

    let r = server.chief("DELETE", "/api/accounts/arb1", json!(null));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(me(&new), 401, "a revoked account's token stops at once");
    let again = server.account("arb1", "arbiter", &[&id]);
    assert_eq!(me(&again), 200, "the name is free again");
    let r = server.chief("DELETE", "/api/accounts/nobody", json!(null));
    assert_eq!(r.status, 404, "{}", r.body);

    let r = server.chief("DELETE", "/api/accounts/admin", json!(null));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("last administrator"), "{}", r.body);
    assert_eq!(me(&server.chief.clone()), 200);
    let second = server.account("admin2", "admin", &[]);
    let r = server.request("DELETE", "/api/accounts/admin", Some(&second), &[], None);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!((me(&server.chief.clone()), me(&second)), (401, 200));
}

/// #18 item 1: roles have a scope. An administrator creates tournaments and chief arbiters; a
/// chief arbiter of tournament A runs A and creates A's arbiters; an arbiter of A enters A's
/// results. Any of them is refused 403 in tournament B (the refusal names the account, what it
/// is and what was needed) and nothing is written there; reads stay public.
#[test]
fn a_token_of_one_tournament_is_refused_in_another() {
    let server = Server::start();
    let a = tournament(&server, "dutch-2026", 4);
    let b = tournament(&server, "dutch-2026", 4);
    server.publish_proposal(&a);
    server.publish_proposal(&b);
    let chief_a = server.account("chief-a", "chief", &[&a]);
    // A chief arbiter creates the arbiters of its own tournament, and nothing else.
    let r = server.request(
        "POST",
        "/api/accounts",
        Some(&chief_a),
        &[],
        Some(&json!({ "name": "arb-a", "role": "arbiter", "tournaments": [a] }).to_string()),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let arbiter_a = r.json()["token"].as_str().unwrap().to_string();
    for (body, what) in [
        (
            json!({ "name": "arb-b", "role": "arbiter", "tournaments": [b] }),
            "arbiter of B",
        ),
        (
            json!({ "name": "chief-2", "role": "chief", "tournaments": [a] }),
            "a chief",
        ),
        (
            json!({ "name": "root", "role": "admin" }),
            "an administrator",
        ),
    ] {
        let r = server.request(
            "POST",
            "/api/accounts",
            Some(&chief_a),
            &[],
            Some(&body.to_string()),
        );
        assert_eq!(r.status, 403, "a chief arbiter creating {what}: {}", r.body);
    }
    // A chief or an arbiter needs a tournament; the tournament must exist.
    let r = server.chief(
        "POST",
        "/api/accounts",
        json!({ "name": "lost", "role": "arbiter" }),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("tournaments"), "{}", r.body);
    let r = server.chief(
        "POST",
        "/api/accounts",
        json!({ "name": "lost", "role": "arbiter", "tournaments": [uuid::Uuid::nil()] }),
    );
    assert_eq!(r.status, 404, "{}", r.body);

    let result = |token: &str, t: &str, board: u32| {
        server.request(
            "PUT",
            &format!("/api/tournaments/{t}/rounds/1/boards/{board}/result"),
            Some(token),
            &[],
            Some(&json!({ "result": "1-0" }).to_string()),
        )
    };
    let before = server.public(&format!("/api/tournaments/{b}")).json()["last_seq"].clone();
    for (token, who) in [(&arbiter_a, "arb-a"), (&chief_a, "chief-a")] {
        let r = result(token, &b, 1);
        assert_eq!(r.status, 403, "{who} entering a result in B: {}", r.body);
        let error = r.json()["error"].as_str().unwrap().to_string();
        assert!(
            error.contains(who) && error.contains(&a) && error.contains(&b),
            "{error}"
        );
    }
    // The chief arbiter of A may not run B, nor create a tournament.
    for (method, path, body) in [
        (
            "POST",
            format!("/api/tournaments/{b}/players"),
            json!({ "name": "X, Y", "rating": 2000 }),
        ),
        ("POST", format!("/api/tournaments/{b}/pairing"), json!({})),
        (
            "DELETE",
            format!("/api/tournaments/{b}/rounds/1"),
            json!(null),
        ),
        ("POST", format!("/api/tournaments/{b}/close"), json!({})),
        (
            "POST",
            "/api/tournaments".to_string(),
            json!({ "name": "Mine", "settings": settings("dutch-2026") }),
        ),
    ] {
        let r = server.request(method, &path, Some(&chief_a), &[], Some(&body.to_string()));
        assert_eq!(r.status, 403, "{method} {path}: {}", r.body);
    }
    assert_eq!(
        server.public(&format!("/api/tournaments/{b}")).json()["last_seq"],
        before,
        "nothing was written in B"
    );
    // In A, each does what its role allows.
    assert_eq!(result(&arbiter_a, &a, 1).status, 201);
    let r = server.request(
        "POST",
        &format!("/api/tournaments/{a}/players"),
        Some(&arbiter_a),
        &[],
        Some(&json!({ "name": "X, Y", "rating": 2000 }).to_string()),
    );
    assert_eq!(r.status, 403, "an arbiter registering: {}", r.body);
    assert_eq!(result(&chief_a, &a, 2).status, 201);
    // The administrator is the chief arbiter of every tournament.
    assert_eq!(result(&server.chief.clone(), &b, 1).status, 201);
    // The chief arbiter of A revokes its own arbiter, not the administrator.
    let r = server.request("DELETE", "/api/accounts/arb-a", Some(&chief_a), &[], None);
    assert_eq!(r.status, 200, "{}", r.body);
    let r = server.request("DELETE", "/api/accounts/admin", Some(&chief_a), &[], None);
    assert_eq!(r.status, 404, "{}", r.body);
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

/// #44 "pairs kept apart": a group kept apart through the API is never paired together in its
/// rounds (the 2026 Dutch would pair 1-3 and 2-4 in round 1 of four players; kept apart, 1 and
/// 3 meet no longer), is listed, recorded in the audit and written as 260 in the TRF report;
/// removed, the system's own pairing returns. A group of one player is refused in words. A
/// TRF file with 260 lines is imported with its groups.
#[test]
fn players_kept_apart_are_never_paired_in_their_rounds() {
    let server = Server::start();
    let id = server.create_tournament("Apart", "dutch-2026", 5);
    server.register_players(&id, 4, |i| 2000 - 10 * i);
    let pairs_of = |server: &Server| crate::support::pairs_of(&server.proposal(&id).0);
    assert_eq!(pairs_of(&server), [(1, 3), (2, 4)]);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/kept-apart"),
        json!({ "players": [{ "player": 1 }, { "player": 3 }], "reason": "siblings" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let pairs = pairs_of(&server);
    assert!(!pairs.contains(&(1, 3)), "{pairs:?}");
    // The explanation says what keeping them apart changed.
    let (proposal, _) = server.proposal(&id);
    assert!(
        proposal.to_string().contains(
            "Players kept apart changed this pairing: without them the system would have paired 1-3."
        ),
        "{proposal}"
    );
    let groups = server
        .public(&format!("/api/tournaments/{id}/kept-apart"))
        .json();
    assert_eq!(groups[0]["group"], 1, "{groups}");
    assert_eq!(groups[0]["from_round"], 1, "{groups}");
    assert_eq!(groups[0]["players"][1]["player"], 3, "{groups}");
    let recorded = server.recorded(&id, "pairs_kept_apart");
    assert_eq!(recorded["event"]["players"], json!([1, 3]), "{recorded}");
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert!(
        trf.lines().any(|l| l.starts_with("260   1   5    1    3")),
        "{trf}"
    );
    let one = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/kept-apart"),
        json!({ "players": [{ "player": 2 }, { "player": 2 }] }),
    );
    assert_eq!(one.status, 422, "{}", one.body);
    assert!(
        one.body.contains("two or more different players"),
        "{}",
        one.body
    );
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/kept-apart/1/removal"),
        json!({ "reason": "they asked to play each other" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(pairs_of(&server), [(1, 3), (2, 4)]);
    let again = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/kept-apart/1/removal"),
        json!({}),
    );
    assert_eq!(again.status, 422, "{}", again.body);
    assert!(again.body.contains("no group 1"), "{}", again.body);

    // Imported from a file with a 260 line.
    let file = format!(
        "{}260   1   5    2    4\n",
        trf.lines()
            .filter(|l| !l.starts_with("260"))
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    );
    let r = server.request(
        "POST",
        "/api/tournaments/import?system=dutch-2026&name=Imported",
        Some(&server.chief.clone()),
        &[("Content-Type", "text/plain")],
        Some(&file),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let imported = r.json()["id"].as_str().unwrap().to_string();
    let groups = server
        .public(&format!("/api/tournaments/{imported}/kept-apart"))
        .json();
    assert_eq!(groups[0]["players"][0]["player"], 2, "{groups}");
    assert_eq!(groups[0]["players"][1]["player"], 4, "{groups}");
}

/// #44 "no acceleration record is ever ignored": a served tournament cannot be accelerated yet,
/// so a file with virtual points (here JaVaFo's XXA) is refused in words, in the preview and
/// the import alike, and nothing is created.
#[test]
fn a_file_with_virtual_points_is_refused_not_imported_without_them() {
    let server = Server::start();
    let text = std::fs::read_to_string(crate::support::fixture("club-10.trf")).unwrap()
        + "XXA    1  1.0  1.0\n";
    for path in [
        "/api/tournaments/import/preview?system=dutch-2026",
        "/api/tournaments/import?system=dutch-2026",
    ] {
        let r = server.request(
            "POST",
            path,
            Some(&server.chief),
            &[("Content-Type", "text/plain")],
            Some(&text),
        );
        assert_eq!(r.status, 400, "{path}: {}", r.body);
        assert!(r.body.contains("virtual points"), "{}", r.body);
    }
    assert_eq!(server.tournament_count(), 0);
}

/// #44 "acceleration as a setting of a tournament": a nine-round open of eight players set to
/// the Baku method (C.04.7) pairs round 1 by the pairing scores (GA = players 1-4 with a
/// virtual point: 1-3, 2-4, 5-7, 6-8; without it 1-5, 2-6, 3-7, 4-8), says so in its
/// explanation, shows GA/GB and the virtual points in the list and the pairing score beside
/// the real one in the round; the setting changes only before round 1, never for a
/// round-robin or 3-1-0 points (refused in words); the TRF report says `_BAKU` with its 250
/// lines, and that file imports as a Baku tournament again.
#[test]
fn a_baku_accelerated_open_through_the_api() {
    let server = Server::start();
    let created = |settings: Value| {
        server.chief(
            "POST",
            "/api/tournaments",
            json!({ "name": "Baku Open", "settings": settings }),
        )
    };
    let r = created(
        json!({ "system": "dutch-2026", "rounds": 9, "initial_color": "white", "acceleration": "baku" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    server.register_players(&id, 8, |i| 2400 - 20 * i);
    let pairs_of = |server: &Server| {
        let (proposal, _) = server.proposal(&id);
        (crate::support::pairs_of(&proposal), proposal)
    };
    let (pairs, proposal) = pairs_of(&server);
    assert_eq!(pairs, [(1, 3), (2, 4), (5, 7), (6, 8)], "{proposal}");
    assert!(
        proposal
            .to_string()
            .contains("players 1 to 4 have 1.0 virtual point in this round"),
        "{proposal}"
    );
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    assert_eq!(players[0]["baku_group"], "A", "{players}");
    assert_eq!(players[0]["virtual_points_next"], "1.0", "{players}");
    assert_eq!(players[7]["baku_group"], "B", "{players}");
    assert!(players[7].get("virtual_points_next").is_none(), "{players}");
    // Changed before round 1: none, then Baku again.
    let set = |a: &str| {
        server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/acceleration"),
            json!({ "acceleration": a }),
        )
    };
    assert_eq!(set("none").status, 201);
    assert_eq!(pairs_of(&server).0, [(1, 5), (2, 6), (3, 7), (4, 8)]);
    assert_eq!(set("baku").status, 201);
    assert_eq!(set("baku").status, 200, "the same again writes nothing");
    let recorded = server.recorded(&id, "acceleration_changed");
    assert_eq!(recorded["event"]["acceleration"], "none", "{recorded}");
    server.publish_proposal(&id);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["pairs"][0]["white"]["score"], "0.0", "{round}");
    assert_eq!(
        round["pairs"][0]["white"]["pairing_score"], "1.0",
        "{round}"
    );
    let late = set("none");
    assert_eq!(late.status, 422, "{}", late.body);
    assert!(late.body.contains("before round 1"), "{}", late.body);
    // The TRF report: _BAKU and its 250 lines; imported again, a Baku tournament.
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert!(trf.contains("192 FIDE_DUTCH_2025_BAKU"), "{trf}");
    assert!(trf.contains("250       1.0   1   3    1    4"), "{trf}");
    assert!(trf.contains("250       0.5   4   5    1    4"), "{trf}");
    // For JaVaFo and bbpPairings, as XXA when asked.
    let xxa = server
        .public(&format!(
            "/api/tournaments/{id}/export.trf?virtual_points=xxa"
        ))
        .body;
    assert!(
        xxa.lines()
            .any(|l| l == "XXA    1  1.0  1.0  1.0  0.5  0.5"),
        "{xxa}"
    );
    assert!(!xxa.contains("\n250 "), "{xxa}");
    let bad = server.public(&format!(
        "/api/tournaments/{id}/export.trf?virtual_points=javafo"
    ));
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(
        bad.json()["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("virtual_points: \"javafo\"")),
        "{}",
        bad.body
    );
    let r = server.request(
        "POST",
        "/api/tournaments/import?name=Again",
        Some(&server.chief.clone()),
        &[("Content-Type", "text/plain")],
        Some(&trf),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let again = r.json()["id"].as_str().unwrap().to_string();
    let t = server.public(&format!("/api/tournaments/{again}")).json();
    assert_eq!(t["settings"]["acceleration"], "baku", "{t}");
    // Refused in words: a round-robin; 3-1-0 points.
    let rr = created(
        json!({ "system": "round-robin", "initial_color": "white", "acceleration": "baku" }),
    );
    assert_eq!(rr.status, 422, "{}", rr.body);
    assert!(
        rr.body.contains("round-robin is not accelerated"),
        "{}",
        rr.body
    );
    let three = created(
        json!({ "system": "dutch-2026", "rounds": 9, "initial_color": "white", "acceleration": "baku",
        "points": { "win": 30, "draw": 10, "loss": 0, "forfeit_win": 30, "forfeit_loss": 0, "pairing_bye": 30, "full_bye": 30, "half_bye": 10, "zero_bye": 0 } }),
    );
    assert_eq!(three.status, 422, "{}", three.body);
    assert!(
        three.body.contains("a win worth two draws"),
        "{}",
        three.body
    );
}

/// #44 "a file written back says what it said": every TRF file the project's tests read (its
/// fixtures, the hand-worked cases, and `../shared/trf`'s real files when present) imported
/// and exported again is the same file line for line, its dates in their own form (`042
/// 24/09/2010`), `XXS`, `XXZ`, `092` in the file's words and the counts TRF defines (a wrong
/// count corrected; a `192 FIDE_DUTCH` imported as the Dutch in force names its edition); only
/// the players' ranks (columns 86-89) are this program's, from its standings, and records of
/// codes the file lacked (its name, the counts, the system's code, the tie-breaks in force)
/// are added.
#[test]
fn every_trf_file_imported_is_exported_as_it_was() {
    let server = Server::start();
    let mut files: Vec<(String, String)> = Vec::new();
    let mut dirs = vec![crate::support::fixture("")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "trf") {
                files.push((
                    path.display().to_string(),
                    std::fs::read_to_string(&path).unwrap(),
                ));
            }
        }
    }
    let shared = crate::support::fixture_root().join("../shared/trf");
    for name in [
        "gros-open-2010.trf",
        "karl-mala-2005.trf",
        "lichess-blitz-2020.trf",
    ] {
        match std::fs::read(shared.join(name)) {
            Ok(bytes) => files.push((name.into(), String::from_utf8_lossy(&bytes).into_owned())),
            Err(_) => eprintln!("NOTE: ../shared/trf/{name} is absent: not checked"),
        }
    }
    files.sort();
    let without_rank = |line: &str| -> String {
        if line.starts_with("001") && line.chars().count() > 89 {
            line.chars()
                .enumerate()
                .map(|(i, c)| if (85..89).contains(&i) { ' ' } else { c })
                .collect()
        } else {
            line.to_string()
        }
    };
    let mut checked = 0;
    let mut problems = Vec::new();
    for (name, text) in &files {
        let system = match engine::formats::trf::read_file(text, None) {
            Ok(f) => f.tournament.settings.system,
            Err(_) => None,
        };
        // A file that names no edition of the Dutch is imported as the one it was made for.
        let path = match system {
            Some(_) => "/api/tournaments/import".to_string(),
            None if name.contains("dutch_1992") => {
                "/api/tournaments/import?system=dutch-1992".to_string()
            }
            None => "/api/tournaments/import?system=dutch-2026".to_string(),
        };
        let r = server.request(
            "POST",
            &path,
            Some(&server.chief.clone()),
            &[("Content-Type", "text/plain")],
            Some(text),
        );
        if r.status != 201 {
            // A file this program refuses to serve (said in words) is not a file it exports.
            assert!(
                r.status == 400 || r.status == 422,
                "{name}: {} {}",
                r.status,
                r.body
            );
            eprintln!("{name}: not imported: {}", r.body);
            continue;
        }
        let id = r.json()["id"].as_str().unwrap().to_string();
        let out = server
            .public(&format!("/api/tournaments/{id}/export.trf"))
            .body;
        checked += 1;
        // Header records the file lacked (its name, the counts TRF defines) may be added.
        let codes: std::collections::BTreeSet<&str> =
            text.lines().filter_map(|l| l.get(..3)).collect();
        let added = |l: &&str| l.get(..3).is_some_and(|c| !codes.contains(c) && c != "001");
        // The counts TRF defines, as it defines them (062 the players, 072 the rated ones):
        // a file's wrong count is corrected.
        let t = engine::formats::trf::read_file(text, None)
            .ok()
            .map(|f| f.tournament);
        let counted = |line: &str| -> String {
            match (line.get(..4), &t) {
                (Some("062 "), Some(t)) => format!("062 {}", t.players().len()),
                (Some("072 "), Some(t)) => format!(
                    "072 {}",
                    t.players()
                        .iter()
                        .filter(|p| p.rating.is_some_and(|r| r > 0))
                        .count()
                ),
                // A file naming no edition, imported as the Dutch in force: the export names it.
                _ if line.trim_end() == "192 FIDE_DUTCH" && path.ends_with("dutch-2026") => {
                    "192 FIDE_DUTCH_2025".to_string()
                }
                _ => line.to_string(),
            }
        };
        let a: Vec<String> = text.lines().map(|l| without_rank(&counted(l))).collect();
        let b: Vec<String> = out
            .lines()
            .filter(|l| !added(l))
            .map(without_rank)
            .collect();
        if a != b {
            let first = a
                .iter()
                .zip(&b)
                .position(|(x, y)| x != y)
                .unwrap_or(a.len().min(b.len()));
            problems.push(format!(
                "{name}: line {}:\n  file:   {:?}\n  export: {:?}",
                first + 1,
                a.get(first),
                b.get(first)
            ));
        }
    }
    eprintln!(
        "{checked} files imported and exported, {} differ",
        problems.len()
    );
    assert!(checked >= 5, "{checked} files checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// #44's event: a Baku-accelerated open of 200 players with three groups kept apart, run
/// through the API in every Swiss system (the 2026 Dutch, the 1992 Dutch, Dubov 1997,
/// Double-Swiss) for seven rounds: round 1 pairs group A (the first 100) among itself and
/// group B among itself (a virtual point apart), no group kept apart ever meets, every round
/// is the system's own pairing published unchanged, and the standings count the points only.
#[test]
fn a_baku_open_of_200_with_three_groups_kept_apart_in_every_system() {
    let server = Server::start();
    for system in [
        "dutch-2026",
        "dutch-1992",
        "dubov-1997",
        "double-swiss-2026",
    ] {
        let r = server.chief(
            "POST",
            "/api/tournaments",
            json!({ "name": format!("Baku 200 {system}"), "settings": { "system": system, "rounds": 7, "initial_color": "white", "acceleration": "baku" } }),
        );
        assert_eq!(r.status, 201, "{system}: {}", r.body);
        let id = r.json()["id"].as_str().unwrap().to_string();
        server.register_players(&id, 200, |i| 2600 - 5 * i);
        let groups: [&[u32]; 3] = [&[1, 2], &[3, 4, 5], &[101, 102, 150]];
        for g in groups {
            let players: Vec<Value> = g.iter().map(|p| json!({ "player": p })).collect();
            let r = server.chief(
                "POST",
                &format!("/api/tournaments/{id}/kept-apart"),
                json!({ "players": players }),
            );
            assert_eq!(r.status, 201, "{system}: {}", r.body);
        }
        let games = if system == "double-swiss-2026" { 2 } else { 1 };
        // The points the results entered give, to compare with the standings.
        let mut entered = 0.0;
        let worth = |g: &str| match g {
            "1/2-0" | "0-1/2" => 0.5,
            _ => 1.0,
        };
        for round in 1..=7u32 {
            let started = std::time::Instant::now();
            let p = server.publish_proposal(&id);
            eprintln!(
                "{system} round {round}: paired and published in {:?}",
                started.elapsed()
            );
            let tpn = |x: &Value| x["tpn"].as_u64().unwrap();
            for pair in p["pairs"].as_array().unwrap() {
                let (w, b) = (
                    pair["white"]["player"].as_u64().unwrap(),
                    pair["black"]["player"].as_u64().unwrap(),
                );
                for g in groups {
                    assert!(
                        !(g.contains(&(w as u32)) && g.contains(&(b as u32))),
                        "{system} round {round}: {w} and {b} are kept apart"
                    );
                }
                if round == 1 {
                    assert_eq!(
                        tpn(&pair["white"]) <= 100,
                        tpn(&pair["black"]) <= 100,
                        "{system}: round 1 pairs group A and group B apart: {pair}"
                    );
                }
            }
            // Results as a rated open has them: the higher-rated player (the lower number)
            // wins, a draw on every third board, an upset on every seventh.
            for (i, pair) in p["pairs"].as_array().unwrap().iter().enumerate() {
                let board = i + 1;
                let white_higher = tpn(&pair["white"]) < tpn(&pair["black"]);
                let white_wins = white_higher != (board % 7 == 0);
                let (win, half) = if white_wins {
                    ("1-0", "1/2-0")
                } else {
                    ("0-1", "0-1/2")
                };
                let body = if games == 2 {
                    let second = if board % 3 == 0 { "1/2-1/2" } else { half };
                    entered += worth(win) + worth(second);
                    json!({ "games": [win, second] })
                } else if board % 3 == 0 {
                    entered += 1.0;
                    json!({ "result": "1/2-1/2" })
                } else {
                    entered += 1.0;
                    json!({ "result": win })
                };
                let r = server.chief(
                    "PUT",
                    &format!("/api/tournaments/{id}/rounds/{round}/boards/{board}/result"),
                    body,
                );
                assert_eq!(
                    r.status, 201,
                    "{system} round {round} board {board}: {}",
                    r.body
                );
            }
        }
        // The standings count the points only: the total is what the games gave.
        let standings = server
            .public(&format!("/api/tournaments/{id}/standings"))
            .json();
        let total: f64 = standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["score"].as_str().unwrap().parse::<f64>().unwrap())
            .sum();
        assert!(
            (total - entered).abs() < 1e-9,
            "{system}: {total} points in the standings"
        );
    }
}

/// C.04.7 1.3: a late entry is placed in the list by the general rules, and "the last
/// GA-player shall be the same as in the previous round": in an eight-player Baku open (GA =
/// players 1-4), a late entry rated above everyone takes number 1 and joins group A, which
/// now has five players, the last of them still Player,03; Player,04 stays in group B.
#[test]
fn c04_7_1_3_a_late_entry_keeps_the_last_player_of_group_a() {
    let server = Server::start();
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "Late Baku", "settings": { "system": "dutch-2026", "rounds": 9, "initial_color": "white", "acceleration": "baku" } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    server.register_players(&id, 8, |i| 2400 - 20 * i);
    server.publish_proposal(&id);
    for board in 1..=4 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1/2-1/2" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Late,Strong", "rating": 2700 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    let of = |name: &str| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .cloned()
            .unwrap()
    };
    assert_eq!(of("Late,Strong")["tpn"], 1, "{players}");
    assert_eq!(of("Late,Strong")["baku_group"], "A", "{players}");
    assert_eq!(of("Player,03")["tpn"], 5, "{players}");
    assert_eq!(of("Player,03")["baku_group"], "A", "{players}");
    assert_eq!(of("Player,04")["baku_group"], "B", "{players}");
    assert_eq!(of("Player,03")["virtual_points_next"], "1.0", "{players}");
}
