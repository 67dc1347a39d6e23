//! Dutch 2026 Article 3's search through one bracket's candidates: its state (the ideal a
//! perfect candidate reaches, 3.4; the best so far and the bound no candidate now generated
//! can beat; what each set of downfloaters decides), the candidate it accepts, and how a
//! search is directed or walked. The walk through the sequence (`walk.rs`) and the judgement
//! of a remainder (`remainder.rs`) read and extend this state, each step reading what the
//! last left there; the procedure (`procedure.rs`) starts one search per bracket.
use super::criteria::float_part;
use super::criteria::quality;
use super::criteria::Bracket;
use super::criteria::Candidate;
use super::criteria::FloatPart;
use super::criteria::PairPart;
use super::criteria::Quality;
use super::definitions::Ctx;
use super::sequence::exchanges_of_size;
use super::sequence::Exchange;
use crate::model::color::Color;
use crate::model::history::ColorPreference;
use crate::model::points::Points;
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
    /// The criteria of [C5]-[C9] on which it falls short of the bracket's ideal (what keeps
    /// a candidate that meets [C10]-[C21] from being perfect).
    pub(crate) short_of: Vec<&'static str>,
}

/// The best any candidate could reach on each criterion: a candidate that reaches all of them
/// is perfect (3.4) and is accepted at once.
pub(super) struct Ideal {
    pub(super) c5: Option<Points>,
    pub(super) c6: usize,
    pub(super) c7: Vec<Points>,
    /// [C8]: the next bracket's parity, left over with the next scoregroup's score.
    pub(super) c8: (usize, Vec<Points>),
    /// [C12] and [C13]: the preferences the colours alone force to be denied.
    pub(super) c12: usize,
    pub(super) c13: usize,
}

/// A colour preference as [C12] and [C13] count it: its colour's place (White 0, Black 1)
/// and whether it is strong (or absolute); `None` without one.
pub(super) fn preferred(pref: ColorPreference) -> Option<(usize, bool)> {
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
pub(super) fn preference_counts(cx: &Ctx, players: &[PlayerIx]) -> [[usize; 2]; 2] {
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
    /// The criteria of [C5]-[C9] on which `q` falls short of the ideal.
    pub(super) fn short_of(&self, q: &Quality) -> Vec<&'static str> {
        let short = [
            ("C5", q.c5 > self.c5),
            ("C6", q.c6 > self.c6),
            ("C7", q.c7 > self.c7),
            ("C8", q.c8 > self.c8),
            ("C9", q.c9 > 0),
        ];
        short
            .into_iter()
            .filter(|&(_, s)| s)
            .map(|(c, _)| c)
            .collect()
    }

    pub(super) fn reached_by(&self, q: &Quality) -> bool {
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
    pub(super) fn admits(&self, p: &PairPart) -> bool {
        self.within(&p.counts, &p.diffs)
    }

    /// [C10]-[C21] at the ideal: only the preferences the colours force denied.
    pub(super) fn within(&self, counts: &[usize; 8], diffs: &[Vec<Points>; 4]) -> bool {
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
pub(super) struct Rest<'a> {
    pub(super) players: &'a [PlayerIx],
    pub(super) n1: usize,
    pub(super) pairs: &'a [(PlayerIx, PlayerIx)],
    pub(super) floaters: &'a [PlayerIx],
    pub(super) base: &'a PairPart,
}

/// A remainder's players, its fixed downfloaters and the MDP-Pairing's pairs.
pub(super) type Judged = ((Vec<PlayerIx>, Vec<PlayerIx>), Vec<(PlayerIx, PlayerIx)>);

/// The search through one bracket's sequence of candidates.
///
/// Branch and bound: a prefix of a transposition fixes some pairs, whose part of the standing
/// ([`PairPart`]) only grows as pairs are added; with the least the downfloaters can give
/// ([`Search::bound`]), it bounds every candidate that extends it. A prefix whose bound is no
/// better than the best candidate found so far is not extended: none of its candidates could
/// be accepted (3.8.1: of two equal candidates the earlier one is better). The candidates that
/// remain are judged in full in the sequence's order, so the one accepted is the one the
/// literal procedure accepts.
pub(super) struct Search<'a> {
    pub(super) cx: &'a Ctx,
    pub(super) b: &'a Bracket,
    pub(super) way: Way,
    pub(super) ideal: Ideal,
    pub(super) best: Option<(Candidate, Quality)>,
    /// Why no candidate before the best is better, when the directed search shows it.
    pub(super) reached: Option<Reached>,
    pub(super) first: Option<(Candidate, Option<Quality>)>,
    pub(super) tried: usize,
    pub(super) perfect: bool,
    /// The number of pairs of each remainder's best candidates (`None`: none complies with
    /// [C4]), by its players and fixed downfloaters, once [`Search::several`] has judged it.
    pub(super) several_pairs:
        std::collections::HashMap<(Vec<PlayerIx>, Vec<PlayerIx>), Option<usize>>,
    /// The remainders (with the MDP-Pairing's pairs) whose first best candidate
    /// [`Search::several`] has judged.
    pub(super) several_judged: std::collections::HashSet<Judged>,
    /// Walking the MDP-Pairings of a bracket of one or two MDPs: a remainder leaving several
    /// players over ends the walk (`left_the_walk`), and the bracket's matchings decide.
    pub(super) walking_mdps: bool,
    pub(super) left_the_walk: bool,
    /// What each set of downfloaters (sorted) decides, once computed.
    pub(super) floats: std::collections::HashMap<Vec<PlayerIx>, Option<FloatPart>>,
    /// What the fixed downfloaters (the key, sorted) and one player more decide, for each
    /// player of the last large remainder judged with them ([`Remainder::judge`]): kept by
    /// player, not as a set per player in `floats` (a large field's last bracket has tens of
    /// thousands of players).
    pub(super) one_more: std::collections::HashMap<Vec<PlayerIx>, OneMore>,
    /// The least [C5]-[C9], [C14] and [C16] any candidate now generated can have: its number
    /// of pairs fixes [C6], the lowest scores of the bracket bound [C7] and the next bracket's
    /// parity [C8].
    pub(super) bound: FloatPart,
}

impl Search<'_> {
    /// 4.3.2: the resident-exchanges of `k` BSNs between an original S1 of `n1` and an
    /// original S2 of `n2` players in their order (for `k` 0, the original S1 and S2).
    pub(super) fn exchanges(&mut self, n1: usize, n2: usize, k: usize) -> Vec<Exchange> {
        if k == 0 {
            return vec![(Vec::new(), Vec::new())];
        }
        exchanges_of_size(n1, n2, k)
    }

    /// No candidate whose pairs give at least `part` can be better than the best so far.
    pub(super) fn hopeless(&self, part: &PairPart) -> bool {
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
    pub(super) fn colours_hopeless(&self, rest: Rest) -> bool {
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
    pub(super) fn float_part(&mut self, floaters: &[PlayerIx]) -> Option<FloatPart> {
        let (cx, b) = (self.cx, self.b);
        self.float_part_with(floaters, |f| float_part(cx, b, f))
    }

    /// What `set` decides, when [`Search::one_more`] knows it: for some player of `set`, the
    /// others are fixed downfloaters a remainder with that player was judged with.
    pub(super) fn one_more_part(&self, set: &[PlayerIx]) -> Option<&Option<FloatPart>> {
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
    pub(super) fn float_part_with(
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
}

/// Why no candidate before the one [`Search::first_reaching`] built is better: what the
/// explanation says of it, put in words once the bracket is decided ([`Reached::words`]), as
/// a large remainder's words list tens of thousands of players and a bracket may find a better
/// candidate several times.
pub(super) struct Reached {
    /// The bracket's or remainder's players.
    pub(super) players: Vec<PlayerIx>,
    /// A remainder (of an MDP-Pairing), not the whole bracket.
    pub(super) remainder: bool,
    /// The least was shown by the colours alone, not by a weighted matching.
    pub(super) by_colours: bool,
    /// Several players left over: the best was shown by a matching of everyone not yet
    /// paired, on [C5]-[C16].
    pub(super) several: bool,
    /// The resident-exchange admitting it (the players moved to S2, those moved to S1), when
    /// not the original S1 and S2.
    pub(super) exchange: Option<(Vec<PlayerIx>, Vec<PlayerIx>)>,
}

impl Reached {
    pub(super) fn words(&self, cx: &Ctx) -> String {
        let whole = if self.remainder {
            "the remainder"
        } else {
            "the bracket"
        };
        let (criteria, shown) = if self.several {
            (
                "C5-C16 (the bye, the downfloaters, the colours and the floats)",
                "several players are left over, and a weighted matching of them with everyone \
                 not yet paired, each criterion weighed before the next, gives the best",
            )
        } else if self.by_colours {
            (
                "C10-C16 (the colours and the floats)",
                "it denies only the colour preferences that the players' own colours make \
                 impossible to grant",
            )
        } else {
            (
                "C10-C16 (the colours and the floats)",
                "a weighted matching of all of them gives the least",
            )
        };
        let exchange = match &self.exchange {
            None => "S1 and S2 as they were first formed allow it".to_string(),
            Some((to_s2, to_s1)) => format!(
                "the first exchange of residents that allows it moves {} to S2 and {} to S1",
                cx.tpns(to_s2),
                cx.tpns(to_s1)
            ),
        };
        format!(
            "no earlier candidate is better: no pairing of {whole} ({}) does better on \
             {criteria}: {shown}; and this is the first candidate of the sequence to do as \
             well: {exchange}, and each player of S1 meets the first player of S2 that still \
             allows it",
            cx.tpns(&self.players),
        )
    }
}

/// What the fixed downfloaters and each of a remainder's players decide ([`float_part`]):
/// `get(k)` with the remainder's `k`th player. Few are distinct (a large remainder has
/// tens of thousands of players and a few kinds of them), and each distinct one is kept once.
pub(super) struct Parts {
    /// The distinct parts.
    pub(super) table: Vec<Option<FloatPart>>,
    /// Each player's place in `table`.
    pub(super) of: Vec<u32>,
}

impl Parts {
    /// No player left over.
    pub(super) fn none() -> Parts {
        Parts {
            table: Vec::new(),
            of: Vec::new(),
        }
    }

    /// One part per player.
    pub(super) fn each(table: Vec<Option<FloatPart>>) -> Parts {
        let of = (0..table.len())
            .map(|k| u32::try_from(k).expect("a field of fewer than 2^32 players"))
            .collect();
        Parts { table, of }
    }

    pub(super) fn get(&self, k: usize) -> &Option<FloatPart> {
        &self.table[self.of[k] as usize]
    }

    /// `f` of each distinct part, then of each player's (the part's, not computed again).
    pub(super) fn map<T: Clone>(&self, f: impl Fn(&Option<FloatPart>) -> T) -> Vec<T> {
        let by_part: Vec<T> = self.table.iter().map(f).collect();
        self.of
            .iter()
            .map(|&k| by_part[k as usize].clone())
            .collect()
    }
}

/// What a set of fixed downfloaters and one player more decide, for each of a remainder's
/// players (`parts.get(k)` with `players[k]`).
pub(super) struct OneMore {
    /// Each player with its position in `parts`, in the players' order (for a binary search).
    pub(super) order: Vec<(PlayerIx, u32)>,
    pub(super) parts: Rc<Parts>,
}

impl OneMore {
    pub(super) fn new(players: &[PlayerIx], parts: Rc<Parts>) -> OneMore {
        let mut order: Vec<(PlayerIx, u32)> = (0u32..).zip(players).map(|(k, &p)| (p, k)).collect();
        order.sort_unstable();
        OneMore { order, parts }
    }

    /// What the fixed downfloaters and `p` decide, when `p` is one of the players.
    pub(super) fn part_of(&self, p: PlayerIx) -> Option<&Option<FloatPart>> {
        let k = self.order.binary_search_by_key(&p, |&(q, _)| q).ok()?;
        Some(self.parts.get(self.order[k].1 as usize))
    }
}
