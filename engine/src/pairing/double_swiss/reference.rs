//! The Double-Swiss system (C.04.5) as its text reads, by enumeration: every bye candidate in
//! 3.4's order, every upfloater set compared by C4-C7 and 3.5.4's order, every pairing of a
//! bracket compared by C8 and 3.6's identifier. Exponential, so only for small fields
//! ([`LIMIT`] players); it is the reference the fast implementation must agree with.
//!
//! Readings (where the text is silent):
//! - A floater "in the previous round" (1.5, C7, C8) is a player who was paired in the
//!   previous round against an opponent whose score before that round differed from theirs,
//!   whether or not the match was then played; a bye, an absence or no previous round make no
//!   floater.
//! - C6 compares the sets by the least number of upfloaters the following scoregroup's
//!   bracket would need (with a legal pairing in it and for everyone else, C1 and C3); only
//!   that scoregroup counts (the Note), and when the set takes all of it, C6 says nothing.
//! - C5 compares the upfloaters' scores sorted in ascending order, the higher first at the
//!   first difference.
//! - 4.3.1 "both players have yet to play a match": neither has a colour (1.6) yet.
//! - 4.3.3 with General Handling Rules 3.4: the colour histories are compared from their last
//!   played match backwards, unplayed rounds left out.

use super::field::{bracket_paired, coloured, Field};
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::tournament::Tournament;
use crate::pairing::common::tpn_list as list;
use crate::pairing::explanation::Step;
use crate::pairing::proposal::{PairingError, RoundPairing};

/// The largest field this implementation pairs.
pub const LIMIT: usize = 14;

impl Field {
    /// Whether `players` can all be paired (C1).
    fn legal(&self, players: &[Tpn]) -> bool {
        fn go(f: &Field, left: &mut Vec<Tpn>) -> bool {
            let Some(a) = left.pop() else { return true };
            for i in 0..left.len() {
                let b = left[i];
                if f.may_meet(a, b) {
                    left.remove(i);
                    let ok = go(f, left);
                    left.insert(i, b);
                    if ok {
                        left.push(a);
                        return true;
                    }
                }
            }
            left.push(a);
            false
        }
        players.len().is_multiple_of(2) && go(self, &mut players.to_vec())
    }

    /// Every pairing of `players` that meets C1, as lists of (smaller TPN, larger TPN).
    fn pairings(&self, players: &[Tpn]) -> Vec<Vec<(Tpn, Tpn)>> {
        fn go(f: &Field, left: &[Tpn], acc: &mut Vec<(Tpn, Tpn)>, out: &mut Vec<Vec<(Tpn, Tpn)>>) {
            let Some((&a, rest)) = left.split_first() else {
                out.push(acc.clone());
                return;
            };
            for (i, &b) in rest.iter().enumerate() {
                if f.may_meet(a, b) {
                    let mut others = rest.to_vec();
                    others.remove(i);
                    acc.push((a.min(b), a.max(b)));
                    go(f, &others, acc, out);
                    acc.pop();
                }
            }
        }
        let mut sorted = players.to_vec();
        sorted.sort();
        let mut out = Vec::new();
        go(self, &sorted, &mut Vec::new(), &mut out);
        out
    }
}

/// All subsets of `items`.
fn subsets(items: &[Tpn]) -> impl Iterator<Item = Vec<Tpn>> + '_ {
    (0u32..(1 << items.len())).map(move |mask| {
        items
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, &p)| p)
            .collect()
    })
}

/// Pairs `round` by enumeration. `None` if the field is larger than [`LIMIT`].
pub fn pair(tournament: &Tournament, round: RoundNo) -> Option<Result<RoundPairing, PairingError>> {
    let mut players = tournament.available_players(round);
    if players.len() > LIMIT {
        return None;
    }
    players.sort();
    let field = Field::new(tournament, round);
    let mut explanation = Vec::new();
    let none = |reason: &str| {
        Some(Err(PairingError::NoValidPairing {
            round,
            reason: reason.into(),
        }))
    };

    // 3.4: the pairing-allocated bye.
    let mut bye = None;
    if players.len() % 2 == 1 {
        let mut candidates = players.clone();
        candidates.sort_by(|a, b| {
            field
                .score(*a)
                .cmp(&field.score(*b))
                .then(
                    field.states[b.index()]
                        .played_count()
                        .cmp(&field.states[a.index()].played_count()),
                )
                .then(b.cmp(a))
        });
        for c in candidates {
            let rest: Vec<Tpn> = players.iter().copied().filter(|p| *p != c).collect();
            if !field.states[c.index()].unplayed_point && field.legal(&rest) {
                explanation.push(Step::new("3.4", format!("the pairing-allocated bye goes to {c} (lowest score, most matches, largest TPN among those leaving a legal pairing; C2).")));
                bye = Some(c);
                break;
            }
        }
        if bye.is_none() {
            return none("no player can take the pairing-allocated bye and leave a legal pairing (3.4.1, C2)");
        }
    }
    let mut unpaired: Vec<Tpn> = players
        .iter()
        .copied()
        .filter(|p| Some(*p) != bye)
        .collect();
    if !field.legal(&unpaired) {
        return none("the players cannot all be paired without a rematch (C1)");
    }
    let mut pairs: Vec<(Tpn, Tpn)> = Vec::new();
    while !unpaired.is_empty() {
        let top_score = unpaired
            .iter()
            .map(|p| field.score(*p))
            .max()
            .expect("nonempty");
        let top: Vec<Tpn> = unpaired
            .iter()
            .copied()
            .filter(|p| field.score(*p) == top_score)
            .collect();
        let lower: Vec<Tpn> = unpaired
            .iter()
            .copied()
            .filter(|p| field.score(*p) < top_score)
            .collect();
        let following = lower.iter().map(|p| field.score(*p)).max();
        // 3.5: the upfloaters.
        let mut best: Option<(Key, Vec<Tpn>)> = None;
        for mut set in subsets(&lower) {
            if (top.len() + set.len()) % 2 == 1 {
                continue;
            }
            let bracket: Vec<Tpn> = top.iter().chain(&set).copied().collect();
            let rest: Vec<Tpn> = unpaired
                .iter()
                .copied()
                .filter(|p| !bracket.contains(p))
                .collect();
            if !field.legal(&bracket) || !field.legal(&rest) {
                continue;
            }
            order_353(&mut set, |p| field.score(p));
            let mut ascending: Vec<Points> = set.iter().map(|p| field.score(*p)).collect();
            ascending.sort();
            let c6 = following.map_or(0, |s| {
                let group: Vec<Tpn> = rest
                    .iter()
                    .copied()
                    .filter(|p| field.score(*p) == s)
                    .collect();
                if group.is_empty() {
                    0
                } else {
                    least_upfloaters(&field, &group, &rest)
                }
            });
            let c7 = if field.last_round {
                0
            } else {
                set.iter().filter(|p| field.floated_last_round(**p)).count()
            };
            let key = Key {
                c4: set.len(),
                c5: ascending.iter().map(|p| std::cmp::Reverse(*p)).collect(),
                c6,
                c7,
                order: set.clone(),
            };
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, set));
            }
        }
        let Some((_, set)) = best else {
            return none("no set of upfloaters leaves a legal pairing (3.5, C3)");
        };
        if !set.is_empty() {
            explanation.push(Step::new(
                "3.5",
                format!(
                    "the scoregroup of {top_score} takes the upfloaters {}.",
                    list(&set)
                ),
            ));
        }
        // 3.6: the bracket's pairing.
        let bracket: Vec<Tpn> = top.iter().chain(&set).copied().collect();
        // (C8 violations, identifier), and the pairs.
        let mut chosen: Option<(BracketKey, Vec<(Tpn, Tpn)>)> = None;
        for pairing in field.pairings(&bracket) {
            let c8 = if field.last_round {
                0
            } else {
                pairing
                    .iter()
                    .flat_map(|&(a, b)| [(a, b), (b, a)])
                    .filter(|(u, o)| set.contains(u) && field.floated_last_round(*o))
                    .count()
            };
            let mut tops: Vec<(Tpn, Tpn)> = pairing.clone();
            tops.sort();
            let identifier: Vec<Tpn> = tops
                .iter()
                .map(|p| p.0)
                .chain(tops.iter().map(|p| p.1))
                .collect();
            let key = (c8, identifier);
            if chosen.as_ref().is_none_or(|(k, _)| key < *k) {
                chosen = Some((key, tops));
            }
        }
        let Some(((_, identifier), bracket_pairs)) = chosen else {
            return none("the bracket has no legal pairing (3.6)");
        };
        bracket_paired(&bracket, &identifier, &mut explanation);
        pairs.extend(bracket_pairs);
        unpaired.retain(|p| !bracket.contains(p));
    }
    Some(Ok(coloured(
        tournament,
        &field,
        round,
        &pairs,
        bye,
        explanation,
    )))
}

/// 3.6's comparison: C8 violations, then the pairing identifier; smaller is better.
type BracketKey = (usize, Vec<Tpn>);

/// 3.5.3: a set of upfloaters sorted by score (descending), then TPN. Sets so sorted compare
/// by the lexicographic order of their TPNs (3.5.4) as vectors do.
fn order_353(set: &mut [Tpn], score: impl Fn(Tpn) -> Points) {
    set.sort_by(|a, b| score(*b).cmp(&score(*a)).then(a.cmp(b)));
}

/// 3.5's comparison: C4, C5, C6, C7, then 3.5.4's order; smaller is better.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    c4: usize,
    c5: Vec<std::cmp::Reverse<Points>>,
    c6: usize,
    c7: usize,
    order: Vec<Tpn>,
}

/// The least number of upfloaters `group` needs among `rest` for a legal pairing of its
/// bracket and of everyone else (C6).
fn least_upfloaters(field: &Field, group: &[Tpn], rest: &[Tpn]) -> usize {
    let others: Vec<Tpn> = rest
        .iter()
        .copied()
        .filter(|p| !group.contains(p))
        .collect();
    subsets(&others)
        .filter(|s| {
            let bracket: Vec<Tpn> = group.iter().chain(s).copied().collect();
            let remaining: Vec<Tpn> = others.iter().copied().filter(|p| !s.contains(p)).collect();
            field.legal(&bracket) && field.legal(&remaining)
        })
        .map(|s| s.len())
        .min()
        .unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 3.5.4's example: 2, 6, 8 have 3 points, 1, 3, 5 have 2.5; C4 wants three upfloaters
    /// and C5 two of 3 points and one of 2.5. Each set sorted by 3.5.3 and the sets in 3.5.4's
    /// order: {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < {2,8,3} < {2,8,5} < {6,8,1} < {6,8,3} <
    /// {6,8,5}.
    #[test]
    fn double_swiss_3_5_4_example() {
        let t = |n: u32| Tpn::new(n).expect("tpn");
        let score = |p: Tpn| {
            if [2, 6, 8].contains(&p.get()) {
                Points::from_tenths(30)
            } else {
                Points::from_tenths(25)
            }
        };
        let mut sets: Vec<Vec<Tpn>> = Vec::new();
        for high in subsets(&[t(8), t(2), t(6)]).filter(|s| s.len() == 2) {
            for low in [t(5), t(1), t(3)] {
                let mut set: Vec<Tpn> = vec![low];
                set.extend(high.iter().copied());
                order_353(&mut set, score);
                sets.push(set);
            }
        }
        sets.sort();
        let want: Vec<Vec<u32>> = vec![
            vec![2, 6, 1],
            vec![2, 6, 3],
            vec![2, 6, 5],
            vec![2, 8, 1],
            vec![2, 8, 3],
            vec![2, 8, 5],
            vec![6, 8, 1],
            vec![6, 8, 3],
            vec![6, 8, 5],
        ];
        let got: Vec<Vec<u32>> = sets
            .iter()
            .map(|s| s.iter().map(|p| p.get()).collect())
            .collect();
        assert_eq!(got, want);
    }
}
