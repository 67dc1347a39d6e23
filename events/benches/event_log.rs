//! Benchmarks of the event log, printed as figures:
//! - durable appends per second with 1 and 8 writers (results on different boards, each
//!   acknowledged only after a flush; 8 writers share flushes by group commit), on sled and on
//!   PostgreSQL (a throwaway server the benchmark starts), there also with the 8 writers
//!   spread over 2 stores on one database, as over 2 servers;
//! - replay of a 10,000-player, 11-round tournament (about 76,000 events) into the engine's
//!   tournament.
//!
//! Run: `cargo bench -p events --bench event_log`.

use events::testing::schema::*;
use events::testing::{replay, Append, Store, TournamentId};
use std::time::Instant;
use uuid::Uuid;

fn main() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let sled = || vec![Store::open(dir.path()).expect("store")];
    appends("sled", &sled(), 1, 1000);
    appends("sled", &sled(), 8, 4000);
    let pg = events::testing::ThrowawayPostgres::start().unwrap_or_else(|e| panic!("{e}"));
    let mut n = 0;
    let mut postgres = |stores: usize| {
        n += 1;
        let url = pg.create_database(&format!("bench{n}")).expect("database");
        (0..stores)
            .map(|_| Store::open_postgres(&url).expect("store"))
            .collect::<Vec<_>>()
    };
    appends("postgres", &postgres(1), 1, 1000);
    appends("postgres", &postgres(1), 8, 4000);
    appends("postgres", &postgres(2), 8, 4000);
    replay_large(10_000, 11);
}

fn settings(rounds: u16) -> SettingsV1 {
    SettingsV1 {
        system: SystemV1::Dutch1992,
        rounds,
        initial_color: ColorV1::White,
        points: None,
        tiebreaks: Vec::new(),
        lot_seed: 0,
        initial_color_by_lot: false,
        acceleration: Default::default(),
        numbering: Default::default(),
    }
}

fn data(k: u32) -> PlayerDataV1 {
    PlayerDataV1 {
        name: format!("Player,{k:05}"),
        rating: Some(1000 + (k * 7919 % 1800) as u16),
        title: None,
        federation: None,
        fide_id: Some(u64::from(k)),
        birth_date: None,
        sex: None,
    }
}

fn game() -> GameResultV1 {
    GameResultV1 {
        mode: ModeV1::Played,
        white: ScoreV1::Draw,
        black: ScoreV1::Draw,
    }
}

/// Round `r` (0-based) of a round robin by the circle method on `n` (even) players: no pair
/// meets twice.
fn circle(n: u32, r: u32) -> Vec<PairV1> {
    let m = n - 1;
    let mut pairs = vec![PairV1 {
        white: PlayerKey(r % m + 1),
        black: PlayerKey(n),
    }];
    for i in 1..n / 2 {
        pairs.push(PairV1 {
            white: PlayerKey((r + i) % m + 1),
            black: PlayerKey((r + m - i) % m + 1),
        });
    }
    pairs
}

/// `writers` enter `results` results, spread over `stores` (one database's).
fn appends(kind: &str, stores: &[Store], writers: u32, results: u32) {
    let store = &stores[0];
    let (t, _) = store
        .create(
            "bench",
            Event::TournamentCreated {
                name: "Bench".into(),
                settings: settings(9),
                details: Default::default(),
            },
        )
        .expect("create");
    for k in 1..=2 * results {
        store
            .append(Append::new(
                t,
                "bench",
                Event::PlayerRegistered {
                    player: PlayerKey(k),
                    data: data(k),
                },
            ))
            .expect("register");
    }
    let pairs = circle(2 * results, 0);
    store
        .append(Append::new(
            t,
            "bench",
            Event::RoundPublished {
                round: 1,
                system: SystemV1::Dutch1992,
                engine_version: "bench".into(),
                pairs,
                bye: None,
                manual_changes: vec![],
                pairing_numbers: vec![],
            },
        ))
        .expect("publish");
    let flushes = store.flush_count();
    let start = Instant::now();
    std::thread::scope(|s| {
        for w in 0..writers {
            let store = stores[w as usize % stores.len()].clone();
            s.spawn(move || {
                for board in (1..=results).filter(|b| b % writers == w) {
                    store
                        .append(Append::new(
                            t,
                            format!("w{w}"),
                            Event::ResultRecorded {
                                round: 1,
                                board,
                                games: vec![game()],
                            },
                        ))
                        .expect("append");
                }
            });
        }
    });
    let secs = start.elapsed().as_secs_f64();
    assert!(
        store.state(t).expect("state").rounds()[0]
            .results
            .iter()
            .all(Option::is_some),
        "every result is in"
    );
    let flushes = store.flush_count() - flushes;
    println!(
        "durable appends, {kind}, {} store(s), {writers} writer(s): {results} results in {:.2} s = {:.0} appends/s ({flushes} flushes in the first store)",
        stores.len(),
        secs,
        f64::from(results) / secs
    );
}

fn replay_large(players: u32, rounds: u16) {
    let t = TournamentId(Uuid::now_v7());
    let mut seq = 0;
    let mut log = Vec::new();
    let mut push = |event: Event| {
        seq += 1;
        log.push(Envelope {
            schema: 1,
            id: Uuid::now_v7(),
            tournament: t,
            seq,
            recorded_at_ms: 0,
            actor: "bench".into(),
            reason: None,
            reason_public: false,
            idempotency_key: None,
            event,
        });
    };
    push(Event::TournamentCreated {
        name: "Large".into(),
        settings: settings(rounds),
        details: Default::default(),
    });
    for k in 1..=players {
        push(Event::PlayerRegistered {
            player: PlayerKey(k),
            data: data(k),
        });
    }
    for r in 1..=rounds {
        let pairs = circle(players, u32::from(r) - 1);
        let boards = pairs.len() as u32;
        push(Event::RoundPublished {
            round: r,
            system: SystemV1::Dutch1992,
            engine_version: "bench".into(),
            pairs,
            bye: None,
            manual_changes: vec![],
            pairing_numbers: vec![],
        });
        for board in 1..=boards {
            push(Event::ResultRecorded {
                round: r,
                board,
                games: vec![game()],
            });
        }
    }
    let runs = 5;
    let mut best = f64::MAX;
    for _ in 0..runs {
        let start = Instant::now();
        let state = replay(log.iter()).expect("replays");
        let tournament = state.tournament();
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        assert_eq!(tournament.rounds().len(), usize::from(rounds));
        assert_eq!(tournament.players().len(), players as usize);
        best = best.min(ms);
    }
    println!("replay of {players} players, {rounds} rounds ({} events) into the engine's tournament: best of {runs} runs {best:.1} ms", log.len());
}
