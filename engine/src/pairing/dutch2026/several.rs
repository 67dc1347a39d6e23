//! Dutch 2026 3.6 and 3.8 for a homogeneous bracket or remainder whose candidates leave
//! several players over: the best candidate by [C4]-[C16], and the first in Article 4's order
//! that reaches it, found by weighted matchings of everyone not yet paired, never by walking
//! the candidates.
//!
//! # Why a matching decides it
//! A candidate of the remainder `R` (its pairs, the players it leaves over) with the
//! downfloaters already fixed (`F`, the Limbo of an MDP-Pairing) is judged with the players
//! below (`L`): [C4] asks that `F`, the players left over and `L` can all be paired (one of
//! them given the bye if their number is odd), [C5] the lowest score the bye can go to, and
//! [C8] the fewest players (then the lowest scores) the next bracket must leave unpaired in
//! such a pairing. So a candidate together with the pairing of the rest that gives its
//! [C5] and [C8] is a perfect matching of `R ∪ F ∪ L` (and a vertex for the bye): the pairs
//! within `R` are the candidate's pairs, a player of `R` matched outside `R` is one it leaves
//! over. Conversely every perfect matching is such a candidate with one pairing of the rest.
//! Two players of `R` left over and paired with each other below never give the best: pairing
//! them in the bracket gives the same rest one downfloater fewer ([C6]) and changes neither
//! [C4] nor [C5]; so only pairs within `R` join players of `R`.
//!
//! Each criterion the remainder's candidates can differ on is a sum over the matching's edges:
//! [C5] over the bye's edge (its assignee's score), [C6] over the pairs within `R`, [C8] over
//! the edges from a player of the next bracket to one below it (or to the bye), counted by
//! number and then by score from the highest, [C9] (where it applies: one player left over,
//! of the bye's score) over that player's edge, [C10]-[C13] over the pairs within `R`, [C14]
//! and [C16] over the edges of the players left over. [C7] is the same for every candidate of
//! a remainder with the same [C6] (its players share a score), and [C15], [C17]-[C21] are the
//! MDP-Pairing's, fixed. Each criterion is a field of one integer weight, the earlier
//! criterion the higher field, each field wide enough that its total over a matching never
//! carries into the next: so the matching of largest weight among the perfect ones (Edmonds'
//! algorithm, `crate::matching::weighted`) is a best candidate with a pairing of the rest that
//! shows its standing.
//!
//! # A bracket's MDP-Pairing
//! For a heterogeneous bracket the same graph holds the MDPs: an edge from an MDP to a
//! resident is a pair of the MDP-Pairing (with its [C15], [C17]-[C21] by the score
//! difference, level by level), an MDP matched outside the bracket is in the Limbo ([C7] by its
//! score, [C18]/[C20] by its difference to the next scoregroup); two MDPs meet only below.
//! [C7] counts the downfloaters score by score. Below the criteria, 4.4.2's order of the sets
//! of MDPs paired (a bit per MDP, the higher BSN the lower bit: the first set in lexicographic
//! order has the largest sum), then 4.2.2's rows (each MDP, in order, the earliest resident
//! that keeps the best). The remainder that MDP-Pairing leaves is then chosen as above.
//!
//! # The first candidate that reaches it
//! Below the criteria lie the fields of Article 4's order. 4.3.2's resident-exchange: its size
//! and sum difference are sums over the players (each player's side) as one field; its third
//! rule (the larger of the largest differing BSNs moved from S1) a bit per player of the
//! original S1 moved, the larger BSN the higher bit; its fourth (the smaller of the smallest
//! differing BSNs moved from S2) a bit per player of the original S2 moved, the smaller BSN
//! the higher bit. Comparing such sums compares the sets as the rules do, so one matching
//! gives the first exchange admitting the best. Then, the sides fixed, 4.2.2's transposition:
//! each row of S1 (in order) takes the first member of S2 that still allows the best; a block
//! of rows is one field each, the earlier row the higher, its value the larger the earlier the
//! column, so one matching settles a block of rows at once.
//!
//! Fields no candidate can differ on take no room (a criterion nobody's floats or colours can
//! fail). The matchings start from the players below the next scoregroup paired among
//! themselves: a potential added to every edge of each of them makes their edges the heaviest
//! without changing which perfect matching is best.
//!
//! # Work
//! With `V` vertices (the bracket, the fixed downfloaters, the players below and the bye) a
//! matching is O(V³) operations on weights of `w` 64-bit words (`w` grows with the number of
//! fields: 2 to 16 in the fields measured). A remainder asks for one matching for the best and
//! the exchange (two where [C9] applies) and `⌈n1 / t⌉` for the rows (`t` rows a matching, at
//! least one); a bracket's MDP-Pairing one for the best and the set and `⌈m / t⌉` for its
//! rows: O(n · V³ · w) in all, polynomial in the bracket's size, with no search and no
//! limit. Measured (`cargo bench -p engine --bench pairing -- white-wins`): a round of an open
//! of 200 where White wins every game in under 0.3 s, of 400 in under 5 s, of 1,000 in about
//! two minutes, the matchings of all the players below (`V`) being the cost.
//!
//! This file is long because one graph (`Graph`) answers both of its questions (a remainder's,
//! [`first_best`], and an MDP-Pairing's, [`mdp_pairing`]): the layout of the criteria's fields
//! in a weight, their values on each edge, the solving and the rows are steps over the same
//! vertices and fields, methods of one type each calling the others.
use super::criteria::Bracket;
use super::criteria::PairPart;
use super::criteria::BYE_DIFFERENCE;
use super::definitions::Ctx;
use super::sequence::side_tiers;
use super::sequence::Exchange;
use super::sequence::Prefer;
use crate::matching::weighted::max_weight_matching_from;
use crate::model::history::Float;
use crate::model::points::Points;
use crate::pairing::index::PlayerIx;
use bnum::BInt;

/// The first candidate of a remainder's sequence reaching the best, or why there is none at
/// the number of pairs asked.
pub(crate) enum Outcome {
    /// No candidate of the remainder complies with [C4].
    Empty,
    /// The best candidates have this many pairs, not the number asked.
    Pairs(usize),
    /// The first candidate reaching the best: its pairs (S1's player first) and the players
    /// it leaves over, and the resident-exchange that admits it.
    Found {
        pairs: Vec<(PlayerIx, PlayerIx)>,
        left: Vec<PlayerIx>,
        exchange: Exchange,
    },
}

/// A remainder (its `players` by BSN, the first `n1` its original S1) with the fixed
/// downfloaters `fixed` of bracket `b`: the first candidate reaching the best.
pub(crate) fn first_best(
    cx: &Ctx,
    b: &Bracket,
    players: &[PlayerIx],
    n1: usize,
    fixed: &[PlayerIx],
) -> Outcome {
    #[cfg(test)]
    USED[0].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let g = Graph::new(cx, b, &[], players, n1, fixed);
    let bits = g.layout(None).bits + g.low_bits(n1.min(8) as u32) + 6;
    dispatch!(bits, |W| g.remainder::<W>())
}

/// How often the tests made [`first_best`] and [`mdp_pairing`] decide (so that a test can
/// show it reached them).
#[cfg(test)]
pub(crate) static USED: [std::sync::atomic::AtomicUsize; 2] = [
    std::sync::atomic::AtomicUsize::new(0),
    std::sync::atomic::AtomicUsize::new(0),
];

/// A heterogeneous bracket's MDP-Pairing reaching the best of the bracket: the MDPs paired
/// (the first set of 4.4.2's order among those of the best candidates) with their residents
/// (the first transposition of 4.2.2's order that still allows the best), and how many pairs
/// the remainder then has; `None` when no candidate complies with [C4].
pub(crate) struct MdpPairing {
    pub(crate) pairs: Vec<(PlayerIx, PlayerIx)>,
    pub(crate) limbo: Vec<PlayerIx>,
    pub(crate) remainder: Vec<PlayerIx>,
    pub(crate) remainder_pairs: usize,
}

/// See [`MdpPairing`].
pub(crate) fn mdp_pairing(cx: &Ctx, b: &Bracket) -> Option<MdpPairing> {
    #[cfg(test)]
    USED[1].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let g = Graph::new(cx, b, &b.mdps, &b.residents, 0, &[]);
    let bits = g.layout(None).bits + g.low_bits(b.mdps.len().min(8) as u32) + 6;
    dispatch!(bits, |W| g.bracket::<W>())
}

/// Runs `$run` with weights of the fewest 64-bit words that hold `$bits`.
macro_rules! dispatch {
    ($bits:expr, |$w:ident| $run:expr) => {{
        match ($bits as usize).div_ceil(64) {
            0..=2 => {
                const $w: usize = 2;
                $run
            }
            3..=4 => {
                const $w: usize = 4;
                $run
            }
            5..=8 => {
                const $w: usize = 8;
                $run
            }
            9..=16 => {
                const $w: usize = 16;
                $run
            }
            17..=32 => {
                const $w: usize = 32;
                $run
            }
            33..=64 => {
                const $w: usize = 64;
                $run
            }
            _ => {
                const $w: usize = 128;
                $run
            }
        }
    }};
}
use dispatch;

/// Everyone not yet paired, as the matchings see them: the bracket's players (the MDPs, then
/// the residents or the remainder), the fixed downfloaters, the players below, and a vertex
/// for the bye when their number is odd.
struct Graph<'a> {
    cx: &'a Ctx,
    b: &'a Bracket,
    verts: Vec<PlayerIx>,
    /// The MDPs: vertices `0..m` (none for a remainder).
    m: usize,
    /// The residents or the remainder: vertices `m..m + n`.
    n: usize,
    /// A remainder's original S1: its first `n1` players.
    n1: usize,
    /// The fixed downfloaters: vertices `m + n..m + n + f`.
    f: usize,
    bye: bool,
    /// Whether each vertex is in the next bracket (the downfloaters and the next
    /// scoregroup); none in the last bracket.
    next: Vec<bool>,
    /// [C5]: the scores of those who may take the bye, ascending.
    bye_scores: Vec<Points>,
    /// [C7]: the bracket's scores, from the highest.
    scores: Vec<Points>,
    /// [C8]: the next bracket's scores, from the highest.
    levels: Vec<Points>,
    /// [C18]-[C21]: the score differences an MDP's pair or Limbo can give, from the highest.
    diffs: Vec<Points>,
}

/// Where each field of the criteria lies in a weight.
struct Layout {
    /// Each field's largest value on one edge and its shift, from the highest criterion.
    fields: Vec<(u64, u32)>,
    bits: u32,
    /// [C9]: the bye's score, where one player floats in all.
    c9: Option<Points>,
}

/// The bits a field needs whose total over `edges` edges of at most `max` each must fit
/// (none for a field that is always 0).
fn width(edges: usize, max: u64) -> u32 {
    if max == 0 {
        return 0;
    }
    let total = (edges as u128 + 1) * u128::from(max);
    128 - total.leading_zeros()
}

/// What one matching is asked.
#[derive(Clone, Copy)]
struct Ask<'r> {
    /// A remainder's sides kept (by vertex).
    sides: Option<&'r [Option<bool>]>,
    /// The MDPs' part (by vertex): paired with a resident or not.
    paired: Option<&'r [bool]>,
    /// 4.4.2: the first set of MDPs paired.
    sets: bool,
    rows: Option<&'r Rows<'r>>,
}

impl Ask<'_> {
    fn plain() -> Ask<'static> {
        Ask {
            sides: None,
            paired: None,
            sets: false,
            rows: None,
        }
    }
}

/// 4.2.2's rows being settled: each vertex's row in S1 or column in S2, the partner of each
/// vertex already fixed, and the block of rows this matching settles.
struct Rows<'r> {
    row: &'r [Option<usize>],
    col: &'r [Option<usize>],
    forced: &'r [Option<usize>],
    block: std::ops::Range<usize>,
}

/// One matching's answer.
struct Solution {
    /// The criteria's fields, each totalled over the matching.
    quality: Vec<u64>,
    order: i64,
    /// Each remainder vertex's side.
    in_s1: Vec<bool>,
    /// Each bracket vertex's partner in the bracket, if paired there.
    partner: Vec<Option<usize>>,
    /// The bye's assignee.
    bye: Option<usize>,
}

impl<'a> Graph<'a> {
    fn new(
        cx: &'a Ctx,
        b: &'a Bracket,
        mdps: &[PlayerIx],
        players: &[PlayerIx],
        n1: usize,
        fixed: &[PlayerIx],
    ) -> Graph<'a> {
        let verts: Vec<PlayerIx> = mdps
            .iter()
            .chain(players)
            .chain(fixed)
            .chain(&b.lower)
            .copied()
            .collect();
        let (m, n, f) = (mdps.len(), players.len(), fixed.len());
        let last = b.lower.is_empty();
        let in_next = m + n + f + b.next.len();
        let next: Vec<bool> = (0..verts.len()).map(|v| !last && v < in_next).collect();
        let score = |p: &PlayerIx| cx.players[*p].score;
        let sorted_down = |mut v: Vec<Points>| {
            v.sort_by(|x, y| y.cmp(x));
            v.dedup();
            v
        };
        let mut bye_scores: Vec<Points> = verts
            .iter()
            .filter(|&&p| cx.players[p].can_bye)
            .map(score)
            .collect();
        bye_scores.sort();
        bye_scores.dedup();
        let scores = sorted_down(verts[..m + n].iter().map(score).collect());
        let levels = sorted_down(
            (0..verts.len())
                .filter(|&v| next[v])
                .map(|v| score(&verts[v]))
                .collect(),
        );
        let below = (!last).then(|| b.next.first().map(score)).flatten();
        let mut diffs: Vec<Points> = Vec::new();
        for &p in mdps {
            diffs.push(below.map_or(BYE_DIFFERENCE, |s| score(&p) - s));
            diffs.extend(players.iter().map(|q| score(&p) - score(q)));
        }
        let diffs = sorted_down(diffs);
        Graph {
            cx,
            b,
            bye: verts.len() % 2 == 1,
            verts,
            m,
            n,
            n1,
            f,
            next,
            bye_scores,
            scores,
            levels,
            diffs,
        }
    }

    fn vertices(&self) -> usize {
        self.verts.len() + usize::from(self.bye)
    }

    /// The edges of a perfect matching.
    fn matched_edges(&self) -> usize {
        self.vertices() / 2
    }

    /// The fields of [C5]-[C21], the earlier the higher.
    fn layout(&self, c9: Option<Points>) -> Layout {
        let e = self.matched_edges();
        let most_unplayed = (0..self.m + self.n)
            .map(|v| u64::from(self.cx.players[self.verts[v]].unplayed))
            .max()
            .unwrap_or(0);
        let d = self.diffs.len();
        // A criterion no candidate can differ on takes no room (its largest value 0, and no
        // edge costs anything there): [C7] and [C8] by score where one score is all there
        // is (the count decides), [C10]/[C11] without a topscorer, the floats' criteria
        // where nobody has the float they count.
        let (m, n) = (self.m, self.n);
        let pl = |v: usize| &self.cx.players[self.verts[v]];
        let any = |from: usize, to: usize, f: &dyn Fn(&super::definitions::Player) -> bool| {
            (from..to).any(|v| f(pl(v)))
        };
        let on = |yes: bool, most: u64| if yes { most } else { 0 };
        let top = any(0, m + n, &|p| p.topscorer);
        let res_down1 = any(m, m + n, &|p| p.float1 == Some(Float::Down));
        let res_down2 = any(m, m + n, &|p| p.float2 == Some(Float::Down));
        let paired_mdps = m > 0;
        let up1 = paired_mdps && any(m, m + n, &|p| p.float1 == Some(Float::Up));
        let up2 = paired_mdps && any(m, m + n, &|p| p.float2 == Some(Float::Up));
        let mdp_down1 = any(0, m, &|p| p.float1 == Some(Float::Down));
        let mdp_down2 = any(0, m, &|p| p.float2 == Some(Float::Down));
        let mut max: Vec<u64> = vec![self.bye_scores.len() as u64, 1];
        let several_scores = self.scores.len() > 1;
        max.extend(self.scores.iter().map(|_| on(several_scores, 2)));
        max.push(1);
        let several_levels = self.levels.len() > 1;
        max.extend(self.levels.iter().map(|_| on(several_levels, 1)));
        max.push(if c9.is_some() { 2 * most_unplayed } else { 0 });
        max.extend([
            on(top, 2),
            on(top, 2),
            2,
            2,
            on(res_down1, 1),
            on(up1, 1),
            on(res_down2, 1),
            on(up2, 1),
        ]);
        max.extend(std::iter::repeat_n(on(mdp_down1, 2), d));
        max.extend(std::iter::repeat_n(on(up1, 1), d));
        max.extend(std::iter::repeat_n(on(mdp_down2, 2), d));
        max.extend(std::iter::repeat_n(on(up2, 1), d));
        let mut fields = vec![(0, 0); max.len()];
        let mut shift = 0;
        for k in (0..max.len()).rev() {
            fields[k] = (max[k], shift);
            shift += width(e, max[k]);
        }
        Layout {
            fields,
            bits: shift,
            c9,
        }
    }

    /// The largest order one player can add (4.3.2's first two rules).
    fn most_order(&self) -> i64 {
        let n = self.n as i64;
        n * n + 2 * n
    }

    /// The bits of one row of 4.2.2.
    fn row_bits(&self) -> u32 {
        width(1, self.n as u64 + 1)
    }

    /// The bits below the criteria: 4.3.2's order (a remainder) or
    /// 4.4.2's sets (a bracket), and a block of `rows` rows.
    fn low_bits(&self, rows: u32) -> u32 {
        let e = self.matched_edges();
        let order = if self.m == 0 {
            width(e, 2 * self.most_order() as u64) + self.n as u32 + 2
        } else {
            self.m as u32 + 1
        };
        order + rows * self.row_bits()
    }

    /// The criteria's values of the edge `x`-`y` (`y` the bye's vertex when it is
    /// `verts.len()`), each at most its field's largest: the largest less what the edge
    /// costs.
    fn values(&self, layout: &Layout, x: usize, y: usize) -> Vec<u64> {
        let cx = self.cx;
        let (m, n, nv) = (self.m, self.n, self.verts.len());
        let pl = |v: usize| &cx.players[self.verts[v]];
        let mut v: Vec<u64> = layout.fields.iter().map(|&(most, _)| most).collect();
        // What the edge costs on field `k` (a field that takes no room costs nothing: see
        // `layout`).
        let cost = |v: &mut Vec<u64>, k: usize, x: u64| {
            if layout.fields[k].0 > 0 {
                v[k] -= x;
            }
        };
        let c7 = 2;
        let c8 = c7 + self.scores.len();
        let c9 = c8 + 1 + self.levels.len();
        let c10 = c9 + 1;
        let d = self.diffs.len();
        let c18 = c10 + 8;
        let diff_at = |x: Points| self.diffs.binary_search_by(|t| x.cmp(t)).ok();
        let bracket = |u: usize| u < m + n;
        // Both in the bracket, not both MDPs: a pair of the candidate.
        let inside = bracket(x) && bracket(y) && y < nv && (x >= m || y >= m);
        // [C5]: the lower the assignee's score, the more.
        if y == nv {
            let rank = self.bye_scores.binary_search(&pl(x).score).unwrap_or(0) as u64;
            let most = v[0];
            cost(&mut v, 0, (rank + 1).min(most));
        }
        if inside {
            // [C6].
            v[1] = 1;
            let (a, r) = (x.min(y), x.max(y));
            let mut part = PairPart::default();
            part.add(cx, self.b, self.verts[a], self.verts[r], false);
            for k in 0..4 {
                cost(&mut v, c10 + k, part.counts[k] as u64);
            }
            if a < m {
                // An MDP-Pairing's pair: [C15], [C17]-[C21].
                let (mdp, opp) = (pl(a), pl(r));
                let dd = diff_at(mdp.score - opp.score);
                if opp.float1 == Some(Float::Up) {
                    cost(&mut v, c10 + 5, 1);
                    if let Some(l) = dd {
                        cost(&mut v, c18 + d + l, 1);
                    }
                }
                if opp.float2 == Some(Float::Up) {
                    cost(&mut v, c10 + 7, 1);
                    if let Some(l) = dd {
                        cost(&mut v, c18 + 3 * d + l, 1);
                    }
                }
                if mdp.float1 == Some(Float::Down) {
                    if let Some(l) = dd {
                        cost(&mut v, c18 + l, 1);
                    }
                }
                if mdp.float2 == Some(Float::Down) {
                    if let Some(l) = dd {
                        cost(&mut v, c18 + 2 * d + l, 1);
                    }
                }
            }
            return v;
        }
        v[1] = 0;
        // [C8]: a player of the next bracket matched outside it.
        let out = |p: usize, q: usize| self.next[p] && (q == nv || !self.next[q]);
        for (p, q) in [(x, y), (y, x)] {
            if p < nv && out(p, q) {
                cost(&mut v, c8, 1);
                if let Ok(l) = self.levels.binary_search_by(|t| pl(p).score.cmp(t)) {
                    cost(&mut v, c8 + 1 + l, 1);
                }
            }
        }
        // The bracket's players on this edge float.
        let below = (!self.b.lower.is_empty())
            .then(|| self.b.next.first().map(|&p| cx.players[p].score))
            .flatten();
        for p in [x, y].into_iter().filter(|&p| bracket(p)) {
            let player = pl(p);
            if let Ok(l) = self.scores.binary_search_by(|t| player.score.cmp(t)) {
                cost(&mut v, c7 + l, 1);
            }
            if layout.c9 == Some(player.score) {
                cost(&mut v, c9, u64::from(player.unplayed));
            }
            if p >= m {
                // [C14], [C16]: a resident.
                if player.float1 == Some(Float::Down) {
                    cost(&mut v, c10 + 4, 1);
                }
                if player.float2 == Some(Float::Down) {
                    cost(&mut v, c10 + 6, 1);
                }
            } else {
                // [C18], [C20]: an MDP in the Limbo, by its difference to the next
                // scoregroup (the bye's, larger than any, in the last bracket).
                let dd = diff_at(below.map_or(BYE_DIFFERENCE, |s| player.score - s));
                if let Some(l) = dd {
                    if player.float1 == Some(Float::Down) {
                        cost(&mut v, c18 + l, 1);
                    }
                    if player.float2 == Some(Float::Down) {
                        cost(&mut v, c18 + 2 * d + l, 1);
                    }
                }
            }
        }
        v
    }

    /// The best matching that `ask` allows: the criteria first, then (a remainder) least
    /// order, or (a bracket) 4.4.2's first set, then the block's rows each
    /// at its earliest column; `None` when nobody's pairing complies with [C4].
    fn solve<const N: usize>(&self, layout: &Layout, ask: Ask) -> Option<Solution> {
        let cx = self.cx;
        let (m, n, nv) = (self.m, self.n, self.verts.len());
        let bracket = |u: usize| u < m + n;
        let may = |v: usize, in_s1: bool| {
            ask.sides
                .is_none_or(|s| v < m || v >= m + n || s[v].is_none_or(|f| f == in_s1))
        };
        let forced = |v: usize| ask.rows.and_then(|r| r.forced.get(v).copied().flatten());
        let row_bits = self.row_bits();
        let block = ask.rows.map_or(0, |r| r.block.len()) as u32;
        let e = self.matched_edges();
        // Below the criteria: 4.3.2's first two rules as one number, its third and its fourth
        // as one bit per player, then the block's rows (a remainder); the set, then the rows
        // (a bracket).
        let n1 = self.n1;
        let fourth = block * row_bits;
        let third = fourth + (n - n1) as u32 + 1;
        let order_shift = third + n1 as u32 + 1;
        let set_shift = fourth;
        let low_bits = self.low_bits(block);
        let _ = e;
        let word = |x: u64| BInt::<N>::from(x);
        let pack = |values: &[u64]| -> BInt<N> {
            let mut w = BInt::<N>::ZERO;
            for (k, &x) in values.iter().enumerate() {
                w += word(x) << layout.fields[k].1;
            }
            w
        };
        let tiers = |v: usize, in_s1: bool| {
            if m == 0 && ask.sides.is_some() {
                side_tiers(n, self.n1, v, in_s1, Prefer::Nothing).0
            } else {
                0
            }
        };
        let low = |order: i64| -> BInt<N> {
            if m == 0 {
                word((2 * self.most_order() - order) as u64) << order_shift
            } else {
                BInt::<N>::ZERO
            }
        };
        // 4.3.2's third rule (of two exchanges, the one moving the larger of the largest
        // differing BSNs from S1) as a bit per player of the original S1 moved, the larger
        // BSN the higher bit, so that the larger sum is the exchange first in the order; its
        // fourth (the smaller of the smallest differing BSNs moved from S2) as a bit per
        // player of the original S2 moved, the smaller BSN the higher bit.
        let moved = |v: usize, in_s1: bool| -> BInt<N> {
            if m != 0 {
                BInt::<N>::ZERO
            } else if v < n1 && !in_s1 {
                word(1) << (third + v as u32)
            } else if v >= n1 && in_s1 {
                word(1) << (fourth + (n - 1 - v) as u32)
            } else {
                BInt::<N>::ZERO
            }
        };
        let row_value = |one: usize, two: usize| -> BInt<N> {
            ask.rows
                .and_then(|r| {
                    let i = r.row[one]?;
                    let c = r.col[two]?;
                    r.block.contains(&i).then(|| {
                        let k = (r.block.end - 1 - i) as u32;
                        word(n as u64 + 1 - c as u64) << (k * row_bits)
                    })
                })
                .unwrap_or(BInt::<N>::ZERO)
        };
        let set_value = |mdp: usize| -> BInt<N> {
            if ask.sets {
                word(1) << (set_shift + (m - 1 - mdp) as u32)
            } else {
                BInt::<N>::ZERO
            }
        };
        // The matcher's edges, and what each adds up to: values, order, and
        // whether its first end is in S1.
        let mut edges: Vec<(usize, usize, BInt<N>)> = Vec::new();
        let mut parts: Vec<(u32, i64, bool)> = Vec::new();
        // The criteria's values of the edges, each distinct list once (the players below the
        // next scoregroup pair among themselves at no cost: one list for all those edges).
        let mut tables: Vec<Vec<u64>> = Vec::new();
        let mut table = |values: Vec<u64>| {
            tables.push(values);
            (tables.len() - 1) as u32
        };
        let below_from = if self.b.lower.is_empty() {
            nv
        } else {
            m + n + self.f + self.b.next.len()
        };
        let is_below = |v: usize| v >= below_from && v < nv;
        let mut among_below: Option<(u32, BInt<N>)> = None;
        for x in 0..nv {
            for y in x + 1..=nv {
                let to_bye = y == nv;
                if to_bye {
                    if !self.bye || !cx.players[self.verts[x]].can_bye {
                        continue;
                    }
                } else if !cx.pair_ok(self.verts[x], self.verts[y]) {
                    continue;
                }
                if forced(x).is_some_and(|p| p != y) || forced(y).is_some_and(|p| p != x) {
                    continue;
                }
                let pairing = ask.paired;
                if x < m && bracket(y) && y >= m {
                    // An MDP with a resident.
                    if pairing.is_some_and(|p| !p[x]) {
                        continue;
                    }
                    let values = self.values(layout, x, y);
                    let w = (pack(&values) << low_bits) + set_value(x) + row_value(x, y);
                    edges.push((x, y, w));
                    parts.push((table(values), 0, true));
                } else if bracket(x) && bracket(y) && x >= m {
                    // A pair of the remainder: on the side that orders it best.
                    let mut best: Option<(BInt<N>, i64, bool)> = None;
                    for x_in in [true, false] {
                        if !may(x, x_in) || !may(y, !x_in) {
                            continue;
                        }
                        let o = tiers(x - m, x_in) + tiers(y - m, !x_in);
                        let (one, two) = if x_in { (x, y) } else { (y, x) };
                        let key =
                            low(o) + moved(x - m, x_in) + moved(y - m, !x_in) + row_value(one, two);
                        if best.as_ref().is_none_or(|b| key > b.0) {
                            best = Some((key, o, x_in));
                        }
                    }
                    if let Some((key, o, x_in)) = best {
                        let values = self.values(layout, x, y);
                        edges.push((x, y, (pack(&values) << low_bits) + key));
                        parts.push((table(values), o, x_in));
                    }
                } else if is_below(x) && is_below(y) {
                    let (id, w) = *among_below.get_or_insert_with(|| {
                        let values = self.values(layout, x, y);
                        let w = (pack(&values) << low_bits) + low(0);
                        (table(values), w)
                    });
                    edges.push((x, y, w));
                    parts.push((id, 0, false));
                } else {
                    // An edge of the rest: a bracket's player on it floats (a remainder's in
                    // S2, 4.3.2), unless fixed to a pair. Two residents, or an MDP and a
                    // resident, floating to meet below are never best (they could meet here).
                    let ends: Vec<usize> = [x, y].into_iter().filter(|&v| bracket(v)).collect();
                    if ends.len() == 2 && ends.iter().any(|&v| v >= m) {
                        continue;
                    }
                    let mut o = 0;
                    let mut bits = BInt::<N>::ZERO;
                    let mut ok = true;
                    for &v in &ends {
                        if v < m {
                            ok &= pairing.is_none_or(|q| !q[v]);
                        } else {
                            ok &= may(v, false);
                            o += tiers(v - m, false);
                            bits += moved(v - m, false);
                        }
                    }
                    if !ok {
                        continue;
                    }
                    let values = self.values(layout, x, y);
                    edges.push((x, y, (pack(&values) << low_bits) + low(o) + bits));
                    parts.push((table(values), o, false));
                }
            }
        }
        // A start for the matching: the players below the next scoregroup paired greedily
        // among themselves. Their edges are made the heaviest of all by a potential added to
        // every edge of each of them (`lift`, with the weights doubled to keep it whole): a
        // perfect matching has one edge at each player, so every perfect matching's weight
        // grows by the same amount and the best stays the best; and every other edge of theirs
        // weighs no more than those (it costs [C5] or [C8] where they cost nothing).
        let mut start: Vec<usize> = Vec::new();
        if let Some((_, plain)) = among_below {
            let heaviest = edges.iter().map(|e| e.2).max().unwrap_or(plain);
            let lift = heaviest - plain;
            for e in &mut edges {
                let lifted = usize::from(is_below(e.0)) + usize::from(is_below(e.1));
                e.2 = e.2 + e.2 + lift * BInt::<N>::from(lifted as u64);
            }
            let mut taken = vec![false; nv + 1];
            for (k, &(x, y, _)) in edges.iter().enumerate() {
                if is_below(x) && is_below(y) && !taken[x] && !taken[y] {
                    taken[x] = true;
                    taken[y] = true;
                    start.push(k);
                }
            }
        }
        let mate = max_weight_matching_from(self.vertices(), &edges, true, &start);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let mut out = Solution {
            quality: vec![0; layout.fields.len()],
            order: 0,
            in_s1: vec![false; m + n],
            partner: vec![None; m + n],
            bye: None,
        };
        let index: std::collections::HashMap<(usize, usize), usize> = edges
            .iter()
            .enumerate()
            .map(|(k, &(x, y, _))| ((x, y), k))
            .collect();
        for (x, mate_of) in mate.iter().enumerate() {
            let y = (*mate_of)?;
            if y < x {
                continue;
            }
            let (id, o, x_in) = &parts[*index.get(&(x, y))?];
            let values = &tables[*id as usize];
            for (t, &v) in out.quality.iter_mut().zip(values) {
                *t += v;
            }
            out.order += o;
            if y == nv {
                out.bye = Some(x);
            }
            if bracket(x) && bracket(y) && (x >= m || y >= m) {
                out.in_s1[x] = *x_in;
                out.in_s1[y] = !*x_in;
                out.partner[x] = Some(y);
                out.partner[y] = Some(x);
            }
        }
        Some(out)
    }

    /// [C9]'s field, where the best leaves one player over in all: the bye's score.
    fn c9_of(&self, first: &Solution) -> Option<Points> {
        let paired = first.partner.iter().flatten().count();
        let floaters = self.m + self.n - paired + self.f;
        (floaters == 1)
            .then(|| first.bye.map(|v| self.cx.players[self.verts[v]].score))
            .flatten()
    }

    /// The rows of S1 (`s1`, vertices in order) each with the earliest column of S2 that keeps
    /// the best, a block of rows per matching; each row's partner, or `None` when there is
    /// no best matching.
    fn rows<const N: usize>(
        &self,
        layout: &Layout,
        ask: Ask,
        s1: &[usize],
        s2: &[usize],
    ) -> Option<Vec<usize>> {
        let nv = self.verts.len();
        let mut row = vec![None; nv];
        for (i, &v) in s1.iter().enumerate() {
            row[v] = Some(i);
        }
        let mut col = vec![None; nv];
        for (c, &v) in s2.iter().enumerate() {
            col[v] = Some(c);
        }
        let room = (64 * N as u32).saturating_sub(layout.bits + self.low_bits(0) + 6);
        let per = ((room / self.row_bits()) as usize).max(1);
        let mut forced: Vec<Option<usize>> = vec![None; nv];
        let mut partners: Vec<usize> = Vec::with_capacity(s1.len());
        let mut target: Option<Vec<u64>> = None;
        while partners.len() < s1.len() {
            let from = partners.len();
            let block = from..(from + per).min(s1.len());
            let r = Rows {
                row: &row,
                col: &col,
                forced: &forced,
                block: block.clone(),
            };
            let s = self.solve::<N>(
                layout,
                Ask {
                    rows: Some(&r),
                    ..ask
                },
            )?;
            match &target {
                None => target = Some(s.quality.clone()),
                Some(t) => debug_assert_eq!(&s.quality, t, "the rows keep the best"),
            }
            for i in block {
                let p = s.partner[s1[i]]?;
                partners.push(p);
                forced[s1[i]] = Some(p);
                forced[p] = Some(s1[i]);
            }
        }
        Some(partners)
    }

    /// A remainder's first candidate reaching its best, with weights of `N` words.
    fn remainder<const N: usize>(&self) -> Outcome {
        let (n, n1) = (self.n, self.n1);
        let layout = self.layout(None);
        let none: Vec<Option<bool>> = vec![None; n];
        let plain = Ask {
            sides: Some(&none),
            ..Ask::plain()
        };
        let Some(first) = self.solve::<N>(&layout, plain) else {
            return Outcome::Empty;
        };
        let pairs = first.partner.iter().flatten().count() / 2;
        if pairs != n1 {
            return Outcome::Pairs(pairs);
        }
        let layout = match self.c9_of(&first) {
            Some(s) => self.layout(Some(s)),
            None => layout,
        };
        // 4.3.2: the first resident-exchange admitting the best, all four of its rules in
        // the weights below the criteria.
        let first = if layout.c9.is_some() {
            match self.solve::<N>(&layout, plain) {
                Some(f) => f,
                None => return Outcome::Empty,
            }
        } else {
            first
        };
        let exchange: Exchange = (
            (0..n1).filter(|&v| !first.in_s1[v]).collect(),
            (n1..n).filter(|&v| first.in_s1[v]).collect(),
        );
        let (s1, s2) = super::sequence::exchanged(n, n1, &exchange);
        let sides: Vec<Option<bool>> = (0..n).map(|v| Some(s1.contains(&v))).collect();
        let ask = Ask {
            sides: Some(&sides),
            ..Ask::plain()
        };
        // 4.2.2: each row of S1 the first member of S2 that keeps the best.
        let Some(partners) = self.rows::<N>(&layout, ask, &s1, &s2) else {
            return Outcome::Empty;
        };
        let pairs: Vec<(PlayerIx, PlayerIx)> = s1
            .iter()
            .zip(&partners)
            .map(|(&a, &b)| (self.verts[a], self.verts[b]))
            .collect();
        let left = s2
            .iter()
            .filter(|v| !partners.contains(v))
            .map(|&v| self.verts[v])
            .collect();
        Outcome::Found {
            pairs,
            left,
            exchange,
        }
    }

    /// A bracket's MDP-Pairing reaching its best, with weights of `N` words.
    fn bracket<const N: usize>(&self) -> Option<MdpPairing> {
        let (m, n) = (self.m, self.n);
        let layout = self.layout(None);
        let sets = Ask {
            sets: true,
            ..Ask::plain()
        };
        let first = self.solve::<N>(&layout, sets)?;
        let (layout, first) = match self.c9_of(&first) {
            Some(s) => {
                let layout = self.layout(Some(s));
                let first = self.solve::<N>(&layout, sets)?;
                (layout, first)
            }
            None => (layout, first),
        };
        // 4.4.2: the first set of MDPs of the best; 4.2.2: their residents.
        let paired: Vec<bool> = (0..m + n)
            .map(|v| v < m && first.partner[v].is_some())
            .collect();
        let s1: Vec<usize> = (0..m).filter(|&v| paired[v]).collect();
        let s2: Vec<usize> = (m..m + n).collect();
        let ask = Ask {
            paired: Some(&paired),
            ..Ask::plain()
        };
        let partners = self.rows::<N>(&layout, ask, &s1, &s2)?;
        let remainder: Vec<PlayerIx> = (m..m + n)
            .filter(|v| !partners.contains(v))
            .map(|v| self.verts[v])
            .collect();
        let in_remainder = first
            .partner
            .iter()
            .enumerate()
            .filter(|&(v, p)| v >= m && p.is_some_and(|p| p >= m))
            .count();
        Some(MdpPairing {
            pairs: s1
                .iter()
                .zip(&partners)
                .map(|(&a, &b)| (self.verts[a], self.verts[b]))
                .collect(),
            limbo: (0..m)
                .filter(|&v| !paired[v])
                .map(|v| self.verts[v])
                .collect(),
            remainder,
            remainder_pairs: in_remainder / 2,
        })
    }
}
