//! Tournaments: the list and one tournament's summary, creation, a TRF file's import (and its
//! preview), details, acceleration, tie-breaks, closing, and the TRF export.

use super::common::{draw_lots, games_per_pairing, App, AppError, Request, Result, Written};
use crate::convert;
use crate::schema::*;
use crate::store::{Append, Appended, StoreError};
use crate::vocabulary::{Details, NewSettings, Settings};

/// A tournament in a list.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Its identifier.
    pub id: TournamentId,
    /// Its name.
    pub name: String,
    /// Its settings.
    pub settings: Option<Settings>,
    /// Its details: place, dates, arbiters, time control.
    pub details: Details,
    /// Players registered.
    pub players: usize,
    /// Rounds published.
    pub rounds_published: usize,
    /// Whether it is closed.
    pub closed: bool,
    /// The sequence number of its last event.
    pub last_seq: u64,
}

/// What importing a file would make ([`App::preview_import`]).
#[derive(Clone, Debug)]
pub struct ImportPreview {
    /// The name it would have.
    pub name: String,
    /// The system, when the file names it (else the import needs one).
    pub system: Option<engine::System>,
    /// Players.
    pub players: usize,
    /// Rounds recorded in the file.
    pub rounds_played: usize,
    /// Rounds announced (XXR/062), when the file says.
    pub rounds: Option<u16>,
    /// Lines read but perhaps not meant, each with its line.
    pub warnings: Vec<String>,
}

/// The name an imported file's tournament gets: the one asked, else the file's (012).
fn imported_name(t: &engine::Tournament, asked: Option<String>) -> String {
    asked
        .or_else(|| {
            t.info
                .iter()
                .find(|r| r.code == "012")
                .map(|r| r.text.clone())
        })
        .unwrap_or_else(|| "Imported tournament".into())
}

/// A file whose virtual points (250, XXA, a `_BAKU` type) a served tournament cannot carry
/// (they are not the Baku method's) is refused in words, never imported without them.
fn not_accelerated(t: &engine::Tournament) -> Result<()> {
    convert::acceleration_of_file(t).map_err(AppError::Invalid)
}

impl App {
    /// Every tournament.
    pub fn tournaments(&self) -> Result<Vec<Summary>> {
        self.store
            .tournaments()?
            .into_iter()
            .map(|t| self.summary(t))
            .collect()
    }

    /// One tournament.
    pub fn summary(&self, t: TournamentId) -> Result<Summary> {
        let s = self.state(t)?;
        Ok(Summary {
            id: t,
            name: s.name().to_string(),
            // A round-robin's rounds are its tables' for the field.
            settings: s.settings().map(convert::settings_of).map(|mut x| {
                x.rounds = s.total_rounds();
                x
            }),
            details: convert::details_of(s.details()),
            players: s.present().count(),
            rounds_published: s.rounds().len(),
            closed: s.is_closed(),
            last_seq: s.last_seq(),
        })
    }

    /// Creates a tournament; the first colour is drawn by lot when `settings` asks for it
    /// ([`draw_lots`]). With an idempotency key, a retry answers the tournament the first
    /// request created (not new) instead of creating another.
    pub fn create(
        &self,
        req: &Request,
        name: String,
        settings: NewSettings,
        details: Details,
    ) -> Result<(TournamentId, Written)> {
        let event = Event::TournamentCreated {
            name,
            settings: convert::v1_settings(settings, draw_lots),
            details: convert::v1_details(details),
        };
        let Some(key) = &req.idempotency_key else {
            let (id, e) = self.store.create(&req.actor, event)?;
            return Ok((id, Written::from(&Appended::New(e))));
        };
        let (id, exists) = self.store.creation_id(&req.actor, key, &req.fingerprint)?;
        if exists {
            let first = self.store.read(id, 0)?.into_iter().next();
            let first = first.ok_or_else(|| AppError::NotFound(format!("tournament {id}")))?;
            return Ok((id, Written::from(&Appended::Existing(first))));
        }
        let e = self.store.create_with_id(id, &req.actor, event)?;
        Ok((id, Written::from(&Appended::New(e))))
    }

    /// What importing a TRF file would make, without making it: its name, its system (as the
    /// file says it or `system`), players, rounds played and announced, and the warnings of
    /// reading it; refused in words as the import would be.
    pub fn preview_import(
        &self,
        text: &str,
        system: Option<engine::System>,
        name: Option<String>,
    ) -> Result<ImportPreview> {
        let file = engine::formats::trf::read_file(text, system)
            .map_err(|e| AppError::Invalid(e.to_string().trim_end().to_string()))?;
        let t = &file.tournament;
        not_accelerated(t)?;
        let name = imported_name(t, name);
        Ok(ImportPreview {
            name,
            system: t.settings.system,
            players: t.players().len(),
            rounds_played: t.rounds().len(),
            rounds: t.settings.rounds,
            warnings: file.warnings.iter().map(ToString::to_string).collect(),
        })
    }

    /// Imports a TRF file as a new tournament: its players in the file's numbering, and each
    /// recorded round as published with its byes, withdrawals and results. The system is the
    /// file's (record 192) or `system`; they must agree when both are given. The name is
    /// `name`, else the file's (012). The id, and whether a retry found it already made.
    pub fn import(
        &self,
        req: &Request,
        text: &str,
        system: Option<engine::System>,
        name: Option<String>,
    ) -> Result<(TournamentId, bool)> {
        // The file is read as one of the system asked for, if any: a file that names another
        // is refused (one saying only FIDE_DUTCH may be paired by either Dutch edition).
        let t = engine::formats::trf::read_as(text, system)
            .map_err(|e| AppError::Invalid(e.to_string().trim_end().to_string()))?;
        let Some(system) = t.settings.system else {
            return Err(AppError::Invalid(
                match engine::formats::trf::declared_type(text) {
                    Some(engine::model::settings::TrfType::Dutch) => {
                        "system: the file says FIDE_DUTCH, which does not name the edition; \
                         add ?system=dutch-2026 (the Dutch in force) or ?system=dutch-1992"
                    }
                    _ => {
                        "system: the file does not say its system (record 192); add \
                         ?system=dutch-2026|dutch-1992|dubov-1997|double-swiss-2026"
                    }
                }
                .into(),
            ));
        };
        not_accelerated(&t)?;
        let name = imported_name(&t, name);
        // With an idempotency key, a retry answers the tournament the first request made.
        let id = match &req.idempotency_key {
            Some(key) => match self.store.creation_id(&req.actor, key, &req.fingerprint)? {
                (id, true) => return Ok((id, true)),
                (id, false) => id,
            },
            None => TournamentId::new(),
        };
        let mut events = convert::events_of_file(&name, system, &t, Some(text)).into_iter();
        if let Some(created) = events.next() {
            self.store.create_with_id(id, &req.actor, created)?;
        }
        for event in events {
            self.store
                .append(Append::new(id, req.actor.clone(), event))?;
        }
        Ok((id, false))
    }

    /// Replaces the tournament's details (and renames it when `name` is given). Details that
    /// say what is recorded already write nothing.
    pub fn change_details(
        &self,
        t: TournamentId,
        req: &Request,
        name: Option<String>,
        details: Details,
    ) -> Result<Written> {
        let details = convert::v1_details(details);
        self.append(t, req, Event::DetailsChanged { name, details }, None)
    }

    /// Sets the acceleration (C.04.7: none or Baku), before round 1 only; refused for a
    /// round-robin and for points where a win is not worth two draws.
    pub fn change_acceleration(
        &self,
        t: TournamentId,
        req: &Request,
        acceleration: engine::model::acceleration::Acceleration,
    ) -> Result<Written> {
        let acceleration = convert::v1_acceleration(acceleration);
        self.append(t, req, Event::AccelerationChanged { acceleration }, None)
    }

    /// Replaces the tournament's tie-breaks (C.07's codes, in order; none for the system's
    /// defaults), before round 1 only. The list recorded, given again, writes nothing.
    pub fn change_tiebreaks(
        &self,
        t: TournamentId,
        req: &Request,
        codes: Vec<String>,
    ) -> Result<Written> {
        crate::replay::admit_tiebreaks("tiebreaks", &codes).map_err(StoreError::Rejected)?;
        let system = self
            .state(t)?
            .settings()
            .map_or(SystemV1::Dutch2026, |s| s.system);
        let tiebreaks = convert::recorded_tiebreaks(codes, system);
        self.append(t, req, Event::TiebreaksChanged { tiebreaks }, None)
    }

    /// Closes the tournament.
    pub fn close(&self, t: TournamentId, req: &Request) -> Result<Written> {
        self.append(t, req, Event::TournamentClosed, None)
    }

    /// The tournament as a TRF file, as a rating officer needs it: its details (012-132), its
    /// players and rounds, and the final ranks; with `xxa`, the virtual points of an
    /// acceleration as JaVaFo's XXA lines (for JaVaFo and bbpPairings) instead of 250.
    pub fn export_trf(&self, t: TournamentId, xxa: bool) -> Result<String> {
        let s = self.state(t)?;
        let mut tournament = s.tournament();
        let fresh = convert::engine_details(s.name(), s.details()).header_records(&tournament);
        if !tournament.rounds().is_empty() {
            engine::standings::apply_ranks(&mut tournament, s.standings());
        }
        // An imported tournament is written in its file's layout: every record the file had
        // in its own form wherever its meaning is unchanged (dates as the file wrote them,
        // XXS, its 092), the counts TRF defines computed as it defines them.
        if let Some(file) = s
            .imported_file()
            .filter(|_| !xxa)
            .and_then(|text| engine::formats::trf::read_file(text, tournament.settings.system).ok())
        {
            tournament.info = engine::formats::trf::merge_header(&file.tournament.info, fresh);
            return Ok(engine::formats::trf::write_as(&tournament, &file.layout));
        }
        tournament.info = fresh;
        Ok(if xxa {
            engine::formats::trf::write_with_xxa(&tournament)
        } else {
            engine::formats::trf::write(&tournament)
        })
    }

    /// How many games a pairing of the tournament has (2 in a Double-Swiss match).
    pub fn games_per_pairing(&self, t: TournamentId) -> Result<usize> {
        Ok(self.store.with_state(t, games_per_pairing)?)
    }
}
