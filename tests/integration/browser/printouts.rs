//! Printouts: each public view printed by the browser to PDF on A4 and Letter, read back with
//! poppler's tools.

use super::{poppler, Browser};
use crate::support::Server;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Command;

/// #20 "Print": each public view printed by the browser to PDF on A4 and on Letter: every page
/// carries the tournament, the sheet, the round and its date (the head row repeated), no row of
/// a table and no result slip is split across two pages, and a page of each goes to
/// `artifacts/` as a picture. 90 players: 45 boards, more than a page of each list.
#[test]
fn each_public_view_prints_on_a4_and_letter_without_splitting_a_row() {
    let pdftotext = poppler("pdftotext");
    let pdftoppm = poppler("pdftoppm");
    let server = Server::start();
    let id = server.create_tournament("Grand Open", "dutch-2026", 7);
    server.register_players(&id, 90, |i| 2500 - 5 * i);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/details"),
        json!({ "details": { "round_dates": ["2026-11-28"] } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    server.publish_proposal(&id);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let who = |p: &Value| format!("{} ({})", p["name"].as_str().unwrap(), p["rating"]);
    let boards: Vec<(u64, String, String)> = round["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["board"].as_u64().unwrap(),
                who(&p["white"]),
                who(&p["black"]),
            )
        })
        .collect();
    assert_eq!(boards.len(), 45);
    let dir = tempfile::tempdir().unwrap();
    let artifacts = std::env::var_os("ARTIFACTS_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../artifacts"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&artifacts).unwrap();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    // The view, what shows it is drawn, the title its pages carry, and at least how many pages.
    let views = [
        (
            "pairings",
            "main tbody tr",
            "Pairings · Round 1 · 2026-11-28",
            2,
        ),
        (
            "byname",
            "main tbody tr",
            "Pairings by name · Round 1 · 2026-11-28",
            3,
        ),
        ("slips", "main .slip", "Round 1 · 2026-11-28", 6),
        // No result is in yet: the standings say the round is in progress (#43).
        (
            "standings",
            "main tbody tr",
            "Standings round 1 in progress: 0 of 45 results",
            2,
        ),
        ("players", "main tbody tr", "Starting list", 2),
        (
            "crosstable",
            "main tbody tr",
            "Cross table round 1 in progress: 0 of 45 results",
            2,
        ),
    ];
    for (view, drawn, title, at_least) in views {
        for (paper, width, height) in [("a4", 8.27, 11.69), ("letter", 8.5, 11.0)] {
            let mut page = browser.page(&format!("{base}/t/{id}#{view}"));
            page.wait_for(
                &format!("the {view} view"),
                &format!("document.querySelectorAll({drawn:?}).length >= 45"),
            );
            let file = dir.path().join(format!("{view}-{paper}.pdf"));
            std::fs::write(&file, page.print_pdf(width, height)).unwrap();
            let out = Command::new(&pdftotext)
                .args(["-layout"])
                .arg(&file)
                .arg("-")
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            let pages: Vec<&str> = text
                .split('\u{c}')
                .filter(|p| !p.trim().is_empty())
                .collect();
            assert!(
                pages.len() >= at_least,
                "{view} on {paper}: {} pages, expected at least {at_least}",
                pages.len()
            );
            for (n, p) in pages.iter().enumerate() {
                assert!(
                    p.contains("Grand Open") && p.contains(title),
                    "{view} on {paper}, page {}: no title {title:?}:\n{p}",
                    n + 1
                );
            }
            // Whether some page has a line holding all of `parts` (a row not split).
            let on_one_line = |parts: &[&str]| {
                pages
                    .iter()
                    .flat_map(|p| p.lines())
                    .any(|l| parts.iter().all(|x| l.contains(x)))
            };
            for (board, white, black) in &boards {
                match view {
                    "pairings" => assert!(
                        on_one_line(&[&format!(" {board} "), white, black]),
                        "{view} on {paper}: board {board} split or missing"
                    ),
                    "byname" => {
                        assert!(on_one_line(&[white, black]), "{view} on {paper}: {white}");
                    }
                    "slips" => {
                        // The slip whole on one page: its head, both players, the signatures.
                        let whole = pages.iter().any(|p| {
                            p.contains(&format!("Board {board}\n"))
                                || p.lines().any(|l| l.trim_end().ends_with(&format!("Board {board}")))
                        } && p.contains(white.as_str()) && p.contains(black.as_str()));
                        assert!(
                            whole,
                            "{view} on {paper}: the slip of board {board} is split"
                        );
                    }
                    _ => {
                        for name in [white, black] {
                            let name = name.split(" (").next().unwrap();
                            assert!(on_one_line(&[name]), "{view} on {paper}: {name}");
                        }
                    }
                }
            }
            if paper == "a4" {
                let picture = artifacts.join(format!("print-{view}-a4"));
                let status = Command::new(&pdftoppm)
                    .args(["-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile"])
                    .arg(&file)
                    .arg(&picture)
                    .status()
                    .unwrap();
                assert!(status.success());
            }
        }
    }
}

/// #59 point 11: the printed round-robin cross table keeps federation and rating (the
/// narrow-screen rule is the screen's only), says where, when and under whom the event was
/// played, each player's performance rating, and is dated by its round (recorded), not by the
/// day it is printed. An 8-player round-robin, two rounds played.
#[test]
fn the_printed_round_robin_cross_table_keeps_federation_rating_and_the_rounds_date() {
    let pdftotext = poppler("pdftotext");
    let pdftoppm = poppler("pdftoppm");
    let server = Server::start();
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "Club Championship", "settings": { "system": "round-robin", "initial_color": "white" } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    let feds = ["NOR", "GER", "ESP", "FRA", "NED", "ITA", "POL", "SWE"];
    for (i, fed) in feds.iter().enumerate() {
        let body = json!({ "name": format!("Player,{i:02}"), "rating": 2400 - 17 * i as u32, "federation": fed });
        let r = server.chief("POST", &format!("/api/tournaments/{id}/players"), body);
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/numbers"),
        json!({ "method": "lots", "seed": 5 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for round in 1..=2 {
        server.publish_proposal(&id);
        for (board, result) in [(1, "1-0"), (2, "1/2-1/2"), (3, "0-1"), (4, "1-0")] {
            let r = server.chief(
                "PUT",
                &format!("/api/tournaments/{id}/rounds/{round}/boards/{board}/result"),
                json!({ "result": result }),
            );
            assert_eq!(r.status, 201, "{}", r.body);
        }
    }
    // The details, once the rounds are known: the round-robin's come with its numbers.
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/details"),
        json!({ "details": { "city": "Bergen", "federation": "NOR", "start_date": "2025-03-01", "end_date": "2025-03-07",
            "chief_arbiter": "Hansen, Kari", "round_dates": ["2025-03-01", "2025-03-02"] } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let s = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert!(
        s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["performance"].is_string()),
        "a round-robin's standings give each player's performance: {s}"
    );
    let dir = tempfile::tempdir().unwrap();
    let browser = Browser::launch();
    let mut page = browser.page(&format!("http://{}/t/{id}/crosstable", server.address));
    page.wait_for(
        "the cross table",
        "document.querySelectorAll('table.rr tbody tr').length === 8",
    );
    let file = dir.path().join("crosstable-a4.pdf");
    std::fs::write(&file, page.print_pdf(8.27, 11.69)).unwrap();
    let out = Command::new(&pdftotext)
        .args(["-layout"])
        .arg(&file)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    for (what, expected) in [
        (
            "the title",
            "Club Championship · Cross table (after round 2 of 7) · 2025-03-02",
        ),
        ("the place", "Bergen (NOR)"),
        ("the dates", "2025-03-01 – 2025-03-07"),
        ("the chief arbiter", "Chief arbiter: Hansen, Kari"),
        ("the performance's column", "Perf"),
    ] {
        assert!(
            text.contains(expected),
            "{what} printed: {expected:?} in\n{text}"
        );
    }
    // Each player's row: number, name, federation and rating on one line.
    for (i, fed) in feds.iter().enumerate() {
        let (name, rating) = (format!("Player,{i:02}"), (2400 - 17 * i).to_string());
        assert!(
            text.lines()
                .any(|l| l.contains(&name) && l.contains(fed) && l.contains(&rating)),
            "{name}'s federation and rating printed:\n{text}"
        );
    }
    let artifacts = std::env::var_os("ARTIFACTS_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../artifacts"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&artifacts).unwrap();
    let status = Command::new(&pdftoppm)
        .args(["-png", "-r", "90", "-f", "1", "-l", "1", "-singlefile"])
        .arg(&file)
        .arg(artifacts.join("print-crosstable-rr-a4"))
        .status()
        .unwrap();
    assert!(status.success());
    for (width, height, mobile) in [
        (360, 740, true),
        (390, 844, true),
        (820, 1180, true),
        (1366, 768, false),
        (1920, 1080, false),
    ] {
        page.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": if mobile { 2 } else { 1 }, "mobile": mobile }),
        );
        page.wait_for("the size", &format!("window.innerWidth === {width}"));
        assert_eq!(
            page.eval("document.documentElement.scrollWidth <= window.innerWidth"),
            json!(true),
            "the cross table's page at {width} pixels"
        );
        page.screenshot(&format!("public-crosstable-rr-{width}.png"));
    }
}
