//! Random tournaments, made by pairing round after round with a system, for tests, benchmarks
//! and the `swiss generate` command. The same seed gives the same tournament, byte for byte.
//!
//! Results are drawn from the rating difference (with draws and White's edge), and the
//! tournament has what real ones have: forfeits, requested byes, withdrawals and late entries.

use crate::model::color::Color;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::player::{BirthDate, Federation, Player, Sex, Title};
use crate::model::result::{ByeKind, GameResult, GameScore};
use crate::model::settings::{Settings, System};
use crate::model::tournament::{InfoRecord, Tournament};
use crate::pairing::validate::{validate, Violation};
use crate::pairing::{pair_next_round, PairingError};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateConfig {
    /// The pairing system.
    pub system: System,
    /// Players, late entries included.
    pub players: u32,
    /// Rounds to pair and play.
    pub rounds: u16,
    /// The seed.
    pub seed: u64,
}

/// Why a tournament could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The system could not pair a round.
    #[error("round {round}: {error}")]
    Pairing {
        /// The round.
        round: RoundNo,
        /// Why.
        error: PairingError,
    },
    /// The system paired a round in breach of the absolute criteria: a bug, reported.
    #[error("round {round}: the pairing breaks the absolute criteria: {}", violations.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Invalid {
        /// The round.
        round: RoundNo,
        /// The breaches.
        violations: Vec<Violation>,
    },
    /// Fewer than two players, or no round.
    #[error("a tournament needs at least 2 players and 1 round")]
    TooSmall,
}

const GIVEN: [&str; 16] = [
    "Anna", "Boris", "Carla", "David", "Elena", "Farid", "Greta", "Hugo", "Irina", "Jonas", "Kira",
    "Luis", "Maya", "Nikolai", "Olga", "Pavel",
];
const SYLLABLES: [&str; 16] = [
    "ber", "ka", "lin", "mo", "ros", "ten", "vi", "dor", "san", "pe", "gu", "rek", "ta", "no",
    "shi", "ell",
];
const FEDERATIONS: [&str; 10] = [
    "GER", "ESP", "FRA", "NED", "POL", "IND", "USA", "NOR", "ARM", "CHI",
];

/// Generates a tournament.
pub fn generate(config: GenerateConfig) -> Result<Tournament, GenerateError> {
    let (t, outcome) = generate_partial(config);
    outcome.map(|()| t)
}

/// Generates a tournament, returning it as far as it got: on an error, with the rounds before
/// the one that failed and that round's announcements (byes, withdrawals) made.
pub fn generate_partial(config: GenerateConfig) -> (Tournament, Result<(), GenerateError>) {
    let mut t = Tournament::new(Settings::new(config.system));
    let outcome = run(config, &mut t, None);
    (t, outcome)
}

/// A worst case for the Swiss systems: `players` players (rated 2800, 2799, ...) of an event
/// of `rounds` rounds, none played yet. Played by [`play_white_wins`], the colours pile up:
/// after two rounds the losers have had Black twice and prefer White absolutely, so they may
/// not meet each other, and brackets must leave many players over and take many moved down.
pub fn white_wins_field(system: System, players: u32, rounds: u16) -> Tournament {
    let mut settings = Settings::new(system);
    settings.rounds = Some(rounds.max(1));
    let mut t = Tournament::new(settings);
    t.seed_players(
        (0..players)
            .map(|i| {
                let mut p = Player::new(Tpn::from_index(0), format!("Player,{i:05}"));
                p.rating = Some(2800u16.saturating_sub(i.min(1800) as u16));
                p
            })
            .collect(),
    );
    t
}

/// Records `pairing` as played with White winning every game but every third board's, drawn.
pub fn play_white_wins(t: &mut Tournament, pairing: &crate::pairing::RoundPairing) {
    let mut played = pairing.to_round(t);
    for (board, p) in played.pairings.iter_mut().enumerate() {
        let result = if board % 3 == 2 {
            GameResult::DRAW
        } else {
            GameResult::WHITE_WINS
        };
        p.games = vec![Some(result); p.games.len()];
    }
    t.push_round(played)
        .expect("a validated pairing makes a valid round");
}

/// [`white_wins_field`] with `rounds` rounds paired by `system` and played by
/// [`play_white_wins`], every round checked against the absolute criteria as [`generate`]
/// does.
pub fn generate_white_wins(
    system: System,
    players: u32,
    rounds: u16,
) -> Result<Tournament, GenerateError> {
    let mut t = white_wins_field(system, players, rounds);
    for _ in 0..rounds {
        let round = t.next_round();
        let pairing =
            pair_next_round(&t, system).map_err(|error| GenerateError::Pairing { round, error })?;
        let violations = validate(&t, system, &pairing);
        if !violations.is_empty() {
            return Err(GenerateError::Invalid { round, violations });
        }
        play_white_wins(&mut t, &pairing);
    }
    Ok(t)
}

/// Generates a tournament of `total` rounds (at least `config.rounds`) accelerated by the Baku
/// method (C.04.7), its first `config.rounds` rounds played: group A is the first 2·⌈N/4⌉ of
/// the players registered before round 1 (late entries join group B), every round checked
/// against the absolute criteria as [`generate`] does.
pub fn generate_accelerated(
    config: GenerateConfig,
    total: u16,
) -> Result<Tournament, GenerateError> {
    let mut t = Tournament::new(Settings::new(config.system));
    run(config, &mut t, Some(total)).map(|()| t)
}

fn run(
    config: GenerateConfig,
    out: &mut Tournament,
    accelerate: Option<u16>,
) -> Result<(), GenerateError> {
    if config.players < 2 || config.rounds == 0 {
        return Err(GenerateError::TooSmall);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let mut settings = Settings::new(config.system);
    // A round-robin's rounds are its table's; it plays as many of them as asked.
    let cycles = crate::pairing::round_robin::cycles(config.system);
    let total = cycles.map_or(config.rounds.max(accelerate.unwrap_or(0)), |c| {
        crate::pairing::round_robin::total_rounds(config.players, c)
    });
    settings.rounds = Some(total);
    settings.initial_color = Some(if rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    });
    *out = Tournament::new(settings);
    let t = out;
    t.info.push(InfoRecord {
        code: "012".into(),
        text: format!(
            "Generated {} tournament, seed {}",
            config.system.name(),
            config.seed
        ),
    });
    t.info.push(InfoRecord {
        code: "092".into(),
        text: if cycles.is_some() {
            format!("Individual: Round-Robin ({})", config.system.name())
        } else {
            format!("Individual: Swiss-System ({})", config.system.name())
        },
    });
    // A few players enter late, in round 2 or 3, when there are rounds enough.
    // A few players enter late, in round 2 or 3, when there are rounds enough (never in a
    // round-robin, whose table is fixed at round 1).
    let late = if config.rounds >= 3 && cycles.is_none() {
        config.players / 30
    } else {
        0
    };
    let first: Vec<Player> = (0..config.players - late)
        .map(|i| random_player(&mut rng, i))
        .collect();
    t.seed_players(first);
    if accelerate.is_some() && cycles.is_none() {
        use crate::model::acceleration::{baku, group_a, Acceleration};
        let n = t.players().len();
        let last = crate::model::ids::Tpn::from_index(group_a(n).min(n).saturating_sub(1));
        t.settings.acceleration = Acceleration::Baku;
        t.virtual_points = baku(last, total, &t.settings.points).unwrap_or_default();
    }
    let mut late_left = late;
    for r in 1..=config.rounds.min(total) {
        let round = RoundNo::new(r).expect("r >= 1");
        if r >= 2 && late_left > 0 {
            let now = if r == 2 {
                late_left.div_ceil(2)
            } else {
                late_left
            };
            for _ in 0..now {
                let mut p = random_player(&mut rng, config.players - late_left);
                p.tpn = t.next_tpn();
                t.add_player(p).expect("next pairing number");
                late_left -= 1;
            }
        }
        if cycles.is_some() {
            withdraw(&mut rng, t, round, total);
        } else {
            announce(&mut rng, t, round, config.rounds);
        }
        let pairing = pair_next_round(t, config.system)
            .map_err(|error| GenerateError::Pairing { round, error })?;
        let violations = validate(t, config.system, &pairing);
        if !violations.is_empty() {
            return Err(GenerateError::Invalid { round, violations });
        }
        let mut played = pairing.to_round(t);
        for p in &mut played.pairings {
            // A round-robin's withdrawn player loses the game by forfeit (C.05).
            let gone =
                [p.white, p.black].map(|x| t.player(x).is_some_and(|pl| !pl.plays_in(round)));
            if gone[0] || gone[1] {
                let result = match gone {
                    [true, true] => GameResult::DOUBLE_FORFEIT,
                    [true, false] => GameResult::forfeit(Color::Black),
                    _ => GameResult::forfeit(Color::White),
                };
                p.games = vec![Some(result); p.games.len()];
                continue;
            }
            let ratings = [p.white, p.black].map(|x| {
                t.player(x)
                    .and_then(|pl| pl.rating)
                    .filter(|&r| r > 0)
                    .unwrap_or(1400)
            });
            for (k, game) in p.games.iter_mut().enumerate() {
                // Game 2 of a match is played with colours reversed (Double-Swiss 4.4).
                let (w, b) = if k % 2 == 0 {
                    (ratings[0], ratings[1])
                } else {
                    (ratings[1], ratings[0])
                };
                let result = random_result(&mut rng, w, b);
                *game = Some(if k % 2 == 0 { result } else { result.swapped() });
            }
        }
        t.push_round(played)
            .expect("a validated pairing makes a valid round");
    }
    Ok(())
}

/// Before a round of a round-robin: now and then a player withdraws (from round 3 on).
fn withdraw(rng: &mut ChaCha8Rng, t: &mut Tournament, round: RoundNo, rounds: u16) {
    let players: Vec<Tpn> = t.available_players(round);
    for p in players {
        if round.get() >= 3 && round.get() < rounds && rng.gen_bool(0.01) {
            if let Some(pl) = t.player_mut(p) {
                pl.withdrawn_from = Some(round);
            }
        }
    }
}

/// Before a round: a few withdrawals and requested byes.
fn announce(rng: &mut ChaCha8Rng, t: &mut Tournament, round: RoundNo, rounds: u16) {
    let players: Vec<Tpn> = t.available_players(round);
    for p in players {
        if round.get() >= 3 && round.get() < rounds && rng.gen_bool(0.01) {
            if let Some(pl) = t.player_mut(p) {
                pl.withdrawn_from = Some(round);
            }
        } else if rng.gen_bool(0.02) {
            let kind = match rng.gen_range(0..10) {
                0..=5 => ByeKind::Half,
                6..=8 => ByeKind::Zero,
                _ => ByeKind::Full,
            };
            t.requested_byes.entry(round).or_default().insert(p, kind);
        }
    }
}

fn random_player(rng: &mut ChaCha8Rng, i: u32) -> Player {
    let surname: String = (0..rng.gen_range(2..4))
        .map(|_| SYLLABLES[rng.gen_range(0..SYLLABLES.len())])
        .collect();
    let mut surname_chars = surname.chars();
    let surname: String = surname_chars
        .next()
        .map(|c| c.to_ascii_uppercase())
        .into_iter()
        .chain(surname_chars)
        .collect();
    let given = GIVEN[rng.gen_range(0..GIVEN.len())];
    let mut p = Player::new(Tpn::from_index(0), format!("{surname},{given}"));
    // Ratings roughly bell-shaped around 1800; one player in twenty unrated.
    let rating: u32 = (0..4).map(|_| rng.gen_range(1000..2600u32)).sum::<u32>() / 4;
    p.rating = (!rng.gen_bool(0.05)).then_some(rating as u16);
    p.sex = Some(if rng.gen_bool(0.2) {
        Sex::Female
    } else {
        Sex::Male
    });
    p.title = match p.rating.unwrap_or(0) {
        2500.. => Some(Title::Gm),
        2400..=2499 => Some(Title::Im),
        2300..=2399 => Some(if p.sex == Some(Sex::Female) {
            Title::Wgm
        } else {
            Title::Fm
        }),
        2200..=2299 if rng.gen_bool(0.5) => Some(Title::Cm),
        _ => None,
    };
    p.federation = Federation::parse(FEDERATIONS[rng.gen_range(0..FEDERATIONS.len())]);
    p.fide_id = Some(1_000_000 + u64::from(i) * 7 + rng.gen_range(0..7));
    p.birth_date = BirthDate::parse(&format!(
        "{}/{:02}/{:02}",
        rng.gen_range(1950..2015),
        rng.gen_range(1..13),
        rng.gen_range(1..29)
    ));
    p
}

/// A game's result from the ratings of White and Black: the Elo expectation with 35 points for
/// White's move, a draw rate that falls with the rating gap, and an occasional forfeit.
fn random_result(rng: &mut ChaCha8Rng, white: u16, black: u16) -> GameResult {
    let roll: f64 = rng.gen();
    if roll < 0.003 {
        return GameResult::DOUBLE_FORFEIT;
    }
    if roll < 0.02 {
        return GameResult::forfeit(if rng.gen_bool(0.5) {
            Color::White
        } else {
            Color::Black
        });
    }
    let expected = 1.0 / (1.0 + 10f64.powf((f64::from(black) - f64::from(white) - 35.0) / 400.0));
    let draw = 0.35 * (1.0 - (2.0 * expected - 1.0).abs());
    let x: f64 = rng.gen();
    if x < expected - draw / 2.0 {
        GameResult::WHITE_WINS
    } else if x < expected + draw / 2.0 {
        GameResult::DRAW
    } else {
        GameResult::played(GameScore::Loss, GameScore::Win)
    }
}
