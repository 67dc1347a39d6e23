//! Tie-breaks through the server (#22): the order recorded when a tournament is created (the
//! system's defaults when none is asked for), changed by the chief arbiter before round 1 and
//! refused after it with C.07's reason, every change in the audit and on the live connection,
//! the codes' meanings beside the standings, and TRF-2026's record 202 in the export.

use crate::support::{records, Display, Server};
use serde_json::json;

#[test]
fn c07_4_1_tiebreaks_are_recorded_at_creation_changed_before_round_1_and_fixed_after() {
    let server = Server::start();
    // No order asked for: the system's defaults are recorded, by edition.
    let id = server.create_tournament("Open", "dutch-2026", 5);
    let settings =
        |id: &str| server.public(&format!("/api/tournaments/{id}")).json()["settings"].clone();
    assert_eq!(
        settings(&id)["tiebreaks"],
        json!(["BH/C1", "BH", "DE", "WIN", "BPG"])
    );
    let old = server.create_tournament("Old rules", "dutch-1992", 5);
    assert_eq!(settings(&old)["tiebreaks"], json!(["DE1", "ARO"]));
    // Asked for in this program's earlier form: recorded in the calculator's.
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({
            "name": "Asked",
            "settings": { "rounds": 5, "initial_color": "white", "tiebreaks": ["bh-c1", "SB"] }
        }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let asked = r.json()["id"].as_str().unwrap().to_string();
    assert_eq!(settings(&asked)["tiebreaks"], json!(["BH/C1", "SB"]));

    // The list of tie-breaks, with what each measures and each system's defaults.
    let list = server.public("/api/tiebreaks").json();
    let codes: Vec<&str> = list["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().unwrap())
        .collect();
    for code in [
        "BH", "BH/C1", "BH/M1", "FB", "SB", "AOB", "DE", "WIN", "WON", "BPG", "BWG", "GE", "ARO",
        "TPR", "PTP", "APRO", "APPO", "PS", "KS", "STD", "TPN", "RTNG",
    ] {
        assert!(codes.contains(&code), "{code} missing from {codes:?}");
    }
    assert_eq!(list["defaults"]["dutch-1992"], json!(["DE1", "ARO"]));

    // The chief arbiter changes the order before round 1; a display sees it.
    let mut display = Display::connect(server.address, &id, 0);
    let path = format!("/api/tournaments/{id}/tiebreaks");
    let r = server.chief(
        "PUT",
        &path,
        json!({ "tiebreaks": ["SB", "bh/c1", "ARO/U1400"] }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(
        settings(&id)["tiebreaks"],
        json!(["SB", "BH/C1", "ARO/U1400"])
    );
    let live = display.until("tiebreaks_changed");
    assert_eq!(
        live["event"]["tiebreaks"],
        json!(["SB", "BH/C1", "ARO/U1400"]),
        "{live}"
    );
    let audit = server.recorded(&id, "tiebreaks_changed");
    assert_eq!(audit["actor"], "admin", "who: {audit}");
    // The same order again writes nothing.
    let r = server.chief(
        "PUT",
        &path,
        json!({ "tiebreaks": ["SB", "BH/C1", "ARO/U1400"] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // Refusals name the code and what is wrong, and change nothing.
    for (body, says) in [
        (
            json!({ "tiebreaks": ["BH", "XYZ"] }),
            "\"XYZ\" is not a tie-break",
        ),
        (
            json!({ "tiebreaks": ["BH", "BH"] }),
            "\"BH\" is listed twice",
        ),
        (json!({ "tiebreaks": ["WIN/C1"] }), "WIN takes no modifier"),
    ] {
        let r = server.chief("PUT", &path, body);
        assert_eq!(r.status, 422, "{}", r.body);
        assert!(
            r.json()["error"].as_str().unwrap().contains(says),
            "{}",
            r.body
        );
    }
    assert_eq!(
        settings(&id)["tiebreaks"],
        json!(["SB", "BH/C1", "ARO/U1400"])
    );
    // An empty list: the system's defaults again.
    let r = server.chief("PUT", &path, json!({ "tiebreaks": [] }));
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(
        settings(&id)["tiebreaks"],
        json!(["BH/C1", "BH", "DE", "WIN", "BPG"])
    );
    // An arbiter may not.
    let arbiter = server.account("deputy", "arbiter", &[&id]);
    let r = server.request(
        "PUT",
        &path,
        Some(&arbiter),
        &[],
        Some(&json!({ "tiebreaks": ["SB"] }).to_string()),
    );
    assert_eq!(r.status, 403, "{}", r.body);

    // The standings say what each code measures; the export carries the order (202).
    server.register_players(&id, 6, |i| 2300 - 20 * i);
    let standings = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert_eq!(
        standings["tiebreaks"],
        json!(["BH/C1", "BH", "DE", "WIN", "BPG"])
    );
    let meanings = standings["tiebreak_meanings"].as_array().unwrap();
    assert!(
        meanings[2]
            .as_str()
            .unwrap()
            .starts_with("Direct encounter"),
        "{standings}"
    );
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert_eq!(records(&trf, "202"), ["202 BH/C1,BH,DE,WIN,BPG"], "{trf}");

    // Once round 1 is published the order stays (C.07 4.1), and the refusal says why.
    server.publish_proposal(&id);
    let r = server.chief("PUT", &path, json!({ "tiebreaks": ["SB"] }));
    assert_eq!(r.status, 422, "{}", r.body);
    let error = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.contains("round 1 is published") && error.contains("C.07"),
        "{error}"
    );
    assert_eq!(
        settings(&id)["tiebreaks"],
        json!(["BH/C1", "BH", "DE", "WIN", "BPG"])
    );
}
