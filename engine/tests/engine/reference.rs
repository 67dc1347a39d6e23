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
    let files: Vec<(String, Vec<u8>)> = reference_archive(archive)?
        .into_iter()
        .filter(|(name, _)| name.ends_with(".trf"))
        .collect();
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
    Some((files.len(), rounds, problems))
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
