//! The Dubov system, 1997 text (`rules/dubov-1997.md`).
//!
//! Implemented so far: round 1 (5). Later rounds return [`PairingError::NotImplemented`].

use super::{check_no_forbidden, half_against_half, PairingError, RoundPairing};
use crate::ids::RoundNo;
use crate::settings::System;
use crate::tournament::Tournament;

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    if round != RoundNo::FIRST {
        return Err(PairingError::NotImplemented {
            system: System::Dubov,
            round,
        });
    }
    round_one(tournament, round)
}

/// Dubov 5: the list is divided into two equal parts, the first of the upper part plays the
/// first of the lower part, and so on; the lot gives the first pair its colours, odd-numbered
/// pairs the same and even-numbered pairs the other. With an odd number the last player in the
/// list gets the bye, having no colour.
///
/// Reading: "the player's list calculated before" is the starting list, ordered as the
/// pairing numbers were fixed (rating, title, name).
fn round_one(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    let mut explanation =
        vec!["Round 1 (Dubov 5): the starting list divided into two equal parts.".to_string()];
    let r = half_against_half(tournament, round, &mut explanation);
    if let Some(b) = r.bye {
        explanation.push(format!(
            "5: the number of players is odd; the last in the list, {b}, gets the bye."
        ));
    }
    explanation.push(format!(
        "5: the lot gives the first pair's left-hand player {:?}; odd pairs alike, even pairs the other way.",
        r.first
    ));
    check_no_forbidden(tournament, System::Dubov, round, &r.pairs)?;
    Ok(RoundPairing {
        round,
        pairs: r.pairs,
        bye: r.bye,
        explanation,
    })
}
