//! The Double-Swiss system (C.04.5) computed with matchings instead of enumeration: the same
//! answer as [`super::reference`] (a property test holds every path below to
//! it), in polynomial time.
//!
//! - 3.4: bye candidates in the text's order, each checked by a perfect-matching test (a
//!   greedy pairing, then augmenting paths from whoever it left out).
//! - 3.5, the plain answer first ([`plain_upfloaters`]): as few upfloaters as the top
//!   scoregroup needs, all from the following scoregroup (or, for a single upfloater the
//!   following scoregroup cannot give, from the highest score that can), leaving that group
//!   to float down only what its parity forces, the fewest who floated last round, first in
//!   3.5.4's order.
//!   Each of those reaches a lower bound of its criterion, so a set that is legal for the
//!   bracket and leaves everyone else pairable (each shown by a greedy pairing or augmenting
//!   paths) is the answer.
//! - 3.5 otherwise: one maximum-weight perfect matching of all unpaired players finds the best
//!   value of C4, C5, C6 and C7 at once: an edge's weight is minus its cost in tiers, most
//!   significant first: a top-scoregroup player with a lower one (an upfloater, C4); that
//!   upfloater's score level, the lowest level most costly (C5: the scores in ascending order,
//!   the higher first); a following-scoregroup player with a lower one (an upfloater of the
//!   next bracket, C6); an upfloater who floated in the previous round (C7). The first set in
//!   3.5.4's order among those reaching that value is then fixed member by member, each
//!   choice checked by the same matching with the choice forced (unless the last matching
//!   found already makes it).
//! - 3.6: the first identifier of all (top half against bottom half) when it is legal with C8
//!   at 0; else, when the pairings with the least C8 are the perfect matchings of one graph
//!   (C8 can be 0, or at most one upfloater), the identifier fixed position by position (the
//!   tops, then each top's partner) with one matching kept between the questions
//!   ([`Cardinality`]: undo the pairs a choice forbids, search from the players left free);
//!   else the same with a weighted matching of the bracket per question.
//!
//! The outer steps (bye order, bracket loop) mirror the reference's on purpose: the reference
//! must not call the code it checks. Only the colour allocation (4.2-4.3) is shared; it is
//! pinned by its own hand-worked tests.
//!
//! Why one matching of everyone decides 3.5: a perfect matching of the unpaired players whose
//! top-scoregroup players are matched with upfloaters S makes the bracket top ∪ S legal and
//! the rest legal (C1, C3); a C4-best set never pairs two upfloaters together (both could
//! stay down); and the rest's best matching is the following group's least number of
//! upfloaters (C6), which does not depend on how the bracket itself is paired.
//!
//! This file is long because Articles 3.4-3.6 are one chain of questions (the bye, the
//! upfloaters, the bracket), each answered first by a bound and then by a matching; splitting
//! the chain would scatter the proof that each bound is reached.

use super::field::{bracket_paired, coloured, Field};
use crate::matching::cardinality::all_pairable;
use crate::matching::cardinality::Cardinality;
use crate::matching::weighted::{max_weight_matching_wide, WideEdge};
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::tournament::Tournament;
use crate::pairing::common::tpn_list as list;
use crate::pairing::explanation::Step;
use crate::pairing::proposal::{PairingError, RoundPairing};

/// A matching problem over a set of players: which pairs are allowed and what each costs.
struct Problem<'f> {
    field: &'f Field,
    players: Vec<Tpn>,
}

impl Problem<'_> {
    /// The least total cost of a perfect matching whose pairs pass `allowed`, and the
    /// matching; `None` when there is no perfect matching.
    fn best(
        &self,
        cost: &dyn Fn(Tpn, Tpn) -> i128,
        allowed: &dyn Fn(Tpn, Tpn) -> bool,
    ) -> Option<(i128, Vec<(Tpn, Tpn)>)> {
        let n = self.players.len();
        if n % 2 == 1 {
            return None;
        }
        if n == 0 {
            return Some((0, Vec::new()));
        }
        let mut edges: Vec<WideEdge> = Vec::new();
        let mut max_cost = 0;
        let mut raw = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (self.players[i], self.players[j]);
                if self.field.may_meet(a, b) && allowed(a, b) {
                    let c = cost(a, b);
                    max_cost = max_cost.max(c);
                    raw.push((i, j, c));
                }
            }
        }
        // Maximum weight = least cost; weights kept positive.
        for (i, j, c) in raw {
            edges.push((i, j, max_cost + 1 - c));
        }
        let mate = max_weight_matching_wide(n, &edges, true);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let pairs: Vec<(Tpn, Tpn)> = (0..n)
            .filter_map(|i| {
                mate[i]
                    .filter(|&j| i < j)
                    .map(|j| (self.players[i], self.players[j]))
            })
            .collect();
        let total = pairs.iter().map(|&(a, b)| cost(a, b)).sum();
        Some((total, pairs))
    }
}

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    pair_with(tournament, round, Paths::default())
}

/// Which ways to the same answer [`pair_with`] may take, so that tests can hold each of them
/// to the reference on small fields.
#[derive(Clone, Copy, Debug)]
pub struct Paths {
    /// Try the plain answers first (3.5 and 3.6 shown by greedy pairings, matchings only
    /// where a greedy pairing fails); otherwise every bracket goes through the matchings.
    pub plain_first: bool,
    /// Bar the C5 levels even when all their tiers would fit the weights.
    pub always_bar: bool,
}

impl Default for Paths {
    fn default() -> Paths {
        Paths {
            plain_first: true,
            always_bar: false,
        }
    }
}

/// [`pair`] by the given paths.
pub fn pair_with(
    tournament: &Tournament,
    round: RoundNo,
    paths: Paths,
) -> Result<RoundPairing, PairingError> {
    let always_bar = paths.always_bar;
    let mut players = tournament.available_players(round);
    players.sort();
    let field = Field::new(tournament, round);
    let none = |reason: &str| {
        Err(PairingError::NoValidPairing {
            round,
            reason: reason.into(),
        })
    };
    let legal = |set: &[Tpn]| pairable(&field, set);
    let mut explanation = Vec::new();

    // 3.4.
    let mut bye = None;
    if players.len() % 2 == 1 {
        let mut candidates = players.clone();
        // Each player's key once (the matches played are counted from his history: a
        // comparison counting both, at each step of a sort of the whole field, read every
        // history again and again).
        candidates.sort_by_cached_key(|&p| {
            (
                field.score(p),
                std::cmp::Reverse(field.played_count(p)),
                std::cmp::Reverse(p),
            )
        });
        bye = candidates.into_iter().find(|c| {
            let rest: Vec<Tpn> = players.iter().copied().filter(|p| p != c).collect();
            !field.had_unplayed_point(*c) && legal(&rest)
        });
        match bye {
            Some(b) => explanation.push(Step::new("3.4", format!("the pairing-allocated bye goes to {b}: of those who may have it (C2) and leave a legal pairing for everyone else (3.4.1), the lowest score (3.4.2), then the most matches played (3.4.3), then the largest TPN (3.4.4)."
            ))),
            None => return none("no player can take the pairing-allocated bye and leave a legal pairing (3.4.1, C2)"),
        }
    }
    let mut unpaired: Vec<Tpn> = players
        .iter()
        .copied()
        .filter(|p| Some(*p) != bye)
        .collect();
    if !legal(&unpaired) {
        return none("the players cannot all be paired without a rematch (C1)");
    }
    let mut pairs = Vec::new();
    while !unpaired.is_empty() {
        // The scores left, each once (a set of a few dozen, not a sort of every player left
        // for every bracket), highest first.
        let scores: std::collections::BTreeSet<Points> =
            unpaired.iter().map(|p| field.score(*p)).collect();
        let top_score = *scores.last().expect("nonempty");
        let is_top = |p: Tpn| field.score(p) == top_score;
        // levels[0] is the following scoregroup's score.
        let levels: Vec<Points> = scores.iter().rev().skip(1).copied().collect();
        let following = levels.first().copied();
        let level = |p: Tpn| {
            levels
                .iter()
                .position(|s| *s == field.score(p))
                .expect("a lower player")
        };
        let plain = if paths.plain_first {
            plain_upfloaters(&field, &unpaired, top_score, following)
        } else {
            None
        };
        let (k, chosen, rejected) = match plain {
            Some(plain) => plain,
            None => {
                let problem = Problem {
                    field: &field,
                    players: unpaired.clone(),
                };
                let base = unpaired.len() as i128 / 2 + 1;
                let upfloats = |a: Tpn, b: Tpn| match (is_top(a), is_top(b)) {
                    (true, false) => Some(b),
                    (false, true) => Some(a),
                    _ => None,
                };
                // C5 is lexicographic from the lowest score level up. Going up from the lowest level,
                // a level the best matching (with the least C4) can leave without an upfloater is
                // barred from the top scoregroup: no best set uses it, and it needs no tier.
                // (Only needed when every level's tier would not fit the weights.)
                let fits = |tiers: u32| {
                    base.checked_pow(tiers + 1)
                        .is_some_and(|x| x <= 1i128 << 118)
                };
                let mut barred: Vec<usize> = Vec::new();
                for j in (1..levels.len()).rev() {
                    if !always_bar && fits(3 + (levels.len() - barred.len()) as u32) {
                        break;
                    }
                    let bar =
                        |a: Tpn, b: Tpn| upfloats(a, b).is_none_or(|l| !barred.contains(&level(l)));
                    let cost = |a: Tpn, b: Tpn| {
                        upfloats(a, b).map_or(0, |l| base + i128::from(level(l) == j))
                    };
                    match problem.best(&cost, &bar) {
                        Some((c, _)) if c % base == 0 => barred.push(j),
                        Some(_) => break,
                        None => {
                            return none("no set of upfloaters leaves a legal pairing (3.5, C3)")
                        }
                    }
                }
                let active: Vec<usize> =
                    (0..levels.len()).filter(|j| !barred.contains(j)).collect();
                let not_barred =
                    |a: Tpn, b: Tpn| upfloats(a, b).is_none_or(|l| !barred.contains(&level(l)));
                // Tiers, least significant first: C7, C6, C5 (the active levels, highest first), C4.
                let tiers = 3 + active.len() as u32;
                if !fits(tiers) {
                    return Err(PairingError::NotImplemented {
                        system: crate::model::settings::System::DoubleSwiss,
                        round,
                    });
                }
                let tier = |k: u32| base.pow(k);
                let c4_tier = tier(2 + active.len() as u32);
                let cost = |a: Tpn, b: Tpn| -> i128 {
                    match upfloats(a, b) {
                        Some(l) => {
                            let c5 = active
                                .iter()
                                .position(|j| *j == level(l))
                                .map_or(0, |i| tier(2 + i as u32));
                            let c7 = if !field.is_last_round() && field.floated_last_round(l) {
                                tier(0)
                            } else {
                                0
                            };
                            c4_tier + c5 + c7
                        }
                        None if is_top(a) => 0,
                        None => {
                            // C6: the following scoregroup with someone lower.
                            let (sa, sb) = (Some(field.score(a)), Some(field.score(b)));
                            if (sa == following) != (sb == following) {
                                tier(1)
                            } else {
                                0
                            }
                        }
                    }
                };
                let Some((optimum, best)) = problem.best(&cost, &not_barred) else {
                    return none("no set of upfloaters leaves a legal pairing (3.5, C3)");
                };
                // A best matching that meets every choice made so far: a candidate it already floats
                // up needs no matching of its own.
                let mut witness = best;
                let k = optimum / c4_tier;
                // 3.5.4: the first optimal set, member by member, in the order of 3.5.3.
                let mut candidates: Vec<Tpn> =
                    unpaired.iter().copied().filter(|p| !is_top(*p)).collect();
                candidates.sort_by(|a, b| field.score(*b).cmp(&field.score(*a)).then(a.cmp(b)));
                let mut chosen: Vec<Tpn> = Vec::new();
                let mut excluded: Vec<Tpn> = Vec::new();
                // The sets 3.5.4 puts first and the criteria turned down, by their first members.
                let mut rejected: Vec<Vec<Tpn>> = Vec::new();
                for &c in &candidates {
                    if chosen.len() as i128 == k {
                        excluded.push(c);
                        continue;
                    }
                    let mut with = chosen.clone();
                    with.push(c);
                    if witness
                        .iter()
                        .any(|&(a, b)| (a == c && is_top(b)) || (b == c && is_top(a)))
                    {
                        chosen.push(c);
                        continue;
                    }
                    let allowed = |a: Tpn, b: Tpn| {
                        let forced = |x: Tpn, y: Tpn| !with.contains(&x) || is_top(y);
                        let left_out = |x: Tpn, y: Tpn| !(excluded.contains(&x) && is_top(y));
                        not_barred(a, b)
                            && forced(a, b)
                            && forced(b, a)
                            && left_out(a, b)
                            && left_out(b, a)
                    };
                    match problem.best(&cost, &allowed) {
                        Some((c2, pairs)) if c2 == optimum => {
                            chosen.push(c);
                            witness = pairs;
                        }
                        _ => {
                            rejected.push(with);
                            excluded.push(c);
                        }
                    }
                }
                (k, chosen, rejected)
            }
        };
        if k > 0 {
            explanation.push(Step::new(
                "3.5",
                format!(
                    "the scoregroup of {top_score} needs {k} upfloater{} (C4).",
                    if k == 1 { "" } else { "s" }
                ),
            ));
        }
        for r in &rejected {
            explanation.push(Step::new("3.5.4", format!("the sets beginning {} come first but are rejected: none of them meets C5-C7 as well as the chosen one while leaving a legal pairing for everyone else (C3).",
                list(r)
            )));
        }
        if !chosen.is_empty() {
            explanation.push(Step::new(
                "3.5",
                format!(
                    "the scoregroup of {top_score} takes the upfloaters {}.",
                    list(&chosen)
                ),
            ));
        }
        let bracket: Vec<Tpn> = unpaired
            .iter()
            .copied()
            .filter(|p| is_top(*p) || chosen.contains(p))
            .collect();
        let (bracket_pairs, identifier) =
            pair_bracket(&field, &bracket, &chosen, paths.plain_first);
        bracket_paired(&bracket, &identifier, &mut explanation);
        pairs.extend(bracket_pairs);
        // `unpaired` is in TPN order, and so is `bracket`, taken from it: its players are met
        // in the same order.
        let mut next = 0;
        unpaired.retain(|p| {
            let taken = bracket.get(next) == Some(p);
            next += usize::from(taken);
            !taken
        });
    }
    Ok(coloured(
        tournament,
        &field,
        round,
        &pairs,
        bye,
        explanation,
    ))
}

/// 3.6: the first identifier (tops ascending, then their partners) among the pairings with the
/// least C8 value. Returns the pairs (top, bottom) and the identifier.
fn pair_bracket(
    field: &Field,
    bracket: &[Tpn],
    upfloaters: &[Tpn],
    plain_first: bool,
) -> (Vec<(Tpn, Tpn)>, Vec<Tpn>) {
    let c8 = |a: Tpn, b: Tpn| -> i128 {
        if field.is_last_round() {
            return 0;
        }
        i128::from(upfloaters.contains(&a) && field.floated_last_round(b))
            + i128::from(upfloaters.contains(&b) && field.floated_last_round(a))
    };
    let mut sorted = bracket.to_vec();
    sorted.sort();
    let half = sorted.len() / 2;
    let identifier = |pairs: &[(Tpn, Tpn)]| -> Vec<Tpn> {
        pairs
            .iter()
            .map(|p| p.0)
            .chain(pairs.iter().map(|p| p.1))
            .collect()
    };
    // The first identifier of all, the top half against the bottom half in order: when it is
    // legal and no upfloater meets a floater of the previous round (C8 at its least, 0), it
    // is the answer.
    if plain_first {
        let plain: Vec<(Tpn, Tpn)> = (0..half).map(|i| (sorted[i], sorted[i + half])).collect();
        if plain
            .iter()
            .all(|&(a, b)| field.may_meet(a, b) && c8(a, b) == 0)
        {
            let id = identifier(&plain);
            return (plain, id);
        }
    }
    if plain_first {
        if let Some(pairs) = first_identifier_by_augmenting(field, &sorted, upfloaters.len(), &c8) {
            let id = identifier(&pairs);
            return (pairs, id);
        }
    }
    let problem = Problem {
        field,
        players: bracket.to_vec(),
    };
    // The matchings minimise C8 first and then the distance from the plain pairing (each
    // pair's TPN ranks half the bracket apart), so that the best pairing they give is close to
    // the first identifier and most choices below cost no matching.
    let rank = |p: Tpn| sorted.binary_search(&p).expect("in the bracket") as i128;
    let big = (sorted.len() * sorted.len()) as i128 + 1;
    let cost = |a: Tpn, b: Tpn| -> i128 {
        let (lo, hi) = (rank(a.min(b)), rank(a.max(b)));
        c8(a, b) * big + (hi - lo - half as i128).abs()
    };
    let c8_of = |pairs: &[(Tpn, Tpn)]| pairs.iter().map(|&(a, b)| c8(a, b)).sum::<i128>();
    let (_, best) = problem
        .best(&cost, &|_, _| true)
        .expect("the bracket is legal");
    let optimum = c8_of(&best);
    // A best pairing that meets every choice made so far: a choice it already makes needs no
    // matching of its own.
    let mut witness = best;
    let partner = |pairs: &[(Tpn, Tpn)], x: Tpn| {
        pairs.iter().find_map(|&(a, b)| {
            if a == x {
                Some(b)
            } else if b == x {
                Some(a)
            } else {
                None
            }
        })
    };
    // Tops: each decided player is a top (paired with a larger TPN) or a bottom (smaller).
    let mut tops: Vec<Tpn> = Vec::new();
    let mut bottoms: Vec<Tpn> = Vec::new();
    let fits = |tops: &[Tpn], bottoms: &[Tpn], fixed: &[(Tpn, Tpn)]| {
        let allowed = |a: Tpn, b: Tpn| {
            let (lo, hi) = (a.min(b), a.max(b));
            // A top is the smaller of its pair, a bottom the larger; a fixed pair is the only
            // pair its two players may have.
            let touches = |&(t, p): &(Tpn, Tpn)| [t, p].contains(&lo) || [t, p].contains(&hi);
            !bottoms.contains(&lo)
                && !tops.contains(&hi)
                && fixed.iter().all(|f| !touches(f) || *f == (lo, hi))
        };
        problem
            .best(&cost, &allowed)
            .map(|(_, pairs)| pairs)
            .filter(|pairs| c8_of(pairs) == optimum)
    };
    for &c in &sorted {
        if tops.len() == half {
            bottoms.push(c);
            continue;
        }
        if partner(&witness, c).is_some_and(|p| p > c) {
            tops.push(c);
            continue;
        }
        let mut with = tops.clone();
        with.push(c);
        match fits(&with, &bottoms, &[]) {
            Some(pairs) => {
                tops.push(c);
                witness = pairs;
            }
            None => bottoms.push(c),
        }
    }
    // Each top's partner, smallest first.
    let mut fixed: Vec<(Tpn, Tpn)> = Vec::new();
    for &t in &tops {
        let candidates: Vec<Tpn> = bottoms
            .iter()
            .copied()
            .filter(|&b| b > t && !fixed.iter().any(|&(_, p)| p == b))
            .collect();
        for b in candidates {
            if partner(&witness, t) == Some(b) {
                fixed.push((t, b));
                break;
            }
            let mut with = fixed.clone();
            with.push((t, b));
            if let Some(pairs) = fits(&tops, &bottoms, &with) {
                fixed.push((t, b));
                witness = pairs;
                break;
            }
        }
        assert_eq!(fixed.last().map(|f| f.0), Some(t), "a partner exists");
    }
    let id = identifier(&fixed);
    (fixed, id)
}

/// 3.6 by one matching kept between questions, when the pairings with the least C8 are the
/// perfect matchings of one graph: C8 can be 0 (the graph then leaves out an upfloater's
/// pairs with a floater of the previous round), or there is at most one upfloater, so that
/// every legal pairing has the same C8 (the graph is C1's). The first identifier is then
/// chosen as the matchings do it, each choice a question about perfect matchings answered from
/// the last one found (see [`Cardinality`]). `None` otherwise (the weighted matchings decide).
fn first_identifier_by_augmenting(
    field: &Field,
    sorted: &[Tpn],
    upfloaters: usize,
    c8: &dyn Fn(Tpn, Tpn) -> i128,
) -> Option<Vec<(Tpn, Tpn)>> {
    const NONE: usize = usize::MAX;
    let m = sorted.len();
    let half = m / 2;
    // The graphs are asked pair by pair, never formed: a bracket of 10,000 has 100 million
    // pairs, and the matchings ask about a few per player.
    let legal = |i: usize, j: usize| i != j && field.may_meet(sorted[i], sorted[j]);
    let zero = |i: usize, j: usize| legal(i, j) && c8(sorted[i], sorted[j]) == 0;
    // The first matching: the top half, each with the first bottom left that it may meet.
    // When every top finds one, that is the first identifier itself, and every choice below
    // is made without a search.
    let start = |graph: &dyn Fn(usize, usize) -> bool| {
        let mut matching = Cardinality::new(m);
        // Every bottom before `open` is taken: the scans start there.
        let mut open = half;
        for t in 0..half {
            while open < m && matching.mate(open).is_some() {
                open += 1;
            }
            if let Some(b) = (open..m).find(|&b| matching.mate(b).is_none() && graph(t, b)) {
                matching.pair(t, b);
            }
        }
        matching.complete(&|a, b| graph(a, b)).then_some(matching)
    };
    let (c8_zero, mut witness) = match start(&zero) {
        Some(w) => (true, w),
        None if upfloaters <= 1 => (false, start(&legal)?),
        None => return None,
    };
    let graph = |i: usize, j: usize| if c8_zero { zero(i, j) } else { legal(i, j) };
    // Positions in TPN order; a top is the smaller of its pair, a bottom the larger.
    #[derive(Clone, Copy, PartialEq)]
    enum Role {
        Open,
        Top,
        Bottom,
    }
    let mut role = vec![Role::Open; m];
    let mut fixed = vec![NONE; m];
    let allowed = |role: &[Role], fixed: &[usize], a: usize, b: usize| {
        let (lo, hi) = (a.min(b), a.max(b));
        role[lo] != Role::Bottom
            && role[hi] != Role::Top
            && (fixed[lo] == NONE || fixed[lo] == hi)
            && (fixed[hi] == NONE || fixed[hi] == lo)
            && graph(lo, hi)
    };
    let mut tops = 0;
    for c in 0..m {
        if tops == half {
            role[c] = Role::Bottom;
            continue;
        }
        if witness.mate(c).is_some_and(|p| p > c) {
            role[c] = Role::Top;
            tops += 1;
            continue;
        }
        role[c] = Role::Top;
        let mut trial = witness.clone();
        trial.unpair(c);
        if trial.complete(&|a, b| allowed(&role, &fixed, a, b)) {
            witness = trial;
            tops += 1;
        } else {
            role[c] = Role::Bottom;
        }
    }
    let mut pairs = Vec::with_capacity(half);
    // Every position before `open` is a top or a bottom already taken, for good: the scans
    // start there (a top does not pass over every bottom the tops before it took).
    let mut open = 0;
    for t in (0..m).filter(|&t| role[t] == Role::Top) {
        while open < m && (role[open] != Role::Bottom || fixed[open] != NONE) {
            open += 1;
        }
        // The bottoms after it that it may meet, in order, until one keeps a perfect matching.
        for b in open.max(t + 1)..m {
            if role[b] != Role::Bottom || fixed[b] != NONE || !graph(t, b) {
                continue;
            }
            fixed[t] = b;
            fixed[b] = t;
            if witness.mate(t) == Some(b) {
                break;
            }
            let mut trial = witness.clone();
            trial.pair(t, b);
            for v in 0..m {
                if trial.mate(v).is_some_and(|w| !allowed(&role, &fixed, v, w)) {
                    trial.unpair(v);
                }
            }
            if trial.complete(&|a, b| allowed(&role, &fixed, a, b)) {
                witness = trial;
                break;
            }
            fixed[t] = NONE;
            fixed[b] = NONE;
        }
        assert!(fixed[t] != NONE, "a partner exists");
        pairs.push((sorted[t], sorted[fixed[t]]));
    }
    Some(pairs)
}

/// C1 and C3 for `set`: its players can all be paired without a rematch. (A greedy pairing
/// first; a matching only when it fails.)
fn pairable(field: &Field, set: &[Tpn]) -> bool {
    all_pairable(set.len(), |i, j| field.may_meet(set[i], set[j]), |_| false)
}

/// 3.5 shown without a weighted matching of everyone, when the answer is the plain one: as
/// few upfloaters as the top scoregroup needs (C4: those of its players that the most pairs
/// among themselves leave over; none or one as a rule), all from the following scoregroup
/// (C5), leaving that group to float down only as many players as its parity forces (C6), with
/// as few as possible who floated in the previous round (C7), and the first such set in the
/// order of 3.5.4. Each candidate set is checked exactly against C1 and C3 (the bracket and
/// everyone else can be paired): a greedy pairing that succeeds proves it, and augmenting paths
/// decide only where the greedy one fails. Reaching every lower bound, such a set is optimal,
/// and the first in order among the optimal ones. `None` when no such set is found among the
/// first few: then the weighted matchings decide. Returns the number of upfloaters, the set
/// and the sets 3.5.4 puts before it, by the first members that set them apart (as the
/// member-by-member choice turns them down).
#[allow(clippy::type_complexity)]
fn plain_upfloaters(
    field: &Field,
    unpaired: &[Tpn],
    top_score: Points,
    following: Option<Points>,
) -> Option<(i128, Vec<Tpn>, Vec<Vec<Tpn>>)> {
    /// Candidate sets checked before the weighted matchings take over.
    const FIRST_FEW: usize = 64;
    let tops: Vec<Tpn> = unpaired
        .iter()
        .copied()
        .filter(|p| field.score(*p) == top_score)
        .collect();
    let Some(following) = following else {
        // Only the top scoregroup is left: it is the bracket.
        return pairable(field, &tops).then(|| (0, Vec::new(), Vec::new()));
    };
    let group: Vec<Tpn> = unpaired
        .iter()
        .copied()
        .filter(|p| field.score(*p) == following)
        .collect();
    let lower: Vec<Tpn> = unpaired
        .iter()
        .copied()
        .filter(|p| field.score(*p) < following)
        .collect();
    // C4's least: a top not paired with another top needs an upfloater of its own.
    let among_tops =
        Cardinality::new(tops.len()).maximize(&|a, b| field.may_meet(tops[a], tops[b]));
    let k = tops.len() - 2 * among_tops;
    if k > group.len() {
        return None;
    }
    let fits = |set: &[Tpn]| {
        let mut bracket = tops.clone();
        bracket.extend_from_slice(set);
        let left: Vec<Tpn> = group.iter().copied().filter(|p| !set.contains(p)).collect();
        pairable(field, &bracket) && rest_pairable(field, &left, &lower)
    };
    // The k-sets of the group in 3.5.4's order (lexicographic by TPN), those with fewer
    // players who floated in the previous round first (C7; in the last round nobody counts).
    let floated = |set: &[usize]| {
        set.iter()
            .filter(|&&i| field.floated_last_round(group[i]))
            .count()
    };
    let mut checked = 0;
    let mut chosen = None;
    'search: for wanted in 0..=k {
        let mut set: Vec<usize> = (0..k).collect();
        loop {
            if floated(&set) == wanted {
                checked += 1;
                if checked > FIRST_FEW {
                    return None;
                }
                let members: Vec<Tpn> = set.iter().map(|&i| group[i]).collect();
                if fits(&members) {
                    chosen = Some(members);
                    break 'search;
                }
            }
            // The next k-set in lexicographic order.
            let Some(i) = (0..k).rev().find(|&i| set[i] < group.len() - k + i) else {
                break;
            };
            set[i] += 1;
            for j in i + 1..k {
                set[j] = set[j - 1] + 1;
            }
        }
    }
    // One upfloater that the following scoregroup cannot give (C1 with the top, or C3 for
    // everyone else): C5 then takes the highest lower score that can, the whole following
    // scoregroup stays (C6's least is its parity), and C7 and 3.5.4 order the candidates of
    // that score as above. A score where some candidate meets C1 and C3 but none reaches C6's
    // least is left to the weighted matchings.
    if chosen.is_none() && k == 1 {
        let legal_with = |c: Tpn, rest: &[Tpn]| {
            let mut everyone: Vec<Tpn> = rest.to_vec();
            everyone.extend(lower.iter().copied().filter(|p| *p != c));
            let mut bracket = tops.clone();
            bracket.push(c);
            pairable(field, &bracket) && pairable(field, &everyone)
        };
        let group_can = group.iter().any(|&c| {
            let left: Vec<Tpn> = group.iter().copied().filter(|p| *p != c).collect();
            legal_with(c, &left)
        });
        if group_can {
            return None;
        }
        let mut scores: Vec<Points> = lower.iter().map(|p| field.score(*p)).collect();
        scores.sort();
        scores.dedup();
        'levels: for score in scores.into_iter().rev() {
            let mut level: Vec<Tpn> = lower
                .iter()
                .copied()
                .filter(|p| field.score(*p) == score)
                .collect();
            // Each player's key once: C7 reads the player's history.
            level.sort_by_cached_key(|p| (field.floated_last_round(*p), *p));
            let mut any_legal = false;
            for c in level {
                checked += 1;
                if checked > FIRST_FEW {
                    return None;
                }
                if !legal_with(c, &group) {
                    continue;
                }
                any_legal = true;
                let below: Vec<Tpn> = lower.iter().copied().filter(|p| *p != c).collect();
                if rest_pairable(field, &group, &below) {
                    chosen = Some(vec![c]);
                    break 'levels;
                }
            }
            if any_legal {
                return None;
            }
        }
    }
    let chosen = chosen?;
    // The sets before it, as the member-by-member choice of 3.5.4 turns them down: each
    // candidate (3.5.3's order: score descending, then TPN) not in the chosen set, with the
    // members chosen before it.
    // Only the candidates up to the chosen set's last member are looked at: they alone are
    // sorted (the following scoregroup as a rule, not everyone below it, for every bracket).
    let key = |p: &Tpn| (std::cmp::Reverse(field.score(*p)), *p);
    let last = chosen.iter().map(key).max();
    let mut order: Vec<Tpn> = group
        .iter()
        .chain(&lower)
        .copied()
        .filter(|p| last.is_some_and(|l| key(p) <= l))
        .collect();
    order.sort_by_key(key);
    let mut rejected = Vec::new();
    let mut taken = Vec::new();
    for &c in &order {
        if taken.len() == chosen.len() {
            break;
        }
        let mut with = taken.clone();
        with.push(c);
        if chosen.contains(&c) {
            taken = with;
        } else {
            rejected.push(with);
        }
    }
    Some((k as i128, chosen, rejected))
}

/// C3 and C6's least: `group` (what is left of the following scoregroup) and `lower` can all
/// be paired with as few of the group paired down as its parity allows (none, or one).
fn rest_pairable(field: &Field, group: &[Tpn], lower: &[Tpn]) -> bool {
    debug_assert!(group.is_sorted());
    if group.len().is_multiple_of(2) {
        return pairable(field, group) && pairable(field, lower);
    }
    // One of the group with one lower player: tried greedily from the group's end (the
    // natural floater) against the top of the lower players, a few times; then a matching
    // that counts the group's players paired down decides.
    let without =
        |set: &[Tpn], x: Tpn| -> Vec<Tpn> { set.iter().copied().filter(|p| *p != x).collect() };
    for &f in group.iter().rev().take(3) {
        for &l in lower.iter().filter(|&&l| field.may_meet(f, l)).take(3) {
            if pairable(field, &without(group, f)) && pairable(field, &without(lower, l)) {
                return true;
            }
        }
    }
    let mut players = group.to_vec();
    players.extend_from_slice(lower);
    let problem = Problem { field, players };
    let in_group = |p: Tpn| group.binary_search(&p).is_ok();
    let down = |a: Tpn, b: Tpn| i128::from(in_group(a) != in_group(b));
    problem
        .best(&down, &|_, _| true)
        .is_some_and(|(c, _)| c <= 1)
}
