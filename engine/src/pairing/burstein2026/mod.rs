//! The Burstein system, C.04.4.2 applied from 1 February 2026 (`../shared/rules/burstein-2026.md`),
//! with the Basic Rules (C.04.1) and the General Handling Rules (C.04.2) it refers to.
//!
//! The seeding rounds (1.6: half the rounds, at most four) are paired by the 2026 Dutch
//! system. After them, every round by 1.9: the pairing-allocated bye first (3.1), then bracket
//! by bracket from the top scoregroup down, each bracket its residents and the players left
//! unpaired by the bracket above (the incoming floaters), ranked by the opposition Index of
//! 1.7-1.8 (Buchholz, Sonneborn-Berger, then TPN: not by score); its pairing the first in
//! Article 4's order (BSN 1's opponent the largest BSN, floating last; then BSN 2's; ...) of
//! those best by [C5]-[C8]; then the colours of Article 5.
//!
//! Exact by construction and polynomial, with no search and no limit. A perfect matching of
//! everyone not yet paired is kept through the round as [C4]'s witness (as the 2026 Dubov's).
//! Each bracket is settled, in this order, by:
//! - the bounds (`fast.rs`): [C5] half the bracket, [C6] the floater from its lowest score,
//!   [C7] the next bracket paired as fully as its number allows with that floater in it, [C8]
//!   the least denials the colour counts allow, reached exactly when the pairs keep a rule on
//!   the preferences; 4.3's first pairing among those keeping it by serving the rows in BSN
//!   order (each its largest BSN that the counts left still allow, else each its largest that
//!   an alternating path through a kept perfect matching allows); exact when the rest then
//!   splits as assumed;
//! - else one weighted matching of the bracket, a few of the next scoregroup standing in for
//!   all of it and players below as vertices that may meet anyone (exact when the round then
//!   completes as it assumed; `fast::by_stand_ins` says why);
//! - else one weighted matching of everyone not yet paired (a perfect matching is [C4]): [C5]
//!   (the bracket's pairs), [C6] (a tier per score of the bracket, the highest the weightiest:
//!   the outgoing floaters' scores, taken from the highest, as low as they can be), [C7] (the
//!   next bracket's pairs, then the scores of those floating into it who are paired there, its
//!   own [C5] and [C6]) and [C8] (pairs of two players seeking one colour) as tiers of one wide
//!   integer; Article 4's order lies below them, each bracket player's choice a field, a block
//!   of players settled by one matching (`crate::matching::row_order::first_in_row_order_of`):
//!   at most one O(V³) matching per block of bracket players (V the players not yet paired),
//!   run for up to `MATCHING_LIMIT` players (a round needing it beyond is refused in words; in
//!   generated fields of 1,000 to 100,000 no round has; the refusal is tested with the limit lowered,
//!   `burstein_2026_a_round_beyond_the_general_methods_limit_is_refused_in_words`).
//!
//! Tests pair every round of generated tournaments both ways (bounds on and off) and 4.3's rows
//! against the note's list enumerated.
//!
//! # Files, by the text's articles
//! - `definitions.rs`: Article 1 (colour preference, the Index and ranking, the seeding
//!   rounds) and what [C1]-[C3] allow.
//! - `procedure.rs`: 1.9 and Articles 3-4.
//! - `fast.rs`: the brackets the bounds settle (Articles 2-4 without a matching of everyone).
//! - `weights.rs`: a bracket by one weighted matching ([C5]-[C8] as tiers, Article 4 below).
//! - `colours.rs`: Article 5 (5.2.2-5.2.5 shared with the 2026 Dubov, whose words they are).
//!
//! # Readings
//! Where the text is silent or unclear, the choice made (and cited where the code makes it):
//! - 1.6.2: with the number of rounds unknown, four seeding rounds.
//! - 1.7.2: a round a player did not play (a bye, an absence, a forfeit: no game over the
//!   board) counts as one against himself with the points he got in it: his own current score
//!   in the Buchholz, times those points in the Sonneborn-Berger. A player whose last rounds,
//!   up to the current one, are all zero-point byes or absences counts for his opponents with
//!   each of them as a draw (the exception's "series of consecutive zero-point byes up to the
//!   current round", all of it). The scores are the points, virtual points left out.
//! - [C2]: a player who has had the pairing-allocated bye, a requested full-point bye or a win
//!   by forfeit may not have the bye. 3.1.5's "lowest ranking" is 1.8's (the Index, then the
//!   TPN), over the whole field.
//! - [C6] compares the outgoing floaters' scores from the highest: as few floaters as possible
//!   on the bracket's highest score, then on the next, and so on.
//! - [C7]: "every criterion from [C1] to [C6] complied with" in the following bracket is read
//!   as its [C5] and [C6] at their best given the floaters ([C1]-[C4] are absolute): the most
//!   pairs in it, then the highest scores among the floaters paired there.
//! - [C8]: a pair denies one player when both prefer one colour; a player with no preference
//!   (1.5.4) is denied nothing.
//! - 5.2.1 and 5.2.5's "higher ranked" is 1.8's ranking (the Index), as the text says; the
//!   boards follow C.04.2 3.6 (the higher score of the pair, the sum, then the TPN).
//! - Acceleration (C.04.7): the pairing score (points plus the round's virtual points) makes
//!   the scoregroups, [C6], [C7] and 3.1.3; the Index leaves virtual points out (1.7.2).

use crate::model::ids::RoundNo;
use crate::model::tournament::Tournament;
use crate::pairing::common::initial_color;
use crate::pairing::explanation::Step;
use crate::pairing::proposal::{PairingError, RoundPairing};
use definitions::Ctx;
pub use definitions::MATCHING_LIMIT;

mod colours;
mod definitions;
mod fast;
mod meanings;
mod procedure;
#[cfg(test)]
mod tests;
mod weights;

/// The largest field this build pairs, as the 2026 Dutch's (its seeding rounds are the 2026
/// Dutch's rounds): a larger one is refused in words from round 1.
pub const FIELD_LIMIT: usize = 100_000;

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    if tournament.available_players(round).len() > FIELD_LIMIT {
        return Err(PairingError::NotImplemented {
            system: crate::model::settings::System::Burstein2026,
            round,
        });
    }
    pair_reading(tournament, round, definitions::Exception::AsWritten)
}

/// [`pair`], with 1.7.2's exception read as `exception` says.
fn pair_reading(
    tournament: &Tournament,
    round: RoundNo,
    exception: definitions::Exception,
) -> Result<RoundPairing, PairingError> {
    let seeding = definitions::seeding_rounds(tournament.settings.rounds);
    if round.get() <= seeding {
        let mut p = crate::pairing::dutch2026::pair(tournament, round)?;
        p.explanation.insert(
            0,
            Step::new(
                "1.6",
                format!(
                    "Round {round} is a seeding round (the first {seeding}): paired by the Dutch system (C.04.3)."
                ),
            ),
        );
        return Ok(p);
    }
    let cx = Ctx::read(tournament, round, exception);
    let mut explanation = vec![Step::heading(format!(
        "Round {round} (Burstein 2026): {} players; seeding rounds 1-{seeding}.",
        cx.players.len()
    ))];
    let initial = initial_color(tournament, &mut explanation);
    explanation.extend(crate::pairing::common::lot_drawn(round, initial, "5.2.1"));
    let outcome = procedure::procedure(&cx, initial, &mut explanation);
    crate::pairing::explanation::gloss_bracketed(&mut explanation, meanings::CRITERIA);
    RoundPairing::from_procedure(round, outcome, explanation)
}
