//! Dutch 2026 Article 1: the players by rank (1.2), their colour difference and preference (1.6,
//! 1.7, with C.04.2 3.4: only played games count), floats (1.4), topscorers (1.8), and what the
//! absolute criteria [C1]-[C3] and the completion criterion [C4] ask of them.
use crate::model::color::Color;
use crate::model::history::pairing_states_before;
use crate::model::history::ColorPreference;
use crate::model::history::Float;
use crate::model::ids::RoundNo;
use crate::model::ids::Tpn;
use crate::model::points::Points;
use crate::model::result::ByeKind;
use crate::model::tournament::Tournament;
use crate::pairing::index::IxVec;
use crate::pairing::index::PlayerIx;
use std::cmp::Ordering;

/// One player as the procedure sees them.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub(crate) tpn: Tpn,
    /// 5.2.5's TPN: the pairing number counted over the players who have one, those paired
    /// in some round (an opponent, played or not, or the pairing-allocated bye) or now (see
    /// [`Ctx::new`]).
    pub(crate) parity_tpn: u32,
    /// The pairing score: the points, plus the round's virtual points under acceleration.
    pub(crate) score: Points,
    /// 1.6: games with White minus games with Black.
    pub(crate) diff: i32,
    /// 1.7.
    pub(crate) pref: ColorPreference,
    /// The colours of the games played, oldest first (C.04.2 3.4).
    pub(crate) colors: Vec<Color>,
    /// 1.4: the float received in the previous round, and in the round before it.
    pub(crate) float1: Option<Float>,
    pub(crate) float2: Option<Float>,
    /// 1.8.
    pub(crate) topscorer: bool,
    /// [C2]: may receive the pairing-allocated bye.
    pub(crate) can_bye: bool,
    /// [C9]: rounds so far in which the player played no game.
    pub(crate) unplayed: u32,
}

/// 1.8: a topscorer, when pairing the final round, has over 50 % of the maximum possible
/// score (reading: a win's points for each round played so far).
pub(crate) fn topscorer(t: &Tournament, round: RoundNo, score: Points) -> bool {
    let max = Points::from_tenths(t.settings.points.win.tenths() * round.index() as i32);
    t.settings.rounds == Some(round.get()) && score + score > max
}

/// What the procedure knows before the round.
pub(crate) struct Ctx {
    /// The players to pair, by rank (1.2: score, then TPN): index 0 is the highest.
    pub(crate) players: IxVec<Player>,
    /// [C1] (and the forbidden pairs): whom each player may not meet, sorted.
    pub(crate) met: crate::pairing::index::Barred,
    /// [C8]'s shortcut: whether the players below the next bracket (keyed by how many they
    /// are), with one player of it added, can all be paired, the bye to a player of the given
    /// score: the same few questions are asked for every candidate of a bracket.
    pub(crate) rest_pairable: std::cell::RefCell<RestPairable>,
    /// Whether a remainder's pairs are first sought by the classes of their colour
    /// preferences (the procedure's `by_classes`); a test compares both ways.
    pub(crate) by_classes: bool,
    /// Whether the players a remainder may leave over are judged by [C4]-[C9] with one
    /// matching of the players below shared by all (`criteria::Witnesses`); a test compares
    /// both ways.
    pub(crate) witnesses: bool,
    /// The largest remainder whose costs of every pair are formed
    /// ([`DENSE_LIMIT`]; a test walks every remainder the classes cannot show).
    pub(crate) dense_limit: usize,
    /// The players' names as the explanation gives them (the surname), by rank.
    pub(crate) names: IxVec<Box<str>>,
    /// The round being paired: the explanation dates the floats of the two rounds before.
    pub(crate) round: RoundNo,
}

/// See [`Ctx::rest_pairable`].
pub(crate) type RestPairable =
    std::collections::HashMap<(usize, Option<PlayerIx>, Option<Points>), bool>;

impl Ctx {
    pub(crate) fn new(t: &Tournament, round: RoundNo) -> Ctx {
        let states = pairing_states_before(t, round);
        let points = &t.settings.points;
        let rounds_before = round.index();
        let n = t.players().len();
        // Each player's score before the round being read, by pairing number.
        let mut score = vec![Points::ZERO; n];
        // 1.4 and [C2]: what each round gave each player; of the floats, the last two rounds'
        // (1.4.1 looks no further back).
        let mut float1: Vec<Option<Float>> = vec![None; n];
        let mut float2: Vec<Option<Float>> = vec![None; n];
        let mut can_bye = vec![true; n];
        let mut unplayed = vec![0u32; n];
        // Who has been paired in a round so far (5.2.5's TPN).
        let mut paired = vec![false; n];
        for (k, r) in t.rounds().iter().take(rounds_before).enumerate() {
            // The pairing scores that round was paired with (C.04.7): its floats compare them.
            let extra = crate::model::acceleration::virtual_points_in(
                &t.virtual_points,
                n,
                RoundNo::from_index(k),
            );
            for p in &r.pairings {
                paired[p.white.index()] = true;
                paired[p.black.index()] = true;
            }
            let mut gained = vec![Points::ZERO; n];
            crate::model::history::add_gains(points, r, &mut gained);
            let mut float = vec![None; n];
            let mut played = vec![false; n];
            for p in r.pairings.iter().filter(|p| p.is_played()) {
                for color in [Color::White, Color::Black] {
                    let (me, other) = (p.player(color).index(), p.player(color.opposite()).index());
                    played[me] = true;
                    // 1.4.2.
                    float[me] = match (score[me] + extra[me]).cmp(&(score[other] + extra[other])) {
                        Ordering::Greater => Some(Float::Down),
                        Ordering::Less => Some(Float::Up),
                        Ordering::Equal => None,
                    };
                }
            }
            let mut pab = vec![false; n];
            for b in r
                .byes
                .iter()
                .filter(|b| b.kind == ByeKind::PairingAllocated)
            {
                pab[b.player.index()] = true;
                paired[b.player.index()] = true;
            }
            for i in 0..n {
                if !played[i] {
                    unplayed[i] += 1;
                    // 1.4.3: a bye, or more than a loss without playing, is a downfloat.
                    if pab[i] || gained[i] > points.loss {
                        float[i] = Some(Float::Down);
                    }
                    // [C2]: a pairing-allocated bye, or a win's points in one round without
                    // playing.
                    if pab[i] || gained[i] >= points.win {
                        can_bye[i] = false;
                    }
                }
                float2[i] = float1[i];
                float1[i] = float[i];
                score[i] += gained[i];
            }
        }
        let available: Vec<Tpn> = t.available_players(round);
        // 5.2.5 (Reading, after the ruling of FIDE's Systems of Pairings and Programs Commission
        // on C.04.2 2.4 that both reference engines follow): a player never paired, neither in
        // a round so far nor in this one, has no TPN yet, so the players below move up one for
        // the parity.
        for tpn in &available {
            paired[tpn.index()] = true;
        }
        let parity_tpn: Vec<u32> = paired
            .iter()
            .scan(0u32, |k, &p| {
                *k += u32::from(p);
                Some(*k)
            })
            .collect();
        // C.04.7: the pairing score, the points plus the round's virtual points.
        if !t.virtual_points.is_empty() {
            let extra = crate::model::acceleration::virtual_points_in(&t.virtual_points, n, round);
            for (s, v) in score.iter_mut().zip(extra) {
                *s += v;
            }
        }
        // 1.2: score, then TPN.
        let available = crate::pairing::common::by_score_then_tpn(available, |p| score[p.index()]);
        let players = crate::pairing::common::made_in_tpn_order(&available, |tpn| {
            let i = tpn.index();
            let s = &states[i];
            Player {
                tpn,
                parity_tpn: parity_tpn[i],
                score: score[i],
                diff: s.color_difference(),
                pref: s.color_preference(),
                colors: s.played_colors().collect(),
                float1: float1[i],
                float2: float2[i],
                topscorer: topscorer(t, round, score[i]),
                can_bye: can_bye[i],
                unplayed: unplayed[i],
            }
        });
        let met = crate::pairing::common::barred_pairs(t, round, &states, &available);
        let names = crate::pairing::common::short_names(t, &available);
        Ctx {
            players,
            met,
            rest_pairable: Default::default(),
            by_classes: true,
            witnesses: true,
            dense_limit: DENSE_LIMIT,
            names,
            round,
        }
    }

    /// [C1] and [C3]: `a` and `b` may meet.
    pub(crate) fn pair_ok(&self, a: PlayerIx, b: PlayerIx) -> bool {
        if a == b || self.met.contains(a, b) {
            return false;
        }
        let (pa, pb) = (&self.players[a], &self.players[b]);
        // [C3]: non-topscorers with the same absolute colour preference.
        match (pa.pref, pb.pref) {
            (ColorPreference::Absolute(x), ColorPreference::Absolute(y)) if x == y => {
                pa.topscorer || pb.topscorer
            }
            _ => true,
        }
    }

    /// [C4]: `players` can all be paired within [C1]-[C3], one of them given the
    /// pairing-allocated bye ([C2]) if their number is odd.
    pub(crate) fn completable(&self, players: &[PlayerIx]) -> bool {
        crate::matching::cardinality::all_pairable(
            players.len(),
            |i, j| self.pair_ok(players[i], players[j]),
            |i| self.players[players[i]].can_bye,
        )
    }

    /// [C5]: the lowest score a player of `players` (an odd number) can have who takes the
    /// pairing-allocated bye while the rest are paired within [C1]-[C3]; `None` if nobody can.
    pub(crate) fn least_bye_score(&self, players: &[PlayerIx]) -> Option<Points> {
        let score = |p: &PlayerIx| self.players[*p].score;
        let can: Vec<PlayerIx> = players
            .iter()
            .copied()
            .filter(|&p| self.players[p].can_bye)
            .collect();
        let takes = |b: PlayerIx| {
            let rest: Vec<PlayerIx> = players.iter().copied().filter(|&p| p != b).collect();
            crate::matching::cardinality::all_pairable(
                rest.len(),
                |i, j| self.pair_ok(rest[i], rest[j]),
                |_| false,
            )
        };
        // By score from the lowest, the lowest score's players first before the others are
        // sorted: one of them usually can take the bye, and a field of thousands need not be.
        let low = can.iter().map(score).min()?;
        let (lowest, mut others): (Vec<PlayerIx>, Vec<PlayerIx>) =
            can.into_iter().partition(|p| score(p) == low);
        if lowest.into_iter().any(takes) {
            return Some(low);
        }
        others.sort_by_key(score);
        others.into_iter().find(|&b| takes(b)).map(|b| score(&b))
    }

    /// [C8]: the next bracket `next` (these downfloaters with the next scoregroup) as well as
    /// [C5], [C6] and [C7] can be met there: the fewest of its players left unpaired, then their
    /// scores (from the highest) as low as possible, in a pairing of `next` and `below`
    /// together that [C4] allows, one player of an odd number taking the bye by [C2] with
    /// `bye_score`, the lowest [C5] allows; `None` when there is no such pairing.
    pub(crate) fn next_bracket_floaters(
        &self,
        next: &[PlayerIx],
        below: &[PlayerIx],
        bye_score: Option<Points>,
    ) -> Option<(usize, Vec<Points>)> {
        if let Some(best) = self.next_bracket_floaters_at_best(next, below, bye_score) {
            return Some(best);
        }
        self.next_bracket_floaters_by_matching(next, below, bye_score)
    }

    /// [C8]'s look-ahead when it reaches the best any pairing can: only the parity of `next`
    /// left over, at the lowest score of `next`, in a pairing of everyone [C4] allows. That is
    /// so when `next` (less one of its lowest players, if odd) can be paired among itself and
    /// the players below (with that one) can be paired among themselves, one of them taking
    /// the bye where their number is odd; the two pairings together are a complete one that
    /// leaves over exactly that, and no complete pairing leaves fewer or lower. Checked with
    /// two maximum-cardinality matchings instead of one weighted matching of everyone, the
    /// second the same for every candidate of a bracket (remembered); `None` when it is not
    /// so (the weighted matching then decides). Held to the weighted matching by a test.
    pub(crate) fn next_bracket_floaters_at_best(
        &self,
        next: &[PlayerIx],
        below: &[PlayerIx],
        bye_score: Option<Points>,
    ) -> Option<(usize, Vec<Points>)> {
        let odd = (next.len() + below.len()) % 2 == 1;
        let bye = |p: PlayerIx| {
            let pl = &self.players[p];
            odd && pl.can_bye && Some(pl.score) == bye_score
        };
        let among = |players: &[PlayerIx], with_bye: bool| {
            crate::matching::cardinality::all_pairable(
                players.len(),
                |i, j| self.pair_ok(players[i], players[j]),
                |i| with_bye && bye(players[i]),
            )
        };
        let rest = |extra: Option<PlayerIx>| self.below_pairable(below, extra, bye_score, odd);
        if next.len().is_multiple_of(2) {
            return (among(next, false) && rest(None)).then(|| (0, Vec::new()));
        }
        let low = next.iter().map(|&p| self.players[p].score).min()?;
        for &r in next.iter().filter(|&&p| self.players[p].score == low) {
            let others: Vec<PlayerIx> = next.iter().copied().filter(|&p| p != r).collect();
            if rest(Some(r)) && among(&others, false) {
                return Some((1, vec![low]));
            }
        }
        None
    }

    /// [C8]'s look-ahead: whether the players `below` the next bracket, with `extra`, can all
    /// be paired among themselves, the bye (when everyone not yet paired is `odd` in number)
    /// to a player of `bye_score` who may take it. Remembered by how many are below (one set
    /// per bracket), the extra player and the bye's score.
    pub(crate) fn below_pairable(
        &self,
        below: &[PlayerIx],
        extra: Option<PlayerIx>,
        bye_score: Option<Points>,
        odd: bool,
    ) -> bool {
        let key = (below.len(), extra, bye_score);
        if let Some(&known) = self.rest_pairable.borrow().get(&key) {
            return known;
        }
        let mut players = below.to_vec();
        players.extend(extra);
        let known = crate::matching::cardinality::all_pairable(
            players.len(),
            |i, j| self.pair_ok(players[i], players[j]),
            |i| {
                let pl = &self.players[players[i]];
                odd && pl.can_bye && Some(pl.score) == bye_score
            },
        );
        self.rest_pairable.borrow_mut().insert(key, known);
        known
    }

    /// [`Ctx::next_bracket_floaters`] by a weighted matching of everyone not yet paired.
    pub(crate) fn next_bracket_floaters_by_matching(
        &self,
        next: &[PlayerIx],
        below: &[PlayerIx],
        bye_score: Option<Points>,
    ) -> Option<(usize, Vec<Points>)> {
        let all: Vec<PlayerIx> = next.iter().chain(below).copied().collect();
        let n = all.len();
        let inside = |i: usize| i < next.len();
        // Each player of `next` is worth more the higher their score, every lower score
        // together worth less than one step up; a pair inside `next` is worth more than all of
        // them, and any pair more than that, so that the most pairs inside `next` win among
        // complete pairings, then those leaving the lowest scores out.
        let mut levels: Vec<Points> = next.iter().map(|&p| self.players[p].score).collect();
        levels.sort();
        levels.dedup();
        let step = next.len() as i128 + 1;
        let worth = |i: usize| -> i128 {
            let level = levels
                .binary_search(&self.players[all[i]].score)
                .unwrap_or(0);
            step.pow(level as u32)
        };
        let total: i128 = (0..next.len()).map(worth).sum::<i128>() + 1;
        let inner = total * 2;
        let base = inner * (next.len() as i128 + 1);
        let mut edges: Vec<crate::matching::weighted::WideEdge> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if self.pair_ok(all[i], all[j]) {
                    let bonus = if inside(i) && inside(j) {
                        inner + worth(i) + worth(j)
                    } else {
                        0
                    };
                    edges.push((i, j, base + bonus));
                }
            }
            let p = &self.players[all[i]];
            // [C5] there: the bye only to a player of the lowest score it can go to.
            if n % 2 == 1 && p.can_bye && Some(p.score) == bye_score {
                edges.push((i, n, base));
            }
        }
        let vertices = n + n % 2;
        let mate = crate::matching::weighted::max_weight_matching_wide(vertices, &edges, true);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let mut left: Vec<Points> = (0..next.len())
            .filter(|&i| !mate[i].is_some_and(inside))
            .map(|i| self.players[all[i]].score)
            .collect();
        left.sort_by(|a, b| b.cmp(a));
        Some((left.len(), left))
    }

    /// Players as the explanation lists them, each by pairing number and name: "3 Kaya, 7 Ng".
    pub(crate) fn tpns(&self, players: &[PlayerIx]) -> String {
        crate::pairing::explanation::joined(players, ", ", |out, &p| self.write_who(out, p))
    }

    /// `p` as the explanation names them: "12 Garcia López".
    pub(crate) fn who(&self, p: PlayerIx) -> String {
        let mut out = String::new();
        self.write_who(&mut out, p).ok();
        out
    }

    /// [`Ctx::who`], written into `out`.
    pub(crate) fn write_who(&self, out: &mut String, p: PlayerIx) -> std::fmt::Result {
        let name = self.names.get(p).map_or("", |n| n);
        crate::pairing::explanation::write_player(out, self.players[p].tpn, name)
    }
}

/// The largest remainder whose costs of every pair are formed, for the weighted matchings
/// that find its least when neither its first candidate nor the classes of colour
/// preferences show it: their memory grows with the square of the remainder and their time
/// with its cube (some seconds at this size). A larger remainder that the classes cannot show
/// is decided by the matchings of everyone not yet paired (`several.rs`); none of the
/// generated fields of up to 100,000 players measured has one.
pub(crate) const DENSE_LIMIT: usize = 2_000;
