//! The search for a bracket's first acceptable pairing in the order of Dutch C.4-C.8: the
//! exchanges of D.2 (C.8), and for each the transpositions of D.1 (C.7), each candidate paired
//! S1 against S2 in order (C.6).
//!
//! [`Literal`] visits the candidates one by one and tests each complete one. [`Fast`] visits
//! them in the same order, but before accepting a choice for one S1 player it makes sure the
//! rest can still be completed: first by completing greedily (which, when it succeeds, is the
//! first completion in the order, so the next positions are settled at once), and when that
//! fails by asking a maximum matching whether any completion exists. So it never walks into a
//! branch with no acceptable end, and returns the same candidate as [`Literal`].
use super::criteria::Sink;
use super::criteria::Within;
use super::definitions::Ctx;
use super::definitions::Level;
use super::exchanges::left_over;
use super::exchanges::s2_order;
use crate::pairing::index::PlayerIx;

/// The candidate accepted for a bracket (or for the players moved down into it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// S1 after the exchange, in A.2 order.
    pub s1: Vec<PlayerIx>,
    /// S2 after the exchange, in the order of the transposition used.
    pub s2: Vec<PlayerIx>,
    /// D.2: the players given up by S1 and those taken from S2.
    pub exchange: Option<(Vec<PlayerIx>, Vec<PlayerIx>)>,
    /// `(s1[i], s2[i])`.
    pub pairs: Vec<(PlayerIx, PlayerIx)>,
    /// The players left unpaired (moved down, or in the lowest bracket the bye).
    pub floaters: Vec<PlayerIx>,
    /// Colour preferences denied (B.4).
    pub viol: usize,
    /// Found at a level where x allows more denials than the fewest any pairing of the
    /// bracket needs, with no pairing of D.2's first class within x: the first exchange among
    /// the pairings with the fewest denials, which is within x but not necessarily D.2's first
    /// within x. Such a level is only ever asked whether a pairing exists, never for its
    /// answer: at the first level at which a bracket (or a remainder) pairs, x never exceeds
    /// the fewest denials.
    /// - Where x is A.8's (lowered by C.14 with p): of `n` players `w` prefer White; a pairing
    ///   of `P` pairs leaves `n - 2P` over and puts at most one White-seeker in each pair
    ///   that denies none, so it denies at least `w - (n - 2P) - P` preferences, which for
    ///   `P = n/2` rounded down less `j` is `w - q - j`, A.8's x lowered `j` times by C.14
    ///   (likewise Black; A.7 d's flexible preferences, never denied, never raise x above
    ///   this). A remainder's allowance is x less what the pairs of the players moved down
    ///   deny, and those pairs and any pairing of the remainder pair the bracket: at most
    ///   the remainder's fewest.
    /// - Where C.11 raised x: the level before has the same criteria and x one less and
    ///   found no pairing (`criteria::first_level` accepts a level only after the one before
    ///   it failed), so every pairing denies at least x.
    ///
    /// Finding D.2's first exchange within an x above the fewest would be a matching under a
    /// bound on a second weight (the exact-matching problem, with no known deterministic
    /// polynomial method); by the above it is never needed.
    pub above_least: bool,
}

#[cfg(test)]
thread_local! {
    /// Candidates marked [`Found::above_least`] on this thread: found, and accepted (tests
    /// assert that none is accepted).
    pub(super) static ABOVE_LEAST: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

/// Finds a bracket's first acceptable candidate.
pub(crate) trait Search {
    /// A homogeneous bracket or remainder `group` (A.2 order) with `p` pairs at level `lv`,
    /// denying at most `allowed` preferences: the first candidate in C.4-C.8's order.
    fn homogeneous(
        &self,
        cx: &Ctx,
        group: &[PlayerIx],
        p: usize,
        lv: &Level,
        allowed: usize,
        sink: &Sink,
    ) -> Option<Found>;

    /// A heterogeneous bracket: the first pairing of the players moved down `mdps` (S1)
    /// against the `residents` (S2) in D.1's order after which the remainder can be paired with
    /// `pr` pairs at the same level (C.9), the whole within `allowed`. Returns it and the
    /// remainder.
    fn heterogeneous(
        &self,
        cx: &Ctx,
        mdps: &[PlayerIx],
        residents: &[PlayerIx],
        pr: usize,
        within: Within<'_>,
    ) -> Option<(Found, Vec<PlayerIx>)>;
}

pub(super) fn found(
    s1: &[PlayerIx],
    s2: &[PlayerIx],
    chosen: &[usize],
    viol: usize,
    exchange: Option<(Vec<PlayerIx>, Vec<PlayerIx>)>,
) -> Found {
    let mut floaters: Vec<PlayerIx> = left_over(s2, chosen).collect();
    floaters.sort_unstable();
    Found {
        s1: s1.to_vec(),
        s2: s2_order(s2, chosen),
        exchange,
        pairs: s1.iter().zip(chosen).map(|(&a, &j)| (a, s2[j])).collect(),
        floaters,
        viol,
        above_least: false,
    }
}
