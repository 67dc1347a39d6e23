//! A writer killed with SIGKILL in the middle of a load, many times over: every acknowledged
//! event is there after the restart, no reader was ever shown an event the crash then lost,
//! and the database opens and replays cleanly.
//!
//! Eight kills by default; `CRASH_ROUNDS=100 cargo test --release -p events --test events
//! crash -- --nocapture` runs a hundred and prints what was acknowledged and seen.

use events::testing::{Store, TournamentId};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[test]
fn every_acknowledged_event_survives_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let mut acked: HashMap<TournamentId, u64> = HashMap::new();
    let mut seen: HashMap<TournamentId, u64> = HashMap::new();
    let rounds: u64 = std::env::var("CRASH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    let (mut acks, mut sights) = (0u64, 0u64);
    for round in 0..rounds {
        let mut child = Command::new(env!("CARGO_BIN_EXE_events-writer"))
            .arg(dir.path())
            .arg("4")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let lines = Arc::new(Mutex::new(Vec::new()));
        let reader = {
            let out = child.stdout.take().unwrap();
            let lines = lines.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(out).lines().map_while(Result::ok) {
                    lines.lock().unwrap().push(line);
                }
            })
        };
        // Let it get going, then kill it at a different moment each time.
        let start = Instant::now();
        while lines.lock().unwrap().len() < 20 && start.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(20 + 37 * (round % 16)));
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        let lines = lines.lock().unwrap();
        assert!(
            lines.len() >= 20,
            "the writer acknowledged events before it was killed"
        );
        for line in lines.iter() {
            let mut parts = line.split(' ');
            let (Some(kind), Some(t), Some(seq)) = (parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            let (Ok(t), Ok(seq)) = (t.parse(), seq.parse::<u64>()) else {
                continue; // the last line, cut by the kill
            };
            let t = TournamentId(t);
            let best = match kind {
                "ack" => {
                    acks += 1;
                    acked.entry(t).or_default()
                }
                "seen" => {
                    sights += 1;
                    seen.entry(t).or_default()
                }
                _ => continue,
            };
            *best = (*best).max(seq);
        }
        // Restart: the store opens, every tournament replays, every acknowledged event is there.
        let store = Store::open(dir.path()).expect("the database opens cleanly after SIGKILL");
        let promised = acked.iter().map(|(t, seq)| (t, seq, "acknowledged"));
        for (t, seq, how) in
            promised.chain(seen.iter().map(|(t, seq)| (t, seq, "seen by a reader")))
        {
            let log = store.read(*t, 0).unwrap();
            assert!(
                log.len() as u64 >= *seq,
                "tournament {t}: event {seq} {how}, the crash left {}",
                log.len()
            );
            assert_eq!(
                log.iter().map(|e| e.seq).collect::<Vec<_>>(),
                (1..=log.len() as u64).collect::<Vec<_>>()
            );
            store.state(*t).expect("replays");
        }
    }
    println!(
        "{rounds} kills: {acks} acknowledgements and {sights} readings of {} tournaments; none lost",
        acked.len()
    );
    assert!(acked.len() >= 8, "several tournaments were written");
    assert!(sights > 0, "the readers read");
}
