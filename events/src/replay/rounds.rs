//! Rounds: a round published (its pairs, its bye, the numbers it fixes) and the last one
//! unpublished before any result. What the state must allow (check) and what each changes
//! (effect), side by side. (No event here has an admission of its own.)

use super::state::{Check, RoundRecord, State};
use crate::rejection::Rejection;
use crate::schema::*;
use std::collections::BTreeMap;

/// A round to publish, as its event gives it.
pub(super) struct Publication<'a> {
    pub(super) round: u16,
    pub(super) system: SystemV1,
    pub(super) engine_version: &'a str,
    pub(super) pairs: &'a [PairV1],
    pub(super) bye: Option<PlayerKey>,
    pub(super) manual_changes: &'a [String],
    pub(super) pairing_numbers: &'a [PlayerKey],
}

impl State {
    // `RoundPublished`: the next round, every player once, none withdrawn or excused.

    pub(super) fn check_published(&self, p: &Publication<'_>) -> Result<Check, Rejection> {
        let round = p.round;
        let next_round = self.next_round();
        if round != next_round {
            return Err(Rejection::WrongRound {
                expected: next_round,
                got: round,
            });
        }
        self.check_round(round)?;
        if round == 1
            && self.is_round_robin()
            && self.drawn.is_none()
            && p.pairing_numbers.is_empty()
        {
            return Err(Rejection::NumbersNotDrawable(
                "a round-robin's numbers are given before round 1 is published: draw them by lot or by the Varma tables, or assign them (C.05)",
            ));
        }
        if !p.pairing_numbers.is_empty() {
            let mut sorted = p.pairing_numbers.to_vec();
            sorted.sort();
            let all: Vec<PlayerKey> = self.present().map(|p| p.key).collect();
            if round != 1 || sorted != all {
                return Err(Rejection::InvalidPairing(
                    "pairing_numbers: only round 1 may set them, and it must list every registered player once".into(),
                ));
            }
        }
        // A round-robin's rounds are its table's, known in advance (C.05 Annex 1): the next
        // may be published before the last one's results are in. A Swiss round may not.
        if let Some(last) = self.rounds.last().filter(|_| !self.is_round_robin()) {
            if last.results.iter().any(Option::is_none) {
                return Err(Rejection::ResultsMissing(round - 1));
            }
        }
        let mut seen = vec![false; self.players.len()];
        let requested = self.requests.get(&round);
        for key in p.pairs.iter().flat_map(|p| [p.white, p.black]).chain(p.bye) {
            self.player(key)?;
            if std::mem::replace(&mut seen[key.0 as usize - 1], true) {
                return Err(Rejection::InvalidPairing(format!(
                    "player {} appears twice",
                    key.0
                )));
            }
            // A round-robin keeps a withdrawn player's boards: forfeits (C.05).
            if self.withdrawn_before(key, round) && !self.is_round_robin() {
                return Err(Rejection::InvalidPairing(format!(
                    "player {} has withdrawn",
                    key.0
                )));
            }
            if requested.is_some_and(|r| r.contains_key(&key)) {
                return Err(Rejection::InvalidPairing(format!(
                    "player {} has a bye requested or an absence announced",
                    key.0
                )));
            }
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_published(&mut self, p: &Publication<'_>) {
        let round = p.round;
        self.fix_numbers(round, p.pairing_numbers);
        // C.04.7 1.2-1.3: group A is fixed by round 1's list, its last player for good.
        if round == 1
            && self
                .settings
                .as_ref()
                .is_some_and(|s| s.acceleration == AccelerationV1::Baku)
        {
            let keys = self.order();
            let a = engine::model::acceleration::group_a(keys.len()).min(keys.len());
            self.last_of_a = a.checked_sub(1).and_then(|i| keys.get(i)).copied();
        }

        let absent_unchecked: Vec<PlayerKey> = self
            .unchecked()
            .into_iter()
            .filter(|k| {
                p.bye != Some(*k) && !p.pairs.iter().any(|x| x.white == *k || x.black == *k)
            })
            .collect();
        let requested = self.requests.remove(&round).unwrap_or_default();
        let requested = requested
            .into_iter()
            .filter(|(k, _)| !self.withdrawn_before(*k, round))
            .collect();
        self.rounds.push(RoundRecord {
            pairs: p.pairs.to_vec(),
            bye: p.bye,
            requested,
            results: vec![None; p.pairs.len()],
            made_by: (p.system, p.engine_version.to_string()),
            manual_changes: p.manual_changes.to_vec(),
            absent_unchecked,
            reports: vec![BTreeMap::new(); p.pairs.len()],
            agreed: vec![None; p.pairs.len()],
        });
    }

    // `RoundUnpublished`: the last round, while it has no result (Dutch F.6).

    pub(super) fn check_unpublished(&self, round: u16) -> Result<Check, Rejection> {
        if round == 0 || round.checked_add(1) != Some(self.next_round()) {
            return Err(Rejection::CannotUnpublish(
                round,
                "only the last published round can be",
            ));
        }
        if self.rounds[round as usize - 1]
            .results
            .iter()
            .any(Option::is_some)
        {
            return Err(Rejection::CannotUnpublish(round, "it has results"));
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_unpublished(&mut self, round: u16) {
        let r = self.rounds.pop().expect("checked: the round is published");
        if !r.requested.is_empty() {
            self.requests
                .insert(round, r.requested.into_iter().collect());
        }
        self.unfix_numbers(round);
        if round == 1 {
            self.last_of_a = None;
        }
    }
}
