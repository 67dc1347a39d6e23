//! The fast search: C.6-C.8's candidates in their order, a choice made only when the rest can
//! still be completed (greedily, by the players' kinds; else, when no completion may deny
//! more preferences than the fewest any denies, by the first completion at that least, found
//! over the kinds by a transportation problem; else as an assignment of every cell or a
//! maximum matching says); D.2's first exchange by the classes (size, difference) of the
//! pairings, member by member, each asked of a weighted matching; the fewest denials memoised.
//! A transposition's choices are the same whichever answers: each is the first position whose
//! completion exists within x (B.4).
//!
//! This file is long because the fast search's three ways of completing a candidate (by the
//! players' kinds, by an assignment, by a matching) share its state and must give the literal
//! search's answer; they are kept together so that the reason each one agrees can be read in
//! one place.
use super::bounds::colour_bound;
use super::bounds::least_denied;
use super::bounds::oracle;
use super::bounds::Kept;
use super::bounds::Question;
use super::bounds::Tally;
use super::bounds::{sink_side, SideOut};
use super::criteria::Sink;
use super::criteria::Within;
use super::definitions::Ctx;
use super::definitions::Kinds;
use super::definitions::Level;
use super::exchanges::exchange_of;
use super::exchanges::exchanged;
use super::exchanges::Exchanges;
use super::search::found;
use super::search::Found;
use super::search::Search;
use crate::matching::assignment::Assignment;
use crate::matching::assignment::FORBIDDEN;
use crate::matching::weighted::max_weight_matching;
use crate::matching::weighted::max_weight_matching_wide;
use crate::matching::weighted::Edge;
use crate::matching::weighted::WideEdge;
use crate::pairing::index::PlayerIx;

/// The search that asks a matching before going down a branch.
///
/// It remembers, for a bracket and the float criteria in force, the fewest preferences any
/// pairing must deny (with S1 and S2 as they are, and with any exchange), so that trying the
/// same bracket with another x (C.11, C.14) does not solve the same problem again.
pub(crate) struct Fast {
    pub(super) least: std::cell::RefCell<std::collections::HashMap<MemoKey, Option<usize>>>,
    /// The first class of exchanges worth trying, by the same key.
    pub(super) first_class: std::cell::RefCell<std::collections::HashMap<MemoKey, (usize, i64)>>,
    /// Whether a transposition's fewest denials are first asked of the players' kinds
    /// ([`Costs::first_least`]) before every cell ([`Costs::solve`]); off only to test the
    /// one against the other.
    pub(super) by_kinds: bool,
}

impl Default for Fast {
    fn default() -> Fast {
        Fast {
            least: Default::default(),
            first_class: Default::default(),
            by_kinds: true,
        }
    }
}

/// The first class (size, difference) of D.2's order that can hold an exchange admitting a
/// pairing of `s1` and `s2` with `s1.len()` pairs at level `lv`, denials aside. A pairing with
/// j pairs inside S2 needs an exchange of exactly j players (one of each pair inside S2 joins
/// S1, as many S1 players leave it: one of each pair inside S1 and those left over), never
/// fewer, and its smallest difference takes the smaller number of each pair inside S2 and the
/// larger of each pair inside S1. The matching that minimises (size, difference) over all
/// pairings bounds from below the exchanges worth trying, whatever the sink (moved down, the
/// bye, or the look-ahead of C.12/C.13). `(1, least)` when no pairing is found this way.
pub(super) fn first_class(
    cx: &Ctx,
    s1: &[PlayerIx],
    s2: &[PlayerIx],
    lv: &Level,
    sink: &Sink,
) -> (usize, i64) {
    first_class_of(cx, s1, s2, lv, sink, false)
}

/// [`first_class`], among all pairings (`fewest_denials` false) or among those that deny the
/// fewest preferences.
pub(super) fn first_class_of(
    cx: &Ctx,
    s1: &[PlayerIx],
    s2: &[PlayerIx],
    lv: &Level,
    sink: &Sink,
    fewest_denials: bool,
) -> (usize, i64) {
    let fallback = (1, Exchanges::range(s1.len(), s2.len(), 1).0);
    let classes = Classes::new(cx, s1, s2, lv, sink);
    let (p, m) = (s1.len(), s2.len());
    let free = Choice {
        a_ok: vec![true; p],
        a_must: vec![false; p],
        b_ok: vec![true; m],
        b_must: vec![false; m],
    };
    match classes.best(&free, fewest_denials) {
        Some((k, d, _)) if k > 0 => (k, d),
        _ => fallback,
    }
}

/// The pairings of a bracket seen by the exchange that realises each at least: its size (the
/// pairs inside S2) and difference (the smaller number of each pair inside S2, less the larger
/// of each pair inside S1 and those left over from S1). Numbers as D.2's order counts them:
/// S1 positions, then p + S2 positions, which is the index in `group`.
pub(super) struct Classes<'a> {
    pub(super) cx: &'a Ctx,
    pub(super) lv: &'a Level,
    pub(super) group: Vec<PlayerIx>,
    pub(super) p: usize,
    pub(super) big: i64,
    pub(super) sink: &'a Sink,
}

/// Which players an exchange may give up from S1 (`a_ok`) or must (`a_must`), and likewise
/// take from S2 (`b_ok`, `b_must`), by position.
#[derive(Clone)]
pub(super) struct Choice {
    pub(super) a_ok: Vec<bool>,
    pub(super) a_must: Vec<bool>,
    pub(super) b_ok: Vec<bool>,
    pub(super) b_must: Vec<bool>,
}

impl<'a> Classes<'a> {
    /// The pairings of `s1` and `s2` at level `lv`, the players left over going to `sink`.
    pub(super) fn new(
        cx: &'a Ctx,
        s1: &[PlayerIx],
        s2: &[PlayerIx],
        lv: &'a Level,
        sink: &'a Sink,
    ) -> Classes<'a> {
        let group: Vec<PlayerIx> = s1.iter().chain(s2).copied().collect();
        let n = group.len() as i64;
        Classes {
            cx,
            lv,
            group,
            p: s1.len(),
            big: (n + 1) * (n + 1) * 4,
            sink,
        }
    }

    /// The best pairing allowed by `choice`: the least (size, difference), then the fewest
    /// denials; or, with `fewest_denials`, the fewest denials first. Its size, difference and
    /// denials; `None` if no pairing is allowed.
    pub(super) fn best(
        &self,
        choice: &Choice,
        fewest_denials: bool,
    ) -> Option<(usize, i64, usize)> {
        let (cx, lv, group, p, big) = (self.cx, self.lv, &self.group, self.p, self.big);
        let n = group.len();
        let num = |i: usize| i as i64;
        let v = n as i64 + 2;
        let per_denial = if fewest_denials {
            (3 * big + n as i64) * v * 2
        } else {
            1
        };
        let top = (3 * big + n as i64) * v + per_denial * (n as i64 + 2);
        let mut edges: Vec<Edge> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let (x, y) = (group[i], group[j]);
                if !cx.pair_ok(x, y, lv) {
                    continue;
                }
                let cost = if j < p {
                    // Inside S1: j, the larger number, is given up.
                    if !choice.a_ok[j] || choice.a_must[i] {
                        continue;
                    }
                    -num(j)
                } else if i >= p {
                    // Inside S2: i, the smaller, is taken.
                    if !choice.b_ok[i - p] || choice.b_must[j - p] {
                        continue;
                    }
                    big + num(i)
                } else {
                    if choice.a_must[i] || choice.b_must[j - p] {
                        continue;
                    }
                    0
                };
                edges.push((
                    i,
                    j,
                    top - cost * v - per_denial * i64::from(cx.denies(x, y)),
                ));
            }
        }
        let leftovers: Vec<(usize, PlayerIx)> = group.iter().copied().enumerate().collect();
        let (vertices, to) = sink_side(
            cx,
            lv,
            self.sink,
            &leftovers,
            n - 2 * p,
            SideOut {
                edges: &mut edges,
                first: n,
                weight: top,
            },
        )?;
        for (i, d) in to {
            let cost = if i < p {
                if !choice.a_ok[i] {
                    continue;
                }
                -num(i)
            } else {
                if choice.b_must[i - p] {
                    continue;
                }
                0
            };
            edges.push((i, d, top - cost * v));
        }
        if vertices % 2 == 1 {
            return None;
        }
        let mate = if matches!(self.sink, Sink::CompleteLowest { .. }) {
            // The lowest bracket could take more of the group or fewer: the most pairs inside
            // the group first (p is the most C.13 found possible; any other count answers
            // "none", and the search then goes through the exchanges one by one).
            let bonus = i128::from(top) * (vertices as i128 + 2);
            let wide: Vec<WideEdge> = edges
                .iter()
                .map(|&(i, j, w)| {
                    let inside = i < n && j < n;
                    (i, j, i128::from(w) + if inside { bonus } else { 0 })
                })
                .collect();
            max_weight_matching_wide(vertices, &wide, true)
        } else {
            max_weight_matching(vertices, &edges, true)
        };
        if mate.iter().any(Option::is_none) {
            return None;
        }
        // Every group member is paired inside the group or goes to the sink: exactly p pairs.
        let inside = (0..n)
            .filter(|&i| mate[i].is_some_and(|j| j < n && j > i))
            .count();
        if inside != p {
            return None;
        }
        let (mut k, mut d, mut denied) = (0usize, 0i64, 0usize);
        for (i, partner) in mate.iter().enumerate().take(n) {
            match *partner {
                Some(j) if j < n && j > i => {
                    denied += usize::from(cx.denies(group[i], group[j]));
                    if j < p {
                        d -= num(j);
                    } else if i >= p {
                        k += 1;
                        d += num(i);
                    }
                }
                Some(j) if j >= n && i < p => d -= num(i),
                _ => {}
            }
        }
        Some((k, d, denied))
    }
}

/// The first exchange of class `(k0, d0)` in D.2's order through which a pairing within the
/// allowed exists, as S1 and S2 positions; `None` when no pairing of that class keeps within
/// the allowed. An exchange of the first class admits
/// exactly the pairings of the class whose smallest realisation it is (the larger of each
/// pair inside S1 and those left over leave S1, the smaller of each pair inside S2 joins it),
/// so its members can be fixed one by one: S1's given-up players from the largest number
/// down (the lowest players first, D.2), then S2's taken players from the smallest up, each
/// the first for which a matching still finds a pairing of the class within the allowed.
/// With `fewest_denials`, "within the allowed" is "as few denials as any pairing" (the allowed
/// being that least), so the matching puts denials first.
pub(super) fn class_exchange(
    cx: &Ctx,
    s1: &[PlayerIx],
    s2: &[PlayerIx],
    within: Within<'_>,
    (k0, d0): (usize, i64),
    inner: &[bool],
    fewest_denials: bool,
) -> Option<(Vec<usize>, Vec<usize>)> {
    let Within { lv, allowed, sink } = within;
    let classes = Classes::new(cx, s1, s2, lv, sink);
    let fits = |choice: &Choice| {
        classes
            .best(choice, fewest_denials)
            .is_some_and(|(k, d, denied)| (k, d) == (k0, d0) && denied <= allowed)
    };
    let (p, m) = (s1.len(), s2.len());
    let mut choice = Choice {
        a_ok: vec![true; p],
        a_must: vec![false; p],
        b_ok: vec![true; m],
        b_must: vec![false; m],
    };
    if !fits(&choice) {
        return None;
    }
    // S1's given-up players, the largest number first. S1 players who can meet no S2 player
    // (`inner`) must mostly be given up (all but k0 of them, who meet those given up): a quick
    // "no".
    let need = inner.iter().filter(|i| **i).count().saturating_sub(k0);
    let inner_below = |x: usize| inner[..x].iter().filter(|i| **i).count();
    let mut a: Vec<usize> = Vec::new();
    let mut below = p;
    for step in 0..k0 {
        let have = a.iter().filter(|&&y| inner[y]).count();
        let left = k0 - step - 1;
        let x = (0..below).rev().find(|&x| {
            if have + usize::from(inner[x]) + left.min(inner_below(x)) < need {
                return false;
            }
            let mut trial = Choice {
                a_ok: (0..p).map(|y| a.contains(&y) || y <= x).collect(),
                ..choice.clone()
            };
            trial.a_must[x] = true;
            fits(&trial)
        })?;
        a.push(x);
        choice.a_must[x] = true;
        below = x;
    }
    choice.a_ok = (0..p).map(|y| a.contains(&y)).collect();
    // S2's taken players, the smallest first.
    let mut b: Vec<usize> = Vec::new();
    let mut from = 0;
    for _ in 0..k0 {
        let y = (from..m).find(|&y| {
            let mut trial = Choice {
                b_ok: (0..m).map(|z| b.contains(&z) || z >= y).collect(),
                ..choice.clone()
            };
            trial.b_must[y] = true;
            fits(&trial)
        })?;
        b.push(y);
        choice.b_must[y] = true;
        from = y + 1;
    }
    a.sort_unstable();
    Some((a, b))
}

/// What a bracket's search depends on, for the memo.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct MemoKey {
    /// The bracket's players.
    pub(super) group: Vec<PlayerIx>,
    /// Its p (A.6, C.14).
    pub(super) p: usize,
    /// The criteria in force (B.5/B.6 up and down, A.7 c, B.6 notes); x is left at 0, since
    /// what is remembered is the fewest denials, which any x is then compared with.
    pub(super) criteria: Level,
    /// Whether any exchange is allowed, or S1 and S2 as they are.
    pub(super) any_exchange: bool,
    /// Whether the player left over takes the bye (else he moves down).
    pub(super) bye: bool,
}

impl Fast {
    pub(super) fn memo(
        &self,
        key: Option<MemoKey>,
        compute: impl FnOnce() -> Option<usize>,
    ) -> Option<usize> {
        let Some(key) = key else {
            return compute();
        };
        if let Some(v) = self.least.borrow().get(&key) {
            return *v;
        }
        let v = compute();
        self.least.borrow_mut().insert(key, v);
        v
    }
}

impl Fast {
    /// D.1's first transposition of `s2` against `s1` that meets the level, each choice made
    /// only when the rest can still be completed.
    /// `straight` receives the fewest denials of any transposition when the search had to
    /// find it out (the assignment solved before any choice was made).
    pub(super) fn transposition(
        &self,
        cx: &Ctx,
        s1: &[PlayerIx],
        s2: &[PlayerIx],
        within: Within<'_>,
        straight: &mut Option<Option<usize>>,
    ) -> Option<(Vec<usize>, usize)> {
        let Within { lv, allowed, sink } = within;
        let m = s2.len();
        let mut used = vec![false; m];
        let mut chosen: Vec<usize> = Vec::with_capacity(s1.len());
        let mut viol = 0;
        // Counts that bound from below what any completion needs (a quick "no").
        let mut tally = Tally::new(cx, s1, s2, lv, sink);
        if !tally.ok(0, allowed) {
            return None;
        }
        // A completion of the positions after the current one, found greedily under the same
        // tests as here: the first in D.1's order from here, so the next positions follow it.
        let mut witness: Option<std::collections::VecDeque<usize>> = None;
        // The assignment of the remaining S1 players (and of the places of the players left
        // over) to S2, at least cost, made once the greedy completion first fails.
        let mut table: Option<Assignment> = None;
        // Every position before `free` is taken (the scans start there, as in [`greedy`]).
        let mut free = 0;
        for i in 0..s1.len() {
            let a = s1[i];
            let mut pick = None;
            while free < m && used[free] {
                free += 1;
            }
            // The completion found greedily: its first position is the first that passes the
            // tests (the same tests, on the same choices so far), so the positions before it
            // would all be passed over.
            if let Some(j) = witness.as_mut().and_then(|w| w.pop_front()) {
                pick = Some((j, usize::from(cx.denies(a, s2[j]))));
            }
            for j in (free..m).take_while(|_| pick.is_none()) {
                if used[j] || !cx.pair_ok(a, s2[j], lv) {
                    continue;
                }
                let v = usize::from(cx.denies(a, s2[j]));
                let after = tally.take(cx, a, s2[j], lv, sink);
                if !after.ok(viol + v, allowed) {
                    continue;
                }
                used[j] = true;
                if let Some(rest) = greedy(
                    cx,
                    &s1[i + 1..],
                    s2,
                    &mut used.clone(),
                    after,
                    viol + v,
                    Within { lv, allowed, sink },
                ) {
                    witness = Some(rest.into());
                    pick = Some((j, v));
                    break;
                }
                witness = None;
                if table.is_none() {
                    if let Some(costs) = Costs::new(cx, s1, s2, lv, sink) {
                        // When no completion may deny more than the fewest any denies, the
                        // first of those is the answer, and the kinds of players find it.
                        let by_kinds = self.by_kinds.then(|| costs.first_least(&chosen));
                        if let Some((least, rest)) = by_kinds.flatten() {
                            if chosen.is_empty() {
                                *straight = Some(Some(least));
                            }
                            if viol + least > allowed {
                                return None;
                            }
                            if viol + least == allowed {
                                chosen.extend(rest);
                                return Some((chosen, allowed));
                            }
                        }
                        // No completion of the choices before this position at all, or
                        // none within x: nothing here can be accepted.
                        let solved = costs.solve(&chosen);
                        if chosen.is_empty() {
                            *straight = Some(solved.as_ref().map(Costs::denials));
                        }
                        let t = solved?;
                        if viol + Costs::denials(&t) > allowed {
                            return None;
                        }
                        table = Some(t);
                    }
                }
                if let Some(table) = table.as_mut() {
                    // The exact question, by the assignment kept from position to position.
                    let forced = table.force(i, j);
                    if forced
                        .as_ref()
                        .is_some_and(|f| viol + v + Costs::denials(f) <= allowed)
                    {
                        pick = Some((j, v));
                        break;
                    }
                    used[j] = false;
                    continue;
                }
                let rest_b: Vec<PlayerIx> = (0..m).filter(|&k| !used[k]).map(|k| s2[k]).collect();
                let q = Question {
                    a: &s1[i + 1..],
                    b: &rest_b,
                    pool: &[],
                    internal: s1.len() - i - 1,
                    lv,
                    allowed: allowed - viol - v,
                    sink,
                };
                if oracle(cx, &q) {
                    pick = Some((j, v));
                    break;
                }
                used[j] = false;
            }
            let (j, v) = pick?;
            used[j] = true;
            chosen.push(j);
            viol += v;
            tally = tally.take(cx, a, s2[j], lv, sink);
            if let Some(t) = table.take() {
                table = Some(t.force(i, j)?);
            }
        }
        if s1.is_empty() {
            let floaters: Vec<PlayerIx> = s2.to_vec();
            if !sink.accepts_floaters_at(cx, &floaters, lv) {
                return None;
            }
        }
        Some((chosen, viol))
    }
}

/// The costs of S1 (then the places of the players left over) against S2 for the
/// assignment: a denied preference weighs more than any sum of the tie-break, which is the
/// squared distance from the straight pairing (so that the solution found tends to be the
/// first in D.1's order, and is then accepted without a question).
pub(super) struct Costs<'a> {
    pub(super) cx: &'a Ctx,
    pub(super) s1: &'a [PlayerIx],
    pub(super) s2: &'a [PlayerIx],
    pub(super) lv: &'a Level,
    pub(super) bye: bool,
}

impl<'a> Costs<'a> {
    pub(super) const fn weight() -> i64 {
        1 << 40
    }

    pub(super) fn new(
        cx: &'a Ctx,
        s1: &'a [PlayerIx],
        s2: &'a [PlayerIx],
        lv: &'a Level,
        sink: &Sink,
    ) -> Option<Costs<'a>> {
        match sink {
            Sink::Free => Some(Costs {
                cx,
                s1,
                s2,
                lv,
                bye: false,
            }),
            Sink::Bye if s2.len() <= s1.len() + 1 => Some(Costs {
                cx,
                s1,
                s2,
                lv,
                bye: true,
            }),
            _ => None,
        }
    }

    /// Solved, with S1's first `chosen.len()` players held to the S2 positions chosen.
    pub(super) fn solve(&self, chosen: &[usize]) -> Option<Assignment> {
        let (p, m) = (self.s1.len(), self.s2.len());
        Assignment::solve(m, m, |r, c| {
            let b = self.s2[c];
            if r < chosen.len() {
                return if chosen[r] == c { 0 } else { FORBIDDEN };
            }
            if r >= p {
                let ok = if self.bye {
                    self.cx.bye_ok(b, self.lv)
                } else {
                    self.cx.down_ok(b, self.lv)
                };
                return if ok { 0 } else { FORBIDDEN };
            }
            let a = self.s1[r];
            if !self.cx.pair_ok(a, b, self.lv) {
                return FORBIDDEN;
            }
            let d = c as i64 - r as i64;
            Costs::weight() * i64::from(self.cx.denies(a, b)) + d * d
        })
    }

    /// The fewest denials of any completion of S1's players after the `chosen` ones (the S2
    /// positions of the first), and the first completion in D.1's order that denies no more:
    /// found over the players' kinds ([`Ctx::kind`]; a cell's cost depends on its row's and
    /// column's kinds but for the pairs met before) by
    /// [`crate::matching::class_assignment::first_optimal`], about the players times the kinds where
    /// [`Costs::solve`] sees every cell. `None` when that cannot tell (the pairs met before
    /// raise the fewest denials above the kinds' optimum, or there is no completion): the
    /// caller then asks [`Costs::solve`].
    pub(super) fn first_least(&self, chosen: &[usize]) -> Option<(usize, Vec<usize>)> {
        let (cx, lv) = (self.cx, self.lv);
        let mut taken = vec![false; self.s2.len()];
        for &c in chosen {
            taken[c] = true;
        }
        let cols: Vec<usize> = (0..self.s2.len()).filter(|&c| !taken[c]).collect();
        let rows = &self.s1[chosen.len()..];
        if rows.len() > cols.len() {
            return None;
        }
        let mut kinds = Kinds::default();
        let mut row_class: Vec<usize> = rows.iter().map(|&a| kinds.of(cx, a, lv)).collect();
        let col_class: Vec<usize> = cols.iter().map(|&c| kinds.of(cx, self.s2[c], lv)).collect();
        let examples = kinds.examples;
        // The places of the players left over: one more class of rows.
        let left_over = examples.len();
        row_class.resize(cols.len(), left_over);
        let cost = |ra: usize, cb: usize| -> Option<i128> {
            let b = examples[cb];
            if ra == left_over {
                let ok = if self.bye {
                    cx.bye_ok(b, lv)
                } else {
                    cx.down_ok(b, lv)
                };
                return ok.then_some(0);
            }
            let a = examples[ra];
            cx.fit(a, b, lv).then(|| i128::from(cx.denies(a, b)))
        };
        let ok = |r: usize, c: usize| r >= rows.len() || !cx.have_met(rows[r], self.s2[cols[c]]);
        let (total, assigned) =
            crate::matching::class_assignment::first_optimal(&row_class, &col_class, cost, ok)?;
        let least = usize::try_from(total).ok()?;
        Some((
            least,
            assigned[..rows.len()].iter().map(|&c| cols[c]).collect(),
        ))
    }

    pub(super) fn denials(t: &Assignment) -> usize {
        usize::try_from(t.total() / Costs::weight()).unwrap_or(usize::MAX)
    }
}

/// Completes positions `s1` greedily, each with the first S2 player that passes the same tests
/// as the search itself, then asks the sink about the leftovers. Returns the S2 positions.
///
/// The tests but B.1 (a) look only at the players' kinds ([`Ctx::kind`]): a row's first
/// partner is the first of each kind's first free position it has not met, among the kinds
/// the tests allow. A row looks at each kind, not at every position it may not take (in a
/// bracket of 50,000 a row passed over about 60 on average, and more the larger the bracket).
pub(super) fn greedy(
    cx: &Ctx,
    s1: &[PlayerIx],
    s2: &[PlayerIx],
    used: &mut [bool],
    mut tally: Tally,
    mut viol: usize,
    within: Within<'_>,
) -> Option<Vec<usize>> {
    let Within { lv, allowed, sink } = within;
    // S2's free positions by kind, each kind's in order, and one player of each kind.
    let mut kinds = Kinds::default();
    let mut free: Vec<Vec<usize>> = Vec::new();
    for (j, &b) in s2.iter().enumerate().filter(|&(j, _)| !used[j]) {
        let k = kinds.of(cx, b, lv);
        if k == free.len() {
            free.push(Vec::new());
        }
        free[k].push(j);
    }
    let examples = kinds.examples;
    // Each kind's positions before its cursor are taken.
    let mut cursor = vec![0; free.len()];
    let mut out = Vec::with_capacity(s1.len());
    for &a in s1 {
        let mut first: Option<usize> = None;
        for (k, &b) in examples.iter().enumerate() {
            let list = &free[k];
            while cursor[k] < list.len() && used[list[cursor[k]]] {
                cursor[k] += 1;
            }
            let rest = &list[cursor[k]..];
            if rest.first().is_none_or(|&j| first.is_some_and(|f| j > f))
                || !cx.fit(a, b, lv)
                || !tally
                    .take(cx, a, b, lv, sink)
                    .ok(viol + usize::from(cx.denies(a, b)), allowed)
            {
                continue;
            }
            let j = rest
                .iter()
                .copied()
                .find(|&j| !used[j] && a != s2[j] && !cx.have_met(a, s2[j]));
            if let Some(j) = j.filter(|&j| first.is_none_or(|f| j < f)) {
                first = Some(j);
            }
        }
        let j = first?;
        used[j] = true;
        viol += usize::from(cx.denies(a, s2[j]));
        tally = tally.take(cx, a, s2[j], lv, sink);
        out.push(j);
    }
    let floaters: Vec<PlayerIx> = (0..s2.len()).filter(|&j| !used[j]).map(|j| s2[j]).collect();
    sink.accepts_floaters_at(cx, &floaters, lv).then_some(out)
}

impl Search for Fast {
    fn homogeneous(
        &self,
        cx: &Ctx,
        group: &[PlayerIx],
        p: usize,
        lv: &Level,
        allowed: usize,
        sink: &Sink,
    ) -> Option<Found> {
        let (s1, s2) = group.split_at(p);
        let key = |any_exchange: bool| -> Option<MemoKey> {
            let bye = match sink {
                Sink::Free => false,
                Sink::Bye => true,
                _ => return None,
            };
            Some(MemoKey {
                group: group.to_vec(),
                p,
                criteria: Level { x: 0, ..*lv },
                any_exchange,
                bye,
            })
        };
        // S1 and S2 as they are, unless an earlier try showed they need more denials.
        let known = key(false).and_then(|k| self.least.borrow().get(&k).copied());
        if known.is_none_or(|d| d.is_some_and(|d| d <= allowed)) {
            let mut straight = None;
            if let Some((chosen, viol)) =
                self.transposition(cx, s1, s2, Within { lv, allowed, sink }, &mut straight)
            {
                return Some(found(s1, s2, &chosen, viol, None));
            }
            if let (Some(k), Some(least)) = (key(false), straight) {
                self.least.borrow_mut().insert(k, least);
            }
        }
        // No transposition of the bracket as it is: is there any pairing at all with p
        // pairs? If not, no exchange will find one.
        let any = Question {
            a: &[],
            b: &[],
            pool: group,
            internal: p,
            lv,
            allowed,
            sink,
        };
        let least = self.memo(key(true), || least_denied(cx, &any));
        if least.is_none_or(|d| d > allowed) {
            return None;
        }
        let (k0, d0) = match key(true) {
            Some(k) => {
                let known = self.first_class.borrow().get(&k).copied();
                known.unwrap_or_else(|| {
                    let v = first_class(cx, s1, s2, lv, sink);
                    self.first_class.borrow_mut().insert(k, v);
                    v
                })
            }
            None => first_class(cx, s1, s2, lv, sink),
        };
        // S1 players who can meet no S2 player need partners from the S1 players an exchange
        // moves to S2: an exchange of k leaving more than k of them in S1 cannot work.
        let inner: Vec<bool> = s1
            .iter()
            .map(|&x| !s2.iter().any(|&y| cx.pair_ok(x, y, lv)))
            .collect();
        // The first transposition through the exchange of positions `a` for `b`.
        let through = |a: &[usize], b: &[usize]| {
            let (n1, n2) = exchanged(s1, s2, a, b);
            self.transposition(cx, &n1, &n2, Within { lv, allowed, sink }, &mut None)
                .map(|(chosen, viol)| found(&n1, &n2, &chosen, viol, exchange_of(s1, s2, a, b)))
        };
        // The first exchange of that class, if a pairing of the class keeps within x: chosen
        // member by member in D.2's order, each choice asked of a matching.
        let first = class_exchange(
            cx,
            s1,
            s2,
            Within { lv, allowed, sink },
            (k0, d0),
            &inner,
            false,
        );
        if let Some(f) = first.and_then(|(a, b)| through(&a, &b)) {
            return Some(f);
        }
        // No pairing of the first class keeps within x: the first class among the pairings
        // that deny the fewest preferences, and its first exchange, the same way. When x is
        // that fewest, the pairings within x are those, and this is the answer. When x allows
        // more (`above_least`), the level is never the first at which this bracket pairs, so
        // what is asked of it is only whether a pairing exists, and this one does.
        let least = least?;
        let class = first_class_of(cx, s1, s2, lv, sink, true);
        let (a, b) = class_exchange(
            cx,
            s1,
            s2,
            Within {
                lv,
                allowed: least,
                sink,
            },
            class,
            &inner,
            true,
        )?;
        through(&a, &b).map(|mut f| {
            if least < allowed {
                f.above_least = true;
                #[cfg(test)]
                super::search::ABOVE_LEAST.with(|c| c.set((c.get().0 + 1, c.get().1)));
            }
            f
        })
    }

    fn heterogeneous(
        &self,
        cx: &Ctx,
        mdps: &[PlayerIx],
        residents: &[PlayerIx],
        pr: usize,
        within: Within<'_>,
    ) -> Option<(Found, Vec<PlayerIx>)> {
        let Within { lv, allowed, sink } = within;
        let m = residents.len();
        let mut used = vec![false; m];
        let mut chosen: Vec<usize> = Vec::new();
        let mut viol = 0;
        let remainder_fits = |used: &[bool], viol: usize| -> bool {
            let rest: Vec<PlayerIx> = (0..m).filter(|&j| !used[j]).map(|j| residents[j]).collect();
            if pr == 0 {
                return sink.accepts_floaters_at(cx, &rest, lv);
            }
            if viol + colour_bound(cx, rest.iter().copied(), pr) > allowed {
                return false;
            }
            let (r1, r2) = rest.split_at(pr.min(rest.len()));
            let tally = Tally::new(cx, r1, r2, lv, sink);
            (tally.ok(viol, allowed)
                && greedy(
                    cx,
                    r1,
                    r2,
                    &mut vec![false; r2.len()],
                    tally,
                    viol,
                    Within { lv, allowed, sink },
                )
                .is_some())
                || Costs::new(cx, r1, r2, lv, sink).is_some_and(|c| {
                    match self.by_kinds.then(|| c.first_least(&[])).flatten() {
                        Some((least, _)) => viol + least <= allowed,
                        None => c
                            .solve(&[])
                            .is_some_and(|t| viol + Costs::denials(&t) <= allowed),
                    }
                })
        };
        let mut witness: Option<std::collections::VecDeque<usize>> = None;
        // Every pairing B.1-B.6 allow, whatever it denies, as a graph kept with one perfect
        // matching, built once a greedy completion has failed: a candidate it rules out needs
        // no weighted matching (C.9's first sentence asks one per candidate otherwise, O(n^3)
        // each).
        let k = mdps.len();
        let mut kept: Option<Kept> = None;
        for i in 0..mdps.len() {
            let a = mdps[i];
            let mut pick = None;
            for j in 0..m {
                if used[j] || !cx.pair_ok(a, residents[j], lv) {
                    continue;
                }
                let v = usize::from(cx.denies(a, residents[j]));
                if viol + v > allowed {
                    continue;
                }
                if kept.as_mut().is_some_and(|g| !g.allows(i, k + j, false)) {
                    continue;
                }
                if let Some(w) = witness.as_mut() {
                    if w.front() == Some(&j) {
                        w.pop_front();
                        pick = Some((j, v));
                        break;
                    }
                }
                used[j] = true;
                // Greedy: the remaining players moved down, then the remainder as it stands.
                let mut trial = used.clone();
                let mut tv = viol + v;
                let mut rest = Vec::new();
                let mut ok = true;
                for &b in &mdps[i + 1..] {
                    match (0..m).find(|&k| {
                        !trial[k]
                            && cx.pair_ok(b, residents[k], lv)
                            && tv + usize::from(cx.denies(b, residents[k])) <= allowed
                    }) {
                        Some(k) => {
                            trial[k] = true;
                            tv += usize::from(cx.denies(b, residents[k]));
                            rest.push(k);
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok && remainder_fits(&trial, tv) {
                    witness = Some(rest.into());
                    pick = Some((j, v));
                    break;
                }
                if kept.is_none() {
                    let all = Question {
                        a: mdps,
                        b: &[],
                        pool: residents,
                        internal: k + pr,
                        lv,
                        allowed,
                        sink,
                    };
                    // No completion at all, whatever it denies: no candidate can be accepted.
                    let mut g = Kept::new(cx, &all)?;
                    for (earlier, &partner) in chosen.iter().enumerate() {
                        g.allows(earlier, k + partner, true);
                    }
                    let rules_out = !g.allows(i, k + j, false);
                    kept = Some(g);
                    if rules_out {
                        used[j] = false;
                        continue;
                    }
                }
                let pool: Vec<PlayerIx> =
                    (0..m).filter(|&k| !used[k]).map(|k| residents[k]).collect();
                let q = Question {
                    a: &mdps[i + 1..],
                    b: &[],
                    pool: &pool,
                    internal: mdps.len() - i - 1 + pr,
                    lv,
                    allowed: allowed - viol - v,
                    sink,
                };
                if oracle(cx, &q) {
                    witness = None;
                    pick = Some((j, v));
                    break;
                }
                used[j] = false;
            }
            let (j, v) = pick?;
            if let Some(g) = kept.as_mut() {
                g.allows(i, k + j, true);
            }
            used[j] = true;
            chosen.push(j);
            viol += v;
        }
        if mdps.is_empty() && !remainder_fits(&used, 0) {
            return None;
        }
        let f = found(mdps, residents, &chosen, viol, None);
        let rest = f.floaters.clone();
        Some((f, rest))
    }
}
