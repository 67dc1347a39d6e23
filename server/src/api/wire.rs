//! The wire vocabulary: what the API reads and answers, typed, with stable names, converted
//! explicitly from and into the application's vocabulary (`events::app`: its own types and the
//! engine's). The server never sees the persisted schema: a rename there or in the engine
//! changes nothing here unless this module is changed too; no `Debug` text is ever sent.
//!
//! This file is long because it holds the whole wire vocabulary, each type converted explicitly
//! beside its definition; a `wire/` folder (requests, views, live messages) is left in #41's
//! note.

use engine::model::history::Float as EngineFloat;
use engine::model::player::{Sex as EngineSex, Title as EngineTitle};
use engine::model::result::ByeKind as EngineByeKind;
use engine::model::result::{GameMode, GameResult, GameScore};
use events::app;
use serde::{Deserialize, Serialize};

/// A pairing system, by the name the API uses: its edition. The names without an edition that
/// earlier versions of the API used are read too, each as the edition a user means by it today:
/// `dutch` is the Dutch in force (2026), as `--dutch` is on the command line and to the programs
/// that call bbpPairings or JaVaFo; `dubov` and `double-swiss` have one edition each. Answers
/// always name the edition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum System {
    /// Dutch, C.04.3 applied from 1 February 2026: the Dutch a new tournament gets.
    #[default]
    #[serde(rename = "dutch-2026", alias = "dutch")]
    Dutch2026,
    /// Dutch, 1992-2006 text (no rated event may use it since 1 February 2026).
    #[serde(rename = "dutch-1992")]
    Dutch1992,
    /// Dubov, 1997 text.
    #[serde(rename = "dubov-1997", alias = "dubov")]
    Dubov1997,
    /// Double-Swiss, C.04.5 (2026).
    #[serde(rename = "double-swiss-2026", alias = "double-swiss")]
    DoubleSwiss2026,
}

impl From<engine::System> for System {
    fn from(s: engine::System) -> System {
        match s {
            engine::System::Dutch1992 => System::Dutch1992,
            engine::System::Dutch2026 => System::Dutch2026,
            engine::System::Dubov => System::Dubov1997,
            engine::System::DoubleSwiss => System::DoubleSwiss2026,
        }
    }
}

impl From<System> for engine::System {
    fn from(s: System) -> engine::System {
        match s {
            System::Dutch1992 => engine::System::Dutch1992,
            System::Dutch2026 => engine::System::Dutch2026,
            System::Dubov1997 => engine::System::Dubov,
            System::DoubleSwiss2026 => engine::System::DoubleSwiss,
        }
    }
}

/// A colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<engine::Color> for Color {
    fn from(c: engine::Color) -> Color {
        match c {
            engine::Color::White => Color::White,
            engine::Color::Black => Color::Black,
        }
    }
}

impl From<Color> for engine::Color {
    fn from(c: Color) -> engine::Color {
        match c {
            Color::White => engine::Color::White,
            Color::Black => engine::Color::Black,
        }
    }
}

/// A bye.
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Bye {
    /// Given by the pairing (an odd number of players).
    PairingAllocated,
    /// A requested full-point bye.
    Full,
    /// A requested half-point bye.
    Half,
    /// A zero-point bye or an announced absence.
    Zero,
}

impl From<EngineByeKind> for Bye {
    fn from(k: EngineByeKind) -> Bye {
        match k {
            EngineByeKind::PairingAllocated => Bye::PairingAllocated,
            EngineByeKind::Full => Bye::Full,
            EngineByeKind::Half => Bye::Half,
            EngineByeKind::Zero => Bye::Zero,
        }
    }
}

/// A float (Dutch A.4, A.5).
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Float {
    /// Paired against a lower score, or the pairing-allocated bye.
    Down,
    /// Paired against a higher score.
    Up,
}

impl From<EngineFloat> for Float {
    fn from(f: EngineFloat) -> Float {
        match f {
            EngineFloat::Down => Float::Down,
            EngineFloat::Up => Float::Up,
        }
    }
}

/// Point values, in tenths of a point.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PointValues {
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

impl From<PointValues> for engine::PointValues {
    fn from(p: PointValues) -> engine::PointValues {
        let t = engine::Points::from_tenths;
        engine::PointValues {
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
}

impl From<engine::PointValues> for PointValues {
    fn from(p: engine::PointValues) -> PointValues {
        PointValues {
            win: p.win.tenths(),
            draw: p.draw.tenths(),
            loss: p.loss.tenths(),
            forfeit_win: p.forfeit_win.tenths(),
            forfeit_loss: p.forfeit_loss.tenths(),
            pairing_bye: p.pairing_bye.tenths(),
            full_bye: p.full_bye.tenths(),
            half_bye: p.half_bye.tenths(),
            zero_bye: p.zero_bye.tenths(),
        }
    }
}

/// A tournament's settings, as a new tournament's request gives them and the tournament's
/// view answers them.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The pairing system: the Dutch in force (`dutch-2026`) when the request names none.
    #[serde(default)]
    pub system: System,
    /// The number of rounds.
    pub rounds: u16,
    /// The lot before round 1: the first player's colour, or `lots` for the server to draw it
    /// (answers say the colour drawn, and `initial_color_by_lot`).
    pub initial_color: InitialColor,
    /// In answers: whether the colour was drawn by lot. Requests ask for a draw with
    /// `"initial_color": "lots"`; this field is accepted there (so that an answer's settings
    /// can be sent back) and changes nothing.
    #[serde(default)]
    pub initial_color_by_lot: bool,
    /// Point values, when not the system's defaults.
    #[serde(default)]
    pub points: Option<PointValues>,
    /// Tie-break codes, in order (the system's default when empty).
    #[serde(default)]
    pub tiebreaks: Vec<String>,
    /// The seed of the drawing of lots that ends the tie-breaks.
    #[serde(default)]
    pub lot_seed: u64,
    /// In answers: how pairing numbers are given (the system decides; accepted in requests
    /// so that an answer's settings can be sent back, and changes nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbering: Option<Numbering>,
}

/// A tie-break a tournament may use.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct TiebreakInfo {
    /// Its code (`BH/C1`).
    pub code: String,
    /// What it measures.
    pub meaning: String,
}

/// `GET /api/tiebreaks`.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct TiebreakList {
    /// Every tie-break, and the usual cuts of those that take one.
    pub tiebreaks: Vec<TiebreakInfo>,
    /// The default order of each system, by its name (`dutch-2026`: `["BH/C1", ...]`).
    pub defaults: std::collections::BTreeMap<String, Vec<String>>,
}

impl TiebreakList {
    /// The list.
    pub fn new() -> TiebreakList {
        use engine::model::tiebreak::{Kind, Tiebreak, KINDS};
        let mut list: Vec<Tiebreak> = Vec::new();
        for (kind, _, _) in KINDS {
            list.push(Tiebreak::of(kind));
            if matches!(
                kind,
                Kind::Buchholz
                    | Kind::ForeBuchholz
                    | Kind::SonnebornBerger
                    | Kind::AverageRatingOfOpponents
            ) {
                list.push(Tiebreak::cut(kind, 1));
            }
            if kind == Kind::Buchholz {
                list.push(Tiebreak::cut(kind, 2));
                list.push(Tiebreak::median(kind, 1));
                list.push(Tiebreak::median(kind, 2));
            }
        }
        TiebreakList {
            tiebreaks: list
                .iter()
                .map(|t| TiebreakInfo {
                    code: t.code(),
                    meaning: t.meaning(),
                })
                .collect(),
            defaults: engine::System::ALL
                .iter()
                .map(|s| {
                    (
                        s.name().to_string(),
                        s.default_tiebreaks().iter().map(|t| t.code()).collect(),
                    )
                })
                .collect(),
        }
    }
}

impl Default for TiebreakList {
    fn default() -> Self {
        TiebreakList::new()
    }
}

/// How pairing numbers are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Numbering {
    /// Fixed by the initial order when round 1 is published; late entries take the next
    /// numbers (Dutch 1992 A.2; Dubov 1997).
    #[serde(rename = "fixed-at-round-1")]
    FixedAtRound1,
    /// GHR 2026 Article 2: the ranking's order, corrections and late entries included, until
    /// round 4 is paired; then corrections move nobody and late entries take their place.
    #[serde(rename = "ghr-2026")]
    Ghr2026,
}

/// The first player's colour in round 1, or a drawing of lots for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InitialColor {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn by lot when the tournament is created.
    Lots,
}

impl Settings {
    /// The settings a new tournament asks for, in the application's words (`lots`: no colour
    /// given, the application draws it).
    pub fn into_app(self) -> app::NewSettings {
        app::NewSettings {
            system: self.system.into(),
            rounds: self.rounds,
            initial_color: match self.initial_color {
                InitialColor::White => Some(engine::Color::White),
                InitialColor::Black => Some(engine::Color::Black),
                InitialColor::Lots => None,
            },
            points: self.points.map(Into::into),
            tiebreaks: self.tiebreaks,
            lot_seed: self.lot_seed,
        }
    }
}

/// What a rating report needs beyond players and games: the place, the dates, the arbiters,
/// the time control (TRF 022-132). Dates are `YYYY-MM-DD`; an empty field or `null` is not
/// known.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Details {
    /// The city or place (TRF 022).
    #[serde(default)]
    pub city: String,
    /// The federation, three capital letters (032).
    #[serde(default)]
    pub federation: String,
    /// The first day (042), `YYYY-MM-DD`.
    #[serde(default)]
    pub start_date: Option<String>,
    /// The last day (052).
    #[serde(default)]
    pub end_date: Option<String>,
    /// The chief arbiter as the report names them, e.g. `IA Jane Doe (12345678)` (102).
    #[serde(default)]
    pub chief_arbiter: String,
    /// The deputy chief arbiters and arbiters, one each (112).
    #[serde(default)]
    pub deputy_arbiters: Vec<String>,
    /// The time control, e.g. `90'/40 + 30' + 30" per move` (122).
    #[serde(default)]
    pub time_control: String,
    /// The date of each round, round 1 first; `null` for one not yet known (132).
    #[serde(default)]
    pub round_dates: Vec<Option<String>>,
}

impl From<Details> for app::Details {
    fn from(d: Details) -> app::Details {
        let blank = |v: Option<String>| v.map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        app::Details {
            city: d.city.trim().to_string(),
            federation: d.federation.trim().to_string(),
            start_date: blank(d.start_date),
            end_date: blank(d.end_date),
            chief_arbiter: d.chief_arbiter.trim().to_string(),
            deputy_arbiters: d
                .deputy_arbiters
                .into_iter()
                .map(|a| a.trim().to_string())
                .filter(|a| !a.is_empty())
                .collect(),
            time_control: d.time_control.trim().to_string(),
            round_dates: {
                let mut v: Vec<Option<String>> = d.round_dates.into_iter().map(blank).collect();
                while v.last() == Some(&None) {
                    v.pop();
                }
                v
            },
        }
    }
}

impl From<&app::Details> for Details {
    fn from(d: &app::Details) -> Details {
        Details {
            city: d.city.clone(),
            federation: d.federation.clone(),
            start_date: d.start_date.clone(),
            end_date: d.end_date.clone(),
            chief_arbiter: d.chief_arbiter.clone(),
            deputy_arbiters: d.deputy_arbiters.clone(),
            time_control: d.time_control.clone(),
            round_dates: d.round_dates.clone(),
        }
    }
}

/// A FIDE title, as FIDE abbreviates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Title {
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

impl From<EngineTitle> for Title {
    fn from(t: EngineTitle) -> Title {
        match t {
            EngineTitle::Gm => Title::Gm,
            EngineTitle::Im => Title::Im,
            EngineTitle::Wgm => Title::Wgm,
            EngineTitle::Wim => Title::Wim,
            EngineTitle::Fm => Title::Fm,
            EngineTitle::Cm => Title::Cm,
            EngineTitle::Wfm => Title::Wfm,
            EngineTitle::Wcm => Title::Wcm,
        }
    }
}

impl From<Title> for EngineTitle {
    fn from(t: Title) -> EngineTitle {
        match t {
            Title::Gm => EngineTitle::Gm,
            Title::Im => EngineTitle::Im,
            Title::Wgm => EngineTitle::Wgm,
            Title::Wim => EngineTitle::Wim,
            Title::Fm => EngineTitle::Fm,
            Title::Cm => EngineTitle::Cm,
            Title::Wfm => EngineTitle::Wfm,
            Title::Wcm => EngineTitle::Wcm,
        }
    }
}

/// Sex, as FIDE records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Sex {
    /// Male.
    #[serde(rename = "m")]
    Male,
    /// Female.
    #[serde(rename = "w")]
    Female,
}

impl From<EngineSex> for Sex {
    fn from(s: EngineSex) -> Sex {
        match s {
            EngineSex::Male => Sex::Male,
            EngineSex::Female => Sex::Female,
        }
    }
}

impl From<&app::PlayerData> for PlayerData {
    fn from(p: &app::PlayerData) -> PlayerData {
        PlayerData {
            name: p.name.clone(),
            rating: p.rating,
            title: p.title.map(Into::into),
            federation: p.federation.clone(),
            fide_id: p.fide_id,
            birth_date: p.birth_date.clone(),
            sex: p.sex.map(Into::into),
        }
    }
}

impl From<Sex> for EngineSex {
    fn from(s: Sex) -> EngineSex {
        match s {
            Sex::Male => EngineSex::Male,
            Sex::Female => EngineSex::Female,
        }
    }
}

/// A player's data: what `POST /api/tournaments/{id}/players` registers, and what the
/// registration event carries.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerData {
    /// Name, "Surname,Given".
    pub name: String,
    /// Rating, if rated.
    #[serde(default)]
    pub rating: Option<u16>,
    /// Title.
    #[serde(default)]
    pub title: Option<Title>,
    /// Federation, three capital letters.
    #[serde(default)]
    pub federation: Option<String>,
    /// FIDE identifier.
    #[serde(default)]
    pub fide_id: Option<u64>,
    /// Birth date, `YYYY/MM/DD`.
    #[serde(default)]
    pub birth_date: Option<String>,
    /// Sex: `m` or `w`.
    #[serde(default)]
    pub sex: Option<Sex>,
}

impl From<PlayerData> for app::PlayerData {
    fn from(p: PlayerData) -> app::PlayerData {
        app::PlayerData {
            name: p.name,
            rating: p.rating,
            title: p.title.map(Into::into),
            federation: p.federation,
            fide_id: p.fide_id,
            birth_date: p.birth_date,
            sex: p.sex.map(Into::into),
        }
    }
}

/// A correction of a player's data: each field given is replaced; `null` clears the rating
/// or the title.
#[derive(Clone, Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerCorrection {
    /// New name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// New rating (`null`: unrated).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub rating: Option<Option<u16>>,
    /// New title (`null`: no title).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub title: Option<Option<Title>>,
}

/// A field that may be `null`: absent is `None`, `null` is `Some(None)`.
fn present<'de, T: Deserialize<'de>, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

impl From<PlayerCorrection> for app::PlayerCorrection {
    fn from(c: PlayerCorrection) -> app::PlayerCorrection {
        app::PlayerCorrection {
            name: c.name,
            rating: c.rating,
            title: c.title.map(|t| t.map(Into::into)),
        }
    }
}

impl From<&app::Settings> for Settings {
    fn from(s: &app::Settings) -> Settings {
        Settings {
            system: s.system.into(),
            rounds: s.rounds,
            initial_color: match s.initial_color {
                engine::Color::White => InitialColor::White,
                engine::Color::Black => InitialColor::Black,
            },
            initial_color_by_lot: s.initial_color_by_lot,
            points: s.points.map(Into::into),
            tiebreaks: s.tiebreaks.clone(),
            lot_seed: s.lot_seed,
            numbering: Some(match s.numbering {
                app::Numbering::FixedAtRound1 => Numbering::FixedAtRound1,
                app::Numbering::Ghr2026 => Numbering::Ghr2026,
            }),
        }
    }
}

/// A tournament.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Tournament {
    /// Its identifier.
    pub id: String,
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
    /// The sequence number of its last event (a live connection resumes after it).
    pub last_seq: u64,
}

impl From<app::Summary> for Tournament {
    fn from(s: app::Summary) -> Tournament {
        Tournament {
            id: s.id.to_string(),
            name: s.name,
            settings: s.settings.as_ref().map(Into::into),
            details: (&s.details).into(),
            players: s.players,
            rounds_published: s.rounds_published,
            closed: s.closed,
            last_seq: s.last_seq,
        }
    }
}

/// A player, with both numbers: `player`, the registration number (given in the order of
/// registration, never changed: paths and the log use it), and `tpn`, the pairing number
/// (the initial ranking's order; the system's rules say when it is final).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Player {
    /// The registration number.
    pub player: u32,
    /// The pairing number.
    pub tpn: Option<u32>,
    /// Name.
    pub name: String,
    /// Rating.
    pub rating: Option<u16>,
    /// Title.
    pub title: Option<&'static str>,
    /// Federation.
    pub federation: Option<String>,
    /// FIDE id.
    pub fide_id: Option<u64>,
    /// The first round no longer played.
    pub withdrawn_from: Option<u16>,
}

impl From<app::PlayerView> for Player {
    fn from(p: app::PlayerView) -> Player {
        Player {
            player: p.key.0,
            tpn: p.tpn.map(|t| t.get()),
            name: p.name,
            rating: p.rating,
            title: p.title.map(|t| t.as_str()),
            federation: p.federation,
            fide_id: p.fide_id,
            withdrawn_from: p.withdrawn_from,
        }
    }
}

/// The server's FIDE rating list: whether one is loaded, and which.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RatingList {
    /// Whether a list is loaded.
    pub loaded: bool,
    /// How many players it lists.
    pub players: usize,
    /// The file it was loaded from, as uploaded.
    pub source: Option<String>,
    /// When it was loaded, in milliseconds since 1970-01-01 UTC.
    pub loaded_at_ms: Option<u64>,
}

impl From<Option<&crate::rating_list::Loaded>> for RatingList {
    fn from(l: Option<&crate::rating_list::Loaded>) -> RatingList {
        RatingList {
            loaded: l.is_some(),
            players: l.map_or(0, |l| l.list.len()),
            source: l.map(|l| l.source.clone()),
            loaded_at_ms: l.map(|l| l.loaded_at_ms),
        }
    }
}

/// A player of the FIDE rating list, in the fields a registration takes.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ListedPlayer {
    /// FIDE id.
    pub fide_id: u64,
    /// Name, as FIDE writes it.
    pub name: String,
    /// Title.
    pub title: Option<&'static str>,
    /// Federation.
    pub federation: Option<String>,
    /// Standard rating; null when unrated.
    pub rating: Option<u16>,
    /// Year of birth.
    pub birth_year: Option<u16>,
    /// Sex as FIDE records it: `m` or `w`.
    pub sex: Option<&'static str>,
}

impl From<&engine::formats::rating_list::Entry> for ListedPlayer {
    fn from(e: &engine::formats::rating_list::Entry) -> ListedPlayer {
        ListedPlayer {
            fide_id: e.fide_id,
            name: e.name.clone(),
            title: e.title.map(|t| t.as_str()),
            federation: e.federation.map(|f| f.as_str().to_string()),
            rating: e.rating,
            birth_year: e.birth_year,
            sex: e.sex.map(|s| match s {
                engine::model::player::Sex::Male => "m",
                engine::model::player::Sex::Female => "w",
            }),
        }
    }
}

/// A player's rating or title brought up to date from the rating list.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RatingChange {
    /// The player, as now recorded.
    #[serde(flatten)]
    pub player: Player,
    /// The rating before.
    pub old_rating: Option<u16>,
    /// The title before.
    pub old_title: Option<&'static str>,
    /// The event that recorded it.
    pub seq: u64,
}

impl From<app::RatingChange> for RatingChange {
    fn from(c: app::RatingChange) -> RatingChange {
        RatingChange {
            player: c.player.into(),
            old_rating: c.old_rating,
            old_title: c.old_title.map(|t| t.as_str()),
            seq: c.seq,
        }
    }
}

/// What a rating-list update did.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RatingUpdate {
    /// The list it came from.
    pub source: String,
    /// One per player changed (an empty list: every rating was already the list's).
    pub changes: Vec<RatingChange>,
}

/// A player with a score ("3.5").
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ScoredPlayer {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// The score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
}

impl From<app::Scored> for ScoredPlayer {
    fn from(s: app::Scored) -> ScoredPlayer {
        ScoredPlayer {
            player: s.player.into(),
            score: s.score.map(|p| p.to_string()),
        }
    }
}

/// A board of a published round.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Board {
    /// 1 for the first.
    pub board: u32,
    /// White (in a match: White in game 1).
    pub white: ScoredPlayer,
    /// Black.
    pub black: ScoredPlayer,
    /// The result as arbiters write it, one per game, once recorded.
    pub games: Option<Vec<String>>,
}

/// A player not playing a round by request.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RequestedBye {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// Which bye.
    pub kind: Bye,
}

/// The system and engine version that made a pairing.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct MadeBy {
    /// The system.
    pub system: System,
    /// The engine's version.
    pub engine_version: String,
}

/// A published round.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Round {
    /// The round.
    pub round: u16,
    /// The boards (those asked for with `from` and `count`, else all).
    pub pairs: Vec<Board>,
    /// How many boards the round has.
    pub total_boards: u32,
    /// How many of them still have no result (of all the boards, not only those sent).
    pub results_missing: u32,
    /// The pairing-allocated bye.
    pub bye: Option<ScoredPlayer>,
    /// Players not playing by request.
    pub requested_byes: Vec<RequestedBye>,
    /// Who made the pairing.
    pub made_by: MadeBy,
    /// The chief arbiter's changes to the system's proposal.
    pub manual_changes: Vec<String>,
}

impl From<app::RoundView> for Round {
    fn from(r: app::RoundView) -> Round {
        Round {
            round: r.round,
            total_boards: r.boards.len() as u32,
            results_missing: r.boards.iter().filter(|b| b.games.is_none()).count() as u32,
            pairs: r
                .boards
                .into_iter()
                .map(|b| Board {
                    board: b.board,
                    white: b.white.into(),
                    black: b.black.into(),
                    games: b.games.as_deref().map(results_text),
                })
                .collect(),
            bye: r.bye.map(Into::into),
            requested_byes: r
                .requested
                .into_iter()
                .map(|(p, kind)| RequestedBye {
                    player: p.into(),
                    kind: kind.into(),
                })
                .collect(),
            made_by: MadeBy {
                system: r.made_by.0.into(),
                engine_version: r.made_by.1,
            },
            manual_changes: r.manual_changes,
        }
    }
}

/// A player's line in a round's list by name (the list players look for in a big open).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct NameRow {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// The board played on, if paired.
    pub board: Option<u32>,
    /// The colour (in a match: in game 1), if paired.
    pub color: Option<Color>,
    /// The opponent, if paired.
    pub opponent: Option<Player>,
    /// Why not playing: the pairing-allocated bye or a requested one.
    pub bye: Option<Bye>,
}

/// A published round's players by name: every player paired, given the bye or not playing by
/// request, sorted by name (letters compared without case), then by pairing number.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RoundByName {
    /// The round.
    pub round: u16,
    /// The lines (those asked for with `from` and `count`, else all).
    pub rows: Vec<NameRow>,
    /// How many lines the list has.
    pub total_rows: u32,
}

impl From<Round> for RoundByName {
    fn from(r: Round) -> RoundByName {
        let line = |player: Player, board, color, opponent, bye| NameRow {
            player,
            board,
            color,
            opponent,
            bye,
        };
        let mut rows: Vec<NameRow> = Vec::with_capacity(2 * r.pairs.len() + 1);
        for b in r.pairs {
            let (w, bl) = (b.white.player, b.black.player);
            rows.push(line(
                w.clone(),
                Some(b.board),
                Some(Color::White),
                Some(bl.clone()),
                None,
            ));
            rows.push(line(bl, Some(b.board), Some(Color::Black), Some(w), None));
        }
        if let Some(p) = r.bye {
            rows.push(line(
                p.player,
                None,
                None,
                None,
                Some(Bye::PairingAllocated),
            ));
        }
        for b in r.requested_byes {
            rows.push(line(b.player, None, None, None, Some(b.kind)));
        }
        rows.sort_by_cached_key(|x| (x.player.name.to_lowercase(), x.player.tpn, x.player.player));
        RoundByName {
            round: r.round,
            total_rows: rows.len() as u32,
            rows,
        }
    }
}

/// One pair of a proposal.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ProposedPair {
    /// 1 for the first.
    pub board: usize,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
}

/// The system's proposal for the next round.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Proposal {
    /// The round.
    pub round: u16,
    /// The pairs, board 1 first.
    pub pairs: Vec<ProposedPair>,
    /// The pairing-allocated bye.
    pub bye: Option<Player>,
    /// The reasoning, step by step under each article.
    pub explanation: Vec<Step>,
}

/// One step of a pairing's explanation.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Step {
    /// 0 for the round, a bracket or a score group; 1 for a decision inside one.
    pub depth: u8,
    /// The article of the system's text that decided it ("C.7", "6.2"); null for a heading.
    pub article: Option<&'static str>,
    /// What was decided, in words.
    pub text: String,
}

impl From<engine::pairing::Step> for Step {
    fn from(s: engine::pairing::Step) -> Step {
        Step {
            depth: s.depth,
            article: s.article,
            text: s.text,
        }
    }
}

impl From<app::Proposal> for Proposal {
    fn from(p: app::Proposal) -> Proposal {
        Proposal {
            round: p.round,
            pairs: p
                .pairs
                .into_iter()
                .enumerate()
                .map(|(i, (w, b))| ProposedPair {
                    board: i + 1,
                    white: w.into(),
                    black: b.into(),
                })
                .collect(),
            bye: p.bye.map(Into::into),
            explanation: p.explanation.into_iter().map(Into::into).collect(),
        }
    }
}

/// One row of the standings.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct StandingsRow {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// Place.
    pub rank: u32,
    /// Points.
    pub score: String,
    /// The tie-breaks' values, in the order of `tiebreaks`.
    pub tiebreaks: Vec<String>,
    /// Whether lots decided the place.
    pub by_lot: bool,
}

/// The standings.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Standings {
    /// The round they are after.
    pub after_round: u16,
    /// The tie-breaks' codes (C.07's, as FIDE's calculator writes them), in order.
    pub tiebreaks: Vec<String>,
    /// What each tie-break measures, in the order of `tiebreaks`.
    pub tiebreak_meanings: Vec<String>,
    /// The rows (those asked for with `from` and `count`, else all).
    pub rows: Vec<StandingsRow>,
    /// How many rows the standings have.
    pub total_rows: u32,
}

impl From<app::StandingsView> for Standings {
    fn from(s: app::StandingsView) -> Standings {
        Standings {
            after_round: s.after_round,
            tiebreaks: s.tiebreaks,
            tiebreak_meanings: s.meanings,
            total_rows: s.rows.len() as u32,
            rows: s
                .rows
                .into_iter()
                .map(|r| StandingsRow {
                    player: r.player.into(),
                    rank: r.rank,
                    score: r.score.to_string(),
                    tiebreaks: r.tiebreaks,
                    by_lot: r.by_lot,
                })
                .collect(),
        }
    }
}

/// One round of a player's card.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum CardRound {
    /// Paired.
    Paired {
        /// The round.
        round: u16,
        /// The opponent.
        opponent: Player,
        /// The player's colour.
        color: Color,
        /// Whether the game was played.
        played: bool,
        /// The board.
        board: Option<u32>,
        /// The result as arbiters write it (White first), one per game.
        games: Option<Vec<String>>,
        /// The float.
        float: Option<Float>,
    },
    /// A bye.
    Bye {
        /// The round.
        round: u16,
        /// Which bye.
        bye: Bye,
        /// The float.
        float: Option<Float>,
    },
    /// Not in the round.
    Absent {
        /// The round.
        round: u16,
        /// Always true.
        absent: bool,
    },
}

/// A player's card.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Card {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// Points.
    pub score: String,
    /// Round by round.
    pub rounds: Vec<CardRound>,
    /// Round by round, from the player's own side: the points the round gave (`"1"`, `"0.5"`,
    /// a Double-Swiss match's `"1.5"`) and the score after it.
    pub points: Vec<CardPoints>,
    /// Dubov 9: the average rating of the opponents played after each round (Dubov
    /// tournaments only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aro_after_round: Option<Vec<String>>,
}

/// What one round gave a player.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct CardPoints {
    /// The points the round gave.
    pub points: String,
    /// The score after the round.
    pub score_after: String,
}

impl From<app::CardView> for Card {
    fn from(c: app::CardView) -> Card {
        Card {
            player: c.player.into(),
            score: c.score.to_string(),
            points: c
                .points
                .iter()
                .map(|(p, after)| CardPoints {
                    points: p.to_string(),
                    score_after: after.to_string(),
                })
                .collect(),
            aro_after_round: c
                .aro_after_round
                .map(|v| v.iter().map(ToString::to_string).collect()),
            rounds: c
                .rounds
                .into_iter()
                .map(|r| match r {
                    app::CardRound::Paired {
                        round,
                        opponent,
                        color,
                        played,
                        board,
                        games,
                        float,
                    } => CardRound::Paired {
                        round,
                        opponent: opponent.into(),
                        color: color.into(),
                        played,
                        board,
                        games: games.as_deref().map(results_text),
                        float: float.map(Into::into),
                    },
                    app::CardRound::Bye { round, kind, float } => CardRound::Bye {
                        round,
                        bye: kind.into(),
                        float: float.map(Into::into),
                    },
                    app::CardRound::Absent { round } => CardRound::Absent {
                        round,
                        absent: true,
                    },
                })
                .collect(),
        }
    }
}

/// A player's AROs after each round, with three decimals (Dubov 9).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct AroRow {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// After round 1, 2, ...
    pub aro_after_round: Vec<String>,
}

impl From<app::AroRow> for AroRow {
    fn from(r: app::AroRow) -> AroRow {
        AroRow {
            player: r.player.into(),
            aro_after_round: r.after_round.iter().map(ToString::to_string).collect(),
        }
    }
}

/// A player in the log: by registration number, the number that never changes.
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
pub struct Registered {
    /// The registration number.
    pub player: u32,
}

/// One pair as published.
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
pub struct PublishedPair {
    /// White.
    pub white: Registered,
    /// Black.
    pub black: Registered,
}

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
    /// A player will be absent in a round.
    AbsenceAnnounced {
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
            C::TiebreaksChanged { tiebreaks } => Event::TiebreaksChanged {
                tiebreaks: tiebreaks.clone(),
            },
            C::PlayerRegistered { player, data } => Event::PlayerRegistered {
                player: player.0,
                data: data.into(),
            },
            C::PlayerCorrected { player, correction } => Event::PlayerCorrected {
                player: player.0,
                correction: PlayerCorrection {
                    name: correction.name.clone(),
                    rating: correction.rating,
                    title: correction.title.map(|t| t.map(Title::from)),
                },
            },
            C::PlayerWithdrawn { player, from_round } => Event::PlayerWithdrawn {
                player: player.0,
                from_round: *from_round,
            },
            C::AbsenceAnnounced { player, round } => Event::AbsenceAnnounced {
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
    /// Why (corrections).
    pub reason: Option<String>,
    /// What happened.
    pub event: Event,
}

impl From<&app::Entry> for Recorded {
    fn from(e: &app::Entry) -> Recorded {
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

/// What a write answers: the event it appended (201), or (200) the event that already records
/// what was asked (an identical request with the same `Idempotency-Key`, the same result
/// entered again, a correction to the result already recorded), with `unchanged` saying that
/// nothing was written.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Written {
    /// The event's position in the tournament's log.
    pub seq: u64,
    /// The event's identifier.
    pub id: String,
    /// When it was recorded, in milliseconds since 1970-01-01 UTC.
    pub recorded_at_ms: u64,
    /// The account that recorded it.
    pub actor: String,
    /// Present when nothing was written: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unchanged: Option<String>,
}

impl From<&app::Entry> for Written {
    fn from(e: &app::Entry) -> Written {
        Written {
            seq: e.seq,
            id: e.id.to_string(),
            recorded_at_ms: e.recorded_at_ms,
            actor: e.actor.clone(),
            unchanged: None,
        }
    }
}

impl From<&app::Written> for Written {
    fn from(a: &app::Written) -> Written {
        let mut w = Written::from(&a.entry);
        if !a.new {
            w.unchanged = Some(format!(
                "nothing was written: event {} already records this",
                a.entry.seq
            ));
        }
        w
    }
}

/// `POST /api/tournaments/{id}/players` answers what was written and the player as
/// registered, with both numbers.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PlayerWritten {
    /// What was written.
    #[serde(flatten)]
    pub written: Written,
    /// The player as registered now (`tpn` may change: see [`Player`]).
    #[serde(flatten)]
    pub player: Player,
}

/// `POST /api/tournaments/{id}/rounds` answers what was written and how the published round
/// differs from the system's proposal, each player by name and both numbers.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RoundWritten {
    /// What was written.
    #[serde(flatten)]
    pub written: Written,
    /// The differences from the system's proposal and the breaches accepted, as recorded
    /// (empty: the proposal as it was).
    pub manual_changes: Vec<String>,
}

/// `POST /api/tournaments` answers the new tournament's identifier.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Created {
    /// The tournament's identifier.
    pub id: String,
    /// The sequence number of its first event.
    pub seq: u64,
}

/// `POST /api/tournaments/import` answers the imported tournament's identifier.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Imported {
    /// The tournament's identifier.
    pub id: String,
}

/// An account, as `GET /api/me` shows the token's owner.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Account {
    /// The account's name.
    pub name: String,
    /// What it may do.
    pub role: Role,
    /// The tournaments it works in (none for an administrator, who is the chief arbiter of
    /// every tournament).
    pub tournaments: Vec<String>,
}

impl From<&events::Account> for Account {
    fn from(a: &events::Account) -> Account {
        Account {
            name: a.name.clone(),
            role: a.role.into(),
            tournaments: a.tournaments.iter().map(|t| t.0.to_string()).collect(),
        }
    }
}

/// A new account with its token, shown once.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct NewAccount {
    /// The account.
    #[serde(flatten)]
    pub account: Account,
    /// The bearer token: shown in this answer only.
    pub token: String,
}

/// The store, as `GET /api/health` shows it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct StoreHealth {
    /// `sled` (embedded) or `postgres` (shared by several servers).
    pub kind: &'static str,
    /// No tournament recorded yet.
    pub empty: bool,
    /// Bytes on disk.
    pub bytes: u64,
}

/// `GET /api/health`.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Health {
    /// "ok".
    pub status: &'static str,
    /// The pairing engine's version.
    pub engine: &'static str,
    /// The store.
    pub store: StoreHealth,
}

/// Every refusal and failure: what went wrong, in words, with what is recorded (409) or the
/// details (422) where there are some.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong.
    pub error: String,
    /// 409: what is recorded (for a result, its round, board and games).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub recorded: Option<serde_json::Value>,
    /// 422: details, such as the absolute criteria a pairing breaks (`violations`, a list of
    /// sentences) or whether a manual pairing is possible (`manual_pairing_possible`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub details: Option<serde_json::Value>,
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

#[cfg(test)]
mod tests {
    //! The requests' JSON names are the wire's own; each is converted field by field into the
    //! application's vocabulary.
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_of_a_new_tournament_are_converted_field_by_field() {
        let s: Settings = serde_json::from_value(json!({
            "system": "double-swiss", "rounds": 7, "initial_color": "black",
            "tiebreaks": ["BH-C1", "SB"], "lot_seed": 9
        }))
        .unwrap();
        assert_eq!(
            s.into_app(),
            app::NewSettings {
                system: engine::System::DoubleSwiss,
                rounds: 7,
                initial_color: Some(engine::Color::Black),
                points: None,
                // As asked: the application records them in C.07's codes.
                tiebreaks: vec!["BH-C1".into(), "SB".into()],
                lot_seed: 9,
            }
        );
        let lots: Settings = serde_json::from_value(json!({
            "system": "dutch-2026", "rounds": 9, "initial_color": "lots"
        }))
        .unwrap();
        assert_eq!(
            lots.into_app().initial_color,
            None,
            "drawn by the application"
        );
        let unknown = serde_json::from_value::<Settings>(json!({
            "system": "dutch", "rounds": 5, "initial_color": "white", "colour": "white"
        }));
        assert!(unknown.unwrap_err().to_string().contains("colour"));
    }

    #[test]
    fn systems_are_named_by_edition_and_a_new_tournament_gets_the_dutch_in_force() {
        let system = |v: serde_json::Value| {
            let mut settings = json!({ "rounds": 5, "initial_color": "white" });
            if !v.is_null() {
                settings["system"] = v;
            }
            serde_json::from_value::<Settings>(settings).map(|s| s.into_app().system)
        };
        use engine::System as E;
        assert_eq!(system(json!(null)).unwrap(), E::Dutch2026);
        assert_eq!(system(json!("dutch-2026")).unwrap(), E::Dutch2026);
        assert_eq!(system(json!("dutch")).unwrap(), E::Dutch2026);
        assert_eq!(system(json!("dutch-1992")).unwrap(), E::Dutch1992);
        assert_eq!(system(json!("dubov")).unwrap(), E::Dubov);
        assert_eq!(system(json!("double-swiss-2026")).unwrap(), E::DoubleSwiss);
        let unknown = system(json!("dutch-2017")).unwrap_err().to_string();
        assert!(
            unknown.contains("dutch-2017") && unknown.contains("dutch-1992"),
            "{unknown}"
        );
        // Answers name the edition, whatever the request called it.
        let answer = |s: E| serde_json::to_value(System::from(s)).unwrap();
        assert_eq!(answer(E::Dutch1992), json!("dutch-1992"));
        assert_eq!(answer(E::Dubov), json!("dubov-1997"));
        assert_eq!(answer(E::DoubleSwiss), json!("double-swiss-2026"));
    }

    #[test]
    fn a_player_and_a_correction_are_converted_null_clearing_a_field() {
        let p: PlayerData = serde_json::from_value(json!({
            "name": "Dahl,Ada", "rating": 2210, "title": "WFM", "sex": "w", "federation": "NOR"
        }))
        .unwrap();
        let data = app::PlayerData::from(p);
        assert_eq!(data.title, Some(EngineTitle::Wfm));
        assert_eq!(data.sex, Some(EngineSex::Female));
        assert_eq!(
            (data.rating, data.federation.as_deref()),
            (Some(2210), Some("NOR"))
        );
        let c: PlayerCorrection =
            serde_json::from_value(json!({ "rating": null, "title": "IM" })).unwrap();
        assert_eq!(
            app::PlayerCorrection::from(c),
            app::PlayerCorrection {
                name: None,
                rating: Some(None),
                title: Some(Some(EngineTitle::Im)),
            }
        );
        let absent: PlayerCorrection =
            serde_json::from_value(json!({ "name": "Dahl,Ada" })).unwrap();
        assert_eq!(app::PlayerCorrection::from(absent).rating, None);
    }
}

/// A result as arbiters write it.
pub fn result_text(g: &GameResult) -> String {
    use GameScore::*;
    let s = |x: GameScore| match x {
        Win => "1",
        Draw => "1/2",
        Loss => "0",
    };
    let (white, black) = (g.score(engine::Color::White), g.score(engine::Color::Black));
    match g.mode() {
        GameMode::Forfeit => match (white, black) {
            (Win, _) => "+-".into(),
            (_, Win) => "-+".into(),
            _ => "--".into(),
        },
        _ => format!("{}-{}", s(white), s(black)),
    }
}

/// Several games' results as arbiters write them.
pub fn results_text(games: &[GameResult]) -> Vec<String> {
    games.iter().map(result_text).collect()
}

/// What an account may do, by the name the API uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Results and their corrections, in the account's tournaments.
    Arbiter,
    /// Everything in the account's tournaments, and their arbiters' accounts.
    Chief,
    /// The server: tournaments and accounts of every kind; the chief arbiter of every
    /// tournament.
    Admin,
}

impl From<events::Role> for Role {
    fn from(r: events::Role) -> Role {
        match r {
            events::Role::Arbiter => Role::Arbiter,
            events::Role::Chief => Role::Chief,
            events::Role::Admin => Role::Admin,
        }
    }
}

impl From<Role> for events::Role {
    fn from(r: Role) -> events::Role {
        match r {
            Role::Arbiter => events::Role::Arbiter,
            Role::Chief => events::Role::Chief,
            Role::Admin => events::Role::Admin,
        }
    }
}
