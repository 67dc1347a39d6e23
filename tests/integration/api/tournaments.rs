//! Tournaments through the API: creating one (and importing with a key) once, bad input and
//! input limits refused by field with nothing written.

use super::{settings, tournament};
use crate::support::Server;
use serde_json::json;

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
