//! Criteria as tiers of one wide weight: each edge carries a small cost per criterion, the
//! first criterion the most important, and one maximum-weight perfect matching minimises them
//! in that order (the first, then the second among the matchings best by the first, ...).
//!
//! Each tier gets as many bits as its largest cost needs, plus the bits its sum over a
//! matching needs, so no tier carries into the one above. The weight type is chosen by the
//! bits needed, as the 2026 Dubov and Burstein procedures do.

use crate::matching::weighted::{max_weight_matching_of, Tiers};

/// An edge with a cost per tier, the most important tier first.
pub(super) struct TieredEdge {
    /// One end.
    pub a: usize,
    /// The other end.
    pub b: usize,
    /// The cost in each tier.
    pub costs: Vec<u32>,
}

/// The partners of a matching of largest cardinality that, among those, minimises the tiers'
/// sums in order. `widest[k]` is the largest cost tier `k` holds.
pub(super) fn best(n: usize, edges: &[TieredEdge], widest: &[u32]) -> Vec<Option<usize>> {
    let extra = usize::BITS - n.leading_zeros() + 1;
    let widths: Vec<u32> = widest
        .iter()
        .map(|&w| (u32::BITS - w.leading_zeros()).max(1))
        .collect();
    let total: u32 = widths.iter().map(|w| w + extra).sum::<u32>() + 4;
    if total <= <bnum::BInt<8> as Tiers>::BITS - 8 {
        solve::<bnum::BInt<8>>(n, edges, &widths, extra)
    } else if total <= <bnum::BInt<32> as Tiers>::BITS - 8 {
        solve::<bnum::BInt<32>>(n, edges, &widths, extra)
    } else if total <= <bnum::BInt<128> as Tiers>::BITS - 8 {
        solve::<bnum::BInt<128>>(n, edges, &widths, extra)
    } else {
        solve::<bnum::BInt<1024>>(n, edges, &widths, extra)
    }
}

fn solve<W: Tiers>(
    n: usize,
    edges: &[TieredEdge],
    widths: &[u32],
    extra: u32,
) -> Vec<Option<usize>> {
    // The offset of each tier: the last (least important) at 0.
    let mut offsets = vec![0u32; widths.len()];
    let mut at = 0;
    for k in (0..widths.len()).rev() {
        offsets[k] = at;
        at += widths[k] + extra;
    }
    let weighted: Vec<(usize, usize, W)> = edges
        .iter()
        .map(|e| {
            let mut w = W::ZERO;
            for (k, &c) in e.costs.iter().enumerate() {
                let cap = (1u64 << widths[k]) - 1;
                w = w.plus(W::from(cap - u64::from(c)) << offsets[k]);
            }
            // One more unit keeps every edge's weight above nought.
            (e.a, e.b, w.plus(W::from(1u64)))
        })
        .collect();
    max_weight_matching_of(n, &weighted, true)
}
