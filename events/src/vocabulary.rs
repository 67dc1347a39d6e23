//! The application's own vocabulary: what its commands take and its queries and the audit
//! trail give. The engine's types where the engine has the concept (a system, a colour, a
//! title, point values, a game's result, a bye's kind); the application's own where it has not
//! (how pairing numbers are given, a tournament's recorded settings and details, a player's
//! data and its correction, a bye asked for, an entry of the audit trail). Nothing here is
//! persisted: the log keeps its own versioned types ([`crate::schema`]), converted to and from
//! these in one place ([`crate::convert`]), so that a new version of a persisted type changes
//! nothing a caller of the application sees.

use crate::ids::{PlayerKey, TournamentId};
pub use engine::model::acceleration::Acceleration;
use engine::model::player::{Sex, Title};
use engine::model::result::{ByeKind, GameResult};
use engine::{Color, PointValues, System};

/// How pairing numbers are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// Fixed by the initial order when round 1 is published; late entries take the next
    /// numbers (Dutch 1992 A.2; Dubov 1997).
    FixedAtRound1,
    /// GHR 2026 Article 2: the ranking's order, corrections and late entries included, until
    /// round 4 is paired; then corrections move nobody and late entries take their place.
    Ghr2026,
}

impl Numbering {
    /// How `system` gives pairing numbers.
    pub fn of(system: System) -> Numbering {
        match system {
            System::Dutch2026 | System::Dubov2026 | System::Burstein2026 | System::DoubleSwiss => {
                Numbering::Ghr2026
            }
            System::Dutch1992 | System::Dubov | System::RoundRobin | System::DoubleRoundRobin => {
                Numbering::FixedAtRound1
            }
        }
    }
}

/// How a round-robin's numbers are given (C.05 Annex 1-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawMethod {
    /// A drawing of lots from a seed.
    Lots,
    /// The Varma tables' restricted drawing from a seed.
    Varma,
    /// Assigned by the arbiter.
    Assigned,
}

/// A new tournament's settings as the chief arbiter asks for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSettings {
    /// The pairing system.
    pub system: System,
    /// The number of rounds.
    pub rounds: u16,
    /// The first player's colour in round 1; `None`: drawn by lot when the tournament is
    /// created.
    pub initial_color: Option<Color>,
    /// Point values, when not the system's defaults.
    pub points: Option<PointValues>,
    /// Tie-break codes, in order (C.07's); empty for the system's defaults.
    pub tiebreaks: Vec<String>,
    /// The seed of the drawing of lots that ends the tie-breaks.
    pub lot_seed: u64,
    /// The acceleration (C.04.7).
    pub acceleration: Acceleration,
}

/// A tournament's settings as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The pairing system.
    pub system: System,
    /// The number of rounds.
    pub rounds: u16,
    /// The first player's colour in round 1.
    pub initial_color: Color,
    /// Whether that colour was drawn by lot.
    pub initial_color_by_lot: bool,
    /// Point values, when not the system's defaults.
    pub points: Option<PointValues>,
    /// The tie-breaks' codes in order, as the standings rank by them (the defaults of its
    /// time for a tournament that recorded none).
    pub tiebreaks: Vec<String>,
    /// The seed of the drawing of lots that ends the tie-breaks.
    pub lot_seed: u64,
    /// How pairing numbers are given.
    pub numbering: Numbering,
    /// The acceleration (C.04.7).
    pub acceleration: Acceleration,
}

/// What a rating report needs beyond players and games (TRF 022-132): the place, the dates
/// (`YYYY-MM-DD`), the arbiters, the time control, the round dates. An empty field is not
/// known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Details {
    /// The city or place.
    pub city: String,
    /// The federation, three capital letters.
    pub federation: String,
    /// The first day.
    pub start_date: Option<String>,
    /// The last day.
    pub end_date: Option<String>,
    /// The chief arbiter as the report names them.
    pub chief_arbiter: String,
    /// The deputy chief arbiters and arbiters.
    pub deputy_arbiters: Vec<String>,
    /// The time control.
    pub time_control: String,
    /// The date of each round, round 1 first; `None` for one not yet known.
    pub round_dates: Vec<Option<String>>,
}

/// A player's data as registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerData {
    /// Name, "Surname,Given".
    pub name: String,
    /// Rating, if rated.
    pub rating: Option<u16>,
    /// Title.
    pub title: Option<Title>,
    /// Federation, three capital letters.
    pub federation: Option<String>,
    /// FIDE identifier.
    pub fide_id: Option<u64>,
    /// Birth date, `YYYY/MM/DD`.
    pub birth_date: Option<String>,
    /// Sex.
    pub sex: Option<Sex>,
}

/// A correction of a player's data: each field given is replaced (`Some(None)` clears the
/// rating or the title).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerCorrection {
    /// New name.
    pub name: Option<String>,
    /// New rating.
    pub rating: Option<Option<u16>>,
    /// New title.
    pub title: Option<Option<Title>>,
    /// New FIDE id.
    pub fide_id: Option<Option<u64>>,
    /// New federation.
    pub federation: Option<Option<String>>,
    /// New birth date, `YYYY/MM/DD`.
    pub birth_date: Option<Option<String>>,
    /// New sex.
    pub sex: Option<Option<Sex>>,
}

/// One entry of a tournament's audit trail, as its live updates carry it too: what changed,
/// who did it, when, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The tournament.
    pub tournament: TournamentId,
    /// Its place in the tournament's log, from 1.
    pub seq: u64,
    /// The entry's identifier.
    pub id: uuid::Uuid,
    /// When it was recorded, in milliseconds since 1970.
    pub recorded_at_ms: u64,
    /// The account that did it.
    pub actor: String,
    /// Why, when a reason was given.
    pub reason: Option<String>,
    /// Whether the reason may be shown to the public (otherwise only to arbiters).
    pub reason_public: bool,
    /// What changed.
    pub change: Change,
}

/// What an entry of the audit trail changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The tournament was created.
    TournamentCreated {
        /// Its name.
        name: String,
        /// Its settings.
        settings: Settings,
        /// Its details.
        details: Details,
    },
    /// Its details changed (and its name, when given).
    DetailsChanged {
        /// The new name.
        name: Option<String>,
        /// The new details.
        details: Details,
    },
    /// It was imported from a TRF file (of this many bytes).
    FileImported {
        /// The file's size.
        bytes: usize,
    },
    /// Its acceleration changed.
    AccelerationChanged {
        /// The acceleration now.
        acceleration: Acceleration,
    },
    /// Its tie-breaks changed.
    TiebreaksChanged {
        /// The codes, in order.
        tiebreaks: Vec<String>,
    },
    /// A player was registered.
    PlayerRegistered {
        /// The registration number.
        player: PlayerKey,
        /// The data.
        data: PlayerData,
    },
    /// A player registered by mistake was removed.
    PlayerRemoved {
        /// Who.
        player: PlayerKey,
    },
    /// A player's data was corrected.
    PlayerCorrected {
        /// Who.
        player: PlayerKey,
        /// What.
        correction: PlayerCorrection,
    },
    /// A player withdrew.
    PlayerWithdrawn {
        /// Who.
        player: PlayerKey,
        /// The first round not played.
        from_round: u16,
    },
    /// A round-robin's numbers were given (C.05).
    NumbersDrawn {
        /// How.
        method: DrawMethod,
        /// The seed of the drawing (0 when assigned).
        seed: u64,
        /// The players, number 1 first.
        order: Vec<PlayerKey>,
    },
    /// Players kept apart in a range of rounds.
    PairsKeptApart {
        /// Its number.
        group: u32,
        /// The players.
        players: Vec<PlayerKey>,
        /// The first round.
        from_round: u16,
        /// The last round (the tournament's last when absent).
        to_round: Option<u16>,
    },
    /// A group of players kept apart no longer is.
    PairsKeptApartRemoved {
        /// The group's number.
        group: u32,
    },
    /// A player announced an absence.
    AbsenceAnnounced {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// A requested bye or announced absence was cancelled.
    ByeCancelled {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// A player asked for a bye.
    ByeRequested {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
        /// Full, half or zero.
        kind: ByeKind,
    },
    /// A round was published.
    RoundPublished {
        /// The round.
        round: u16,
        /// The system that paired it.
        system: System,
        /// The engine's version.
        engine_version: String,
        /// White and Black, board 1 first.
        pairs: Vec<(PlayerKey, PlayerKey)>,
        /// The pairing-allocated bye.
        bye: Option<PlayerKey>,
        /// The chief arbiter's changes to the proposal.
        manual_changes: Vec<String>,
    },
    /// The last round was unpublished.
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
        /// Each game's result.
        games: Vec<GameResult>,
    },
    /// A board's result was corrected.
    ResultCorrected {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// Each game's result, as it now stands.
        games: Vec<GameResult>,
        /// Whether the colours were the other way round.
        colors_swapped: bool,
    },
    /// The tournament was closed.
    TournamentClosed,
    /// The rules of the hall were set.
    HallRulesSet {
        /// The round players must check in for, if any.
        check_in_round: Option<u16>,
        /// Until when players may check in themselves (ms since 1970).
        check_in_closes_at_ms: Option<u64>,
        /// Whether a result both players reported alike stands without an arbiter.
        agreed_results_stand: bool,
    },
    /// A player checked in for a round.
    PlayerCheckedIn {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// A check-in was withdrawn.
    CheckInWithdrawn {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// Personal codes were issued to these players (the codes themselves are not part of the
    /// trail).
    PlayerCodesIssued {
        /// Who.
        players: Vec<PlayerKey>,
    },
    /// A player reported their board's result (a proposal).
    ResultReported {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// Who.
        player: PlayerKey,
        /// Each game's result.
        games: Vec<GameResult>,
    },
    /// The result both players reported became the board's result.
    ReportsAccepted {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// Each game's result.
        games: Vec<GameResult>,
        /// Who reported it first.
        reported_by: PlayerKey,
        /// Who confirmed it.
        confirmed_by: PlayerKey,
    },
}

/// A bye or absence asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeRequest {
    /// Absent (Dutch F.5), no bye.
    Absent,
    /// A half-point bye.
    Half,
    /// A full-point bye.
    Full,
    /// A zero-point bye.
    Zero,
}
