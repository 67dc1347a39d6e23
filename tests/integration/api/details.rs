//! A tournament's details as a rating report needs them (place, dates, arbiters, time control,
//! round dates): recorded, changed by the chief arbiter, refused out of bounds, and written into
//! the TRF export as TRF-2026 lays them out; the first colour drawn by lot.

use crate::support::{records, Server};
use serde_json::{json, Value};

fn details() -> Value {
    json!({
        "city": "Frankfurt (Main)",
        "federation": "GER",
        "start_date": "2026-11-28",
        "end_date": "2026-11-29",
        "chief_arbiter": "IA Jane Doe (12345678)",
        "deputy_arbiters": ["FA John Roe (23456789)", "NA Max Muster"],
        "time_control": "90'/40 + 30' + 30\" per move",
    })
}

#[test]
fn trf_012_to_132_carry_the_tournaments_details() {
    let server = Server::start();
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({
            "name": "Main Open",
            "settings": { "system": "dutch-2026", "rounds": 3, "initial_color": "lots" },
            "details": details(),
        }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    let summary = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(summary["details"]["city"], "Frankfurt (Main)");
    assert_eq!(summary["details"]["deputy_arbiters"][1], "NA Max Muster");
    // The lot was drawn by the server and the answer says what it drew.
    assert_eq!(summary["settings"]["initial_color_by_lot"], true);
    assert!(["white", "black"].contains(&summary["settings"]["initial_color"].as_str().unwrap()));
    // Five rated players and one unrated.
    server.register_players(&id, 5, |i| 2300 - 20 * i);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Newcomer,Nina" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    server.publish_proposal(&id);

    // The round dates, as the rounds are scheduled: round 2 not yet known.
    let path = format!("/api/tournaments/{id}/details");
    let mut d = details();
    d["round_dates"] = json!(["2026-11-28", null, "2026-11-29"]);
    let r = server.chief("PUT", &path, json!({ "details": d }));
    assert_eq!(r.status, 201, "{}", r.body);
    let r = server.chief("PUT", &path, json!({ "name": "Main Open", "details": d }));
    assert_eq!(
        r.status, 200,
        "the same details again write nothing: {}",
        r.body
    );
    assert!(
        r.json()["unchanged"]
            .as_str()
            .unwrap()
            .contains("nothing was written"),
        "{}",
        r.body
    );

    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    for (code, text) in [
        ("012", "Main Open"),
        ("022", "Frankfurt (Main)"),
        ("032", "GER"),
        ("042", "2026/11/28"),
        ("052", "2026/11/29"),
        ("062", "6"),
        ("072", "5"),
        ("082", "0"),
        ("092", "Individual: Swiss-System"),
        ("102", "IA Jane Doe (12345678)"),
        ("122", "90'/40 + 30' + 30\" per move"),
    ] {
        assert_eq!(records(&trf, code), [format!("{code} {text}")], "{trf}");
    }
    assert_eq!(
        records(&trf, "112"),
        ["112 FA John Roe (23456789)", "112 NA Max Muster"],
        "one 112 line per arbiter"
    );
    // TRF-2026: 132's dates stand above the round columns of the player lines (positions
    // 92-99 for round 1, 112-119 for round 3).
    let dates = records(&trf, "132")[0];
    assert_eq!(&dates[91..99], "26/11/28", "{trf}");
    assert_eq!(dates[101..109].trim(), "");
    assert_eq!(&dates[111..119], "26/11/29", "{trf}");
    let player = records(&trf, "001")[0];
    assert!(
        player[91..95].trim().parse::<u32>().is_ok(),
        "round 1's opponent is in the same columns: {player}"
    );
    // The report reads back, and imported it is the same tournament with the same details.
    engine::formats::trf::read(&trf).unwrap_or_else(|e| panic!("{e}\n{trf}"));
    let r = server.request(
        "POST",
        "/api/tournaments/import",
        Some(&server.chief),
        &[("Content-Type", "text/plain")],
        Some(&trf),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let copy = r.json()["id"].as_str().unwrap().to_string();
    let imported = server.public(&format!("/api/tournaments/{copy}")).json();
    assert_eq!(imported["name"], "Main Open");
    assert_eq!(
        imported["details"],
        server.public(&format!("/api/tournaments/{id}")).json()["details"]
    );

    // The audit says who changed the details, and what to.
    let changed = server.recorded(&id, "details_changed");
    assert_eq!(changed["actor"], "admin", "{changed}");
    assert_eq!(changed["event"]["details"]["round_dates"][2], "2026-11-29");
}

#[test]
fn details_out_of_bounds_are_refused_naming_the_field_and_change_nothing() {
    let server = Server::start();
    let id = server.create_tournament("Bounds Open", "dutch-2026", 5);
    let path = format!("/api/tournaments/{id}/details");
    let seq = || server.public(&format!("/api/tournaments/{id}")).json()["last_seq"].clone();
    let before = seq();
    let with = |field: &str, value: Value| {
        let mut d = details();
        d[field] = value;
        json!({ "details": d })
    };
    for (body, said) in [
        (
            with("start_date", json!("28/11/2026")),
            "details.start_date",
        ),
        (with("end_date", json!("2026-02-30")), "details.end_date"),
        (
            with("end_date", json!("2026-11-27")),
            "before the first day",
        ),
        (with("federation", json!("Germany")), "details.federation"),
        (with("city", json!("Frank\nfurt")), "details.city"),
        (
            with(
                "round_dates",
                json!(["2026-11-28", null, null, null, null, "2026-11-30"]),
            ),
            "6 dates given for 5 rounds",
        ),
        (json!({ "name": " ", "details": details() }), "name"),
    ] {
        let r = server.chief("PUT", &path, body.clone());
        assert_eq!(r.status, 422, "{body}: {}", r.body);
        assert!(r.body.contains(said), "{body}: {}", r.body);
    }
    // The field as the client sent it, for a body that is not details at all.
    let r = server.chief("PUT", &path, json!({ "details": { "town": "Bonn" } }));
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("town"), "{}", r.body);
    // An arbiter of the tournament enters results; the details are the chief arbiter's.
    let token = server.account("floor", "arbiter", &[&id]);
    let r = server.request(
        "PUT",
        &path,
        Some(&token),
        &[],
        Some(&json!({ "details": details() }).to_string()),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(seq(), before, "nothing written");
}
