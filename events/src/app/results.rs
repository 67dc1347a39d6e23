//! Results: a board's result entered by an arbiter, and corrected with the reason.

use super::common::{App, Request, Result, Written};
use crate::convert;
use crate::schema::*;
use engine::model::result::GameResult;

/// A board's result corrected: its round and board, the games as they now stand, and whether
/// the players had in fact played with each other's colours.
#[derive(Clone, Debug)]
pub struct ResultCorrection {
    /// The round.
    pub round: u16,
    /// The board.
    pub board: u32,
    /// Each game's result, as it now stands.
    pub games: Vec<GameResult>,
    /// Whether the colours were the other way round.
    pub colors_swapped: bool,
}

impl App {
    /// Records a board's result.
    pub fn enter_result(
        &self,
        t: TournamentId,
        req: &Request,
        round: u16,
        board: u32,
        games: Vec<GameResult>,
    ) -> Result<Written> {
        let event = Event::ResultRecorded {
            round,
            board,
            games: games.into_iter().map(convert::v1_result).collect(),
        };
        self.append(t, req, event, None)
    }

    /// Corrects a board's result, with the reason.
    pub fn correct_result(
        &self,
        t: TournamentId,
        req: &Request,
        correction: ResultCorrection,
        reason: Option<String>,
    ) -> Result<Written> {
        let ResultCorrection {
            round,
            board,
            games,
            colors_swapped,
        } = correction;
        let event = Event::ResultCorrected {
            round,
            board,
            games: games.into_iter().map(convert::v1_result).collect(),
            colors_swapped,
        };
        self.append(t, req, event, reason)
    }
}
