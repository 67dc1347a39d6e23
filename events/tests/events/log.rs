//! Appending: checks against the state, idempotency, conflicts, optimistic concurrency, and
//! subscriptions. Over 800 lines because it is one contract (what an append may do, and when
//! it is durable and seen), kept in one file until the events crate is cut by resource.

use crate::support::*;
use events::schema::*;
use events::{Append, Appended, Rejection, StoreError, SubscriptionEnd};
use std::time::Duration;

#[test]
fn sequences_start_at_one_and_have_no_gaps() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 9);
    let all = store.read(t, 0).unwrap();
    assert_eq!(
        all.iter().map(|e| e.seq).collect::<Vec<_>>(),
        (1..=10).collect::<Vec<_>>()
    );
    assert!(all
        .iter()
        .all(|e| e.tournament == t && e.actor == "chief" && e.schema == 1));
    assert_eq!(store.read(t, 7).unwrap().len(), 3);
}

#[test]
fn refused_events_write_nothing() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 4);
    let head = store.state(t).unwrap().last_seq();
    let refuse = |event: Event, reason: Option<&str>| {
        let mut a = Append::new(t, "chief", event);
        a.reason = reason.map(str::to_string);
        match store.append(a) {
            Err(StoreError::Rejected(r)) => r,
            other => panic!("expected a rejection, got {other:?}"),
        }
    };
    // A result for a round not yet published.
    let r = refuse(
        Event::ResultRecorded {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Win)],
        },
        None,
    );
    assert_eq!(r, Rejection::RoundNotPublished(1));
    // A second registration of a FIDE id.
    let mut dup = data(2);
    dup.name = "Someone,Else".into();
    let r = refuse(
        Event::PlayerRegistered {
            player: PlayerKey(5),
            data: dup,
        },
        None,
    );
    assert_eq!(r, Rejection::DuplicateFideId(1002));
    publish(&store, t);
    let head2 = store.state(t).unwrap().last_seq();
    assert_eq!(head2, head + 1);
    // A board that does not exist.
    let r = refuse(
        Event::ResultRecorded {
            round: 1,
            board: 9,
            games: vec![game(ScoreV1::Win)],
        },
        None,
    );
    assert_eq!(r, Rejection::NoSuchBoard { round: 1, board: 9 });
    // A correction without a reason, and one of a result never recorded.
    let r = refuse(
        Event::ResultCorrected {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Win)],
            colors_swapped: false,
        },
        None,
    );
    assert_eq!(r, Rejection::ReasonRequired);
    let r = refuse(
        Event::ResultCorrected {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Win)],
            colors_swapped: false,
        },
        Some("typo"),
    );
    assert_eq!(r, Rejection::NothingToCorrect { round: 1, board: 1 });
    // A result with two games in a one-game system; an impossible result.
    let r = refuse(
        Event::ResultRecorded {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Win); 2],
        },
        None,
    );
    assert!(matches!(r, Rejection::InvalidResult(_)), "{r:?}");
    let two_winners = GameResultV1 {
        mode: ModeV1::Played,
        white: ScoreV1::Win,
        black: ScoreV1::Win,
    };
    let r = refuse(
        Event::ResultRecorded {
            round: 1,
            board: 1,
            games: vec![two_winners],
        },
        None,
    );
    assert!(matches!(r, Rejection::InvalidResult(_)), "{r:?}");
    // Publishing round 2 before round 1's results are in; a bye for a published round.
    let r = refuse(
        Event::RoundPublished {
            round: 2,
            system: SystemV1::Dutch1992,
            engine_version: "x".into(),
            pairs: vec![],
            bye: None,
            manual_changes: vec![],
            pairing_numbers: vec![],
        },
        None,
    );
    assert_eq!(r, Rejection::ResultsMissing(1));
    let r = refuse(
        Event::ByeRequested {
            player: PlayerKey(1),
            round: 1,
            kind: RequestedByeV1::Half,
        },
        None,
    );
    assert_eq!(r, Rejection::RoundAlreadyPublished(1));
    assert_eq!(
        store.state(t).unwrap().last_seq(),
        head2,
        "nothing was written"
    );
    assert_eq!(store.read(t, 0).unwrap().len() as u64, head2);
}

#[test]
fn result_for_a_withdrawn_player_is_refused() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 4);
    publish(&store, t);
    play(&store, t, 1);
    let tpn1 = store
        .state(t)
        .unwrap()
        .key_of(engine::Tpn::new(1).unwrap())
        .unwrap();
    append(
        &store,
        t,
        Event::PlayerWithdrawn {
            player: tpn1,
            from_round: 2,
        },
    );
    // Publishing a pairing that includes the withdrawn player is refused.
    let e = store.append(Append::new(
        t,
        "chief",
        Event::RoundPublished {
            round: 2,
            system: SystemV1::Dutch1992,
            engine_version: "x".into(),
            pairs: vec![PairV1 {
                white: tpn1,
                black: PlayerKey(2),
            }],
            bye: None,
            manual_changes: vec![],
            pairing_numbers: vec![],
        },
    ));
    assert!(
        matches!(e, Err(StoreError::Rejected(Rejection::InvalidPairing(_)))),
        "{e:?}"
    );
}

#[test]
fn conflicting_results_are_refused_identical_ones_answered_with_the_first() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 4);
    publish(&store, t);
    let first = append(
        &store,
        t,
        Event::ResultRecorded {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Win)],
        },
    );
    let Appended::New(first) = first else {
        panic!("new")
    };
    // Another arbiter enters the same result: nothing new, the first event is the answer.
    let again = store
        .append(Append::new(
            t,
            "arbiter2",
            Event::ResultRecorded {
                round: 1,
                board: 1,
                games: vec![game(ScoreV1::Win)],
            },
        ))
        .unwrap();
    assert_eq!(again, Appended::Existing(first.clone()));
    // A different result: a conflict that names what is recorded.
    let e = store.append(Append::new(
        t,
        "arbiter2",
        Event::ResultRecorded {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Draw)],
        },
    ));
    match e {
        Err(StoreError::Rejected(Rejection::ResultConflict { recorded, .. })) => {
            assert_eq!(recorded, vec![game(ScoreV1::Win)])
        }
        other => panic!("{other:?}"),
    }
    // An explicit correction with a reason goes through.
    let mut c = Append::new(
        t,
        "chief",
        Event::ResultCorrected {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Draw)],
            colors_swapped: false,
        },
    );
    c.reason = Some("scoresheet signed as a draw".into());
    let c = store.append(c).unwrap();
    assert_eq!(
        c.envelope().reason.as_deref(),
        Some("scoresheet signed as a draw")
    );
    assert_eq!(
        store.state(t).unwrap().rounds()[0].results[0]
            .as_ref()
            .unwrap()
            .0,
        vec![game(ScoreV1::Draw)]
    );
}

#[test]
fn a_retry_with_the_same_idempotency_key_is_applied_once() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 4);
    publish(&store, t);
    let request = || {
        let mut a = Append::new(
            t,
            "arbiter1",
            Event::ResultRecorded {
                round: 1,
                board: 2,
                games: vec![game(ScoreV1::Loss)],
            },
        );
        a.idempotency_key = Some("client-42-board-2".into());
        a
    };
    let first = store.append(request()).unwrap();
    let second = store.append(request()).unwrap();
    assert!(matches!(first, Appended::New(_)));
    assert_eq!(second, Appended::Existing(first.envelope().clone()));
    assert_eq!(
        store
            .read(t, 0)
            .unwrap()
            .iter()
            .filter(|e| matches!(e.event, Event::ResultRecorded { .. }))
            .count(),
        1
    );
}

#[test]
fn optimistic_concurrency_refuses_a_stale_sequence() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    let mut a = Append::new(
        t,
        "chief",
        Event::PlayerRegistered {
            player: PlayerKey(1),
            data: data(1),
        },
    );
    a.expected_seq = Some(1);
    store.append(a).unwrap();
    let mut b = Append::new(
        t,
        "chief",
        Event::PlayerRegistered {
            player: PlayerKey(2),
            data: data(2),
        },
    );
    b.expected_seq = Some(1);
    assert!(matches!(
        store.append(b),
        Err(StoreError::StaleSequence {
            expected: 1,
            actual: 2
        })
    ));
}

#[test]
fn unpublishing_only_while_no_result_is_in() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 4);
    // Nothing published yet: round 0, round 1 and the largest round number are all refused.
    for round in [0, 1, u16::MAX] {
        let e = store.append(Append::new(t, "chief", Event::RoundUnpublished { round }));
        assert!(
            matches!(e, Err(StoreError::Rejected(Rejection::CannotUnpublish(..)))),
            "{round}: {e:?}"
        );
    }
    append(
        &store,
        t,
        Event::ByeRequested {
            player: PlayerKey(4),
            round: 1,
            kind: RequestedByeV1::Half,
        },
    );
    publish(&store, t);
    append(&store, t, Event::RoundUnpublished { round: 1 });
    // The bye request is back in force for round 1.
    assert!(store
        .state(t)
        .unwrap()
        .tournament()
        .requested_byes
        .contains_key(&engine::RoundNo::FIRST));
    publish(&store, t);
    append(
        &store,
        t,
        Event::ResultRecorded {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Win)],
        },
    );
    let e = store.append(Append::new(
        t,
        "chief",
        Event::RoundUnpublished { round: 1 },
    ));
    assert!(
        matches!(
            e,
            Err(StoreError::Rejected(Rejection::CannotUnpublish(1, _)))
        ),
        "{e:?}"
    );
}

#[test]
fn subscribers_catch_up_then_follow_live_in_order() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 5);
    let mut sub = store.subscribe(t, 3).unwrap();
    register(&store, t, 2);
    let seqs: Vec<u64> = (0..5)
        .map(|_| sub.recv_timeout(Duration::from_secs(5)).unwrap().seq)
        .collect();
    assert_eq!(seqs, [4, 5, 6, 7, 8]);
    assert_eq!(
        sub.recv_timeout(Duration::from_millis(20)).unwrap_err(),
        SubscriptionEnd::Timeout
    );
    // From a new store on the same files (a restart), the whole history.
    drop(sub);
    let mut all = store.subscribe(t, 0).unwrap();
    assert_eq!(
        (0..8)
            .map(|_| all.try_recv().unwrap().seq)
            .collect::<Vec<_>>(),
        (1..=8).collect::<Vec<_>>()
    );
}

#[test]
fn a_subscriber_that_falls_behind_is_told_so() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 9);
    let mut sub = store.subscribe_with_buffer(t, 1, 16).unwrap();
    register(&store, t, 30);
    let mut got = 0;
    let end = loop {
        match sub.recv_timeout(Duration::from_secs(5)) {
            Ok(_) => got += 1,
            Err(e) => break e,
        }
    };
    assert_eq!(end, SubscriptionEnd::Lagged);
    assert_eq!(got, 16, "it got everything until the buffer was full");
}

#[test]
fn the_log_survives_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let t = {
        let store = events::Store::open(dir.path()).unwrap();
        let t = create(&store, SystemV1::Dubov, 7);
        register(&store, t, 6);
        publish(&store, t);
        play(&store, t, 1);
        t
    };
    let store = events::Store::open(dir.path()).unwrap();
    let state = store.state(t).unwrap();
    assert_eq!(state.players().len(), 6);
    assert_eq!(state.rounds().len(), 1);
    assert!(state.rounds()[0].results.iter().all(Option::is_some));
    assert_eq!(store.tournaments().unwrap(), vec![t]);
}

/// A store that is open (here, in this process; in life, another server on the same data
/// directory) is not opened twice: after a short wait for a store that is closing, the error
/// names the directory and the lock.
#[test]
fn a_store_in_use_is_refused_naming_its_directory() {
    let dir = tempfile::tempdir().unwrap();
    let _open = events::Store::open(dir.path()).unwrap();
    let Err(e) = events::Store::open(dir.path()) else {
        panic!("opened twice")
    };
    let text = e.to_string();
    assert!(
        text.contains(&dir.path().display().to_string()) && text.contains("lock"),
        "{text}"
    );
}

/// A request for a tournament that does not exist keeps nothing in memory: 10,000 unknown ids
/// asked for, by every read there is, leave no log behind (each used to keep an empty one).
#[test]
fn unknown_tournaments_cost_nothing_that_stays() {
    let (store, _dir) = crate::support::store();
    let known = crate::support::create(&store, events::schema::SystemV1::Dutch1992, 5);
    assert_eq!(store.logs_in_memory(), 1);
    for _ in 0..10_000 {
        let t = events::TournamentId::new();
        assert!(store.state(t).is_err());
        assert!(store.shared(t).is_err());
        assert!(store.durable_head(t).is_err());
        assert!(store.subscribe(t, 0).is_err());
        let refused = store.append(events::Append::new(t, "x", events::Event::TournamentClosed));
        assert!(matches!(
            refused,
            Err(events::StoreError::UnknownTournament(_))
        ));
    }
    assert_eq!(store.logs_in_memory(), 1);
    assert!(store.state(known).is_ok());
}

/// #18 item 9: the replayed logs kept in memory are bounded. Past `CACHED_LOGS` tournaments,
/// the least recently used idle ones are forgotten; one with a subscriber is kept; a forgotten
/// one replays to the same state on its next use and its sequence goes on where it stopped.
#[test]
fn the_logs_kept_in_memory_are_bounded_and_a_forgotten_one_replays_the_same() {
    let (store, _dir) = crate::support::store();
    let watched = create(&store, SystemV1::Dutch2026, 5);
    let mut sub = store.subscribe(watched, 0).unwrap();
    let first = create(&store, SystemV1::Dutch2026, 5);
    register(&store, first, 3);
    let before = store.state(first).unwrap();
    let count = events::store::CACHED_LOGS + 40;
    for _ in 0..count {
        create(&store, SystemV1::Dutch2026, 5);
    }
    assert!(
        store.logs_in_memory() <= events::store::CACHED_LOGS,
        "{} logs in memory",
        store.logs_in_memory()
    );
    // The first was forgotten and comes back as it was; its next event follows on.
    let again = store.state(first).unwrap();
    assert_eq!(again.last_seq(), before.last_seq());
    assert_eq!(again.players().len(), before.players().len());
    register(&store, first, 1);
    let after = store.read(first, 0).unwrap();
    assert_eq!(after.last().unwrap().seq, before.last_seq() + 1);
    assert_eq!(store.state(first).unwrap().players().len(), 4);
    // The watched one kept its subscriber, which still gets its events.
    let e = append(&store, watched, Event::TournamentClosed);
    let mut got = Vec::new();
    while let Ok(x) = sub.recv_timeout(Duration::from_secs(2)) {
        got.push(x.seq);
    }
    assert_eq!(got, (1..=e.envelope().seq).collect::<Vec<_>>());
}

/// A backend whose flushes wait until the test lets them through: a write is then written but
/// not yet durable for as long as the test likes.
struct HeldFlush {
    inner: events::backend::sled::Sled,
    gate: std::sync::Mutex<std::sync::mpsc::Receiver<()>>,
    held: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl events::backend::Backend for HeldFlush {
    fn insert(
        &self,
        t: events::TournamentId,
        seq: u64,
        key: Option<events::backend::Key<'_>>,
        record: &[u8],
    ) -> Result<events::backend::Inserted, events::backend::BackendError> {
        self.inner.insert(t, seq, key, record)
    }
    fn key_use(
        &self,
        t: events::TournamentId,
        key: &str,
    ) -> Result<Option<events::backend::KeyUse>, events::backend::BackendError> {
        self.inner.key_use(t, key)
    }
    fn read(
        &self,
        t: events::TournamentId,
        after: u64,
    ) -> Result<Vec<events::backend::Record>, events::backend::BackendError> {
        self.inner.read(t, after)
    }
    fn tournaments(&self) -> Result<Vec<events::TournamentId>, events::backend::BackendError> {
        self.inner.tournaments()
    }
    fn flush(&self) -> Result<u64, events::backend::FlushFailed> {
        if self.held.load(std::sync::atomic::Ordering::SeqCst) {
            // At most a few seconds, so that a failing test ends instead of hanging.
            let _ = self
                .gate
                .lock()
                .unwrap()
                .recv_timeout(std::time::Duration::from_secs(3));
        }
        self.inner.flush()
    }
    fn is_empty(&self) -> Result<bool, events::backend::BackendError> {
        self.inner.is_empty()
    }
    fn size_on_disk(&self) -> u64 {
        0
    }
    fn map_get(
        &self,
        space: events::backend::Space,
        key: &[u8],
    ) -> Result<Option<Vec<u8>>, events::backend::BackendError> {
        self.inner.map_get(space, key)
    }
    fn map_put(
        &self,
        space: events::backend::Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, events::backend::BackendError> {
        self.inner.map_put(space, key, value)
    }
    fn map_remove(
        &self,
        space: events::backend::Space,
        key: &[u8],
    ) -> Result<(), events::backend::BackendError> {
        self.inner.map_remove(space, key)
    }
    fn map_entries(
        &self,
        space: events::backend::Space,
    ) -> Result<Vec<events::backend::Entry>, events::backend::BackendError> {
        self.inner.map_entries(space)
    }
    fn map_insert(
        &self,
        space: events::backend::Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, events::backend::BackendError> {
        self.inner.map_insert(space, key, value)
    }
    fn location(&self) -> String {
        self.inner.location()
    }
    fn kind(&self) -> &'static str {
        self.inner.kind()
    }
}

/// Readers see only durable events: while a result is written but its flush has not finished
/// (a crash now would lose it), the state answers without it, and a conflicting entry is not
/// answered until the first is durable; once durable, both see it.
#[test]
fn readers_never_see_an_event_that_is_not_yet_durable() {
    use events::schema::*;
    let dir = tempfile::tempdir().unwrap();
    let (open, gate) = std::sync::mpsc::channel();
    let held = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let backend = HeldFlush {
        inner: events::backend::sled::Sled::open(dir.path()).unwrap(),
        gate: std::sync::Mutex::new(gate),
        held: held.clone(),
    };
    let store = events::Store::with_backend(Box::new(backend));
    let t = crate::support::create(&store, SystemV1::Dutch1992, 5);
    crate::support::register(&store, t, 4);
    crate::support::publish(&store, t);
    let before = store.state(t).unwrap().last_seq();
    held.store(true, std::sync::atomic::Ordering::SeqCst);
    let result = |games: ScoreV1| events::Event::ResultRecorded {
        round: 1,
        board: 1,
        games: vec![crate::support::game(games)],
    };
    std::thread::scope(|s| {
        let writer =
            s.spawn(|| store.append(events::Append::new(t, "arbiter", result(ScoreV1::Win))));
        // The event is written (the backend holds it; the state it is checked against has
        // it) but its flush waits: not durable.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while store.read(t, before).unwrap().is_empty() {
            assert!(
                std::time::Instant::now() < deadline,
                "the writer never wrote"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(
            store.state(t).unwrap().last_seq(),
            before,
            "a reader saw it early"
        );
        // The conflicting entry says when it is checked (under the log's lock); a read then
        // takes that lock after it, so its answer is decided: it must be waiting.
        let (checking, checked) = std::sync::mpsc::channel();
        let store = &store;
        let conflicting = s.spawn(move || {
            store.append_with(
                events::Append::new(t, "other", result(ScoreV1::Draw)),
                |_, _| {
                    let _ = checking.send(());
                },
            )
        });
        checked
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the conflicting entry is checked");
        assert_eq!(
            store.state(t).unwrap().last_seq(),
            before,
            "still not durable"
        );
        assert!(
            !conflicting.is_finished(),
            "the 409 came before the result it names was durable"
        );
        held.store(false, std::sync::atomic::Ordering::SeqCst);
        open.send(()).unwrap();
        let _ = open.send(());
        assert!(matches!(
            writer.join().unwrap(),
            Ok(events::Appended::New(_))
        ));
        assert!(matches!(
            conflicting.join().unwrap(),
            Err(events::StoreError::Rejected(
                events::Rejection::ResultConflict { .. }
            ))
        ));
    });
    assert_eq!(store.state(t).unwrap().last_seq(), before + 1);
}

/// The persisted names of the systems are forever: a log written before the 2026 Dutch existed
/// says "dutch" for the 1992 text and must still read so; the new system has a name of its own.
#[test]
fn system_names_in_the_log_keep_their_meaning() {
    let old: SystemV1 = serde_json::from_str("\"dutch\"").unwrap();
    assert_eq!(old, SystemV1::Dutch1992);
    assert_eq!(
        events::replay::to_engine_system(old),
        engine::System::Dutch1992
    );
    assert_eq!(
        serde_json::to_string(&SystemV1::Dutch2026).unwrap(),
        "\"dutch-2026\""
    );
    let new: SystemV1 = serde_json::from_str("\"dutch-2026\"").unwrap();
    assert_eq!(
        events::replay::to_engine_system(new),
        engine::System::Dutch2026
    );
}

/// A log written before the systems were named by edition (by commit 3a2b4b9's code, whose
/// schema is today's): `fixtures/dutch-1992-log.jsonl`, the backup of an 11-player tournament
/// created as "dutch" (a half-point bye requested, a withdrawal, a forfeit, a correction) with
/// three rounds paired by the engine, and beside it the round 4 that code paired from it
/// (`.expected`, as `swiss pair` writes a pairing). Restored today, it reads as the 1992-2006
/// text, its rounds are the ones published, its next round pairs exactly as before, and it is
/// exported byte for byte as it was written.
#[test]
fn a_log_written_before_editions_replays_exactly_as_before() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let log = std::fs::read(dir.join("dutch-1992-log.jsonl")).unwrap();
    let expected = std::fs::read_to_string(dir.join("dutch-1992-log.expected")).unwrap();
    let (store, _dir) = crate::support::store();
    let n = store.import(&mut log.as_slice()).unwrap();
    assert_eq!(n, log.iter().filter(|&&b| b == b'\n').count());
    let t = store.tournaments().unwrap()[0];
    let state = store.state(t).unwrap();
    let system = state.settings().unwrap().system;
    assert_eq!(system, SystemV1::Dutch1992);
    let engine_system = events::replay::to_engine_system(system);
    assert_eq!(engine_system, engine::System::Dutch1992);
    assert_eq!(state.rounds().len(), 3);
    // Written before the order was recorded (an empty list): ranked as it was then, by the
    // Dutch F.10 default of that time.
    let order: Vec<String> = state
        .tournament()
        .settings
        .tiebreaks
        .iter()
        .map(|t| t.code())
        .collect();
    assert_eq!(order, ["DE1", "ARO"]);
    // Rounds 1 and 2 are the ones the 1992 text pairs from the rounds before them (round 3
    // was paired before round 2's board 1 was corrected).
    let tournament = state.tournament();
    for round in 1..=2u16 {
        let mut before = tournament.clone();
        while before.rounds().len() >= usize::from(round) {
            before.pop_round();
        }
        let p = engine::pairing::pair_next_round(&before, engine_system).unwrap();
        let published = &tournament.rounds()[usize::from(round) - 1];
        let pairs: Vec<_> = published
            .pairings
            .iter()
            .map(|x| (x.white, x.black))
            .collect();
        assert_eq!(p.pairs, pairs, "round {round}");
    }
    let p = engine::pairing::pair_next_round(&tournament, engine_system).unwrap();
    let mut text = format!("{}\n", p.pairs.len() + usize::from(p.bye.is_some()));
    for (w, b) in &p.pairs {
        text += &format!("{} {}\n", w.get(), b.get());
    }
    if let Some(b) = p.bye {
        text += &format!("{} 0\n", b.get());
    }
    assert_eq!(
        text, expected,
        "round 4 as it was paired when the log was written"
    );
    let mut again = Vec::new();
    store.export(&mut again).unwrap();
    assert_eq!(again, log, "the log is exported as it was written");
}

/// GHR 2026 2.4: a late entry is paired "only when they actually arrive", in a round after the
/// first; once the last round is paired there is none left, and the registration is refused
/// (on append only: a log written before the rule still replays).
#[test]
fn ghr_2026_2_4_no_entry_once_the_last_round_is_paired() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch2026, 1);
    register(&store, t, 4);
    publish(&store, t);
    let refused = store.append(Append::new(
        t,
        "chief",
        Event::PlayerRegistered {
            player: PlayerKey(5),
            data: data(5),
        },
    ));
    assert!(
        matches!(
            refused,
            Err(StoreError::Rejected(Rejection::EntryAfterLastRound {
                rounds: 1
            }))
        ),
        "{refused:?}"
    );
    assert_eq!(store.state(t).unwrap().players().len(), 4);
}
