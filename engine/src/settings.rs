//! A tournament's settings: the pairing system, the number of rounds, the lot for colours in
//! round 1, and the points for each kind of result.

use crate::color::Color;
use crate::points::Points;
use crate::result::{ByeKind, GameMode, GameResult, GameScore};

/// The pairing systems this program implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// FIDE Dutch system, 1992-2006 text.
    Dutch,
    /// FIDE Dutch system, C.04.3 applied from 1 February 2026.
    Dutch2026,
    /// FIDE Dubov system, 1997 text.
    Dubov,
    /// FIDE Double-Swiss system (C.04.5, 2026): matches of two games.
    DoubleSwiss,
}

impl System {
    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            System::Dutch => "dutch",
            System::Dutch2026 => "dutch-2026",
            System::Dubov => "dubov",
            System::DoubleSwiss => "double-swiss",
        }
    }

    /// Games in one pairing: 2 for a Double-Swiss match (4.4), 1 otherwise.
    pub fn games_per_pairing(self) -> usize {
        match self {
            System::DoubleSwiss => 2,
            System::Dutch | System::Dutch2026 | System::Dubov => 1,
        }
    }

    /// The TRF-2026 tournament type (record 192).
    pub fn trf_type(self) -> &'static str {
        match self {
            System::Dutch => "FIDE_DUTCH",
            System::Dutch2026 => "FIDE_DUTCH_2026",
            System::Dubov => "FIDE_DUBOV",
            System::DoubleSwiss => "FIDE_DOUBLESWISS",
        }
    }

    /// Reads a record 192 value; bbpPairings' dated Dutch names (its "2025" rules are the text
    /// applied from 2026) are the 2026 Dutch.
    pub fn from_trf_type(text: &str) -> Option<System> {
        Some(match text {
            "FIDE_DUTCH" => System::Dutch,
            "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => System::Dutch2026,
            "FIDE_DUBOV" => System::Dubov,
            "FIDE_DOUBLESWISS" | "FIDE_DOUBLE_SWISS" => System::DoubleSwiss,
            _ => return None,
        })
    }
}

/// Points for each kind of result. A game's values are per game; a bye's are per pairing (per
/// match in Double-Swiss, whose byes apply to whole matches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointValues {
    /// A game won over the board.
    pub win: Points,
    /// A game drawn.
    pub draw: Points,
    /// A game lost over the board.
    pub loss: Points,
    /// A game won by forfeit.
    pub forfeit_win: Points,
    /// A game lost by forfeit.
    pub forfeit_loss: Points,
    /// The pairing-allocated bye.
    pub pairing_bye: Points,
    /// A requested full-point bye.
    pub full_bye: Points,
    /// A requested half-point bye.
    pub half_bye: Points,
    /// A zero-point bye or an announced absence.
    pub zero_bye: Points,
}

impl PointValues {
    /// The usual values: 1, ½, 0; every bye as its name says; the pairing-allocated bye 1.
    pub const STANDARD: PointValues = PointValues {
        win: Points::ONE,
        draw: Points::HALF,
        loss: Points::ZERO,
        forfeit_win: Points::ONE,
        forfeit_loss: Points::ZERO,
        pairing_bye: Points::ONE,
        full_bye: Points::ONE,
        half_bye: Points::HALF,
        zero_bye: Points::ZERO,
    };

    /// Double-Swiss defaults: games as usual; byes apply to the match (Preface), so a full bye
    /// is two games won (2), a half bye two draws (1), and the pairing-allocated bye a game won
    /// and a game drawn (1.4: 1½).
    pub const DOUBLE_SWISS: PointValues = PointValues {
        pairing_bye: Points::from_tenths(15),
        full_bye: Points::from_tenths(20),
        half_bye: Points::ONE,
        ..PointValues::STANDARD
    };

    /// The defaults of `system`.
    pub fn default_for(system: System) -> PointValues {
        match system {
            System::DoubleSwiss => PointValues::DOUBLE_SWISS,
            System::Dutch | System::Dutch2026 | System::Dubov => PointValues::STANDARD,
        }
    }

    /// What the player with `color` in the pairing gets for one game.
    pub fn for_game(&self, result: GameResult, color: Color) -> Points {
        match (result.mode(), result.score(color)) {
            (GameMode::Forfeit, GameScore::Win) => self.forfeit_win,
            (GameMode::Forfeit, _) => self.forfeit_loss,
            (_, GameScore::Win) => self.win,
            (_, GameScore::Draw) => self.draw,
            (_, GameScore::Loss) => self.loss,
        }
    }

    /// What a bye of `kind` gives.
    pub fn for_bye(&self, kind: ByeKind) -> Points {
        match kind {
            ByeKind::PairingAllocated => self.pairing_bye,
            ByeKind::Full => self.full_bye,
            ByeKind::Half => self.half_bye,
            ByeKind::Zero => self.zero_bye,
        }
    }
}

/// A tournament's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The pairing system, when known (a TRF file need not say).
    pub system: Option<System>,
    /// The number of rounds, when known.
    pub rounds: Option<u16>,
    /// The lot drawn before round 1: the colour of the first player (Dutch A.7, Dubov 5,
    /// Double-Swiss 4.1 "initial-colour"). `None` when not recorded.
    pub initial_color: Option<Color>,
    /// Points for each kind of result.
    pub points: PointValues,
    /// The tie-breaks for the standings, in order; empty for the system's default.
    pub tiebreaks: Vec<crate::standings::Tiebreak>,
    /// The seed from which the drawing of lots that ends every tie-break list is made, so
    /// that it can be drawn again and give the same result.
    pub lot_seed: u64,
}

impl Settings {
    /// The defaults for `system`: its point values, rounds and lot not yet set.
    pub fn new(system: System) -> Settings {
        Settings {
            system: Some(system),
            rounds: None,
            initial_color: None,
            points: PointValues::default_for(system),
            tiebreaks: Vec::new(),
            lot_seed: 0,
        }
    }

    /// Games in one pairing: 2 for Double-Swiss, 1 otherwise (and when the system is unknown).
    pub fn games_per_pairing(&self) -> usize {
        self.system.map_or(1, System::games_per_pairing)
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            system: None,
            rounds: None,
            initial_color: None,
            points: PointValues::STANDARD,
            tiebreaks: Vec::new(),
            lot_seed: 0,
        }
    }
}
