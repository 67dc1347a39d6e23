//! A tournament read from a TRF file (the engine's) into the events that record it: the
//! tournament, its players in the file's numbering, and each recorded round as it was
//! published, with its byes, withdrawals and results. The application appends them one by one,
//! so that the replay checks each as it checks any other.

use super::values::{recorded_tiebreaks, v1_bye, v1_player_data, v1_points, v1_result, v1_system};
use crate::limits::MAX_DETAIL;
use crate::schema::*;
use engine::model::result::ByeKind;
use engine::{Color, RoundNo, System};

/// The request of a bye the file records; `None` for the pairing-allocated bye, which
/// nobody requests.
fn bye_event(player: PlayerKey, round: u16, kind: ByeKind) -> Option<Event> {
    Some(Event::ByeRequested {
        player,
        round,
        kind: v1_bye(kind)?,
    })
}

/// Whether a file's virtual points are the Baku method's for its players and rounds (what a
/// served tournament can be set to); otherwise why the file cannot be imported. A file with
/// none is not accelerated.
pub fn acceleration_of_file(t: &engine::Tournament) -> Result<(), String> {
    use engine::model::acceleration::{baku, group_a, virtual_points_in};
    if t.virtual_points.is_empty() {
        return Ok(());
    }
    let n = t.players().len();
    let rounds = t.settings.rounds.unwrap_or(0).max(t.rounds().len() as u16);
    let last = engine::Tpn::from_index(group_a(n).min(n).saturating_sub(1));
    let expected = baku(last, rounds, &t.settings.points)?;
    let same = (1..=rounds)
        .filter_map(engine::RoundNo::new)
        .all(|r| virtual_points_in(&t.virtual_points, n, r) == virtual_points_in(&expected, n, r));
    if same {
        Ok(())
    } else {
        Err("acceleration: the file's virtual points (record 250 or XXA) are not the Baku method's for its players and rounds, and a tournament served here can be accelerated only by the Baku method; it is not imported without them (swiss pair and swiss check pair the file as it is)".into())
    }
}

/// The events that record `t` as a new tournament named `name`, paired with `system`: its
/// creation first, then, when the file's `text` is given, the file itself, then the players,
/// the players kept apart and each round, in the order the log takes them.
pub fn events_of_file(
    name: &str,
    system: System,
    t: &engine::Tournament,
    text: Option<&str>,
) -> Vec<Event> {
    let p = t.settings.points;
    let points = (p != engine::PointValues::default_for(system)).then(|| v1_points(p));
    let rounds = t
        .settings
        .rounds
        .unwrap_or(0)
        .max(t.rounds().len() as u16)
        .max(1);
    let settings = SettingsV1 {
        numbering: NumberingV1::for_system(v1_system(system)),
        system: v1_system(system),
        rounds,
        initial_color: if t.settings.initial_color == Some(Color::Black) {
            ColorV1::Black
        } else {
            ColorV1::White
        },
        points,
        tiebreaks: recorded_tiebreaks(
            t.settings.tiebreaks.iter().map(|tb| tb.code()).collect(),
            v1_system(system),
        ),
        lot_seed: t.settings.lot_seed,
        initial_color_by_lot: false,
        acceleration: if t.virtual_points.is_empty() {
            AccelerationV1::None
        } else {
            AccelerationV1::Baku
        },
    };
    let mut events = vec![Event::TournamentCreated {
        name: name.to_string(),
        settings,
        details: details_of(t, rounds),
    }];
    let mut add = |event: Event| events.push(event);
    if let Some(text) = text {
        add(Event::FileImported {
            text: text.to_string(),
        });
    }
    let key = |tpn: engine::Tpn| PlayerKey(tpn.get());
    for player in t.players() {
        add(Event::PlayerRegistered {
            player: key(player.tpn),
            data: v1_player_data(player),
        });
    }
    // Players kept apart (260, XXP), before any round is published: by the file's numbers,
    // which are the registration numbers here.
    for (i, f) in t.forbidden.iter().enumerate() {
        let last = t.settings.rounds;
        add(Event::PairsKeptApart {
            group: u32::try_from(i + 1).unwrap_or(u32::MAX),
            players: f.players.iter().map(|p| key(*p)).collect(),
            from_round: f.from.get(),
            to_round: (Some(f.to.get()) != last).then_some(f.to.get()),
        });
    }
    // A round-robin's numbers are its file's: the tables were made with them.
    let rest = system.is_round_robin();
    if rest && t.rounds().is_empty() {
        add(Event::NumbersDrawn {
            method: DrawMethodV1::Assigned,
            seed: 0,
            order: t.players().iter().map(|p| key(p.tpn)).collect(),
        });
    }
    // The kind of bye that is the round's own: a round-robin's rest (the player drawn against
    // the bye number, recorded as `Z`), or a Swiss's pairing-allocated bye.
    let own_bye = if rest {
        ByeKind::Zero
    } else {
        ByeKind::PairingAllocated
    };
    let withdrawn = |round: u16| {
        t.players()
            .iter()
            .filter(move |p| p.withdrawn_from.map(RoundNo::get) == Some(round))
            .map(move |player| Event::PlayerWithdrawn {
                player: key(player.tpn),
                from_round: round,
            })
    };
    for (i, r) in t.rounds().iter().enumerate() {
        let round = i as u16 + 1;
        withdrawn(round).for_each(&mut add);
        for b in r.byes.iter().filter(|b| !rest || b.kind != own_bye) {
            if let Some(e) = bye_event(key(b.player), round, b.kind) {
                add(e);
            }
        }
        add(Event::RoundPublished {
            round,
            system: v1_system(system),
            engine_version: engine::VERSION.into(),
            pairs: r
                .pairings
                .iter()
                .map(|p| PairV1 {
                    white: key(p.white),
                    black: key(p.black),
                })
                .collect(),
            bye: r
                .byes
                .iter()
                .find(|b| b.kind == own_bye)
                .map(|b| key(b.player)),
            manual_changes: vec!["imported from a TRF file".into()],
            pairing_numbers: if round == 1 {
                t.players().iter().map(|p| key(p.tpn)).collect()
            } else {
                Vec::new()
            },
        });
        for (board, p) in r.pairings.iter().enumerate() {
            if p.is_complete() {
                let games = p.games.iter().flatten().map(|g| v1_result(*g)).collect();
                add(Event::ResultRecorded {
                    round,
                    board: board as u32 + 1,
                    games,
                });
            }
        }
    }
    // A round-robin has no byes to request (its file's later `Z`s are rests of the tables).
    for (round, byes) in t.requested_byes.iter().filter(|_| !rest) {
        for (player, kind) in byes {
            if let Some(e) = bye_event(key(*player), round.get(), *kind) {
                add(e);
            }
        }
    }
    for player in t.players() {
        if let Some(r) = player
            .withdrawn_from
            .filter(|r| r.get() as usize > t.rounds().len())
        {
            add(Event::PlayerWithdrawn {
                player: key(player.tpn),
                from_round: r.get(),
            });
        }
    }
    events
}

/// The details a file's header gives (022-132), as far as they are within what a tournament
/// created here may say: a value that is not (a federation that is not three letters, as in
/// lichess' exports, a line too long, round dates beyond the rounds) is left out, so that an
/// unusual header never stops the import of the games.
fn details_of(t: &engine::model::tournament::Tournament, rounds: u16) -> DetailsV1 {
    let d = engine::model::details::Details::from_header(&t.info);
    let line = |s: &str| -> String {
        let s = s.trim();
        if s.chars().count() > MAX_DETAIL || s.chars().any(char::is_control) {
            String::new()
        } else {
            s.to_string()
        }
    };
    let mut out = DetailsV1 {
        city: line(&d.city),
        federation: engine::model::player::Federation::parse(d.federation.trim())
            .map(|f| f.as_str().to_string())
            .unwrap_or_default(),
        start_date: d.start.map(|d| d.iso()),
        end_date: d.end.map(|d| d.iso()),
        chief_arbiter: line(&d.chief_arbiter),
        deputy_arbiters: d
            .deputy_arbiters
            .iter()
            .map(|a| line(a))
            .filter(|a| !a.is_empty())
            .take(20)
            .collect(),
        time_control: line(&d.time_control),
        round_dates: d
            .round_dates
            .iter()
            .take(usize::from(rounds))
            .map(|d| d.map(|d| d.iso()))
            .collect(),
    };
    if out.start_date > out.end_date && out.end_date.is_some() {
        out.end_date = None;
    }
    out
}
