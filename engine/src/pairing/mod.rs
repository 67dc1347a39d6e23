//! Pairing a round: the systems, what they return, and how a pairing becomes a round.
//!
//! Each system has its own module, citing the articles it implements; all three pair every
//! round. The Dutch and Double-Swiss systems each have a second, literal implementation for
//! small fields that property tests hold the fast one to.

pub mod double_swiss;
pub mod double_swiss_matching;
pub mod double_swiss_reference;
pub mod dubov;
pub mod dutch;
pub mod dutch2026;
pub mod explanation;
mod index;

pub use explanation::Step;

// The matchings the procedures ask about live with the other matching code.
pub(crate) use crate::cardinality::{all_pairable, bipartite_assignment, bipartite_perfect};
pub(crate) use index::{Barred, IxVec, PlayerIx};

use crate::color::Color;
use crate::ids::{RoundNo, Tpn};
use crate::points::Points;
use crate::result::ByeKind;
use crate::settings::System;
use crate::tournament::{Bye, Pairing, Round, Tournament};
use std::fmt::Write as _;

/// A round's pairing as a system proposes it: pairs in board order and the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPairing {
    /// The round paired.
    pub round: RoundNo,
    /// `(white, black)`, board 1 first. In a Double-Swiss match, White has White in game 1.
    pub pairs: Vec<(Tpn, Tpn)>,
    /// The player given the pairing-allocated bye.
    pub bye: Option<Tpn>,
    /// What was decided and why, step by step under each article, for an arbiter to check by
    /// hand.
    pub explanation: Vec<Step>,
}

impl RoundPairing {
    /// The round to publish: these pairings with no results yet, the pairing-allocated bye, and
    /// the byes requested for the round.
    pub fn to_round(&self, tournament: &Tournament) -> Round {
        let games = tournament.settings.games_per_pairing();
        let mut byes: Vec<Bye> = tournament
            .requested_byes
            .get(&self.round)
            .into_iter()
            .flatten()
            .filter(|(p, _)| {
                tournament
                    .player(**p)
                    .is_some_and(|pl| pl.plays_in(self.round))
            })
            .map(|(p, k)| Bye {
                player: *p,
                kind: *k,
            })
            .collect();
        if let Some(b) = self.bye {
            byes.push(Bye {
                player: b,
                kind: ByeKind::PairingAllocated,
            });
        }
        byes.sort_by_key(|b| b.player);
        Round {
            pairings: self
                .pairs
                .iter()
                .map(|&(w, b)| Pairing::new(w, b, games))
                .collect(),
            byes,
        }
    }

    /// The pairs and bye in the output format of bbpPairings and JaVaFo: the number of pairs,
    /// then one line per pair "white black", the bye as "N 0".
    pub fn to_engine_output(&self) -> String {
        let mut out = format!("{}\n", self.pairs.len() + usize::from(self.bye.is_some()));
        for (w, b) in &self.pairs {
            out.push_str(&format!("{w} {b}\n"));
        }
        if let Some(b) = self.bye {
            out.push_str(&format!("{b} 0\n"));
        }
        out
    }
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing meets the absolute criteria; the chief arbiter decides (Double-Swiss 3.3.3).
    #[error("no valid pairing exists for round {round}: {reason}")]
    NoValidPairing {
        /// The round.
        round: RoundNo,
        /// Why.
        reason: String,
    },
    /// This build does not yet implement the system's procedure for this round.
    #[error("this build cannot pair round {round} with the {} system yet ({})", system.name(), not_yet(*system))]
    NotImplemented {
        /// The system.
        system: System,
        /// The round asked for.
        round: RoundNo,
    },
    /// Every round the tournament has was already paired.
    #[error("all {0} rounds are already paired")]
    TournamentComplete(u16),
    /// A round still has results missing.
    #[error("round {0} still has results missing")]
    ResultsMissing(RoundNo),
}

/// What a system's procedure in this build cannot pair yet, in words.
fn not_yet(system: System) -> &'static str {
    match system {
        System::DoubleSwiss => {
            "Double-Swiss: fields whose criteria fit its matching weights, about 100-200 players"
        }
        System::Dutch2026 => "Dutch 2026: this build pairs fields of up to 100,000 players",
        _ => "a forbidden pair stands where the procedure has no way around it",
    }
}

/// Pairs the next round of `tournament` with `system`.
pub fn pair_next_round(
    tournament: &Tournament,
    system: System,
) -> Result<RoundPairing, PairingError> {
    let round = tournament.next_round();
    if let Some(total) = tournament.settings.rounds {
        if round.get() > total {
            return Err(PairingError::TournamentComplete(total));
        }
    }
    if let Some((i, _)) = tournament
        .rounds()
        .iter()
        .enumerate()
        .find(|(_, r)| r.pairings.iter().any(|p| !p.is_complete()))
    {
        return Err(PairingError::ResultsMissing(RoundNo::from_index(i)));
    }
    match system {
        System::Dutch1992 => dutch::pair(tournament, round),
        System::Dutch2026 => dutch2026::pair(tournament, round),
        System::Dubov => dubov::pair(tournament, round),
        System::DoubleSwiss => double_swiss::pair(tournament, round),
    }
}

/// Who may not meet whom in `round`, in a procedure's own numbering of the players `players`
/// (the position of each in that list): those who have played each other (Dutch B.1 a, Dubov
/// 2.1: a forfeited game was not played) and the pairs a forbidden-pairs record keeps apart in
/// that round.
pub(crate) fn barred_pairs(
    tournament: &Tournament,
    round: RoundNo,
    states: &[crate::history::PlayerState],
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

/// The lot for the first colour, when the file does not record it (bbpPairings' generated
/// files have no XXC): round 1 shows it, since there the highest-ranked player paired gets the
/// lot's colour: the first of S1 in the 1992 Dutch (E.5) and in the systems pairing round 1 as
/// it does, and in the 2026 Dutch the holder of the first TPN among those paired (5.2.5: a
/// player above who was not paired has no TPN yet).
pub(crate) fn lot_of_round_one(tournament: &Tournament) -> Option<crate::color::Color> {
    let first = tournament.rounds().first()?;
    let p = first.pairings.iter().min_by_key(|p| p.white.min(p.black))?;
    Some(if p.white < p.black {
        crate::color::Color::White
    } else {
        crate::color::Color::Black
    })
}

/// Round 1 as Dutch F.4/E.5 and Dubov 5 both define it: the available players in the
/// starting order (rating, then the pairing number: [`crate::player::pairing_order`]); if their number is odd the
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
    let mut players: Vec<&crate::player::Player> = tournament
        .available_players(round)
        .into_iter()
        .filter_map(|t| tournament.player(t))
        .collect();
    players.sort_by(|a, b| crate::player::pairing_order(a, b));
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
