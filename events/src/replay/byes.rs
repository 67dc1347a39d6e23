//! Byes asked for and absences announced for a round not yet published, and their
//! cancellation: what the state must allow (check) and what each changes (effect), side by
//! side. (No event here has an admission of its own.)

use super::state::{Check, State};
use crate::convert::bye_of;
use crate::rejection::Rejection;
use crate::schema::*;
use engine::model::result::ByeKind;

impl State {
    /// The byes asked for and absences announced for rounds not yet published, of `key`:
    /// (round, kind), earliest first.
    pub fn requested_of(&self, key: PlayerKey) -> Vec<(u16, ByeKind)> {
        self.requests
            .iter()
            .filter_map(|(r, m)| m.get(&key).map(|k| (*r, *k)))
            .collect()
    }

    // `AbsenceAnnounced` and `ByeRequested`: for a round of a Swiss not yet published.

    pub(super) fn check_requested(
        &self,
        player: PlayerKey,
        round: u16,
    ) -> Result<Check, Rejection> {
        if self.is_round_robin() {
            return Err(Rejection::RoundRobinBye);
        }
        self.player(player)?;
        self.check_round(round)?;
        if round < self.next_round() {
            return Err(Rejection::RoundAlreadyPublished(round));
        }
        if self.withdrawn_before(player, round) {
            return Err(Rejection::PlayerWithdrawn { player, round });
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_absence(&mut self, player: PlayerKey, round: u16) {
        self.requests
            .entry(round)
            .or_default()
            .insert(player, ByeKind::Zero);
    }

    pub(super) fn apply_bye_requested(
        &mut self,
        player: PlayerKey,
        round: u16,
        kind: RequestedByeV1,
    ) {
        self.requests
            .entry(round)
            .or_default()
            .insert(player, bye_of(kind));
    }

    // `ByeCancelled`: a bye or absence recorded for a round not yet published.

    pub(super) fn check_bye_cancelled(
        &self,
        player: PlayerKey,
        round: u16,
    ) -> Result<Check, Rejection> {
        self.player(player)?;
        if round < self.next_round() {
            return Err(Rejection::RoundAlreadyPublished(round));
        }
        if !self
            .requests
            .get(&round)
            .is_some_and(|r| r.contains_key(&player))
        {
            return Err(Rejection::NoByeToCancel { player, round });
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_bye_cancelled(&mut self, player: PlayerKey, round: u16) {
        if let Some(r) = self.requests.get_mut(&round) {
            r.remove(&player);
        }
    }
}
