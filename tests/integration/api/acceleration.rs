//! Acceleration (C.04.7, the Baku method) through the API: the setting, its pairing scores and
//! groups, and an open of 200 in every Swiss system with groups kept apart.

use crate::support::Server;
use serde_json::{json, Value};

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
