//! The faults of a real venue. A full disk: writes are refused in words (507, health degraded
//! with the reason), and taken again without a restart once space returns, with every
//! acknowledged write there once and nothing else.

use crate::support::Server;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A small disk of its own (a tmpfs of `megabytes`) mounted on a temporary directory, and
/// unmounted when dropped; `None`, said plainly, where this process may not mount one (a
/// mount needs root).
struct SmallDisk {
    path: PathBuf,
}

impl SmallDisk {
    fn mount(dir: &Path, megabytes: u32) -> Option<SmallDisk> {
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}M"), "tmpfs"])
            .arg(dir)
            .status();
        if status.is_ok_and(|s| s.success()) {
            Some(SmallDisk {
                path: dir.to_path_buf(),
            })
        } else {
            eprintln!(
                "NOTE: a small disk could not be mounted (mount -t tmpfs needs root): this check of a full disk did not run"
            );
            None
        }
    }

    /// Gives the disk `megabytes` in all, as freeing space on it would.
    fn grow(&self, megabytes: u32) {
        let status = Command::new("mount")
            .args(["-o", &format!("remount,size={megabytes}M")])
            .arg(&self.path)
            .status()
            .unwrap();
        assert!(status.success(), "remount");
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.path).status();
        let _ = std::fs::remove_dir(&self.path);
    }
}

#[test]
fn a_full_disk_refuses_writes_in_words_and_the_server_recovers_when_space_returns() {
    let data = tempfile::tempdir().unwrap();
    let Some(disk) = SmallDisk::mount(data.path(), 3) else {
        return;
    };
    let mut server = Server::start_in(data);
    let id = server.create_tournament("Full disk open", "dutch-2026", 7);
    let register = |server: &Server, name: &str| {
        server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": name, "rating": 1800 }),
        )
    };
    // Registrations until the disk is full: each acknowledged one is remembered.
    let mut acknowledged: Vec<String> = Vec::new();
    let refused = loop {
        assert!(acknowledged.len() < 50_000, "the disk never filled");
        let name = format!("Player{:05},{}", acknowledged.len(), "Long".repeat(15));
        let r = register(&server, &name);
        if r.status != 201 {
            break r;
        }
        acknowledged.push(name);
    };
    eprintln!(
        "full disk: {} registrations acknowledged before the disk was full",
        acknowledged.len()
    );
    assert!(!acknowledged.is_empty(), "the disk was full from the start");
    assert_eq!(refused.status, 507, "{}", refused.body);
    let error = refused.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.contains("disk") && error.contains("full") && error.contains("nothing was written"),
        "{error}"
    );
    for debug in ["Os {", "kind:", "StorageFull", "Error"] {
        assert!(!error.contains(debug), "Rust's words on the wire: {error}");
    }
    // Health says so, with the reason.
    let health = server.public("/api/health").json();
    assert_eq!(health["status"], "degraded", "{health}");
    assert!(
        health["store"]["problem"]
            .as_str()
            .is_some_and(|p| p.contains("full")),
        "{health}"
    );
    // Still full: refused again, in the same words.
    let again = register(&server, "Still,Full");
    assert_eq!(again.status, 507, "{}", again.body);

    // Space returns: writes are taken again, with no restart.
    disk.grow(512);
    let after = register(&server, "After,Space");
    assert_eq!(after.status, 201, "{}", after.body);
    acknowledged.push("After,Space".into());
    let health = server.public("/api/health").json();
    assert_eq!(health["status"], "ok", "{health}");

    // Every acknowledged registration there once, and nothing else; the same after a restart.
    let names = |server: &Server| -> Vec<String> {
        let players = server
            .public(&format!("/api/tournaments/{id}/players"))
            .json();
        players
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&server), acknowledged);
    server = server.restart();
    assert_eq!(names(&server), acknowledged);
    drop(server);
    drop(disk);
}

/// The boards of round `round` and the result each is given here: White wins on odd boards,
/// draws on even ones (the same slips entered again on the other laptop).
fn enter_results(server: &Server, id: &str, round: u32) {
    let r = server.public(&format!("/api/tournaments/{id}/rounds/{round}"));
    let boards = r.json()["total_boards"].as_u64().unwrap();
    for board in 1..=boards {
        let result = if board % 2 == 1 { "1-0" } else { "1/2-1/2" };
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/{round}/boards/{board}/result"),
            json!({ "result": result }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
}

/// The copy folder: a round published, the laptop lost (its data directory gone), the event
/// restored on another machine from the copy (`swiss restore`), its results entered again from
/// the slips, and the next round paired as the lost laptop would have paired it. A folder that
/// disappears (the stick pulled) is a warning in health, never a failed write.
#[test]
fn a_copy_folder_moves_an_event_to_another_laptop_mid_event() {
    let copies = tempfile::tempdir().unwrap();
    let copies_dir = copies.path().to_str().unwrap().to_string();
    let server = Server::start_with_env(&[("SWISS_COPIES_DIR", &copies_dir)]);
    let id = server.create_tournament("Laptop open", "dutch-2026", 5);
    for i in 0..11u32 {
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": format!("Player,{i:02}"), "rating": 2400 - 37 * i }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    server.publish_proposal(&id);
    enter_results(&server, &id, 1);
    server.publish_proposal(&id);
    // Round 2 published: the copy holds the store and round 2's TRF.
    let backup = copies.path().join("swiss-backup.jsonl");
    assert!(backup.is_file(), "no backup in the copy folder");
    assert!(copies.path().join(format!("{id}-round-2.trf")).is_file());
    assert_eq!(server.public("/api/health").json()["status"], "ok");
    enter_results(&server, &id, 2);
    let (expected, _) = server.proposal(&id);

    // The laptop is lost: its data directory goes with it.
    let lost = server.data_dir().to_path_buf();
    drop(server);
    assert!(!lost.exists(), "the data directory went with the laptop");

    // Another machine: the copy restored into an empty store, the server started on it.
    let other = tempfile::tempdir().unwrap();
    let out = crate::support::run(&[
        "restore",
        "--data-dir",
        other.path().to_str().unwrap(),
        backup.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let server = Server::start_in(other);
    // Round 2 was published when the copy was made; its results come from the slips again.
    enter_results(&server, &id, 2);
    let (paired, _) = server.proposal(&id);
    assert_eq!(
        paired["pairs"], expected["pairs"],
        "round 3 as the lost laptop paired it"
    );
    assert_eq!(paired["bye"], expected["bye"]);

    // The stick pulled: the next copy fails, the write does not.
    let server = {
        let pulled = copies.path().join("pulled");
        std::fs::create_dir(&pulled).unwrap();
        let data = tempfile::tempdir().unwrap();
        let out = crate::support::run(&[
            "restore",
            "--data-dir",
            data.path().to_str().unwrap(),
            backup.to_str().unwrap(),
        ]);
        assert!(out.status.success());
        drop(server);
        let server = Server::launch_in(data, &[("SWISS_COPIES_DIR", pulled.to_str().unwrap())]);
        std::fs::remove_dir(&pulled).unwrap();
        server
    };
    enter_results(&server, &id, 2);
    let (p, pairs) = server.proposal(&id);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        json!({ "round": p["round"], "pairs": pairs, "bye": p["bye"]["tpn"].as_u64().map(|t| json!({ "tpn": t })) }),
    );
    assert_eq!(r.status, 201, "the write stands: {}", r.body);
    let health = server.public("/api/health").json();
    assert_eq!(health["status"], "degraded", "{health}");
    assert!(
        health["copies"]["problem"]
            .as_str()
            .is_some_and(|p| p.contains("could not be written")),
        "{health}"
    );
}

/// PostgreSQL over a bad network, through three real servers and a hall display: a proxy of
/// the test's own between the servers and the database drops every connection, refuses new
/// ones, stalls and slows them, each fault twice. Every registration either succeeds once or
/// is refused in words (503); once the link returns, each refused one sent again with its
/// Idempotency-Key is taken; in the end every registration is there once, none twice, and the
/// display got every event in order. The figures are printed.
#[test]
fn postgres_under_a_bad_network_through_three_servers_and_a_display() {
    use events::testing::{Fault, Proxy, ThrowawayPostgres};
    let pg = ThrowawayPostgres::start().unwrap_or_else(|e| panic!("{e}"));
    pg.create_database("venue").unwrap();
    let proxy = Proxy::start(pg.port()).unwrap();
    let url = format!("postgres://postgres@127.0.0.1:{}/venue", proxy.port);
    let first = Server::start_node(&url, None);
    let chief = first.chief.clone();
    let nodes = [
        first,
        Server::start_node(&url, Some(chief.clone())),
        Server::start_node(&url, Some(chief)),
    ];
    let id = nodes[0].create_tournament("Network open", "dutch-2026", 7);
    let mut display = crate::support::Display::connect(nodes[2].address, &id, 0);
    let register = |node: &Server, n: u32| {
        node.request(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(&node.chief),
            &[("Idempotency-Key", &format!("player-{n}"))],
            Some(&json!({ "name": format!("Player,{n:03}"), "rating": 2000 }).to_string()),
        )
    };
    let (mut next, mut at_once, mut refused, mut on_retry) = (1u32, 0, 0, 0);
    let mut recoveries = Vec::new();
    for (round, fault) in [
        Fault::Refuse,
        Fault::Stall,
        Fault::Slow,
        Fault::Refuse,
        Fault::Stall,
        Fault::Slow,
    ]
    .into_iter()
    .enumerate()
    {
        if fault != Fault::Stall {
            proxy.drop_all();
        }
        proxy.set(fault);
        let mut failed = Vec::new();
        for k in 0..2 {
            let r = register(&nodes[(round + k) % 3], next);
            match r.status {
                201 => at_once += 1,
                503 => {
                    let error = r.json()["error"].as_str().unwrap().to_string();
                    for debug in ["Os {", "kind:", "Error {", "Error("] {
                        assert!(!error.contains(debug), "Rust's words: {error}");
                    }
                    refused += 1;
                    failed.push(next);
                }
                other => panic!("{fault:?}: {other} {}", r.body),
            }
            next += 1;
        }
        proxy.set(Fault::None);
        let back = Instant::now();
        let mut first_ok = None;
        for n in failed {
            let taken = (0..300).any(|attempt| {
                let r = register(&nodes[(n as usize + attempt) % 3], n);
                if matches!(r.status, 200 | 201) {
                    true
                } else {
                    std::thread::sleep(Duration::from_millis(50));
                    false
                }
            });
            assert!(
                taken,
                "registration {n} never taken after the link returned"
            );
            first_ok.get_or_insert(back.elapsed());
            on_retry += 1;
        }
        recoveries.push(format!(
            "{fault:?} {} ms",
            first_ok.unwrap_or_default().as_millis()
        ));
    }
    let players = (next - 1) as usize;
    // Every registration once, none twice, through whichever server.
    let list = nodes[1]
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    let mut names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), players, "every registration once");
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), players, "none twice");
    // The display has every event, in order (Display checks the order), up to the last.
    let last = nodes[0].public(&format!("/api/tournaments/{id}")).json()["last_seq"]
        .as_u64()
        .unwrap();
    // A display the server closed (its live follower could not read the database, or the
    // display fell behind) reconnects from the last event it has, as the hall display does.
    let (mut reconnects, until) = (0, Instant::now() + Duration::from_secs(60));
    while display.last_seq < last && Instant::now() < until {
        if display.poll(Duration::from_secs(1)).is_err() {
            let after = display.last_seq;
            display = crate::support::Display::connect(nodes[2].address, &id, after);
            reconnects += 1;
        }
    }
    assert_eq!(display.last_seq, last, "the display got every event");
    eprintln!(
        "postgres faults through 3 servers: {players} registrations, {at_once} taken at once, {refused} refused in words (503) and taken on retry ({on_retry}); lost 0, duplicated 0; the display got all {last} events in order ({reconnects} reconnections); first write after the link returned: {}",
        recoveries.join(", ")
    );
}
