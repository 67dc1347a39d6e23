//! Team competitions (C.04.6, TRF-2026's team records): the teams with their rosters, each
//! round's matches board by board, the settings a team competition states (the colour
//! preferences, the primary score, the match points, the pairing-allocated bye's points, the
//! colours of the boards), and each team's history derived from the rounds: match and game
//! points, colours in played matches (1.6.1), opponents, byes, floats.
//!
//! Nothing here is stored twice: scores and colours are computed from the boards' results.

use crate::model::color::Color;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::result::GameScore;
use std::fmt;

/// A team's pairing number (C.04.6 1.1), a different index space from the players' numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TeamTpn(u32);

impl TeamTpn {
    /// The number `n`, which must be at least 1.
    pub fn new(n: u32) -> Option<TeamTpn> {
        (n >= 1).then_some(TeamTpn(n))
    }

    /// The number.
    pub fn get(self) -> u32 {
        self.0
    }

    /// The 0-based index.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The number of the 0-based index `i`.
    pub fn from_index(i: usize) -> TeamTpn {
        TeamTpn(i as u32 + 1)
    }
}

impl fmt::Display for TeamTpn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One team: its number, names and roster (the players' numbers in board order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The team's pairing number.
    pub tpn: TeamTpn,
    /// The team's name.
    pub name: String,
    /// The short name (TRF-2026's nickname, five characters), if any.
    pub short_name: Option<String>,
    /// The strength factor (record 310), if given.
    pub strength: Option<u32>,
    /// The players in the roster's board order.
    pub roster: Vec<Tpn>,
}

/// Which colour preferences the competition uses (1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourPreferences {
    /// Type A, simple preferences (the default).
    TypeA,
    /// Type B, strong and mild preferences.
    TypeB,
    /// No colour preferences at all.
    None,
}

/// Which points are the primary score (1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    /// Match points (the default).
    MatchPoints,
    /// Game points.
    GamePoints,
}

/// The match points of a won, drawn and lost match (record 362; 2, 1, 0 by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchValues {
    /// A won match.
    pub win: Points,
    /// A drawn match.
    pub draw: Points,
    /// A lost match.
    pub loss: Points,
}

impl Default for MatchValues {
    fn default() -> MatchValues {
        MatchValues {
            win: Points::from_tenths(20),
            draw: Points::ONE,
            loss: Points::ZERO,
        }
    }
}

/// What a team competition states beyond its teams and rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamSettings {
    /// The colour preferences (1.7).
    pub colours: ColourPreferences,
    /// The primary score (1.2.1).
    pub primary: ScoreKind,
    /// Whether the secondary score decides the first-team (1.2.1, 4.2.2).
    pub secondary_used: bool,
    /// Whether the file names the Baku acceleration (C.04.7) in record 192.
    pub baku: bool,
    /// The number of rounds planned, if known (record 142).
    pub rounds: Option<u16>,
    /// The initial colour (4.1), if drawn.
    pub initial_colour: Option<Color>,
    /// The colour of the first team's player on each board (record 352), board 1 first.
    pub board_colours: Vec<Color>,
    /// The match points of a win, a draw and a loss.
    pub match_values: MatchValues,
    /// The pairing-allocated bye's match and game points when the competition sets them
    /// (record 320); a draw's otherwise (1.4).
    pub bye_points: Option<(Points, Points)>,
}

impl Default for TeamSettings {
    fn default() -> TeamSettings {
        TeamSettings {
            colours: ColourPreferences::TypeA,
            primary: ScoreKind::MatchPoints,
            secondary_used: true,
            baku: false,
            rounds: None,
            initial_colour: None,
            board_colours: vec![Color::White, Color::Black, Color::White, Color::Black],
            match_values: MatchValues::default(),
            bye_points: None,
        }
    }
}

impl TeamSettings {
    /// The number of boards a match is played on.
    pub fn boards(&self) -> usize {
        self.board_colours.len()
    }

    /// The pairing-allocated bye's match and game points: as set, or a draw's (1.4): the
    /// drawn match's points and half a point a board.
    pub fn bye(&self) -> (Points, Points) {
        self.bye_points.unwrap_or((
            self.match_values.draw,
            Points::from_tenths(5 * self.boards() as i32),
        ))
    }
}

/// One board of a match: the two players (none where a board is left empty), the colour of
/// the white team's player, and what each scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The white team's player and the black team's player.
    pub players: (Option<Tpn>, Option<Tpn>),
    /// What each scored, the white team's player first.
    pub scores: (GameScore, GameScore),
    /// Whether the game was played (not forfeited).
    pub played: bool,
}

/// How a match went as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchKind {
    /// Played (some boards may be forfeited).
    Played,
    /// Forfeited as a whole (record 330): the winner, none for a double forfeit. Not played:
    /// no colour (1.6.1), no meeting ([C1]).
    Forfeited(Option<Color>),
}

/// A match: the team whose board-1 player had White (1.6.1), the other, the boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The team whose first board had White.
    pub white: TeamTpn,
    /// The other team.
    pub black: TeamTpn,
    /// Whether it was played.
    pub kind: MatchKind,
    /// The boards, board 1 first (none for a match forfeited as a whole).
    pub boards: Vec<Board>,
}

/// One round: its matches and the team given the pairing-allocated bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamRound {
    /// The matches.
    pub matches: Vec<Match>,
    /// The team given the pairing-allocated bye, if any.
    pub bye: Option<TeamTpn>,
}

/// A team competition: settings, teams in TPN order, rounds played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamTournament {
    /// What the competition states.
    pub settings: TeamSettings,
    /// The teams, team 1 first.
    pub teams: Vec<Team>,
    /// The rounds, round 1 first.
    pub rounds: Vec<TeamRound>,
}

/// What one team got in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A match against `opponent`, with the colour the team had if it was played.
    Match {
        /// The opponent.
        opponent: TeamTpn,
        /// The team's colour (1.6.1), none for a match not played.
        colour: Option<Color>,
        /// Whether the team won the match by forfeit.
        forfeit_win: bool,
        /// Match points.
        mp: Points,
        /// Game points.
        gp: Points,
    },
    /// The pairing-allocated bye.
    Bye,
    /// Not paired.
    Absent,
}

impl TeamTournament {
    /// The number of rounds recorded.
    pub fn rounds_played(&self) -> usize {
        self.rounds.len()
    }

    /// The round to pair next.
    pub fn next_round(&self) -> RoundNo {
        RoundNo::from_index(self.rounds.len())
    }

    /// The game points each team scored in `m`, the white team first.
    pub fn game_points(&self, m: &Match) -> (Points, Points) {
        let value = |s: GameScore| match s {
            GameScore::Win => Points::ONE,
            GameScore::Draw => Points::HALF,
            GameScore::Loss => Points::ZERO,
        };
        if let MatchKind::Forfeited(winner) = m.kind {
            let full = Points::from_tenths(10 * self.settings.boards() as i32);
            return match winner {
                Some(Color::White) => (full, Points::ZERO),
                Some(Color::Black) => (Points::ZERO, full),
                None => (Points::ZERO, Points::ZERO),
            };
        }
        m.boards
            .iter()
            .fold((Points::ZERO, Points::ZERO), |(w, b), x| {
                (w + value(x.scores.0), b + value(x.scores.1))
            })
    }

    /// The match points each team scored in `m`, the white team first: by game points, a
    /// match forfeited as a whole lost by the forfeiting team (both in a double forfeit).
    pub fn match_points(&self, m: &Match) -> (Points, Points) {
        let v = self.settings.match_values;
        if let MatchKind::Forfeited(winner) = m.kind {
            return match winner {
                Some(Color::White) => (v.win, v.loss),
                Some(Color::Black) => (v.loss, v.win),
                None => (v.loss, v.loss),
            };
        }
        let (w, b) = self.game_points(m);
        match w.cmp(&b) {
            std::cmp::Ordering::Greater => (v.win, v.loss),
            std::cmp::Ordering::Less => (v.loss, v.win),
            std::cmp::Ordering::Equal => (v.draw, v.draw),
        }
    }

    /// What every team got in round `r` (0-based), team 1 first.
    pub fn outcomes(&self, r: usize) -> Vec<Outcome> {
        let mut out = vec![Outcome::Absent; self.teams.len()];
        let round = &self.rounds[r];
        for m in &round.matches {
            let (gw, gb) = self.game_points(m);
            let (mw, mb) = self.match_points(m);
            let played = m.kind == MatchKind::Played;
            let won = |c: Color| m.kind == MatchKind::Forfeited(Some(c));
            out[m.white.index()] = Outcome::Match {
                opponent: m.black,
                colour: played.then_some(Color::White),
                forfeit_win: won(Color::White),
                mp: mw,
                gp: gw,
            };
            out[m.black.index()] = Outcome::Match {
                opponent: m.white,
                colour: played.then_some(Color::Black),
                forfeit_win: won(Color::Black),
                mp: mb,
                gp: gb,
            };
        }
        if let Some(t) = round.bye {
            out[t.index()] = Outcome::Bye;
        }
        out
    }

    /// Each team's history over the rounds recorded.
    pub fn histories(&self) -> Vec<TeamHistory> {
        let n = self.teams.len();
        let mut h = vec![TeamHistory::default(); n];
        let (bye_mp, bye_gp) = self.settings.bye();
        for r in 0..self.rounds.len() {
            let before: Vec<Points> = h.iter().map(|t| t.score(self.settings.primary)).collect();
            let outcomes = self.outcomes(r);
            for (i, o) in outcomes.iter().enumerate() {
                let t = &mut h[i];
                t.floated = false;
                match *o {
                    Outcome::Match {
                        opponent,
                        colour,
                        forfeit_win,
                        mp,
                        gp,
                    } => {
                        t.mp += mp;
                        t.gp += gp;
                        t.colours.push(colour);
                        t.had_no_bye_allowed |= forfeit_win;
                        if colour.is_some() {
                            t.met.push(opponent);
                            t.played += 1;
                            t.floated = before[i] != before[opponent.index()];
                        }
                    }
                    Outcome::Bye => {
                        t.mp += bye_mp;
                        t.gp += bye_gp;
                        t.colours.push(None);
                        t.had_no_bye_allowed = true;
                    }
                    Outcome::Absent => t.colours.push(None),
                }
            }
        }
        h
    }
}

/// A team's history, derived from the rounds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamHistory {
    /// Match points.
    pub mp: Points,
    /// Game points.
    pub gp: Points,
    /// The colour in each round, none where no match was played (1.6.1).
    pub colours: Vec<Option<Color>>,
    /// The opponents of played matches ([C1]: a match forfeited as a whole is no meeting).
    pub met: Vec<TeamTpn>,
    /// The number of matches played.
    pub played: usize,
    /// Whether the team had the pairing-allocated bye or won a match by forfeit ([C2]).
    pub had_no_bye_allowed: bool,
    /// Whether the team was a floater in the last round recorded (1.5): it played an
    /// opponent with a different primary score.
    pub floated: bool,
}

impl TeamHistory {
    /// The score of `kind`.
    pub fn score(&self, kind: ScoreKind) -> Points {
        match kind {
            ScoreKind::MatchPoints => self.mp,
            ScoreKind::GamePoints => self.gp,
        }
    }

    /// The colours of the played matches, in order (General Handling Rules 3.4: unplayed
    /// rounds left out).
    pub fn played_colours(&self) -> Vec<Color> {
        self.colours.iter().flatten().copied().collect()
    }

    /// The colour difference (1.6.2): matches with White minus matches with Black.
    pub fn colour_difference(&self) -> i32 {
        self.played_colours()
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum()
    }
}
