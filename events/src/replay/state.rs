//! A tournament's state, the fold of its events: what it holds (its fields, visible to the
//! resources' files beside it, and the records it keeps of players and rounds), the reading of
//! it every resource shares (a player by number, a round in range, the rounds to play, whether
//! the tournament is a round-robin), and the rules each resource's file applies to it.

use crate::convert::round_robin_cycles;
use crate::rejection::Rejection;
use crate::schema::*;
use engine::model::player::Player;
use engine::model::result::ByeKind;
use engine::model::tournament::Tournament;
use engine::{RoundNo, Tpn};
use std::collections::{BTreeMap, HashMap};

/// A player as registered and corrected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Registration number.
    pub key: PlayerKey,
    /// The engine's player (its `tpn` field is meaningful only once numbers are fixed).
    pub player: Player,
    /// Removed (registered by mistake): kept only so that registration numbers stay put.
    pub removed: bool,
    /// The rounds already published when the player registered: a late entry's first round
    /// is the next one (0 for a player registered before round 1).
    pub entered_after: u16,
}

/// A published round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRecord {
    /// The pairs, board 1 first.
    pub pairs: Vec<PairV1>,
    /// The pairing-allocated bye.
    pub bye: Option<PlayerKey>,
    /// The requested byes and absences in force when it was published.
    pub requested: Vec<(PlayerKey, ByeKind)>,
    /// The results by board, with the sequence number of the event that set each.
    pub results: Vec<Option<(Vec<GameResultV1>, u64)>>,
    /// The system and engine version that made it.
    pub made_by: (SystemV1, String),
    /// Manual changes.
    pub manual_changes: Vec<String>,
    /// Players required to check in for it who did not and were not paired: absent, scoring
    /// 0 (a zero-point bye), as the proposal said.
    pub absent_unchecked: Vec<PlayerKey>,
    /// By board, the players' reports of its result: each player's latest, with the sequence
    /// number of its event.
    pub reports: Vec<BTreeMap<PlayerKey, (Vec<GameResultV1>, u64)>>,
    /// By board, who reported and who confirmed the result, where it came from their
    /// reports (and an arbiter has not corrected it since).
    pub agreed: Vec<Option<(PlayerKey, PlayerKey)>>,
}

/// The rules of the hall (`Event::HallRulesSet`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HallRules {
    /// The round players must check in for, if any.
    pub check_in_round: Option<u16>,
    /// Until when players may check in themselves (ms since 1970).
    pub check_in_closes_at_ms: Option<u64>,
    /// Whether a result both players reported alike stands without an arbiter.
    pub agreed_results_stand: bool,
}

/// What checking an event found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The event changes the state: append it.
    Apply,
    /// The event says what is already recorded (the same result entered again): nothing to
    /// append; the event with this sequence number recorded it.
    AlreadyRecorded(u64),
}

/// A tournament's state: the fold of its events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub(super) name: String,
    pub(super) settings: Option<SettingsV1>,
    pub(super) details: DetailsV1,
    /// The event that recorded the name and details as they are.
    pub(super) details_seq: u64,
    /// The event that recorded the tie-breaks in force.
    pub(super) tiebreaks_seq: u64,
    pub(super) closed: bool,
    pub(super) players: Vec<PlayerRecord>,
    pub(super) fide_ids: HashMap<u64, PlayerKey>,
    /// The pairing numbers once fixed (see `numbering`).
    pub(super) order: Option<Fixed>,
    /// A round-robin's numbers as drawn before round 1, until round 1 fixes them.
    pub(super) drawn: Option<Vec<PlayerKey>>,
    pub(super) rounds: Vec<RoundRecord>,
    pub(super) requests: BTreeMap<u16, BTreeMap<PlayerKey, ByeKind>>,
    /// Players kept apart, by group number: the players, first and last round.
    pub(super) kept_apart: BTreeMap<u32, KeptApart>,
    /// Groups kept apart so far, removed ones included (the next group's number is one more).
    pub(super) kept_apart_made: u32,
    /// The TRF file the tournament was imported from, if it was.
    pub(super) imported: Option<std::sync::Arc<str>>,
    /// The rules of the hall.
    pub(super) hall: HallRules,
    /// By round, the players checked in for it, with the sequence number of their check-in.
    pub(super) checked_in: BTreeMap<u16, BTreeMap<PlayerKey, u64>>,
    /// Each player's personal code, once issued.
    pub(super) codes: BTreeMap<PlayerKey, String>,
    /// The Baku acceleration's last player of group A, fixed when round 1 is published
    /// (C.04.7 1.3: "the last GA-player shall be the same as in the previous round").
    pub(super) last_of_a: Option<PlayerKey>,
    pub(super) last_seq: u64,
    /// The pairing numbers, worked out from the players and `order` once per state (every
    /// event applied clears it): a view of a large field asks for thousands of them.
    pub(super) numbering: Cache<Numbering>,
    /// The engine's tournament, built once per state (every event applied clears it).
    pub(super) engine: Cache<Tournament>,
    /// The standings after the last round, worked out once per state.
    pub(super) standings: Cache<engine::standings::Standings>,
}

/// Players of whom no two may be paired in rounds `from..=to` (`to` absent: to the last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptApart {
    /// The players, by registration number.
    pub players: Vec<PlayerKey>,
    /// The first round.
    pub from: u16,
    /// The last round, when not the tournament's last.
    pub to: Option<u16>,
}

/// Pairing numbers as fixed: registration numbers in pairing-number order, what each player
/// was ranked by then (a correction after it does not move them), and the round whose
/// publication fixed them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Fixed {
    pub(super) keys: Vec<PlayerKey>,
    pub(super) ranked_as: Vec<Player>,
    pub(super) round: u16,
}

/// Registration numbers in pairing-number order, and each registration number's pairing
/// number.
#[derive(Clone, Debug)]
pub(super) struct Numbering {
    pub(super) keys: Vec<PlayerKey>,
    pub(super) tpns: Vec<Option<Tpn>>,
}

/// Data derived from the state: computed on first use, cleared by every event applied, and
/// equal whatever it holds (it is not part of what the state is).
#[derive(Clone, Debug)]
pub(super) struct Cache<T>(pub(super) std::sync::OnceLock<T>);

impl<T> Default for Cache<T> {
    fn default() -> Cache<T> {
        Cache(std::sync::OnceLock::new())
    }
}

impl<T> PartialEq for Cache<T> {
    fn eq(&self, _: &Cache<T>) -> bool {
        true
    }
}

impl<T> Eq for Cache<T> {}

impl State {
    /// The tournament's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The details (place, dates, arbiters, time control), as far as known.
    pub fn details(&self) -> &DetailsV1 {
        &self.details
    }

    /// The settings, once created.
    pub fn settings(&self) -> Option<&SettingsV1> {
        self.settings.as_ref()
    }

    /// Whether the tournament is closed.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Every player ever registered, by registration number (those removed included, marked:
    /// the index is the registration number).
    pub fn players(&self) -> &[PlayerRecord] {
        &self.players
    }

    /// The players registered and not removed, by registration number.
    pub fn present(&self) -> impl Iterator<Item = &PlayerRecord> {
        self.players.iter().filter(|p| !p.removed)
    }

    /// The published rounds.
    pub fn rounds(&self) -> &[RoundRecord] {
        &self.rounds
    }

    /// The sequence number of the last event applied.
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }

    pub(super) fn player(&self, key: PlayerKey) -> Result<&PlayerRecord, Rejection> {
        key.0
            .checked_sub(1)
            .and_then(|i| self.players.get(i as usize))
            .ok_or(Rejection::UnknownPlayer(key))
            .and_then(|p| {
                if p.removed {
                    Err(Rejection::RemovedPlayer(key))
                } else {
                    Ok(p)
                }
            })
    }

    /// The tournament's rounds: the settings', or a round-robin's tables' for its field
    /// (C.05 Annex 1: one cycle of n-1 rounds, n for an odd field; two for a double one).
    pub(super) fn rounds_total(&self) -> u16 {
        match self.settings.as_ref() {
            None => 0,
            Some(s) => match round_robin_cycles(s.system) {
                Some(cycles) => {
                    engine::pairing::round_robin::total_rounds(self.table_field(), cycles).max(1)
                }
                None => s.rounds,
            },
        }
    }

    /// A round-robin's field: the players in its table (not those who withdrew before round 1).
    pub(super) fn table_field(&self) -> u32 {
        self.present()
            .filter(|p| p.player.withdrawn_from != Some(RoundNo::FIRST))
            .count() as u32
    }

    /// Whether the tournament is a round-robin.
    pub(super) fn is_round_robin(&self) -> bool {
        self.settings
            .as_ref()
            .is_some_and(|s| round_robin_cycles(s.system).is_some())
    }

    /// The tournament's rounds as they stand (a round-robin's grow with its field until
    /// round 1 is published).
    pub fn total_rounds(&self) -> u16 {
        self.rounds_total()
    }

    pub(super) fn check_round(&self, round: u16) -> Result<(), Rejection> {
        let rounds = self.rounds_total();
        if round == 0 || round > rounds {
            return Err(Rejection::RoundOutOfRange { round, rounds });
        }
        Ok(())
    }

    pub(super) fn games_per_pairing(&self) -> usize {
        match self.settings.as_ref().map(|s| s.system) {
            Some(SystemV1::DoubleSwiss) => 2,
            _ => 1,
        }
    }

    pub(super) fn withdrawn_before(&self, key: PlayerKey, round: u16) -> bool {
        self.player(key)
            .ok()
            .and_then(|p| p.player.withdrawn_from)
            .is_some_and(|w| w.get() <= round)
    }

    /// The next round to publish.
    pub(super) fn next_round(&self) -> u16 {
        self.rounds.len() as u16 + 1
    }

    /// The TRF file the tournament was imported from, if it was.
    pub fn imported_file(&self) -> Option<&str> {
        self.imported.as_deref()
    }
}

/// `value` of `field`: at most `max` characters, and no control character (a newline only
/// where `lines` allows it).
pub(super) fn text(
    field: &'static str,
    value: &str,
    max: usize,
    lines: bool,
) -> Result<(), Rejection> {
    let n = value.chars().count();
    if n > max {
        return Err(Rejection::InvalidField {
            field,
            problem: format!("{n} characters; at most {max}"),
        });
    }
    if let Some(c) = value
        .chars()
        .find(|c| c.is_control() && !(lines && *c == '\n'))
    {
        return Err(Rejection::InvalidField {
            field,
            problem: format!(
                "holds the control character {:?}",
                c.escape_unicode().to_string()
            ),
        });
    }
    Ok(())
}
