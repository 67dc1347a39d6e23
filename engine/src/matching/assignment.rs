//! Minimum-cost assignment (the Hungarian method with potentials), kept incremental: after
//! the first solution, "what is the cheapest assignment in which row `r` takes column `c`?"
//! costs one shortest-path search, O(n²), instead of a new O(n³) solution. Nothing here knows
//! chess: the pairing systems put their criteria into the costs.

/// A cost that forbids the cell.
pub const FORBIDDEN: i64 = 1 << 52;
const UNREACHABLE: i64 = 1 << 51;
const NONE: usize = usize::MAX;

/// A square or wide (rows ≤ columns) assignment problem and its current optimal solution.
#[derive(Clone, Debug)]
pub struct Assignment {
    rows: usize,
    cols: usize,
    /// The costs, never changed after [`Assignment::solve`]: shared by every solution
    /// [`Assignment::force`] derives, which copies only the potentials and the matching
    /// (O(rows + cols), not O(rows × cols): a large bracket's matrix is hundreds of MB).
    cost: std::sync::Arc<[i64]>,
    u: Vec<i64>,
    v: Vec<i64>,
    row_of: Vec<usize>,
    col_of: Vec<usize>,
    row_on: Vec<bool>,
    col_on: Vec<bool>,
}

impl Assignment {
    /// Solves the problem with `cost(r, c)` for `rows` rows and `cols` columns; `None` when
    /// some row cannot be given a column without a forbidden cell.
    pub fn solve(
        rows: usize,
        cols: usize,
        cost: impl Fn(usize, usize) -> i64,
    ) -> Option<Assignment> {
        if rows > cols {
            return None;
        }
        let mut cells = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                cells.push(cost(r, c).min(FORBIDDEN));
            }
        }
        let nonnegative = cells.iter().all(|&x| x >= 0);
        let mut a = Assignment {
            rows,
            cols,
            cost: cells.into(),
            u: vec![0; rows],
            v: vec![0; cols],
            row_of: vec![NONE; cols],
            col_of: vec![NONE; rows],
            row_on: vec![true; rows],
            col_on: vec![true; cols],
        };
        if nonnegative {
            // With every cost at least 0, zero potentials are feasible and a cell of cost 0
            // is tight: such cells, each row's first free one, start the matching, and only
            // the rows left need a shortest-path search (in a late round of a large bracket
            // most rows have one, so the O(n^3) solution becomes a few O(n^2) searches).
            // The optimum is the same; among equal optima another may be found, and no
            // caller looks at which (only at totals).
            for r in 0..rows {
                let row = &a.cost[r * cols..(r + 1) * cols];
                if let Some(c) = (0..cols).find(|&c| row[c] == 0 && a.row_of[c] == NONE) {
                    a.row_of[c] = r;
                    a.col_of[r] = c;
                }
            }
        }
        for r in 0..rows {
            if a.col_of[r] == NONE && !a.augment(r) {
                return None;
            }
        }
        Some(a)
    }

    fn at(&self, r: usize, c: usize) -> i64 {
        self.cost[r * self.cols + c]
    }

    /// The column given to row `r`.
    pub fn col_of(&self, r: usize) -> Option<usize> {
        (self.col_of[r] != NONE).then_some(self.col_of[r])
    }

    /// The total cost of the rows still in the problem.
    pub fn total(&self) -> i64 {
        (0..self.rows)
            .filter(|&r| self.row_on[r])
            .map(|r| self.at(r, self.col_of[r]))
            .sum()
    }

    /// The cheapest solution in which row `r` takes column `c`, both then leaving the problem
    /// (the cost of `(r, c)` is not in its [`Assignment::total`]); `None` if there is none.
    pub fn force(&self, r: usize, c: usize) -> Option<Assignment> {
        if !self.row_on[r] || !self.col_on[c] || self.at(r, c) >= FORBIDDEN {
            return None;
        }
        let (mut a, _, holder) = self.without(r, c);
        if holder != r {
            a.col_of[holder] = NONE;
            if !a.augment(holder) {
                return None;
            }
        }
        Some(a)
    }

    /// A copy with row `r` and column `c` out of the problem: the column `r` had and the row
    /// that held `c` are left without a partner (unless they are each other). Also those two.
    fn without(&self, r: usize, c: usize) -> (Assignment, usize, usize) {
        let mut a = self.clone();
        let had = a.col_of[r];
        let holder = a.row_of[c];
        a.row_on[r] = false;
        a.col_on[c] = false;
        a.col_of[r] = NONE;
        a.row_of[had] = NONE;
        a.row_of[c] = NONE;
        (a, had, holder)
    }

    /// [`Assignment::force`] when it keeps the optimum (the new total is the old one less the
    /// cost of `(r, c)`), else `None`. In a square problem this needs no shortest-path search:
    /// the potentials stay an optimal dual solution of the smaller problem, so its optimum
    /// keeps the total exactly when the tight cells alone give it a complete assignment, that
    /// is (the row that held `c` and the column `r` held being the only ones left without a
    /// partner) when an alternating path of tight cells joins them; a search of the tight
    /// cells from that row, stopping at that column, finds it or shows there is none. A
    /// wide problem (more columns than rows) asks [`Assignment::force`].
    pub fn keeping(&self, r: usize, c: usize) -> Option<Assignment> {
        if !self.tight(r, c) {
            return None;
        }
        let on = self.row_on.iter().filter(|&&x| x).count();
        if on != self.col_on.iter().filter(|&&x| x).count() {
            let total = self.total() - self.at(r, c);
            return self.force(r, c).filter(|a| a.total() == total);
        }
        let (mut a, had, holder) = self.without(r, c);
        if holder == r {
            return Some(a);
        }
        a.col_of[holder] = NONE;
        // Breadth first over tight cells, from `holder` to `had` (the one free column):
        // `way[col]` is the column whose row reached `col` (`NONE`: `holder` did).
        let cols = a.cols;
        let mut way = vec![NONE; cols];
        let mut seen = vec![false; cols];
        let mut queue = std::collections::VecDeque::from([(holder, NONE)]);
        let mut end = NONE;
        'search: while let Some((row, via)) = queue.pop_front() {
            // The free column first: a path ends there.
            let order = std::iter::once(had).chain((0..cols).filter(|&x| x != had));
            for col in order {
                if seen[col] || !a.tight(row, col) {
                    continue;
                }
                seen[col] = true;
                way[col] = via;
                if col == had {
                    end = col;
                    break 'search;
                }
                queue.push_back((a.row_of[col], col));
            }
        }
        if end == NONE {
            return None;
        }
        let mut col = end;
        loop {
            let prev = way[col];
            let row = if prev == NONE { holder } else { a.row_of[prev] };
            a.row_of[col] = row;
            a.col_of[row] = col;
            if prev == NONE {
                break;
            }
            col = prev;
        }
        Some(a)
    }

    /// Whether row `r` taking column `c` has reduced cost 0 under the current potentials,
    /// which are an optimal dual solution: by complementary slackness every optimal solution
    /// uses only such cells, so on a cell that is not tight [`Assignment::force`] cannot keep
    /// the current total, and need not be tried (an O(1) test instead of an O(n²) search).
    pub fn tight(&self, r: usize, c: usize) -> bool {
        self.row_on[r]
            && self.col_on[c]
            && self.at(r, c) < FORBIDDEN
            && self.at(r, c) - self.u[r] - self.v[c] == 0
    }

    /// One phase of the Hungarian method: gives row `root` a column by a shortest
    /// augmenting path in reduced costs, keeping the potentials feasible.
    fn augment(&mut self, root: usize) -> bool {
        let cols = self.cols;
        let mut minv = vec![i64::MAX; cols];
        let mut way = vec![NONE; cols];
        let mut used = vec![false; cols];
        let mut visited: Vec<usize> = Vec::new();
        let mut row = root;
        let mut from = NONE;
        let end;
        loop {
            let mut delta = i64::MAX;
            let mut next = NONE;
            for c in 0..cols {
                if used[c] || !self.col_on[c] {
                    continue;
                }
                let cell = self.at(row, c);
                if cell < FORBIDDEN {
                    let reduced = cell - self.u[row] - self.v[c];
                    if reduced < minv[c] {
                        minv[c] = reduced;
                        way[c] = from;
                    }
                }
                if minv[c] < delta {
                    delta = minv[c];
                    next = c;
                }
            }
            if next == NONE || delta >= UNREACHABLE {
                return false;
            }
            self.u[root] += delta;
            for &c in &visited {
                self.u[self.row_of[c]] += delta;
                self.v[c] -= delta;
            }
            for c in 0..cols {
                if !used[c] && self.col_on[c] && minv[c] != i64::MAX {
                    minv[c] -= delta;
                }
            }
            used[next] = true;
            visited.push(next);
            if self.row_of[next] == NONE {
                end = next;
                break;
            }
            from = next;
            row = self.row_of[next];
        }
        // Flip the path back to the root.
        let mut c = end;
        loop {
            let prev = way[c];
            let r = if prev == NONE {
                root
            } else {
                self.row_of[prev]
            };
            self.row_of[c] = r;
            self.col_of[r] = c;
            if prev == NONE {
                break;
            }
            c = prev;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(n: usize, cost: &[Vec<i64>]) -> Option<i64> {
        fn go(r: usize, n: usize, cost: &[Vec<i64>], used: &mut Vec<bool>) -> Option<i64> {
            if r == n {
                return Some(0);
            }
            let mut best: Option<i64> = None;
            for c in 0..n {
                if used[c] || cost[r][c] >= FORBIDDEN {
                    continue;
                }
                used[c] = true;
                if let Some(rest) = go(r + 1, n, cost, used) {
                    let t = rest + cost[r][c];
                    best = Some(best.map_or(t, |b| b.min(t)));
                }
                used[c] = false;
            }
            best
        }
        go(0, n, cost, &mut vec![false; n])
    }

    #[test]
    fn optimal_and_forced_costs_match_brute_force() {
        let mut seed: u64 = 12345;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..600 {
            // Half the problems with negative costs too (no tight start).
            let negative = if round % 2 == 0 { 0 } else { 3 };
            let n = 1 + (next() % 6) as usize;
            let cost: Vec<Vec<i64>> = (0..n)
                .map(|_| {
                    (0..n)
                        .map(|_| match next() % 6 {
                            0 => FORBIDDEN,
                            // Zero cells: the tight start of a problem without negative costs.
                            1 => 0,
                            k => (k as i64) * 3 % 7 - negative,
                        })
                        .collect()
                })
                .collect();
            let solved = Assignment::solve(n, n, |r, c| cost[r][c]);
            assert_eq!(solved.as_ref().map(Assignment::total), brute(n, &cost));
            let Some(a) = solved else { continue };
            for r in 0..n {
                for c in 0..n {
                    let mut reduced = cost.clone();
                    for (i, row) in reduced.iter_mut().enumerate() {
                        for (j, cell) in row.iter_mut().enumerate() {
                            if (i == r) != (j == c) {
                                *cell = FORBIDDEN;
                            }
                        }
                    }
                    let want = brute(n, &reduced);
                    let forced = a.force(r, c);
                    let got = forced.as_ref().map(|f| f.total() + cost[r][c]);
                    assert_eq!(got, want, "{cost:?} forcing ({r}, {c})");
                    // `keeping` is the force exactly when it keeps the optimum, and leaves a
                    // solution of that total.
                    let kept = a.keeping(r, c);
                    assert_eq!(
                        kept.is_some(),
                        got == Some(a.total()),
                        "{cost:?} keeping ({r}, {c})"
                    );
                    if let Some(k) = &kept {
                        assert_eq!(k.total() + cost[r][c], a.total());
                        // Every row still in has a column, each its own.
                        let cols: Vec<usize> = (0..n)
                            .filter(|&x| x != r)
                            .map(|x| k.col_of(x).expect("a column"))
                            .collect();
                        let mut distinct = cols.clone();
                        distinct.sort();
                        distinct.dedup();
                        assert_eq!(distinct.len(), cols.len());
                        assert!(!cols.contains(&c));
                    }
                    // A cell in some optimal solution is tight (the converse need not hold).
                    if got == Some(a.total()) {
                        assert!(a.tight(r, c), "{cost:?}: ({r}, {c}) is optimal, not tight");
                    }
                    // And so in the smaller problem a force leaves.
                    if let Some(f) = forced {
                        for r2 in (0..n).filter(|&x| x != r) {
                            for c2 in (0..n).filter(|&x| x != c) {
                                let kept = f
                                    .force(r2, c2)
                                    .is_some_and(|g| g.total() + cost[r2][c2] == f.total());
                                if kept {
                                    assert!(f.tight(r2, c2), "{cost:?}: ({r}, {c}), ({r2}, {c2})");
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
