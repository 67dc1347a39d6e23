//! What the pairing systems share: who may not meet whom (built once for every system), the
//! Dutch ranking placed score by score, each player's view made in pairing-number order, the
//! pairing-number lists of the explanations, the initial colour and round 1's half against
//! half, and the check that no forbidden pair stands; and what the 2026 Dubov and the 2026
//! Burstein texts say in the same words (the colour preference after a game, [C1] and [C3],
//! the colours of 5.2), one copy that both call.

use super::explanation::{self, Step};
use super::index::{Barred, IxVec, PlayerIx};
use super::proposal::PairingError;
use crate::model::color::Color;
use crate::model::history::ColorPreference;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::settings::System;
use crate::model::tournament::Tournament;
use std::fmt::Write as _;

/// Who may not meet whom in `round`, in a procedure's own numbering of the players `players`
/// (the position of each in that list): those who have played each other (Dutch B.1 a, Dubov
/// 2.1: a forfeited game was not played) and the pairs a forbidden-pairs record keeps apart in
/// that round.
pub(crate) fn barred_pairs(
    tournament: &Tournament,
    round: RoundNo,
    states: &[crate::model::history::PlayerState],
    players: &[Tpn],
) -> Barred {
    // Each pairing number's position in `players` (a table, not a map: a field of 100,000
    // looks it up for every game played).
    let mut position: Vec<Option<PlayerIx>> = vec![None; tournament.players().len()];
    for (i, t) in players.iter().enumerate() {
        if let Some(p) = position.get_mut(t.index()) {
            *p = Some(PlayerIx::new(i));
        }
    }
    let at = |t: Tpn| position.get(t.index()).copied().flatten();
    // The forbidden pairs of the round, both ways.
    let mut forbidden: Vec<(PlayerIx, PlayerIx)> = Vec::new();
    for f in &tournament.forbidden {
        if f.from <= round && round <= f.to {
            for a in &f.players {
                for b in &f.players {
                    if let (Some(i), Some(j)) = (at(*a), at(*b)) {
                        forbidden.push((i, j));
                    }
                }
            }
        }
    }
    // The games, read in the order of the states (by pairing number, as they lie in memory),
    // each from both players' sides.
    Barred::from_directed(players.len(), || {
        states
            .iter()
            .filter_map(move |s| at(s.tpn).map(|a| (a, s)))
            .flat_map(move |(a, s)| s.opponents().filter_map(move |o| at(o).map(|b| (a, b))))
            .chain(forbidden.iter().copied())
    })
}

/// `players` by score, the highest first, then by pairing number (the Dutch systems' ranking,
/// 1.2 and A.2 before ratings count): placed score by score (a field has few scores), not
/// compared pair by pair.
pub(crate) fn by_score_then_tpn(mut players: Vec<Tpn>, score: impl Fn(Tpn) -> Points) -> Vec<Tpn> {
    if !players.is_sorted() {
        players.sort_unstable();
    }
    let scores: Vec<Points> = players.iter().map(|&p| score(p)).collect();
    let mut distinct = scores.clone();
    distinct.sort_unstable_by(|a, b| b.cmp(a));
    distinct.dedup();
    // Each player's score's place among the scores, the highest first; where each begins.
    let bucket: Vec<usize> = scores
        .iter()
        .map(|s| distinct.binary_search_by(|d| s.cmp(d)).unwrap_or_default())
        .collect();
    let mut start = vec![0usize; distinct.len() + 1];
    for &k in &bucket {
        start[k + 1] += 1;
    }
    for k in 0..distinct.len() {
        start[k + 1] += start[k];
    }
    let mut out = vec![Tpn::from_index(0); players.len()];
    for (&p, &k) in players.iter().zip(&bucket) {
        out[start[k]] = p;
        start[k] += 1;
    }
    out
}

/// `make` of each of `ranking`'s players, in `ranking`'s order, but each made in the order of
/// pairing numbers: what `make` reads of a player (the history, kept by pairing number) is
/// then read in the order it lies in memory, where a field of 100,000 ranked by score would
/// read it all over the place.
pub(crate) fn made_in_tpn_order<T>(ranking: &[Tpn], mut make: impl FnMut(Tpn) -> T) -> IxVec<T> {
    // Each player's place in the ranking, by pairing number; each player made goes straight
    // to its place (a scattered write, where gathering them afterwards would be a scattered
    // read of every one).
    let mut place: Vec<u32> =
        vec![u32::MAX; ranking.iter().map(|t| t.index() + 1).max().unwrap_or(0)];
    for (k, t) in ranking.iter().enumerate() {
        place[t.index()] = u32::try_from(k).expect("fewer than 2^32 players");
    }
    let mut made: Vec<Option<T>> = Vec::new();
    made.resize_with(ranking.len(), || None);
    for (i, &k) in place.iter().enumerate() {
        if k != u32::MAX {
            made[k as usize] = Some(make(Tpn::from_index(i)));
        }
    }
    made.into_iter().flatten().collect()
}

/// The names of `players` as the explanations give them (the surname: see
/// [`explanation::short_name`]), in the order of `players`.
pub(crate) fn short_names(tournament: &Tournament, players: &[Tpn]) -> IxVec<Box<str>> {
    players
        .iter()
        .map(|&t| {
            Box::from(
                tournament
                    .player(t)
                    .map_or("", |p| explanation::short_name(&p.name)),
            )
        })
        .collect()
}

/// Player `t` of `tournament` as the explanations name them: "12 Garcia López".
pub(crate) fn player_named(tournament: &Tournament, t: Tpn) -> String {
    let mut out = String::new();
    let name = tournament.player(t).map_or("", |p| p.name.as_str());
    explanation::write_player(&mut out, t, name).ok();
    out
}

/// Pairing numbers as the explanations list them: "3 7 12".
pub(crate) fn tpn_list(players: &[Tpn]) -> String {
    explanation::joined(players, " ", |out, p| write!(out, "{p}"))
}

/// The lot drawn before round 1, or White when none was recorded (said in the explanation).
pub(crate) fn initial_color(tournament: &Tournament, explanation: &mut Vec<Step>) -> Color {
    match tournament.settings.initial_color {
        Some(c) => c,
        None => match lot_of_round_one(tournament) {
            // A file written without the lot (bbpPairings' generator writes no XXC): round 1
            // shows it, as bbpPairings reads such a file too.
            Some(c) => {
                explanation.push(Step::heading(format!(
                    "No lot for the first colour is recorded (XXC/152): round 1 shows it was \
                     {}.",
                    c.name()
                )));
                c
            }
            None => {
                explanation.push(Step::heading(
                    "No lot for the first colour is recorded (XXC/152): White is taken.",
                ));
                Color::White
            }
        },
    }
}

/// Round 1's step saying what the lot drew (5.1 of the 2026 Dutch, Dubov and Burstein texts),
/// with `parity`, the article that gives it by the TPN's parity; `None` in a later round.
pub(crate) fn lot_drawn(round: RoundNo, initial: Color, parity: &str) -> Option<Step> {
    (round.index() == 0).then(|| {
        Step::new(
            "5.1",
            format!(
                "the lot drawn before round 1 gave {} (the initial colour): in a pair without \
                 colour preferences, a higher ranked player with an odd TPN gets it, one with \
                 an even TPN the other colour ({parity}).",
                initial.name()
            ),
        )
    })
}

/// The lot for the first colour, when the file does not record it (bbpPairings' generated
/// files have no XXC): round 1 shows it, since there the highest-ranked player paired gets the
/// lot's colour: the first of S1 in the 1992 Dutch (E.5) and in the systems pairing round 1 as
/// it does, and in the 2026 Dutch the holder of the first TPN among those paired (5.2.5: a
/// player above who was not paired has no TPN yet).
pub(crate) fn lot_of_round_one(tournament: &Tournament) -> Option<crate::model::color::Color> {
    let first = tournament.rounds().first()?;
    let p = first.pairings.iter().min_by_key(|p| p.white.min(p.black))?;
    Some(if p.white < p.black {
        crate::model::color::Color::White
    } else {
        crate::model::color::Color::Black
    })
}

/// Round 1 as Dutch F.4/E.5 and Dubov 5 both define it: the available players in the
/// starting order (rating, then the pairing number: [`crate::model::player::pairing_order`]); if their number is odd the
/// last one gets the bye; the upper half plays the lower half in order; the lot gives the
/// first pair's upper player a colour and the pairs alternate from there.
pub(crate) struct HalfAgainstHalf {
    /// The pairs, `(white, black)`, board 1 first.
    pub pairs: Vec<(Tpn, Tpn)>,
    /// The player left over, if the number is odd.
    pub bye: Option<Tpn>,
    /// The upper half (Dutch S1).
    pub upper: Vec<Tpn>,
    /// The lower half (Dutch S2).
    pub lower: Vec<Tpn>,
    /// The colour the lot gave the first upper player.
    pub first: Color,
}

pub(crate) fn half_against_half(
    tournament: &Tournament,
    round: RoundNo,
    explanation: &mut Vec<Step>,
) -> HalfAgainstHalf {
    let mut players: Vec<&crate::model::player::Player> = tournament
        .available_players(round)
        .into_iter()
        .filter_map(|t| tournament.player(t))
        .collect();
    players.sort_by(|a, b| crate::model::player::pairing_order(a, b));
    let bye = if players.len() % 2 == 1 {
        players.pop().map(|p| p.tpn)
    } else {
        None
    };
    let first = initial_color(tournament, explanation);
    let half = players.len() / 2;
    let upper: Vec<Tpn> = players[..half].iter().map(|p| p.tpn).collect();
    let lower: Vec<Tpn> = players[half..].iter().map(|p| p.tpn).collect();
    let pairs = upper
        .iter()
        .zip(&lower)
        .enumerate()
        .map(
            |(i, (&a, &b))| match if i % 2 == 0 { first } else { first.opposite() } {
                Color::White => (a, b),
                Color::Black => (b, a),
            },
        )
        .collect();
    HalfAgainstHalf {
        pairs,
        bye,
        upper,
        lower,
        first,
    }
}

/// Round 1 pairs the top half against the bottom half of a list in which no pair can be
/// forbidden yet, except by a forbidden-pairs record; that case needs the full procedure.
pub(crate) fn check_no_forbidden(
    tournament: &Tournament,
    system: System,
    round: RoundNo,
    pairs: &[(Tpn, Tpn)],
) -> Result<(), PairingError> {
    if pairs
        .iter()
        .any(|&(a, b)| tournament.is_forbidden(a, b, round))
    {
        return Err(PairingError::NotImplemented { system, round });
    }
    Ok(())
}

/// Of an odd field of `n` players (`ok(i, j)`: i and j may meet), the first of `candidates`
/// (in the order a system's bye rules give) whose absence leaves the others all pairable (the
/// completion criterion): one maximum matching of the field, then for each candidate matched
/// in it one alternating path from the partner he leaves alone (O(n²) each). `None` when no
/// candidate does.
pub(crate) fn first_bye(
    n: usize,
    ok: &dyn Fn(usize, usize) -> bool,
    candidates: &[usize],
) -> Option<usize> {
    let mut m = crate::matching::cardinality::Cardinality::new(n);
    if m.maximize(ok) < n / 2 {
        return None;
    }
    candidates.iter().copied().find(|&v| {
        let Some(w) = m.mate(v) else {
            return true;
        };
        let mut trial = m.clone();
        trial.unpair(v);
        trial.augment_soon(w, &|i, j| i != v && j != v && ok(i, j))
    })
}

/// Re-pairs `whole` (a perfect matching of the players not yet paired, by position, each
/// paired or absent player matched to his partner or a vertex of his own) so that the players
/// still `alive` are matched within their parts (`part`, by position; one number, one part)
/// where `ok` allows: whether they can be. Exact (Edmonds' augmenting paths from the few
/// players a cut pair leaves free, Berge: none left means no such matching); O(n) when the
/// cut pairs re-pair at once.
pub(crate) fn split_into_parts(
    whole: &mut crate::matching::cardinality::Cardinality,
    part: &[u8],
    alive: &[bool],
    ok: impl Fn(PlayerIx, PlayerIx) -> bool,
) -> bool {
    let n = alive.len();
    for v in (0..n).filter(|&v| alive[v]) {
        if whole.mate(v).is_some_and(|m| m >= n || part[m] != part[v]) {
            whole.unpair(v);
        }
    }
    whole.complete(&|a, b| {
        a < n
            && b < n
            && alive[a]
            && alive[b]
            && part[a] == part[b]
            && ok(PlayerIx::new(a), PlayerIx::new(b))
    })
}

/// Positions `0..n` of a list, each free until taken: the first free one at or after a
/// position found in near-constant time (each taken position points past itself, the paths
/// shortened as they are walked), so that a row choosing the earliest free partner looks
/// only at the free ones it may not take.
pub(crate) struct Untaken {
    next: Vec<usize>,
}

impl Untaken {
    /// Every position of `0..n` free.
    pub(crate) fn new(n: usize) -> Untaken {
        Untaken {
            next: (0..=n).collect(),
        }
    }

    /// The first free position at or after `from` (`n` when none is).
    pub(crate) fn first_from(&mut self, from: usize) -> usize {
        let mut root = from;
        while self.next[root] != root {
            root = self.next[root];
        }
        let mut at = from;
        while self.next[at] != root {
            let up = self.next[at];
            self.next[at] = root;
            at = up;
        }
        root
    }

    /// Takes the free position `at`.
    pub(crate) fn take(&mut self, at: usize) {
        self.next[at] = at + 1;
    }
}

/// C.04.2 3.6: the pairs in board order (the higher score of the pair, the sum, then the TPN
/// of the player `higher` names), each as `(white, black)` by `allocate` (which says the
/// article that decided), the first 200 boards in the explanation, each with `facts`, the
/// facts that decided its colours.
pub(crate) fn boards(
    mut pairs: Vec<(PlayerIx, PlayerIx)>,
    score: impl Fn(PlayerIx) -> Points,
    tpn: impl Fn(PlayerIx) -> Tpn,
    higher: impl Fn(PlayerIx, PlayerIx) -> PlayerIx,
    (allocate, facts): (
        impl Fn(PlayerIx, PlayerIx) -> ((PlayerIx, PlayerIx), &'static str),
        impl Fn(PlayerIx, PlayerIx) -> String,
    ),
    names: &IxVec<Box<str>>,
    explanation: &mut Vec<Step>,
) -> Vec<(Tpn, Tpn)> {
    pairs.sort_by_cached_key(|&(a, b)| {
        (
            std::cmp::Reverse(score(a).max(score(b))),
            std::cmp::Reverse(score(a) + score(b)),
            tpn(higher(a, b)),
        )
    });
    let mut out = Vec::with_capacity(pairs.len());
    for (board, &(a, b)) in pairs.iter().enumerate() {
        let ((w, bl), why) = allocate(a, b);
        if board < 200 {
            let mut text = format!("board {}: ", board + 1);
            write_who(&mut text, w, &tpn, names).ok();
            text.push_str(" - ");
            write_who(&mut text, bl, &tpn, names).ok();
            text.push_str(": ");
            text.push_str(&facts(a, b));
            text.push('.');
            explanation.push(Step::new(why, text));
        }
        out.push((tpn(w), tpn(bl)));
    }
    out
}

// What the 2026 Dubov (C.04.4.1) and the 2026 Burstein (C.04.4.2) say in the same words: the
// colour preference of a player who has played, the absolute criteria [C1] and [C3], and the
// colour allocation of 5.2. Each system calls these; neither has a copy.

/// Dubov 2026 1.6.1-1.6.3 and Burstein 2026 1.5.1-1.5.3 (the same words): the colour
/// preference of a player who played `colors` (oldest first), `None` before any game (where
/// the texts differ: Dubov 1.6.4 a mild preference for Black, Burstein 1.5.4 none). The side
/// is the colour difference's when it is not 0 (reading: it decides where a difference beyond
/// ±1 and the last two colours point different ways), else the colour alternating with the
/// last game; absolute beyond ±1 or after the same colour twice, strong at ±1, else mild.
pub(crate) fn preference_after_games(colors: &[Color]) -> Option<ColorPreference> {
    let diff: i32 = colors
        .iter()
        .map(|&c| if c == Color::White { 1 } else { -1 })
        .sum();
    let &last = colors.last()?;
    let twice = colors.len() >= 2 && colors[colors.len() - 2] == last;
    let side = match diff.cmp(&0) {
        std::cmp::Ordering::Greater => Color::Black,
        std::cmp::Ordering::Less => Color::White,
        std::cmp::Ordering::Equal => last.opposite(),
    };
    Some(if diff.abs() > 1 || twice {
        ColorPreference::Absolute(side)
    } else if diff != 0 {
        ColorPreference::Strong(side)
    } else {
        ColorPreference::Mild(side)
    })
}

/// [C1] and [C3] (Dubov 2026 2.1.1 and 2.1.3, Burstein 2026 2.1.1 and 2.1.3, the same words):
/// whether `a` and `b` may meet: not the same player, not barred by `met` (a game played, or a
/// forbidden pair), and not both with the same absolute colour preference (`pref`).
pub(crate) fn may_meet(
    met: &Barred,
    a: PlayerIx,
    b: PlayerIx,
    pref: impl Fn(PlayerIx) -> ColorPreference,
) -> bool {
    if a == b || met.contains(a, b) {
        return false;
    }
    match (pref(a), pref(b)) {
        (ColorPreference::Absolute(x), ColorPreference::Absolute(y)) => x != y,
        _ => true,
    }
}

/// A procedure's `players` as the explanations list them, each by pairing number (`tpn`) and
/// name (`names`, by the procedure's index; the number alone where none is known): "3 Kaya,
/// 7 Ng".
pub(crate) fn tpns_of(
    players: &[PlayerIx],
    tpn: impl Fn(PlayerIx) -> Tpn,
    names: &IxVec<Box<str>>,
) -> String {
    explanation::joined(players, ", ", |out, &i| write_who(out, i, &tpn, names))
}

/// One of a procedure's players as the explanations name them: "12 Garcia López".
pub(crate) fn write_who(
    out: &mut String,
    p: PlayerIx,
    tpn: impl Fn(PlayerIx) -> Tpn,
    names: &IxVec<Box<str>>,
) -> std::fmt::Result {
    explanation::write_player(out, tpn(p), names.get(p).map_or("", |n| n))
}

/// A player as 5.2 of the 2026 Dubov and Burstein texts sees them.
#[derive(Clone, Copy)]
pub(crate) struct Seen<'a> {
    pub(crate) tpn: Tpn,
    /// Yet to play a game (5.2.1).
    pub(crate) unplayed: bool,
    pub(crate) pref: ColorPreference,
    /// The colours of the games played, oldest first.
    pub(crate) colors: &'a [Color],
}

/// Dubov 2026 5.2 and Burstein 2026 5.2 (5.2.1-5.2.5 in the same words but for who is "higher
/// ranked": Dubov's 5.2.1, more points then the smaller TPN; Burstein's 1.8, which each system
/// decides before calling): the colour of `h`, the higher ranked of the pair, against `l`, and
/// the article that decided it. A player with no preference (Burstein 1.5.4) grants the
/// other's.
pub(crate) fn by_rules_5_2(h: Seen, l: Seen, initial: Color) -> (Color, &'static str) {
    // 5.2.1: both yet to play a game: the initial colour to the higher ranked if their TPN is
    // odd.
    if h.unplayed && l.unplayed {
        let odd = h.tpn.get() % 2 == 1;
        return (if odd { initial } else { initial.opposite() }, "5.2.1");
    }
    let (x, y) = match (h.pref.color(), l.pref.color()) {
        (Some(x), Some(y)) => (x, y),
        // 5.2.2: both preferences granted (1.5.4: no preference grants the other's).
        (Some(x), None) => return (x, "5.2.2"),
        (None, Some(y)) => return (y.opposite(), "5.2.2"),
        (None, None) => return (initial, "5.2.5"),
    };
    // 5.2.2: both preferences granted.
    if x != y {
        return (x, "5.2.2");
    }
    // 5.2.3: the stronger preference.
    let (sh, sl) = (h.pref.strength(), l.pref.strength());
    if sh != sl {
        return (if sh > sl { x } else { x.opposite() }, "5.2.3");
    }
    // 5.2.4: alternate to the most recent time one had White and the other Black (played
    // games only, the latest aligned: C.04.2 3.4).
    for (ch, cl) in h.colors.iter().rev().zip(l.colors.iter().rev()) {
        if ch != cl {
            return (ch.opposite(), "5.2.4");
        }
    }
    // 5.2.5: the higher ranked player's preference.
    (x, "5.2.5")
}

/// 5.2 of both 2026 texts for the pair `h`-`l`, `h` the higher ranked (by each system's own
/// reading of "higher ranked"), each seen by `seen`: the pair as `(white, black)` and the
/// article that decided it.
pub(crate) fn allocate_5_2<'a>(
    h: PlayerIx,
    l: PlayerIx,
    seen: impl Fn(PlayerIx) -> Seen<'a>,
    initial: Color,
) -> ((PlayerIx, PlayerIx), &'static str) {
    let (c, why) = by_rules_5_2(seen(h), seen(l), initial);
    (if c == Color::White { (h, l) } else { (l, h) }, why)
}

/// Why 5.2 of both 2026 texts gives `h` (the higher ranked, named `hw`) and `l` (named `lw`)
/// their colours, in facts: who gets which colour, the article's reason, and both players'
/// preferences with their strength and the colours they played.
pub(crate) fn facts_5_2(h: Seen, l: Seen, hw: &str, lw: &str, initial: Color) -> String {
    let (c, why) = by_rules_5_2(h, l, initial);
    let gets = format!("{hw} gets {}", c.name());
    let both = format!(
        "{hw} {}; {lw} {}",
        preference_words(h.pref, h.colors),
        preference_words(l.pref, l.colors)
    );
    match why {
        "5.2.1" => format!(
            "{gets}: neither has played a game; the higher ranked player has an {} TPN, so {} \
             the lot's colour ({})",
            if h.tpn.get() % 2 == 1 { "odd" } else { "even" },
            if c == initial {
                "gets"
            } else {
                "gets the opposite of"
            },
            initial.name()
        ),
        "5.2.2" => format!("{gets}: both preferences are granted: {both}"),
        "5.2.3" => format!("{gets}: the stronger preference is granted: {both}"),
        "5.2.4" => format!(
            "{gets}: the preferences are the same and as strong ({both}); the colours \
             alternate from their latest games with different colours, counted back from each \
             one's last game, where {hw} had {}",
            c.opposite().name()
        ),
        _ if h.pref.color().is_none() && l.pref.color().is_none() => format!(
            "{gets}: neither has a colour preference ({both}); the higher ranked player gets \
             the lot's colour"
        ),
        _ => format!(
            "{gets}: the preferences are the same and as strong, and their colours never \
             differed ({both}); the higher ranked player's preference is granted"
        ),
    }
}

/// A colour preference with the colours played that made it: "prefers White (strong; colours
/// B W B)"; "has no preference (no game played)".
pub(crate) fn preference_words(pref: ColorPreference, colors: &[Color]) -> String {
    use ColorPreference as P;
    let colours = explanation::colour_letters(colors);
    let (strength, c) = match pref {
        P::None if colors.is_empty() => return "has no preference (no game played)".to_string(),
        P::None => return format!("has no preference (colours {colours})"),
        P::Mild(c) => ("mild", c),
        P::Strong(c) => ("strong", c),
        P::Absolute(c) => ("absolute", c),
    };
    format!("prefers {} ({strength}; colours {colours})", c.name())
}

/// A round refused for the general method's limit says so in words: the limit, and the players
/// not yet paired it would have had to match, more than the limit and at most the field.
#[cfg(test)]
pub(crate) fn assert_refused_beyond_limit(refused: &str, limit: usize, field: usize) {
    assert!(
        refused.contains(&format!(
            "players not yet paired) runs in this build for up to {limit}"
        )) && refused.contains("refused rather than kept waiting"),
        "{refused}"
    );
    let waiting: usize = refused
        .split("weighted matching of the ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the number of players not yet paired");
    assert!(waiting > limit && waiting <= field, "{refused}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Dutch 2026 1.2 and Dutch 1992 A.2: the ranking placed score by score is the order of
    /// the (score descending, pairing number) key, whatever order the players come in.
    #[test]
    fn dutch_1_2_the_ranking_by_score_then_tpn_is_the_sorted_order() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        for _ in 0..200 {
            let n = rng.gen_range(0..300);
            let score: Vec<Points> = (0..n)
                .map(|_| Points::from_tenths(5 * rng.gen_range(0..12)))
                .collect();
            let mut players: Vec<Tpn> = (0..n)
                .filter(|_| rng.gen_bool(0.8))
                .map(Tpn::from_index)
                .collect();
            if rng.gen_bool(0.5) {
                players.reverse();
            }
            let mut want = players.clone();
            want.sort_by_key(|p| (std::cmp::Reverse(score[p.index()]), *p));
            assert_eq!(by_score_then_tpn(players, |p| score[p.index()]), want);
        }
    }
}
