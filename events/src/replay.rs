//! Replay: the fold of a tournament's events into its state, refusing any event the state does
//! not allow. The same code checks an event before it is appended and applies it after, so
//! the log can only ever hold events that replay.
//!
//! The state keeps players by registration number; pairing numbers (TPNs) are derived, by the
//! rules the tournament was created under ([`NumberingV1`]):
//! - the seed texts (Dutch 1992 A.2, Dubov 1997): the initial order fixes the numbers when
//!   round 1 is published; a later entry takes the next number;
//! - GHR 2026 Article 2 (Dutch 2026, Double-Swiss 2026): the numbers are the ranking's order
//!   (2.2, 2.3) of every registered player, a correction of a rating, title or name and a late
//!   entry included (2.4, 2.5: "the TPNs given at the start ... are provisional"), until round
//!   4 is paired; from then on a correction moves nobody (2.3: "no modification of a TPN for
//!   this reason is allowed after the fourth round has been paired"), and a late entry takes
//!   its place in the list (2.4 "an appropriate TPN"), which moves those below it down one.
//!
//! A tournament imported from a file keeps the file's numbers (another program paired with
//! them); its late entries follow the rules above.
//!
//! Everything the engine derives (scores, colours, floats) it derives from the rounds, so a
//! correction changes what is derived after it and never a published pairing (Dutch F.7).
//!
//! Readings:
//! - GHR 2026 2.3 says the TPNs "may" be reassigned after a correction. They are, always,
//!   until round 4 is paired: a ranking the arbiter has to remember to redo is a ranking that
//!   is sometimes wrong, and the console shows each player's number as it is now.
//! - A late entry's "appropriate TPN" once the list is frozen: before the first player in the
//!   list whom it outranks by 2.2 (FIDE TEC's Annotated Dutch: "its correct place in the list"),
//!   each listed player ranked by their data as the list was frozen (a correction after that
//!   moves nobody, so it does not move the place a newcomer's rating gives either); the rest
//!   keep their relative order.
//! - The SPP's ruling that a registered participant who has not arrived has no TPN is served by
//!   registering a late entry when it arrives; a player registered earlier keeps a number
//!   through an announced absence.
//!
//! This file is long because replay is one fold: each event's checks and its effect on the
//! state sit beside each other, so that what is refused and what is applied cannot drift apart.

use crate::schema::*;
use engine::model::details::Date;
use engine::model::player::{BirthDate, Federation, Player, Title};
use engine::model::result::{ByeKind, GameMode, GameResult, GameScore};
use engine::model::tiebreak::Tiebreak;
use engine::model::tournament::{Bye, Pairing, Round, Tournament};
use engine::{Color, PointValues, Points, RoundNo, Settings, System, Tpn};
use std::collections::{BTreeMap, HashMap};

pub use crate::rejection::Rejection;

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
    name: String,
    settings: Option<SettingsV1>,
    details: DetailsV1,
    /// The event that recorded the name and details as they are.
    details_seq: u64,
    /// The event that recorded the tie-breaks in force.
    tiebreaks_seq: u64,
    closed: bool,
    players: Vec<PlayerRecord>,
    fide_ids: HashMap<u64, PlayerKey>,
    /// The pairing numbers once fixed (see the module's notes).
    order: Option<Fixed>,
    /// A round-robin's numbers as drawn before round 1, until round 1 fixes them.
    drawn: Option<Vec<PlayerKey>>,
    rounds: Vec<RoundRecord>,
    requests: BTreeMap<u16, BTreeMap<PlayerKey, ByeKind>>,
    /// Players kept apart, by group number: the players, first and last round.
    kept_apart: BTreeMap<u32, KeptApart>,
    /// Groups kept apart so far, removed ones included (the next group's number is one more).
    kept_apart_made: u32,
    /// The TRF file the tournament was imported from, if it was.
    imported: Option<std::sync::Arc<str>>,
    /// The rules of the hall.
    hall: HallRules,
    /// By round, the players checked in for it, with the sequence number of their check-in.
    checked_in: BTreeMap<u16, BTreeMap<PlayerKey, u64>>,
    /// Each player's personal code, once issued.
    codes: BTreeMap<PlayerKey, String>,
    /// The Baku acceleration's last player of group A, fixed when round 1 is published
    /// (C.04.7 1.3: "the last GA-player shall be the same as in the previous round").
    last_of_a: Option<PlayerKey>,
    last_seq: u64,
    /// The pairing numbers, worked out from the players and `order` once per state (every
    /// event applied clears it): a view of a large field asks for thousands of them.
    numbering: Cache<Numbering>,
    /// The engine's tournament, built once per state (every event applied clears it).
    engine: Cache<Tournament>,
    /// The standings after the last round, worked out once per state.
    standings: Cache<engine::standings::Standings>,
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

/// Whether `acceleration` may be set for a tournament of `settings`: Baku needs a Swiss
/// system (a round-robin's tables are fixed) and a win worth two draws (C.04.7 1.1).
fn admit_acceleration(
    settings: &SettingsV1,
    acceleration: AccelerationV1,
) -> Result<(), Rejection> {
    if acceleration == AccelerationV1::None {
        return Ok(());
    }
    if round_robin_cycles(settings.system).is_some() {
        return Err(Rejection::InvalidField {
            field: "acceleration",
            problem: "a round-robin is not accelerated: its rounds are the Berger tables'".into(),
        });
    }
    let system = to_engine_system(settings.system);
    let points = settings
        .points
        .map_or(PointValues::default_for(system), to_engine_points);
    engine::model::acceleration::baku_applies(&points).map_err(|problem| Rejection::InvalidField {
        field: "acceleration",
        problem,
    })
}

/// Pairing numbers as fixed: registration numbers in pairing-number order, what each player
/// was ranked by then (a correction after it does not move them), and the round whose
/// publication fixed them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Fixed {
    keys: Vec<PlayerKey>,
    ranked_as: Vec<Player>,
    round: u16,
}

/// Registration numbers in pairing-number order, and each registration number's pairing
/// number.
#[derive(Clone, Debug)]
struct Numbering {
    keys: Vec<PlayerKey>,
    tpns: Vec<Option<Tpn>>,
}

/// Data derived from the state: computed on first use, cleared by every event applied, and
/// equal whatever it holds (it is not part of what the state is).
#[derive(Clone, Debug)]
struct Cache<T>(std::sync::OnceLock<T>);

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

/// Folds events into a state. Stops at the first event the state refuses.
pub fn replay<'a>(
    events: impl IntoIterator<Item = &'a Envelope>,
) -> Result<State, (u64, Rejection)> {
    let mut state = State::default();
    for e in events {
        state
            .check(e.reason.as_deref(), &e.event)
            .map_err(|r| (e.seq, r))?;
        state.apply(e.seq, &e.event);
    }
    Ok(state)
}

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

    /// The pairing number of a registered player, as it is now (see the module's notes).
    pub fn tpn_of(&self, key: PlayerKey) -> Option<Tpn> {
        let i = usize::try_from(key.0).ok()?.checked_sub(1)?;
        self.numbering().tpns.get(i).copied().flatten()
    }

    /// The registration number of the player with pairing number `tpn`.
    pub fn key_of(&self, tpn: Tpn) -> Option<PlayerKey> {
        self.numbering().keys.get(tpn.index()).copied()
    }

    fn numbering(&self) -> &Numbering {
        self.numbering.0.get_or_init(|| {
            let keys = self.order();
            let mut tpns = vec![None; self.players.len()];
            for (i, k) in keys.iter().enumerate() {
                if let Some(slot) = (k.0 as usize).checked_sub(1).and_then(|j| tpns.get_mut(j)) {
                    *slot = Some(Tpn::from_index(i));
                }
            }
            Numbering { keys, tpns }
        })
    }

    fn order(&self) -> Vec<PlayerKey> {
        let Some(settings) = &self.settings else {
            return self.present().map(|p| p.key).collect();
        };
        let ranks = engine::model::player::initial_order_for(to_engine_system(settings.system));
        match &self.order {
            None => {
                let mut ranked: Vec<&PlayerRecord> = self.present().collect();
                ranked.sort_by(|a, b| ranks(&a.player, &b.player).then(a.key.cmp(&b.key)));
                let ranked = ranked.into_iter().map(|p| p.key);
                let o: Vec<PlayerKey> = match &self.drawn {
                    // The drawing's numbers; anyone not in it below, by rank.
                    Some(drawn) => {
                        let mut o = drawn.clone();
                        o.extend(ranked.filter(|k| !drawn.contains(k)));
                        o
                    }
                    None => ranked.collect(),
                };
                // A round-robin's players who withdrew before round 1 are out of its table:
                // they take the numbers after it.
                if !self.is_round_robin() {
                    return o;
                }
                let gone = |k: &PlayerKey| {
                    self.players[k.0 as usize - 1].player.withdrawn_from == Some(RoundNo::FIRST)
                };
                let (mut kept, out): (Vec<PlayerKey>, Vec<PlayerKey>) =
                    o.into_iter().partition(|k| !gone(k));
                kept.extend(out);
                kept
            }
            Some(fixed) => {
                let mut o = fixed.keys.clone();
                let mut ranked_as: Vec<&Player> = fixed.ranked_as.iter().collect();
                // Later entries: registered after the numbers were fixed (and not removed).
                let fixed_keys: std::collections::HashSet<PlayerKey> =
                    fixed.keys.iter().copied().collect();
                for late in self.present().filter(|p| !fixed_keys.contains(&p.key)) {
                    let at = match settings.numbering {
                        NumberingV1::FixedAtRound1 => o.len(),
                        NumberingV1::Ghr2026 => ranked_as
                            .iter()
                            .position(|p| ranks(&late.player, p).is_lt())
                            .unwrap_or(o.len()),
                    };
                    o.insert(at, late.key);
                    ranked_as.insert(at, &late.player);
                }
                o
            }
        }
    }

    /// Whether publishing `round` fixes the pairing numbers: round 1 under the seed texts,
    /// round 4 under GHR 2026 2.3.
    fn fixes_numbers(&self, round: u16) -> bool {
        let numbering = self.settings.as_ref().map(|s| s.numbering);
        round
            == match numbering.unwrap_or_default() {
                NumberingV1::FixedAtRound1 => 1,
                NumberingV1::Ghr2026 => 4,
            }
    }

    fn player(&self, key: PlayerKey) -> Result<&PlayerRecord, Rejection> {
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
    fn rounds_total(&self) -> u16 {
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
    fn table_field(&self) -> u32 {
        self.present()
            .filter(|p| p.player.withdrawn_from != Some(RoundNo::FIRST))
            .count() as u32
    }

    /// Whether the tournament is a round-robin.
    fn is_round_robin(&self) -> bool {
        self.settings
            .as_ref()
            .is_some_and(|s| round_robin_cycles(s.system).is_some())
    }

    /// The tournament's rounds as they stand (a round-robin's grow with its field until
    /// round 1 is published).
    pub fn total_rounds(&self) -> u16 {
        self.rounds_total()
    }

    /// The byes asked for and absences announced for rounds not yet published, of `key`:
    /// (round, kind), earliest first.
    pub fn requested_of(&self, key: PlayerKey) -> Vec<(u16, ByeKind)> {
        self.requests
            .iter()
            .filter_map(|(r, m)| m.get(&key).map(|k| (*r, *k)))
            .collect()
    }

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
        let next = self.rounds.len() as u16 + 1;
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

    /// A round-robin's numbers as drawn, before round 1 fixes them.
    pub fn drawn_numbers(&self) -> Option<&[PlayerKey]> {
        self.drawn.as_deref()
    }

    fn check_round(&self, round: u16) -> Result<(), Rejection> {
        let rounds = self.rounds_total();
        if round == 0 || round > rounds {
            return Err(Rejection::RoundOutOfRange { round, rounds });
        }
        Ok(())
    }

    fn games_per_pairing(&self) -> usize {
        match self.settings.as_ref().map(|s| s.system) {
            Some(SystemV1::DoubleSwiss) => 2,
            _ => 1,
        }
    }

    fn withdrawn_before(&self, key: PlayerKey, round: u16) -> bool {
        self.player(key)
            .ok()
            .and_then(|p| p.player.withdrawn_from)
            .is_some_and(|w| w.get() <= round)
    }

    /// The limits a new event's input must keep, beyond what replay checks (so that a log
    /// written before a limit existed still replays): names and reasons of bounded length
    /// without control characters (a newline in a name would forge lines of the TRF export),
    /// point values and rounds within bounds. Each refusal names the field.
    pub fn admit(&self, reason: Option<&str>, event: &Event) -> Result<(), Rejection> {
        if let Some(r) = reason {
            text("reason", r, MAX_REASON, true)?;
        }
        match event {
            Event::TournamentCreated {
                name,
                settings,
                details,
            } => {
                text("name", name, MAX_NAME, false)?;
                admit_details(details, settings.rounds)?;
                admit_acceleration(settings, settings.acceleration)?;
                if settings.rounds > MAX_ROUNDS {
                    return Err(Rejection::InvalidField {
                        field: "settings.rounds",
                        problem: format!("{} is more than {MAX_ROUNDS}", settings.rounds),
                    });
                }
                if let Some(p) = &settings.points {
                    let values = [
                        ("win", p.win),
                        ("draw", p.draw),
                        ("loss", p.loss),
                        ("forfeit_win", p.forfeit_win),
                        ("forfeit_loss", p.forfeit_loss),
                        ("pairing_bye", p.pairing_bye),
                        ("full_bye", p.full_bye),
                        ("half_bye", p.half_bye),
                        ("zero_bye", p.zero_bye),
                    ];
                    if let Some((field, v)) = values.iter().find(|(_, v)| v.abs() > MAX_POINTS) {
                        return Err(Rejection::InvalidField {
                            field: "settings.points",
                            problem: format!(
                                "{field} is {v} tenths of a point; at most {MAX_POINTS} either way"
                            ),
                        });
                    }
                }
                if settings.tiebreaks.len() > 12 {
                    return Err(Rejection::InvalidField {
                        field: "settings.tiebreaks",
                        problem: "at most 12 tie-breaks".into(),
                    });
                }
            }
            Event::PlayerRegistered { data, .. } => {
                text("name", &data.name, MAX_NAME, false)?;
                // GHR 2026 2.4: a late entry is "taken into account for the pairing of
                // rounds after the first" and "paired only when they actually arrive": once
                // the last round is paired there is no round left to pair one into.
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
            }
            Event::PlayerCorrected { correction, .. } => {
                if let Some(name) = &correction.name {
                    text("correction.name", name, MAX_NAME, false)?;
                }
            }
            Event::TiebreaksChanged { tiebreaks } => {
                admit_tiebreaks("tiebreaks", tiebreaks)?;
                if tiebreaks.is_empty() {
                    return Err(Rejection::InvalidField {
                        field: "tiebreaks",
                        problem: "at least one tie-break (lots then break the last ties)".into(),
                    });
                }
            }
            Event::DetailsChanged { name, details } => {
                if let Some(name) = name {
                    text("name", name, MAX_NAME, false)?;
                }
                let rounds = self.settings.as_ref().map_or(MAX_ROUNDS, |s| s.rounds);
                admit_details(details, rounds)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Checks `event` (with the envelope's `reason`) against the state.
    pub fn check(&self, reason: Option<&str>, event: &Event) -> Result<Check, Rejection> {
        if event.needs_reason() && reason.is_none_or(|r| r.trim().is_empty()) {
            return Err(Rejection::ReasonRequired);
        }
        match (event, &self.settings) {
            (Event::TournamentCreated { name, settings, .. }, None) => {
                if name.trim().is_empty() {
                    return Err(Rejection::InvalidField {
                        field: "name",
                        problem: "must not be empty".into(),
                    });
                }
                if settings.rounds == 0 && round_robin_cycles(settings.system).is_none() {
                    return Err(Rejection::InvalidField {
                        field: "settings.rounds",
                        problem: "must be at least 1".into(),
                    });
                }
                admit_tiebreaks("settings.tiebreaks", &settings.tiebreaks)?;
                return Ok(Check::Apply);
            }
            (Event::TournamentCreated { .. }, Some(_)) => return Err(Rejection::AlreadyCreated),
            (_, None) => return Err(Rejection::NotCreated),
            _ => {}
        }
        if self.closed {
            return Err(Rejection::Closed);
        }
        let next_round = self.rounds.len() as u16 + 1;
        match event {
            Event::TournamentCreated { .. } => unreachable!("handled above"),
            Event::FileImported { text } => {
                if !self.players.is_empty() || !self.rounds.is_empty() || self.imported.is_some() {
                    return Err(Rejection::InvalidField {
                        field: "file",
                        problem: "a tournament's file is recorded once, right after it is created"
                            .into(),
                    });
                }
                if text.len() > MAX_FILE {
                    return Err(Rejection::InvalidField {
                        field: "file",
                        problem: format!("more than {MAX_FILE} bytes"),
                    });
                }
            }
            Event::AccelerationChanged { acceleration } => {
                if !self.rounds.is_empty() {
                    return Err(Rejection::InvalidField {
                        field: "acceleration",
                        problem: "the acceleration is chosen before round 1 (C.04.7 1.2 divides the list before the first round); unpublish round 1 to change it".into(),
                    });
                }
                if let Some(s) = &self.settings {
                    admit_acceleration(s, *acceleration)?;
                    if s.acceleration == *acceleration {
                        return Ok(Check::AlreadyRecorded(self.last_seq));
                    }
                }
            }
            Event::DetailsChanged { name, details } => {
                if name.as_ref().is_some_and(|n| n.trim().is_empty()) {
                    return Err(Rejection::InvalidField {
                        field: "name",
                        problem: "must not be empty".into(),
                    });
                }
                if name.as_ref().is_none_or(|n| *n == self.name) && *details == self.details {
                    // The details recorded, given again: nothing changes.
                    return Ok(Check::AlreadyRecorded(self.details_seq));
                }
            }
            Event::TiebreaksChanged { tiebreaks } => {
                if !self.rounds.is_empty() {
                    return Err(Rejection::TiebreaksFixed);
                }
                if self
                    .settings
                    .as_ref()
                    .is_some_and(|s| s.tiebreaks == *tiebreaks)
                {
                    return Ok(Check::AlreadyRecorded(self.tiebreaks_seq));
                }
            }
            Event::PlayerRegistered { player, data } => {
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
            }
            Event::PlayerRemoved { player } => {
                self.player(*player)?;
                let in_round = self.rounds.iter().position(|r| {
                    r.bye == Some(*player)
                        || r.requested.iter().any(|(k, _)| k == player)
                        || r.pairs
                            .iter()
                            .any(|p| p.white == *player || p.black == *player)
                });
                if let Some(i) = in_round {
                    return Err(Rejection::CannotRemove(*player, i as u16 + 1));
                }
            }
            Event::PlayerCorrected { player, correction } => {
                self.player(*player)?;
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
                    if self.fide_ids.get(&id).is_some_and(|k| k != player) {
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
            }
            Event::PlayerWithdrawn { player, from_round } => {
                self.player(*player)?;
                self.check_round(*from_round)?;
                if *from_round < next_round {
                    return Err(Rejection::RoundAlreadyPublished(*from_round));
                }
            }
            Event::NumbersDrawn { order, .. } => {
                if !self.is_round_robin() {
                    return Err(Rejection::NumbersNotDrawable(
                        "numbers are drawn for a round-robin only: a Swiss numbers its players by their ranking",
                    ));
                }
                if !self.rounds.is_empty() {
                    return Err(Rejection::NumbersNotDrawable(
                        "the numbers were fixed when round 1 was published (unpublish round 1 to draw again)",
                    ));
                }
                let mut sorted = order.clone();
                sorted.sort();
                let all: Vec<PlayerKey> = self.present().map(|p| p.key).collect();
                if sorted != all {
                    return Err(Rejection::InvalidField {
                        field: "order",
                        problem: "must list every registered player once".into(),
                    });
                }
            }
            Event::PairsKeptApart {
                group,
                players,
                from_round,
                to_round,
            } => {
                if *group != self.kept_apart_made + 1 {
                    return Err(Rejection::InvalidField {
                        field: "group",
                        problem: format!("the next group is {}", self.kept_apart_made + 1),
                    });
                }
                for p in players {
                    self.player(*p)?;
                }
                let mut distinct = players.clone();
                distinct.sort();
                distinct.dedup();
                if distinct.len() < 2 || distinct.len() != players.len() {
                    return Err(Rejection::InvalidField {
                        field: "players",
                        problem: "must name two or more different players".into(),
                    });
                }
                if *from_round == 0 || to_round.is_some_and(|t| t < *from_round) {
                    return Err(Rejection::InvalidField {
                        field: "to_round",
                        problem: "the rounds must run from round 1 or later to a round no earlier"
                            .into(),
                    });
                }
                if to_round.is_some_and(|t| t < next_round) {
                    return Err(Rejection::RoundAlreadyPublished(to_round.unwrap_or(0)));
                }
            }
            Event::PairsKeptApartRemoved { group } => {
                if !self.kept_apart.contains_key(group) {
                    return Err(Rejection::InvalidField {
                        field: "group",
                        problem: format!("no group {group} of players kept apart"),
                    });
                }
            }
            Event::ByeCancelled { player, round } => {
                self.player(*player)?;
                if *round < next_round {
                    return Err(Rejection::RoundAlreadyPublished(*round));
                }
                if !self
                    .requests
                    .get(round)
                    .is_some_and(|r| r.contains_key(player))
                {
                    return Err(Rejection::NoByeToCancel {
                        player: *player,
                        round: *round,
                    });
                }
            }
            Event::AbsenceAnnounced { .. } | Event::ByeRequested { .. }
                if self.is_round_robin() =>
            {
                return Err(Rejection::RoundRobinBye);
            }
            Event::AbsenceAnnounced { player, round }
            | Event::ByeRequested { player, round, .. } => {
                self.player(*player)?;
                self.check_round(*round)?;
                if *round < next_round {
                    return Err(Rejection::RoundAlreadyPublished(*round));
                }
                if self.withdrawn_before(*player, *round) {
                    return Err(Rejection::PlayerWithdrawn {
                        player: *player,
                        round: *round,
                    });
                }
            }
            Event::RoundPublished {
                round,
                pairs,
                bye,
                pairing_numbers,
                ..
            } => {
                if *round != next_round {
                    return Err(Rejection::WrongRound {
                        expected: next_round,
                        got: *round,
                    });
                }
                self.check_round(*round)?;
                if *round == 1
                    && self.is_round_robin()
                    && self.drawn.is_none()
                    && pairing_numbers.is_empty()
                {
                    return Err(Rejection::NumbersNotDrawable(
                        "a round-robin's numbers are given before round 1 is published: draw them by lot or by the Varma tables, or assign them (C.05)",
                    ));
                }
                if !pairing_numbers.is_empty() {
                    let mut sorted = pairing_numbers.clone();
                    sorted.sort();
                    let all: Vec<PlayerKey> = self.present().map(|p| p.key).collect();
                    if *round != 1 || sorted != all {
                        return Err(Rejection::InvalidPairing(
                            "pairing_numbers: only round 1 may set them, and it must list every registered player once".into(),
                        ));
                    }
                }
                if let Some(last) = self.rounds.last() {
                    if last.results.iter().any(Option::is_none) {
                        return Err(Rejection::ResultsMissing(*round - 1));
                    }
                }
                let mut seen = vec![false; self.players.len()];
                let requested = self.requests.get(round);
                for key in pairs.iter().flat_map(|p| [p.white, p.black]).chain(*bye) {
                    self.player(key)?;
                    if std::mem::replace(&mut seen[key.0 as usize - 1], true) {
                        return Err(Rejection::InvalidPairing(format!(
                            "player {} appears twice",
                            key.0
                        )));
                    }
                    // A round-robin keeps a withdrawn player's boards: forfeits (C.05).
                    if self.withdrawn_before(key, *round) && !self.is_round_robin() {
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
            }
            Event::RoundUnpublished { round } => {
                if *round == 0 || round.checked_add(1) != Some(next_round) {
                    return Err(Rejection::CannotUnpublish(
                        *round,
                        "only the last published round can be",
                    ));
                }
                if self.rounds[*round as usize - 1]
                    .results
                    .iter()
                    .any(Option::is_some)
                {
                    return Err(Rejection::CannotUnpublish(*round, "it has results"));
                }
            }
            Event::ResultRecorded {
                round,
                board,
                games,
            }
            | Event::ResultCorrected {
                round,
                board,
                games,
                ..
            } => {
                let r = self
                    .rounds
                    .get((*round as usize).wrapping_sub(1))
                    .ok_or(Rejection::RoundNotPublished(*round))?;
                let pair = r.pairs.get((*board as usize).wrapping_sub(1)).ok_or(
                    Rejection::NoSuchBoard {
                        round: *round,
                        board: *board,
                    },
                )?;
                for (key, white) in [(pair.white, true), (pair.black, false)] {
                    // A round-robin keeps a withdrawn player's boards: the game is lost by
                    // forfeit (C.05), and that is the only result it can have.
                    let forfeited = games.iter().all(|g| {
                        g.mode == ModeV1::Forfeit
                            && (if white { g.white } else { g.black }) == ScoreV1::Loss
                    });
                    if self.withdrawn_before(key, *round)
                        && !(self.is_round_robin() && forfeited && !games.is_empty())
                    {
                        return Err(Rejection::PlayerWithdrawn {
                            player: key,
                            round: *round,
                        });
                    }
                }
                self.check_games(games)?;
                let recorded = &r.results[*board as usize - 1];
                match (event, recorded) {
                    (Event::ResultRecorded { .. }, Some((same, seq)))
                    | (
                        Event::ResultCorrected {
                            colors_swapped: false,
                            ..
                        },
                        Some((same, seq)),
                    ) if same == games => {
                        // The same result again, or a "correction" to the result recorded:
                        // nothing changes, and nothing is appended.
                        return Ok(Check::AlreadyRecorded(*seq));
                    }
                    (Event::ResultRecorded { .. }, Some((other, _))) => {
                        return Err(Rejection::ResultConflict {
                            round: *round,
                            board: *board,
                            recorded: other.clone(),
                        });
                    }
                    (Event::ResultCorrected { .. }, None) => {
                        return Err(Rejection::NothingToCorrect {
                            round: *round,
                            board: *board,
                        });
                    }
                    _ => {}
                }
            }
            Event::TournamentClosed => {}
            Event::HallRulesSet { check_in_round, .. } => {
                if let Some(round) = check_in_round {
                    self.check_round(*round)?;
                    if *round < next_round {
                        return Err(Rejection::RoundAlreadyPublished(*round));
                    }
                }
            }
            Event::PlayerCheckedIn { player, round } => {
                self.player(*player)?;
                if *round != next_round {
                    return Err(Rejection::InvalidField {
                        field: "round",
                        problem: format!(
                            "players check in for the next round to be paired, {next_round}, not {round}"
                        ),
                    });
                }
                self.check_round(*round)?;
                if self.withdrawn_before(*player, *round) {
                    return Err(Rejection::PlayerWithdrawn {
                        player: *player,
                        round: *round,
                    });
                }
                if self
                    .requests
                    .get(round)
                    .is_some_and(|r| r.contains_key(player))
                {
                    return Err(Rejection::InvalidField {
                        field: "player",
                        problem: format!(
                            "player {} has a bye or an absence recorded for round {round}: an arbiter cancels it first",
                            player.0
                        ),
                    });
                }
                if let Some(seq) = self.checked_in.get(round).and_then(|m| m.get(player)) {
                    return Ok(Check::AlreadyRecorded(*seq));
                }
            }
            Event::CheckInWithdrawn { player, round } => {
                self.player(*player)?;
                if *round < next_round {
                    return Err(Rejection::RoundAlreadyPublished(*round));
                }
                if !self.is_checked_in(*player, *round) {
                    return Err(Rejection::InvalidField {
                        field: "player",
                        problem: format!("player {} is not checked in for round {round}", player.0),
                    });
                }
            }
            Event::PlayerCodesIssued { codes } => {
                for c in codes {
                    self.player(c.player)?;
                    if c.code.len() != 6 || !c.code.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
                        return Err(Rejection::InvalidField {
                            field: "code",
                            problem: "a player's code is six of the code alphabet's characters"
                                .into(),
                        });
                    }
                }
            }
            Event::ResultReported {
                round,
                board,
                player,
                games,
            } => {
                let (r, pair) = self.board(*round, *board)?;
                if pair.white != *player && pair.black != *player {
                    return Err(Rejection::NotOnBoard {
                        player: *player,
                        round: *round,
                        board: *board,
                    });
                }
                if self.withdrawn_before(*player, *round) {
                    return Err(Rejection::PlayerWithdrawn {
                        player: *player,
                        round: *round,
                    });
                }
                self.check_games(games)?;
                if let Some((recorded, _)) = &r.results[*board as usize - 1] {
                    return Err(Rejection::ResultConflict {
                        round: *round,
                        board: *board,
                        recorded: recorded.clone(),
                    });
                }
                if let Some((same, seq)) = r.reports[*board as usize - 1].get(player) {
                    if same == games {
                        return Ok(Check::AlreadyRecorded(*seq));
                    }
                }
            }
            Event::ReportsAccepted {
                round,
                board,
                games,
                reported_by,
                confirmed_by,
            } => {
                let (r, pair) = self.board(*round, *board)?;
                self.check_games(games)?;
                if let Some((recorded, seq)) = &r.results[*board as usize - 1] {
                    if recorded == games {
                        return Ok(Check::AlreadyRecorded(*seq));
                    }
                    return Err(Rejection::ResultConflict {
                        round: *round,
                        board: *board,
                        recorded: recorded.clone(),
                    });
                }
                let players = [pair.white, pair.black];
                let reports = &r.reports[*board as usize - 1];
                let agrees = |k: &PlayerKey| reports.get(k).is_some_and(|(g, _)| g == games);
                if reported_by == confirmed_by
                    || !players.contains(reported_by)
                    || !players.contains(confirmed_by)
                    || !agrees(reported_by)
                    || !agrees(confirmed_by)
                {
                    return Err(Rejection::InvalidResult(format!(
                        "round {round}, board {board}: its players have not both reported this result"
                    )));
                }
            }
        }
        Ok(Check::Apply)
    }

    /// A published round's board, or why there is none.
    fn board(&self, round: u16, board: u32) -> Result<(&RoundRecord, PairV1), Rejection> {
        let r = self
            .rounds
            .get((round as usize).wrapping_sub(1))
            .ok_or(Rejection::RoundNotPublished(round))?;
        let pair = r
            .pairs
            .get((board as usize).wrapping_sub(1))
            .ok_or(Rejection::NoSuchBoard { round, board })?;
        Ok((r, *pair))
    }

    fn check_games(&self, games: &[GameResultV1]) -> Result<(), Rejection> {
        let n = self.games_per_pairing();
        if games.len() != n {
            return Err(Rejection::InvalidResult(format!(
                "{} games given; a pairing here has {n}",
                games.len()
            )));
        }
        for g in games {
            let r = to_engine_result(*g)
                .ok_or_else(|| Rejection::InvalidResult(format!("{g:?} is impossible")))?;
            if n == 1 && !r.is_mirrored() {
                return Err(Rejection::InvalidResult(
                    "½-0 and 0-0 exist only in Double-Swiss matches".into(),
                ));
            }
        }
        Ok(())
    }

    /// Applies an event already checked, recorded with sequence number `seq`.
    pub fn apply(&mut self, seq: u64, event: &Event) {
        self.last_seq = seq;
        self.numbering = Cache::default();
        self.engine = Cache::default();
        self.standings = Cache::default();
        match event {
            Event::TournamentCreated {
                name,
                settings,
                details,
            } => {
                self.name = name.clone();
                self.settings = Some(settings.clone());
                self.details = details.clone();
                self.details_seq = seq;
                self.tiebreaks_seq = seq;
            }
            Event::FileImported { text } => {
                self.imported = Some(std::sync::Arc::from(text.as_str()));
            }
            Event::AccelerationChanged { acceleration } => {
                if let Some(s) = &mut self.settings {
                    s.acceleration = *acceleration;
                }
            }
            Event::TiebreaksChanged { tiebreaks } => {
                if let Some(s) = &mut self.settings {
                    s.tiebreaks = tiebreaks.clone();
                }
                self.tiebreaks_seq = seq;
            }
            Event::DetailsChanged { name, details } => {
                if let Some(name) = name {
                    self.name = name.clone();
                }
                self.details = details.clone();
                self.details_seq = seq;
            }
            Event::PlayerRegistered { player, data } => {
                // A new player after the drawing: the numbers are drawn again (C.05).
                self.drawn = None;
                let mut p = Player::new(Tpn::from_index(self.players.len()), data.name.trim());
                p.rating = data.rating;
                p.title = data.title.map(to_engine_title);
                p.federation = data.federation.as_deref().and_then(Federation::parse);
                p.fide_id = data.fide_id;
                p.birth_date = data.birth_date.as_deref().and_then(BirthDate::parse);
                p.sex = data.sex.map(|s| match s {
                    SexV1::Male => engine::model::player::Sex::Male,
                    SexV1::Female => engine::model::player::Sex::Female,
                });

                if let Some(id) = data.fide_id.filter(|&i| i > 0) {
                    self.fide_ids.insert(id, *player);
                }
                self.players.push(PlayerRecord {
                    key: *player,
                    player: p,
                    removed: false,
                    entered_after: u16::try_from(self.rounds.len()).unwrap_or(u16::MAX),
                });
            }
            Event::PlayerRemoved { player } => {
                let record = &mut self.players[player.0 as usize - 1];
                record.removed = true;
                if let Some(id) = record.player.fide_id {
                    self.fide_ids.remove(&id);
                }
                for requests in self.requests.values_mut() {
                    requests.remove(player);
                }
                // The field changed: a round-robin's numbers are drawn again (C.05).
                self.drawn = None;
            }
            Event::PlayerCorrected { player, correction } => {
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
                    p.sex = s.map(|s| match s {
                        SexV1::Male => engine::model::player::Sex::Male,
                        SexV1::Female => engine::model::player::Sex::Female,
                    });
                }
                if let Some(id) = correction.fide_id {
                    let old = p.fide_id;
                    p.fide_id = id;
                    if let Some(old) = old {
                        self.fide_ids.remove(&old);
                    }
                    if let Some(new) = id.filter(|&i| i > 0) {
                        self.fide_ids.insert(new, *player);
                    }
                }
            }
            Event::PlayerWithdrawn { player, from_round } => {
                // C.05 (drawing of lots, 3): a player who withdraws after the drawing and
                // before round 1 means drawing again, unless the field was even and theirs was
                // the last number.
                if let Some(drawn) = &mut self.drawn {
                    let even = drawn.len() % 2 == 0;
                    if even && drawn.last() == Some(player) {
                        drawn.pop();
                    } else if drawn.contains(player) {
                        self.drawn = None;
                    }
                }
                self.players[player.0 as usize - 1].player.withdrawn_from =
                    RoundNo::new(*from_round);
                for (_, requests) in self.requests.range_mut(from_round..) {
                    requests.remove(player);
                }
            }
            Event::NumbersDrawn { order, .. } => {
                self.drawn = Some(order.clone());
            }
            Event::AbsenceAnnounced { player, round } => {
                self.requests
                    .entry(*round)
                    .or_default()
                    .insert(*player, ByeKind::Zero);
            }
            Event::ByeCancelled { player, round } => {
                if let Some(r) = self.requests.get_mut(round) {
                    r.remove(player);
                }
            }
            Event::PairsKeptApart {
                group,
                players,
                from_round,
                to_round,
            } => {
                self.kept_apart_made = *group;
                self.kept_apart.insert(
                    *group,
                    KeptApart {
                        players: players.clone(),
                        from: *from_round,
                        to: *to_round,
                    },
                );
            }
            Event::PairsKeptApartRemoved { group } => {
                self.kept_apart.remove(group);
            }
            Event::ByeRequested {
                player,
                round,
                kind,
            } => {
                let kind = match kind {
                    RequestedByeV1::Full => ByeKind::Full,
                    RequestedByeV1::Half => ByeKind::Half,
                    RequestedByeV1::Zero => ByeKind::Zero,
                };
                self.requests
                    .entry(*round)
                    .or_default()
                    .insert(*player, kind);
            }
            Event::RoundPublished {
                round,
                system,
                engine_version,
                pairs,
                bye,
                manual_changes,
                pairing_numbers,
            } => {
                let fix = |keys: Vec<PlayerKey>| Fixed {
                    ranked_as: keys
                        .iter()
                        .map(|k| self.players[k.0 as usize - 1].player.clone())
                        .collect(),
                    keys,
                    round: *round,
                };
                if !pairing_numbers.is_empty() {
                    self.order = Some(fix(pairing_numbers.clone()));
                } else if self.order.is_none() && self.fixes_numbers(*round) {
                    self.order = Some(fix(self.order()));
                }
                // C.04.7 1.2-1.3: group A is fixed by round 1's list, its last player for good.
                if *round == 1
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
                        *bye != Some(*k) && !pairs.iter().any(|p| p.white == *k || p.black == *k)
                    })
                    .collect();
                let requested = self.requests.remove(round).unwrap_or_default();
                let requested = requested
                    .into_iter()
                    .filter(|(k, _)| !self.withdrawn_before(*k, *round))
                    .collect();
                self.rounds.push(RoundRecord {
                    pairs: pairs.clone(),
                    bye: *bye,
                    requested,
                    results: vec![None; pairs.len()],
                    made_by: (*system, engine_version.clone()),
                    manual_changes: manual_changes.clone(),
                    absent_unchecked,
                    reports: vec![BTreeMap::new(); pairs.len()],
                    agreed: vec![None; pairs.len()],
                });
            }
            Event::RoundUnpublished { round } => {
                let r = self.rounds.pop().expect("checked: the round is published");
                if !r.requested.is_empty() {
                    self.requests
                        .insert(*round, r.requested.into_iter().collect());
                }
                if self.order.as_ref().is_some_and(|f| f.round == *round) {
                    self.order = None;
                }
                if *round == 1 {
                    self.last_of_a = None;
                }
            }
            Event::ResultRecorded {
                round,
                board,
                games,
            } => {
                self.rounds[*round as usize - 1].results[*board as usize - 1] =
                    Some((games.clone(), seq));
            }
            Event::ResultCorrected {
                round,
                board,
                games,
                colors_swapped,
            } => {
                let r = &mut self.rounds[*round as usize - 1];
                let i = *board as usize - 1;
                if *colors_swapped {
                    let p = &mut r.pairs[i];
                    std::mem::swap(&mut p.white, &mut p.black);
                }
                r.results[i] = Some((games.clone(), seq));
                r.agreed[i] = None;
            }
            Event::TournamentClosed => self.closed = true,
            Event::HallRulesSet {
                check_in_round,
                check_in_closes_at_ms,
                agreed_results_stand,
            } => {
                self.hall = HallRules {
                    check_in_round: *check_in_round,
                    check_in_closes_at_ms: *check_in_closes_at_ms,
                    agreed_results_stand: *agreed_results_stand,
                };
            }
            Event::PlayerCheckedIn { player, round } => {
                self.checked_in
                    .entry(*round)
                    .or_default()
                    .insert(*player, seq);
            }
            Event::CheckInWithdrawn { player, round } => {
                if let Some(m) = self.checked_in.get_mut(round) {
                    m.remove(player);
                }
            }
            Event::PlayerCodesIssued { codes } => {
                for c in codes {
                    self.codes.insert(c.player, c.code.clone());
                }
            }
            Event::ResultReported {
                round,
                board,
                player,
                games,
            } => {
                self.rounds[*round as usize - 1].reports[*board as usize - 1]
                    .insert(*player, (games.clone(), seq));
            }
            Event::ReportsAccepted {
                round,
                board,
                games,
                reported_by,
                confirmed_by,
            } => {
                let r = &mut self.rounds[*round as usize - 1];
                r.results[*board as usize - 1] = Some((games.clone(), seq));
                r.agreed[*board as usize - 1] = Some((*reported_by, *confirmed_by));
            }
        }
    }

    /// The engine's tournament: what a pairing is computed from.
    pub fn tournament(&self) -> Tournament {
        self.engine().clone()
    }

    /// [`State::tournament`] without a copy: built once per state.
    pub fn engine(&self) -> &Tournament {
        self.engine.0.get_or_init(|| self.build_tournament())
    }

    /// The standings after the last round, with the tournament's tie-breaks and lot seed:
    /// worked out once per state.
    pub fn standings(&self) -> &engine::standings::Standings {
        self.standings.0.get_or_init(|| {
            let t = self.engine();
            engine::standings::standings(t, None, &t.settings.tiebreaks, t.settings.lot_seed)
        })
    }

    fn build_tournament(&self) -> Tournament {
        let Some(s) = &self.settings else {
            return Tournament::default();
        };
        let system = to_engine_system(s.system);
        let settings = Settings {
            system: Some(system),
            rounds: Some(self.rounds_total()),
            initial_color: Some(match s.initial_color {
                ColorV1::White => Color::White,
                ColorV1::Black => Color::Black,
            }),
            points: s
                .points
                .map_or(PointValues::default_for(system), to_engine_points),
            tiebreaks: tiebreaks_of(s),
            lot_seed: s.lot_seed,
            acceleration: crate::convert::acceleration_of(s.acceleration),
        };
        let mut t = Tournament::new(settings);
        // The numbering the state caches: the order is worked out once per state.
        let numbering = self.numbering();
        for (i, key) in numbering.keys.iter().enumerate() {
            let mut p = self.players[key.0 as usize - 1].player.clone();
            p.tpn = Tpn::from_index(i);
            t.add_player(p).expect("pairing numbers in order");
        }
        // Published rounds name no removed player (only one never paired may be removed).
        let of = |k: PlayerKey| numbering.tpns[k.0 as usize - 1].unwrap_or(Tpn::from_index(0));
        for r in &self.rounds {
            let mut byes: Vec<Bye> = r
                .requested
                .iter()
                .map(|(k, kind)| Bye {
                    player: of(*k),
                    kind: *kind,
                })
                .chain(r.absent_unchecked.iter().map(|k| Bye {
                    player: of(*k),
                    kind: ByeKind::Zero,
                }))
                .collect();
            if let Some(b) = r.bye {
                byes.push(Bye {
                    player: of(b),
                    // A round-robin's bye number is a rest: no game, no point.
                    kind: if round_robin_cycles(s.system).is_some() {
                        ByeKind::Zero
                    } else {
                        ByeKind::PairingAllocated
                    },
                });
            }
            let pairings = r
                .pairs
                .iter()
                .zip(&r.results)
                .map(|(p, res)| Pairing {
                    white: of(p.white),
                    black: of(p.black),
                    games: match res {
                        Some((games, _)) => games.iter().map(|g| to_engine_result(*g)).collect(),
                        None => vec![None; self.games_per_pairing()],
                    },
                })
                .collect();
            t.push_round(Round { pairings, byes })
                .expect("checked when appended");
        }
        for (round, requests) in &self.requests {
            if let Some(r) = RoundNo::new(*round) {
                let entry = t.requested_byes.entry(r).or_default();
                for (k, kind) in requests {
                    entry.insert(of(*k), *kind);
                }
            }
        }
        // Players required to check in for the next round who have not: absent in the
        // proposal (the arbiter checks them in, or pairs them by hand, to override).
        let unchecked = self.unchecked();
        if let (Some(next), false) = (
            RoundNo::new(self.rounds.len() as u16 + 1),
            unchecked.is_empty(),
        ) {
            let entry = t.requested_byes.entry(next).or_default();
            for k in unchecked {
                entry.insert(of(k), ByeKind::Zero);
            }
        }
        // C.04.7: the Baku virtual points, group A running to its last player's number today
        // (before round 1, the first 2·⌈N/4⌉ of the list).
        if s.acceleration == AccelerationV1::Baku {
            let n = numbering.keys.len();
            let last = match self.last_of_a {
                Some(k) => numbering.tpns.get(k.0 as usize - 1).copied().flatten(),
                None => engine::model::acceleration::group_a(n)
                    .min(n)
                    .checked_sub(1)
                    .map(Tpn::from_index),
            };
            if let Some(last) = last {
                if let Ok(v) =
                    engine::model::acceleration::baku(last, self.rounds_total(), &t.settings.points)
                {
                    t.virtual_points = v;
                }
            }
        }
        // Players kept apart: the engine's forbidden pairs (an absolute criterion in every
        // system), by today's pairing numbers.
        let last = self.rounds_total();
        for k in self.kept_apart.values() {
            let players: Vec<Tpn> = k
                .players
                .iter()
                .filter_map(|p| numbering.tpns.get(p.0 as usize - 1).copied().flatten())
                .collect();
            if let (Some(from), Some(to)) = (
                RoundNo::new(k.from),
                RoundNo::new(k.to.unwrap_or(last).max(k.from)),
            ) {
                t.forbidden
                    .push(engine::model::tournament::ForbiddenPairs { from, to, players });
            }
        }
        t
    }

    /// The TRF file the tournament was imported from, if it was.
    pub fn imported_file(&self) -> Option<&str> {
        self.imported.as_deref()
    }

    /// The groups of players kept apart, by number.
    pub fn kept_apart(&self) -> &BTreeMap<u32, KeptApart> {
        &self.kept_apart
    }

    /// The number the next group of players kept apart takes.
    pub fn next_kept_apart(&self) -> u32 {
        self.kept_apart_made + 1
    }
}

/// The longest name (of a tournament or a player) a new event may carry, in characters.
pub const MAX_NAME: usize = 100;
/// The longest TRF file an import records (the API's bound on an import's body).
pub const MAX_FILE: usize = 16 * 1024 * 1024;
/// The longest reason, in characters.
pub const MAX_REASON: usize = 1000;
/// The most rounds a tournament may have.
pub const MAX_ROUNDS: u16 = 99;
/// The largest point value, in tenths of a point, either way.
pub const MAX_POINTS: i32 = 1000;

/// The longest detail (a place, an arbiter, a time control).
pub const MAX_DETAIL: usize = 200;

/// The tie-breaks a tournament may record: C.07's codes (or this program's earlier forms),
/// at most 12, none twice.
pub fn admit_tiebreaks(field: &'static str, codes: &[String]) -> Result<(), Rejection> {
    if codes.len() > 12 {
        return Err(Rejection::InvalidField {
            field,
            problem: "at most 12 tie-breaks".into(),
        });
    }
    let mut seen: Vec<Tiebreak> = Vec::new();
    for code in codes {
        let tb =
            Tiebreak::parse(code).map_err(|problem| Rejection::InvalidField { field, problem })?;
        if seen.contains(&tb) {
            return Err(Rejection::InvalidField {
                field,
                problem: format!("{code:?} is listed twice"),
            });
        }
        seen.push(tb);
    }
    Ok(())
}

/// The tie-breaks an event records: those asked for, each in C.07's form as the calculator
/// writes it (a code that does not read is kept as sent, for [`admit_tiebreaks`] to refuse
/// naming it), or the system's defaults when none are.
pub fn recorded_tiebreaks(asked: Vec<String>, system: SystemV1) -> Vec<String> {
    if asked.is_empty() {
        return to_engine_system(system)
            .default_tiebreaks()
            .iter()
            .map(Tiebreak::code)
            .collect();
    }
    asked
        .into_iter()
        .map(|c| Tiebreak::from_code(&c).map_or(c, |t| t.code()))
        .collect()
}

/// The tournament's tie-breaks: as recorded, or, for a log written before the order was
/// recorded (an empty list), the defaults of that time.
pub fn tiebreaks_of(s: &SettingsV1) -> Vec<Tiebreak> {
    if s.tiebreaks.is_empty() {
        return to_engine_system(s.system).legacy_tiebreaks();
    }
    s.tiebreaks
        .iter()
        .filter_map(|c| Tiebreak::from_code(c))
        .collect()
}

/// The limits of a tournament's details: short single lines (each is a TRF record), a
/// federation of three letters, real dates (`YYYY-MM-DD`), the last day not before the first,
/// and no more round dates than rounds.
fn admit_details(d: &DetailsV1, rounds: u16) -> Result<(), Rejection> {
    text("details.city", &d.city, MAX_DETAIL, false)?;
    text("details.chief_arbiter", &d.chief_arbiter, MAX_DETAIL, false)?;
    text("details.time_control", &d.time_control, MAX_DETAIL, false)?;
    if d.deputy_arbiters.len() > 20 {
        return Err(Rejection::InvalidField {
            field: "details.deputy_arbiters",
            problem: format!("{} given; at most 20", d.deputy_arbiters.len()),
        });
    }
    for a in &d.deputy_arbiters {
        text("details.deputy_arbiters", a, MAX_DETAIL, false)?;
    }
    if !d.federation.is_empty() && Federation::parse(&d.federation).is_none() {
        return Err(Rejection::InvalidField {
            field: "details.federation",
            problem: format!("{:?} is not three capital letters", d.federation),
        });
    }
    let date = |field: &'static str, v: &Option<String>| -> Result<Option<Date>, Rejection> {
        v.as_deref()
            .map(|v| {
                Date::parse_iso(v).map_err(|e| Rejection::InvalidField {
                    field,
                    problem: e.to_string(),
                })
            })
            .transpose()
    };
    let start = date("details.start_date", &d.start_date)?;
    let end = date("details.end_date", &d.end_date)?;
    if let (Some(s), Some(e)) = (start, end) {
        if e < s {
            return Err(Rejection::InvalidField {
                field: "details.end_date",
                problem: format!("{e} is before the first day, {s}"),
            });
        }
    }
    if d.round_dates.len() > usize::from(rounds) {
        return Err(Rejection::InvalidField {
            field: "details.round_dates",
            problem: format!("{} dates given for {rounds} rounds", d.round_dates.len()),
        });
    }
    for v in &d.round_dates {
        date("details.round_dates", v)?;
    }
    Ok(())
}

/// `value` of `field`: at most `max` characters, and no control character (a newline only
/// where `lines` allows it).
fn text(field: &'static str, value: &str, max: usize, lines: bool) -> Result<(), Rejection> {
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

/// The engine's system.
pub fn to_engine_system(s: SystemV1) -> System {
    match s {
        SystemV1::Dutch1992 => System::Dutch1992,
        SystemV1::Dutch2026 => System::Dutch2026,
        SystemV1::Dubov => System::Dubov,
        SystemV1::Dubov2026 => System::Dubov2026,
        SystemV1::Burstein2026 => System::Burstein2026,
        SystemV1::DoubleSwiss => System::DoubleSwiss,
        SystemV1::RoundRobin => System::RoundRobin,
        SystemV1::DoubleRoundRobin => System::DoubleRoundRobin,
    }
}

/// A round-robin's cycles; `None` for a Swiss.
fn round_robin_cycles(s: SystemV1) -> Option<u16> {
    engine::pairing::round_robin::cycles(to_engine_system(s))
}

/// The engine's title.
pub(crate) fn to_engine_title(t: TitleV1) -> Title {
    match t {
        TitleV1::Gm => Title::Gm,
        TitleV1::Im => Title::Im,
        TitleV1::Wgm => Title::Wgm,
        TitleV1::Wim => Title::Wim,
        TitleV1::Fm => Title::Fm,
        TitleV1::Cm => Title::Cm,
        TitleV1::Wfm => Title::Wfm,
        TitleV1::Wcm => Title::Wcm,
    }
}

/// The persisted form of a title (the inverse of `to_engine_title`).
pub(crate) fn v1_title(t: Title) -> TitleV1 {
    match t {
        Title::Gm => TitleV1::Gm,
        Title::Im => TitleV1::Im,
        Title::Wgm => TitleV1::Wgm,
        Title::Wim => TitleV1::Wim,
        Title::Fm => TitleV1::Fm,
        Title::Cm => TitleV1::Cm,
        Title::Wfm => TitleV1::Wfm,
        Title::Wcm => TitleV1::Wcm,
    }
}

/// The engine's point values.
pub(crate) fn to_engine_points(p: PointValuesV1) -> PointValues {
    let t = Points::from_tenths;
    PointValues {
        win: t(p.win),
        draw: t(p.draw),
        loss: t(p.loss),
        forfeit_win: t(p.forfeit_win),
        forfeit_loss: t(p.forfeit_loss),
        pairing_bye: t(p.pairing_bye),
        full_bye: t(p.full_bye),
        half_bye: t(p.half_bye),
        zero_bye: t(p.zero_bye),
    }
}

/// The engine's result for a persisted one; `None` if impossible (two winners, a forfeit draw).
pub fn to_engine_result(g: GameResultV1) -> Option<GameResult> {
    let score = |s| match s {
        ScoreV1::Win => GameScore::Win,
        ScoreV1::Draw => GameScore::Draw,
        ScoreV1::Loss => GameScore::Loss,
    };
    let mode = match g.mode {
        ModeV1::Played => GameMode::Played,
        ModeV1::Unrated => GameMode::Unrated,
        ModeV1::Forfeit => GameMode::Forfeit,
    };
    GameResult::from_parts(mode, score(g.white), score(g.black))
}
