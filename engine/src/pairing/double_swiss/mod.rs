//! The Double-Swiss system, C.04.5 (2026) (`../shared/rules/double-swiss-2026.md`): matches of
//! two games.
//!
//! Round 1 directly (the bye by 3.4, the single bracket by 3.6, colours by 4.3.1); later
//! rounds by maximum-weight matchings ([`matching`]), held to the literal reference
//! implementation ([`reference`], a test oracle the procedure never calls) by a property test.
//! [`field`] holds what both read: Article 1's definitions and Article 4's colours.

pub(crate) mod field;
pub mod matching;
pub mod reference;

use crate::model::color::Color;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::settings::System;
use crate::model::tournament::Tournament;
use crate::pairing::common::{check_no_forbidden, initial_color};
use crate::pairing::explanation::Step;
use crate::pairing::proposal::{PairingError, RoundPairing};

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    // Round 1 by 3.6.2's one bracket, unless an acceleration gives virtual points (C.04.7
    // 1.4: then the scores differ already, and the procedure pairs it).
    if round == RoundNo::FIRST && tournament.virtual_points.is_empty() {
        return round_one(tournament, round);
    }
    matching::pair(tournament, round)
}

/// Round 1. Everyone has score 0 and no match played, so 3.4 gives the bye (if the number is
/// odd) to the largest TPN (3.4.4); the one bracket's first identifier in 3.6.3's order puts the
/// lowest TPNs on top: 1-(k+1), 2-(k+2), ... for 2k players (3.6.2). Colours 4.3.1: both yet
/// to play, so the higher-ranked player (4.2: the smaller TPN) gets the initial colour if their
/// TPN is odd, the other colour if it is even.
fn round_one(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    let mut explanation = vec![Step::heading(
        "Round 1 (Double-Swiss): one scoregroup, no upfloaters.",
    )];
    let mut players: Vec<Tpn> = tournament.available_players(round);
    players.sort();
    let bye = if players.len() % 2 == 1 {
        players.pop()
    } else {
        None
    };
    if let Some(b) = bye {
        explanation.push(Step::new("3.4", format!("the pairing-allocated bye goes to {b}: lowest score, most matches played (all equal), largest TPN (3.4.4).")));
    }
    let first = initial_color(tournament, &mut explanation);
    let k = players.len() / 2;
    let (top, bottom) = players.split_at(k);
    let identifier: Vec<String> = top.iter().chain(bottom).map(Tpn::to_string).collect();
    explanation.push(Step::new(
        "3.6",
        format!("the first pairing identifier is {}.", identifier.join(" ")),
    ));
    let pairs: Vec<(Tpn, Tpn)> = top
        .iter()
        .zip(bottom)
        .map(|(&hrp, &other)| {
            let hrp_color = if hrp.get() % 2 == 1 {
                first
            } else {
                first.opposite()
            };
            match hrp_color {
                Color::White => (hrp, other),
                Color::Black => (other, hrp),
            }
        })
        .collect();
    explanation.push(Step::new(
        "4.3.1",
        format!(
            "initial colour {}; an odd-TPN higher-ranked player gets it, an even one the other.",
            first.name()
        ),
    ));
    check_no_forbidden(tournament, System::DoubleSwiss, round, &pairs)?;
    Ok(RoundPairing {
        round,
        pairs,
        bye,
        explanation,
    })
}
