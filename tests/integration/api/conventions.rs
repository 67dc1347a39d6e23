//! What every answer of the API keeps: errors name the field as sent, in plain words, as JSON;
//! a page for no tournament says so; values keep their case; limits a person would expect; one
//! numbering (every body and answer names the number it means).

use crate::support::Server;
use serde_json::{json, Value};

/// Errors speak the request's language: the field as the client sent it, what it should be in
/// plain words, no Rust type's name; JSON for an unknown route, a body too large and a body
/// that is not JSON or not text.
#[test]
fn errors_name_fields_as_sent_in_plain_words_and_are_json() {
    let server = Server::start();
    let rust_words = [
        "u16",
        "u32",
        "u64",
        "i32",
        "struct ",
        "Json deserialize",
        "Path deserialize",
    ];
    let plain = |r: &crate::support::Response| {
        let error = r.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("a JSON error: {}", r.body))
            .to_string();
        for w in rust_words {
            assert!(!error.contains(w), "{w:?} in {error:?}");
        }
        error
    };
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "x", "settings": { "rounds": "7", "initial_color": "white" } }),
    );
    assert_eq!(r.status, 400);
    let e = plain(&r);
    assert!(
        e.starts_with("settings.rounds: ") && e.contains("a whole number from 0 to 65535"),
        "{e}"
    );
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "x", "settings": { "rounds": 7, "initial_color": "blue" } }),
    );
    let e = plain(&r);
    assert!(
        e.starts_with("settings.initial_color: unknown variant `blue`"),
        "{e}"
    );
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "x", "settings": 3 }),
    );
    let e = plain(&r);
    assert!(
        e.starts_with("settings: ") && e.contains("a JSON object"),
        "{e}"
    );
    let id = server.create_tournament("Words Open", "dutch-2026", 5);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "A,B", "rating": 70000 }),
    );
    let e = plain(&r);
    assert!(e.starts_with("rating: "), "{e}");
    // Bodies that are not JSON, or not text.
    let r = server.request(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        Some(&server.chief),
        &[],
        Some("{\"name\": "),
    );
    assert_eq!(r.status, 400);
    plain(&r);
    let r = server.request(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        Some(&server.chief),
        &[],
        Some("\u{0}\u{1}"),
    );
    assert_eq!(r.status, 400);
    plain(&r);
    // An unknown route, a malformed id, a body too large: JSON too.
    for path in [
        "/api/nothing",
        "/api/tournaments/not-a-uuid",
        "/api/tournaments/not-a-uuid/standings",
    ] {
        let r = server.public(path);
        assert_eq!(r.status, 404, "{path}");
        let e = plain(&r);
        assert!(e.contains(path), "{path}: {e}");
    }
    let big = json!({ "result": "1-0", "reason": "x".repeat(10_000) });
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        big,
    );
    assert_eq!(r.status, 413);
    plain(&r);
    // The query too.
    let r = server.chief(
        "POST",
        "/api/tournaments/import?system=dutch-1066",
        json!("012 X"),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let e = plain(&r);
    assert!(
        e.starts_with("the query: unknown variant `dutch-1066`"),
        "{e}"
    );
}

/// A page for a tournament that does not exist (a malformed id or an unknown one) is a page
/// that says so, with a way back, not an error's text.
#[test]
fn a_page_for_no_tournament_says_so() {
    let server = Server::start();
    for path in [
        "/display/not-a-uuid".to_string(),
        format!("/arbiter/{}", uuid::Uuid::new_v4()),
        format!("/t/{}", uuid::Uuid::new_v4()),
        "/no/such/page".to_string(),
    ] {
        let r = server.public(&path);
        assert_eq!(r.status, 404, "{path}");
        assert!(
            r.header("content-type")
                .is_some_and(|t| t.starts_with("text/html")),
            "{path}"
        );
        assert!(
            r.body.contains("Nothing here") && r.body.contains("href=\"/\""),
            "{path}: {}",
            r.body
        );
    }
    let id = server.create_tournament("Real Open", "dutch-2026", 5);
    assert_eq!(server.public(&format!("/display/{id}")).status, 200);
}

/// `?after=` beyond the log: the client is told where the log ends (a resync notice) and
/// closed, and resumes from there; enum values come out as they go in.
#[test]
fn after_beyond_the_log_is_answered_and_values_keep_their_case() {
    let server = Server::start();
    let id = server.create_tournament("Case Open", "dutch-2026", 5);
    server.register_players(&id, 4, |i| 2400 - 10 * i);
    let last = server.public(&format!("/api/tournaments/{id}")).json()["last_seq"]
        .as_u64()
        .unwrap();
    let mut display = crate::support::Display::connect(server.address, &id, last + 100);
    let notice = display.next();
    assert_eq!(notice, json!({ "type": "resync", "after": last }));

    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        json!({ "player": 2, "round": 1, "kind": "half" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let bye = server.recorded(&id, "bye_requested");
    assert_eq!(bye["event"]["kind"], "half", "{bye}");
    let info = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(info["settings"]["system"], "dutch-2026");
    assert_eq!(info["settings"]["initial_color"], "white");
}

/// Limits a person would expect: no entry once every round is paired; rounds from 1 to 99;
/// a "correction" to the result already recorded changes nothing and says so.
#[test]
fn limits_a_person_would_expect() {
    let server = Server::start();
    for (rounds, field) in [(0, "settings.rounds"), (100, "settings.rounds")] {
        let r = server.chief(
            "POST",
            "/api/tournaments",
            json!({ "name": "Rounds", "settings": { "system": "dutch-2026", "rounds": rounds, "initial_color": "white" } }),
        );
        assert_eq!(r.status, 422, "{rounds} rounds: {}", r.body);
        assert!(r.body.contains(field), "{}", r.body);
    }
    let id = server.create_tournament("Short Open", "dutch-2026", 1);
    server.register_players(&id, 4, |i| 2400 - 10 * i);
    server.publish_proposal(&id);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Late,Comer", "rating": 2000 }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("all 1 rounds are paired"), "{}", r.body);

    let board = format!("/api/tournaments/{id}/rounds/1/boards/1");
    assert_eq!(
        server
            .chief(
                "PUT",
                &format!("{board}/result"),
                json!({ "result": "1-0" })
            )
            .status,
        201
    );
    let seq = |s: &Server| s.public(&format!("/api/tournaments/{id}")).json()["last_seq"].clone();
    let before = seq(&server);
    let r = server.chief(
        "POST",
        &format!("{board}/correction"),
        json!({ "result": "1-0", "reason": "checked the scoresheet" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let answer: Value = r.json();
    assert!(
        answer["unchanged"]
            .as_str()
            .is_some_and(|u| u.contains("nothing was written")),
        "{answer}"
    );
    assert_eq!(seq(&server), before, "nothing appended");
    // A real correction still is one.
    let r = server.chief(
        "POST",
        &format!("{board}/correction"),
        json!({ "result": "0-1", "reason": "the scoresheet says 0-1" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(r.json().get("unchanged").is_none());
}

/// #19 "One numbering": players registered weakest first, so that no registration number is
/// the same player's pairing number. Registering answers both numbers; a request names the
/// number it means (`{"player": n}` or `{"tpn": n}`) and a bare number is refused; both given
/// must agree; the proposal and the publish request speak the same numbers; a publish that
/// differs from the proposal answers the differences by name and both numbers; breaches of
/// the absolute criteria name players the same way; the log's events name the registration
/// number as `player`.
#[test]
fn one_numbering_every_body_and_answer_names_the_number_it_means() {
    let server = Server::start();
    let id = server.create_tournament("Numbers", "dutch-2026", 5);
    let players = format!("/api/tournaments/{id}/players");
    for (i, name) in ["Ash,Ann", "Birch,Bo", "Cedar,Cy", "Dahl,Di"]
        .iter()
        .enumerate()
    {
        let r = server.chief(
            "POST",
            &players,
            json!({ "name": name, "rating": 1500 + 100 * i }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        let a = r.json();
        // Each newcomer is the strongest so far: registration i + 1, pairing number 1.
        assert_eq!(
            (a["player"].clone(), a["tpn"].clone()),
            (json!(i + 1), json!(1)),
            "{a}"
        );
        assert_eq!(a["name"], *name, "{a}");
        assert!(a["seq"].is_u64(), "{a}");
    }
    let list = server.public(&players).json();
    let ash = list
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ash,Ann")
        .unwrap();
    assert_eq!(
        (ash["player"].clone(), ash["tpn"].clone()),
        (json!(1), json!(4)),
        "{ash}"
    );
    assert!(ash.get("key").is_none(), "one name per number: {ash}");

    let rounds = format!("/api/tournaments/{id}/rounds");
    // A bare number: refused, saying how to name the player.
    let r = server.chief(
        "POST",
        &rounds,
        json!({ "round": 1, "pairs": [{ "white": 1, "black": 2 }, { "white": 3, "black": 4 }] }),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let e = r.json()["error"].as_str().unwrap().to_string();
    // (The body goes out with its keys sorted: "black" is read first.)
    assert!(
        e.starts_with("pairs[0].black: invalid type: integer `2`"),
        "{e}"
    );
    assert!(
        e.contains(r#"{"player": n} (the registration number) or {"tpn": n} (the pairing number)"#),
        "{e}"
    );
    // Both numbers, of two different players: refused naming both.
    let r = server.chief(
        "POST",
        &rounds,
        json!({ "round": 1, "pairs": [
            { "white": { "player": 1, "tpn": 1 }, "black": { "tpn": 2 } },
            { "white": { "tpn": 3 }, "black": { "tpn": 4 } }
        ] }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(
        r.json()["error"],
        "pairs[0].white: player 1 is Ash,Ann (pairing number 4, player 1), but pairing number 1 is Dahl,Di (pairing number 1, player 4)",
        "{}",
        r.body
    );
    let r = server.chief(
        "POST",
        &rounds,
        json!({ "round": 1, "pairs": [{ "white": { "tpn": 9 }, "black": { "tpn": 2 } }] }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("pairs[0].white: no player has pairing number 9"),
        "{}",
        r.body
    );
    let written = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(
        written["rounds_published"], 0,
        "nothing was written: {written}"
    );

    // The proposal names both numbers; publishing it with its pairing numbers, board 1's
    // colours reversed, publishes exactly that and answers the change.
    let (p, _) = server.proposal(&id);
    let board1 = &p["pairs"][0];
    for side in ["white", "black"] {
        assert!(
            board1[side]["player"].is_u64() && board1[side]["tpn"].is_u64(),
            "{p}"
        );
    }
    let tpn = |x: &Value| json!({ "tpn": x["tpn"] });
    let mut pairs: Vec<Value> = p["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| json!({ "white": tpn(&x["white"]), "black": tpn(&x["black"]) }))
        .collect();
    pairs[0] = json!({ "white": tpn(&board1["black"]), "black": tpn(&board1["white"]) });
    let r = server.chief("POST", &rounds, json!({ "round": 1, "pairs": pairs }));
    assert_eq!(r.status, 201, "{}", r.body);
    let changes = r.json()["manual_changes"].clone();
    let name = |x: &Value| {
        format!(
            "{} (pairing number {}, player {})",
            x["name"].as_str().unwrap(),
            x["tpn"],
            x["player"]
        )
    };
    let expected = format!(
        "pair {} - {} is not the system's",
        name(&board1["black"]),
        name(&board1["white"])
    );
    assert!(
        changes
            .as_array()
            .unwrap()
            .iter()
            .any(|c| *c == json!(expected)),
        "{changes}"
    );
    let round = server.public(&format!("{rounds}/1")).json();
    assert_eq!(
        round["pairs"][0]["white"]["player"], board1["black"]["player"],
        "{round}"
    );
    assert_eq!(
        round["pairs"][0]["black"]["player"], board1["white"]["player"],
        "{round}"
    );
    // The log names registration numbers as `player`, never a bare number.
    let event = server.recorded(&id, "round_published");
    assert_eq!(
        event["event"]["pairs"][0]["white"],
        json!({ "player": board1["black"]["player"] }),
        "{event}"
    );

    // A bye by pairing number: Ash (pairing number 4) is player 1.
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        json!({ "tpn": 4, "round": 2, "kind": "half" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(server.recorded(&id, "bye_requested")["event"]["player"], 1);

    // A rematch in round 2: the breach names both players by name and both numbers.
    for board in 1..=2 {
        let r = server.chief(
            "PUT",
            &format!("{rounds}/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let again = |x: &Value| json!({ "player": x["player"] });
    let r = server.chief(
        "POST",
        &rounds,
        json!({ "round": 2, "pairs": [{ "white": again(&board1["white"]), "black": again(&board1["black"]) }] }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let violations = r.json()["details"]["violations"].clone();
    let rematch = format!(
        "{} and {} have already played each other",
        name(&board1["white"]),
        name(&board1["black"])
    );
    assert!(
        violations
            .as_array()
            .unwrap()
            .iter()
            .any(|v| *v == json!(rematch)),
        "{violations}"
    );
}
