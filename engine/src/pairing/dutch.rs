//! The Dutch system, 1992-2006 text (`rules/dutch-1992-2006.md`).
//!
//! Round 1 by F.4 and E.5; every later round by the procedure C.1-C.14, bracket after bracket
//! from the highest score down, then colours by E.1-E.4 and the board order of F.1.
//!
//! The procedure is a list of steps whose first acceptable pairing is the answer. Two searches
//! produce it, sharing the bracket-by-bracket logic of this module ([`procedure`]):
//! - the fast one ([`super::dutch_search::Fast`]) walks the candidates of C.6-C.8 in their
//!   order but asks a maximum-matching oracle whether a candidate prefix can still be completed
//!   before going further, so that it never visits hopeless ones;
//! - the literal one ([`super::dutch_search::Literal`], [`pair_literal`]) visits every exchange
//!   of D.2 and every transposition of D.1 in order and tests each complete candidate. It is
//!   for small fields only and exists to hold the fast one to the text (a property test).
//!
//! # Readings
//! Where the text is silent or unclear, the choice made (and cited where the code makes it):
//! - A.2 ranks by score, then by pairing number: the numbers are the order of rating, title
//!   and name made before round 1, and they also carry the arbiter's estimate for unrated
//!   players (A.1), which a file's rating column cannot (real files number unrated players
//!   among the rated ones); other pairing programs rank by them too. A rating corrected
//!   before round 1 changes the numbers (they are fixed when round 1 is paired); one corrected
//!   later counts for the standings (ARO), not for the ranking (F.7).
//! - A.4/A.5: a player moved down is counted as receiving a downfloat when B.5/B.6 are
//!   applied to the choice of who moves down; a resident paired with a player moved down
//!   receives an upfloat. When the player moved down is paired in the bracket below, the
//!   higher of the two (A.4) receives a downfloat there too, and B.5/B.6 judge it exactly as
//!   they judge his moving on or taking the bye: every way he leaves the bracket is a
//!   downfloat, so none of them is preferred for escaping the criteria. Floats of earlier
//!   rounds come from the scores before each round.
//! - A.7 (c): "players having had a bye before" are those with a round without a game played
//!   (bye, forfeit or absence), since that is what gives them a strong preference in an odd
//!   round. Their preference is treated as absolute in a bracket unless that leaves more
//!   players unpaired in it, in which case it is not (the bracket is searched both ways).
//! - A.7 (d): such players' mild preference counts, for A.8, on whichever side lowers x; in
//!   B.4 they are never counted as denied.
//! - A.8/B.4: a pair denies a preference when both players prefer the same colour; x is
//!   `max(w, b) - q` (never below 0). In a heterogeneous bracket the x of C.2 is the budget of
//!   the whole bracket: the pairs of players moved down and those of the remainder together
//!   may deny at most x preferences (which is why C.11 undoes the pairs of the players moved
//!   down when it raises x).
//! - C.6-C.11 as a ladder of levels, each tried with every exchange and transposition before the
//!   next: B.1, B.2 and all of B.4-B.6; then B.6, then B.5, for upfloats dropped (C.9); then B.6,
//!   then B.5, for downfloats dropped (C.10); then x raised one by one up to p (C.11). The text's
//!   order, upfloat criteria before downfloat criteria, is kept; when a bracket is paired past the
//!   first level, the explanation names, criterion by criterion in that order, the players whose
//!   floats break it. C.9's first sentence (a different opponent for the players moved down when
//!   the remainder cannot be paired) is applied at every level: the pairs of the players moved down
//!   are accepted only if the remainder can then be paired at the same level.
//! - C.12 is tried when a player moved down has no possible opponent in the bracket (C.1) or
//!   the players moved down cannot all be paired at once: the previous bracket is paired
//!   again, in its own order, with the condition that the players it moves down can all be
//!   paired here. When that fails, the players moved down that can be paired are paired
//!   (the higher first, by A.2: B.3 keeps the score differences smallest that way) and the
//!   others move on down with the remainder's floaters.
//! - C.13 pairs the penultimate bracket again with the condition that the lowest can then
//!   be paired completely, with p lowered one by one; p reaching 0 joins the two brackets,
//!   the penultimate's players coming in as players moved down.
//! - C.14 lowers p of a homogeneous bracket or remainder (never of the lowest bracket); x
//!   goes down with it when it was above 0.
//! - D.2 leaves open the order of exchanges with the same difference and the same S1
//!   players: the S2 players with the smaller numbers are taken first.
//! - C.8 in time: when x allows more denials than the fewest any pairing needs and no
//!   pairing of D.2's first possible class keeps within x, the exchanges are tried one by one
//!   in order, within a limit of work (about a second; never reached in generated events).
//!   Past it, the first exchange among the pairings with the fewest denials is taken, and the
//!   explanation asks the arbiter to check that bracket by hand.
//! - B.6 notes: in the last round, B.2 is not applied to players with exactly 50 % only when
//!   no pairing of the bracket with as many pairs exists otherwise (B.2 is kept before B.4-B.6
//!   are relaxed); the look-ahead of C.12 and C.13 keeps B.2 as well until then, so a bracket
//!   is paired so that the one below must relax B.2 only when no pairing with as many pairs
//!   lets the one below keep it; B.5/B.6 are not applied
//!   to players above 50 %. The percentage is of the rounds so far.
//! - E.1-E.4: a player with no game yet has no preference; when neither player of a pair
//!   has one, the higher-ranked player gets the colour of the lot on odd boards and the
//!   other on even boards (as E.5 does in round 1).
//! - F.9: an adjourned game is a result not yet entered; the round cannot be paired until it
//!   is (the server refuses with the boards missing).

use super::dutch_search::{Fast, Found, Literal, Search, Sink};
use super::{
    check_no_forbidden, half_against_half, initial_color, tpn_list as list_tpn, PairingError,
    RoundPairing, Step,
};
use crate::color::Color;
use crate::history::{states_before, ColorPreference, Float, PlayerState, RoundEntry};
use crate::ids::{RoundNo, Tpn};
use crate::points::Points;
use crate::settings::System;
use crate::tournament::Tournament;

/// The largest field [`pair_literal`] takes: its search visits every candidate.
pub const LITERAL_LIMIT: usize = 16;

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    // Round 1 directly, unless a forbidden pair stands in the way (then the procedure).
    if round == RoundNo::FIRST {
        if let Some(p) = round_one(tournament, round) {
            return Ok(p);
        }
    }
    pair_with(tournament, round, &Fast::default())
}

/// Pairs `round` allowing `work` for walking D.2's exchanges one by one in a bracket (the
/// pairing allows [`super::dutch_search::EXCHANGE_WORK`]): for testing what happens past it.
#[doc(hidden)]
pub fn pair_with_exchange_work(
    tournament: &Tournament,
    round: RoundNo,
    work: u64,
) -> Result<RoundPairing, PairingError> {
    pair_with(tournament, round, &Fast::with_exchange_work(work))
}

/// Pairs `round` with the literal search (every exchange and transposition in order), for
/// fields of at most [`LITERAL_LIMIT`] players; `None` for larger ones.
pub fn pair_literal(
    tournament: &Tournament,
    round: RoundNo,
) -> Option<Result<RoundPairing, PairingError>> {
    if tournament.available_players(round).len() > LITERAL_LIMIT {
        return None;
    }
    Some(pair_with(tournament, round, &Literal))
}

/// D.2's order of exchanges for an S1 of `s1` players and an S2 of `s2`, numbered as D.2
/// numbers them (S1 is 1..=s1, S2 follows): the players S1 gives up and those it takes, the
/// identity first. This is the order in which both searches try them.
pub fn exchange_order(s1: usize, s2: usize) -> impl Iterator<Item = (Vec<usize>, Vec<usize>)> {
    super::dutch_search::Exchanges::new(s1, s2).map(move |(a, b)| {
        (
            a.iter().map(|i| i + 1).collect(),
            b.iter().map(|j| s1 + j + 1).collect(),
        )
    })
}

/// Dutch F.4: all players form one homogeneous bracket ordered by A.2; if the number is odd the
/// lowest ranked gets the bye; the highest of S1 plays the highest of S2, and so on.
/// E.5 with A.7: the lot gives the first player of S1 a colour; S1's odd-numbered players
/// (1st, 3rd, ... in S1) get that colour and its even-numbered ones the other.
///
/// Reading: "even numbered players in S1" counts positions in S1, which is also how Dubov 5
/// words it ("all odd-numbered pairs"); with no absentees this is the pairing number.
///
/// `None` when the straight pairing holds a forbidden pair: the general procedure pairs then.
fn round_one(tournament: &Tournament, round: RoundNo) -> Option<RoundPairing> {
    let mut explanation = vec![Step::new(
        "F.4",
        "round 1: one homogeneous score bracket, ordered by A.2.",
    )];
    let r = half_against_half(tournament, round, &mut explanation);
    check_no_forbidden(tournament, System::Dutch, round, &r.pairs).ok()?;
    if let Some(b) = r.bye {
        explanation.push(Step::new(
            "F.4",
            format!("the number of players is odd; the lowest ranked, {b}, gets the bye (A.5)."),
        ));
    }
    explanation.push(Step::new(
        "A.6",
        format!(
            "p = {}; S1 = {}; S2 = {}.",
            r.upper.len(),
            list_tpn(&r.upper),
            list_tpn(&r.lower)
        ),
    ));
    explanation.push(Step::new(
        "E.5",
        format!(
            "S1's odd-numbered players get {} (the lot, A.7), its even-numbered ones the other colour.",
            r.first.name()
        ),
    ));
    Some(RoundPairing {
        round,
        pairs: r.pairs,
        bye: r.bye,
        explanation,
    })
}

/// One player as the procedure sees them. Players are numbered by rank (A.2 with the score
/// first): index 0 is the highest.
#[derive(Clone, Debug)]
pub(crate) struct Pl {
    pub tpn: Tpn,
    pub score: Points,
    pub pref: ColorPreference,
    /// The colour B.2 leaves (colour difference ±2, or the same colour twice in a row).
    pub absolute: Option<Color>,
    /// B.6 notes: last round, exactly 50 %: B.2 may be relaxed for this player.
    pub b2_exempt: bool,
    /// A.7 (c): the strong preference treated as absolute while that costs no floater.
    pub a7c: Option<Color>,
    /// A.7 (d): a mild preference that counts on whichever side lowers x.
    pub flex: bool,
    /// Floats in the last round and the round before it (B.5, B.6).
    pub down1: bool,
    pub down2: bool,
    pub up1: bool,
    pub up2: bool,
    /// B.6 notes: last round, above 50 %: B.5 and B.6 do not apply.
    pub float_exempt: bool,
    /// B.1 (b): may receive the bye.
    pub can_bye: bool,
    /// Colours of the games played, oldest first (F.2, F.3).
    pub colors: Vec<Color>,
}

/// What the procedure knows before the round: the players by rank, who met whom.
pub(crate) struct Ctx {
    pub players: Vec<Pl>,
    /// `met[i]` holds the ranks of the players `i` may not meet again (B.1 a, and forbidden
    /// pairs), sorted.
    met: Vec<Vec<usize>>,
}

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
    fn describe(&self, first: &Level) -> Vec<(&'static str, &'static str)> {
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

impl Ctx {
    pub(crate) fn new(tournament: &Tournament, round: RoundNo) -> Ctx {
        let states = states_before(tournament, round);
        let mut available: Vec<Tpn> = tournament.available_players(round);
        // A.2: score, then the order of the pairing numbers' list with current ratings.
        available.sort_by(|a, b| {
            let (pa, pb) = (
                tournament.player(*a).expect("available"),
                tournament.player(*b).expect("available"),
            );
            states[b.index()]
                .score
                .cmp(&states[a.index()].score)
                .then_with(|| crate::player::pairing_order(pa, pb))
        });
        let rank_of: std::collections::HashMap<Tpn, usize> =
            available.iter().enumerate().map(|(i, t)| (*t, i)).collect();
        let last_round = tournament.settings.rounds == Some(round.get());
        let half = |s: Points| {
            // Score doubled against the rounds so far (B.6 notes).
            let doubled = (s + s).tenths();
            let full = tournament.settings.points.win.tenths() * i32::from(round.get() - 1);
            doubled.cmp(&full)
        };
        let odd_round = round.get() % 2 == 1;
        let r = round.index();
        let players = available
            .iter()
            .map(|t| {
                let s: &PlayerState = &states[t.index()];
                let pref = s.color_preference();
                let absolute = match pref {
                    ColorPreference::Absolute(c) => Some(c),
                    _ => None,
                };
                let had_no_game = s
                    .entries
                    .iter()
                    .any(|e| !matches!(e, RoundEntry::Paired { colored: true, .. }))
                    && s.played_colors().next().is_some();
                let float_at = |back: usize| r.checked_sub(back).and_then(|i| s.floats[i]);
                Pl {
                    tpn: *t,
                    score: s.score,
                    pref,
                    absolute,
                    b2_exempt: last_round && half(s.score).is_eq(),
                    a7c: match pref {
                        ColorPreference::Strong(c) if odd_round && had_no_game => Some(c),
                        _ => None,
                    },
                    flex: !odd_round && had_no_game && matches!(pref, ColorPreference::Mild(_)),
                    down1: float_at(1) == Some(Float::Down),
                    down2: float_at(2) == Some(Float::Down),
                    up1: float_at(1) == Some(Float::Up),
                    up2: float_at(2) == Some(Float::Up),
                    float_exempt: last_round && half(s.score).is_gt(),
                    can_bye: !s.unplayed_point,
                    colors: s.played_colors().collect(),
                }
            })
            .collect::<Vec<_>>();
        let met = super::barred_pairs(tournament, round, &states, &available, &rank_of);
        Ctx { players, met }
    }

    /// The colour B.2 (and A.7 c, when in force) leaves player `i`.
    pub(crate) fn must(&self, i: usize, lv: &Level) -> Option<Color> {
        let p = &self.players[i];
        if lv.b2_relaxed && p.b2_exempt {
            return None;
        }
        p.absolute.or(if lv.a7c { p.a7c } else { None })
    }

    /// B.1 (a) and B.2 alone, at their most relaxed (C.1, C.12 and C.13 look-ahead).
    pub fn compatible(&self, a: usize, b: usize, b2_relaxed: bool) -> bool {
        let lv = Level {
            b6_up: false,
            b5_up: false,
            b6_down: false,
            b5_down: false,
            x: 0,
            a7c: false,
            b2_relaxed,
        };
        a != b && self.met[a].binary_search(&b).is_err() && self.colors_fit(a, b, &lv)
    }

    fn colors_fit(&self, a: usize, b: usize, lv: &Level) -> bool {
        match (self.must(a, lv), self.must(b, lv)) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        }
    }

    /// Whether `a` and `b` may be paired at level `lv`: B.1 (a), B.2 (with A.7 c), and, when
    /// their scores differ, B.5/B.6 for the floats A.4 gives: a downfloat to the higher of the
    /// two, an upfloat to the lower. The downfloat of a player moved down who is paired here is
    /// judged exactly as the one he would receive by moving on or taking the bye (A.5).
    pub fn pair_ok(&self, a: usize, b: usize, lv: &Level) -> bool {
        if a == b || self.met[a].binary_search(&b).is_ok() || !self.colors_fit(a, b, lv) {
            return false;
        }
        let (pa, pb) = (&self.players[a], &self.players[b]);
        match pa.score.cmp(&pb.score) {
            std::cmp::Ordering::Greater => self.down_ok(a, lv) && self.up_ok(b, lv),
            std::cmp::Ordering::Less => self.down_ok(b, lv) && self.up_ok(a, lv),
            std::cmp::Ordering::Equal => true,
        }
    }

    /// B.5/B.6 for an upfloat of `i`.
    pub fn up_ok(&self, i: usize, lv: &Level) -> bool {
        let p = &self.players[i];
        p.float_exempt || !((lv.b5_up && p.up1) || (lv.b6_up && p.up2))
    }

    /// B.5/B.6 for a downfloat of `i` (moved down, or the bye: A.5).
    pub fn down_ok(&self, i: usize, lv: &Level) -> bool {
        let p = &self.players[i];
        p.float_exempt || !((lv.b5_down && p.down1) || (lv.b6_down && p.down2))
    }

    /// B.1 (b) and A.5: may `i` take the bye at this level.
    pub fn bye_ok(&self, i: usize, lv: &Level) -> bool {
        self.players[i].can_bye && self.down_ok(i, lv)
    }

    /// B.4: whether pairing `a` with `b` denies one of them their colour preference.
    pub fn denies(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        if pa.flex || pb.flex {
            return false;
        }
        matches!((pa.pref.color(), pb.pref.color()), (Some(x), Some(y)) if x == y)
    }

    /// A.8: x of a group of players.
    fn x_of(&self, group: &[usize]) -> usize {
        let (mut w, mut b, mut flex) = (0usize, 0usize, 0usize);
        for &i in group {
            let p = &self.players[i];
            if p.flex {
                flex += 1;
                continue;
            }
            match p.pref.color() {
                Some(Color::White) => w += 1,
                Some(Color::Black) => b += 1,
                None => {}
            }
        }
        // A.7 (d): the flexible preferences go to the smaller side first.
        let larger = w.max(b).max((w + b + flex).div_ceil(2));
        larger.saturating_sub(group.len().div_ceil(2))
    }

    fn tpns(&self, players: &[usize]) -> String {
        if players.is_empty() {
            return "none".into();
        }
        players
            .iter()
            .map(|&i| self.players[i].tpn.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The levels of C.9-C.11 for a bracket whose x is `x` and p is `p`, in the order tried.
fn levels(x: usize, p: usize, a7c: bool, b2_relaxed: bool) -> Vec<Level> {
    let x = x.min(p);
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
fn first_level<T>(
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
fn modes(cx: &Ctx, group: &[usize], sink: &Sink) -> Vec<(bool, bool)> {
    let mut out = Vec::new();
    if group.iter().any(|&i| cx.players[i].a7c.is_some()) {
        out.push((true, false));
    }
    out.push((false, false));
    let exempt = |i: &usize| cx.players[*i].b2_exempt;
    if group.iter().any(exempt) || sink.players().any(|i| exempt(&i)) {
        out.push((false, true));
    }
    out
}

/// A bracket to pair: its own players (one score, or several after C.13 joined brackets) and
/// the players moved down into it.
#[derive(Clone, Debug)]
struct Bracket {
    residents: Vec<usize>,
    /// Players joined in from the bracket above by C.13; they count as moved down.
    joined: Vec<usize>,
}

/// How one bracket was paired.
#[derive(Clone, Debug)]
struct Paired {
    pairs: Vec<(usize, usize)>,
    /// Moved down to the next bracket (or, in the lowest, the bye).
    floaters: Vec<usize>,
    /// The pairs' count, for C.12/C.13 (pairs made among this bracket's players).
    lines: Vec<Step>,
}

enum Failure {
    /// C.12: players moved down that cannot be paired here (C.1).
    MovedDown,
    /// C.13: the lowest bracket cannot be paired.
    Lowest,
}

/// The procedure of C, bracket by bracket, with `search` finding each bracket's candidate.
fn pair_with(
    tournament: &Tournament,
    round: RoundNo,
    search: &dyn Search,
) -> Result<RoundPairing, PairingError> {
    let cx = Ctx::new(tournament, round);
    let mut explanation = vec![Step::new(
        "A.2",
        format!(
            "round {round}: {} players, ranked by score, rating, title, name.",
            cx.players.len()
        ),
    )];
    let (pairs, bye, lines) =
        procedure(&cx, search).map_err(|reason| PairingError::NoValidPairing { round, reason })?;
    explanation.extend(lines);
    let first = initial_color(tournament, &mut explanation);
    let (pairs, colour_lines) = allocate(&cx, pairs, first);
    explanation.extend(colour_lines);
    Ok(RoundPairing {
        round,
        pairs,
        bye: bye.map(|b| cx.players[b].tpn),
        explanation,
    })
}

type Procedure = (Vec<(usize, usize)>, Option<usize>, Vec<Step>);

/// C.1-C.14 over all brackets, from the highest score down.
fn procedure(cx: &Ctx, search: &dyn Search) -> Result<Procedure, String> {
    let mut brackets: Vec<Bracket> = Vec::new();
    for (i, p) in cx.players.iter().enumerate() {
        match brackets.last_mut() {
            Some(b) if cx.players[b.residents[0]].score == p.score => b.residents.push(i),
            _ => brackets.push(Bracket {
                residents: vec![i],
                joined: Vec::new(),
            }),
        }
    }
    if cx.players.len() < 2 {
        return match cx.players.first() {
            None => Ok((Vec::new(), None, Vec::new())),
            Some(p) if p.can_bye => Ok((
                Vec::new(),
                Some(0),
                vec![Step::new("A.5", "one player: the bye.")],
            )),
            Some(_) => {
                Err("the only player has already had a point without playing (B.1 b)".into())
            }
        };
    }
    let mut done: Vec<Paired> = Vec::new();
    let mut i = 0;
    while i < brackets.len() {
        let lowest = i + 1 == brackets.len();
        let moved: Vec<usize> = done.last().map(|d| d.floaters.clone()).unwrap_or_default();
        let mut incoming = moved.clone();
        incoming.extend(&brackets[i].joined);
        incoming.sort_unstable();
        let sink = if lowest { Sink::Bye } else { Sink::Free };
        match pair_bracket(
            cx,
            search,
            &incoming,
            &brackets[i].residents,
            &sink,
            Place::of(lowest),
            Unpaired::AskC12,
        ) {
            Ok(p) => {
                done.push(p);
                i += 1;
            }
            Err(Failure::MovedDown) => {
                // C.12: pair the previous bracket again so that other players come down.
                let mut fixed = None;
                if i > 0 && brackets[i].joined.is_empty() {
                    let prev_in: Vec<usize> = if i >= 2 {
                        done[i - 2].floaters.clone()
                    } else {
                        Vec::new()
                    };
                    let mut prev_in = prev_in;
                    prev_in.extend(&brackets[i - 1].joined);
                    prev_in.sort_unstable();
                    let into = Sink::into_next(brackets[i].residents.clone());
                    if let Ok(mut again) = pair_bracket(
                        cx,
                        search,
                        &prev_in,
                        &brackets[i - 1].residents,
                        &into,
                        Place::Above,
                        Unpaired::MoveOn,
                    ) {
                        if let Ok(now) = pair_bracket(
                            cx,
                            search,
                            &again.floaters,
                            &brackets[i].residents,
                            &sink,
                            Place::of(lowest),
                            Unpaired::AskC12,
                        ) {
                            again.lines.insert(
                                0,
                                Step::new(
                                    "C.12",
                                    format!(
                                        "the previous bracket is paired again so that the players it moves down ({}) can be paired below.",
                                        cx.tpns(&again.floaters)
                                    ),
                                ),
                            );
                            fixed = Some((again, now));
                        }
                    }
                }
                match fixed {
                    Some((again, now)) => {
                        done[i - 1] = again;
                        done.push(now);
                        i += 1;
                    }
                    None => {
                        let p = pair_bracket(
                            cx,
                            search,
                            &incoming,
                            &brackets[i].residents,
                            &sink,
                            Place::of(lowest),
                            Unpaired::MoveOn,
                        );
                        match p {
                            Ok(p) => {
                                done.push(p);
                                i += 1;
                            }
                            Err(_) => {
                                // Only the lowest bracket can still fail: C.13 below.
                                c13(cx, search, &mut brackets, &mut done, &mut i)?;
                            }
                        }
                    }
                }
            }
            Err(Failure::Lowest) => c13(cx, search, &mut brackets, &mut done, &mut i)?,
        }
    }
    let mut pairs = Vec::new();
    let mut lines = Vec::new();
    let mut bye = None;
    for (k, d) in done.iter().enumerate() {
        pairs.extend(d.pairs.iter().copied());
        lines.extend(d.lines.iter().cloned());
        if k + 1 == done.len() {
            bye = d.floaters.first().copied();
        }
    }
    if let Some(b) = bye {
        lines.push(Step::new(
            "A.5",
            format!("{} gets the bye.", cx.players[b].tpn),
        ));
    }
    Ok((pairs, bye, lines))
}

/// C.13: the lowest bracket (index `i`) cannot be paired. Pair the penultimate again so that
/// it can, lowering its p one by one; at p = 0 join the two.
fn c13(
    cx: &Ctx,
    search: &dyn Search,
    brackets: &mut Vec<Bracket>,
    done: &mut Vec<Paired>,
    i: &mut usize,
) -> Result<(), String> {
    if *i == 0 {
        // Everything is joined. Reading: the players joined in need not be paired against
        // the lowest scores first when that is what stands in the way; the whole field is
        // paired as one bracket treated as homogeneous (A.3), where every pairing is a
        // candidate, before saying that none exists.
        let mut all = brackets[0].residents.clone();
        all.extend(&brackets[0].joined);
        all.sort_unstable();
        if !brackets[0].joined.is_empty() {
            if let Ok(mut p) = pair_bracket(
                cx,
                search,
                &[],
                &all,
                &Sink::Bye,
                Place::Lowest,
                Unpaired::MoveOn,
            ) {
                p.lines.insert(
                    0,
                    Step::new(
                        "C.13",
                        "every bracket joined; the field is paired as one homogeneous bracket.",
                    ),
                );
                done.clear();
                done.push(p);
                brackets.truncate(1);
                brackets[0] = Bracket {
                    residents: all,
                    joined: Vec::new(),
                };
                *i = 1;
                return Ok(());
            }
        }
        return Err(
            "even with every bracket joined, no pairing meets the absolute criteria B.1 and B.2"
                .into(),
        );
    }
    let pen = *i - 1;
    let mut pen_in: Vec<usize> = if pen >= 1 {
        done[pen - 1].floaters.clone()
    } else {
        Vec::new()
    };
    pen_in.extend(&brackets[pen].joined);
    pen_in.sort_unstable();
    let lowest_players: Vec<usize> = {
        let mut v = brackets[*i].residents.clone();
        v.extend(&brackets[*i].joined);
        v.sort_unstable();
        v
    };
    let into = Sink::complete_lowest(lowest_players);
    if let Ok(mut again) = pair_bracket(
        cx,
        search,
        &pen_in,
        &brackets[pen].residents,
        &into,
        Place::Above,
        Unpaired::MoveOn,
    ) {
        let mut incoming = again.floaters.clone();
        incoming.extend(&brackets[*i].joined);
        incoming.sort_unstable();
        if let Ok(low) = pair_bracket(
            cx,
            search,
            &incoming,
            &brackets[*i].residents,
            &Sink::Bye,
            Place::Lowest,
            Unpaired::MoveOn,
        ) {
            again.lines.insert(
                0,
                Step::new(
                    "C.13",
                    "the lowest bracket cannot be paired; the penultimate is paired again so that it can.",
                ),
            );
            done.truncate(pen);
            done.push(again);
            done.push(low);
            *i += 1;
            return Ok(());
        }
    }
    // p reached 0: the penultimate bracket joins the lowest.
    let upper = brackets.remove(pen);
    let joined = &mut brackets[pen].joined;
    joined.extend(upper.residents);
    joined.extend(upper.joined);
    joined.sort_unstable();
    done.truncate(pen);
    *i = pen;
    Ok(())
}

/// Whether a bracket is the lowest, where the procedure must end (C.13), or one above it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The lowest bracket.
    Lowest,
    /// A bracket above the lowest.
    Above,
}

impl Place {
    fn of(lowest: bool) -> Place {
        if lowest {
            Place::Lowest
        } else {
            Place::Above
        }
    }
}

/// What a bracket does when the players moved down into it cannot all be paired there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unpaired {
    /// Fail, so that the bracket above is paired again (C.12).
    AskC12,
    /// Pair those who can be, the higher first, and move the others on down (C.12 has failed).
    MoveOn,
}

/// Pairs one bracket: `incoming` moved down into it, `residents` its own players.
fn pair_bracket(
    cx: &Ctx,
    search: &dyn Search,
    incoming: &[usize],
    residents: &[usize],
    sink: &Sink,
    place: Place,
    unpaired: Unpaired,
) -> Result<Paired, Failure> {
    let lowest = place == Place::Lowest;
    let c12 = unpaired == Unpaired::AskC12;
    let mut lines = Vec::new();
    let score = |i: usize| cx.players[i].score;
    let mut all: Vec<usize> = incoming.iter().chain(residents).copied().collect();
    all.sort_unstable();
    let label = residents
        .first()
        .map(|&r| score(r).to_string())
        .unwrap_or_default();
    let relax = all.iter().any(|&i| cx.players[i].b2_exempt);
    // C.1: players with no possible opponent in the bracket.
    let lonely: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&a| !all.iter().any(|&b| cx.compatible(a, b, relax)))
        .collect();
    let mut moved_on: Vec<usize> = Vec::new();
    let mut mdps: Vec<usize> = incoming.to_vec();
    let mut residents: Vec<usize> = residents.to_vec();
    if !lowest {
        for &l in &lonely {
            if mdps.contains(&l) {
                if c12 {
                    return Err(Failure::MovedDown);
                }
            } else {
                residents.retain(|&r| r != l);
                moved_on.push(l);
                lines.push(Step::new(
                    "C.1",
                    format!(
                        "{} has no possible opponent in bracket {label} and moves down.",
                        cx.players[l].tpn
                    ),
                ));
            }
        }
    }
    let heterogeneous = !mdps.is_empty() && mdps.len() * 2 < mdps.len() + residents.len();
    if heterogeneous {
        // The players moved down must all be paired at once (B.1/B.2), or C.12.
        let matchable = matchable_prefix(cx, &mdps, &residents, relax);
        if matchable.len() < mdps.len() {
            if c12 {
                return Err(Failure::MovedDown);
            }
            let rest: Vec<usize> = mdps
                .iter()
                .copied()
                .filter(|m| !matchable.contains(m))
                .collect();
            lines.push(Step::new(
                "C.12",
                format!(
                    "no other pairing above; {} cannot be paired here and move{} on down.",
                    cx.tpns(&rest),
                    if rest.len() == 1 { "s" } else { "" }
                ),
            ));
            moved_on.extend(&rest);
            mdps = matchable;
        }
    }
    if lowest && !moved_on.is_empty() {
        // Nowhere further down to go: C.13.
        return Err(Failure::Lowest);
    }
    let heterogeneous = !mdps.is_empty() && mdps.len() * 2 < mdps.len() + residents.len();
    let mut group: Vec<usize> = mdps.iter().chain(&residents).copied().collect();
    group.sort_unstable();
    if !lowest && group.len() < 2 {
        if !group.is_empty() {
            lines.push(Step::heading(format!(
                "Bracket {label}: {} alone, moves down.",
                cx.tpns(&group)
            )));
        }
        moved_on.extend(&group);
        moved_on.sort_unstable();
        if !moved_on.is_empty() {
            lines.push(Step::heading(format!(
                "Moved down: {}.",
                cx.tpns(&moved_on)
            )));
        }
        return Ok(Paired {
            pairs: Vec::new(),
            floaters: moved_on,
            lines,
        });
    }
    let x0 = cx.x_of(&group);
    let outcome = if heterogeneous {
        heterogeneous_bracket(cx, search, &mdps, &residents, x0, sink, lowest, &moved_on)
    } else {
        homogeneous_bracket(cx, search, &group, x0, sink, lowest, &moved_on)
    };
    let Some((pairs, floaters, mut detail)) = outcome else {
        return Err(Failure::Lowest);
    };
    lines.push(Step::heading(format!(
        "Bracket {label} ({}{} players{}): {}",
        if heterogeneous {
            "heterogeneous, "
        } else if mdps.is_empty() {
            "homogeneous, "
        } else {
            "treated as homogeneous (A.3), "
        },
        group.len(),
        if mdps.is_empty() {
            String::new()
        } else {
            format!("; moved down: {}", cx.tpns(&mdps))
        },
        cx.tpns(&group)
    )));
    lines.append(&mut detail);
    let mut floaters = floaters;
    floaters.extend(moved_on);
    floaters.sort_unstable();
    if !lowest && !floaters.is_empty() {
        lines.push(Step::heading(format!(
            "Moved down: {}.",
            cx.tpns(&floaters)
        )));
    }
    Ok(Paired {
        pairs,
        floaters,
        lines,
    })
}

/// The players moved down that can be paired together, the higher first (C.12 failing).
fn matchable_prefix(cx: &Ctx, mdps: &[usize], residents: &[usize], relax: bool) -> Vec<usize> {
    let mut chosen: Vec<usize> = Vec::new();
    for &m in mdps {
        let mut trial = chosen.clone();
        trial.push(m);
        if super::bipartite_perfect(&trial, residents, |a, b| cx.compatible(a, b, relax)) {
            chosen = trial;
        }
    }
    chosen
}

/// Which part of a bracket a candidate pairs, as the explanation names it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A homogeneous bracket, whole (C.4-C.8).
    Whole,
    /// The players moved down into a heterogeneous bracket (C.6).
    MovedDown,
    /// The remainder of a heterogeneous bracket (C.6: "start at C2 with the remainder").
    Remainder,
}

impl Part {
    /// The words that open each of its steps.
    fn prefix(self) -> &'static str {
        match self {
            Part::Whole => "",
            Part::MovedDown => "the players moved down: ",
            Part::Remainder => "the remainder: ",
        }
    }
}

type BracketOutcome = Option<(Vec<(usize, usize)>, Vec<usize>, Vec<Step>)>;

/// The steps saying how `f` was found at `lv`. The players `f` leaves over float (moved down,
/// or the bye) unless `part` is the players moved down, whose leftovers form the remainder.
fn describe_found(cx: &Ctx, f: &Found, lv: &Level, first: &Level, part: Part) -> Vec<Step> {
    let what = part.prefix();
    let mut out = Vec::new();
    if let Some((a, b)) = &f.exchange {
        out.push(Step::new(
            "C.8",
            format!(
                "{what}exchange (D.2) of {} from S1 with {} from S2.",
                cx.tpns(a),
                cx.tpns(b)
            ),
        ));
    }
    if f.limited {
        out.push(Step::new(
            "C.8",
            format!("{what}D.2's exchanges were walked one by one up to the search limit and none fitted; the exchange below is the first among the pairings with the fewest denials, within x, not necessarily the first of all: check this bracket by hand."),
        ));
    }
    out.push(Step::new(
        "C.7",
        format!(
            "{what}x = {}, p = {}; S1 = {}; S2 in the order used (D.1) = {}.",
            lv.x,
            f.pairs.len(),
            cx.tpns(&f.s1),
            cx.tpns(&f.s2)
        ),
    ));
    for (article, relaxed) in lv.describe(first) {
        out.push(Step::new(article, format!("{what}{relaxed}.")));
    }
    let given_up = floats_given_up(cx, f, lv, part != Part::MovedDown);
    if !given_up.is_empty() {
        out.push(Step::new(
            if lv.b6_up && lv.b5_up { "C.10" } else { "C.9" },
            format!(
                "{what}floats given up, in the order C.9 and C.10 drop them: {}.",
                given_up.join("; ")
            ),
        ));
    }
    out.push(Step::new(
        "C.6",
        format!(
            "{what}pairs {}; preferences denied: {}.",
            f.pairs
                .iter()
                .map(|(a, b)| format!("{}-{}", cx.players[*a].tpn, cx.players[*b].tpn))
                .collect::<Vec<_>>()
                .join(", "),
            f.viol
        ),
    ));
    out.into_iter().map(Step::inner).collect()
}

/// C.9, C.10: for each float criterion the level `lv` has dropped, in the order they are dropped
/// (B.6 then B.5 for upfloats, then for downfloats), the players of `f` whose float breaks it
/// (criteria dropped that no float of `f` breaks are not named): those paired with a different
/// score (A.4) and, with `leftovers_float`, those left over (moved down, or the bye: A.5).
fn floats_given_up(cx: &Ctx, f: &Found, lv: &Level, leftovers_float: bool) -> Vec<String> {
    let mut ups: Vec<(usize, usize)> = Vec::new();
    let mut downs: Vec<(usize, Option<usize>)> = Vec::new();
    for &(a, b) in &f.pairs {
        let (h, l) = if cx.players[a].score >= cx.players[b].score {
            (a, b)
        } else {
            (b, a)
        };
        if cx.players[h].score != cx.players[l].score {
            downs.push((h, Some(l)));
            ups.push((l, h));
        }
    }
    if leftovers_float {
        downs.extend(f.floaters.iter().map(|&x| (x, None)));
    }
    let steps: [(bool, &str, bool, bool); 4] = [
        (!lv.b6_up, "B.6 for upfloats", true, false),
        (!lv.b5_up, "B.5 for upfloats", true, true),
        (!lv.b6_down, "B.6 for downfloats", false, false),
        (!lv.b5_down, "B.5 for downfloats", false, true),
    ];
    let mut out = Vec::new();
    for (dropped, name, up, last) in steps {
        if !dropped {
            continue;
        }
        let breaks = |i: usize| {
            let p = &cx.players[i];
            !p.float_exempt
                && match (up, last) {
                    (true, true) => p.up1,
                    (true, false) => p.up2,
                    (false, true) => p.down1,
                    (false, false) => p.down2,
                }
        };
        let when = if last {
            "as in the round before"
        } else {
            "as two rounds before"
        };
        let who: Vec<String> = if up {
            ups.iter()
                .filter(|(i, _)| breaks(*i))
                .map(|&(i, h)| {
                    format!(
                        "{} (paired up against {}, {when})",
                        cx.players[i].tpn, cx.players[h].tpn
                    )
                })
                .collect()
        } else {
            downs
                .iter()
                .filter(|(i, _)| breaks(*i))
                .map(|&(i, l)| match l {
                    Some(l) => format!(
                        "{} (paired down against {}, {when})",
                        cx.players[i].tpn, cx.players[l].tpn
                    ),
                    None => format!("{} (moved down or the bye, {when})", cx.players[i].tpn),
                })
                .collect()
        };
        if !who.is_empty() {
            out.push(format!("{name}: {}", who.join(", ")));
        }
    }
    out
}

fn x_for(x0: usize, p0: usize, p: usize) -> usize {
    // C.14: x goes down with p when it was above 0.
    if x0 > 0 {
        x0.saturating_sub(p0 - p)
    } else {
        0
    }
}

fn homogeneous_bracket(
    cx: &Ctx,
    search: &dyn Search,
    group: &[usize],
    x0: usize,
    sink: &Sink,
    lowest: bool,
    moved_on: &[usize],
) -> BracketOutcome {
    let p0 = group.len() / 2;
    let floor = if lowest { p0 } else { 1 };
    // The players moved on by C.1 take their place among the floaters for the look-ahead.
    let sink = sink.with_extra(moved_on);
    let mut lines = Vec::new();
    let mut p = p0;
    while p >= floor && p > 0 {
        let x = x_for(x0, p0, p);
        for (a7c, b2) in modes(cx, group, &sink) {
            let ladder = levels(x, p, a7c, b2);
            if let Some((k, f)) = first_level(&ladder, |lv| {
                search.homogeneous(cx, group, p, lv, lv.x, &sink)
            }) {
                lines.extend(describe_found(cx, &f, &ladder[k], &ladder[0], Part::Whole));
                return Some((f.pairs, f.floaters, lines));
            }
        }
        if lowest {
            return None;
        }
        lines.push(
            Step::new(
                "C.14",
                format!("no pairing with p = {p}; p becomes {}.", p - 1),
            )
            .inner(),
        );
        p -= 1;
    }
    if lowest {
        return if group.len() == 1 && sink.accepts_alone(cx, group[0]) {
            Some((Vec::new(), group.to_vec(), lines))
        } else if group.is_empty() {
            Some((Vec::new(), Vec::new(), lines))
        } else {
            None
        };
    }
    // p = 0: the whole bracket moves down (C.14).
    if sink.accepts_floaters(cx, group) {
        lines.push(Step::new("C.14", "p = 0: the whole bracket moves down.").inner());
        Some((Vec::new(), group.to_vec(), lines))
    } else {
        None
    }
}

#[allow(clippy::too_many_arguments)]
fn heterogeneous_bracket(
    cx: &Ctx,
    search: &dyn Search,
    mdps: &[usize],
    residents: &[usize],
    x0: usize,
    sink: &Sink,
    lowest: bool,
    moved_on: &[usize],
) -> BracketOutcome {
    let sink = sink.with_extra(moved_on);
    let rem = residents.len() - mdps.len();
    let pr0 = rem / 2;
    let total0 = mdps.len() + pr0;
    let floor = if lowest { pr0 } else { 0 };
    let mut all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    all.sort_unstable();
    let mut lines = Vec::new();
    let mut pr = pr0;
    loop {
        let total = mdps.len() + pr;
        let x = x_for(x0, total0, total);
        for (a7c, b2) in modes(cx, &all, &sink) {
            let ladder = levels(x, total, a7c, b2);
            if let Some((k, (het, remainder))) = first_level(&ladder, |lv| {
                search.heterogeneous(cx, mdps, residents, pr, lv, lv.x, &sink)
            }) {
                let lv = &ladder[k];
                lines.extend(describe_found(cx, &het, lv, &ladder[0], Part::MovedDown));
                // The remainder, homogeneous (A.3), from the first level on (C.6: "start at
                // C2 with the homogeneous remainder group"), within what x leaves.
                let remainder_at = first_level(&ladder[..=k], |lv2| {
                    let budget = lv2.x.checked_sub(het.viol)?;
                    if pr == 0 {
                        return sink
                            .accepts_floaters_at(cx, &remainder, lv2)
                            .then_some(None);
                    }
                    search
                        .homogeneous(cx, &remainder, pr, lv2, budget, &sink)
                        .map(Some)
                });
                match remainder_at {
                    Some((_, None)) => {
                        lines.push(
                            Step::new(
                                "C.14",
                                format!(
                                    "the remainder {}: p = 0, moved down.",
                                    cx.tpns(&remainder)
                                ),
                            )
                            .inner(),
                        );
                        return Some((het.pairs, remainder, lines));
                    }
                    Some((k2, Some(f))) => {
                        lines.extend(describe_found(
                            cx,
                            &f,
                            &ladder[k2],
                            &ladder[0],
                            Part::Remainder,
                        ));
                        let mut pairs = het.pairs;
                        pairs.extend(f.pairs);
                        return Some((pairs, f.floaters, lines));
                    }
                    None => {}
                }
                // Cannot happen: the heterogeneous search checked the remainder at `lv`.
                return None;
            }
        }
        if pr == floor {
            return None;
        }
        lines.push(
            Step::new(
                "C.14",
                format!(
                    "the remainder cannot be paired with p = {pr}; p becomes {}.",
                    pr - 1
                ),
            )
            .inner(),
        );
        pr -= 1;
    }
}

/// E.1-E.4 (E.5 in the fallback), then F.1's board order. Returns `(white, black)` pairs.
fn allocate(cx: &Ctx, mut pairs: Vec<(usize, usize)>, lot: Color) -> (Vec<(Tpn, Tpn)>, Vec<Step>) {
    // F.1: the score of the higher player, the sum of scores, the rank of the higher player.
    for p in &mut pairs {
        if p.1 < p.0 {
            *p = (p.1, p.0);
        }
    }
    pairs.sort_by(|a, b| {
        let key = |(h, l): (usize, usize)| {
            let (sh, sl) = (cx.players[h].score, cx.players[l].score);
            (std::cmp::Reverse(sh.max(sl)), std::cmp::Reverse(sh + sl), h)
        };
        key(*a).cmp(&key(*b))
    });
    let mut lines = Vec::new();
    let out = pairs
        .iter()
        .enumerate()
        .map(|(board, &(h, l))| {
            let (c, why) = higher_color(cx, h, l, board, lot);
            if board < 200 {
                let reading = if why == "E.4" && cx.players[h].pref.color().is_none() {
                    " (reading: no preferences, the lot by board)"
                } else {
                    ""
                };
                lines.push(Step::new(
                    why,
                    format!(
                        "board {}: {} - {}{reading}.",
                        board + 1,
                        cx.players[if c == Color::White { h } else { l }].tpn,
                        cx.players[if c == Color::White { l } else { h }].tpn
                    ),
                ));
            }
            match c {
                Color::White => (cx.players[h].tpn, cx.players[l].tpn),
                Color::Black => (cx.players[l].tpn, cx.players[h].tpn),
            }
        })
        .collect();
    (out, lines)
}

fn strength(p: ColorPreference) -> u8 {
    match p {
        ColorPreference::None => 0,
        ColorPreference::Mild(_) => 1,
        ColorPreference::Strong(_) => 2,
        ColorPreference::Absolute(_) => 3,
    }
}

/// The colour of the higher-ranked player `h` against `l`, and the article deciding it.
pub(crate) fn higher_color(
    cx: &Ctx,
    h: usize,
    l: usize,
    board: usize,
    lot: Color,
) -> (Color, &'static str) {
    let (ph, pl) = (&cx.players[h], &cx.players[l]);
    // B.2 first: a colour it leaves no choice about is given, the player it binds (not
    // relaxed by the B.6 notes) first.
    let bound = |p: &Pl| p.absolute.filter(|_| !p.b2_exempt);
    match (bound(ph), bound(pl)) {
        (Some(a), None) => return (a, "B.2"),
        (None, Some(b)) => return (b.opposite(), "B.2"),
        (Some(a), Some(b)) if a != b => return (a, "B.2"),
        _ => {}
    }
    match (ph.pref.color(), pl.pref.color()) {
        (Some(a), Some(b)) if a != b => (a, "E.1"),
        (Some(a), None) => (a, "E.1"),
        (None, Some(b)) => (b.opposite(), "E.1"),
        // E.4, reading: no preferences, the lot by board.
        (None, None) => (if board % 2 == 0 { lot } else { lot.opposite() }, "E.4"),
        (Some(a), Some(_)) => {
            // A.7 (c): a preference treated as absolute is as strong as one.
            let strength_of = |p: &Pl| {
                if p.a7c.is_some() {
                    strength(ColorPreference::Absolute(Color::White))
                } else {
                    strength(p.pref)
                }
            };
            let (sh, sl) = (strength_of(ph), strength_of(pl));
            if sh != sl {
                return if sh > sl {
                    (a, "E.2")
                } else {
                    (a.opposite(), "E.2")
                };
            }
            // E.3: the latest round, counted from the end (F.3), with different colours.
            for (ch, cl) in ph.colors.iter().rev().zip(pl.colors.iter().rev()) {
                if ch != cl {
                    return (ch.opposite(), "E.3");
                }
            }
            (a, "E.4")
        }
    }
}

#[cfg(test)]
mod tests {
    //! Articles checked on a bracket built directly: players with the preferences, floats
    //! and histories the article looks at, all with the same score unless said.
    use super::*;
    use crate::pairing::dutch_search::{Fast, Literal};
    use Color::{Black as Bk, White as Wh};

    fn pl(tpn: u32, pref: ColorPreference, colors: &[Color]) -> Pl {
        Pl {
            tpn: Tpn::new(tpn).expect("tpn"),
            score: Points::from_tenths(10),
            pref,
            absolute: match pref {
                ColorPreference::Absolute(c) => Some(c),
                _ => None,
            },
            b2_exempt: false,
            a7c: None,
            flex: false,
            down1: false,
            down2: false,
            up1: false,
            up2: false,
            float_exempt: false,
            can_bye: true,
            colors: colors.to_vec(),
        }
    }

    fn ctx(players: Vec<Pl>) -> Ctx {
        let met = vec![Vec::new(); players.len()];
        Ctx { players, met }
    }

    fn pairs_of(cx: &Ctx) -> Vec<(u32, u32)> {
        let (fast, bye, _) = procedure(cx, &Fast::default()).expect("a pairing");
        let (literal, lbye, _) = procedure(cx, &Literal).expect("a pairing");
        assert_eq!((&fast, bye), (&literal, lbye));
        let mut v: Vec<(u32, u32)> = fast
            .iter()
            .map(|&(a, b)| (cx.players[a].tpn.get(), cx.players[b].tpn.get()))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        v.sort_unstable();
        v
    }

    /// A.7 (c): in an odd round, 1 and 3 have a strong preference for Black because they had
    /// a round without a game; 2 prefers Black mildly, 4 White. x = 3 - 2 = 1. Without A.7
    /// (c), S1 = 1 2, S2 = 3 4: 1-3 denies one preference, 2-4 none: accepted. With it, 1
    /// and 3 are treated as absolute, so 1-3 cannot be: 1-4 and 2-3 (2 denied), with the
    /// same number of pairs, so A.7 (c) holds.
    #[test]
    fn dutch_a7c_strong_preferences_after_a_bye_are_treated_as_absolute() {
        let players = |a7c: bool| {
            let mut v = vec![
                pl(1, ColorPreference::Strong(Bk), &[Wh]),
                pl(2, ColorPreference::Mild(Bk), &[Bk, Wh]),
                pl(3, ColorPreference::Strong(Bk), &[Wh]),
                pl(4, ColorPreference::Mild(Wh), &[Wh, Bk]),
            ];
            if a7c {
                v[0].a7c = Some(Bk);
                v[2].a7c = Some(Bk);
            }
            ctx(v)
        };
        assert_eq!(pairs_of(&players(false)), vec![(1, 3), (2, 4)]);
        assert_eq!(pairs_of(&players(true)), vec![(1, 4), (2, 3)]);
    }

    /// A.7 (c) gives way when it would leave a player unpaired: 1 and 2 both have it (Black),
    /// and there are only two players.
    #[test]
    fn dutch_a7c_gives_way_rather_than_float() {
        let mut v = vec![
            pl(1, ColorPreference::Strong(Bk), &[Wh]),
            pl(2, ColorPreference::Strong(Bk), &[Wh]),
        ];
        v[0].a7c = Some(Bk);
        v[1].a7c = Some(Bk);
        assert_eq!(pairs_of(&ctx(v)), vec![(1, 2)]);
    }

    /// D.2 when players must be paired inside S1: 24 players with one score, the top four
    /// having met all of S2 (13-24). Every pairing puts the four in two pairs, so no exchange
    /// of one player can work (the search starts at two, from the bound a matching gives), and
    /// among exchanges of two the smallest difference gives up S1's 3 and 4 (the larger of
    /// each pair) for S2's 13 and 14. Then the transposition: 1-3, 2-4, and the rest in order:
    /// 5-15 ... 14-24. The literal search, which visits every exchange before it, agrees.
    #[test]
    fn dutch_d2_c8_players_who_must_meet_inside_s1() {
        let mut cx = ctx((1..=24)
            .map(|i| pl(i, ColorPreference::None, &[]))
            .collect());
        for top in 0..4 {
            for other in 12..24 {
                cx.met[top].push(other);
                cx.met[other].push(top);
            }
        }
        for m in &mut cx.met {
            m.sort_unstable();
        }
        let mut want: Vec<(u32, u32)> = vec![(1, 3), (2, 4)];
        want.extend((5..=14).map(|i| (i, i + 10)));
        assert_eq!(pairs_of(&cx), want);
    }

    /// A.8 with A.7 (d): of eight players four want White and two Black; two more want White
    /// mildly after a round without a game, in an even round. Counted as they are, w = 6 and
    /// x = 6 - 4 = 2; counted where they lower x (A.7 d), w = b = 4 and x = 0.
    #[test]
    fn dutch_a8_a7d_x_with_flexible_preferences() {
        let mut v: Vec<Pl> = (1..=8)
            .map(|i| {
                let c = if i <= 4 { Wh } else { Bk };
                pl(i, ColorPreference::Mild(c), &[c.opposite()])
            })
            .collect();
        v[6].pref = ColorPreference::Mild(Wh);
        v[7].pref = ColorPreference::Mild(Wh);
        let group: Vec<usize> = (0..8).collect();
        assert_eq!(ctx(v.clone()).x_of(&group), 2);
        v[6].flex = true;
        v[7].flex = true;
        assert_eq!(ctx(v).x_of(&group), 0);
    }

    /// E.2: the stronger preference wins (absolute over strong over mild); E.3: with equal
    /// preferences, alternate from the latest round in which the two had different colours,
    /// counted from the end (F.3); E.4: otherwise the higher-ranked player's preference.
    #[test]
    fn dutch_e2_e3_e4_colours() {
        let cx = ctx(vec![
            pl(1, ColorPreference::Mild(Wh), &[Wh, Bk]),
            pl(2, ColorPreference::Strong(Wh), &[Bk]),
            pl(3, ColorPreference::Mild(Wh), &[Bk, Wh, Bk]),
            pl(4, ColorPreference::Mild(Wh), &[Wh, Bk]),
        ]);
        // 1 (mild) against 2 (strong), both White: 2 gets it.
        assert_eq!(higher_color(&cx, 0, 1, 0, Wh), (Bk, "E.2"));
        // 1 (W B) against 3 (B W B): from the end B/B, W/W, then 1 has no more rounds: no
        // difference (E.3), so the higher-ranked 1 gets his preference (E.4).
        assert_eq!(higher_color(&cx, 0, 2, 0, Wh), (Wh, "E.4"));
        // 3 (B W B) against 4 (W B): from the end B/B, W/W: again E.4.
        assert_eq!(higher_color(&cx, 2, 3, 0, Wh), (Wh, "E.4"));
        let cx = ctx(vec![
            pl(1, ColorPreference::Mild(Wh), &[Wh, Bk, Wh, Bk]),
            pl(2, ColorPreference::Mild(Wh), &[Bk, Wh, Wh, Bk]),
        ]);
        // From the end: B/B, W/W, then B/W in round 2: E.3 alternates from it, 1 (Black
        // there) gets White.
        assert_eq!(higher_color(&cx, 0, 1, 0, Wh), (Wh, "E.3"));
        let cx = ctx(vec![
            pl(1, ColorPreference::Mild(Wh), &[Bk, Wh, Wh, Bk]),
            pl(2, ColorPreference::Mild(Wh), &[Wh, Bk, Wh, Bk]),
        ]);
        assert_eq!(higher_color(&cx, 0, 1, 0, Wh), (Bk, "E.3"));
    }
}
