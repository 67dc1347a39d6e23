//! Several servers on one PostgreSQL database (`store.kind = "postgres"`), as behind a load
//! balancer: a write through any node is seen through every node, a display on any node gets
//! every event of its tournament once and in order, conflicting entries through two nodes
//! give one 201 and one 409, and a node killed under load loses no acknowledged write while
//! its displays resume on another node without a gap. The database is a throwaway server the
//! test starts (Debian's postgresql package, which README's test command installs).

use crate::support::{try_request, Display, Server};
use events::testing::ThrowawayPostgres;
use serde_json::json;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

fn postgres() -> ThrowawayPostgres {
    ThrowawayPostgres::start().unwrap_or_else(|e| panic!("{e}"))
}

/// `n` servers on database `url`, the first one creating the administrator.
fn nodes(url: &str, n: usize) -> Vec<Server> {
    let first = Server::start_node(url, None);
    let chief = first.chief.clone();
    let mut nodes = vec![first];
    nodes.extend((1..n).map(|_| Server::start_node(url, Some(chief.clone()))));
    nodes
}

fn last_seq(node: &Server, id: &str) -> u64 {
    node.public(&format!("/api/tournaments/{id}")).json()["last_seq"]
        .as_u64()
        .expect("last_seq")
}

fn result_path(id: &str, board: usize) -> String {
    format!("/api/tournaments/{id}/rounds/1/boards/{board}/result")
}

/// Reads `display` until it has every event up to `last` (an event twice would come out of
/// order and fail there). That nothing more comes is shown by the caller writing one more
/// event, which must be the display's next.
fn follow_to(display: &mut Display, last: u64, node: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while display.last_seq < last {
        assert!(
            Instant::now() < deadline,
            "a display on node {node} stopped at event {} of {last}",
            display.last_seq
        );
        display.try_next(Duration::from_millis(200));
    }
}

/// The next event `display` gets, skipping messages that are not events (a notice).
fn next_event(display: &mut Display) -> serde_json::Value {
    loop {
        let m = display.next();
        if !m["seq"].is_null() {
            return m;
        }
    }
}

#[test]
fn three_nodes_one_log_every_display_gets_every_event_once_in_order() {
    let pg = postgres();
    let url = pg.create_database("cluster").unwrap();
    let nodes = nodes(&url, 3);
    let health = nodes[2].public("/api/health").json();
    assert_eq!(health["store"]["kind"], "postgres", "{health}");
    // Created through node 0, registered through node 1, paired and published through node 2.
    let id = nodes[0].create_tournament("Cluster Open", "dutch-2026", 5);
    nodes[1].register_players(&id, 48, |i| 2400 - 10 * i);
    assert_eq!(
        nodes[2]
            .public(&format!("/api/tournaments/{id}/players"))
            .json()
            .as_array()
            .map(Vec::len),
        Some(48),
        "node 2 sees node 1's registrations"
    );
    let head = last_seq(&nodes[0], &id);
    let mut displays: Vec<(usize, Display)> = (0..6)
        .map(|d| (d % 3, Display::connect(nodes[d % 3].address, &id, head)))
        .collect();
    let proposal = nodes[2].publish_proposal(&id);
    let boards = proposal["pairs"].as_array().expect("pairs").len();
    assert_eq!(boards, 24);

    // The same board through two nodes at the same moment, different results: one 201, one
    // 409 naming what is recorded.
    for board in 1..=6 {
        let (a, b) = (&nodes[board % 3], &nodes[(board + 1) % 3]);
        let enter = |node: &Server, result: &str| {
            let body = format!(r#"{{"result":"{result}"}}"#);
            try_request(
                node.address,
                "PUT",
                &result_path(&id, board),
                Some(&node.chief),
                Some(&body),
            )
        };
        let statuses = std::thread::scope(|s| {
            let x = s.spawn(|| enter(a, "1-0"));
            let y = s.spawn(|| enter(b, "0-1"));
            [x.join().unwrap(), y.join().unwrap()]
        });
        let mut codes: Vec<u16> = statuses
            .iter()
            .map(|r| r.as_ref().expect("an answer").status)
            .collect();
        codes.sort_unstable();
        assert_eq!(codes, vec![201, 409], "board {board}: {statuses:?}");
    }
    // Eight arbiters spread over the nodes enter the other boards.
    std::thread::scope(|s| {
        for arbiter in 0..8 {
            let (node, id) = (&nodes[arbiter % 3], &id);
            s.spawn(move || {
                for board in (7..=boards).filter(|b| b % 8 == arbiter) {
                    let r = node.chief(
                        "PUT",
                        &result_path(id, board),
                        json!({ "result": "1/2-1/2" }),
                    );
                    assert_eq!(
                        r.status,
                        201,
                        "board {board} through node {}: {}",
                        arbiter % 3,
                        r.body
                    );
                }
            });
        }
    });
    let last = last_seq(&nodes[1], &id);
    assert_eq!(
        last,
        head + 1 + boards as u64,
        "the round and one result per board"
    );
    for (node, display) in &mut displays {
        follow_to(display, last, *node);
    }
    // Nothing more came: one more event, a late entry through node 0, is every display's next.
    let r = nodes[0].chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Late,Entry" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for (node, display) in &mut displays {
        let m = next_event(display);
        assert_eq!(m["seq"].as_u64(), Some(last + 1), "node {node}: {m}");
    }
    // Every node answers the same round.
    let round: Vec<String> = nodes
        .iter()
        .map(|n| n.public(&format!("/api/tournaments/{id}/rounds/1")).body)
        .collect();
    assert!(round.iter().all(|r| *r == round[0]), "{round:?}");
}

#[test]
fn a_node_killed_under_load_loses_no_acknowledged_write_and_its_displays_resume_elsewhere() {
    let pg = postgres();
    let url = pg.create_database("killed").unwrap();
    let mut nodes = nodes(&url, 2);
    // 400 players: the 1992 Dutch (the 2026 one pairs fields of up to 300 so far).
    let id = nodes[0].create_tournament("Power Cut Open", "dutch-1992", 5);
    nodes[0].register_players(&id, 400, |i| 2800 - 3 * i);
    nodes[0].publish_proposal(&id);
    let boards = 200;
    let head = last_seq(&nodes[0], &id);
    let mut display = Display::connect(nodes[0].address, &id, head);

    // Four arbiters enter results through node 0 as fast as it answers, until it is gone.
    let acknowledged = Mutex::new(Vec::new());
    let killed = AtomicBool::new(false);
    let (address, chief) = (nodes[0].address, nodes[0].chief.clone());
    std::thread::scope(|s| {
        for arbiter in 0..4 {
            let (acknowledged, killed, chief, id) = (&acknowledged, &killed, &chief, &id);
            s.spawn(move || {
                for board in (1..=boards).filter(|b| b % 4 == arbiter) {
                    let body = if board % 2 == 0 {
                        r#"{"result":"1-0"}"#
                    } else {
                        r#"{"result":"0-1"}"#
                    };
                    match try_request(
                        address,
                        "PUT",
                        &result_path(id, board),
                        Some(chief),
                        Some(body),
                    ) {
                        Some(r) if r.status == 201 => acknowledged.lock().unwrap().push(board),
                        Some(r) => panic!("board {board}: {} {}", r.status, r.body),
                        None => {
                            assert!(
                                killed.load(Ordering::SeqCst),
                                "node 0 failed before it was killed"
                            );
                            return;
                        }
                    }
                }
            });
        }
        let started = Instant::now();
        while acknowledged.lock().unwrap().len() < 30 {
            assert!(started.elapsed() < Duration::from_secs(60), "no load");
            std::thread::sleep(Duration::from_millis(2));
        }
        killed.store(true, Ordering::SeqCst);
        nodes[0].kill();
    });
    let acknowledged = acknowledged.into_inner().unwrap();
    assert!(
        acknowledged.len() < boards,
        "killed before the end of the load"
    );

    // Every acknowledged result is there, through the other node.
    let round = nodes[1]
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let recorded: Vec<usize> = round["pairs"]
        .as_array()
        .expect("boards")
        .iter()
        .filter(|b| !b["games"].is_null())
        .map(|b| b["board"].as_u64().expect("board") as usize)
        .collect();
    for board in &acknowledged {
        assert!(
            recorded.contains(board),
            "board {board} was acknowledged but is not recorded: {round}"
        );
    }
    // The display takes what node 0 sent before it died, until node 0's connection is closed,
    // then resumes on node 1 after the last event it has: no gap, nothing twice.
    loop {
        match display.poll(Duration::from_secs(10)) {
            Ok(Some(_)) => {}
            Err(()) => break,
            Ok(None) => panic!("node 0 is dead, yet its connection stays open"),
        }
    }
    let resumed_after = display.last_seq;
    let mut resumed = Display::connect(nodes[1].address, &id, resumed_after);
    let last = last_seq(&nodes[1], &id);
    assert!(last >= head + acknowledged.len() as u64);
    follow_to(&mut resumed, last, 1);
    // And the log goes on through the node that is left.
    let free = (1..=boards)
        .find(|b| !recorded.contains(b))
        .expect("a board left");
    let r = nodes[1].chief("PUT", &result_path(&id, free), json!({ "result": "1-0" }));
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(next_event(&mut resumed)["seq"].as_u64(), Some(last + 1));
}

/// `swiss backup` and `swiss restore` move a log from sled to PostgreSQL and back through the
/// command line: the same tournament answers the same way on either store.
#[test]
fn backup_and_restore_move_a_log_between_sled_and_postgres() {
    use crate::support::{run, stderr};
    let pg = postgres();
    let url = pg.create_database("restored").unwrap();
    let mut sled = Server::start();
    let id = sled.create_tournament("Moved Open", "dutch-2026", 5);
    sled.register_players(&id, 12, |i| 2000 + i);
    sled.publish_proposal(&id);
    let round = sled.public(&format!("/api/tournaments/{id}/rounds/1")).body;
    let standings = sled
        .public(&format!("/api/tournaments/{id}/standings"))
        .body;
    sled.kill();
    let dir = tempfile::tempdir().unwrap();
    let backup = dir.path().join("log.jsonl");
    let data = sled.data_dir().display().to_string();
    let backup_arg = backup.display().to_string();
    let o = run(&["backup", "--data-dir", &data, "-o", &backup_arg]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&[
        "restore",
        "--store",
        "postgres",
        "--database-url",
        &url,
        &backup_arg,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("events into postgres://"),
        "{}",
        stderr(&o)
    );
    // Into a store that is not empty: refused, nothing written.
    let o = run(&[
        "restore",
        "--store",
        "postgres",
        "--database-url",
        &url,
        &backup_arg,
    ]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(stderr(&o).contains("not empty"), "{}", stderr(&o));
    let node = Server::start_node(&url, Some(sled.chief.clone()));
    assert_eq!(
        node.public(&format!("/api/tournaments/{id}/rounds/1")).body,
        round
    );
    assert_eq!(
        node.public(&format!("/api/tournaments/{id}/standings"))
            .body,
        standings
    );
    // And back: PostgreSQL's backup is the same file, which restores into a new sled store.
    let again = dir.path().join("again.jsonl");
    let again_arg = again.display().to_string();
    let o = run(&[
        "backup",
        "--store",
        "postgres",
        "--database-url",
        &url,
        "-o",
        &again_arg,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read(&again).unwrap(),
        std::fs::read(&backup).unwrap()
    );
    let fresh = dir.path().join("fresh");
    let o = run(&[
        "restore",
        "--data-dir",
        &fresh.display().to_string(),
        &again_arg,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A damaged backup is refused with its line.
    let damaged = dir.path().join("damaged.jsonl");
    std::fs::write(&damaged, "{\"not\": \"an event\"}\n").unwrap();
    let o = run(&[
        "restore",
        "--data-dir",
        &dir.path().join("other").display().to_string(),
        &damaged.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
}
