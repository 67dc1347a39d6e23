//! Standings after any round: points, then tie-breaks in the tournament's order, then lots;
//! final ranks (written to the TRF rank column by [`apply_ranks`]); the cross table.
//!
//! # The tie-breaks
//! Every tie-break of FIDE's Tie-Break Regulations C.07 (2026) that applies to an individual
//! Swiss event, by the codes the regulations and FIDE's calculator (Gacrux) use, with their
//! modifiers: `/Cn` cuts the n least significant values, `/Mn` the n least and the n most
//! significant (median), `/Unnnn` gives unrated players that rating in the rating-based ones.
//! [`Tiebreak::parse`] reads a code, [`Tiebreak::code`] writes it; [`KINDS`] lists them with
//! what each measures. Two more are this program's own: `DE1` (the Dutch 1992 text's F.10:
//! the games between the players tied for first place, when all of them have met) and `MP`
//! (Double-Swiss: 2 for a match won, 1 drawn).
//!
//! # The default order
//! - Dutch 1992-2006 (seed text): its F.10: points; for first place only, the games between
//!   the tied players (`DE1`); the average rating of the opponents (`ARO`); lots.
//! - Dutch 2026, Dubov 1997 and Double-Swiss 2026: C.07's recommendation for individual Swiss
//!   events as read here (the regulations' text is not among the rule texts of this project:
//!   see the Readings): Buchholz Cut-1, Buchholz, direct encounter, wins, games with Black.
//!
//! A tournament records its order when it is created; an event log written before the order
//! was recorded (an empty list) keeps the defaults of that time ([`System::legacy_tiebreaks`]).
//!
//! # Unplayed rounds (C.07, 2026, art. 16)
//! A round is *played* when a game was played over the board (a Double-Swiss match: unless a
//! player forfeited both games, as its preface says). Every other round is *unplayed*:
//! pairing-allocated bye, requested byes, forfeits won or lost, announced absences, rounds
//! after a withdrawal or before a late entry. An unplayed round that gave no win (a forfeit
//! lost, a half- or zero-point bye, an absence, a round not paired) is a *voluntary unplayed
//! round* (VUR); a forfeit won, the pairing-allocated bye and a full-point bye are not.
//!
//! | tie-break | the player's own unplayed round | an opponent's unplayed rounds |
//! |---|---|---|
//! | BH, FB, their cuts | counts as a game against a dummy opponent whose score is the player's own final score, but no more than the forfeiting opponent's (16.4.1) or, with no opponent, than a draw in every round (16.4.2); a cut removes a VUR's contribution before any other | the opponent's score as scored, except that the rounds after the opponent's last round that was not a VUR and had no opponent count as draws (16.3: a withdrawal's rounds) |
//! | SB | the dummy's score times the points the round gave | as for Buchholz |
//! | AOB | the opponents played over the board only | — |
//! | DE | not an encounter | — |
//! | WIN, GE | a forfeit win is a win, and so is a bye that gives a win's points (the pairing-allocated bye, a full-point bye); GE counts the rounds that were not VURs | — |
//! | WON, BPG, BWG | not a game | — |
//! | ARO, TPR, PTP, APRO, APPO | left out | — |
//! | PS, STD, KS | the points it gave count | — |
//!
//! FIDE's tie-break calculator (Gacrux, `../shared/oracles/gacrux`) computes these the same
//! way; the agreement test in `engine/tests/engine/c07.rs` holds us to it.
//!
//! # Round-robins (C.07's pre-determined pairings; C.05)
//! In a round-robin every game is scheduled by the tables, and FIDE's calculator, in its
//! round-robin mode, counts it against its scheduled opponent whether played or forfeited: SB
//! takes each opponent's score as scored (no dummy, no 16.3 adjustment), a rest (the bye
//! number of an odd field) adds nothing; DE counts a forfeited game between tied players with
//! its result; KS's limit is half of the games a player had (the rounds they had an opponent),
//! not of the rounds. Held to the calculator on its 50 round-robins
//! (`engine/tests/engine/round_robin.rs`). C.05 on a withdrawal: a player who withdrew having
//! played fewer than half of their games over the board counts for nobody ([`annulled`]): the
//! games against them are left out of everyone's points and tie-breaks, and they are listed
//! last without a place; [`standings_of_table`] counts every game, as the cross table shows it.
//!
//! # Readings
//! - C.07's recommended order for round-robins, as read here (the text was not available):
//!   direct encounter, wins, Sonneborn-Berger, Koya (the order FIDE's earlier tie-break
//!   regulations gave individual round-robins).
//! - C.05's "completed less than 50% of the games" is read as played over the board, out of the
//!   player's games in the whole event (a forfeit is not a game completed).
//! - C.07's recommended order for individual Swiss events (the defaults above): the text was
//!   not available to this project; BH/C1, BH, DE, WIN, BPG is the order as recalled from it,
//!   every one of them a tie-break of C.07, and the chief arbiter sets any other before round 1.
//! - Direct encounter (DE) as the calculator reads C.07: among the players still tied, each
//!   one's points against the others; when every two of them have met, the points order them;
//!   otherwise a player is placed ahead only when their points exceed the most that any player
//!   below could still have reached against the group (a win for every missing encounter), and
//!   the rest stay tied; then the same again within each group that was split. The value shown
//!   is the place so found within the tied group (1 first), 0 when it separates nobody.
//! - Rating-based tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG): C.07 leaves the rating of an
//!   unrated player to the tournament's regulations. Without one (`/Unnnn`) they are not
//!   computed (shown `-`) as soon as any player of the tournament is unrated, as the calculator
//!   does; with one, unrated players count as rated so. TPR and PTP use FIDE's conversion
//!   tables (Rating Regulations 8.1 (a) and (b)), a whole score (100 %) worth 800 and a zero
//!   score -800.
//! - Cuts of the rating-based ones remove the lowest (and, for a median, the highest) rated
//!   opponents played; unplayed rounds are not among them. Cuts of Sonneborn-Berger are chosen
//!   by the opponent's score, as for Buchholz.
//! - Fore Buchholz (FB): after the final round, a player who had an opponent in it (played or
//!   forfeited) counts that round as a draw, both in the score they give their opponents and in
//!   their own dummy score; before the final round FB is Buchholz.
//! - Koya (KS): the points scored against the opponents (played or forfeited) who finished
//!   with at least half of the maximum score.
//! - Dutch 1992's `DE1` separates a tied group only when every two of its players have played
//!   each other, and only for first place. In Double-Swiss the score is the game points (each
//!   match gives 0 to 2); `MP` counts 2 for a match won, 1 drawn, 0 lost, byes by the points
//!   they give.
//!
//! This file is long because every tie-break of C.07 reads the same facts of each round
//! (article 16's unplayed rounds); the values are computed by one `Cx` over those facts, and
//! the cross table beside them.

use crate::model::color::Color;
use crate::model::history::{states_before, RoundEntry};
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::result::{ByeKind, GameMode, GameScore};
use crate::model::settings::System;
use crate::model::tiebreak::{Kind, Tiebreak};
use crate::model::tournament::Tournament;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A tie-break's value: `value / scale`, the scale the same for every player, so values
/// compare as integers; [`Value::NONE`] where it cannot be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value {
    /// The scaled value.
    pub value: i64,
    /// What to divide by.
    pub scale: i64,
}

impl Value {
    /// No value (a rating-based tie-break with an unrated player and no rating for them, or
    /// a player with no rated opponent): ranked below every value, shown `-`.
    pub const NONE: Value = Value {
        value: i64::MIN,
        scale: 1,
    };

    /// Whether there is a value.
    pub fn is_some(&self) -> bool {
        *self != Value::NONE
    }

    fn count(n: i64) -> Value {
        Value { value: n, scale: 1 }
    }

    fn tenths(n: i64) -> Value {
        Value {
            value: n,
            scale: 10,
        }
    }

    fn whole(n: Option<i64>) -> Value {
        n.map_or(Value::NONE, Value::count)
    }
}

impl std::fmt::Display for Value {
    /// Two decimals where the value has them, one otherwise, none for counts; `-` for none.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.is_some() {
            return write!(f, "-");
        }
        if self.scale == 1 {
            return write!(f, "{}", self.value);
        }
        let hundredths = (self.value * 100 + self.scale / 2 * self.value.signum()) / self.scale;
        let sign = if hundredths < 0 { "-" } else { "" };
        let h = hundredths.abs();
        if h % 10 == 0 {
            write!(f, "{sign}{}.{}", h / 100, (h % 100) / 10)
        } else {
            write!(f, "{sign}{}.{:02}", h / 100, h % 100)
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Place, 1 first; every player has a different one (lots break the last ties).
    pub rank: u32,
    /// The place shared by the players whom points and tie-breaks leave tied (the first of
    /// their places), before lots.
    pub shared_rank: u32,
    /// The player.
    pub tpn: Tpn,
    /// Points.
    pub score: Points,
    /// The tie-breaks, in the order used.
    pub tiebreaks: Vec<Value>,
    /// Whether lots were needed to separate the player from another.
    pub by_lot: bool,
    /// Whether the player's results count in the standings: not for a round-robin player who
    /// withdrew having played fewer than half of their games (C.05); such a player is listed
    /// below everyone, their games counted for nobody.
    pub counted: bool,
}

/// The standings after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// After which round.
    pub after: RoundNo,
    /// The tie-breaks used, in order.
    pub order: Vec<Tiebreak>,
    /// The rows, first place first.
    pub rows: Vec<Row>,
}

/// One round of one player, as the tie-breaks see it.
#[derive(Clone, Copy, Debug, Default)]
struct RoundFacts {
    /// The opponent, played or forfeited.
    opponent: Option<Tpn>,
    /// A game was played over the board.
    played: bool,
    /// The round was a voluntary unplayed round.
    vur: bool,
    /// The points the round gave.
    gained: Points,
    /// Games played over the board: each one's colour and rating points (2 a win, 1 a draw).
    games: [Option<(Color, u8)>; 2],
}

/// Per player: what the tie-breaks are computed from.
struct Facts {
    score: Points,
    /// The score an opponent contributes (16.3).
    adjusted: Points,
    rounds: Vec<RoundFacts>,
    wins: i64,
    match_points: i64,
    rating: Option<u16>,
}

/// The standings after `after` (all rounds if `None`), with the tie-breaks `order` (if empty,
/// the tournament's own order, and failing that the system's default) and lots drawn from
/// `lot_seed`.
pub fn standings(
    t: &Tournament,
    after: Option<RoundNo>,
    order: &[Tiebreak],
    lot_seed: u64,
) -> Standings {
    let annulled = annulled(t);
    if annulled.is_empty() {
        return standings_of_table(t, after, order, lot_seed);
    }
    // C.05: the withdrawn player's games are left out of everyone's results.
    let mut kept = t.clone();
    for r in 0..kept.rounds().len() {
        let Some(round) = kept.round_mut(RoundNo::from_index(r)) else {
            continue;
        };
        round
            .pairings
            .retain(|p| !annulled.contains(&p.white) && !annulled.contains(&p.black));
        round.byes.retain(|b| !annulled.contains(&b.player));
    }
    let mut s = standings_of_table(&kept, after, order, lot_seed);
    let (mut counted, listed): (Vec<Row>, Vec<Row>) =
        s.rows.into_iter().partition(|r| !annulled.contains(&r.tpn));
    for mut row in listed {
        row.counted = false;
        row.by_lot = false;
        row.tiebreaks = vec![Value::NONE; row.tiebreaks.len()];
        counted.push(row);
    }
    // Lots separated a counted player only from another counted one.
    let tied = |a: &Row, b: &Row| a.score == b.score && a.tiebreaks == b.tiebreaks;
    let lots: Vec<bool> = counted
        .iter()
        .enumerate()
        .map(|(i, r)| {
            r.by_lot
                && counted
                    .iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.counted && tied(r, o))
        })
        .collect();
    for (i, row) in counted.iter_mut().enumerate() {
        row.rank = i as u32 + 1;
        row.by_lot = lots[i];
        if !row.counted {
            row.shared_rank = row.rank;
        }
    }
    s.rows = counted;
    s
}

/// C.05 on a withdrawal from a round-robin: "if the player has completed less than 50% of
/// the games, the results shall remain in the tournament table (for rating and historical
/// purposes), but shall not be counted in the final standings"; at 50 % or more they count,
/// the games not played lost by forfeit. "Completed" is read as played over the board, out
/// of the player's games in the whole event (an odd field's rests are no games).
pub fn annulled(t: &Tournament) -> Vec<Tpn> {
    let Some(cycles) = t.settings.system.and_then(System::cycles) else {
        return Vec::new();
    };
    let n = t
        .players()
        .iter()
        .filter(|p| crate::pairing::round_robin::in_table(p))
        .count();
    let games = n.saturating_sub(1) * usize::from(cycles);
    t.players()
        .iter()
        .filter(|p| p.withdrawn_from.is_some())
        .filter(|p| {
            let played = t
                .rounds()
                .iter()
                .filter_map(|r| r.pairing_of(p.tpn))
                .filter(|(pairing, _)| pairing.is_played())
                .count();
            2 * played < games
        })
        .map(|p| p.tpn)
        .collect()
}

/// The standings with every game of the table counted, as the cross table shows them (and
/// FIDE's calculator computes them): [`standings`] without C.05's rule on withdrawals.
pub fn standings_of_table(
    t: &Tournament,
    after: Option<RoundNo>,
    order: &[Tiebreak],
    lot_seed: u64,
) -> Standings {
    let rounds = after
        .map_or(t.rounds().len(), |r| r.get() as usize)
        .min(t.rounds().len());
    let after = RoundNo::from_index(rounds.saturating_sub(1));
    let order: Vec<Tiebreak> = if !order.is_empty() {
        order.to_vec()
    } else if !t.settings.tiebreaks.is_empty() {
        t.settings.tiebreaks.clone()
    } else {
        // A tournament of no known system is ranked as one of the Dutch in force.
        t.settings
            .system
            .unwrap_or(System::Dutch2026)
            .default_tiebreaks()
    };
    let facts = facts(t, rounds);
    let n = facts.len();
    // Lots: a permutation of the players drawn from the seed.
    let mut lots: Vec<usize> = (0..n).collect();
    lots.shuffle(&mut ChaCha8Rng::seed_from_u64(lot_seed));
    let mut lot_of = vec![0usize; n];
    for (place, &i) in lots.iter().enumerate() {
        lot_of[i] = place;
    }
    // Each player's sort keys so far (points, then each tie-break, larger first) and values.
    let mut keys: Vec<Vec<i64>> = facts
        .iter()
        .map(|f| vec![i64::from(f.score.tenths())])
        .collect();
    let mut values: Vec<Vec<Value>> = vec![Vec::with_capacity(order.len()); n];
    let mut ranked: Vec<usize> = (0..n).collect();
    ranked.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
    let cx = Cx::new(t, &facts, rounds);
    for tb in &order {
        let whole = cx.values(tb);
        // The groups still tied, each refined by this tie-break.
        let mut start = 0;
        while start < n {
            let end = (start..n)
                .find(|&j| keys[ranked[j]] != keys[ranked[start]])
                .unwrap_or(n);
            let group: Vec<usize> = ranked[start..end].to_vec();
            let group_values: Vec<Value> = match tb.kind {
                Kind::DirectEncounter => cx.direct_encounter(&group),
                Kind::DirectEncounterForFirst => {
                    let first = start == 0;
                    cx.direct_encounter_for_first(&group, first)
                }
                _ => group.iter().map(|&i| whole[i]).collect(),
            };
            for (&i, v) in group.iter().zip(group_values) {
                values[i].push(v);
                let key = if tb.kind.ascending() {
                    v.value.saturating_neg()
                } else {
                    v.value
                };
                keys[i].push(key);
            }
            start = end;
        }
        ranked.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
    }
    ranked.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(lot_of[a].cmp(&lot_of[b])));
    let mut rows: Vec<Row> = Vec::with_capacity(n);
    for (place, &i) in ranked.iter().enumerate() {
        let tied_above = place > 0 && keys[ranked[place - 1]] == keys[i];
        let tied_below = ranked.get(place + 1).is_some_and(|&j| keys[j] == keys[i]);
        let shared_rank = if tied_above {
            rows[place - 1].shared_rank
        } else {
            place as u32 + 1
        };
        rows.push(Row {
            rank: place as u32 + 1,
            shared_rank,
            tpn: Tpn::from_index(i),
            score: facts[i].score,
            tiebreaks: std::mem::take(&mut values[i]),
            by_lot: tied_above || tied_below,
            counted: true,
        });
    }
    Standings { after, order, rows }
}

/// Writes the standings' ranks into the players (the TRF rank column).
pub fn apply_ranks(t: &mut Tournament, s: &Standings) {
    for row in &s.rows {
        if let Some(p) = t.player_mut(row.tpn) {
            p.rank = Some(row.rank);
        }
    }
}

fn facts(t: &Tournament, rounds: usize) -> Vec<Facts> {
    let states = states_before(t, RoundNo::from_index(rounds));
    let values = &t.settings.points;
    let per_round_draw =
        Points::from_tenths(values.draw.tenths() * t.settings.games_per_pairing() as i32);
    let mut out: Vec<Facts> = states
        .iter()
        .enumerate()
        .map(|(i, s)| Facts {
            score: s.score,
            adjusted: s.score,
            rounds: vec![
                RoundFacts {
                    vur: true,
                    ..RoundFacts::default()
                };
                rounds
            ],
            wins: 0,
            match_points: 0,
            rating: t
                .player(Tpn::from_index(i))
                .and_then(|p| p.rating)
                .filter(|&r| r > 0),
        })
        .collect();
    for (r, round) in t.rounds().iter().take(rounds).enumerate() {
        for p in &round.pairings {
            for color in [Color::White, Color::Black] {
                let me = p.player(color).index();
                let got: Points = p
                    .games
                    .iter()
                    .flatten()
                    .map(|g| values.for_game(*g, color))
                    .sum();
                let theirs: Points = p
                    .games
                    .iter()
                    .flatten()
                    .map(|g| values.for_game(*g, color.opposite()))
                    .sum();
                let f = &mut out[me];
                f.match_points += match got.cmp(&theirs) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                };
                let rf = &mut f.rounds[r];
                rf.opponent = Some(p.player(color.opposite()));
                rf.gained = got;
                rf.played = p.is_played();
                rf.vur = !rf.played && !p.won_by_forfeit(color);
                for (k, g) in p.games.iter().enumerate().take(2) {
                    let Some(g) = g else { continue };
                    if g.score(color) == GameScore::Win {
                        f.wins += 1;
                    }
                    if g.mode() != GameMode::Forfeit {
                        let color_k = if k % 2 == 0 { color } else { color.opposite() };
                        let points = match g.score(color) {
                            GameScore::Win => 2,
                            GameScore::Draw => 1,
                            GameScore::Loss => 0,
                        };
                        f.rounds[r].games[k] = Some((color_k, points));
                    }
                }
            }
        }
        for b in &round.byes {
            let i = b.player.index();
            let got = values.for_bye(b.kind);
            let f = &mut out[i];
            f.rounds[r].gained = got;
            f.match_points += match got.cmp(&per_round_draw) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
            f.rounds[r].vur = !matches!(b.kind, ByeKind::PairingAllocated | ByeKind::Full);
            // C.07 WIN counts the rounds that gave a win's points, played or not: the
            // pairing-allocated bye and a full-point bye are wins (in Double-Swiss, as many as
            // the games won they are worth: the pairing-allocated bye's 1½ is one).
            let win = values.win.tenths();
            if win > 0 && !f.rounds[r].vur {
                f.wins += i64::from(got.tenths() / win);
            }
        }
    }
    // 16.3: the score an opponent contributes: as scored, except the rounds after the last
    // round that was not a VUR, without an opponent, which count as draws.
    for f in &mut out {
        f.adjusted = adjusted(f, per_round_draw, false);
    }
    out
}

/// 16.3: the score `f` contributes to an opponent's Buchholz. With `fore` (Fore Buchholz
/// after the final round), a player who had an opponent in the final round counts it as a
/// draw, and every other round as scored.
fn adjusted(f: &Facts, per_round_draw: Points, fore: bool) -> Points {
    if let Some((last, before)) = f.rounds.split_last() {
        if fore && last.opponent.is_some() {
            return before.iter().map(|x| x.gained).sum::<Points>() + per_round_draw;
        }
    }
    let last_present = f.rounds.iter().rposition(|x| !x.vur).map_or(0, |r| r + 1);
    f.rounds
        .iter()
        .enumerate()
        .map(|(r, x)| {
            if r < last_present || x.opponent.is_some() {
                x.gained
            } else {
                per_round_draw
            }
        })
        .sum()
}

/// Rounds a value half up: `num / den` to the nearest whole number.
fn half_up(num: i64, den: i64) -> i64 {
    (2 * num + den).div_euclid(2 * den)
}

/// FIDE Rating Regulations 8.1 (a): the rating difference `dp` for a percentage score `p`
/// (index), 100 % worth 800 and 0 % -800.
const DP: [i16; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// `dp` for a percentage score from 0 to 100 (8.1 (a) is symmetric about 50 %).
fn dp(percent: i64) -> i64 {
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
const PD: [(i64, i64); 50] = [
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
fn expected(own: i64, opponent: i64) -> i64 {
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

/// What every tie-break is computed from.
struct Cx<'a> {
    t: &'a Tournament,
    facts: &'a [Facts],
    rounds: usize,
    /// A draw's points in one round (a Double-Swiss round: two games).
    draw: Points,
    /// The tournament's last round is among those counted (Fore Buchholz).
    final_round: bool,
    all_rated: bool,
    /// A round-robin: the pairings were fixed in advance (C.07's "predetermined" pairing),
    /// so every scheduled game counts against its opponent, forfeited or not, and a rest
    /// (the bye number) counts for nothing.
    predetermined: bool,
}

/// One round's contribution to a Buchholz-like tie-break, with what its cut is chosen by.
#[derive(Clone, Copy)]
struct Part {
    /// The opponent's (or the dummy's) score, in tenths.
    score: i64,
    /// What it adds (the score, or for SB the score times the points).
    value: i64,
    vur: bool,
}

impl Cx<'_> {
    fn new<'a>(t: &'a Tournament, facts: &'a [Facts], rounds: usize) -> Cx<'a> {
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

    /// Every player's value of `tb` (the direct encounters, which depend on the tied group,
    /// are computed by the group).
    fn values(&self, tb: &Tiebreak) -> Vec<Value> {
        let n = self.facts.len();
        let each = |f: &dyn Fn(usize) -> Value| (0..n).map(f).collect::<Vec<Value>>();
        match tb.kind {
            Kind::Buchholz | Kind::ForeBuchholz | Kind::SonnebornBerger => self.buchholz(tb),
            Kind::AverageOfOpponentsBuchholz => {
                let bh = self.buchholz(&Tiebreak {
                    kind: Kind::Buchholz,
                    ..*tb
                });
                each(&|i| {
                    let got: Vec<i64> = self.played_opponents(i).map(|o| bh[o].value).collect();
                    if got.is_empty() {
                        return Value::NONE;
                    }
                    // Two decimals of tenths: hundredths, rounded half up.
                    Value {
                        value: half_up(got.iter().sum::<i64>() * 10, got.len() as i64),
                        scale: 100,
                    }
                })
            }
            Kind::DirectEncounter | Kind::DirectEncounterForFirst => vec![Value::NONE; n],
            Kind::Wins => each(&|i| Value::count(self.facts[i].wins)),
            Kind::GamesWon => each(&|i| Value::count(self.games(i, |_, p| p == 2))),
            Kind::GamesWithBlack => {
                each(&|i| Value::count(self.games(i, |c, _| c == Color::Black)))
            }
            Kind::WinsWithBlack => {
                each(&|i| Value::count(self.games(i, |c, p| c == Color::Black && p == 2)))
            }
            Kind::GamesElected => each(&|i| {
                Value::count(self.facts[i].rounds.iter().filter(|r| !r.vur).count() as i64)
            }),
            Kind::AverageRatingOfOpponents => {
                each(&|i| Value::whole(self.rated(i, tb, true).and_then(|(r, _)| average(&r))))
            }
            Kind::PerformanceRating => each(&|i| Value::whole(self.performance(i, tb))),
            Kind::PerfectPerformance => each(&|i| Value::whole(self.perfect(i, tb))),
            Kind::AverageOfOpponentsPerformance | Kind::AverageOfOpponentsPerfectPerformance => {
                let own: Vec<Option<i64>> = (0..n)
                    .map(|i| {
                        if tb.kind == Kind::AverageOfOpponentsPerformance {
                            self.performance(i, tb)
                        } else {
                            self.perfect(i, tb)
                        }
                    })
                    .collect();
                each(&|i| {
                    let got: Vec<i64> = self.played_opponents(i).filter_map(|o| own[o]).collect();
                    Value::whole(average(&got))
                })
            }
            Kind::ProgressiveScore => each(&|i| {
                let mut running = 0;
                let mut sum = 0;
                for (r, x) in self.facts[i].rounds.iter().enumerate() {
                    running += i64::from(x.gained.tenths());
                    if r >= usize::from(tb.cut_low) {
                        sum += running;
                    }
                }
                Value::tenths(sum)
            }),
            Kind::Koya => {
                // At least half of the maximum score: a win's points in every round (in a
                // round-robin, in every round the opponent had a game scheduled: an odd
                // field's rest is no game, so the limit is half of the games, not rounds).
                let win = i64::from(self.t.settings.points.win.tenths())
                    * self.t.settings.games_per_pairing() as i64;
                let max: Vec<i64> = self
                    .facts
                    .iter()
                    .map(|f| {
                        let rounds = if self.predetermined {
                            f.rounds.iter().filter(|x| x.opponent.is_some()).count()
                        } else {
                            self.rounds
                        };
                        win * rounds as i64
                    })
                    .collect();
                each(&|i| {
                    let sum = self.facts[i]
                        .rounds
                        .iter()
                        .filter(|x| {
                            x.opponent.is_some_and(|o| {
                                2 * i64::from(self.facts[o.index()].score.tenths())
                                    >= max[o.index()]
                            })
                        })
                        .map(|x| i64::from(x.gained.tenths()))
                        .sum();
                    Value::tenths(sum)
                })
            }
            Kind::StandardPoints => each(&|i| {
                let sum = self.facts[i]
                    .rounds
                    .iter()
                    .map(|x| match x.gained.cmp(&self.draw) {
                        std::cmp::Ordering::Greater => 10,
                        std::cmp::Ordering::Equal => 5,
                        std::cmp::Ordering::Less => 0,
                    })
                    .sum();
                Value::tenths(sum)
            }),
            Kind::PairingNumber => each(&|i| Value::count(i as i64 + 1)),
            Kind::Rating => each(&|i| {
                if self.all_rated || tb.unrated.is_some() {
                    Value::whole(self.facts[i].rating.or(tb.unrated).map(i64::from))
                } else {
                    Value::NONE
                }
            }),
            Kind::MatchPoints => each(&|i| Value::count(self.facts[i].match_points)),
        }
    }

    /// The opponents `i` played over the board, one entry a round.
    fn played_opponents(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.facts[i]
            .rounds
            .iter()
            .filter(|x| x.played)
            .filter_map(|x| x.opponent.map(Tpn::index))
    }

    /// The games `i` played over the board that `keep` (colour, 2 a win / 1 a draw) counts.
    fn games(&self, i: usize, keep: impl Fn(Color, u8) -> bool) -> i64 {
        self.facts[i]
            .rounds
            .iter()
            .flat_map(|x| x.games.iter().flatten())
            .filter(|(c, p)| keep(*c, *p))
            .count() as i64
    }

    /// BH, FB or SB (by `tb.kind`) of every player, with `tb`'s cuts (16.3-16.5).
    fn buchholz(&self, tb: &Tiebreak) -> Vec<Value> {
        let fore = tb.kind == Kind::ForeBuchholz && self.final_round;
        let tenths = |p: Points| i64::from(p.tenths());
        // The score each player gives as an opponent, and their own score for the dummy.
        let given: Vec<i64> = self
            .facts
            .iter()
            .map(|f| tenths(adjusted(f, self.draw, fore)))
            .collect();
        let own: Vec<i64> = self
            .facts
            .iter()
            .map(|f| {
                if fore && f.rounds.last().is_some_and(|x| x.opponent.is_some()) {
                    tenths(adjusted(f, self.draw, true))
                } else {
                    tenths(f.score)
                }
            })
            .collect();
        let own_score: Vec<i64> = self.facts.iter().map(|f| tenths(f.score)).collect();
        let sb = tb.kind == Kind::SonnebornBerger;
        let win = i64::from(self.t.settings.points.win.tenths().max(1));
        let draw_all = tenths(self.draw) * self.rounds as i64;
        let last = self.rounds.checked_sub(1);
        self.facts
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let mut parts: Vec<Part> = f
                    .rounds
                    .iter()
                    .enumerate()
                    .map(|(r, x)| {
                        let counts_played = x.played || (fore && Some(r) == last);
                        let (score, vur) = match x.opponent {
                            // A round-robin: the scheduled opponent's score as scored.
                            Some(o) if self.predetermined => (own_score[o.index()], false),
                            None if self.predetermined => (0, false),
                            Some(o) if counts_played => (given[o.index()], false),
                            // 16.4.1, 16.4.2: the dummy opponent.
                            Some(o) => (own[i].min(given[o.index()]), x.vur),
                            None => (own[i].min(draw_all), x.vur),
                        };
                        let value = if sb {
                            score * tenths(x.gained)
                        } else {
                            score * win
                        };
                        Part { score, value, vur }
                    })
                    .collect();
                let low = usize::from(tb.cut_low).min(parts.len());
                let high = usize::from(tb.cut_high).min(parts.len() - low);
                for _ in 0..low {
                    // 16.5: a VUR's contribution first, the lowest; for SB a lower value
                    // among the lowest scores first.
                    let lowest = (0..parts.len())
                        .min_by_key(|&k| (parts[k].score, parts[k].value))
                        .expect("a part to cut");
                    let vur = (0..parts.len())
                        .filter(|&k| parts[k].vur)
                        .min_by_key(|&k| (parts[k].score, parts[k].value));
                    let at = match vur {
                        Some(v) if parts[lowest].value <= parts[v].value => v,
                        Some(_) => lowest,
                        None => lowest,
                    };
                    parts.remove(at);
                }
                for _ in 0..high {
                    let highest = (0..parts.len())
                        .min_by_key(|&k| {
                            (
                                std::cmp::Reverse(parts[k].score),
                                std::cmp::Reverse(parts[k].value),
                            )
                        })
                        .expect("a part to cut");
                    parts.remove(highest);
                }
                let sum: i64 = parts.iter().map(|p| p.value).sum();
                if sb {
                    Value {
                        value: sum,
                        scale: 10 * win,
                    }
                } else {
                    Value::tenths(sum / win)
                }
            })
            .collect()
    }

    /// The ratings of `i`'s opponents played over the board (each game once, or with
    /// `per_round` each opponent once: a Double-Swiss match) and the rating points scored
    /// against them (2 a win, 1 a draw), after `tb`'s cuts; `None` when an unrated player has
    /// no rating to count with.
    fn rated(&self, i: usize, tb: &Tiebreak, per_round: bool) -> Option<(Vec<i64>, i64)> {
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
    fn performance(&self, i: usize, tb: &Tiebreak) -> Option<i64> {
        let (ratings, points) = self.rated(i, tb, false)?;
        let aro = average(&ratings)?;
        // Points are in halves: the percentage is 50 * points / games, rounded half up.
        Some(aro + dp(half_up(50 * points, ratings.len() as i64)))
    }

    /// PTP: the lowest rating at which the expected score (8.1 (b)) reaches the score made.
    fn perfect(&self, i: usize, tb: &Tiebreak) -> Option<i64> {
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

    /// DE for one tied group (C.07 as the calculator reads it: see the Readings): each
    /// player's place among them, 0 when it separates nobody.
    fn direct_encounter(&self, group: &[usize]) -> Vec<Value> {
        let win = i64::from(self.t.settings.points.win.tenths())
            * self.t.settings.games_per_pairing() as i64;
        // Each player's place so far (0 = first of the group), and whether to look again.
        let mut place: Vec<usize> = vec![0; group.len()];
        let mut again = vec![true; group.len()];
        for _ in 0..30 {
            let mut changed = false;
            let mut order: Vec<usize> = (0..group.len()).collect();
            order.sort_by_key(|&k| (place[k], group[k]));
            let mut start = 0;
            while start < order.len() {
                let end = (start..order.len())
                    .find(|&j| place[order[j]] != place[order[start]])
                    .unwrap_or(order.len());
                let sub: Vec<usize> = order[start..end].to_vec();
                if sub.len() == 1 {
                    again[sub[0]] = false;
                } else if again[sub[0]] {
                    let split = self.encounter_pass(group, &sub, &mut place, win);
                    for &k in &sub {
                        again[k] = split;
                    }
                    changed |= split;
                }
                start = end;
            }
            if !changed {
                break;
            }
        }
        let separated = place.iter().any(|&p| p != 0);
        place
            .iter()
            .map(|&p| Value::count(if separated { p as i64 + 1 } else { 0 }))
            .collect()
    }

    /// One look at the players `sub` (indices into `group`), tied at the same place: their
    /// points against each other order them where that is certain. Whether any was placed
    /// below another.
    fn encounter_pass(
        &self,
        group: &[usize],
        sub: &[usize],
        place: &mut [usize],
        win: i64,
    ) -> bool {
        let base = place[sub[0]];
        let members: Vec<Tpn> = sub.iter().map(|&k| Tpn::from_index(group[k])).collect();
        // Points against the others (the average where two met more than once), how many of
        // them were met, and the most reachable.
        let mut rows: Vec<(usize, i64, i64)> = sub
            .iter()
            .map(|&k| {
                let f = &self.facts[group[k]];
                let mut met: Vec<(Tpn, i64, i64)> = Vec::new();
                // A round-robin's forfeited game is an encounter too, with its result.
                let encounter =
                    |x: &&RoundFacts| x.played || (self.predetermined && x.opponent.is_some());
                for x in f.rounds.iter().filter(encounter) {
                    let Some(o) = x.opponent.filter(|o| members.contains(o)) else {
                        continue;
                    };
                    match met.iter_mut().find(|m| m.0 == o) {
                        Some(m) => {
                            m.1 += i64::from(x.gained.tenths());
                            m.2 += 1;
                        }
                        None => met.push((o, i64::from(x.gained.tenths()), 1)),
                    }
                }
                // In hundredths of a point, so that an average of two is exact.
                let points: i64 = met.iter().map(|m| m.1 * 10 / m.2).sum();
                let missing = (sub.len() - 1 - met.len()) as i64;
                (k, points, points + missing * win * 10)
            })
            .collect();
        let all_met = rows.iter().all(|&(_, p, max)| p == max);
        rows.sort_by_key(|&(k, p, max)| (std::cmp::Reverse(p), std::cmp::Reverse(max), group[k]));
        let mut changed = false;
        let mut current = base;
        let mut unique = true;
        for j in 1..rows.len() {
            let separates = if all_met {
                rows[j].1 != rows[j - 1].1
            } else {
                let best_below = rows[j..].iter().map(|r| r.2).max().unwrap_or(0);
                unique && rows[j - 1].1 > best_below
            };
            if separates {
                current = base + j;
                changed = true;
            } else if !all_met {
                unique = false;
            }
            place[rows[j].0] = current;
        }
        place[rows[0].0] = base;
        changed
    }

    /// Dutch 1992 F.10's direct encounter: for the group tied for first place, when every two
    /// of them have played each other, the points scored against the others.
    fn direct_encounter_for_first(&self, group: &[usize], first: bool) -> Vec<Value> {
        let met = |a: usize, b: usize| {
            self.facts[a]
                .rounds
                .iter()
                .any(|x| x.played && x.opponent.is_some_and(|o| o.index() == b))
        };
        let all_met = group
            .iter()
            .all(|&a| group.iter().all(|&b| a == b || met(a, b)));
        group
            .iter()
            .map(|&i| {
                if !first || group.len() < 2 || !all_met {
                    return Value::tenths(0);
                }
                let sum = self.facts[i]
                    .rounds
                    .iter()
                    .filter(|x| x.played && x.opponent.is_some_and(|o| group.contains(&o.index())))
                    .map(|x| i64::from(x.gained.tenths()))
                    .sum();
                Value::tenths(sum)
            })
            .collect()
    }
}

/// The average of whole numbers, rounded half up; `None` for none.
fn average(v: &[i64]) -> Option<i64> {
    (!v.is_empty()).then(|| half_up(v.iter().sum(), v.len() as i64))
}

/// The cross table: per player, rank order, each round as "opponent's rank, colour, result".
pub fn cross_table(t: &Tournament, s: &Standings) -> String {
    cross_table_rows(t, s, 0..s.rows.len())
}

/// The cross table's heading and its rows `rows` (positions in the standings, from 0; the
/// part of them that exists): a part of a long table, each row as in the whole one.
pub fn cross_table_rows(t: &Tournament, s: &Standings, rows: std::ops::Range<usize>) -> String {
    let end = rows.end.min(s.rows.len());
    let shown = &s.rows[rows.start.min(end)..end];
    let mut rank_of = vec![0u32; t.players().len()];
    for r in &s.rows {
        if let Some(x) = rank_of.get_mut(r.tpn.index()) {
            *x = r.rank;
        }
    }
    let rounds = s.after.get() as usize;
    let states = states_before(t, RoundNo::from_index(rounds));
    // Each player's pairing in each round, found once (not by a search per cell).
    let seats: Vec<Vec<Option<usize>>> = t
        .rounds()
        .iter()
        .take(rounds)
        .map(|round| {
            let mut seat = vec![None; t.players().len()];
            for (i, p) in round.pairings.iter().enumerate() {
                for player in [p.white, p.black] {
                    if let Some(x) = seat.get_mut(player.index()) {
                        *x = Some(i);
                    }
                }
            }
            seat
        })
        .collect();
    use std::fmt::Write;
    let mut out = String::with_capacity((shown.len() + 1) * (45 + 7 * rounds + 7 * s.order.len()));
    let _ = write!(
        out,
        "{:>4} {:>4}  {:<28} {:>4} ",
        "Rank", "No", "Name", "Rtg"
    );
    for r in 1..=rounds {
        out.push_str(&format!(" {:>6}", format!("R{r}")));
    }
    out.push_str(&format!("  {:>5}", "Pts"));
    for tb in &s.order {
        out.push_str(&format!(" {:>6}", tb.code()));
    }
    out.push('\n');
    for row in shown {
        let p = t.player(row.tpn).expect("registered");
        let name: String = p.name.chars().take(28).collect();
        let _ = write!(out, "{:>4} {:>4}  {:<28} ", row.rank, row.tpn, name);
        match p.rating {
            Some(r) => {
                let _ = write!(out, "{r:>4} ");
            }
            None => out.push_str("     "),
        }
        let st = &states[row.tpn.index()];
        // Each cell written into `cell` (reused), then padded into the table.
        let mut cell = String::with_capacity(8);
        for (r, entry) in st.entries.iter().enumerate().take(rounds) {
            let round = &t.rounds()[r];
            cell.clear();
            let _ = match entry {
                RoundEntry::Paired {
                    opponent,
                    color,
                    played,
                    ..
                } => {
                    let pairing = &round.pairings[seats[r][row.tpn.index()].expect("paired")];
                    let got: Points = pairing
                        .games
                        .iter()
                        .flatten()
                        .map(|g| t.settings.points.for_game(*g, *color))
                        .sum();
                    let c = if *played { color.trf_char() } else { '-' };
                    let _ = write!(cell, "{}{c}", rank_of[opponent.index()]);
                    write_result(&mut cell, got, *played, t);
                    Ok(())
                }
                RoundEntry::Bye(kind) => write!(cell, "{}", kind.trf_char()),
                RoundEntry::Absent => write!(cell, "-"),
            };
            let _ = write!(out, " {cell:>6}");
        }
        cell.clear();
        let _ = write!(cell, "{}", row.score);
        let _ = write!(out, "  {cell:>5}");
        for v in &row.tiebreaks {
            cell.clear();
            let _ = write!(cell, "{v}");
            let _ = write!(out, " {cell:>6}");
        }
        out.push('\n');
    }
    out
}

/// A cross-table cell's result onto the end of `out`: 1, =, 0 (+, - unplayed), or the points
/// of a match.
fn write_result(out: &mut String, got: Points, played: bool, t: &Tournament) {
    use std::fmt::Write;
    let v = &t.settings.points;
    if t.settings.games_per_pairing() == 1 {
        let c = if got == v.win || got == v.forfeit_win {
            if played {
                "1"
            } else {
                "+"
            }
        } else if got == v.draw {
            "="
        } else if played {
            "0"
        } else {
            "-"
        };
        out.push_str(c);
    } else {
        let _ = write!(out, "{got}");
    }
}
