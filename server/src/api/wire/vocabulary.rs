//! The wire's words that requests and answers share: systems, colours, byes, floats, point
//! values, settings, details, titles, a player's data and its correction, roles, and results as
//! arbiters write them ("1-0", "1/2-1/2"); each converted explicitly from and into the
//! application's vocabulary.

use engine::model::history::Float as EngineFloat;
use engine::model::player::{Sex as EngineSex, Title as EngineTitle};
use engine::model::result::ByeKind as EngineByeKind;
use engine::model::result::{GameMode, GameResult, GameScore};
use events::app;
use serde::{Deserialize, Serialize};

/// A pairing system, by the name the API uses: its edition. The names without an edition that
/// earlier versions of the API used are read too, each as the edition a user means by it today:
/// `dutch` is the Dutch in force (2026), as `--dutch` is on the command line and to the programs
/// that call bbpPairings or JaVaFo; `dubov` likewise the Dubov in force (2026); `burstein` and
/// `double-swiss` have one edition each. Answers always name the edition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum System {
    /// Dutch, C.04.3 applied from 1 February 2026: the Dutch a new tournament gets.
    #[default]
    #[serde(rename = "dutch-2026", alias = "dutch")]
    Dutch2026,
    /// Dutch, 1992-2006 text (no rated event may use it since 1 February 2026).
    #[serde(rename = "dutch-1992")]
    Dutch1992,
    /// Dubov, C.04.4.1 applied from 1 February 2026: the Dubov a new tournament gets.
    #[serde(rename = "dubov-2026", alias = "dubov")]
    Dubov2026,
    /// Dubov, 1997 text (no rated event may use it since 1 February 2026).
    #[serde(rename = "dubov-1997")]
    Dubov1997,
    /// Burstein, C.04.4.2 applied from 1 February 2026.
    #[serde(rename = "burstein-2026", alias = "burstein")]
    Burstein2026,
    /// Double-Swiss, C.04.5 (2026).
    #[serde(rename = "double-swiss-2026", alias = "double-swiss")]
    DoubleSwiss2026,
    /// A round-robin by the Berger tables (C.05 Annex 1): every player meets every other.
    #[serde(rename = "round-robin")]
    RoundRobin,
    /// A double round-robin: every player meets every other twice, once with each colour.
    #[serde(rename = "double-round-robin")]
    DoubleRoundRobin,
}

/// How a round-robin's numbers are given (C.05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DrawMethod {
    /// A drawing of lots from a seed (a random one when not given), made again the same
    /// from it.
    Lots,
    /// The restricted drawing of the Varma tables (C.05 Annex 2): players of one federation
    /// do not meet in the last three rounds; 9 to 24 players.
    Varma,
    /// Assigned by the arbiter: `order` lists the players, number 1 first.
    Assigned,
}

impl From<app::DrawMethod> for DrawMethod {
    fn from(m: app::DrawMethod) -> DrawMethod {
        match m {
            app::DrawMethod::Lots => DrawMethod::Lots,
            app::DrawMethod::Varma => DrawMethod::Varma,
            app::DrawMethod::Assigned => DrawMethod::Assigned,
        }
    }
}

impl From<DrawMethod> for app::DrawMethod {
    fn from(m: DrawMethod) -> app::DrawMethod {
        match m {
            DrawMethod::Lots => app::DrawMethod::Lots,
            DrawMethod::Varma => app::DrawMethod::Varma,
            DrawMethod::Assigned => app::DrawMethod::Assigned,
        }
    }
}

impl From<engine::System> for System {
    fn from(s: engine::System) -> System {
        match s {
            engine::System::Dutch1992 => System::Dutch1992,
            engine::System::Dutch2026 => System::Dutch2026,
            engine::System::Dubov => System::Dubov1997,
            engine::System::Dubov2026 => System::Dubov2026,
            engine::System::Burstein2026 => System::Burstein2026,
            engine::System::DoubleSwiss => System::DoubleSwiss2026,
            engine::System::RoundRobin => System::RoundRobin,
            engine::System::DoubleRoundRobin => System::DoubleRoundRobin,
        }
    }
}

impl From<System> for engine::System {
    fn from(s: System) -> engine::System {
        match s {
            System::Dutch1992 => engine::System::Dutch1992,
            System::Dutch2026 => engine::System::Dutch2026,
            System::Dubov1997 => engine::System::Dubov,
            System::Dubov2026 => engine::System::Dubov2026,
            System::Burstein2026 => engine::System::Burstein2026,
            System::DoubleSwiss2026 => engine::System::DoubleSwiss,
            System::RoundRobin => engine::System::RoundRobin,
            System::DoubleRoundRobin => engine::System::DoubleRoundRobin,
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
    /// The number of rounds. A round-robin's are its tables' (n-1 for n players, n for an odd
    /// field; twice as many for a double one): answers give them, requests may leave it out.
    #[serde(default)]
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
    /// The acceleration (FIDE C.04.7): `none`, or `baku` (a Swiss system whose win is worth
    /// two draws; chosen and changed before round 1 only).
    #[serde(default)]
    pub acceleration: Acceleration,
}

/// The acceleration of a tournament's pairings (FIDE C.04.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Acceleration {
    /// None.
    #[default]
    None,
    /// The Baku method: group A (the first 2·⌈N/4⌉ of the list) gets a win's worth of virtual
    /// points in the first half (rounded up) of the accelerated rounds (the first half of the
    /// tournament, rounded up), a draw's worth in the rest of them.
    Baku,
}

impl From<Acceleration> for engine::model::acceleration::Acceleration {
    fn from(a: Acceleration) -> Self {
        match a {
            Acceleration::None => Self::None,
            Acceleration::Baku => Self::Baku,
        }
    }
}

impl From<engine::model::acceleration::Acceleration> for Acceleration {
    fn from(a: engine::model::acceleration::Acceleration) -> Self {
        match a {
            engine::model::acceleration::Acceleration::None => Self::None,
            engine::model::acceleration::Acceleration::Baku => Self::Baku,
        }
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
            acceleration: self.acceleration.into(),
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
    /// New FIDE id (`null`: none).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub fide_id: Option<Option<u64>>,
    /// New federation, three capital letters (`null`: none).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub federation: Option<Option<String>>,
    /// New birth date, `YYYY/MM/DD` (`null`: not known).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub birth_date: Option<Option<String>>,
    /// New sex, `m` or `w` (`null`: not recorded).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub sex: Option<Option<Sex>>,
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
            fide_id: c.fide_id,
            federation: c.federation,
            birth_date: c.birth_date,
            sex: c.sex.map(|s| s.map(Into::into)),
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
            acceleration: s.acceleration.into(),
        }
    }
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
                acceleration: engine::model::acceleration::Acceleration::None,
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
        assert_eq!(system(json!("dubov")).unwrap(), E::Dubov2026);
        assert_eq!(system(json!("dubov-1997")).unwrap(), E::Dubov);
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
                fide_id: None,
                federation: None,
                birth_date: None,
                sex: None,
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
    /// A tablet in the hall where players act for themselves with their personal codes.
    Terminal,
    /// Results and their corrections, in the account's tournaments.
    Arbiter,
    /// Everything in the account's tournaments, and their arbiters' accounts.
    Chief,
    /// The server: tournaments and accounts of every kind; the chief arbiter of every
    /// tournament.
    Admin,
}

impl From<events::app::Role> for Role {
    fn from(r: events::app::Role) -> Role {
        match r {
            events::app::Role::Terminal => Role::Terminal,
            events::app::Role::Arbiter => Role::Arbiter,
            events::app::Role::Chief => Role::Chief,
            events::app::Role::Admin => Role::Admin,
        }
    }
}

impl From<Role> for events::app::Role {
    fn from(r: Role) -> events::app::Role {
        match r {
            Role::Terminal => events::app::Role::Terminal,
            Role::Arbiter => events::app::Role::Arbiter,
            Role::Chief => events::app::Role::Chief,
            Role::Admin => events::app::Role::Admin,
        }
    }
}
