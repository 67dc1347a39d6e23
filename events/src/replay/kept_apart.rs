//! Players kept apart (TRF-2026's record 260, an absolute criterion in every system): a group
//! made and a group ended, what the state must allow (check) and what each changes (effect),
//! side by side.

use super::state::{Check, KeptApart, State};
use crate::rejection::Rejection;
use crate::schema::*;
use std::collections::BTreeMap;

impl State {
    /// The groups of players kept apart, by number.
    pub fn kept_apart(&self) -> &BTreeMap<u32, KeptApart> {
        &self.kept_apart
    }

    /// The number the next group of players kept apart takes.
    pub fn next_kept_apart(&self) -> u32 {
        self.kept_apart_made + 1
    }

    // `PairsKeptApart`: the next group, of two or more players, for rounds to come.

    pub(super) fn check_kept_apart(
        &self,
        group: u32,
        players: &[PlayerKey],
        from_round: u16,
        to_round: Option<u16>,
    ) -> Result<Check, Rejection> {
        if group != self.kept_apart_made + 1 {
            return Err(Rejection::InvalidField {
                field: "group",
                problem: format!("the next group is {}", self.kept_apart_made + 1),
            });
        }
        for p in players {
            self.player(*p)?;
        }
        let mut distinct = players.to_vec();
        distinct.sort();
        distinct.dedup();
        if distinct.len() < 2 || distinct.len() != players.len() {
            return Err(Rejection::InvalidField {
                field: "players",
                problem: "must name two or more different players".into(),
            });
        }
        if from_round == 0 || to_round.is_some_and(|t| t < from_round) {
            return Err(Rejection::InvalidField {
                field: "to_round",
                problem: "the rounds must run from round 1 or later to a round no earlier".into(),
            });
        }
        if to_round.is_some_and(|t| t < self.next_round()) {
            return Err(Rejection::RoundAlreadyPublished(to_round.unwrap_or(0)));
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_kept_apart(
        &mut self,
        group: u32,
        players: &[PlayerKey],
        from_round: u16,
        to_round: Option<u16>,
    ) {
        self.kept_apart_made = group;
        self.kept_apart.insert(
            group,
            KeptApart {
                players: players.to_vec(),
                from: from_round,
                to: to_round,
            },
        );
    }

    // `PairsKeptApartRemoved`: a group that exists.

    pub(super) fn check_kept_apart_removed(&self, group: u32) -> Result<Check, Rejection> {
        if !self.kept_apart.contains_key(&group) {
            return Err(Rejection::InvalidField {
                field: "group",
                problem: format!("no group {group} of players kept apart"),
            });
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_kept_apart_removed(&mut self, group: u32) {
        self.kept_apart.remove(&group);
    }
}
