//! Players through the API: registration from FIDE's rating list and its update before round 1.

use crate::support::{Response, Server};
use serde_json::json;

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
