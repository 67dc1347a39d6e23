//! The views of a large tournament while another is being paired: a field imported from a
//! generated TRF file (`VIEWS_PLAYERS`, 2,000 by default; 9,999 for the figure in the notes),
//! each view requested several times while a second tournament of the same size has its
//! next round proposed again and again on another connection. It prints each view's latency
//! (median and worst) and checks what each answers; then the server is restarted and the
//! first view (which replays the log) and the next are timed, with the memory before and
//! after. It prints the figures and asserts no timing.

use crate::support::{run, Server};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn players() -> u32 {
    std::env::var("VIEWS_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

/// Imports a generated Dutch tournament of `n` players after three rounds; its id.
fn import(server: &Server, n: u32, seed: u32) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.trf");
    let o = run(&[
        "generate",
        "--dutch-1992",
        "--players",
        &n.to_string(),
        "--rounds",
        "3",
        "--seed",
        &seed.to_string(),
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("XXR 3", "XXR 9");
    let r = server.request(
        "POST",
        "/api/tournaments/import?system=dutch-1992",
        Some(&server.chief.clone()),
        &[("Content-Type", "text/plain")],
        Some(&text),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()["id"].as_str().unwrap().to_string()
}

#[test]
fn views_of_a_large_field_while_another_is_paired() {
    let n = players();
    let server = Server::start();
    let start = Instant::now();
    let id = import(&server, n, 1);
    let other = import(&server, n, 2);
    eprintln!(
        "views: imported two tournaments of {n} players, 3 rounds each, in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let busy = Arc::new(AtomicBool::new(true));
    let pairings = std::thread::scope(|scope| {
        let pairer = {
            let (busy, server, other) = (busy.clone(), &server, &other);
            scope.spawn(move || {
                let mut count = 0;
                while busy.load(Ordering::SeqCst) {
                    let (p, _) = server.proposal(other);
                    assert_eq!(p["round"], 4);
                    count += 1;
                }
                count
            })
        };
        let views = [
            format!("/api/tournaments/{id}"),
            format!("/api/tournaments/{id}/players"),
            format!("/api/tournaments/{id}/rounds/3"),
            // A hall display's page of each of its views.
            format!("/api/tournaments/{id}/rounds/3?from=1&count=40"),
            format!("/api/tournaments/{id}/rounds/3/by-name?from=1&count=40"),
            format!("/api/tournaments/{id}/standings?from=1&count=40"),
            format!("/api/tournaments/{id}/standings"),
            format!("/api/tournaments/{id}/crosstable"),
            format!("/api/tournaments/{id}/crosstable?from=1&count=40"),
            format!("/api/tournaments/{id}/players/{}/card", n / 2),
            format!("/api/tournaments/{id}/aro"),
            format!("/api/tournaments/{id}/export.trf"),
        ];
        for path in &views {
            let mut times: Vec<Duration> = (0..7)
                .map(|_| {
                    let t = Instant::now();
                    let r = server.public(path);
                    let took = t.elapsed();
                    assert_eq!(r.status, 200, "{path}: {}", r.body);
                    assert!(r.body.len() > 20, "{path}");
                    took
                })
                .collect();
            times.sort();
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            eprintln!(
                "views: {n} players: {:<40} median {:>7.1} ms, worst {:>7.1} ms",
                path.replace(&id, "{id}"),
                ms(times[times.len() / 2]),
                ms(times[times.len() - 1])
            );
        }
        busy.store(false, Ordering::SeqCst);
        pairer.join().unwrap()
    });
    eprintln!("views: the other tournament was paired {pairings} times meanwhile");
    assert!(pairings >= 1);
    // The views answer what the log holds.
    let standings = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert_eq!(standings["rows"].as_array().unwrap().len(), n as usize);
    assert_eq!(standings["after_round"], 3);

    // After a restart: the first view replays the log; the next ones use the state it left.
    let before = crate::support::rss_kib(&server.pid());
    let server = server.restart();
    let started = crate::support::rss_kib(&server.pid());
    let path = format!("/api/tournaments/{id}/standings");
    let t = Instant::now();
    let first = server.public(&path);
    let replay = t.elapsed();
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(
        first.json(),
        standings,
        "the replayed standings are the same"
    );
    let t = Instant::now();
    assert_eq!(server.public(&path).status, 200);
    let again = t.elapsed();
    eprintln!(
        "views: {n} players: memory {} MB with both tournaments loaded; after a restart {} MB, \
         the first standings (replaying the log) {:.0} ms, the next {:.1} ms, then {} MB",
        before / 1024,
        started / 1024,
        replay.as_secs_f64() * 1000.0,
        again.as_secs_f64() * 1000.0,
        crate::support::rss_kib(&server.pid()) / 1024
    );
}

/// A round's boards, the standings' rows and the cross table's come in parts (`from`,
/// `count`), each part the slice of the whole list, with the whole list's length beside it; a part past the end is
/// empty, and a `from` or `count` of 0, or one that is not a number, is refused by name.
#[test]
fn a_long_list_comes_in_parts() {
    let server = Server::start();
    let id = import(&server, 61, 3);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/3"))
        .json();
    let boards = round["pairs"].as_array().unwrap().clone();
    assert_eq!(boards.len(), 30);
    assert_eq!(round["total_boards"], 30);
    let part = server
        .public(&format!("/api/tournaments/{id}/rounds/3?from=11&count=7"))
        .json();
    assert_eq!(part["pairs"].as_array().unwrap()[..], boards[10..17]);
    assert_eq!(part["pairs"][0]["board"], 11);
    assert_eq!(part["total_boards"], 30);
    // The bye is in every part: a display paging through the boards shows it on each page.
    assert_eq!(part["bye"], round["bye"]);
    let tail = server
        .public(&format!("/api/tournaments/{id}/rounds/3?from=25"))
        .json();
    assert_eq!(tail["pairs"].as_array().unwrap()[..], boards[24..]);
    let past = server
        .public(&format!("/api/tournaments/{id}/rounds/3?from=31&count=5"))
        .json();
    assert!(past["pairs"].as_array().unwrap().is_empty());

    let all = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    let rows = all["rows"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 61);
    assert_eq!(all["total_rows"], 61);
    let part = server
        .public(&format!(
            "/api/tournaments/{id}/standings?after=2&from=1&count=10"
        ))
        .json();
    let after2 = server
        .public(&format!("/api/tournaments/{id}/standings?after=2"))
        .json();
    assert_eq!(part["after_round"], 2);
    assert_eq!(
        part["rows"].as_array().unwrap()[..],
        after2["rows"].as_array().unwrap()[..10]
    );
    assert_eq!(part["total_rows"], 61);

    // The cross table likewise: its heading, then the rows asked for, each as in the whole
    // table; the whole table's number of rows in a header.
    let whole = server.public(&format!("/api/tournaments/{id}/crosstable"));
    assert_eq!(whole.header("x-total-rows"), Some("61"));
    let lines: Vec<&str> = whole.body.lines().collect();
    assert_eq!(lines.len(), 62, "{}", whole.body);
    let part = server.public(&format!("/api/tournaments/{id}/crosstable?from=11&count=7"));
    assert_eq!(part.status, 200, "{}", part.body);
    assert_eq!(part.header("x-total-rows"), Some("61"));
    let mut want = vec![lines[0]];
    want.extend(&lines[11..18]);
    assert_eq!(part.body.lines().collect::<Vec<_>>(), want);
    assert!(lines[11].trim_start().starts_with("11 "), "{}", lines[11]);
    let past = server.public(&format!("/api/tournaments/{id}/crosstable?from=62"));
    assert_eq!(past.body.lines().collect::<Vec<_>>(), vec![lines[0]]);

    for (query, field) in [
        ("from=0", "from"),
        ("count=0", "count"),
        ("from=abc", "from"),
    ] {
        for path in ["rounds/3", "rounds/3/by-name", "standings", "crosstable"] {
            let r = server.public(&format!("/api/tournaments/{id}/{path}?{query}"));
            assert_eq!(r.status, 400, "{path}?{query}: {}", r.body);
            assert!(r.body.contains(field), "{path}?{query}: {}", r.body);
        }
    }
}

/// A round by name (the list players look for in a big open, which a hall display pages
/// through): every player once, those paired and those not playing (the pairing-allocated
/// bye, the byes asked for), sorted by name; each paired player's line names the board, the
/// colour and the opponent the round has; it comes in parts like the boards.
#[test]
fn a_round_by_name_lists_every_player_once_in_parts() {
    let server = Server::start();
    let id = import(&server, 61, 3);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/3"))
        .json();
    assert_eq!(
        round["results_missing"], 0,
        "an imported round has its results"
    );
    let list = server
        .public(&format!("/api/tournaments/{id}/rounds/3/by-name"))
        .json();
    let rows = list["rows"].as_array().unwrap().clone();
    assert_eq!(list["total_rows"], 61);
    assert_eq!(rows.len(), 61);
    let names: Vec<String> = rows
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_lowercase())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "sorted by name");
    let mut players: Vec<u64> = rows.iter().map(|r| r["player"].as_u64().unwrap()).collect();
    players.sort();
    players.dedup();
    assert_eq!(players.len(), 61, "every player once");
    for board in round["pairs"].as_array().unwrap() {
        for (me, other, color) in [("white", "black", "white"), ("black", "white", "black")] {
            let line = rows
                .iter()
                .find(|r| r["player"] == board[me]["player"])
                .unwrap();
            assert_eq!(line["board"], board["board"], "{line}");
            assert_eq!(line["color"], color, "{line}");
            assert_eq!(line["opponent"]["player"], board[other]["player"], "{line}");
            assert!(line["bye"].is_null(), "{line}");
        }
    }
    // Not playing: the pairing-allocated bye and the requested ones, each with its kind.
    let mut away: Vec<(Value, Value)> = round["requested_byes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["player"].clone(), b["kind"].clone()))
        .collect();
    if !round["bye"].is_null() {
        away.push((round["bye"]["player"].clone(), json!("pairing_allocated")));
    }
    assert_eq!(
        rows.len(),
        2 * round["pairs"].as_array().unwrap().len() + away.len()
    );
    for (player, kind) in &away {
        let line = rows.iter().find(|r| r["player"] == *player).unwrap();
        assert_eq!(line["bye"], *kind, "{line}");
        assert!(
            line["board"].is_null() && line["opponent"].is_null(),
            "{line}"
        );
    }
    let part = server
        .public(&format!(
            "/api/tournaments/{id}/rounds/3/by-name?from=20&count=5"
        ))
        .json();
    assert_eq!(part["rows"].as_array().unwrap()[..], rows[19..24]);
    assert_eq!(part["total_rows"], 61);
}
