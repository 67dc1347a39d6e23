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

/// The number of `k`-subsets of `n` things, saturating.
pub(crate) fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: usize = 1;
    for i in 0..k {
        // c * (n - i) / (i + 1) stays an integer at every step.
        c = match c.checked_mul(n - i) {
            Some(v) => v / (i + 1),
            None => return usize::MAX,
        };
    }
    c
}
