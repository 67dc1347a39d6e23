//! Dutch 2026 Articles 1.9 and 3: the round bracket by bracket from the top scoregroup, and
//! in each bracket the candidates in the order of Article 4, the first perfect one accepted
//! (3.4) or else the best (3.8).
//!
//! This file holds the round and the bracket (the MDP-Pairings of a heterogeneous one, 3.7);
//! one bracket's search shares one state (`search.rs`), walked through the sequence
//! (`walk.rs`), each remainder judged beforehand where it can be (`remainder.rs`); the choices
//! no shortcut settles are made by weighted matchings of everyone not yet paired, in
//! `several.rs`.
use super::colours::allocate;
use super::criteria::Bracket;
use super::criteria::FloatPart;
use super::criteria::PairPart;
use super::definitions::Ctx;
use super::remainder::max_pairs;
use super::search::{forced_denials, Chosen, Ideal, Rest, Search, Way};
use super::sequence::subsets;
use super::sequence::transpositions;
use super::sequence::Walk;
use crate::model::color::Color;
use crate::model::points::Points;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;

/// Pairs one bracket: the MDP-Pairing and the remainder of a heterogeneous bracket (3.7), or
/// the homogeneous bracket (3.6), as many pairs as it allows (3.1.2), one fewer each time no
/// candidate with that many leaves the rest completable ([C4]).
pub(crate) fn pair_bracket(cx: &Ctx, b: &Bracket, way: Way) -> Option<Chosen> {
    let score = |p: &PlayerIx| cx.players[*p].score;
    // 3.1: M1, the MDPs that can be paired with distinct residents.
    let (nm, nr) = (b.mdps.len(), b.residents.len());
    let m1 = crate::matching::cardinality::bipartite_most(nm, nr, |i, j| {
        cx.pair_ok(b.mdps[i], b.residents[j])
    });
    let all: Vec<PlayerIx> = b.mdps.iter().chain(&b.residents).copied().collect();
    let everyone: Vec<PlayerIx> = all.iter().chain(&b.lower).copied().collect();
    let most = m1;
    let rest_pairs = max_pairs(cx, &b.residents);
    // The ideal: as many pairs as the bracket allows, its lowest scores floating, the bye to
    // the lowest score eligible, the next bracket with at most its parity left over.
    let c6 = all.len() - 2 * (most + rest_pairs.min(b.residents.len().saturating_sub(most) / 2));
    // [C7]: the MDPs that cannot all be paired (M0 - M1, 3.2.4's Limbo) float, at best the
    // lowest of them, and the other downfloaters at best the lowest of the rest. MDPs score
    // more than residents, so no candidate's downfloaters score less, place by place.
    let limbo = nm - most;
    let mut mdp_scores: Vec<Points> = b.mdps.iter().map(score).collect();
    mdp_scores.sort();
    let mut others: Vec<Points> = mdp_scores[limbo..]
        .iter()
        .copied()
        .chain(b.residents.iter().map(score))
        .collect();
    others.sort();
    let mut floor: Vec<Points> = mdp_scores[..limbo].to_vec();
    floor.extend(others.into_iter().take(c6 - limbo));
    floor.sort_by(|x, y| y.cmp(x));
    let forced = forced_denials(cx, &all, (all.len() - c6) / 2, c6);
    let ideal = Ideal {
        c5: if (c6 + b.lower.len()) % 2 == 1 {
            everyone
                .iter()
                .filter(|p| cx.players[**p].can_bye)
                .map(score)
                .min()
        } else {
            None
        },
        c6,
        c7: floor,
        c8: match b.next.first() {
            Some(&n) if !b.lower.is_empty() => {
                let k = (c6 + b.next.len()) % 2;
                (k, vec![score(&n); k])
            }
            _ => (0, Vec::new()),
        },
        c12: forced[0],
        c13: forced[1],
    };
    let c5 = ideal.c5;
    let mut s = Search {
        cx,
        b,
        way,
        ideal,
        best: None,
        reached: None,
        first: None,
        tried: 0,
        perfect: false,
        floats: Default::default(),
        several_pairs: Default::default(),
        several_judged: Default::default(),
        walking_mdps: way == Way::Directed && !b.mdps.is_empty() && b.mdps.len() <= WALKED_MDPS,
        left_the_walk: false,
        one_more: Default::default(),
        bound: FloatPart {
            c5,
            c6: 0,
            c7: Vec::new(),
            c8: (0, Vec::new()),
            c9: 0,
            c14: 0,
            c16: 0,
            limbo18: Vec::new(),
            limbo20: Vec::new(),
        },
    };
    let mut lowest: Vec<Points> = all.iter().map(score).collect();
    lowest.sort();
    // With one or two MDPs the MDP-Pairings are at most 1 + 2n + n² (n residents), each
    // remainder judged exactly: walked; with more, by matchings (`mdp_pairings`).
    if way == Way::Directed && b.mdps.len() > WALKED_MDPS {
        mdp_pairings(&mut s, most, &lowest, c5);
        return chosen(s);
    }
    // Reading of 3.1.2-3.1.3: M1 and MaxPairs are the most that [C4] and [C5] allow; fewer
    // MDPs paired, then fewer pairs, are tried after all candidates with more, since [C5]
    // ranks above [C6].
    'sizes: for m1 in (0..=most).rev() {
        // 4.4: the sets of m1 pairable MDPs, in 4.4.2's order; [C4] and [C7] judge the Limbo
        // each leaves with the rest of the candidate (reading of 4.4.1).
        let sets: Vec<Vec<usize>> = subsets(b.mdps.len(), m1)
            .into_iter()
            .filter(|set| {
                let s: Vec<PlayerIx> = set.iter().map(|&i| b.mdps[i]).collect();
                crate::matching::cardinality::bipartite_perfect(&s, &b.residents, |x, y| {
                    cx.pair_ok(x, y)
                })
            })
            .collect();
        for pairs_cap in (0..=rest_pairs).rev() {
            let Some(bound) = bound_of(cx, b, &lowest, c5, m1 + pairs_cap) else {
                // More pairs than the remainder has players for.
                continue;
            };
            s.bound = bound;
            for set in &sets {
                let s1: Vec<PlayerIx> = set.iter().map(|&i| b.mdps[i]).collect();
                let limbo: Vec<PlayerIx> = (0..b.mdps.len())
                    .filter(|i| !set.contains(i))
                    .map(|i| b.mdps[i])
                    .collect();
                let s2 = &b.residents;
                let mut stack: Vec<PairPart> = vec![PairPart::default()];
                let go_on = transpositions(
                    m1,
                    s2.len(),
                    &|i, j| cx.pair_ok(s1[i], s2[j]),
                    &mut |prefix| {
                        let l = prefix.len();
                        let part = if l == 0 {
                            PairPart::default()
                        } else {
                            stack.truncate(l);
                            let mut part = stack[l - 1].clone();
                            part.add(cx, b, s1[l - 1], s2[prefix[l - 1]], true);
                            part
                        };
                        if s.hopeless(&part) {
                            return Walk::Prune;
                        }
                        if l < m1 {
                            stack.push(part);
                            return Walk::Go;
                        }
                        let pairs: Vec<(PlayerIx, PlayerIx)> = prefix
                            .iter()
                            .enumerate()
                            .map(|(i, &j)| (s1[i], s2[j]))
                            .collect();
                        let remainder: Vec<PlayerIx> = (0..s2.len())
                            .filter(|j| !prefix.contains(j))
                            .map(|j| s2[j])
                            .collect();
                        let rest = Rest {
                            players: &remainder,
                            n1: pairs_cap,
                            pairs: &pairs,
                            floaters: &limbo,
                            base: &part,
                        };
                        // Before the matching of `max_pairs`: a large bracket's MDP-Pairings
                        // leave remainders of thousands, most of them no better than the best.
                        if s.colours_hopeless(rest) {
                            return Walk::Go;
                        }
                        if pairs_cap > max_pairs(cx, &remainder) {
                            // Visited at the cap the remainder allows.
                            return Walk::Go;
                        }
                        if s.homogeneous(rest) {
                            Walk::Go
                        } else {
                            Walk::Stop
                        }
                    },
                );
                if !go_on {
                    break 'sizes;
                }
            }
        }
    }
    if s.left_the_walk {
        // The candidates walked so far come first in the sequence: the matchings' choice is
        // taken only if it is better (3.8.1).
        s.walking_mdps = false;
        mdp_pairings(&mut s, most, &lowest, c5);
    }
    chosen(s)
}

/// The most MDPs whose MDP-Pairings are walked: with `k` MDPs and `n` residents there are
/// at most (n + 1)^k of them, a polynomial for a fixed `k`; beyond, the walk could be
/// exponential and the matchings choose (`several::mdp_pairing`).
const WALKED_MDPS: usize = 2;

/// What every candidate of `pairs` pairs at least has on [C5]-[C9] (the lowest scores
/// float), `None` when the bracket has too few players for them.
fn bound_of(
    cx: &Ctx,
    b: &Bracket,
    lowest: &[Points],
    c5: Option<Points>,
    pairs: usize,
) -> Option<FloatPart> {
    let c6 = lowest.len().checked_sub(2 * pairs)?;
    let mut c7: Vec<Points> = lowest[..c6].to_vec();
    c7.reverse();
    let c8 = match b.next.first() {
        Some(&n) if !b.lower.is_empty() => {
            let k = (c6 + b.next.len()) % 2;
            (k, vec![cx.players[n].score; k])
        }
        _ => (0, Vec::new()),
    };
    Some(FloatPart {
        c5,
        c6,
        c7,
        c8,
        c9: 0,
        c14: 0,
        c16: 0,
        limbo18: Vec::new(),
        limbo20: Vec::new(),
    })
}

/// A heterogeneous bracket's MDP-Pairing and remainder without walking them (3.7, 4.4): the
/// first candidate of the sequence (4.4.2's first set of `most` pairable MDPs, 4.2.2's first
/// transposition of the residents for them, the remainder's best), accepted at once when
/// perfect (3.4); otherwise the MDP-Pairing of the best candidates that comes first in the
/// sequence, by weighted matchings of everyone not yet paired (`several::mdp_pairing`), and
/// its remainder's first candidate reaching the best.
fn mdp_pairings(s: &mut Search, most: usize, lowest: &[Points], c5: Option<Points>) {
    let (cx, b) = (s.cx, s.b);
    let residents = &b.residents;
    let matchable = |mdps: &[PlayerIx], taken: &[bool]| {
        let free: Vec<PlayerIx> = residents
            .iter()
            .zip(taken)
            .filter(|(_, &t)| !t)
            .map(|(&r, _)| r)
            .collect();
        crate::matching::cardinality::bipartite_perfect(mdps, &free, |x, y| cx.pair_ok(x, y))
    };
    // 4.4.2's first set of `most` MDPs that can be paired with distinct residents: the
    // greedy choice, as such sets are the bases of a transversal matroid.
    let none = vec![false; residents.len()];
    let mut set: Vec<PlayerIx> = Vec::new();
    for &p in &b.mdps {
        if set.len() == most {
            break;
        }
        set.push(p);
        if !matchable(&set, &none) {
            set.pop();
        }
    }
    // 4.2.2's first transposition for them: each MDP the first resident that leaves the
    // others a perfect assignment.
    let mut taken = vec![false; residents.len()];
    let mut pairs: Vec<(PlayerIx, PlayerIx)> = Vec::new();
    for (i, &p) in set.iter().enumerate() {
        let next = (0..residents.len()).find(|&j| {
            if taken[j] || !cx.pair_ok(p, residents[j]) {
                return false;
            }
            taken[j] = true;
            let ok = matchable(&set[i + 1..], &taken);
            taken[j] = false;
            ok
        });
        let Some(j) = next else {
            break;
        };
        taken[j] = true;
        pairs.push((p, residents[j]));
    }
    if pairs.len() == set.len() {
        let remainder: Vec<PlayerIx> = residents
            .iter()
            .zip(&taken)
            .filter(|(_, &t)| !t)
            .map(|(&r, _)| r)
            .collect();
        let limbo: Vec<PlayerIx> = b
            .mdps
            .iter()
            .copied()
            .filter(|p| !set.contains(p))
            .collect();
        let cap = max_pairs(cx, &remainder);
        if let Some(bound) = bound_of(cx, b, lowest, c5, pairs.len() + cap) {
            s.bound = bound;
            judge_mdp_pairing(s, &pairs, &limbo, &remainder, cap);
            if s.perfect {
                return;
            }
        }
    }
    if let Some(best) = super::several::mdp_pairing(cx, b) {
        let pairs_in_all = best.pairs.len() + best.remainder_pairs;
        if let Some(bound) = bound_of(cx, b, lowest, c5, pairs_in_all) {
            s.bound = bound;
            judge_mdp_pairing(
                s,
                &best.pairs,
                &best.limbo,
                &best.remainder,
                best.remainder_pairs,
            );
        }
    }
}

/// The remainder of an MDP-Pairing (`pairs`, the Limbo `limbo`), with `n1` pairs.
fn judge_mdp_pairing(
    s: &mut Search,
    pairs: &[(PlayerIx, PlayerIx)],
    limbo: &[PlayerIx],
    remainder: &[PlayerIx],
    n1: usize,
) {
    let mut part = PairPart::default();
    for &(m, r) in pairs {
        part.add(s.cx, s.b, m, r, true);
    }
    let rest = Rest {
        players: remainder,
        n1,
        pairs,
        floaters: limbo,
        base: &part,
    };
    if !s.colours_hopeless(rest) {
        s.homogeneous(rest);
    }
}

/// The candidate a search accepted, with what the explanation says of it.
fn chosen(s: Search) -> Option<Chosen> {
    let (cand, quality) = s.best?;
    let first = s
        .first
        .filter(|(f, _)| f.pairs != cand.pairs || f.floaters != cand.floaters);
    let short_of = s.ideal.short_of(&quality);
    Some(Chosen {
        short_of,
        cand,
        quality,
        perfect: s.perfect,
        tried: s.tried,
        first,
        reached: s.reached.map(|r| r.words(s.cx)),
    })
}

pub(crate) use crate::pairing::proposal::Paired;

/// 1.9: the round, bracket by bracket from the top scoregroup; the pairs in board order
/// (C.04.2 3.6's recommended order) with their colours (5.2) and the bye; each bracket
/// searched the `way` given.
pub(crate) fn procedure(
    cx: &Ctx,
    initial: Color,
    way: Way,
    explanation: &mut Vec<Step>,
) -> Result<Paired, String> {
    let ranked: Vec<PlayerIx> = cx.players.indices().collect();
    if !cx.completable(&ranked) {
        return Err(
            "no pairing of the round complies with [C1]-[C3] (1.9.3: the Chief Arbiter decides)"
                .into(),
        );
    }
    // 1.3.1: the scoregroups, highest first.
    let mut groups: Vec<Vec<PlayerIx>> = Vec::new();
    for p in ranked {
        match groups.last_mut() {
            Some(g) if cx.players[g[0]].score == cx.players[p].score => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let mut pairs: Vec<(PlayerIx, PlayerIx)> = Vec::new();
    let mut mdps: Vec<PlayerIx> = Vec::new();
    let mut glossary = super::story::glossary();
    for (g, residents) in groups.iter().enumerate() {
        let b = Bracket {
            mdps: std::mem::take(&mut mdps),
            residents: residents.clone(),
            lower: groups[g + 1..].iter().flatten().copied().collect(),
            next: groups.get(g + 1).cloned().unwrap_or_default(),
            initial,
        };
        explanation.push(super::story::heading(cx, g + 1, &b));
        let chosen = pair_bracket(cx, &b, way).ok_or_else(|| {
            format!(
                "bracket {} cannot be paired so that the rest can be completed ([C4])",
                g + 1
            )
        })?;
        glossary.restart();
        super::story::describe(cx, &b, &chosen, &mut glossary, explanation);
        pairs.extend(chosen.cand.pairs.iter().copied());
        mdps = chosen.cand.floaters.clone();
    }
    let bye = match mdps.as_slice() {
        [] => None,
        [one] => Some(*one),
        more => {
            return Err(format!(
                "{} players are left unpaired after the last bracket",
                more.len()
            ));
        }
    };
    if let Some(b) = bye {
        let pl = &cx.players[b];
        explanation.push(Step::new(
            "1.5",
            format!(
                "{} (score {}) downfloats from the last bracket and receives the \
                 pairing-allocated bye.",
                cx.who(b),
                pl.score
            ),
        ));
    }
    let bye = bye.map(|b| cx.players[b].tpn);
    // C.04.2 3.6: boards by the higher score of the pair, the sum, the higher-ranked's TPN
    // (each pair's key once: a large field's players lie far apart). Under acceleration the
    // scores are the pairing scores (C.04.7 1.5 as its readers summarise it; see `Readings`
    // in `mod.rs`: bbpPairings v6 orders by the points).
    pairs.sort_by_cached_key(|&(a, b)| {
        let (h, l) = if a < b { (a, b) } else { (b, a) };
        let (ph, pl) = (&cx.players[h], &cx.players[l]);
        (
            std::cmp::Reverse(ph.score.max(pl.score)),
            std::cmp::Reverse(ph.score + pl.score),
            ph.tpn,
        )
    });
    let mut out = Vec::with_capacity(pairs.len());
    for (board, &(a, b)) in pairs.iter().enumerate() {
        let ((w, bl), why) = allocate(cx, a, b, initial);
        if board < 200 {
            explanation.push(super::story::board(cx, board + 1, (w, bl), why, initial));
        }
        out.push((cx.players[w].tpn, cx.players[bl].tpn));
    }
    Ok((out, bye))
}
