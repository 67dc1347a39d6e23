//! Setting a tournament up as a rating report needs it (#19 "Setup without curl"): its details
//! (place, dates, arbiters, time control, round dates) recorded, changed by the chief arbiter,
//! and written into the TRF export as TRF-2026 lays them out; the first colour drawn by lot.

use crate::support::{records, Response, Server};
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

/// The project's own small rating lists, in FIDE's TXT and XML forms.
fn rating_list(name: &str) -> Vec<u8> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/rating-list")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A ZIP archive holding `bytes` as `name`, as FIDE's downloads are.
fn zipped(name: &str, bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    zip.start_file(name, zip::write::SimpleFileOptions::default())
        .unwrap();
    zip.write_all(bytes).unwrap();
    zip.finish().unwrap();
    out.into_inner()
}

/// #19: FIDE's rating list loaded as downloaded (the ZIP archive; its TXT or XML list), players
/// found by id or name, registered from it, and their ratings updated before round 1 by
/// recorded corrections; the list survives a restart; refusals name the problem.
#[test]
fn ghr_2026_2_1_registration_from_the_fide_rating_list_and_its_update_before_round_1() {
    let server = Server::start();
    let id = server.create_tournament("List Open", "dutch-2026", 5);
    let search = |server: &Server, q: &str| -> Response {
        server.request(
            "GET",
            &format!("/api/rating-list/players?q={q}"),
            Some(&server.chief),
            &[],
            None,
        )
    };
    let r = search(&server, "brandt");
    assert_eq!(r.status, 404, "{}", r.body);
    assert!(r.body.contains("no rating list is loaded"), "{}", r.body);

    // Refused: an arbiter may not load it; a file that is not a list names line and column.
    let arbiter = server.account("floor", "arbiter", &[&id]);
    let txt = rating_list("players_list_foa.txt");
    let r = server.upload("PUT", "/api/rating-list", Some(&arbiter), &txt);
    assert_eq!(r.status, 403, "{}", r.body);
    let mut broken = String::from_utf8(txt.clone()).unwrap();
    broken = broken.replacen("90100036", "9O100036", 1);
    let r = server.upload(
        "PUT",
        "/api/rating-list?name=broken.zip",
        Some(&server.chief),
        &zipped("players_list_foa.txt", broken.as_bytes()),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("players_list_foa.txt: line 4, column 1") && r.body.contains("9O100036"),
        "{}",
        r.body
    );
    assert_eq!(server.public("/api/rating-list").json()["loaded"], false);

    // The combined list's ZIP archive as downloaded.
    let r = server.upload(
        "PUT",
        "/api/rating-list?name=players_list.zip",
        Some(&server.chief),
        &zipped("players_list_foa.txt", &txt),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["players"], 13);
    let found = search(&server, "90100028").json();
    assert_eq!(found[0]["name"], "Brandt, Bruno", "{found}");
    assert_eq!(found[0]["title"], "GM");
    assert_eq!(found[0]["rating"], 2561);
    let found = search(&server, "ivanova%20i").json();
    assert_eq!(found[0]["title"], "WGM", "{found}");
    assert_eq!(found[0]["federation"], "BUL");
    assert_eq!(found[0]["birth_year"], 1985);
    assert_eq!(found[0]["sex"], "w");

    // Registered from the list with last month's ratings (as the console fills the form in),
    // and one player the list does not have.
    for (fide_id, rating) in [(90100028u64, 2540), (90100095, 2330), (90100125, 1500)] {
        let p = search(&server, &fide_id.to_string()).json()[0].clone();
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": p["name"], "rating": rating, "title": p["title"], "federation": p["federation"],
                    "fide_id": fide_id, "birth_date": format!("{}/00/00", p["birth_year"]), "sex": p["sex"] }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Guest,Gabriel", "rating": 1900 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);

    // The update: Brandt 2540 -> 2561; Ivanova already 2330; Lindqvist is unrated in the list
    // and keeps her 1500; the guest has no FIDE id.
    let update = format!("/api/tournaments/{id}/ratings-update");
    let r = server.request("POST", &update, Some(&arbiter), &[], None);
    assert_eq!(r.status, 403, "the chief arbiter's: {}", r.body);
    let r = server.chief("POST", &update, json!(null));
    assert_eq!(r.status, 201, "{}", r.body);
    let changes = r.json()["changes"].clone();
    assert_eq!(changes.as_array().unwrap().len(), 1, "{changes}");
    assert_eq!(changes[0]["name"], "Brandt, Bruno");
    assert_eq!(changes[0]["old_rating"], 2540);
    assert_eq!(changes[0]["rating"], 2561);
    let corrected = server.recorded(&id, "player_corrected");
    assert!(
        corrected["reason"]
            .as_str()
            .unwrap()
            .starts_with("rating list update: players_list.zip (loaded "),
        "{corrected}"
    );
    let again = server.chief("POST", &update, json!(null)).json();
    assert_eq!(again["changes"], json!([]), "nothing left to update");

    // Kept across a restart; the XML form reads the same players.
    let server = server.restart();
    let status = server.public("/api/rating-list").json();
    assert_eq!(status["loaded"], true, "{status}");
    assert_eq!(status["source"], "players_list.zip");
    let r = server.upload(
        "PUT",
        "/api/rating-list?name=players_list_xml.zip",
        Some(&server.chief),
        &zipped(
            "players_list_xml_foa.xml",
            &rating_list("players_list_xml_foa.xml"),
        ),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let found = search(&server, "90100028").json();
    assert_eq!(found[0]["rating"], 2561, "{found}");

    // Once round 1 is published the ratings are the tournament's.
    server.publish_proposal(&id);
    let r = server.chief("POST", &update, json!(null));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("before round 1"), "{}", r.body);
}

/// #43 "a lost administrator token can be recovered": with the server stopped, `swiss
/// admin-token` on its store prints a new token for `admin`, shown once; after a restart the
/// new token signs in as the administrator and the old one is refused.
#[test]
fn a_lost_administrator_token_is_replaced_by_swiss_admin_token() {
    let mut server = Server::start();
    let old = server.chief.clone();
    let data = server.data_dir().to_path_buf();
    server.kill();
    let out = crate::support::run(&["admin-token", "--data-dir", data.to_str().unwrap()]);
    let text = crate::support::stdout(&out);
    assert!(
        out.status.success(),
        "{text}{}",
        crate::support::stderr(&out)
    );
    let token = text.trim().rsplit(": ").next().unwrap().to_string();
    assert_eq!(token.len(), 64, "{text}");
    assert_ne!(token, old);
    let server = server.restart();
    let me = server.request("GET", "/api/me", Some(&token), &[], None);
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["role"], "admin", "{}", me.body);
    let refused = server.request("GET", "/api/me", Some(&old), &[], None);
    assert_eq!(refused.status, 401, "{}", refused.body);
}
