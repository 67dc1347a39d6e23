//! The index spaces of the pairing procedures, kept apart by type.
//!
//! A procedure numbers the players it pairs in a list of its own (the Dutch ranking by A.2,
//! the Dubov procedure's available players): a [`PlayerIx`] is an index into that list, and
//! only an [`IxVec`] can be indexed by one. A pairing number is a [`crate::ids::Tpn`]; a bare
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

    /// The entries, to change, in index order.
    pub(crate) fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// Every index, in order.
    pub(crate) fn indices(&self) -> impl DoubleEndedIterator<Item = PlayerIx> + Clone {
        (0..self.0.len()).map(PlayerIx::new)
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
