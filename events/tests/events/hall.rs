//! The hall in the log: check-ins and the absences they propose, players' reports and the
//! results they become, each checked by replay as it is appended, and the same state again
//! when the log is replayed from its start.

use crate::support::{append, create, game, publish, register, store};
use events::testing::schema::*;
use events::testing::{replay, Appended, Rejection, StoreError};

fn rejected(store: &events::testing::Store, t: TournamentId, event: Event) -> Rejection {
    match store.append(events::testing::Append::new(t, "chief", event)) {
        Err(StoreError::Rejected(r)) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// A player required to check in who did not is left out of round 1 and recorded absent with
/// it (a zero-point bye); unpublishing the round does not turn that into an absence asked for;
/// a check-in for a round other than the next, or twice, writes nothing new.
#[test]
fn players_not_checked_in_are_absent_from_the_round_published() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch2026, 5);
    register(&store, t, 6);
    append(
        &store,
        t,
        Event::HallRulesSet {
            check_in_round: Some(1),
            check_in_closes_at_ms: None,
            agreed_results_stand: false,
        },
    );
    for k in 1..=4 {
        append(
            &store,
            t,
            Event::PlayerCheckedIn {
                player: PlayerKey(k),
                round: 1,
            },
        );
    }
    let again = store
        .append(events::testing::Append::new(
            t,
            "chief",
            Event::PlayerCheckedIn {
                player: PlayerKey(1),
                round: 1,
            },
        ))
        .unwrap();
    assert!(
        matches!(again, Appended::Existing(_)),
        "a second check-in writes nothing"
    );
    assert!(matches!(
        rejected(
            &store,
            t,
            Event::PlayerCheckedIn {
                player: PlayerKey(5),
                round: 2
            }
        ),
        Rejection::InvalidField { field: "round", .. }
    ));
    let state = store.state(t).unwrap();
    assert_eq!(state.unchecked(), vec![PlayerKey(5), PlayerKey(6)]);
    assert_eq!(
        state
            .tournament()
            .available_players(engine::RoundNo::FIRST)
            .len(),
        4
    );

    publish(&store, t);
    let state = store.state(t).unwrap();
    let round = &state.rounds()[0];
    assert_eq!(round.pairs.len(), 2);
    assert_eq!(round.absent_unchecked, vec![PlayerKey(5), PlayerKey(6)]);
    assert!(state.unchecked().is_empty(), "round 2 asks no check-in");

    append(&store, t, Event::RoundUnpublished { round: 1 });
    let state = store.state(t).unwrap();
    assert!(
        state.requested_of(PlayerKey(5)).is_empty(),
        "not an absence asked for"
    );
    assert_eq!(
        state.unchecked(),
        vec![PlayerKey(5), PlayerKey(6)],
        "still not checked in"
    );

    let log = store.read(t, 0).unwrap();
    let replayed = replay(log.iter().map(|e| e.as_ref())).unwrap();
    assert_eq!(replayed, state, "the same state from the log's start");
}

/// A report is a player's of their own board only, never over a result; two reports that
/// agree may become the result, two that differ may not; the same report again writes
/// nothing.
#[test]
fn reports_become_a_result_only_when_both_players_agree() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch2026, 5);
    register(&store, t, 4);
    publish(&store, t);
    let state = store.state(t).unwrap();
    let [b1, b2] = [state.rounds()[0].pairs[0], state.rounds()[0].pairs[1]];
    let report = |board: u32, player: PlayerKey, white: ScoreV1| Event::ResultReported {
        round: 1,
        board,
        player,
        games: vec![game(white)],
    };
    assert!(matches!(
        rejected(&store, t, report(1, b2.white, ScoreV1::Win)),
        Rejection::NotOnBoard { board: 1, .. }
    ));
    append(&store, t, report(1, b1.white, ScoreV1::Win));
    let again = store
        .append(events::testing::Append::new(
            t,
            "chief",
            report(1, b1.white, ScoreV1::Win),
        ))
        .unwrap();
    assert!(matches!(again, Appended::Existing(_)));
    let accept = |board: u32, reported_by, confirmed_by, white| Event::ReportsAccepted {
        round: 1,
        board,
        games: vec![game(white)],
        reported_by,
        confirmed_by,
    };
    // One report is not enough; two that differ are not either.
    assert!(matches!(
        rejected(&store, t, accept(1, b1.white, b1.black, ScoreV1::Win)),
        Rejection::InvalidResult(_)
    ));
    append(&store, t, report(1, b1.black, ScoreV1::Loss));
    assert!(matches!(
        rejected(&store, t, accept(1, b1.white, b1.black, ScoreV1::Win)),
        Rejection::InvalidResult(_)
    ));
    // Black changes their report to agree: now it may become the result.
    append(&store, t, report(1, b1.black, ScoreV1::Win));
    append(&store, t, accept(1, b1.white, b1.black, ScoreV1::Win));
    let state = store.state(t).unwrap();
    assert_eq!(
        state.rounds()[0].results[0].as_ref().map(|r| r.0.clone()),
        Some(vec![game(ScoreV1::Win)])
    );
    assert_eq!(state.rounds()[0].agreed[0], Some((b1.white, b1.black)));
    // No report over a result.
    assert!(matches!(
        rejected(&store, t, report(1, b1.white, ScoreV1::Draw)),
        Rejection::ResultConflict { .. }
    ));
    let log = store.read(t, 0).unwrap();
    let replayed = replay(log.iter().map(|e| e.as_ref())).unwrap();
    assert_eq!(replayed, state);
}
