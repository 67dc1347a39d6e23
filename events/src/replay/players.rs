//! The players: a registration (with a late entry's rules), a removal of one registered by
//! mistake, a correction of a player's data, and a withdrawal. For each event, what a new one
//! must keep (admission), what the state must allow (check) and what it changes (effect), side
//! by side.

use super::state::{text, Check, PlayerRecord, State};
use crate::convert::{engine_player, sex_of, to_engine_title};
use crate::limits::MAX_NAME;
use crate::rejection::Rejection;
use crate::schema::*;
use engine::model::player::{BirthDate, Federation};
use engine::{RoundNo, Tpn};

impl State {
    // `PlayerRegistered`: the next registration number.

    pub(super) fn admit_registered(&self, data: &PlayerDataV1) -> Result<(), Rejection> {
        text("name", &data.name, MAX_NAME, false)?;
        // GHR 2026 2.4: a late entry is "taken into account for the pairing of rounds after
        // the first" and "paired only when they actually arrive": once the last round is
        // paired there is no round left to pair one into.
        if let Some(settings) = &self.settings {
            if self.is_round_robin() {
                if !self.rounds.is_empty() {
                    return Err(Rejection::RoundRobinLateEntry);
                }
            } else if self.rounds.len() >= usize::from(settings.rounds) {
                return Err(Rejection::EntryAfterLastRound {
                    rounds: settings.rounds,
                });
            }
        }
        Ok(())
    }

    pub(super) fn check_registered(
        &self,
        player: PlayerKey,
        data: &PlayerDataV1,
    ) -> Result<Check, Rejection> {
        if self.is_round_robin() && !self.rounds.is_empty() {
            return Err(Rejection::RoundRobinLateEntry);
        }
        let expected = self.players.len() as u32 + 1;
        if player.0 != expected {
            return Err(Rejection::WrongRegistrationNumber {
                expected,
                got: player.0,
            });
        }
        validate_data(data)?;
        if let Some(id) = data.fide_id.filter(|&i| i > 0) {
            if self.fide_ids.contains_key(&id) {
                return Err(Rejection::DuplicateFideId(id));
            }
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_registered(&mut self, player: PlayerKey, data: &PlayerDataV1) {
        // A new player after the drawing: the numbers are drawn again (C.05).
        self.drawn = None;
        let p = engine_player(Tpn::from_index(self.players.len()), data);
        if let Some(id) = data.fide_id.filter(|&i| i > 0) {
            self.fide_ids.insert(id, player);
        }
        self.players.push(PlayerRecord {
            key: player,
            player: p,
            removed: false,
            entered_after: u16::try_from(self.rounds.len()).unwrap_or(u16::MAX),
        });
    }

    // `PlayerRemoved`: registered by mistake, and never in a published round.

    pub(super) fn check_removed(&self, player: PlayerKey) -> Result<Check, Rejection> {
        self.player(player)?;
        let in_round = self.rounds.iter().position(|r| {
            r.bye == Some(player)
                || r.requested.iter().any(|(k, _)| *k == player)
                || r.pairs
                    .iter()
                    .any(|p| p.white == player || p.black == player)
        });
        if let Some(i) = in_round {
            return Err(Rejection::CannotRemove(player, i as u16 + 1));
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_removed(&mut self, player: PlayerKey) {
        let record = &mut self.players[player.0 as usize - 1];
        record.removed = true;
        if let Some(id) = record.player.fide_id {
            self.fide_ids.remove(&id);
        }
        for requests in self.requests.values_mut() {
            requests.remove(&player);
        }
        // The field changed: a round-robin's numbers are drawn again (C.05).
        self.drawn = None;
    }

    // `PlayerCorrected`: a player's data, for the pairings still to come (Dutch F.7).

    pub(super) fn admit_corrected(correction: &PlayerCorrectionV1) -> Result<(), Rejection> {
        if let Some(name) = &correction.name {
            text("correction.name", name, MAX_NAME, false)?;
        }
        Ok(())
    }

    pub(super) fn check_corrected(
        &self,
        player: PlayerKey,
        correction: &PlayerCorrectionV1,
    ) -> Result<Check, Rejection> {
        self.player(player)?;
        if let Some(Some(f)) = &correction.federation {
            if Federation::parse(f).is_none() {
                return Err(Rejection::InvalidField {
                    field: "correction.federation",
                    problem: format!("{f:?} is not three capital letters"),
                });
            }
        }
        if let Some(Some(b)) = &correction.birth_date {
            if BirthDate::parse(b).is_none() {
                return Err(Rejection::InvalidField {
                    field: "correction.birth_date",
                    problem: format!("{b:?} is not YYYY/MM/DD"),
                });
            }
        }
        if let Some(Some(id)) = correction.fide_id.filter(|i| i.is_some_and(|i| i > 0)) {
            if self.fide_ids.get(&id).is_some_and(|k| *k != player) {
                return Err(Rejection::DuplicateFideId(id));
            }
        }
        if let Some(name) = &correction.name {
            if name.trim().is_empty() {
                return Err(Rejection::InvalidField {
                    field: "name",
                    problem: "must not be empty".into(),
                });
            }
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_corrected(&mut self, player: PlayerKey, correction: &PlayerCorrectionV1) {
        let p = &mut self.players[player.0 as usize - 1].player;
        if let Some(n) = &correction.name {
            p.name = n.trim().to_string();
        }
        if let Some(r) = correction.rating {
            p.rating = r;
        }
        if let Some(t) = correction.title {
            p.title = t.map(to_engine_title);
        }
        if let Some(f) = &correction.federation {
            p.federation = f.as_deref().and_then(Federation::parse);
        }
        if let Some(b) = &correction.birth_date {
            p.birth_date = b.as_deref().and_then(BirthDate::parse);
        }
        if let Some(s) = correction.sex {
            p.sex = s.map(sex_of);
        }
        if let Some(id) = correction.fide_id {
            let old = p.fide_id;
            p.fide_id = id;
            if let Some(old) = old {
                self.fide_ids.remove(&old);
            }
            if let Some(new) = id.filter(|&i| i > 0) {
                self.fide_ids.insert(new, player);
            }
        }
    }

    // `PlayerWithdrawn`: from a round not yet published on.

    pub(super) fn check_withdrawn(
        &self,
        player: PlayerKey,
        from_round: u16,
    ) -> Result<Check, Rejection> {
        self.player(player)?;
        self.check_round(from_round)?;
        if from_round < self.next_round() {
            return Err(Rejection::RoundAlreadyPublished(from_round));
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_withdrawn(&mut self, player: PlayerKey, from_round: u16) {
        // C.05 (drawing of lots, 3): a player who withdraws after the drawing and before
        // round 1 means drawing again, unless the field was even and theirs was the last
        // number.
        if let Some(drawn) = &mut self.drawn {
            let even = drawn.len() % 2 == 0;
            if even && drawn.last() == Some(&player) {
                drawn.pop();
            } else if drawn.contains(&player) {
                self.drawn = None;
            }
        }
        self.players[player.0 as usize - 1].player.withdrawn_from = RoundNo::new(from_round);
        for (_, requests) in self.requests.range_mut(from_round..) {
            requests.remove(&player);
        }
    }
}

/// A registration's data: a name, and a federation and birth date that read.
fn validate_data(d: &PlayerDataV1) -> Result<(), Rejection> {
    if d.name.trim().is_empty() {
        return Err(Rejection::InvalidField {
            field: "data.name",
            problem: "must not be empty".into(),
        });
    }
    if let Some(f) = &d.federation {
        if Federation::parse(f).is_none() {
            return Err(Rejection::InvalidField {
                field: "data.federation",
                problem: format!("{f:?} is not three capital letters"),
            });
        }
    }
    if let Some(b) = &d.birth_date {
        if BirthDate::parse(b).is_none() {
            return Err(Rejection::InvalidField {
                field: "data.birth_date",
                problem: format!("{b:?} is not YYYY/MM/DD"),
            });
        }
    }
    Ok(())
}
