//! Pairing a round: which system pairs it ([`pair_next_round`], which only dispatches), and
//! the systems.
//!
//! Each system has its own folder of the same shape: `mod.rs` with its Readings, and a file per
//! chapter of its text. Where a system has a literal implementation of its text that the fast
//! procedure is held to, it is the folder's `reference.rs`, which the procedure never calls
//! (Dutch 1992: every exchange and transposition in order; Double-Swiss: brute force). The
//! 2026 Dutch's literal walk through Article 4's whole sequence is a way of its own procedure
//! (`Way::Walked`), sharing its judgement of each candidate; Dubov's procedure is its text's
//! order itself. What they share is in [`common`]; what they return in [`proposal`]; the
//! explanation as data in [`explanation`]. `preface` says whether a round may be paired and
//! opens every explanation (players kept apart, virtual points). [`validate`] checks any
//! pairing against the absolute criteria, [`check`] re-pairs recorded rounds and [`generate`]
//! makes random tournaments (the checker and generator FIDE asks a pairing program to
//! provide).

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
mod preface;
pub mod proposal;
pub mod round_robin;
pub mod team_swiss;
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

/// Pairs the next round of `tournament` with `system`: the round if one may be paired
/// ([`preface`]), by the system, with the steps every explanation opens with.
pub fn pair_next_round(
    tournament: &Tournament,
    system: System,
) -> Result<RoundPairing, PairingError> {
    let round = preface::next_round(tournament)?;
    let paired = by_system(tournament, system, round)?;
    Ok(preface::with_opening_steps(
        tournament,
        system,
        round,
        paired,
        |free| by_system(free, system, round),
    ))
}
