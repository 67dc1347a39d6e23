//! Buchholz and Sonneborn-Berger for teams (C.07, 2026, articles 8.1, 9.1 and 13), the four
//! Extended Sonneborn-Berger tie-breaks (13.2) with 14.1's Cut-1, and the Scores and Schedule
//! Strength Combination (13.4); unplayed rounds as article 16 counts them.

use super::facts::{draw, total, RoundFact};
use crate::model::team::{ScoreKind, TeamTournament};

/// One round's contribution: the opponent's score (or the dummy's), the value it adds, and
/// whether the round was a voluntary unplayed round.
#[derive(Clone, Copy, Debug)]
struct Part {
    score: i64,
    value: i64,
    vur: bool,
}

/// What a Buchholz-like tie-break adds up.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sum {
    /// The score of the opponents (the reference score).
    pub opponents: ScoreKind,
    /// The team's own points against each, for Sonneborn-Berger; none for Buchholz.
    pub own: Option<ScoreKind>,
    /// The least significant values cut.
    pub low: usize,
    /// The most significant values cut.
    pub high: usize,
}

/// Each team's score of `kind` as its opponents' tie-breaks read it (16.3): the rounds after
/// its last round that was not a voluntary unplayed round, and had no opponent, as draws.
fn adjusted(t: &TeamTournament, f: &[Vec<RoundFact>], kind: ScoreKind) -> Vec<i64> {
    f.iter()
        .map(|rounds| {
            let last = rounds.iter().rposition(|r| !r.vur);
            rounds
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let counted = r.opponent.is_some() || last.is_some_and(|l| i <= l);
                    i64::from(
                        if counted {
                            r.score(kind)
                        } else {
                            draw(t, kind)
                        }
                        .tenths(),
                    )
                })
                .sum()
        })
        .collect()
}

/// The tie-break for every team, in tenths (Buchholz) or hundredths (Sonneborn-Berger).
pub(super) fn sums(t: &TeamTournament, f: &[Vec<RoundFact>], s: Sum) -> Vec<i64> {
    let adj = adjusted(t, f, s.opponents);
    let rounds = t.rounds.len();
    let cap = i64::from(draw(t, s.opponents).tenths()) * rounds as i64;
    f.iter()
        .map(|mine| {
            let own = i64::from(total(mine, s.opponents).tenths());
            let mut parts: Vec<Part> = mine
                .iter()
                .map(|r| {
                    let (score, vur) = match r.opponent {
                        Some(o) if r.played => (adj[o], false),
                        // 16.4.1: a dummy with the team's own score, no more than the
                        // scheduled opponent's.
                        Some(o) => (own.min(adj[o]), r.vur),
                        // 16.4.2: no more than a draw in every round.
                        None => (own.min(cap), r.vur),
                    };
                    let value = match s.own {
                        Some(k) => score * i64::from(r.score(k).tenths()),
                        None => score,
                    };
                    Part { score, value, vur }
                })
                .collect();
            let low = s.low.min(rounds);
            let high = s.high.min(rounds - low);
            for _ in 0..low {
                cut_low(&mut parts);
            }
            for _ in 0..high {
                if let Some(i) = (0..parts.len())
                    .max_by_key(|&i| (parts[i].score, parts[i].value, std::cmp::Reverse(i)))
                {
                    parts.remove(i);
                }
            }
            parts.iter().map(|p| p.value).sum()
        })
        .collect()
}

/// Cuts the least significant contribution: a voluntary unplayed round first (16.5), unless
/// the contribution of the lowest score (the lowest value among equal scores) is already below
/// every such round's.
fn cut_low(parts: &mut Vec<Part>) {
    let lowest = (0..parts.len()).min_by_key(|&i| (parts[i].score, parts[i].value, i));
    let vur = (0..parts.len())
        .filter(|&i| parts[i].vur)
        .min_by_key(|&i| (parts[i].value, parts[i].score, i));
    let Some(lowest) = lowest else {
        return;
    };
    match vur {
        Some(v) if parts[lowest].value <= parts[v].value => parts.remove(v),
        _ => parts.remove(lowest),
    };
}

/// 13.4: the secondary score plus the Buchholz on the primary score divided by the highest
/// primary score of the tournament over the highest secondary score of one match, rounded
/// towards zero; in hundredths, rounded half up.
pub(super) fn sssc(t: &TeamTournament, f: &[Vec<RoundFact>]) -> Vec<i64> {
    let primary = t.settings.primary;
    let bh = sums(
        t,
        f,
        Sum {
            opponents: primary,
            own: None,
            low: 0,
            high: 0,
        },
    );
    let rounds = t.rounds.len() as i64;
    let boards = t.settings.boards() as i64;
    let win = i64::from(t.settings.match_values.win.tenths()).max(1);
    let divisor = match primary {
        ScoreKind::MatchPoints => win * rounds / (10 * boards),
        ScoreKind::GamePoints => 10 * rounds * boards / win,
    }
    .max(1);
    let secondary = super::facts::other(primary);
    f.iter()
        .zip(bh)
        .map(|(mine, bh)| {
            let tenths = i64::from(total(mine, secondary).tenths()) * divisor + bh;
            (tenths * 20 + divisor) / (2 * divisor)
        })
        .collect()
}
