//! The random tournament generator: reproducible from its seed.

use engine::formats::trf;
use engine::pairing::generate::{generate, GenerateConfig, GenerateError};
use engine::pairing::PairingError;
use engine::System;

#[test]
fn same_seed_same_bytes_other_seed_other_bytes() {
    for system in [
        System::Dutch1992,
        System::Dubov,
        System::Dubov2026,
        System::Burstein2026,
        System::DoubleSwiss,
    ] {
        let config = GenerateConfig {
            system,
            players: 41,
            rounds: 1,
            seed: 2026,
        };
        let a = trf::write(&generate(config).unwrap());
        let b = trf::write(&generate(config).unwrap());
        assert_eq!(a, b, "{system:?}");
        let c = trf::write(
            &generate(GenerateConfig {
                seed: 2027,
                ..config
            })
            .unwrap(),
        );
        assert_ne!(a, c, "{system:?}");
    }
}

#[test]
fn generated_round_has_results_and_a_bye_for_an_odd_field() {
    let t = generate(GenerateConfig {
        system: System::Dutch1992,
        players: 41,
        rounds: 1,
        seed: 1,
    })
    .unwrap();
    let r = &t.rounds()[0];
    assert!(r.pairings.iter().all(|p| p.is_complete()));
    let paired = 2 * r.pairings.len();
    let byes = r.byes.len();
    assert_eq!(paired + byes, 41);
    assert!(
        r.byes
            .iter()
            .filter(|b| b.kind == engine::model::result::ByeKind::PairingAllocated)
            .count()
            <= 1
    );
}

#[test]
fn rounds_that_cannot_be_paired_are_an_error_not_a_panic() {
    // Four players meet everyone in three rounds: the fourth has no pairing.
    for system in [
        System::Dutch1992,
        System::Dubov,
        System::Dubov2026,
        System::Burstein2026,
    ] {
        let e = generate(GenerateConfig {
            system,
            players: 4,
            rounds: 4,
            seed: 1,
        })
        .unwrap_err();
        assert!(
            matches!(
                e,
                GenerateError::Pairing {
                    error: PairingError::NoValidPairing { .. },
                    ..
                }
            ),
            "{e}"
        );
    }
}

/// A Double-Swiss event generated round after round has what real ones have: late entries,
/// withdrawals, requested byes and forfeits; and re-pairing every round gives what was paired.
#[test]
fn generated_events_have_late_entries_withdrawals_byes_and_forfeits() {
    use engine::model::history::{states_before, RoundEntry};
    use engine::model::result::{ByeKind, GameMode};
    let t = generate(GenerateConfig {
        system: System::DoubleSwiss,
        players: 90,
        rounds: 7,
        seed: 3,
    })
    .unwrap();
    let states = states_before(&t, t.next_round());
    let late = states
        .iter()
        .filter(|s| {
            s.entries[0] == RoundEntry::Absent && s.entries.iter().any(|e| *e != RoundEntry::Absent)
        })
        .count();
    let withdrawn = t
        .players()
        .iter()
        .filter(|p| p.withdrawn_from.is_some())
        .count();
    let requested = t
        .rounds()
        .iter()
        .flat_map(|r| &r.byes)
        .filter(|b| b.kind != ByeKind::PairingAllocated)
        .count();
    let forfeits = t
        .rounds()
        .iter()
        .flat_map(|r| &r.pairings)
        .flat_map(|p| p.games.iter().flatten())
        .filter(|g| g.mode() == GameMode::Forfeit)
        .count();
    assert!(
        late > 0 && withdrawn > 0 && requested > 0 && forfeits > 0,
        "late {late}, withdrawn {withdrawn}, byes {requested}, forfeits {forfeits}"
    );
    for (round, outcome) in engine::pairing::check::recheck(&t, System::DoubleSwiss) {
        assert_eq!(
            outcome,
            engine::pairing::check::RoundCheck::Same,
            "round {round}"
        );
    }
}
