//! The first best matching in an order of rows: among the matchings of largest cardinality
//! and then largest weight, the one whose rows, taken in order, each take the earliest
//! partner of its own list (being left unmatched last) that a best matching of the others
//! still allows. A row already taken by an earlier row's choice makes none of its own.
//!
//! Found without trying partners one by one: each row's choice is a field of a wide weight
//! below the given weights (the earlier row the higher field, the earlier partner the larger
//! value), so that one matching of largest weight settles a block of rows at once; the rows
//! settled are then fixed and the next block follows. With `n` vertices a block holds at
//! least one row, so there are at most `n` matchings, each O(n³) operations on a weight of
//! a few 64-bit words: O(n⁴) in the worst case, and in practice a handful of matchings.

use super::weighted::max_weight_matching_of;
use super::weighted::Edge;
use super::weighted::Tiers;
use bnum::BInt;

/// The words of the wide weights: 512 bits, of which the given weights take at most 64 and
/// their total over a matching of `n` vertices a few more.
const WORDS: usize = 8;

/// Each vertex's partner in the first best matching in row order. `rank(r, c)` is `c`'s place
/// (0 the first) in row `r`'s list of partners, `None` where `c` is not on it; only an edge's
/// earlier end (`r < c`) chooses it, and each row's list is at most `n` long. Weights must be
/// non-negative.
pub fn first_in_row_order(
    n: usize,
    edges: &[Edge],
    rank: &dyn Fn(usize, usize) -> Option<usize>,
) -> Vec<Option<usize>> {
    let wide: Vec<(usize, usize, BInt<WORDS>)> = edges
        .iter()
        .map(|&(a, b, w)| (a, b, BInt::<WORDS>::from(w.max(0) as u64)))
        .collect();
    first_in_row_order_of(n, n, &wide, 64, rank)
}

/// [`first_in_row_order`] with weights of a wide type `W` (criteria as tiers, below
/// `given_bits` bits), where only the first `rows` vertices choose (the others are partners,
/// never rows): each row's choice a field below the given weights, as many rows a matching as
/// `W` has room for.
pub fn first_in_row_order_of<W: Tiers>(
    n: usize,
    rows: usize,
    edges: &[(usize, usize, W)],
    given_bits: u32,
    rank: &dyn Fn(usize, usize) -> Option<usize>,
) -> Vec<Option<usize>> {
    let row_bits = usize::BITS - (n + 1).leading_zeros();
    // The total over a matching of `n` vertices needs a few bits more than one edge's.
    let total_bits = given_bits + (usize::BITS - n.leading_zeros()) + 1;
    let room = W::BITS.saturating_sub(total_bits + 3);
    let per = ((room / row_bits) as usize).max(1);
    if rows == 0 {
        return max_weight_matching_of(n, edges, true);
    }
    let mut fixed: Vec<Option<Option<usize>>> = vec![None; n];
    let mut mate: Vec<Option<usize>> = vec![None; n];
    let mut from = 0;
    while from < rows {
        let block: Vec<usize> = (from..rows)
            .filter(|&r| fixed[r].is_none())
            .take(per)
            .collect();
        let Some(&last) = block.last() else {
            break;
        };
        let mut field: Vec<Option<usize>> = vec![None; n];
        for (k, &r) in block.iter().enumerate() {
            field[r] = Some(k);
        }
        let shift = |k: usize| (block.len() - 1 - k) as u32 * row_bits;
        let rows_bits = block.len() as u32 * row_bits;
        let mut wide: Vec<(usize, usize, W)> = Vec::with_capacity(edges.len());
        for &(a, b, w) in edges {
            let (r, c) = (a.min(b), a.max(b));
            let allowed = |v: usize, other: usize| match fixed[v] {
                None => true,
                Some(p) => p == Some(other),
            };
            if !allowed(r, c) || !allowed(c, r) {
                continue;
            }
            let mut x = w << rows_bits;
            if let (Some(k), Some(place)) = (field[r], rank(r, c)) {
                debug_assert!(place < n, "a list of at most n partners");
                x = x.plus(W::from((n - place.min(n - 1)) as u64) << shift(k));
            }
            wide.push((a, b, x));
        }
        mate = max_weight_matching_of(n, &wide, true);
        for &r in &block {
            fixed[r] = Some(mate[r]);
            if let Some(c) = mate[r] {
                fixed[c] = Some(Some(r));
            }
        }
        from = last + 1;
    }
    mate
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::weighted::max_weight_matching;
    use rand::Rng;
    use rand::SeedableRng;

    /// The text's way: row by row, each free row tries its partners in order (then none),
    /// a weighted matching of the others telling whether the best is still reached.
    fn literally(
        n: usize,
        edges: &[Edge],
        rank: &dyn Fn(usize, usize) -> Option<usize>,
    ) -> Vec<Option<usize>> {
        let weight = |a: usize, b: usize| {
            edges
                .iter()
                .find(|&&(x, y, _)| (x, y) == (a, b) || (x, y) == (b, a))
                .map(|e| e.2)
        };
        let best = |alive: &[bool]| -> (usize, i64) {
            let sub: Vec<Edge> = edges
                .iter()
                .copied()
                .filter(|&(a, b, _)| alive[a] && alive[b])
                .collect();
            let m = max_weight_matching(n, &sub, true);
            let mut v = (0, 0);
            for (a, p) in m.iter().enumerate() {
                if let Some(b) = *p {
                    if a < b {
                        v.0 += 1;
                        v.1 += weight(a, b).unwrap();
                    }
                }
            }
            v
        };
        let mut alive = vec![true; n];
        let mut target = best(&alive);
        let mut mate = vec![None; n];
        for r in 0..n {
            if !alive[r] {
                continue;
            }
            let mut list: Vec<usize> = (r + 1..n)
                .filter(|&c| alive[c] && weight(r, c).is_some() && rank(r, c).is_some())
                .collect();
            list.sort_by_key(|&c| rank(r, c));
            let mut chosen = None;
            for c in list.into_iter().map(Some).chain([None]) {
                alive[r] = false;
                if let Some(c) = c {
                    alive[c] = false;
                }
                let gain = c.map_or((0, 0), |c| (1, weight(r, c).unwrap()));
                let rest = best(&alive);
                if (rest.0 + gain.0, rest.1 + gain.1) == target {
                    target = rest;
                    chosen = Some(c);
                    break;
                }
                alive[r] = true;
                if let Some(c) = c {
                    alive[c] = true;
                }
            }
            let c =
                chosen.expect("leaving the row unmatched keeps the best when nothing else does");
            mate[r] = c;
            if let Some(c) = c {
                mate[c] = Some(r);
            }
        }
        mate
    }

    /// On random graphs of up to 14 vertices with ties in their weights, and partners'
    /// lists in several orders, the first best matching in row order is the one the row-by-row
    /// search finds.
    #[test]
    fn the_first_in_row_order_is_the_row_by_row_choice() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for case in 0..400 {
            let n = rng.gen_range(2..=14);
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if rng.gen_bool(0.5) {
                        edges.push((a, b, rng.gen_range(1..4)));
                    }
                }
            }
            let split = rng.gen_range(0..=n);
            let rank = move |r: usize, c: usize| -> Option<usize> {
                if c <= r {
                    None
                } else if r < split {
                    Some(if c >= split { c - split } else { n - split + c })
                } else {
                    Some(c)
                }
            };
            let first = first_in_row_order(n, &edges, &rank);
            assert_eq!(
                first,
                literally(n, &edges, &rank),
                "case {case}: {n} vertices, {edges:?}"
            );
            // The same with wide weights of their own, and in blocks of one row (64 bits).
            let wide: Vec<(usize, usize, i128)> = edges
                .iter()
                .map(|&(a, b, w)| (a, b, i128::from(w)))
                .collect();
            let by_wide = first_in_row_order_of(n, n, &wide, 2, &rank);
            assert_eq!(by_wide, first, "case {case}");
        }
    }
}
