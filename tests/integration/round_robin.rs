//! Round-robins on the server (C.05): the numbers given before round 1 (by lot from a recorded
//! seed, by the Varma tables, assigned), every round the Berger table's, no late entries and no
//! byes, a withdrawn player's games forfeited when each round is published, C.05's rule on a
//! withdrawal before half of the games in the standings, and the TRF written and read back.

use crate::support::{records, Server};
use serde_json::{json, Value};

/// A round-robin of `n` players ("Player,00" ... rated 2400 down) with federations.
fn round_robin(server: &Server, system: &str, n: u32) -> String {
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "Club Championship", "settings": { "system": system, "initial_color": "white" } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    for i in 0..n {
        let fed = ["NOR", "GER", "NOR", "ESP", "NOR", "FRA"][i as usize % 6];
        let body =
            json!({ "name": format!("Player,{i:02}"), "rating": 2400 - 10 * i, "federation": fed });
        let r = server.chief("POST", &format!("/api/tournaments/{id}/players"), body);
        assert_eq!(r.status, 201, "{}", r.body);
    }
    id
}

/// The registration numbers in pairing-number order.
fn numbered(server: &Server, id: &str) -> Vec<u64> {
    let mut players: Vec<Value> = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json()
        .as_array()
        .unwrap()
        .clone();
    players.sort_by_key(|p| p["tpn"].as_u64());
    players
        .iter()
        .map(|p| p["player"].as_u64().unwrap())
        .collect()
}

/// Publishes the proposal and enters a result on every board still without one (the lower
/// pairing number wins); returns the published round.
fn play_round(server: &Server, id: &str) -> Value {
    let p = server.publish_proposal(id);
    let round = p["round"].as_u64().unwrap();
    let r = server
        .public(&format!("/api/tournaments/{id}/rounds/{round}"))
        .json();
    for b in r["pairs"].as_array().unwrap() {
        if !b["games"].is_null() {
            continue;
        }
        let result = if b["white"]["tpn"].as_u64() < b["black"]["tpn"].as_u64() {
            "1-0"
        } else {
            "0-1"
        };
        let r = server.chief(
            "PUT",
            &format!(
                "/api/tournaments/{id}/rounds/{round}/boards/{}/result",
                b["board"]
            ),
            json!({ "result": result }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    r
}

/// C.05 Annex 1-2 on the server: the numbers drawn by lot from a seed are recorded with it and
/// drawn again the same; the Varma tables keep each federation of two or more inside one group;
/// assigned numbers are as listed; a Swiss refuses a drawing; round 1 fixes the numbers.
#[test]
fn c05_numbers_by_lot_varma_or_assigned_before_round_1() {
    let server = Server::start();
    let id = round_robin(&server, "round-robin", 10);
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(t["settings"]["rounds"], 9, "{t}");
    let draw = |body: Value| server.chief("POST", &format!("/api/tournaments/{id}/numbers"), body);
    assert_eq!(draw(json!({ "method": "lots", "seed": 2026 })).status, 201);
    let first = numbered(&server, &id);
    let audit = server.recorded(&id, "numbers_drawn");
    assert_eq!(audit["event"]["seed"], 2026, "{audit}");
    assert_eq!(draw(json!({ "method": "lots", "seed": 7 })).status, 201);
    assert_ne!(
        numbered(&server, &id),
        first,
        "another seed, another drawing"
    );
    assert_eq!(draw(json!({ "method": "lots", "seed": 2026 })).status, 201);
    assert_eq!(
        numbered(&server, &id),
        first,
        "the seed draws the same numbers again"
    );
    // Varma, 9/10 players: groups A (3,4,8), B (5,7,9), C (1,6), D (2,10). NOR's five
    // players (registrations 1, 3, 5, 7, 9) fit no group and draw what is left; GER's two
    // (2, 8) and ESP's two (4, 10) each draw inside one group.
    const GROUPS: [&[usize]; 4] = [&[3, 4, 8], &[5, 7, 9], &[1, 6], &[2, 10]];
    for seed in [11, 12, 13] {
        assert_eq!(draw(json!({ "method": "varma", "seed": seed })).status, 201);
        let order = numbered(&server, &id);
        for contingent in [[2, 8], [4, 10]] {
            let numbers: Vec<usize> = order
                .iter()
                .enumerate()
                .filter(|(_, k)| contingent.contains(*k))
                .map(|(i, _)| i + 1)
                .collect();
            assert!(
                GROUPS.iter().any(|g| numbers.iter().all(|x| g.contains(x))),
                "seed {seed}: registrations {contingent:?} drew numbers {numbers:?}"
            );
        }
    }
    // Assigned: exactly as listed.
    let listed = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    let order_body: Vec<Value> = listed.iter().map(|k| json!({ "player": k })).collect();
    assert_eq!(
        draw(json!({ "method": "assigned", "order": order_body })).status,
        201
    );
    assert_eq!(numbered(&server, &id), listed.to_vec());
    let short = draw(json!({ "method": "assigned", "order": [{ "player": 1 }] }));
    assert_eq!(short.status, 422, "{}", short.body);
    assert!(
        short.body.contains("every registered player once"),
        "{}",
        short.body
    );
    // Round 1 fixes them.
    play_round(&server, &id);
    let late = draw(json!({ "method": "lots", "seed": 1 }));
    assert_eq!(late.status, 422, "{}", late.body);
    assert!(
        late.body.contains("fixed when round 1 was published"),
        "{}",
        late.body
    );
    assert_eq!(numbered(&server, &id), listed.to_vec());
    // A Swiss numbers its players by ranking.
    let swiss = server.create_tournament("Open", "dutch-2026", 5);
    server.register_players(&swiss, 4, |i| 2000 - i);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{swiss}/numbers"),
        json!({ "method": "lots" }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("round-robin only"), "{}", r.body);
}

/// C.05: every round is the table's (a pairing by hand that is not is refused, naming the
/// pair); no late entry once round 1 is published, no byes; a withdrawn player's games are
/// recorded as forfeits when each round is published; having played fewer than half of the
/// games, their results count for nobody in the standings; an odd field's rest gives no point.
#[test]
fn c05_the_tables_no_late_entries_no_byes_and_a_withdrawal() {
    let server = Server::start();
    let id = round_robin(&server, "round-robin", 8);
    let draw = |body: Value| server.chief("POST", &format!("/api/tournaments/{id}/numbers"), body);
    assert_eq!(draw(json!({ "method": "lots", "seed": 5 })).status, 201);
    // One of eight withdraws before round 1: the numbers are drawn again (C.05), and until
    // they are, round 1 is neither proposed nor published.
    let eighth = numbered(&server, &id)[3];
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players/{eighth}/withdrawal"),
        json!({ "from_round": 1, "reason": "did not come" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let refused = server.chief("POST", &format!("/api/tournaments/{id}/pairing"), json!({}));
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains("numbers are given before round 1"),
        "{}",
        refused.body
    );
    assert_eq!(draw(json!({ "method": "lots", "seed": 6 })).status, 201);
    assert_eq!(
        numbered(&server, &id)[7],
        eighth,
        "out of the table: the number after it"
    );
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(
        t["settings"]["rounds"], 7,
        "7 players: the table of 8, 7 rounds: {t}"
    );
    let bye = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        json!({ "player": 2, "round": 3, "kind": "half" }),
    );
    assert_eq!(bye.status, 422, "{}", bye.body);
    assert!(bye.body.contains("no byes"), "{}", bye.body);
    // A pairing by hand that is not the table's.
    let (p, mut pairs) = server.proposal(&id);
    assert!(p["explanation"].to_string().contains("C.05 Annex 1"), "{p}");
    assert!(!p["bye"].is_null(), "an odd field: one player rests");
    let tmp = pairs[0]["white"].clone();
    pairs[0]["white"] = pairs[0]["black"].clone();
    pairs[0]["black"] = tmp;
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        json!({ "round": 1, "pairs": pairs, "bye": { "tpn": p["bye"]["tpn"] } }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("Berger table"), "{}", r.body);
    let r1 = play_round(&server, &id);
    let rested = r1["bye"]["player"].as_u64().unwrap();
    let paired: Vec<&Value> = r1["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| [&b["white"]["player"], &b["black"]["player"]])
        .collect();
    assert!(!paired.contains(&&json!(eighth)), "{r1}");
    let late = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Late,Comer", "rating": 2000 }),
    );
    assert_eq!(late.status, 422, "{}", late.body);
    assert!(late.body.contains("no late entries"), "{}", late.body);
    play_round(&server, &id);
    // Pairing number 7 withdraws before round 3: 2 or fewer of 6 games played.
    let seven = numbered(&server, &id)[6];
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players/{seven}/withdrawal"),
        json!({ "from_round": 3, "reason": "ill" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for _ in 3..=7 {
        let r = play_round(&server, &id);
        for b in r["pairs"].as_array().unwrap() {
            let games = b["games"].to_string();
            if b["white"]["player"] == seven {
                assert_eq!(games, r#"["-+"]"#, "{b}");
            } else if b["black"]["player"] == seven {
                assert_eq!(games, r#"["+-"]"#, "{b}");
            }
        }
    }
    let s = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    let rows = s["rows"].as_array().unwrap();
    // Listed last, unranked: the one who withdrew after two rounds, and the one who never
    // played.
    let listed: Vec<&Value> = rows[6..].iter().map(|r| &r["player"]).collect();
    assert!(
        listed.contains(&&json!(seven)) && listed.contains(&&json!(eighth)),
        "{s}"
    );
    assert!(rows[6..].iter().all(|r| r["counted"] == false), "{s}");
    assert!(rows[..6].iter().all(|r| r["counted"] == true));
    // Six players, each 5 games among themselves (the lower number wins): 5, 4, ... 0 points;
    // the rests and the games against 7 count for nothing.
    let mut scores: Vec<String> = rows[..6]
        .iter()
        .map(|r| r["score"].as_str().unwrap().to_string())
        .collect();
    scores.sort();
    assert_eq!(scores, ["0.0", "1.0", "2.0", "3.0", "4.0", "5.0"], "{s}");
    assert!(
        rows.iter().all(|r| r["by_lot"] == false),
        "nobody tied: {s}"
    );
    assert_ne!(rested, 0);
    // The TRF: 192, 092 and the rests as Z; read back as a round-robin whose every round
    // re-pairs as it was published.
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert_eq!(records(&trf, "192"), ["192 FIDE_ROUNDROBIN"], "{trf}");
    assert_eq!(
        records(&trf, "092"),
        ["092 Individual: Round-Robin"],
        "{trf}"
    );
    assert_eq!(
        trf.matches("0000 - Z").count(),
        7,
        "each player rests once: {trf}"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rr.trf");
    std::fs::write(&path, &trf).unwrap();
    let check = crate::support::run(&["check", "--round-robin", path.to_str().unwrap()]);
    assert!(check.status.success(), "{}", crate::support::stdout(&check));
    // Imported again: a round-robin with the same rounds.
    let r = server.upload(
        "POST",
        "/api/tournaments/import",
        Some(&server.chief.clone()),
        trf.as_bytes(),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let again = r.json()["id"].as_str().unwrap().to_string();
    let t = server.public(&format!("/api/tournaments/{again}")).json();
    assert_eq!(t["settings"]["system"], "round-robin", "{t}");
    assert_eq!(t["rounds_published"], 7, "{t}");
}

/// #59: a round-robin's rounds are its Berger table's, known in advance (C.05 Annex 1): with
/// round 4's results still missing, round 5 is proposed as the table has it, published, and
/// round 4's results entered after it; the published round has no manual change. A Swiss
/// still refuses to pair a round before the last one's results are in.
#[test]
fn c05_annex_1_a_round_robins_next_round_is_published_before_the_last_ones_results() {
    let server = Server::start();
    let id = round_robin(&server, "round-robin", 8);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/numbers"),
        json!({ "method": "lots", "seed": 9 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for _ in 1..=3 {
        play_round(&server, &id);
    }
    // Round 4 published, no result in.
    let four = server.publish_proposal(&id);
    assert_eq!(four["round"], 4, "{four}");
    let (p, _) = server.proposal(&id);
    assert_eq!(p["round"], 5, "{p}");
    assert!(p["explanation"].to_string().contains("C.05 Annex 1"), "{p}");
    let five = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        json!({ "round": 5, "pairs": p["pairs"].as_array().unwrap().iter().map(|x| json!({ "white": { "player": x["white"]["player"] }, "black": { "player": x["black"]["player"] } })).collect::<Vec<_>>() }),
    );
    assert_eq!(five.status, 201, "{}", five.body);
    assert_eq!(five.json()["manual_changes"], json!([]), "{}", five.body);
    // Round 4's results come in after round 5 is published.
    for board in 1..=4 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/4/boards/{board}/result"),
            json!({ "result": "1/2-1/2" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let published = server
        .public(&format!("/api/tournaments/{id}/rounds/5"))
        .json();
    assert_eq!(
        published["pairs"].as_array().unwrap().len(),
        4,
        "{published}"
    );

    // A Swiss: the next round only once every result is in.
    let swiss = server.create_tournament("Swiss Open", "dutch-2026", 5);
    server.register_players(&swiss, 6, |i| 2300 - 20 * i);
    server.publish_proposal(&swiss);
    let refused = server.chief(
        "POST",
        &format!("/api/tournaments/{swiss}/pairing"),
        json!({}),
    );
    assert_eq!(refused.status, 422, "{}", refused.body);
}
