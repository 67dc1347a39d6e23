//! Dutch 2026 3.6-3.8 for a homogeneous bracket or remainder with at most one player left
//! over: its best known before any candidate is built, [C10]-[C16] as costs in one number (a
//! weighted matching of it, or the bound the colours alone force, found over the classes of
//! the players' preferences), so that the search (`walk.rs`) builds only the first candidate
//! reaching it.
use super::colours::allocate;
use super::criteria::colour_counts;
use super::criteria::quality;
use super::criteria::FloatPart;
use super::criteria::PairPart;
use super::criteria::Quality;
use super::criteria::Witnesses;
use super::definitions::Ctx;
use super::search::{preference_counts, preferred, OneMore, Parts, Rest, Search};
use crate::model::color::Color;
use crate::model::history::ColorPreference;
use crate::model::points::Points;
use crate::pairing::index::PlayerIx;
use std::rc::Rc;

/// What [`Search::homogeneous`] knows of a remainder before walking it.
pub(super) enum Directed {
    /// Its candidates are walked by branch and bound (more than one player left over, or
    /// costs too wide for one number).
    Walk,
    /// No candidate complies with [C4].
    Empty,
    /// The best any candidate reaches.
    Best(Box<Remainder>),
}

/// Each pair's cost, by the players' positions; `None` where [C1]/[C3] forbid the pair.
pub(super) type PairCosts = Vec<Vec<Option<i64>>>;

/// A homogeneous bracket or remainder with at most one player left over, its criteria as
/// costs: each pair's [C10]-[C13] and the left-over player's [C14] and [C16] as one number,
/// the earlier criterion in the higher digits (each in a base above the most its criterion can
/// total in a candidate), so that a smaller sum is a better candidate once the
/// downfloaters' [C5]-[C9] are equal. Only players whose downfloat gives the best [C5]-[C9]
/// that a pairing of the rest allows may be left over.
pub(super) struct Remainder {
    /// The cost of each pair of the remainder's players.
    pub(super) pair: PairCosts,
    /// The cost of leaving each player over, `None` if that would not give the best [C5]-[C9]
    /// (or would break [C4]).
    pub(super) over: Vec<Option<i64>>,
    /// The least cost of any candidate (a weighted matching of the whole remainder, or the
    /// bound that the colours alone force, when the original S1 and S2 reach it).
    pub(super) least: i128,
    /// The standing of a candidate of that cost.
    pub(super) quality: Quality,
    /// The part of the pairs of a candidate of that cost: what the MDP-Pairing made, and the
    /// least's [C10]-[C13].
    pub(super) part: PairPart,
    /// When the original S1 and S2 (4.3.2's first exchange) admit the least: their optimal
    /// assignment, rows S1 and the player left over, columns S2 (by position).
    pub(super) original: Option<crate::matching::assignment::Assignment>,
    /// When the classes of the players' preferences found it: the first candidate reaching
    /// the least, as the member of the original S2 (by position in it) each player of the
    /// original S1 meets.
    pub(super) chosen: Option<Vec<usize>>,
}

/// The remainders from whose size on [`Remainder::judge`] keeps what its players decide in a
/// [`OneMore`] rather than as a set per player in the search's map (where a small bracket's
/// walk, judging thousands of remainders, finds them again).
pub(super) const ONE_MORE_FROM: usize = 1000;

impl Remainder {
    pub(super) fn judge(s: &mut Search, rest: Rest) -> Directed {
        let Rest {
            players,
            n1,
            floaters,
            base,
            ..
        } = rest;
        let n = players.len();
        let left_over = n - 2 * n1;
        if left_over > 1 {
            return Directed::Walk;
        }
        let (cx, b) = (s.cx, s.b);
        // The downfloaters' part: fixed, or by the one player left over: the best [C5]-[C9]
        // that some player left over allows (the rest being paired), level by level.
        let fixed = if left_over == 0 {
            match s.float_part(floaters) {
                Some(f) => Some(f),
                None => return Directed::Empty,
            }
        } else {
            None
        };
        let parts: Rc<Parts> = if left_over == 0 {
            Rc::new(Parts::none())
        } else if cx.witnesses && n > ONE_MORE_FROM {
            // From the witnesses, player by player; kept for the search's later questions.
            let mut w = Witnesses::new(cx, b, floaters);
            let (table, of) = w.parts(cx, b, players);
            let parts = Rc::new(Parts { table, of });
            let mut fixed = floaters.to_vec();
            fixed.sort();
            s.one_more
                .insert(fixed, OneMore::new(players, parts.clone()));
            parts
        } else {
            // A small remainder (judged many times in a walk): each set in the search's map.
            let mut witnesses = cx.witnesses.then(|| Witnesses::new(cx, b, floaters));
            Rc::new(Parts::each(
                players
                    .iter()
                    .map(|&p| {
                        let mut all = floaters.to_vec();
                        all.push(p);
                        match witnesses.as_mut() {
                            Some(w) => s.float_part_with(&all, |_| w.part(cx, b, p)),
                            None => s.float_part(&all),
                        }
                    })
                    .collect(),
            ))
        };
        if cx.by_classes {
            if let Some(found) = by_classes(s, players, n1, floaters, base, &fixed, &parts) {
                return found;
            }
        }
        if n > cx.dense_limit {
            return Directed::Walk;
        }
        // Each pair's [C10]-[C13] counts (at most two each: one per player), `None` where
        // [C1]/[C3] forbid the pair; small, as a bracket of thousands has millions of pairs.
        let counts: Vec<Vec<Option<[u8; 4]>>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        cx.pair_ok(players[i], players[j]).then(|| {
                            let mut p = PairPart::default();
                            p.add(cx, b, players[i], players[j], false);
                            let c = p.counts.map(|x| x as u8);
                            [c[0], c[1], c[2], c[3]]
                        })
                    })
                    .collect()
            })
            .collect();
        // One number per pair and per player left over: [C10]-[C13], [C14], [C16] as its
        // digits, the earlier criterion the higher, each digit in a base above the most that
        // criterion can total in a candidate (its largest count in one pair times the pairs,
        // or its largest count for the one player left over), so that sums never carry and a
        // smaller total is a better candidate. The bases fit the bracket: a criterion no pair
        // can fail takes no room, and a bracket of thousands still fits in one number.
        let counted = counts
            .iter()
            .flatten()
            .flatten()
            .map(|c| c.map(usize::from));
        // The costs of every pair go to the assignment and the matchings as 64-bit numbers.
        let Some(wide) = radix_of(n1, counted, &parts.table, 1 << 50) else {
            return Directed::Walk;
        };
        // Below 2^50 (`radix_of`'s limit), so every number fits.
        let number = |d: [usize; 6]| encode(d, wide) as i64;
        let pair: Vec<Vec<Option<i64>>> = counts
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| {
                        c.map(|c| {
                            let c = c.map(usize::from);
                            number([c[0], c[1], c[2], c[3], 0, 0])
                        })
                    })
                    .collect()
            })
            .collect();
        let key = level;
        let mut levels: Vec<_> = parts.table.iter().flatten().map(key).collect();
        levels.sort();
        levels.dedup();
        let top = wide.iter().product::<i128>() as i64;
        // The over costs of the players whose downfloat gives the best [C5]-[C9] (every one
        // `None` when none is left over).
        let over_at = |want: Option<&_>| -> Vec<Option<i64>> {
            parts.map(|f| {
                f.as_ref()
                    .filter(|f| want.is_some_and(|w| key(f) == *w))
                    .map(|f| number([0, 0, 0, 0, f.c14, f.c16]))
            })
        };
        // 3.8.1 without a matching: no candidate denies fewer [C12] (or [C13]) preferences
        // than the players preferring one colour beyond the pairs' share of it, nor fails
        // [C10] or [C11] fewer than never, nor leaves over a player of the best [C5]-[C9]
        // at less than the least [C14], [C16]. When the original S1 and S2 (the first of
        // 4.3.2's exchanges) admit an assignment of that bound, it is the least, and
        // neither the matching of the whole remainder nor the exchange search is needed:
        // in a large bracket this is the usual case, and those matchings its costly part.
        let bound = || -> Option<(Vec<Option<i64>>, crate::matching::assignment::Assignment)> {
            let over = over_at(levels.first());
            let least = colour_bound(cx, players, n1, &over, &parts, wide)? as i64;
            let cost = |row: usize, col: usize| -> i64 {
                let forbidden = crate::matching::assignment::FORBIDDEN;
                if row < n1 {
                    pair[row][n1 + col].unwrap_or(forbidden)
                } else {
                    over[n1 + col].unwrap_or(forbidden)
                }
            };
            let table = crate::matching::assignment::Assignment::solve(n - n1, n - n1, cost)?;
            (table.total() == least).then_some((over, table))
        };
        if let Some((over, table)) = bound() {
            let floater = (left_over == 1)
                .then(|| table.col_of(n1).map(|c| players[n1 + c]))
                .flatten();
            let least = table.total();
            return conclude(
                s,
                base,
                floaters,
                fixed,
                floater,
                wide,
                (pair, over, i128::from(least)),
            )
            .map_or(Directed::Walk, |mut r| {
                r.original = Some(table);
                Directed::Best(r)
            });
        }
        let mut level = 0;
        let (over, mate) = loop {
            let mut over: Vec<Option<i64>> = vec![None; n];
            if left_over == 1 {
                let Some(want) = levels.get(level) else {
                    return Directed::Empty;
                };
                over = over_at(Some(want));
            }
            // The least cost: a weighted matching of every player (and a vertex standing for
            // "left over"), each edge worth a constant less its cost.
            let mut edges: Vec<crate::matching::weighted::WideEdge> = Vec::new();
            for (i, row) in pair.iter().enumerate() {
                for (j, cost) in row.iter().enumerate().skip(i + 1) {
                    if let Some(c) = cost {
                        edges.push((i, j, i128::from(top - c)));
                    }
                }
                if let Some(c) = over[i] {
                    edges.push((i, n, i128::from(top - c)));
                }
            }
            let mate =
                crate::matching::weighted::max_weight_matching_wide(n + left_over, &edges, true);
            if mate.iter().all(Option::is_some) {
                break (over, mate);
            }
            if left_over == 0 {
                return Directed::Empty;
            }
            level += 1;
        };
        let mut least = 0;
        let mut floater = None;
        for i in 0..n {
            match mate[i] {
                Some(j) if j == n => {
                    least += over[i].expect("an edge to the left-over vertex");
                    floater = Some(players[i]);
                }
                Some(j) if j > i => least += pair[i][j].expect("an edge of the matching"),
                _ => {}
            }
        }
        conclude(
            s,
            base,
            floaters,
            fixed,
            floater,
            wide,
            (pair, over, i128::from(least)),
        )
        .map_or(Directed::Walk, Directed::Best)
    }
}

/// The bases of a remainder's costs as one number ([`Remainder`]): for [C10]-[C13] above
/// the most `n1` pairs of the `counts` given can total, for [C14] and [C16] above the most
/// one player left over (`parts`) can; `None` when their product is not below `limit`.
pub(super) fn radix_of(
    n1: usize,
    counts: impl Iterator<Item = [usize; 4]>,
    parts: &[Option<FloatPart>],
    limit: i128,
) -> Option<[i128; 6]> {
    let mut radix = [1i128; 6];
    for c in counts {
        for k in 0..4 {
            radix[k] = radix[k].max(c[k] as i128 * n1 as i128 + 1);
        }
    }
    for f in parts.iter().flatten() {
        radix[4] = radix[4].max(f.c14 as i128 + 1);
        radix[5] = radix[5].max(f.c16 as i128 + 1);
    }
    radix
        .iter()
        .try_fold(1i128, |acc, &x| acc.checked_mul(x))
        .is_some_and(|top| top < limit)
        .then_some(radix)
}

/// The digits `d` as one number in the bases `radix` ([`radix_of`]), the first the highest.
pub(super) fn encode(d: [usize; 6], radix: [i128; 6]) -> i128 {
    d.iter()
        .zip(radix)
        .fold(0i128, |acc, (&x, r)| acc * r + x as i128)
}

/// [C5]-[C9] of a downfloat: the level at which a player left over is compared first.
/// Borrowed from the part: a remainder of tens of thousands compares one per player.
pub(super) type Level<'f> = (
    Option<Points>,
    usize,
    &'f [Points],
    (usize, &'f [Points]),
    u32,
);

pub(super) fn level(f: &FloatPart) -> Level<'_> {
    (f.c5, f.c6, &f.c7, (f.c8.0, &f.c8.1), f.c9)
}

/// The least cost no candidate of the remainder `players` (`n1` pairs, the one left over, if
/// any, among those `over` allows) can beat: no candidate denies fewer [C12] (or [C13])
/// preferences than the players preferring one colour beyond the pairs' share of it (`n1`
/// players get each colour), nor fails [C10] or [C11] fewer than never, nor leaves over a
/// player at less than his [C14], [C16]. As one number in the bases `radix`; `None` when a
/// digit does not fit (no candidate is then that good).
pub(super) fn colour_bound<T>(
    cx: &Ctx,
    players: &[PlayerIx],
    n1: usize,
    over: &[Option<T>],
    parts: &Parts,
    radix: [i128; 6],
) -> Option<i128> {
    let [all, strong] = preference_counts(cx, players);
    let at = |leaving: Option<usize>, c14: usize, c16: usize| {
        // The one left over does not ask for a colour.
        let less = |by: [usize; 2], strong_only: bool| {
            let mut by = by;
            if let Some((c, strong)) = leaving.and_then(|i| preferred(cx.players[players[i]].pref))
            {
                if strong || !strong_only {
                    by[c] -= 1;
                }
            }
            by.iter().map(|&x| x.saturating_sub(n1)).sum::<usize>()
        };
        let d = [0, 0, less(all, false), less(strong, true), c14, c16];
        d.iter()
            .zip(radix)
            .all(|(&x, r)| (x as i128) < r)
            .then(|| encode(d, radix))
    };
    if players.len() == 2 * n1 {
        at(None, 0, 0)
    } else {
        (0..players.len())
            .filter(|&i| over[i].is_some())
            .filter_map(|i| {
                let f = parts.get(i).as_ref()?;
                at(Some(i), f.c14, f.c16)
            })
            .min()
    }
}

/// [`Remainder::judge`] by the classes of the players' colour preferences, without a cost
/// for every pair (a bracket of thousands has millions): with no topscorer (1.8) among them,
/// what a pair costs on [C10]-[C13] depends on the two preferences alone (the one denied is
/// the weaker, 5.2.2, or either of equal strength, [C12] and [C13] counting the same), and
/// what a player left over costs on [C14], [C16] on his floats; [C3] forbids a pair by its
/// preferences, [C1] one pair at a time. When the original S1 and S2 (the first of 4.3.2's
/// exchanges) admit an assignment of the colours' bound ([`colour_bound`]), it is the least,
/// and the first such assignment in the order of 4.2.2's transpositions is found over the
/// classes ([`crate::matching::class_assignment::first_optimal`]): the first candidate reaching the
/// least, which [`Search::first_reaching`] then builds. `None` when that is not shown (the
/// costs of every pair then decide).
pub(super) fn by_classes(
    s: &mut Search,
    players: &[PlayerIx],
    n1: usize,
    floaters: &[PlayerIx],
    base: &PairPart,
    fixed: &Option<FloatPart>,
    parts: &Parts,
) -> Option<Directed> {
    let (cx, b) = (s.cx, s.b);
    let n = players.len();
    let left_over = n - 2 * n1;
    // The classes: what a pair's [C10]-[C13] can depend on, and their members by position.
    // Without a topscorer, the preference alone; with one (the final round, 1.8), also the
    // colour difference and the last two colours ([C10], [C11], and the colours 5.2.2 and
    // 5.2.3 give).
    let topscorers = players.iter().any(|&p| cx.players[p].topscorer);
    let kind_of = |p: PlayerIx| {
        let pl = &cx.players[p];
        let n = pl.colors.len();
        let last = |k: usize| (n > k).then(|| pl.colors[n - 1 - k]);
        if topscorers {
            (pl.pref, pl.topscorer, pl.diff, [last(0), last(1)])
        } else {
            (pl.pref, false, 0, [None, None])
        }
    };
    let mut kinds: Vec<Kind> = Vec::new();
    let class: Vec<usize> = players
        .iter()
        .map(|&p| {
            let x = kind_of(p);
            kinds.iter().position(|y| *y == x).unwrap_or_else(|| {
                kinds.push(x);
                kinds.len() - 1
            })
        })
        .collect();
    let k = kinds.len();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); k];
    for (i, &c) in class.iter().enumerate() {
        members[c].push(i);
    }
    // Each two classes' [C10]-[C13], from two of their members; `None` where [C3] forbids
    // them (or the class has only one member to meet itself).
    let mut undecided = false;
    let counts: Vec<Vec<Option<[usize; 4]>>> = (0..k)
        .map(|x| {
            (0..k)
                .map(|y| {
                    let (kx, ky) = (&kinds[x], &kinds[y]);
                    if let (ColorPreference::Absolute(p), ColorPreference::Absolute(q)) =
                        (kx.0, ky.0)
                    {
                        if p == q && !kx.1 && !ky.1 {
                            return None;
                        }
                    }
                    let a = players[members[x][0]];
                    let bb = players[*members[y].iter().find(|&&j| players[j] != a)?];
                    let ((w, bl), _) = allocate(cx, a, bb, b.initial);
                    let c = colour_counts(cx, w, bl);
                    // Where the classes do not say who has White (5.2.3 beyond the last two
                    // colours, 5.2.4's ranking), the counts must not depend on it.
                    if !colour_by_classes(kx, ky) && colour_counts(cx, bl, w) != c {
                        undecided = true;
                    }
                    Some(c)
                })
                .collect()
        })
        .collect();
    if undecided {
        return None;
    }
    // Over the classes the costs are 128-bit numbers: a final round's bracket of tens of
    // thousands counts [C10]-[C13] in four wide digits.
    let radix = radix_of(
        n1,
        counts.iter().flatten().flatten().copied(),
        &parts.table,
        1 << 100,
    )?;
    let number = |d: [usize; 6]| encode(d, radix);
    // Who may be left over: the players whose downfloat gives the best [C5]-[C9].
    let best = parts.table.iter().flatten().map(level).min();
    let mut over: Vec<Option<i128>> = parts.map(|f| {
        f.as_ref()
            .filter(|f| best.as_ref() == Some(&level(f)))
            .map(|f| number([0, 0, 0, 0, f.c14, f.c16]))
    });
    over.resize(n, None);
    let least = colour_bound(cx, players, n1, &over, parts, radix)?;
    // Rows: S1 by preference, then the row of the one left over (class `k`); columns: S2
    // by preference and cost of being left over.
    let row_class: Vec<usize> = (0..n1)
        .map(|i| class[i])
        .chain((left_over == 1).then_some(k))
        .collect();
    let mut columns: Vec<(usize, Option<i128>)> = Vec::new();
    let col_class: Vec<usize> = (n1..n)
        .map(|j| {
            let kind = (class[j], over[j]);
            columns.iter().position(|&x| x == kind).unwrap_or_else(|| {
                columns.push(kind);
                columns.len() - 1
            })
        })
        .collect();
    let cost = |row: usize, col: usize| {
        let (y, left) = columns[col];
        if row == k {
            left
        } else {
            counts[row][y].map(|c| number([c[0], c[1], c[2], c[3], 0, 0]))
        }
    };
    let ok =
        |row: usize, col: usize| row >= n1 || !cx.met.contains(players[row], players[n1 + col]);
    let (total, cols) =
        crate::matching::class_assignment::first_optimal(&row_class, &col_class, cost, ok)?;
    if total != least {
        return None;
    }
    let floater = (left_over == 1).then(|| players[n1 + cols[n1]]);
    let mut r = conclude(
        s,
        base,
        floaters,
        fixed.clone(),
        floater,
        radix,
        (Vec::new(), Vec::new(), least),
    )?;
    r.chosen = Some(cols[..n1].to_vec());
    Some(Directed::Best(r))
}

/// What [`by_classes`] knows of a player: colour preference, topscorer, colour difference,
/// last two colours (the latest first).
pub(super) type Kind = (ColorPreference, bool, i32, [Option<Color>; 2]);

/// Whether 5.2 gives the colours of a pair by what [`by_classes`] knows of the two players
/// (preference, topscorer, colour difference, last two colours): 5.2.1, 5.2.2, or 5.2.3
/// within the last two colours of both (not 5.2.3 further back, 5.2.4's ranking or 5.2.5's
/// TPN).
pub(super) fn colour_by_classes(x: &Kind, y: &Kind) -> bool {
    match (x.0.color(), y.0.color()) {
        (Some(a), Some(b)) if a == b => {}
        // 5.2.5: by the TPN's parity.
        (None, None) => return false,
        _ => return true,
    }
    let (sx, sy) = (x.0.strength(), y.0.strength());
    if sx != sy || (sx == 3 && x.2.abs() != y.2.abs()) {
        return true;
    }
    for k in 0..2 {
        match (x.3[k], y.3[k]) {
            (Some(a), Some(b)) if a != b => return true,
            (Some(_), Some(_)) => {}
            _ => return false,
        }
    }
    false
}

/// The [`Remainder`] whose least cost `least` a candidate leaving `floater` over (or, with
/// none, the fixed downfloaters' `fixed`) reaches; `None` when that player's downfloat is not
/// allowed (the walk then decides).
pub(super) fn conclude(
    s: &mut Search,
    base: &PairPart,
    floaters: &[PlayerIx],
    fixed: Option<FloatPart>,
    floater: Option<PlayerIx>,
    radix: [i128; 6],
    (pair, over, least): (PairCosts, Vec<Option<i64>>, i128),
) -> Option<Box<Remainder>> {
    let f = match (fixed, floater) {
        (Some(f), _) => f,
        (None, Some(p)) => {
            let mut all = floaters.to_vec();
            all.push(p);
            s.float_part(&all)?
        }
        (None, None) => return None,
    };
    let mut digits = [0usize; 6];
    let mut rest = least;
    for (d, r) in digits.iter_mut().zip(radix).rev() {
        *d = (rest % r) as usize;
        rest /= r;
    }
    let mut p = base.clone();
    for (k, &d) in digits[..4].iter().enumerate() {
        p.counts[k] += d;
    }
    Some(Box::new(Remainder {
        pair,
        over,
        least,
        quality: quality(&f, &p),
        part: p,
        original: None,
        chosen: None,
    }))
}

/// The most pairs `players` can form among themselves within [C1]-[C3].
pub(super) fn max_pairs(cx: &Ctx, players: &[PlayerIx]) -> usize {
    crate::matching::cardinality::Cardinality::new(players.len())
        .maximize(&|i, j| cx.pair_ok(players[i], players[j]))
}
