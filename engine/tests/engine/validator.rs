//! The validator of the absolute criteria: one test per kind of violation.

use crate::support::{field, tpn};
use engine::model::result::{ByeKind, GameResult};
use engine::model::tournament::{Bye, Pairing, Round};
use engine::pairing::validate::{validate, Unavailable, Violation};
use engine::pairing::RoundPairing;
use engine::{Color, RoundNo, System, Tournament};

fn proposal(round: u16, pairs: &[(u32, u32)], bye: Option<u32>) -> RoundPairing {
    RoundPairing {
        round: RoundNo::new(round).unwrap(),
        pairs: pairs.iter().map(|&(w, b)| (tpn(w), tpn(b))).collect(),
        bye: bye.map(tpn),
        explanation: vec![],
    }
}

fn game(w: u32, b: u32, r: GameResult) -> Pairing {
    Pairing {
        white: tpn(w),
        black: tpn(b),
        games: vec![Some(r)],
    }
}

/// Four players after two rounds: 1 had White twice, 4 Black twice; 1-3 and 2-4 met in round 1.
fn two_rounds() -> Tournament {
    let mut t = field(System::Dutch1992, 4);
    t.push_round(Round {
        pairings: vec![game(1, 3, GameResult::DRAW), game(2, 4, GameResult::DRAW)],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![game(1, 4, GameResult::DRAW), game(3, 2, GameResult::DRAW)],
        byes: vec![],
    })
    .unwrap();
    t
}

#[test]
fn a_valid_pairing_has_no_violation() {
    let t = two_rounds();
    assert_eq!(
        validate(&t, System::Dutch1992, &proposal(3, &[(2, 1), (4, 3)], None)),
        vec![]
    );
}

#[test]
fn b1a_rematch() {
    let t = two_rounds();
    let v = validate(&t, System::Dutch1992, &proposal(3, &[(3, 1), (4, 2)], None));
    assert!(v.contains(&Violation::Rematch(tpn(3), tpn(1))), "{v:?}");
    assert!(v.contains(&Violation::Rematch(tpn(4), tpn(2))), "{v:?}");
}

#[test]
fn forfeited_game_is_no_meeting() {
    let mut t = field(System::Dutch1992, 2);
    t.push_round(Round {
        pairings: vec![game(1, 2, GameResult::forfeit(Color::White))],
        byes: vec![],
    })
    .unwrap();
    assert_eq!(
        validate(&t, System::Dutch1992, &proposal(2, &[(2, 1)], None)),
        vec![]
    );
}

#[test]
fn b1b_second_point_without_playing() {
    let mut t = field(System::Dutch1992, 5);
    t.push_round(Round {
        pairings: vec![game(1, 2, GameResult::DRAW), game(3, 4, GameResult::DRAW)],
        byes: vec![Bye {
            player: tpn(5),
            kind: ByeKind::PairingAllocated,
        }],
    })
    .unwrap();
    let v = validate(
        &t,
        System::Dutch1992,
        &proposal(2, &[(3, 1), (2, 4)], Some(5)),
    );
    assert_eq!(v, vec![Violation::RepeatedUnplayedPoint(tpn(5))]);
}

#[test]
fn b2a_colour_difference_beyond_two() {
    let t = two_rounds();
    // 1 has +2; White again would make +3 (and a third White in a row).
    let v = validate(&t, System::Dutch1992, &proposal(3, &[(1, 2), (3, 4)], None));
    assert!(v.contains(&Violation::ColorDifference(tpn(1), 3)), "{v:?}");
}

#[test]
fn b2b_same_colour_three_times() {
    let mut t = field(System::Dubov, 4);
    // 1: W B W... then B B: difference 0 but the last two are Black.
    t.push_round(Round {
        pairings: vec![game(1, 2, GameResult::DRAW), game(3, 4, GameResult::DRAW)],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![game(3, 1, GameResult::DRAW), game(4, 2, GameResult::DRAW)],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![game(4, 1, GameResult::DRAW), game(2, 3, GameResult::DRAW)],
        byes: vec![],
    })
    .unwrap();
    let v = validate(&t, System::Dubov, &proposal(4, &[(2, 1), (3, 4)], None));
    assert!(
        v.contains(&Violation::SameColorThrice(tpn(1), Color::Black)),
        "{v:?}"
    );
    assert!(
        !v.iter()
            .any(|x| matches!(x, Violation::ColorDifference(..))),
        "{v:?}"
    );
    // Double-Swiss has no colour among its absolute criteria.
    let mut ds = field(System::DoubleSwiss, 2);
    ds.push_round(Round {
        pairings: vec![Pairing {
            white: tpn(1),
            black: tpn(2),
            games: vec![Some(GameResult::DRAW); 2],
        }],
        byes: vec![],
    })
    .unwrap();
    assert_eq!(
        validate(&ds, System::DoubleSwiss, &proposal(2, &[(1, 2)], None)),
        vec![Violation::Rematch(tpn(1), tpn(2))]
    );
}

#[test]
fn paired_twice_and_left_out() {
    let t = field(System::Dutch1992, 4);
    let v = validate(&t, System::Dutch1992, &proposal(1, &[(1, 2), (2, 3)], None));
    assert!(v.contains(&Violation::PairedTwice(tpn(2))), "{v:?}");
    assert!(v.contains(&Violation::LeftOut(tpn(4))), "{v:?}");
}

#[test]
fn self_paired() {
    let t = field(System::Dutch1992, 2);
    let v = validate(&t, System::Dutch1992, &proposal(1, &[(1, 1)], None));
    assert!(v.contains(&Violation::SelfPaired(tpn(1))), "{v:?}");
}

#[test]
fn absent_withdrawn_and_unknown_players_are_not_paired() {
    let mut t = field(System::Dutch1992, 6);
    t.requested_byes
        .entry(RoundNo::FIRST)
        .or_default()
        .insert(tpn(5), ByeKind::Half);
    t.player_mut(tpn(6)).unwrap().withdrawn_from = Some(RoundNo::FIRST);
    let v = validate(
        &t,
        System::Dutch1992,
        &proposal(1, &[(1, 2), (3, 4), (5, 6), (7, 8)], None),
    );
    assert!(
        v.contains(&Violation::NotAvailable(tpn(5), Unavailable::ByeRequested)),
        "{v:?}"
    );
    assert!(
        v.contains(&Violation::NotAvailable(tpn(6), Unavailable::Withdrawn)),
        "{v:?}"
    );
    assert!(
        v.contains(&Violation::NotAvailable(tpn(7), Unavailable::Unknown)),
        "{v:?}"
    );
}

#[test]
fn bye_count_must_match_the_field() {
    let t = field(System::Dutch1992, 4);
    let v = validate(&t, System::Dutch1992, &proposal(1, &[(1, 2)], Some(3)));
    assert!(
        v.contains(&Violation::WrongByeCount {
            players: 4,
            byes: 1
        }),
        "{v:?}"
    );
    let t = field(System::Dutch1992, 3);
    let v = validate(&t, System::Dutch1992, &proposal(1, &[(1, 2)], None));
    assert!(
        v.contains(&Violation::WrongByeCount {
            players: 3,
            byes: 0
        }),
        "{v:?}"
    );
}

#[test]
fn forbidden_pair() {
    let mut t = field(System::Dutch1992, 2);
    t.forbidden.push(engine::model::tournament::ForbiddenPairs {
        from: RoundNo::FIRST,
        to: RoundNo::FIRST,
        players: vec![tpn(1), tpn(2)],
    });
    let v = validate(&t, System::Dutch1992, &proposal(1, &[(1, 2)], None));
    assert_eq!(v, vec![Violation::ForbiddenPair(tpn(1), tpn(2))]);
}

#[test]
fn dutch_b6_note_last_round_50_percent_may_break_b2() {
    let mut t = two_rounds();
    t.settings.rounds = Some(3);
    // After two draws, 1 has 50% and it is the last round: B.2 is not applied to them.
    let v = validate(&t, System::Dutch1992, &proposal(3, &[(1, 2), (3, 4)], None));
    assert!(!v.iter().any(|x| matches!(x, Violation::ColorDifference(p, _) | Violation::SameColorThrice(p, _) if *p == tpn(1))), "{v:?}");
}
