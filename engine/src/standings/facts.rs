//! What every tie-break reads of each round of each player (C.07, 2026, art. 16): the
//! opponent, whether a game was played over the board, whether the round was a voluntary
//! unplayed round, the points it gave; and the score a player contributes to his opponents
//! (16.3). Computed once per standings, read by every tie-break.
use crate::model::color::Color;
use crate::model::history::states_before;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::result::{ByeKind, GameMode, GameScore};
use crate::model::tournament::Tournament;

/// One round of one player, as the tie-breaks see it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct RoundFacts {
    /// The opponent, played or forfeited.
    pub(super) opponent: Option<Tpn>,
    /// A game was played over the board.
    pub(super) played: bool,
    /// The round was a voluntary unplayed round.
    pub(super) vur: bool,
    /// The points the round gave.
    pub(super) gained: Points,
    /// Games played over the board: each one's colour and rating points (2 a win, 1 a draw).
    pub(super) games: [Option<(Color, u8)>; 2],
}

/// Per player: what the tie-breaks are computed from.
pub(super) struct Facts {
    pub(super) score: Points,
    /// The score an opponent contributes (16.3).
    pub(super) adjusted: Points,
    pub(super) rounds: Vec<RoundFacts>,
    pub(super) wins: i64,
    pub(super) match_points: i64,
    pub(super) rating: Option<u16>,
}

pub(super) fn facts(t: &Tournament, rounds: usize) -> Vec<Facts> {
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
pub(super) fn adjusted(f: &Facts, per_round_draw: Points, fore: bool) -> Points {
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
