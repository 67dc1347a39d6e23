//! Standings and players' records: the standings after a round (provisional while results
//! are missing), the cross table, a player's card, and Dubov's AROs.

use super::common::{App, AppError, Result};
use super::named::{player_view, PlayerView};
use crate::convert;
use crate::replay::State;
use crate::schema::*;
use engine::model::history::{Aro, Float, RoundEntry};
use engine::model::result::{ByeKind, GameResult};
use engine::standings::{cross_table_rows, standings, Standings};
use engine::{Color, Points, RoundNo};

/// The standings after a round.
#[derive(Clone, Debug)]
pub struct StandingsView {
    /// The round they are after (0 before any).
    pub after_round: u16,
    /// The tie-breaks' codes (C.07's, as FIDE's calculator writes them), in order.
    pub tiebreaks: Vec<String>,
    /// What each tie-break measures, in the same order.
    pub meanings: Vec<String>,
    /// The rows, first place first.
    pub rows: Vec<StandingsRow>,
    /// When `after_round` still has results missing: (results in, boards). The standings are
    /// then provisional: players tied share their place and no lots are drawn.
    pub in_progress: Option<(usize, usize)>,
}

/// One row of the standings.
#[derive(Clone, Debug)]
pub struct StandingsRow {
    /// Who.
    pub player: PlayerView,
    /// Place.
    pub rank: u32,
    /// Points.
    pub score: Points,
    /// The tie-breaks' values as shown.
    pub tiebreaks: Vec<String>,
    /// Whether lots decided the place.
    pub by_lot: bool,
    /// Whether the player's results count: not for a round-robin player who withdrew having
    /// played fewer than half of their games (C.05), listed last without a place.
    pub counted: bool,
    /// A round-robin's performance rating (the tournament performance rating, C.07's TPR, as
    /// its cross table shows it); `None` in other systems or where it cannot be computed.
    pub performance: Option<String>,
}

/// One round of a player's card.
#[derive(Clone, Debug)]
pub enum CardRound {
    /// Paired.
    Paired {
        /// The round.
        round: u16,
        /// The opponent.
        opponent: PlayerView,
        /// The player's colour.
        color: Color,
        /// Whether the game was played.
        played: bool,
        /// The board.
        board: Option<u32>,
        /// The result, one per game, for the pairing's White and Black.
        games: Option<Vec<GameResult>>,
        /// The float (Dutch A.4).
        float: Option<Float>,
    },
    /// A bye.
    Bye {
        /// The round.
        round: u16,
        /// Which.
        kind: ByeKind,
        /// The float (a pairing-allocated bye is a downfloat, Dutch A.5).
        float: Option<Float>,
    },
    /// Not in the round.
    Absent {
        /// The round.
        round: u16,
    },
}

/// A player's card.
#[derive(Clone, Debug)]
pub struct CardView {
    /// Who.
    pub player: PlayerView,
    /// Points.
    pub score: Points,
    /// Round by round.
    pub rounds: Vec<CardRound>,
    /// Round by round: the points the round gave the player (`None` for a game whose result
    /// is not in yet: not played yet, so not a loss), and their score after it (which counts
    /// only the results in).
    pub points: Vec<(Option<Points>, Points)>,
    /// Dubov 9: the ARO after each round (Dubov tournaments only).
    pub aro_after_round: Option<Vec<Aro>>,
    /// Whether the AROs are shown as Dubov 2026 1.7.1 rounds them (else exactly, Dubov 1997).
    pub aro_rounded: bool,
}

/// A player's ARO after each round (Dubov 9).
#[derive(Clone, Debug)]
pub struct AroRow {
    /// Who.
    pub player: PlayerView,
    /// After round 1, 2, ...
    pub after_round: Vec<Aro>,
    /// Whether the AROs are shown as Dubov 2026 1.7.1 rounds them (else exactly, Dubov 1997).
    pub rounded: bool,
}

impl App {
    /// The standings after round `after` (the last round if `None`).
    pub fn standings(&self, t: TournamentId, after: Option<u16>) -> Result<StandingsView> {
        let s = self.state(t)?;
        let (tournament, st) = computed_standings(&s, after);
        let performance = round_robin_performances(tournament, &st);
        // A round with results missing: provisional standings, said so, with no lots drawn.
        let in_progress = s
            .rounds()
            .get(usize::from(st.after.get()).wrapping_sub(1))
            .filter(|_| !s.rounds().is_empty())
            .map(|r| {
                (
                    r.results.iter().filter(|x| x.is_some()).count(),
                    r.results.len(),
                )
            })
            .filter(|(done, all)| done < all);
        Ok(StandingsView {
            in_progress,
            after_round: if s.rounds().is_empty() {
                0
            } else {
                st.after.get()
            },
            tiebreaks: st.order.iter().map(|t| t.code()).collect(),
            meanings: st.order.iter().map(|t| t.meaning()).collect(),
            rows: st
                .rows
                .iter()
                .filter_map(|r| {
                    Some(StandingsRow {
                        player: player_view(&s, s.key_of(r.tpn)?),
                        rank: if in_progress.is_some() {
                            r.shared_rank
                        } else {
                            r.rank
                        },
                        score: r.score,
                        tiebreaks: r.tiebreaks.iter().map(ToString::to_string).collect(),
                        by_lot: r.by_lot && in_progress.is_none(),
                        counted: r.counted,
                        performance: performance.get(r.tpn.index()).cloned().flatten(),
                    })
                })
                .collect(),
        })
    }

    /// The cross table, as text: its heading and the rows `part` picks from the standings'
    /// (given their number: all of them, or a part of a long table), with that number.
    pub fn cross_table(
        &self,
        t: TournamentId,
        part: impl FnOnce(usize) -> std::ops::Range<usize>,
    ) -> Result<(String, usize)> {
        let s = self.state(t)?;
        let (tournament, st) = computed_standings(&s, None);
        let total = st.rows.len();
        Ok((cross_table_rows(tournament, &st, part(total)), total))
    }

    /// A player's card: every round with opponent, colour, result and float.
    pub fn card(&self, t: TournamentId, key: PlayerKey) -> Result<CardView> {
        let s = self.state(t)?;
        let tpn = s
            .tpn_of(key)
            .ok_or_else(|| AppError::NotFound(format!("player {} is not registered", key.0)))?;
        let tournament = s.engine();
        let st = engine::model::history::states_before(tournament, tournament.next_round());
        let me = &st[tpn.index()];
        let rounds = me
            .entries
            .iter()
            .zip(&me.floats)
            .enumerate()
            .map(|(i, (e, float))| {
                let round = i as u16 + 1;
                match e {
                    RoundEntry::Paired {
                        opponent,
                        color,
                        played,
                        ..
                    } => {
                        let r = &s.rounds()[i];
                        let board = r
                            .pairs
                            .iter()
                            .position(|p| p.white == key || p.black == key);
                        CardRound::Paired {
                            round,
                            opponent: player_view(&s, s.key_of(*opponent).unwrap_or(PlayerKey(0))),
                            color: *color,
                            played: *played,
                            board: board.map(|b| b as u32 + 1),
                            games: board
                                .and_then(|b| r.results[b].as_ref())
                                .map(|(g, _)| convert::results_of(g)),
                            float: *float,
                        }
                    }
                    RoundEntry::Bye(kind) => CardRound::Bye {
                        round,
                        kind: *kind,
                        float: *float,
                    },
                    RoundEntry::Absent => CardRound::Absent { round },
                }
            })
            .collect();
        // Each round's points and the running score, from the player's own side.
        let mut running = Points::ZERO;
        let points = tournament
            .rounds()
            .iter()
            .map(|r| {
                let mut gained = vec![Points::ZERO; tournament.players().len()];
                engine::model::history::add_gains(&tournament.settings.points, r, &mut gained);
                let got = gained[tpn.index()];
                running += got;
                let waiting = r
                    .pairing_of(tpn)
                    .is_some_and(|(p, _)| p.games.iter().any(Option::is_none));
                ((!waiting).then_some(got), running)
            })
            .collect();
        let system = tournament.settings.system;
        let aro_after_round = matches!(
            system,
            Some(engine::System::Dubov | engine::System::Dubov2026)
        )
        .then(|| aro_after_each_round(tournament, &me.entries));
        Ok(CardView {
            player: player_view(&s, key),
            score: me.score,
            rounds,
            points,
            aro_after_round,
            aro_rounded: system == Some(engine::System::Dubov2026),
        })
    }

    /// Dubov 9: every player's ARO after each round (the opponents actually played, at their
    /// current ratings; 0 before any game).
    pub fn aros(&self, t: TournamentId) -> Result<Vec<AroRow>> {
        let s = self.state(t)?;
        let tournament = s.engine();
        let rounds = tournament.rounds().len();
        let finals = engine::model::history::states_before(tournament, tournament.next_round());
        Ok(tournament
            .players()
            .iter()
            .filter_map(|p| {
                let entries = &finals[p.tpn.index()].entries;
                let after = aro_after_each_round(tournament, &entries[..rounds.min(entries.len())]);
                Some(AroRow {
                    player: player_view(&s, s.key_of(p.tpn)?),
                    after_round: after,
                    rounded: tournament.settings.system == Some(engine::System::Dubov2026),
                })
            })
            .collect())
    }
}

/// Dubov 9: a player's ARO after each of `entries` (their rounds): the opponents actually
/// played, at their current ratings.
fn aro_after_each_round(tournament: &engine::Tournament, entries: &[RoundEntry]) -> Vec<Aro> {
    let mut aro = Aro::default();
    entries
        .iter()
        .map(|e| {
            if let RoundEntry::Paired {
                opponent,
                played: true,
                ..
            } = e
            {
                aro = aro.with(
                    tournament
                        .player(*opponent)
                        .map_or(0, |o| o.pairing_rating()),
                );
            }
            aro
        })
        .collect()
}

/// A round-robin's performance ratings by pairing number (C.07's TPR, worked out once more
/// for the few players of a round-robin unless it is already a tie-break), for its cross
/// table; none for other systems, whose cross tables do not show them.
fn round_robin_performances(t: &engine::Tournament, st: &Standings) -> Vec<Option<String>> {
    if !matches!(
        t.settings.system,
        Some(engine::System::RoundRobin | engine::System::DoubleRoundRobin)
    ) {
        return Vec::new();
    }
    let tpr = engine::model::tiebreak::Kind::PerformanceRating;
    let (order, rows) = match st.order.iter().position(|x| x.kind == tpr) {
        Some(at) => (at, std::borrow::Cow::Borrowed(&st.rows)),
        None => {
            let Some(code) = engine::model::tiebreak::Tiebreak::from_code("TPR") else {
                return Vec::new();
            };
            let own = standings(t, Some(st.after), &[code], t.settings.lot_seed);
            (0, std::borrow::Cow::Owned(own.rows))
        }
    };
    let mut out = vec![None; t.players().len()];
    for r in rows.iter() {
        if let (Some(slot), Some(v)) = (out.get_mut(r.tpn.index()), r.tiebreaks.get(order)) {
            *slot = v.is_some().then(|| v.to_string());
        }
    }
    out
}

/// The standings after round `after` (the last if `None`): those of the last round are
/// worked out once per state.
fn computed_standings(
    s: &State,
    after: Option<u16>,
) -> (&engine::Tournament, std::borrow::Cow<'_, Standings>) {
    let t = s.engine();
    let last = t.rounds().len() as u16;
    match after.filter(|a| *a < last) {
        None => (t, std::borrow::Cow::Borrowed(s.standings())),
        Some(a) => {
            let st = standings(
                t,
                RoundNo::new(a),
                &t.settings.tiebreaks,
                t.settings.lot_seed,
            );
            (t, std::borrow::Cow::Owned(st))
        }
    }
}
