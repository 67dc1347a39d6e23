//! The context every tie-break is computed in: the tournament, each player's facts
//! (`facts.rs`), the rounds counted; the tie-breaks themselves are `impl Cx` blocks by
//! family (`buchholz.rs`, `ratings.rs`, `encounter.rs`), chosen by code in `values.rs`.
use super::facts::Facts;
use crate::model::color::Color;
use crate::model::ids::Tpn;
use crate::model::points::Points;
use crate::model::settings::System;
use crate::model::tournament::Tournament;

/// What every tie-break is computed from.
pub(super) struct Cx<'a> {
    pub(super) t: &'a Tournament,
    pub(super) facts: &'a [Facts],
    pub(super) rounds: usize,
    /// A draw's points in one round (a Double-Swiss round: two games).
    pub(super) draw: Points,
    /// The tournament's last round is among those counted (Fore Buchholz).
    pub(super) final_round: bool,
    pub(super) all_rated: bool,
    /// A round-robin: the pairings were fixed in advance (C.07's "predetermined" pairing),
    /// so every scheduled game counts against its opponent, forfeited or not, and a rest
    /// (the bye number) counts for nothing.
    pub(super) predetermined: bool,
}

/// One round's contribution to a Buchholz-like tie-break, with what its cut is chosen by.
#[derive(Clone, Copy)]
pub(super) struct Part {
    /// The opponent's (or the dummy's) score, in tenths.
    pub(super) score: i64,
    /// What it adds (the score, or for SB the score times the points).
    pub(super) value: i64,
    pub(super) vur: bool,
}

impl Cx<'_> {
    pub(super) fn new<'a>(t: &'a Tournament, facts: &'a [Facts], rounds: usize) -> Cx<'a> {
        Cx {
            t,
            facts,
            rounds,
            draw: Points::from_tenths(
                t.settings.points.draw.tenths() * t.settings.games_per_pairing() as i32,
            ),
            final_round: t
                .settings
                .rounds
                .is_some_and(|total| usize::from(total) == rounds && rounds > 0),
            all_rated: facts.iter().all(|f| f.rating.is_some()),
            predetermined: t.settings.system.is_some_and(System::is_round_robin),
        }
    }

    /// The opponents `i` played over the board, one entry a round.
    pub(super) fn played_opponents(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.facts[i]
            .rounds
            .iter()
            .filter(|x| x.played)
            .filter_map(|x| x.opponent.map(Tpn::index))
    }

    /// The games `i` played over the board that `keep` (colour, 2 a win / 1 a draw) counts.
    pub(super) fn games(&self, i: usize, keep: impl Fn(Color, u8) -> bool) -> i64 {
        self.facts[i]
            .rounds
            .iter()
            .flat_map(|x| x.games.iter().flatten())
            .filter(|(c, p)| keep(*c, *p))
            .count() as i64
    }
}
