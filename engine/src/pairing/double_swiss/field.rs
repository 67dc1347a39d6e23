//! The Double-Swiss field of a round (C.04.5 Article 1's definitions as the procedure asks
//! them: scores, C1's barred pairs, unplayed points, floats) and Article 4's colours. Both the
//! procedure ([`super::matching`]) and the literal reference ([`super::reference`]) read it.
//!
//! Readings (where the text is silent):
//! - A floater "in the previous round" (1.5, C7, C8) is a player who was paired in the
//!   previous round against an opponent whose score before that round differed from theirs,
//!   whether or not the match was then played; a bye, an absence or no previous round make no
//!   floater.
//! - 4.3.1 "both players have yet to play a match": neither has a colour (1.6) yet.
//! - 4.3.3 with General Handling Rules 3.4: the colour histories are compared from their last
//!   played match backwards, unplayed rounds left out.

use crate::model::color::Color;
use crate::model::history::{pairing_states_before, PlayerState, RoundEntry};
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::tournament::Tournament;
use crate::pairing::common::{barred_pairs, initial_color, tpn_list as list};
use crate::pairing::explanation::Step;
use crate::pairing::index::{Barred, PlayerIx};
use crate::pairing::proposal::RoundPairing;

pub(crate) struct Field {
    round: RoundNo,
    pub(super) states: Vec<PlayerState>,
    /// C1's pairs, by pairing number (a player's index is its pairing number's).
    barred: Barred,
    /// Each player's score, by pairing number (read at every comparison of two players: a
    /// list of its own stays in the processor's caches).
    scores: Vec<Points>,
    /// Each player's colours of the matches played, by pairing number (4.3): the most recent
    /// in the lowest bit, 1 for White, and how many; `None` beyond 64 (then the history is
    /// read). Read once a pair, at random: a list of its own stays in the processor's caches.
    played: Vec<Option<(u64, u32)>>,
    pub(super) last_round: bool,
}

impl Field {
    /// The field of `round`: everyone's record before it.
    pub(crate) fn new(tournament: &Tournament, round: RoundNo) -> Field {
        let states = pairing_states_before(tournament, round);
        let everyone: Vec<Tpn> = states.iter().map(|s| s.tpn).collect();
        Field {
            round,
            barred: barred_pairs(tournament, round, &states, &everyone),
            scores: states.iter().map(|s| s.score).collect(),
            played: states.iter().map(played_bits).collect(),
            states,
            last_round: tournament.settings.rounds == Some(round.get()),
        }
    }

    /// Whether C7 and C8 are set aside (the last round).
    pub(crate) fn is_last_round(&self) -> bool {
        self.last_round
    }

    /// Whether the player may not take the pairing-allocated bye (C2).
    pub(crate) fn had_unplayed_point(&self, p: Tpn) -> bool {
        self.states[p.index()].unplayed_point
    }

    /// Matches played (3.4.3).
    pub(crate) fn played_count(&self, p: Tpn) -> usize {
        self.states[p.index()].played_count()
    }

    pub(crate) fn score(&self, p: Tpn) -> Points {
        self.scores[p.index()]
    }

    /// C1: not met before (a match forfeited by one player counts as not met), not forbidden.
    pub(crate) fn may_meet(&self, a: Tpn, b: Tpn) -> bool {
        !self
            .barred
            .contains(PlayerIx::new(a.index()), PlayerIx::new(b.index()))
    }

    /// 1.5: paired in the previous round against a different score.
    pub(crate) fn floated_last_round(&self, p: Tpn) -> bool {
        if self.last_round || self.round.get() < 2 {
            return false;
        }
        self.states[p.index()]
            .floats
            .last()
            .is_some_and(|f| f.is_some())
            && matches!(
                self.states[p.index()].entries.last(),
                Some(RoundEntry::Paired { .. })
            )
    }
}

/// 3.6's step: `bracket` is paired by `identifier`.
pub(crate) fn bracket_paired(bracket: &[Tpn], identifier: &[Tpn], explanation: &mut Vec<Step>) {
    explanation.push(Step::new(
        "3.6",
        format!(
            "bracket {} is paired by the identifier {}.",
            list(bracket),
            list(identifier)
        ),
    ));
}

/// 4: the round with each pair's colours, the lot's initial colour said in the explanation.
pub(crate) fn coloured(
    tournament: &Tournament,
    field: &Field,
    round: RoundNo,
    pairs: &[(Tpn, Tpn)],
    bye: Option<Tpn>,
    mut explanation: Vec<Step>,
) -> RoundPairing {
    let initial = initial_color(tournament, &mut explanation);
    RoundPairing {
        round,
        pairs: pairs
            .iter()
            .map(|&(a, b)| colours(field, a, b, initial))
            .collect(),
        bye,
        explanation,
    }
}
/// A player's colours of the matches played as [`Field::played`] keeps them.
fn played_bits(s: &PlayerState) -> Option<(u64, u32)> {
    let mut bits = 0u64;
    let mut len = 0u32;
    for c in s.played_colors() {
        if len == 64 {
            return None;
        }
        bits = (bits << 1) | u64::from(c == Color::White);
        len += 1;
    }
    Some((bits, len))
}

/// 4.3 from the colours as bits ([`Field::played`]): the colour the HRP gets.
fn hrp_colour_by_bits((h, hl): (u64, u32), (o, ol): (u64, u32), hrp: Tpn, initial: Color) -> Color {
    let colour = |bit: u64| {
        if bit & 1 == 1 {
            Color::White
        } else {
            Color::Black
        }
    };
    if hl == 0 && ol == 0 {
        // 4.3.1.
        return if hrp.get() % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
    }
    let (wh, wo) = (h.count_ones(), o.count_ones());
    if wh != wo {
        // 4.3.2: White to the player with fewer Whites.
        return if wh < wo { Color::White } else { Color::Black };
    }
    // 4.3.3: from the most recent match back, the first where their colours differ.
    let both = hl.min(ol);
    let mask = if both >= 64 {
        u64::MAX
    } else {
        (1u64 << both) - 1
    };
    let differ = (h ^ o) & mask;
    if differ != 0 {
        return colour(h >> differ.trailing_zeros()).opposite();
    }
    if hl > 0 {
        // 4.3.4.
        colour(h).opposite()
    } else {
        // 4.3.5: the opponent alternates, so the HRP gets the opponent's last colour.
        colour(o)
    }
}

/// 4.3 from the histories (`hs` the HRP's, `os` the other's): the colour the HRP gets.
fn hrp_colour_by_history(hs: &PlayerState, os: &PlayerState, hrp: Tpn, initial: Color) -> Color {
    if hs.played_colors().next().is_none() && os.played_colors().next().is_none() {
        // 4.3.1.
        if hrp.get() % 2 == 1 {
            initial
        } else {
            initial.opposite()
        }
    } else {
        let whites = |s: &PlayerState| s.played_colors().filter(|x| *x == Color::White).count();
        let (wh, wo) = (whites(hs), whites(os));
        if wh != wo {
            // 4.3.2: White to the player with fewer Whites.
            if wh < wo {
                Color::White
            } else {
                Color::Black
            }
        } else if let Some(c) = hs
            .played_colors()
            .rev()
            .zip(os.played_colors().rev())
            .find(|(x, y)| x != y)
            .map(|(x, _)| x.opposite())
        {
            // 4.3.3: alternate from the most recent time one had White and the other Black.
            c
        } else if let Some(last) = hs.played_colors().next_back() {
            // 4.3.4.
            last.opposite()
        } else {
            // 4.3.5: the opponent alternates, so the HRP gets the opponent's last colour.
            os.played_colors()
                .next_back()
                .expect("one of them has played")
        }
    }
}

/// 4.2-4.3: the colours of the pair `a`-`b`, as `(white, black)`.
pub(crate) fn colours(field: &Field, a: Tpn, b: Tpn, initial: Color) -> (Tpn, Tpn) {
    // 4.2: the higher-ranked player: the higher score, then the smaller TPN.
    let (hrp, other) =
        if field.score(a) > field.score(b) || (field.score(a) == field.score(b) && a < b) {
            (a, b)
        } else {
            (b, a)
        };
    let hrp_gets = match (field.played[hrp.index()], field.played[other.index()]) {
        (Some(h), Some(o)) => hrp_colour_by_bits(h, o, hrp, initial),
        _ => hrp_colour_by_history(
            &field.states[hrp.index()],
            &field.states[other.index()],
            hrp,
            initial,
        ),
    };
    match hrp_gets {
        Color::White => (hrp, other),
        Color::Black => (other, hrp),
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    /// 4.3.1-4.3.5 read from the colours as bits give the HRP the colour the histories give,
    /// on random histories (unplayed rounds among them, up to 64 matches played, either
    /// player first, either initial colour).
    #[test]
    fn double_swiss_4_3_the_colours_by_bits_are_the_colours_by_history() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let state = |rng: &mut rand_chacha::ChaCha8Rng, tpn: Tpn| {
            let rounds = rng.gen_range(0..=70);
            let entries = (0..rounds)
                .map(|_| {
                    if rng.gen_bool(0.1) {
                        RoundEntry::Absent
                    } else {
                        RoundEntry::Paired {
                            opponent: Tpn::from_index(0),
                            color: if rng.gen_bool(0.5) {
                                Color::White
                            } else {
                                Color::Black
                            },
                            played: true,
                            colored: rng.gen_bool(0.95),
                        }
                    }
                })
                .collect();
            PlayerState {
                tpn,
                score: Points::ZERO,
                entries,
                floats: Vec::new(),
                unplayed_point: false,
            }
        };
        let mut compared = 0;
        for k in 0..20_000 {
            let hrp = Tpn::from_index(k % 7);
            let h = state(&mut rng, hrp);
            let mut o = state(&mut rng, Tpn::from_index(9));
            if rng.gen_bool(0.3) {
                // Same colours as the HRP for a while: 4.3.3 must look further back.
                o.entries = h.entries.clone();
                o.entries.truncate(rng.gen_range(0..=h.entries.len()));
            }
            let initial = if k % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            if let (Some(hb), Some(ob)) = (played_bits(&h), played_bits(&o)) {
                assert_eq!(
                    hrp_colour_by_bits(hb, ob, hrp, initial),
                    hrp_colour_by_history(&h, &o, hrp, initial),
                    "{h:?} against {o:?}"
                );
                compared += 1;
            } else {
                assert!(h.played_colors().count() > 64 || o.played_colors().count() > 64);
            }
        }
        assert!(compared > 10_000);
    }
}
