//! Double-Swiss beyond round 1, by the reference implementation (small fields), named after
//! the articles it applies.

use crate::support::{field, tpn};
use engine::model::result::{GameResult, GameScore};
use engine::model::tournament::{Pairing, Round};
use engine::pairing::double_swiss::matching::{self, Paths};
use engine::pairing::double_swiss::reference;
use engine::pairing::generate::{generate, GenerateConfig};
use engine::pairing::validate::validate;
use engine::pairing::{pair_next_round, RoundPairing};
use engine::{Color, RoundNo, System, Tournament};

/// A match: both games' results for White and Black of the pairing.
fn matched(
    white: u32,
    black: u32,
    g1: (GameScore, GameScore),
    g2: (GameScore, GameScore),
) -> Pairing {
    Pairing {
        white: tpn(white),
        black: tpn(black),
        games: vec![
            Some(GameResult::played(g1.0, g1.1)),
            Some(GameResult::played(g2.0, g2.1)),
        ],
    }
}

use GameScore::{Draw as D, Loss as L, Win as W};

fn pairs(p: &RoundPairing) -> Vec<(u32, u32)> {
    p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect()
}

/// [`pairs`] in order, whatever the boards.
fn sorted_pairs(p: &RoundPairing) -> Vec<(u32, u32)> {
    let mut got = pairs(p);
    got.sort();
    got
}

/// `n` players (R 2400, 2390, ...) in a five-round event, the lot giving the first White,
/// after a first round of `pairings` with no byes.
fn after_round_one(n: u32, pairings: Vec<Pairing>) -> Tournament {
    let mut t = field(System::DoubleSwiss, n);
    t.settings.initial_color = Some(Color::White);
    t.settings.rounds = Some(5);
    t.push_round(Round {
        pairings,
        byes: vec![],
    })
    .unwrap();
    t
}

#[test]
fn round_one_by_the_reference_agrees_with_the_direct_one() {
    for n in 2..=reference::LIMIT as u32 {
        let mut t = field(System::DoubleSwiss, n);
        t.settings.initial_color = Some(if n % 2 == 0 {
            Color::White
        } else {
            Color::Black
        });
        let direct = pair_next_round(&t, System::DoubleSwiss).unwrap();
        let reference = reference::pair(&t, RoundNo::FIRST).unwrap().unwrap();
        assert_eq!(
            (direct.pairs, direct.bye),
            (reference.pairs, reference.bye),
            "{n} players"
        );
    }
}

/// Round 2 of 6 players after 1-4 (2-0), 5-2 (1-1), 3-6 (0-2), worked by hand: scores 1:2,
/// 6:2, 2:1, 5:1, 3:0, 4:0; met 1-4, 2-5, 3-6.
/// - Top scoregroup {1, 6}: pairs itself, the rest can be paired (C3): no upfloater (C4).
/// - Next {2, 5}: they met (C1), so two upfloaters are needed (C4), from the 0-group: {3, 4}.
/// - 3.6: the bracket {2, 3, 4, 5} has two pairings meeting C1: 2-3 4-5 (identifier 2 4 3 5)
///   and 2-4 3-5 (identifier 2 3 4 5); the first in 3.6.3's order is 2 3 4 5.
#[test]
fn c1_c4_and_3_6_identifier_in_round_two() {
    let mut t = field(System::DoubleSwiss, 6);
    t.settings.initial_color = Some(Color::White);
    t.push_round(Round {
        pairings: vec![
            matched(1, 4, (W, L), (W, L)),
            matched(5, 2, (W, L), (L, W)),
            matched(3, 6, (L, W), (L, W)),
        ],
        byes: vec![],
    })
    .unwrap();
    let p = paired(&t);
    let mut got: Vec<(u32, u32)> = pairs(&p)
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    got.sort();
    assert_eq!(got, vec![(1, 6), (2, 4), (3, 5)]);
    // Colours (4.3): 1-6: both have played; 1 had one White, 6 none: White to 6 (4.3.2).
    // 2-4: no White either, and both had Black last, so no difference to
    // alternate from (4.3.3); the HRP 2 alternates from Black (4.3.4): 2 White. 3-5: both had
    // White once; the HRP 5 alternates (4.3.4): 5 Black.
    let mut colored = pairs(&p);
    colored.sort_by_key(|&(w, b)| w.min(b));
    assert_eq!(colored, vec![(6, 1), (2, 4), (3, 5)]);
}

/// 3.4: an odd field: the bye goes to the lowest score, then the most matches played, then
/// the largest TPN, skipping a player who already had it (C2).
#[test]
fn bye_3_4_and_c2() {
    let mut t = field(System::DoubleSwiss, 5);
    t.settings.initial_color = Some(Color::White);
    // Round 1: 1-3 (2-0), 2-4 (1-1), bye 5.
    t.push_round(Round {
        pairings: vec![matched(1, 3, (W, L), (W, L)), matched(2, 4, (D, D), (D, D))],
        byes: vec![engine::model::tournament::Bye {
            player: tpn(5),
            kind: engine::model::result::ByeKind::PairingAllocated,
        }],
    })
    .unwrap();
    // Scores: 1:2, 5:1.5, 2:1, 4:1, 3:0. The lowest is 3: it gets the bye.
    let p = pair_next_round(&t, System::DoubleSwiss).unwrap();
    assert_eq!(p.bye, Some(tpn(3)));
    assert_eq!(validate(&t, System::DoubleSwiss, &p), vec![]);
}

/// Generated small Double-Swiss tournaments paired round after round: never a breach of the
/// absolute criteria (the generator validates every round), the same seed gives the same
/// file, and re-pairing every recorded round finds no difference.
#[test]
fn generated_small_tournaments_are_legal_and_re_pair_the_same() {
    let mut complete = 0;
    for seed in 0..120u64 {
        let players = 4 + (seed % 11) as u32;
        let rounds = 3 + (seed % 4) as u16;
        let config = GenerateConfig {
            system: System::DoubleSwiss,
            players,
            rounds,
            seed,
        };
        let t: Tournament = match generate(config) {
            Ok(t) => t,
            // Small fields can run out of legal pairings (3.3.3: the chief arbiter decides).
            Err(engine::pairing::generate::GenerateError::Pairing {
                error: engine::pairing::PairingError::NoValidPairing { .. },
                ..
            }) => continue,
            Err(e) => panic!("seed {seed}: {e}"),
        };
        assert_eq!(
            engine::formats::trf::write(&t),
            engine::formats::trf::write(&generate(config).unwrap()),
            "seed {seed}"
        );
        for (round, outcome) in engine::pairing::check::recheck(&t, System::DoubleSwiss) {
            assert_eq!(
                outcome,
                engine::pairing::check::RoundCheck::Same,
                "seed {seed} round {round}"
            );
        }
        complete += 1;
    }
    assert!(
        complete >= 90,
        "most generated tournaments run to the end: {complete} of 120"
    );
}

/// Larger fields, 16 to 1,000 players over 9 rounds: every round legal (the validator,
/// independent of the pairing code, finds nothing) and re-paired the same.
#[test]
fn generated_tournaments_of_many_sizes_are_legal() {
    for (players, seed) in [
        (16, 1),
        (30, 2),
        (51, 3),
        (80, 4),
        (150, 5),
        (400, 6),
        (1000, 7),
    ] {
        let config = GenerateConfig {
            system: System::DoubleSwiss,
            players,
            rounds: 9,
            seed,
        };
        let t = generate(config).unwrap_or_else(|e| panic!("{players} players: {e}"));
        for r in 1..=t.rounds().len() {
            let round = RoundNo::new(r as u16).unwrap();
            let before = engine::pairing::check::before_round(&t, round);
            let p = pair_next_round(&before, System::DoubleSwiss).unwrap();
            assert_eq!(
                validate(&before, System::DoubleSwiss, &p),
                vec![],
                "{players} players, round {r}"
            );
        }
        for (round, outcome) in engine::pairing::check::recheck(&t, System::DoubleSwiss) {
            assert_eq!(
                outcome,
                engine::pairing::check::RoundCheck::Same,
                "{players} players, round {round}"
            );
        }
    }
}

/// The matching implementation gives the reference's pairing, round after round, on 1,000
/// generated tournaments of 4-14 players (`DS_SEED`, `DS_COUNT`; the generator pairs with the
/// matching one), by each of its paths.
#[test]
fn the_matching_implementation_agrees_with_the_reference() {
    let seed0: u64 = std::env::var("DS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let mut rounds_compared = 0;
    let count: u64 = std::env::var("DS_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    for seed in seed0..seed0 + count {
        let players = 4 + (seed % 11) as u32;
        let rounds = 3 + (seed % 5) as u16;
        let config = GenerateConfig {
            system: System::DoubleSwiss,
            players,
            rounds,
            seed,
        };
        let Ok(t) = generate(config) else { continue };
        for r in 2..=t.rounds().len() {
            let round = RoundNo::new(r as u16).unwrap();
            let before = engine::pairing::check::before_round(&t, round);
            let slow = reference::pair(&before, round).unwrap().unwrap();
            // Every path: the plain answers first (greedy pairings as proofs), or the
            // matchings alone with every C5 level given its tier, or with the levels barred
            // (as large fields need).
            for (plain_first, always_bar) in [(true, false), (false, false), (false, true)] {
                let paths = Paths {
                    plain_first,
                    always_bar,
                };
                let fast = matching::pair_with(&before, round, paths).unwrap();
                assert_eq!(
                    (&fast.pairs, fast.bye),
                    (&slow.pairs, slow.bye),
                    "seed {seed} ({players} players), round {r}, {paths:?}"
                );
            }
            rounds_compared += 1;
        }
    }
    assert!(
        rounds_compared > 2 * count as usize,
        "{rounds_compared} rounds compared"
    );
}

/// `--explain` for Double-Swiss: the bye with its articles, each bracket's number of
/// upfloaters (C4), the sets 3.5.4 puts first that were rejected, the set chosen and the
/// bracket's identifier (3.6). A generated event (15 players, after 4 rounds) where the first
/// candidate set of the top scoregroup is turned down.
#[test]
fn explanation_names_the_bye_the_upfloaters_and_the_rejected_sets() {
    let mut t = generate(GenerateConfig {
        system: System::DoubleSwiss,
        players: 15,
        rounds: 4,
        seed: 3,
    })
    .unwrap();
    t.settings.rounds = Some(7);
    let p = pair_next_round(&t, System::DoubleSwiss).unwrap();
    let text = engine::pairing::explanation::to_text(&p.explanation);
    for (article, said) in [
        ("3.4", "the pairing-allocated bye goes to"),
        ("3.4", "(3.4.4)"),
        ("3.5", "upfloater (C4)"),
        ("3.5.4", "the sets beginning"),
        ("3.5", "takes the upfloaters"),
        ("3.6", "bracket"),
    ] {
        assert!(
            p.explanation.iter().any(|s| s.says(article, said)),
            "{article}: {said}:\n{text}"
        );
    }
}

/// 4.3.3 before 4.3.4: round 4 of 8. 1 and 2 win every match, so they alone have 6 points and
/// meet. Both have had White twice (4.3.2 cannot decide): 1 had W, B, W and 2 had B, W, W.
/// 4.3.3 goes back to the latest round in which one had White and the other Black, round 2,
/// where 1 had Black: 1 gets White (4.3.4 alone would have given 1 Black, after his White).
#[test]
fn colours_4_3_3_the_latest_round_with_different_colours() {
    let mut t = field(System::DoubleSwiss, 8);
    t.settings.initial_color = Some(Color::White);
    t.settings.rounds = Some(7);
    let rounds = [
        vec![
            matched(1, 5, (W, L), (W, L)),
            matched(6, 2, (L, W), (L, W)),
            matched(3, 7, (W, L), (W, L)),
            matched(8, 4, (D, D), (D, D)),
        ],
        vec![
            matched(7, 1, (L, W), (L, W)),
            matched(2, 8, (W, L), (W, L)),
            matched(5, 3, (D, D), (D, D)),
            matched(4, 6, (W, L), (W, L)),
        ],
        vec![
            matched(1, 4, (W, L), (W, L)),
            matched(2, 3, (W, L), (W, L)),
            matched(5, 8, (D, D), (D, D)),
            matched(6, 7, (D, D), (D, D)),
        ],
    ];
    for pairings in rounds {
        t.push_round(Round {
            pairings,
            byes: vec![],
        })
        .unwrap();
    }
    let p = paired(&t);
    assert!(pairs(&p).contains(&(1, 2)), "{:?}", pairs(&p));
}

/// 4.3.2: round 2 of 5 after 1-3 (2-0) and 4-2 (1-1), the first player of each pair with
/// White. Scores 1:2, 2:1, 4:1, 3:0. 1 alone needs an upfloater: 2 (1 point, first by TPN;
/// 1 has met neither 2 nor 4), then 4-3. 1 has had White once, 2 never: 2 gets White; 4 has
/// had White once, 3 never: 3 gets White (4.3.1 does not apply: all have played).
#[test]
fn colours_4_3_2_white_to_the_player_with_fewer_whites() {
    let t = after_round_one(
        4,
        vec![matched(1, 3, (W, L), (W, L)), matched(4, 2, (D, D), (D, D))],
    );
    assert_eq!(sorted_pairs(&paired(&t)), vec![(2, 1), (3, 4)]);
}

/// 4.3.4: round 2 of 5 after 1-3 and 2-4 (both 2-0, the first player with White). 1 and 2
/// (2 points) meet, and 3 and 4 (0). Each pair has had the same number of Whites (4.3.2
/// ties) and the same colour in round 1 (4.3.3 finds no round where one had White and the
/// other Black): the higher-ranked player (4.2: same score, smaller TPN) alternates from his
/// last match. 1 had White: he gets Black, 2-1; 3 had Black: he gets White, 3-4.
#[test]
fn colours_4_3_4_the_higher_ranked_player_alternates() {
    let t = after_round_one(
        4,
        vec![matched(1, 3, (W, L), (W, L)), matched(2, 4, (W, L), (W, L))],
    );
    assert_eq!(sorted_pairs(&paired(&t)), vec![(2, 1), (3, 4)]);
}

/// C2 and 3.4.2: round 3 of 5 with five players: 1-3 and 2-4 (2-0), 5 the pairing-allocated
/// bye; then 1-2 (1-1), 3-5 (2-0), 4 the bye. Scores 1:3, 2:3, 3:2, 4:1.5, 5:1.5. The lowest
/// score is 1.5, but 4 and 5 may not have the bye again (C2): it goes to 3, the lowest of the
/// others, which leaves 1-4 and 2-5 (1-2 have met; 3.4.1 holds).
#[test]
fn bye_c2_not_twice_then_the_next_lowest_score() {
    let mut t = field(System::DoubleSwiss, 5);
    t.settings.initial_color = Some(Color::White);
    t.settings.rounds = Some(5);
    let pab = |p: u32| engine::model::tournament::Bye {
        player: tpn(p),
        kind: engine::model::result::ByeKind::PairingAllocated,
    };
    let rounds = [
        (
            vec![matched(1, 3, (W, L), (W, L)), matched(2, 4, (W, L), (W, L))],
            pab(5),
        ),
        (
            vec![matched(1, 2, (D, D), (D, D)), matched(3, 5, (W, L), (W, L))],
            pab(4),
        ),
    ];
    for (pairings, bye) in rounds {
        t.push_round(Round {
            pairings,
            byes: vec![bye],
        })
        .unwrap();
    }
    let p = paired(&t);
    assert_eq!(p.bye, Some(tpn(3)), "{:?}", pairs(&p));
}

/// 4.3.5: round 2 of 5; 1 was absent in round 1 (no match) and 2 lost his with Black. Both
/// have 0 points: 5 gets the bye (3.4.3: a match played, then the largest TPN) and 1 meets 2,
/// 1 being the HRP (same score, smaller TPN). 4.3.1 does not apply (2 has played), 4.3.2 ties
/// (no White either), 4.3.3 finds no round with different colours, 4.3.4 finds no round for 1:
/// 4.3.5 alternates 2's colour from his last match, Black: 2 gets White.
#[test]
fn colours_4_3_5_the_opponents_last_match() {
    let mut t = field(System::DoubleSwiss, 5);
    t.settings.initial_color = Some(Color::White);
    t.settings.rounds = Some(5);
    t.push_round(Round {
        pairings: vec![matched(4, 2, (W, L), (W, L)), matched(3, 5, (W, L), (W, L))],
        byes: vec![engine::model::tournament::Bye {
            player: tpn(1),
            kind: engine::model::result::ByeKind::Zero,
        }],
    })
    .unwrap();
    let p = paired(&t);
    assert_eq!(p.bye, Some(tpn(5)));
    assert!(pairs(&p).contains(&(2, 1)), "{:?}", pairs(&p));
}

/// The next round of `t` as the system pairs it, checked by the validator.
fn paired(t: &Tournament) -> RoundPairing {
    let p = pair_next_round(t, System::DoubleSwiss).unwrap();
    assert_eq!(validate(t, System::DoubleSwiss, &p), vec![]);
    p
}

/// C6 (the case `double_swiss_c6_the_following_group_pairs_itself`, checked in
/// `hand_worked`): the reference implementation, which enumerates every set of upfloaters,
/// pairs it the same way.
#[test]
fn c6_the_reference_agrees_on_the_hand_worked_case() {
    let t = crate::support::hand_worked("double_swiss_c6_the_following_group_pairs_itself");
    let reference = reference::pair(&t, RoundNo::new(3).unwrap())
        .unwrap()
        .unwrap();
    let fast = crate::support::check("double_swiss_c6_the_following_group_pairs_itself");
    assert_eq!(reference.pairs, fast.pairs);
    assert_eq!(reference.bye, fast.bye);
}
