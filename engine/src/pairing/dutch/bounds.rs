//! The fast search's oracle: whether a prefix of choices can still be completed at a level
//! (B.1-B.6 and x as a matching), and the bounds that answer it cheaply.
use super::criteria::Sink;
use super::definitions::Ctx;
use super::definitions::Level;
use crate::matching::cardinality::Cardinality;
use crate::matching::weighted::max_weight_matching;
use crate::matching::weighted::Edge;
use crate::pairing::index::PlayerIx;

/// A feasibility question for the matching: can `a` (each to be paired with one of `b` or
/// `pool`), `b` and `pool` (paired among themselves) be completed with `internal` pairs, the
/// rest going to the sink, denying at most `allowed` preferences?
pub(super) struct Question<'a> {
    pub(super) a: &'a [PlayerIx],
    pub(super) b: &'a [PlayerIx],
    pub(super) pool: &'a [PlayerIx],
    pub(super) internal: usize,
    pub(super) lv: &'a Level,
    pub(super) allowed: usize,
    pub(super) sink: &'a Sink,
}

pub(super) fn oracle(cx: &Ctx, q: &Question) -> bool {
    colour_bound(cx, q.a.iter().chain(q.b).chain(q.pool).copied(), q.internal) <= q.allowed
        && least_denied(cx, q).is_some_and(|d| d <= q.allowed)
}

/// A lower bound, from the colour preferences alone, on the preferences any pairing of
/// `players` into `internal` pairs (the rest left over) must deny (B.4): a player preferring
/// White is paired with one preferring Black, one with no preference that counts (none, or
/// A.7 d), or left over, else with another preferring White, which denies one of the two; so
/// at least half of those preferring White beyond the others' number are in such pairs, and
/// the same for Black. It answers at once the question a matching would answer at length
/// when, as in large brackets of early rounds, the colours alone decide it.
pub(super) fn colour_bound(
    cx: &Ctx,
    players: impl Iterator<Item = PlayerIx>,
    internal: usize,
) -> usize {
    let mut count = [0usize; 3];
    let mut total = 0usize;
    for p in players {
        count[class(cx, p)] += 1;
        total += 1;
    }
    let left = total.saturating_sub(2 * internal);
    let [w, b, n] = count;
    let excess = |mine: usize, others: usize| mine.saturating_sub(others + n + left).div_ceil(2);
    excess(w, b) + excess(b, w)
}

/// The graph of a question's completions: its vertices (`a`, then `b`, then `pool`, in order,
/// then the sink's), and its edges, each weighted one more than a pair inside the group
/// denying a preference is (`tier` above it), so that the heaviest perfect matching has the
/// fewest denials. `None` when the sink cannot take the players left over.
pub(super) struct Completions {
    pub(super) vertices: usize,
    pub(super) edges: Vec<Edge>,
    /// The players of the group (`a`, `b`, `pool`), by vertex.
    pub(super) group: Vec<PlayerIx>,
}

impl Completions {
    pub(super) fn of(cx: &Ctx, q: &Question) -> Option<Completions> {
        let (na, nb) = (q.a.len(), q.b.len());
        let group: Vec<PlayerIx> = q.a.iter().chain(q.b).chain(q.pool).copied().collect();
        let n = group.len();
        let floaters = n.checked_sub(2 * q.internal)?;
        if q.internal < na {
            return None;
        }
        let tier = (n as i64) + 2;
        let mut edges: Vec<Edge> = Vec::new();
        let internal_edge = |i: usize, j: usize, edges: &mut Vec<Edge>| {
            let (x, y) = (group[i], group[j]);
            if cx.pair_ok(x, y, q.lv) {
                edges.push((i, j, 1 + tier - i64::from(cx.denies(x, y))));
            }
        };
        for i in 0..na {
            for j in na..n {
                internal_edge(i, j, &mut edges);
            }
        }
        for i in na + nb..n {
            for j in i + 1..n {
                internal_edge(i, j, &mut edges);
            }
        }
        // The players that may be left over (vertex, player): S2 and the pool.
        let leftovers: Vec<(usize, PlayerIx)> = (na..n).map(|k| (k, group[k])).collect();
        let (vertices, to) = sink_side(
            cx,
            q.lv,
            q.sink,
            &leftovers,
            floaters,
            SideOut {
                edges: &mut edges,
                first: n,
                weight: 1,
            },
        )?;
        edges.extend(to.into_iter().map(|(k, d)| (k, d, 1)));
        (vertices % 2 == 0).then_some(Completions {
            vertices,
            edges,
            group,
        })
    }
}

/// The fewest preferences a completion must deny, or `None` if there is no completion at all
/// (the allowed of `q` is not used).
pub(super) fn least_denied(cx: &Ctx, q: &Question) -> Option<usize> {
    let Completions {
        vertices,
        edges,
        group,
    } = Completions::of(cx, q)?;
    let n = group.len();
    let mate = max_weight_matching(vertices, &edges, true);
    if mate.iter().any(Option::is_none) {
        return None;
    }
    let mut pairs = 0;
    let mut denied = 0;
    for (i, partner) in mate.iter().enumerate().take(n) {
        if let Some(j) = *partner {
            if j < n && i < j {
                pairs += 1;
                denied += usize::from(cx.denies(group[i], group[j]));
            }
        }
    }
    (pairs == q.internal).then_some(denied)
}

/// The completions of a question as a graph kept with one perfect matching of it, to ask
/// cheaply, pair after pair, whether a perfect matching survives a pair being forced: the
/// pairings B.1-B.6 allow, whatever they deny (a necessary condition for [`oracle`], O(n²) a
/// question where the oracle's weighted matching is O(n³)).
pub(super) struct Kept {
    n: usize,
    adjacent: Vec<u64>,
    matching: Cardinality,
    /// Vertices taken out by earlier forced pairs.
    gone: Vec<bool>,
}

impl Kept {
    /// The graph of `q`'s completions with a perfect matching, or `None` if it has none.
    pub(super) fn new(cx: &Ctx, q: &Question) -> Option<Kept> {
        let c = Completions::of(cx, q)?;
        let n = c.vertices;
        let words = (n * n).div_ceil(64);
        let mut adjacent = vec![0u64; words];
        for &(i, j, _) in &c.edges {
            for (x, y) in [(i, j), (j, i)] {
                let bit = x * n + y;
                adjacent[bit / 64] |= 1 << (bit % 64);
            }
        }
        let mut kept = Kept {
            n,
            adjacent,
            matching: Cardinality::new(n),
            gone: vec![false; n],
        };
        let mut matching = Cardinality::new(n);
        let perfect = matching.complete(&|x, y| kept.edge(x, y));
        kept.matching = matching;
        perfect.then_some(kept)
    }

    fn edge(&self, x: usize, y: usize) -> bool {
        let bit = x * self.n + y;
        !self.gone[x] && !self.gone[y] && self.adjacent[bit / 64] & (1 << (bit % 64)) != 0
    }

    /// Whether a perfect matching pairs vertex `x` with vertex `y` (and the vertices taken out
    /// before stay out); with `keep`, the pair is then taken out too, the matching kept
    /// perfect on the rest.
    pub(super) fn allows(&mut self, x: usize, y: usize, keep: bool) -> bool {
        if !self.edge(x, y) {
            return false;
        }
        let mut trial = self.matching.clone();
        if trial.mate(x) != Some(y) {
            let (u, v) = (trial.mate(x), trial.mate(y));
            trial.unpair(x);
            trial.unpair(y);
            self.gone[x] = true;
            self.gone[y] = true;
            let found = match (u, v) {
                (Some(u), Some(_)) => trial.augment_soon(u, &|a, b| self.edge(a, b)),
                _ => false,
            };
            self.gone[x] = false;
            self.gone[y] = false;
            if !found {
                return false;
            }
            trial.pair(x, y);
        }
        if keep {
            self.gone[x] = true;
            self.gone[y] = true;
            self.matching = trial;
        }
        true
    }
}

/// What a completion needs at least, from counts alone: the preferences that must be denied
/// (S1 players preferring a colour that more S2 players prefer too than the others can
/// absorb), and the S2 players who may not be left over, each needing an S1 player.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tally {
    pub(super) rows: [usize; 3],
    pub(super) cols: [usize; 3],
    pub(super) must: usize,
    /// S1 players B.2 leaves only White, only Black; S2 players who may take White, Black.
    pub(super) bound: [usize; 2],
    pub(super) open: [usize; 2],
}

/// 0 when B.2 (with A.7 c) leaves `i` only White, 1 only Black.
pub(super) fn bound_to(cx: &Ctx, i: PlayerIx, lv: &Level) -> Option<usize> {
    cx.must(i, lv)
        .map(|c| usize::from(c == crate::model::color::Color::Black))
}

pub(super) fn class(cx: &Ctx, i: PlayerIx) -> usize {
    let p = &cx.players[i];
    if p.flex {
        return 2;
    }
    match p.pref.color() {
        Some(crate::model::color::Color::White) => 0,
        Some(crate::model::color::Color::Black) => 1,
        None => 2,
    }
}

pub(super) fn must_pair(cx: &Ctx, b: PlayerIx, lv: &Level, sink: &Sink) -> bool {
    match sink {
        Sink::Free => !cx.down_ok(b, lv),
        Sink::Bye => !cx.bye_ok(b, lv),
        _ => false,
    }
}

impl Tally {
    pub(super) fn new(
        cx: &Ctx,
        rows: &[PlayerIx],
        cols: &[PlayerIx],
        lv: &Level,
        sink: &Sink,
    ) -> Tally {
        let mut t = Tally {
            rows: [0; 3],
            cols: [0; 3],
            must: 0,
            bound: [0; 2],
            open: [0; 2],
        };
        for &r in rows {
            t.rows[class(cx, r)] += 1;
            if let Some(k) = bound_to(cx, r, lv) {
                t.bound[k] += 1;
            }
        }
        for &c in cols {
            t.cols[class(cx, c)] += 1;
            t.must += usize::from(must_pair(cx, c, lv, sink));
            // An S2 player may take White unless bound to Black, and the other way.
            match bound_to(cx, c, lv) {
                Some(0) => t.open[0] += 1,
                Some(_) => t.open[1] += 1,
                None => {
                    t.open[0] += 1;
                    t.open[1] += 1;
                }
            }
        }
        t
    }

    pub(super) fn take(
        mut self,
        cx: &Ctx,
        a: PlayerIx,
        b: PlayerIx,
        lv: &Level,
        sink: &Sink,
    ) -> Tally {
        self.rows[class(cx, a)] -= 1;
        self.cols[class(cx, b)] -= 1;
        self.must -= usize::from(must_pair(cx, b, lv, sink));
        if let Some(k) = bound_to(cx, a, lv) {
            self.bound[k] -= 1;
        }
        match bound_to(cx, b, lv) {
            Some(0) => self.open[0] -= 1,
            Some(_) => self.open[1] -= 1,
            None => {
                self.open[0] -= 1;
                self.open[1] -= 1;
            }
        }
        self
    }

    pub(super) fn ok(&self, denied: usize, allowed: usize) -> bool {
        let [rw, rb, rn] = self.rows;
        let [cw, cb, cn] = self.cols;
        let forced = (rw.saturating_sub(cb) + rb.saturating_sub(cw)).saturating_sub(cn);
        // An S1 player bound to White needs an S2 player who may take Black, and so on.
        denied + forced <= allowed
            && self.must <= rw + rb + rn
            && self.bound[0] <= self.open[1]
            && self.bound[1] <= self.open[0]
    }
}

/// Where [`sink_side`] writes: its vertices from `first` on, its edges (of weight `weight`)
/// pushed to `edges`.
pub(super) struct SideOut<'e> {
    pub(super) edges: &'e mut Vec<Edge>,
    pub(super) first: usize,
    pub(super) weight: i64,
}

/// The sink's side of a matching that pairs a bracket: the vertices from `out.first` on that
/// take the `floaters` players left over, and the edges among them (weight `out.weight`). Moved down or the
/// bye: a place per player left over. C.12's look-ahead: the next bracket's residents, who
/// take the players left over and `extra` (the others absorbed). C.13's: the lowest bracket
/// and `extra`, paired completely with the players left over, one bye if odd. Returns the
/// vertex count and, for each of `leftovers` (its vertex and player) that may be left over
/// (B.5/B.6 for downfloats at `lv`, or the bye), the sink vertices it may go to; `None` when
/// the sink cannot take that many.
pub(super) fn sink_side(
    cx: &Ctx,
    lv: &Level,
    sink: &Sink,
    leftovers: &[(usize, PlayerIx)],
    floaters: usize,
    out: SideOut<'_>,
) -> Option<(usize, Vec<(usize, usize)>)> {
    let SideOut {
        edges,
        first,
        weight: w,
    } = out;
    let mut to = Vec::new();
    // B.5/B.6 for downfloats, once for each player who may be left over.
    let down: Vec<bool> = leftovers.iter().map(|&(_, x)| cx.down_ok(x, lv)).collect();
    match sink {
        Sink::Free | Sink::Bye => {
            let bye = matches!(sink, Sink::Bye);
            if bye && floaters > 1 {
                return None;
            }
            for (l, &(k, x)) in leftovers.iter().enumerate() {
                if (bye && cx.bye_ok(x, lv)) || (!bye && down[l]) {
                    to.extend((first..first + floaters).map(|d| (k, d)));
                }
            }
            Some((first + floaters, to))
        }
        Sink::IntoNext { residents, extra } => {
            let absorb = residents.len().checked_sub(floaters + extra.len())?;
            let r0 = first;
            let e0 = r0 + residents.len();
            let z0 = e0 + extra.len();
            for (r, &res) in residents.iter().enumerate() {
                for (l, &(k, x)) in leftovers.iter().enumerate() {
                    if down[l] && cx.compatible(x, res, lv.b2_relaxed) {
                        to.push((k, r0 + r));
                    }
                }
                for (e, &ex) in extra.iter().enumerate() {
                    if cx.compatible(ex, res, lv.b2_relaxed) {
                        edges.push((e0 + e, r0 + r, w));
                    }
                }
                for z in 0..absorb {
                    edges.push((r0 + r, z0 + z, w));
                }
            }
            Some((z0 + absorb, to))
        }
        Sink::CompleteLowest { lowest, extra } => {
            let below: Vec<PlayerIx> = lowest.iter().chain(extra).copied().collect();
            let l0 = first;
            for (i, &x) in below.iter().enumerate() {
                for (j, &y) in below.iter().enumerate().skip(i + 1) {
                    if cx.compatible(x, y, lv.b2_relaxed) {
                        edges.push((l0 + i, l0 + j, w));
                    }
                }
                for (l, &(k, f)) in leftovers.iter().enumerate() {
                    if down[l] && cx.compatible(f, x, lv.b2_relaxed) {
                        to.push((k, l0 + i));
                    }
                }
            }
            let mut vertices = l0 + below.len();
            if (floaters + below.len()) % 2 == 1 {
                let bye = vertices;
                for (i, &x) in below.iter().enumerate() {
                    if cx.players[x].can_bye {
                        edges.push((l0 + i, bye, w));
                    }
                }
                for &(k, f) in leftovers {
                    if cx.bye_ok(f, lv) {
                        to.push((k, bye));
                    }
                }
                vertices += 1;
            }
            Some((vertices, to))
        }
    }
}
