//! Dutch B.1-B.6 as levels the search works at, and their relaxation in the order of C.9-C.11
//! (A.7 c, the B.6 notes); whether players can be paired completely under them.

use super::*;

/// The criteria in force while searching a bracket (C.9-C.11, A.7 c, B.6 notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Level {
    pub b6_up: bool,
    pub b5_up: bool,
    pub b6_down: bool,
    pub b5_down: bool,
    /// A.8's x: preferences that may be denied.
    pub x: usize,
    /// A.7 (c) in force.
    pub a7c: bool,
    /// B.6 notes: B.2 relaxed for players with 50 % in the last round.
    pub b2_relaxed: bool,
}

impl Level {
    /// What this level relaxes against the first, each under the article that allows it.
    pub(super) fn describe(&self, first: &Level) -> Vec<(&'static str, &'static str)> {
        let mut out = Vec::new();
        if !self.b6_up {
            out.push(("C.9", "B.6 for upfloats dropped"));
        }
        if !self.b5_up {
            out.push(("C.9", "B.5 for upfloats dropped"));
        }
        if !self.b6_down {
            out.push(("C.10", "B.6 for downfloats dropped"));
        }
        if !self.b5_down {
            out.push(("C.10", "B.5 for downfloats dropped"));
        }
        if self.x > first.x {
            out.push(("C.11", "x raised"));
        }
        if first.a7c && !self.a7c {
            out.push((
                "A.7",
                "(c) not applied: it would leave more players unpaired",
            ));
        }
        if self.b2_relaxed {
            out.push((
                "B.6",
                "notes: B.2 not applied to players with 50 % in the last round",
            ));
        }
        out
    }
}

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

pub(super) const RELAXED: Level = Level {
    b6_up: false,
    b5_up: false,
    b6_down: false,
    b5_down: false,
    x: usize::MAX,
    a7c: false,
    b2_relaxed: true,
};

/// Whether `players` can all be paired (one bye to a player allowed it, if odd), by B.1/B.2
/// (relaxed for players with 50 % in the last round with `b2_relaxed`).
pub(super) fn completely_pairable(cx: &Ctx, players: &[PlayerIx], b2_relaxed: bool) -> bool {
    crate::pairing::all_pairable(
        players.len(),
        |i, j| cx.compatible(players[i], players[j], b2_relaxed),
        |i| cx.players[players[i]].can_bye,
    )
}
