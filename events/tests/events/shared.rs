//! Several stores on one PostgreSQL database, as several servers are: what one writes, every
//! other decides on, answers with and sends its subscribers; conflicting writes through two
//! of them give one event; a backup moves between sled and PostgreSQL both ways.

use crate::support::*;
use events::testing::schema::*;
use events::testing::ThrowawayPostgres;
use events::testing::{Append, Appended, Store, StoreError};
use std::time::{Duration, Instant};

fn result(board: u32, white: ScoreV1) -> Event {
    Event::ResultRecorded {
        round: 1,
        board,
        games: vec![game(white)],
    }
}

fn postgres() -> ThrowawayPostgres {
    ThrowawayPostgres::start().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_write_through_one_store_is_seen_decided_on_and_followed_through_another() {
    let pg = postgres();
    let url = pg.create_database("nodes").unwrap();
    let a = Store::open_postgres(&url).unwrap();
    let b = Store::open_postgres(&url).unwrap();
    assert!(a.is_shared() && b.is_shared());
    let t = create(&a, SystemV1::Dutch1992, 5);
    register(&a, t, 8);
    // b registers the ninth: it decides on a's eight (the next number is 9, not 1).
    let ninth = b
        .append_with(
            Append::new(
                t,
                "chief",
                Event::PlayerRegistered {
                    player: PlayerKey(0),
                    data: data(9),
                },
            ),
            |state, event| {
                if let Event::PlayerRegistered { player, .. } = event {
                    *player = PlayerKey(state.players().len() as u32 + 1);
                }
            },
        )
        .unwrap();
    assert!(matches!(
        &ninth.envelope().event,
        Event::PlayerRegistered {
            player: PlayerKey(9),
            ..
        }
    ));
    // a answers with b's write at once (it reads the tail before answering).
    assert_eq!(a.state(t).unwrap().players().len(), 9);
    publish(&a, t);
    // A display on b, then results through a: each reaches it, in order, once.
    let head = b.durable_head(t).unwrap();
    let mut display = b.subscribe(t, head).unwrap();
    for board in 1..=4 {
        append(&a, t, result(board, ScoreV1::Win));
    }
    let mut seen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    while seen.len() < 4 {
        assert!(Instant::now() < deadline, "the display on b got {seen:?}");
        if let Ok(e) = display.recv_timeout(Duration::from_millis(100)) {
            seen.push(e.seq);
        }
    }
    assert_eq!(seen, (head + 1..=head + 4).collect::<Vec<_>>());
    // Nothing twice: the next event written through a is the next the display gets.
    append(&a, t, Event::TournamentClosed);
    assert_eq!(
        display.recv_timeout(Duration::from_secs(10)).unwrap().seq,
        head + 5
    );
    assert_eq!(a.read(t, 0).unwrap(), b.read(t, 0).unwrap());
}

/// The same board entered through two stores at the same moment: two different results give
/// one event and one refusal; the same result twice gives one event, the other answered with
/// it; an idempotency key sent through both gives one event.
#[test]
fn conflicting_writes_through_two_stores_give_one_event() {
    let pg = postgres();
    let url = pg.create_database("conflicts").unwrap();
    let a = Store::open_postgres(&url).unwrap();
    let b = Store::open_postgres(&url).unwrap();
    let t = create(&a, SystemV1::Dutch1992, 5);
    register(&a, t, 40);
    publish(&a, t);
    let _ = b.state(t).unwrap();
    for board in 1..=10 {
        let (x, y) = std::thread::scope(|s| {
            let x = s.spawn(|| a.append(Append::new(t, "arbiter-a", result(board, ScoreV1::Win))));
            let y = s.spawn(|| b.append(Append::new(t, "arbiter-b", result(board, ScoreV1::Loss))));
            (x.unwrap_join(), y.unwrap_join())
        });
        let new = [&x, &y]
            .iter()
            .filter(|r| matches!(r, Ok(Appended::New(_))))
            .count();
        let refused = [&x, &y]
            .iter()
            .filter(|r| matches!(r, Err(StoreError::Rejected(_))))
            .count();
        assert_eq!((new, refused), (1, 1), "board {board}: {x:?} / {y:?}");
    }
    for board in 11..=20 {
        let (x, y) = std::thread::scope(|s| {
            let x = s.spawn(|| a.append(Append::new(t, "arbiter-a", result(board, ScoreV1::Draw))));
            let y = s.spawn(|| b.append(Append::new(t, "arbiter-b", result(board, ScoreV1::Draw))));
            (x.unwrap_join(), y.unwrap_join())
        });
        let x = x.unwrap();
        let y = y.unwrap();
        assert_eq!(
            x.envelope().seq,
            y.envelope().seq,
            "board {board}: one event"
        );
        assert!(matches!(x, Appended::New(_)) != matches!(y, Appended::New(_)));
    }
    let keyed = |store: &Store| {
        let mut req = Append::new(t, "arbiter", result(1, ScoreV1::Win));
        req.event = Event::ResultCorrected {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Draw)],
            colors_swapped: false,
        };
        req.reason = Some("slip misread".into());
        req.idempotency_key = Some("tablet-1".into());
        req.fingerprint = b"same request".to_vec();
        store.append(req)
    };
    let (x, y) = std::thread::scope(|s| {
        let x = s.spawn(|| keyed(&a));
        let y = s.spawn(|| keyed(&b));
        (x.unwrap_join(), y.unwrap_join())
    });
    assert_eq!(x.unwrap().envelope(), y.unwrap().envelope());
    assert_eq!(a.read(t, 0).unwrap(), b.read(t, 0).unwrap());
    let state = a.state(t).unwrap();
    assert_eq!(state.last_seq(), a.read(t, 0).unwrap().len() as u64);
}

trait UnwrapJoin<T> {
    fn unwrap_join(self) -> T;
}

impl<T> UnwrapJoin<T> for std::thread::ScopedJoinHandle<'_, T> {
    fn unwrap_join(self) -> T {
        self.join().unwrap()
    }
}

/// A backup made on sled restores into PostgreSQL to the same tournaments, and back.
#[test]
fn a_backup_moves_between_sled_and_postgres_both_ways() {
    let pg = postgres();
    let (sled, _dir) = store();
    let x = create(&sled, SystemV1::Dutch1992, 5);
    register(&sled, x, 7);
    publish(&sled, x);
    play(&sled, x, 1);
    let y = create(&sled, SystemV1::DoubleSwiss, 3);
    register(&sled, y, 5);
    publish(&sled, y);
    let mut backup = Vec::new();
    let n = sled.export(&mut backup).unwrap();

    let shared = Store::open_postgres(&pg.create_database("restored").unwrap()).unwrap();
    assert_eq!(shared.import(&mut backup.as_slice()).unwrap(), n);
    for t in [x, y] {
        assert_eq!(shared.state(t).unwrap(), sled.state(t).unwrap());
    }
    let mut again = Vec::new();
    shared.export(&mut again).unwrap();
    assert_eq!(
        again, backup,
        "PostgreSQL exports what sled did, byte for byte"
    );
    assert!(matches!(
        shared.import(&mut backup.as_slice()),
        Err(StoreError::NotEmpty)
    ));

    let (back, _dir2) = store();
    assert_eq!(back.import(&mut again.as_slice()).unwrap(), n);
    for t in [x, y] {
        assert_eq!(back.state(t).unwrap(), sled.state(t).unwrap());
    }
}

/// The database crashes under load and comes back: every append acknowledged before the crash
/// is in the log, the ones it cut off were answered with an error (and, sent again, are
/// recorded once), and the store's cached state is the log's, with nothing of a rolled-back
/// batch left in it.
#[test]
fn a_database_crash_loses_no_acknowledged_append_and_leaves_no_phantom() {
    let pg = postgres();
    let url = pg.create_database("crash").unwrap();
    let store = Store::open_postgres(&url).unwrap();
    let t = create(&store, SystemV1::Dutch1992, 5);
    // Enough boards that the crash always comes in the middle of the load.
    const BOARDS: u32 = 500;
    register(&store, t, 2 * BOARDS);
    publish(&store, t);
    let acknowledged = std::sync::Mutex::new(Vec::new());
    let failures = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for w in 0..4u32 {
            let (store, acknowledged, failures) = (&store, &acknowledged, &failures);
            s.spawn(move || {
                for board in (1..=BOARDS).filter(|b| b % 4 == w) {
                    let deadline = Instant::now() + Duration::from_secs(60);
                    let mut last_error = String::new();
                    loop {
                        assert!(
                            Instant::now() < deadline,
                            "board {board} never recorded: {last_error}"
                        );
                        match store.append(Append::new(t, "arbiter", result(board, ScoreV1::Win))) {
                            Ok(_) => {
                                acknowledged.lock().unwrap().push(board);
                                break;
                            }
                            Err(StoreError::Backend(e)) => {
                                last_error = e.to_string();
                                failures.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                                std::thread::sleep(Duration::from_millis(50));
                            }
                            Err(e) => panic!("board {board}: {e}"),
                        }
                    }
                }
            });
        }
        let started = Instant::now();
        while acknowledged.lock().unwrap().len() < 40 {
            assert!(started.elapsed() < Duration::from_secs(60), "no load");
            std::thread::sleep(Duration::from_millis(1));
        }
        pg.crash().unwrap();
        let at_crash = acknowledged.lock().unwrap().clone();
        std::thread::sleep(Duration::from_millis(500));
        pg.restart().unwrap();
        // Everything acknowledged before the crash survived it.
        let after = Store::open_postgres(&url).unwrap();
        let state = after.state(t).unwrap();
        for board in at_crash {
            assert!(
                state.rounds()[0].results[board as usize - 1].is_some(),
                "board {board} was acknowledged before the crash but is not in the log"
            );
        }
    });
    assert!(
        failures.load(std::sync::atomic::Ordering::SeqCst) > 0,
        "the crash cut some appends off"
    );
    // Every board once, and the store's state is the log's.
    let log = store.read(t, 0).unwrap();
    let replayed = events::testing::replay(log.iter().map(|e| e.as_ref())).unwrap();
    assert_eq!(store.state(t).unwrap(), replayed);
    assert!(replayed.rounds()[0]
        .results
        .iter()
        .take(BOARDS as usize)
        .all(Option::is_some));
    let results = log
        .iter()
        .filter(|e| matches!(e.event, Event::ResultRecorded { .. }))
        .count();
    assert_eq!(results, BOARDS as usize, "each board recorded once");
    assert_eq!(
        Store::open_postgres(&url).unwrap().state(t).unwrap(),
        replayed
    );
}

/// A database that accepts no writes (a standby after a failover): an append is refused with
/// words that say so, nothing is written, the store says why in its trouble; once the database
/// takes writes again, so does the store.
#[test]
fn a_read_only_database_refuses_writes_in_words_and_they_resume_after() {
    let pg = postgres();
    let url = pg.create_database("standby").unwrap();
    let store = Store::open_postgres(&url).unwrap();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 4);
    let before = store.read(t, 0).unwrap().len();
    // Every new session read-only, and the sessions open now ended: the pool opens new ones.
    pg.sql(
        "postgres",
        "ALTER DATABASE standby SET default_transaction_read_only = on",
    )
    .unwrap();
    pg.sql(
        "postgres",
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'standby' AND pid <> pg_backend_pid()",
    )
    .unwrap();
    let refused = (0..5)
        .find_map(|_| {
            match store.append(Append::new(
                t,
                "chief",
                Event::PlayerRegistered {
                    player: PlayerKey(5),
                    data: data(5),
                },
            )) {
                Err(e) if e.to_string().contains("read-only") => Some(e),
                // A connection the termination cut mid-way: asked again.
                _ => None,
            }
        })
        .expect("the append is refused as read-only");
    assert!(
        refused.to_string().contains("nothing was written"),
        "{refused}"
    );
    assert!(
        store.trouble().is_some_and(|t| t.contains("read-only")),
        "{refused} | {:?}",
        store.trouble()
    );
    // The database takes writes again.
    pg.sql(
        "postgres",
        "ALTER DATABASE standby SET default_transaction_read_only = off",
    )
    .unwrap();
    pg.sql(
        "postgres",
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'standby' AND pid <> pg_backend_pid()",
    )
    .unwrap();
    let written = (0..5).find_map(|_| {
        store
            .append(Append::new(
                t,
                "chief",
                Event::PlayerRegistered {
                    player: PlayerKey(5),
                    data: data(5),
                },
            ))
            .ok()
    });
    assert!(written.is_some(), "writes resume");
    assert_eq!(store.read(t, 0).unwrap().len(), before + 1, "written once");
    assert_eq!(store.trouble(), None);
}
