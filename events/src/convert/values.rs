//! The persisted schema's values ([`crate::schema`]) to and from the engine's: a system, a
//! colour, a game's result, point values, a bye's kind, a title, a sex, an acceleration, the
//! tie-breaks, a player's data and a tournament's details. Each conversion explicit, both ways
//! where both are needed, so that a rename in one vocabulary never silently changes the other.

use crate::schema::*;
use engine::model::acceleration::Acceleration;
use engine::model::details::{Date, Details};
use engine::model::player::{BirthDate, Federation, Player, Sex, Title};
use engine::model::result::{ByeKind, GameMode, GameResult, GameScore};
use engine::model::tiebreak::Tiebreak;
use engine::{Color, PointValues, Points, System, Tpn};

/// The persisted form of a system.
pub fn v1_system(s: System) -> SystemV1 {
    match s {
        System::Dutch1992 => SystemV1::Dutch1992,
        System::Dutch2026 => SystemV1::Dutch2026,
        System::Dubov => SystemV1::Dubov,
        System::Dubov2026 => SystemV1::Dubov2026,
        System::Burstein2026 => SystemV1::Burstein2026,
        System::DoubleSwiss => SystemV1::DoubleSwiss,
        System::RoundRobin => SystemV1::RoundRobin,
        System::DoubleRoundRobin => SystemV1::DoubleRoundRobin,
    }
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
pub fn round_robin_cycles(s: SystemV1) -> Option<u16> {
    engine::pairing::round_robin::cycles(to_engine_system(s))
}

/// The persisted form of a colour.
pub fn v1_color(c: Color) -> ColorV1 {
    match c {
        Color::White => ColorV1::White,
        Color::Black => ColorV1::Black,
    }
}

/// A persisted colour.
pub fn color_of(c: ColorV1) -> Color {
    match c {
        ColorV1::White => Color::White,
        ColorV1::Black => Color::Black,
    }
}

/// The persisted form of a game's result.
pub fn v1_result(g: GameResult) -> GameResultV1 {
    let s = |x| match x {
        GameScore::Win => ScoreV1::Win,
        GameScore::Draw => ScoreV1::Draw,
        GameScore::Loss => ScoreV1::Loss,
    };
    let mode = match g.mode() {
        GameMode::Played => ModeV1::Played,
        GameMode::Unrated => ModeV1::Unrated,
        GameMode::Forfeit => ModeV1::Forfeit,
    };
    GameResultV1 {
        mode,
        white: s(g.score(Color::White)),
        black: s(g.score(Color::Black)),
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

/// Recorded results in the engine's values. The log holds no impossible result (the replay
/// refuses one before it is appended), so none is left out.
pub fn results_of(games: &[GameResultV1]) -> Vec<GameResult> {
    games.iter().filter_map(|g| to_engine_result(*g)).collect()
}

/// The persisted form of point values (tenths of a point).
pub fn v1_points(p: PointValues) -> PointValuesV1 {
    PointValuesV1 {
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

/// Persisted point values.
pub fn points_of(p: PointValuesV1) -> PointValues {
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

/// A tournament's point values: as recorded, or the system's defaults.
pub fn points_for(s: &SettingsV1) -> PointValues {
    s.points.map_or(
        PointValues::default_for(to_engine_system(s.system)),
        points_of,
    )
}

/// The persisted form of a requested bye's kind; `None` for the pairing-allocated bye, which
/// nobody requests.
pub fn v1_bye(kind: ByeKind) -> Option<RequestedByeV1> {
    match kind {
        ByeKind::PairingAllocated => None,
        ByeKind::Full => Some(RequestedByeV1::Full),
        ByeKind::Half => Some(RequestedByeV1::Half),
        ByeKind::Zero => Some(RequestedByeV1::Zero),
    }
}

/// A persisted requested bye's kind.
pub fn bye_of(kind: RequestedByeV1) -> ByeKind {
    match kind {
        RequestedByeV1::Full => ByeKind::Full,
        RequestedByeV1::Half => ByeKind::Half,
        RequestedByeV1::Zero => ByeKind::Zero,
    }
}

/// The persisted form of a sex.
pub fn v1_sex(s: Sex) -> SexV1 {
    match s {
        Sex::Male => SexV1::Male,
        Sex::Female => SexV1::Female,
    }
}

/// A persisted sex.
pub fn sex_of(s: SexV1) -> Sex {
    match s {
        SexV1::Male => Sex::Male,
        SexV1::Female => Sex::Female,
    }
}

/// The engine's title.
pub fn to_engine_title(t: TitleV1) -> Title {
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

/// The persisted form of a title (the inverse of [`to_engine_title`]).
pub fn v1_title(t: Title) -> TitleV1 {
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

/// The acceleration as persisted.
pub fn v1_acceleration(a: Acceleration) -> AccelerationV1 {
    match a {
        Acceleration::None => AccelerationV1::None,
        Acceleration::Baku => AccelerationV1::Baku,
    }
}

/// The acceleration as the engine knows it.
pub fn acceleration_of(a: AccelerationV1) -> Acceleration {
    match a {
        AccelerationV1::None => Acceleration::None,
        AccelerationV1::Baku => Acceleration::Baku,
    }
}

/// The tie-breaks an event records: those asked for, each in C.07's form as the calculator
/// writes it (a code that does not read is kept as sent, for replay's admission to refuse
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

/// The engine's player for registered data, numbered `tpn` (its number is meaningful only once
/// the numbers are fixed).
pub fn engine_player(tpn: Tpn, data: &PlayerDataV1) -> Player {
    let mut p = Player::new(tpn, data.name.trim());
    p.rating = data.rating;
    p.title = data.title.map(to_engine_title);
    p.federation = data.federation.as_deref().and_then(Federation::parse);
    p.fide_id = data.fide_id;
    p.birth_date = data.birth_date.as_deref().and_then(BirthDate::parse);
    p.sex = data.sex.map(sex_of);
    p
}

/// The persisted data of an engine's player (as a file gives it).
pub fn v1_player_data(player: &Player) -> PlayerDataV1 {
    PlayerDataV1 {
        name: player.name.clone(),
        rating: player.rating,
        title: player.title.map(v1_title),
        federation: player.federation.as_ref().map(|f| f.as_str().to_string()),
        fide_id: player.fide_id,
        birth_date: player.birth_date.map(|d| d.to_string()),
        sex: player.sex.map(v1_sex),
    }
}

/// The engine's form of a tournament's details, for its TRF header.
pub fn engine_details(name: &str, d: &DetailsV1) -> Details {
    let date = |v: &Option<String>| v.as_deref().and_then(|v| Date::parse_iso(v).ok());
    Details {
        name: name.to_string(),
        city: d.city.clone(),
        federation: d.federation.clone(),
        start: date(&d.start_date),
        end: date(&d.end_date),
        chief_arbiter: d.chief_arbiter.clone(),
        deputy_arbiters: d.deputy_arbiters.clone(),
        time_control: d.time_control.clone(),
        round_dates: d.round_dates.iter().map(date).collect(),
    }
}
