//! Pairing a round: which system pairs it ([`pair_next_round`]), and the systems.
//!
//! Each system has its own folder of the same shape: `mod.rs` with its Readings, and a file per
//! chapter of its text. Where a system has a literal implementation of its text that the fast
//! procedure is held to, it is the folder's `reference.rs`, which the procedure never calls
//! (Dutch 1992: every exchange and transposition in order; Double-Swiss: brute force). The
//! 2026 Dutch's literal walk through Article 4's whole sequence is a way of its own procedure
//! (`Way::Walked`), sharing its judgement of each candidate; Dubov's procedure is its text's
//! order itself. What they share is in
//! [`common`]; what they return in [`proposal`]; the explanation as data in [`explanation`].
//! [`validate`] checks any pairing against the absolute criteria, [`check`] re-pairs recorded
//! rounds and [`generate`] makes random tournaments (the checker and generator FIDE asks a
//! pairing program to provide).

pub mod burstein2026;
pub mod check;
pub(crate) mod common;
pub mod double_swiss;
pub mod dubov;
pub mod dubov2026;
pub mod dutch;
pub mod dutch2026;
pub mod explanation;
pub mod generate;
mod index;
pub mod proposal;
pub mod round_robin;
pub mod validate;

pub use explanation::Step;
pub use proposal::{PairingError, RoundPairing};

use crate::model::ids::RoundNo;
use crate::model::settings::System;
use crate::model::tournament::Tournament;

/// `round` of `tournament` as `system` pairs it.
fn by_system(
    tournament: &Tournament,
    system: System,
    round: RoundNo,
) -> Result<RoundPairing, PairingError> {
    match system {
        System::Dutch1992 => dutch::pair(tournament, round),
        System::Dutch2026 => dutch2026::pair(tournament, round),
        System::Dubov => dubov::pair(tournament, round),
        System::Dubov2026 => dubov2026::pair(tournament, round),
        System::Burstein2026 => burstein2026::pair(tournament, round),
        System::DoubleSwiss => double_swiss::pair(tournament, round),
        System::RoundRobin => round_robin::pair(tournament, round, 1),
        System::DoubleRoundRobin => round_robin::pair(tournament, round, 2),
    }
}

/// Pairs the next round of `tournament` with `system`.
pub fn pair_next_round(
    tournament: &Tournament,
    system: System,
) -> Result<RoundPairing, PairingError> {
    let round = tournament.next_round();
    if let Some(total) = tournament.settings.rounds {
        if round.get() > total {
            return Err(PairingError::TournamentComplete(total));
        }
    }
    if let Some((i, _)) = tournament
        .rounds()
        .iter()
        .enumerate()
        .find(|(_, r)| r.pairings.iter().any(|p| !p.is_complete()))
    {
        return Err(PairingError::ResultsMissing(RoundNo::from_index(i)));
    }
    let mut paired = by_system(tournament, system, round)?;
    // Players kept apart (TRF 260): the explanation says whether they changed the pairing, by
    // pairing the round once more without them (the same polynomial work again).
    let apart: Vec<&crate::model::tournament::ForbiddenPairs> = tournament
        .forbidden
        .iter()
        .filter(|f| f.from <= round && round <= f.to)
        .collect();
    if !apart.is_empty() && !system.is_round_robin() {
        let mut free = tournament.clone();
        free.forbidden.clear();
        let kept_apart = |a: crate::model::ids::Tpn, b: crate::model::ids::Tpn| {
            apart
                .iter()
                .any(|f| f.players.contains(&a) && f.players.contains(&b))
        };
        let text = match by_system(&free, system, round) {
            Ok(other) if other.pairs == paired.pairs && other.bye == paired.bye => {
                "Players kept apart: none of them would have met in this round; the pairing is the system's own.".to_string()
            }
            Ok(other) => {
                let met: Vec<String> = other
                    .pairs
                    .iter()
                    .filter(|(a, b)| kept_apart(*a, *b))
                    .map(|(a, b)| format!("{a}-{b}"))
                    .collect();
                format!(
                    "Players kept apart changed this pairing: without them the system would have paired {}.",
                    if met.is_empty() { "the round otherwise".to_string() } else { met.join(", ") }
                )
            }
            Err(_) => "Players kept apart: without them the round could not be paired either.".to_string(),
        };
        paired.explanation.insert(0, Step::new("260", text));
    }
    // C.04.7: the explanation names the virtual points the pairing scores were made with.
    let used: Vec<String> = tournament
        .virtual_points
        .iter()
        .filter(|v| v.from <= round && round <= v.to)
        .map(|v| {
            format!(
                "players {} to {} have {} virtual point{} in this round",
                v.first,
                v.last,
                v.points,
                if v.points == crate::model::points::Points::ONE {
                    ""
                } else {
                    "s"
                }
            )
        })
        .collect();
    if !used.is_empty() {
        paired.explanation.insert(
            0,
            Step::new(
                "C.04.7",
                format!(
                    "Acceleration: {}; each one's pairing score is the points plus them (the standings keep the points).",
                    used.join("; ")
                ),
            ),
        );
    }
    Ok(paired)
}
