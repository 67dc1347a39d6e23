//! Eight writers at once: nothing lost, nothing twice, no gap in the sequence.

use crate::support::*;
use events::testing::schema::*;
use events::testing::{Append, Appended};
use std::collections::BTreeSet;

#[test]
fn eight_threads_appending_results_on_different_boards() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 400);
    publish(&store, t);
    let head = store.state(t).unwrap().last_seq();
    std::thread::scope(|s| {
        for w in 0..8u32 {
            let store = store.clone();
            s.spawn(move || {
                for board in (1..=200u32).filter(|b| b % 8 == w) {
                    // Each result is sent twice, as a client retrying would: applied once.
                    for _ in 0..2 {
                        let mut a = Append::new(
                            t,
                            format!("arbiter{w}"),
                            Event::ResultRecorded {
                                round: 1,
                                board,
                                games: vec![game(ScoreV1::Draw)],
                            },
                        );
                        a.idempotency_key = Some(format!("board-{board}"));
                        store.append(a).unwrap();
                    }
                }
            });
        }
    });
    let log = store.read(t, 0).unwrap();
    let seqs: Vec<u64> = log.iter().map(|e| e.seq).collect();
    assert_eq!(
        seqs,
        (1..=head + 200).collect::<Vec<_>>(),
        "no gap, nothing twice"
    );
    let boards: BTreeSet<u32> = log
        .iter()
        .filter_map(|e| match e.event {
            Event::ResultRecorded { board, .. } => Some(board),
            _ => None,
        })
        .collect();
    assert_eq!(boards, (1..=200).collect(), "nothing lost");
    assert!(store.state(t).unwrap().rounds()[0]
        .results
        .iter()
        .all(Option::is_some));
}

#[test]
fn racing_on_the_same_board_one_wins_the_other_is_told() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 4);
    publish(&store, t);
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = [ScoreV1::Win, ScoreV1::Loss]
            .into_iter()
            .enumerate()
            .map(|(i, score)| {
                let store = store.clone();
                s.spawn(move || {
                    store.append(Append::new(
                        t,
                        format!("arbiter{i}"),
                        Event::ResultRecorded {
                            round: 1,
                            board: 1,
                            games: vec![game(score)],
                        },
                    ))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let wins = results
        .iter()
        .filter(|r| matches!(r, Ok(Appended::New(_))))
        .count();
    let conflicts = results
        .iter()
        .filter(|r| {
            matches!(
                r,
                Err(events::testing::StoreError::Rejected(
                    events::testing::Rejection::ResultConflict { .. }
                ))
            )
        })
        .count();
    assert_eq!((wins, conflicts), (1, 1), "{results:?}");
}

/// Sixteen clients registering at once: none is refused for a registration number another
/// took (the number is taken inside the append), and the numbers run from 1 without a gap.
#[test]
fn sixteen_registrations_at_once_are_never_refused() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    let app = events::testing::App::new(store.clone());
    std::thread::scope(|s| {
        for w in 0..16u32 {
            let app = app.clone();
            s.spawn(move || {
                for i in 0..25u32 {
                    let req = events::app::Request {
                        actor: format!("desk{w}"),
                        idempotency_key: Some(format!("desk{w}-{i}")),
                        fingerprint: events::app::fingerprint(&[format!("{w}-{i}").as_bytes()]),
                        reason_public: false,
                    };
                    let data = events::app::PlayerData {
                        name: format!("Player,{w:02}-{i:02}"),
                        rating: Some(2000),
                        title: None,
                        federation: None,
                        fide_id: None,
                        birth_date: None,
                        sex: None,
                    };
                    app.register(t, &req, data)
                        .unwrap_or_else(|e| panic!("desk {w}, player {i}: {e}"));
                }
            });
        }
    });
    let state = store.state(t).unwrap();
    let keys: Vec<u32> = state.players().iter().map(|p| p.key.0).collect();
    assert_eq!(keys, (1..=400).collect::<Vec<_>>());
}
