//! What pairing a round asks besides its system: whether the next round may be paired at all
//! (rounds left, results in), and the steps its explanation opens with whatever the system
//! (the players kept apart, TRF record 260, and whether they changed the pairing; the virtual
//! points of C.04.7). The dispatcher (`pairing::pair_next_round`) calls these around the
//! system it chooses; the second pairing without the kept-apart pairs is asked of it through
//! a function, so that this module does not import the dispatcher.

use super::explanation::Step;
use super::proposal::{PairingError, RoundPairing};
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::settings::System;
use crate::model::tournament::{ForbiddenPairs, Tournament};

/// The round to pair next, or why none may be: every round already paired, or results still
/// missing in one.
pub(crate) fn next_round(tournament: &Tournament) -> Result<RoundNo, PairingError> {
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
    Ok(round)
}

/// `paired`, round `round` of `tournament` as `system` paired it, with the steps its
/// explanation opens with: the virtual points it was paired with (C.04.7), then the players
/// kept apart (TRF 260), saying whether they changed the pairing by pairing the round once
/// more without them with `pair_again` (the system's own procedure, the same polynomial work
/// again).
pub(crate) fn with_opening_steps(
    tournament: &Tournament,
    system: System,
    round: RoundNo,
    mut paired: RoundPairing,
    pair_again: impl Fn(&Tournament) -> Result<RoundPairing, PairingError>,
) -> RoundPairing {
    if let Some(step) = kept_apart(tournament, system, round, &paired, pair_again) {
        paired.explanation.insert(0, step);
    }
    if let Some(step) = virtual_points(tournament, round) {
        paired.explanation.insert(0, step);
    }
    paired
}

/// TRF 260: whether the players kept apart in `round` changed `paired`, by pairing the round
/// again without them; `None` when no pair is kept apart in it (or the system is a
/// round-robin, whose table they cannot change).
fn kept_apart(
    tournament: &Tournament,
    system: System,
    round: RoundNo,
    paired: &RoundPairing,
    pair_again: impl Fn(&Tournament) -> Result<RoundPairing, PairingError>,
) -> Option<Step> {
    let apart: Vec<&ForbiddenPairs> = tournament
        .forbidden
        .iter()
        .filter(|f| f.from <= round && round <= f.to)
        .collect();
    if apart.is_empty() || system.is_round_robin() {
        return None;
    }
    let mut free = tournament.clone();
    free.forbidden.clear();
    let kept_apart = |a: Tpn, b: Tpn| {
        apart
            .iter()
            .any(|f| f.players.contains(&a) && f.players.contains(&b))
    };
    let text = match pair_again(&free) {
        Ok(other) if other.pairs == paired.pairs && other.bye == paired.bye => {
            "Players kept apart: none of them would have met in this round; the pairing is the system's own.".to_string()
        }
        Ok(other) => {
            let met: Vec<String> = other
                .pairs
                .iter()
                .filter(|(a, b)| kept_apart(*a, *b))
                .map(|(a, b)| format!("{} - {}", named(tournament, *a), named(tournament, *b)))
                .collect();
            format!(
                "Players kept apart changed this pairing: without them the system would have paired {}.",
                if met.is_empty() { "the round otherwise".to_string() } else { met.join(", ") }
            )
        }
        Err(_) => "Players kept apart: without them the round could not be paired either.".to_string(),
    };
    Some(Step::new("260", text))
}

/// A player as the explanation names them: "12 Garcia López".
fn named(tournament: &Tournament, tpn: Tpn) -> String {
    let mut out = String::new();
    let name = tournament.player(tpn).map_or("", |p| p.name.as_str());
    super::explanation::write_player(&mut out, tpn, name).ok();
    out
}

/// C.04.7: the virtual points the pairing scores of `round` were made with; `None` when there
/// are none.
fn virtual_points(tournament: &Tournament, round: RoundNo) -> Option<Step> {
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
                if v.points == Points::ONE { "" } else { "s" }
            )
        })
        .collect();
    (!used.is_empty()).then(|| {
        Step::new(
            "C.04.7",
            format!(
                "Acceleration: {}; each one's pairing score is the points plus them (the standings keep the points).",
                used.join("; ")
            ),
        )
    })
}
