//! The first minimum-cost assignment in the order of the rows' choices, when a cell's cost
//! depends only on the classes of its row and its column: thousands of rows and columns, a
//! few classes, and a few cells forbidden one by one. Nothing here knows chess: a pairing
//! system puts players of the same colour preference into one class.
//!
//! Without the cells forbidden one by one, the problem is a transportation problem between
//! the classes, solved once (successive shortest paths over a graph of classes, not of rows).
//! Row by row, in order, each row takes the first column (in order) whose class an optimal
//! flow can route it to: a flow already on that pair of classes, or a cycle of the residual
//! graph through it of cost 0 (made of the pairs the optimal duals leave tight, which stay
//! the same as rows are taken out; each class's search of them kept from one row to the next
//! while no flow between two classes starts or stops). A cell forbidden on its own is passed
//! over. Every earlier column was either forbidden or, already without the forbidden cells,
//! beyond the optimum; so when every row finds a column this way, the answer is exact.
//!
//! When the forbidden cells leave a row without such a column, the first guess went astray
//! (an earlier row took a column a later one needed). The answer is then found again with an
//! assignment of the classes' optimum at hand: one made of the pairs of classes some optimal
//! flow uses (every such assignment costs the optimum, and every one that does is made of
//! them), completed by augmenting paths. Row by row, a column is kept only if the rows after
//! it can still be assigned: it is the row's own in that assignment, or an alternating path
//! leads from the column's row to the row's own column, and the assignment shifts along it.
//! A search visits each column once (each class keeps the columns not yet visited; a row
//! passes over only the few it may not take), and the rows it visited are not searched again
//! for the same row: about the rows times the classes, not the cells. When no assignment
//! costs the classes' optimum (the forbidden cells raise it), the answer is `None`, and the
//! caller asks a method that sees every cell.

/// A cost that no cell reaches (its sum over a path stays far from overflowing).
const FAR: i128 = i128::MAX / 4;

/// The classes' transportation problem and an optimal flow of it.
#[derive(Clone)]
struct Flow {
    /// `cost[a][b]`: row class `a` to column class `b`, `None` when forbidden.
    cost: Vec<Vec<Option<i128>>>,
    /// Rows of class `a` sent to columns of class `b`.
    flow: Vec<Vec<usize>>,
    /// `tight[a][b]`: the pair's cost is what the optimal duals ([`Flow::solve`]) make it,
    /// its reduced cost 0. Every residual arc's reduced cost is at least 0, so a cycle of cost 0
    /// is made of tight pairs alone; and the duals stay optimal as rows are taken out (the
    /// flow left keeps to tight pairs, and the costs do not change), so this never changes.
    tight: Vec<Vec<bool>>,
    /// For each column class, the residual graph of tight pairs searched from it: each row
    /// class's predecessor on a path back to it (`NONE`: none); `None` until asked, and again
    /// once a flow between two classes starts or stops.
    reach: Vec<Option<Vec<usize>>>,
}

/// Bellman-Ford over the residual graph of `flow` (rows `0..kr`, then columns: an arc from
/// each row class to each column class it may take, and back along each flow): lowers `dist`
/// from what it starts at (`FAR`: not reached) until no arc lowers it, with each node's
/// predecessor in `prev`. No cycle is negative while the flow is optimal for what it sends.
fn shortest(
    cost: &[Vec<Option<i128>>],
    flow: &[Vec<usize>],
    dist: &mut [i128],
    prev: &mut [usize],
) {
    let (kr, kc) = (flow.len(), cost.first().map_or(0, Vec::len));
    for _ in 0..=kr + kc {
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
}

impl Flow {
    /// The cheapest flow sending `supply[a]` rows of each class to `demand[b]` columns of
    /// each (successive shortest paths by Bellman-Ford: the graph has a node per class);
    /// `None` when no flow sends them all.
    fn solve(cost: Vec<Vec<Option<i128>>>, supply: &[usize], demand: &[usize]) -> Option<Flow> {
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
            shortest(&cost, &flow, &mut dist, &mut prev);
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
        // Duals: shortest distances in the residual graph from every class at once (no cycle
        // is negative, as the flow is optimal), so every residual arc's reduced cost is at
        // least 0 and a flow's is 0.
        let n = kr + kc;
        let mut d = vec![0i128; n];
        shortest(&cost, &flow, &mut d, &mut vec![usize::MAX; n]);
        let tight = (0..kr)
            .map(|a| {
                (0..kc)
                    .map(|b| cost[a][b].is_some_and(|c| c + d[a] - d[kr + b] == 0))
                    .collect()
            })
            .collect();
        Some(Flow {
            cost,
            flow,
            tight,
            reach: vec![None; kc],
        })
    }

    /// The residual graph of tight pairs searched breadth-first from column class `b`: each
    /// class's predecessor on a path from `b` (rows `0..kr`, columns after), `NONE` where
    /// there is none. A column class leads to the row classes sending it a flow, a row class
    /// to the column classes it is tight with.
    fn reach(&mut self, b: usize) -> &[usize] {
        if self.reach[b].is_none() {
            let (kr, kc) = (self.flow.len(), self.reach.len());
            let mut prev = vec![NONE; kr + kc];
            prev[kr + b] = kr + b;
            let mut queue = std::collections::VecDeque::from([kr + b]);
            while let Some(at) = queue.pop_front() {
                if at >= kr {
                    for (a, p) in prev.iter_mut().enumerate().take(kr) {
                        if self.flow[a][at - kr] > 0 && *p == NONE {
                            *p = at;
                            queue.push_back(a);
                        }
                    }
                } else {
                    for (c, &tight) in self.tight[at].iter().enumerate() {
                        if tight && prev[kr + c] == NONE {
                            prev[kr + c] = at;
                            queue.push_back(kr + c);
                        }
                    }
                }
            }
            self.reach[b] = Some(prev);
        }
        self.reach[b].as_deref().expect("just searched")
    }

    /// A flow between two classes started or stopped: the searches no longer hold.
    fn changed(&mut self) {
        self.reach.iter_mut().for_each(|r| *r = None);
    }

    /// Whether some optimal flow sends a row of class `a` to a column of class `b`: the flow
    /// does, or a cycle of cost 0 runs through the pair (the pair is tight, and the residual
    /// graph's tight pairs lead from `b` back to `a`).
    fn admits(&mut self, a: usize, b: usize) -> bool {
        if self.cost[a][b].is_none() {
            return false;
        }
        if self.flow[a][b] > 0 {
            return true;
        }
        self.tight[a][b] && self.reach(b)[a] != NONE
    }

    /// Takes one row of class `a` to a column of class `b` out of the problem, keeping the
    /// flow optimal for what is left (routed first along a cycle of cost 0 if none was
    /// there: [`Flow::admits`] must have said yes).
    fn take(&mut self, a: usize, b: usize) {
        let kr = self.flow.len();
        if self.flow[a][b] > 0 {
            self.flow[a][b] -= 1;
            if self.flow[a][b] == 0 {
                self.changed();
            }
            return;
        }
        // The cycle of cost 0 through the pair: the unit the pair takes comes back from column
        // class `b` to row class `a` along the tight residual path the search found, whose
        // flows shift by one; the pair itself, taken out at once, keeps none.
        self.reach(b);
        let prev = self.reach[b].take().expect("just searched");
        let mut at = a;
        while at != kr + b {
            let from = prev[at];
            if from < kr {
                self.flow[from][at - kr] += 1;
            } else {
                self.flow[at][from - kr] -= 1;
            }
            at = from;
        }
        self.changed();
    }
}

/// The first optimal assignment of the square problem whose row `r` has class
/// `row_class[r]` and column `c` class `col_class[c]`, a cell costing `cost(row class,
/// column class)` (`None`: forbidden) unless `ok(r, c)` forbids it on its own: row by row, the
/// first column that keeps the optimum. The total and each row's column, or `None` when there
/// is no assignment, or when the cells forbidden one by one make every assignment cost more
/// than the classes' optimum (see the module's documentation: the caller then asks a method
/// that sees every cell).
pub fn first_optimal(
    row_class: &[usize],
    col_class: &[usize],
    cost: impl Fn(usize, usize) -> Option<i128>,
    ok: impl Fn(usize, usize) -> bool,
) -> Option<(i128, Vec<usize>)> {
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
    // Each column class's columns, in order.
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); kc];
    for (c, &b) in col_class.iter().enumerate() {
        members[b].push(c);
    }
    let demand: Vec<usize> = members.iter().map(Vec::len).collect();
    let table: Vec<Vec<Option<i128>>> = (0..kr)
        .map(|a| (0..kc).map(|b| cost(a, b)).collect())
        .collect();
    let mut flow = Flow::solve(table, &supply, &demand)?;
    // The pairs of classes some optimal flow uses. An assignment made of them alone costs the
    // optimum (they are the cells a strictly complementary dual leaves tight), and every
    // assignment that costs the optimum is made of them.
    let admitted: Vec<Vec<bool>> = (0..kr)
        .map(|a| (0..kc).map(|b| flow.admits(a, b)).collect())
        .collect();
    let problem = Problem {
        row_class,
        members: &members,
        admitted: &admitted,
        ok: &ok,
    };
    match problem.rows_in_order(flow.clone(), None) {
        Ok(found) => Some(found),
        Err(partial) => {
            // A cell forbidden on its own left a row without a column the flow admits: the
            // first guess went astray. With an assignment of the optimum at hand (one exists
            // or the answer is `None`), each row's first column is checked against it.
            let mut m = problem.complete(partial)?;
            problem.rows_in_order(flow, Some(&mut m)).ok()
        }
    }
}

/// What [`first_optimal`] works on.
struct Problem<'a, F: Fn(usize, usize) -> bool> {
    row_class: &'a [usize],
    members: &'a [Vec<usize>],
    admitted: &'a [Vec<bool>],
    ok: &'a F,
}

/// An assignment of rows to columns, both ways (`NONE` where there is none).
struct Mates {
    col_of: Vec<usize>,
    row_of: Vec<usize>,
}

const NONE: usize = usize::MAX;

impl<F: Fn(usize, usize) -> bool> Problem<'_, F> {
    /// Row by row, the first column (in order) of a class that the flow (optimal for the rows
    /// and columns left) can route the row to, that the row may take, and, with `mates` (an
    /// assignment of the optimum of the rows left), that keeps some assignment of the optimum
    /// for the rest: found by an alternating path from the column's row to the row's own
    /// column ([`Problem::reroute`]). Without `mates`, the first such column is taken
    /// unchecked, and the rows' columns so far are returned as `Err` when a row finds none.
    fn rows_in_order(
        &self,
        mut flow: Flow,
        mut mates: Option<&mut Mates>,
    ) -> Result<(i128, Vec<usize>), Vec<usize>> {
        let n = self.row_class.len();
        let kc = self.members.len();
        let mut total = 0;
        let mut taken = vec![false; n];
        // `first[b]`: no column of class `b` before it is still free.
        let mut first = vec![0usize; kc];
        let mut cursor = vec![0usize; kc];
        let mut out = Vec::with_capacity(n);
        for (r, &a) in self.row_class.iter().enumerate() {
            for b in 0..kc {
                while first[b] < self.members[b].len() && taken[self.members[b][first[b]]] {
                    first[b] += 1;
                }
            }
            // Each class's next column to try for this row (the classes the row's class has no
            // cost with are not looked into).
            cursor.clone_from(&first);
            let mut search: Option<Search> = None;
            let chosen = loop {
                let mut best: Option<(usize, usize)> = None;
                for b in 0..kc {
                    if flow.cost[a][b].is_none() {
                        continue;
                    }
                    let list = &self.members[b];
                    while cursor[b] < list.len() && taken[list[cursor[b]]] {
                        cursor[b] += 1;
                    }
                    let Some(&c) = list.get(cursor[b]) else {
                        continue;
                    };
                    if best.is_some_and(|(x, _)| x < c) || !flow.admits(a, b) {
                        continue;
                    }
                    best = Some((c, b));
                }
                let Some((c, b)) = best else {
                    break None;
                };
                // Whether the row may take the column on its own (a rematch), asked only of
                // the first free column of the classes: when it may not, its class's next
                // column competes.
                if !(self.ok)(r, c) {
                    cursor[b] += 1;
                    continue;
                }
                let Some(m) = mates.as_deref_mut() else {
                    break Some((c, b));
                };
                let own = m.col_of[r];
                if c == own {
                    break Some((c, b));
                }
                let s = search.get_or_insert_with(|| Search::new(self, own));
                if s.reroute(self, m, r, c) {
                    break Some((c, b));
                }
                cursor[b] += 1;
            };
            let Some((c, b)) = chosen else {
                return Err(out);
            };
            flow.take(a, b);
            taken[c] = true;
            total += flow.cost[a][b].expect("admitted");
            out.push(c);
        }
        Ok((total, out))
    }

    /// An assignment of the optimum (cells of [`Problem::admitted`] pairs that may be taken)
    /// extending the rows' columns `partial`: the rest first take free columns in order, then
    /// each row left without one an augmenting path. `None` when there is none.
    fn complete(&self, partial: Vec<usize>) -> Option<Mates> {
        let n = self.row_class.len();
        let mut m = Mates {
            col_of: vec![NONE; n],
            row_of: vec![NONE; n],
        };
        for (r, &c) in partial.iter().enumerate() {
            m.col_of[r] = c;
            m.row_of[c] = r;
        }
        let mut first = vec![0usize; self.members.len()];
        for r in partial.len()..n {
            let a = self.row_class[r];
            for (b, list) in self.members.iter().enumerate() {
                if !self.admitted[a][b] {
                    continue;
                }
                while first[b] < list.len() && m.row_of[list[first[b]]] != NONE {
                    first[b] += 1;
                }
                if let Some(&c) = list[first[b]..]
                    .iter()
                    .find(|&&c| m.row_of[c] == NONE && (self.ok)(r, c))
                {
                    m.col_of[r] = c;
                    m.row_of[c] = r;
                    break;
                }
            }
        }
        for r in 0..n {
            if m.col_of[r] == NONE && !Search::new(self, NONE).augment(self, &mut m, r) {
                return None;
            }
        }
        Some(m)
    }
}

/// A breadth-first search for alternating paths (a cell that may be taken from a row to a
/// column, the column's assigned row back), each column visited once: every class keeps its
/// columns not yet visited, and a row scanning a class visits all of them but the few it may
/// not take, so a whole search costs about the columns, the rows times the classes, and the
/// cells forbidden.
struct Search {
    /// Each column class's columns neither visited nor taken; `None` until first scanned.
    unvisited: Vec<Option<Vec<usize>>>,
    /// The row each visited column was reached from.
    from: Vec<usize>,
    seen: Vec<bool>,
    /// The column the paths must reach (`NONE`: any column without a row).
    target: usize,
}

impl Search {
    fn new<F: Fn(usize, usize) -> bool>(p: &Problem<F>, target: usize) -> Search {
        Search {
            unvisited: vec![None; p.members.len()],
            from: vec![NONE; p.row_class.len()],
            seen: vec![false; p.row_class.len()],
            target,
        }
    }

    /// From `start`, the first column reached that ends a path (the target, or a column
    /// without a row), with the rows the search visited marked (a later search from one of
    /// them, for the same target, finds nothing new).
    fn run<F: Fn(usize, usize) -> bool>(
        &mut self,
        p: &Problem<F>,
        m: &Mates,
        taken: &dyn Fn(usize) -> bool,
        start: usize,
    ) -> Option<usize> {
        let Search {
            unvisited,
            from,
            seen,
            target,
        } = self;
        if seen[start] {
            return None;
        }
        seen[start] = true;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(y) = queue.pop_front() {
            let a = p.row_class[y];
            for (b, slot) in unvisited.iter_mut().enumerate() {
                if !p.admitted[a][b] {
                    continue;
                }
                let list = slot.get_or_insert_with(|| {
                    p.members[b]
                        .iter()
                        .copied()
                        .filter(|&c| !taken(c))
                        .collect()
                });
                let mut kept = Vec::new();
                let mut found = None;
                for (i, &c) in list.iter().enumerate() {
                    if !(p.ok)(y, c) {
                        kept.push(c);
                        continue;
                    }
                    from[c] = y;
                    let z = m.row_of[c];
                    if c == *target || (*target == NONE && z == NONE) {
                        kept.extend_from_slice(&list[i + 1..]);
                        found = Some(c);
                        break;
                    }
                    if z != NONE && !seen[z] {
                        seen[z] = true;
                        queue.push_back(z);
                    }
                }
                *list = kept;
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    /// Shifts the assignment along the path found, back from column `end` to row `start`.
    fn shift(&self, m: &mut Mates, start: usize, end: usize) {
        let mut col = end;
        loop {
            let y = self.from[col];
            let before = m.col_of[y];
            m.col_of[y] = col;
            m.row_of[col] = y;
            if y == start {
                break;
            }
            col = before;
        }
    }

    /// Gives row `r` column `c` (another row's) if the rest can still be assigned: a path
    /// from `c`'s row to `r`'s own column (this search's target) frees it for that row, and
    /// `r` takes `c`. `false` (nothing changed) when there is none.
    fn reroute<F: Fn(usize, usize) -> bool>(
        &mut self,
        p: &Problem<F>,
        m: &mut Mates,
        r: usize,
        c: usize,
    ) -> bool {
        let x = m.row_of[c];
        // The rows before `r` keep their columns.
        let fixed = |col: usize| {
            let y = m.row_of[col];
            y != NONE && y < r
        };
        let Some(end) = self.run(p, m, &fixed, x) else {
            return false;
        };
        self.shift(m, x, end);
        m.col_of[r] = c;
        m.row_of[c] = r;
        true
    }

    /// Gives row `r`, without a column, one: along an augmenting path to a free column.
    fn augment<F: Fn(usize, usize) -> bool>(
        &mut self,
        p: &Problem<F>,
        m: &mut Mates,
        r: usize,
    ) -> bool {
        let Some(end) = self.run(p, m, &|_| false, r) else {
            return false;
        };
        self.shift(m, r, end);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The first optimal assignment by trying every one in the rows' order.
    fn brute(n: usize, cell: &dyn Fn(usize, usize) -> Option<i128>) -> Option<(i128, Vec<usize>)> {
        fn go(
            r: usize,
            n: usize,
            cell: &dyn Fn(usize, usize) -> Option<i128>,
            used: &mut Vec<bool>,
            cur: &mut Vec<usize>,
            sum: i128,
            best: &mut Option<(i128, Vec<usize>)>,
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

    /// A random problem: rows and columns in classes, each pair of classes forbidden or with
    /// a cost, and some cells forbidden on their own.
    struct Random {
        rows: Vec<usize>,
        cols: Vec<usize>,
        table: Vec<Vec<Option<i128>>>,
        banned: Vec<Vec<bool>>,
    }

    impl Random {
        /// `n` rows and columns in up to `k` classes a side; a pair of classes forbidden with
        /// probability `closed`, else costing below `costs`; a cell forbidden on its own with
        /// probability `banned`.
        fn new(
            rng: &mut ChaCha8Rng,
            n: usize,
            k: usize,
            closed: f64,
            costs: i128,
            banned: f64,
        ) -> Random {
            let (kr, kc) = (rng.gen_range(1..=k), rng.gen_range(1..=k));
            let rows = (0..n).map(|_| rng.gen_range(0..kr)).collect();
            let cols = (0..n).map(|_| rng.gen_range(0..kc)).collect();
            let table = (0..kr)
                .map(|_| {
                    (0..kc)
                        .map(|_| (!rng.gen_bool(closed)).then(|| rng.gen_range(0..costs)))
                        .collect()
                })
                .collect();
            let banned = (0..n)
                .map(|_| (0..n).map(|_| rng.gen_bool(banned)).collect())
                .collect();
            Random {
                rows,
                cols,
                table,
                banned,
            }
        }

        /// [`first_optimal`] against `reference` (the first optimal assignment, cell by
        /// cell): the same answer when that costs the classes' optimum (the one without the
        /// cells forbidden on their own), else none. Whether there is one.
        fn check(&self, reference: Reference) -> bool {
            let n = self.rows.len();
            let class_cell = |r: usize, c: usize| self.table[self.rows[r]][self.cols[c]];
            let cell = |r: usize, c: usize| class_cell(r, c).filter(|_| !self.banned[r][c]);
            let classes = reference(n, &class_cell).map(|(t, _)| t);
            let want = reference(n, &cell).filter(|w| Some(w.0) == classes);
            let got = first_optimal(
                &self.rows,
                &self.cols,
                |a, b| self.table[a][b],
                |r, c| !self.banned[r][c],
            );
            assert_eq!(
                got, want,
                "{:?} {:?} {:?} {:?}",
                self.rows, self.cols, self.table, self.banned
            );
            got.is_some()
        }
    }

    /// The first optimal assignment of an `n`-row problem given cell by cell.
    type Reference = fn(usize, &dyn Fn(usize, usize) -> Option<i128>) -> Option<(i128, Vec<usize>)>;

    /// Random problems of up to seven rows in up to four classes a side, with and without
    /// cells forbidden one by one: every answer given is the first optimal assignment; there
    /// is always an answer when some assignment costs the classes' optimum (the one without
    /// the cells forbidden one by one), and none otherwise.
    #[test]
    fn the_first_optimal_assignment_as_trying_every_one_finds_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let mut answered_with_forbidden = 0;
        for round in 0..4000 {
            let n = rng.gen_range(1..=7);
            let single = round % 2 == 1;
            let problem = Random::new(&mut rng, n, 4, 0.15, 4, if single { 0.25 } else { 0.0 });
            if problem.check(brute) && single {
                answered_with_forbidden += 1;
            }
        }
        assert!(answered_with_forbidden > 1000, "{answered_with_forbidden}");
    }

    /// The first optimal assignment of a square problem by the Hungarian method: row by row,
    /// the first column whose forcing keeps the optimum.
    fn first_by_every_cell(
        n: usize,
        cell: &dyn Fn(usize, usize) -> Option<i128>,
    ) -> Option<(i128, Vec<usize>)> {
        let forbidden = crate::matching::assignment::FORBIDDEN;
        let cost = |r: usize, c: usize| cell(r, c).map_or(forbidden, |x| x as i64);
        let mut a = crate::matching::assignment::Assignment::solve(n, n, cost)?;
        let total = a.total();
        if total >= forbidden {
            return None;
        }
        let total = i128::from(total);
        let mut out = Vec::new();
        for r in 0..n {
            let (c, next) = (0..n).find_map(|c| a.keeping(r, c).map(|b| (c, b)))?;
            out.push(c);
            a = next;
        }
        Some((total, out))
    }

    /// Larger problems (up to 60 rows, up to five classes a side, many cells forbidden one by
    /// one, so that the rows' first choices often lead astray): the same answer as the
    /// Hungarian method's first optimal assignment whenever that costs the classes' optimum.
    #[test]
    fn the_first_optimal_assignment_as_the_hungarian_method_finds_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(34);
        let mut answered = 0;
        for _ in 0..300 {
            let n = rng.gen_range(10..=60);
            let p = rng.gen_range(0.02..0.3);
            let problem = Random::new(&mut rng, n, 5, 0.1, 3, p);
            answered += usize::from(problem.check(first_by_every_cell));
        }
        assert!(answered > 100, "{answered}");
    }
}
