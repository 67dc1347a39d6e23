//! The Dubov system, 1997 text (`../shared/rules/dubov-1997.md`).
//!
//! Round 1 by 5; every later round score group by score group from the highest: the floaters
//! from above first (8.1, 8.2), the bye in the lowest group (4), the transfers 7.1-7.4 in
//! their order, then the two columns of 6.2 and the improvements of 6.3, the players left
//! unpaired floating down by 6.4's preferences; colours by 3.
//!
//! # Files, by the text's chapters
//! - `definitions.rs`: 1 (R, ARO, the due colour) and 2 (the limitations 2.1-2.6).
//! - `colours.rs`: 3 (the colour allocation) and the boards' order.
//! - `bye.rs`: 4 (the bye) and the dominating due colour.
//! - `round_one.rs`: 5.
//! - `score_groups.rs`: 6.1, 6.4, 8 (the groups from the top and their floaters) and 9.
//! - `improvements.rs`: 6.2 (the two columns) and 6.3 (the improvements).
//! - `transfers.rs`: 7.1-7.4.
//! - `tests.rs`: hand-worked cases on groups built directly.
//!
//! # Readings
//! Where the text is silent or unclear, the choice made (and cited where the code makes it):
//! - 1: ARO counts the games actually played (not byes, not forfeits), with the opponents'
//!   current ratings; a player with none has ARO 0. AROs are compared exactly (sum and count),
//!   never rounded, and shown with three decimals (9's list, the explanation, the API and the
//!   public page), which tells apart any two different AROs of up to 31 games; one decimal, as
//!   the example of 6.2 has, would show different AROs as equal.
//! - 1: a player with no game yet has no due colour; such players fill the smaller colour
//!   subgroup (White when the two are equal), one by one in the order 3 would give White
//!   (the higher ARO, then the lower R), and as their ARO is 0 they are also the first 7.3
//!   moves.
//! - 1, 2.1, 2.5: a game won or lost by forfeit was not played: it counts neither for ARO
//!   nor for the colours (due colour, 2.3, 2.4), and the two players may meet again (2.1);
//!   it does count for 2.5 when the player was paired with a higher score. A bye is never
//!   an upfloat.
//! - 2.1-2.5 are absolute for every pairing (but see 9). 2.5 counts an upfloat whenever a
//!   player is paired with a higher score (transferred up by 7.1/7.2, or paired with a floater
//!   from above by 8.2): not two rounds running, not more than three times (fewer than 10
//!   rounds, or rounds unknown) or four times (10 or more), except in the last round.
//! - 4: the bye is decided before the transfers, in the lowest group; among players equal by
//!   4's order the first whose absence still lets the rest be paired is chosen.
//! - 6.3: the improvements follow the text's order of changes: row by row, a white takes the
//!   first black left (the column's order) he may play, without looking further down; when he may
//!   play none, the rows above are changed one at a time, nearest first: that row's white takes the
//!   first black left he may play and row k's white takes the black he had, provided the rows below
//!   can still all be paired (a matching decides it); a row not changed keeps its pair. (Read
//!   before as the first complete assignment row by row, which could rewrite a row between the one
//!   changed and row k.) When no change of a single row works, the first complete assignment row by
//!   row is taken, and the explanation says so. When no assignment of every white to a black exists
//!   (6.3's last case: a white who can meet no black is paired with another white), the group is
//!   paired as a matching: the most pairs; among those, the floaters 6.4 prefers; then the most
//!   white-black pairs; then the pairs nearest the columns' order; among pairings equal in all of
//!   these, row by row as 6.3 goes: each white in turn takes the first black (column order), else
//!   the first white below him, else stays unpaired, then each black left the first black below him
//!   (each row's choice a field of the matching's weight, a block of rows settled by one
//!   matching: exact, with no search; `crate::matching::row_order`).
//! - 6.4: "was floater from higher score groups" is read as the player's history: he came
//!   down from a higher score group in this round or an earlier one (was paired against a
//!   lower score; a bye is not a float). The text calls "floaters" the players transferred
//!   down (6.4, 8), so a "floater from higher score groups" is one who came down, and the
//!   preference keeps from floating again those who already did, as the Dutch B.5/B.6 do.
//!   Read as "came down in this round" it would almost never apply, since such players are
//!   paired first (8.2) or float on at once. (An upfloat, being transferred to a higher group,
//!   is what 2.5 limits; the text does not call it floating.)
//! - 7: when both 7.1 and 7.2 apply, 7.1 goes first (the player transferred for it may also
//!   make the number even); the dominating due colour of 7.2 is the more numerous one in the
//!   group, White when they are equal. "The next possible lower score group" is the nearest
//!   lower group with a player who fits.
//! - 8.1: the floaters alternate white, black, white, ... starting with the highest "white"
//!   floater; when one colour runs out the others follow in their order. 8.2 takes, for each,
//!   the player of the group with the highest R among those of the opposite due colour
//!   (any colour if none fits), the lowest ARO on equal R, as long as the floaters after it
//!   can still be paired; a floater who cannot be paired floats on down.
//! - 9: a lowest group that cannot be paired at all is joined to the group above it, and the
//!   two are paired as one ("wisely and impartially"), as often as needed. When even the
//!   whole field as one group cannot be paired within 2.5's upfloat limits, the round is
//!   paired again from the start with them set aside for as few players as any pairing
//!   needs: those who float up against them in a pairing of the whole field (2.1-2.4 kept)
//!   with the fewest such upfloats (a weighted matching); for everyone only if the procedure
//!   still finds nothing. Either is said in the explanation. When 2.1-2.4 alone cannot be
//!   met, the round is refused and the chief arbiter decides its pairing.
//! - Boards: the text gives no order; the higher score of the pair, then the sum, then the
//!   higher player's number.

use crate::model::ids::RoundNo;
use crate::model::tournament::Tournament;
use crate::pairing::proposal::{PairingError, RoundPairing};
use round_one::round_one;
use score_groups::later_round;

mod bye;
mod colours;
mod definitions;
mod improvements;
mod round_one;
mod score_groups;
#[cfg(test)]
mod tests;
mod transfers;

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    // Round 1 directly, unless a forbidden pair stands in the way or an acceleration gives
    // virtual points (C.04.7 1.4: then the scores differ already; the procedure pairs it).
    if round == RoundNo::FIRST && tournament.virtual_points.is_empty() {
        if let Some(p) = round_one(tournament, round) {
            return Ok(p);
        }
    }
    later_round(tournament, round)
}
