//! Article 3: the round's pairing. The bye first (3.4), then the top-scoregroup with its
//! upfloaters (3.5) paired as a bracket (3.6), again until every team is paired, then the
//! colours (4).
//!
//! Each "first that complies" is decided by maximum-weight matchings whose weights hold the
//! criteria as tiers ([`super::tiers`]): the set of upfloaters by one matching of the teams
//! still to pair (two when [C6] cannot be met), a bracket's top members by one matching and
//! its bottom members by the first best matching in the order of the top members
//! ([`crate::matching::row_order`]). Nothing is enumerated: a round costs a matching per
//! candidate for the bye and three or four per bracket, each O(n³) operations on weights of
//! O(n) bits (a tier per potential upfloater, per score level below, per bracket member), so
//! O(n⁴) word operations for a bracket in the worst case: fine for team fields (the 2,327
//! reference rounds of 6-30 teams take about 10 s in a debug build, reading included), slow
//! beyond a few hundred teams.

use super::colours::allocate;
use super::field::{entrants, Entrant};
use super::tiers::{best, TieredEdge};
use super::{TeamPairing, TeamPairingError};
use crate::matching::row_order::first_in_row_order;
use crate::matching::weighted::has_perfect_matching;
use crate::model::color::Color;
use crate::model::points::Points;
use crate::model::team::{ColourPreferences, TeamTournament, TeamTpn};
use crate::pairing::explanation::{joined, Step};
use std::fmt::Write;

/// What the whole round shares.
struct Round {
    e: Vec<Entrant>,
    /// `met[a][b]`: whether a and b have played each other ([C1]).
    met: Vec<Vec<bool>>,
    /// Whether [C7] and [C10] apply (not in the last two rounds).
    floats_count: bool,
    kind: ColourPreferences,
    /// The round's distinct scores, the highest first.
    levels: Vec<Points>,
    steps: Vec<Step>,
}

fn list(teams: impl IntoIterator<Item = TeamTpn>) -> String {
    joined(teams, " ", |out, t| write!(out, "{t}"))
}

impl Round {
    fn can_meet(&self, a: usize, b: usize) -> bool {
        a != b && !self.met[a][b]
    }

    /// Whether the teams `set` can all be paired ([C1], [C3]).
    fn pairable(&self, set: &[usize]) -> bool {
        let mut edges = Vec::new();
        for (i, &a) in set.iter().enumerate() {
            for (j, &b) in set.iter().enumerate().skip(i + 1) {
                if self.can_meet(a, b) {
                    edges.push((i, j, 1));
                }
            }
        }
        set.is_empty() || has_perfect_matching(set.len(), &edges)
    }

    /// 3.4: the team given the pairing-allocated bye.
    fn bye(&mut self, all: &[usize]) -> Option<usize> {
        let mut order: Vec<usize> = all.to_vec();
        order.sort_by(|&a, &b| {
            let (x, y) = (&self.e[a], &self.e[b]);
            x.score
                .cmp(&y.score)
                .then(y.played.cmp(&x.played))
                .then(y.tpn.cmp(&x.tpn))
        });
        for &c in &order {
            if !self.e[c].bye_allowed {
                continue;
            }
            let rest: Vec<usize> = all.iter().copied().filter(|&x| x != c).collect();
            if self.pairable(&rest) {
                let t = self.e[c].tpn;
                self.steps.push(Step::new(
                    "3.4",
                    format!(
                        "the pairing-allocated bye goes to team {t} (score {}, {} matches played): the first team, by lowest score, most matches played and largest TPN, that may have it ([C2]) and leaves the others a legal pairing (3.4.1)",
                        self.e[c].score, self.e[c].played
                    ),
                ));
                return Some(c);
            }
        }
        None
    }

    /// 3.5: the upfloaters for the top-scoregroup `residents`, from `lower`; `rest` all teams
    /// still to pair.
    fn upfloaters(&mut self, residents: &[usize], lower: &[usize]) -> Option<Vec<usize>> {
        let verts: Vec<usize> = residents.iter().chain(lower).copied().collect();
        let is_resident = |v: usize| v < residents.len();
        let top = self.e[residents[0]].score;
        // The lower teams' scores, highest first: the distance of each.
        let mut lower_scores: Vec<Points> = lower.iter().map(|&x| self.e[x].score).collect();
        lower_scores.sort_by(|a, b| b.cmp(a));
        lower_scores.dedup();
        let distance = |x: usize| {
            lower_scores
                .iter()
                .position(|s| *s == self.e[x].score)
                .unwrap_or(0)
        };
        // The following scoregroup ([C6]): the round's next score below the top.
        let following = self.levels.iter().copied().find(|s| *s < top);
        // 3.5.3-3.5.4: the order of the potential upfloaters: descending score, ascending TPN.
        let mut order: Vec<usize> = lower.to_vec();
        order.sort_by(|&a, &b| {
            self.e[b]
                .score
                .cmp(&self.e[a].score)
                .then(self.e[a].tpn.cmp(&self.e[b].tpn))
        });
        let place: Vec<usize> = {
            let mut p = vec![0; self.e.len()];
            for (k, &x) in order.iter().enumerate() {
                p[x] = k;
            }
            p
        };
        let d = lower_scores.len();
        let solve = |with_c6: bool| -> Vec<Option<usize>> {
            let mut edges = Vec::new();
            for i in 0..verts.len() {
                for j in i + 1..verts.len() {
                    let (a, b) = (verts[i], verts[j]);
                    if !self.can_meet(a, b) {
                        continue;
                    }
                    // Tiers: [C4] count, [C5] one per distance (the farthest first), [C6],
                    // [C7], then 3.5.4's order, one tier per potential upfloater.
                    let mut costs = vec![0u32; 4 + d + order.len()];
                    let up = match (is_resident(i), is_resident(j)) {
                        (true, false) => Some(b),
                        (false, true) => Some(a),
                        _ => None,
                    };
                    if let Some(x) = up {
                        costs[0] = 1;
                        costs[1 + (d - 1 - distance(x))] = 1;
                        if self.floats_count && self.e[x].floated {
                            costs[2 + d] = 1;
                        }
                        for (k, c) in costs[3 + d..3 + d + order.len()].iter_mut().enumerate() {
                            *c = u32::from(k != place[x]);
                        }
                    } else if with_c6 && !is_resident(i) && !is_resident(j) {
                        if let Some(f) = following {
                            let (sa, sb) = (self.e[a].score, self.e[b].score);
                            if (sa == f && sb < f) || (sb == f && sa < f) {
                                costs[1 + d] = 1;
                            }
                        }
                    }
                    edges.push(TieredEdge { a: i, b: j, costs });
                }
            }
            let widest = vec![1u32; 4 + d + order.len()];
            best(verts.len(), &edges, &widest)
        };
        let mut mate = solve(true);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let chosen = |mate: &[Option<usize>]| -> Vec<usize> {
            (residents.len()..verts.len())
                .filter(|&v| mate[v].is_some_and(is_resident))
                .map(|v| verts[v])
                .collect()
        };
        let mut c6 = true;
        if let Some(f) = following {
            let u = chosen(&mate);
            let left: Vec<usize> = lower
                .iter()
                .copied()
                .filter(|x| self.e[*x].score == f && !u.contains(x))
                .collect();
            let crossing = left
                .iter()
                .filter(|&&x| {
                    let v = verts.iter().position(|&y| y == x).unwrap_or(0);
                    mate[v].is_some_and(|m| self.e[verts[m]].score < f)
                })
                .count();
            if crossing > left.len() % 2 {
                c6 = false;
                mate = solve(false);
            }
        }
        let mut u = chosen(&mate);
        u.sort_by_key(|&x| place[x]);
        if !u.is_empty() {
            self.steps.push(
                Step::new(
                    "3.5",
                    format!(
                        "upfloaters {}: the fewest ([C4]) with the highest scores ([C5]){}{}, the first such set in 3.5.4's order that leaves the other teams a legal pairing ([C3])",
                        list(u.iter().map(|&x| self.e[x].tpn)),
                        if c6 { ", leaving the following scoregroup pairable ([C6])" } else { "; no such set leaves the following scoregroup pairable ([C6])" },
                        if self.floats_count { ", with the fewest floaters of the previous round ([C7])" } else { "" },
                    ),
                )
                .inner(),
            );
        }
        Some(u)
    }

    /// 3.6: the bracket's pairing, the top member first, in 3.6.2's order.
    fn bracket(&mut self, members: &[usize], top_score: Points) -> Option<Vec<(usize, usize)>> {
        let mut m: Vec<usize> = members.to_vec();
        m.sort_by_key(|&x| self.e[x].tpn);
        let b = m.len();
        let upfloater = |x: usize| self.e[x].score < top_score;
        let quality = |x: usize, y: usize| -> [u32; 3] {
            let (p, q) = (self.e[x].preference, self.e[y].preference);
            let mut c = [0u32; 3];
            if let (Some(p), Some(q)) = (p, q) {
                if p.colour == q.colour {
                    c[0] = 1;
                    if self.kind == ColourPreferences::TypeB
                        && p.strength == super::field::Strength::Strong
                        && q.strength == super::field::Strength::Strong
                    {
                        c[1] = 1;
                    }
                }
            }
            if self.floats_count {
                c[2] = u32::from(upfloater(x) && self.e[y].floated)
                    + u32::from(upfloater(y) && self.e[x].floated);
            }
            c
        };
        // The top members: one matching, [C8] [C9] [C10] first, then a tier per team in TPN
        // order whose cost is 0 only where that team is the pair's top member.
        let mut edges = Vec::new();
        for i in 0..b {
            for j in i + 1..b {
                if !self.can_meet(m[i], m[j]) {
                    continue;
                }
                let q = quality(m[i], m[j]);
                let mut costs = vec![q[0], q[1], q[2]];
                costs.extend((0..b).map(|k| u32::from(k != i)));
                edges.push(TieredEdge { a: i, b: j, costs });
            }
        }
        let mut widest = vec![1u32, 1, 2];
        widest.extend(std::iter::repeat_n(1, b));
        let mate = best(b, &edges, &widest);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let top: Vec<bool> = (0..b).map(|i| mate[i].is_some_and(|j| j > i)).collect();
        // The bottom members, in the order of the top members: the first best matching in
        // the order of rows.
        let k = 2 * b as i64 + 3;
        let most = 3 * k * k;
        let mut pairs_edges = Vec::new();
        for i in 0..b {
            for j in i + 1..b {
                if top[i] && !top[j] && self.can_meet(m[i], m[j]) {
                    let q = quality(m[i], m[j]);
                    let cost = i64::from(q[0]) * k * k + i64::from(q[1]) * k + i64::from(q[2]);
                    pairs_edges.push((i, j, most - cost));
                }
            }
        }
        let mate = first_in_row_order(b, &pairs_edges, &|r, c| (c > r).then_some(c));
        let mut pairs = Vec::new();
        for i in 0..b {
            if let Some(j) = mate[i] {
                if j > i {
                    pairs.push((m[i], m[j]));
                }
            }
        }
        (pairs.len() * 2 == b).then_some(pairs)
    }
}

/// A bracket's pairing's identifier (3.6.2): the top members (the smaller TPN of each pair)
/// in ascending order, then the bottom member of each of those pairs in the same order.
pub fn identifier(pairs: &[(TeamTpn, TeamTpn)]) -> Vec<TeamTpn> {
    let mut ordered: Vec<(TeamTpn, TeamTpn)> =
        pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    ordered.sort();
    ordered
        .iter()
        .map(|p| p.0)
        .chain(ordered.iter().map(|p| p.1))
        .collect()
}

/// Pairs the next round of `t` by C.04.6.
pub fn pair(t: &TeamTournament) -> Result<TeamPairing, TeamPairingError> {
    let round = t.next_round();
    let n = t.teams.len();
    if n < 2 {
        return Err(TeamPairingError::TooFewTeams);
    }
    if let Some(rounds) = t
        .settings
        .rounds
        .filter(|&r| t.rounds.len() >= usize::from(r))
    {
        return Err(TeamPairingError::TournamentComplete { rounds });
    }
    let histories = t.histories();
    let e = entrants(t, &histories);
    let mut met = vec![vec![false; n]; n];
    for (a, h) in histories.iter().enumerate() {
        for o in &h.met {
            met[a][o.index()] = true;
            met[o.index()][a] = true;
        }
    }
    let planned = t.settings.rounds;
    let floats_count = planned.is_none_or(|p| usize::from(round.get()) + 2 <= usize::from(p));
    let mut levels: Vec<Points> = e.iter().map(|x| x.score).collect();
    levels.sort_by(|a, b| b.cmp(a));
    levels.dedup();
    let mut cx = Round {
        e,
        met,
        floats_count,
        kind: t.settings.colours,
        levels,
        steps: vec![Step::heading(format!("Round {round}: {n} teams"))],
    };
    let mut remaining: Vec<usize> = (0..n).collect();
    let mut bye = None;
    if n % 2 == 1 {
        match cx.bye(&remaining) {
            Some(c) => {
                bye = Some(cx.e[c].tpn);
                remaining.retain(|&x| x != c);
            }
            None => return Err(TeamPairingError::NoLegalPairing { round }),
        }
    } else if !cx.pairable(&remaining) {
        return Err(TeamPairingError::NoLegalPairing { round });
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    while !remaining.is_empty() {
        let top = remaining
            .iter()
            .map(|&x| cx.e[x].score)
            .max()
            .unwrap_or_default();
        let residents: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&x| cx.e[x].score == top)
            .collect();
        let lower: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&x| cx.e[x].score < top)
            .collect();
        cx.steps.push(Step::heading(format!(
            "Top-scoregroup {top}: teams {}",
            list(residents.iter().map(|&x| cx.e[x].tpn))
        )));
        let Some(up) = cx.upfloaters(&residents, &lower) else {
            return Err(TeamPairingError::NoLegalPairing { round });
        };
        let members: Vec<usize> = residents.iter().chain(&up).copied().collect();
        let Some(bracket) = cx.bracket(&members, top) else {
            return Err(TeamPairingError::NoLegalPairing { round });
        };
        let tops = identifier(
            &bracket
                .iter()
                .map(|p| (cx.e[p.0].tpn, cx.e[p.1].tpn))
                .collect::<Vec<_>>(),
        );
        cx.steps.push(
            Step::new(
                "3.6",
                format!(
                    "pairing {}: the first in 3.6.2's order (identifier {}) with the fewest unfulfilled colour preferences ([C8]{}){}",
                    joined(&bracket, " ", |o, p| write!(o, "{}-{}", cx.e[p.0].tpn, cx.e[p.1].tpn)),
                    list(tops),
                    if cx.kind == ColourPreferences::TypeB { ", [C9]" } else { "" },
                    if cx.floats_count { " and upfloaters' opponents that floated ([C10])" } else { "" },
                ),
            )
            .inner(),
        );
        remaining.retain(|x| !members.contains(x));
        pairs.extend(bracket);
    }
    // Article 4, then the matches in order: highest score, highest sum, lowest TPN.
    let initial = t.settings.initial_colour.unwrap_or(Color::White);
    let mut coloured: Vec<(TeamTpn, TeamTpn)> = Vec::new();
    let mut order: Vec<(Points, Points, TeamTpn, usize)> = Vec::new();
    cx.steps.push(Step::heading("Colours (article 4)"));
    for &(a, b) in &pairs {
        let (x, y) = (&cx.e[a], &cx.e[b]);
        let (w, bl, article) = allocate(x, y, cx.kind, initial, t.settings.secondary_used);
        cx.steps.push(
            Step::new(
                article,
                format!("team {} White, team {} Black", w.tpn, bl.tpn),
            )
            .inner(),
        );
        order.push((
            x.score.max(y.score),
            x.score + y.score,
            x.tpn.min(y.tpn),
            coloured.len(),
        ));
        coloured.push((w.tpn, bl.tpn));
    }
    order.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    let pairs = order.iter().map(|o| coloured[o.3]).collect();
    Ok(TeamPairing {
        round,
        pairs,
        bye,
        steps: cx.steps,
    })
}
