//! The index spaces of the pairing procedures, kept apart by type.
//!
//! A procedure numbers the players it pairs in a list of its own (the Dutch ranking by A.2,
//! the Dubov procedure's available players): a [`PlayerIx`] is an index into that list, and
//! only an [`IxVec`] can be indexed by one. A pairing number is a [`crate::model::ids::Tpn`]; a bare
//! `usize` in a procedure is a position (in S1 or S2, a row of a column, a vertex of a
//! matching built for one question) or a count. Mixing them up is a type error.

use std::ops::{Index, IndexMut};

/// A player's index in a procedure's own list of the players it pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct PlayerIx(u32);

impl PlayerIx {
    /// The index `i` of the list.
    pub(crate) fn new(i: usize) -> PlayerIx {
        PlayerIx(u32::try_from(i).expect("fewer than 2^32 players"))
    }

    /// The position in the list.
    pub(crate) fn get(self) -> usize {
        self.0 as usize
    }
}

/// A list indexed by [`PlayerIx`]: one entry per player of a procedure's list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct IxVec<T>(Vec<T>);

impl<T> IxVec<T> {
    /// `n` copies of `value`.
    pub(crate) fn filled(n: usize, value: T) -> IxVec<T>
    where
        T: Clone,
    {
        IxVec(vec![value; n])
    }

    /// The entry of `i`, if the list has one.
    pub(crate) fn get(&self, i: PlayerIx) -> Option<&T> {
        self.0.get(i.get())
    }

    /// How many players.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Every index, in order.
    pub(crate) fn indices(&self) -> impl DoubleEndedIterator<Item = PlayerIx> + Clone {
        (0..self.0.len()).map(PlayerIx::new)
    }

    /// Every entry, to change.
    pub(crate) fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.0.iter_mut()
    }

    /// Each index with its entry, in order.
    pub(crate) fn enumerated(&self) -> impl Iterator<Item = (PlayerIx, &T)> {
        self.0
            .iter()
            .enumerate()
            .map(|(i, x)| (PlayerIx::new(i), x))
    }
}

impl<T> Index<PlayerIx> for IxVec<T> {
    type Output = T;
    fn index(&self, i: PlayerIx) -> &T {
        &self.0[i.get()]
    }
}

impl<T> IndexMut<PlayerIx> for IxVec<T> {
    fn index_mut(&mut self, i: PlayerIx) -> &mut T {
        &mut self.0[i.get()]
    }
}

impl<T> FromIterator<T> for IxVec<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> IxVec<T> {
        IxVec(iter.into_iter().collect())
    }
}

impl<'a, T> IntoIterator for &'a IxVec<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Who may not meet whom, by [`PlayerIx`]: each player's barred partners, sorted, all in one
/// list (a player's are `list[start[i]..start[i + 1]]`). One list rather than a `Vec` per
/// player: a field of 100,000 asks it millions of times a round, in the players' order, and
/// one list read in that order stays in the processor's caches where 100,000 separate
/// allocations do not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Barred {
    start: Vec<u32>,
    list: Vec<PlayerIx>,
}

impl Barred {
    /// `n` players, each pair `(a, b)` of `pairs()` barring `b` for `a` (a caller who bars a
    /// pair both ways yields it both ways; repeats are allowed, a player paired with itself
    /// is left out). `pairs` is called twice: to count each player's, then to place them (no
    /// list per player in between).
    pub(crate) fn from_directed<I: Iterator<Item = (PlayerIx, PlayerIx)>>(
        n: usize,
        pairs: impl Fn() -> I,
    ) -> Barred {
        let mut start = vec![0u32; n + 1];
        for (a, _) in pairs() {
            start[a.get() + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut list = vec![PlayerIx(0); start[n] as usize];
        for (a, b) in pairs() {
            list[next[a.get()] as usize] = b;
            next[a.get()] += 1;
        }
        // Each player's sorted, without repeats or the player itself, moved down in place.
        let mut kept = 0usize;
        for i in 0..n {
            let (from, to) = (start[i] as usize, start[i + 1] as usize);
            list[from..to].sort_unstable();
            start[i] = u32::try_from(kept).expect("fewer than 2^32 barred pairs");
            for k in from..to {
                let b = list[k];
                if b != PlayerIx::new(i) && (k == from || list[k - 1] != b) {
                    list[kept] = b;
                    kept += 1;
                }
            }
        }
        start[n] = u32::try_from(kept).expect("fewer than 2^32 barred pairs");
        list.truncate(kept);
        Barred { start, list }
    }

    /// `n` players, the pairs `pairs` barred both ways (a pair may come twice, in either
    /// order; a player paired with itself is left out).
    #[cfg(test)]
    pub(crate) fn from_pairs(n: usize, pairs: &[(PlayerIx, PlayerIx)]) -> Barred {
        Barred::from_directed(n, || pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]))
    }

    /// The players `i` may not meet, in order.
    pub(crate) fn of(&self, i: PlayerIx) -> &[PlayerIx] {
        &self.list[self.start[i.get()] as usize..self.start[i.get() + 1] as usize]
    }

    /// Whether `a` and `b` may not meet.
    pub(crate) fn contains(&self, a: PlayerIx, b: PlayerIx) -> bool {
        self.of(a).binary_search(&b).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn barred_pairs_are_kept_both_ways_once_each_in_order() {
        let ix = PlayerIx::new;
        let b = Barred::from_pairs(
            5,
            &[
                (ix(3), ix(0)),
                (ix(0), ix(3)),
                (ix(0), ix(1)),
                (ix(2), ix(2)),
                (ix(4), ix(1)),
            ],
        );
        assert_eq!(b.of(ix(0)), [ix(1), ix(3)]);
        assert_eq!(b.of(ix(1)), [ix(0), ix(4)]);
        assert_eq!(b.of(ix(2)), []);
        assert_eq!(b.of(ix(3)), [ix(0)]);
        assert_eq!(b.of(ix(4)), [ix(1)]);
        assert!(b.contains(ix(3), ix(0)) && b.contains(ix(0), ix(3)));
        assert!(!b.contains(ix(2), ix(2)) && !b.contains(ix(1), ix(3)));
    }
}
