//! Round 1 of each system, named after the articles that define it.

use crate::support::{field, tpn};
use engine::model::result::ByeKind;
use engine::pairing::pair_next_round;
use engine::pairing::validate::validate;
use engine::{Color, RoundNo, System, Tournament, Tpn};

fn pairs(t: &Tournament, system: System) -> (Vec<(u32, u32)>, Option<u32>) {
    let p = pair_next_round(t, system).unwrap();
    assert_eq!(
        validate(t, system, &p),
        vec![],
        "round 1 must meet the absolute criteria"
    );
    (
        p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect(),
        p.bye.map(Tpn::get),
    )
}

#[test]
fn dutch_f4_e5_even_field() {
    let mut t = field(System::Dutch1992, 8);
    t.settings.initial_color = Some(Color::White);
    // S1 = 1-4, S2 = 5-8; 1 White by lot, then alternating down S1 (E.5).
    assert_eq!(
        pairs(&t, System::Dutch1992),
        (vec![(1, 5), (6, 2), (3, 7), (8, 4)], None)
    );
    t.settings.initial_color = Some(Color::Black);
    assert_eq!(
        pairs(&t, System::Dutch1992),
        (vec![(5, 1), (2, 6), (7, 3), (4, 8)], None)
    );
}

#[test]
fn dutch_f4_odd_field_lowest_gets_the_bye() {
    let mut t = field(System::Dutch1992, 7);
    t.settings.initial_color = Some(Color::White);
    assert_eq!(
        pairs(&t, System::Dutch1992),
        (vec![(1, 4), (5, 2), (3, 6)], Some(7))
    );
}

#[test]
fn dutch_f5_absent_and_withdrawn_players_are_not_paired() {
    let mut t = field(System::Dutch1992, 8);
    t.settings.initial_color = Some(Color::White);
    t.requested_byes
        .entry(RoundNo::FIRST)
        .or_default()
        .insert(tpn(2), ByeKind::Zero);
    t.player_mut(tpn(5)).unwrap().withdrawn_from = Some(RoundNo::FIRST);
    // Left: 1 3 4 6 7 8 -> S1 1 3 4, S2 6 7 8; positions in S1 alternate colours (E.5).
    assert_eq!(
        pairs(&t, System::Dutch1992),
        (vec![(1, 6), (7, 3), (4, 8)], None)
    );
    let round = pair_next_round(&t, System::Dutch1992).unwrap().to_round(&t);
    assert_eq!(
        round.bye_of(tpn(2)),
        Some(ByeKind::Zero),
        "the announced absence is recorded as a zero-point bye"
    );
    assert_eq!(
        round.bye_of(tpn(5)),
        None,
        "a withdrawn player gets nothing"
    );
}

#[test]
fn dutch_a2_the_pairing_numbers_are_the_order() {
    // A file whose ratings do not follow its pairing numbers (an unrated player numbered by
    // the arbiter's estimate, A.1, or a rating changed after the numbers were fixed): round 1
    // follows the numbers, as the order made before round 1 (A.2).
    let mut t = field(System::Dutch1992, 4);
    t.settings.initial_color = Some(Color::White);
    t.player_mut(tpn(2)).unwrap().rating = None;
    t.player_mut(tpn(4)).unwrap().rating = Some(2500);
    assert_eq!(pairs(&t, System::Dutch1992), (vec![(1, 3), (4, 2)], None));
}

#[test]
fn dubov_5_round_one() {
    let mut t = field(System::Dubov, 9);
    t.settings.initial_color = Some(Color::Black);
    // Last in the list gets the bye; first pair by lot (Black for the left-hand player), odd
    // pairs like the first, even pairs the other way.
    assert_eq!(
        pairs(&t, System::Dubov),
        (vec![(5, 1), (2, 6), (7, 3), (4, 8)], Some(9))
    );
}

#[test]
fn double_swiss_3_6_2_first_identifier_of_a_bracket_of_8() {
    let mut t = field(System::DoubleSwiss, 8);
    t.settings.initial_color = Some(Color::White);
    // 1-5, 2-6, 3-7, 4-8 (the identifier 1 2 3 4 5 6 7 8); 4.3.1: odd HRP gets the initial
    // colour, even HRP the other.
    assert_eq!(
        pairs(&t, System::DoubleSwiss),
        (vec![(1, 5), (6, 2), (3, 7), (8, 4)], None)
    );
}

#[test]
fn double_swiss_4_3_1_colours_follow_the_tpn_not_the_board() {
    let mut t = field(System::DoubleSwiss, 9);
    t.settings.initial_color = Some(Color::Black);
    t.requested_byes
        .entry(RoundNo::FIRST)
        .or_default()
        .insert(tpn(2), ByeKind::Half);
    // Left: 1 3 4 5 6 7 8 9 (8 players): 1-6, 3-7, 4-8, 5-9. HRPs 1, 3, 5 odd get Black
    // (the initial colour), HRP 4 even gets White.
    assert_eq!(
        pairs(&t, System::DoubleSwiss),
        (vec![(6, 1), (7, 3), (4, 8), (9, 5)], None)
    );
}

#[test]
fn double_swiss_3_4_4_bye_to_the_largest_tpn() {
    let mut t = field(System::DoubleSwiss, 5);
    t.settings.initial_color = Some(Color::White);
    let (_, bye) = pairs(&t, System::DoubleSwiss);
    assert_eq!(bye, Some(5));
    let p = pair_next_round(&t, System::DoubleSwiss).unwrap();
    let round = p.to_round(&t);
    assert_eq!(round.pairings[0].games.len(), 2, "a match of two games");
}

#[test]
fn engine_output_format() {
    let mut t = field(System::Dutch1992, 5);
    t.settings.initial_color = Some(Color::White);
    let p = pair_next_round(&t, System::Dutch1992).unwrap();
    assert_eq!(p.to_engine_output(), "3\n1 3\n4 2\n5 0\n");
}
