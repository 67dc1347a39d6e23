//! The 2026 Dubov system held to `../shared/reference/dubov-2026/cases.tar.xz`: rounds of
//! tournaments cut before the round, each paired by two independent readings of the text
//! (py4swiss with fixes and a brute force) that agreed; every case's round paired here must be
//! the same pairs with the same colours and the same bye (the board order was not
//! cross-checked there, so the pairs are compared as a set). The single-oracle cases (one
//! reading only, larger fields) are counted and printed, a difference there to be read by hand.

use crate::support::{py4swiss_fixed, py4swiss_pair, reference_archive, trf_for_py4swiss};
use engine::formats::trf;
use engine::model::ids::Tpn;
use engine::pairing::pair_next_round;
use engine::System;

/// The answer of a case (`.expected`): the number of pairs, then `WHITE BLACK` per pair, the
/// pairing-allocated bye as `N 0`; the pairs sorted.
fn expected(text: &str) -> (Vec<(u32, u32)>, Option<u32>) {
    let (mut pairs, bye) = crate::support::engine_output(text);
    pairs.sort_unstable();
    (pairs, bye)
}

/// Pairs every case of `archive` under `folder` with `system`; the cases checked and each
/// that differs, in words.
pub(crate) fn agree_as_sets(
    archive: &str,
    folder: &str,
    system: System,
) -> Option<(usize, Vec<String>)> {
    let cases = crate::support::reference_cases(archive, &format!("{folder}/"))?;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = cases.len().div_ceil(threads).max(1);
    let problems: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut problems = Vec::new();
                    for (name, bytes, exp) in part {
                        let t = trf::read_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
                        let (want, want_bye) = expected(exp);
                        match pair_next_round(&t, system) {
                            Err(e) => problems.push(format!("{name}: not paired: {e}")),
                            Ok(p) => {
                                let mut got: Vec<(u32, u32)> =
                                    p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect();
                                got.sort_unstable();
                                let got_bye = p.bye.map(Tpn::get);
                                if got != want || got_bye != want_bye {
                                    let missing: Vec<_> =
                                        want.iter().filter(|x| !got.contains(x)).collect();
                                    let extra: Vec<_> =
                                        got.iter().filter(|x| !want.contains(x)).collect();
                                    problems.push(format!(
                                        "{name}: pairs here not there {extra:?}, there not here {missing:?}, bye {got_bye:?} / {want_bye:?}"
                                    ));
                                }
                            }
                        }
                    }
                    problems
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    Some((cases.len(), problems))
}

/// Every two-oracle case (`cases/`, 1,500 rounds of 8-20 players, every round 1-9): the same
/// pairs, colours and bye.
#[test]
fn dubov_2026_pairs_every_reference_case_as_both_readings_do() {
    let Some((cases, problems)) =
        agree_as_sets("dubov-2026/cases.tar.xz", "cases", System::Dubov2026)
    else {
        return;
    };
    eprintln!("dubov-2026/cases: {cases} cases, {} differ", problems.len());
    assert!(cases > 0, "no case in dubov-2026/cases");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The single-oracle cases (`single-oracle/`, 300 rounds of 21-60 players, py4swiss-fixed's
/// answer alone): the same pairs, colours and bye. Its two known unfixed bugs (the oracles'
/// README) did not show in these rounds; a difference here would be read by hand against the
/// text before either side is called wrong.
#[test]
fn dubov_2026_pairs_every_single_oracle_case_as_py4swiss_fixed_does() {
    let Some((cases, problems)) = agree_as_sets(
        "dubov-2026/cases.tar.xz",
        "single-oracle",
        System::Dubov2026,
    ) else {
        return;
    };
    eprintln!(
        "dubov-2026/single-oracle: {cases} cases, {} differ",
        problems.len()
    );
    assert!(cases > 0, "no case in dubov-2026/single-oracle");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// 1.9.3: the round both readings found no legal pairing for is refused, in words.
#[test]
fn dubov_2026_1_9_3_the_round_with_no_legal_pairing_is_refused() {
    let Some(files) = reference_archive("dubov-2026/cases.tar.xz") else {
        return;
    };
    let cases: Vec<_> = files
        .iter()
        .filter(|(name, _)| name.contains("no-legal-pairing/") && name.ends_with(".trf"))
        .collect();
    assert!(!cases.is_empty(), "no case in dubov-2026/no-legal-pairing");
    for (name, bytes) in cases {
        let t = trf::read_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        match pair_next_round(&t, System::Dubov2026) {
            Ok(p) => panic!(
                "{name}: paired {:?}, where no legal pairing exists",
                p.pairs
            ),
            Err(e) => assert!(
                e.to_string().contains("Chief Arbiter decides"),
                "{name}: {e}"
            ),
        }
    }
}

/// Generates `count` tournaments with `system` (8-60 players, 5-9 rounds, forfeits, requested
/// byes, withdrawals and late entries: the generator validates every round it pairs and stops
/// with `Invalid` on the first breach of the absolute criteria); answers the rounds paired, the
/// tournaments ended on a round no pairing can meet [C1]-[C3] for (refused in words), and each
/// breach.
pub(crate) fn validate_generated(system: System, count: u64) -> (usize, usize, Vec<String>) {
    use engine::pairing::generate::{generate, GenerateConfig, GenerateError};
    let seeds: Vec<u64> = (0..count).collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = seeds.len().div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> = seeds
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let (mut rounds, mut refused, mut invalid) = (0usize, 0usize, Vec::new());
                    for &seed in part {
                        let config = GenerateConfig {
                            system,
                            players: 8 + (seed % 53) as u32,
                            rounds: 5 + (seed % 5) as u16,
                            seed,
                        };
                        match generate(config) {
                            Ok(t) => rounds += t.rounds().len(),
                            Err(GenerateError::Pairing { round, error }) => {
                                rounds += round.index();
                                assert!(
                                    error.to_string().contains("Chief Arbiter decides"),
                                    "seed {seed}: {error}"
                                );
                                refused += 1;
                            }
                            Err(e) => invalid.push(format!("seed {seed}: {e}")),
                        }
                    }
                    (rounds, refused, invalid)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).fold(
            (0, 0, Vec::new()),
            |(a, b, mut c), (x, y, z)| {
                c.extend(z);
                (a + x, b + y, c)
            },
        )
    })
}

/// The validator (the absolute criteria, the bye, everyone paired once) finds nothing in
/// 10,000 tournaments the generator pairs with the 2026 Dubov.
#[test]
fn dubov_2026_validator_finds_nothing_in_10000_generated_tournaments() {
    let (rounds, refused, invalid) = validate_generated(System::Dubov2026, 10_000);
    eprintln!(
        "dubov-2026 generated: 10000 tournaments, {rounds} rounds paired, {refused} ended on a round with no legal pairing, {} invalid",
        invalid.len()
    );
    assert!(rounds > 60_000, "{rounds}");
    assert!(invalid.is_empty(), "{}", invalid.join("\n"));
}

/// Generates `count` tournaments with `system` and pairs every round after the first
/// `first(rounds)`, cut before it, with py4swiss-fixed's `engine` (`dubov`, `burstein`): the
/// rounds compared and each that differs, in words, with whether `explained` holds of the
/// tournament cut before it; `None` (said plainly) when py4swiss-fixed cannot run here.
pub(crate) fn py4swiss_on_generated(
    system: System,
    engine_name: &'static str,
    count: u64,
    first: fn(u16) -> usize,
    explained: fn(&engine::Tournament) -> bool,
) -> Option<(usize, Vec<(String, bool)>)> {
    let program = py4swiss_fixed()?;
    let seeds: Vec<u64> = (1..=count).collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = seeds.len().div_ceil(threads);
    let program = &program;
    Some(std::thread::scope(|s| {
        let handles: Vec<_> = seeds
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut rounds = 0;
                    let mut problems = Vec::new();
                    for &seed in part {
                        let config = engine::pairing::generate::GenerateConfig {
                            system,
                            players: 8 + (seed * 7 % 33) as u32,
                            rounds: 5 + (seed % 5) as u16,
                            seed: 40_000 + seed,
                        };
                        let Ok(t) = engine::pairing::generate::generate(config) else {
                            continue;
                        };
                        for k in first(config.rounds)..t.rounds().len() {
                            let mut cut = t.clone();
                            while cut.rounds().len() > k {
                                cut.pop_round();
                            }
                            let round = cut.next_round();
                            let ours = pair_next_round(&cut, system).unwrap();
                            let mut text = trf_for_py4swiss(&trf::write(&cut), k);
                            let available = cut.available_players(round);
                            let absent: Vec<String> = cut
                                .players()
                                .iter()
                                .filter(|p| !available.contains(&p.tpn))
                                .map(|p| p.tpn.get().to_string())
                                .collect();
                            if !absent.is_empty() {
                                text.push_str(&format!("XXZ {}\n", absent.join(" ")));
                            }
                            rounds += 1;
                            let name = format!("{engine_name}-s{seed}-r{}", round.get());
                            let mut mine: Vec<(u32, u32)> =
                                ours.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect();
                            mine.sort_unstable();
                            let my_bye = ours.bye.map(Tpn::get);
                            match py4swiss_pair(program, engine_name, &text, &name) {
                                Err(e) => {
                                    problems.push((format!("{name}: py4swiss-fixed: {e}"), false))
                                }
                                Ok((theirs, their_bye)) => {
                                    if theirs != mine || their_bye != my_bye {
                                        problems.push((format!(
                                            "{name}: here not there {:?}, there not here {:?}, bye {my_bye:?} / {their_bye:?}",
                                            mine.iter().filter(|x| !theirs.contains(x)).collect::<Vec<_>>(),
                                            theirs.iter().filter(|x| !mine.contains(x)).collect::<Vec<_>>()
                                        ), explained(&cut)));
                                    }
                                }
                            }
                        }
                    }
                    (rounds, problems)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).fold(
            (0, Vec::new()),
            |(a, mut b), (x, y)| {
                b.extend(y);
                (a + x, b)
            },
        )
    }))
}

/// Tournaments made by this program's generator (the other direction FIDE's acceptance asks
/// for), every round cut before it and paired by py4swiss-fixed: the same pairs, colours and
/// bye. `DUBOV2026_PY4SWISS=N` checks N tournaments instead of 24 (each round costs
/// py4swiss about half a second); the figure is printed. On 300 (1,998 rounds) 6 rounds
/// differ, each py4swiss-fixed's by the text (hand-worked cases in the module's tests): four
/// are its known unfixed [C6] bug (upfloaters' score differences compared smallest first:
/// `dubov_2026_c6_the_largest_score_difference_is_compared_first`), two a [C2] it does not
/// apply (a requested full-point bye is a win's points without playing, so no
/// pairing-allocated bye after it: `dubov_2026_c2_no_bye_after_a_full_point_bye`).
#[test]
fn dubov_2026_generated_tournaments_pair_as_py4swiss_fixed_pairs_them() {
    let count: u64 = std::env::var("DUBOV2026_PY4SWISS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let Some((rounds, problems)) =
        py4swiss_on_generated(System::Dubov2026, "dubov", count, |_| 0, |_| false)
    else {
        return;
    };
    let problems: Vec<String> = problems.into_iter().map(|p| p.0).collect();
    eprintln!(
        "dubov-2026 generated, against py4swiss-fixed: {count} tournaments, {rounds} rounds, {} differ",
        problems.len()
    );
    for p in &problems {
        eprintln!("  {p}");
    }
    assert!(rounds > 0);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
