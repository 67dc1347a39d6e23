//! Pairing numbers by the rules each system's text gives: Dutch 1992 A.2 (and Dubov 1997, read
//! the same way) fix them at round 1; GHR 2026 Article 2 keeps them following the ranking until
//! round 4 is paired and gives late entries their place in the list.

use crate::support::*;
use engine::Tpn;
use events::testing::schema::*;
use events::testing::{Append, State, Store, TournamentId};

fn rate(store: &Store, t: TournamentId, player: u32, rating: u16) {
    let mut a = Append::new(
        t,
        "chief",
        Event::PlayerCorrected {
            player: PlayerKey(player),
            correction: PlayerCorrectionV1 {
                rating: Some(Some(rating)),
                ..Default::default()
            },
        },
    );
    a.reason = Some("the rating was wrong".into());
    store.append(a).unwrap();
}

fn enter(store: &Store, t: TournamentId, player: u32, rating: u16) {
    let mut d = data(player);
    d.rating = Some(rating);
    append(
        store,
        t,
        Event::PlayerRegistered {
            player: PlayerKey(player),
            data: d,
        },
    );
}

/// Registration numbers in pairing-number order.
fn numbers(state: &State) -> Vec<u32> {
    (1..=state.players().len() as u32)
        .map(|tpn| state.key_of(Tpn::new(tpn).unwrap()).unwrap().0)
        .collect()
}

fn round(store: &Store, t: TournamentId) {
    let r = publish(store, t);
    play(store, t, r);
}

#[test]
fn dutch_1992_a2_numbers_are_fixed_at_round_1_and_late_entries_take_the_next() {
    for system in [SystemV1::Dutch1992, SystemV1::Dubov] {
        let (store, _dir) = store();
        let t = create(&store, system, 5);
        register(&store, t, 6);
        round(&store, t);
        rate(&store, t, 6, 2700);
        enter(&store, t, 7, 2800);
        let s = store.state(t).unwrap();
        assert_eq!(numbers(&s), [1, 2, 3, 4, 5, 6, 7], "{system:?}");
        assert_eq!(s.settings().unwrap().numbering, NumberingV1::FixedAtRound1);
    }
}

#[test]
fn ghr_2026_2_3_a_correction_renumbers_until_round_4_is_paired() {
    for system in [SystemV1::Dutch2026, SystemV1::DoubleSwiss] {
        let (store, _dir) = store();
        let t = create(&store, system, 7);
        register(&store, t, 6);
        round(&store, t);
        let round1 = store.state(t).unwrap().rounds()[0].pairs.clone();
        // Player 6 (2440, the lowest) is really 2485: between players 1 (2490) and 2 (2480).
        rate(&store, t, 6, 2485);
        let s = store.state(t).unwrap();
        assert_eq!(numbers(&s), [1, 6, 2, 3, 4, 5], "{system:?}");
        assert_eq!(s.rounds()[0].pairs, round1, "round 1 stays as published");
        // The engine sees round 1 by the new numbers: player 6 (now 2) played where it did.
        let t6 = s.tpn_of(PlayerKey(6)).unwrap();
        assert_eq!(t6, Tpn::new(2).unwrap());
        let engine = s.tournament();
        let board = round1
            .iter()
            .position(|p| p.white == PlayerKey(6) || p.black == PlayerKey(6))
            .unwrap();
        let pairing = &engine.rounds()[0].pairings[board];
        assert!(pairing.white == t6 || pairing.black == t6);
        round(&store, t);
        round(&store, t);
        rate(&store, t, 5, 2495);
        assert_eq!(numbers(&store.state(t).unwrap()), [5, 1, 6, 2, 3, 4]);
        // Round 4 paired: from now on a correction moves nobody.
        publish(&store, t);
        rate(&store, t, 4, 2600);
        let s = store.state(t).unwrap();
        assert_eq!(numbers(&s), [5, 1, 6, 2, 3, 4], "{system:?}");
        assert_eq!(
            s.tournament().player(Tpn::new(6).unwrap()).unwrap().rating,
            Some(2600)
        );
    }
}

#[test]
fn ghr_2026_2_4_a_late_entry_takes_its_place_in_the_list_whatever_the_round() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch2026, 9);
    register(&store, t, 6);
    round(&store, t);
    // After round 1, a late entry rated 2475 goes between 2480 (player 2) and 2470 (3).
    enter(&store, t, 7, 2475);
    assert_eq!(numbers(&store.state(t).unwrap()), [1, 2, 7, 3, 4, 5, 6]);
    enter(&store, t, 8, 1000);
    for _ in 2..=4 {
        round(&store, t);
    }
    // Round 4 paired and a correction after it: player 1 drops to 1500, keeping number 1.
    rate(&store, t, 1, 1500);
    // A late entry after round 4 still takes its place: before the first player it outranks.
    enter(&store, t, 9, 2472);
    let s = store.state(t).unwrap();
    assert_eq!(numbers(&s), [1, 2, 7, 9, 3, 4, 5, 6, 8]);
    // The next round pairs with these numbers.
    assert_eq!(publish(&store, t), 5);
}

#[test]
fn ghr_2026_2_3_unpublishing_round_4_lets_corrections_renumber_again() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch2026, 7);
    register(&store, t, 6);
    for _ in 1..=3 {
        round(&store, t);
    }
    publish(&store, t);
    rate(&store, t, 6, 2600);
    assert_eq!(numbers(&store.state(t).unwrap()), [1, 2, 3, 4, 5, 6]);
    append(&store, t, Event::RoundUnpublished { round: 4 });
    assert_eq!(numbers(&store.state(t).unwrap()), [6, 1, 2, 3, 4, 5]);
}

#[test]
fn a_log_written_before_numbering_was_recorded_keeps_its_numbers_fixed_at_round_1() {
    // The settings as every log before `numbering` wrote them, for a Dutch 2026 tournament.
    let settings: SettingsV1 = serde_json::from_str(
        r#"{"system":"dutch-2026","rounds":5,"initial_color":"white","lot_seed":0}"#,
    )
    .unwrap();
    assert_eq!(settings.numbering, NumberingV1::FixedAtRound1);
    let (store, _dir) = store();
    let (t, _) = store
        .create(
            "chief",
            Event::TournamentCreated {
                name: "Old".into(),
                settings,
                details: Default::default(),
            },
        )
        .unwrap();
    register(&store, t, 4);
    round(&store, t);
    rate(&store, t, 4, 2700);
    assert_eq!(numbers(&store.state(t).unwrap()), [1, 2, 3, 4]);
}
