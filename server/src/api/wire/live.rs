//! The live messages and the audit trail's entries: each event of a tournament as the WebSocket
//! and `GET .../audit` carry it, converted explicitly from the application's entries.

use super::views::{PublishedPair, Registered};
use super::vocabulary::{
    results_text, Bye, Details, DrawMethod, PlayerCorrection, PlayerData, Settings, System, Title,
};
use events::app;
use serde::Serialize;

/// Something that happened in a tournament, as clients receive it (the live connection and
/// the audit log). Results are written as arbiters write them ("1-0", "1/2-1/2", "+-").
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The tournament was created.
    TournamentCreated {
        /// Its name.
        name: String,
        /// Its settings.
        settings: Settings,
        /// Its details.
        details: Details,
    },
    /// The tournament's details were changed (and its name, when given).
    DetailsChanged {
        /// The new name, when it changed.
        #[serde(skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// The details now.
        details: Details,
    },
    /// The tournament was imported from a TRF file of this many bytes (kept for its export).
    FileImported {
        /// The file's size.
        bytes: usize,
    },
    /// The acceleration was changed (before round 1).
    AccelerationChanged {
        /// `none` or `baku`.
        acceleration: super::vocabulary::Acceleration,
    },
    /// The tie-breaks were changed (before round 1).
    TiebreaksChanged {
        /// C.07's codes, in order.
        tiebreaks: Vec<String>,
    },
    /// A player registered.
    PlayerRegistered {
        /// The registration number.
        player: u32,
        /// What is known of them.
        data: PlayerData,
    },
    /// A player registered by mistake was removed (never paired).
    PlayerRemoved {
        /// Who.
        player: u32,
    },
    /// A player's data was corrected.
    PlayerCorrected {
        /// Who.
        player: u32,
        /// What changed.
        correction: PlayerCorrection,
    },
    /// A player withdrew from `from_round` on.
    PlayerWithdrawn {
        /// Who.
        player: u32,
        /// The first round not played.
        from_round: u16,
    },
    /// A round-robin's numbers were given (C.05).
    NumbersDrawn {
        /// How.
        method: DrawMethod,
        /// The seed of the drawing (0 when assigned).
        seed: u64,
        /// The players by registration number, number 1 first.
        order: Vec<u32>,
    },
    /// A player will be absent in a round.
    AbsenceAnnounced {
        /// Who.
        player: u32,
        /// The round.
        round: u16,
    },
    /// Players kept apart: no two of them paired in rounds `from_round` to `to_round`.
    PairsKeptApart {
        /// The group's number.
        group: u32,
        /// The players, by registration number.
        players: Vec<u32>,
        /// The first round.
        from_round: u16,
        /// The last round (left out: the tournament's last).
        #[serde(skip_serializing_if = "Option::is_none")]
        to_round: Option<u16>,
    },
    /// A group of players kept apart no longer is.
    PairsKeptApartRemoved {
        /// The group's number.
        group: u32,
    },
    /// A requested bye or announced absence was cancelled.
    ByeCancelled {
        /// Who.
        player: u32,
        /// The round.
        round: u16,
    },
    /// A player asked for a bye.
    ByeRequested {
        /// Who.
        player: u32,
        /// The round.
        round: u16,
        /// Which bye.
        kind: Bye,
    },
    /// A round was published.
    RoundPublished {
        /// The round.
        round: u16,
        /// The system that made it.
        system: System,
        /// The engine's version.
        engine_version: String,
        /// The pairs, board 1 first.
        pairs: Vec<PublishedPair>,
        /// The pairing-allocated bye.
        bye: Option<Registered>,
        /// The chief arbiter's changes to the system's proposal.
        manual_changes: Vec<String>,
    },
    /// The last round's pairing was withdrawn.
    RoundUnpublished {
        /// The round.
        round: u16,
    },
    /// A board's result was entered.
    ResultRecorded {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// One result per game.
        games: Vec<String>,
    },
    /// A board's result was corrected.
    ResultCorrected {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// The correct result, one per game.
        games: Vec<String>,
        /// The game was played with the colours reversed.
        colors_swapped: bool,
    },
    /// The tournament was closed.
    TournamentClosed,
    /// The rules of the hall were set.
    HallRulesSet {
        /// The rules.
        #[serde(flatten)]
        rules: super::hall::HallRules,
    },
    /// A player checked in for a round (the entry's actor says who did it, and where).
    PlayerCheckedIn {
        /// Who.
        player: u32,
        /// The round.
        round: u16,
    },
    /// A check-in was withdrawn.
    CheckInWithdrawn {
        /// Who.
        player: u32,
        /// The round.
        round: u16,
    },
    /// Personal codes were issued to these players (the codes are never sent here).
    PlayerCodesIssued {
        /// Who, by registration number.
        players: Vec<u32>,
    },
    /// A player reported their board's result: a proposal until confirmed.
    ResultReported {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// Who.
        player: u32,
        /// Their report, one per game.
        games: Vec<String>,
    },
    /// The result both players reported became the board's result.
    ReportsAccepted {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// The result, one per game.
        games: Vec<String>,
        /// Who reported it first.
        reported_by: u32,
        /// Who confirmed it.
        confirmed_by: u32,
    },
}

impl From<&app::Change> for Event {
    fn from(e: &app::Change) -> Event {
        use app::Change as C;
        match e {
            C::TournamentCreated {
                name,
                settings,
                details,
            } => Event::TournamentCreated {
                name: name.clone(),
                settings: settings.into(),
                details: details.into(),
            },
            C::DetailsChanged { name, details } => Event::DetailsChanged {
                name: name.clone(),
                details: details.into(),
            },
            C::FileImported { bytes } => Event::FileImported { bytes: *bytes },
            C::AccelerationChanged { acceleration } => Event::AccelerationChanged {
                acceleration: (*acceleration).into(),
            },
            C::TiebreaksChanged { tiebreaks } => Event::TiebreaksChanged {
                tiebreaks: tiebreaks.clone(),
            },
            C::PlayerRegistered { player, data } => Event::PlayerRegistered {
                player: player.0,
                data: data.into(),
            },
            C::PlayerRemoved { player } => Event::PlayerRemoved { player: player.0 },
            C::PlayerCorrected { player, correction } => Event::PlayerCorrected {
                player: player.0,
                correction: PlayerCorrection {
                    name: correction.name.clone(),
                    rating: correction.rating,
                    title: correction.title.map(|t| t.map(Title::from)),
                    fide_id: correction.fide_id,
                    federation: correction.federation.clone(),
                    birth_date: correction.birth_date.clone(),
                    sex: correction.sex.map(|s| s.map(Into::into)),
                },
            },
            C::PlayerWithdrawn { player, from_round } => Event::PlayerWithdrawn {
                player: player.0,
                from_round: *from_round,
            },
            C::NumbersDrawn {
                method,
                seed,
                order,
            } => Event::NumbersDrawn {
                method: (*method).into(),
                seed: *seed,
                order: order.iter().map(|k| k.0).collect(),
            },
            C::AbsenceAnnounced { player, round } => Event::AbsenceAnnounced {
                player: player.0,
                round: *round,
            },
            C::PairsKeptApart {
                group,
                players,
                from_round,
                to_round,
            } => Event::PairsKeptApart {
                group: *group,
                players: players.iter().map(|k| k.0).collect(),
                from_round: *from_round,
                to_round: *to_round,
            },
            C::PairsKeptApartRemoved { group } => Event::PairsKeptApartRemoved { group: *group },
            C::ByeCancelled { player, round } => Event::ByeCancelled {
                player: player.0,
                round: *round,
            },
            C::ByeRequested {
                player,
                round,
                kind,
            } => Event::ByeRequested {
                player: player.0,
                round: *round,
                kind: (*kind).into(),
            },
            C::RoundPublished {
                round,
                system,
                engine_version,
                pairs,
                bye,
                manual_changes,
            } => Event::RoundPublished {
                round: *round,
                system: (*system).into(),
                engine_version: engine_version.clone(),
                pairs: pairs
                    .iter()
                    .map(|(w, b)| PublishedPair {
                        white: Registered { player: w.0 },
                        black: Registered { player: b.0 },
                    })
                    .collect(),
                bye: bye.map(|b| Registered { player: b.0 }),
                manual_changes: manual_changes.clone(),
            },
            C::RoundUnpublished { round } => Event::RoundUnpublished { round: *round },
            C::ResultRecorded {
                round,
                board,
                games,
            } => Event::ResultRecorded {
                round: *round,
                board: *board,
                games: results_text(games),
            },
            C::ResultCorrected {
                round,
                board,
                games,
                colors_swapped,
            } => Event::ResultCorrected {
                round: *round,
                board: *board,
                games: results_text(games),
                colors_swapped: *colors_swapped,
            },
            C::TournamentClosed => Event::TournamentClosed,
            C::HallRulesSet {
                check_in_round,
                check_in_closes_at_ms,
                agreed_results_stand,
            } => Event::HallRulesSet {
                rules: super::hall::HallRules {
                    check_in_round: *check_in_round,
                    check_in_closes_at_ms: *check_in_closes_at_ms,
                    agreed_results_stand: *agreed_results_stand,
                },
            },
            C::PlayerCheckedIn { player, round } => Event::PlayerCheckedIn {
                player: player.0,
                round: *round,
            },
            C::CheckInWithdrawn { player, round } => Event::CheckInWithdrawn {
                player: player.0,
                round: *round,
            },
            C::PlayerCodesIssued { players } => Event::PlayerCodesIssued {
                players: players.iter().map(|k| k.0).collect(),
            },
            C::ResultReported {
                round,
                board,
                player,
                games,
            } => Event::ResultReported {
                round: *round,
                board: *board,
                player: player.0,
                games: results_text(games),
            },
            C::ReportsAccepted {
                round,
                board,
                games,
                reported_by,
                confirmed_by,
            } => Event::ReportsAccepted {
                round: *round,
                board: *board,
                games: results_text(games),
                reported_by: reported_by.0,
                confirmed_by: confirmed_by.0,
            },
        }
    }
}

/// An event with who recorded it, when and why: the live connection's message (`type`
/// "event") and an entry of the audit log.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Recorded {
    /// Its position in the tournament's log.
    pub seq: u64,
    /// Its identifier.
    pub id: String,
    /// When, in milliseconds since 1970-01-01 UTC.
    pub recorded_at_ms: u64,
    /// The account that recorded it.
    pub actor: String,
    /// Why (corrections): to the public only where the arbiter made it public; to the
    /// tournament's arbiters (the audit read with a token) always.
    pub reason: Option<String>,
    /// What happened.
    pub event: Event,
}

/// The entry as the public reads it: a reason only where the arbiter made it public.
impl From<&app::Entry> for Recorded {
    fn from(e: &app::Entry) -> Recorded {
        let mut r = Recorded::for_arbiters(e);
        if !e.reason_public {
            r.reason = None;
        }
        r
    }
}

impl Recorded {
    /// The entry as the tournament's arbiters read it: every reason.
    pub fn for_arbiters(e: &app::Entry) -> Recorded {
        Recorded {
            seq: e.seq,
            id: e.id.to_string(),
            recorded_at_ms: e.recorded_at_ms,
            actor: e.actor.clone(),
            reason: e.reason.clone(),
            event: (&e.change).into(),
        }
    }
}

/// A message of the live connection (`GET /ws/tournaments/{id}`), by its `type`.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Live {
    /// An event, in order: once each, after the client's `after`.
    Event(Box<Recorded>),
    /// The client fell behind (it stopped reading): the connection closes; reconnect with
    /// `?after=` this value to resume without a gap.
    Resync {
        /// The last sequence number the client was sent.
        after: u64,
    },
}
