//! The first minimum-cost assignment in the order of the rows' choices, when a cell's cost
//! depends only on the classes of its row and its column: thousands of rows and columns, a
//! few classes, and a few cells forbidden one by one. Nothing here knows chess: a pairing
//! system puts players of the same colour preference into one class.
//!
//! Without the cells forbidden one by one, the problem is a transportation problem between
//! the classes, solved once (successive shortest paths over a graph of classes, not of rows).
//! Row by row, in order, each row takes the first column (in order) whose class an optimal
//! flow can route it to: a flow already on that pair of classes, or a cycle of the residual
//! graph through it of cost 0 (shortest paths between classes, kept from one row to the next
//! while no flow between two classes starts or stops). A cell forbidden on its own is passed
//! over; when a row then finds no column at all, the classes alone cannot say whether the
//! forbidden cells leave the optimum reachable, and the answer is `None`: the caller asks a
//! method that sees every cell. A complete answer is exact: each row's column keeps an
//! optimal completion (the rest of the answer is one), and every earlier column was either
//! forbidden or, already without the forbidden cells, beyond the optimum.

/// A cost that no cell reaches (its sum over a path stays far from overflowing).
const FAR: i64 = i64::MAX / 4;

/// Shortest paths between every two classes of a residual graph (rows first, then columns),
/// and the next class on each.
struct Paths {
    dist: Vec<Vec<i64>>,
    next: Vec<Vec<usize>>,
}

/// The classes' transportation problem and an optimal flow of it.
struct Flow {
    /// `cost[a][b]`: row class `a` to column class `b`, `None` when forbidden.
    cost: Vec<Vec<Option<i64>>>,
    /// Rows of class `a` sent to columns of class `b`.
    flow: Vec<Vec<usize>>,
    /// The residual graph's shortest paths; `None` once a flow started or stopped.
    paths: Option<Paths>,
}

impl Flow {
    /// The cheapest flow sending `supply[a]` rows of each class to `demand[b]` columns of
    /// each (successive shortest paths by Bellman-Ford: the graph has a node per class);
    /// `None` when no flow sends them all.
    fn solve(cost: Vec<Vec<Option<i64>>>, supply: &[usize], demand: &[usize]) -> Option<Flow> {
        let (kr, kc) = (supply.len(), demand.len());
        let mut flow = vec![vec![0usize; kc]; kr];
        let mut sent = vec![0usize; kr];
        let mut got = vec![0usize; kc];
        let total: usize = supply.iter().sum();
        if total != demand.iter().sum::<usize>() {
            return None;
        }
        let mut done = 0;
        while done < total {
            // Nodes: rows 0..kr, columns kr..kr+kc. Start at every row class with supply
            // left; end at any column class with demand left.
            let n = kr + kc;
            let mut dist = vec![FAR; n];
            let mut prev = vec![usize::MAX; n];
            for a in 0..kr {
                if sent[a] < supply[a] {
                    dist[a] = 0;
                }
            }
            for _ in 0..n {
                let mut changed = false;
                for a in 0..kr {
                    for b in 0..kc {
                        let Some(c) = cost[a][b] else { continue };
                        if dist[a] < FAR && dist[a] + c < dist[kr + b] {
                            dist[kr + b] = dist[a] + c;
                            prev[kr + b] = a;
                            changed = true;
                        }
                        if flow[a][b] > 0 && dist[kr + b] < FAR && dist[kr + b] - c < dist[a] {
                            dist[a] = dist[kr + b] - c;
                            prev[a] = kr + b;
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
            let end = (0..kc)
                .filter(|&b| got[b] < demand[b] && dist[kr + b] < FAR)
                .min_by_key(|&b| dist[kr + b])?;
            // The path back to its start, and how much it can carry.
            let mut path = vec![kr + end];
            let mut at = kr + end;
            while prev[at] != usize::MAX {
                at = prev[at];
                path.push(at);
            }
            path.reverse();
            let start = path[0];
            let mut amount = (supply[start] - sent[start]).min(demand[end] - got[end]);
            for w in path.windows(2) {
                if w[0] >= kr {
                    // Back along a flow from row class w[1] to column class w[0] - kr.
                    amount = amount.min(flow[w[1]][w[0] - kr]);
                }
            }
            for w in path.windows(2) {
                if w[0] < kr {
                    flow[w[0]][w[1] - kr] += amount;
                } else {
                    flow[w[1]][w[0] - kr] -= amount;
                }
            }
            sent[start] += amount;
            got[end] += amount;
            done += amount;
        }
        Some(Flow {
            cost,
            flow,
            paths: None,
        })
    }

    /// The residual graph's shortest paths (Floyd-Warshall over the classes: no cycle is
    /// negative, as the flow is optimal).
    fn paths(&mut self) -> &Paths {
        if self.paths.is_none() {
            let (kr, kc) = (self.flow.len(), self.cost.first().map_or(0, Vec::len));
            let n = kr + kc;
            let mut d = vec![vec![FAR; n]; n];
            let mut next = vec![vec![usize::MAX; n]; n];
            for (v, row) in d.iter_mut().enumerate() {
                row[v] = 0;
                next[v][v] = v;
            }
            for a in 0..kr {
                for b in 0..kc {
                    if let Some(c) = self.cost[a][b] {
                        d[a][kr + b] = c;
                        next[a][kr + b] = kr + b;
                        if self.flow[a][b] > 0 {
                            d[kr + b][a] = -c;
                            next[kr + b][a] = a;
                        }
                    }
                }
            }
            for k in 0..n {
                for i in 0..n {
                    if d[i][k] >= FAR {
                        continue;
                    }
                    for j in 0..n {
                        if d[k][j] < FAR && d[i][k] + d[k][j] < d[i][j] {
                            d[i][j] = d[i][k] + d[k][j];
                            next[i][j] = next[i][k];
                        }
                    }
                }
            }
            self.paths = Some(Paths { dist: d, next });
        }
        self.paths.as_ref().expect("just computed")
    }

    /// Whether some optimal flow sends a row of class `a` to a column of class `b`.
    fn admits(&mut self, a: usize, b: usize) -> bool {
        let Some(c) = self.cost[a][b] else {
            return false;
        };
        if self.flow[a][b] > 0 {
            return true;
        }
        let kr = self.flow.len();
        let d = &self.paths().dist;
        d[kr + b][a] < FAR && c + d[kr + b][a] == 0
    }

    /// Takes one row of class `a` to a column of class `b` out of the problem, keeping the
    /// flow optimal for what is left (routed first along a cycle of cost 0 if none was
    /// there: [`Flow::admits`] must have said yes).
    fn take(&mut self, a: usize, b: usize) {
        let kr = self.flow.len();
        if self.flow[a][b] > 0 {
            self.flow[a][b] -= 1;
            if self.flow[a][b] == 0 {
                self.paths = None;
            }
            return;
        }
        // The cycle of cost 0 through the pair: the unit the pair takes comes back from column
        // class `b` to row class `a` along the residual graph's shortest path, whose flows
        // shift by one; the pair itself, taken out at once, keeps none.
        let next = &self.paths().next;
        let mut path = vec![kr + b];
        while let Some(&at) = path.last().filter(|&&at| at != a) {
            path.push(next[at][a]);
        }
        for w in path.windows(2) {
            if w[0] < kr {
                self.flow[w[0]][w[1] - kr] += 1;
            } else {
                self.flow[w[1]][w[0] - kr] -= 1;
            }
        }
        self.paths = None;
    }
}

/// The first optimal assignment of the square problem whose row `r` has class
/// `row_class[r]` and column `c` class `col_class[c]`, a cell costing `cost(row class,
/// column class)` (`None`: forbidden) unless `ok(r, c)` forbids it on its own: row by row, the
/// first column that keeps the optimum. The total and each row's column, or `None` when there
/// is no assignment or the cells forbidden one by one leave a row without a column (see the
/// module's documentation: the caller then asks a method that sees every cell).
pub fn first_optimal(
    row_class: &[usize],
    col_class: &[usize],
    cost: impl Fn(usize, usize) -> Option<i64>,
    ok: impl Fn(usize, usize) -> bool,
) -> Option<(i64, Vec<usize>)> {
    let n = row_class.len();
    if col_class.len() != n {
        return None;
    }
    let kr = row_class.iter().max().map_or(0, |&k| k + 1);
    let kc = col_class.iter().max().map_or(0, |&k| k + 1);
    let mut supply = vec![0; kr];
    for &a in row_class {
        supply[a] += 1;
    }
    // Each column class's columns, in order; `first[b]`: none before it is still free.
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); kc];
    for (c, &b) in col_class.iter().enumerate() {
        members[b].push(c);
    }
    let demand: Vec<usize> = members.iter().map(Vec::len).collect();
    let table: Vec<Vec<Option<i64>>> = (0..kr)
        .map(|a| (0..kc).map(|b| cost(a, b)).collect())
        .collect();
    let mut flow = Flow::solve(table, &supply, &demand)?;
    let mut total = 0;
    let mut taken = vec![false; n];
    let mut first = vec![0usize; kc];
    let mut out = Vec::with_capacity(n);
    for (r, &a) in row_class.iter().enumerate() {
        let mut best: Option<(usize, usize)> = None;
        for b in 0..kc {
            while first[b] < members[b].len() && taken[members[b][first[b]]] {
                first[b] += 1;
            }
            let Some(c) = members[b][first[b]..]
                .iter()
                .copied()
                .find(|&c| !taken[c] && ok(r, c))
            else {
                continue;
            };
            if best.is_some_and(|(x, _)| x < c) || !flow.admits(a, b) {
                continue;
            }
            best = Some((c, b));
        }
        let (c, b) = best?;
        flow.take(a, b);
        taken[c] = true;
        total += flow.cost[a][b].expect("admitted");
        out.push(c);
    }
    Some((total, out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The first optimal assignment by trying every one in the rows' order.
    fn brute(n: usize, cell: &dyn Fn(usize, usize) -> Option<i64>) -> Option<(i64, Vec<usize>)> {
        fn go(
            r: usize,
            n: usize,
            cell: &dyn Fn(usize, usize) -> Option<i64>,
            used: &mut Vec<bool>,
            cur: &mut Vec<usize>,
            sum: i64,
            best: &mut Option<(i64, Vec<usize>)>,
        ) {
            if r == n {
                if best.as_ref().is_none_or(|(b, _)| sum < *b) {
                    *best = Some((sum, cur.clone()));
                }
                return;
            }
            for c in 0..n {
                let Some(x) = cell(r, c).filter(|_| !used[c]) else {
                    continue;
                };
                used[c] = true;
                cur.push(c);
                go(r + 1, n, cell, used, cur, sum + x, best);
                cur.pop();
                used[c] = false;
            }
        }
        let mut best = None;
        go(
            0,
            n,
            cell,
            &mut vec![false; n],
            &mut Vec::new(),
            0,
            &mut best,
        );
        best
    }

    /// Random problems of up to seven rows in up to four classes a side, with and without
    /// cells forbidden one by one: every answer given is the first optimal assignment, and
    /// without such cells there is always an answer when there is an assignment.
    #[test]
    fn the_first_optimal_assignment_as_trying_every_one_finds_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let mut answered_with_forbidden = 0;
        for round in 0..4000 {
            let n = rng.gen_range(1..=7);
            let (kr, kc) = (rng.gen_range(1..=4), rng.gen_range(1..=4));
            let rows: Vec<usize> = (0..n).map(|_| rng.gen_range(0..kr)).collect();
            let cols: Vec<usize> = (0..n).map(|_| rng.gen_range(0..kc)).collect();
            let table: Vec<Vec<Option<i64>>> = (0..kr)
                .map(|_| {
                    (0..kc)
                        .map(|_| (!rng.gen_bool(0.15)).then(|| rng.gen_range(0..4)))
                        .collect()
                })
                .collect();
            let single = round % 2 == 1;
            let banned: Vec<Vec<bool>> = (0..n)
                .map(|_| (0..n).map(|_| single && rng.gen_bool(0.15)).collect())
                .collect();
            let cell = |r: usize, c: usize| {
                if banned[r][c] {
                    None
                } else {
                    table[rows[r]][cols[c]]
                }
            };
            let want = brute(n, &cell);
            let got = first_optimal(&rows, &cols, |a, b| table[a][b], |r, c| !banned[r][c]);
            if single {
                if let Some(got) = got {
                    answered_with_forbidden += 1;
                    assert_eq!(Some(got), want, "{rows:?} {cols:?} {table:?} {banned:?}");
                }
            } else {
                assert_eq!(got, want, "{rows:?} {cols:?} {table:?}");
            }
        }
        // The cells forbidden one by one mostly leave an answer.
        assert!(answered_with_forbidden > 1000, "{answered_with_forbidden}");
    }
}
