//! The persisted form of events: version 1 of the schema.
//!
//! What is persisted is forever, so these types are this crate's own, not the engine's: they
//! change only by adding a new schema version, and are converted explicitly into engine values
//! by [`crate::replay`]. Players are named by their registration number ([`PlayerKey`]), which
//! never changes; pairing numbers are fixed only when round 1 is published (Dutch A.2).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// The schema version this build writes.
pub const SCHEMA_VERSION: u16 = 1;

pub use crate::ids::{PlayerKey, TournamentId};

/// A pairing system. The tags are persisted and keep their meaning forever: `"dutch"` was
/// written before the 2026 edition existed and is the 1992-2006 text, whatever the API and the
/// command line call "dutch" today.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SystemV1 {
    /// Dutch, 1992-2006 text.
    #[serde(rename = "dutch")]
    Dutch1992,
    /// Dubov, 1997 text.
    Dubov,
    /// Double-Swiss, 2026.
    DoubleSwiss,
    /// Dutch, C.04.3 applied from 1 February 2026.
    #[serde(rename = "dutch-2026")]
    Dutch2026,
    /// A round-robin by the Berger tables (C.05 Annex 1).
    RoundRobin,
    /// A double round-robin.
    DoubleRoundRobin,
    /// Dubov, C.04.4.1 applied from 1 February 2026.
    #[serde(rename = "dubov-2026")]
    Dubov2026,
    /// Burstein, C.04.4.2 applied from 1 February 2026.
    #[serde(rename = "burstein-2026")]
    Burstein2026,
}

/// The acceleration a tournament is paired with (FIDE C.04.7): none, or the Baku method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AccelerationV1 {
    /// None.
    #[default]
    None,
    /// C.04.7's Baku method.
    Baku,
}

impl AccelerationV1 {
    /// Whether it is none (left out of the settings as written).
    pub fn is_none(&self) -> bool {
        *self == AccelerationV1::None
    }
}

/// How pairing numbers are given. Persisted with the settings, so that a tournament keeps
/// the rules it was created under: every tournament written before `numbering` existed had
/// its numbers fixed when round 1 was published, and replays so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NumberingV1 {
    /// The order made before round 1 fixes the numbers when round 1 is published; later
    /// entries take the next numbers (Dutch 1992 A.2; the Dubov text is read the same way).
    #[default]
    FixedAtRound1,
    /// GHR 2026 Article 2: the numbers follow the ranking (2.2, 2.3), corrected data and late
    /// entries included (2.4, 2.5), until round 4 is paired; after that a correction no
    /// longer moves anyone (2.3), and a late entry still takes its place in the list.
    #[serde(rename = "ghr-2026")]
    Ghr2026,
}

impl NumberingV1 {
    /// The rules a system's text prescribes.
    pub fn for_system(system: SystemV1) -> NumberingV1 {
        match system {
            SystemV1::Dutch2026
            | SystemV1::Dubov2026
            | SystemV1::Burstein2026
            | SystemV1::DoubleSwiss => NumberingV1::Ghr2026,
            SystemV1::Dutch1992
            | SystemV1::Dubov
            | SystemV1::RoundRobin
            | SystemV1::DoubleRoundRobin => NumberingV1::FixedAtRound1,
        }
    }

    fn is_default(&self) -> bool {
        *self == NumberingV1::FixedAtRound1
    }
}

/// How a round-robin's numbers were given (C.05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawMethodV1 {
    /// A drawing of lots, made again from its seed.
    Lots,
    /// The restricted drawing of the Varma tables (C.05 Annex 2), from its seed.
    Varma,
    /// Assigned by the arbiter.
    Assigned,
}

/// A colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorV1 {
    /// White.
    White,
    /// Black.
    Black,
}

/// Points for each kind of result, in tenths of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointValuesV1 {
    /// A game won.
    pub win: i32,
    /// A game drawn.
    pub draw: i32,
    /// A game lost.
    pub loss: i32,
    /// A game won by forfeit.
    pub forfeit_win: i32,
    /// A game lost by forfeit.
    pub forfeit_loss: i32,
    /// The pairing-allocated bye.
    pub pairing_bye: i32,
    /// A requested full-point bye.
    pub full_bye: i32,
    /// A requested half-point bye.
    pub half_bye: i32,
    /// A zero-point bye or announced absence.
    pub zero_bye: i32,
}

/// A tournament's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsV1 {
    /// The pairing system.
    pub system: SystemV1,
    /// The number of rounds.
    pub rounds: u16,
    /// The lot before round 1: the first player's colour.
    pub initial_color: ColorV1,
    /// Point values; the system's defaults when absent.
    #[serde(default)]
    pub points: Option<PointValuesV1>,
    /// Tie-breaks for the standings, in order, by their codes (`BH-C1`, `SB`, ...); the
    /// system's default when empty.
    #[serde(default)]
    pub tiebreaks: Vec<String>,
    /// The seed for the drawing of lots that ends the tie-breaks.
    #[serde(default)]
    pub lot_seed: u64,
    /// Whether `initial_color` was drawn by lot when the tournament was created (rather than
    /// chosen by the arbiter).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub initial_color_by_lot: bool,
    /// How pairing numbers are given; absent in every log written before it existed.
    #[serde(default, skip_serializing_if = "NumberingV1::is_default")]
    pub numbering: NumberingV1,
    /// The acceleration (C.04.7); none in every log written before it existed.
    #[serde(default, skip_serializing_if = "AccelerationV1::is_none")]
    pub acceleration: AccelerationV1,
}

/// What a rating report needs beyond players and games (TRF 022-132). Dates are `YYYY-MM-DD`;
/// an empty field is not known.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DetailsV1 {
    /// The city or place.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub city: String,
    /// The federation, three letters.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub federation: String,
    /// The first day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<String>,
    /// The last day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_date: Option<String>,
    /// The chief arbiter, as the report names them.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub chief_arbiter: String,
    /// The deputy chief arbiters and arbiters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deputy_arbiters: Vec<String>,
    /// The time control.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub time_control: String,
    /// The date of each round, round 1 first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_dates: Vec<Option<String>>,
}

impl DetailsV1 {
    /// Whether nothing is known.
    pub fn is_empty(&self) -> bool {
        *self == DetailsV1::default()
    }
}

/// A FIDE title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum TitleV1 {
    /// Grandmaster.
    Gm,
    /// International Master.
    Im,
    /// Woman Grandmaster.
    Wgm,
    /// Woman International Master.
    Wim,
    /// FIDE Master.
    Fm,
    /// Candidate Master.
    Cm,
    /// Woman FIDE Master.
    Wfm,
    /// Woman Candidate Master.
    Wcm,
}

/// What is known about a player when registered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerDataV1 {
    /// Name, "Surname,Given".
    pub name: String,
    /// Rating, if rated.
    #[serde(default)]
    pub rating: Option<u16>,
    /// Title.
    #[serde(default)]
    pub title: Option<TitleV1>,
    /// Federation, three capital letters.
    #[serde(default)]
    pub federation: Option<String>,
    /// FIDE identifier.
    #[serde(default)]
    pub fide_id: Option<u64>,
    /// Birth date, `YYYY/MM/DD`.
    #[serde(default)]
    pub birth_date: Option<String>,
    /// Sex, as FIDE records it: `m` or `w`.
    #[serde(default)]
    pub sex: Option<SexV1>,
}

/// Sex, as FIDE records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SexV1 {
    /// Male.
    #[serde(rename = "m")]
    Male,
    /// Female.
    #[serde(rename = "w")]
    Female,
}

/// A correction of a player's data: each field given is replaced.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCorrectionV1 {
    /// New name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// New rating (`Some(None)`: unrated).
    #[serde(
        default,
        with = "double_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub rating: Option<Option<u16>>,
    /// New title (`Some(None)`: no title).
    #[serde(
        default,
        with = "double_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub title: Option<Option<TitleV1>>,
    /// New FIDE id (`Some(None)`: none).
    #[serde(
        default,
        with = "double_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub fide_id: Option<Option<u64>>,
    /// New federation, three letters (`Some(None)`: none).
    #[serde(
        default,
        with = "double_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub federation: Option<Option<String>>,
    /// New birth date, `YYYY/MM/DD` (`Some(None)`: not known).
    #[serde(
        default,
        with = "double_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub birth_date: Option<Option<String>>,
    /// New sex (`Some(None)`: not recorded).
    #[serde(
        default,
        with = "double_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub sex: Option<Option<SexV1>>,
}

/// A requested bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RequestedByeV1 {
    /// Full point.
    Full,
    /// Half point.
    Half,
    /// Zero points.
    Zero,
}

/// What one player scored in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreV1 {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

/// How a game was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModeV1 {
    /// Played and rated.
    Played,
    /// Played, not rated.
    Unrated,
    /// Not played: forfeit.
    Forfeit,
}

/// One game's result, for the pairing's White and Black (in a Double-Swiss match, the players
/// who have White and Black in game 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResultV1 {
    /// How it was decided.
    pub mode: ModeV1,
    /// What White scored.
    pub white: ScoreV1,
    /// What Black scored.
    pub black: ScoreV1,
}

/// One pairing as published: board order is the order of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairV1 {
    /// White (in a match: White in game 1).
    pub white: PlayerKey,
    /// Black.
    pub black: PlayerKey,
}

/// Something that happened in a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The tournament was created.
    TournamentCreated {
        /// Its name.
        name: String,
        /// Its settings.
        settings: SettingsV1,
        /// Its details, as far as known.
        #[serde(default, skip_serializing_if = "DetailsV1::is_empty")]
        details: DetailsV1,
    },
    /// The tournament's details (and, when given, its name) were changed: they replace the
    /// ones recorded.
    DetailsChanged {
        /// The new name, when it changes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// The details.
        details: DetailsV1,
    },
    /// The TRF file a tournament was imported from, as it was sent: its export is written in
    /// the file's own layout, each record in its own form wherever its meaning is unchanged.
    /// Only right after the tournament's creation.
    FileImported {
        /// The file's text.
        text: String,
    },
    /// The acceleration, replacing the one recorded: before round 1 only (C.04.7 1.2 divides
    /// the list before the first round).
    AccelerationChanged {
        /// None or Baku.
        acceleration: AccelerationV1,
    },
    /// The tie-breaks, in order, replacing those recorded: before round 1 only (C.07 4.1).
    TiebreaksChanged {
        /// C.07's codes, in order.
        tiebreaks: Vec<String>,
    },
    /// A player registered (before round 1, or as a late entry).
    PlayerRegistered {
        /// The registration number, the next one.
        player: PlayerKey,
        /// What is known of them.
        data: PlayerDataV1,
    },
    /// A player registered by mistake was removed before ever being paired: their
    /// registration number is not given again, and nothing of them is paired or listed.
    PlayerRemoved {
        /// Who.
        player: PlayerKey,
    },
    /// A player's name, rating or title was corrected. Dutch F.7: affects only pairings still
    /// to be made.
    PlayerCorrected {
        /// Who.
        player: PlayerKey,
        /// What changes.
        correction: PlayerCorrectionV1,
    },
    /// A player withdrew: not paired from `from_round` on (Dutch F.5).
    PlayerWithdrawn {
        /// Who.
        player: PlayerKey,
        /// The first round not played.
        from_round: u16,
    },
    /// A round-robin's numbers were given before round 1 (C.05 Annex 1-2): the players by
    /// registration number in the order of their numbers, 1 first. A later drawing before
    /// round 1 replaces it.
    NumbersDrawn {
        /// How.
        method: DrawMethodV1,
        /// The seed the drawing was made from (0 when assigned).
        #[serde(default)]
        seed: u64,
        /// Every registered player once, number 1 first.
        order: Vec<PlayerKey>,
    },
    /// Players kept apart (TRF-2026 record 260): no two of `players` are paired in rounds
    /// `from_round` to `to_round` (to the last round when absent). `group` numbers it, 1 first.
    PairsKeptApart {
        /// Its number, for its removal.
        group: u32,
        /// Two or more players.
        players: Vec<PlayerKey>,
        /// The first round.
        from_round: u16,
        /// The last round (the tournament's last when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_round: Option<u16>,
    },
    /// A group of players kept apart no longer is, for the rounds still to be paired.
    PairsKeptApartRemoved {
        /// The group's number.
        group: u32,
    },
    /// A player will be absent in a round (Dutch F.5): not paired, scores 0.
    AbsenceAnnounced {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// A player requested a bye for a round.
    ByeRequested {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
        /// Which bye.
        kind: RequestedByeV1,
    },
    /// A bye requested, or an absence announced, for a round not yet published was
    /// cancelled: the player is paired in it again.
    ByeCancelled {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// A round's pairing was published, exactly as it is to be played.
    RoundPublished {
        /// The round.
        round: u16,
        /// The system that made it.
        system: SystemV1,
        /// The engine's version.
        engine_version: String,
        /// The pairs, board 1 first.
        pairs: Vec<PairV1>,
        /// The pairing-allocated bye.
        #[serde(default)]
        bye: Option<PlayerKey>,
        /// Manual changes the chief arbiter made to the system's proposal, in words.
        #[serde(default)]
        manual_changes: Vec<String>,
        /// Round 1 only, and only for a tournament imported from a file: the registration
        /// numbers in pairing-number order, as the file numbered them. Otherwise pairing
        /// numbers are fixed by Dutch A.2 when round 1 is published.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pairing_numbers: Vec<PlayerKey>,
    },

    /// The last round's pairing was withdrawn before any result was in (Dutch F.6).
    RoundUnpublished {
        /// The round.
        round: u16,
    },
    /// A board's result was entered.
    ResultRecorded {
        /// The round.
        round: u16,
        /// The board, 1 for the first.
        board: u32,
        /// One result per game of the pairing.
        games: Vec<GameResultV1>,
    },
    /// A board's result was corrected, superseding the one recorded; the envelope carries
    /// the reason. `colors_swapped` records a game played with the colours reversed (Dutch F.7).
    ResultCorrected {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// The correct result, one per game, for the players as they actually played.
        games: Vec<GameResultV1>,
        /// The players played with the colours the other way round.
        #[serde(default)]
        colors_swapped: bool,
    },
    /// The tournament is over: nothing more is recorded.
    TournamentClosed,
    /// The rules of the hall, replacing those recorded: whether players must check in before
    /// a round is paired, and whether a result two players agree on stands without an
    /// arbiter.
    HallRulesSet {
        /// The round players must check in for (absent: no check-in required).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        check_in_round: Option<u16>,
        /// Until when players may check in themselves, in milliseconds since 1970-01-01 UTC
        /// (an arbiter may check a player in at any time).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        check_in_closes_at_ms: Option<u64>,
        /// A result both players of a board reported alike becomes the board's result at
        /// once; otherwise it waits for an arbiter.
        #[serde(default)]
        agreed_results_stand: bool,
    },
    /// A player confirmed being present for a round not yet paired (themself, at a terminal
    /// or on their phone, or an arbiter for them: the envelope's actor says who).
    PlayerCheckedIn {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// A check-in was withdrawn before the round was paired.
    CheckInWithdrawn {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// Players' personal codes, with which they act for themselves in the hall: issued for
    /// players who had none, or issued again (the earlier code no longer works). Kept in the
    /// log so that every server of a shared store knows them; never shown but to the
    /// tournament's arbiters.
    PlayerCodesIssued {
        /// Each player and their new code.
        codes: Vec<PlayerCodeV1>,
    },
    /// A player of a board reported its result: a proposal, not a result. A later report by
    /// the same player replaces theirs.
    ResultReported {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// Who reported it (White or Black of the board).
        player: PlayerKey,
        /// One result per game of the pairing.
        games: Vec<GameResultV1>,
    },
    /// The result both players of a board reported alike became the board's result: at the
    /// second report when agreed results stand, else when an arbiter accepted it (the
    /// envelope's actor).
    ReportsAccepted {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// The result, one per game.
        games: Vec<GameResultV1>,
        /// Who reported it first.
        reported_by: PlayerKey,
        /// Who confirmed it (the opponent).
        confirmed_by: PlayerKey,
    },
}

/// A player's personal code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCodeV1 {
    /// Who.
    pub player: PlayerKey,
    /// The code: six characters of `CODE_ALPHABET`.
    pub code: String,
}

/// The characters a player's code is made of: no 0, O, 1, I or L to be mistaken.
pub const CODE_ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

impl Event {
    /// Whether the event needs a reason in its envelope.
    pub fn needs_reason(&self) -> bool {
        matches!(
            self,
            Event::ResultCorrected { .. } | Event::PlayerCorrected { .. }
        )
    }
}

/// An event as stored: the event and who recorded it, when, why, and under which request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Envelope {
    /// The schema version the event was written with.
    pub schema: u16,
    /// The event's own identifier (UUID v7).
    pub id: Uuid,
    /// The tournament.
    pub tournament: TournamentId,
    /// Position in the tournament's log: 1, 2, 3, ... without gaps.
    pub seq: u64,
    /// When it was recorded, in milliseconds since 1970-01-01 UTC.
    pub recorded_at_ms: u64,
    /// The account that recorded it.
    pub actor: String,
    /// Why (required for corrections).
    #[serde(default)]
    pub reason: Option<String>,
    /// Whether the reason may be shown to the public; otherwise it is for the arbiters (the
    /// audit trail). Absent in every log written before it existed: private.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reason_public: bool,
    /// The client's idempotency key, if it sent one.
    #[serde(default)]
    pub idempotency_key: Option<String>,
    /// What happened.
    pub event: Event,
}

mod double_option {
    //! `Option<Option<T>>` where a missing field is `None` and `null` is `Some(None)`.
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(
        v: &Option<Option<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match v {
            None => s.serialize_none(),
            Some(inner) => inner.serialize(s),
        }
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(d).map(Some)
    }
}
