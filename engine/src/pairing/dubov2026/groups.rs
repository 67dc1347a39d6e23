//! Dubov 2026 3.2.3-3.2.6 for one bracket whose upfloaters are chosen (`procedure.rs`): G1
//! (the White seekers) and G2, their re-composition by 4.3's shifters (3.2.4), and S1 (G1 by
//! ARO) against the first transposition of G2 (4.4).
use super::definitions::Ctx;
use super::sequence::{first_set, first_transposition, middle_out};
use crate::matching::cardinality::Cardinality;
use crate::matching::weighted::max_weight_matching_of;
use crate::model::color::Color;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;

/// 3.2.4 when no pair inside X is needed: the first `m` of Y's pool (4.3.3's order) shifted
/// to X, `m` equalising the subgroups, when a perfect matching pairs every player of X and
/// of those `m` with the rest of Y (so no pair inside X, [C7]'s fewest, and the first set of
/// `m` in the order, which is the first of all); `None` when it does not.
fn no_pair_inside_x(
    cx: &Ctx,
    bracket: &[PlayerIx],
    in_x: &[bool],
    pool_y: &[usize],
) -> Option<Vec<usize>> {
    let n = bracket.len();
    let x = in_x.iter().filter(|&&x| x).count();
    let m = (n - x).checked_sub(x)? / 2;
    let mut first = in_x.to_vec();
    for &i in &pool_y[..m] {
        first[i] = true;
    }
    // One side and the other taken in turn, so that the first pairs tried cross.
    let (a, b): (Vec<usize>, Vec<usize>) = (0..n).partition(|&i| first[i]);
    let order: Vec<usize> = a.iter().zip(&b).flat_map(|(&i, &j)| [i, j]).collect();
    if order.len() != n {
        return None;
    }
    let mut matching = Cardinality::new(n);
    matching
        .complete(&|i, j| {
            first[order[i]] != first[order[j]] && cx.pair_ok(bracket[order[i]], bracket[order[j]])
        })
        .then(|| pool_y[..m].to_vec())
}

/// 3.2.3-3.2.6: G1 and G2, their re-composition, S1 and the first transposition of G2.
pub(super) fn groups(
    cx: &Ctx,
    bracket: &[PlayerIx],
    explanation: &mut Vec<Step>,
) -> Option<Vec<(PlayerIx, PlayerIx)>> {
    let n = bracket.len();
    // 3.2.3: G1 the White seekers, unless no one in the bracket has played yet: then the first
    // half by TPN.
    let by_tpn = bracket.iter().all(|&p| cx.players[p].unplayed());
    let in_g1: Vec<bool> = if by_tpn {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| cx.players[bracket[i]].tpn);
        let mut g1 = vec![false; n];
        for &i in &order[..n / 2] {
            g1[i] = true;
        }
        g1
    } else {
        bracket
            .iter()
            .map(|&p| cx.players[p].seeks() == Color::White)
            .collect()
    };
    let g1_count = in_g1.iter().filter(|&&g| g).count();
    // 3.2.4.1: the smaller subgroup (G1 when equal) is X, the other Y.
    let x_is_g1 = g1_count * 2 <= n;
    let in_x: Vec<bool> = in_g1.iter().map(|&g| g == x_is_g1).collect();
    let ok = |i: usize, j: usize| cx.pair_ok(bracket[i], bracket[j]);
    // The fewest pairs inside X any pairing of the bracket has: with White and Black seekers
    // apart, the pairing best by [C7].
    let x_pairs = |allowed: &dyn Fn(usize, usize) -> bool| -> Option<usize> {
        let mut edges: Vec<(usize, usize, i128)> = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if ok(a, b) && allowed(a, b) {
                    edges.push((a, b, if in_x[a] && in_x[b] { 1 } else { 2 }));
                }
            }
        }
        let mate = max_weight_matching_of(n, &edges, true);
        let mut count = 0;
        for (a, m) in mate.iter().enumerate() {
            let b = (*m)?;
            count += usize::from(a < b && in_x[a] && in_x[b]);
        }
        Some(count)
    };
    // 4.3.2: White seekers by ARO then TPN, Black seekers by TPN; 4.3.3 from the middle out.
    let pool = |side: bool| -> Vec<usize> {
        let mut list: Vec<usize> = (0..n).filter(|&i| in_x[i] == side).collect();
        list.sort_by_key(|&i| {
            let p = &cx.players[bracket[i]];
            let aro = if p.seeks() == Color::White && !by_tpn {
                p.aro
            } else {
                0
            };
            (aro, p.tpn)
        });
        middle_out(list.len())
            .into_iter()
            .map(|k| list[k])
            .collect()
    };
    // The fast answer (exact): no pair inside X (the fewest there can be, X the smaller),
    // and the first set in 4.3's order of the size that equalises the subgroups shifted from
    // Y to X, when one perfect matching across the two new subgroups shows both.
    let fast = cx
        .fast
        .then(|| no_pair_inside_x(cx, bracket, &in_x, &pool(false)))
        .flatten();
    let (shifted, back) = match fast {
        Some(back) => (Vec::new(), back),
        None => {
            let k = x_pairs(&|_, _| true)?;
            // 3.2.4.1: S, one of each pair inside X, shifted to Y.
            let shifted = first_set(&pool(true), k, |chosen, passed| {
                let state = |i: usize| {
                    if chosen.contains(&i) {
                        1
                    } else if passed.contains(&i) {
                        2
                    } else {
                        0
                    }
                };
                let allowed = |a: usize, b: usize| match (in_x[a], in_x[b]) {
                    (true, true) => !(state(a) != 0 && state(a) == state(b)),
                    (true, false) => state(a) != 1,
                    (false, true) => state(b) != 1,
                    (false, false) => true,
                };
                x_pairs(&allowed) == Some(k)
            })?;
            // 3.2.4.2: T, one of each pair inside Y, shifted to X, so that the two have one size.
            let y_count = n - in_x.iter().filter(|&&x| x).count();
            let m = (y_count + 2 * k).checked_sub(n - y_count)? / 2;
            let back = first_set(&pool(false), m, |chosen, passed| {
                let s = |i: usize| shifted.contains(&i);
                let state = |i: usize| {
                    if chosen.contains(&i) {
                        1
                    } else if passed.contains(&i) {
                        2
                    } else {
                        0
                    }
                };
                let allowed = |a: usize, b: usize| match (in_x[a], in_x[b]) {
                    (true, true) => s(a) != s(b),
                    (true, false) => !s(a) && state(b) != 1,
                    (false, true) => !s(b) && state(a) != 1,
                    (false, false) => !(state(a) != 0 && state(a) == state(b)),
                };
                let mut mm = Cardinality::new(n);
                mm.complete(&|a, b| ok(a, b) && allowed(a, b))
            })?;
            (shifted, back)
        }
    };
    let mut final_g1 = in_g1.clone();
    for &i in shifted.iter().chain(&back) {
        final_g1[i] = !final_g1[i];
    }
    if !shifted.is_empty() || !back.is_empty() {
        let names = |set: &[usize]| {
            let mut ps: Vec<PlayerIx> = set.iter().map(|&i| bracket[i]).collect();
            ps.sort_unstable();
            cx.tpns(&ps)
        };
        let (from, to) = if x_is_g1 { ("G1", "G2") } else { ("G2", "G1") };
        let mut text = String::new();
        if !shifted.is_empty() {
            text.push_str(&format!(
                "{} shifted from {from} to {to} (pairs inside {from} are unavoidable); ",
                names(&shifted)
            ));
        }
        if !back.is_empty() {
            text.push_str(&format!(
                "{} shifted from {to} to {from} to equalise the subgroups; ",
                names(&back)
            ));
        }
        text.push_str("each the first set in 4.3's order that keeps a pairing best by [C7].");
        explanation.push(Step::new("3.2.4", text).inner());
    }
    // 3.2.5: S1, G1 by ARO then TPN; 4.4: G2 by TPN.
    let mut s1: Vec<PlayerIx> = (0..n)
        .filter(|&i| final_g1[i])
        .map(|i| bracket[i])
        .collect();
    s1.sort_by_key(|&p| (cx.players[p].aro, cx.players[p].tpn));
    let mut g2: Vec<PlayerIx> = (0..n)
        .filter(|&i| !final_g1[i])
        .map(|i| bracket[i])
        .collect();
    g2.sort_by_key(|&p| cx.players[p].tpn);
    if s1.len() != g2.len() {
        return None;
    }
    explanation.push(
        Step::new(
            "3.2.5",
            format!(
                "S1 (G1 by ARO, then TPN): {}; G2: {}{}.",
                cx.tpns(&s1),
                cx.tpns(&g2),
                if by_tpn {
                    " (no one in the bracket has played yet: G1 is the first half by TPN)"
                } else {
                    ""
                }
            ),
        )
        .inner(),
    );
    let t2 = first_transposition(s1.len(), |i, j| cx.pair_ok(s1[i], g2[j]))?;
    let pairs: Vec<(PlayerIx, PlayerIx)> = s1.iter().zip(&t2).map(|(&a, &j)| (a, g2[j])).collect();
    explanation.push(
        Step::new(
            "3.2.6",
            format!(
                "T2 {}: {}.",
                cx.tpns(&t2.iter().map(|&j| g2[j]).collect::<Vec<_>>()),
                pairs
                    .iter()
                    .map(|&(a, b)| format!("{} - {}", cx.who(a), cx.who(b)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .inner(),
    );
    Some(pairs)
}
