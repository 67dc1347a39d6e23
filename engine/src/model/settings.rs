//! A tournament's settings: the pairing system, the number of rounds, the lot for colours in
//! round 1, and the points for each kind of result.

use crate::model::color::Color;
use crate::model::points::Points;
use crate::model::result::{ByeKind, GameMode, GameResult, GameScore};
use crate::model::tiebreak::{Kind, Tiebreak};

/// The pairing systems this program implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// FIDE Dutch system, 1992-2006 text.
    Dutch1992,
    /// FIDE Dutch system, C.04.3 applied from 1 February 2026.
    Dutch2026,
    /// FIDE Dubov system, 1997 text.
    Dubov,
    /// FIDE Dubov system, C.04.4.1 applied from 1 February 2026.
    Dubov2026,
    /// FIDE Burstein system, C.04.4.2 applied from 1 February 2026.
    Burstein2026,
    /// FIDE Double-Swiss system (C.04.5, 2026): matches of two games.
    DoubleSwiss,
    /// A round-robin by FIDE's Berger tables (C.05 Annex 1).
    RoundRobin,
    /// A double round-robin: the Berger table twice, the second cycle's colours reversed.
    DoubleRoundRobin,
}

impl System {
    /// The system's name, by edition, as the settings, the API, the pages and the command line
    /// write it.
    pub fn name(self) -> &'static str {
        match self {
            System::Dutch1992 => "dutch-1992",
            System::Dutch2026 => "dutch-2026",
            System::Dubov => "dubov-1997",
            System::Dubov2026 => "dubov-2026",
            System::Burstein2026 => "burstein-2026",
            System::DoubleSwiss => "double-swiss-2026",
            System::RoundRobin => "round-robin",
            System::DoubleRoundRobin => "double-round-robin",
        }
    }

    /// The system a name means: an edition's name, or a name without an edition as a user means
    /// it today (`dutch` is the Dutch in force, 2026, as it is to the programs that call
    /// bbpPairings or JaVaFo; `dubov` likewise the Dubov in force, 2026).
    pub fn from_name(name: &str) -> Option<System> {
        Some(match name {
            "dutch-2026" | "dutch" => System::Dutch2026,
            "dutch-1992" => System::Dutch1992,
            "dubov-1997" => System::Dubov,
            "dubov-2026" | "dubov" => System::Dubov2026,
            "burstein-2026" | "burstein" => System::Burstein2026,
            "double-swiss-2026" | "double-swiss" => System::DoubleSwiss,
            "round-robin" => System::RoundRobin,
            "double-round-robin" => System::DoubleRoundRobin,
            _ => return None,
        })
    }

    /// Every system, the default first.
    pub const ALL: [System; 8] = [
        System::Dutch2026,
        System::Dutch1992,
        System::Dubov2026,
        System::Burstein2026,
        System::Dubov,
        System::DoubleSwiss,
        System::RoundRobin,
        System::DoubleRoundRobin,
    ];

    /// Whether the system is a round-robin (single or double): every round fixed by the
    /// tables, no late entries, no requested byes.
    pub fn is_round_robin(self) -> bool {
        self.cycles().is_some()
    }

    /// A round-robin's cycles: 1, or 2 for a double round-robin; `None` for a Swiss.
    pub fn cycles(self) -> Option<u16> {
        match self {
            System::RoundRobin => Some(1),
            System::DoubleRoundRobin => Some(2),
            System::Dutch1992
            | System::Dutch2026
            | System::Dubov
            | System::Dubov2026
            | System::Burstein2026
            | System::DoubleSwiss => None,
        }
    }

    /// The default order of tie-breaks for the system: the Dutch 1992 text's F.10 (`DE1`,
    /// `ARO`) for it; C.07's recommendation for individual Swiss events as read here (BH/C1,
    /// BH, DE, WIN, BPG) for the others (see [`crate::standings`]' notes and Readings).
    pub fn default_tiebreaks(self) -> Vec<Tiebreak> {
        match self {
            System::Dutch1992 => vec![
                Tiebreak::of(Kind::DirectEncounterForFirst),
                Tiebreak::of(Kind::AverageRatingOfOpponents),
            ],
            System::Dutch2026
            | System::Dubov
            | System::Dubov2026
            | System::Burstein2026
            | System::DoubleSwiss => vec![
                Tiebreak::cut(Kind::Buchholz, 1),
                Tiebreak::of(Kind::Buchholz),
                Tiebreak::of(Kind::DirectEncounter),
                Tiebreak::of(Kind::Wins),
                Tiebreak::of(Kind::GamesWithBlack),
            ],
            // C.07's recommendation for individual round-robins, as read here (see
            // crate::standings' Readings): direct encounter, wins, Sonneborn-Berger, Koya.
            System::RoundRobin | System::DoubleRoundRobin => vec![
                Tiebreak::of(Kind::DirectEncounter),
                Tiebreak::of(Kind::Wins),
                Tiebreak::of(Kind::SonnebornBerger),
                Tiebreak::of(Kind::Koya),
            ],
        }
    }

    /// The order a tournament stored before its order was recorded is ranked by: the
    /// defaults of that time (F.10's for both Dutch texts; Buchholz Cut-1, Buchholz,
    /// Sonneborn-Berger for the others).
    pub fn legacy_tiebreaks(self) -> Vec<Tiebreak> {
        match self {
            System::Dutch1992 | System::Dutch2026 => System::Dutch1992.default_tiebreaks(),
            System::RoundRobin | System::DoubleRoundRobin => self.default_tiebreaks(),
            System::Dubov | System::Dubov2026 | System::Burstein2026 | System::DoubleSwiss => vec![
                Tiebreak::cut(Kind::Buchholz, 1),
                Tiebreak::of(Kind::Buchholz),
                Tiebreak::of(Kind::SonnebornBerger),
            ],
        }
    }

    /// Games in one pairing: 2 for a Double-Swiss match (4.4), 1 otherwise.
    pub fn games_per_pairing(self) -> usize {
        match self {
            System::DoubleSwiss => 2,
            System::Dutch1992
            | System::Dutch2026
            | System::Dubov
            | System::Dubov2026
            | System::Burstein2026
            | System::RoundRobin
            | System::DoubleRoundRobin => 1,
        }
    }

    /// The TRF-2026 tournament type (record 192). The 2026 Dutch is `FIDE_DUTCH_2025`, the code
    /// TRF-2026 gives the rules approved in 2025 and applied from 1 February 2026 (bbpPairings
    /// and FIDE's Gacrux write and read it). TRF-2026 has no code for the 1992-2006 text, which
    /// no rated event may use: it is written as `FIDE_DUTCH`, the code without a year that
    /// every program reads, which names the system but not its edition (see [`TrfType`]).
    pub fn trf_type(self) -> &'static str {
        match self {
            System::Dutch1992 => "FIDE_DUTCH",
            System::Dutch2026 => "FIDE_DUTCH_2025",
            System::Dubov => "FIDE_DUBOV",
            System::Dubov2026 => "FIDE_DUBOV_2025",
            System::Burstein2026 => "FIDE_BURSTEIN_2025",
            System::DoubleSwiss => "FIDE_DOUBLESWISS",
            // TRF-2026 has one code for round-robins; a double one is told by its rounds.
            System::RoundRobin | System::DoubleRoundRobin => "FIDE_ROUNDROBIN",
        }
    }

    /// Reads a tournament type (record 192, or the 092 line where bbpPairings writes it):
    /// `FIDE_DUTCH_2025` and `FIDE_DUTCH_2026` (which this program wrote before it used
    /// TRF-2026's code) are the 2026 Dutch; `FIDE_DUTCH` is a Dutch of an edition the file does
    /// not name.
    pub fn from_trf_type(text: &str) -> Option<TrfType> {
        Some(match text {
            "FIDE_DUTCH" => TrfType::Dutch,
            "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => TrfType::Named(System::Dutch2026),
            "FIDE_DUBOV" => TrfType::Named(System::Dubov),
            "FIDE_DUBOV_2025" | "FIDE_DUBOV_2026" => TrfType::Named(System::Dubov2026),
            "FIDE_BURSTEIN_2025" | "FIDE_BURSTEIN_2026" => TrfType::Named(System::Burstein2026),
            "FIDE_DOUBLESWISS" | "FIDE_DOUBLE_SWISS" => TrfType::Named(System::DoubleSwiss),
            "FIDE_ROUNDROBIN" | "FIDE_ROUND_ROBIN" => TrfType::Named(System::RoundRobin),
            _ => return None,
        })
    }
}

/// A tournament type as a TRF file writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfType {
    /// A system and its edition.
    Named(System),
    /// `FIDE_DUTCH`: the Dutch system, of an edition the file does not say. Such a file is
    /// paired by whichever Dutch the user asks for; a reader told nothing takes its system as
    /// unknown rather than guess (an import then asks for it), since this program writes the
    /// 1992-2006 text so and other programs the Dutch in force.
    Dutch,
}

impl TrfType {
    /// The system, when the file names its edition.
    pub fn system(self) -> Option<System> {
        match self {
            TrfType::Named(s) => Some(s),
            TrfType::Dutch => None,
        }
    }

    /// Whether a file of this type may be paired by `system`.
    pub fn admits(self, system: System) -> bool {
        match self {
            // One code for single and double round-robins.
            TrfType::Named(s) if s.is_round_robin() => system.is_round_robin(),
            TrfType::Named(s) => s == system,
            TrfType::Dutch => matches!(system, System::Dutch1992 | System::Dutch2026),
        }
    }

    /// The record's value.
    pub fn code(self) -> &'static str {
        match self {
            TrfType::Named(s) => s.trf_type(),
            TrfType::Dutch => "FIDE_DUTCH",
        }
    }

    /// The system's name for messages.
    pub fn name(self) -> &'static str {
        match self {
            TrfType::Named(s) => s.name(),
            TrfType::Dutch => "Dutch",
        }
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
            System::Dutch1992
            | System::Dutch2026
            | System::Dubov
            | System::Dubov2026
            | System::Burstein2026
            | System::RoundRobin
            | System::DoubleRoundRobin => PointValues::STANDARD,
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

/// The acceleration a tournament is set to (FIDE C.04.7; the method itself, and the virtual
/// points it gives, in [`crate::model::acceleration`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Acceleration {
    /// None: pairing scores are the scores.
    #[default]
    None,
    /// C.04.7's Baku method.
    Baku,
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
    pub tiebreaks: Vec<Tiebreak>,
    /// The seed from which the drawing of lots that ends every tie-break list is made, so
    /// that it can be drawn again and give the same result.
    pub lot_seed: u64,
    /// The acceleration the tournament is set to (C.04.7); the virtual points themselves are
    /// the tournament's [`crate::model::tournament::Tournament::virtual_points`].
    pub acceleration: Acceleration,
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
            acceleration: Acceleration::None,
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
            acceleration: Acceleration::None,
        }
    }
}
