//! The Dutch system (1992-2006 text) beyond round 1, tests named after the articles.

use engine::generate::{generate, GenerateConfig};
use engine::pairing::dutch;
use engine::{RoundNo, System};

/// Generated tournaments of 4-16 players: the fast search and the literal one (every exchange
/// and transposition in order) give the same pairing, round after round.
#[test]
fn the_fast_search_agrees_with_the_literal_one() {
    let seed0: u64 = std::env::var("DUTCH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    let count: u64 = std::env::var("DUTCH_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let mut compared = 0;
    let mut failed = Vec::new();
    for seed in seed0..seed0 + count {
        let players = 4 + (seed % 13) as u32;
        let rounds = 3 + (seed % 7) as u16;
        let config = GenerateConfig {
            system: System::Dutch,
            players,
            rounds,
            seed,
        };
        let t = match generate(config) {
            Ok(t) => t,
            Err(e) => {
                failed.push(format!("seed {seed}: {e}"));
                continue;
            }
        };
        for r in 2..=t.rounds().len() {
            let round = RoundNo::new(r as u16).unwrap();
            let before = engine::check::before_round(&t, round);
            let Some(literal) = dutch::pair_literal(&before, round) else {
                continue;
            };
            let literal = literal.unwrap();
            let fast = dutch::pair(&before, round).unwrap();
            assert_eq!(
                (&fast.pairs, fast.bye),
                (&literal.pairs, literal.bye),
                "seed {seed} ({players} players), round {r}\nfast:\n{}\nliteral:\n{}",
                fast.explanation.join("\n"),
                literal.explanation.join("\n")
            );
            compared += 1;
        }
    }
    eprintln!("{compared} rounds compared; not generated: {failed:?}");
    assert!(compared > 500, "{compared} rounds compared");
}

/// Whether any pairing of the round meets B.1 and B.2 (with the B.6 notes' relaxation for
/// 50 % in the last round), decided independently of the procedure by a perfect matching.
fn some_legal_pairing_exists(t: &engine::Tournament, round: RoundNo) -> bool {
    use engine::history::{states_before, ColorPreference};
    let states = states_before(t, round);
    let players = t.available_players(round);
    let last = t.settings.rounds == Some(round.get());
    let must = |p: engine::Tpn| {
        let s = &states[p.index()];
        let fifty = (s.score + s.score).tenths()
            == t.settings.points.win.tenths() * i32::from(round.get() - 1);
        match s.color_preference() {
            ColorPreference::Absolute(c) if !(last && fifty) => Some(c),
            _ => None,
        }
    };
    let n = players.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (players[i], players[j]);
            let colours = !matches!((must(a), must(b)), (Some(x), Some(y)) if x == y);
            if colours && !states[a.index()].has_played(b) && !t.is_forbidden(a, b, round) {
                edges.push((i, j, 1));
            }
        }
        if n % 2 == 1 && !states[players[i].index()].unplayed_point {
            edges.push((i, n, 1));
        }
    }
    engine::matching::has_perfect_matching(n + n % 2, &edges)
}

/// Generated tournaments of many sizes: every round the system pairs meets the absolute
/// criteria (the generator validates each), and when it says no pairing exists, none does.
#[test]
fn generated_tournaments_are_legal_and_refusals_are_genuine() {
    let mut rounds_paired = 0;
    let mut refusals = 0;
    for seed in 0..160u64 {
        let players = [4, 5, 6, 7, 9, 12, 15, 20, 33, 50][(seed % 10) as usize];
        let rounds = 3 + (seed % 9) as u16;
        let config = GenerateConfig {
            system: System::Dutch,
            players,
            rounds,
            seed,
        };
        let (t, outcome) = engine::generate::generate_partial(config);
        rounds_paired += t.rounds().len();
        match outcome {
            Ok(()) => {}
            Err(engine::generate::GenerateError::Pairing { round, error }) => {
                assert!(
                    matches!(error, engine::pairing::PairingError::NoValidPairing { .. }),
                    "seed {seed}: {error}"
                );
                assert!(
                    !some_legal_pairing_exists(&t, round),
                    "seed {seed} ({players} players): round {round} was refused but a legal pairing exists"
                );
                refusals += 1;
            }
            Err(e) => panic!("seed {seed} ({players} players): {e}"),
        }
    }
    eprintln!("{rounds_paired} rounds paired, {refusals} genuine refusals");
    assert!(rounds_paired > 800);
}
