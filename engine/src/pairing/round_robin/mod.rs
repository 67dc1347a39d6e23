//! Round-robin events by FIDE's Berger tables (C.05, General Regulations for Competitions,
//! Annex 1; the restricted drawing of numbers by the Varma tables of Annex 2), single or
//! double.
//!
//! Every round is known once the numbers are: the players' pairing numbers are their numbers
//! in the table, fixed before round 1 (by a drawing of lots, by the Varma tables, or assigned
//! by the arbiter: see [`numbers`]); round `r` is the table's round as [`tables`] says, its
//! boards in the table's order. An odd field uses the table of one more number, that number
//! standing for the bye: the player drawn against it has no game that round and no point
//! (a rest, written `Z` as FIDE's calculator reads round-robins).
//!
//! # Files
//! - `tables.rs`: Annex 1, the tables and the order of a double round-robin's rounds.
//! - `numbers.rs`: the drawing of lots and Annex 2's Varma tables.
//!
//! # Readings
//! - Annex 1 for a double round-robin recommends reversing the order of the last two rounds
//!   of the first cycle; it is always done here (read in [`tables::table_round`]); the second
//!   cycle is the table again in its order with the colours reversed.
//! - A player who withdraws keeps their place in the table: their remaining games are lost
//!   by forfeit, their opponents win them (C.05's rule: "games not played shall be indicated
//!   by (-) for the player and (+) for the opponent"); the pairing still lists those boards,
//!   and the server records the forfeits when it publishes the round. Whether their games
//!   count in the final standings is the standings' business ([`crate::standings`]).
//! - A player who withdraws before round 1 is out of the table: the field is the others (the
//!   numbers drawn again, C.05's "drawing of lots" 3, unless the field was even and the player
//!   had the last number); such a player is listed, unranked, with no game.
//! - Late entries and requested byes do not exist in a round-robin: the tables are fixed for
//!   the field at round 1, and a player who cannot play a game loses it by forfeit. The
//!   server refuses both; a file that has them is paired by the tables all the same.

pub mod numbers;
pub mod tables;

use crate::model::ids::{RoundNo, Tpn};
use crate::model::settings::System;
use crate::model::tournament::Tournament;
use crate::pairing::explanation::Step;
use crate::pairing::proposal::{PairingError, RoundPairing};

/// The cycles of a round-robin system: 1, or 2 for a double round-robin; `None` for a Swiss.
pub fn cycles(system: System) -> Option<u16> {
    system.cycles()
}

/// Whether `p` is in a round-robin's table: every player but one who withdrew before round 1
/// (C.05: the numbers are then drawn again without them).
pub fn in_table(p: &crate::model::player::Player) -> bool {
    p.withdrawn_from != Some(RoundNo::FIRST)
}

/// The number of rounds of a round-robin of `players` in `cycles` cycles: each cycle the
/// table's rounds (a field of n players, n or n-1 rounded up to odd: 9 for 9 or 10).
pub fn total_rounds(players: u32, cycles: u16) -> u16 {
    tables::rounds_per_cycle(players) * cycles
}

/// C.05 Annex 1: round `round` of `tournament`, a round-robin of `cycles` cycles, straight
/// from the table: the players' pairing numbers are their numbers in it.
pub fn pair(
    tournament: &Tournament,
    round: RoundNo,
    cycles: u16,
) -> Result<RoundPairing, PairingError> {
    // The table's field: the players but those who withdrew before round 1, who must have
    // the numbers after it (the numbers are drawn again when one withdraws: C.05).
    let players = tournament.players().iter().filter(|p| in_table(p)).count() as u32;
    if let Some(p) = tournament
        .players()
        .iter()
        .take(players as usize)
        .find(|p| !in_table(p))
    {
        return Err(PairingError::NoValidPairing {
            round,
            reason: format!(
                "{} withdrew before round 1 but has number {} in the table: draw the numbers again (C.05)",
                p.name, p.tpn
            ),
        });
    }
    if players < 2 {
        return Err(PairingError::NoValidPairing {
            round,
            reason: format!("a round-robin needs at least 2 players; it has {players}"),
        });
    }
    let total = total_rounds(players, cycles);
    if round.get() > total {
        return Err(PairingError::TournamentComplete(total));
    }
    let size = tables::table_size(players);
    let (table_round, reversed) = tables::table_round(size, cycles, round.get());
    let mut explanation = vec![Step::new(
        "C.05 Annex 1",
        format!(
            "round {round} of {total}: round {table_round} of the Berger table for {size} numbers{}",
            if reversed {
                ", colours reversed (the second cycle)"
            } else if cycles > 1 && table_round + 1 >= size as u16 - 1 && size > 4 {
                " (the first cycle's last two rounds exchanged, as Annex 1 recommends)"
            } else {
                ""
            }
        ),
    )];
    let mut pairs = Vec::new();
    let mut bye = None;
    for (w, b) in tables::event_round(players, cycles, round.get()) {
        match (w <= players, b <= players) {
            (true, true) => pairs.push((
                Tpn::from_index(w as usize - 1),
                Tpn::from_index(b as usize - 1),
            )),
            (true, false) => bye = Some(Tpn::from_index(w as usize - 1)),
            (false, true) => bye = Some(Tpn::from_index(b as usize - 1)),
            (false, false) => {}
        }
    }
    if let Some(b) = bye {
        explanation.push(Step::new(
            "C.05 Annex 1",
            format!("{b} meets the bye number {size}: no game this round"),
        ));
    }
    for p in tournament.players() {
        if !p.plays_in(round) {
            explanation.push(Step::new(
                "C.05",
                format!(
                    "{} has withdrawn: the game is lost by forfeit, the opponent wins it",
                    p.tpn
                ),
            ));
        }
    }
    Ok(RoundPairing {
        round,
        pairs,
        bye,
        explanation,
    })
}
