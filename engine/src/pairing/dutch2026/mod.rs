//! The Dutch system, C.04.3 applied from 1 February 2026 (`../shared/rules/dutch-2026.md`), with the
//! Basic Rules (C.04.1) and the General Handling Rules (C.04.2) it refers to.
//!
//! Every round, round 1 included, by the same procedure (1.9): the brackets from the top
//! scoregroup down; in each, the candidates in the order Article 4 generates them (the sets of
//! pairable MDPs, the transpositions of S2, the resident-exchanges), the first perfect one
//! accepted (3.4), else the best by [C5]-[C21] and, among equals, the earliest (3.8); then the
//! colours of Article 5.
//!
//! The sequence is walked as the text walks it, but not every candidate is built. A remainder
//! (or homogeneous bracket) that leaves at most one player over has its best candidate known
//! beforehand: its pairs' [C10]-[C13] and the left-over player's [C14] and [C16] become one
//! cost per pair, the left-over players restricted to those whose downfloat gives the best
//! [C5]-[C9], and a weighted matching gives the least cost, unless a bound shows it first: no
//! candidate denies fewer [C12] or [C13] preferences than the players preferring one colour
//! beyond the pairs' share of it, and when the original S1 and S2 admit an assignment of that
//! bound (in a large bracket the usual case), it is the least. Without a topscorer in the
//! remainder a pair's cost depends only on the two colour preferences (with topscorers, also
//! on their colour differences and last two colours), so that assignment, and the first one
//! in 4.2.2's order, are first sought over the classes of preferences (a transportation
//! problem of a few classes, rematches checked by alternating paths through an assignment of
//! the classes' optimum: `crate::matching::class_assignment`), with no cost for every pair; the costs
//! of every pair decide only where the classes cannot show it (a test pairs generated
//! tournaments both ways), and only in remainders of up to `definitions::DENSE_LIMIT` players.
//! Each player a remainder may leave over is judged by [C4]-[C9] from matchings of the
//! players below that all of them share, completed by one pair per player (`criteria::Witnesses`;
//! where that pair is not allowed, by a matching of his own). The search then builds only the
//! first candidate of the sequence that reaches it: the first resident-exchange whose S1 and
//! S2 admit an assignment of that cost (found by a few weighted matchings that carry 4.3.2's
//! order in their costs, not by forming the exchanges, of which a bracket of 180 has 15.7
//! million of size two), and in it, position by position, the first member of
//! S2 that keeps the cost within reach (3.8.1: every later candidate is no better; each
//! try an alternating path through the assignment's tight cells, not a new solution).
//!
//! A remainder that leaves several players over (or whose costs are not formed), and the
//! MDP-Pairing of a bracket of more than two MDPs (or of one or two whose remainders leave
//! several over), are chosen by weighted matchings of everyone not yet paired (`several.rs`):
//! every criterion that candidates can differ on is a field of one wide integer weight, the
//! earlier criterion the higher, and Article 4's order lies in the fields below (4.4.2's set of
//! MDPs, 4.3.2's four rules, 4.2.2's rows a block at a time), so the matching of largest
//! weight is the first best candidate: exact by construction, O(n · V³) word operations for a
//! bracket of `n` with `V` players not yet paired, with no search and no limit. The MDP-
//! Pairings of one or two MDPs are walked (at most (n + 1)² of them, each remainder judged
//! exactly), a prefix whose pairs already give a standing no better than the best found not
//! extended.
//!
//! # Files, by the text's articles
//! - `definitions.rs`: Article 1 (ranking, colour preference, floats, topscorers) and what
//!   [C1]-[C4] ask of the players.
//! - `criteria.rs`: Article 2, a candidate's standing on [C4]-[C21].
//! - `procedure.rs`: 1.9 and Article 3, the round and each bracket (its MDP-Pairings, 3.7).
//! - `search.rs`: 3.4-3.8, a bracket's search: its state, the ideal and the candidate accepted.
//! - `walk.rs`: 3.4-3.8 with Article 4, the sequence of candidates walked in order.
//! - `remainder.rs`: 3.6-3.8, a remainder's best known before its candidates are built.
//! - `sequence.rs`: Article 4, the order of transpositions, exchanges and MDP sets.
//! - `colours.rs`: Article 5.
//! - `story.rs`: what the explanation says of each bracket and board, in an arbiter's words,
//!   with `meanings.rs`, Article 2's criteria in our words.
//!
//! # Readings
//! Where the text is silent or unclear, the choice made (and cited where the code makes it):
//! - Acceleration (C.04.7): the pairing score (points plus the round's virtual points) is the
//!   score of 1.2, the scoregroups, [C5]-[C21] and the bye; an earlier round's float (1.4)
//!   compares the pairing scores that round was paired with (so bbpPairings v6 pairs all
//!   1,625 cases of the Baku reference data); the boards (C.04.2 3.6) are ordered by the
//!   pairing scores, as the readers of C.04.7 1.5 summarise it, where bbpPairings orders them
//!   by the points (see [`crate::model::acceleration`]).
//! - 1.2.2 ranks by TPN: the pairing number as the tournament records it.
//! - 1.4.2: a float is given for a game actually played between different scores; a
//!   forfeit gives no float to the loser and a downfloat to the winner (1.4.3: more than a
//!   loss without playing).
//! - 1.7.1: when the colour difference and the last two colours point different ways (for
//!   example +2 after two Blacks), the colour difference decides.
//! - 1.8: the maximum possible score before the final round is the points for a win times
//!   the rounds played.
//! - [C4]: the players not yet paired are this bracket's downfloaters and every lower
//!   scoregroup; they must admit a pairing within [C1]-[C3], one of them, if odd, eligible
//!   for the bye by [C2].
//! - [C5]: in every bracket, the lowest score the bye's assignee can have among the players
//!   not yet paired.
//! - [C8]: "every criterion from [C1] to [C7]" in the next bracket (these downfloaters with
//!   the next scoregroup): the fewest of its players left unpaired ([C6] there), then their
//!   scores as low as possible ([C7] there), in a pairing of everyone not yet paired that
//!   [C4] allows and that gives the bye, if any, the lowest score [C5] allows (a weighted
//!   matching; where the best conceivable is reached, only the parity left over at the lowest
//!   score, two cardinality matchings show it: `Ctx::next_bracket_floaters_at_best`, held to
//!   the weighted matching by a test and to bbpPairings by the agreement run). Without [C5] there, a set of downfloaters could look as good as another only
//!   through a pairing that gives the bye to a higher score than the rest allows (the
//!   generated tournament of bbpPairings' seed 6, 13 players, round 8). bbpPairings chooses so: it floats a higher-ranked
//!   player of equal score when the next bracket can then leave a lower score over, and it
//!   counts a pair [C4] forbids later as unpaired.
//! - [C5] ranks above [C6]: a candidate with fewer pairs, or fewer MDPs paired, whose bye
//!   goes to a lower score is better (bbpPairings floats a whole bracket down to reach the
//!   only players still eligible for the bye).
//! - [C9] (its note: "brackets that downfloat exactly one player, who will end up receiving
//!   the pairing-allocated bye"): a candidate that downfloats one player whom [C5] then leaves
//!   the bye (no lower player can take it instead); in the last bracket, its one downfloater.
//! - [C14], [C16] count "resident downfloaters", and [C18], [C20] the score differences of
//!   MDPs. An MDP left unpaired is weighed as bbpPairings v6 weighs it, the reference FIDE's
//!   endorsement compares with: in [C18]/[C20] (not in [C14]/[C16]), with its score
//!   difference to the next scoregroup, into which it moves down, or, in the last bracket,
//!   where it takes the bye, with a difference larger than any pairing gives. Read literally,
//!   an MDP who downfloated before would cost [C18]/[C20] if paired and nothing if left over,
//!   so the text would float exactly that player further down, or give him the bye. The
//!   hand-worked cases `dutch_2026_c20_an_mdp_left_in_the_limbo_is_weighed_by_its_float` and
//!   `dutch_2026_c20_the_mdp_left_with_the_bye_is_weighed_by_its_float` show both; the
//!   agreement test's seeds 141, 20466 and 26642 that such an MDP is not counted in
//!   [C14]/[C16]. With this reading (and those of [C8] and 5.2.5) every round of 100
//!   tournaments of 7-36 players (684 rounds) and 100 of 30-100 players (897) from
//!   bbpPairings' generator pairs as bbpPairings does; without it 6 and 8 differed.
//! - [C13]: a strong preference includes an absolute one.
//! - 3.1.2 MaxPairs and 3.1.3 M1: the most pairs (MDPs only with residents) the bracket's
//!   players can form within [C1]-[C3]; the candidates with fewer are in the sequence after
//!   all those with more, so that [C4] and [C5] can prefer them.
//! - 5.2.5's TPN parity: a player who has never been paired (no opponent, played or not, and
//!   no pairing-allocated bye in any round so far, and not paired now) has no TPN yet, so
//!   the players below move up one. The text says only "TPN"; this is the ruling of FIDE's
//!   Systems of Pairings and Programs Commission on C.04.2 2.4 that the text's editor notes
//!   record and both reference engines follow (bbpPairings v6 pairs so; the hand-worked case
//!   `dutch_2026_5_2_5_a_player_never_paired_has_no_tpn` shows that a pairing-allocated bye
//!   counts as being paired there).
//! - 4.4.1: every set of M1 MDPs that can be paired with distinct residents is in the
//!   sequence; the Limbo each leaves is judged with the rest of its candidates, by [C4] first
//!   and [C7] (a set whose Limbo [C7] prefers, but which leaves the rest unpairable, is not
//!   taken).

mod colours;
mod criteria;
pub(crate) mod definitions;
mod meanings;
pub(crate) mod procedure;
mod remainder;
mod search;
mod sequence;
pub(crate) mod several;
mod story;
mod walk;

use crate::model::ids::RoundNo;
use crate::model::tournament::Tournament;
use crate::pairing::common::initial_color;
use crate::pairing::explanation::Step;
use crate::pairing::proposal::{PairingError, RoundPairing};
use definitions::Ctx;
use procedure::procedure;
use search::Way;

/// The largest field this procedure pairs (ten times what a TRF can hold). Most large
/// brackets are settled without a cost for every pair: their first candidate is perfect, or
/// the classes of colour preferences show the first candidate reaching the least (the
/// colours' bound; with cells forbidden by [C1] one by one, an assignment of the classes'
/// optimum checked row by row), and the players a bracket may leave over are judged from
/// shared matchings. A remainder that the classes cannot show takes the costs of every pair
/// and weighted matchings up to `definitions::DENSE_LIMIT` players, and the matchings of
/// everyone not yet paired beyond (`several.rs`). Its speed at this size is in `docs/performance.md`.
pub const FIELD_LIMIT: usize = 100_000;

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    let cx = Ctx::new(tournament, round);
    if cx.players.len() > FIELD_LIMIT {
        return Err(PairingError::NotImplemented {
            system: crate::model::settings::System::Dutch2026,
            round,
        });
    }
    let mut explanation = vec![Step::heading(format!(
        "Round {round} (Dutch 2026): {} players.",
        cx.players.len()
    ))];
    let initial = initial_color(tournament, &mut explanation);
    explanation.extend(crate::pairing::common::lot_drawn(round, initial, "5.2.5"));
    let outcome = procedure(&cx, initial, Way::Directed, &mut explanation);
    RoundPairing::from_procedure(round, outcome, explanation)
}

#[cfg(test)]
mod tests;
