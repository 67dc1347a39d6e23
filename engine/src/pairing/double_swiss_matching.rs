//! The Double-Swiss system (C.04.5) computed with maximum-weight matchings instead of
//! enumeration: the same answer as [`super::double_swiss_reference`] (a property test holds
//! them to it), in polynomial time.
//!
//! - 3.4: bye candidates in the text's order, each checked by a perfect-matching test.
//! - 3.5: one maximum-weight perfect matching of all unpaired players finds the best value of
//!   C4, C5, C6 and C7 at once: an edge's weight is minus its cost in tiers, most significant
//!   first: a top-scoregroup player with a lower one (an upfloater, C4); that upfloater's score
//!   level, the lowest level most costly (C5: the scores in ascending order, the higher first);
//!   a following-scoregroup player with a lower one (an upfloater of the next bracket, C6);
//!   an upfloater who floated in the previous round (C7). The first set in 3.5.4's order among
//!   those reaching that value is then fixed member by member, each choice checked by the
//!   same matching with the choice forced.
//! - 3.6: the least C8 value by a matching of the bracket, then the identifier fixed position
//!   by position (the tops, then each top's partner), each choice checked the same way.
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

use super::double_swiss_reference::{colours, Field};
use super::{initial_color, PairingError, RoundPairing};
use crate::ids::{RoundNo, Tpn};
use crate::matching::{max_weight_matching_wide, WideEdge};
use crate::points::Points;
use crate::tournament::Tournament;

/// A matching problem over a set of players: which pairs are allowed and what each costs.
struct Problem<'f, 'a> {
    field: &'f Field<'a>,
    players: Vec<Tpn>,
}

impl Problem<'_, '_> {
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
    pair_with(tournament, round, false)
}

/// [`pair`], with the C5 levels barred even when all their tiers would fit (`always_bar`),
/// so that tests can hold that path to the reference on small fields.
pub fn pair_with(
    tournament: &Tournament,
    round: RoundNo,
    always_bar: bool,
) -> Result<RoundPairing, PairingError> {
    let mut players = tournament.available_players(round);
    players.sort();
    let field = Field::new(tournament, round);
    let none = |reason: &str| {
        Err(PairingError::NoValidPairing {
            round,
            reason: reason.into(),
        })
    };
    let legal = |set: &[Tpn]| {
        Problem {
            field: &field,
            players: set.to_vec(),
        }
        .best(&|_, _| 0, &|_, _| true)
        .is_some()
    };
    let mut explanation = Vec::new();

    // 3.4.
    let mut bye = None;
    if players.len() % 2 == 1 {
        let mut candidates = players.clone();
        candidates.sort_by(|a, b| {
            field
                .score(*a)
                .cmp(&field.score(*b))
                .then(field.played_count(*b).cmp(&field.played_count(*a)))
                .then(b.cmp(a))
        });
        bye = candidates.into_iter().find(|c| {
            let rest: Vec<Tpn> = players.iter().copied().filter(|p| p != c).collect();
            !field.had_unplayed_point(*c) && legal(&rest)
        });
        match bye {
            Some(b) => explanation.push(format!(
                "3.4: the pairing-allocated bye goes to {b}: of those who may have it (C2) and leave a legal pairing for everyone else (3.4.1), the lowest score (3.4.2), then the most matches played (3.4.3), then the largest TPN (3.4.4)."
            )),
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
        let top_score = unpaired
            .iter()
            .map(|p| field.score(*p))
            .max()
            .expect("nonempty");
        let is_top = |p: Tpn| field.score(p) == top_score;
        let mut levels: Vec<Points> = unpaired
            .iter()
            .map(|p| field.score(*p))
            .filter(|s| *s < top_score)
            .collect();
        levels.sort();
        levels.dedup();
        levels.reverse(); // levels[0] is the following scoregroup's score.
        let following = levels.first().copied();
        let level = |p: Tpn| {
            levels
                .iter()
                .position(|s| *s == field.score(p))
                .expect("a lower player")
        };
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
            let bar = |a: Tpn, b: Tpn| upfloats(a, b).is_none_or(|l| !barred.contains(&level(l)));
            let cost =
                |a: Tpn, b: Tpn| upfloats(a, b).map_or(0, |l| base + i128::from(level(l) == j));
            match problem.best(&cost, &bar) {
                Some((c, _)) if c % base == 0 => barred.push(j),
                Some(_) => break,
                None => return none("no set of upfloaters leaves a legal pairing (3.5, C3)"),
            }
        }
        let active: Vec<usize> = (0..levels.len()).filter(|j| !barred.contains(j)).collect();
        let not_barred =
            |a: Tpn, b: Tpn| upfloats(a, b).is_none_or(|l| !barred.contains(&level(l)));
        // Tiers, least significant first: C7, C6, C5 (the active levels, highest first), C4.
        let tiers = 3 + active.len() as u32;
        if !fits(tiers) {
            return Err(PairingError::NotImplemented {
                system: crate::settings::System::DoubleSwiss,
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
        let Some((optimum, _)) = problem.best(&cost, &not_barred) else {
            return none("no set of upfloaters leaves a legal pairing (3.5, C3)");
        };
        let k = optimum / c4_tier;
        // 3.5.4: the first optimal set, member by member, in the order of 3.5.3.
        let mut candidates: Vec<Tpn> = unpaired.iter().copied().filter(|p| !is_top(*p)).collect();
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
            let allowed = |a: Tpn, b: Tpn| {
                let forced = |x: Tpn, y: Tpn| !with.contains(&x) || is_top(y);
                let left_out = |x: Tpn, y: Tpn| !(excluded.contains(&x) && is_top(y));
                not_barred(a, b) && forced(a, b) && forced(b, a) && left_out(a, b) && left_out(b, a)
            };
            if problem
                .best(&cost, &allowed)
                .is_some_and(|(c2, _)| c2 == optimum)
            {
                chosen.push(c);
            } else {
                rejected.push(with);
                excluded.push(c);
            }
        }
        if k > 0 {
            explanation.push(format!(
                "3.5 (C4): the scoregroup of {top_score} needs {k} upfloater{}.",
                if k == 1 { "" } else { "s" }
            ));
        }
        for r in &rejected {
            explanation.push(format!(
                "3.5.4: the sets beginning {} come first but are rejected: none of them meets C5-C7 as well as the chosen one while leaving a legal pairing for everyone else (C3).",
                list(r)
            ));
        }
        if !chosen.is_empty() {
            explanation.push(format!(
                "3.5: the scoregroup of {top_score} takes the upfloaters {}.",
                list(&chosen)
            ));
        }
        let bracket: Vec<Tpn> = unpaired
            .iter()
            .copied()
            .filter(|p| is_top(*p) || chosen.contains(p))
            .collect();
        let (bracket_pairs, identifier) = pair_bracket(&field, &bracket, &chosen);
        explanation.push(format!(
            "3.6: bracket {} is paired by the identifier {}.",
            list(&bracket),
            list(&identifier)
        ));
        pairs.extend(bracket_pairs);
        unpaired.retain(|p| !bracket.contains(p));
    }
    let initial = initial_color(tournament, &mut explanation);
    let colored = pairs
        .iter()
        .map(|&(a, b)| colours(&field, a, b, initial))
        .collect();
    Ok(RoundPairing {
        round,
        pairs: colored,
        bye,
        explanation,
    })
}

/// 3.6: the first identifier (tops ascending, then their partners) among the pairings with the
/// least C8 value. Returns the pairs (top, bottom) and the identifier.
fn pair_bracket(
    field: &Field<'_>,
    bracket: &[Tpn],
    upfloaters: &[Tpn],
) -> (Vec<(Tpn, Tpn)>, Vec<Tpn>) {
    let problem = Problem {
        field,
        players: bracket.to_vec(),
    };
    let c8 = |a: Tpn, b: Tpn| -> i128 {
        if field.is_last_round() {
            return 0;
        }
        i128::from(upfloaters.contains(&a) && field.floated_last_round(b))
            + i128::from(upfloaters.contains(&b) && field.floated_last_round(a))
    };
    let (optimum, _) = problem
        .best(&c8, &|_, _| true)
        .expect("the bracket is legal");
    let mut sorted = bracket.to_vec();
    sorted.sort();
    let half = sorted.len() / 2;
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
            .best(&c8, &allowed)
            .is_some_and(|(c, _)| c == optimum)
    };
    for &c in &sorted {
        if tops.len() == half {
            bottoms.push(c);
            continue;
        }
        let mut with = tops.clone();
        with.push(c);
        if fits(&with, &bottoms, &[]) {
            tops.push(c);
        } else {
            bottoms.push(c);
        }
    }
    // Each top's partner, smallest first.
    let mut fixed: Vec<(Tpn, Tpn)> = Vec::new();
    for &t in &tops {
        let partner = bottoms
            .iter()
            .copied()
            .filter(|&b| b > t && !fixed.iter().any(|&(_, p)| p == b))
            .find(|&b| {
                let mut with = fixed.clone();
                with.push((t, b));
                fits(&tops, &bottoms, &with)
            })
            .expect("a partner exists");
        fixed.push((t, partner));
    }
    let identifier = fixed
        .iter()
        .map(|p| p.0)
        .chain(fixed.iter().map(|p| p.1))
        .collect();
    (fixed, identifier)
}

fn list(players: &[Tpn]) -> String {
    players
        .iter()
        .map(Tpn::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
