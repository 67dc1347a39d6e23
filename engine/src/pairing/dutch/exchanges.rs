//! Dutch D.1-D.3: the order of transpositions and of exchanges between S1 and S2.

use crate::pairing::index::PlayerIx;

/// D.2's order of exchanges for S1 of `p` players and S2 of `m`: positions given up by S1 and
/// taken from S2; the identity first, then one player, two players, and so on. Within a size:
/// the smallest difference between the numbers exchanged; then the exchange concerning the
/// lowest players of S1; then (a reading) the highest players of S2.
///
/// Generated lazily, one difference at a time, so that even a large bracket never holds more
/// than the exchanges of one size and one difference.
pub(crate) struct Exchanges {
    pub(super) p: usize,
    pub(super) m: usize,
    pub(super) k: usize,
    pub(super) d: i64,
    pub(super) batch: std::vec::IntoIter<(Vec<usize>, Vec<usize>)>,
}

impl Exchanges {
    pub fn new(p: usize, m: usize) -> Exchanges {
        Exchanges {
            p,
            m,
            k: 0,
            d: 0,
            batch: vec![(Vec::new(), Vec::new())].into_iter(),
        }
    }

    /// The least and greatest difference (S2 numbers are p + position) for size `k`.
    pub(super) fn range(p: usize, m: usize, k: usize) -> (i64, i64) {
        let sum = |from: usize, n: usize| -> i64 { (from..from + n).map(|x| x as i64).sum() };
        let least = sum(p, k) - sum(p - k, k);
        let most = sum(p + m - k, k) - sum(0, k);
        (least, most)
    }

    /// Every exchange of size `k` and difference `d`, in order.
    pub(super) fn batch(p: usize, m: usize, k: usize, d: i64) -> Vec<(Vec<usize>, Vec<usize>)> {
        let mut out = Vec::new();
        let mut a: Vec<usize> = Vec::with_capacity(k);
        let filter = Filter { p, m, k, d };
        // A: the largest positions first (descending tuples, lexicographically descending).
        struct Filter {
            /// S1's and S2's sizes, the players exchanged, and the difference of sums D.2
            /// orders by.
            p: usize,
            m: usize,
            k: usize,
            d: i64,
        }
        fn for_a(
            top: usize,
            f: &Filter,
            a: &mut Vec<usize>,
            out: &mut Vec<(Vec<usize>, Vec<usize>)>,
        ) {
            let (p, m, k, d) = (f.p, f.m, f.k, f.d);
            let left = k - a.len();
            if a.len() == k {
                let sa: i64 = a.iter().map(|&i| i as i64).sum();
                // B's positions must sum to sa + d - k p.
                let target = sa + d - (k * p) as i64;
                let mut asc = a.clone();
                asc.reverse();
                let mut b = Vec::with_capacity(k);
                for_b(m, k, target, 0, &mut b, &asc, out);
                return;
            }
            for x in (left - 1..top).rev() {
                a.push(x);
                for_a(x, f, a, out);
                a.pop();
            }
        }
        // B: ascending positions with the given sum, lexicographically ascending.
        fn for_b(
            m: usize,
            k: usize,
            target: i64,
            from: usize,
            b: &mut Vec<usize>,
            a: &[usize],
            out: &mut Vec<(Vec<usize>, Vec<usize>)>,
        ) {
            let left = k - b.len();
            let have: i64 = b.iter().map(|&j| j as i64).sum();
            if left == 0 {
                if have == target {
                    out.push((a.to_vec(), b.clone()));
                }
                return;
            }
            for y in from..m {
                if m - y < left {
                    break;
                }
                let least: i64 = (y..y + left).map(|x| x as i64).sum();
                let most: i64 = y as i64 + (m - left + 1..m).map(|x| x as i64).sum::<i64>();
                if have + least > target {
                    break;
                }
                if have + most < target {
                    continue;
                }
                b.push(y);
                for_b(m, k, target, y + 1, b, a, out);
                b.pop();
            }
        }
        for_a(p, &filter, &mut a, &mut out);
        out
    }
}

impl Iterator for Exchanges {
    type Item = (Vec<usize>, Vec<usize>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(x) = self.batch.next() {
                return Some(x);
            }
            let limit = self.p.min(self.m);
            if self.k == 0 || self.d >= Exchanges::range(self.p, self.m, self.k).1 {
                self.k += 1;
                if self.k > limit {
                    return None;
                }
                self.d = Exchanges::range(self.p, self.m, self.k).0;
            } else {
                self.d += 1;
            }
            if self.k > limit {
                return None;
            }
            self.batch = Exchanges::batch(self.p, self.m, self.k, self.d).into_iter();
        }
    }
}

/// S1 and S2 after exchanging positions `a` of S1 with positions `b` of S2, each re-ordered by
/// A.2 (ranks are indices, so sorted).
pub(super) fn exchanged(
    s1: &[PlayerIx],
    s2: &[PlayerIx],
    a: &[usize],
    b: &[usize],
) -> (Vec<PlayerIx>, Vec<PlayerIx>) {
    let mut n1: Vec<PlayerIx> = s1
        .iter()
        .enumerate()
        .filter(|(i, _)| !a.contains(i))
        .map(|(_, &x)| x)
        .chain(b.iter().map(|&j| s2[j]))
        .collect();
    let mut n2: Vec<PlayerIx> = s2
        .iter()
        .enumerate()
        .filter(|(j, _)| !b.contains(j))
        .map(|(_, &x)| x)
        .chain(a.iter().map(|&i| s1[i]))
        .collect();
    n1.sort_unstable();
    n2.sort_unstable();
    (n1, n2)
}

pub(super) fn exchange_of(
    s1: &[PlayerIx],
    s2: &[PlayerIx],
    a: &[usize],
    b: &[usize],
) -> Option<(Vec<PlayerIx>, Vec<PlayerIx>)> {
    (!a.is_empty()).then(|| {
        (
            a.iter().map(|&i| s1[i]).collect(),
            b.iter().map(|&j| s2[j]).collect(),
        )
    })
}

/// The order of S2 a transposition produced: the partners in S1's order, then the rest.
pub(super) fn s2_order(s2: &[PlayerIx], chosen: &[usize]) -> Vec<PlayerIx> {
    let mut out: Vec<PlayerIx> = chosen.iter().map(|&j| s2[j]).collect();
    out.extend(left_over(s2, chosen));
    out
}

/// The players of `s2` whose positions are not `chosen`, in order (a mark per position: a
/// bracket of 50,000 is not searched once per player).
pub(super) fn left_over<'a>(
    s2: &'a [PlayerIx],
    chosen: &[usize],
) -> impl Iterator<Item = PlayerIx> + 'a {
    let mut taken = vec![false; s2.len()];
    for &j in chosen {
        taken[j] = true;
    }
    s2.iter()
        .zip(taken)
        .filter(|&(_, taken)| !taken)
        .map(|(&x, _)| x)
}
