//! Dutch B.1-B.6 as levels the search works at, and their relaxation in the order of C.9-C.11
//! (A.7 c, the B.6 notes); whether players can be paired completely under them.
use super::definitions::Ctx;
use crate::matching::cardinality::bipartite_perfect;
use crate::pairing::dutch::definitions::Level;
use crate::pairing::dutch::definitions::RELAXED;
use crate::pairing::index::PlayerIx;

/// How a bracket is searched, besides its level (see [`modes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// A.7 (c): strong preferences held as absolute while that costs no floater.
    A7c,
    /// The criteria as they stand.
    Plain,
    /// The B.6 notes: B.2 relaxed for players with exactly 50 % in the last round.
    B2Relaxed,
}

/// The levels of C.9-C.11 for a bracket whose x is `x` and p is `p`, searched in `mode`, in
/// the order tried.
pub(super) fn levels(x: usize, p: usize, mode: Mode) -> Vec<Level> {
    let x = x.min(p);
    let (a7c, b2_relaxed) = (mode == Mode::A7c, mode == Mode::B2Relaxed);
    let strict = Level {
        b6_up: true,
        b5_up: true,
        b6_down: true,
        b5_down: true,
        x,
        a7c,
        b2_relaxed,
    };
    let mut out = vec![strict];
    let mut l = strict;
    for step in 0..4 {
        match step {
            0 => l.b6_up = false,
            1 => l.b5_up = false,
            2 => l.b6_down = false,
            _ => l.b5_down = false,
        }
        out.push(l);
    }
    for more in x + 1..=p {
        out.push(Level { x: more, ..l });
    }
    out
}

/// The first level of `ladder` at which `attempt` finds a candidate, and that candidate.
///
/// The same as trying every level in order, since each level only relaxes the one before
/// (B.5/B.6 dropped one by one, then x raised): when the strict level fails, the most relaxed
/// level with the same x is asked first, and if it fails too every level up to it is skipped;
/// and the first x that works is found by halving. So a bracket that needs x raised costs a
/// few searches, not one per level.
pub(super) fn first_level<T>(
    ladder: &[Level],
    mut attempt: impl FnMut(&Level) -> Option<T>,
) -> Option<(usize, T)> {
    if let Some(t) = attempt(&ladder[0]) {
        return Some((0, t));
    }
    // Levels 1..=4 drop the float criteria one by one; all have the same x.
    let relaxed = ladder.iter().rposition(|l| l.x == ladder[0].x).unwrap_or(0);
    if relaxed > 0 {
        if let Some(t) = attempt(&ladder[relaxed]) {
            for (k, lv) in ladder.iter().enumerate().take(relaxed).skip(1) {
                if let Some(earlier) = attempt(lv) {
                    return Some((k, earlier));
                }
            }
            return Some((relaxed, t));
        }
    }
    let (mut lo, mut hi) = (relaxed + 1, ladder.len());
    let mut best = None;
    while lo < hi {
        let mid = (lo + hi) / 2;
        match attempt(&ladder[mid]) {
            Some(t) => {
                best = Some((mid, t));
                hi = mid;
            }
            None => lo = mid + 1,
        }
    }
    best
}

/// The modes a bracket is searched in, in order: A.7 (c) first where it applies, B.2 relaxed
/// for 50 % players last (B.6 notes), when one of them is in the bracket or in the bracket
/// that the look-ahead of C.12/C.13 (`sink`) pairs: the relaxation holds only "if this is
/// helpful to avoid additional downfloaters", so the look-ahead keeps B.2 too until every
/// pairing with as many pairs keeping it has been tried.
pub(super) fn modes(cx: &Ctx, group: &[PlayerIx], sink: &Sink) -> Vec<Mode> {
    let mut out = Vec::new();
    if group.iter().any(|&i| cx.players[i].a7c.is_some()) {
        out.push(Mode::A7c);
    }
    out.push(Mode::Plain);
    let exempt = |i: &PlayerIx| cx.players[*i].b2_exempt;
    if group.iter().any(exempt) || sink.players().any(|i| exempt(&i)) {
        out.push(Mode::B2Relaxed);
    }
    out
}

/// Whether `players` can all be paired (one bye to a player allowed it, if odd), by B.1/B.2
/// (relaxed for players with 50 % in the last round with `b2_relaxed`).
pub(super) fn completely_pairable(cx: &Ctx, players: &[PlayerIx], b2_relaxed: bool) -> bool {
    crate::matching::cardinality::all_pairable(
        players.len(),
        |i, j| cx.compatible(players[i], players[j], b2_relaxed),
        |i| cx.players[players[i]].can_bye,
    )
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

/// What a search of a bracket is held to: the level of the criteria, how many colour
/// preferences its candidate may deny (A.8's x, or the least when it is known) and where the
/// players it leaves over go.
#[derive(Clone, Copy)]
pub(crate) struct Within<'a> {
    pub lv: &'a Level,
    pub allowed: usize,
    pub sink: &'a Sink,
}
