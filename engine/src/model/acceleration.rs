//! Acceleration: virtual points added to some players' scores for the pairing of some rounds
//! (FIDE C.04.7, applied from 1 February 2026), and the Baku method that decides them.
//!
//! The model holds virtual points as the files state them (TRF-2026 record 250: points for a
//! range of rounds and a range of pairing numbers; JaVaFo's `XXA`: a player's points round by
//! round): [`VirtualPoints`]. [`baku`] computes the Baku method's. The pairing score (points
//! plus virtual points) is what [`crate::model::history::pairing_states_before`] gives the
//! systems; standings, tie-breaks and every published score stay the real points.
//!
//! # Readings
//! - C.04.7 1.5 could not be read (see `acceleration-2026.md`): the pairing score takes the
//!   place of the score wherever a system speaks of a player's score in the round being paired
//!   (score groups, brackets, the order of players, the bye's "lowest score", the order of the
//!   boards, C.04.2 3.6, which the summary of 1.5 names), and a float of an earlier round is
//!   what that round's pairing scores made it. bbpPairings v6 pairs all 1,625 cases of the
//!   reference data as this program does, pairs, colours and byes
//!   (`engine/tests/engine/acceleration.rs`), but orders the boards by the points, so that in
//!   1,076 of the 1,525 XXA cases and 68 of the 100 record-250 cases its boards come in
//!   another order (in `baku/rec250/24000001-r2`, 23-1 is its board 1, where the pairing
//!   scores, 1 and 2 against 2 and 2, put 2-7 first). The readers of 1.5 say the pairing score
//!   orders the boards, and so does this program; the test counts the cases.
//! - Round 1 under acceleration has two score groups (GA with its virtual points, GB), so the
//!   systems whose text pairs round 1 directly as one group (Dutch 1992 E.5/F.4, Dubov 5,
//!   Double-Swiss 3.6.2) pair it by their general procedure instead.
//! - 1.1 as generalised in 2026: the method applies where a win is worth two draws and a loss
//!   nothing; a win's worth and a draw's worth are then the virtual points (2 and 1 under
//!   2-1-0). [`baku`] refuses other point values with the reason.
//! - 1.3, late entries: "the last GA-player shall be the same as in the previous round": GA is
//!   every pairing number up to that player's, whatever numbers late entries took; a file
//!   (which does not say who entered late) states it in its 250 lines, and a `_BAKU` type with
//!   no 250 line is read as 1.2 for the file's players.

use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
/// The setting itself lives with the other settings (which this module reads, not the other
/// way round); named here too, where the method it chooses is.
pub use crate::model::settings::Acceleration;
use crate::model::settings::PointValues;

/// Virtual points for the players numbered `first..=last` in rounds `from..=to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VirtualPoints {
    /// The first round.
    pub from: RoundNo,
    /// The last round.
    pub to: RoundNo,
    /// The first player (pairing number).
    pub first: Tpn,
    /// The last player.
    pub last: Tpn,
    /// The points added to each one's score for the pairing of those rounds.
    pub points: Points,
}

/// C.04.7 1.4: the accelerated rounds are the first half, rounded up, of `rounds`.
pub fn accelerated_rounds(rounds: u16) -> u16 {
    rounds.div_ceil(2)
}

/// C.04.7 1.2: the size of GA for `players` players, 2·⌈N/4⌉ (the first half rounded up to
/// an even number): 82 of 161.
pub fn group_a(players: usize) -> usize {
    2 * players.div_ceil(4)
}

/// Whether the Baku method applies to these point values, or why not (C.04.7 1.1 as
/// generalised in 2026: a win worth two draws, a loss worth nothing).
pub fn baku_applies(points: &PointValues) -> Result<(), String> {
    if points.loss == Points::ZERO
        && points.draw > Points::ZERO
        && points.win.tenths() == 2 * points.draw.tenths()
    {
        Ok(())
    } else {
        Err(format!(
            "the Baku acceleration needs a win worth two draws and a loss worth nothing (C.04.7 1.1); these points are {} for a win, {} for a draw, {} for a loss",
            points.win, points.draw, points.loss
        ))
    }
}

/// C.04.7 1.2-1.4: the Baku method's virtual points for a tournament of `rounds` rounds whose
/// group A ends with pairing number `last_of_a`: a win's worth in the first half (rounded up)
/// of the accelerated rounds, a draw's worth in the rest of them; nothing for group B.
pub fn baku(
    last_of_a: Tpn,
    rounds: u16,
    points: &PointValues,
) -> Result<Vec<VirtualPoints>, String> {
    baku_applies(points)?;
    let a = accelerated_rounds(rounds);
    let full = a.div_ceil(2);
    let mut out = Vec::new();
    if full >= 1 {
        out.push(VirtualPoints {
            from: RoundNo::FIRST,
            to: RoundNo::new(full).unwrap_or(RoundNo::FIRST),
            first: Tpn::from_index(0),
            last: last_of_a,
            points: points.win,
        });
    }
    if a > full {
        if let (Some(from), Some(to)) = (RoundNo::new(full + 1), RoundNo::new(a)) {
            out.push(VirtualPoints {
                from,
                to,
                first: Tpn::from_index(0),
                last: last_of_a,
                points: points.draw,
            });
        }
    }
    Ok(out)
}

/// Player `tpn`'s virtual points in `round`: the sum of the lines that cover both.
pub fn virtual_points_of(list: &[VirtualPoints], tpn: Tpn, round: RoundNo) -> Points {
    list.iter()
        .filter(|v| v.from <= round && round <= v.to && v.first <= tpn && tpn <= v.last)
        .fold(Points::ZERO, |sum, v| sum + v.points)
}

/// Each of `players` players' virtual points in `round`, by pairing number (index 0 is
/// number 1): the sum of the lines that cover the player and the round.
pub fn virtual_points_in(list: &[VirtualPoints], players: usize, round: RoundNo) -> Vec<Points> {
    let mut out = vec![Points::ZERO; players];
    for v in list.iter().filter(|v| v.from <= round && round <= v.to) {
        let first = v.first.index();
        let last = v.last.index().min(players.saturating_sub(1));
        if players == 0 || first > last {
            continue;
        }
        for p in &mut out[first..=last] {
            *p += v.points;
        }
    }
    out
}
