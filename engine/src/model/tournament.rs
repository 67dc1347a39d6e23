//! The tournament: players, rounds with their pairings and results, byes requested for rounds
//! still to pair, and forbidden pairs.
//!
//! A [`Tournament`] holds only what happened and what was decided; everything else (scores,
//! colour histories, floats) is derived from it by [`crate::model::history`].

use crate::model::color::Color;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::player::Player;
use crate::model::result::{ByeKind, GameMode, GameResult, GameScore};
use crate::model::settings::Settings;
use std::collections::BTreeMap;

/// Two players paired against each other: one game, or a Double-Swiss match of two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The player with White (in a match: White in game 1, Black in game 2).
    pub white: Tpn,
    /// The player with Black (in a match: Black in game 1, White in game 2).
    pub black: Tpn,
    /// One entry per game; `None` while the result is not in.
    pub games: Vec<Option<GameResult>>,
}

impl Pairing {
    /// A pairing whose `games` results are not yet in.
    pub fn new(white: Tpn, black: Tpn, games: usize) -> Pairing {
        Pairing {
            white,
            black,
            games: vec![None; games],
        }
    }

    /// The colour `player` has in the pairing, if they are in it.
    pub fn color_of(&self, player: Tpn) -> Option<Color> {
        if player == self.white {
            Some(Color::White)
        } else if player == self.black {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The player with `color`.
    pub fn player(&self, color: Color) -> Tpn {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Whether the pairing counts as played. One game: unless it was forfeited (Dutch F.2).
    /// A match: unless a player forfeited both games (Double-Swiss preface). A result not yet
    /// in counts as played: the players are at the board.
    pub fn is_played(&self) -> bool {
        let forfeited_all = |color: Color| {
            self.games.iter().all(|g| {
                g.is_some_and(|r| {
                    r.mode() == GameMode::Forfeit && r.score(color) == GameScore::Loss
                })
            })
        };
        !forfeited_all(Color::White) && !forfeited_all(Color::Black)
    }

    /// Whether at least one game was actually played over the board: what gives the players a
    /// colour (Dutch F.2; Double-Swiss 1.6, where a match whose two games were each forfeited
    /// by a different player counts as played for standings but gives no colour).
    pub fn has_game_played(&self) -> bool {
        self.games.iter().any(|g| g.is_none_or(|r| r.is_played()))
    }

    /// Whether `color`'s player won the pairing without playing it (the opponent forfeited
    /// every game): Dutch B.1b "a point without playing", Double-Swiss C2 "won by forfeit".
    pub fn won_by_forfeit(&self, color: Color) -> bool {
        !self.is_played()
            && self
                .games
                .iter()
                .any(|g| g.is_some_and(|r| r.score(color) == GameScore::Win))
    }

    /// Whether every result is in.
    pub fn is_complete(&self) -> bool {
        self.games.iter().all(Option::is_some)
    }
}

/// A player not paired against an opponent in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bye {
    /// The player.
    pub player: Tpn,
    /// What kind of bye.
    pub kind: ByeKind,
}

/// One round as published: the pairings in board order, and the byes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The pairings, board 1 first.
    pub pairings: Vec<Pairing>,
    /// The players with a bye.
    pub byes: Vec<Bye>,
}

impl Round {
    /// The pairing `player` is in, with their colour.
    pub fn pairing_of(&self, player: Tpn) -> Option<(&Pairing, Color)> {
        self.pairings
            .iter()
            .find_map(|p| p.color_of(player).map(|c| (p, c)))
    }

    /// The bye `player` has, if any.
    pub fn bye_of(&self, player: Tpn) -> Option<ByeKind> {
        self.byes
            .iter()
            .find(|b| b.player == player)
            .map(|b| b.kind)
    }
}

/// A group of players of whom no two may be paired in a range of rounds (TRF-2026 record 260).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenPairs {
    /// The first round it applies to.
    pub from: RoundNo,
    /// The last round it applies to.
    pub to: RoundNo,
    /// The players.
    pub players: Vec<Tpn>,
}

/// One informational header record, kept as written (TRF 012 name, 022 city, 032 federation,
/// 042/052 dates, 062-082 counts, 092 type, 102/112 arbiters, 122 time control, 132 round dates,
/// and any record this program does not interpret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoRecord {
    /// The three-character record code, e.g. `012`.
    pub code: String,
    /// The rest of the line after the code and its space.
    pub text: String,
}

/// Everything known about a tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournament {
    /// Informational header records, in file order.
    pub info: Vec<InfoRecord>,
    /// Settings.
    pub settings: Settings,
    players: Vec<Player>,
    rounds: Vec<Round>,
    /// Byes requested (or absences announced) for rounds not yet paired.
    pub requested_byes: BTreeMap<RoundNo, BTreeMap<Tpn, ByeKind>>,
    /// Pairs that may not be paired.
    pub forbidden: Vec<ForbiddenPairs>,
    /// Virtual points for the pairing of accelerated rounds (C.04.7): see
    /// [`crate::model::acceleration`].
    pub virtual_points: Vec<crate::model::acceleration::VirtualPoints>,
}

/// Why a change to a tournament was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// A pairing number that is not the next one.
    #[error("player {got} registered, but the next pairing number is {expected}")]
    PairingNumberOutOfOrder {
        /// The next free number.
        expected: Tpn,
        /// The number given.
        got: Tpn,
    },
    /// A round that does not follow the last one.
    #[error("round {0} cannot be added: rounds are added in order")]
    RoundOutOfOrder(RoundNo),
    /// A pairing or bye names a player who is not registered.
    #[error("player {0} is not registered")]
    UnknownPlayer(Tpn),
    /// A player appears twice in one round.
    #[error("player {0} appears twice in the round")]
    PlayerTwiceInRound(Tpn),
    /// A pairing has the wrong number of games for the system.
    #[error("a pairing has {got} games; this tournament plays {expected} per pairing")]
    WrongGameCount {
        /// Games per pairing in this tournament.
        expected: usize,
        /// Games given.
        got: usize,
    },
    /// A one-game round result that does not mirror (only Double-Swiss knows ½-0, 0-0).
    #[error("the result of {white}-{black} does not mirror: only Double-Swiss allows ½-0 or 0-0")]
    UnmirroredResult {
        /// White.
        white: Tpn,
        /// Black.
        black: Tpn,
    },
}

impl Tournament {
    /// An empty tournament with `settings`.
    pub fn new(settings: Settings) -> Tournament {
        Tournament {
            settings,
            ..Tournament::default()
        }
    }

    /// The players, by pairing number.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The player with pairing number `tpn`.
    pub fn player(&self, tpn: Tpn) -> Option<&Player> {
        self.players.get(tpn.index())
    }

    /// The player with pairing number `tpn`, to change.
    pub fn player_mut(&mut self, tpn: Tpn) -> Option<&mut Player> {
        self.players.get_mut(tpn.index())
    }

    /// The rounds played or published, round 1 first.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Round `n`, if published.
    pub fn round(&self, n: RoundNo) -> Option<&Round> {
        self.rounds.get(n.index())
    }

    /// Round `n`, to record results in.
    pub fn round_mut(&mut self, n: RoundNo) -> Option<&mut Round> {
        self.rounds.get_mut(n.index())
    }

    /// The next round to pair.
    pub fn next_round(&self) -> RoundNo {
        RoundNo::from_index(self.rounds.len())
    }

    /// The pairing number the next registered player gets.
    pub fn next_tpn(&self) -> Tpn {
        Tpn::from_index(self.players.len())
    }

    /// Registers a player; their pairing number must be the next one.
    pub fn add_player(&mut self, player: Player) -> Result<(), ModelError> {
        let expected = self.next_tpn();
        if player.tpn != expected {
            return Err(ModelError::PairingNumberOutOfOrder {
                expected,
                got: player.tpn,
            });
        }
        self.players.push(player);
        Ok(())
    }

    /// Sorts `players` by Dutch A.2 and gives them pairing numbers 1, 2, ... in that order,
    /// replacing any players already registered. For use before round 1 only.
    pub fn seed_players(&mut self, mut players: Vec<Player>) {
        players.sort_by(crate::model::player::initial_order);
        for (i, p) in players.iter_mut().enumerate() {
            p.tpn = Tpn::from_index(i);
        }
        self.players = players;
    }

    /// Adds the next round, checking that it names registered players once each, that each
    /// pairing has the system's number of games, and that one-game results mirror.
    pub fn push_round(&mut self, round: Round) -> Result<(), ModelError> {
        let games = self.settings.games_per_pairing();
        let mut seen = vec![false; self.players.len()];
        let mut mark = |t: Tpn| -> Result<(), ModelError> {
            let slot = seen
                .get_mut(t.index())
                .ok_or(ModelError::UnknownPlayer(t))?;
            if std::mem::replace(slot, true) {
                return Err(ModelError::PlayerTwiceInRound(t));
            }
            Ok(())
        };
        for p in &round.pairings {
            mark(p.white)?;
            mark(p.black)?;
            if p.games.len() != games {
                return Err(ModelError::WrongGameCount {
                    expected: games,
                    got: p.games.len(),
                });
            }
            if games == 1 && p.games.iter().flatten().any(|g| !g.is_mirrored()) {
                return Err(ModelError::UnmirroredResult {
                    white: p.white,
                    black: p.black,
                });
            }
        }
        for b in &round.byes {
            mark(b.player)?;
        }
        let number = self.next_round();
        self.requested_byes.remove(&number);
        self.rounds.push(round);
        Ok(())
    }

    /// Removes the last round (a pairing withdrawn before any result was entered).
    pub fn pop_round(&mut self) -> Option<Round> {
        self.rounds.pop()
    }

    /// The players who are to be paired in `round`: registered, not withdrawn, and with no bye
    /// requested or absence announced for it (Dutch F.5).
    pub fn available_players(&self, round: RoundNo) -> Vec<Tpn> {
        let requested = self.requested_byes.get(&round);
        self.players
            .iter()
            .filter(|p| p.plays_in(round))
            .filter(|p| requested.is_none_or(|r| !r.contains_key(&p.tpn)))
            .map(|p| p.tpn)
            .collect()
    }

    /// Whether `a` and `b` may not be paired in `round` because of a forbidden-pairs record.
    pub fn is_forbidden(&self, a: Tpn, b: Tpn, round: RoundNo) -> bool {
        self.forbidden.iter().any(|f| {
            f.from <= round && round <= f.to && f.players.contains(&a) && f.players.contains(&b)
        })
    }
}
