//! Dutch 2026 Article 2: a candidate's standing against the criteria [C4]-[C21], compared in
//! their order of priority (3.8.1).
use super::colours::allocate;
use super::definitions::Ctx;
use super::definitions::Player;
use crate::model::color::Color;
use crate::model::history::ColorPreference;
use crate::model::history::Float;
use crate::model::points::Points;
use crate::pairing::index::PlayerIx;

/// A bracket being paired (1.3.2): the players moved down into it, its residents, and what
/// lies below it, which [C4], [C5], [C8] and [C9] look at.
pub(crate) struct Bracket {
    /// The moved-down players (1.4.1), by rank.
    pub(crate) mdps: Vec<PlayerIx>,
    /// The resident players, by rank.
    pub(crate) residents: Vec<PlayerIx>,
    /// Every player of the lower scoregroups, scoregroup by scoregroup (the next first).
    pub(crate) lower: Vec<PlayerIx>,
    /// The residents of the next scoregroup ([C8]): the first of `lower`.
    pub(crate) next: Vec<PlayerIx>,
    /// The colour of the lot (5.1).
    pub(crate) initial: Color,
}

/// A candidate (3.3): its pairs, the MDP-Pairing's first, and its downfloaters.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub(crate) pairs: Vec<(PlayerIx, PlayerIx)>,
    /// The players left unpaired, to downfloat (the Limbo's among them).
    pub(crate) floaters: Vec<PlayerIx>,
}

/// A candidate's standing, criterion by criterion: smaller is better, compared in this
/// order (3.8.1). Score lists are sorted from the highest.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Quality {
    /// [C5]: the score of the pairing-allocated bye's assignee (none when no one gets it).
    pub(crate) c5: Option<Points>,
    /// [C6]: the downfloaters.
    pub(crate) c6: usize,
    /// [C7]: their scores.
    pub(crate) c7: Vec<Points>,
    /// [C8]: the players the next bracket (these downfloaters with the next scoregroup) must
    /// downfloat in any pairing [C4] allows, and their scores ([C6] and [C7] there).
    pub(crate) c8: (usize, Vec<Points>),
    /// [C9]: the unplayed games of the bye's assignee, in a bracket that downfloats only them.
    pub(crate) c9: u32,
    /// [C10]-[C17].
    pub(crate) counts: [usize; 8],
    /// [C18]-[C21].
    pub(crate) diffs: [Vec<Points>; 4],
}

impl Quality {
    /// The criteria on which `self` is worse than `best`, as the text numbers them.
    pub(crate) fn worse_than(&self, best: &Quality) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.c5 > best.c5 {
            out.push("C5");
        }
        if self.c6 > best.c6 {
            out.push("C6");
        }
        if self.c7 > best.c7 {
            out.push("C7");
        }
        if self.c8 > best.c8 {
            out.push("C8");
        }
        if self.c9 > best.c9 {
            out.push("C9");
        }
        const COUNTS: [&str; 8] = ["C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17"];
        for (k, name) in COUNTS.iter().enumerate() {
            if self.counts[k] > best.counts[k] {
                out.push(name);
            }
        }
        const DIFFS: [&str; 4] = ["C18", "C19", "C20", "C21"];
        for (k, name) in DIFFS.iter().enumerate() {
            if self.diffs[k] > best.diffs[k] {
                out.push(name);
            }
        }
        out
    }

    /// The criteria [C10]-[C21] this candidate does not fulfil (those with a count or a score
    /// difference above none), each with how many players it counts.
    pub(crate) fn unfulfilled(&self) -> Vec<(&'static str, usize)> {
        const CODES: [&str; 12] = [
            "C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17", "C18", "C19", "C20", "C21",
        ];
        let counts = self.counts.iter().copied();
        let diffs = self.diffs.iter().map(Vec::len);
        CODES
            .into_iter()
            .zip(counts.chain(diffs))
            .filter(|&(_, n)| n > 0)
            .collect()
    }
}

/// What a candidate's downfloaters alone decide: [C4] (whether it stands at all), [C5]-[C9],
/// [C14] and [C16]. Many candidates share their downfloaters (every transposition that leaves
/// the same players over), so the procedure computes this once per set.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FloatPart {
    pub(crate) c5: Option<Points>,
    pub(crate) c6: usize,
    pub(crate) c7: Vec<Points>,
    pub(crate) c8: (usize, Vec<Points>),
    pub(crate) c9: u32,
    pub(crate) c14: usize,
    pub(crate) c16: usize,
    /// [C18], [C20]: the score differences of the MDPs left in the Limbo (to the next
    /// scoregroup), from the highest.
    pub(crate) limbo18: Vec<Points>,
    pub(crate) limbo20: Vec<Points>,
}

/// What a candidate's pairs decide, summed pair by pair: [C10]-[C13], [C15], [C17] (in the
/// places of [`Quality::counts`]; those of [C14] and [C16] stay 0) and [C18]-[C21] (each list
/// kept from the highest). Adding a pair never makes a part better: every count grows or
/// stays, and a score difference put into a list sorted from the highest makes it larger or
/// leaves it equal, so a part is a lower bound for every candidate that contains its pairs.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct PairPart {
    pub(crate) counts: [usize; 8],
    pub(crate) diffs: [Vec<Points>; 4],
}

impl PairPart {
    /// Adds the pair `a`-`bb`; `mdp_pair` when `a` is the MDP of an MDP-Pairing (3.3.3).
    pub(crate) fn add(&mut self, cx: &Ctx, b: &Bracket, a: PlayerIx, bb: PlayerIx, mdp_pair: bool) {
        let ((w, bl), _) = allocate(cx, a, bb, b.initial);
        for (k, n) in colour_counts(cx, w, bl).into_iter().enumerate() {
            self.counts[k] += n;
        }
        if mdp_pair {
            let (mdp, opp) = (a, bb);
            let d = cx.players[mdp].score - cx.players[opp].score;
            // [C15], [C17]: MDP opponents with an upfloat the previous round, two rounds before.
            if cx.players[opp].float1 == Some(Float::Up) {
                self.counts[5] += 1;
                insert_descending(&mut self.diffs[1], d);
            }
            if cx.players[opp].float2 == Some(Float::Up) {
                self.counts[7] += 1;
                insert_descending(&mut self.diffs[3], d);
            }
            // [C18], [C20]: MDPs with a downfloat the previous round, two rounds before.
            if cx.players[mdp].float1 == Some(Float::Down) {
                insert_descending(&mut self.diffs[0], d);
            }
            if cx.players[mdp].float2 == Some(Float::Down) {
                insert_descending(&mut self.diffs[2], d);
            }
        }
    }
}

/// [C10]-[C13] of `w` playing White against `bl`.
pub(crate) fn colour_counts(cx: &Ctx, w: PlayerIx, bl: PlayerIx) -> [usize; 4] {
    let mut counts = [0; 4];
    let topscorers = cx.players[w].topscorer || cx.players[bl].topscorer;
    for (p, c) in [(w, Color::White), (bl, Color::Black)] {
        let pl = &cx.players[p];
        if topscorers {
            // [C10].
            let diff = pl.diff + if c == Color::White { 1 } else { -1 };
            if diff.abs() > 2 {
                counts[0] += 1;
            }
            // [C11].
            let n = pl.colors.len();
            if n >= 2 && pl.colors[n - 1] == c && pl.colors[n - 2] == c {
                counts[1] += 1;
            }
        }
        // [C12], [C13].
        if pl.pref.color().is_some_and(|x| x != c) {
            counts[2] += 1;
            if matches!(
                pl.pref,
                ColorPreference::Strong(_) | ColorPreference::Absolute(_)
            ) {
                counts[3] += 1;
            }
        }
    }
    counts
}

/// [C18], [C20]: the score difference of an MDP who takes the bye, larger than any pairing
/// can give (score differences are only compared, never added).
pub(crate) const BYE_DIFFERENCE: Points = Points::from_tenths(i32::MAX);

/// Puts `d` into `v`, which is sorted from the highest, keeping it so.
fn insert_descending(v: &mut Vec<Points>, d: Points) {
    let at = v.partition_point(|&x| x >= d);
    v.insert(at, d);
}

/// The standing of a candidate whose downfloaters give `f` and whose pairs give `p`.
pub(crate) fn quality(f: &FloatPart, p: &PairPart) -> Quality {
    let mut counts = p.counts;
    counts[4] = f.c14;
    counts[6] = f.c16;
    let mut diffs = p.diffs.clone();
    for &d in &f.limbo18 {
        insert_descending(&mut diffs[0], d);
    }
    for &d in &f.limbo20 {
        insert_descending(&mut diffs[2], d);
    }
    Quality {
        c5: f.c5,
        c6: f.c6,
        c7: f.c7.clone(),
        c8: f.c8.clone(),
        c9: f.c9,
        counts,
        diffs,
    }
}

/// Sorted from the highest: lists "taken in descending order" then compare element by
/// element, the smaller first list being the better.
fn descending(mut v: Vec<Points>) -> Vec<Points> {
    v.sort_by(|a, b| b.cmp(a));
    v
}

/// [C4] for a candidate leaving `floaters` unpaired, then what they decide; `None` when the
/// players left (its downfloaters and the lower scoregroups) cannot all be paired.
pub(crate) fn float_part(cx: &Ctx, b: &Bracket, floaters: &[PlayerIx]) -> Option<FloatPart> {
    let rest: Vec<PlayerIx> = floaters.iter().chain(&b.lower).copied().collect();
    if !cx.completable(&rest) {
        return None;
    }
    // [C5]: the bye goes to the lowest score the rest allows.
    let c5 = if rest.len() % 2 == 1 {
        Some(cx.least_bye_score(&rest)?)
    } else {
        None
    };
    // [C8]: in the next bracket (the downfloaters with the next scoregroup), the players that
    // cannot be paired there.
    let c8 = if b.lower.is_empty() {
        (0, Vec::new())
    } else {
        let next: Vec<PlayerIx> = floaters.iter().chain(&b.next).copied().collect();
        // The players below the next scoregroup: `lower` after it (not a search of `next`
        // for each: this runs once for every player a bracket may leave over).
        let below = &b.lower[b.next.len()..];
        debug_assert!(b.lower.starts_with(&b.next));
        cx.next_bracket_floaters(&next, below, c5)?
    };
    Some(float_part_given(cx, b, floaters, c5, c8))
}

/// [`float_part`] once what the players below decide is known: [C5]'s bye score `c5` and
/// [C8]'s `c8`.
fn float_part_given(
    cx: &Ctx,
    b: &Bracket,
    floaters: &[PlayerIx],
    c5: Option<Points>,
    c8: (usize, Vec<Points>),
) -> FloatPart {
    let c7 = descending(floaters.iter().map(|&p| cx.players[p].score).collect());
    // [C9] and its note: a bracket that downfloats one player who will end up with the bye:
    // [C5] leaves it to a player of the downfloater's score, and every lower player's score
    // is lower.
    let c9 = match (floaters, c5) {
        ([f], Some(s)) if cx.players[*f].score == s => cx.players[*f].unplayed,
        _ => 0,
    };
    // [C14], [C16]: resident downfloaters with a downfloat the previous round, two rounds
    // before. Readings (bbpPairings': see the module's Readings): an MDP left in the Limbo
    // counts instead in [C18]/[C20], with its score difference to the next scoregroup, into
    // which it moves down; in the last bracket, where the one left over takes the bye, with
    // a difference larger than any pairing gives.
    let last = b.lower.is_empty();
    let resident = |f: &&PlayerIx| !b.mdps.contains(f);
    let with = |float: fn(&Player) -> Option<Float>| {
        floaters
            .iter()
            .filter(resident)
            .filter(|&&f| float(&cx.players[f]) == Some(Float::Down))
            .count()
    };
    let below = match (last, b.next.first()) {
        (false, Some(&n)) => Some(cx.players[n].score),
        _ => None,
    };
    let (mut limbo18, mut limbo20) = (Vec::new(), Vec::new());
    for &f in floaters.iter().filter(|f| b.mdps.contains(f)) {
        let p = &cx.players[f];
        let d = below.map_or(BYE_DIFFERENCE, |s| p.score - s);
        if p.float1 == Some(Float::Down) {
            insert_descending(&mut limbo18, d);
        }
        if p.float2 == Some(Float::Down) {
            insert_descending(&mut limbo20, d);
        }
    }
    FloatPart {
        limbo18,
        limbo20,
        c5,
        c6: floaters.len(),
        c7,
        c8,
        c9,
        c14: with(|p| p.float1),
        c16: with(|p| p.float2),
    }
}

/// The one vertex a maximum matching leaves without a partner, when it leaves exactly one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lone {
    Player(PlayerIx),
    /// The vertex standing for the bye.
    Bye,
}

/// A maximum matching of `players` within [C1]-[C3] (and a vertex for the bye, joined to
/// those `bye` allows, when `bye` is given): the one left without a partner, if exactly one
/// is. A player added to them can then be shown to complete a pairing by one pair (or by
/// taking the bye), instead of by a new matching.
fn lone(cx: &Ctx, players: &[PlayerIx], bye: Option<&dyn Fn(PlayerIx) -> bool>) -> Option<Lone> {
    lone_and_pairs(cx, players, bye).map(|(l, _)| l)
}

/// [`lone`], and the pairs of its matching.
fn lone_and_pairs(
    cx: &Ctx,
    players: &[PlayerIx],
    bye: Option<&dyn Fn(PlayerIx) -> bool>,
) -> Option<(Lone, Vec<(PlayerIx, PlayerIx)>)> {
    let n = players.len();
    let vertices = n + usize::from(bye.is_some());
    let edge = |i: usize, j: usize| {
        let (i, j) = (i.min(j), i.max(j));
        if j == n {
            bye.is_some_and(|ok| ok(players[i]))
        } else {
            cx.pair_ok(players[i], players[j])
        }
    };
    let mut m = crate::matching::cardinality::Cardinality::new(vertices);
    let pairs = m.maximize(&edge);
    if 2 * pairs + 1 != vertices {
        return None;
    }
    let free = (0..vertices).find(|&v| m.mate(v).is_none())?;
    let pairs: Vec<(PlayerIx, PlayerIx)> = (0..n)
        .filter_map(|v| {
            m.mate(v)
                .filter(|&w| v < w && w < n)
                .map(|w| (players[v], players[w]))
        })
        .collect();
    Some((
        if free == n {
            Lone::Bye
        } else {
            Lone::Player(players[free])
        },
        pairs,
    ))
}

/// [`float_part`] for each of many sets of downfloaters that differ in one player (the
/// fixed `floaters` and one player the bracket may leave over), without a matching of the
/// players below for each: one matching each of the sets the players share, and for each
/// player the one pair (or the bye) that completes it. Where that pair is not allowed, the
/// player's set is judged by [`float_part`] itself; the answers are the same.
pub(crate) struct Witnesses {
    floaters: Vec<PlayerIx>,
    /// Everyone not yet paired but the added player (and the bye's vertex if needed): [C4].
    whole: Option<Lone>,
    /// When that leaves the bye's vertex over: some of its pairs `(u, v)` of which `v` may
    /// take the bye, so that an added player who may not can take `u` instead (a path of
    /// three).
    swaps: Vec<(PlayerIx, PlayerIx)>,
    /// [C5]: a player who may take the bye at the lowest score of those already there
    /// (the first such), and the matching of the others without him.
    bye: Option<(PlayerIx, Option<Lone>)>,
    /// [C8]: the downfloaters with the next scoregroup, and (when their number with the
    /// added player is odd) the first of their lowest players the players below can take
    /// with the matching of the rest without him.
    next: Option<Lone>,
    /// Computed at the first player that needs it (`Some(None)`: there is none).
    next_low: Option<Option<(PlayerIx, Option<Lone>)>>,
    /// [C8]'s `Ctx::below_pairable` of the players below the next bracket, by [C5]'s bye
    /// score (the only part of its question that changes from one added player to the next).
    below: Vec<(Option<Points>, bool)>,
}

impl Witnesses {
    pub(crate) fn new(cx: &Ctx, b: &Bracket, floaters: &[PlayerIx]) -> Witnesses {
        let base: Vec<PlayerIx> = floaters.iter().chain(&b.lower).copied().collect();
        // With the added player, everyone not yet paired is odd in number when the base is
        // even: then the bye's vertex joins.
        let odd = base.len().is_multiple_of(2);
        let can_bye = |p: PlayerIx| cx.players[p].can_bye;
        let (whole, pairs) = match lone_and_pairs(
            cx,
            &base,
            odd.then_some(&can_bye as &dyn Fn(PlayerIx) -> bool),
        ) {
            Some((l, pairs)) => (Some(l), pairs),
            None => (None, Vec::new()),
        };
        let swaps: Vec<(PlayerIx, PlayerIx)> = if whole == Some(Lone::Bye) {
            pairs
                .iter()
                .flat_map(|&(x, y)| [(x, y), (y, x)])
                .filter(|&(_, v)| can_bye(v))
                .take(64)
                .collect()
        } else {
            Vec::new()
        };
        let bye = if odd {
            let lowest = base
                .iter()
                .copied()
                .filter(|&p| cx.players[p].can_bye)
                .min_by_key(|&p| cx.players[p].score);
            lowest.map(|b0| {
                // When the bye's vertex is the one left over, the matching pairs everyone:
                // without b0 it leaves only his partner, and no second matching is needed.
                let partner = (whole == Some(Lone::Bye))
                    .then(|| {
                        pairs.iter().find_map(|&(x, y)| match (x == b0, y == b0) {
                            (true, _) => Some(y),
                            (_, true) => Some(x),
                            _ => None,
                        })
                    })
                    .flatten();
                match partner {
                    Some(m) => (b0, Some(Lone::Player(m))),
                    None => {
                        let others: Vec<PlayerIx> =
                            base.iter().copied().filter(|&p| p != b0).collect();
                        (b0, lone(cx, &others, None))
                    }
                }
            })
        } else {
            None
        };
        let fixed_next: Vec<PlayerIx> = floaters.iter().chain(&b.next).copied().collect();
        let (next, next_low) = if b.lower.is_empty() {
            (None, None)
        } else if fixed_next.len() % 2 == 1 {
            (lone(cx, &fixed_next, None), None)
        } else {
            (None, None)
        };
        Witnesses {
            floaters: floaters.to_vec(),
            whole,
            swaps,
            bye,
            next,
            next_low,
            below: Vec::new(),
        }
    }

    /// [`float_part`] of the fixed downfloaters and `p`.
    pub(crate) fn part(&mut self, cx: &Ctx, b: &Bracket, p: PlayerIx) -> Option<FloatPart> {
        let mut all = self.floaters.clone();
        all.push(p);
        match self.witnessed(cx, b, p) {
            Some((c5, c8)) => Some(float_part_given(cx, b, &all, c5, c8.into())),
            None => float_part(cx, b, &all),
        }
    }

    /// [`Witnesses::part`] for each of `players`: the distinct parts, and each player's place
    /// among them. Once the witnesses show [C4], [C5] and [C8], a part is a function of those
    /// and of the added player's score, unplayed games ([C9]), being an MDP or not and
    /// floats ([C14]-[C20]: [`float_part_given`]), so each distinct set of these is made
    /// into a part once: a large remainder has tens of thousands of players and a few
    /// distinct parts.
    pub(crate) fn parts(
        &mut self,
        cx: &Ctx,
        b: &Bracket,
        players: &[PlayerIx],
    ) -> (Vec<Option<FloatPart>>, Vec<u32>) {
        type Key = (
            Option<Points>,
            C8,
            Points,
            u32,
            bool,
            Option<Float>,
            Option<Float>,
        );
        let mut table: Vec<Option<FloatPart>> = Vec::new();
        // The keys met so far: the first few looked through (a remainder's players are of a
        // few kinds, and hashing each would cost more than the rest of its part), the others
        // in a map.
        const FEW: usize = 16;
        let mut few: Vec<(Key, u32)> = Vec::new();
        let mut known: std::collections::HashMap<Key, u32> = Default::default();
        let mut all = self.floaters.clone();
        all.push(PlayerIx::new(0));
        let of = players
            .iter()
            .map(|&p| {
                *all.last_mut().expect("the added player") = p;
                let next = u32::try_from(table.len()).expect("fewer parts than players");
                match self.witnessed(cx, b, p) {
                    Some((c5, c8)) => {
                        let pl = &cx.players[p];
                        let key = (
                            c5,
                            c8,
                            pl.score,
                            pl.unplayed,
                            b.mdps.contains(&p),
                            pl.float1,
                            pl.float2,
                        );
                        if let Some(&(_, k)) = few.iter().find(|(x, _)| *x == key) {
                            return k;
                        }
                        let mut make = || {
                            table.push(Some(float_part_given(cx, b, &all, c5, c8.into())));
                            next
                        };
                        if few.len() < FEW {
                            let k = make();
                            few.push((key, k));
                            k
                        } else {
                            *known.entry(key).or_insert_with(make)
                        }
                    }
                    None => {
                        table.push(float_part(cx, b, &all));
                        next
                    }
                }
            })
            .collect();
        (table, of)
    }

    /// [C5] and [C8] of the fixed downfloaters and `p` as the witnesses show them, or `None`
    /// when one is missing ([`float_part`] then decides).
    fn witnessed(&mut self, cx: &Ctx, b: &Bracket, p: PlayerIx) -> Option<(Option<Points>, C8)> {
        let added = self.floaters.len() + 1;
        let completes = |lone: Option<Lone>, bye_ok: bool| match lone {
            Some(Lone::Player(u)) => cx.pair_ok(p, u),
            Some(Lone::Bye) => bye_ok,
            None => false,
        };
        let pl = &cx.players[p];
        // [C4]: a witness that everyone not yet paired can be paired.
        let rest_len = added + b.lower.len();
        let odd = rest_len % 2 == 1;
        let swapped =
            || self.whole == Some(Lone::Bye) && self.swaps.iter().any(|&(u, _)| cx.pair_ok(p, u));
        if !completes(self.whole, pl.can_bye) && !swapped() {
            return None;
        }
        // [C5]: the lowest score of a player who may take the bye, and a witness that the
        // rest can then be paired.
        let c5 = if odd {
            let low = self.bye.map(|(b0, _)| cx.players[b0].score);
            if pl.can_bye && low.is_none_or(|low| pl.score < low) {
                // The added player has the lowest score of those who may take the bye: it is
                // his when the others can all be paired (the bye's vertex left over).
                if self.whole != Some(Lone::Bye) {
                    return None;
                }
                Some(pl.score)
            } else {
                let (_, lone_rest) = self.bye?;
                if !completes(lone_rest, false) {
                    return None;
                }
                low
            }
        } else {
            None
        };
        // [C8]: the best the next bracket can do, shown as `Ctx::next_bracket_floaters_at_best`
        // shows it.
        let c8 = if b.lower.is_empty() {
            C8::None
        } else {
            let below = &b.lower[b.next.len()..];
            let next_len = added + b.next.len();
            let total_odd = (next_len + below.len()) % 2 == 1;
            if next_len.is_multiple_of(2) {
                let pairable = match self.below.iter().find(|&&(s, _)| s == c5) {
                    Some(&(_, known)) => known,
                    None => {
                        let known = cx.below_pairable(below, None, c5, total_odd);
                        self.below.push((c5, known));
                        known
                    }
                };
                if !pairable || !completes(self.next, false) {
                    return None;
                }
                C8::None
            } else {
                if self.next_low.is_none() {
                    let fixed_next: Vec<PlayerIx> =
                        self.floaters.iter().chain(&b.next).copied().collect();
                    let low = fixed_next.iter().map(|&q| cx.players[q].score).min();
                    let r0 = fixed_next.iter().copied().find(|&r| {
                        Some(cx.players[r].score) == low
                            && cx.below_pairable(below, Some(r), c5, total_odd)
                    });
                    self.next_low = Some(r0.map(|r0| {
                        let others: Vec<PlayerIx> =
                            fixed_next.iter().copied().filter(|&q| q != r0).collect();
                        (r0, lone(cx, &others, None))
                    }));
                }
                let (r0, lone_rest) = self.next_low.flatten()?;
                let low = cx.players[r0].score;
                if pl.score < low || !completes(lone_rest, false) {
                    return None;
                }
                C8::One(low)
            }
        };
        Some((c5, c8))
    }
}

/// [C8] as [`Witnesses`] show it: no downfloater of the next bracket, or one of this score.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum C8 {
    None,
    One(Points),
}

impl From<C8> for (usize, Vec<Points>) {
    fn from(c8: C8) -> Self {
        match c8 {
            C8::None => (0, Vec::new()),
            C8::One(s) => (1, vec![s]),
        }
    }
}
