//! The hall: players checking in and reporting their results, the arbiters confirming.
//!
//! A player acts only for themself: the server has checked their personal code (and, at a
//! terminal, the terminal's sign-in) before it calls a command here with `Acting::Player`; the
//! commands then hold the player to their own check-in and their own board. A report is a
//! proposal: it becomes the board's result when the opponent reports the same (at once when
//! the hall's rules let agreed results stand, else when an arbiter accepts it); reports that
//! differ are a dispute, which only an arbiter's entry of the result settles.

use super::common::{App, AppError, Request, Result, Written};
use super::named::{player_view, PlayerView};
use crate::convert;
use crate::replay::{HallRules, State};
use crate::schema::*;
use engine::model::result::GameResult;
use engine::Color;
use std::collections::BTreeSet;

/// Who acts in the hall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acting {
    /// An arbiter of the tournament: for any player, at any time.
    Arbiter,
    /// The player themself (their code checked): for themself only, within the hall's rules.
    Player(PlayerKey),
}

/// A board's reports as the arbiters see them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardState {
    /// No player has reported.
    NoReport,
    /// One player reported; the opponent has not confirmed.
    Reported {
        /// Who.
        by: PlayerKey,
        /// What.
        games: Vec<GameResult>,
    },
    /// Both reported the same result; it waits for an arbiter.
    Agreed {
        /// The result.
        games: Vec<GameResult>,
        /// Who reported first.
        reported_by: PlayerKey,
        /// Who confirmed.
        confirmed_by: PlayerKey,
    },
    /// The players reported different results: an arbiter decides.
    Disputed {
        /// White's report.
        white: Vec<GameResult>,
        /// Black's report.
        black: Vec<GameResult>,
    },
    /// The board has its result.
    Recorded {
        /// The result.
        games: Vec<GameResult>,
        /// Who reported and who confirmed it, when it came from the players' reports.
        agreed: Option<(PlayerKey, PlayerKey)>,
    },
}

/// One board of the round in play, for the hall.
#[derive(Clone, Debug)]
pub struct HallBoard {
    /// 1 for the first.
    pub board: u32,
    /// White.
    pub white: PlayerView,
    /// Black.
    pub black: PlayerView,
    /// Where its result stands.
    pub state: BoardState,
}

/// A player as the hall sees them before the next round is paired.
#[derive(Clone, Debug)]
pub struct HallPlayer {
    /// Who.
    pub player: PlayerView,
    /// Checked in for the round check-in is for (or the next round).
    pub checked_in: bool,
    /// Required to check in, has not, and has no bye or absence recorded: the proposal
    /// leaves them out as absent.
    pub proposed_absent: bool,
    /// Whether a personal code has been issued.
    pub has_code: bool,
}

/// The hall as the arbiters see it.
#[derive(Clone, Debug)]
pub struct HallView {
    /// The rules.
    pub rules: HallRules,
    /// The next round to be paired (check-ins are for it).
    pub next_round: u16,
    /// Every player not withdrawn.
    pub players: Vec<HallPlayer>,
    /// The last published round, if any.
    pub round: Option<u16>,
    /// Its boards.
    pub boards: Vec<HallBoard>,
}

/// What a player sees of themself in the hall.
#[derive(Clone, Debug)]
pub struct PlayerHall {
    /// Who.
    pub player: PlayerView,
    /// The next round to be paired, and whether they are checked in for it.
    pub next_round: u16,
    /// Checked in for the next round.
    pub checked_in: bool,
    /// Whether the next round requires check-in, and until when players may do it themselves.
    pub check_in_required: bool,
    /// Until when (ms since 1970), if a time was set.
    pub check_in_closes_at_ms: Option<u64>,
    /// The round in play and their board in it: (round, board, their colour).
    pub board: Option<(u16, HallBoard, Color)>,
}

/// A player's code, for the arbiters to print or read out.
#[derive(Clone, Debug)]
pub struct CodeView {
    /// Who.
    pub player: PlayerView,
    /// The code.
    pub code: String,
}

/// The board state of a published round's board.
fn board_state(s: &State, round: u16, board: u32) -> Option<HallBoard> {
    let r = s.rounds().get(usize::from(round).checked_sub(1)?)?;
    let i = usize::try_from(board).ok()?.checked_sub(1)?;
    let pair = r.pairs.get(i)?;
    let reports = &r.reports[i];
    let state = match (
        &r.results[i],
        reports.get(&pair.white),
        reports.get(&pair.black),
    ) {
        (Some((g, _)), _, _) => BoardState::Recorded {
            games: convert::results_of(g),
            agreed: r.agreed[i],
        },
        (None, None, None) => BoardState::NoReport,
        (None, Some((g, _)), None) => BoardState::Reported {
            by: pair.white,
            games: convert::results_of(g),
        },
        (None, None, Some((g, _))) => BoardState::Reported {
            by: pair.black,
            games: convert::results_of(g),
        },
        (None, Some((w, ws)), Some((b, bs))) if w == b => {
            let (first, second) = if ws < bs {
                (pair.white, pair.black)
            } else {
                (pair.black, pair.white)
            };
            BoardState::Agreed {
                games: convert::results_of(w),
                reported_by: first,
                confirmed_by: second,
            }
        }
        (None, Some((w, _)), Some((b, _))) => BoardState::Disputed {
            white: convert::results_of(w),
            black: convert::results_of(b),
        },
    };
    Some(HallBoard {
        board,
        white: player_view(s, pair.white),
        black: player_view(s, pair.black),
        state,
    })
}

/// A player in the audit trail's words: "player 5 (Alder, Anna)".
fn player_words(s: &State, key: PlayerKey) -> String {
    format!("player {} ({})", key.0, player_view(s, key).name)
}

impl App {
    /// Appends an event after another of the same command: without the request's key, which
    /// the first event answered (as `App::forfeit_withdrawn` does).
    fn append_more(&self, t: TournamentId, req: &Request, event: Event) -> Result<Written> {
        let request = Request {
            idempotency_key: None,
            ..req.clone()
        };
        self.append(t, &request, event, None)
    }

    /// The audit trail's name for a player acting themself, at a terminal (its account's name)
    /// or on their own device.
    pub fn player_actor(
        &self,
        t: TournamentId,
        player: PlayerKey,
        terminal: Option<&str>,
    ) -> Result<String> {
        let s = self.state(t)?;
        if player.0 == 0 || player.0 as usize > s.players().len() {
            return Err(AppError::NotFound(format!(
                "player: no player has registration number {}",
                player.0
            )));
        }
        let who = player_words(&s, player);
        Ok(match terminal {
            Some(name) => format!("{who} at terminal {name}"),
            None => format!("{who} on their own device"),
        })
    }

    /// Whether `code` is `player`'s personal code (compared in constant time); false for a
    /// player without one.
    pub fn code_matches(&self, t: TournamentId, player: PlayerKey, code: &str) -> Result<bool> {
        use subtle::ConstantTimeEq;
        let s = self.state(t)?;
        let typed = code.trim().to_ascii_uppercase();
        Ok(s.code_of(player)
            .is_some_and(|c| bool::from(c.as_bytes().ct_eq(typed.as_bytes()))))
    }

    /// Sets the rules of the hall (the chief arbiter).
    pub fn set_hall_rules(
        &self,
        t: TournamentId,
        req: &Request,
        rules: HallRules,
    ) -> Result<Written> {
        let event = Event::HallRulesSet {
            check_in_round: rules.check_in_round,
            check_in_closes_at_ms: rules.check_in_closes_at_ms,
            agreed_results_stand: rules.agreed_results_stand,
        };
        self.append(t, req, event, None)
    }

    /// Checks `player` in for the next round (`present`), or withdraws the check-in. A
    /// player acts for themself only, and not after the time the hall's rules set
    /// (`now_ms`); an arbiter for anyone, at any time before the round is paired.
    pub fn check_in(
        &self,
        t: TournamentId,
        req: &Request,
        acting: Acting,
        player: PlayerKey,
        present: bool,
        now_ms: u64,
    ) -> Result<Written> {
        let s = self.state(t)?;
        if let Acting::Player(me) = acting {
            if me != player {
                return Err(AppError::Refused(
                    "player: a player checks in for themself only".into(),
                ));
            }
            let next = s.rounds().len() as u16 + 1;
            let rules = s.hall();
            if rules.check_in_round == Some(next)
                && rules.check_in_closes_at_ms.is_some_and(|c| now_ms > c)
            {
                return Err(AppError::Refused(format!(
                    "check-in for round {next} has closed: please see an arbiter, who can still check you in"
                )));
            }
        }
        let round = s.rounds().len() as u16 + 1;
        let event = if present {
            Event::PlayerCheckedIn { player, round }
        } else {
            Event::CheckInWithdrawn { player, round }
        };
        self.append(t, req, event, None)
    }

    /// Issues personal codes: to `player` again (the old code stops working), or, when none
    /// is named, to every registered player who has none. Nothing is written when every
    /// player has one already.
    pub fn issue_codes(
        &self,
        t: TournamentId,
        req: &Request,
        player: Option<PlayerKey>,
    ) -> Result<Option<Written>> {
        let s = self.state(t)?;
        let who: Vec<PlayerKey> = match player {
            Some(k) => {
                if !s.present().any(|p| p.key == k) {
                    return Err(AppError::NotFound(format!(
                        "player: no player has registration number {}",
                        k.0
                    )));
                }
                vec![k]
            }
            None => s
                .present()
                .filter(|p| s.code_of(p.key).is_none())
                .map(|p| p.key)
                .collect(),
        };
        if who.is_empty() {
            return Ok(None);
        }
        let mut taken: BTreeSet<String> = s
            .present()
            .filter_map(|p| s.code_of(p.key).map(str::to_string))
            .collect();
        let codes = who
            .into_iter()
            .map(|player| {
                let code = loop {
                    let c = new_code();
                    if taken.insert(c.clone()) {
                        break c;
                    }
                };
                PlayerCodeV1 { player, code }
            })
            .collect();
        self.append(t, req, Event::PlayerCodesIssued { codes }, None)
            .map(Some)
    }

    /// Every player's code (players without one left out), for the arbiters.
    pub fn codes(&self, t: TournamentId) -> Result<Vec<CodeView>> {
        let s = self.state(t)?;
        Ok(s.present()
            .filter_map(|p| {
                s.code_of(p.key).map(|c| CodeView {
                    player: player_view(&s, p.key),
                    code: c.to_string(),
                })
            })
            .collect())
    }

    /// A player's report of their board's result in the round in play. When the opponent
    /// has reported the same, and the hall's rules let agreed results stand, the result is
    /// recorded at once. An arbiter does not report: they enter the result.
    pub fn report_result(
        &self,
        t: TournamentId,
        req: &Request,
        player: PlayerKey,
        board: u32,
        games: Vec<GameResult>,
    ) -> Result<Written> {
        let s = self.state(t)?;
        let round = s.rounds().len() as u16;
        if round == 0 {
            return Err(AppError::Refused("round: no round is published yet".into()));
        }
        let games: Vec<GameResultV1> = games.into_iter().map(convert::v1_result).collect();
        let written = self.append(
            t,
            req,
            Event::ResultReported {
                round,
                board,
                player,
                games: games.clone(),
            },
            None,
        )?;
        // The opponent may have reported at the same moment: the state after the report
        // decides, and a second acceptance of the same result writes nothing.
        let s = self.state(t)?;
        if !s.hall().agreed_results_stand {
            return Ok(written);
        }
        match board_state(&s, round, board).map(|b| b.state) {
            Some(BoardState::Agreed {
                reported_by,
                confirmed_by,
                ..
            }) => self.append_more(
                t,
                req,
                Event::ReportsAccepted {
                    round,
                    board,
                    games,
                    reported_by,
                    confirmed_by,
                },
            ),
            _ => Ok(written),
        }
    }

    /// Accepts the agreed reports of the round in play as results: of `board`, or of every
    /// board where both players reported the same. Answers what was written, board by board.
    pub fn accept_agreed(
        &self,
        t: TournamentId,
        req: &Request,
        board: Option<u32>,
    ) -> Result<Vec<Written>> {
        let s = self.state(t)?;
        let round = s.rounds().len() as u16;
        let boards: Vec<u32> = match board {
            Some(b) => vec![b],
            None => (1..=s.rounds().last().map_or(0, |r| r.pairs.len() as u32)).collect(),
        };
        let mut written = Vec::new();
        for b in boards {
            match board_state(&s, round, b).map(|x| x.state) {
                Some(BoardState::Agreed {
                    games,
                    reported_by,
                    confirmed_by,
                }) => {
                    let event = Event::ReportsAccepted {
                        round,
                        board: b,
                        games: games.into_iter().map(convert::v1_result).collect(),
                        reported_by,
                        confirmed_by,
                    };
                    written.push(self.append_more(t, req, event)?);
                }
                _ if board.is_some() => {
                    return Err(AppError::Refused(format!(
                        "board: the players of board {b} of round {round} have not both reported the same result"
                    )))
                }
                _ => {}
            }
        }
        Ok(written)
    }

    /// The hall as the arbiters see it: who has checked in, who is proposed absent, and
    /// every board of the round in play with its reports.
    pub fn hall(&self, t: TournamentId) -> Result<HallView> {
        let s = self.state(t)?;
        let next = s.rounds().len() as u16 + 1;
        let unchecked: BTreeSet<PlayerKey> = s.unchecked().into_iter().collect();
        let players = s
            .present()
            .filter(|p| p.player.withdrawn_from.is_none_or(|w| w.get() > next))
            .map(|p| HallPlayer {
                player: player_view(&s, p.key),
                checked_in: s.is_checked_in(p.key, next),
                proposed_absent: unchecked.contains(&p.key),
                has_code: s.code_of(p.key).is_some(),
            })
            .collect();
        let round = s.rounds().len() as u16;
        let boards = (1..=s.rounds().last().map_or(0, |r| r.pairs.len() as u32))
            .filter_map(|b| board_state(&s, round, b))
            .collect();
        Ok(HallView {
            rules: s.hall().clone(),
            next_round: next,
            players,
            round: (round > 0).then_some(round),
            boards,
        })
    }

    /// What `player` sees of themself in the hall.
    pub fn player_hall(&self, t: TournamentId, player: PlayerKey) -> Result<PlayerHall> {
        let s = self.state(t)?;
        if !s.present().any(|p| p.key == player) {
            return Err(AppError::NotFound(format!(
                "player: no player has registration number {}",
                player.0
            )));
        }
        let next = s.rounds().len() as u16 + 1;
        let round = s.rounds().len() as u16;
        let board = s.rounds().last().and_then(|r| {
            let i = r
                .pairs
                .iter()
                .position(|p| p.white == player || p.black == player)?;
            let colour = if r.pairs[i].white == player {
                Color::White
            } else {
                Color::Black
            };
            Some((round, board_state(&s, round, i as u32 + 1)?, colour))
        });
        Ok(PlayerHall {
            player: player_view(&s, player),
            next_round: next,
            checked_in: s.is_checked_in(player, next),
            check_in_required: s.hall().check_in_round == Some(next),
            check_in_closes_at_ms: s.hall().check_in_closes_at_ms,
            board,
        })
    }
}

/// A new code: six characters of [`CODE_ALPHABET`] from the operating system's random
/// source (through version 4 UUIDs), drawn without bias.
fn new_code() -> String {
    let mut out = String::with_capacity(6);
    while out.len() < 6 {
        for b in uuid::Uuid::new_v4().as_bytes()[..12].iter() {
            // 248 = 8 × 31: the bytes below it are uniform over the alphabet.
            if *b < 248 && out.len() < 6 {
                out.push(char::from(CODE_ALPHABET[usize::from(*b) % 31]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A code is six characters of the alphabet, and codes differ.
    #[test]
    fn codes_are_six_characters_of_the_alphabet() {
        let codes: BTreeSet<String> = (0..1000).map(|_| new_code()).collect();
        assert!(codes.len() > 990);
        for c in &codes {
            assert_eq!(c.len(), 6);
            assert!(c.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{c}");
        }
    }
}
