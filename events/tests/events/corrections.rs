//! Dutch F.7: corrections (a result, colours played, a rating) affect only pairings still to
//! be made; published rounds never change.

use crate::support::*;
use engine::model::history::states_before;
use engine::{Color, Points, RoundNo, Tpn};
use events::testing::schema::*;
use events::testing::Append;

fn correct(store: &events::testing::Store, t: events::testing::TournamentId, event: Event) {
    let mut a = Append::new(t, "chief", event);
    a.reason = Some("arbiter's decision".into());
    store.append(a).unwrap();
}

fn pairs(state: &events::testing::State, round: usize) -> Vec<PairV1> {
    state.rounds()[round].pairs.clone()
}

#[test]
fn f7_corrected_result_changes_what_later_pairings_use_not_published_rounds() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 8);
    publish(&store, t);
    play(&store, t, 1);
    publish(&store, t);
    play(&store, t, 2);
    let before = store.state(t).unwrap();
    let round2 = pairs(&before, 1);
    let old = states_before(&before.tournament(), RoundNo::new(3).unwrap());
    // Board 1 of round 1 was a White win; it was really a Black win.
    correct(
        &store,
        t,
        Event::ResultCorrected {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Loss)],
            colors_swapped: false,
        },
    );
    let after = store.state(t).unwrap();
    assert_eq!(
        pairs(&after, 1),
        round2,
        "the published round 2 is unchanged"
    );
    let new = states_before(&after.tournament(), RoundNo::new(3).unwrap());
    let white = after.tpn_of(after.rounds()[0].pairs[0].white).unwrap();
    let black = after.tpn_of(after.rounds()[0].pairs[0].black).unwrap();
    assert_eq!(
        new[white.index()].score,
        old[white.index()].score - Points::ONE
    );
    assert_eq!(
        new[black.index()].score,
        old[black.index()].score + Points::ONE
    );
}

#[test]
fn f7_game_played_with_wrong_colours() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 4);
    publish(&store, t);
    play(&store, t, 1);
    publish(&store, t);
    let round2 = pairs(&store.state(t).unwrap(), 1);
    let board1 = pairs(&store.state(t).unwrap(), 0)[0];
    // Board 1 was played with the colours reversed; the player who had White won.
    correct(
        &store,
        t,
        Event::ResultCorrected {
            round: 1,
            board: 1,
            games: vec![game(ScoreV1::Win)],
            colors_swapped: true,
        },
    );
    let after = store.state(t).unwrap();
    assert_eq!(
        pairs(&after, 1),
        round2,
        "the published round 2 is unchanged"
    );
    let corrected = pairs(&after, 0)[0];
    assert_eq!(
        (corrected.white, corrected.black),
        (board1.black, board1.white)
    );
    let states = states_before(&after.tournament(), RoundNo::new(3).unwrap());
    let was_black = after.tpn_of(board1.black).unwrap();
    assert_eq!(
        states[was_black.index()].played_colors().next(),
        Some(Color::White)
    );
}

#[test]
fn f7_rating_correction_before_round_1_reorders_after_it_does_not() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 6);
    // Before round 1: player 6 (rated 2440, the lowest) is really 2600: now number 1.
    correct(
        &store,
        t,
        Event::PlayerCorrected {
            player: PlayerKey(6),
            correction: PlayerCorrectionV1 {
                rating: Some(Some(2600)),
                ..Default::default()
            },
        },
    );
    let state = store.state(t).unwrap();
    assert_eq!(state.tpn_of(PlayerKey(6)), Tpn::new(1));
    publish(&store, t);
    let round1 = pairs(&store.state(t).unwrap(), 0);
    assert!(
        round1[0].white == PlayerKey(6) || round1[0].black == PlayerKey(6),
        "board 1 has the new number 1"
    );
    // After round 1 is published, pairing numbers are fixed: a correction changes the rating
    // for pairings to come, not the numbers and not round 1.
    correct(
        &store,
        t,
        Event::PlayerCorrected {
            player: PlayerKey(1),
            correction: PlayerCorrectionV1 {
                rating: Some(Some(1500)),
                ..Default::default()
            },
        },
    );
    let after = store.state(t).unwrap();
    assert_eq!(after.tpn_of(PlayerKey(1)), Tpn::new(2));
    assert_eq!(pairs(&after, 0), round1);
    let p = after
        .tournament()
        .player(Tpn::new(2).unwrap())
        .unwrap()
        .clone();
    assert_eq!(p.rating, Some(1500));
}
