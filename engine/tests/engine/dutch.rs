//! The Dutch system (1992-2006 text) beyond round 1, tests named after the articles.

use engine::generate::GenerateConfig;
use engine::pairing::dutch;
use engine::{RoundNo, System};

/// 2,000 generated tournaments of 4-16 players: the fast search and the literal one (every exchange
/// and transposition in order) give the same pairing, round after round.
#[test]
fn the_fast_search_agrees_with_the_literal_one() {
    let seed0: u64 = std::env::var("DUTCH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    let count: u64 = std::env::var("DUTCH_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let mut compared = 0;
    let mut failed = Vec::new();
    for seed in seed0..seed0 + count {
        let players = 4 + (seed % 13) as u32;
        let rounds = 3 + (seed % 7) as u16;
        let config = GenerateConfig {
            system: System::Dutch,
            players,
            rounds,
            seed,
        };
        // A field too small for its rounds stops where no pairing exists (checked to be
        // genuine below); the rounds before are compared all the same.
        let (t, outcome) = engine::generate::generate_partial(config);
        if let Err(e) = outcome {
            failed.push(format!("seed {seed}: {e}"));
        }
        for r in 2..=t.rounds().len() {
            let round = RoundNo::new(r as u16).unwrap();
            let before = engine::check::before_round(&t, round);
            let Some(literal) = dutch::pair_literal(&before, round) else {
                continue;
            };
            let literal = literal.unwrap();
            let fast = dutch::pair(&before, round).unwrap();
            assert_eq!(
                (&fast.pairs, fast.bye),
                (&literal.pairs, literal.bye),
                "seed {seed} ({players} players), round {r}\nfast:\n{}\nliteral:\n{}",
                fast.explanation.join("\n"),
                literal.explanation.join("\n")
            );
            compared += 1;
        }
    }
    eprintln!(
        "{compared} rounds compared; {} tournaments stopped early",
        failed.len()
    );
    assert!(compared > 5000, "{compared} rounds compared");
}

/// Generated tournaments of many sizes: every round the system pairs meets the absolute
/// criteria (the generator validates each), and when it says no pairing exists, none does.
#[test]
fn generated_tournaments_are_legal_and_refusals_are_genuine() {
    let mut rounds_paired = 0;
    let mut refusals = 0;
    for seed in 0..160u64 {
        let players = [4, 5, 6, 7, 9, 12, 15, 20, 33, 50][(seed % 10) as usize];
        let rounds = 3 + (seed % 9) as u16;
        let config = GenerateConfig {
            system: System::Dutch,
            players,
            rounds,
            seed,
        };
        let (t, outcome) = engine::generate::generate_partial(config);
        rounds_paired += t.rounds().len();
        match outcome {
            Ok(()) => {}
            Err(engine::generate::GenerateError::Pairing { round, error }) => {
                assert!(
                    matches!(error, engine::pairing::PairingError::NoValidPairing { .. }),
                    "seed {seed}: {error}"
                );
                assert!(
                    !crate::support::legal_pairing_exists(&t, round, true, false),
                    "seed {seed} ({players} players): round {round} was refused but a legal pairing exists"
                );
                refusals += 1;
            }
            Err(e) => panic!("seed {seed} ({players} players): {e}"),
        }
    }
    eprintln!("{rounds_paired} rounds paired, {refusals} genuine refusals");
    assert!(rounds_paired > 800);
}

// ---------------------------------------------------------------------------------------------
// Hand-worked fixtures. Players are numbered by rating (1 is the highest), so A.2's order
// within a score is the pairing number. Rounds are written "white-black result", results
// 1-0, 0-1 or =, and "N bye" for the pairing-allocated bye. The reasoning is in each comment.
// ---------------------------------------------------------------------------------------------

use crate::support::{field, tpn};
use engine::result::{ByeKind, GameResult, GameScore};
use engine::tournament::{Bye, Pairing, Round};
use engine::Tournament;

/// `n` players, `total` rounds, White by lot, and the rounds played.
fn event(n: u32, total: u16, rounds: &[&str]) -> Tournament {
    event_for(System::Dutch, n, total, rounds)
}

/// The work allowed for walking exchanges one by one (`EXCHANGE_WORK`; the most walked in 86,252
/// generated rounds was 7 exchanges) set to 0, so that every walk stops at once and takes the first
/// exchange among the pairings with the fewest denials: in the generated events that need a walk
/// (seeds found by a sweep of 20,000; each walked while trying a level of C.9-C.11 that a lower
/// level then made unnecessary), every round is paired the same and validly.
#[test]
fn the_limit_on_exchanges_walked_changes_no_generated_round() {
    let mut rounds = 0;
    for seed in [5207, 6691, 6978, 7740, 9449, 10268, 10391, 10951] {
        let config = GenerateConfig {
            system: System::Dutch,
            players: 4 + (seed % 13) as u32,
            rounds: 3 + (seed % 7) as u16,
            seed,
        };
        let (t, _) = engine::generate::generate_partial(config);
        for r in 2..=t.rounds().len() {
            let round = RoundNo::new(r as u16).unwrap();
            let before = engine::check::before_round(&t, round);
            let normal = dutch::pair(&before, round).unwrap();
            let walked = dutch::pair_with_exchange_work(&before, round, 0).unwrap();
            assert_eq!(
                (&walked.pairs, walked.bye),
                (&normal.pairs, normal.bye),
                "seed {seed}, round {r}\n{}",
                walked.explanation.join("\n")
            );
            assert_eq!(
                engine::validate::validate(&before, System::Dutch, &walked),
                vec![]
            );
            rounds += 1;
        }
    }
    assert!(rounds > 20, "{rounds}");
}

/// A hand-worked case as a TRF file in `tests/fixtures/trf/hand-worked/NAME.trf` (so that
/// other programs can be run on it), read back; the file must describe exactly the event
/// written in the test (`UPDATE_FIXTURES=1` writes it from the description).
pub fn from_file(name: &str, described: Tournament) -> Tournament {
    if std::env::var("UPDATE_FIXTURES").is_ok() {
        let path = crate::support::hand_worked_path(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, engine::trf::write_canonical(&described)).unwrap();
    }
    let read = crate::support::hand_worked(name);
    assert_eq!(
        engine::trf::write_canonical(&read),
        engine::trf::write_canonical(&described),
        "{name}.trf and the test's description differ"
    );
    read
}

/// The same for `system`.
pub fn event_for(system: System, n: u32, total: u16, rounds: &[&str]) -> Tournament {
    let mut t = field(system, n);
    t.settings.rounds = Some(total);
    t.settings.initial_color = Some(engine::Color::White);
    for r in rounds {
        let mut round = Round {
            pairings: Vec::new(),
            byes: Vec::new(),
        };
        for item in r.split(';').map(str::trim) {
            let (who, what) = item.split_once(' ').unwrap();
            if what == "bye" {
                round.byes.push(Bye {
                    player: tpn(who.parse().unwrap()),
                    kind: ByeKind::PairingAllocated,
                });
                continue;
            }
            let (w, b) = who.split_once('-').unwrap();
            let (ws, bs) = match what {
                "1-0" => (GameScore::Win, GameScore::Loss),
                "0-1" => (GameScore::Loss, GameScore::Win),
                "=" => (GameScore::Draw, GameScore::Draw),
                // Forfeits: the winner's sign first, as TRF writes them; "--" neither came.
                "+-" | "-+" | "--" => {
                    let result = match what {
                        "+-" => GameResult::forfeit(engine::Color::White),
                        "-+" => GameResult::forfeit(engine::Color::Black),
                        _ => GameResult::DOUBLE_FORFEIT,
                    };
                    round.pairings.push(Pairing {
                        white: tpn(w.parse().unwrap()),
                        black: tpn(b.parse().unwrap()),
                        games: vec![Some(result)],
                    });
                    continue;
                }
                other => panic!("result {other}"),
            };
            round.pairings.push(Pairing {
                white: tpn(w.parse().unwrap()),
                black: tpn(b.parse().unwrap()),
                games: vec![Some(GameResult::played(ws, bs))],
            });
        }
        t.push_round(round).unwrap();
    }
    t
}

/// The next round, as `(white, black)` numbers on boards 1, 2, ... and the bye; checked
/// against the validator and against the literal search.
fn next(t: &Tournament) -> (Vec<(u32, u32)>, Option<u32>) {
    let round = t.next_round();
    let p = engine::pairing::pair_next_round(t, System::Dutch).unwrap();
    assert_eq!(engine::validate::validate(t, System::Dutch, &p), vec![]);
    let literal = dutch::pair_literal(t, round).unwrap().unwrap();
    assert_eq!((&p.pairs, p.bye), (&literal.pairs, literal.bye));
    (
        p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect(),
        p.bye.map(|b| b.get()),
    )
}

/// C.2-C.6 alone: round 2 of 8 after 1-5 1-0, 6-2 0-1, 3-7 0-1, 8-4 1-0 (round 1 by
/// F.4/E.5). Bracket 1 = {1, 2, 7, 8} in A.2's order; 1 and 8 had White and want Black, 2
/// and 7 want White: w = b = 2, so x = 0 (C.2, A.8); homogeneous, p = 2 (C.3, A.6); S1 = 1 2,
/// S2 = 7 8 (C.4, C.5); C.6 pairs 1-7 and 2-8: no one has met, every preference is granted:
/// complete at the first try. Bracket 0 = {3, 4, 5, 6} the same way: 3 and 6 want Black,
/// 4 and 5 White; 3-5 and 4-6 at the first try. Colours E.1; boards F.1.
#[test]
fn dutch_c2_c6_every_bracket_paired_at_the_first_try() {
    let t = from_file(
        "dutch_c2_c6_every_bracket_paired_at_the_first_try",
        event(8, 5, &["1-5 1-0; 6-2 0-1; 3-7 0-1; 8-4 1-0"]),
    );
    assert_eq!(next(&t), (vec![(7, 1), (2, 8), (5, 3), (4, 6)], None));
    let p = engine::pairing::pair_next_round(&t, System::Dutch).unwrap();
    let text = p.explanation.join("\n");
    // S2 as C.5 ordered it, untouched by C.7 or C.8.
    for said in [
        "S1 = 1 2; S2 in the order used (D.1, C.7) = 7 8.",
        "S1 = 3 4; S2 in the order used (D.1, C.7) = 5 6.",
    ] {
        assert!(text.contains(said), "{said}\n{text}");
    }
}

/// D.1 and C.7: round 2 of 8 after four draws (round 1 by F.4/E.5: 1-5, 6-2, 3-7, 8-4).
/// One bracket of 0.5; S1 = 1 2 3 4, S2 = 5 6 7 8. Preferences alternate (A.7 b): 1, 3, 6,
/// 8 want Black, 2, 4, 5, 7 White; w = b = 4, q = 4, so x = 0 (A.8): no preference may be
/// denied (B.4). Transpositions of S2 in D.1's order: everything starting with 5 fails
/// (1-5 met, B.1); 6-... fails (1 and 6 both want Black); 7 first: then 2 takes the first
/// of 5, 6, 8 that fits: 5 wants White like 2, 6 met 2, so 8; then 3 takes 5 (3 Black, 5
/// White); 4 takes 6. Transposition 7 8 5 6: 1-7, 2-8, 3-5, 4-6. Colours E.1 (every pair
/// has different preferences); boards by F.1 (equal scores: the higher player's rank).
#[test]
fn dutch_d1_c7_first_transposition_in_order() {
    let t = from_file(
        "dutch_d1_c7_first_transposition_in_order",
        event(8, 5, &["1-5 =; 6-2 =; 3-7 =; 8-4 ="]),
    );
    assert_eq!(next(&t), (vec![(7, 1), (2, 8), (5, 3), (4, 6)], None));
}

/// D.2's matrices: the exchanges of one player a)-i) and of two players j)-r) for S1 = 1-4,
/// S2 = 5-8 come in the lettered order (the matrices show only S1 players 2-4 and S2 players
/// 5-7; the whole order interleaves the others by the same rule: smallest difference, then
/// the lowest S1 player). And the remark on odd brackets: with 7 players (S1 = 1-3, S2 =
/// 4-7) the same order with every number lowered by one.
#[test]
fn dutch_d2_exchange_matrices_even_and_odd() {
    let letters = |s1: usize, s2: usize, low: usize, k: usize| -> Vec<(Vec<usize>, Vec<usize>)> {
        dutch::exchange_order(s1, s2)
            .filter(|(a, b)| {
                a.len() == k
                    && a.iter().all(|&x| x >= low && x <= s1)
                    && b.iter().all(|&y| y <= s1 + 3)
            })
            .collect()
    };
    let v = |a: &[usize], b: &[usize]| (a.to_vec(), b.to_vec());
    let one = vec![
        v(&[4], &[5]), // a
        v(&[4], &[6]), // b
        v(&[3], &[5]), // c
        v(&[4], &[7]), // d
        v(&[3], &[6]), // e
        v(&[2], &[5]), // f
        v(&[3], &[7]), // g
        v(&[2], &[6]), // h
        v(&[2], &[7]), // i
    ];
    assert_eq!(letters(4, 4, 2, 1), one);
    let two = vec![
        v(&[3, 4], &[5, 6]), // j
        v(&[3, 4], &[5, 7]), // k
        v(&[2, 4], &[5, 6]), // l
        v(&[3, 4], &[6, 7]), // m
        v(&[2, 4], &[5, 7]), // n
        v(&[2, 3], &[5, 6]), // o
        v(&[2, 4], &[6, 7]), // p
        v(&[2, 3], &[5, 7]), // q
        v(&[2, 3], &[6, 7]), // r
    ];
    assert_eq!(letters(4, 4, 2, 2), two);
    // The identity comes first, then every single exchange before any double one.
    let all: Vec<_> = dutch::exchange_order(4, 4).collect();
    assert_eq!(all[0], (vec![], vec![]));
    assert!(all[1..17].iter().all(|(a, _)| a.len() == 1));
    assert_eq!(all.len(), 70, "C(8, 4) ways to choose S1");
    // Odd bracket of 7: the numbers lowered by one.
    let lowered = |m: &[(Vec<usize>, Vec<usize>)]| -> Vec<(Vec<usize>, Vec<usize>)> {
        m.iter()
            .map(|(a, b)| {
                (
                    a.iter().map(|x| x - 1).collect(),
                    b.iter().map(|y| y - 1).collect(),
                )
            })
            .collect()
    };
    assert_eq!(letters(3, 4, 1, 1), lowered(&one));
    assert_eq!(letters(3, 4, 1, 2), lowered(&two));
}

/// C.8 and B.4 before C.11: round 2 of 4 after two draws (1-3, 4-2). One bracket: S1 = 1 2,
/// S2 = 3 4; 1 and 4 want Black, 2 and 3 White; x = 0. Transpositions: 1-3 met (B.1 a);
/// 1-4 denies a preference, which B.4 with x = 0 does not allow. So before raising x (C.11) the
/// exchanges (C.8, D.2): the first, 2 with 3, gives S1 = 1 3, S2 = 2 4 and 1-2, 3-4, both
/// with their preferences. Colours E.1: 2 White against 1, 3 White against 4.
#[test]
fn dutch_c8_b4_exchange_before_raising_x() {
    let t = from_file(
        "dutch_c8_b4_exchange_before_raising_x",
        event(4, 5, &["1-3 =; 4-2 ="]),
    );
    assert_eq!(next(&t), (vec![(2, 1), (3, 4)], None));
}

/// B.3: round 5 of 9, seven players (R 2400, 2390, ... 2340). Round 1: 1-4 1-0, 5-2 0-1, 3-6 0-1,
/// bye 7; round 2: 6-1 0-1, 2-7 0-1, 4-3 1-0, bye 5; round 3: 7-1 1-0, 6-2 0-1, 4-5 1-0, bye 3;
/// round 4: 7-4 1-0, 1-2 1-0, 3-5 0-1, bye 6. Scores: 7 4; 1 3; 2, 4, 5, 6 2; 3 1. 7, alone, has
/// met 1, so both move down (C.1) into bracket 2 = {2, 4, 5, 6}. 7 has had White twice (must have
/// Black, B.2) and has met 2 and 4; 6 must have Black too: 7 can play only 5. 1 has met 2, 4 and 6:
/// he too can play only 5. They cannot both be paired here, and bracket 3, where 1 came from, has
/// nothing to pair again (C.12). One of them moves on: B.3 wants the score differences as small as
/// possible, so the higher, 7, is paired (4 points against 5's 2), and 1 moves on (were 1 paired
/// instead, 7 would meet a 1-point player below, a difference of 3). The remainder {2, 4, 6}: S1 =
/// 2, S2 = 4 6; 2 must have White (three Blacks, one White) and 4 wants White too: x = 0 forbids
/// 2-4, 2 has met 6, so the exchange 2 for 4 (C.8): 4-6, and 2 moves down. Bracket 1 = {1, 2 moved
/// down, 3}, treated as homogeneous (A.3): S1 = 1, S2 = 2 3; 1 has met 2, and 1-3 denies one of
/// them Black (x = 0); the exchange 1 for 2: 2-3, and 1, who has had no bye, gets it (A.5). Colours
/// by B.2: 5-7, 4-6, 2-3.
#[test]
fn dutch_b3_the_higher_player_moved_down_is_paired() {
    let t = from_file(
        "dutch_b3_the_higher_player_moved_down_is_paired",
        event(
            7,
            9,
            &[
                "1-4 1-0; 5-2 0-1; 3-6 0-1; 7 bye",
                "6-1 0-1; 2-7 0-1; 4-3 1-0; 5 bye",
                "7-1 1-0; 6-2 0-1; 4-5 1-0; 3 bye",
                "7-4 1-0; 1-2 1-0; 3-5 0-1; 6 bye",
            ],
        ),
    );
    assert_eq!(next(&t), (vec![(5, 7), (4, 6), (2, 3)], Some(1)));
    let p = engine::pairing::pair_next_round(&t, System::Dutch).unwrap();
    let text = p.explanation.join("\n");
    assert!(
        text.contains("1 cannot be paired here and moves on down"),
        "{text}"
    );
}

/// B.5 with A.5 and C.11: round 2 of 5 players after 1-3 1-0, 4-2 0-1 and the bye to 5.
/// Bracket 1 = {1, 2, 5}: S1 = 1, S2 = 2 5; x = 0 (1 wants Black, 2 White, 5 nothing).
/// 1-2 would move 5 down, but the bye was a downfloat (A.5) and B.5 forbids another:
/// the next transposition, 1-5, moves 2 down. Bracket 0 = {2 moved down, 3, 4} is
/// heterogeneous: 2 (wants White) met 4, and 2-3 denies one of them White (both want it):
/// with x = 0 nothing fits, B.5/B.6 have nothing to relax, so C.11 raises x to 1: 2-3. The
/// remainder is 4 alone: the bye. Colours: 1-5: 1's preference (E.1, 5 has none);
/// 2-3: equal strong preferences and equal histories, so the higher-ranked 2 gets White
/// (E.4). Boards by F.1: 1-5 (sum 2) before 2-3 (sum 1).
#[test]
fn dutch_b5_a5_the_bye_was_a_downfloat() {
    let t = from_file(
        "dutch_b5_a5_the_bye_was_a_downfloat",
        event(5, 5, &["1-3 1-0; 4-2 0-1; 5 bye"]),
    );
    assert_eq!(next(&t), (vec![(5, 1), (2, 3)], Some(4)));
}

/// C.1 and A.3 and C.11: round 3 of 4 after 1-3 1-0, 4-2 0-1 and 2-1 =, 3-4 =. Bracket
/// 1.5 = {1, 2}: they met, so each has no opponent in it and moves down (C.1). Bracket 0.5
/// = {1, 2 moved down, 3, 4}: half of it came from above, so it is treated as homogeneous
/// (A.3): S1 = 1 2, S2 = 3 4. The only pairing left by B.1 is 1-4, 2-3; 1 and 4 both want
/// White (mild), 2 and 3 both Black, so it denies two preferences where x = 0 (w = b = 2):
/// no exchange helps, and C.11 raises x to 2 = p. Colours: equal mild preferences and
/// equal histories (E.3 finds no difference), so the higher-ranked player's (E.4).
#[test]
fn dutch_c1_a3_c11_players_with_no_opponent_move_down() {
    let t = from_file(
        "dutch_c1_a3_c11_players_with_no_opponent_move_down",
        event(4, 5, &["1-3 1-0; 4-2 0-1", "2-1 =; 3-4 ="]),
    );
    assert_eq!(next(&t), (vec![(1, 4), (3, 2)], None));
}

/// B.1 (a, b) and C.13: round 3 (the last) of 3 players after 1-2 0-1, bye 3; 2-3 1-0,
/// bye 1. Bracket 2 = {2} moves down (C.1); bracket 1 = {1, 3} gets 2, who has met both
/// (B.1 a): C.12 has no other pairing above, and in the lowest bracket C.13 joins the
/// brackets. The joined field: 1-3 is the only pair left, and 2 gets the bye although he
/// has the most points: 1 and 3 have both had a point without playing (B.1 b). Colours:
/// 1 has played White once, 3 Black once: E.1.
#[test]
fn dutch_b1_c13_joined_brackets_and_the_bye() {
    let t = from_file(
        "dutch_b1_c13_joined_brackets_and_the_bye",
        event(3, 3, &["1-2 0-1; 3 bye", "2-3 1-0; 1 bye"]),
    );
    assert_eq!(next(&t), (vec![(3, 1)], Some(2)));
}

/// C.12 with B.2: round 3 of 6 after 4-3 =, 1-5 =, 2-6 = and 5-3 0-1, 1-6 1-0, 4-2 0-1.
/// Scores: 1, 2, 3 have 1.5; 4, 5, 6 have 0.5; no floats yet. Colours: 1 and 4 have had
/// White twice (they must have Black, B.2 b), 3 and 6 Black twice (must have White), 2 and
/// 5 one of each. Bracket 1.5: S1 = 1, S2 = 2 3, x = 0: 1-2 fits and moves 3 down. But in
/// bracket 0.5, 3 has met 4 and 5 and cannot play 6 (both must have White): C.12 undoes
/// the bracket above and takes its next pairing that moves down a player who can be paired
/// below: 1-3 (1 Black, 3 White), moving 2 down. Below: 2 (wants White) met 4, so 2-5
/// (5 wants Black), and the remainder 4-6 (4 must have Black, 6 White).
#[test]
fn dutch_c12_b2_the_bracket_above_moves_another_player_down() {
    let t = from_file(
        "dutch_c12_b2_the_bracket_above_moves_another_player_down",
        event(6, 5, &["4-3 =; 1-5 =; 2-6 =", "5-3 0-1; 1-6 1-0; 4-2 0-1"]),
    );
    assert_eq!(next(&t), (vec![(3, 1), (2, 5), (6, 4)], None));
}

/// C.14 with C.10, B.6, C.9, B.5, A.3 and B.3: round 4 of 8.
/// Rounds: 2-3 =, 4-5 1-0, 1-6 1-0, 7-8 =; 4-2 =, 3-5 1-0, 7-1 =, 8-6 =; 3-4 =, 5-2 0-1,
/// 1-8 =, 6-7 =. Scores: 1 2 3 4: 2; 7 8: 1.5; 6: 1; 5: 0.
/// - Bracket 2 = {1, 2, 3, 4}: 2, 3 and 4 have all met one another, so only one pair can be
///   made: no candidate with p = 2 at any level, and C.14 lowers p to 1 (x from 1 to 0).
///   S1 = 1, S2 = 2 3 4. 1-2 leaves 3 and 4 to move down, but both floated down two rounds
///   ago (B.6); 1-3 and 1-4 deny 1 Black (1 and both want Black, x = 0). C.10 drops B.6 for
///   downfloats: 1-2, and 3, 4 move down.
/// - Bracket 1.5 = {3, 4 moved down, 7, 8}: half moved down, so homogeneous (A.3): S1 = 3 4,
///   S2 = 7 8. Every pair gives 7 or 8 an upfloat: 7 upfloated two rounds ago (B.6) and 8
///   last round (B.5); C.9 drops B.6, then B.5, for upfloats: 3-7 (one preference denied:
///   x = 1) and 4-8. The players moved down meet the next score, not a lower one (B.3).
/// - Bracket 1 = {6} alone moves down; bracket 0 = {6, 5}: 6-5 with x = 1.
///
/// Colours: 2 must have White (Black twice), 3 must have Black (White twice), 4 wants Black
/// and 8 White (E.1); 6 and 5 have the same history, so the higher-ranked 6 gets his
/// preference, White (E.3 finds no difference, E.4).
#[test]
fn dutch_c14_c10_c9_b6_b5_lowering_p_and_relaxing_floats() {
    let t = from_file(
        "dutch_c14_c10_c9_b6_b5_lowering_p_and_relaxing_floats",
        event(
            8,
            6,
            &[
                "2-3 =; 4-5 1-0; 1-6 1-0; 7-8 =",
                "4-2 =; 3-5 1-0; 7-1 =; 8-6 =",
                "3-4 =; 5-2 0-1; 1-8 =; 6-7 =",
            ],
        ),
    );
    assert_eq!(next(&t), (vec![(2, 1), (7, 3), (8, 4), (6, 5)], None));
    let p = engine::pairing::pair_next_round(&t, System::Dutch).unwrap();
    let text = p.explanation.join("\n");
    for said in [
        "C.14: no pairing with p = 2; p becomes 1",
        "B.6 for downfloats dropped (C.10)",
        "B.5 for upfloats dropped (C.9)",
    ] {
        assert!(text.contains(said), "{said}:\n{text}");
    }
}

/// A real event paired by another program (`../shared/trf/gros-open-2010.trf`, four rounds):
/// re-paired from what was played, rounds 1 and 3 come out exactly as recorded, which needs
/// A.2's ranking by pairing number (the file numbers its unrated players by estimate among
/// the rated ones). Rounds 2 and 4 differ in who meets whom within the 1-point and 2-point
/// brackets (that program seems to follow another edition there); they are paired all the
/// same.
#[test]
fn a_real_event_re_pairs_as_recorded_where_its_program_followed_the_text() {
    let Some(bytes) = crate::support::shared_trf("gros-open-2010.trf") else {
        return;
    };
    let t = engine::trf::read_bytes(&bytes).unwrap();
    let checks = engine::check::recheck(&t, System::Dutch);
    for (round, check) in &checks {
        match round.get() {
            1 | 3 => assert_eq!(check, &engine::check::RoundCheck::Same, "round {round}"),
            _ => assert!(
                !matches!(check, engine::check::RoundCheck::NotPaired(_)),
                "round {round}: {check:?}"
            ),
        }
    }
    assert_eq!(checks.len(), 4);
}

/// D.2's order as the exchanges are generated (lazily, one difference at a time) is the order
/// of a plain sort of every exchange by the rule: size, difference, the lowest S1 players,
/// then the highest S2 players; for brackets of many shapes, odd ones included.
#[test]
fn dutch_d2_order_is_the_rule_for_every_bracket_shape() {
    fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
        if k == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for (i, &x) in items.iter().enumerate() {
            for mut rest in subsets(&items[i + 1..], k - 1) {
                rest.insert(0, x);
                out.push(rest);
            }
        }
        out
    }
    for (p, m) in [
        (1, 1),
        (1, 2),
        (2, 2),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 4),
        (4, 5),
        (5, 5),
        (5, 7),
    ] {
        let s1: Vec<usize> = (1..=p).collect();
        let s2: Vec<usize> = (p + 1..=p + m).collect();
        let mut all: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for k in 0..=p.min(m) {
            let mut size: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            for a in subsets(&s1, k) {
                for b in subsets(&s2, k) {
                    size.push((a.clone(), b));
                }
            }
            size.sort_by(|x, y| {
                let diff = |e: &(Vec<usize>, Vec<usize>)| {
                    e.1.iter().sum::<usize>() as i64 - e.0.iter().sum::<usize>() as i64
                };
                let low = |e: &(Vec<usize>, Vec<usize>)| {
                    let mut v = e.0.clone();
                    v.reverse();
                    v
                };
                diff(x)
                    .cmp(&diff(y))
                    .then_with(|| low(y).cmp(&low(x)))
                    .then_with(|| x.1.cmp(&y.1))
            });
            all.extend(size);
        }
        let generated: Vec<_> = dutch::exchange_order(p, m).collect();
        assert_eq!(generated, all, "S1 of {p}, S2 of {m}");
    }
}

/// A.4 with B.6 (and C.13, A.3, D.2): round 4 of 7, five players, after 1-3 1-0, 4-2 =,
/// 5 bye; 5-1 =, 3-4 1-0, 2 bye; 2-1 =, 3-5 1-0, 4 bye. Scores 1, 2, 3: 2; 4, 5: 1½.
/// Floats: 2 had the bye in round 2 (a downfloat two rounds before, A.5), 4 and 5 a
/// downfloat in round 3 (5 paired down by 3, 4 the bye). Bracket 2 = {1, 2, 3}: 1 met both
/// others, so 2-3 and 1 moves down; the lowest bracket {1, 4, 5} then cannot be paired
/// (1 met 5; 1-4 leaves 5, who had a bye, for the bye), so C.13 pairs the penultimate again
/// and, p reaching 0, joins the two: one bracket 1 2 3 4 5 treated as homogeneous, p = 2,
/// S1 = 1 2, S2 = 3 4 5. D.1: 1-3 met; 1-4, then 2-3 leaves 5 the bye (B.1 b) and 2-5 gives
/// 2 a downfloat (paired down by half a point: A.4), as two rounds before: B.6. Before the
/// fix the engine judged B.6 for the downfloats of players who move on or take the bye,
/// but not for those paired down, and took 1-4, 2-5, bye 3. No transposition keeps B.6; the
/// exchanges of D.2 by difference: 2<->3 (1-4, 3-... fails), 2<->4 (1 met 2, 3, 5), 1<->3
/// (2 met 1 and 4; 2-5 breaks B.6), 2<->5 (1-4 then 5-2 breaks B.6, 5-3 leaves 2 a second
/// bye), 1<->4: S1 = 2 4, S2 = 1 3 5: 2-3, 4-5, the bye to 1 (his first downfloat): every
/// criterion kept. Colours: 3 had White twice, so Black (B.2); 4 and 5 both want White
/// mildly with the same history (E.3 finds no difference), so the higher-ranked 4 (E.4).
#[test]
fn dutch_a4_b6_the_downfloat_of_a_player_paired_down_counts() {
    let t = from_file(
        "dutch_a4_b6_the_downfloat_of_a_player_paired_down_counts",
        event(
            5,
            7,
            &[
                "1-3 1-0; 4-2 =; 5 bye",
                "5-1 =; 3-4 1-0; 2 bye",
                "2-1 =; 3-5 1-0; 4 bye",
            ],
        ),
    );
    assert_eq!(next(&t), (vec![(2, 3), (4, 5)], Some(1)));
}

/// B.6 notes with C.13 (B.2 kept in the look-ahead) and the explanation of C.9/C.10: the
/// last round (5 of 5) of seven players, 1 absent with a half-point bye. Before: 4-1 0-1,
/// 2-5 1-0, 6-3 =, 7 bye; 1-7 1-0, 3-2 =, 5-6 1-0, 4 bye; 2-1 0-1, 5-3 0-1, 7-4 0-1, 6 bye;
/// 1-3 1-0, 4-6 1-0, 7-2 =, 5 bye. Scores: 4: 3; 2, 3, 5: 2 (50 %); 6, 7: 1½. B.2 leaves 3
/// and 6 only White (Black twice running), 5 and 7 only Black (White twice running); 4
/// wants Black strongly, 2 White mildly. Bracket 3 = {4}: no opponent (C.1), moves down.
/// Bracket 2: 2, 3 and 5 have all met, so whoever 4 does not play moves on with the other
/// (the remainder cannot be paired: p = 0), and the lowest bracket {those two, 6, 7} must
/// pair completely (C.13). 4-2 leaves 3 and 5: 3-6 and 5-6 met, so no. 4-3 leaves 2 and 5:
/// 2-6, and 5-7, who both must have Black: only with B.2 set aside for 5 (50 %). 4-5 leaves
/// 2 and 3: 2-6, 3-7, B.2 kept. The B.6 notes allow setting B.2 aside only "if this is
/// helpful to avoid additional downfloaters", and 4-5 has as many (two) as 4-3: so 4-5,
/// though it denies 4 his preference (x raised, C.11) and 4-3 would not. The engine used to
/// assume the relaxation in the look-ahead and paired 4-3, 2-6, 5-7. Then 2 3 6 7: 2-6 and
/// 3-7 are the only pairing; it breaks B.5 for 6 and 7 (paired up in round 4) and for 2
/// (paired down in round 4; 2 has 50 %, not over, so the notes do not lift B.5 for him), and
/// the explanation names them in the order C.9 and C.10 drop the criteria. Colours by B.2
/// (6 and 3 White, 5 Black); boards F.1: 4-5, then 6-2 before 3-7 (2 ranks above 3).
#[test]
fn dutch_b6_notes_c13_b2_is_kept_in_the_look_ahead() {
    let mut described = event(
        7,
        5,
        &[
            "4-1 0-1; 2-5 1-0; 6-3 =; 7 bye",
            "1-7 1-0; 3-2 =; 5-6 1-0; 4 bye",
            "2-1 0-1; 5-3 0-1; 7-4 0-1; 6 bye",
            "1-3 1-0; 4-6 1-0; 7-2 =; 5 bye",
        ],
    );
    described
        .requested_byes
        .entry(RoundNo::new(5).unwrap())
        .or_default()
        .insert(tpn(1), ByeKind::Half);
    let t = from_file("dutch_b6_notes_c13_b2_is_kept_in_the_look_ahead", described);
    assert_eq!(next(&t), (vec![(4, 5), (6, 2), (3, 7)], None));
    let p = engine::pairing::pair_next_round(&t, System::Dutch).unwrap();
    let text = p.explanation.join("\n");
    assert!(!text.contains("B.2 not applied"), "{text}");
    assert!(
        text.contains(
            "floats given up, in the order C.9 and C.10 drop them: B.5 for upfloats: 6 (paired up against 2, as in the round before), 7 (paired up against 3, as in the round before); B.5 for downfloats: 2 (paired down against 6, as in the round before)."
        ),
        "{text}"
    );
}
