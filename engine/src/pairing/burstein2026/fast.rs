//! Burstein 2026 3.2 where bounds settle a bracket, without a matching of everyone not yet
//! paired (exact: an answer is given only when it reaches a standing no pairing of the bracket
//! can beat, and is the first in Article 4's order that does; else `None`, and the weighted
//! matching decides).
//!
//! - [C5]: no pairing has more pairs than half the bracket (rounded down).
//! - [C6]: an odd bracket floats one player at least, the best from its lowest score (its
//!   residents; incoming floaters have more).
//! - [C7]: the next bracket (the next scoregroup and that floater) has no more pairs than half
//!   its players, the floater one of them at best. A witness: the rest of the players split
//!   into the next bracket paired so (one of its own floating on when it is odd) and everyone
//!   below paired, by `whole`, the kept matching, re-paired where the split cuts it.
//! - [C8]: no pairing of a set denies fewer preferences than the players preferring one colour
//!   beyond those preferring the other and those with none (1.5.4) can meet, halved; and a
//!   pairing reaches that exactly when no two players of the set's minority side meet (or, with
//!   enough players without preference, no two of one preference): [`Rule`].
//! - Article 4 (4.3): among the pairings that keep the rule (the floater one of those whose
//!   removal leaves the fewest denials), the rows in BSN order each take the largest BSN
//!   still free that they may meet, floating last: when every row is served so, that is the
//!   first pairing in 4.3's order, each row's first choice with the rest completed.
//!
//! Every step is near-linear in the bracket (the free players of each kind of preference in
//! one list, [`crate::pairing::common::Untaken`]), the splits linear in the players not yet
//! paired.
use super::definitions::Ctx;
use crate::matching::cardinality::Cardinality;
use crate::model::color::Color;
use crate::model::history::ColorPreference;
use crate::pairing::common::Untaken;
use crate::pairing::index::PlayerIx;

/// [C8] at its bound for a set of players: which pairs it allows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rule {
    /// No two players preferring one colour meet (enough players on the other side or
    /// without preference for every one).
    NoSame,
    /// Every player not preferring this colour (the majority's) meets one who does.
    Majority(Color),
}

impl Rule {
    /// The least denials of [C8] for a set of `white` and `black` preferences and `none`
    /// without one (an even number in all), and the rule a pairing reaching it keeps.
    fn of(white: usize, black: usize, none: usize) -> (usize, Rule) {
        let excess = white.abs_diff(black);
        if excess <= none {
            (0, Rule::NoSame)
        } else {
            let majority = if white > black {
                Color::White
            } else {
                Color::Black
            };
            ((excess - none) / 2, Rule::Majority(majority))
        }
    }

    /// Whether players of the colour classes `left` ([White, Black, none]) can still all be
    /// paired under the rule: a necessary condition (the minority side each meeting one of
    /// the majority; the excess of one preference over the other met by players without one).
    fn may_complete(self, left: [usize; 3]) -> bool {
        match self {
            Rule::NoSame => left[0].abs_diff(left[1]) <= left[2],
            Rule::Majority(m) => {
                let mine = left[class(Some(m))];
                left.iter().sum::<usize>() - mine <= mine
            }
        }
    }

    /// Whether players preferring `x` and `y` may meet under the rule.
    fn allows(self, x: Option<Color>, y: Option<Color>) -> bool {
        match self {
            Rule::NoSame => !(x.is_some() && x == y),
            Rule::Majority(m) => x == Some(m) || y == Some(m),
        }
    }
}

/// A bracket's rows served: the pairs, and the floater's position (an odd bracket).
type Served = (Vec<(PlayerIx, PlayerIx)>, Option<usize>);

/// The five kinds of preference, for the lists: (colour, absolute). Two absolute preferences
/// of one colour never meet ([C3]), so a row skips such a kind whole.
fn kind(pref: ColorPreference) -> usize {
    match (pref.color(), matches!(pref, ColorPreference::Absolute(_))) {
        (Some(Color::White), true) => 0,
        (Some(Color::White), false) => 1,
        (Some(Color::Black), true) => 2,
        (Some(Color::Black), false) => 3,
        (None, _) => 4,
    }
}

/// A colour preference's class for [`Rule::may_complete`]: White, Black, none.
fn class(c: Option<Color>) -> usize {
    match c {
        Some(Color::White) => 0,
        Some(Color::Black) => 1,
        None => 2,
    }
}

/// The colour of a kind.
fn colour_of_kind(k: usize) -> Option<Color> {
    match k {
        0 | 1 => Some(Color::White),
        2 | 3 => Some(Color::Black),
        _ => None,
    }
}

/// [`crate::pairing::common::split_into_parts`] by [C1] and [C3].
pub(super) fn split(cx: &Ctx, part: &[u8], alive: &[bool], whole: &mut Cardinality) -> bool {
    crate::pairing::common::split_into_parts(whole, part, alive, |a, b| cx.pair_ok(a, b))
}

/// The bracket (in BSN order) paired where the bounds settle it, with `whole` split to match
/// its pairs apart from the rest (the next scoregroup `next`, everyone else below); see the
/// module's docs.
pub(super) fn pair_bracket(
    cx: &Ctx,
    bracket: &[PlayerIx],
    next: &[PlayerIx],
    alive: &[bool],
    whole: &Cardinality,
) -> Option<(Vec<(PlayerIx, PlayerIx)>, Cardinality)> {
    let m = bracket.len();
    let pref = |i: usize| cx.players[bracket[i]].pref.color();
    let (mut white, mut black) = (0, 0);
    for i in 0..m {
        match pref(i) {
            Some(Color::White) => white += 1,
            Some(Color::Black) => black += 1,
            None => {}
        }
    }
    let none = m - white - black;
    let mut part = vec![2u8; alive.len()];
    for &p in bracket {
        part[p.get()] = 0;
    }
    if m.is_multiple_of(2) {
        // No floater: the next bracket is its own scoregroup whatever the pairs here ([C7]
        // the same for all), and [C4] asks only that the rest be paired.
        let (_, rule) = Rule::of(white, black, none);
        let (pairs, _) = first_in_row_order(cx, bracket, rule, &[])?;
        let mut trial = whole.clone();
        return split(cx, &part, alive, &mut trial).then_some((pairs, trial));
    }
    // [C6]: the floater from the lowest score; [C8]: of those, the ones leaving the fewest
    // denials, all keeping one rule.
    let lowest = bracket.iter().map(|&p| cx.players[p].score).min()?;
    let leaving = |i: usize| match pref(i) {
        Some(Color::White) => Rule::of(white - 1, black, none),
        Some(Color::Black) => Rule::of(white, black - 1, none),
        None => Rule::of(white, black, none - 1),
    };
    let candidates: Vec<usize> = (0..m)
        .filter(|&i| cx.players[bracket[i]].score == lowest)
        .collect();
    let fewest = candidates.iter().map(|&i| leaving(i).0).min()?;
    let floaters: Vec<usize> = candidates
        .into_iter()
        .filter(|&i| leaving(i).0 == fewest)
        .collect();
    let rule = leaving(*floaters.first()?).1;
    if floaters.iter().any(|&i| leaving(i).1 != rule) {
        return None;
    }
    let (pairs, floater) = first_in_row_order(cx, bracket, rule, &floaters)?;
    let f = bracket[floater?];
    // [C7] and [C4]: the floater paired in the next bracket, which is paired as fully as its
    // number allows, and everyone below paired.
    for &p in next {
        part[p.get()] = 1;
    }
    part[f.get()] = 1;
    let mut trial = whole.clone();
    completed(cx, next, &mut part, alive, &mut trial).then_some((pairs, trial))
}

/// Whether `whole` (re-paired in `trial`) can be split into `part`'s parts: 0 the players
/// already settled, 1 the next bracket, 2 everyone below, the next bracket paired as fully as
/// its number allows: when it is odd, one of its players of `next` floats on, tried among
/// those the kept matching pairs below already, then the last.
fn completed(
    cx: &Ctx,
    next: &[PlayerIx],
    part: &mut [u8],
    alive: &[bool],
    trial: &mut Cardinality,
) -> bool {
    let n = alive.len();
    let in_next = (0..n).filter(|&v| alive[v] && part[v] == 1).count();
    if in_next % 2 == 0 {
        return split(cx, part, alive, trial);
    }
    let mut tries: Vec<PlayerIx> = next
        .iter()
        .copied()
        .filter(|&y| part[y.get()] == 1)
        .filter(|&y| trial.mate(y.get()).is_some_and(|w| w < n && part[w] == 2))
        .take(2)
        .collect();
    tries.extend(next.iter().rev().find(|&&y| part[y.get()] == 1));
    let kept = trial.clone();
    for y in tries {
        part[y.get()] = 2;
        if split(cx, part, alive, trial) {
            return true;
        }
        *trial = kept.clone();
        part[y.get()] = 1;
    }
    false
}

/// The bracket paired by one weighted matching ([`super::weights::by_weights`]) of its
/// players, a few of the next scoregroup standing in for all of it, and as many others
/// standing in for everyone below as the two could need; exact where a witness then completes
/// the round as the matching assumed (else `None`).
///
/// Without [C4], what a pairing of the bracket gives ([C5]-[C8]) depends on the next
/// scoregroup only through whom its floaters can meet there and how many pairs the next
/// bracket then has, and on everyone below not at all (their pairs weigh nothing). So: the
/// players of the next scoregroup who met one of the bracket's stand in for themselves; of the
/// others, by their absolute preference (or none), the first as many as the bracket has (no
/// pairing floats more into them; a floater paired with a later one can be paired with an
/// earlier one left free, for the same weight); any two of them may meet (the next bracket's
/// pairs then as many as its number allows, the parity kept: one more of them when it
/// differs); and players below are vertices that may meet anyone. Every pairing of the round
/// is matched by one of these of the same weight (less a constant: the next bracket's pairs
/// counted over the stand-ins), so the first best of these is the first best of all when the
/// round can be completed as it assumed: its pairs and the floaters' pairs in the next bracket
/// kept, the rest of the next scoregroup paired as fully as its number allows, everyone else
/// below ([`completed`]).
pub(super) fn by_stand_ins(
    cx: &Ctx,
    bracket: &[PlayerIx],
    next: &[PlayerIx],
    alive: &[bool],
    whole: &Cardinality,
) -> Option<(Vec<(PlayerIx, PlayerIx)>, Cardinality)> {
    let m = bracket.len();
    let mut met = vec![false; alive.len()];
    for &p in bracket {
        for &o in cx.met.of(p) {
            met[o.get()] = true;
        }
    }
    let mut of_kind: std::collections::HashMap<Option<Color>, usize> = Default::default();
    let mut stand_ins: Vec<PlayerIx> = Vec::new();
    let mut left_out = None;
    // A small next scoregroup stands in whole, its own [C1] and [C3] kept.
    let whole_next = next.len() <= 2 * m + 32;
    for &p in next {
        let absolute = match cx.players[p].pref {
            ColorPreference::Absolute(c) => Some(c),
            _ => None,
        };
        let stands_in = whole_next || met[p.get()] || {
            let seen = of_kind.entry(absolute).or_default();
            *seen += 1;
            *seen <= m
        };
        if stands_in {
            stand_ins.push(p);
        } else if left_out.is_none() {
            left_out = Some(p);
        }
        if 2 * (m + stand_ins.len()) > cx.matching_limit {
            return None;
        }
    }
    if stand_ins.len() % 2 != next.len() % 2 {
        stand_ins.push(left_out?);
    }
    let (b, nx) = (m, stand_ins.len());
    let all: Vec<PlayerIx> = bracket.iter().chain(&stand_ins).copied().collect();
    let ok = |i: usize, j: usize| {
        let (i, j) = (i.min(j), i.max(j));
        j >= b + nx || (i >= b && !whole_next) || cx.pair_ok(all[i], all[j])
    };
    let mate = super::weights::by_weights(cx, bracket, &stand_ins, b + nx, &ok)?;
    let pairs = super::weights::bracket_pairs(bracket, &mate);
    // The witness: the bracket's pairs and the floaters' pairs in the next bracket kept.
    let mut part = vec![2u8; alive.len()];
    for &p in next {
        part[p.get()] = 1;
    }
    let mut trial = whole.clone();
    for i in 0..b {
        let j = mate[i];
        if j < b + nx {
            part[all[i].get()] = 0;
            part[all[j].get()] = 0;
            trial.pair(all[i].get(), all[j].get());
        }
    }
    // Those of the next scoregroup the matching floats on, below.
    for j in b..b + nx {
        if mate[j] >= b + nx {
            part[all[j].get()] = 2;
        }
    }
    completed(cx, next, &mut part, alive, &mut trial).then_some((pairs, trial))
}

/// Article 4's first pairing of the bracket (in BSN order) among those `rule` allows, the one
/// player left over (an odd bracket) one of `floaters` (positions in the bracket); `None` when
/// there is none. The pairs, and the floater's position. The rows each take the largest BSN
/// still free they may meet ([`served_greedily`]); where that leaves a row with no choice,
/// each row takes the largest that a perfect matching of the rest still allows
/// ([`served_by_paths`]).
fn first_in_row_order(
    cx: &Ctx,
    bracket: &[PlayerIx],
    rule: Rule,
    floaters: &[usize],
) -> Option<Served> {
    served_greedily(cx, bracket, rule, floaters)
        .or_else(|| served_by_paths(cx, bracket, rule, floaters))
}

/// The bracket's players not yet taken, by kind of preference, each kind the largest BSN
/// first: a row's candidates in 4.3's order are the largest of each kind it may meet.
struct ByKind {
    kinds: Vec<usize>,
    lists: [Vec<usize>; 5],
    place: Vec<usize>,
    free: Vec<Untaken>,
    /// The players not yet taken by colour class (White, Black, none).
    left: [usize; 3],
    /// Of those, the ones who may float.
    may_float: Vec<bool>,
    floaters_left: [usize; 3],
}

impl ByKind {
    fn new(cx: &Ctx, bracket: &[PlayerIx], floaters: &[usize]) -> ByKind {
        let m = bracket.len();
        let mut may_float = vec![false; m];
        let mut floaters_left = [0; 3];
        for &f in floaters {
            may_float[f] = true;
            floaters_left[class(cx.players[bracket[f]].pref.color())] += 1;
        }
        let kinds: Vec<usize> = bracket.iter().map(|&p| kind(cx.players[p].pref)).collect();
        let mut lists: [Vec<usize>; 5] = Default::default();
        let mut place = vec![0; m];
        let mut left = [0; 3];
        for i in (0..m).rev() {
            place[i] = lists[kinds[i]].len();
            lists[kinds[i]].push(i);
            left[class(colour_of_kind(kinds[i]))] += 1;
        }
        let free = lists.iter().map(|l| Untaken::new(l.len())).collect();
        ByKind {
            kinds,
            lists,
            place,
            free,
            left,
            may_float,
            floaters_left,
        }
    }

    fn take(&mut self, i: usize) {
        self.free[self.kinds[i]].take(self.place[i]);
        let c = class(colour_of_kind(self.kinds[i]));
        self.left[c] -= 1;
        if self.may_float[i] {
            self.floaters_left[c] -= 1;
        }
    }

    /// Whether players of the classes `left` may still be paired under `rule` (a necessary
    /// condition), one of them floating when `floating`: one of those who may, of a class
    /// whose leaving lets the rest be paired.
    fn may_complete(&self, rule: Rule, left: [usize; 3], floating: bool) -> bool {
        if !floating {
            return rule.may_complete(left);
        }
        (0..3).any(|c| {
            let mut rest = left;
            self.floaters_left[c] > 0 && rest[c] > 0 && {
                rest[c] -= 1;
                rule.may_complete(rest)
            }
        })
    }

    /// The kinds row `r` may take under `rule` and [C3] whose taking leaves the rest possibly
    /// pairable (one of them floating when `floating`).
    fn open_kinds(&self, r: usize, rule: Rule, floating: bool) -> Vec<usize> {
        let kr = self.kinds[r];
        (0..5)
            .filter(|&k| {
                let same_absolute = k == kr && (k == 0 || k == 2);
                let mut after = self.left;
                let c = class(colour_of_kind(k));
                !same_absolute
                    && rule.allows(colour_of_kind(kr), colour_of_kind(k))
                    && after[c] > 0
                    && {
                        after[c] -= 1;
                        self.may_complete(rule, after, floating)
                    }
            })
            .collect()
    }

    /// The place in kind `k`'s list of its first player not yet taken from place `from` on
    /// that `may` allows (the list's length when none).
    fn first(&mut self, k: usize, from: usize, may: impl Fn(usize) -> bool) -> usize {
        let mut at = self.free[k].first_from(from);
        while at < self.lists[k].len() && !may(self.lists[k][at]) {
            at = self.free[k].first_from(at + 1);
        }
        at
    }
}

/// 4.3 row by row, each row's first choice kept only if the rows below can still all be
/// served: a perfect matching of the bracket (and a vertex standing for floating, joined to
/// the possible floaters) kept, and each choice tried by an alternating path from the partner
/// it leaves (a path of one or three edges first, else Edmonds' search, O(m²)), undone when
/// there is none. O(m³) at worst, exact.
fn served_by_paths(
    cx: &Ctx,
    bracket: &[PlayerIx],
    rule: Rule,
    floaters: &[usize],
) -> Option<Served> {
    let m = bracket.len();
    let float = m;
    let size = m + m % 2;
    let mut may_float = vec![false; m];
    for &f in floaters {
        may_float[f] = true;
    }
    let pref = |i: usize| cx.players[bracket[i]].pref.color();
    let ok = |i: usize, j: usize| {
        if i == float || j == float {
            let other = i.min(j);
            other < m && may_float[other]
        } else {
            rule.allows(pref(i), pref(j)) && cx.pair_ok(bracket[i], bracket[j])
        }
    };
    let mut matching = Cardinality::new(size);
    if !matching.complete(&|i, j| i < size && j < size && ok(i, j)) {
        return None;
    }
    let mut fixed = vec![false; size];
    let mut by_kind = ByKind::new(cx, bracket, floaters);
    // Row `r` (fixed) takes `c`: kept when the rest can still be completed.
    let mut try_pair = |r: usize, c: usize, fixed: &mut Vec<bool>, by_kind: &mut ByKind| -> bool {
        let (Some(a), Some(b)) = (matching.mate(r), matching.mate(c)) else {
            return false;
        };
        fixed[c] = true;
        if a == c {
            return true;
        }
        matching.unpair(r);
        matching.unpair(c);
        matching.pair(r, c);
        let rest = |i: usize, j: usize| !fixed[i] && !fixed[j] && ok(i, j);
        if rest(a, b) {
            matching.pair(a, b);
            return true;
        }
        // a - x = y - b for a pair x = y of the rest: a few tried, from the kinds a may meet.
        for k in 0..5 {
            let mut at = by_kind.first(k, 0, |x| !fixed[x] && x != a && x != b && ok(a, x));
            for _ in 0..16 {
                let Some(&x) = by_kind.lists[k].get(at) else {
                    break;
                };
                if let Some(y) = matching.mate(x).filter(|&y| y != b && rest(y, b)) {
                    matching.pair(a, x);
                    matching.pair(y, b);
                    return true;
                }
                at = by_kind.first(k, at + 1, |x| !fixed[x] && x != a && x != b && ok(a, x));
            }
        }
        if matching.augment(a, &rest) {
            return true;
        }
        matching.unpair(r);
        matching.pair(r, a);
        matching.pair(c, b);
        fixed[c] = false;
        false
    };
    let mut floater = None;
    for r in 0..m {
        if fixed[r] {
            continue;
        }
        fixed[r] = true;
        by_kind.take(r);
        let floating = m % 2 == 1 && floater.is_none();
        let open = by_kind.open_kinds(r, rule, floating);
        let mut cursor: Vec<(usize, usize)> = open
            .iter()
            .map(|&k| {
                (
                    k,
                    by_kind.first(k, 0, |c| cx.pair_ok(bracket[r], bracket[c])),
                )
            })
            .collect();
        let mut served = false;
        // The candidates in 4.3's order: the largest BSN of the kinds' first.
        while let Some(slot) = (0..cursor.len())
            .filter(|&s| cursor[s].1 < by_kind.lists[cursor[s].0].len())
            .max_by_key(|&s| by_kind.lists[cursor[s].0][cursor[s].1])
        {
            let (k, at) = cursor[slot];
            let c = by_kind.lists[k][at];
            if try_pair(r, c, &mut fixed, &mut by_kind) {
                by_kind.take(c);
                served = true;
                break;
            }
            cursor[slot].1 = by_kind.first(k, at + 1, |c| cx.pair_ok(bracket[r], bracket[c]));
        }
        if !served
            && m % 2 == 1
            && floater.is_none()
            && may_float[r]
            && by_kind.left_allow(rule)
            && try_pair(r, float, &mut fixed, &mut by_kind)
        {
            floater = Some(r);
            served = true;
        }
        if !served {
            return None;
        }
    }
    let mut pairs = Vec::with_capacity(m / 2);
    for r in 0..m {
        match matching.mate(r) {
            Some(c) if c < m && r < c => pairs.push((bracket[r], bracket[c])),
            _ => {}
        }
    }
    Some((pairs, floater))
}

impl ByKind {
    /// Whether the players not yet taken may all be paired under `rule`, none floating.
    fn left_allow(&self, rule: Rule) -> bool {
        self.may_complete(rule, self.left, false)
    }
}

/// [`first_in_row_order`] when each row's first choice serves: the rows in BSN order each
/// taking the largest BSN still free it may meet (passing over a choice after which the
/// counts of preferences left cannot be paired: [`Rule::may_complete`]), floating last; `None`
/// when a row is left with no choice.
fn served_greedily(
    cx: &Ctx,
    bracket: &[PlayerIx],
    rule: Rule,
    floaters: &[usize],
) -> Option<Served> {
    let m = bracket.len();
    let mut by_kind = ByKind::new(cx, bracket, floaters);
    let mut taken = vec![false; m];
    let mut floater = None;
    let mut pairs = Vec::with_capacity(m / 2);
    for r in 0..m {
        if taken[r] {
            continue;
        }
        taken[r] = true;
        by_kind.take(r);
        let floating = m % 2 == 1 && floater.is_none();
        let mut best: Option<usize> = None;
        for k in by_kind.open_kinds(r, rule, floating) {
            let at = by_kind.first(k, 0, |c| cx.pair_ok(bracket[r], bracket[c]));
            if let Some(&c) = by_kind.lists[k].get(at) {
                best = best.max(Some(c));
            }
        }
        match best {
            Some(c) => {
                taken[c] = true;
                by_kind.take(c);
                pairs.push((bracket[r], bracket[c]));
            }
            None if by_kind.may_float[r] && floater.is_none() && by_kind.left_allow(rule) => {
                floater = Some(r)
            }
            None => return None,
        }
    }
    (floater.is_some() == (m % 2 == 1)).then_some((pairs, floater))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ids::Tpn;
    use crate::model::points::Points;
    use crate::pairing::index::Barred;
    use rand::{Rng, SeedableRng};

    /// 4.3 as its note lists the pairings: row by row (BSN order), each row's partners the
    /// largest BSN first and floating last, the first complete pairing found.
    fn literally(
        m: usize,
        ok: &dyn Fn(usize, usize) -> bool,
        may_float: &[bool],
    ) -> Option<Vec<usize>> {
        fn go(
            m: usize,
            ok: &dyn Fn(usize, usize) -> bool,
            may_float: &[bool],
            mate: &mut Vec<usize>,
            floated: bool,
        ) -> bool {
            let Some(r) = (0..m).find(|&r| mate[r] == usize::MAX) else {
                return true;
            };
            for c in (r + 1..m).rev() {
                if mate[c] == usize::MAX && ok(r, c) {
                    mate[r] = c;
                    mate[c] = r;
                    if go(m, ok, may_float, mate, floated) {
                        return true;
                    }
                    mate[r] = usize::MAX;
                    mate[c] = usize::MAX;
                }
            }
            if m % 2 == 1 && !floated && may_float[r] {
                mate[r] = m;
                if go(m, ok, may_float, mate, true) {
                    return true;
                }
                mate[r] = usize::MAX;
            }
            false
        }
        let mut mate = vec![usize::MAX; m];
        go(m, ok, may_float, &mut mate, false).then_some(mate)
    }

    /// 4.3: both ways of serving the rows (each row's first choice; each row's first choice
    /// that the rest can still complete) give the note's first pairing, on random brackets of
    /// up to 11 players with random meetings, preferences and rules.
    #[test]
    fn burstein_2026_4_3_the_rows_served_give_the_notes_first_pairing() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let mut greedy_served = 0;
        for case in 0..3000 {
            let m = rng.gen_range(1..=11);
            let players: Vec<super::super::definitions::Player> = (0..m)
                .map(|i| super::super::definitions::Player {
                    tpn: Tpn::new(i as u32 + 1).expect("tpn"),
                    score: Points::from_tenths(10),
                    buchholz: 0,
                    sonneborn: 0,
                    pref: match rng.gen_range(0..5) {
                        0 => ColorPreference::Absolute(Color::White),
                        1 => ColorPreference::Strong(Color::White),
                        2 => ColorPreference::Absolute(Color::Black),
                        3 => ColorPreference::Mild(Color::Black),
                        _ => ColorPreference::None,
                    },
                    colors: Vec::new(),
                    games: 1,
                    can_bye: true,
                })
                .collect();
            let mut met = Vec::new();
            for a in 0..m {
                for b in a + 1..m {
                    if rng.gen_bool(0.3) {
                        met.push((PlayerIx::new(a), PlayerIx::new(b)));
                    }
                }
            }
            let cx = Ctx {
                met: Barred::from_pairs(m, &met),
                players: players.into_iter().collect(),
                fast: true,
                matching_limit: super::super::definitions::MATCHING_LIMIT,
                names: Default::default(),
            };
            let bracket: Vec<PlayerIx> = (0..m).map(PlayerIx::new).collect();
            let rule = if rng.gen_bool(0.5) {
                Rule::NoSame
            } else {
                Rule::Majority(if rng.gen_bool(0.5) {
                    Color::White
                } else {
                    Color::Black
                })
            };
            let floaters: Vec<usize> = (0..m).filter(|_| rng.gen_bool(0.6)).collect();
            let mut may_float = vec![false; m];
            for &f in &floaters {
                may_float[f] = true;
            }
            let pref = |i: usize| cx.players[bracket[i]].pref.color();
            let ok = |i: usize, j: usize| {
                rule.allows(pref(i), pref(j)) && cx.pair_ok(bracket[i], bracket[j])
            };
            let want = literally(m, &ok, &may_float).map(|mate| {
                let pairs: Vec<(PlayerIx, PlayerIx)> = (0..m)
                    .filter(|&r| mate[r] != m && r < mate[r])
                    .map(|r| (bracket[r], bracket[mate[r]]))
                    .collect();
                (pairs, (0..m).find(|&r| mate[r] == m))
            });
            assert_eq!(
                served_by_paths(&cx, &bracket, rule, &floaters),
                want,
                "case {case}: paths"
            );
            if let Some(greedy) = served_greedily(&cx, &bracket, rule, &floaters) {
                greedy_served += 1;
                assert_eq!(Some(greedy), want, "case {case}: greedy");
            }
            assert_eq!(first_in_row_order(&cx, &bracket, rule, &floaters), want);
        }
        assert!(greedy_served > 300, "{greedy_served} served greedily");
    }
}
