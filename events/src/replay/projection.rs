//! The state as the engine's tournament: the players in pairing-number order, the published
//! rounds with their byes and results, the byes asked for, the Baku virtual points and the
//! players kept apart, built once per state from the state's records (each value converted by
//! [`crate::convert`]), and the standings worked out from it once per state.

use super::state::State;
use crate::convert::{
    acceleration_of, color_of, points_for, round_robin_cycles, tiebreaks_of, to_engine_result,
    to_engine_system,
};
use crate::schema::*;
use engine::model::result::ByeKind;
use engine::model::tournament::{Bye, Pairing, Round, Tournament};
use engine::{RoundNo, Settings, Tpn};

impl State {
    /// The engine's tournament: what a pairing is computed from.
    pub fn tournament(&self) -> Tournament {
        self.engine().clone()
    }

    /// [`State::tournament`] without a copy: built once per state.
    pub fn engine(&self) -> &Tournament {
        self.engine.0.get_or_init(|| self.build_tournament())
    }

    /// The standings after the last round, with the tournament's tie-breaks and lot seed:
    /// worked out once per state.
    pub fn standings(&self) -> &engine::standings::Standings {
        self.standings.0.get_or_init(|| {
            let t = self.engine();
            engine::standings::standings(t, None, &t.settings.tiebreaks, t.settings.lot_seed)
        })
    }

    fn build_tournament(&self) -> Tournament {
        let Some(s) = &self.settings else {
            return Tournament::default();
        };
        let settings = Settings {
            system: Some(to_engine_system(s.system)),
            rounds: Some(self.rounds_total()),
            initial_color: Some(color_of(s.initial_color)),
            points: points_for(s),
            tiebreaks: tiebreaks_of(s),
            lot_seed: s.lot_seed,
            acceleration: acceleration_of(s.acceleration),
        };
        let mut t = Tournament::new(settings);
        // The numbering the state caches: the order is worked out once per state.
        let numbering = self.numbering();
        for (i, key) in numbering.keys.iter().enumerate() {
            let mut p = self.players[key.0 as usize - 1].player.clone();
            p.tpn = Tpn::from_index(i);
            t.add_player(p).expect("pairing numbers in order");
        }
        // Published rounds name no removed player (only one never paired may be removed).
        let of = |k: PlayerKey| numbering.tpns[k.0 as usize - 1].unwrap_or(Tpn::from_index(0));
        for r in &self.rounds {
            let mut byes: Vec<Bye> = r
                .requested
                .iter()
                .map(|(k, kind)| Bye {
                    player: of(*k),
                    kind: *kind,
                })
                .chain(r.absent_unchecked.iter().map(|k| Bye {
                    player: of(*k),
                    kind: ByeKind::Zero,
                }))
                .collect();
            if let Some(b) = r.bye {
                byes.push(Bye {
                    player: of(b),
                    // A round-robin's bye number is a rest: no game, no point.
                    kind: if round_robin_cycles(s.system).is_some() {
                        ByeKind::Zero
                    } else {
                        ByeKind::PairingAllocated
                    },
                });
            }
            let pairings = r
                .pairs
                .iter()
                .zip(&r.results)
                .map(|(p, res)| Pairing {
                    white: of(p.white),
                    black: of(p.black),
                    games: match res {
                        Some((games, _)) => games.iter().map(|g| to_engine_result(*g)).collect(),
                        None => vec![None; self.games_per_pairing()],
                    },
                })
                .collect();
            t.push_round(Round { pairings, byes })
                .expect("checked when appended");
        }
        for (round, requests) in &self.requests {
            if let Some(r) = RoundNo::new(*round) {
                let entry = t.requested_byes.entry(r).or_default();
                for (k, kind) in requests {
                    entry.insert(of(*k), *kind);
                }
            }
        }
        // Players required to check in for the next round who have not: absent in the
        // proposal (the arbiter checks them in, or pairs them by hand, to override).
        let unchecked = self.unchecked();
        if let (Some(next), false) = (
            RoundNo::new(self.rounds.len() as u16 + 1),
            unchecked.is_empty(),
        ) {
            let entry = t.requested_byes.entry(next).or_default();
            for k in unchecked {
                entry.insert(of(k), ByeKind::Zero);
            }
        }
        // C.04.7: the Baku virtual points, group A running to its last player's number today
        // (before round 1, the first 2·⌈N/4⌉ of the list).
        if s.acceleration == AccelerationV1::Baku {
            let n = numbering.keys.len();
            let last = match self.last_of_a {
                Some(k) => numbering.tpns.get(k.0 as usize - 1).copied().flatten(),
                None => engine::model::acceleration::group_a(n)
                    .min(n)
                    .checked_sub(1)
                    .map(Tpn::from_index),
            };
            if let Some(last) = last {
                if let Ok(v) =
                    engine::model::acceleration::baku(last, self.rounds_total(), &t.settings.points)
                {
                    t.virtual_points = v;
                }
            }
        }
        // Players kept apart: the engine's forbidden pairs (an absolute criterion in every
        // system), by today's pairing numbers.
        let last = self.rounds_total();
        for k in self.kept_apart.values() {
            let players: Vec<Tpn> = k
                .players
                .iter()
                .filter_map(|p| numbering.tpns.get(p.0 as usize - 1).copied().flatten())
                .collect();
            if let (Some(from), Some(to)) = (
                RoundNo::new(k.from),
                RoundNo::new(k.to.unwrap_or(last).max(k.from)),
            ) {
                t.forbidden
                    .push(engine::model::tournament::ForbiddenPairs { from, to, players });
            }
        }
        t
    }
}
