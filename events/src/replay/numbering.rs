//! Pairing numbers: the state keeps players by registration number; pairing numbers (TPNs)
//! are derived, by the rules the tournament was created under ([`NumberingV1`]):
//! - the seed texts (Dutch 1992 A.2, Dubov 1997): the initial order fixes the numbers when
//!   round 1 is published; a later entry takes the next number;
//! - GHR 2026 Article 2 (Dutch 2026, Double-Swiss 2026): the numbers are the ranking's order
//!   (2.2, 2.3) of every registered player, a correction of a rating, title or name and a late
//!   entry included (2.4, 2.5: "the TPNs given at the start ... are provisional"), until round
//!   4 is paired; from then on a correction moves nobody (2.3: "no modification of a TPN for
//!   this reason is allowed after the fourth round has been paired"), and a late entry takes
//!   its place in the list (2.4 "an appropriate TPN"), which moves those below it down one.
//!
//! A tournament imported from a file keeps the file's numbers (another program paired with
//! them); its late entries follow the rules above.
//!
//! Here too the drawing of a round-robin's numbers (`NumbersDrawn`): its checks and its effect.
//!
//! Everything the engine derives (scores, colours, floats) it derives from the rounds, so a
//! correction changes what is derived after it and never a published pairing (Dutch F.7).
//!
//! Readings:
//! - GHR 2026 2.3 says the TPNs "may" be reassigned after a correction. They are, always,
//!   until round 4 is paired: a ranking the arbiter has to remember to redo is a ranking that
//!   is sometimes wrong, and the console shows each player's number as it is now.
//! - A late entry's "appropriate TPN" once the list is frozen: before the first player in the
//!   list whom it outranks by 2.2 (FIDE TEC's Annotated Dutch: "its correct place in the list"),
//!   each listed player ranked by their data as the list was frozen (a correction after that
//!   moves nobody, so it does not move the place a newcomer's rating gives either); the rest
//!   keep their relative order.
//! - The SPP's ruling that a registered participant who has not arrived has no TPN is served by
//!   registering a late entry when it arrives; a player registered earlier keeps a number
//!   through an announced absence.
//!

use super::state::{Check, Fixed, Numbering, PlayerRecord, State};
use crate::convert::to_engine_system;
use crate::rejection::Rejection;
use crate::schema::*;
use engine::model::player::Player;
use engine::{RoundNo, Tpn};

impl State {
    /// The pairing number of a registered player, as it is now (see this module's notes).
    pub fn tpn_of(&self, key: PlayerKey) -> Option<Tpn> {
        let i = usize::try_from(key.0).ok()?.checked_sub(1)?;
        self.numbering().tpns.get(i).copied().flatten()
    }

    /// The registration number of the player with pairing number `tpn`.
    pub fn key_of(&self, tpn: Tpn) -> Option<PlayerKey> {
        self.numbering().keys.get(tpn.index()).copied()
    }

    pub(super) fn numbering(&self) -> &Numbering {
        self.numbering.0.get_or_init(|| {
            let keys = self.order();
            let mut tpns = vec![None; self.players.len()];
            for (i, k) in keys.iter().enumerate() {
                if let Some(slot) = (k.0 as usize).checked_sub(1).and_then(|j| tpns.get_mut(j)) {
                    *slot = Some(Tpn::from_index(i));
                }
            }
            Numbering { keys, tpns }
        })
    }

    pub(super) fn order(&self) -> Vec<PlayerKey> {
        let Some(settings) = &self.settings else {
            return self.present().map(|p| p.key).collect();
        };
        let ranks = engine::model::player::initial_order_for(to_engine_system(settings.system));
        match &self.order {
            None => {
                let mut ranked: Vec<&PlayerRecord> = self.present().collect();
                ranked.sort_by(|a, b| ranks(&a.player, &b.player).then(a.key.cmp(&b.key)));
                let ranked = ranked.into_iter().map(|p| p.key);
                let o: Vec<PlayerKey> = match &self.drawn {
                    // The drawing's numbers; anyone not in it below, by rank.
                    Some(drawn) => {
                        let mut o = drawn.clone();
                        o.extend(ranked.filter(|k| !drawn.contains(k)));
                        o
                    }
                    None => ranked.collect(),
                };
                // A round-robin's players who withdrew before round 1 are out of its table:
                // they take the numbers after it.
                if !self.is_round_robin() {
                    return o;
                }
                let gone = |k: &PlayerKey| {
                    self.players[k.0 as usize - 1].player.withdrawn_from == Some(RoundNo::FIRST)
                };
                let (mut kept, out): (Vec<PlayerKey>, Vec<PlayerKey>) =
                    o.into_iter().partition(|k| !gone(k));
                kept.extend(out);
                kept
            }
            Some(fixed) => {
                let mut o = fixed.keys.clone();
                let mut ranked_as: Vec<&Player> = fixed.ranked_as.iter().collect();
                // Later entries: registered after the numbers were fixed (and not removed).
                let fixed_keys: std::collections::HashSet<PlayerKey> =
                    fixed.keys.iter().copied().collect();
                for late in self.present().filter(|p| !fixed_keys.contains(&p.key)) {
                    let at = match settings.numbering {
                        NumberingV1::FixedAtRound1 => o.len(),
                        NumberingV1::Ghr2026 => ranked_as
                            .iter()
                            .position(|p| ranks(&late.player, p).is_lt())
                            .unwrap_or(o.len()),
                    };
                    o.insert(at, late.key);
                    ranked_as.insert(at, &late.player);
                }
                o
            }
        }
    }

    /// Whether publishing `round` fixes the pairing numbers: round 1 under the seed texts,
    /// round 4 under GHR 2026 2.3.
    fn fixes_numbers(&self, round: u16) -> bool {
        let numbering = self.settings.as_ref().map(|s| s.numbering);
        round
            == match numbering.unwrap_or_default() {
                NumberingV1::FixedAtRound1 => 1,
                NumberingV1::Ghr2026 => 4,
            }
    }

    /// A round-robin's numbers as drawn, before round 1 fixes them.
    pub fn drawn_numbers(&self) -> Option<&[PlayerKey]> {
        self.drawn.as_deref()
    }

    /// Fixes the pairing numbers when publishing `round` does (round 1's `pairing_numbers`,
    /// given, fix them as given).
    pub(super) fn fix_numbers(&mut self, round: u16, pairing_numbers: &[PlayerKey]) {
        let fix = |keys: Vec<PlayerKey>| Fixed {
            ranked_as: keys
                .iter()
                .map(|k| self.players[k.0 as usize - 1].player.clone())
                .collect(),
            keys,
            round,
        };
        if !pairing_numbers.is_empty() {
            self.order = Some(fix(pairing_numbers.to_vec()));
        } else if self.order.is_none() && self.fixes_numbers(round) {
            self.order = Some(fix(self.order()));
        }
    }

    /// Unfixes the numbers that publishing `round` fixed, when it is unpublished.
    pub(super) fn unfix_numbers(&mut self, round: u16) {
        if self.order.as_ref().is_some_and(|f| f.round == round) {
            self.order = None;
        }
    }

    // `NumbersDrawn`: a round-robin's numbers, by lot, by the Varma tables or assigned (C.05).

    pub(super) fn check_numbers_drawn(&self, order: &[PlayerKey]) -> Result<Check, Rejection> {
        if !self.is_round_robin() {
            return Err(Rejection::NumbersNotDrawable(
                "numbers are drawn for a round-robin only: a Swiss numbers its players by their ranking",
            ));
        }
        if !self.rounds.is_empty() {
            return Err(Rejection::NumbersNotDrawable(
                "the numbers were fixed when round 1 was published (unpublish round 1 to draw again)",
            ));
        }
        let mut sorted = order.to_vec();
        sorted.sort();
        let all: Vec<PlayerKey> = self.present().map(|p| p.key).collect();
        if sorted != all {
            return Err(Rejection::InvalidField {
                field: "order",
                problem: "must list every registered player once".into(),
            });
        }
        Ok(Check::Apply)
    }

    pub(super) fn apply_numbers_drawn(&mut self, order: &[PlayerKey]) {
        self.drawn = Some(order.to_vec());
    }
}
