//! Rounds: a published round with each player's score before it, the system's proposal for
//! the next, a pairing checked before it is published (its breaches of the absolute criteria
//! and its differences from the proposal), a publication (the differences and the breaches
//! accepted recorded in words), and the last round unpublished.
//!
//! A round-robin's rounds come from its table, known in advance (C.05 Annex 1): its next
//! round may be proposed and published before the results of the last one are in. A Swiss
//! round is paired only once every result is in.

use super::common::{system_of, App, AppError, Breach, Request, Result, Written};
use super::named::{described, player_view, Named, PlayerView};
use crate::convert::{self, to_engine_system};
use crate::replay::{RoundRecord, State};
use crate::schema::*;
use engine::model::result::{ByeKind, GameResult};
use engine::pairing::{pair_next_round, PairingError, RoundPairing};
use engine::{Color, Points, RoundNo, Tpn};

/// A player with a score.
#[derive(Clone, Debug)]
pub struct Scored {
    /// Who.
    pub player: PlayerView,
    /// The score before the round shown.
    pub score: Option<Points>,
    /// The virtual points of an accelerated round shown (C.04.7): the pairing score is the
    /// score plus these.
    pub virtual_points: Option<Points>,
}

/// One board of a published round.
#[derive(Clone, Debug)]
pub struct BoardView {
    /// 1 for the first.
    pub board: u32,
    /// White (in a match: White in game 1).
    pub white: Scored,
    /// Black.
    pub black: Scored,
    /// The result, one per game, once recorded.
    pub games: Option<Vec<GameResult>>,
    /// Who reported the result and who confirmed it, when it came from the players' reports.
    pub agreed: Option<(PlayerView, PlayerView)>,
}

/// A published round.
#[derive(Clone, Debug)]
pub struct RoundView {
    /// The round.
    pub round: u16,
    /// Its boards in order.
    pub boards: Vec<BoardView>,
    /// The pairing-allocated bye.
    pub bye: Option<Scored>,
    /// Players not playing by their own request (byes, absences).
    pub requested: Vec<(PlayerView, ByeKind)>,
    /// The system that made the pairing and the engine's version.
    pub made_by: (engine::System, String),
    /// The chief arbiter's changes to the system's proposal.
    pub manual_changes: Vec<String>,
}

/// The system's proposal for the next round.
#[derive(Clone, Debug)]
pub struct Proposal {
    /// The round.
    pub round: u16,
    /// White and Black, board 1 first.
    pub pairs: Vec<(PlayerView, PlayerView)>,
    /// The pairing-allocated bye.
    pub bye: Option<PlayerView>,
    /// The system's reasoning, step by step under each article.
    pub explanation: Vec<engine::pairing::Step>,
}

/// A round to publish, each player named by a number the request chose.
#[derive(Clone, Debug)]
pub struct Publication {
    /// The round: the next one.
    pub round: u16,
    /// White and Black, board 1 first.
    pub pairs: Vec<(Named, Named)>,
    /// The pairing-allocated bye.
    pub bye: Option<Named>,
    /// Publish even if the pairing breaks the absolute criteria (the breaches are recorded).
    pub accept_violations: bool,
}

/// A pairing checked before it is published: nothing is recorded.
#[derive(Clone, Debug)]
pub struct PairingCheck {
    /// Its breaches of the absolute criteria, in words (empty: none).
    pub violations: Vec<String>,
    /// How it differs from the system's proposal, in words (empty: the proposal as it is).
    pub changes: Vec<String>,
}

/// A round published.
#[derive(Clone, Debug)]
pub struct Published {
    /// What was written.
    pub written: Written,
    /// The changes to the system's proposal and the breaches accepted, as recorded.
    pub changes: Vec<String>,
}

impl App {
    /// A published round, with each player's score before it.
    pub fn round(&self, t: TournamentId, round: u16) -> Result<RoundView> {
        let s = self.state(t)?;
        let r: &RoundRecord = s
            .rounds()
            .get(usize::from(round).wrapping_sub(1))
            .ok_or_else(|| AppError::NotFound(format!("round {round} is not published")))?;
        let before = engine::model::history::states_before(
            s.engine(),
            RoundNo::new(round).unwrap_or(RoundNo::FIRST),
        );
        let shown = RoundNo::new(round).unwrap_or(RoundNo::FIRST);
        let scored = |k: PlayerKey| Scored {
            player: player_view(&s, k),
            score: s
                .tpn_of(k)
                .and_then(|t| before.get(t.index()))
                .map(|x| x.score),
            virtual_points: s
                .tpn_of(k)
                .map(|t| {
                    engine::model::acceleration::virtual_points_of(
                        &s.engine().virtual_points,
                        t,
                        shown,
                    )
                })
                .filter(|v| *v > Points::ZERO),
        };
        Ok(RoundView {
            round,
            boards: r
                .pairs
                .iter()
                .zip(&r.results)
                .enumerate()
                .map(|(i, (p, res))| BoardView {
                    board: i as u32 + 1,
                    white: scored(p.white),
                    black: scored(p.black),
                    games: res.as_ref().map(|(g, _)| convert::results_of(g)),
                    agreed: r.agreed[i].map(|(a, b)| (player_view(&s, a), player_view(&s, b))),
                })
                .collect(),
            bye: r.bye.map(scored),
            requested: r
                .requested
                .iter()
                .map(|(k, kind)| (player_view(&s, *k), *kind))
                .chain(
                    r.absent_unchecked
                        .iter()
                        .map(|k| (player_view(&s, *k), ByeKind::Zero)),
                )
                .collect(),
            made_by: (to_engine_system(r.made_by.0), r.made_by.1.clone()),
            manual_changes: r.manual_changes.clone(),
        })
    }

    /// The system's proposal for the next round; nothing is recorded.
    pub fn proposal(&self, t: TournamentId) -> Result<Proposal> {
        let s = self.state(t)?;
        let system = system_of(&s)?;
        if system.is_round_robin() && s.rounds().is_empty() && s.drawn_numbers().is_none() {
            return Err(AppError::Refused(
                "a round-robin's numbers are given before round 1: draw them by lot or by the Varma tables, or assign them (C.05)".into(),
            ));
        }
        let p = system_pairing(&s, system).map_err(|e| match e {
            PairingError::NoValidPairing { round, reason } => {
                AppError::NoPairing(PairingError::NoValidPairing {
                    round,
                    reason: too_few_checked_in(&s).map_or(reason.clone(), |few| {
                        format!("{few}; what the system found: {reason}")
                    }),
                })
            }
            PairingError::NotImplemented { .. } => AppError::NoPairing(e),
            other => AppError::Refused(other.to_string()),
        })?;
        let view = |tpn: Tpn| player_view(&s, s.key_of(tpn).unwrap_or(PlayerKey(0)));
        Ok(Proposal {
            round: p.round.get(),
            pairs: p.pairs.iter().map(|(w, b)| (view(*w), view(*b))).collect(),
            bye: p.bye.map(view),
            explanation: p.explanation,
        })
    }

    /// Checks a pairing of the next round against the absolute criteria and the system's
    /// proposal, as publishing it would; nothing is recorded. The console checks each change
    /// the arbiter makes by hand with it.
    pub fn check_pairing(&self, t: TournamentId, p: &Publication) -> Result<PairingCheck> {
        let s = self.state(t)?;
        let checked = checked(&s, p)?;
        Ok(PairingCheck {
            violations: checked.violations.into_iter().map(|b| b.words).collect(),
            changes: checked.changes,
        })
    }

    /// Publishes the next round: the system's proposal as it is, or changed by hand. The
    /// differences from the proposal are recorded in words, by name and numbers; a pairing
    /// that breaks the absolute criteria is refused unless `accept_violations` is set, and
    /// then its breaches are recorded too.
    pub fn publish(&self, t: TournamentId, req: &Request, p: Publication) -> Result<Published> {
        let s = self.state(t)?;
        let system = system_of(&s)?;
        let settings_system = s.settings().map_or(SystemV1::Dutch1992, |x| x.system);
        let Checked {
            next,
            keys,
            bye_key,
            violations,
            mut changes,
        } = checked(&s, &p)?;
        if !violations.is_empty() && !p.accept_violations {
            return Err(AppError::Violations(violations));
        }
        changes.extend(
            violations
                .iter()
                .map(|v| format!("accepted breach of the absolute criteria: {}", v.words)),
        );
        let event = Event::RoundPublished {
            round: next,
            system: settings_system,
            engine_version: engine::VERSION.into(),
            pairs: keys
                .iter()
                .map(|&(white, black)| PairV1 { white, black })
                .collect(),
            bye: bye_key,
            manual_changes: changes.clone(),
            pairing_numbers: Vec::new(),
        };
        let written = self.append(t, req, event, None)?;
        if system.is_round_robin() {
            self.forfeit_withdrawn(t, req, next, &keys)?;
        }
        Ok(Published { written, changes })
    }

    /// C.05: in a round-robin, a withdrawn player's game is lost by forfeit and the opponent
    /// wins it; recorded for each such board of the round just published.
    fn forfeit_withdrawn(
        &self,
        t: TournamentId,
        req: &Request,
        round: u16,
        pairs: &[(PlayerKey, PlayerKey)],
    ) -> Result<()> {
        let s = self.state(t)?;
        let gone = |k: PlayerKey| {
            s.players()
                .get(k.0 as usize - 1)
                .and_then(|p| p.player.withdrawn_from)
                .is_some_and(|w| w.get() <= round)
        };
        let request = Request {
            idempotency_key: None,
            ..req.clone()
        };
        for (i, &(w, b)) in pairs.iter().enumerate() {
            let result = match (gone(w), gone(b)) {
                (false, false) => continue,
                (true, false) => GameResult::forfeit(Color::Black),
                (false, true) => GameResult::forfeit(Color::White),
                (true, true) => GameResult::DOUBLE_FORFEIT,
            };
            let event = Event::ResultRecorded {
                round,
                board: i as u32 + 1,
                games: vec![convert::v1_result(result)],
            };
            self.append(t, &request, event, None)?;
        }
        Ok(())
    }

    /// Withdraws the last round's pairing before any result is in (Dutch F.6).
    pub fn unpublish(&self, t: TournamentId, req: &Request, round: u16) -> Result<Written> {
        self.append(t, req, Event::RoundUnpublished { round }, None)
    }
}

/// A pairing to publish, read and checked: its players' registration numbers, its breaches
/// of the absolute criteria and how it differs from the system's proposal.
struct Checked {
    next: u16,
    keys: Vec<(PlayerKey, PlayerKey)>,
    bye_key: Option<PlayerKey>,
    violations: Vec<Breach>,
    changes: Vec<String>,
}

/// Reads `p`, a pairing of the next round, and checks it as publishing it would.
fn checked(s: &State, p: &Publication) -> Result<Checked> {
    let system = system_of(s)?;
    let next = s.rounds().len() as u16 + 1;
    if p.round != next {
        return Err(AppError::Refused(format!(
            "round: the next round to publish is {next}, not {}",
            p.round
        )));
    }
    let mut keys = Vec::with_capacity(p.pairs.len());
    for (i, (w, b)) in p.pairs.iter().enumerate() {
        keys.push((
            w.resolve(s, &format!("pairs[{i}].white"))?,
            b.resolve(s, &format!("pairs[{i}].black"))?,
        ));
    }
    let bye_key = p.bye.as_ref().map(|b| b.resolve(s, "bye")).transpose()?;
    let tpn = |k: PlayerKey| s.tpn_of(k).unwrap_or(Tpn::from_index(0));
    let proposed = RoundPairing {
        round: RoundNo::new(next).unwrap_or(RoundNo::FIRST),
        pairs: keys.iter().map(|&(w, b)| (tpn(w), tpn(b))).collect(),
        bye: bye_key.map(tpn),
        explanation: vec![],
    };
    let who = |t: Tpn| described(s, s.key_of(t).unwrap_or(PlayerKey(0)));
    let violations: Vec<Breach> =
        engine::pairing::validate::validate(s.engine(), system, &proposed)
            .into_iter()
            .map(|v| Breach {
                words: v.describe(who),
                violation: v,
            })
            .collect();
    let changes = changes_from_proposal(s, &proposed, system_pairing(s, system));
    Ok(Checked {
        next,
        keys,
        bye_key,
        violations,
        changes,
    })
}

/// The system's pairing of the next round. A round-robin's round is its table's (C.05
/// Annex 1), known in advance: it is paired whatever results are still missing. A Swiss
/// round is paired once every result is in.
fn system_pairing(
    s: &State,
    system: engine::System,
) -> std::result::Result<RoundPairing, PairingError> {
    match system.cycles() {
        Some(cycles) => {
            let next = RoundNo::new(s.rounds().len() as u16 + 1).unwrap_or(RoundNo::FIRST);
            engine::pairing::round_robin::pair(s.engine(), next, cycles)
        }
        None => pair_next_round(s.engine(), system),
    }
}

/// When players must check in for the next round and too few have for a pairing, that in
/// words: how many checked in of how many, and what to do; `None` when no check-in is
/// required for it.
fn too_few_checked_in(s: &State) -> Option<String> {
    let unchecked = s.unchecked();
    if unchecked.is_empty() {
        return None;
    }
    let next = s.rounds().len() as u16 + 1;
    let playing: Vec<PlayerKey> = s
        .present()
        .filter(|p| p.player.withdrawn_from.is_none_or(|w| w.get() > next))
        .map(|p| p.key)
        .collect();
    let checked = playing
        .iter()
        .filter(|k| s.is_checked_in(**k, next))
        .count();
    Some(format!(
        "only {checked} of {} players have checked in for round {next}, and the {} who have not are left out as absent: too few are left to pair. Check players in on the Hall view (an arbiter can check in anyone), lift the check-in rule, or pair by hand",
        playing.len(),
        unchecked.len()
    ))
}

/// How a pairing to publish differs from the system's proposal, in words that name each
/// player by name and by pairing and registration number.
fn changes_from_proposal(
    s: &State,
    published: &RoundPairing,
    system: std::result::Result<RoundPairing, PairingError>,
) -> Vec<String> {
    let who = |t: Tpn| described(s, s.key_of(t).unwrap_or(PlayerKey(0)));
    let pair = |(w, b): &(Tpn, Tpn)| format!("{} - {}", who(*w), who(*b));
    let Ok(p) = system else {
        let e = system.err().map(|e| e.to_string()).unwrap_or_default();
        return vec![format!("paired by hand: {e}")];
    };
    let mut out = Vec::new();
    for x in &published.pairs {
        if !p.pairs.contains(x) {
            out.push(format!("pair {} is not the system's", pair(x)));
        }
    }
    for x in &p.pairs {
        if !published.pairs.contains(x) {
            out.push(format!("the system's pair {} was changed", pair(x)));
        }
    }
    if p.bye != published.bye {
        let bye = |b: Option<Tpn>| b.map_or_else(|| "nobody".to_string(), who);
        out.push(format!(
            "bye: the system gave it to {}, published to {}",
            bye(p.bye),
            bye(published.bye)
        ));
    }
    out
}
