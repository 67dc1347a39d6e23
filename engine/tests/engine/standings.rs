//! Standings and tie-breaks, checked against tables computed independently
//! (`tests/fixtures/standings/oracle.py`, spot-checked by hand: see the comments).

use crate::support::{field, fixture, tpn};
use engine::formats::trf;
use engine::model::result::{ByeKind, GameResult};
use engine::model::tiebreak::{Kind, Tiebreak};
use engine::model::tournament::{Bye, Pairing, Round};
use engine::standings::{apply_ranks, cross_table, standings};
use engine::{Color, Points, RoundNo, System};
use std::collections::HashMap;

const EVERY: [Tiebreak; 9] = [
    Tiebreak::of(Kind::Buchholz),
    Tiebreak::cut(Kind::Buchholz, 1),
    Tiebreak::median(Kind::Buchholz, 1),
    Tiebreak::of(Kind::SonnebornBerger),
    Tiebreak::of(Kind::Wins),
    Tiebreak::of(Kind::GamesWithBlack),
    Tiebreak::of(Kind::AverageRatingOfOpponents),
    Tiebreak::of(Kind::ProgressiveScore),
    Tiebreak::of(Kind::MatchPoints),
];

fn expected(name: &str) -> HashMap<u32, String> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/standings")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| (l.split(' ').next().unwrap().parse().unwrap(), l.to_string()))
        .collect()
}

/// Every tie-break of every player, in the oracle's format.
fn check_table(trf_name: &str, expected_name: &str) {
    let t = trf::read(&fixture(trf_name)).unwrap();
    let s = standings(&t, None, &EVERY, 1);
    let want = expected(expected_name);
    assert_eq!(s.rows.len(), want.len());
    for row in &s.rows {
        let mut line = format!("{} {}", row.tpn, row.score.tenths());
        for (tb, v) in EVERY.iter().zip(&row.tiebreaks) {
            let shown = if v.is_some() {
                v.value.to_string()
            } else {
                "-".to_string()
            };
            line.push_str(&format!(" {}={shown}", tb.code()));
        }
        assert_eq!(&line, &want[&row.tpn.get()], "player {}", row.tpn);
    }
}

/// Player 1 of open-30, by hand (C.07 2026 art. 16): seven wins against 2 (5.0), 3 (5.0: a
/// forfeit lost in round 5 had an opponent and counts as scored), 6 (3.5), 26 (3.0), 10 (4.5),
/// 11 (4.0; a forfeit win counts as scored) and 29 (5.0: absent in round 1 before entering
/// late, a round before its last one present, so scored as 0, not as a draw).
/// BH 30.0; Cut-1 drops 3.0 (no round of player 1 was a VUR): 27.0; Median also drops 5.0:
/// 22.0; SB = BH (all wins); PS 1+2+...+7 = 28; Black in rounds 1, 3, 5.
#[test]
fn every_tiebreak_of_a_30_player_open_with_byes_forfeits_absences_withdrawals() {
    check_table("open-30.trf", "open-30.expected");
}

/// Double-Swiss: the score is game points (0-2 per match); a pairing-allocated bye gives 1.5,
/// a half bye 1; match points count 2 for a match won, 1 drawn.
#[test]
fn every_tiebreak_of_a_double_swiss_event() {
    check_table("double-swiss-11.trf", "double-swiss-11.expected");
    let t = trf::read(&fixture("double-swiss-11.trf")).unwrap();
    let s = standings(&t, None, &[Tiebreak::of(Kind::MatchPoints)], 1);
    // Player 1: 6.0 game points from matches 1-1, 2-0, 2-0, 1-1: match points 1+2+2+1 = 6.
    let p1 = s.rows.iter().find(|r| r.tpn == tpn(1)).unwrap();
    assert_eq!(
        (p1.score, p1.tiebreaks[0].value),
        (Points::from_tenths(60), 6)
    );
}

fn game(w: u32, b: u32, r: GameResult) -> Pairing {
    Pairing {
        white: tpn(w),
        black: tpn(b),
        games: vec![Some(r)],
    }
}

/// Four players after three rounds: 1 beat 2, 2 beat 3, 3 beat 1, and each of them beat 4;
/// so 1, 2 and 3 have 2 points each and 4 has none.
fn cycle() -> engine::Tournament {
    let mut t = field(System::Dutch1992, 4);
    t.push_round(Round {
        pairings: vec![
            game(1, 2, GameResult::WHITE_WINS),
            game(3, 4, GameResult::WHITE_WINS),
        ],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![
            game(2, 3, GameResult::WHITE_WINS),
            game(4, 1, GameResult::BLACK_WINS),
        ],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![
            game(3, 1, GameResult::WHITE_WINS),
            game(2, 4, GameResult::WHITE_WINS),
        ],
        byes: vec![],
    })
    .unwrap();
    t
}

#[test]
fn dutch_f10_direct_encounter_for_first_place_then_aro_then_lots() {
    let mut t = cycle();
    // Ratings 2400, 2390, 2380, 2370: the three leaders met each other and scored 1 each, so
    // direct encounter does not separate them; ARO does: 1 met 2, 4, 3 -> (2390+2370+2380)/3
    // = 2380; 2 met 1, 3, 4 -> 2383.3 -> 2383; 3 met 4, 2, 1 -> 2386.7 -> 2387.
    let s = standings(&t, None, &[], 7);
    assert_eq!(
        s.order,
        vec![
            Tiebreak::of(Kind::DirectEncounterForFirst),
            Tiebreak::of(Kind::AverageRatingOfOpponents)
        ]
    );
    let order: Vec<u32> = s.rows.iter().map(|r| r.tpn.get()).collect();
    assert_eq!(order, [3, 2, 1, 4]);
    assert_eq!(s.rows[0].tiebreaks[1].value, 2387);
    assert!(s.rows.iter().all(|r| !r.by_lot));
    // With equal ratings, ARO cannot separate them either; direct encounter (1 each) cannot,
    // so the lots do.
    for p in 1..=4 {
        t.player_mut(tpn(p)).unwrap().rating = Some(2000);
    }
    let s = standings(&t, None, &[Tiebreak::of(Kind::DirectEncounter)], 7);
    assert!(
        s.rows[..3].iter().all(|r| r.tiebreaks[0].value == 0),
        "each leader scored 1 against the others: DE separates nobody (0)"
    );
    assert!(s.rows[..3].iter().all(|r| r.by_lot), "lots separate them");
}

#[test]
fn direct_encounter_separates_two_tied_players() {
    let mut t = field(System::Dutch1992, 4);
    t.push_round(Round {
        pairings: vec![
            game(1, 2, GameResult::WHITE_WINS),
            game(3, 4, GameResult::DRAW),
        ],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![
            game(4, 1, GameResult::WHITE_WINS),
            game(2, 3, GameResult::WHITE_WINS),
        ],
        byes: vec![],
    })
    .unwrap();
    // 1 and 2 have 1 point each, 4 has 1.5, 3 has 0.5; 1 beat 2.
    let s = standings(&t, None, &[Tiebreak::of(Kind::DirectEncounter)], 3);
    let order: Vec<u32> = s.rows.iter().map(|r| r.tpn.get()).collect();
    assert_eq!(order, [4, 1, 2, 3]);
    // DE gives the place within the tied group: 1 first, 2 second; 0 where nobody is tied.
    let de: Vec<i64> = s.rows.iter().map(|r| r.tiebreaks[0].value).collect();
    assert_eq!(de, [0, 1, 2, 0]);
    // For first place only (F.10): 1 and 2 are not tied for first, so lots decide.
    let by_f10 = standings(&t, None, &[Tiebreak::of(Kind::DirectEncounterForFirst)], 3);
    assert!(by_f10.rows[1].by_lot && by_f10.rows[2].by_lot);
}

#[test]
fn lots_are_reproducible_from_the_seed() {
    let t = field(System::Dubov, 12); // nobody has played: all tied
    let a = standings(&t, None, &[Tiebreak::of(Kind::Buchholz)], 99);
    let b = standings(&t, None, &[Tiebreak::of(Kind::Buchholz)], 99);
    assert_eq!(a, b);
    let orders: std::collections::HashSet<Vec<u32>> = (0..5)
        .map(|seed| {
            standings(&t, None, &[], seed)
                .rows
                .iter()
                .map(|r| r.tpn.get())
                .collect()
        })
        .collect();
    assert!(orders.len() > 1, "different seeds draw different lots");
    assert!(a.rows.iter().all(|r| r.by_lot));
}

#[test]
fn standings_after_any_round_and_the_rank_column() {
    let mut t = trf::read(&fixture("club-10.trf")).unwrap();
    let after1 = standings(&t, RoundNo::new(1), &[], 1);
    assert_eq!(after1.after, RoundNo::FIRST);
    assert!(after1.rows.iter().all(|r| r.score <= Points::ONE));
    let fin = standings(&t, None, &[], 1);
    apply_ranks(&mut t, &fin);
    let text = trf::write(&t);
    let winner = fin.rows[0].tpn;
    let line = text
        .lines()
        .find(|l| l.starts_with("001") && l[4..8].trim() == winner.to_string())
        .unwrap();
    assert_eq!(line[85..89].trim(), "1", "the winner's rank column");
    let back = trf::read(&text).unwrap();
    assert_eq!(back.player(winner).unwrap().rank, Some(1));
}

#[test]
fn cross_table_lists_every_round() {
    let t = trf::read(&fixture("club-10.trf")).unwrap();
    let s = standings(&t, None, &[], 1);
    let table = cross_table(&t, &s);
    assert_eq!(table.lines().count(), 11);
    let first = table.lines().nth(1).unwrap();
    assert!(first.trim_start().starts_with("1 "), "{first}");
    let cells = first
        .split_whitespace()
        .filter(|c| c.contains('w') || c.contains('b') || c.contains('-') || *c == "H")
        .count();
    assert!(cells >= 4, "{table}");
}

/// Six players, three rounds, with one of each kind of unplayed round (points 1, ½, 0; byes
/// as the system gives them):
/// - R1: 1-2 1-0, 3-4 ½-½, 5-6 1-0; then 6 withdraws.
/// - R2: 1-3 1-0, 4-5 won by 5 by forfeit (4 did not come), 2 a half-point bye.
/// - R3: 1 a full-point bye, 5-3 1-0, 2-4 1-0.
///
/// Scores: 1 3.0, 2 1.5, 3 0.5, 4 0.5, 5 3.0, 6 0.0. Voluntary unplayed rounds (16.2): 2's
/// half-point bye (R2), 4's forfeit loss (R2), 6's absences after withdrawing (R2, R3); 1's
/// full-point bye and 5's forfeit win are not.
fn every_unplayed_round() -> engine::Tournament {
    let mut t = field(System::Dutch2026, 6);
    let bye = |p: u32, kind: ByeKind| Bye {
        player: tpn(p),
        kind,
    };
    t.push_round(Round {
        pairings: vec![
            game(1, 2, GameResult::WHITE_WINS),
            game(3, 4, GameResult::DRAW),
            game(5, 6, GameResult::WHITE_WINS),
        ],
        byes: vec![],
    })
    .unwrap();
    t.player_mut(tpn(6)).unwrap().withdrawn_from = RoundNo::new(2);
    t.push_round(Round {
        pairings: vec![
            game(1, 3, GameResult::WHITE_WINS),
            game(4, 5, GameResult::forfeit(Color::Black)),
        ],
        byes: vec![bye(2, ByeKind::Half)],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![
            game(5, 3, GameResult::WHITE_WINS),
            game(2, 4, GameResult::WHITE_WINS),
        ],
        byes: vec![bye(1, ByeKind::Full)],
    })
    .unwrap();
    t
}

/// Each `(code, player, shown)`: the value of that tie-break for that player, as shown.
fn expect(t: &engine::Tournament, cases: &[(&str, u32, &str)]) {
    for &(code, p, want) in cases {
        assert_eq!(shown(t, code, p), want, "{code} of player {p}");
    }
}

/// The value of the tie-break `code` for player `p`, as shown.
fn shown(t: &engine::Tournament, code: &str, p: u32) -> String {
    let s = standings(t, None, &[Tiebreak::parse(code).unwrap()], 1);
    s.rows
        .iter()
        .find(|r| r.tpn == tpn(p))
        .map(|r| r.tiebreaks[0].to_string())
        .unwrap()
}

/// C.07 16.3: a withdrawn opponent contributes the rounds after their last round present as
/// draws: 6 scored 0 in R1, then two absences count ½ each, so 6 gives 5 a Buchholz of 1.0,
/// not 0.
#[test]
fn c07_16_3_a_withdrawn_opponent_counts_the_rounds_after_withdrawing_as_draws() {
    let t = every_unplayed_round();
    // 5: R1 vs 6 (1.0 by 16.3), R2 forfeit win vs 4 (the dummy: 16.4.1, 0.5), R3 vs 3 (0.5).
    expect(&t, &[("BH", 5, "2.0")]);
}

/// C.07 16.4.1: a forfeit won counts a dummy opponent with the player's own score, but no
/// more than the forfeiting opponent's: 5 has 3.0, 4 has 0.5, so the round gives 0.5 to
/// Buchholz and, being won, 0.5 to Sonneborn-Berger; and a forfeit win is a win, not a game
/// won over the board.
#[test]
fn c07_16_4_1_a_forfeit_counts_a_dummy_no_stronger_than_the_forfeiting_opponent() {
    let t = every_unplayed_round();
    // SB of 5: 1.0 x 1 (beat 6) + 0.5 x 1 (the dummy) + 0.5 x 1 (beat 3) = 2.0.
    expect(
        &t,
        &[
            ("SB", 5, "2.0"),
            ("WIN", 5, "3"),
            ("WON", 5, "2"),
            // The forfeiting player: the dummy has 4's own 0.5 (no more than 5's 3.0); the
            // round is a VUR, so Cut-1 takes it first: R1 vs 3 (0.5), R2 0.5, R3 vs 2 (1.5).
            ("BH", 4, "2.5"),
            ("BH/C1", 4, "2.0"),
            ("GE", 4, "2"),
        ],
    );
}

/// C.07 16.4.2: a round without an opponent counts a dummy with the player's own score, but
/// no more than a draw in every round: 1 has 3.0, so the full-point bye gives 1.5; it is not
/// a VUR and it is a win.
#[test]
fn c07_16_4_2_a_bye_counts_a_dummy_no_stronger_than_draws_in_every_round() {
    let t = every_unplayed_round();
    // R1 vs 2 (1.5), R2 vs 3 (0.5), R3 the bye (1.5 = 3 x ½, not 3.0).
    expect(
        &t,
        &[
            ("BH", 1, "3.5"),
            // Cut-1 takes the lowest, 0.5: the bye is not a VUR.
            ("BH/C1", 1, "3.0"),
            ("WIN", 1, "3"),
            ("GE", 1, "3"),
        ],
    );
}

/// C.07 16.5: Cut-1 removes a voluntary unplayed round's contribution before any other, even
/// when it is not the lowest: 2's half-point bye counts a dummy of 1.5 (own score, capped at
/// 1.5), the lowest contribution is 4's 0.5, and Cut-1 still removes the bye's 1.5.
#[test]
fn c07_16_5_cut_1_removes_a_voluntary_unplayed_round_first() {
    let t = every_unplayed_round();
    // R1 vs 1 (3.0), R2 the half-point bye (1.5), R3 vs 4 (0.5).
    expect(
        &t,
        &[
            ("BH", 2, "5.0"),
            ("BH/C1", 2, "3.5"),
            // Median: the bye, then the highest (3.0).
            ("BH/M1", 2, "0.5"),
            ("GE", 2, "2"),
        ],
    );
}

/// C.07 16.2 and 16.4.2 for a withdrawn player: the absences after withdrawing are VURs whose
/// dummy has the player's own score (0).
#[test]
fn c07_16_2_a_withdrawn_players_absences_count_their_own_score() {
    let t = every_unplayed_round();
    // R1 vs 5 (3.0), R2 and R3 absent: 0 each.
    expect(&t, &[("BH", 6, "3.0"), ("GE", 6, "1")]);
}

/// C.07 16.3 and 16.4.2 for a late entry: the rounds before entering are VURs; they come
/// before a round present, so the late entrant contributes them as scored (0), not as draws;
/// their own Buchholz counts a dummy there, and Cut-1 removes it first.
/// Five players, two rounds: R1 1-2 1-0, 3-4 1-0 (5 not yet entered); R2 1-3 ½-½, 5-2 1-0,
/// 4 the pairing-allocated bye. Scores: 1 1.5, 2 0, 3 1.5, 4 1.0, 5 1.0.
#[test]
fn c07_16_3_a_late_entry_contributes_the_rounds_before_entering_as_scored() {
    let mut t = field(System::Dutch2026, 5);
    t.push_round(Round {
        pairings: vec![
            game(1, 2, GameResult::WHITE_WINS),
            game(3, 4, GameResult::WHITE_WINS),
        ],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![
            game(1, 3, GameResult::DRAW),
            game(5, 2, GameResult::WHITE_WINS),
        ],
        byes: vec![Bye {
            player: tpn(4),
            kind: ByeKind::PairingAllocated,
        }],
    })
    .unwrap();
    // 2: R1 vs 1 (1.5), R2 vs 5 (1.0: 0 for the round before entering, 1 for the win).
    expect(
        &t,
        &[
            ("BH", 2, "2.5"),
            // 5: R1 a dummy of 1.0 (own 1.0, no more than 2 x ½), R2 vs 2 (0); Cut-1
            // removes the VUR.
            ("BH", 5, "1.0"),
            ("BH/C1", 5, "0.0"),
            // 4: R1 vs 3 (1.5), R2 the pairing-allocated bye, not a VUR: a dummy of 1.0;
            // Cut-1 takes the lowest.
            ("BH", 4, "2.5"),
            ("BH/C1", 4, "1.5"),
            ("WIN", 4, "1"),
        ],
    );
}

/// TRF-2026 record 202 gives the tie-breaks (212 the standings, points first): read into the
/// tournament's order, written back in the calculator's codes; a code that is not a
/// tie-break is refused with its column.
#[test]
fn trf_2026_202_and_212_give_the_tiebreaks() {
    let text = fixture("club-10.trf");
    let with = |record: &str| {
        let mut lines: Vec<&str> = text.lines().collect();
        lines.insert(1, record);
        lines.join("\n") + "\n"
    };
    let file = with("202 BH/C1, BH-M1 DE,ARO/U1000");
    let t = trf::read(&file).unwrap();
    let codes: Vec<String> = t.settings.tiebreaks.iter().map(Tiebreak::code).collect();
    assert_eq!(codes, ["BH/C1", "BH/M1", "DE", "ARO/U1000"]);
    let s = standings(&t, None, &[], 1);
    assert_eq!(
        s.order, t.settings.tiebreaks,
        "the file's order is the standings'"
    );
    // A file is written back as it was; a new file writes the calculator's codes.
    let f = trf::read_file(&file, None).unwrap();
    assert!(trf::write_as(&f.tournament, &f.layout)
        .lines()
        .any(|l| l == "202 BH/C1, BH-M1 DE,ARO/U1000"));
    let written = trf::write(&t);
    assert!(
        written.lines().any(|l| l == "202 BH/C1,BH/M1,DE,ARO/U1000"),
        "{written}"
    );
    let file = with("212 PTS,SB,WIN");
    let t = trf::read(&file).unwrap();
    assert_eq!(
        t.settings.tiebreaks,
        [
            Tiebreak::of(Kind::SonnebornBerger),
            Tiebreak::of(Kind::Wins)
        ]
    );
    let f = trf::read_file(&file, None).unwrap();
    assert!(trf::write_as(&f.tournament, &f.layout)
        .lines()
        .any(|l| l == "212 PTS,SB,WIN"));
    assert!(trf::write(&t).lines().any(|l| l == "202 SB,WIN"));
    let e = trf::read(&with("202 BH,XYZ")).unwrap_err().to_string();
    assert!(
        e.contains("line 2, column 8") && e.contains("\"XYZ\" is not a tie-break"),
        "{e}"
    );
    let e = trf::read(&with("202 WIN/C1")).unwrap_err().to_string();
    assert!(e.contains("WIN takes no modifier"), "{e}");
}

/// Codes: C.07's as the calculator writes them, this program's earlier forms, the modifiers
/// each tie-break takes, and a reason for every refusal.
#[test]
fn tiebreak_codes_read_as_the_calculator_writes_them() {
    for (code, canonical) in [
        ("BH/C1", "BH/C1"),
        ("bh-c1", "BH/C1"),
        ("BH-M1", "BH/M1"),
        ("BH/M2", "BH/M2"),
        ("SNO", "TPN"),
        ("REP", "GE"),
        ("ARO/C1/U1400", "ARO/C1/U1400"),
        ("PS/C2", "PS/C2"),
        ("DE1", "DE1"),
    ] {
        assert_eq!(Tiebreak::parse(code).unwrap().code(), canonical, "{code}");
    }
    for bad in [
        "",
        "BHX",
        "PS/M1",
        "DE/C1",
        "BH/C0",
        "BH/U1000",
        "ARO/U5000",
    ] {
        assert!(Tiebreak::parse(bad).is_err(), "{bad}");
    }
    // Every code reads back as itself, and says what it measures.
    for (kind, code, meaning) in engine::model::tiebreak::KINDS {
        assert_eq!(Tiebreak::parse(code).unwrap(), Tiebreak::of(kind));
        assert!(!meaning.is_empty());
    }
}

/// C.07 16.2 and 16.5 for a zero-point bye: a voluntary unplayed round, its dummy capped at a
/// draw in every round (16.4.2), cut first by Cut-1; not a round elected to play.
/// Four players, three rounds: R1 2-3 1-0, 1-4 1-0; R2 2-1 1-0, 3-4 ½-½; R3 2 a zero-point
/// bye, 1-3 1-0, 4 a full-point bye. Scores: 1 2.0, 2 2.0, 3 0.5, 4 1.5.
#[test]
fn c07_16_2_a_zero_point_bye_is_a_voluntary_unplayed_round() {
    let mut t = field(System::Dutch2026, 4);
    let bye = |p: u32, kind: ByeKind| Bye {
        player: tpn(p),
        kind,
    };
    t.push_round(Round {
        pairings: vec![
            game(2, 3, GameResult::WHITE_WINS),
            game(1, 4, GameResult::WHITE_WINS),
        ],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![
            game(2, 1, GameResult::WHITE_WINS),
            game(3, 4, GameResult::DRAW),
        ],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![game(1, 3, GameResult::WHITE_WINS)],
        byes: vec![bye(2, ByeKind::Zero), bye(4, ByeKind::Full)],
    })
    .unwrap();
    // 2: R1 vs 3 (0.5), R2 vs 1 (2.0), R3 the zero-point bye: own 2.0 capped at 1.5.
    expect(
        &t,
        &[
            ("BH", 2, "4.0"),
            // Cut-1 removes the bye's 1.5, not the lowest 0.5.
            ("BH/C1", 2, "2.5"),
            ("GE", 2, "2"),
            ("STD", 2, "2.0"),
            // 4's full-point bye is not a VUR: a dummy of 1.5, and Cut-1 removes the lowest (0.5).
            ("BH", 4, "4.0"),
            ("BH/C1", 4, "3.5"),
            ("GE", 4, "3"),
        ],
    );
}
