//! Replay: the fold of a tournament's events into its [`State`], refusing any event the state
//! does not allow. The same check runs before an event is appended and again at every replay,
//! so the log can only ever hold events that replay.
//!
//! Cut by resource, in the decider's shape: each resource's file holds, for each of its
//! events, what a new event must keep (its admission: limits checked only before an append, so
//! that a log written before a limit existed still replays), what the state must allow (its
//! check) and what it changes (its effect), side by side, so that what is refused and what is
//! applied cannot drift apart:
//! - [`tournament`]: creation, the imported file, details, acceleration, tie-breaks, closing;
//! - [`players`]: registration, removal, correction, withdrawal;
//! - [`numbering`]: pairing numbers (the seed texts' and GHR 2026's rules) and a round-robin's
//!   drawing of numbers;
//! - [`byes`]: byes asked for, absences announced, their cancellation;
//! - [`kept_apart`]: players kept apart;
//! - [`rounds`]: a round published and unpublished;
//! - [`results`]: results recorded, corrected, reported by players and accepted;
//! - [`hall`]: the hall's rules, check-ins and players' codes.
//!
//! This file only dispatches each event to its resource ([`State::admit`], [`State::check`],
//! [`State::apply`]) and folds ([`replay`]); [`state`] holds what the state is, and
//! [`projection`] the engine's tournament built from it.

mod byes;
mod hall;
mod kept_apart;
mod numbering;
mod players;
mod projection;
mod results;
mod rounds;
mod state;
mod tournament;

pub use state::{Check, HallRules, RoundRecord, State};
pub use tournament::admit_tiebreaks;

use crate::limits::MAX_REASON;
use crate::rejection::Rejection;
use crate::schema::*;
use results::Entered;
use rounds::Publication;
use state::text;

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
            } => State::admit_created(name, settings, details),
            Event::PlayerRegistered { data, .. } => self.admit_registered(data),
            Event::PlayerCorrected { correction, .. } => State::admit_corrected(correction),
            Event::TiebreaksChanged { tiebreaks } => State::admit_tiebreaks_changed(tiebreaks),
            Event::DetailsChanged { name, details } => {
                self.admit_details_changed(name.as_deref(), details)
            }
            Event::FileImported { .. }
            | Event::AccelerationChanged { .. }
            | Event::PlayerRemoved { .. }
            | Event::PlayerWithdrawn { .. }
            | Event::NumbersDrawn { .. }
            | Event::AbsenceAnnounced { .. }
            | Event::ByeRequested { .. }
            | Event::ByeCancelled { .. }
            | Event::PairsKeptApart { .. }
            | Event::PairsKeptApartRemoved { .. }
            | Event::RoundPublished { .. }
            | Event::RoundUnpublished { .. }
            | Event::ResultRecorded { .. }
            | Event::ResultCorrected { .. }
            | Event::TournamentClosed
            | Event::HallRulesSet { .. }
            | Event::PlayerCheckedIn { .. }
            | Event::CheckInWithdrawn { .. }
            | Event::PlayerCodesIssued { .. }
            | Event::ResultReported { .. }
            | Event::ReportsAccepted { .. } => Ok(()),
        }
    }

    /// Checks `event` (with the envelope's `reason`) against the state.
    pub fn check(&self, reason: Option<&str>, event: &Event) -> Result<Check, Rejection> {
        if event.needs_reason() && reason.is_none_or(|r| r.trim().is_empty()) {
            return Err(Rejection::ReasonRequired);
        }
        match (event, &self.settings) {
            (Event::TournamentCreated { name, settings, .. }, None) => {
                return State::check_created(name, settings);
            }
            (Event::TournamentCreated { .. }, Some(_)) => return Err(Rejection::AlreadyCreated),
            (_, None) => return Err(Rejection::NotCreated),
            _ => {}
        }
        if self.closed {
            return Err(Rejection::Closed);
        }
        match event {
            Event::TournamentCreated { .. } => unreachable!("handled above"),
            Event::FileImported { text } => self.check_file_imported(text),
            Event::AccelerationChanged { acceleration } => self.check_acceleration(*acceleration),
            Event::DetailsChanged { name, details } => {
                self.check_details_changed(name.as_deref(), details)
            }
            Event::TiebreaksChanged { tiebreaks } => self.check_tiebreaks_changed(tiebreaks),
            Event::TournamentClosed => Ok(Check::Apply),
            Event::PlayerRegistered { player, data } => self.check_registered(*player, data),
            Event::PlayerRemoved { player } => self.check_removed(*player),
            Event::PlayerCorrected { player, correction } => {
                self.check_corrected(*player, correction)
            }
            Event::PlayerWithdrawn { player, from_round } => {
                self.check_withdrawn(*player, *from_round)
            }
            Event::NumbersDrawn { order, .. } => self.check_numbers_drawn(order),
            Event::PairsKeptApart {
                group,
                players,
                from_round,
                to_round,
            } => self.check_kept_apart(*group, players, *from_round, *to_round),
            Event::PairsKeptApartRemoved { group } => self.check_kept_apart_removed(*group),
            Event::ByeCancelled { player, round } => self.check_bye_cancelled(*player, *round),
            Event::AbsenceAnnounced { player, round }
            | Event::ByeRequested { player, round, .. } => self.check_requested(*player, *round),
            Event::RoundPublished {
                round,
                system,
                engine_version,
                pairs,
                bye,
                manual_changes,
                pairing_numbers,
            } => self.check_published(&Publication {
                round: *round,
                system: *system,
                engine_version,
                pairs,
                bye: *bye,
                manual_changes,
                pairing_numbers,
            }),
            Event::RoundUnpublished { round } => self.check_unpublished(*round),
            Event::ResultRecorded {
                round,
                board,
                games,
            } => self.check_entered(*round, *board, games, Entered::Recorded),
            Event::ResultCorrected {
                round,
                board,
                games,
                colors_swapped,
            } => self.check_entered(
                *round,
                *board,
                games,
                Entered::Corrected {
                    colors_swapped: *colors_swapped,
                },
            ),
            Event::ResultReported {
                round,
                board,
                player,
                games,
            } => self.check_reported(*round, *board, *player, games),
            Event::ReportsAccepted {
                round,
                board,
                games,
                reported_by,
                confirmed_by,
            } => self.check_accepted(*round, *board, games, *reported_by, *confirmed_by),
            Event::HallRulesSet { check_in_round, .. } => self.check_hall_rules(*check_in_round),
            Event::PlayerCheckedIn { player, round } => self.check_checked_in(*player, *round),
            Event::CheckInWithdrawn { player, round } => {
                self.check_check_in_withdrawn(*player, *round)
            }
            Event::PlayerCodesIssued { codes } => self.check_codes(codes),
        }
    }

    /// Applies an event already checked, recorded with sequence number `seq`.
    pub fn apply(&mut self, seq: u64, event: &Event) {
        self.last_seq = seq;
        self.numbering = Default::default();
        self.engine = Default::default();
        self.standings = Default::default();
        match event {
            Event::TournamentCreated {
                name,
                settings,
                details,
            } => self.apply_created(seq, name, settings, details),
            Event::FileImported { text } => self.apply_file_imported(text),
            Event::AccelerationChanged { acceleration } => self.apply_acceleration(*acceleration),
            Event::TiebreaksChanged { tiebreaks } => self.apply_tiebreaks_changed(seq, tiebreaks),
            Event::DetailsChanged { name, details } => {
                self.apply_details_changed(seq, name.as_deref(), details)
            }
            Event::TournamentClosed => self.apply_closed(),
            Event::PlayerRegistered { player, data } => self.apply_registered(*player, data),
            Event::PlayerRemoved { player } => self.apply_removed(*player),
            Event::PlayerCorrected { player, correction } => {
                self.apply_corrected(*player, correction)
            }
            Event::PlayerWithdrawn { player, from_round } => {
                self.apply_withdrawn(*player, *from_round)
            }
            Event::NumbersDrawn { order, .. } => self.apply_numbers_drawn(order),
            Event::AbsenceAnnounced { player, round } => self.apply_absence(*player, *round),
            Event::ByeRequested {
                player,
                round,
                kind,
            } => self.apply_bye_requested(*player, *round, *kind),
            Event::ByeCancelled { player, round } => self.apply_bye_cancelled(*player, *round),
            Event::PairsKeptApart {
                group,
                players,
                from_round,
                to_round,
            } => self.apply_kept_apart(*group, players, *from_round, *to_round),
            Event::PairsKeptApartRemoved { group } => self.apply_kept_apart_removed(*group),
            Event::RoundPublished {
                round,
                system,
                engine_version,
                pairs,
                bye,
                manual_changes,
                pairing_numbers,
            } => self.apply_published(&Publication {
                round: *round,
                system: *system,
                engine_version,
                pairs,
                bye: *bye,
                manual_changes,
                pairing_numbers,
            }),
            Event::RoundUnpublished { round } => self.apply_unpublished(*round),
            Event::ResultRecorded {
                round,
                board,
                games,
            } => self.apply_recorded(seq, *round, *board, games),
            Event::ResultCorrected {
                round,
                board,
                games,
                colors_swapped,
            } => self.apply_corrected_result(seq, *round, *board, games, *colors_swapped),
            Event::ResultReported {
                round,
                board,
                player,
                games,
            } => self.apply_reported(seq, *round, *board, *player, games),
            Event::ReportsAccepted {
                round,
                board,
                games,
                reported_by,
                confirmed_by,
            } => self.apply_accepted(seq, *round, *board, games, *reported_by, *confirmed_by),
            Event::HallRulesSet {
                check_in_round,
                check_in_closes_at_ms,
                agreed_results_stand,
            } => self.apply_hall_rules(HallRules {
                check_in_round: *check_in_round,
                check_in_closes_at_ms: *check_in_closes_at_ms,
                agreed_results_stand: *agreed_results_stand,
            }),
            Event::PlayerCheckedIn { player, round } => self.apply_checked_in(seq, *player, *round),
            Event::CheckInWithdrawn { player, round } => {
                self.apply_check_in_withdrawn(*player, *round)
            }
            Event::PlayerCodesIssued { codes } => self.apply_codes(codes),
        }
    }
}
