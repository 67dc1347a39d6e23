//! The application's vocabulary ([`crate::vocabulary`]) and the engine's values to and
//! from the persisted schema ([`crate::schema`]): every conversion between them in one place,
//! each explicit, so that a rename in one vocabulary never silently changes another. (The
//! replay's own reading of persisted values into the engine's is beside the fold, in
//! [`crate::replay`], which these use.)

use crate::replay::{recorded_tiebreaks, tiebreaks_of, to_engine_result, to_engine_system};
use crate::schema::*;
use crate::vocabulary::{
    Change, Details, DrawMethod, Entry, NewSettings, Numbering, PlayerCorrection, PlayerData,
    Settings,
};
use engine::model::player::Sex;
use engine::model::result::{ByeKind, GameMode, GameResult, GameScore};
use engine::{Color, PointValues, System};

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
    crate::replay::to_engine_points(p)
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

fn v1_sex(s: Sex) -> SexV1 {
    match s {
        Sex::Male => SexV1::Male,
        Sex::Female => SexV1::Female,
    }
}

fn sex_of(s: SexV1) -> Sex {
    match s {
        SexV1::Male => Sex::Male,
        SexV1::Female => Sex::Female,
    }
}

/// The settings to record for `new`, the first colour drawn by `lot` when `new` asks for a
/// drawing of lots; the tie-breaks asked, each written as C.07 writes it (the system's
/// defaults when none is asked).
pub fn v1_settings(new: NewSettings, lot: impl FnOnce() -> Color) -> SettingsV1 {
    let (initial_color, initial_color_by_lot) = match new.initial_color {
        Some(c) => (c, false),
        None => (lot(), true),
    };
    let system = v1_system(new.system);
    SettingsV1 {
        system,
        rounds: new.rounds,
        initial_color: v1_color(initial_color),
        points: new.points.map(v1_points),
        tiebreaks: recorded_tiebreaks(new.tiebreaks, system),
        lot_seed: new.lot_seed,
        initial_color_by_lot,
        numbering: NumberingV1::for_system(system),
        acceleration: v1_acceleration(new.acceleration),
    }
}

/// The acceleration as persisted.
pub fn v1_acceleration(a: engine::model::acceleration::Acceleration) -> AccelerationV1 {
    match a {
        engine::model::acceleration::Acceleration::None => AccelerationV1::None,
        engine::model::acceleration::Acceleration::Baku => AccelerationV1::Baku,
    }
}

/// The acceleration as the engine knows it.
pub fn acceleration_of(a: AccelerationV1) -> engine::model::acceleration::Acceleration {
    match a {
        AccelerationV1::None => engine::model::acceleration::Acceleration::None,
        AccelerationV1::Baku => engine::model::acceleration::Acceleration::Baku,
    }
}

/// Recorded settings.
pub fn settings_of(s: &SettingsV1) -> Settings {
    Settings {
        system: to_engine_system(s.system),
        rounds: s.rounds,
        initial_color: color_of(s.initial_color),
        initial_color_by_lot: s.initial_color_by_lot,
        points: s.points.map(points_of),
        tiebreaks: tiebreaks_of(s).iter().map(|t| t.code()).collect(),
        lot_seed: s.lot_seed,
        numbering: match s.numbering {
            NumberingV1::FixedAtRound1 => Numbering::FixedAtRound1,
            NumberingV1::Ghr2026 => Numbering::Ghr2026,
        },
        acceleration: acceleration_of(s.acceleration),
    }
}

/// The persisted form of a tournament's details.
pub fn v1_details(d: Details) -> DetailsV1 {
    DetailsV1 {
        city: d.city,
        federation: d.federation,
        start_date: d.start_date,
        end_date: d.end_date,
        chief_arbiter: d.chief_arbiter,
        deputy_arbiters: d.deputy_arbiters,
        time_control: d.time_control,
        round_dates: d.round_dates,
    }
}

/// Recorded details.
pub fn details_of(d: &DetailsV1) -> Details {
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

/// The persisted form of a player's data.
pub fn v1_player(p: PlayerData) -> PlayerDataV1 {
    PlayerDataV1 {
        name: p.name,
        rating: p.rating,
        title: p.title.map(crate::replay::v1_title),
        federation: p.federation,
        fide_id: p.fide_id,
        birth_date: p.birth_date,
        sex: p.sex.map(v1_sex),
    }
}

/// A registered player's data.
pub fn player_of(p: &PlayerDataV1) -> PlayerData {
    PlayerData {
        name: p.name.clone(),
        rating: p.rating,
        title: p.title.map(crate::replay::to_engine_title),
        federation: p.federation.clone(),
        fide_id: p.fide_id,
        birth_date: p.birth_date.clone(),
        sex: p.sex.map(sex_of),
    }
}

/// The persisted form of a correction of a player's data.
pub fn v1_correction(c: PlayerCorrection) -> PlayerCorrectionV1 {
    PlayerCorrectionV1 {
        name: c.name,
        rating: c.rating,
        title: c.title.map(|t| t.map(crate::replay::v1_title)),
        fide_id: c.fide_id,
        federation: c.federation,
        birth_date: c.birth_date,
        sex: c.sex.map(|s| s.map(v1_sex)),
    }
}

/// A recorded correction of a player's data.
pub fn correction_of(c: &PlayerCorrectionV1) -> PlayerCorrection {
    PlayerCorrection {
        name: c.name.clone(),
        rating: c.rating,
        title: c.title.map(|t| t.map(crate::replay::to_engine_title)),
        fide_id: c.fide_id,
        federation: c.federation.clone(),
        birth_date: c.birth_date.clone(),
        sex: c.sex.map(|s| s.map(sex_of)),
    }
}

/// A recorded drawing method.
pub fn draw_method_of(m: DrawMethodV1) -> DrawMethod {
    match m {
        DrawMethodV1::Lots => DrawMethod::Lots,
        DrawMethodV1::Varma => DrawMethod::Varma,
        DrawMethodV1::Assigned => DrawMethod::Assigned,
    }
}

/// The persisted form of a drawing method.
pub fn v1_draw_method(m: DrawMethod) -> DrawMethodV1 {
    match m {
        DrawMethod::Lots => DrawMethodV1::Lots,
        DrawMethod::Varma => DrawMethodV1::Varma,
        DrawMethod::Assigned => DrawMethodV1::Assigned,
    }
}

/// An event of the log as an entry of the audit trail.
pub fn entry_of(e: &Envelope) -> Entry {
    Entry {
        tournament: e.tournament,
        seq: e.seq,
        id: e.id,
        recorded_at_ms: e.recorded_at_ms,
        actor: e.actor.clone(),
        reason: e.reason.clone(),
        reason_public: e.reason_public,
        change: change_of(&e.event),
    }
}

/// What an event changed, in the application's words.
pub fn change_of(e: &Event) -> Change {
    match e {
        Event::TournamentCreated {
            name,
            settings,
            details,
        } => Change::TournamentCreated {
            name: name.clone(),
            settings: settings_of(settings),
            details: details_of(details),
        },
        Event::DetailsChanged { name, details } => Change::DetailsChanged {
            name: name.clone(),
            details: details_of(details),
        },
        Event::FileImported { text } => Change::FileImported { bytes: text.len() },
        Event::AccelerationChanged { acceleration } => Change::AccelerationChanged {
            acceleration: acceleration_of(*acceleration),
        },
        Event::TiebreaksChanged { tiebreaks } => Change::TiebreaksChanged {
            tiebreaks: tiebreaks.clone(),
        },
        Event::PlayerRegistered { player, data } => Change::PlayerRegistered {
            player: *player,
            data: player_of(data),
        },
        Event::PlayerRemoved { player } => Change::PlayerRemoved { player: *player },
        Event::PlayerCorrected { player, correction } => Change::PlayerCorrected {
            player: *player,
            correction: correction_of(correction),
        },
        Event::PlayerWithdrawn { player, from_round } => Change::PlayerWithdrawn {
            player: *player,
            from_round: *from_round,
        },
        Event::NumbersDrawn {
            method,
            seed,
            order,
        } => Change::NumbersDrawn {
            method: draw_method_of(*method),
            seed: *seed,
            order: order.clone(),
        },
        Event::AbsenceAnnounced { player, round } => Change::AbsenceAnnounced {
            player: *player,
            round: *round,
        },
        Event::PairsKeptApart {
            group,
            players,
            from_round,
            to_round,
        } => Change::PairsKeptApart {
            group: *group,
            players: players.clone(),
            from_round: *from_round,
            to_round: *to_round,
        },
        Event::PairsKeptApartRemoved { group } => Change::PairsKeptApartRemoved { group: *group },
        Event::ByeCancelled { player, round } => Change::ByeCancelled {
            player: *player,
            round: *round,
        },
        Event::ByeRequested {
            player,
            round,
            kind,
        } => Change::ByeRequested {
            player: *player,
            round: *round,
            kind: bye_of(*kind),
        },
        Event::RoundPublished {
            round,
            system,
            engine_version,
            pairs,
            bye,
            manual_changes,
            ..
        } => Change::RoundPublished {
            round: *round,
            system: to_engine_system(*system),
            engine_version: engine_version.clone(),
            pairs: pairs.iter().map(|p| (p.white, p.black)).collect(),
            bye: *bye,
            manual_changes: manual_changes.clone(),
        },
        Event::RoundUnpublished { round } => Change::RoundUnpublished { round: *round },
        Event::ResultRecorded {
            round,
            board,
            games,
        } => Change::ResultRecorded {
            round: *round,
            board: *board,
            games: results_of(games),
        },
        Event::ResultCorrected {
            round,
            board,
            games,
            colors_swapped,
        } => Change::ResultCorrected {
            round: *round,
            board: *board,
            games: results_of(games),
            colors_swapped: *colors_swapped,
        },
        Event::TournamentClosed => Change::TournamentClosed,
        Event::HallRulesSet {
            check_in_round,
            check_in_closes_at_ms,
            agreed_results_stand,
        } => Change::HallRulesSet {
            check_in_round: *check_in_round,
            check_in_closes_at_ms: *check_in_closes_at_ms,
            agreed_results_stand: *agreed_results_stand,
        },
        Event::PlayerCheckedIn { player, round } => Change::PlayerCheckedIn {
            player: *player,
            round: *round,
        },
        Event::CheckInWithdrawn { player, round } => Change::CheckInWithdrawn {
            player: *player,
            round: *round,
        },
        Event::PlayerCodesIssued { codes } => Change::PlayerCodesIssued {
            players: codes.iter().map(|c| c.player).collect(),
        },
        Event::ResultReported {
            round,
            board,
            player,
            games,
        } => Change::ResultReported {
            round: *round,
            board: *board,
            player: *player,
            games: results_of(games),
        },
        Event::ReportsAccepted {
            round,
            board,
            games,
            reported_by,
            confirmed_by,
        } => Change::ReportsAccepted {
            round: *round,
            board: *board,
            games: results_of(games),
            reported_by: *reported_by,
            confirmed_by: *confirmed_by,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::NewSettings;

    /// A new tournament's settings are recorded field by field: the tie-breaks in C.07's codes
    /// as FIDE's calculator writes them, the numbering the system gives, a colour drawn only
    /// when asked; and the log's tag for the 1992 Dutch stays `"dutch"`.
    #[test]
    fn settings_of_a_new_tournament_are_recorded_field_by_field() {
        let asked = NewSettings {
            system: System::DoubleSwiss,
            rounds: 7,
            initial_color: Some(Color::Black),
            points: None,
            tiebreaks: vec!["BH-C1".into(), "SB".into()],
            lot_seed: 9,
            acceleration: Default::default(),
        };
        assert_eq!(
            v1_settings(asked, || unreachable!("no drawing of lots asked")),
            SettingsV1 {
                system: SystemV1::DoubleSwiss,
                rounds: 7,
                initial_color: ColorV1::Black,
                points: None,
                tiebreaks: vec!["BH/C1".into(), "SB".into()],
                lot_seed: 9,
                initial_color_by_lot: false,
                acceleration: Default::default(),
                numbering: NumberingV1::Ghr2026,
            }
        );
        let lots = NewSettings {
            system: System::Dutch2026,
            rounds: 9,
            initial_color: None,
            points: None,
            tiebreaks: Vec::new(),
            lot_seed: 0,
            acceleration: Default::default(),
        };
        let drawn = v1_settings(lots, || Color::Black);
        assert_eq!(
            (drawn.initial_color, drawn.initial_color_by_lot),
            (ColorV1::Black, true)
        );
        assert_eq!(
            serde_json::to_value(v1_system(System::Dutch1992)).unwrap(),
            serde_json::json!("dutch")
        );
        // And read back as recorded.
        let back = settings_of(&drawn);
        assert_eq!(
            (back.system, back.initial_color, back.numbering),
            (System::Dutch2026, Color::Black, Numbering::Ghr2026)
        );
    }
}
