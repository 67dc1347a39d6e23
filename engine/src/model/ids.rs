//! Identifiers: a player's starting rank and a round's number.
//!
//! Both are 1-based, as arbiters and TRF files count them.

use std::fmt;

/// A player's tournament pairing number (starting rank): fixed before round 1 by Dutch A.2
/// (rating, then title, then name) and never changed afterwards. Late entries get the next free
/// number. It is also the number a TRF file gives the player in columns 5-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tpn(u32);

impl Tpn {
    /// The pairing number `n`; `None` for 0, which no player has.
    pub fn new(n: u32) -> Option<Tpn> {
        (n > 0).then_some(Tpn(n))
    }

    /// The number itself.
    pub fn get(self) -> u32 {
        self.0
    }

    /// The 0-based position, for indexing vectors ordered by pairing number.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The pairing number at 0-based position `i`.
    pub fn from_index(i: usize) -> Tpn {
        Tpn(u32::try_from(i + 1).expect("fewer than 2^32 players"))
    }
}

impl fmt::Display for Tpn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A round's number, 1 for the first round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoundNo(u16);

impl RoundNo {
    /// The first round.
    pub const FIRST: RoundNo = RoundNo(1);

    /// Round `n`; `None` for 0.
    pub fn new(n: u16) -> Option<RoundNo> {
        (n > 0).then_some(RoundNo(n))
    }

    /// The number itself.
    pub fn get(self) -> u16 {
        self.0
    }

    /// The 0-based position, for indexing the list of rounds.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The round at 0-based position `i`.
    pub fn from_index(i: usize) -> RoundNo {
        RoundNo(u16::try_from(i + 1).expect("fewer than 65536 rounds"))
    }

    /// The round after this one.
    pub fn next(self) -> RoundNo {
        RoundNo(self.0 + 1)
    }
}

impl fmt::Display for RoundNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
