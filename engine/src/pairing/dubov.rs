//! The Dubov system, 1997 text (`rules/dubov-1997.md`).
//!
//! Implemented so far: round 1 (5). Later rounds return [`PairingError::NotImplemented`].

use super::{check_no_forbidden, initial_color, PairingError, RoundPairing};
use crate::color::Color;
use crate::ids::{RoundNo, Tpn};
use crate::player::{initial_order, Player};
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
    let mut players: Vec<&Player> = tournament
        .available_players(round)
        .into_iter()
        .filter_map(|t| tournament.player(t))
        .collect();
    players.sort_by(|a, b| initial_order(a, b).then(a.tpn.cmp(&b.tpn)));
    let bye = if players.len() % 2 == 1 {
        players.pop().map(|p| p.tpn)
    } else {
        None
    };
    if let Some(b) = bye {
        explanation.push(format!(
            "5: the number of players is odd; the last in the list, {b}, gets the bye."
        ));
    }
    let first = initial_color(tournament, &mut explanation);
    explanation.push(format!("5: the lot gives the first pair's left-hand player {first:?}; odd pairs alike, even pairs the other way."));
    let half = players.len() / 2;
    let (left, right) = players.split_at(half);
    let pairs: Vec<(Tpn, Tpn)> = left
        .iter()
        .zip(right)
        .enumerate()
        .map(
            |(i, (a, b))| match if i % 2 == 0 { first } else { first.opposite() } {
                Color::White => (a.tpn, b.tpn),
                Color::Black => (b.tpn, a.tpn),
            },
        )
        .collect();
    check_no_forbidden(tournament, System::Dubov, round, &pairs)?;
    Ok(RoundPairing {
        round,
        pairs,
        bye,
        explanation,
    })
}
