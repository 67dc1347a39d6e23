//! The Dutch system, 1992-2006 text (`rules/dutch-1992-2006.md`).
//!
//! Implemented so far: the order of A.2 and round 1 (F.4 with the colours of E.5 and the lot of
//! A.7). Later rounds return [`PairingError::NotImplemented`].

use super::{check_no_forbidden, half_against_half, PairingError, RoundPairing};
use crate::ids::{RoundNo, Tpn};
use crate::settings::System;
use crate::tournament::Tournament;

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    if round != RoundNo::FIRST {
        return Err(PairingError::NotImplemented {
            system: System::Dutch,
            round,
        });
    }
    round_one(tournament, round)
}

/// Dutch F.4: all players form one homogeneous bracket ordered by A.2; if the number is odd the
/// lowest ranked gets the bye; the highest of S1 plays the highest of S2, and so on.
/// E.5 with A.7: the lot gives the first player of S1 a colour; S1's odd-numbered players
/// (1st, 3rd, ... in S1) get that colour and its even-numbered ones the other.
///
/// Reading: "even numbered players in S1" counts positions in S1, which is also how Dubov 5
/// words it ("all odd-numbered pairs"); with no absentees this is the pairing number.
fn round_one(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    let mut explanation =
        vec!["Round 1 (Dutch F.4): one homogeneous score bracket, ordered by A.2.".to_string()];
    let r = half_against_half(tournament, round, &mut explanation);
    if let Some(b) = r.bye {
        explanation.push(format!(
            "F.4: the number of players is odd; the lowest ranked, {b}, gets the bye (A.5)."
        ));
    }
    explanation.push(format!(
        "A.6: p = {}; S1 = {}; S2 = {}.",
        r.upper.len(),
        list(&r.upper),
        list(&r.lower)
    ));
    explanation.push(format!(
        "E.5: S1's odd-numbered players get {:?} (the lot, A.7), its even-numbered ones the other colour.",
        r.first
    ));
    check_no_forbidden(tournament, System::Dutch, round, &r.pairs)?;
    Ok(RoundPairing {
        round,
        pairs: r.pairs,
        bye: r.bye,
        explanation,
    })
}

fn list(players: &[Tpn]) -> String {
    players
        .iter()
        .map(Tpn::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
