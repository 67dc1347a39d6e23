//! The tournament and its settings: its creation, the file it was imported from, its details,
//! acceleration and tie-breaks, and its closing. For each event, what a new one must keep
//! (admission), what the state must allow (check) and what it changes (effect), side by side.

use super::state::{text, Check, State};
use crate::convert::{points_for, round_robin_cycles};
use crate::limits::{MAX_DETAIL, MAX_FILE, MAX_NAME, MAX_POINTS, MAX_ROUNDS};
use crate::rejection::Rejection;
use crate::schema::*;
use engine::model::details::Date;
use engine::model::player::Federation;
use engine::model::tiebreak::Tiebreak;

impl State {
    // `TournamentCreated`: the first event, and only it.

    pub(super) fn admit_created(
        name: &str,
        settings: &SettingsV1,
        details: &DetailsV1,
    ) -> Result<(), Rejection> {
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
        Ok(())
    }

    /// Checked on a state with no settings (one not yet created).
    pub(super) fn check_created(name: &str, settings: &SettingsV1) -> Result<Check, Rejection> {
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
        Ok(Check::Apply)
    }

    pub(super) fn apply_created(
        &mut self,
        seq: u64,
        name: &str,
        settings: &SettingsV1,
        details: &DetailsV1,
    ) {
        self.name = name.to_string();
        self.settings = Some(settings.clone());
        self.details = details.clone();
        self.details_seq = seq;
        self.tiebreaks_seq = seq;
    }

    // `FileImported`: the TRF file a tournament was imported from, right after its creation.

    pub(super) fn check_file_imported(&self, text: &str) -> Result<Check, Rejection> {
        if !self.players.is_empty() || !self.rounds.is_empty() || self.imported.is_some() {
            return Err(Rejection::InvalidField {
                field: "file",
                problem: "a tournament's file is recorded once, right after it is created".into(),
            });
        }
        if text.len() > MAX_FILE {
            return Err(Rejection::InvalidField {
                field: "file",
                problem: format!("more than {MAX_FILE} bytes"),
            });
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_file_imported(&mut self, text: &str) {
        self.imported = Some(std::sync::Arc::from(text));
    }

    // `AccelerationChanged`: none or Baku (C.04.7), before round 1.

    pub(super) fn check_acceleration(
        &self,
        acceleration: AccelerationV1,
    ) -> Result<Check, Rejection> {
        if !self.rounds.is_empty() {
            return Err(Rejection::InvalidField {
                field: "acceleration",
                problem: "the acceleration is chosen before round 1 (C.04.7 1.2 divides the list before the first round); unpublish round 1 to change it".into(),
            });
        }
        if let Some(s) = &self.settings {
            admit_acceleration(s, acceleration)?;
            if s.acceleration == acceleration {
                return Ok(Check::AlreadyRecorded(self.last_seq));
            }
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_acceleration(&mut self, acceleration: AccelerationV1) {
        if let Some(s) = &mut self.settings {
            s.acceleration = acceleration;
        }
    }

    // `DetailsChanged`: the name and the details (place, dates, arbiters, time control).

    pub(super) fn admit_details_changed(
        &self,
        name: Option<&str>,
        details: &DetailsV1,
    ) -> Result<(), Rejection> {
        if let Some(name) = name {
            text("name", name, MAX_NAME, false)?;
        }
        // A round-robin's rounds come from its field (its settings say none): its round
        // dates are held only to the most any tournament may have.
        let rounds = match self.settings.as_ref() {
            Some(s) if !self.is_round_robin() => s.rounds,
            _ => MAX_ROUNDS,
        };
        admit_details(details, rounds)
    }

    pub(super) fn check_details_changed(
        &self,
        name: Option<&str>,
        details: &DetailsV1,
    ) -> Result<Check, Rejection> {
        if name.is_some_and(|n| n.trim().is_empty()) {
            return Err(Rejection::InvalidField {
                field: "name",
                problem: "must not be empty".into(),
            });
        }
        if name.is_none_or(|n| n == self.name) && *details == self.details {
            // The details recorded, given again: nothing changes.
            return Ok(Check::AlreadyRecorded(self.details_seq));
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_details_changed(
        &mut self,
        seq: u64,
        name: Option<&str>,
        details: &DetailsV1,
    ) {
        if let Some(name) = name {
            self.name = name.to_string();
        }
        self.details = details.clone();
        self.details_seq = seq;
    }

    // `TiebreaksChanged`: C.07's codes in order, before round 1 (C.07 4.1).

    pub(super) fn admit_tiebreaks_changed(tiebreaks: &[String]) -> Result<(), Rejection> {
        admit_tiebreaks("tiebreaks", tiebreaks)?;
        if tiebreaks.is_empty() {
            return Err(Rejection::InvalidField {
                field: "tiebreaks",
                problem: "at least one tie-break (lots then break the last ties)".into(),
            });
        }
        Ok(())
    }

    pub(super) fn check_tiebreaks_changed(&self, tiebreaks: &[String]) -> Result<Check, Rejection> {
        if !self.rounds.is_empty() {
            return Err(Rejection::TiebreaksFixed);
        }
        if self
            .settings
            .as_ref()
            .is_some_and(|s| s.tiebreaks == tiebreaks)
        {
            return Ok(Check::AlreadyRecorded(self.tiebreaks_seq));
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_tiebreaks_changed(&mut self, seq: u64, tiebreaks: &[String]) {
        if let Some(s) = &mut self.settings {
            s.tiebreaks = tiebreaks.to_vec();
        }
        self.tiebreaks_seq = seq;
    }

    // `TournamentClosed`: nothing is recorded after it (checked for every event).

    pub(super) fn apply_closed(&mut self) {
        self.closed = true;
    }
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
    engine::model::acceleration::baku_applies(&points_for(settings)).map_err(|problem| {
        Rejection::InvalidField {
            field: "acceleration",
            problem,
        }
    })
}

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
