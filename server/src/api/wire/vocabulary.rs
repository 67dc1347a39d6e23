//! The wire's words that requests and answers share: colours, byes, floats, results as
//! arbiters write them ("1-0", "1/2-1/2") and the accounts' roles; each converted explicitly
//! from and into the application's or the engine's vocabulary. A tournament's settings and
//! details are [`super::settings`]'s, a player's data [`super::player_data`]'s (named here
//! too, where the live messages name them).

use engine::model::history::Float as EngineFloat;
use engine::model::result::ByeKind as EngineByeKind;
use engine::model::result::{GameMode, GameResult, GameScore};
use serde::{Deserialize, Serialize};

pub use super::player_data::{PlayerCorrection, PlayerData, Title};
pub use super::settings::{Acceleration, Details, DrawMethod, Settings, System};

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
