//! Burstein 2026 3.2 by weights: one bracket paired by one weighted matching of everyone not
//! yet paired (a perfect one is [C4]), [C5]-[C8] as tiers of one wide integer weight and
//! Article 4's order below them. The procedure's general method, and the method the bounds'
//! stand-ins (`fast.rs`) use on a few players; apart from both so that neither imports the
//! other.
use super::definitions::Ctx;
use crate::matching::row_order::first_in_row_order_of;
use crate::matching::weighted::Tiers;
use crate::model::points::Points;
use crate::pairing::index::PlayerIx;

/// Bits for counts up to `n`, with a spare.
fn bits(n: usize) -> u32 {
    usize::BITS - n.leading_zeros() + 1
}

/// The bracket's pairs in a matching (partners by position, the bracket first).
pub(super) fn bracket_pairs(bracket: &[PlayerIx], mate: &[usize]) -> Vec<(PlayerIx, PlayerIx)> {
    (0..bracket.len())
        .filter(|&i| i < mate[i] && mate[i] < bracket.len())
        .map(|i| (bracket[i], bracket[mate[i]]))
        .collect()
}

/// The weighted matching's answer ([`solve`]), its weights as wide as the bracket needs.
/// Each player's partner by position (the bracket, the next scoregroup, then the `below`
/// others), where `ok` allows; `None` when no perfect matching is.
pub(super) fn by_weights(
    cx: &Ctx,
    bracket: &[PlayerIx],
    next: &[PlayerIx],
    below: usize,
    ok: &dyn Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    let mut levels: Vec<Points> = bracket.iter().map(|&p| cx.players[p].score).collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let (b, nx) = (bracket.len(), next.len());
    // [C5]; [C6] a tier per score of the bracket (the highest the weightiest); [C7]: the
    // next bracket's pairs, then a tier per score of those floating into it who are paired
    // there; [C8].
    let mut widths = vec![bits(b)];
    widths.extend(levels.iter().map(|_| bits(2 * b)));
    widths.push(bits(b + nx));
    widths.extend(levels.iter().map(|_| bits(b)));
    widths.push(bits(b));
    let total: u32 = widths.iter().sum();
    let v = b + nx + below;
    let room = total + bits(v) + 2 * (usize::BITS - v.leading_zeros()) + 8;
    if room <= 120 {
        solve::<i128>(cx, bracket, next, below, ok, &levels, &widths)
    } else if room <= 500 {
        solve::<bnum::BInt<8>>(cx, bracket, next, below, ok, &levels, &widths)
    } else if room <= 2000 {
        solve::<bnum::BInt<32>>(cx, bracket, next, below, ok, &levels, &widths)
    } else {
        solve::<bnum::BInt<256>>(cx, bracket, next, below, ok, &levels, &widths)
    }
}

/// `procedure::pair_bracket` with weights of type `W`: one matching of everyone not yet paired (a
/// perfect one is [C4]), [C5]-[C8] tiers of each pair's weight, and Article 4's order below
/// them, the bracket's players choosing in BSN order (4.3: the largest BSN first, floating
/// last), a block of them a matching.
fn solve<W: Tiers>(
    cx: &Ctx,
    bracket: &[PlayerIx],
    next: &[PlayerIx],
    below: usize,
    ok: &dyn Fn(usize, usize) -> bool,
    levels: &[Points],
    widths: &[u32],
) -> Option<Vec<usize>> {
    let players: Vec<PlayerIx> = bracket.iter().chain(next).copied().collect();
    let (b, nx) = (bracket.len(), next.len());
    let v = b + nx + below;
    let mut offsets = vec![0u32; widths.len()];
    let mut at = 0;
    for t in (0..widths.len()).rev() {
        offsets[t] = at;
        at += widths[t];
    }
    let tier = |t: usize, value: u64| W::from(value) << offsets[t];
    let nl = levels.len();
    let level = |p: PlayerIx| {
        levels
            .iter()
            .position(|&s| s == cx.players[p].score)
            .unwrap_or(0)
    };
    let (c7, c8) = (1 + nl, 2 + 2 * nl);
    let mut edges: Vec<(usize, usize, W)> = Vec::new();
    for i in 0..v {
        for j in i + 1..v {
            if !ok(i, j) {
                continue;
            }
            let mut w = W::ZERO;
            if j < b {
                let (pi, pj) = (players[i], players[j]);
                w = w.plus(tier(0, 1));
                w = w.plus(tier(1 + level(pi), 1)).plus(tier(1 + level(pj), 1));
                let (x, y) = (cx.players[pi].pref.color(), cx.players[pj].pref.color());
                if !(x.is_some() && x == y) {
                    w = w.plus(tier(c8, 1));
                }
            } else if j < b + nx {
                w = w.plus(tier(c7, 1));
                if i < b {
                    w = w.plus(tier(c7 + 1 + level(players[i]), 1));
                }
            }
            edges.push((i, j, w));
        }
    }
    let given: u32 = widths.iter().sum::<u32>() + 1;
    // 4.3: a bracket player's partners, the largest BSN first; floating (a partner outside
    // the bracket) last.
    let rank = |r: usize, c: usize| (r < b && c < b && c > r).then(|| b - 1 - c);
    let mate = first_in_row_order_of::<W>(v, b, &edges, given, &rank);
    mate.into_iter().collect()
}
