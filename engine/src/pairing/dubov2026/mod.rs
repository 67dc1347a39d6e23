//! The Dubov system, C.04.4.1 applied from 1 February 2026 (`../shared/rules/dubov-2026.md`),
//! with the Basic Rules (C.04.1) and the General Handling Rules (C.04.2) it refers to.
//!
//! Every round, round 1 included, by the same procedure (1.9): the pairing-allocated bye
//! first (3.1), then the brackets from the top scoregroup down (3.2): each bracket's residents
//! with the upfloaters that pair it best by [C5]-[C10], the first such set in 4.2's order; G1
//! (the White seekers) and G2, re-composed by 4.3's shifters; S1 (G1 by ARO) against the first
//! transposition of G2 (4.4); then the colours of Article 5.
//!
//! Exact by construction and polynomial, with no search and no limit:
//! - 3.1: one maximum matching of the field; a candidate for the bye is tried by one
//!   alternating path from the partner he leaves (O(n²) each, one pass when a path of one or
//!   three edges does). A perfect matching of everyone not yet paired is then kept through the
//!   round: [C4]'s witness, split after each bracket (`common::split_into_parts`: the few
//!   pairs a bracket's edge cuts re-paired by augmenting paths, exact by Berge).
//! - 3.2.1-3.2.2, first by bounds: residents of an even number pairable among themselves, the
//!   rest too, need no upfloater ([C5] at 0); residents of an odd number take one from the next
//!   score ([C6]) whose bracket has no more pairs of one colour's seekers than half the colour
//!   difference ([C7]), the least [C8]-[C10] of his own, the first such in 4.2's order that
//!   the two matchings (bracket, rest) admit. Else a weighted matching of the residents and a
//!   few players below standing in for all of them (those who met a resident; of each kind of
//!   the others the first as many as the residents), exact where the rest can then be
//!   completed (`procedure::by_stand_ins` says why). Else one weighted matching of the
//!   residents and every player below (a perfect matching is [C4]), every quality criterion a
//!   tier of one wide integer weight, the earlier criterion the weightier ([C5] the upfloaters,
//!   [C6] a tier per score below, the lowest score the weightiest, [C7] the pairs of one colour
//!   seeker, [C8]-[C10]); its best weight is the best standing; 4.1.3's first set among
//!   those reaching it is fixed member by member in 4.2's order: at most one O(V³) matching
//!   per possible upfloater (V the players not yet paired), run for up to `MATCHING_LIMIT`
//!   players (a round needing it beyond is refused in words; in generated fields of 1,000 to
//!   100,000 no round has; the refusal is tested with the limit lowered,
//!   `dubov_2026_a_round_beyond_the_general_methods_limit_is_refused_in_words`).
//! - 3.2.4: no pair inside the smaller subgroup and the first shifters of 4.3's order, when a
//!   perfect matching across the two new subgroups shows both; else the fewest pairs inside
//!   the smaller subgroup (the pairing best by [C7]) by one weighted matching of the bracket,
//!   each shifter set by 4.1.3 member by member, each question a matching of the bracket.
//! - 3.2.6: the first transposition row by row, each row's earliest free partner (a free-
//!   column list), else each row's earliest that an alternating path through the rows below
//!   allows (`sequence::first_transposition`).
//!
//! A test pairs every round of generated tournaments both ways (`fast` on and off): the
//! bounds and the weighted matchings agree.
//!
//! # Files, by the text's articles
//! - `definitions.rs`: Article 1 (score, colour preference, ARO, upfloats, MaxT) and what
//!   [C1]-[C3] allow.
//! - `procedure.rs`: 1.9 and Article 3 (the bye, each bracket's upfloaters).
//! - `groups.rs`: 3.2.3-3.2.6, a bracket's G1 and G2, their shifters and S1 against G2.
//! - `sequence.rs`: Article 4's orders.
//! - `colours.rs`: Article 5.
//!
//! # Readings
//! Where the text is silent or unclear, the choice made (and cited where the code makes it):
//! - Played games only (C.04.2 3.4, 1.7.1's "over-the-board"): a forfeited game is neither a
//!   meeting ([C1]: the two may meet again), nor a colour, nor a game for ARO or 3.1.4, nor an
//!   upfloat. An upfloat (1.8, [C10]) is a game played against a higher pairing score.
//! - 1.6.1: when a colour difference beyond ±1 and the last two colours point different ways
//!   (W W B B B B W W: a difference of -2 after two Whites), the difference decides.
//! - 1.8.2: with the number of rounds unknown, Rnds is the round being paired; [C8]-[C10]
//!   then always apply, since no round is known to be the last.
//! - [C2]: a player who has had the pairing-allocated bye, a requested full-point bye or a
//!   win by forfeit (a win's points without playing) may not have the bye.
//! - [C6]: "score differences taken in descending order" compares the upfloaters' scores from
//!   the lowest: fewer upfloaters on the lowest score first, then on the next, and so on.
//! - [C7]: every player has a colour preference (1.6.4), so a pair denies one player exactly
//!   when both seek the same colour; that is what is counted.
//! - [C9]: the sum, over the maximum upfloaters chosen, of the times each has upfloated.
//! - 3.2.3: "all the players in the bracket have yet to play a game" is read literally (not
//!   "round 1"): such a bracket's G1 is its first half by TPN.
//! - 3.2.4: "the number of such pairs" is the fewest pairs inside the smaller subgroup that
//!   any legal pairing of the bracket has (with White and Black seekers apart, the pairing
//!   best by [C7]); the shifters are one of each such pair. The second shift's pool is the
//!   larger subgroup's own players (those shifted into it are not shifted back).
//! - 4.3.2's sorting applies to the pool by its players' preference; in a bracket where no
//!   one has played, every player seeks Black (1.6.4) and the pools are by TPN.
//! - 5.2.1: the TPN's parity as the pairing number stands (players not paired this round
//!   keep their numbers). Boards: C.04.2 3.6 (the higher score of the pair, the sum, the
//!   higher-ranked player's TPN).
//! - Acceleration (C.04.7): the pairing score (points plus the round's virtual points) is
//!   the score of the scoregroups, [C6] and 3.1.3; earlier upfloats compare the pairing scores
//!   of their rounds.

use crate::model::ids::RoundNo;
use crate::model::tournament::Tournament;
use crate::pairing::common::initial_color;
use crate::pairing::explanation::Step;
use crate::pairing::proposal::{PairingError, RoundPairing};
use definitions::Ctx;
pub use definitions::MATCHING_LIMIT;

mod colours;
mod definitions;
mod groups;
mod meanings;
mod procedure;
mod sequence;
#[cfg(test)]
mod tests;

/// The largest field this build pairs, as the 2026 Dutch's: 100,000 players in 0.03-0.13 s a
/// round (`docs/performance.md`); a larger one is refused in words.
pub const FIELD_LIMIT: usize = 100_000;

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    let cx = Ctx::new(tournament, round);
    if cx.players.len() > FIELD_LIMIT {
        return Err(PairingError::NotImplemented {
            system: crate::model::settings::System::Dubov2026,
            round,
        });
    }
    let mut explanation = vec![Step::heading(format!(
        "Round {round} (Dubov 2026): {} players; MaxT {}{}.",
        cx.players.len(),
        cx.max_t,
        if cx.last_round {
            "; the last round: [C8]-[C10] do not apply"
        } else {
            ""
        }
    ))];
    let initial = initial_color(tournament, &mut explanation);
    explanation.extend(crate::pairing::common::lot_drawn(round, initial, "5.2.1"));
    let outcome = procedure::procedure(&cx, initial, &mut explanation);
    crate::pairing::explanation::gloss_bracketed(&mut explanation, meanings::CRITERIA);
    RoundPairing::from_procedure(round, outcome, explanation)
}
