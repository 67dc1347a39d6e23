//! What the team tie-breaks read of each round (C.07, 2026, articles 11, 12 and 16): each
//! team's opponent, whether the match was played, the match and game points it gave, and the
//! game points on each board.

use crate::model::points::Points;
use crate::model::result::GameScore;
use crate::model::team::{MatchKind, ScoreKind, TeamTournament};

/// One team's round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RoundFact {
    /// The opponent's index (played or forfeited), none for the bye or no pairing.
    pub opponent: Option<usize>,
    /// Whether a match was played over the board.
    pub played: bool,
    /// A voluntary unplayed round (16.2.5): an unplayed round that gave no win (a match
    /// forfeited and lost, a double forfeit, no pairing). The pairing-allocated bye and a
    /// forfeit win are not.
    pub vur: bool,
    /// Match points.
    pub mp: Points,
    /// Game points.
    pub gp: Points,
    /// The game points on each board, board 1 first, as article 12 counts them: individual
    /// forfeits as the games' results, a bye or a match won by forfeit a win on every board.
    pub boards: Vec<Points>,
}

impl RoundFact {
    /// The points of `kind` this round gave.
    pub fn score(&self, kind: ScoreKind) -> Points {
        match kind {
            ScoreKind::MatchPoints => self.mp,
            ScoreKind::GamePoints => self.gp,
        }
    }
}

fn value(s: GameScore) -> Points {
    match s {
        GameScore::Win => Points::ONE,
        GameScore::Draw => Points::HALF,
        GameScore::Loss => Points::ZERO,
    }
}

/// Every team's rounds, team 1 first.
pub(super) fn facts(t: &TeamTournament) -> Vec<Vec<RoundFact>> {
    let n = t.teams.len();
    let boards = t.settings.boards();
    let (bye_mp, bye_gp) = t.settings.bye();
    let absent = RoundFact {
        opponent: None,
        played: false,
        vur: true,
        mp: Points::ZERO,
        gp: Points::ZERO,
        boards: vec![Points::ZERO; boards],
    };
    let mut out = vec![Vec::with_capacity(t.rounds.len()); n];
    for round in &t.rounds {
        let mut this = vec![absent.clone(); n];
        for m in &round.matches {
            let (gw, gb) = t.game_points(m);
            let (mw, mb) = t.match_points(m);
            let played = m.kind == MatchKind::Played;
            let sides = [
                (m.white.index(), m.black.index(), mw, gw, true),
                (m.black.index(), m.white.index(), mb, gb, false),
            ];
            for (me, other, mp, gp, white) in sides {
                let won = mp > t.settings.match_values.loss && mp > t.settings.match_values.draw;
                let per_board = if played {
                    m.boards
                        .iter()
                        .map(|b| value(if white { b.scores.0 } else { b.scores.1 }))
                        .collect()
                } else {
                    let one = if won { Points::ONE } else { Points::ZERO };
                    vec![one; boards]
                };
                this[me] = RoundFact {
                    opponent: Some(other),
                    played,
                    vur: !played && !won,
                    mp,
                    gp,
                    boards: per_board,
                };
            }
        }
        if let Some(b) = round.bye {
            this[b.index()] = RoundFact {
                opponent: None,
                played: false,
                vur: false,
                mp: bye_mp,
                gp: bye_gp,
                boards: vec![Points::ONE; boards],
            };
        }
        for (i, f) in this.into_iter().enumerate() {
            out[i].push(f);
        }
    }
    out
}

/// A team's total of `kind`.
pub(super) fn total(rounds: &[RoundFact], kind: ScoreKind) -> Points {
    rounds.iter().map(|r| r.score(kind)).sum()
}

/// The points of `kind` a drawn match gives: the drawn match's match points, or half a point a
/// board.
pub(super) fn draw(t: &TeamTournament, kind: ScoreKind) -> Points {
    match kind {
        ScoreKind::MatchPoints => t.settings.match_values.draw,
        ScoreKind::GamePoints => Points::from_tenths(5 * t.settings.boards() as i32),
    }
}

/// The points of `kind` a won match gives: the won match's match points, or a point a board.
pub(super) fn win(t: &TeamTournament, kind: ScoreKind) -> Points {
    match kind {
        ScoreKind::MatchPoints => t.settings.match_values.win,
        ScoreKind::GamePoints => Points::from_tenths(10 * t.settings.boards() as i32),
    }
}

/// The other score: game points when match points are primary, and the reverse (11.1).
pub(super) fn other(kind: ScoreKind) -> ScoreKind {
    match kind {
        ScoreKind::MatchPoints => ScoreKind::GamePoints,
        ScoreKind::GamePoints => ScoreKind::MatchPoints,
    }
}
