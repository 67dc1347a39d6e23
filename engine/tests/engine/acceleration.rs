//! Acceleration (C.04.7, Baku) and pairs kept apart, held to bbpPairings v6's pairings of
//! `../shared/reference/acceleration/baku.tar.xz` (rounds cut before an accelerated round,
//! the virtual points written as JaVaFo's `XXA` or TRF-2026's `250`) and
//! `../shared/reference/forbidden/pairs.tar.xz` (rounds with TRF-2026's `260` or JaVaFo's
//! `XXP` lines): each case's next round paired by the 2026 Dutch as bbpPairings paired it, the
//! same pairs with the same colours and the same bye. The pairs kept apart come in bbpPairings'
//! board order too; the Baku cases' boards are ordered by the pairing scores here and by the
//! points there (a Reading of C.04.7 1.5, in `engine::model::acceleration`): the cases whose
//! board order differs are counted and printed.

use engine::formats::trf;
use engine::model::ids::Tpn;
use engine::pairing::pair_next_round;
use engine::System;

/// bbpPairings' answer (`.expected`): the number of pairs, then `WHITE BLACK` per board, the
/// pairing-allocated bye as `N 0`.
fn expected(text: &str) -> (Vec<(u32, u32)>, Option<u32>) {
    crate::support::engine_output(text)
}

/// Pairs the next round of every case of `archive` under `folder`; answers the cases checked,
/// each that differs in words (the first differing boards), and the cases whose pairs,
/// colours and bye agree but come in another board order, which `order_matters` counts as
/// differing.
fn agree(
    archive: &str,
    folder: &str,
    order_matters: bool,
) -> Option<(usize, Vec<String>, Vec<String>)> {
    let cases = crate::support::reference_cases(archive, &format!("/{folder}/"))?;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = cases.len().div_ceil(threads).max(1);
    let results: Vec<(Vec<String>, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut problems = Vec::new();
                    let mut reordered = Vec::new();
                    for (name, bytes, exp) in part {
                        let t = trf::read_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
                        let (want, want_bye) = expected(exp);
                        match pair_next_round(&t, System::Dutch2026) {
                            Err(e) => problems.push(format!("{name}: not paired: {e}")),
                            Ok(p) => {
                                let got: Vec<(u32, u32)> =
                                    p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect();
                                let got_bye = p.bye.map(Tpn::get);
                                if got != want || got_bye != want_bye {
                                    let first = got
                                        .iter()
                                        .zip(&want)
                                        .position(|(g, w)| g != w)
                                        .unwrap_or(got.len().min(want.len()));
                                    let mut a = got.clone();
                                    let mut b = want.clone();
                                    a.sort_unstable();
                                    b.sort_unstable();
                                    let same = a == b && got_bye == want_bye;
                                    let kind = if same { "the same pairs, in another order" } else { "other pairs" };
                                    let list = if same && !order_matters { &mut reordered } else { &mut problems };
                                    list.push(format!(
                                        "{name}: {kind}: board {}: {:?} where bbpPairings has {:?} (bye {got_bye:?} / {want_bye:?})",
                                        first + 1,
                                        got.get(first),
                                        want.get(first)
                                    ));
                                }
                                // A pair kept apart is never paired, whoever is right.
                                for (w, b) in &p.pairs {
                                    for f in t.forbidden.iter().filter(|f| {
                                        f.from <= p.round && p.round <= f.to
                                    }) {
                                        assert!(
                                            !(f.players.contains(w) && f.players.contains(b)),
                                            "{name}: {w}-{b} are kept apart in round {}",
                                            p.round
                                        );
                                    }
                                }
                            }
                        }
                    }
                    (problems, reordered)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let (problems, reordered) =
        results
            .into_iter()
            .fold((Vec::new(), Vec::new()), |(mut p, mut r), (a, b)| {
                p.extend(a);
                r.extend(b);
                (p, r)
            });
    Some((cases.len(), problems, reordered))
}

/// TRF-2026 record 260 (players who may not meet in rounds F..L), 800 cases: each paired as
/// bbpPairings paired it, no pair kept apart paired.
#[test]
fn pairs_kept_apart_by_record_260_pair_as_bbppairings() {
    let Some((cases, problems, _)) = agree("forbidden/pairs.tar.xz", "rec260", true) else {
        return;
    };
    eprintln!("forbidden/rec260: {cases} cases, {} differ", problems.len());
    assert!(cases >= 800, "{cases} cases");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// JaVaFo's `XXP` (players who may never meet), 100 cases, as bbpPairings reads them.
#[test]
fn pairs_kept_apart_by_xxp_pair_as_bbppairings() {
    let Some((cases, problems, _)) = agree("forbidden/pairs.tar.xz", "xxp", true) else {
        return;
    };
    eprintln!("forbidden/xxp: {cases} cases, {} differ", problems.len());
    assert!(cases >= 100, "{cases} cases");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// C.04.7's Baku virtual points written as JaVaFo's `XXA` lines, 1,525 cases cut before an
/// accelerated round: each paired as bbpPairings paired it (pairs, colours, bye; the boards
/// by the pairing scores, see the module's notes).
#[test]
fn baku_virtual_points_of_xxa_pair_as_bbppairings() {
    let Some((cases, problems, reordered)) = agree("acceleration/baku.tar.xz", "xxa", false) else {
        return;
    };
    eprintln!(
        "acceleration/xxa: {cases} cases, {} differ; {} in board order only",
        problems.len(),
        reordered.len()
    );
    assert!(cases >= 1525, "{cases} cases");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The same virtual points written as TRF-2026's record 250, 100 cases.
#[test]
fn baku_virtual_points_of_record_250_pair_as_bbppairings() {
    let Some((cases, problems, reordered)) = agree("acceleration/baku.tar.xz", "rec250", false)
    else {
        return;
    };
    eprintln!(
        "acceleration/rec250: {cases} cases, {} differ; {} in board order only",
        problems.len(),
        reordered.len()
    );
    // The case of the Reading: the same pairs, 2-7 on board 1 by the pairing scores (2 and
    // 2), where bbpPairings has 23-1 (1 and 2) by the points.
    assert!(
        reordered.iter().any(|r| r.contains("24000001-r2.trf")
            && r.contains("board 1: Some((2, 7)) where bbpPairings has Some((23, 1))")),
        "{reordered:?}"
    );
    assert!(cases >= 100, "{cases} cases");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

mod by_hand {
    use engine::formats::trf;
    use engine::model::acceleration::{
        accelerated_rounds, baku, group_a, virtual_points_in, Acceleration,
    };
    use engine::model::ids::{RoundNo, Tpn};
    use engine::model::points::Points;
    use engine::model::settings::PointValues;

    fn player(tpn: u32, rating: u32) -> String {
        format!(
            "001 {tpn:>4}      {:<33} {rating:>4} GER     1234567 1990/01/01  0.0     ",
            format!("Player,{tpn:02}")
        )
    }

    /// A pairing's pairs, the lower number of each first, sorted.
    fn sorted_pairs(p: &engine::pairing::RoundPairing) -> Vec<(u32, u32)> {
        let mut pairs: Vec<(u32, u32)> = p
            .pairs
            .iter()
            .map(|(w, b)| (w.get().min(b.get()), w.get().max(b.get())))
            .collect();
        pairs.sort_unstable();
        pairs
    }

    fn field(n: u32, extra: &str) -> String {
        let mut s = String::from("012 Accelerated\n");
        for i in 1..=n {
            s.push_str(&player(i, 2400 - 10 * i));
            s.push('\n');
        }
        s.push_str(extra);
        s
    }

    fn points_in(
        list: &[engine::model::acceleration::VirtualPoints],
        n: usize,
        r: u16,
    ) -> Vec<f64> {
        virtual_points_in(list, n, RoundNo::new(r).unwrap())
            .iter()
            .map(|p| f64::from(p.tenths()) / 10.0)
            .collect()
    }

    /// C.04.7 1.2's note: 161 players, GA is 82 (2 times 41, a quarter of 161 rounded up).
    #[test]
    fn c04_7_1_2_group_a_of_161_players_is_82() {
        assert_eq!(group_a(161), 82);
        assert_eq!(group_a(160), 80);
        assert_eq!(group_a(23), 12);
        assert_eq!(group_a(20), 10);
    }

    /// C.04.7 1.4: nine rounds: five accelerated, GA one point in the first three, half a
    /// point in the next two; eleven rounds: six, one point in three, half in three; 2-1-0
    /// points: a win's worth and a draw's worth (two and one).
    #[test]
    fn c04_7_1_4_virtual_points_for_9_and_11_rounds() {
        assert_eq!(accelerated_rounds(9), 5);
        assert_eq!(accelerated_rounds(11), 6);
        let last = Tpn::new(4).unwrap();
        let nine = baku(last, 9, &PointValues::STANDARD).unwrap();
        let by_round: Vec<f64> = (1..=9).map(|r| points_in(&nine, 8, r)[0]).collect();
        assert_eq!(by_round, [1.0, 1.0, 1.0, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0]);
        // GB never has any.
        assert!((1..=9).all(|r| points_in(&nine, 8, r)[4..].iter().all(|v| *v == 0.0)));
        let eleven = baku(last, 11, &PointValues::STANDARD).unwrap();
        let by_round: Vec<f64> = (1..=11).map(|r| points_in(&eleven, 8, r)[3]).collect();
        assert_eq!(
            by_round,
            [1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0]
        );
        let two = PointValues {
            win: Points::from_tenths(20),
            draw: Points::from_tenths(10),
            forfeit_win: Points::from_tenths(20),
            pairing_bye: Points::from_tenths(20),
            full_bye: Points::from_tenths(20),
            half_bye: Points::from_tenths(10),
            ..PointValues::STANDARD
        };
        let v = baku(last, 9, &two).unwrap();
        let by_round: Vec<f64> = (1..=5).map(|r| points_in(&v, 8, r)[0]).collect();
        assert_eq!(by_round, [2.0, 2.0, 2.0, 1.0, 1.0]);
        // 3-1-0: a win is not worth two draws: refused, with the reason.
        let three = PointValues {
            win: Points::from_tenths(30),
            ..two
        };
        let e = baku(last, 9, &three).unwrap_err();
        assert!(e.contains("a win worth two draws"), "{e}");
    }

    /// C.04.7 1.5 (as read): the pairing score decides the score groups. Four players, round 1
    /// of a nine-round event accelerated by Baku: GA is 1 and 2 (a point each), so 1 meets 2
    /// and 3 meets 4, where the plain pairing is 1-3 and 2-4.
    #[test]
    fn c04_7_1_5_the_pairing_score_makes_the_groups() {
        let plain = trf::read(&field(4, "XXR 9\n")).unwrap();
        let p = engine::pairing::pair_next_round(&plain, engine::System::Dutch2026).unwrap();
        let pairs = sorted_pairs(&p);
        assert_eq!(pairs, [(1, 3), (2, 4)]);
        let baku = trf::read(&field(4, "XXR 9\n192 FIDE_DUTCH_2025_BAKU\n")).unwrap();
        assert_eq!(baku.settings.acceleration, Acceleration::Baku);
        let p = engine::pairing::pair_next_round(&baku, engine::System::Dutch2026).unwrap();
        let pairs = sorted_pairs(&p);
        assert_eq!(pairs, [(1, 2), (3, 4)]);
        // And in every Swiss system: round 1 is two score groups.
        for system in [
            engine::System::Dutch1992,
            engine::System::Dubov,
            engine::System::Dubov2026,
            engine::System::DoubleSwiss,
        ] {
            let p = engine::pairing::pair_next_round(&baku, system).unwrap();
            let pairs = sorted_pairs(&p);
            assert_eq!(pairs, [(1, 2), (3, 4)], "{system:?}");
            let plain = engine::pairing::pair_next_round(&plain, system).unwrap();
            assert_ne!(
                plain.pairs, p.pairs,
                "{system:?}: the acceleration changes round 1"
            );
        }
        // The same, said by 250 lines or XXA lines.
        for lines in [
            "XXR 9\n250       1.0   1   3    1    2\n250       0.5   4   5    1    2\n",
            "XXR 9\nXXA    1  1.0  1.0  1.0  0.5  0.5\nXXA    2  1.0  1.0  1.0  0.5  0.5\n",
        ] {
            let t = trf::read(&field(4, lines)).unwrap();
            let p = engine::pairing::pair_next_round(&t, engine::System::Dutch2026).unwrap();
            let pairs = sorted_pairs(&p);
            assert_eq!(pairs, [(1, 2), (3, 4)], "{lines}");
        }
    }

    /// No acceleration record is ignored: one that cannot be applied is refused, named with
    /// its line and column.
    #[test]
    fn an_acceleration_record_that_cannot_be_applied_is_refused_with_its_line() {
        let refused = |extra: &str| -> String {
            match trf::read(&field(4, extra)) {
                Ok(_) => panic!("{extra:?} was read"),
                Err(e) => e.to_string(),
            }
        };
        // Match points are a team tournament's.
        let e = refused("XXR 9\n250  1.0  1.0   1   2    1    2\n");
        assert!(e.contains("line 7") && e.contains("match points"), "{e}");
        // No rounds: the accelerated rounds cannot be known.
        let e = refused("192 FIDE_DUTCH_2025_BAKU\n");
        assert!(e.contains("line 6") && e.contains("how many rounds"), "{e}");
        // 3-1-0 points.
        let e = refused("XXR 9\n162  W 3.0    D 1.0\n192 FIDE_DUTCH_2025_BAKU\n");
        assert!(e.contains("a win worth two draws"), "{e}");
        // A player given virtual points twice for one round.
        let e = refused("XXR 9\n250       1.0   1   3    1    2\nXXA    2  1.0\n");
        assert!(
            e.contains("line 8") && e.contains("already has virtual points for round 1"),
            "{e}"
        );
        // A player who does not exist.
        let e = refused("XXR 9\nXXA    9  1.0\n");
        assert!(
            e.contains("line 7") && e.contains("player 9 does not exist"),
            "{e}"
        );
        let e = refused("XXR 9\nXXA    1  1.x\n");
        assert!(
            e.contains("line 7") && e.contains("not a number of points"),
            "{e}"
        );
    }

    /// A file with acceleration and pairs kept apart is written back as it was read: its 250,
    /// XXA, XXP and `_BAKU` lines in their own forms; and this program's own file of an
    /// accelerated tournament says it in 250 lines.
    #[test]
    fn acceleration_and_pairs_kept_apart_are_written_back_as_read() {
        for extra in [
            "XXR 9\n250       1.0   1   3    1    2\n250       0.5   4   5    1    2\nXXP    1    4\n",
            "XXR 9\nXXA    1  1.0  1.0  1.0  0.5  0.5\nXXA    2  1.0  1.0  1.0  0.5  0.5\n260   1   9    2    3\n",
            "XXR 9\n192 FIDE_DUTCH_2025_BAKU\n",
        ] {
            let text = field(4, extra);
            let f = trf::read_file(&text, None).unwrap();
            let back = trf::write_as(&f.tournament, &f.layout);
            assert_eq!(back, text);
        }
        let t = trf::read(&field(4, "XXR 9\n192 FIDE_DUTCH_2025_BAKU\n")).unwrap();
        let own = trf::write(&t);
        assert!(own.contains("192 FIDE_DUTCH_2025_BAKU"), "{own}");
        assert!(own.contains("250       1.0   1   3    1    2"), "{own}");
        assert!(own.contains("250       0.5   4   5    1    2"), "{own}");
        let again = trf::read(&own).unwrap();
        assert_eq!(again.virtual_points, t.virtual_points);
    }
}

/// C.04.7 in every Swiss system: tournaments generated under the Baku acceleration (20-90
/// players, 7-11 rounds, late entries, byes, withdrawals, forfeits), every round checked
/// against the system's absolute criteria as it is paired; none is refused or breaks one.
#[test]
fn c04_7_every_system_under_baku_breaks_no_absolute_criterion() {
    use engine::pairing::generate::{generate_accelerated, GenerateConfig};
    let mut rounds = 0;
    for system in [
        System::Dutch2026,
        System::Dutch1992,
        System::Dubov,
        System::Dubov2026,
        System::Burstein2026,
        System::DoubleSwiss,
    ] {
        for seed in 1..=12u64 {
            let config = GenerateConfig {
                system,
                players: 20 + (seed as u32 * 37) % 71,
                rounds: 7 + (seed % 5) as u16,
                seed: 9_000 + seed,
            };
            let t = generate_accelerated(config, config.rounds)
                .unwrap_or_else(|e| panic!("{system:?} seed {}: {e}", config.seed));
            assert!(!t.virtual_points.is_empty());
            rounds += t.rounds().len();
        }
    }
    eprintln!("{rounds} accelerated rounds paired, none against an absolute criterion");
}
