//! Team standings (C.07, 2026, articles 11-16): each team's match and game points, the
//! primary score the competition uses, and the team tie-breaks in the competition's order.
//!
//! # The tie-breaks, by their codes
//! - `PTS`: the primary score (match points, or game points where the competition says so).
//! - `MPVGP` (13.1): the other score.
//! - `EDE`, `EDET`, `EDEB`, `EDEBT`, `EDEBB` (13.3): the extended direct encounter and its
//!   knockout variants (see `encounter.rs`).
//! - `EMMSB`, `EMGSB`, `EGMSB`, `EGGSB` (13.2): the opponent's final match (M) or game (G)
//!   points times the match or game points scored against it, `/C1` cutting the contribution
//!   of the opponent with the lowest such score (14.1: the lowest contribution among several).
//! - `SSSC` (13.4): the secondary score plus the Buchholz on the primary score divided by the
//!   normalising factor (the highest primary score of the tournament over the highest
//!   secondary score of one match, rounded towards zero).
//! - `BC`, `TBR`, `BBE` (12.1-12.3): board count (lower first), top board results, bottom board
//!   elimination; a pairing-allocated bye or a match won by forfeit counts a win on every board.
//! - Articles 6-10 on a reference score (13): `BH` and `SB` with `:MP` or `:GP` (the primary
//!   score by default), cut by `/Cn` or `/Mn`.
//!
//! # Unplayed rounds (16)
//! A match forfeited as a whole, the pairing-allocated bye and a round without pairing are
//! unplayed. In Buchholz and Sonneborn-Berger they count as a match against a dummy whose
//! score is the team's own, but no more than the scheduled opponent's (16.4.1, a forfeit) or
//! than a draw in every round (16.4.2, the bye); the team's own points in that round are those
//! it was given ("points" meaning match points and game points). A forfeit lost or no pairing
//! is a voluntary unplayed round, which a cut removes first, unless the contribution of the
//! lowest-scored opponent is smaller still. A match forfeited as a whole is no encounter for
//! `EDE`.
//!
//! FIDE's calculator (Gacrux) computes these the same way; `engine/tests/engine/team_standings.rs`
//! holds us to its values on 300 tournaments.

mod encounter;
mod extended;
mod facts;

use crate::model::points::Points;
use crate::model::team::{ScoreKind, TeamTournament, TeamTpn};
use crate::standings::Value;
use encounter::Step;
use extended::Sum;

/// A team tie-break, as its code names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamTiebreak {
    /// The primary score.
    Points,
    /// The other score (13.1).
    Other,
    /// The extended direct encounter or one of its variants (13.3), by its code.
    Encounter(String),
    /// An Extended Sonneborn-Berger (13.2): the opponents' score, the score against them, Cut-1.
    Extended(ScoreKind, ScoreKind, bool),
    /// The Scores and Schedule Strength Combination (13.4).
    Combination,
    /// Board Count (12.1).
    BoardCount,
    /// Top Board Results (12.2).
    TopBoards,
    /// Bottom Board Elimination (12.3).
    BottomBoards,
    /// Buchholz (8.1) or, with `sb`, Sonneborn-Berger (9.1) on a reference score (none: the
    /// primary), cutting `low` and `high` values.
    Buchholz {
        /// Sonneborn-Berger rather than Buchholz.
        sb: bool,
        /// The reference score.
        score: Option<ScoreKind>,
        /// The least significant values cut.
        low: usize,
        /// The most significant values cut.
        high: usize,
    },
}

fn letter(c: char) -> Option<ScoreKind> {
    match c {
        'M' => Some(ScoreKind::MatchPoints),
        'G' => Some(ScoreKind::GamePoints),
        _ => None,
    }
}

fn kind_code(k: ScoreKind) -> &'static str {
    match k {
        ScoreKind::MatchPoints => "MP",
        ScoreKind::GamePoints => "GP",
    }
}

impl TeamTiebreak {
    /// Reads a code (`PTS`, `MPVGP`, `EDE`, `EMMSB/C1`, `BH:MP/C1` ...), any case.
    pub fn parse(code: &str) -> Option<TeamTiebreak> {
        let code = code.trim().to_ascii_uppercase();
        let (head, cut) = match code.split_once('/') {
            Some((h, c)) => (h, Some(c)),
            None => (code.as_str(), None),
        };
        let (name, score) = match head.split_once(':') {
            Some((n, "MP")) => (n, Some(ScoreKind::MatchPoints)),
            Some((n, "GP")) => (n, Some(ScoreKind::GamePoints)),
            Some(_) => return None,
            None => (head, None),
        };
        let plain = |t: TeamTiebreak| (cut.is_none() && score.is_none()).then_some(t);
        match name {
            "PTS" => plain(TeamTiebreak::Points),
            "MPVGP" => plain(TeamTiebreak::Other),
            "EDE" | "EDET" | "EDEB" | "EDEBT" | "EDEBB" => {
                plain(TeamTiebreak::Encounter(name.to_string()))
            }
            "SSSC" => plain(TeamTiebreak::Combination),
            "BC" => plain(TeamTiebreak::BoardCount),
            "TBR" => plain(TeamTiebreak::TopBoards),
            "BBE" => plain(TeamTiebreak::BottomBoards),
            "BH" | "SB" => {
                let (low, high) = match cut {
                    None => (0, 0),
                    Some(c) => {
                        let n: usize = c.get(1..)?.parse().ok()?;
                        match c.chars().next()? {
                            'C' => (n, 0),
                            'M' => (n, n),
                            _ => return None,
                        }
                    }
                };
                Some(TeamTiebreak::Buchholz {
                    sb: name == "SB",
                    score,
                    low,
                    high,
                })
            }
            _ if name.len() == 5 && name.starts_with('E') && name.ends_with("SB") => {
                let mut c = name.chars().skip(1);
                let opponents = letter(c.next()?)?;
                let own = letter(c.next()?)?;
                let cut1 = match cut {
                    None => false,
                    Some("C1") => true,
                    Some(_) => return None,
                };
                (score.is_none()).then_some(TeamTiebreak::Extended(opponents, own, cut1))
            }
            _ => None,
        }
    }

    /// The code, as [`TeamTiebreak::parse`] reads it.
    pub fn code(&self) -> String {
        let m = |k: ScoreKind| {
            if k == ScoreKind::MatchPoints {
                "M"
            } else {
                "G"
            }
        };
        match self {
            TeamTiebreak::Points => "PTS".into(),
            TeamTiebreak::Other => "MPVGP".into(),
            TeamTiebreak::Encounter(c) => c.clone(),
            TeamTiebreak::Extended(o, s, cut) => {
                format!("E{}{}SB{}", m(*o), m(*s), if *cut { "/C1" } else { "" })
            }
            TeamTiebreak::Combination => "SSSC".into(),
            TeamTiebreak::BoardCount => "BC".into(),
            TeamTiebreak::TopBoards => "TBR".into(),
            TeamTiebreak::BottomBoards => "BBE".into(),
            TeamTiebreak::Buchholz {
                sb,
                score,
                low,
                high,
            } => {
                let mut s = String::from(if *sb { "SB" } else { "BH" });
                if let Some(k) = score {
                    s.push(':');
                    s.push_str(kind_code(*k));
                }
                match (low, high) {
                    (0, 0) => {}
                    (l, 0) => s.push_str(&format!("/C{l}")),
                    (l, _) => s.push_str(&format!("/M{l}")),
                }
                s
            }
        }
    }

    /// Whether a lower value ranks higher (the board count and the places).
    fn lower_first(&self) -> bool {
        matches!(
            self,
            TeamTiebreak::Encounter(_)
                | TeamTiebreak::BoardCount
                | TeamTiebreak::TopBoards
                | TeamTiebreak::BottomBoards
        )
    }
}

/// Reads a list of codes separated by spaces or commas; the first code not understood is the
/// error.
pub fn parse_team_tiebreaks(text: &str) -> Result<Vec<TeamTiebreak>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|c| TeamTiebreak::parse(c).ok_or_else(|| c.to_string()))
        .collect()
}

/// The order used when the competition names none: the calculator's order A of the reference
/// (primary score, other score, extended direct encounter, EMMSB Cut-1, Buchholz Cut-1).
pub fn default_team_tiebreaks() -> Vec<TeamTiebreak> {
    parse_team_tiebreaks("PTS MPVGP EDE EMMSB/C1 BH/C1").unwrap_or_default()
}

/// One team's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    /// The place (shared by teams the tie-breaks do not separate).
    pub rank: u32,
    /// The team.
    pub team: TeamTpn,
    /// Match points.
    pub mp: Points,
    /// Game points.
    pub gp: Points,
    /// The tie-breaks, in the order asked.
    pub tiebreaks: Vec<Value>,
}

/// The standings of a team competition after its recorded rounds, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStandings {
    /// The primary score.
    pub primary: ScoreKind,
    /// The tie-breaks.
    pub order: Vec<TeamTiebreak>,
    /// The teams, best first (by team number where tied).
    pub rows: Vec<TeamRow>,
}

/// Places by `keys` so far: teams ordered by (their place, the new value) share a place when
/// the value is equal.
fn replace(prior: &[u32], values: &[i64]) -> Vec<u32> {
    let mut ro: Vec<usize> = (0..prior.len()).collect();
    ro.sort_by_key(|&i| (prior[i], values[i], i));
    let mut out = vec![1; prior.len()];
    for (k, &i) in ro.iter().enumerate() {
        out[i] = if k > 0 && prior[i] == prior[ro[k - 1]] && values[i] == values[ro[k - 1]] {
            out[ro[k - 1]]
        } else {
            k as u32 + 1
        };
    }
    out
}

/// The standings of `t` with the tie-breaks of `order`.
pub fn team_standings(t: &TeamTournament, order: &[TeamTiebreak]) -> TeamStandings {
    let f = facts::facts(t);
    let primary = t.settings.primary;
    let n = t.teams.len();
    let totals = |k: ScoreKind| -> Vec<i64> {
        f.iter()
            .map(|r| i64::from(facts::total(r, k).tenths()))
            .collect()
    };
    let mut prior = vec![1u32; n];
    let mut columns: Vec<Vec<Value>> = Vec::new();
    for tb in order {
        let (raw, scale): (Vec<i64>, i64) = match tb {
            TeamTiebreak::Points => (totals(primary), 10),
            TeamTiebreak::Other => (totals(facts::other(primary)), 10),
            TeamTiebreak::Encounter(code) => {
                let steps = encounter::steps(code, t.settings.boards())
                    .unwrap_or_else(|| vec![Step::Primary, Step::Secondary]);
                (encounter::ede(t, &f, &prior, &steps), 1)
            }
            TeamTiebreak::Extended(o, s, cut) => (
                extended::sums(
                    t,
                    &f,
                    Sum {
                        opponents: *o,
                        own: Some(*s),
                        low: usize::from(*cut),
                        high: 0,
                    },
                ),
                100,
            ),
            TeamTiebreak::Combination => (extended::sssc(t, &f), 100),
            TeamTiebreak::BoardCount => (
                f.iter()
                    .map(|rounds| {
                        rounds
                            .iter()
                            .flat_map(|r| r.boards.iter().enumerate())
                            .map(|(b, p)| (b as i64 + 1) * i64::from(p.tenths()))
                            .sum()
                    })
                    .collect(),
                10,
            ),
            TeamTiebreak::TopBoards => {
                (encounter::boards(&f, &prior, false, t.settings.boards()), 1)
            }
            TeamTiebreak::BottomBoards => {
                (encounter::boards(&f, &prior, true, t.settings.boards()), 1)
            }
            TeamTiebreak::Buchholz {
                sb,
                score,
                low,
                high,
            } => {
                let k = score.unwrap_or(primary);
                let sum = Sum {
                    opponents: k,
                    own: sb.then_some(k),
                    low: *low,
                    high: *high,
                };
                (extended::sums(t, &f, sum), if *sb { 100 } else { 10 })
            }
        };
        let sign = if tb.lower_first() { 1 } else { -1 };
        let keys: Vec<i64> = raw.iter().map(|v| sign * v).collect();
        prior = replace(&prior, &keys);
        columns.push(
            raw.into_iter()
                .map(|value| Value { value, scale })
                .collect(),
        );
    }
    let mut rows: Vec<TeamRow> = (0..n)
        .map(|i| TeamRow {
            rank: prior[i],
            team: TeamTpn::from_index(i),
            mp: facts::total(&f[i], ScoreKind::MatchPoints),
            gp: facts::total(&f[i], ScoreKind::GamePoints),
            tiebreaks: columns.iter().map(|c| c[i]).collect(),
        })
        .collect();
    rows.sort_by_key(|r| (r.rank, r.team));
    TeamStandings {
        primary,
        order: order.to_vec(),
        rows,
    }
}
