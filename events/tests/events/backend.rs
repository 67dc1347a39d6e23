//! The storage seam's contract, written against the trait: every backend runs this suite
//! (sled, embedded, and PostgreSQL, shared, on a throwaway server of the test's own). Each
//! function opens the backend in a directory through `open`, which may be called again on the
//! same directory after the first is dropped (to check what a flush made durable); for
//! PostgreSQL a directory names a database.

use events::testing::backend::postgres::Postgres;
use events::testing::backend::{Backend, Change, Inserted, Key, KeyUse, Space};
use events::testing::ThrowawayPostgres;
use events::testing::TournamentId;
use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

type Open<'a> = &'a dyn Fn(&Path) -> Box<dyn Backend>;

fn key<'a>(key: &'a str, fingerprint: &'a [u8]) -> Option<Key<'a>> {
    Some(Key { key, fingerprint })
}

fn t(n: u8) -> TournamentId {
    TournamentId(uuid::Uuid::from_bytes([n; 16]))
}

/// Records come back in sequence order, after the sequence asked for, per tournament.
fn ordered_append_and_range_reads(open: Open) {
    let dir = tempfile::tempdir().unwrap();
    let b = open(dir.path());
    assert!(b.is_empty().unwrap());
    for seq in 1..=5u64 {
        let record = format!("a{seq}");
        assert!(matches!(
            b.insert(t(1), seq, None, record.as_bytes()).unwrap(),
            Inserted::Done { .. }
        ));
    }
    assert!(matches!(
        b.insert(t(2), 1, None, b"b1").unwrap(),
        Inserted::Done { .. }
    ));
    b.flush().unwrap();
    assert!(!b.is_empty().unwrap());
    let all: Vec<(u64, Vec<u8>)> = b.read(t(1), 0).unwrap();
    assert_eq!(all.len(), 5);
    assert!(all
        .iter()
        .enumerate()
        .all(|(i, (s, r))| *s == i as u64 + 1 && r == format!("a{}", i + 1).as_bytes()));
    let after: Vec<u64> = b.read(t(1), 3).unwrap().iter().map(|x| x.0).collect();
    assert_eq!(after, vec![4, 5]);
    assert!(b.read(t(1), 5).unwrap().is_empty());
    assert_eq!(b.read(t(2), 0).unwrap(), vec![(1, b"b1".to_vec())]);
    assert!(b.read(t(3), 0).unwrap().is_empty());
    assert_eq!(b.tournaments().unwrap(), vec![t(1), t(2)]);
}

/// A sequence is written once: a second record for it is refused and changes nothing.
fn a_taken_sequence_is_refused(open: Open) {
    let dir = tempfile::tempdir().unwrap();
    let b = open(dir.path());
    assert!(matches!(
        b.insert(t(1), 1, None, b"first").unwrap(),
        Inserted::Done { .. }
    ));
    assert_eq!(
        b.insert(t(1), 1, None, b"second").unwrap(),
        Inserted::SequenceTaken
    );
    assert_eq!(
        b.insert(t(1), 1, key("k", b"f"), b"third").unwrap(),
        Inserted::SequenceTaken
    );
    b.flush().unwrap();
    assert_eq!(b.read(t(1), 0).unwrap(), vec![(1, b"first".to_vec())]);
    assert_eq!(
        b.key_use(t(1), "k").unwrap(),
        None,
        "nothing of the refused insert"
    );
}

/// An idempotency key is recorded with its event and its request's fingerprint, once per
/// tournament: a second insert with the key is refused naming the first use, and writes
/// nothing.
fn idempotency_keys_are_insert_if_absent(open: Open) {
    let dir = tempfile::tempdir().unwrap();
    let b = open(dir.path());
    assert!(matches!(
        b.insert(t(1), 1, key("tablet-3", b"fp1"), b"r1").unwrap(),
        Inserted::Done { .. }
    ));
    let first = KeyUse {
        seq: 1,
        fingerprint: b"fp1".to_vec(),
    };
    b.flush().unwrap();
    assert_eq!(b.key_use(t(1), "tablet-3").unwrap(), Some(first.clone()));
    assert_eq!(
        b.insert(t(1), 2, key("tablet-3", b"fp2"), b"r2").unwrap(),
        Inserted::KeyTaken(first)
    );
    b.flush().unwrap();
    assert_eq!(
        b.read(t(1), 1).unwrap(),
        vec![],
        "the second was not written"
    );
    // Keys belong to their tournament.
    assert!(matches!(
        b.insert(t(2), 1, key("tablet-3", b""), b"x").unwrap(),
        Inserted::Done { .. }
    ));
    b.flush().unwrap();
    assert_eq!(b.key_use(t(2), "tablet-3").unwrap().map(|u| u.seq), Some(1));
    assert_eq!(b.key_use(t(1), "other").unwrap(), None);
}

/// What was flushed is there after the backend is opened again.
fn a_flush_makes_records_durable(open: Open) {
    let dir = tempfile::tempdir().unwrap();
    {
        let b = open(dir.path());
        let Inserted::Done { batch } = b.insert(t(1), 1, key("k", b"fp"), b"one").unwrap() else {
            panic!("not written")
        };
        b.insert(t(1), 2, None, b"two").unwrap();
        b.map_put(Space::Accounts, b"chief", b"{}").unwrap();
        let durable = b.flush().unwrap();
        assert!(
            durable >= batch,
            "the flush answers the batch of the insert before it"
        );
        // A later insert joins a later batch, which the next flush answers.
        let Inserted::Done { batch: later } = b.insert(t(1), 3, None, b"three").unwrap() else {
            panic!("not written")
        };
        assert!(later > durable);
        assert!(b.flush().unwrap() >= later);
    }
    let b = open(dir.path());
    assert_eq!(
        b.read(t(1), 0).unwrap(),
        vec![
            (1, b"one".to_vec()),
            (2, b"two".to_vec()),
            (3, b"three".to_vec())
        ]
    );
    assert_eq!(b.key_use(t(1), "k").unwrap().map(|u| u.seq), Some(1));
    assert_eq!(
        b.map_get(Space::Accounts, b"chief").unwrap(),
        Some(b"{}".to_vec())
    );
}

/// The two maps: put answers the value replaced; entries come by key; each map is its own.
fn the_maps_beside_the_log(open: Open) {
    let dir = tempfile::tempdir().unwrap();
    let b = open(dir.path());
    assert_eq!(b.map_put(Space::Accounts, b"b", b"1").unwrap(), None);
    assert_eq!(b.map_put(Space::Accounts, b"a", b"2").unwrap(), None);
    assert_eq!(
        b.map_put(Space::Accounts, b"b", b"3").unwrap(),
        Some(b"1".to_vec())
    );
    assert_eq!(b.map_get(Space::Tokens, b"b").unwrap(), None);
    assert_eq!(
        b.map_entries(Space::Accounts).unwrap(),
        vec![
            (b"a".to_vec(), b"2".to_vec()),
            (b"b".to_vec(), b"3".to_vec())
        ]
    );
    b.map_remove(Space::Accounts, b"a").unwrap();
    assert_eq!(b.map_get(Space::Accounts, b"a").unwrap(), None);
    assert!(b.map_entries(Space::Tokens).unwrap().is_empty());
    // Insert-if-absent: the first value stays, and the second learns it.
    assert_eq!(b.map_insert(Space::Creations, b"k", b"1").unwrap(), None);
    assert_eq!(
        b.map_insert(Space::Creations, b"k", b"2").unwrap(),
        Some(b"1".to_vec())
    );
    assert_eq!(
        b.map_get(Space::Creations, b"k").unwrap(),
        Some(b"1".to_vec())
    );
}

/// The whole contract, for one backend.
pub fn suite(open: Open) {
    ordered_append_and_range_reads(open);
    a_taken_sequence_is_refused(open);
    idempotency_keys_are_insert_if_absent(open);
    a_flush_makes_records_durable(open);
    the_maps_beside_the_log(open);
}

#[test]
fn sled_keeps_the_storage_contract() {
    suite(&|dir| Box::new(events::testing::backend::sled::Sled::open(dir).unwrap()));
}

/// A database per directory the suite opens, on one throwaway server.
fn database_for(pg: &ThrowawayPostgres, made: &Mutex<HashSet<String>>, dir: &Path) -> String {
    let name: String = dir
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let name = format!("suite_{name}");
    if made.lock().unwrap().insert(name.clone()) {
        pg.create_database(&name).unwrap();
    }
    pg.url(&name)
}

#[test]
fn postgres_keeps_the_storage_contract() {
    let pg = ThrowawayPostgres::start().unwrap_or_else(|e| panic!("{e}"));
    let made = Mutex::new(HashSet::new());
    suite(&|dir| Box::new(Postgres::open(&database_for(&pg, &made, dir)).unwrap()));
}

/// Two processes on one database (two backends here): a sequence is written once whoever
/// writes it, an insert waits for the other's open batch and then finds the sequence taken,
/// nothing is visible to the other before the commit, and the commit wakes the other up.
#[test]
fn postgres_two_writers_share_one_log() {
    let pg = ThrowawayPostgres::start().unwrap_or_else(|e| panic!("{e}"));
    let url = pg.create_database("shared").unwrap();
    let a = Postgres::open(&url).unwrap();
    let b = std::sync::Arc::new(Postgres::open(&url).unwrap());
    // The wake-ups of the listener's (re)connection.
    let _ = b.changes(Duration::from_millis(200));
    assert!(matches!(
        a.insert(t(1), 1, None, b"a1").unwrap(),
        Inserted::Done { .. }
    ));
    assert!(b.read(t(1), 0).unwrap().is_empty(), "not before the commit");
    let other = b.clone();
    let racing = std::thread::spawn(move || other.insert(t(1), 1, None, b"b1").unwrap());
    // b's insert waits on a's open batch: the database shows it waiting on a lock.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let waiting = "SELECT count(*) FROM pg_stat_activity WHERE datname = 'shared' AND wait_event_type = 'Lock'";
    while pg.sql("shared", waiting).unwrap().trim() == "0" {
        assert!(
            std::time::Instant::now() < deadline && !racing.is_finished(),
            "b's insert never waited on a's open batch"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!racing.is_finished(), "b waits for a's open batch");
    a.flush().unwrap();
    assert_eq!(racing.join().unwrap(), Inserted::SequenceTaken);
    b.flush().unwrap();
    assert_eq!(b.read(t(1), 0).unwrap(), vec![(1, b"a1".to_vec())]);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let mut woken = Vec::new();
    while !woken.contains(&Change::Event {
        tournament: t(1),
        seq: 1,
    }) {
        assert!(
            std::time::Instant::now() < deadline,
            "no wake-up: {woken:?}"
        );
        woken.extend(b.changes(Duration::from_millis(200)));
    }
    // b writes the next event.
    assert!(matches!(
        b.insert(t(1), 2, None, b"b2").unwrap(),
        Inserted::Done { .. }
    ));
    b.flush().unwrap();
    assert_eq!(a.read(t(1), 1).unwrap(), vec![(2, b"b2".to_vec())]);
    // Accounts written by one wake the other.
    a.map_put(Space::Accounts, b"x", b"{}").unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let mut woken = Vec::new();
    while !woken.contains(&Change::Accounts) {
        assert!(
            std::time::Instant::now() < deadline,
            "no wake-up: {woken:?}"
        );
        woken.extend(b.changes(Duration::from_millis(200)));
    }
}

/// A second server started on the same database finds the schema migrated and migrates
/// nothing again; a schema newer than the build is refused by name.
#[test]
fn postgres_schema_is_migrated_once_and_versioned() {
    let pg = ThrowawayPostgres::start().unwrap_or_else(|e| panic!("{e}"));
    let url = pg.create_database("migrated").unwrap();
    let opened: Vec<_> = (0..3)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || Postgres::open(&url).map(|_| ()))
        })
        .collect();
    for o in opened {
        o.join().unwrap().unwrap();
    }
    let versions = pg
        .sql(
            "migrated",
            "SELECT string_agg(version::text, ',') FROM swiss_migrations",
        )
        .unwrap();
    let expected: Vec<String> = events::testing::backend::postgres::MIGRATIONS
        .iter()
        .map(|m| m.0.to_string())
        .collect();
    assert_eq!(versions.trim(), expected.join(","));
    pg.sql(
        "migrated",
        "INSERT INTO swiss_migrations (version, name) VALUES (999, 'from the future')",
    )
    .unwrap();
    let Err(e) = Postgres::open(&url) else {
        panic!("a newer schema was accepted")
    };
    assert!(e.to_string().contains("version 999"), "{e}");
}

/// The store itself runs over any backend: a log written through `Store::with_backend`
/// replays from what the backend holds.
#[test]
fn the_store_runs_over_the_trait() {
    let dir = tempfile::tempdir().unwrap();
    let backend = events::testing::backend::sled::Sled::open(dir.path()).unwrap();
    let store = events::testing::Store::with_backend(Box::new(backend));
    let (id, _) = store
        .create(
            "chief",
            events::testing::Event::TournamentCreated {
                name: "Seam".into(),
                settings: events::testing::schema::SettingsV1 {
                    system: events::testing::schema::SystemV1::Dutch1992,
                    rounds: 5,
                    initial_color: events::testing::schema::ColorV1::White,
                    points: None,
                    tiebreaks: Vec::new(),
                    lot_seed: 0,
                    initial_color_by_lot: false,
                    acceleration: Default::default(),
                    numbering: Default::default(),
                },
                details: Default::default(),
            },
        )
        .unwrap();
    assert_eq!(store.tournaments().unwrap(), vec![id]);
    assert_eq!(store.state(id).unwrap().name(), "Seam");
}
