//! Results: one recorded by an arbiter, corrected (Dutch F.7: only what is derived after it
//! changes), reported by a player, and two players' agreeing reports accepted. What the state
//! must allow (check) and what each changes (effect), side by side. (No event here has an
//! admission of its own.)

use super::state::{Check, RoundRecord, State};
use crate::convert::{results_of, to_engine_result};
use crate::rejection::Rejection;
use crate::schema::*;

/// How an arbiter's result comes: recorded, or corrected (the colours perhaps swapped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Entered {
    /// `ResultRecorded`: a board's first result.
    Recorded,
    /// `ResultCorrected`: a recorded result changed.
    Corrected {
        /// Whether the players had played with each other's colours.
        colors_swapped: bool,
    },
}

impl State {
    /// A published round's board, or why there is none.
    fn board(&self, round: u16, board: u32) -> Result<(&RoundRecord, PairV1), Rejection> {
        let r = self
            .rounds
            .get((round as usize).wrapping_sub(1))
            .ok_or(Rejection::RoundNotPublished(round))?;
        let pair = r
            .pairs
            .get((board as usize).wrapping_sub(1))
            .ok_or(Rejection::NoSuchBoard { round, board })?;
        Ok((r, *pair))
    }

    /// A pairing's games: as many as a pairing has here, each possible.
    fn check_games(&self, games: &[GameResultV1]) -> Result<(), Rejection> {
        let n = self.games_per_pairing();
        if games.len() != n {
            return Err(Rejection::InvalidResult(format!(
                "{} games given; a pairing here has {n}",
                games.len()
            )));
        }
        for g in games {
            let r = to_engine_result(*g)
                .ok_or_else(|| Rejection::InvalidResult(format!("{g:?} is impossible")))?;
            if n == 1 && !r.is_mirrored() {
                return Err(Rejection::InvalidResult(
                    "½-0 and 0-0 exist only in Double-Swiss matches".into(),
                ));
            }
        }
        Ok(())
    }

    // `ResultRecorded` and `ResultCorrected`: an arbiter's result for a published board.

    pub(super) fn check_entered(
        &self,
        round: u16,
        board: u32,
        games: &[GameResultV1],
        entered: Entered,
    ) -> Result<Check, Rejection> {
        let r = self
            .rounds
            .get((round as usize).wrapping_sub(1))
            .ok_or(Rejection::RoundNotPublished(round))?;
        let pair = r
            .pairs
            .get((board as usize).wrapping_sub(1))
            .ok_or(Rejection::NoSuchBoard { round, board })?;
        for (key, white) in [(pair.white, true), (pair.black, false)] {
            // A round-robin keeps a withdrawn player's boards: the game is lost by forfeit
            // (C.05), and that is the only result it can have.
            let forfeited = games.iter().all(|g| {
                g.mode == ModeV1::Forfeit
                    && (if white { g.white } else { g.black }) == ScoreV1::Loss
            });
            if self.withdrawn_before(key, round)
                && !(self.is_round_robin() && forfeited && !games.is_empty())
            {
                return Err(Rejection::PlayerWithdrawn { player: key, round });
            }
        }
        self.check_games(games)?;
        let recorded = &r.results[board as usize - 1];
        match (entered, recorded) {
            (Entered::Recorded, Some((same, seq)))
            | (
                Entered::Corrected {
                    colors_swapped: false,
                },
                Some((same, seq)),
            ) if same == games => {
                // The same result again, or a "correction" to the result recorded: nothing
                // changes, and nothing is appended.
                Ok(Check::AlreadyRecorded(*seq))
            }
            (Entered::Recorded, Some((other, _))) => Err(Rejection::ResultConflict {
                round,
                board,
                recorded: results_of(other),
            }),
            (Entered::Corrected { .. }, None) => Err(Rejection::NothingToCorrect { round, board }),
            _ => Ok(Check::Apply),
        }
    }

    pub(super) fn apply_recorded(
        &mut self,
        seq: u64,
        round: u16,
        board: u32,
        games: &[GameResultV1],
    ) {
        self.rounds[round as usize - 1].results[board as usize - 1] = Some((games.to_vec(), seq));
    }

    pub(super) fn apply_corrected_result(
        &mut self,
        seq: u64,
        round: u16,
        board: u32,
        games: &[GameResultV1],
        colors_swapped: bool,
    ) {
        let r = &mut self.rounds[round as usize - 1];
        let i = board as usize - 1;
        if colors_swapped {
            let p = &mut r.pairs[i];
            std::mem::swap(&mut p.white, &mut p.black);
        }
        r.results[i] = Some((games.to_vec(), seq));
        r.agreed[i] = None;
    }

    // `ResultReported`: a player's report of their own board's result, before any result.

    pub(super) fn check_reported(
        &self,
        round: u16,
        board: u32,
        player: PlayerKey,
        games: &[GameResultV1],
    ) -> Result<Check, Rejection> {
        let (r, pair) = self.board(round, board)?;
        if pair.white != player && pair.black != player {
            return Err(Rejection::NotOnBoard {
                player,
                round,
                board,
            });
        }
        if self.withdrawn_before(player, round) {
            return Err(Rejection::PlayerWithdrawn { player, round });
        }
        self.check_games(games)?;
        if let Some((recorded, _)) = &r.results[board as usize - 1] {
            return Err(Rejection::ResultConflict {
                round,
                board,
                recorded: results_of(recorded),
            });
        }
        if let Some((same, seq)) = r.reports[board as usize - 1].get(&player) {
            if same == games {
                return Ok(Check::AlreadyRecorded(*seq));
            }
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_reported(
        &mut self,
        seq: u64,
        round: u16,
        board: u32,
        player: PlayerKey,
        games: &[GameResultV1],
    ) {
        self.rounds[round as usize - 1].reports[board as usize - 1]
            .insert(player, (games.to_vec(), seq));
    }

    // `ReportsAccepted`: both players reported the same result, and it stands.

    pub(super) fn check_accepted(
        &self,
        round: u16,
        board: u32,
        games: &[GameResultV1],
        reported_by: PlayerKey,
        confirmed_by: PlayerKey,
    ) -> Result<Check, Rejection> {
        let (r, pair) = self.board(round, board)?;
        self.check_games(games)?;
        if let Some((recorded, seq)) = &r.results[board as usize - 1] {
            if recorded == games {
                return Ok(Check::AlreadyRecorded(*seq));
            }
            return Err(Rejection::ResultConflict {
                round,
                board,
                recorded: results_of(recorded),
            });
        }
        let players = [pair.white, pair.black];
        let reports = &r.reports[board as usize - 1];
        let agrees = |k: &PlayerKey| reports.get(k).is_some_and(|(g, _)| g == games);
        if reported_by == confirmed_by
            || !players.contains(&reported_by)
            || !players.contains(&confirmed_by)
            || !agrees(&reported_by)
            || !agrees(&confirmed_by)
        {
            return Err(Rejection::InvalidResult(format!(
                "round {round}, board {board}: its players have not both reported this result"
            )));
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_accepted(
        &mut self,
        seq: u64,
        round: u16,
        board: u32,
        games: &[GameResultV1],
        reported_by: PlayerKey,
        confirmed_by: PlayerKey,
    ) {
        let r = &mut self.rounds[round as usize - 1];
        r.results[board as usize - 1] = Some((games.to_vec(), seq));
        r.agreed[board as usize - 1] = Some((reported_by, confirmed_by));
    }
}
