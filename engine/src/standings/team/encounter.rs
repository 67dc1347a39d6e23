//! The Extended Direct Encounter for teams (C.07, 2026, 13.3) with its knockout variants, and
//! the knockout tie-breaks Top Board Results and Bottom Board Elimination (12.2, 12.3).
//!
//! Read as FIDE's calculator reads them: among the teams still tied, direct encounter (article
//! 6) on the primary score until it separates no more, then on the secondary score; when that
//! separates some, the primary score again within each new group (13.3.3), and so on until
//! neither separates anyone. When exactly two teams are still tied, the knockout tie-breaks of
//! the variant follow in turn (EDET: the top board, then the next; EDEB: all boards but the
//! bottom one, then all but the two bottom ones; EDEBT and EDEBB first Board Count). The value
//! is the place so found within the tied group (1 first), 0 when it separates nobody.

use super::facts::{win, RoundFact};
use crate::model::team::{ScoreKind, TeamTournament};

/// One step of the extended direct encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// Direct encounter on the primary score.
    Primary,
    /// Direct encounter on the secondary score.
    Secondary,
    /// Board Count (12.1) between two teams: the lower weighted sum first.
    Count,
    /// The game points on one board (12.2), the board counted from the top (0 = board 1).
    Top,
    /// The game points on all boards but the bottom ones (12.3).
    Bottom,
}

/// The steps of a variant: `EDE`, `EDET`, `EDEB`, `EDEBT`, `EDEBB`.
pub(super) fn steps(code: &str, boards: usize) -> Option<Vec<Step>> {
    use Step::*;
    let mut s = vec![Primary, Secondary];
    match code {
        "EDE" => {}
        "EDET" => s.extend(std::iter::repeat_n(Top, boards)),
        "EDEB" => s.extend(std::iter::repeat_n(Bottom, boards.saturating_sub(1))),
        "EDEBT" => {
            s.push(Count);
            s.extend(std::iter::repeat_n(Top, boards));
        }
        "EDEBB" => {
            s.push(Count);
            s.extend(std::iter::repeat_n(Bottom, boards.saturating_sub(1)));
        }
        _ => return None,
    }
    Some(s)
}

/// The calculator stops after this many passes.
const PASSES: usize = 30;

struct Ede<'a> {
    t: &'a TeamTournament,
    f: &'a [Vec<RoundFact>],
    val: Vec<i64>,
}

impl Ede<'_> {
    /// What team `me` scored in round `r` for `step` (its `pos`-th use).
    fn points(&self, me: usize, r: usize, step: Step, pos: usize) -> f64 {
        let fact = &self.f[me][r];
        let primary = self.t.settings.primary;
        let tenths = match step {
            Step::Primary => i64::from(fact.score(primary).tenths()),
            Step::Secondary => i64::from(fact.score(super::facts::other(primary)).tenths()),
            Step::Count => fact
                .boards
                .iter()
                .enumerate()
                .map(|(b, p)| -(b as i64 + 1) * i64::from(p.tenths()))
                .sum(),
            Step::Top => fact.boards.get(pos).map_or(0, |p| i64::from(p.tenths())),
            Step::Bottom => {
                let keep = fact.boards.len().saturating_sub(pos + 1);
                fact.boards[..keep]
                    .iter()
                    .map(|p| i64::from(p.tenths()))
                    .sum()
            }
        };
        tenths as f64 / 10.0
    }

    /// The most a missing encounter could give.
    fn unit(&self, step: Step) -> f64 {
        let primary = self.t.settings.primary;
        let tenths = match step {
            Step::Primary => win(self.t, primary).tenths(),
            Step::Secondary => win(self.t, super::facts::other(primary)).tenths(),
            // The calculator counts one win of the secondary score per missing encounter.
            _ => match primary {
                ScoreKind::MatchPoints => 10,
                ScoreKind::GamePoints => self.t.settings.match_values.win.tenths(),
            },
        };
        f64::from(tenths) / 10.0
    }

    /// Direct encounter within `group` (teams of one place): the number of places changed.
    fn encounter(&mut self, group: &[usize], step: Step, pos: usize) -> usize {
        let current = self.val[group[0]];
        let most = group.len() - 1;
        let mut met_all = true;
        let mut rows: Vec<(usize, f64, f64)> = Vec::new();
        for &me in group {
            let mut against: Vec<(usize, f64, usize)> = Vec::new();
            for (r, fact) in self.f[me].iter().enumerate() {
                let Some(o) = fact.opponent else { continue };
                if !fact.played || self.val[o] != current {
                    continue;
                }
                let p = self.points(me, r, step, pos);
                match against.iter_mut().find(|a| a.0 == o) {
                    Some(a) => {
                        a.1 += p;
                        a.2 += 1;
                    }
                    None => against.push((o, p, 1)),
                }
            }
            let score: f64 = against.iter().map(|a| a.1 / a.2 as f64).sum();
            let max = if against.len() < most {
                met_all = false;
                score + (most - against.len()) as f64 * self.unit(step)
            } else {
                score
            };
            rows.push((me, score, max));
        }
        let mut changes = 0;
        if met_all {
            rows.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            let (mut place, mut last) = (current, rows[0].1);
            for (i, row) in rows.iter().enumerate().skip(1) {
                if row.1 != last {
                    place = current + i as i64;
                    last = row.1;
                    changes += 1;
                }
                self.val[row.0] = place;
            }
        } else {
            rows.sort_by(|a, b| {
                b.1.total_cmp(&a.1)
                    .then(b.2.total_cmp(&a.2))
                    .then(a.0.cmp(&b.0))
            });
            let (mut place, mut last, mut unique) = (current, rows[0].1, true);
            for i in 1..rows.len() {
                let best_below = rows[i..].iter().map(|r| r.2).fold(f64::MIN, f64::max);
                if unique && last > best_below {
                    place = current + i as i64;
                    changes += 1;
                } else {
                    unique = false;
                }
                last = rows[i].1;
                self.val[rows[i].0] = place;
            }
        }
        changes
    }
}

/// The ordering of the teams by their places so far, then `val`, then team number.
fn order(prior: &[u32], val: &[i64]) -> Vec<usize> {
    let mut ro: Vec<usize> = (0..prior.len()).collect();
    ro.sort_by_key(|&i| (prior[i], val[i], i));
    ro
}

/// The consecutive runs of `ro` with equal `key`.
fn runs(ro: &[usize], key: impl Fn(usize) -> i64) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < ro.len() {
        let k = key(ro[start]);
        let mut stop = start + 1;
        while stop < ro.len() && key(ro[stop]) == k {
            stop += 1;
        }
        out.push(start..stop);
        start = stop;
    }
    out
}

/// The places within each group of teams tied at `prior` (1 first; 0 for a group not split).
fn places(prior: &[u32], val: &mut [i64]) -> Vec<i64> {
    let ro = order(prior, val);
    for run in runs(&ro, |i| i64::from(prior[i])) {
        let first = val[ro[run.start]];
        let last = val[ro[run.end - 1]];
        let offset = if first != last { first - 1 } else { first };
        for &i in &ro[run] {
            val[i] -= offset;
        }
    }
    val.to_vec()
}

/// The extended direct encounter of `steps` for teams placed `prior` by the tie-breaks before.
pub(super) fn ede(
    t: &TeamTournament,
    f: &[Vec<RoundFact>],
    prior: &[u32],
    steps: &[Step],
) -> Vec<i64> {
    let n = prior.len();
    let mut e = Ede {
        t,
        f,
        val: prior.iter().map(|&p| i64::from(p)).collect(),
    };
    let mut more = vec![true; n];
    let mut changed = vec![true; steps.len()];
    let mut at = 0;
    let mut pass = 0;
    let mut go_on = true;
    while go_on {
        go_on = false;
        pass += 1;
        let step = steps[at];
        let pos = steps[..at].iter().filter(|s| **s == step).count();
        let mut changes = 0;
        let ro = order(prior, &e.val);
        let val = e.val.clone();
        for run in runs(&ro, |i| val[i]) {
            let group = &ro[run];
            if !more[group[0]] {
                continue;
            }
            if group.len() == 1 {
                more[group[0]] = false;
                continue;
            }
            let c = match step {
                Step::Primary | Step::Secondary => e.encounter(group, step, pos),
                _ if group.len() == 2 => e.encounter(group, step, pos),
                _ => 0,
            };
            changes += c;
            let again = c > 0 && pass < PASSES;
            for &i in group {
                more[i] = again;
            }
            go_on |= again;
        }
        changed[at] = changes > 0;
        let any = changed.iter().any(|c| *c);
        if changes == 0 {
            at = (at + 1) % steps.len();
            more.iter_mut().for_each(|m| *m = true);
        } else {
            changed.iter_mut().for_each(|c| *c = true);
        }
        go_on |= any && pass < PASSES;
    }
    places(prior, &mut e.val)
}

/// Top Board Results (12.2) or Bottom Board Elimination (12.3) among the teams tied at `prior`:
/// the game points on board 1 (or on all boards but the bottom one), then board 2 (all but
/// the two bottom ones) and so on, each step within the teams still tied.
pub(super) fn boards(
    f: &[Vec<RoundFact>],
    prior: &[u32],
    bottom: bool,
    n_boards: usize,
) -> Vec<i64> {
    let sums: Vec<Vec<i64>> = f
        .iter()
        .map(|rounds| {
            (0..n_boards)
                .map(|b| {
                    rounds
                        .iter()
                        .map(|r| r.boards.get(b).map_or(0, |p| i64::from(p.tenths())))
                        .sum()
                })
                .collect()
        })
        .collect();
    let key = |i: usize| -> Vec<i64> {
        if bottom {
            (1..n_boards)
                .map(|cut| -sums[i][..n_boards - cut].iter().sum::<i64>())
                .collect()
        } else {
            sums[i].iter().map(|s| -s).collect()
        }
    };
    let mut ro: Vec<usize> = (0..prior.len()).collect();
    ro.sort_by(|&a, &b| {
        prior[a]
            .cmp(&prior[b])
            .then(key(a).cmp(&key(b)))
            .then(a.cmp(&b))
    });
    let mut val = vec![0; prior.len()];
    for run in runs(&ro, |i| i64::from(prior[i])) {
        let group = &ro[run.clone()];
        if key(group[0]) == key(group[group.len() - 1]) {
            continue;
        }
        let mut place = 1;
        for (k, &i) in group.iter().enumerate() {
            if k > 0 && key(i) != key(group[k - 1]) {
                place = k as i64 + 1;
            }
            val[i] = place;
        }
    }
    val
}
