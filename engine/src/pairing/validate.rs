//! The absolute criteria, checked on any proposed pairing: the pairing systems' output, an
//! arbiter's manual changes, or a round read from a file.
//!
//! Dutch B.1-B.2, Dubov 2.1-2.4, Double-Swiss C1-C2, and what every round needs: each player
//! available paired once or given the bye, nobody else.

use crate::model::color::Color;
use crate::model::history::{pairing_states_before, PlayerState};
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::settings::System;
use crate::model::tournament::Tournament;
use crate::pairing::dutch2026::definitions::topscorer;
use crate::pairing::proposal::RoundPairing;
use std::fmt;

/// Why a player may not be paired in the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// Not registered.
    Unknown,
    /// Withdrawn from this round on (Dutch F.5).
    Withdrawn,
    /// Has a bye requested or an absence announced for this round (Dutch F.5).
    ByeRequested,
}

/// One breach of the absolute criteria.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Two players who have met are paired again (Dutch B.1a, Dubov 2.1, Double-Swiss C1).
    Rematch(Tpn, Tpn),
    /// Two players of a forbidden-pairs record are paired (TRF-2026 260).
    ForbiddenPair(Tpn, Tpn),
    /// A player is paired against themselves.
    SelfPaired(Tpn),
    /// A player appears more than once.
    PairedTwice(Tpn),
    /// A player who should be paired is neither paired nor given the bye.
    LeftOut(Tpn),
    /// A player who may not play this round is paired or given the bye.
    NotAvailable(Tpn, Unavailable),
    /// A bye although the number of players is even, or no bye although it is odd.
    WrongByeCount {
        /// Players to pair.
        players: usize,
        /// Byes given.
        byes: usize,
    },
    /// The bye goes to a player who already had a point without playing (Dutch B.1b, Dubov
    /// 2.2, Double-Swiss C2).
    RepeatedUnplayedPoint(Tpn),
    /// A colour difference would go beyond ±2 (Dutch B.2a, Dubov 2.3).
    ColorDifference(Tpn, i32),
    /// The same colour a third time in a row (Dutch B.2b, Dubov 2.4).
    SameColorThrice(Tpn, Color),
    /// A round-robin's round that is not the Berger table's (C.05 Annex 1 fixes every round):
    /// a pair or a colour the table does not give.
    NotTheTable(Tpn, Tpn),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(|t| format!("player {t}")))
    }
}

impl Violation {
    /// The breach in words, each player named by `who` (the application names them by name
    /// and both their numbers).
    pub fn describe(&self, who: impl Fn(Tpn) -> String) -> String {
        match self {
            Violation::Rematch(a, b) => {
                format!("{} and {} have already played each other", who(*a), who(*b))
            }
            Violation::ForbiddenPair(a, b) => {
                format!(
                    "{} and {} may not be paired (forbidden pair)",
                    who(*a),
                    who(*b)
                )
            }
            Violation::SelfPaired(a) => format!("{} is paired against themselves", who(*a)),
            Violation::PairedTwice(a) => format!("{} is paired more than once", who(*a)),
            Violation::LeftOut(a) => format!("{} is neither paired nor given the bye", who(*a)),
            Violation::NotAvailable(a, why) => format!(
                "{} may not play this round ({})",
                who(*a),
                match why {
                    Unavailable::Unknown => "not registered",
                    Unavailable::Withdrawn => "withdrawn",
                    Unavailable::ByeRequested => "bye requested or absence announced",
                }
            ),
            Violation::WrongByeCount { players, byes } => {
                format!("{players} players to pair but {byes} pairing-allocated byes")
            }
            Violation::RepeatedUnplayedPoint(a) => format!(
                "{} gets the bye but already had a point without playing",
                who(*a)
            ),
            Violation::ColorDifference(a, d) => {
                format!("{}'s colour difference would become {d:+}", who(*a))
            }
            Violation::SameColorThrice(a, c) => {
                format!("{} would have {} three times in a row", who(*a), c.name())
            }
            Violation::NotTheTable(a, b) => format!(
                "{} (White) against {} is not in this round of the Berger table, which fixes every round of a round-robin (C.05 Annex 1)",
                who(*a),
                who(*b)
            ),
        }
    }
}

/// Every breach of the absolute criteria in `pairing`, for `system` (whose colour criteria
/// differ: Double-Swiss has none among its absolute criteria).
pub fn validate(tournament: &Tournament, system: System, pairing: &RoundPairing) -> Vec<Violation> {
    let round = pairing.round;
    if let Some(cycles) = crate::pairing::round_robin::cycles(system) {
        return round_robin(tournament, round, cycles, pairing);
    }
    let states = pairing_states_before(tournament, round);
    let mut out = Vec::new();
    let available = tournament.available_players(round);
    let mut count = vec![0usize; tournament.players().len()];
    let mut check_available = |p: Tpn, out: &mut Vec<Violation>| match tournament.player(p) {
        None => out.push(Violation::NotAvailable(p, Unavailable::Unknown)),
        Some(pl) if !pl.plays_in(round) => {
            out.push(Violation::NotAvailable(p, Unavailable::Withdrawn))
        }
        Some(_)
            if tournament
                .requested_byes
                .get(&round)
                .is_some_and(|r| r.contains_key(&p)) =>
        {
            out.push(Violation::NotAvailable(p, Unavailable::ByeRequested));
        }
        Some(_) => {
            count[p.index()] += 1;
            if count[p.index()] == 2 {
                out.push(Violation::PairedTwice(p));
            }
        }
    };
    for &(w, b) in &pairing.pairs {
        check_available(w, &mut out);
        check_available(b, &mut out);
        if w == b {
            out.push(Violation::SelfPaired(w));
            continue;
        }
        let (Some(sw), Some(sb)) = (states.get(w.index()), states.get(b.index())) else {
            continue;
        };
        if sw.has_played(b) {
            out.push(Violation::Rematch(w, b));
        }
        if tournament.is_forbidden(w, b, round) {
            out.push(Violation::ForbiddenPair(w, b));
        }
        // Dutch 2026 [C3]: the colour rules bind only pairs of non-topscorers (1.8).
        let topscorers = system == System::Dutch2026
            && (topscorer(tournament, round, sw.score) || topscorer(tournament, round, sb.score));
        if system != System::DoubleSwiss && !topscorers {
            for (state, color) in [(sw, Color::White), (sb, Color::Black)] {
                if colour_exempt(tournament, system, round, state) {
                    continue;
                }
                colour_violations(state, color, &mut out);
            }
        }
    }
    if let Some(b) = pairing.bye {
        check_available(b, &mut out);
        if states.get(b.index()).is_some_and(|s| s.unplayed_point) {
            out.push(Violation::RepeatedUnplayedPoint(b));
        }
    }
    for p in &available {
        if count[p.index()] == 0 {
            out.push(Violation::LeftOut(*p));
        }
    }
    let byes = usize::from(pairing.bye.is_some());
    if byes != available.len() % 2 {
        out.push(Violation::WrongByeCount {
            players: available.len(),
            byes,
        });
    }
    out
}

/// Dutch B.6 notes: B.2 need not hold in the last round for players with a score of 50%.
fn colour_exempt(t: &Tournament, system: System, round: RoundNo, state: &PlayerState) -> bool {
    system == System::Dutch1992
        && t.settings.rounds == Some(round.get())
        && state.score + state.score
            == Points::from_tenths(t.settings.points.win.tenths() * i32::from(round.get() - 1))
}

fn colour_violations(state: &PlayerState, color: Color, out: &mut Vec<Violation>) {
    let diff = state.color_difference() + if color == Color::White { 1 } else { -1 };
    if diff.abs() > 2 {
        out.push(Violation::ColorDifference(state.tpn, diff));
    }
    let mut last = state.played_colors().rev();
    if last.next() == Some(color) && last.next() == Some(color) {
        out.push(Violation::SameColorThrice(state.tpn, color));
    }
}

/// A round-robin's round against its table: each pair (with its colours) the table does not
/// give, and each player of the table's round left out.
fn round_robin(
    tournament: &Tournament,
    round: RoundNo,
    cycles: u16,
    pairing: &RoundPairing,
) -> Vec<Violation> {
    let Ok(table) = crate::pairing::round_robin::pair(tournament, round, cycles) else {
        return Vec::new();
    };
    let mut out: Vec<Violation> = pairing
        .pairs
        .iter()
        .filter(|p| !table.pairs.contains(p))
        .map(|&(w, b)| Violation::NotTheTable(w, b))
        .collect();
    for &(w, b) in &table.pairs {
        for p in [w, b] {
            let placed = pairing.pairs.iter().any(|&(x, y)| x == p || y == p);
            if !placed
                && !out
                    .iter()
                    .any(|v| matches!(v, Violation::LeftOut(q) if *q == p))
            {
                out.push(Violation::LeftOut(p));
            }
        }
    }
    out
}
