//! Dutch 2026 Articles 1.9 and 3: the round bracket by bracket from the top scoregroup, and
//! in each bracket the candidates in the order of Article 4, the first perfect one accepted
//! (3.4) or else the best (3.8).
//!
//! This file is long because it is one procedure (1.9 and Article 3) whose bracket search,
//! remainder judgement and shortcuts share one `Search` state, each step reading what the last
//! one left there. The choices no shortcut settles are made by weighted matchings of everyone
//! not yet paired, in `several.rs`.

use super::colours::allocate;
use super::criteria::colour_counts;
use super::criteria::float_part;
use super::criteria::quality;
use super::criteria::Bracket;
use super::criteria::Candidate;
use super::criteria::FloatPart;
use super::criteria::PairPart;
use super::criteria::Quality;
use super::criteria::Witnesses;
use super::definitions::Ctx;
use super::sequence::exchanged;
use super::sequence::exchanges_of_size;
use super::sequence::first_admitting_exchange;
use super::sequence::subsets;
use super::sequence::transpositions;
use super::sequence::Costs;
use super::sequence::Exchange;
use super::sequence::Walk;
use crate::model::color::Color;
use crate::model::history::ColorPreference;
use crate::model::points::Points;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;
use std::rc::Rc;

/// How a bracket's sequence is searched: both accept the same candidate (a test holds them
/// to it), the directed one without building most of them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Way {
    /// Each remainder's best known beforehand, only the first candidate reaching it built.
    Directed,
    /// Every candidate walked by branch and bound.
    Walked,
}

/// The candidate a bracket accepted, with what the explanation says of it.
pub(crate) struct Chosen {
    pub(crate) cand: Candidate,
    pub(crate) quality: Quality,
    pub(crate) perfect: bool,
    /// Candidates built and evaluated in full.
    pub(crate) tried: usize,
    /// The first candidate in the sequence (3.3), when it was not the one accepted.
    pub(crate) first: Option<(Candidate, Option<Quality>)>,
    /// Why no earlier candidate is better, when the directed search knew the least any
    /// candidate reaches and took the first that reaches it.
    pub(crate) reached: Option<String>,
}

/// The best any candidate could reach on each criterion: a candidate that reaches all of them
/// is perfect (3.4) and is accepted at once.
struct Ideal {
    c5: Option<Points>,
    c6: usize,
    c7: Vec<Points>,
    /// [C8]: the next bracket's parity, left over with the next scoregroup's score.
    c8: (usize, Vec<Points>),
    /// [C12] and [C13]: the preferences the colours alone force to be denied.
    c12: usize,
    c13: usize,
}

/// A colour preference as [C12] and [C13] count it: its colour's place (White 0, Black 1)
/// and whether it is strong (or absolute); `None` without one.
fn preferred(pref: ColorPreference) -> Option<(usize, bool)> {
    let strong = matches!(
        pref,
        ColorPreference::Strong(_) | ColorPreference::Absolute(_)
    );
    match pref.color()? {
        Color::White => Some((0, strong)),
        Color::Black => Some((1, strong)),
    }
}

/// The players preferring each colour (White, Black): `[0]` every preference, `[1]` the
/// strong and absolute ones ([C12], [C13]).
fn preference_counts(cx: &Ctx, players: &[PlayerIx]) -> [[usize; 2]; 2] {
    let mut by = [[0usize; 2]; 2];
    for &p in players {
        if let Some((c, strong)) = preferred(cx.players[p].pref) {
            by[0][c] += 1;
            by[1][c] += usize::from(strong);
        }
    }
    by
}

/// [C12] and [C13]: the fewest preferences (and strong preferences) a pairing of `pairs`
/// pairs among `players`, `floating` of them left out, must deny: the players preferring one
/// colour beyond what the pairs can give them.
pub(crate) fn forced_denials(
    cx: &Ctx,
    players: &[PlayerIx],
    pairs: usize,
    floating: usize,
) -> [usize; 2] {
    let beyond = |n: usize| n.saturating_sub(floating + pairs);
    preference_counts(cx, players).map(|[w, b]| beyond(w) + beyond(b))
}

impl Ideal {
    fn reached_by(&self, q: &Quality) -> bool {
        q.c5 <= self.c5
            && q.c6 <= self.c6
            && q.c7 <= self.c7
            && q.c8 <= self.c8
            && q.c9 == 0
            && self.within(&q.counts, &q.diffs)
    }

    /// Whether a candidate whose pairs give `p` may still be perfect: a part only grows as
    /// pairs are added ([`PairPart`]), so once it is past the ideal no candidate containing
    /// its pairs reaches it.
    fn admits(&self, p: &PairPart) -> bool {
        self.within(&p.counts, &p.diffs)
    }

    /// [C10]-[C21] at the ideal: only the preferences the colours force denied.
    fn within(&self, counts: &[usize; 8], diffs: &[Vec<Points>; 4]) -> bool {
        counts[0] == 0
            && counts[1] == 0
            && counts[2] <= self.c12
            && counts[3] <= self.c13
            && counts[4..].iter().all(|&n| n == 0)
            && diffs.iter().all(Vec::is_empty)
    }
}

/// A homogeneous bracket or remainder to search (3.6): its `players` by BSN, the first `n1`
/// in S1, and what the MDP-Pairing already made (3.3.3): its `pairs`, the Limbo's
/// downfloaters `floaters`, and the part `base` those pairs give.
#[derive(Clone, Copy)]
struct Rest<'a> {
    players: &'a [PlayerIx],
    n1: usize,
    pairs: &'a [(PlayerIx, PlayerIx)],
    floaters: &'a [PlayerIx],
    base: &'a PairPart,
}

/// A remainder's players, its fixed downfloaters and the MDP-Pairing's pairs.
type Judged = ((Vec<PlayerIx>, Vec<PlayerIx>), Vec<(PlayerIx, PlayerIx)>);

/// The search through one bracket's sequence of candidates.
///
/// Branch and bound: a prefix of a transposition fixes some pairs, whose part of the standing
/// ([`PairPart`]) only grows as pairs are added; with the least the downfloaters can give
/// ([`Search::bound`]), it bounds every candidate that extends it. A prefix whose bound is no
/// better than the best candidate found so far is not extended: none of its candidates could
/// be accepted (3.8.1: of two equal candidates the earlier one is better). The candidates that
/// remain are judged in full in the sequence's order, so the one accepted is the one the
/// literal procedure accepts.
struct Search<'a> {
    cx: &'a Ctx,
    b: &'a Bracket,
    way: Way,
    ideal: Ideal,
    best: Option<(Candidate, Quality)>,
    /// Why no candidate before the best is better, when the directed search shows it.
    reached: Option<Reached>,
    first: Option<(Candidate, Option<Quality>)>,
    tried: usize,
    perfect: bool,
    /// The number of pairs of each remainder's best candidates (`None`: none complies with
    /// [C4]), by its players and fixed downfloaters, once [`Search::several`] has judged it.
    several_pairs: std::collections::HashMap<(Vec<PlayerIx>, Vec<PlayerIx>), Option<usize>>,
    /// The remainders (with the MDP-Pairing's pairs) whose first best candidate
    /// [`Search::several`] has judged.
    several_judged: std::collections::HashSet<Judged>,
    /// Walking the MDP-Pairings of a bracket of one or two MDPs: a remainder leaving several
    /// players over ends the walk (`left_the_walk`), and the bracket's matchings decide.
    walking_mdps: bool,
    left_the_walk: bool,
    /// What each set of downfloaters (sorted) decides, once computed.
    floats: std::collections::HashMap<Vec<PlayerIx>, Option<FloatPart>>,
    /// What the fixed downfloaters (the key, sorted) and one player more decide, for each
    /// player of the last large remainder judged with them ([`Remainder::judge`]): kept by
    /// player, not as a set per player in `floats` (a large field's last bracket has tens of
    /// thousands of players).
    one_more: std::collections::HashMap<Vec<PlayerIx>, OneMore>,
    /// The least [C5]-[C9], [C14] and [C16] any candidate now generated can have: its number
    /// of pairs fixes [C6], the lowest scores of the bracket bound [C7] and the next bracket's
    /// parity [C8].
    bound: FloatPart,
}

impl Search<'_> {
    /// 4.3.2: the resident-exchanges of `k` BSNs between an original S1 of `n1` and an
    /// original S2 of `n2` players in their order (for `k` 0, the original S1 and S2).
    fn exchanges(&mut self, n1: usize, n2: usize, k: usize) -> Vec<Exchange> {
        if k == 0 {
            return vec![(Vec::new(), Vec::new())];
        }
        exchanges_of_size(n1, n2, k)
    }

    /// No candidate whose pairs give at least `part` can be better than the best so far.
    fn hopeless(&self, part: &PairPart) -> bool {
        self.best
            .as_ref()
            .is_some_and(|(_, best)| quality(&self.bound, part) >= *best)
    }

    /// [`Search::hopeless`] for every candidate of `rest`, with what the colours force on
    /// its own pairs: none denies fewer [C12] ([C13]) preferences than its pairs' part and
    /// the players of the rest preferring one colour beyond what the rest's pairs can give
    /// them, however its left-over players are chosen ([`forced_denials`]). A pass over the
    /// players, where judging a remainder of thousands builds its costs and a candidate: a
    /// large heterogeneous bracket's MDP-Pairings ask for one remainder after another, most
    /// of which this shows no better than the best so far. Asked before those remainders
    /// reach [`Search::homogeneous`] (and `max_pairs`'s matching); the walk
    /// ([`Way::Walked`]) does without it.
    fn colours_hopeless(&self, rest: Rest) -> bool {
        if self.way == Way::Walked || self.best.is_none() {
            return false;
        }
        // More pairs than players for them: `max_pairs` rules the remainder out.
        let Some(left) = rest.players.len().checked_sub(2 * rest.n1) else {
            return false;
        };
        let [c12, c13] = forced_denials(self.cx, rest.players, rest.n1, left);
        let mut part = rest.base.clone();
        part.counts[2] += c12;
        part.counts[3] += c13;
        self.hopeless(&part)
    }

    /// What `floaters` decide, computed once per set.
    fn float_part(&mut self, floaters: &[PlayerIx]) -> Option<FloatPart> {
        let (cx, b) = (self.cx, self.b);
        self.float_part_with(floaters, |f| float_part(cx, b, f))
    }

    /// What `set` decides, when [`Search::one_more`] knows it: for some player of `set`, the
    /// others are fixed downfloaters a remainder with that player was judged with.
    fn one_more_part(&self, set: &[PlayerIx]) -> Option<&Option<FloatPart>> {
        if self.one_more.is_empty() {
            return None;
        }
        set.iter().enumerate().find_map(|(k, &p)| {
            let mut fixed: Vec<PlayerIx> = set[..k].iter().chain(&set[k + 1..]).copied().collect();
            fixed.sort();
            self.one_more.get(&fixed)?.part_of(p)
        })
    }

    /// [`Search::float_part`], computed (once per set) by `compute`.
    fn float_part_with(
        &mut self,
        floaters: &[PlayerIx],
        compute: impl FnOnce(&[PlayerIx]) -> Option<FloatPart>,
    ) -> Option<FloatPart> {
        if let Some(known) = self.one_more_part(floaters) {
            return known.clone();
        }
        let mut key = floaters.to_vec();
        key.sort();
        self.floats
            .entry(key)
            .or_insert_with(|| compute(floaters))
            .clone()
    }

    /// Judges the next candidate of the sequence, whose pairs give `part`; `false` to stop
    /// (perfect). `why`: why no earlier candidate is better, kept if this one becomes the best
    /// (and only then made: it holds the remainder's players).
    fn visit(
        &mut self,
        cand: Candidate,
        part: &PairPart,
        why: impl FnOnce() -> Option<Reached>,
    ) -> bool {
        self.tried += 1;
        let q = self.float_part(&cand.floaters).map(|f| quality(&f, part));
        if self.first.is_none() {
            self.first = Some((cand.clone(), q.clone()));
        }
        if let Some(q) = q {
            if self.ideal.reached_by(&q) {
                self.best = Some((cand, q));
                self.reached = why();
                self.perfect = true;
                return false;
            }
            if self.best.as_ref().is_none_or(|(_, b)| q < *b) {
                self.best = Some((cand, q));
                self.reached = why();
            }
        }
        true
    }

    /// 3.6 on `rest` (a homogeneous bracket or a remainder): the candidates of every
    /// resident-exchange in 4.3.2's order (none first), and for each of every transposition
    /// of S2 (4.2.2), each with what the MDP-Pairing already made. `false` once the search
    /// stops.
    ///
    /// When at most one of `players` is left over, the best these candidates can reach is
    /// known beforehand ([`Remainder`]), and only the first candidate that reaches it is
    /// judged: every later one is no better (3.8.1). Otherwise they are walked by branch and
    /// bound.
    fn homogeneous(&mut self, rest: Rest) -> bool {
        if self.hopeless(rest.base) {
            return true;
        }
        if self.way == Way::Walked {
            return self.walk(rest);
        }
        if let Some(go_on) = self.first_if_perfect(rest) {
            return go_on;
        }
        match Remainder::judge(self, rest) {
            Directed::Walk => self.several(rest),
            Directed::Empty => true,
            Directed::Best(r) => {
                if self.best.as_ref().is_some_and(|(_, b)| r.quality >= *b) {
                    return true;
                }
                self.first_reaching(&r, rest)
            }
        }
    }

    /// The part of `base` with the pairs `more` added.
    fn pairs_part(
        &self,
        base: &PairPart,
        more: impl Iterator<Item = (PlayerIx, PlayerIx)>,
    ) -> PairPart {
        let mut part = base.clone();
        for (a, b) in more {
            part.add(self.cx, self.b, a, b, false);
        }
        part
    }

    /// 3.4 before any matching: the first candidate of `players` (the original S1 and S2, S2
    /// in its order: the first of 4.3.2's exchanges and of 4.2.2's transpositions), judged at
    /// once. When it is perfect it is the one accepted (`Some`, what [`Search::visit`] says),
    /// and the weighted matchings that find the least cost, the costly part of a bracket of
    /// hundreds, are not needed: in most brackets of a large field the first candidate is
    /// perfect. `None` when it is not (or [C1]/[C3] forbid one of its pairs): the search goes
    /// on.
    fn first_if_perfect(&mut self, rest: Rest) -> Option<bool> {
        let (players, n1) = (rest.players, rest.n1);
        let (s1, s2) = players.split_at(n1);
        let mut part = rest.base.clone();
        // Pair by pair, so that a candidate past the ideal is known as soon as it is (in a
        // large bracket, after a few of its thousands of pairs).
        for (&a, &b) in s1.iter().zip(s2) {
            if !self.cx.pair_ok(a, b) {
                return None;
            }
            part.add(self.cx, self.b, a, b, false);
            if !self.ideal.admits(&part) {
                return None;
            }
        }
        let cand = Candidate {
            pairs: rest
                .pairs
                .iter()
                .copied()
                .chain(s1.iter().copied().zip(s2.iter().copied()))
                .collect(),
            floaters: rest
                .floaters
                .iter()
                .chain(&s2[n1.min(s2.len())..])
                .copied()
                .collect(),
        };
        let q = self
            .float_part(&cand.floaters)
            .map(|f| quality(&f, &part))?;
        if !self.ideal.reached_by(&q) {
            return None;
        }
        Some(self.visit(cand, &part, || None))
    }

    /// The first candidate of `players`' exchanges and transpositions whose pairs and
    /// downfloaters cost `r.least`: the first exchange that admits one (an assignment of S1 to
    /// S2 of that cost: [`first_admitting_exchange`], a few matchings instead of forming the
    /// exchanges one by one), then in it, position by position of S1, the first member of S2
    /// that keeps that cost within reach.
    fn first_reaching(&mut self, r: &Remainder, rest: Rest) -> bool {
        let Rest {
            players, n1, pairs, ..
        } = rest;
        let n = players.len();
        let (exchange, prefix) = match &r.chosen {
            Some(chosen) => ((Vec::new(), Vec::new()), chosen.clone()),
            None => match self.reaching_by_costs(r, players, n1) {
                Ok(found) => found,
                Err(go_on) => return go_on.unwrap_or_else(|| self.several(rest)),
            },
        };
        let (s1, s2) = exchanged(n, n1, &exchange);
        let mut taken = vec![false; s2.len()];
        for &j in &prefix {
            taken[j] = true;
        }
        let more = || {
            prefix
                .iter()
                .enumerate()
                .map(|(i, &j)| (players[s1[i]], players[s2[j]]))
        };
        let left = || (0..s2.len()).filter(|&j| !taken[j]).map(|j| players[s2[j]]);
        // The pairs' part is the least's (its [C10]-[C13] digits: the candidate costs the
        // least, and the digits never carry), not added again pair by pair.
        let cand = Candidate {
            pairs: pairs.iter().copied().chain(more()).collect(),
            floaters: rest.floaters.iter().copied().chain(left()).collect(),
        };
        let part = r.part.clone();
        debug_assert_eq!(
            part,
            self.pairs_part(rest.base, more()),
            "the least's digits are the candidate's counts"
        );
        let no_mdps = pairs.is_empty() && self.b.mdps.is_empty();
        let why = || {
            (players.len() >= 2).then(|| Reached {
                players: players.to_vec(),
                remainder: !no_mdps,
                by_colours: r.original.is_some() || r.chosen.is_some(),
                several: false,
                exchange: (!exchange.0.is_empty()).then(|| {
                    let of = |v: &[usize]| v.iter().map(|&i| players[i]).collect();
                    (of(&exchange.0), of(&exchange.1))
                }),
            })
        };
        self.visit(cand, &part, why)
    }

    /// [`Search::first_reaching`] from the remainder's costs of every pair: the first
    /// exchange admitting the least, and in it each position's member of S2. `Err` when the
    /// search stops (`Some(false)`) or, never in fact, the least is not reached (`None`: the
    /// walk decides).
    fn reaching_by_costs(
        &mut self,
        r: &Remainder,
        players: &[PlayerIx],
        n1: usize,
    ) -> Result<(Exchange, Vec<usize>), Option<bool>> {
        let n = players.len();
        let costs = Costs {
            n,
            n1,
            pair: &r.pair,
            over: &r.over,
        };
        let exchange = match &r.original {
            Some(_) => (Vec::new(), Vec::new()),
            None => match i64::try_from(r.least)
                .ok()
                .and_then(|least| first_admitting_exchange(&costs, least))
            {
                Some(exchange) => exchange,
                // `r.least` is the least of all the remainder's candidates, so some exchange
                // admits it: this is not reached, but if it were, the walk decides.
                None => return Err(None),
            },
        };
        let (s1, s2) = exchanged(n, n1, &exchange);
        // Rows: S1, then one row for the player left over (if any); columns: S2.
        let cost = |row: usize, col: usize| -> i64 {
            if row < s1.len() {
                r.pair[s1[row]][s2[col]].unwrap_or(crate::matching::assignment::FORBIDDEN)
            } else {
                r.over[s2[col]].unwrap_or(crate::matching::assignment::FORBIDDEN)
            }
        };
        let Some(mut table) = r
            .original
            .clone()
            .or_else(|| crate::matching::assignment::Assignment::solve(s2.len(), s2.len(), cost))
            .filter(|table| i128::from(table.total()) == r.least)
        else {
            return Err(None);
        };
        let mut fixed = 0;
        let mut prefix: Vec<usize> = Vec::with_capacity(s1.len());
        let mut taken = vec![false; s2.len()];
        for i in 0..s1.len() {
            // Only a tight cell can be in an optimal completion (`Assignment::tight`): the
            // others are passed over without a search.
            let next = (0..s2.len())
                .filter(|&j| !taken[j] && table.tight(i, j))
                .find_map(|j| {
                    let c = cost(i, j);
                    let t = table.keeping(i, j)?;
                    (i128::from(fixed + c + t.total()) == r.least).then_some((j, c, t))
                });
            let Some((j, c, t)) = next else {
                // The column the table gives row i always keeps the least cost: this is not
                // reached, but if it were, the walk decides.
                return Err(None);
            };
            prefix.push(j);
            taken[j] = true;
            fixed += c;
            table = t;
        }
        Ok((exchange, prefix))
    }

    /// [`Search::homogeneous`] where the remainder may leave several players over (or its
    /// costs are not formed): the first candidate reaching the best, by weighted matchings of
    /// everyone not yet paired (`several`), judged as every candidate is. Asked at every
    /// number of pairs, it answers once per remainder: a candidate only at the number of
    /// pairs its best candidates have (every one with another number is worse).
    fn several(&mut self, rest: Rest) -> bool {
        if self.walking_mdps {
            // Each MDP-Pairing's remainder would ask for matchings of everyone not yet
            // paired: the bracket's matchings choose the MDP-Pairing instead.
            self.left_the_walk = true;
            return false;
        }
        let key = (rest.players.to_vec(), rest.floaters.to_vec());
        if let Some(known) = self.several_pairs.get(&key) {
            // Another number of pairs than its best's, or its first best candidate already
            // judged (a heterogeneous bracket's first MDP-Pairing and its best may be one).
            if *known != Some(rest.n1)
                || self
                    .several_judged
                    .contains(&(key.clone(), rest.pairs.to_vec()))
            {
                return true;
            }
        }
        match super::several::first_best(self.cx, self.b, rest.players, rest.n1, rest.floaters) {
            super::several::Outcome::Empty => {
                self.several_pairs.insert(key, None);
                true
            }
            super::several::Outcome::Pairs(p) => {
                self.several_pairs.insert(key, Some(p));
                true
            }
            super::several::Outcome::Found {
                pairs,
                left,
                exchange,
            } => {
                self.several_pairs.insert(key.clone(), Some(rest.n1));
                self.several_judged.insert((key, rest.pairs.to_vec()));
                let part = self.pairs_part(rest.base, pairs.iter().copied());
                let cand = Candidate {
                    pairs: rest.pairs.iter().copied().chain(pairs).collect(),
                    floaters: rest.floaters.iter().copied().chain(left).collect(),
                };
                let players = rest.players;
                let remainder = !(rest.pairs.is_empty() && self.b.mdps.is_empty());
                let why = || {
                    Some(Reached {
                        players: players.to_vec(),
                        remainder,
                        by_colours: false,
                        several: true,
                        exchange: (!exchange.0.is_empty()).then(|| {
                            let of = |v: &[usize]| v.iter().map(|&i| players[i]).collect();
                            (of(&exchange.0), of(&exchange.1))
                        }),
                    })
                };
                self.visit(cand, &part, why)
            }
        }
    }

    /// [`Search::homogeneous`] by branch and bound.
    fn walk(&mut self, rest: Rest) -> bool {
        let Rest {
            players,
            n1,
            pairs,
            floaters,
            base,
        } = rest;
        let n = players.len();
        for k in 0..=n1.min(n - n1) {
            for exchange in self.exchanges(n1, n - n1, k) {
                if self.hopeless(base) {
                    return true;
                }
                let (s1, s2) = exchanged(n, n1, &exchange);
                let s1: Vec<PlayerIx> = s1.into_iter().map(|i| players[i]).collect();
                let s2: Vec<PlayerIx> = s2.into_iter().map(|i| players[i]).collect();
                let (cx, br) = (self.cx, self.b);
                // The parts of the prefixes being extended, by length.
                let mut stack: Vec<PairPart> = vec![base.clone()];
                let go_on = transpositions(
                    n1,
                    s2.len(),
                    &|i, j| cx.pair_ok(s1[i], s2[j]),
                    &mut |prefix| {
                        let l = prefix.len();
                        let part = if l == 0 {
                            base.clone()
                        } else {
                            stack.truncate(l);
                            let mut part = stack[l - 1].clone();
                            part.add(cx, br, s1[l - 1], s2[prefix[l - 1]], false);
                            part
                        };
                        if self.hopeless(&part) {
                            return Walk::Prune;
                        }
                        if l < n1 {
                            stack.push(part);
                            return Walk::Go;
                        }
                        let mut all = pairs.to_vec();
                        all.extend(prefix.iter().enumerate().map(|(i, &j)| (s1[i], s2[j])));
                        let mut left = floaters.to_vec();
                        left.extend((0..s2.len()).filter(|j| !prefix.contains(j)).map(|j| s2[j]));
                        let cand = Candidate {
                            pairs: all,
                            floaters: left,
                        };
                        if self.visit(cand, &part, || None) {
                            Walk::Go
                        } else {
                            Walk::Stop
                        }
                    },
                );
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
}

/// Why no candidate before the one [`Search::first_reaching`] built is better: what the
/// explanation says of it, put in words once the bracket is decided ([`Reached::words`]), as
/// a large remainder's words list tens of thousands of players and a bracket may find a better
/// candidate several times.
struct Reached {
    /// The bracket's or remainder's players.
    players: Vec<PlayerIx>,
    /// A remainder (of an MDP-Pairing), not the whole bracket.
    remainder: bool,
    /// The least was shown by the colours alone, not by a weighted matching.
    by_colours: bool,
    /// Several players left over: the best was shown by a matching of everyone not yet
    /// paired, on [C5]-[C16].
    several: bool,
    /// The resident-exchange admitting it (the players moved to S2, those moved to S1), when
    /// not the original S1 and S2.
    exchange: Option<(Vec<PlayerIx>, Vec<PlayerIx>)>,
}

impl Reached {
    fn words(&self, cx: &Ctx) -> String {
        format!(
            "no pairing of {} ({}) does better on {} ({}), and this is the first \
             candidate to reach it: {} (4.3.2), and in it each player of S1 has the first \
             player of S2 that still allows it (4.2.2), so every earlier one is worse (3.8.1)",
            if self.remainder {
                "the remainder"
            } else {
                "the bracket"
            },
            cx.tpns(&self.players),
            if self.several {
                "[C5]-[C16]"
            } else {
                "[C10]-[C16]"
            },
            if self.several {
                "several players are left over: a weighted matching of them with everyone \
                 not yet paired, every criterion a field of its weight, gives the best"
            } else if self.by_colours {
                "it denies only the colour preferences that the players' colours force to be \
                 denied"
            } else {
                "a weighted matching of all of them gives the least"
            },
            match &self.exchange {
                None => "the original S1 and S2 admit it".to_string(),
                Some((to_s2, to_s1)) => format!(
                    "no resident-exchange before the one moving {} to S2 and {} to S1 admits it",
                    cx.tpns(to_s2),
                    cx.tpns(to_s1)
                ),
            },
        )
    }
}

/// What [`Search::homogeneous`] knows of a remainder before walking it.
enum Directed {
    /// Its candidates are walked by branch and bound (more than one player left over, or
    /// costs too wide for one number).
    Walk,
    /// No candidate complies with [C4].
    Empty,
    /// The best any candidate reaches.
    Best(Box<Remainder>),
}

/// Each pair's cost, by the players' positions; `None` where [C1]/[C3] forbid the pair.
type PairCosts = Vec<Vec<Option<i64>>>;

/// A homogeneous bracket or remainder with at most one player left over, its criteria as
/// costs: each pair's [C10]-[C13] and the left-over player's [C14] and [C16] as one number,
/// the earlier criterion in the higher digits (each in a base above the most its criterion can
/// total in a candidate), so that a smaller sum is a better candidate once the
/// downfloaters' [C5]-[C9] are equal. Only players whose downfloat gives the best [C5]-[C9]
/// that a pairing of the rest allows may be left over.
struct Remainder {
    /// The cost of each pair of the remainder's players.
    pair: PairCosts,
    /// The cost of leaving each player over, `None` if that would not give the best [C5]-[C9]
    /// (or would break [C4]).
    over: Vec<Option<i64>>,
    /// The least cost of any candidate (a weighted matching of the whole remainder, or the
    /// bound that the colours alone force, when the original S1 and S2 reach it).
    least: i128,
    /// The standing of a candidate of that cost.
    quality: Quality,
    /// The part of the pairs of a candidate of that cost: what the MDP-Pairing made, and the
    /// least's [C10]-[C13].
    part: PairPart,
    /// When the original S1 and S2 (4.3.2's first exchange) admit the least: their optimal
    /// assignment, rows S1 and the player left over, columns S2 (by position).
    original: Option<crate::matching::assignment::Assignment>,
    /// When the classes of the players' preferences found it: the first candidate reaching
    /// the least, as the member of the original S2 (by position in it) each player of the
    /// original S1 meets.
    chosen: Option<Vec<usize>>,
}

/// The remainders from whose size on [`Remainder::judge`] keeps what its players decide in a
/// [`OneMore`] rather than as a set per player in the search's map (where a small bracket's
/// walk, judging thousands of remainders, finds them again).
const ONE_MORE_FROM: usize = 1000;

/// What the fixed downfloaters and each of a remainder's players decide ([`float_part`]):
/// `get(k)` with the remainder's `k`th player. Few are distinct (a large remainder has
/// tens of thousands of players and a few kinds of them), and each distinct one is kept once.
struct Parts {
    /// The distinct parts.
    table: Vec<Option<FloatPart>>,
    /// Each player's place in `table`.
    of: Vec<u32>,
}

impl Parts {
    /// No player left over.
    fn none() -> Parts {
        Parts {
            table: Vec::new(),
            of: Vec::new(),
        }
    }

    /// One part per player.
    fn each(table: Vec<Option<FloatPart>>) -> Parts {
        let of = (0..table.len())
            .map(|k| u32::try_from(k).expect("a field of fewer than 2^32 players"))
            .collect();
        Parts { table, of }
    }

    fn get(&self, k: usize) -> &Option<FloatPart> {
        &self.table[self.of[k] as usize]
    }

    /// `f` of each distinct part, then of each player's (the part's, not computed again).
    fn map<T: Clone>(&self, f: impl Fn(&Option<FloatPart>) -> T) -> Vec<T> {
        let by_part: Vec<T> = self.table.iter().map(f).collect();
        self.of
            .iter()
            .map(|&k| by_part[k as usize].clone())
            .collect()
    }
}

/// What a set of fixed downfloaters and one player more decide, for each of a remainder's
/// players (`parts.get(k)` with `players[k]`).
struct OneMore {
    /// Each player with its position in `parts`, in the players' order (for a binary search).
    order: Vec<(PlayerIx, u32)>,
    parts: Rc<Parts>,
}

impl OneMore {
    fn new(players: &[PlayerIx], parts: Rc<Parts>) -> OneMore {
        let mut order: Vec<(PlayerIx, u32)> = (0u32..).zip(players).map(|(k, &p)| (p, k)).collect();
        order.sort_unstable();
        OneMore { order, parts }
    }

    /// What the fixed downfloaters and `p` decide, when `p` is one of the players.
    fn part_of(&self, p: PlayerIx) -> Option<&Option<FloatPart>> {
        let k = self.order.binary_search_by_key(&p, |&(q, _)| q).ok()?;
        Some(self.parts.get(self.order[k].1 as usize))
    }
}

impl Remainder {
    fn judge(s: &mut Search, rest: Rest) -> Directed {
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
fn radix_of(
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
fn encode(d: [usize; 6], radix: [i128; 6]) -> i128 {
    d.iter()
        .zip(radix)
        .fold(0i128, |acc, (&x, r)| acc * r + x as i128)
}

/// [C5]-[C9] of a downfloat: the level at which a player left over is compared first.
/// Borrowed from the part: a remainder of tens of thousands compares one per player.
type Level<'f> = (
    Option<Points>,
    usize,
    &'f [Points],
    (usize, &'f [Points]),
    u32,
);

fn level(f: &FloatPart) -> Level<'_> {
    (f.c5, f.c6, &f.c7, (f.c8.0, &f.c8.1), f.c9)
}

/// The least cost no candidate of the remainder `players` (`n1` pairs, the one left over, if
/// any, among those `over` allows) can beat: no candidate denies fewer [C12] (or [C13])
/// preferences than the players preferring one colour beyond the pairs' share of it (`n1`
/// players get each colour), nor fails [C10] or [C11] fewer than never, nor leaves over a
/// player at less than his [C14], [C16]. As one number in the bases `radix`; `None` when a
/// digit does not fit (no candidate is then that good).
fn colour_bound<T>(
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
fn by_classes(
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
type Kind = (ColorPreference, bool, i32, [Option<Color>; 2]);

/// Whether 5.2 gives the colours of a pair by what [`by_classes`] knows of the two players
/// (preference, topscorer, colour difference, last two colours): 5.2.1, 5.2.2, or 5.2.3
/// within the last two colours of both (not 5.2.3 further back, 5.2.4's ranking or 5.2.5's
/// TPN).
fn colour_by_classes(x: &Kind, y: &Kind) -> bool {
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
fn conclude(
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
fn max_pairs(cx: &Ctx, players: &[PlayerIx]) -> usize {
    crate::matching::cardinality::Cardinality::new(players.len())
        .maximize(&|i, j| cx.pair_ok(players[i], players[j]))
}

/// Pairs one bracket: the MDP-Pairing and the remainder of a heterogeneous bracket (3.7), or
/// the homogeneous bracket (3.6), as many pairs as it allows (3.1.2), one fewer each time no
/// candidate with that many leaves the rest completable ([C4]).
pub(crate) fn pair_bracket(cx: &Ctx, b: &Bracket, way: Way) -> Option<Chosen> {
    let score = |p: &PlayerIx| cx.players[*p].score;
    // 3.1: M1, the MDPs that can be paired with distinct residents.
    let (nm, nr) = (b.mdps.len(), b.residents.len());
    let m1 = crate::matching::cardinality::bipartite_most(nm, nr, |i, j| {
        cx.pair_ok(b.mdps[i], b.residents[j])
    });
    let all: Vec<PlayerIx> = b.mdps.iter().chain(&b.residents).copied().collect();
    let everyone: Vec<PlayerIx> = all.iter().chain(&b.lower).copied().collect();
    let most = m1;
    let rest_pairs = max_pairs(cx, &b.residents);
    // The ideal: as many pairs as the bracket allows, its lowest scores floating, the bye to
    // the lowest score eligible, the next bracket with at most its parity left over.
    let c6 = all.len() - 2 * (most + rest_pairs.min(b.residents.len().saturating_sub(most) / 2));
    // [C7]: the MDPs that cannot all be paired (M0 - M1, 3.2.4's Limbo) float, at best the
    // lowest of them, and the other downfloaters at best the lowest of the rest. MDPs score
    // more than residents, so no candidate's downfloaters score less, place by place.
    let limbo = nm - most;
    let mut mdp_scores: Vec<Points> = b.mdps.iter().map(score).collect();
    mdp_scores.sort();
    let mut others: Vec<Points> = mdp_scores[limbo..]
        .iter()
        .copied()
        .chain(b.residents.iter().map(score))
        .collect();
    others.sort();
    let mut floor: Vec<Points> = mdp_scores[..limbo].to_vec();
    floor.extend(others.into_iter().take(c6 - limbo));
    floor.sort_by(|x, y| y.cmp(x));
    let forced = forced_denials(cx, &all, (all.len() - c6) / 2, c6);
    let ideal = Ideal {
        c5: if (c6 + b.lower.len()) % 2 == 1 {
            everyone
                .iter()
                .filter(|p| cx.players[**p].can_bye)
                .map(score)
                .min()
        } else {
            None
        },
        c6,
        c7: floor,
        c8: match b.next.first() {
            Some(&n) if !b.lower.is_empty() => {
                let k = (c6 + b.next.len()) % 2;
                (k, vec![score(&n); k])
            }
            _ => (0, Vec::new()),
        },
        c12: forced[0],
        c13: forced[1],
    };
    let c5 = ideal.c5;
    let mut s = Search {
        cx,
        b,
        way,
        ideal,
        best: None,
        reached: None,
        first: None,
        tried: 0,
        perfect: false,
        floats: Default::default(),
        several_pairs: Default::default(),
        several_judged: Default::default(),
        walking_mdps: way == Way::Directed && !b.mdps.is_empty() && b.mdps.len() <= WALKED_MDPS,
        left_the_walk: false,
        one_more: Default::default(),
        bound: FloatPart {
            c5,
            c6: 0,
            c7: Vec::new(),
            c8: (0, Vec::new()),
            c9: 0,
            c14: 0,
            c16: 0,
            limbo18: Vec::new(),
            limbo20: Vec::new(),
        },
    };
    let mut lowest: Vec<Points> = all.iter().map(score).collect();
    lowest.sort();
    // With one or two MDPs the MDP-Pairings are at most 1 + 2n + n² (n residents), each
    // remainder judged exactly: walked; with more, by matchings (`mdp_pairings`).
    if way == Way::Directed && b.mdps.len() > WALKED_MDPS {
        mdp_pairings(&mut s, most, &lowest, c5);
        return chosen(s);
    }
    // Reading of 3.1.2-3.1.3: M1 and MaxPairs are the most that [C4] and [C5] allow; fewer
    // MDPs paired, then fewer pairs, are tried after all candidates with more, since [C5]
    // ranks above [C6].
    'sizes: for m1 in (0..=most).rev() {
        // 4.4: the sets of m1 pairable MDPs, in 4.4.2's order; [C4] and [C7] judge the Limbo
        // each leaves with the rest of the candidate (reading of 4.4.1).
        let sets: Vec<Vec<usize>> = subsets(b.mdps.len(), m1)
            .into_iter()
            .filter(|set| {
                let s: Vec<PlayerIx> = set.iter().map(|&i| b.mdps[i]).collect();
                crate::matching::cardinality::bipartite_perfect(&s, &b.residents, |x, y| {
                    cx.pair_ok(x, y)
                })
            })
            .collect();
        for pairs_cap in (0..=rest_pairs).rev() {
            let Some(bound) = bound_of(cx, b, &lowest, c5, m1 + pairs_cap) else {
                // More pairs than the remainder has players for.
                continue;
            };
            s.bound = bound;
            for set in &sets {
                let s1: Vec<PlayerIx> = set.iter().map(|&i| b.mdps[i]).collect();
                let limbo: Vec<PlayerIx> = (0..b.mdps.len())
                    .filter(|i| !set.contains(i))
                    .map(|i| b.mdps[i])
                    .collect();
                let s2 = &b.residents;
                let mut stack: Vec<PairPart> = vec![PairPart::default()];
                let go_on = transpositions(
                    m1,
                    s2.len(),
                    &|i, j| cx.pair_ok(s1[i], s2[j]),
                    &mut |prefix| {
                        let l = prefix.len();
                        let part = if l == 0 {
                            PairPart::default()
                        } else {
                            stack.truncate(l);
                            let mut part = stack[l - 1].clone();
                            part.add(cx, b, s1[l - 1], s2[prefix[l - 1]], true);
                            part
                        };
                        if s.hopeless(&part) {
                            return Walk::Prune;
                        }
                        if l < m1 {
                            stack.push(part);
                            return Walk::Go;
                        }
                        let pairs: Vec<(PlayerIx, PlayerIx)> = prefix
                            .iter()
                            .enumerate()
                            .map(|(i, &j)| (s1[i], s2[j]))
                            .collect();
                        let remainder: Vec<PlayerIx> = (0..s2.len())
                            .filter(|j| !prefix.contains(j))
                            .map(|j| s2[j])
                            .collect();
                        let rest = Rest {
                            players: &remainder,
                            n1: pairs_cap,
                            pairs: &pairs,
                            floaters: &limbo,
                            base: &part,
                        };
                        // Before the matching of `max_pairs`: a large bracket's MDP-Pairings
                        // leave remainders of thousands, most of them no better than the best.
                        if s.colours_hopeless(rest) {
                            return Walk::Go;
                        }
                        if pairs_cap > max_pairs(cx, &remainder) {
                            // Visited at the cap the remainder allows.
                            return Walk::Go;
                        }
                        if s.homogeneous(rest) {
                            Walk::Go
                        } else {
                            Walk::Stop
                        }
                    },
                );
                if !go_on {
                    break 'sizes;
                }
            }
        }
    }
    if s.left_the_walk {
        // The candidates walked so far come first in the sequence: the matchings' choice is
        // taken only if it is better (3.8.1).
        s.walking_mdps = false;
        mdp_pairings(&mut s, most, &lowest, c5);
    }
    chosen(s)
}

/// The most MDPs whose MDP-Pairings are walked: with `k` MDPs and `n` residents there are
/// at most (n + 1)^k of them, a polynomial for a fixed `k`; beyond, the walk could be
/// exponential and the matchings choose (`several::mdp_pairing`).
const WALKED_MDPS: usize = 2;

/// What every candidate of `pairs` pairs at least has on [C5]-[C9] (the lowest scores
/// float), `None` when the bracket has too few players for them.
fn bound_of(
    cx: &Ctx,
    b: &Bracket,
    lowest: &[Points],
    c5: Option<Points>,
    pairs: usize,
) -> Option<FloatPart> {
    let c6 = lowest.len().checked_sub(2 * pairs)?;
    let mut c7: Vec<Points> = lowest[..c6].to_vec();
    c7.reverse();
    let c8 = match b.next.first() {
        Some(&n) if !b.lower.is_empty() => {
            let k = (c6 + b.next.len()) % 2;
            (k, vec![cx.players[n].score; k])
        }
        _ => (0, Vec::new()),
    };
    Some(FloatPart {
        c5,
        c6,
        c7,
        c8,
        c9: 0,
        c14: 0,
        c16: 0,
        limbo18: Vec::new(),
        limbo20: Vec::new(),
    })
}

/// A heterogeneous bracket's MDP-Pairing and remainder without walking them (3.7, 4.4): the
/// first candidate of the sequence (4.4.2's first set of `most` pairable MDPs, 4.2.2's first
/// transposition of the residents for them, the remainder's best), accepted at once when
/// perfect (3.4); otherwise the MDP-Pairing of the best candidates that comes first in the
/// sequence, by weighted matchings of everyone not yet paired (`several::mdp_pairing`), and
/// its remainder's first candidate reaching the best.
fn mdp_pairings(s: &mut Search, most: usize, lowest: &[Points], c5: Option<Points>) {
    let (cx, b) = (s.cx, s.b);
    let residents = &b.residents;
    let matchable = |mdps: &[PlayerIx], taken: &[bool]| {
        let free: Vec<PlayerIx> = residents
            .iter()
            .zip(taken)
            .filter(|(_, &t)| !t)
            .map(|(&r, _)| r)
            .collect();
        crate::matching::cardinality::bipartite_perfect(mdps, &free, |x, y| cx.pair_ok(x, y))
    };
    // 4.4.2's first set of `most` MDPs that can be paired with distinct residents: the
    // greedy choice, as such sets are the bases of a transversal matroid.
    let none = vec![false; residents.len()];
    let mut set: Vec<PlayerIx> = Vec::new();
    for &p in &b.mdps {
        if set.len() == most {
            break;
        }
        set.push(p);
        if !matchable(&set, &none) {
            set.pop();
        }
    }
    // 4.2.2's first transposition for them: each MDP the first resident that leaves the
    // others a perfect assignment.
    let mut taken = vec![false; residents.len()];
    let mut pairs: Vec<(PlayerIx, PlayerIx)> = Vec::new();
    for (i, &p) in set.iter().enumerate() {
        let next = (0..residents.len()).find(|&j| {
            if taken[j] || !cx.pair_ok(p, residents[j]) {
                return false;
            }
            taken[j] = true;
            let ok = matchable(&set[i + 1..], &taken);
            taken[j] = false;
            ok
        });
        let Some(j) = next else {
            break;
        };
        taken[j] = true;
        pairs.push((p, residents[j]));
    }
    if pairs.len() == set.len() {
        let remainder: Vec<PlayerIx> = residents
            .iter()
            .zip(&taken)
            .filter(|(_, &t)| !t)
            .map(|(&r, _)| r)
            .collect();
        let limbo: Vec<PlayerIx> = b
            .mdps
            .iter()
            .copied()
            .filter(|p| !set.contains(p))
            .collect();
        let cap = max_pairs(cx, &remainder);
        if let Some(bound) = bound_of(cx, b, lowest, c5, pairs.len() + cap) {
            s.bound = bound;
            judge_mdp_pairing(s, &pairs, &limbo, &remainder, cap);
            if s.perfect {
                return;
            }
        }
    }
    if let Some(best) = super::several::mdp_pairing(cx, b) {
        let pairs_in_all = best.pairs.len() + best.remainder_pairs;
        if let Some(bound) = bound_of(cx, b, lowest, c5, pairs_in_all) {
            s.bound = bound;
            judge_mdp_pairing(
                s,
                &best.pairs,
                &best.limbo,
                &best.remainder,
                best.remainder_pairs,
            );
        }
    }
}

/// The remainder of an MDP-Pairing (`pairs`, the Limbo `limbo`), with `n1` pairs.
fn judge_mdp_pairing(
    s: &mut Search,
    pairs: &[(PlayerIx, PlayerIx)],
    limbo: &[PlayerIx],
    remainder: &[PlayerIx],
    n1: usize,
) {
    let mut part = PairPart::default();
    for &(m, r) in pairs {
        part.add(s.cx, s.b, m, r, true);
    }
    let rest = Rest {
        players: remainder,
        n1,
        pairs,
        floaters: limbo,
        base: &part,
    };
    if !s.colours_hopeless(rest) {
        s.homogeneous(rest);
    }
}

/// The candidate a search accepted, with what the explanation says of it.
fn chosen(s: Search) -> Option<Chosen> {
    let (cand, quality) = s.best?;
    let first = s
        .first
        .filter(|(f, _)| f.pairs != cand.pairs || f.floaters != cand.floaters);
    Some(Chosen {
        cand,
        quality,
        perfect: s.perfect,
        tried: s.tried,
        first,
        reached: s.reached.map(|r| r.words(s.cx)),
    })
}

pub(crate) use crate::pairing::proposal::Paired;

/// 1.9: the round, bracket by bracket from the top scoregroup; the pairs in board order
/// (C.04.2 3.6's recommended order) with their colours (5.2) and the bye; each bracket
/// searched the `way` given.
pub(crate) fn procedure(
    cx: &Ctx,
    initial: Color,
    way: Way,
    explanation: &mut Vec<Step>,
) -> Result<Paired, String> {
    let ranked: Vec<PlayerIx> = cx.players.indices().collect();
    if !cx.completable(&ranked) {
        return Err(
            "no pairing of the round complies with [C1]-[C3] (1.9.3: the Chief Arbiter decides)"
                .into(),
        );
    }
    // 1.3.1: the scoregroups, highest first.
    let mut groups: Vec<Vec<PlayerIx>> = Vec::new();
    for p in ranked {
        match groups.last_mut() {
            Some(g) if cx.players[g[0]].score == cx.players[p].score => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let mut pairs: Vec<(PlayerIx, PlayerIx)> = Vec::new();
    let mut mdps: Vec<PlayerIx> = Vec::new();
    for (g, residents) in groups.iter().enumerate() {
        let b = Bracket {
            mdps: std::mem::take(&mut mdps),
            residents: residents.clone(),
            lower: groups[g + 1..].iter().flatten().copied().collect(),
            next: groups.get(g + 1).cloned().unwrap_or_default(),
            initial,
        };
        explanation.push(Step::heading(format!(
            "Bracket {} ({}): residents {}{}.",
            g + 1,
            cx.players[residents[0]].score,
            cx.tpns(&b.residents),
            if b.mdps.is_empty() {
                String::new()
            } else {
                format!("; MDPs {}", cx.tpns(&b.mdps))
            }
        )));
        let chosen = pair_bracket(cx, &b, way).ok_or_else(|| {
            format!(
                "bracket {} cannot be paired so that the rest can be completed ([C4])",
                g + 1
            )
        })?;
        describe(cx, &chosen, explanation);
        pairs.extend(chosen.cand.pairs.iter().copied());
        mdps = chosen.cand.floaters.clone();
    }
    let bye = match mdps.as_slice() {
        [] => None,
        [one] => Some(cx.players[*one].tpn),
        more => {
            return Err(format!(
                "{} players are left unpaired after the last bracket",
                more.len()
            ));
        }
    };
    if let Some(b) = bye {
        explanation.push(Step::new(
            "1.5",
            format!("{b} downfloats from the last bracket and receives the pairing-allocated bye."),
        ));
    }
    // C.04.2 3.6: boards by the higher score of the pair, the sum, the higher-ranked's TPN
    // (each pair's key once: a large field's players lie far apart). Under acceleration the
    // scores are the pairing scores (C.04.7 1.5 as its readers summarise it; see `Readings`
    // in `mod.rs`: bbpPairings v6 orders by the points).
    pairs.sort_by_cached_key(|&(a, b)| {
        let (h, l) = if a < b { (a, b) } else { (b, a) };
        let (ph, pl) = (&cx.players[h], &cx.players[l]);
        (
            std::cmp::Reverse(ph.score.max(pl.score)),
            std::cmp::Reverse(ph.score + pl.score),
            ph.tpn,
        )
    });
    let mut out = Vec::with_capacity(pairs.len());
    for (board, &(a, b)) in pairs.iter().enumerate() {
        let ((w, bl), why) = allocate(cx, a, b, initial);
        let higher = &cx.players[a.min(b)];
        let (w, bl) = (cx.players[w].tpn, cx.players[bl].tpn);
        if board < 200 {
            // 5.2.5 by a TPN that players never paired have moved up: say so.
            let parity = if why == "5.2.5" && higher.parity_tpn != higher.tpn.get() {
                format!(
                    " ({} counts as TPN {}: players above it who have never been paired have no TPN yet)",
                    higher.tpn, higher.parity_tpn
                )
            } else {
                String::new()
            };
            explanation.push(Step::new(
                why,
                format!("board {}: {w} - {bl}{parity}.", board + 1),
            ));
        }
        out.push((w, bl));
    }
    Ok((out, bye))
}

/// What the explanation says of a bracket's accepted candidate.
fn describe(cx: &Ctx, c: &Chosen, explanation: &mut Vec<Step>) {
    let pairs = c
        .cand
        .pairs
        .iter()
        .map(|&(a, b)| format!("{}-{}", cx.players[a].tpn, cx.players[b].tpn))
        .collect::<Vec<_>>()
        .join(", ");
    let pairs = if pairs.is_empty() {
        "no pair".to_string()
    } else {
        pairs
    };
    let floaters = if c.cand.floaters.is_empty() {
        "no downfloater".to_string()
    } else {
        format!("downfloaters {}", cx.tpns(&c.cand.floaters))
    };
    let fails = c.quality.unfulfilled();
    if c.perfect && !fails.is_empty() {
        // 3.8: no candidate complies with every criterion; this one reaches the least that
        // the players' colour preferences leave possible, so no later one is better.
        explanation.push(
            Step::new(
                "3.8",
                format!(
                    "no perfect candidate (the players' colour preferences cannot all be met); \
                     the first reaching the fewest unmet that they allow ({} judged in full): \
                     {pairs}; {floaters}; it does not fulfil {}.",
                    c.tried,
                    fails.join(", ")
                ),
            )
            .inner(),
        );
    } else if c.perfect {
        explanation.push(
            Step::new(
                "3.4",
                format!(
                    "the first perfect candidate of the sequence ({} judged in full): {pairs}; \
                     {floaters}.",
                    c.tried
                ),
            )
            .inner(),
        );
    } else {
        explanation.push(
            Step::new(
                "3.8",
                format!(
                    "no perfect candidate ({}); the best: {pairs}; {floaters}{}.",
                    if let Some(why) = &c.reached {
                        format!("{} judged in full; {why}", c.tried)
                    } else {
                        format!(
                            "{} judged in full, every other one ruled out by a part of its \
                             pairs no better than the best",
                            c.tried
                        )
                    },
                    if fails.is_empty() {
                        String::new()
                    } else {
                        format!("; it does not fulfil {}", fails.join(", "))
                    }
                ),
            )
            .inner(),
        );
    }
    // Why the sequence's first candidate (3.3) was not the one taken.
    if let Some((_, q)) = &c.first {
        let why = match q {
            None => "it leaves the rest unpairable ([C4])".to_string(),
            Some(q) => format!("it is worse on {}", q.worse_than(&c.quality).join(", ")),
        };
        explanation
            .push(Step::new("3.8", format!("the first candidate was not taken: {why}.")).inner());
    }
}
