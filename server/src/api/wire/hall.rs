//! The hall's wire types: what players send from a terminal or their phone (always with
//! their personal code), what the arbiters send to run the hall, and the views of both.

use super::views::{NamedPlayer, Player};
use super::vocabulary::{results_text, Color};
use events::app;
use serde::{Deserialize, Serialize};

/// `PUT /api/tournaments/{id}/hall/rules`: the rules of the hall, replacing those recorded.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HallRules {
    /// The round players must check in for before it is paired (left out or null: no
    /// check-in required). Players who have not checked in are proposed absent.
    #[serde(default)]
    pub check_in_round: Option<u16>,
    /// Until when players may check in themselves, in milliseconds since 1970-01-01 UTC (an
    /// arbiter can check a player in at any time).
    #[serde(default)]
    pub check_in_closes_at_ms: Option<u64>,
    /// A result both players of a board reported alike becomes the board's result at once
    /// (otherwise it waits for an arbiter: `POST .../hall/accept`).
    #[serde(default)]
    pub agreed_results_stand: bool,
}

impl From<&HallRules> for app::HallRules {
    fn from(r: &HallRules) -> app::HallRules {
        app::HallRules {
            check_in_round: r.check_in_round,
            check_in_closes_at_ms: r.check_in_closes_at_ms,
            agreed_results_stand: r.agreed_results_stand,
        }
    }
}

impl From<&app::HallRules> for HallRules {
    fn from(r: &app::HallRules) -> HallRules {
        HallRules {
            check_in_round: r.check_in_round,
            check_in_closes_at_ms: r.check_in_closes_at_ms,
            agreed_results_stand: r.agreed_results_stand,
        }
    }
}

/// A player acting for themself: who, and their personal code.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerSignIn {
    /// The player's registration number.
    pub player: u32,
    /// Their personal code (six characters, as printed on their card).
    pub code: String,
}

/// `POST .../hall/player/check-in`: a player confirms they are present for the next round (or
/// withdraws it with `present: false`).
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerCheckIn {
    /// The player's registration number.
    pub player: u32,
    /// Their personal code.
    pub code: String,
    /// Present (true, the default) or not after all (false).
    #[serde(default = "yes")]
    pub present: bool,
}

fn yes() -> bool {
    true
}

/// `POST .../hall/check-in`: an arbiter checks a player in, or withdraws their check-in.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ArbiterCheckIn {
    /// The player's registration number.
    pub player: u32,
    /// Present (true, the default) or not (false).
    #[serde(default = "yes")]
    pub present: bool,
}

/// `POST .../hall/player/report`: a player reports their board's result in the round in
/// play. It is a proposal until the opponent confirms it (or an arbiter accepts it).
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerReport {
    /// The player's registration number.
    pub player: u32,
    /// Their personal code.
    pub code: String,
    /// Their board.
    pub board: u32,
    /// The result as on the score sheet: "1-0", "1/2-1/2" or "0-1".
    #[serde(default)]
    pub result: Option<String>,
    /// Double-Swiss: both games, e.g. ["1-0", "1/2-1/2"].
    #[serde(default)]
    pub games: Option<Vec<String>>,
}

/// `POST .../hall/codes`: personal codes issued to every player without one, or again to one
/// player (their old code stops working).
#[derive(Clone, Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueCodes {
    /// The player to issue a new code to (left out: every player who has none).
    #[serde(default)]
    pub player: Option<u32>,
}

/// `POST .../hall/accept`: agreed reports accepted as results.
#[derive(Clone, Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Accept {
    /// One board (left out: every board whose players agree).
    #[serde(default)]
    pub board: Option<u32>,
}

/// Where a board's result stands: `no_report`, `reported` (by one player), `agreed` (both
/// alike, waiting for an arbiter), `disputed` (they differ: an arbiter decides), `recorded`.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum BoardState {
    /// No report yet.
    NoReport,
    /// One player reported; the opponent has not confirmed.
    Reported {
        /// Who (registration number).
        by: u32,
        /// Their report.
        games: Vec<String>,
    },
    /// Both reported the same.
    Agreed {
        /// The result.
        games: Vec<String>,
        /// Who reported first.
        reported_by: u32,
        /// Who confirmed.
        confirmed_by: u32,
    },
    /// The reports differ.
    Disputed {
        /// White's report.
        white: Vec<String>,
        /// Black's report.
        black: Vec<String>,
    },
    /// The board has its result.
    Recorded {
        /// The result.
        games: Vec<String>,
        /// Who reported it, when it came from the players' reports.
        #[serde(skip_serializing_if = "Option::is_none")]
        reported_by: Option<u32>,
        /// Who confirmed it.
        #[serde(skip_serializing_if = "Option::is_none")]
        confirmed_by: Option<u32>,
    },
}

impl From<&app::BoardState> for BoardState {
    fn from(s: &app::BoardState) -> BoardState {
        match s {
            app::BoardState::NoReport => BoardState::NoReport,
            app::BoardState::Reported { by, games } => BoardState::Reported {
                by: by.0,
                games: results_text(games),
            },
            app::BoardState::Agreed {
                games,
                reported_by,
                confirmed_by,
            } => BoardState::Agreed {
                games: results_text(games),
                reported_by: reported_by.0,
                confirmed_by: confirmed_by.0,
            },
            app::BoardState::Disputed { white, black } => BoardState::Disputed {
                white: results_text(white),
                black: results_text(black),
            },
            app::BoardState::Recorded { games, agreed } => BoardState::Recorded {
                games: results_text(games),
                reported_by: agreed.map(|a| a.0 .0),
                confirmed_by: agreed.map(|a| a.1 .0),
            },
        }
    }
}

/// A board of the round in play, with its reports.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct HallBoard {
    /// 1 for the first.
    pub board: u32,
    /// White.
    pub white: NamedPlayer,
    /// Black.
    pub black: NamedPlayer,
    /// Where its result stands.
    pub result: BoardState,
}

impl From<&app::HallBoard> for HallBoard {
    fn from(b: &app::HallBoard) -> HallBoard {
        HallBoard {
            board: b.board,
            white: (&b.white).into(),
            black: (&b.black).into(),
            result: (&b.state).into(),
        }
    }
}

/// A player as the arbiters see them in the hall.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct HallPlayer {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// Checked in for the next round.
    pub checked_in: bool,
    /// Required to check in and has not: the proposal leaves them out as absent.
    pub proposed_absent: bool,
    /// Whether they have a personal code.
    pub has_code: bool,
}

/// `GET .../hall`: the hall as the arbiters see it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Hall {
    /// The rules.
    pub rules: HallRules,
    /// The next round to be paired (check-ins are for it).
    pub next_round: u16,
    /// Every player still in the tournament.
    pub players: Vec<HallPlayer>,
    /// The round in play (the last published), if any.
    pub round: Option<u16>,
    /// Its boards.
    pub boards: Vec<HallBoard>,
}

impl From<app::HallView> for Hall {
    fn from(h: app::HallView) -> Hall {
        Hall {
            rules: (&h.rules).into(),
            next_round: h.next_round,
            players: h
                .players
                .into_iter()
                .map(|p| HallPlayer {
                    player: p.player.into(),
                    checked_in: p.checked_in,
                    proposed_absent: p.proposed_absent,
                    has_code: p.has_code,
                })
                .collect(),
            round: h.round,
            boards: h.boards.iter().map(Into::into).collect(),
        }
    }
}

/// A player's own view: their check-in and their board in the round in play.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PlayerHall {
    /// Who.
    pub player: Player,
    /// The next round to be paired.
    pub next_round: u16,
    /// Checked in for it.
    pub checked_in: bool,
    /// Whether it requires check-in.
    pub check_in_required: bool,
    /// Until when players may check in themselves (ms since 1970), if a time was set.
    pub check_in_closes_at_ms: Option<u64>,
    /// The round in play, if the player plays in it.
    pub round: Option<u16>,
    /// Their board in it.
    pub board: Option<HallBoard>,
    /// Their colour on it.
    pub color: Option<Color>,
}

impl From<app::PlayerHall> for PlayerHall {
    fn from(p: app::PlayerHall) -> PlayerHall {
        PlayerHall {
            player: p.player.into(),
            next_round: p.next_round,
            checked_in: p.checked_in,
            check_in_required: p.check_in_required,
            check_in_closes_at_ms: p.check_in_closes_at_ms,
            round: p.board.as_ref().map(|b| b.0),
            board: p.board.as_ref().map(|b| (&b.1).into()),
            color: p.board.map(|b| b.2.into()),
        }
    }
}

/// A player's personal code, for the arbiters to print.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PlayerCode {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// The code.
    pub code: String,
}

impl From<app::CodeView> for PlayerCode {
    fn from(c: app::CodeView) -> PlayerCode {
        PlayerCode {
            player: c.player.into(),
            code: c.code,
        }
    }
}
