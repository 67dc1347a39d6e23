//! The rating-based tie-breaks (C.07, 2026): the average rating of the opponents, the
//! tournament and perfect tournament performances, the averages of the opponents'
//! performances; and FIDE's conversion tables they use (Rating Regulations 8.1 (a) and (b)).
use super::context::Cx;
use crate::model::tiebreak::Tiebreak;

/// Rounds a value half up: `num / den` to the nearest whole number.
pub(super) fn half_up(num: i64, den: i64) -> i64 {
    (2 * num + den).div_euclid(2 * den)
}

/// FIDE Rating Regulations 8.1 (a): the rating difference `dp` for a percentage score `p`
/// (index), 100 % worth 800 and 0 % -800.
pub(super) const DP: [i16; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// `dp` for a percentage score from 0 to 100 (8.1 (a) is symmetric about 50 %).
pub(super) fn dp(percent: i64) -> i64 {
    let p = percent.clamp(0, 100);
    if p >= 50 {
        i64::from(DP[(p - 50) as usize])
    } else {
        -i64::from(DP[(50 - p) as usize])
    }
}

/// FIDE Rating Regulations 8.1 (b): the upper end of each range of rating differences `D`
/// and the higher-rated player's scoring probability `PD` (in hundredths) in it; above 735,
/// 100.
pub(super) const PD: [(i64, i64); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// The expected score, in hundredths, of a player rated `own` against one rated `opponent`.
pub(super) fn expected(own: i64, opponent: i64) -> i64 {
    let d = (own - opponent).abs().min(800);
    let higher = PD
        .iter()
        .find(|(upto, _)| d <= *upto)
        .map_or(100, |(_, p)| *p);
    if own > opponent {
        higher
    } else {
        100 - higher
    }
}

impl Cx<'_> {
    /// The ratings of `i`'s opponents played over the board (each game once, or with
    /// `per_round` each opponent once: a Double-Swiss match) and the rating points scored
    /// against them (2 a win, 1 a draw), after `tb`'s cuts; `None` when an unrated player has
    /// no rating to count with.
    pub(super) fn rated(
        &self,
        i: usize,
        tb: &Tiebreak,
        per_round: bool,
    ) -> Option<(Vec<i64>, i64)> {
        if !self.all_rated && tb.unrated.is_none() {
            return None;
        }
        let mut games: Vec<(i64, i64)> = Vec::new();
        for x in &self.facts[i].rounds {
            let (Some(o), true) = (x.opponent, x.played) else {
                continue;
            };
            let Some(rating) = self.facts[o.index()].rating.or(tb.unrated) else {
                continue;
            };
            if per_round {
                let points = x.games.iter().flatten().map(|g| i64::from(g.1)).sum();
                games.push((i64::from(rating), points));
            } else {
                for (_, points) in x.games.iter().flatten() {
                    games.push((i64::from(rating), i64::from(*points)));
                }
            }
        }
        // Cuts: the lowest-rated opponents (the earliest of equals), then the highest.
        games.sort_by_key(|g| g.0);
        let low = usize::from(tb.cut_low).min(games.len());
        games.drain(..low);
        let high = usize::from(tb.cut_high).min(games.len());
        games.truncate(games.len() - high);
        let points = games.iter().map(|g| g.1).sum();
        Some((games.into_iter().map(|g| g.0).collect(), points))
    }

    /// TPR: the opponents' average rating plus 8.1 (a)'s difference for the percentage scored.
    pub(super) fn performance(&self, i: usize, tb: &Tiebreak) -> Option<i64> {
        let (ratings, points) = self.rated(i, tb, false)?;
        let aro = average(&ratings)?;
        // Points are in halves: the percentage is 50 * points / games, rounded half up.
        Some(aro + dp(half_up(50 * points, ratings.len() as i64)))
    }

    /// PTP: the lowest rating at which the expected score (8.1 (b)) reaches the score made.
    pub(super) fn perfect(&self, i: usize, tb: &Tiebreak) -> Option<i64> {
        let (ratings, points) = self.rated(i, tb, false)?;
        let (&lo, &hi) = (ratings.iter().min()?, ratings.iter().max()?);
        if points == 0 {
            return Some(lo - 800);
        }
        let want = 50 * points;
        let reaches = |r: i64| ratings.iter().map(|&o| expected(r, o)).sum::<i64>() >= want;
        // The expected score grows with the rating: the least rating reaching it, by halving.
        let (mut below, mut at) = (lo - 801, hi + 801);
        if !reaches(at) {
            return Some(hi + 800);
        }
        while at - below > 1 {
            let mid = below + (at - below) / 2;
            if reaches(mid) {
                at = mid;
            } else {
                below = mid;
            }
        }
        Some(at)
    }
}

/// The average of whole numbers, rounded half up; `None` for none.
pub(super) fn average(v: &[i64]) -> Option<i64> {
    (!v.is_empty()).then(|| half_up(v.iter().sum(), v.len() as i64))
}
