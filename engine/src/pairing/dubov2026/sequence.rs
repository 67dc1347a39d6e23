//! Dubov 2026 Article 4: the orders sets of players are taken in. 4.1.3's first set (by the
//! smallest differing sequence number) is chosen member by member, each the first whose
//! addition a matching still allows; 4.3.3's numbering from the middle out; 4.4's first
//! transposition, row by row, each row the first partner an assignment of the rows below
//! still allows (an alternating path, not a new search).

/// 4.3.3: the positions of a list of `len` in the order their sequence numbers are given:
/// the (remaining) middle first, of two in the middle the higher in the list.
pub(crate) fn middle_out(len: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by_key(|&i| ((2 * i).abs_diff(len.saturating_sub(1)), i));
    order
}

/// 4.1.3: the first set of `k` of the pool (given in sequence-number order) that `fits`: a set
/// comes before another when its smallest differing sequence number is smaller, so the
/// members are fixed one by one, each the first in the order for which some fitting set
/// holds the members fixed so far and none of those passed over. `fits(chosen, passed)` is
/// asked of those two lists (members of the pool), the rest free. `None` when no set of `k`
/// fits at all.
pub(crate) fn first_set<T: Copy>(
    pool: &[T],
    k: usize,
    mut fits: impl FnMut(&[T], &[T]) -> bool,
) -> Option<Vec<T>> {
    let mut chosen: Vec<T> = Vec::with_capacity(k);
    let mut passed: Vec<T> = Vec::new();
    if !fits(&chosen, &passed) {
        return None;
    }
    for (i, &p) in pool.iter().enumerate() {
        if chosen.len() == k {
            break;
        }
        // Everyone left is needed: no question to ask.
        if pool.len() - i == k - chosen.len() {
            chosen.extend_from_slice(&pool[i..]);
            break;
        }
        chosen.push(p);
        if fits(&chosen, &passed) {
            continue;
        }
        chosen.pop();
        passed.push(p);
    }
    (chosen.len() == k).then_some(chosen)
}

/// 4.4: the first transposition of the columns (in their order, 4.4.2) that gives every row
/// (S1 in its order) a column `ok` allows: row by row, the earliest column with which the
/// rows below can still all be given one. The column of each row, `None` when no
/// transposition fits.
pub(crate) fn first_transposition(
    n: usize,
    ok: impl Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    // Row by row the earliest free column: when every row gets one, it is the first.
    let mut free = crate::pairing::common::Untaken::new(n);
    let mut col: Vec<usize> = Vec::with_capacity(n);
    for r in 0..n {
        let mut c = free.first_from(0);
        while c < n && !ok(r, c) {
            c = free.first_from(c + 1);
        }
        if c == n {
            break;
        }
        free.take(c);
        col.push(c);
    }
    if col.len() == n {
        return Some(col);
    }
    // Otherwise an assignment of every row, then each row in turn moved to its earliest column
    // that an alternating path through the rows below can make room for.
    let assigned = crate::matching::cardinality::bipartite_assignment(n, n, &ok)?;
    let mut col = assigned;
    let mut owner: Vec<usize> = vec![0; n];
    for (r, &c) in col.iter().enumerate() {
        owner[c] = r;
    }
    let mut fixed_col = vec![false; n];
    for r in 0..n {
        for c in 0..n {
            if fixed_col[c] || !ok(r, c) {
                continue;
            }
            if col[r] == c {
                break;
            }
            // Row r takes c; its owner o (a row below) must find another column, where the
            // one r leaves is free.
            let o = owner[c];
            let freed = col[r];
            let mut seen = fixed_col.clone();
            seen[c] = true;
            let mut trial_col = col.clone();
            let mut trial_owner = owner.clone();
            trial_owner[freed] = usize::MAX;
            if reroute(o, r, &ok, &mut trial_col, &mut trial_owner, &mut seen) {
                trial_col[r] = c;
                trial_owner[c] = r;
                col = trial_col;
                owner = trial_owner;
                break;
            }
        }
        fixed_col[col[r]] = true;
    }
    Some(col)
}

/// An augmenting path from row `row` (rows at or above `top` keep their columns): a column not
/// `seen`, free or whose owner can move on.
fn reroute(
    row: usize,
    top: usize,
    ok: &dyn Fn(usize, usize) -> bool,
    col: &mut [usize],
    owner: &mut [usize],
    seen: &mut [bool],
) -> bool {
    for c in 0..owner.len() {
        if seen[c] || !ok(row, c) {
            continue;
        }
        seen[c] = true;
        let o = owner[c];
        if o == usize::MAX || (o > top && reroute(o, top, ok, col, owner, seen)) {
            owner[c] = row;
            col[row] = c;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dubov_2026_4_3_3_the_example_numbers_d_c_e_b_f_a_g() {
        // A B C D E F G: #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G.
        assert_eq!(middle_out(7), vec![3, 2, 4, 1, 5, 0, 6]);
        // Six: the two in the middle, the higher first, then the remaining middle.
        assert_eq!(middle_out(6), vec![2, 3, 1, 4, 0, 5]);
        assert_eq!(middle_out(1), vec![0]);
        assert!(middle_out(0).is_empty());
    }

    #[test]
    fn dubov_2026_4_1_3_sets_by_the_smallest_differing_sequence_number() {
        // Every set of 2 of 5 in order: {1,2} {1,3} {1,4} {1,5} {2,3} ...: the first that fits.
        let all: Vec<Vec<usize>> = (0..5)
            .flat_map(|a| ((a + 1)..5).map(move |b| vec![a, b]))
            .collect();
        for forbid in 0..all.len() {
            // Sets fitting: every set from index `forbid` on.
            let fitting = &all[forbid..];
            let fits = |chosen: &[usize], passed: &[usize]| {
                fitting.iter().any(|s| {
                    chosen.iter().all(|c| s.contains(c)) && passed.iter().all(|p| !s.contains(p))
                })
            };
            assert_eq!(
                first_set(&[0, 1, 2, 3, 4], 2, fits),
                Some(all[forbid].clone())
            );
        }
    }

    #[test]
    fn dubov_2026_4_4_2_the_first_transposition_is_the_first_in_the_notes_order() {
        // Every 4 x 4 pattern of allowed cells with some bits: the first permutation in
        // lexicographic order (4.4.2's note) that fits, by enumeration.
        let perms = {
            let mut out = Vec::new();
            let mut p = vec![0, 1, 2, 3];
            loop {
                out.push(p.clone());
                // Next permutation.
                let Some(i) = (0..3).rev().find(|&i| p[i] < p[i + 1]) else {
                    break;
                };
                let j = (i + 1..4).rev().find(|&j| p[j] > p[i]).unwrap_or(i);
                p.swap(i, j);
                p[i + 1..].reverse();
            }
            out
        };
        for mask in (0u32..1 << 16).step_by(7) {
            let ok = |r: usize, c: usize| mask >> (r * 4 + c) & 1 == 1;
            let want = perms.iter().find(|p| (0..4).all(|r| ok(r, p[r]))).cloned();
            assert_eq!(first_transposition(4, ok), want, "mask {mask:016b}");
        }
    }
}
