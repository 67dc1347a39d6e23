//! Replay equals the state built step by step, over generated tournaments.

use crate::support::*;
use events::testing::schema::*;
use events::testing::{replay, Append};
use proptest::prelude::*;

/// What a generated tournament does, step by step.
#[derive(Clone, Debug)]
enum Step {
    Register,
    Withdraw(u32),
    Bye(u32, RequestedByeV1),
    Absence(u32),
    Correct(u32, u16),
    PublishAndPlay,
    CorrectResult(u32),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => Just(Step::Register),
        1 => (0u32..40).prop_map(Step::Withdraw),
        1 => (0u32..40, prop_oneof![Just(RequestedByeV1::Half), Just(RequestedByeV1::Full), Just(RequestedByeV1::Zero)]).prop_map(|(p, k)| Step::Bye(p, k)),
        1 => (0u32..40).prop_map(Step::Absence),
        1 => (0u32..40, 1000u16..2800).prop_map(|(p, r)| Step::Correct(p, r)),
        2 => Just(Step::PublishAndPlay),
        1 => (0u32..40).prop_map(Step::CorrectResult),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn replay_equals_the_state_built_step_by_step(
        system in prop_oneof![Just(SystemV1::Dutch1992), Just(SystemV1::Dubov), Just(SystemV1::DoubleSwiss)],
        steps in proptest::collection::vec(step(), 1..40),
    ) {
        let (store, _dir) = store();
        let t = create(&store, system, 6);
        register(&store, t, 6);
        for s in steps {
            let state = store.state(t).unwrap();
            let n = state.players().len() as u32;
            let next_round = state.rounds().len() as u16 + 1;
            let pick = |i: u32| PlayerKey(i % n + 1);
            let event = match s {
                Step::Register => Event::PlayerRegistered { player: PlayerKey(n + 1), data: data(n + 1) },
                Step::Withdraw(p) => Event::PlayerWithdrawn { player: pick(p), from_round: next_round },
                Step::Bye(p, kind) => Event::ByeRequested { player: pick(p), round: next_round, kind },
                Step::Absence(p) => Event::AbsenceAnnounced { player: pick(p), round: next_round },
                Step::Correct(p, r) => Event::PlayerCorrected { player: pick(p), correction: PlayerCorrectionV1 { rating: Some(Some(r)), ..Default::default() } },
                Step::PublishAndPlay => {
                    if next_round > 6 || state.tournament().available_players(engine::RoundNo::new(next_round).unwrap()).len() < 2 {
                        continue;
                    }
                    let round = publish(&store, t);
                    play(&store, t, round);
                    continue;
                }
                Step::CorrectResult(b) => {
                    let Some(last) = state.rounds().last() else { continue };
                    if last.pairs.is_empty() { continue; }
                    let games = if system == SystemV1::DoubleSwiss { 2 } else { 1 };
                    Event::ResultCorrected { round: state.rounds().len() as u16, board: b % last.pairs.len() as u32 + 1, games: vec![game(ScoreV1::Loss); games], colors_swapped: b % 3 == 0 }
                }
            };
            let mut a = Append::new(t, "chief", event);
            a.reason = Some("test".into());
            // Some generated steps are refused (a withdrawn player's bye...): that is fine,
            // as long as nothing is written for them.
            let before = store.read(t, 0).unwrap().len();
            if store.append(a).is_err() {
                prop_assert_eq!(store.read(t, 0).unwrap().len(), before);
            }
        }
        let live = store.state(t).unwrap();
        let log = store.read(t, 0).unwrap();
        let replayed = replay(log.iter().map(|e| e.as_ref())).unwrap();
        prop_assert_eq!(&replayed, &live);
        prop_assert_eq!(replayed.tournament(), live.tournament());
        // And a fresh store on the same files, once this one is closed, replays to the
        // same state.
        let path = std::path::PathBuf::from(store.location());
        drop(store);
        let reopened = events::testing::Store::open(&path).unwrap();
        prop_assert_eq!(&reopened.state(t).unwrap(), &live);
    }
}
