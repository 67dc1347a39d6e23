//! Random and malformed requests against the real server: none gets a 500 or makes the server
//! fall over, and only the requests answered 201 left an event behind.

use crate::support::Server;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const REQUESTS: usize = 5000;

fn random_json(rng: &mut impl Rng, depth: u32) -> Value {
    match rng.gen_range(0..if depth > 2 { 5 } else { 8 }) {
        0 => Value::Null,
        1 => json!(rng.gen_bool(0.5)),
        2 => json!(rng.gen_range(-5i64..100_000)),
        3 => json!(
            ["1-0", "1/2-1/2", "0-1", "+-", "--", "2-0", "", "½-½", "white", "x"]
                [rng.gen_range(0..10)]
        ),
        4 => json!(rng.gen_range(-1e9..1e9)),
        5 => Value::Array(
            (0..rng.gen_range(0..4))
                .map(|_| random_json(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let keys = [
                "name",
                "result",
                "games",
                "reason",
                "round",
                "board",
                "pairs",
                "white",
                "black",
                "bye",
                "settings",
                "system",
                "rounds",
                "initial_color",
                "rating",
                "fide_id",
                "title",
                "kind",
                "player",
                "tpn",
                "from_round",
                "correction",
                "role",
                "accept_violations",
                "colors_swapped",
                "zzz",
            ];
            let mut m = serde_json::Map::new();
            for _ in 0..rng.gen_range(0..5) {
                m.insert(
                    keys[rng.gen_range(0..keys.len())].to_string(),
                    random_json(rng, depth + 1),
                );
            }
            Value::Object(m)
        }
    }
}

/// A body with the fields some route expects and random values in them.
fn plausible(rng: &mut impl Rng) -> Value {
    let n = |rng: &mut dyn rand::RngCore| [0i64, 1, 2, 3, 4, 5, 6, 7, 9][rng.gen_range(0..9)];
    // A player by either number, both, or (refused) a bare number.
    let who = |rng: &mut dyn rand::RngCore| match rng.gen_range(0..4) {
        0 => json!({ "player": n(rng) }),
        1 => json!({ "tpn": n(rng) }),
        2 => json!({ "player": n(rng), "tpn": n(rng) }),
        _ => json!(n(rng)),
    };
    let result = |rng: &mut dyn rand::RngCore| {
        ["1-0", "1/2-1/2", "0-1", "+-", "-+", "--", "1/2-0", "2-0"][rng.gen_range(0..8)]
    };
    match rng.gen_range(0..7) {
        0 => json!({ "result": result(rng) }),
        1 => {
            json!({ "result": result(rng), "reason": if rng.gen_bool(0.7) { "typo" } else { "" }, "colors_swapped": rng.gen_bool(0.3) })
        }
        2 => {
            json!({ "name": format!("New,{}", n(rng)), "rating": 1000 + n(rng) * 100, "fide_id": n(rng) })
        }
        3 => {
            let kind = ["half", "full", "zero", "absent", "other"][rng.gen_range(0..5)];
            let mut bye = json!({ "round": n(rng), "kind": kind });
            match rng.gen_range(0..3) {
                0 => bye["player"] = json!(n(rng)),
                1 => bye["tpn"] = json!(n(rng)),
                _ => (bye["player"], bye["tpn"]) = (json!(n(rng)), json!(n(rng))),
            }
            bye
        }
        4 => json!({ "from_round": n(rng), "reason": "ill" }),
        5 => json!({ "correction": { "rating": 1500 + n(rng) }, "reason": "typo" }),
        _ => json!({
            "round": n(rng),
            "pairs": (0..rng.gen_range(0..4)).map(|_| json!({ "white": who(rng), "black": who(rng) })).collect::<Vec<_>>(),
            "bye": who(rng),
            "accept_violations": rng.gen_bool(0.5),
        }),
    }
}

#[test]
fn random_requests_never_get_a_500_and_leave_no_partial_state() {
    let seed: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20261121);
    println!("fuzz seed {seed} (FUZZ_SEED={seed} repeats this run)");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let server = Server::start();
    // A tournament in a state where most requests mean something: 6 players, round 1 out.
    let id = server.create_tournament("Fuzz", "dutch-2026", 3);
    server.register_players(&id, 6, |i| 2000 - i);
    server.publish_proposal(&id);
    let events_before = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json()
        .as_array()
        .unwrap()
        .len();
    let ids = [
        id.clone(),
        id.clone(),
        id.clone(),
        "0190f0e0-0000-7000-8000-000000000000".into(),
        "not-a-uuid".into(),
    ];
    // Each route with its own method; a tenth of the requests get another method.
    let templates = [
        ("POST", "/api/tournaments"),
        ("GET", "/api/tournaments/{id}"),
        ("POST", "/api/tournaments/{id}/players"),
        ("PATCH", "/api/tournaments/{id}/players/{n}"),
        ("POST", "/api/tournaments/{id}/players/{n}/withdrawal"),
        ("GET", "/api/tournaments/{id}/players/{n}/card"),
        ("POST", "/api/tournaments/{id}/byes"),
        ("POST", "/api/tournaments/{id}/pairing"),
        ("POST", "/api/tournaments/{id}/rounds"),
        ("GET", "/api/tournaments/{id}/rounds/{n}"),
        ("DELETE", "/api/tournaments/{id}/rounds/{n}"),
        ("PUT", "/api/tournaments/{id}/rounds/{n}/boards/{n}/result"),
        (
            "POST",
            "/api/tournaments/{id}/rounds/{n}/boards/{n}/correction",
        ),
        ("GET", "/api/tournaments/{id}/standings?after={n}"),
        ("GET", "/api/tournaments/{id}/crosstable"),
        ("GET", "/api/tournaments/{id}/export.trf"),
        ("GET", "/api/tournaments/{id}/audit"),
        ("GET", "/api/tournaments/{id}/aro"),
        ("POST", "/api/tournaments/import?system={n}"),
        ("POST", "/api/accounts"),
        ("GET", "/api/me"),
    ];
    let numbers = [
        "1",
        "1",
        "1",
        "2",
        "3",
        "0",
        "9",
        "-1",
        "65536",
        "4294967296",
        "abc",
    ];
    let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"];
    let mut created = 0;
    let mut statuses = std::collections::BTreeMap::new();
    for i in 0..REQUESTS {
        let (own_method, template) = templates[rng.gen_range(0..templates.len())];
        let mut path = template.replace("{id}", &ids[rng.gen_range(0..ids.len())]);
        while path.contains("{n}") {
            path = path.replacen("{n}", numbers[rng.gen_range(0..numbers.len())], 1);
        }
        let method = if rng.gen_bool(0.9) {
            own_method
        } else {
            methods[rng.gen_range(0..methods.len())]
        };
        let body = match rng.gen_range(0..6) {
            4 | 5 => plausible(&mut rng).to_string(),
            0 => random_json(&mut rng, 0).to_string(),
            1 => {
                let s = random_json(&mut rng, 0).to_string();
                let cut = rng.gen_range(0..=s.chars().count());
                s.chars().take(cut).collect()
            }
            2 => (0..rng.gen_range(0..40))
                .map(|_| rng.gen_range(32u8..127) as char)
                .collect(),
            _ => String::new(),
        };
        let token = if rng.gen_bool(0.9) {
            Some(server.chief.clone())
        } else {
            None
        };
        let r = server.request(method, &path, token.as_deref(), &[], Some(&body));
        assert!(
            r.status < 500,
            "request {i}: {method} {path} {body:?} -> {} {}",
            r.status,
            r.body
        );
        *statuses.entry(r.status).or_insert(0) += 1;
        if r.status == 201
            && path.starts_with(&format!("/api/tournaments/{id}/"))
            && !path.contains("import")
        {
            created += 1;
        }
    }
    println!("fuzz: answers by status: {statuses:?}");
    assert!(
        statuses.len() >= 5,
        "the requests reach several kinds of answer: {statuses:?}"
    );
    assert_eq!(
        server.public("/api/health").status,
        200,
        "the server is still up"
    );
    let events_after = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json()
        .as_array()
        .unwrap()
        .len();
    assert_eq!(
        events_after - events_before,
        created,
        "one event per request answered 201, none for the others"
    );
    // The tournament still replays and exports.
    assert_eq!(
        server
            .public(&format!("/api/tournaments/{id}/export.trf"))
            .status,
        200
    );
}
