//! The persisted schema ([`crate::schema`]) to and from the application's vocabulary
//! ([`crate::vocabulary`]): a new tournament's settings, details, a player's data and its
//! correction, a drawing method, and each event as an entry of the audit trail. Each
//! conversion explicit, so that a new version of a persisted type changes nothing a caller of
//! the application sees.

use super::values::{
    acceleration_of, bye_of, color_of, points_of, recorded_tiebreaks, results_of, sex_of,
    tiebreaks_of, to_engine_system, to_engine_title, v1_acceleration, v1_color, v1_points, v1_sex,
    v1_system, v1_title,
};
use crate::schema::*;
use crate::vocabulary::{
    ByeRequest, Change, Details, DrawMethod, Entry, NewSettings, Numbering, PlayerCorrection,
    PlayerData, Settings,
};
use engine::Color;

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
        title: p.title.map(v1_title),
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
        title: p.title.map(to_engine_title),
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
        title: c.title.map(|t| t.map(v1_title)),
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
        title: c.title.map(|t| t.map(to_engine_title)),
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

/// The event that records a bye or an absence asked for `player` in `round`.
pub fn bye_request_event(player: PlayerKey, round: u16, kind: ByeRequest) -> Event {
    let requested = |kind| Event::ByeRequested {
        player,
        round,
        kind,
    };
    match kind {
        ByeRequest::Absent => Event::AbsenceAnnounced { player, round },
        ByeRequest::Half => requested(RequestedByeV1::Half),
        ByeRequest::Full => requested(RequestedByeV1::Full),
        ByeRequest::Zero => requested(RequestedByeV1::Zero),
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
    use engine::System;

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
