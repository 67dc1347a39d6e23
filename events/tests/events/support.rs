//! Building logs for tests.

use events::testing::schema::*;
use events::testing::{Append, Appended, Store, TournamentId};

/// A new store in a temporary directory (kept alive by the returned guard).
pub fn store() -> (Store, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    (Store::open(dir.path()).unwrap(), dir)
}

/// Settings for `rounds` rounds of `system`, White for the first player.
pub fn settings(system: SystemV1, rounds: u16) -> SettingsV1 {
    SettingsV1 {
        system,
        rounds,
        initial_color: ColorV1::White,
        points: None,
        tiebreaks: Vec::new(),
        lot_seed: 0,
        initial_color_by_lot: false,
        acceleration: Default::default(),
        numbering: NumberingV1::for_system(system),
    }
}

/// Creates a tournament.
pub fn create(store: &Store, system: SystemV1, rounds: u16) -> TournamentId {
    store
        .create(
            "chief",
            Event::TournamentCreated {
                name: "Test Open".into(),
                settings: settings(system, rounds),
                details: Default::default(),
            },
        )
        .unwrap()
        .0
}

/// Player data: rated 2500 - 10 n, with FIDE id 1000 + n.
pub fn data(n: u32) -> PlayerDataV1 {
    PlayerDataV1 {
        name: format!("Player,{n:04}"),
        rating: Some(2500u16.saturating_sub(10 * n as u16)),
        title: None,
        federation: Some("NED".into()),
        fide_id: Some(1000 + u64::from(n)),
        birth_date: None,
        sex: None,
    }
}

/// Registers players 1..=n.
pub fn register(store: &Store, t: TournamentId, n: u32) {
    let first = store.state(t).unwrap().players().len() as u32 + 1;
    for k in first..first + n {
        append(
            store,
            t,
            Event::PlayerRegistered {
                player: PlayerKey(k),
                data: data(k),
            },
        );
    }
}

/// Appends as the chief arbiter.
pub fn append(store: &Store, t: TournamentId, event: Event) -> Appended {
    store.append(Append::new(t, "chief", event)).unwrap()
}

/// Publishes the next round: round 1 as the engine pairs it; later rounds pair the available
/// players in pairing-number order with the first one they have not played (test data only,
/// not a pairing system).
pub fn publish(store: &Store, t: TournamentId) -> u16 {
    let state = store.state(t).unwrap();
    let tournament = state.tournament();
    let round = tournament.next_round();
    let system = events::testing::to_engine_system(state.settings().unwrap().system);
    let (pairs, bye) = if round.get() == 1 {
        let p = engine::pairing::pair_next_round(&tournament, system).unwrap();
        (p.pairs, p.bye)
    } else {
        let states = engine::model::history::states_before(&tournament, round);
        let mut left = tournament.available_players(round);
        let mut pairs = Vec::new();
        let mut bye = None;
        if left.len() % 2 == 1 {
            bye = left
                .iter()
                .rev()
                .find(|p| !states[p.index()].unplayed_point)
                .or(left.last())
                .copied();
            left.retain(|p| Some(*p) != bye);
        }
        while let Some(a) = left.first().copied() {
            left.remove(0);
            let i = left
                .iter()
                .position(|b| !states[a.index()].has_played(*b))
                .unwrap_or(0);
            pairs.push((a, left.remove(i)));
        }
        (pairs, bye)
    };
    let key = |tpn| state.key_of(tpn).unwrap();
    append(
        store,
        t,
        Event::RoundPublished {
            round: round.get(),
            system: state.settings().unwrap().system,
            engine_version: engine::VERSION.into(),
            pairs: pairs
                .iter()
                .map(|&(w, b)| PairV1 {
                    white: key(w),
                    black: key(b),
                })
                .collect(),
            bye: bye.map(key),
            manual_changes: vec![],
            pairing_numbers: vec![],
        },
    );
    round.get()
}

/// One game: White wins, draws or loses.
pub fn game(white: ScoreV1) -> GameResultV1 {
    let black = match white {
        ScoreV1::Win => ScoreV1::Loss,
        ScoreV1::Draw => ScoreV1::Draw,
        ScoreV1::Loss => ScoreV1::Win,
    };
    GameResultV1 {
        mode: ModeV1::Played,
        white,
        black,
    }
}

/// Records a result on every board of the round: White wins on odd boards, draws on even.
pub fn play(store: &Store, t: TournamentId, round: u16) {
    let state = store.state(t).unwrap();
    let games = if state.settings().unwrap().system == SystemV1::DoubleSwiss {
        2
    } else {
        1
    };
    let boards = state.rounds()[round as usize - 1].pairs.len() as u32;
    for board in 1..=boards {
        let g = if board % 2 == 1 {
            game(ScoreV1::Win)
        } else {
            game(ScoreV1::Draw)
        };
        append(
            store,
            t,
            Event::ResultRecorded {
                round,
                board,
                games: vec![g; games],
            },
        );
    }
}
