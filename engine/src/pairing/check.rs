//! Re-pairing recorded rounds: the pairing a system makes for each round of a tournament, given
//! everything before that round, set beside the pairing that was recorded.
//!
//! Used by `swiss check` to test the systems against real and generated tournaments.

use crate::model::ids::{RoundNo, Tpn};
use crate::model::result::ByeKind;
use crate::model::settings::System;
use crate::model::tournament::{Round, Tournament};
use crate::pairing::{pair_next_round, PairingError, RoundPairing};
use std::collections::BTreeSet;

/// What re-pairing one round gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundCheck {
    /// The system pairs the round as recorded.
    Same,
    /// The system pairs it otherwise; each entry says one difference.
    Differs(Vec<String>),
    /// The system could not pair the round.
    NotPaired(PairingError),
}

/// The tournament as it stood when `round` was to be paired: the rounds before it, and as
/// unavailable in it the players who were not paired in it (requested byes keep their kind;
/// players absent without one count as announced absences).
pub fn before_round(tournament: &Tournament, round: RoundNo) -> Tournament {
    let mut t = tournament.clone();
    while t.rounds().len() >= round.get() as usize {
        t.pop_round();
    }
    t.requested_byes.retain(|r, _| *r < round);
    let recorded = &tournament.rounds()[round.index()];
    let requested = t.requested_byes.entry(round).or_default();
    for b in &recorded.byes {
        if b.kind != ByeKind::PairingAllocated {
            requested.insert(b.player, b.kind);
        }
    }
    if t.settings.initial_color.is_none() {
        t.settings.initial_color = crate::pairing::common::lot_of_round_one(tournament);
    }
    for p in tournament.players() {
        let in_round = recorded.pairing_of(p.tpn).is_some() || recorded.bye_of(p.tpn).is_some();
        if !in_round && p.plays_in(round) {
            requested.insert(p.tpn, ByeKind::Zero);
        }
    }
    t
}

/// Re-pairs every recorded round of `tournament` with `system`.
pub fn recheck(tournament: &Tournament, system: System) -> Vec<(RoundNo, RoundCheck)> {
    (0..tournament.rounds().len())
        .map(|i| {
            let round = RoundNo::from_index(i);
            let t = before_round(tournament, round);
            let outcome = match pair_next_round(&t, system) {
                Ok(p) => compare(&tournament.rounds()[i], &p, system.is_round_robin()),
                Err(e) => RoundCheck::NotPaired(e),
            };
            (round, outcome)
        })
        .collect()
}

/// `recorded` beside `proposed`; in a round-robin (`rest`), the bye is the rest of the player
/// drawn against the bye number, recorded as a zero-point bye.
fn compare(recorded: &Round, proposed: &RoundPairing, rest: bool) -> RoundCheck {
    let rec: BTreeSet<(Tpn, Tpn)> = recorded
        .pairings
        .iter()
        .map(|p| (p.white, p.black))
        .collect();
    let new: BTreeSet<(Tpn, Tpn)> = proposed.pairs.iter().copied().collect();
    let mut diffs = Vec::new();
    for (w, b) in rec.difference(&new) {
        diffs.push(format!("recorded {w}-{b}, which the system does not pair"));
    }
    for (w, b) in new.difference(&rec) {
        diffs.push(format!("the system pairs {w}-{b}, which is not recorded"));
    }
    let bye_kind = if rest {
        ByeKind::Zero
    } else {
        ByeKind::PairingAllocated
    };
    let rec_bye = recorded
        .byes
        .iter()
        .find(|b| b.kind == bye_kind)
        .map(|b| b.player);
    if rec_bye != proposed.bye {
        let show = |b: Option<Tpn>| b.map_or("none".to_string(), |t| t.to_string());
        diffs.push(format!(
            "bye: recorded {}, the system gives {}",
            show(rec_bye),
            show(proposed.bye)
        ));
    }
    if diffs.is_empty() {
        RoundCheck::Same
    } else {
        RoundCheck::Differs(diffs)
    }
}
