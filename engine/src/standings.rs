//! Standings after any round: points, then tie-breaks in the tournament's order, then lots;
//! final ranks (written to the TRF rank column by [`apply_ranks`]); the cross table.
//!
//! # The default order
//! Dutch F.10: points; for first place only, the games between the tied players; the average
//! rating of the opponents; the drawing of lots. Dubov and Double-Swiss give no order; their
//! default is Buchholz Cut-1, Buchholz, Sonneborn-Berger, then lots.
//!
//! # Unplayed rounds (the seed texts are silent; FIDE Tie-Break Regulations C.07, 2026, art. 16)
//! A round is *played* when a game was played over the board (a Double-Swiss match: unless a
//! player forfeited both games, as its preface says). Every other round is *unplayed*:
//! pairing-allocated bye, requested byes, forfeits won or lost, announced absences, rounds
//! after a withdrawal or before a late entry. An unplayed round that gave no win (a forfeit
//! lost, a half- or zero-point bye, an absence, a round not paired) is a *voluntary unplayed
//! round* (VUR); a forfeit won, the pairing-allocated bye and a full-point bye are not.
//!
//! | tie-break | the player's own unplayed round | an opponent's unplayed rounds |
//! |---|---|---|
//! | Buchholz, Cut-1, Median | counts as a game against a dummy opponent whose score is the player's own final score, but no more than the forfeiting opponent's (16.4.1) or, with no opponent, than a draw in every round (16.4.2); Cut-1 and Median cut a VUR's contribution before any other | the opponent's score as scored, except that the rounds after the opponent's last round that was not a VUR and had no opponent count as draws (16.3: a withdrawal's rounds) |
//! | Sonneborn-Berger | the dummy's score times the points the round gave | as for Buchholz |
//! | direct encounter | not an encounter | — |
//! | wins | a forfeit win is a win, and so is a bye that gives a win's points (the pairing-allocated bye, a full-point bye) | — |
//! | games with Black | not a game | — |
//! | average rating of opponents | left out (so are unrated opponents); rounded to the nearest whole number | — |
//! | progressive score | the points it gave count | — |
//!
//! FIDE's tie-break calculator (Gacrux, `../shared/oracles/gacrux`) computes these the same
//! way; the agreement test in `engine/tests/engine/c07.rs` holds us to it.
//!
//! Readings: direct encounter separates a tied group only when every two of its players have
//! played each other; otherwise it leaves the group tied (for Dutch F.10 it applies to the
//! group tied for first place only). Cut-1 removes the lowest contribution, Median the lowest
//! and the highest. In Double-Swiss the score is the game points (each match gives 0 to 2);
//! the tie-break "match points" counts 2 for a match won, 1 drawn, 0 lost, byes by the
//! points they give.

use crate::color::Color;
use crate::history::{states_before, RoundEntry};
use crate::ids::{RoundNo, Tpn};
use crate::points::Points;
use crate::result::{ByeKind, GameMode, GameScore};
use crate::settings::System;
use crate::tournament::Tournament;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// Sum of the opponents' scores.
    Buchholz,
    /// Buchholz without the lowest contribution.
    BuchholzCut1,
    /// Buchholz without the lowest and the highest contribution.
    MedianBuchholz,
    /// Sum of the scores of the opponents beaten, and half those drawn.
    SonnebornBerger,
    /// The points scored against the other tied players, when all have met.
    DirectEncounter,
    /// Direct encounter applied to the players tied for first place only (Dutch F.10).
    DirectEncounterForFirst,
    /// Games won (over the board or by forfeit).
    Wins,
    /// Games played with Black.
    GamesWithBlack,
    /// Average rating of the opponents actually played.
    AverageRatingOfOpponents,
    /// Sum of the running score after each round.
    ProgressiveScore,
    /// Double-Swiss: 2 for a match won, 1 drawn, 0 lost.
    MatchPoints,
}

impl Tiebreak {
    /// The short name used in tables (FIDE C.07 abbreviations where there is one).
    pub fn code(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "BH",
            Tiebreak::BuchholzCut1 => "BH-C1",
            Tiebreak::MedianBuchholz => "BH-M1",
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::DirectEncounter => "DE",
            Tiebreak::DirectEncounterForFirst => "DE1",
            Tiebreak::Wins => "WIN",
            Tiebreak::GamesWithBlack => "BPG",
            Tiebreak::AverageRatingOfOpponents => "ARO",
            Tiebreak::ProgressiveScore => "PS",
            Tiebreak::MatchPoints => "MP",
        }
    }

    /// The tie-break for a code from [`Tiebreak::code`].
    pub fn from_code(code: &str) -> Option<Tiebreak> {
        ALL.iter()
            .copied()
            .find(|t| t.code().eq_ignore_ascii_case(code))
    }

    /// The default order for `system`.
    pub fn defaults(system: Option<System>) -> Vec<Tiebreak> {
        match system {
            Some(System::Dutch1992) | Some(System::Dutch2026) | None => vec![
                Tiebreak::DirectEncounterForFirst,
                Tiebreak::AverageRatingOfOpponents,
            ],
            Some(System::Dubov) | Some(System::DoubleSwiss) => {
                vec![
                    Tiebreak::BuchholzCut1,
                    Tiebreak::Buchholz,
                    Tiebreak::SonnebornBerger,
                ]
            }
        }
    }
}

const ALL: [Tiebreak; 11] = [
    Tiebreak::Buchholz,
    Tiebreak::BuchholzCut1,
    Tiebreak::MedianBuchholz,
    Tiebreak::SonnebornBerger,
    Tiebreak::DirectEncounter,
    Tiebreak::DirectEncounterForFirst,
    Tiebreak::Wins,
    Tiebreak::GamesWithBlack,
    Tiebreak::AverageRatingOfOpponents,
    Tiebreak::ProgressiveScore,
    Tiebreak::MatchPoints,
];

/// A tie-break's value: `value / scale`, the scale the same for every player, so values
/// compare as integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value {
    /// The scaled value.
    pub value: i64,
    /// What to divide by.
    pub scale: i64,
}

impl std::fmt::Display for Value {
    /// Two decimals where the value has them, one otherwise, none for counts.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.scale == 1 {
            return write!(f, "{}", self.value);
        }
        let hundredths = (self.value * 100 + self.scale / 2 * self.value.signum()) / self.scale;
        if hundredths % 10 == 0 {
            write!(f, "{}.{}", hundredths / 100, (hundredths % 100).abs() / 10)
        } else {
            write!(f, "{}.{:02}", hundredths / 100, (hundredths % 100).abs())
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Place, 1 first; every player has a different one (lots break the last ties).
    pub rank: u32,
    /// The player.
    pub tpn: Tpn,
    /// Points.
    pub score: Points,
    /// The tie-breaks, in the order used.
    pub tiebreaks: Vec<Value>,
    /// Whether lots were needed to separate the player from another.
    pub by_lot: bool,
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

/// Per player, per round: what is needed for tie-breaks.
struct Facts {
    score: Points,
    adjusted: Points,
    /// Per round: `Some((opponent, points))` for a played round, `None` otherwise.
    played: Vec<Option<(Tpn, Points)>>,
    /// Per round: the opponent of an unplayed round that had one (a forfeit).
    forfeited: Vec<Option<Tpn>>,
    /// Per round: whether it was a voluntary unplayed round (see the module's notes).
    vur: Vec<bool>,
    /// Per round: the points the round gave.
    gained: Vec<Points>,
    wins: i64,
    black_games: i64,
    match_points: i64,
}

/// The standings after `after` (all rounds if `None`), with the tie-breaks `order` (the
/// system's default if empty) and lots drawn from `lot_seed`.
pub fn standings(
    t: &Tournament,
    after: Option<RoundNo>,
    order: &[Tiebreak],
    lot_seed: u64,
) -> Standings {
    let rounds = after
        .map_or(t.rounds().len(), |r| r.get() as usize)
        .min(t.rounds().len());
    let after = RoundNo::from_index(rounds.saturating_sub(1));
    let order: Vec<Tiebreak> = if order.is_empty() {
        Tiebreak::defaults(t.settings.system)
    } else {
        order.to_vec()
    };
    let facts = facts(t, rounds);
    // Lots: a permutation of the players drawn from the seed.
    let mut lots: Vec<usize> = (0..facts.len()).collect();
    lots.shuffle(&mut ChaCha8Rng::seed_from_u64(lot_seed));
    let mut lot_of = vec![0usize; facts.len()];
    for (place, &i) in lots.iter().enumerate() {
        lot_of[i] = place;
    }
    let mut keyed: Vec<(usize, Vec<Value>)> = (0..facts.len())
        .map(|i| (i, Vec::with_capacity(order.len())))
        .collect();
    keyed.sort_by(|a, b| facts[b.0].score.cmp(&facts[a.0].score).then(a.0.cmp(&b.0)));
    // Refine the groups tied so far with each tie-break in turn.
    for (k, tb) in order.iter().enumerate() {
        let mut start = 0;
        let top_score = keyed.first().map(|(i, _)| facts[*i].score);
        while start < keyed.len() {
            let end = (start..keyed.len())
                .find(|&j| {
                    facts[keyed[j].0].score != facts[keyed[start].0].score
                        || keyed[j].1 != keyed[start].1
                })
                .unwrap_or(keyed.len());
            let group: Vec<usize> = keyed[start..end].iter().map(|(i, _)| *i).collect();
            let first_place = start == 0 && Some(facts[group[0]].score) == top_score;
            for (i, v) in keyed[start..end].iter_mut() {
                let value = value(*tb, &facts, t, *i, &group, first_place);
                v.push(value);
            }
            keyed[start..end].sort_by(|a, b| b.1[k].cmp(&a.1[k]).then(a.0.cmp(&b.0)));
            start = end;
        }
    }
    keyed.sort_by(|a, b| {
        facts[b.0]
            .score
            .cmp(&facts[a.0].score)
            .then_with(|| b.1.cmp(&a.1))
            .then(lot_of[a.0].cmp(&lot_of[b.0]))
    });
    let rows = keyed
        .iter()
        .enumerate()
        .map(|(place, (i, values))| {
            let tied = |j: usize| {
                keyed
                    .get(j)
                    .is_some_and(|(o, v)| facts[*o].score == facts[*i].score && v == values)
            };
            Row {
                rank: place as u32 + 1,
                tpn: Tpn::from_index(*i),
                score: facts[*i].score,
                tiebreaks: values.clone(),
                by_lot: (place > 0 && tied(place - 1)) || tied(place + 1),
            }
        })
        .collect();
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
        .map(|s| Facts {
            score: s.score,
            adjusted: s.score,
            played: vec![None; rounds],
            forfeited: vec![None; rounds],
            vur: vec![true; rounds],
            gained: vec![Points::ZERO; rounds],
            wins: 0,
            black_games: 0,
            match_points: 0,
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
                f.gained[r] = got;
                f.match_points += match got.cmp(&theirs) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                };
                for (k, g) in p.games.iter().enumerate() {
                    let Some(g) = g else { continue };
                    let color_k = if k % 2 == 0 { color } else { color.opposite() };
                    if g.score(color) == GameScore::Win {
                        f.wins += 1;
                    }
                    if g.mode() != GameMode::Forfeit && color_k == Color::Black {
                        f.black_games += 1;
                    }
                }
                if p.is_played() {
                    f.played[r] = Some((p.player(color.opposite()), got));
                    f.vur[r] = false;
                } else {
                    f.forfeited[r] = Some(p.player(color.opposite()));
                    f.vur[r] = !p.won_by_forfeit(color);
                }
            }
        }
        for b in &round.byes {
            let i = b.player.index();
            let got = values.for_bye(b.kind);
            out[i].gained[r] = got;
            out[i].match_points += match got.cmp(&per_round_draw) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
            out[i].vur[r] = !matches!(b.kind, ByeKind::PairingAllocated | ByeKind::Full);
            // C.07 WIN counts the rounds that gave a win's points, played or not: the
            // pairing-allocated bye and a full-point bye are wins (in Double-Swiss, as many as
            // the games won they are worth: the pairing-allocated bye's 1½ is one).
            let win = values.win.tenths();
            if win > 0 && !out[i].vur[r] {
                out[i].wins += i64::from(got.tenths() / win);
            }
        }
    }
    // 16.3: the score an opponent contributes: as scored, except the rounds after the last
    // round that was not a VUR, without an opponent, which count as draws.
    for f in &mut out {
        let last_present = f.vur.iter().rposition(|v| !v).map_or(0, |r| r + 1);
        f.adjusted = f
            .gained
            .iter()
            .enumerate()
            .map(|(r, got)| {
                if r < last_present || f.forfeited[r].is_some() {
                    *got
                } else {
                    per_round_draw
                }
            })
            .sum();
    }
    out
}

fn value(
    tb: Tiebreak,
    facts: &[Facts],
    t: &Tournament,
    i: usize,
    group: &[usize],
    first_place: bool,
) -> Value {
    let f = &facts[i];
    let tenths = |p: Points| i64::from(p.tenths());
    let rounds = f.played.len() as i64;
    let per_round_draw =
        i64::from(t.settings.points.draw.tenths()) * t.settings.games_per_pairing() as i64;
    // 16.4: an unplayed round's dummy opponent has the player's own score, but no more than
    // the forfeiting opponent's (16.4.1) or, with no opponent, a draw in every round (16.4.2).
    let dummy = |r: usize| -> i64 {
        let own = tenths(f.score);
        match f.forfeited[r] {
            Some(o) => own.min(tenths(facts[o.index()].adjusted)),
            None => own.min(per_round_draw * rounds),
        }
    };
    // Each round's Buchholz contribution, and whether the round was a VUR.
    let contributions = || -> Vec<(i64, bool)> {
        f.played
            .iter()
            .enumerate()
            .map(|(r, x)| match x {
                Some((o, _)) => (tenths(facts[o.index()].adjusted), false),
                None => (dummy(r), f.vur[r]),
            })
            .collect()
    };
    // 16.5: Cut-1 cuts a VUR's contribution, the lowest, before any other.
    let cut_lowest = |c: &mut Vec<(i64, bool)>| {
        let at = c
            .iter()
            .enumerate()
            .min_by_key(|(_, (v, vur))| (!vur, *v))
            .map(|(i, _)| i);
        if let Some(i) = at {
            c.remove(i);
        }
    };
    let sum = |c: &[(i64, bool)]| c.iter().map(|(v, _)| v).sum::<i64>();
    match tb {
        Tiebreak::Buchholz => Value {
            value: sum(&contributions()),
            scale: 10,
        },
        Tiebreak::BuchholzCut1 => {
            let mut c = contributions();
            cut_lowest(&mut c);
            Value {
                value: sum(&c),
                scale: 10,
            }
        }
        Tiebreak::MedianBuchholz => {
            let mut c = contributions();
            cut_lowest(&mut c);
            if let Some(i) = c
                .iter()
                .enumerate()
                .max_by_key(|(_, (v, _))| *v)
                .map(|(i, _)| i)
            {
                c.remove(i);
            }
            Value {
                value: sum(&c),
                scale: 10,
            }
        }
        Tiebreak::SonnebornBerger => {
            let win = i64::from(t.settings.points.win.tenths().max(1));
            let sum: i64 = f
                .played
                .iter()
                .zip(&f.gained)
                .enumerate()
                .map(|(r, (x, got))| match x {
                    Some((o, pts)) => tenths(facts[o.index()].adjusted) * tenths(*pts),
                    None => dummy(r) * tenths(*got),
                })
                .sum();
            Value {
                value: sum,
                scale: 10 * win,
            }
        }
        Tiebreak::DirectEncounter | Tiebreak::DirectEncounterForFirst => {
            let applies = group.len() > 1 && (tb == Tiebreak::DirectEncounter || first_place);
            let all_met = group.iter().all(|&a| {
                group.iter().all(|&b| {
                    a == b
                        || facts[a]
                            .played
                            .iter()
                            .any(|x| x.is_some_and(|(o, _)| o.index() == b))
                })
            });
            if !applies || !all_met {
                return Value {
                    value: 0,
                    scale: 10,
                };
            }
            let sum: i64 = f
                .played
                .iter()
                .filter_map(|x| *x)
                .filter(|(o, _)| group.contains(&o.index()))
                .map(|(_, pts)| tenths(pts))
                .sum();
            Value {
                value: sum,
                scale: 10,
            }
        }
        Tiebreak::Wins => Value {
            value: f.wins,
            scale: 1,
        },
        Tiebreak::GamesWithBlack => Value {
            value: f.black_games,
            scale: 1,
        },
        Tiebreak::AverageRatingOfOpponents => {
            let ratings: Vec<i64> = f
                .played
                .iter()
                .filter_map(|x| *x)
                .filter_map(|(o, _)| t.player(o).and_then(|p| p.rating).filter(|&r| r > 0))
                .map(i64::from)
                .collect();
            let n = ratings.len() as i64;
            let avg = if n == 0 {
                0
            } else {
                (2 * ratings.iter().sum::<i64>() + n) / (2 * n)
            };
            Value {
                value: avg,
                scale: 1,
            }
        }
        Tiebreak::ProgressiveScore => {
            let mut running = 0;
            let sum = f.gained.iter().map(|g| {
                running += tenths(*g);
                running
            });
            Value {
                value: sum.sum(),
                scale: 10,
            }
        }
        Tiebreak::MatchPoints => Value {
            value: f.match_points,
            scale: 1,
        },
    }
}

/// The cross table: per player, rank order, each round as "opponent's rank, colour, result".
pub fn cross_table(t: &Tournament, s: &Standings) -> String {
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
    let mut out = String::with_capacity(s.rows.len() * (45 + 7 * rounds + 7 * s.order.len()));
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
    for row in &s.rows {
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
