//! Dutch 2026 3.4-3.8 and Article 4: one bracket's (or remainder's) sequence of candidates in
//! its order, each judged as the search (`search.rs`) has it: by branch and bound, or directed
//! to the first candidate reaching a remainder's best known beforehand (`remainder.rs`); the
//! remainders that leave several players over by the weighted matchings of `several.rs`.
use super::criteria::quality;
use super::criteria::Candidate;
use super::criteria::PairPart;
use super::remainder::{Directed, Remainder};
use super::search::{Reached, Rest, Search, Way};
use super::sequence::exchanged;
use super::sequence::first_admitting_exchange;
use super::sequence::transpositions;
use super::sequence::Costs;
use super::sequence::Exchange;
use super::sequence::Walk;
use crate::pairing::index::PlayerIx;

impl Search<'_> {
    /// Judges the next candidate of the sequence, whose pairs give `part`; `false` to stop
    /// (perfect). `why`: why no earlier candidate is better, kept if this one becomes the best
    /// (and only then made: it holds the remainder's players).
    pub(super) fn visit(
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
    pub(super) fn homogeneous(&mut self, rest: Rest) -> bool {
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
    pub(super) fn pairs_part(
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
    pub(super) fn first_if_perfect(&mut self, rest: Rest) -> Option<bool> {
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
    pub(super) fn first_reaching(&mut self, r: &Remainder, rest: Rest) -> bool {
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
    pub(super) fn reaching_by_costs(
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
    pub(super) fn several(&mut self, rest: Rest) -> bool {
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
    pub(super) fn walk(&mut self, rest: Rest) -> bool {
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
