//! The pairing systems held to the reference data of `../shared/reference`: whole tournaments
//! paired round by round by another program, each round re-paired here from the rounds before
//! it (`engine::pairing::check::recheck`, what `swiss check` does).

use crate::support::reference_archive;
use engine::formats::trf;
use engine::pairing::check::{recheck, RoundCheck};
use engine::System;

/// Re-pairs every round of every TRF file of `archive` with `system`, on both cores; answers
/// the number of tournaments and rounds checked, and each round that differs or could not be
/// paired, in words.
fn recheck_archive(archive: &str, system: System) -> Option<(usize, usize, Vec<String>)> {
    recheck_every(archive, system, 1)
}

/// [`recheck_archive`] on every `nth` TRF file of `archive` (in the archive's order).
fn recheck_every(archive: &str, system: System, nth: usize) -> Option<(usize, usize, Vec<String>)> {
    let files: Vec<(String, Vec<u8>)> = reference_archive(archive)?
        .into_iter()
        .filter(|(name, _)| name.ends_with(".trf"))
        .step_by(nth)
        .collect();
    Some(recheck_files(&files, system))
}

/// Re-pairs every round of `files` (name, TRF bytes) with `system`, on both cores.
fn recheck_files(files: &[(String, Vec<u8>)], system: System) -> (usize, usize, Vec<String>) {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = files.len().div_ceil(threads).max(1);
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut rounds = 0;
                    let mut problems = Vec::new();
                    for (name, bytes) in part {
                        let t = trf::read_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
                        for (round, outcome) in recheck(&t, system) {
                            rounds += 1;
                            match outcome {
                                RoundCheck::Same => {}
                                RoundCheck::Differs(d) => {
                                    problems.push(format!("{name} round {round}: {}", d.join("; ")))
                                }
                                RoundCheck::NotPaired(e) => {
                                    problems.push(format!("{name} round {round}: {e}"))
                                }
                            }
                        }
                    }
                    (rounds, problems)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let rounds = results.iter().map(|r| r.0).sum();
    let problems = results.into_iter().flat_map(|r| r.1).collect();
    (files.len(), rounds, problems)
}

/// bbpPairings v6's `standard` set (`../shared/reference/dutch-2026/standard.tar.xz`: 6,000
/// tournaments of 7-36 players, 5-13 rounds, 1-½-0, forfeits, retirements, half-point byes):
/// every round re-pairs as bbpPairings paired it. `DUTCH2026_REFERENCE=wide` (or `large`)
/// checks another set of the same folder instead; the figure is printed.
#[test]
fn dutch_2026_re_pairs_every_round_of_the_reference_tournaments() {
    let set = std::env::var("DUTCH2026_REFERENCE").unwrap_or_else(|_| "standard".into());
    let Some((tournaments, rounds, problems)) =
        recheck_archive(&format!("dutch-2026/{set}.tar.xz"), System::Dutch2026)
    else {
        return;
    };
    eprintln!(
        "dutch-2026/{set}: {tournaments} tournaments, {rounds} rounds, {} differ",
        problems.len()
    );
    assert!(tournaments > 0, "no tournament in dutch-2026/{set}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The rest of `../shared/reference/dutch-2026` as CI samples it: every 20th tournament of the
/// `wide` set (30-150 players; 1-½-0, 2-1-0 and 3-1-0), every 5th of the `large` set (150-400
/// players) and the file of `hard/`, every round re-paired as bbpPairings v6 paired it (the whole
/// sets by `DUTCH2026_REFERENCE=wide` or `large` on the test above).
#[test]
fn dutch_2026_re_pairs_a_sample_of_the_wide_and_large_sets_and_the_hard_file() {
    let mut problems = Vec::new();
    for (set, nth) in [("wide", 20), ("large", 5)] {
        let Some((tournaments, rounds, differ)) =
            recheck_every(&format!("dutch-2026/{set}.tar.xz"), System::Dutch2026, nth)
        else {
            return;
        };
        eprintln!(
            "dutch-2026/{set}, every {nth}th: {tournaments} tournaments, {rounds} rounds, {} differ",
            differ.len()
        );
        assert!(tournaments > 0, "no tournament in dutch-2026/{set}");
        problems.extend(differ);
    }
    let hard = crate::support::reference_dir("dutch-2026/hard");
    let Some(hard) = hard else { return };
    let files: Vec<(String, Vec<u8>)> = hard
        .into_iter()
        .filter(|(name, _)| name.ends_with(".trf"))
        .collect();
    assert!(!files.is_empty(), "no TRF file in dutch-2026/hard");
    let (tournaments, rounds, differ) = recheck_files(&files, System::Dutch2026);
    eprintln!(
        "dutch-2026/hard: {tournaments} tournaments, {rounds} rounds, {} differ",
        differ.len()
    );
    problems.extend(differ);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
