//! What a pairing system returns: a round's pairing with its explanation, or why no round
//! could be paired; and how a pairing becomes a round to publish.

use super::explanation::Step;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::result::ByeKind;
use crate::model::settings::System;
use crate::model::tournament::{Bye, Pairing, Round, Tournament};

/// The pairs `(white, black)` in board order, and the bye: what a system's procedure finds.
pub(crate) type Paired = (Vec<(Tpn, Tpn)>, Option<Tpn>);

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
    /// A procedure's answer for `round` (its pairs in board order and the bye, or why no
    /// pairing complies) with its explanation, as the round's pairing.
    pub(crate) fn from_procedure(
        round: RoundNo,
        outcome: Result<Paired, String>,
        explanation: Vec<Step>,
    ) -> Result<RoundPairing, PairingError> {
        let (pairs, bye) =
            outcome.map_err(|reason| PairingError::NoValidPairing { round, reason })?;
        Ok(RoundPairing {
            round,
            pairs,
            bye,
            explanation,
        })
    }

    /// The round to publish: these pairings with no results yet, the pairing-allocated bye, and
    /// the byes requested for the round.
    pub fn to_round(&self, tournament: &Tournament) -> Round {
        let games = tournament.settings.games_per_pairing();
        // A round-robin has no requested byes: its table pairs everyone.
        let rest = tournament
            .settings
            .system
            .is_some_and(System::is_round_robin);
        let mut byes: Vec<Bye> = tournament
            .requested_byes
            .get(&self.round)
            .into_iter()
            .filter(|_| !rest)
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
            // A round-robin's bye number is a rest: no game, no point (C.05 Annex 1).
            let rest = tournament
                .settings
                .system
                .is_some_and(System::is_round_robin);
            byes.push(Bye {
                player: b,
                kind: if rest {
                    ByeKind::Zero
                } else {
                    ByeKind::PairingAllocated
                },
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
        System::Dubov2026 => "Dubov 2026: this build pairs fields of up to 100,000 players",
        System::Burstein2026 => "Burstein 2026: this build pairs fields of up to 100,000 players",
        _ => "a forbidden pair stands where the procedure has no way around it",
    }
}
