//! Burstein 2026 Article 1 (the players: score, colour difference and preference, the
//! opposition Index of 1.7 and the ranking of 1.8, the seeding rounds of 1.6) and what
//! [C1]-[C3] allow.
use crate::model::color::Color;
use crate::model::history::{pairing_states_before, states_before, ColorPreference, RoundEntry};
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::result::ByeKind;
use crate::model::tournament::Tournament;
use crate::pairing::index::{Barred, IxVec, PlayerIx};
use std::cmp::Reverse;

/// One player as the procedure sees them.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub(crate) tpn: Tpn,
    /// The pairing score: the points, plus the round's virtual points under acceleration.
    pub(crate) score: Points,
    /// 1.7.1 Buchholz, in tenths of a point (virtual points left out: 1.7.2).
    pub(crate) buchholz: i64,
    /// 1.7.1 Sonneborn-Berger, in hundredths.
    pub(crate) sonneborn: i64,
    /// 1.5 (1.5.4: none before the first game).
    pub(crate) pref: ColorPreference,
    /// The colours of the games played, oldest first (C.04.2 3.4).
    pub(crate) colors: Vec<Color>,
    /// 3.1.4: the games played.
    pub(crate) games: usize,
    /// [C2]: may receive the pairing-allocated bye.
    pub(crate) can_bye: bool,
}

/// 1.8's order as a sort key: the Index (Buchholz, then Sonneborn-Berger) descending, then the
/// TPN.
pub(crate) type RankKey = (Reverse<i64>, Reverse<i64>, Tpn);

impl Player {
    /// 1.8's order (for sorting: the higher ranked first).
    pub(crate) fn rank_key(&self) -> RankKey {
        (Reverse(self.buchholz), Reverse(self.sonneborn), self.tpn)
    }
}

/// The most players not yet paired for which a bracket no bound settles is chosen by the
/// weighted matching of them all (`procedure`; 500 take 2-3 s on one core). A round that
/// needs the matching beyond this size is refused in words, naming the bracket, rather than
/// kept waiting.
pub const MATCHING_LIMIT: usize = 500;

/// What the procedure knows before the round.
pub(crate) struct Ctx {
    /// The players to pair, by score (highest first), then by 1.8's ranking.
    pub(crate) players: IxVec<Player>,
    /// [C1] (and the forbidden pairs).
    pub(crate) met: Barred,
    /// Whether a bracket a witness settles is settled so (`procedure`'s fast answers); a test
    /// pairs generated tournaments both ways.
    pub(crate) fast: bool,
    /// The most players not yet paired the general weighted matching is run for
    /// ([`MATCHING_LIMIT`]; a test lowers it to see the refusal).
    pub(crate) matching_limit: usize,
    /// The players' names as the explanation gives them (the surname), by rank.
    pub(crate) names: IxVec<Box<str>>,
}

/// 1.6.2: the seeding rounds, half the rounds (rounded down) or 4, whichever is lower
/// (reading: 4 when the number of rounds is not known).
pub(crate) fn seeding_rounds(rounds: Option<u16>) -> u16 {
    rounds.map_or(4, |r| (r / 2).min(4))
}

/// 1.5: the colour preference of a player who played `colors` (oldest first): 1.5.1-1.5.3 as
/// the 2026 Dubov text words them too (`common::preference_after_games`: the side the colour
/// difference's when it is not 0, else alternating with the last game; absolute beyond ±1 or
/// after the same colour twice, strong at ±1, else mild); none before any game (1.5.4).
pub(crate) fn preference(colors: &[Color]) -> ColorPreference {
    crate::pairing::common::preference_after_games(colors).unwrap_or(ColorPreference::None)
}

/// How 1.7.2's exception is read: as the text says (a player absent since his last game, up
/// to the current round), or as py4swiss-fixed reads it (only a player all of whose rounds
/// are zero-point byes, who has no over-the-board opponent: so never), to show by test that
/// this reading is the only difference between the two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exception {
    AsWritten,
    #[cfg_attr(not(test), allow(dead_code))]
    AllRounds,
}

impl Ctx {
    /// The players as the procedure sees them, 1.7.2's exception read as `exception` says.
    pub(crate) fn read(t: &Tournament, round: RoundNo, exception: Exception) -> Ctx {
        let pairing = pairing_states_before(t, round);
        let real = states_before(t, round);
        let n = t.players().len();
        let points = &t.settings.points;
        // Each player's points in each round so far.
        let rounds_before = round.index().min(t.rounds().len());
        let mut gained: Vec<Vec<Points>> = vec![Vec::with_capacity(rounds_before); n];
        for r in t.rounds().iter().take(rounds_before) {
            let mut g = vec![Points::ZERO; n];
            crate::model::history::add_gains(points, r, &mut g);
            for (i, x) in g.into_iter().enumerate() {
                gained[i].push(x);
            }
        }
        // 1.7.2's exception: a player whose last rounds (up to the current one) are all
        // zero-point byes or absences counts, for his opponents, each of them as a draw.
        let for_opponents: Vec<i64> = real
            .iter()
            .map(|s| {
                let trailing = s
                    .entries
                    .iter()
                    .rev()
                    .take_while(|e| {
                        matches!(e, RoundEntry::Bye(ByeKind::Zero) | RoundEntry::Absent)
                    })
                    .count();
                let trailing = match exception {
                    Exception::AsWritten => trailing,
                    Exception::AllRounds if trailing == s.entries.len() => trailing,
                    Exception::AllRounds => 0,
                } as i64;
                i64::from(s.score.tenths()) + trailing * i64::from(points.draw.tenths())
            })
            .collect();
        let available = t.available_players(round);
        let index = |tpn: Tpn| -> (i64, i64) {
            let s = &real[tpn.index()];
            let own = i64::from(s.score.tenths());
            let (mut bh, mut sb) = (0i64, 0i64);
            for (k, e) in s.entries.iter().enumerate() {
                let got = i64::from(gained[tpn.index()].get(k).map_or(0, |p| p.tenths()));
                let opponent = match e {
                    RoundEntry::Paired {
                        opponent,
                        played: true,
                        ..
                    } => for_opponents[opponent.index()],
                    // 1.7.2.1: a round not played is one against himself, with the points
                    // registered for it.
                    _ => own,
                };
                bh += opponent;
                sb += got * opponent;
            }
            (bh, sb)
        };
        // By score, then by 1.8's ranking.
        // Each player's Index once, then by score and 1.8's ranking.
        let mut order: Vec<(Points, RankKey)> = available
            .iter()
            .map(|&tpn| {
                let (bh, sb) = index(tpn);
                (pairing[tpn.index()].score, (Reverse(bh), Reverse(sb), tpn))
            })
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let ranked: Vec<Tpn> = order.iter().map(|(_, k)| k.2).collect();
        let players: IxVec<Player> = order
            .iter()
            .map(|&(_, (Reverse(bh), Reverse(sb), tpn))| {
                let s = &pairing[tpn.index()];
                let colors: Vec<Color> = s.played_colors().collect();
                Player {
                    tpn,
                    score: s.score,
                    buchholz: bh,
                    sonneborn: sb,
                    pref: preference(&colors),
                    games: s.opponents().count(),
                    colors,
                    can_bye: !s.unplayed_point,
                }
            })
            .collect();
        let met = crate::pairing::common::barred_pairs(t, round, &pairing, &ranked);
        Ctx {
            players,
            met,
            fast: true,
            matching_limit: MATCHING_LIMIT,
            names: crate::pairing::common::short_names(t, &ranked),
        }
    }

    /// [C1] and [C3]: `a` and `b` may meet (`common::may_meet`, the words both 2026 texts
    /// share).
    pub(crate) fn pair_ok(&self, a: PlayerIx, b: PlayerIx) -> bool {
        crate::pairing::common::may_meet(&self.met, a, b, |p| self.players[p].pref)
    }

    /// The players, as the explanation lists them: "3 Kaya, 7 Ng".
    pub(crate) fn tpns(&self, players: &[PlayerIx]) -> String {
        crate::pairing::common::tpns_of(players, |p| self.players[p].tpn, &self.names)
    }

    /// A player as the explanation names them: "12 Garcia López".
    pub(crate) fn who(&self, p: PlayerIx) -> String {
        let mut out = String::new();
        crate::pairing::common::write_who(&mut out, p, |p| self.players[p].tpn, &self.names).ok();
        out
    }
}
