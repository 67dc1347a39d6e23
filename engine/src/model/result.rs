//! Results of games and byes.
//!
//! A game's result is what each of its two players scored and how: over the board (rated or
//! not), or by forfeit. Most results mirror each other (1-0, ½-½, 0-1, +/-, -/-); the Double-Swiss
//! preface also knows ½-0, 0-½ and 0-0, which [`GameResult::is_mirrored`] tells apart.

use crate::model::color::Color;

/// What one player scored in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameScore {
    /// A won game (TRF `1`, `W`, or `+` when by forfeit).
    Win,
    /// A drawn game (TRF `=`, `D`).
    Draw,
    /// A lost game (TRF `0`, `L`, or `-` when by forfeit).
    Loss,
}

/// How a game was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// Played over the board and rated (TRF `1 = 0`).
    Played,
    /// Played but not rated, for example lost before the first move (TRF `W D L`).
    Unrated,
    /// Not played: one or both players did not appear (TRF `+ -`). Dutch F.2: it does not
    /// count for colours and does not make the pair illegal later.
    Forfeit,
}

/// The result of one game between the pairing's white and black player.
///
/// In a Double-Swiss match the second game is played with colours reversed; its result is still
/// given for the pairing's `white` and `black` player, whatever colour each had in that game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    mode: GameMode,
    white: GameScore,
    black: GameScore,
}

impl GameResult {
    /// 1-0.
    pub const WHITE_WINS: GameResult = GameResult::played(GameScore::Win, GameScore::Loss);
    /// ½-½.
    pub const DRAW: GameResult = GameResult::played(GameScore::Draw, GameScore::Draw);
    /// 0-1.
    pub const BLACK_WINS: GameResult = GameResult::played(GameScore::Loss, GameScore::Win);
    /// Both players forfeit: nobody scores and the game does not count as played.
    pub const DOUBLE_FORFEIT: GameResult = GameResult {
        mode: GameMode::Forfeit,
        white: GameScore::Loss,
        black: GameScore::Loss,
    };

    /// A game played over the board and rated.
    pub const fn played(white: GameScore, black: GameScore) -> GameResult {
        GameResult {
            mode: GameMode::Played,
            white,
            black,
        }
    }

    /// A game played but not rated (TRF `W D L`).
    pub const fn unrated(white: GameScore, black: GameScore) -> GameResult {
        GameResult {
            mode: GameMode::Unrated,
            white,
            black,
        }
    }

    /// A game won by forfeit by `winner`.
    pub const fn forfeit(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult {
                mode: GameMode::Forfeit,
                white: GameScore::Win,
                black: GameScore::Loss,
            },
            Color::Black => GameResult {
                mode: GameMode::Forfeit,
                white: GameScore::Loss,
                black: GameScore::Win,
            },
        }
    }

    /// Builds a result from its parts; `None` for a combination no game can have (a forfeit
    /// draw, or two winners).
    pub fn from_parts(mode: GameMode, white: GameScore, black: GameScore) -> Option<GameResult> {
        use GameScore::*;
        let ok = match mode {
            GameMode::Forfeit => matches!((white, black), (Win, Loss) | (Loss, Win) | (Loss, Loss)),
            GameMode::Played | GameMode::Unrated => {
                !matches!((white, black), (Win, Win) | (Win, Draw) | (Draw, Win))
            }
        };
        ok.then_some(GameResult { mode, white, black })
    }

    /// How the game was decided.
    pub fn mode(self) -> GameMode {
        self.mode
    }

    /// What the player with `color` in the pairing scored.
    pub fn score(self, color: Color) -> GameScore {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Whether the game was played over the board (Dutch F.2: forfeits are not).
    pub fn is_played(self) -> bool {
        self.mode != GameMode::Forfeit
    }

    /// Whether the two scores mirror each other (1-0, ½-½, 0-1, +/-, or a double forfeit), as
    /// every result of a one-game round must. Only the Double-Swiss preface allows ½-0, 0-½
    /// and 0-0 in a played game.
    pub fn is_mirrored(self) -> bool {
        use GameScore::*;
        matches!(
            (self.mode, self.white, self.black),
            (_, Win, Loss)
                | (_, Loss, Win)
                | (GameMode::Played | GameMode::Unrated, Draw, Draw)
                | (GameMode::Forfeit, Loss, Loss)
        )
    }

    /// The same result with the two players swapped.
    pub fn swapped(self) -> GameResult {
        GameResult {
            mode: self.mode,
            white: self.black,
            black: self.white,
        }
    }
}

/// A round in which a player is not paired against an opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ByeKind {
    /// The pairing-allocated bye of an odd field (Dutch A.5, Dubov 4, Double-Swiss 1.4); TRF `U`.
    PairingAllocated,
    /// A requested full-point bye; TRF `F`.
    Full,
    /// A requested half-point bye; TRF `H`.
    Half,
    /// A zero-point bye: requested, or an absence announced in advance (Dutch F.5); TRF `Z`.
    Zero,
}

impl ByeKind {
    /// The TRF result code.
    pub fn trf_char(self) -> char {
        match self {
            ByeKind::PairingAllocated => 'U',
            ByeKind::Full => 'F',
            ByeKind::Half => 'H',
            ByeKind::Zero => 'Z',
        }
    }

    /// The kind for a TRF result code.
    pub fn from_trf_char(c: char) -> Option<ByeKind> {
        Some(match c {
            'U' => ByeKind::PairingAllocated,
            'F' => ByeKind::Full,
            'H' => ByeKind::Half,
            'Z' => ByeKind::Zero,
            _ => return None,
        })
    }

    /// Whether the player gets a point without playing (Dutch B.1b, Dubov 2.2, Double-Swiss
    /// C2): the pairing-allocated bye and the full-point bye do; a half-point or zero-point bye
    /// does not (reading: "a point" means a whole one).
    pub fn is_unplayed_point(self) -> bool {
        matches!(self, ByeKind::PairingAllocated | ByeKind::Full)
    }
}
