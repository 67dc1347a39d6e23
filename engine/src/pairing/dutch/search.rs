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

use super::*;

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
    /// The walk through D.2's exchanges reached [`Fast`]'s limit: this is the first exchange
    /// among the pairings that deny the fewest preferences, not necessarily the first of all
    /// within x (said in the explanation).
    pub limited: bool,
}

/// Where the players left unpaired go, and what they must find there.
#[derive(Clone, Debug)]
pub(crate) enum Sink {
    /// Moved down to the next bracket: only B.5/B.6 for downfloats.
    Free,
    /// The lowest bracket: at most one, who gets the bye (A.5, B.1 b).
    Bye,
    /// C.12 look-ahead: together with `extra` (players moved on regardless) they must all be
    /// paired at once with the residents of the next bracket (B.1, B.2).
    IntoNext {
        residents: Vec<PlayerIx>,
        extra: Vec<PlayerIx>,
    },
    /// C.13 look-ahead: together with `extra` and the lowest bracket's players, they must be
    /// paired completely (one bye if odd).
    CompleteLowest {
        lowest: Vec<PlayerIx>,
        extra: Vec<PlayerIx>,
    },
}

impl Sink {
    /// C.12's look-ahead on the residents of the next bracket.
    pub fn into_next(residents: Vec<PlayerIx>) -> Sink {
        Sink::IntoNext {
            residents,
            extra: Vec::new(),
        }
    }

    /// C.13's look-ahead on the lowest bracket.
    pub fn complete_lowest(lowest: Vec<PlayerIx>) -> Sink {
        Sink::CompleteLowest {
            lowest,
            extra: Vec::new(),
        }
    }

    /// The same, with `more` players moved down regardless (C.1).
    pub fn with_extra(&self, more: &[PlayerIx]) -> Sink {
        match self {
            Sink::Free | Sink::Bye => self.clone(),
            Sink::IntoNext { residents, extra } => Sink::IntoNext {
                residents: residents.clone(),
                extra: extra.iter().chain(more).copied().collect(),
            },
            Sink::CompleteLowest { lowest, extra } => Sink::CompleteLowest {
                lowest: lowest.clone(),
                extra: extra.iter().chain(more).copied().collect(),
            },
        }
    }

    /// The players of the brackets below that the look-ahead pairs (none for `Free`, `Bye`).
    pub fn players(&self) -> impl Iterator<Item = PlayerIx> + '_ {
        let (a, b): (&[PlayerIx], &[PlayerIx]) = match self {
            Sink::Free | Sink::Bye => (&[], &[]),
            Sink::IntoNext { residents, extra } => (residents, extra),
            Sink::CompleteLowest { lowest, extra } => (lowest, extra),
        };
        a.iter().chain(b).copied()
    }

    /// Whether `floaters` may be left unpaired at level `lv`.
    pub fn accepts_floaters_at(&self, cx: &Ctx, floaters: &[PlayerIx], lv: &Level) -> bool {
        match self {
            Sink::Free => floaters.iter().all(|&f| cx.down_ok(f, lv)),
            Sink::Bye => match floaters {
                [] => true,
                [f] => cx.bye_ok(*f, lv),
                _ => false,
            },
            Sink::IntoNext { residents, extra } => {
                floaters.iter().all(|&f| cx.down_ok(f, lv)) && {
                    let left: Vec<PlayerIx> = floaters.iter().chain(extra).copied().collect();
                    bipartite_perfect(&left, residents, |a, b| cx.compatible(a, b, lv.b2_relaxed))
                }
            }
            Sink::CompleteLowest { lowest, extra } => {
                floaters.iter().all(|&f| cx.down_ok(f, lv)) && {
                    let all: Vec<PlayerIx> = floaters
                        .iter()
                        .chain(extra)
                        .chain(lowest)
                        .copied()
                        .collect();
                    completely_pairable(cx, &all, lv.b2_relaxed)
                }
            }
        }
    }

    /// Whether `floaters` may be left unpaired with B.5/B.6 dropped (C.14, p = 0).
    pub fn accepts_floaters(&self, cx: &Ctx, floaters: &[PlayerIx]) -> bool {
        self.accepts_floaters_at(cx, floaters, &RELAXED)
    }

    /// Whether a lone player may be left over (the bye in the lowest bracket).
    pub fn accepts_alone(&self, cx: &Ctx, player: PlayerIx) -> bool {
        self.accepts_floaters(cx, &[player])
    }
}

/// Finds a bracket's first acceptable candidate.
pub(crate) trait Search {
    /// A homogeneous bracket or remainder `group` (A.2 order) with `p` pairs at level `lv`,
    /// denying at most `budget` preferences: the first candidate in C.4-C.8's order.
    fn homogeneous(
        &self,
        cx: &Ctx,
        group: &[PlayerIx],
        p: usize,
        lv: &Level,
        budget: usize,
        sink: &Sink,
    ) -> Option<Found>;

    /// A heterogeneous bracket: the first pairing of the players moved down `mdps` (S1)
    /// against the `residents` (S2) in D.1's order after which the remainder can be paired with
    /// `pr` pairs at the same level (C.9), the whole within `budget`. Returns it and the
    /// remainder.
    #[allow(clippy::too_many_arguments)]
    fn heterogeneous(
        &self,
        cx: &Ctx,
        mdps: &[PlayerIx],
        residents: &[PlayerIx],
        pr: usize,
        lv: &Level,
        budget: usize,
        sink: &Sink,
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
        limited: false,
    }
}
