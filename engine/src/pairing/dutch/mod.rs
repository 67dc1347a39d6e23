//! The Dutch system, 1992-2006 text (`../shared/rules/dutch-1992-2006.md`).
//!
//! Round 1 by F.4 and E.5; every later round by the procedure C.1-C.14, bracket after bracket
//! from the highest score down, then colours by E.1-E.4 and the board order of F.1.
//!
//! The procedure is a list of steps whose first acceptable pairing is the answer. Two searches
//! produce it, sharing the bracket-by-bracket logic of this module ([`procedure`]):
//! - the fast one ([`fast::Fast`]) walks the candidates of C.6-C.8 in their
//!   order but asks a maximum-matching oracle whether a candidate prefix can still be completed
//!   before going further, so that it never visits hopeless ones;
//! - the literal one ([`reference::Literal`], [`pair_literal`]) visits every exchange
//!   of D.2 and every transposition of D.1 in order and tests each complete candidate. It is
//!   for small fields only and exists to hold the fast one to the text (a property test).
//!
//! # Files, by the text's chapters
//! - `definitions.rs`: A (the players by rank, their preferences, floats and byes).
//! - `criteria.rs`: B, as the levels C.9-C.11 relax in order (with A.7 c and the B.6 notes).
//! - `procedure.rs`: C.1-C.3 and C.12-C.14 (the brackets from the top, the look-ahead).
//! - `brackets.rs`: C.4-C.11 within one bracket, and what the explanation says of it.
//! - `exchanges.rs`: D (the order of transpositions and exchanges).
//! - `colours.rs`: E and F.1's board order. `round_one.rs`: F.4 with E.5.
//! - `search.rs`, `reference.rs` (the literal search), `fast.rs`, `bounds.rs`: the two searches for a bracket's
//!   first candidate in C.6-C.8's order, and the fast one's oracle.
//! - `tests.rs`: articles checked on brackets built directly.
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
//!   `max(w, b) - q` (never below 0). In a heterogeneous bracket the x of C.2 is the allowance of
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
//! - C.8 and B.4: D.2's first exchange admitting a pairing within x is found by matchings
//!   (`fast.rs`): the first class (size, difference) of all pairings and its first exchange,
//!   member by member, when a pairing of that class keeps within x; else, when x is the fewest
//!   denials any pairing needs, the same among the pairings denying that fewest. x never
//!   allows more than the fewest at the first level at which a bracket pairs (the proof is at
//!   `search::Found::above_least`); a level above it, probed by C.11's search for the first
//!   x that pairs, is asked only whether a pairing exists. No exchange is walked one by one.
//! - B.6 notes: in the last round, B.2 is not applied to players with exactly 50 % only when
//!   no pairing of the bracket with as many pairs exists otherwise (B.2 is kept before B.4-B.6
//!   are relaxed); the look-ahead of C.12 and C.13 keeps B.2 as well until then, so a bracket
//!   is paired so that the one below must relax B.2 only when no pairing with as many pairs
//!   lets the one below keep it; B.5/B.6 are not applied
//!   to players above 50 %. The percentage is of the rounds so far. "Helpful to avoid
//!   additional downfloaters" is weighed over the round: it is paired both keeping B.2 for
//!   everyone (C.12/C.13 free to move other players down) and as the brackets relax it, and
//!   the relaxed pairing is taken only when it has fewer downfloaters (hand-worked case
//!   `dutch_1992_b6_notes_b2_relaxed_only_if_it_avoids_downfloaters`).
//! - E.1-E.4: a player with no game yet has no preference; when neither player of a pair
//!   has one, the higher-ranked player gets the colour of the lot on odd boards and the
//!   other on even boards (as E.5 does in round 1).
//! - F.9: an adjourned game is a result not yet entered; the round cannot be paired until it
//!   is (the server refuses with the boards missing).

use crate::model::ids::RoundNo;
use crate::model::tournament::Tournament;
use crate::pairing::proposal::{PairingError, RoundPairing};
use exchanges::Exchanges;
use fast::Fast;
use procedure::pair_with;
use reference::Literal;
use round_one::round_one;

mod bounds;
mod brackets;
mod colours;
mod criteria;
mod definitions;
mod exchanges;
mod fast;
mod procedure;
mod reference;
mod round_one;
mod search;
#[cfg(test)]
mod tests;

/// The largest field [`pair_literal`] takes: its search visits every candidate.
pub const LITERAL_LIMIT: usize = 16;

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    // Round 1 directly, unless a forbidden pair stands in the way or an acceleration gives
    // virtual points (C.04.7 1.4: then the scores differ already; the procedure pairs it).
    if round == RoundNo::FIRST && tournament.virtual_points.is_empty() {
        if let Some(p) = round_one(tournament, round) {
            return Ok(p);
        }
    }
    pair_with(tournament, round, &Fast::default())
}

/// Pairs `round` with every transposition's fewest denials found by an assignment that sees
/// every cell, never by the players' kinds: for testing the one against the other.
#[doc(hidden)]
pub fn pair_by_every_cell(
    tournament: &Tournament,
    round: RoundNo,
) -> Result<RoundPairing, PairingError> {
    let fast = Fast {
        by_kinds: false,
        ..Fast::default()
    };
    pair_with(tournament, round, &fast)
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
    Exchanges::new(s1, s2).map(move |(a, b)| {
        (
            a.iter().map(|i| i + 1).collect(),
            b.iter().map(|j| s1 + j + 1).collect(),
        )
    })
}
