//! Maximum-cardinality matching of a general graph by Edmonds' blossoms, one augmenting path at
//! a time, and kept between questions: to ask whether a perfect matching survives a change
//! (a pair forced, a player's role fixed), undo the few pairs the change forbids and search
//! from the players they leave free. That costs a search or two, O(n²) each, where a whole
//! matching costs O(n³).
//!
//! The graph is given by a function `ok(a, b)` (symmetric), so that the caller can narrow it
//! from one question to the next without building edge lists.
//!
//! Also here, the questions the pairing procedures ask of it: whether every player of one side
//! can be given a partner on the other ([`bipartite_assignment`], Kuhn's augmenting paths) and
//! whether a whole field can be paired with one player left for the bye ([`all_pairable`]).

/// No vertex.
const NONE: usize = usize::MAX;

/// A matching of the vertices `0..n`, and the scratch space of its searches.
#[derive(Clone, Debug)]
pub struct Cardinality {
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    outer: Vec<bool>,
    in_blossom: Vec<bool>,
    on_path: Vec<bool>,
    queue: Vec<usize>,
}

impl Cardinality {
    /// The empty matching of `n` vertices.
    pub fn new(n: usize) -> Cardinality {
        Cardinality {
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            outer: vec![false; n],
            in_blossom: vec![false; n],
            on_path: vec![false; n],
            queue: Vec::with_capacity(n),
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.mate.len()
    }

    /// Whether there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.mate.is_empty()
    }

    /// `v`'s partner, if it has one.
    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then_some(self.mate[v])
    }

    /// Matches `a` with `b`, freeing their partners first.
    pub fn pair(&mut self, a: usize, b: usize) {
        self.unpair(a);
        self.unpair(b);
        self.mate[a] = b;
        self.mate[b] = a;
    }

    /// Frees `v` and its partner.
    pub fn unpair(&mut self, v: usize) {
        let w = self.mate[v];
        if w != NONE {
            self.mate[w] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// Matches every free vertex it can over the edges `ok` allows, keeping the pairs there
    /// are (which `ok` must allow); whether the matching is then perfect. When it is not, the
    /// matching is maximum but may have moved: a caller who wants the old one back keeps a
    /// copy.
    pub fn complete(&mut self, ok: &dyn Fn(usize, usize) -> bool) -> bool {
        self.greedy(ok);
        let mut perfect = true;
        for v in 0..self.len() {
            if self.mate[v] == NONE && !self.short_path(v, ok) && !self.augment(v, ok) {
                // A vertex with no augmenting path never gets one later (Berge): the matching
                // cannot be perfect, whatever the other searches find.
                perfect = false;
                break;
            }
        }
        perfect
    }

    /// Matches every free vertex it can (a maximum matching over the edges `ok` allows) and
    /// returns the number of pairs.
    pub fn maximize(&mut self, ok: &dyn Fn(usize, usize) -> bool) -> usize {
        self.greedy(ok);
        let n = self.len();
        let mut pairs = self.mate.iter().filter(|&&w| w != NONE).count() / 2;
        for v in 0..n {
            // At most one vertex left without a partner: no matching has more pairs (and
            // the search from that one would visit the whole graph to show it).
            if 2 * pairs + 1 >= n {
                break;
            }
            if self.mate[v] == NONE && (self.short_path(v, ok) || self.augment(v, ok)) {
                pairs += 1;
            }
        }
        pairs
    }

    /// Pairs each free vertex with the first later free vertex it may have.
    fn greedy(&mut self, ok: &dyn Fn(usize, usize) -> bool) {
        let free: Vec<usize> = (0..self.len()).filter(|&v| self.mate[v] == NONE).collect();
        for (k, &v) in free.iter().enumerate() {
            if self.mate[v] != NONE {
                continue;
            }
            if let Some(&w) = free[k + 1..]
                .iter()
                .find(|&&w| self.mate[w] == NONE && ok(v, w))
            {
                self.pair(v, w);
            }
        }
    }

    /// An augmenting path of one or three edges from the free vertex `root`, flipped if there
    /// is one: `root` with a free vertex, or `root` with a matched `a` whose partner takes a
    /// free vertex. O(n) per free vertex, where the full search may visit the whole graph to
    /// find the one free vertex it needs; with few free vertices in a dense graph (a greedy
    /// pairing that left two players out) this is nearly always enough.
    fn short_path(&mut self, root: usize, ok: &dyn Fn(usize, usize) -> bool) -> bool {
        let n = self.len();
        let free: Vec<usize> = (0..n)
            .filter(|&w| w != root && self.mate[w] == NONE)
            .collect();
        if let Some(&w) = free.iter().find(|&&w| ok(root, w)) {
            self.pair(root, w);
            return true;
        }
        for a in 0..n {
            let b = self.mate[a];
            if a == root || b == NONE || !ok(root, a) {
                continue;
            }
            if let Some(&w) = free.iter().find(|&&w| w != a && ok(b, w)) {
                self.mate[root] = a;
                self.mate[a] = root;
                self.mate[b] = w;
                self.mate[w] = b;
                return true;
            }
        }
        false
    }

    /// [`Cardinality::augment`], a path of one or three edges tried first: in a dense graph the
    /// full search contracts a blossom at nearly every vertex it meets (each O(n)), where the
    /// short path needs one pass.
    pub fn augment_soon(&mut self, root: usize, ok: &dyn Fn(usize, usize) -> bool) -> bool {
        self.short_path(root, ok) || self.augment(root, ok)
    }

    /// Searches an augmenting path from the free vertex `root` and, if there is one, flips it
    /// (one more pair). Edmonds' search: a tree of alternating paths grown breadth first,
    /// each odd cycle met contracted to its base.
    pub fn augment(&mut self, root: usize, ok: &dyn Fn(usize, usize) -> bool) -> bool {
        let n = self.len();
        self.parent.fill(NONE);
        self.outer.fill(false);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.queue.clear();
        self.outer[root] = true;
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for to in 0..n {
                if to == v || self.base[v] == self.base[to] || self.mate[v] == to || !ok(v, to) {
                    continue;
                }
                let to_is_outer =
                    to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE);
                if to_is_outer {
                    // An odd cycle: contract it to its base.
                    let b = self.common_base(v, to);
                    self.in_blossom.fill(false);
                    self.mark_path(v, b, to);
                    self.mark_path(to, b, v);
                    for i in 0..n {
                        if self.in_blossom[self.base[i]] {
                            self.base[i] = b;
                            if !self.outer[i] {
                                self.outer[i] = true;
                                self.queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        self.flip(to);
                        return true;
                    }
                    let m = self.mate[to];
                    self.outer[m] = true;
                    self.queue.push(m);
                }
            }
        }
        false
    }

    /// The base of the blossom closing the path from `a` and the path from `b` to the root.
    fn common_base(&mut self, mut a: usize, mut b: usize) -> usize {
        self.on_path.fill(false);
        loop {
            a = self.base[a];
            self.on_path[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.on_path[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom's vertices from `v` down to base `b`, pointing their parents across
    /// the cycle (entered from `child`).
    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Flips the augmenting path ending at the free vertex `v`.
    fn flip(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }
}

/// A distinct column for every row, where `ok(row, column)` allows it: each row takes the
/// first free column that fits, and when none is free an augmenting path (Kuhn) makes room.
/// The column of each row, or `None` when there is no such assignment.
pub(crate) fn bipartite_assignment(
    rows: usize,
    cols: usize,
    ok: impl Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    if rows > cols {
        return None;
    }
    let (owner, given) = kuhn(rows, cols, &ok, true);
    if given < rows {
        return None;
    }
    let mut out = vec![0; rows];
    for (c, o) in owner.iter().enumerate() {
        if let Some(row) = o {
            out[*row] = c;
        }
    }
    Some(out)
}

/// The most rows that can each be given a distinct column, where `ok(row, column)` allows
/// it (a maximum matching of a bipartite graph: O(rows x (rows + cols)) tests of `ok`, where
/// a matching of all `rows + cols` vertices as one graph tests every pair).
pub(crate) fn bipartite_most(rows: usize, cols: usize, ok: impl Fn(usize, usize) -> bool) -> usize {
    kuhn(rows, cols, &ok, false).1
}

/// Kuhn's method: each row takes the first free column that fits, and when none is free an
/// augmenting path makes room; the owner of each column and the rows given one. With `all`,
/// it stops at the first row that cannot be given one.
fn kuhn(
    rows: usize,
    cols: usize,
    ok: &dyn Fn(usize, usize) -> bool,
    all: bool,
) -> (Vec<Option<usize>>, usize) {
    fn augment(
        row: usize,
        cols: usize,
        ok: &dyn Fn(usize, usize) -> bool,
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for c in 0..cols {
            if seen[c] || !ok(row, c) {
                continue;
            }
            seen[c] = true;
            if owner[c].is_none_or(|o| augment(o, cols, ok, owner, seen)) {
                owner[c] = Some(row);
                return true;
            }
        }
        false
    }
    let mut owner: Vec<Option<usize>> = vec![None; cols];
    let mut given = 0;
    for row in 0..rows {
        if let Some(c) = (0..cols).find(|&c| owner[c].is_none() && ok(row, c)) {
            owner[c] = Some(row);
            given += 1;
            continue;
        }
        let mut seen = vec![false; cols];
        if augment(row, cols, ok, &mut owner, &mut seen) {
            given += 1;
        } else if all {
            break;
        }
    }
    (owner, given)
}

/// Whether every player of `left` can be given a distinct partner in `right`.
pub(crate) fn bipartite_perfect<T: Copy>(
    left: &[T],
    right: &[T],
    ok: impl Fn(T, T) -> bool,
) -> bool {
    bipartite_assignment(left.len(), right.len(), |i, j| ok(left[i], right[j])).is_some()
}

/// Whether `n` players can all be paired where `ok(i, j)`, one player for whom `bye_ok` holds
/// left over when `n` is odd: each player taking the first later one who fits, and when that
/// leaves someone out, augmenting paths from those left out (Edmonds), which keep the pairs
/// found and so cost little when few are left out.
pub(crate) fn all_pairable(
    n: usize,
    ok: impl Fn(usize, usize) -> bool,
    bye_ok: impl Fn(usize) -> bool,
) -> bool {
    // When `n` is odd, vertex `n` stands for the bye.
    let vertices = n + n % 2;
    let edge = |i: usize, j: usize| {
        if i == n || j == n {
            bye_ok(i.min(j))
        } else {
            ok(i, j)
        }
    };
    let mut matching = Cardinality::new(vertices);
    for i in 0..vertices {
        if matching.mate(i).is_none() {
            if let Some(j) = (i + 1..vertices).find(|&j| matching.mate(j).is_none() && edge(i, j)) {
                matching.pair(i, j);
            }
        }
    }
    matching.complete(&|i, j| edge(i, j))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::weighted::has_perfect_matching;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn random_graph(rng: &mut ChaCha8Rng, n: usize, density: f64) -> Vec<Vec<bool>> {
        let mut adj = vec![vec![false; n]; n];
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|_| rng.gen_bool(density))
            .collect();
        for (i, j) in pairs {
            adj[i][j] = true;
            adj[j][i] = true;
        }
        adj
    }

    fn perfect_by_blossom(adj: &[Vec<bool>]) -> bool {
        let n = adj.len();
        let edges: Vec<_> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|&(i, j)| adj[i][j])
            .map(|(i, j)| (i, j, 1))
            .collect();
        has_perfect_matching(n, &edges)
    }

    fn is_matching(m: &Cardinality, adj: &[Vec<bool>]) -> bool {
        (0..m.len()).all(|v| m.mate(v).is_none_or(|w| m.mate(w) == Some(v) && adj[v][w]))
    }

    /// From nothing, the searches find a perfect matching exactly when the weighted blossom
    /// algorithm does, on thousands of random graphs (sparse ones, where blossoms abound).
    #[test]
    fn perfect_exactly_when_the_weighted_algorithm_says_so() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..3000 {
            let n = 2 * rng.gen_range(1..8);
            let density = rng.gen_range(0.1..0.6);
            let adj = random_graph(&mut rng, n, density);
            let mut m = Cardinality::new(n);
            let perfect = m.complete(&|a, b| adj[a][b]);
            assert_eq!(perfect, perfect_by_blossom(&adj), "{adj:?}");
            assert!(is_matching(&m, &adj));
            if perfect {
                assert!((0..n).all(|v| m.mate(v).is_some()));
            }
        }
    }

    /// The number of pairs of a maximum matching, as the weighted algorithm (all weights 1,
    /// maximum cardinality) finds it.
    #[test]
    fn maximum_matchings_have_the_most_pairs() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        for _ in 0..2000 {
            let n = rng.gen_range(1..14);
            let density = rng.gen_range(0.05..0.5);
            let adj = random_graph(&mut rng, n, density);
            let edges: Vec<_> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| adj[i][j])
                .map(|(i, j)| (i, j, 1))
                .collect();
            let best = crate::matching::weighted::max_weight_matching(n, &edges, true)
                .iter()
                .filter(|m| m.is_some())
                .count()
                / 2;
            let mut m = Cardinality::new(n);
            assert_eq!(m.maximize(&|a, b| adj[a][b]), best, "{adj:?}");
            assert!(is_matching(&m, &adj));
        }
    }

    /// A bipartite graph's maximum matching by Kuhn's method has as many pairs as the general
    /// search finds in the same graph (rows and columns as one set of vertices).
    #[test]
    fn bipartite_most_is_the_maximum_matching() {
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        for _ in 0..2000 {
            let (rows, cols) = (rng.gen_range(0..7), rng.gen_range(0..9));
            let density = rng.gen_range(0.05..0.7);
            let adj: Vec<Vec<bool>> = (0..rows)
                .map(|_| (0..cols).map(|_| rng.gen_bool(density)).collect())
                .collect();
            let general = Cardinality::new(rows + cols).maximize(&|a, b| {
                let (a, b) = (a.min(b), a.max(b));
                a < rows && b >= rows && adj[a][b - rows]
            });
            assert_eq!(
                bipartite_most(rows, cols, |r, c| adj[r][c]),
                general,
                "{adj:?}"
            );
        }
    }

    /// A perfect matching, then the graph narrowed (edges removed, one pair forced): undoing
    /// the pairs it forbids and completing answers as a fresh matching does.
    #[test]
    fn a_narrowed_graph_is_answered_from_the_old_matching() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut checked = 0;
        for _ in 0..3000 {
            let n = 2 * rng.gen_range(2..8);
            let density = rng.gen_range(0.2..0.7);
            let adj = random_graph(&mut rng, n, density);
            let mut m = Cardinality::new(n);
            if !m.complete(&|a, b| adj[a][b]) {
                continue;
            }
            let mut narrow = adj.clone();
            for _ in 0..rng.gen_range(1..4) {
                let (i, j) = (rng.gen_range(0..n), rng.gen_range(0..n));
                narrow[i][j] = false;
                narrow[j][i] = false;
            }
            let (a, b) = (rng.gen_range(0..n), rng.gen_range(0..n));
            let forced = a != b && narrow[a][b];
            if forced {
                for x in 0..n {
                    for (p, q) in [(a, x), (x, a), (b, x), (x, b)] {
                        if (p, q) != (a, b) && (p, q) != (b, a) {
                            narrow[p][q] = false;
                        }
                    }
                }
                m.pair(a, b);
            }
            for (v, row) in narrow.iter().enumerate() {
                if m.mate(v).is_some_and(|w| !row[w]) {
                    m.unpair(v);
                }
            }
            let perfect = m.complete(&|p, q| narrow[p][q]);
            assert_eq!(perfect, perfect_by_blossom(&narrow), "{narrow:?}");
            assert!(is_matching(&m, &narrow));
            if forced && perfect {
                assert_eq!(m.mate(a), Some(b));
            }
            checked += 1;
        }
        assert!(checked > 1000, "{checked}");
    }
}
