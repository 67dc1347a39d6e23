//! Dutch 2026 Article 4: the order in which candidates are generated: transpositions of S2
//! (4.2), resident-exchanges between the original S1 and S2 (4.3), sets of pairable MDPs
//! (4.4). Positions are BSNs less one (4.1: the bracket's players 0, 1, 2, ... by rank).

use std::cmp::Ordering;

/// A resident-exchange: the BSNs less one moved from S1 to S2, and those moved from S2 to S1,
/// each sorted ascending.
pub(crate) type Exchange = (Vec<usize>, Vec<usize>);

/// 3.6.1: the S1 and S2 (positions in `0..n`, each in rank order, 1.2) that `exchange`
/// forms from an original S1 of positions `0..n1` and an original S2 of `n1..n`.
pub(crate) fn exchanged(n: usize, n1: usize, (a, b): &Exchange) -> (Vec<usize>, Vec<usize>) {
    (0..n).partition(|i| (*i < n1 && !a.contains(i)) || b.contains(i))
}

/// 4.3.2: the order of two resident-exchanges `(a, b)`, `a` the BSNs moved from S1 to S2 and
/// `b` those moved from S2 to S1, each sorted ascending.
pub(crate) fn exchange_order(x: &Exchange, y: &Exchange) -> Ordering {
    let sum = |v: &[usize]| v.iter().sum::<usize>() as i64;
    // The smallest number of exchanged BSNs.
    x.0.len()
        .cmp(&y.0.len())
        // The smallest difference between the sum moved from S2 and the sum moved from S1.
        .then_with(|| (sum(&x.1) - sum(&x.0)).cmp(&(sum(&y.1) - sum(&y.0))))
        // The largest differing BSN among those moved from S1 (the larger first).
        .then_with(|| {
            let (a, b) = (x.0.iter().rev(), y.0.iter().rev());
            a.zip(b)
                .find(|(p, q)| p != q)
                .map_or(Ordering::Equal, |(p, q)| q.cmp(p))
        })
        // The smallest differing BSN among those moved from S2 (the smaller first).
        .then_with(|| {
            x.1.iter()
                .zip(&y.1)
                .find(|(p, q)| p != q)
                .map_or(Ordering::Equal, |(p, q)| p.cmp(q))
        })
}

/// Every `k`-subset of `0..n`, ascending, in lexicographic order.
pub(crate) fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur: Vec<usize> = Vec::with_capacity(k);
    fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            if n - i < k - cur.len() {
                break;
            }
            cur.push(i);
            go(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    go(0, n, k, &mut cur, &mut out);
    out
}

/// 4.3: the resident-exchanges of exactly `k` BSNs between an original S1 of `n1` and an
/// original S2 of `n2` players (positions `0..n1` and `n1..n1 + n2`), in 4.3.2's order.
pub(crate) fn exchanges_of_size(n1: usize, n2: usize, k: usize) -> Vec<Exchange> {
    let ones = subsets(n1, k);
    let twos: Vec<Vec<usize>> = subsets(n2, k)
        .into_iter()
        .map(|v| v.into_iter().map(|j| j + n1).collect())
        .collect();
    let mut out: Vec<Exchange> = Vec::with_capacity(ones.len() * twos.len());
    for a in &ones {
        for b in &twos {
            out.push((a.clone(), b.clone()));
        }
    }
    out.sort_by(exchange_order);
    out
}

/// What the walk through the transpositions does after a prefix.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Walk {
    /// Go on: into the prefix's extensions, or to the next prefix after a full one.
    Go,
    /// Skip every extension of this prefix (no candidate among them can be better).
    Prune,
    /// End the walk.
    Stop,
}

/// 4.2.2: the orderings of S2 (positions `0..n2`) whose first `n1` elements are in
/// lexicographic order. `walk` sees every prefix as it is built, the full ones (`n1` long:
/// the rest of S2 follows in its order) being the transpositions; `ok(i, j)` refuses a
/// prefix whose `i`-th element is `j` before `walk` sees it. Returns `false` once a walk
/// stops.
pub(crate) fn transpositions(
    n1: usize,
    n2: usize,
    ok: &dyn Fn(usize, usize) -> bool,
    walk: &mut dyn FnMut(&[usize]) -> Walk,
) -> bool {
    fn go(
        n1: usize,
        n2: usize,
        ok: &dyn Fn(usize, usize) -> bool,
        used: &mut Vec<bool>,
        cur: &mut Vec<usize>,
        walk: &mut dyn FnMut(&[usize]) -> Walk,
    ) -> bool {
        let i = cur.len();
        for j in 0..n2 {
            if used[j] || !ok(i, j) {
                continue;
            }
            used[j] = true;
            cur.push(j);
            let go_on = match walk(cur) {
                Walk::Stop => false,
                Walk::Prune => true,
                Walk::Go if cur.len() == n1 => true,
                Walk::Go => go(n1, n2, ok, used, cur, walk),
            };
            cur.pop();
            used[j] = false;
            if !go_on {
                return false;
            }
        }
        true
    }
    if n1 == 0 {
        return walk(&[]) != Walk::Stop;
    }
    let mut used = vec![false; n2];
    let mut cur = Vec::with_capacity(n1);
    go(n1, n2, ok, &mut used, &mut cur, walk)
}

/// A remainder's costs for [`first_admitting_exchange`]: positions `0..n` by BSN, the
/// original S1 `0..n1`, at most one player left over (`n - 2 * n1` is 0 or 1).
pub(crate) struct Costs<'a> {
    pub(crate) n: usize,
    pub(crate) n1: usize,
    /// The cost of each pair, `None` where it is forbidden.
    pub(crate) pair: &'a [Vec<Option<i64>>],
    /// The cost of leaving each player over, `None` where that is forbidden.
    pub(crate) over: &'a [Option<i64>],
}

/// Which players a matching of [`first_admitting_exchange`] prefers exchanged, after 4.3.2's
/// first two rules (the sides already settled are passed beside it).
#[derive(Clone, Copy)]
pub(crate) enum Prefer {
    /// Nothing beyond 4.3.2's first two rules.
    Nothing,
    /// As many as possible of the original S1's players in `from..to` moved to S2.
    FromS1(usize, usize),
    /// As many as possible of the original S2's players in `from..to` moved to S1.
    FromS2(usize, usize),
}

/// One matching's answer: the pairs' and left-over players' total cost (a number, or the
/// totals of a bracket's criteria), 4.3.2's first two rules as one number (the exchange's
/// size, then its sum difference), the preferred players exchanged (negated), and each
/// player's side (`true`: in S1).
pub(crate) struct Sided<C> {
    pub(crate) cost: C,
    pub(crate) order: i64,
    pub(crate) preferred: i64,
    pub(crate) in_s1: Vec<bool>,
}

/// 4.3.2's first two rules for one player on a side (`in_s1`), of `n` by BSN less one with
/// the original S1 `0..n1`, and whether `prefer` counts it: `(order, preferred)`, both 0
/// when it stays on its original side. An exchange's order is the sum over its players.
pub(crate) fn side_tiers(n: usize, n1: usize, v: usize, in_s1: bool, prefer: Prefer) -> (i64, i64) {
    let n = n as i64;
    // Each player moved from S1 counts `size` (more than any sum difference of one size
    // can reach) and minus its BSN, each moved from S2 plus its BSN.
    let size = n * n + n;
    let moved = (v < n1) != in_s1;
    if !moved {
        return (0, 0);
    }
    let order = if v < n1 {
        size + n - v as i64
    } else {
        v as i64
    };
    let preferred = match prefer {
        Prefer::FromS1(from, to) if v < n1 && (from..to).contains(&v) => -1,
        Prefer::FromS2(from, to) if v >= n1 && (from..to).contains(&v) => -1,
        _ => 0,
    };
    (order, preferred)
}

/// 4.3.2: the first resident-exchange, in its order, whose S1 and S2 admit an assignment
/// (every player of S1 paired with one of S2, the one left over, if any, from S2) of total
/// cost `least`, found without forming the exchanges one by one (there are
/// C(n1, k) x C(n2, k) of size `k`: 15.7 million of size two in a bracket of 179).
///
/// Every such assignment is a matching of the remainder's players (and, if one is left over,
/// a vertex standing for "left over") in which each pair has a player in S1 and one in S2; and
/// any matching of cost `least`, with a side chosen for each pair's players, is one. The
/// exchange a choice of sides makes has size `k` (the original S1's players put in S2) and sum
/// difference `D` (the BSNs moved from S2 less those moved from S1), and both are sums over
/// the players, so one weighted matching whose edges also cost the cheaper side of each pair
/// finds the least `(cost, k, D)`. 4.3.2's last two rules compare the exchanged BSNs one by
/// one (the largest moved from S1 the larger, then the smallest moved from S2 the smaller):
/// each is settled by a binary search over a range of BSNs, a matching per step preferring
/// the players in the range exchanged (at most `2k log n` matchings, starting from what the
/// last matching found). `None` when no assignment costs `least`.
pub(crate) fn first_admitting_exchange(c: &Costs, least: i64) -> Option<Exchange> {
    first_exchange_by(
        c.n,
        c.n1,
        |fixed, prefer| sided(c, fixed, prefer),
        |&cost| cost == least,
    )
}

/// [`first_admitting_exchange`] with the matchings made by `solve`: the best matching with
/// the sides `fixed` kept, least 4.3.2 order and then the most of `prefer`'s players
/// exchanged, as [`sided`] makes it for a remainder's costs; `accept` judges the first
/// matching's cost (the least any candidate has), and the first exchange admitting that
/// cost is returned. Each player's order and preference are [`side_tiers`]'s.
pub(crate) fn first_exchange_by<C: PartialEq>(
    n: usize,
    n1: usize,
    mut solve: impl FnMut(&[Option<bool>], Prefer) -> Option<Sided<C>>,
    accept: impl Fn(&C) -> bool,
) -> Option<Exchange> {
    let mut fixed: Vec<Option<bool>> = vec![None; n];
    let first = solve(&fixed, Prefer::Nothing)?;
    if !accept(&first.cost) {
        return None;
    }
    let exchanged = |s: &Sided<C>, v: usize| if v < n1 { !s.in_s1[v] } else { s.in_s1[v] };
    let k = (0..n1).filter(|&v| exchanged(&first, v)).count();
    let target_order = first.order;
    let target = first.cost;
    let mut witness_in_s1 = first.in_s1;
    // A solution keeping the target that has one of `from..to` (of the side searched)
    // exchanged, `fixed` kept.
    let mut probe = |fixed: &[Option<bool>], prefer: Prefer| {
        solve(fixed, prefer)
            .filter(|s| s.cost == target && s.order == target_order && s.preferred < 0)
    };
    let moved = |in_s1: &[bool], v: usize| if v < n1 { !in_s1[v] } else { in_s1[v] };
    // The largest BSNs moved from S1, one by one from the top.
    let mut upper = n1;
    for _ in 0..k {
        // The witness's largest exchanged below `upper`: it can be moved; is a larger one?
        let mut lo = (0..upper)
            .rev()
            .find(|&v| moved(&witness_in_s1, v))
            .expect("the witness exchanges k");
        let mut hi = upper;
        while lo + 1 < hi {
            let mid = (lo + 1 + hi) / 2;
            match probe(&fixed, Prefer::FromS1(mid, hi)) {
                Some(s) => {
                    lo = (mid..hi)
                        .rev()
                        .find(|&v| moved(&s.in_s1, v))
                        .expect("preferred");
                    witness_in_s1 = s.in_s1;
                }
                None => hi = mid,
            }
        }
        fixed[lo] = Some(false);
        for f in &mut fixed[lo + 1..upper] {
            *f = Some(true);
        }
        upper = lo;
    }
    for f in &mut fixed[..upper] {
        *f = Some(true);
    }
    // The smallest BSNs moved from S2, one by one from the bottom.
    let mut lower = n1;
    for _ in 0..k {
        let mut hi = (lower..n)
            .find(|&v| moved(&witness_in_s1, v))
            .expect("the witness exchanges k");
        let mut lo = lower;
        while lo < hi {
            let mid = (lo + hi) / 2;
            match probe(&fixed, Prefer::FromS2(lo, mid + 1)) {
                Some(s) => {
                    hi = (lo..=mid).find(|&v| moved(&s.in_s1, v)).expect("preferred");
                    witness_in_s1 = s.in_s1;
                }
                None => lo = mid + 1,
            }
        }
        fixed[hi] = Some(true);
        for f in &mut fixed[lower..hi] {
            *f = Some(false);
        }
        lower = hi + 1;
    }
    let a = (0..n1).filter(|&v| fixed[v] == Some(false)).collect();
    let b = (n1..n).filter(|&v| fixed[v] == Some(true)).collect();
    Some((a, b))
}

/// The best matching of `c`'s players (all of them paired, but the one left over) with sides
/// chosen: least cost, then least 4.3.2 order (size, sum difference), then the most of
/// `prefer`'s players exchanged; `fixed` sides kept. `None` if there is none.
fn sided(c: &Costs, fixed: &[Option<bool>], prefer: Prefer) -> Option<Sided<i64>> {
    let n1 = c.n1;
    let n = c.n as i64;
    let tiers = |v: usize, in_s1: bool| side_tiers(c.n, n1, v, in_s1, prefer);
    let may = |v: usize, in_s1: bool| fixed[v].is_none_or(|f| f == in_s1);
    // One number: cost, then order, then preferred, each tier above the most the next can
    // total (orders at most n^3 + 2n^2 in all, preferred at least -n).
    let scale_preferred = 2 * n as i128 + 2;
    let scale_order = ((n as i128 + 1).pow(3) + 1) * scale_preferred;
    let weigh = |(cost, order, preferred): (i64, i64, i64)| {
        i128::from(cost) * scale_order + i128::from(order) * scale_preferred + i128::from(preferred)
    };
    // A pair's best side: its cost (the player in S1 first), order, preferred, and whether
    // `i` is the one in S1.
    let side = |i: usize, j: usize| -> Option<((i64, i64, i64), bool)> {
        [true, false]
            .into_iter()
            .filter(|&i_in| may(i, i_in) && may(j, !i_in))
            .filter_map(|i_in| {
                let cost = if i_in { c.pair[i][j] } else { c.pair[j][i] }?;
                let (oi, pi) = tiers(i, i_in);
                let (oj, pj) = tiers(j, !i_in);
                Some(((cost, oi + oj, pi + pj), i_in))
            })
            .min_by_key(|&(t, _)| weigh(t))
    };
    let top = weigh((1 << 52, 0, 0));
    let left = c.n - 2 * n1;
    let mut edges: Vec<crate::matching::weighted::WideEdge> = Vec::new();
    for i in 0..c.n {
        for j in i + 1..c.n {
            if let Some((t, _)) = side(i, j) {
                edges.push((i, j, top - weigh(t)));
            }
        }
        if left == 1 && may(i, false) {
            if let Some(cost) = c.over[i] {
                let (o, p) = tiers(i, false);
                edges.push((i, c.n, top - weigh((cost, o, p))));
            }
        }
    }
    let mate = crate::matching::weighted::max_weight_matching_wide(c.n + left, &edges, true);
    let mut out = Sided {
        cost: 0,
        order: 0,
        preferred: 0,
        in_s1: vec![false; c.n],
    };
    for (i, &m) in mate.iter().enumerate().take(c.n) {
        let j = m?;
        if j == c.n {
            let (o, p) = tiers(i, false);
            out.cost += c.over[i]?;
            out.order += o;
            out.preferred += p;
        } else if j > i {
            let ((cost, o, p), i_in) = side(i, j)?;
            out.cost += cost;
            out.order += o;
            out.preferred += p;
            out.in_s1[i] = i_in;
            out.in_s1[j] = !i_in;
        }
    }
    Some(out)
}
