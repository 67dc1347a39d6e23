//! The hall: its rules (the round players check in for, until when, whether agreed reports
//! stand), players checking in and withdrawing a check-in, and players' personal codes. What
//! the state must allow (check) and what each changes (effect), side by side. (No event here
//! has an admission of its own.)

use super::state::{Check, HallRules, State};
use crate::rejection::Rejection;
use crate::schema::*;

impl State {
    /// The rules of the hall.
    pub fn hall(&self) -> &HallRules {
        &self.hall
    }

    /// The players checked in for `round`.
    pub fn checked_in(&self, round: u16) -> impl Iterator<Item = PlayerKey> + '_ {
        self.checked_in
            .get(&round)
            .into_iter()
            .flat_map(|m| m.keys().copied())
    }

    /// Whether `key` is checked in for `round`.
    pub fn is_checked_in(&self, key: PlayerKey, round: u16) -> bool {
        self.checked_in
            .get(&round)
            .is_some_and(|m| m.contains_key(&key))
    }

    /// The player's personal code, once issued.
    pub fn code_of(&self, key: PlayerKey) -> Option<&str> {
        self.codes.get(&key).map(String::as_str)
    }

    /// The players required to check in for the next round who have not, and have no bye or
    /// absence recorded for it: the proposal leaves them out as absent.
    pub fn unchecked(&self) -> Vec<PlayerKey> {
        let next = self.next_round();
        if self.hall.check_in_round != Some(next) {
            return Vec::new();
        }
        let requested = self.requests.get(&next);
        self.present()
            .filter(|p| !self.withdrawn_before(p.key, next))
            .filter(|p| !self.is_checked_in(p.key, next))
            .filter(|p| !requested.is_some_and(|r| r.contains_key(&p.key)))
            .map(|p| p.key)
            .collect()
    }

    // `HallRulesSet`: a check-in round, if any, not yet published.

    pub(super) fn check_hall_rules(&self, check_in_round: Option<u16>) -> Result<Check, Rejection> {
        if let Some(round) = check_in_round {
            self.check_round(round)?;
            if round < self.next_round() {
                return Err(Rejection::RoundAlreadyPublished(round));
            }
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_hall_rules(&mut self, rules: HallRules) {
        self.hall = rules;
    }

    // `PlayerCheckedIn`: for the next round, by a player with no bye or absence for it.

    pub(super) fn check_checked_in(
        &self,
        player: PlayerKey,
        round: u16,
    ) -> Result<Check, Rejection> {
        self.player(player)?;
        let next_round = self.next_round();
        if round != next_round {
            return Err(Rejection::InvalidField {
                field: "round",
                problem: format!(
                    "players check in for the next round to be paired, {next_round}, not {round}"
                ),
            });
        }
        self.check_round(round)?;
        if self.withdrawn_before(player, round) {
            return Err(Rejection::PlayerWithdrawn { player, round });
        }
        if self
            .requests
            .get(&round)
            .is_some_and(|r| r.contains_key(&player))
        {
            return Err(Rejection::InvalidField {
                field: "player",
                problem: format!(
                    "player {} has a bye or an absence recorded for round {round}: an arbiter cancels it first",
                    player.0
                ),
            });
        }
        if let Some(seq) = self.checked_in.get(&round).and_then(|m| m.get(&player)) {
            return Ok(Check::AlreadyRecorded(*seq));
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_checked_in(&mut self, seq: u64, player: PlayerKey, round: u16) {
        self.checked_in
            .entry(round)
            .or_default()
            .insert(player, seq);
    }

    // `CheckInWithdrawn`: a check-in recorded for a round not yet published.

    pub(super) fn check_check_in_withdrawn(
        &self,
        player: PlayerKey,
        round: u16,
    ) -> Result<Check, Rejection> {
        self.player(player)?;
        if round < self.next_round() {
            return Err(Rejection::RoundAlreadyPublished(round));
        }
        if !self.is_checked_in(player, round) {
            return Err(Rejection::InvalidField {
                field: "player",
                problem: format!("player {} is not checked in for round {round}", player.0),
            });
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_check_in_withdrawn(&mut self, player: PlayerKey, round: u16) {
        if let Some(m) = self.checked_in.get_mut(&round) {
            m.remove(&player);
        }
    }

    // `PlayerCodesIssued`: six characters of the code alphabet for each player named.

    pub(super) fn check_codes(&self, codes: &[PlayerCodeV1]) -> Result<Check, Rejection> {
        for c in codes {
            self.player(c.player)?;
            if c.code.len() != 6 || !c.code.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
                return Err(Rejection::InvalidField {
                    field: "code",
                    problem: "a player's code is six of the code alphabet's characters".into(),
                });
            }
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_codes(&mut self, codes: &[PlayerCodeV1]) {
        for c in codes {
            self.codes.insert(c.player, c.code.clone());
        }
    }
}
