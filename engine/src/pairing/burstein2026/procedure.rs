//! Burstein 2026 1.9 and Article 3: the bye (3.1), then bracket by bracket from the top
//! scoregroup down (3.2), each bracket's pairing the first in Article 4's order of those best
//! by [C5]-[C8], found by weighted matchings of everyone not yet paired.
use super::colours::allocate;
use super::definitions::Ctx;
use super::fast;
use super::weights::{bracket_pairs, by_weights};
use crate::matching::cardinality::Cardinality;
use crate::model::color::Color;
use crate::model::points::Points;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;
use std::cmp::Reverse;

pub(crate) use crate::pairing::proposal::Paired;

/// 1.9: the round after the seeding rounds.
pub(crate) fn procedure(
    cx: &Ctx,
    initial: Color,
    explanation: &mut Vec<Step>,
) -> Result<Paired, String> {
    let everyone: Vec<PlayerIx> = cx.players.indices().collect();
    let n = everyone.len();
    let ok = |i: usize, j: usize| cx.pair_ok(everyone[i], everyone[j]);
    let mut alive = vec![true; n];
    // [C4]'s witness, kept through the round: a perfect matching of the players not yet
    // paired, each paired player matched to his partner (and the bye's player to a vertex of
    // his own).
    let mut whole = Cardinality::new(n + n % 2);
    // 1.9.2: the bye first.
    let bye = if n % 2 == 1 {
        let mut candidates: Vec<usize> = (0..n)
            .filter(|&i| cx.players[everyone[i]].can_bye)
            .collect();
        candidates.sort_by_key(|&i| {
            let p = &cx.players[everyone[i]];
            (p.score, Reverse(p.games), Reverse(p.rank_key()))
        });
        let b = crate::pairing::common::first_bye(n, &ok, &candidates).ok_or_else(|| {
            "no player can receive the pairing-allocated bye so that the others can all be \
             paired ([C2], [C4]; 1.9.3: the Chief Arbiter decides)"
                .to_string()
        })?;
        let p = &cx.players[everyone[b]];
        explanation.push(Step::new(
            "3.1",
            format!(
                "{} receives the pairing-allocated bye: of those who may ([C2]) and leave a \
                 complete pairing of the others ([C4]), the lowest score ({}), then the most \
                 games played ({}), then the lowest ranking (1.8: Buchholz {}, \
                 Sonneborn-Berger {}).",
                cx.who(everyone[b]),
                p.score,
                p.games,
                Points::from_tenths(p.buchholz as i32),
                hundredths(p.sonneborn)
            ),
        ));
        alive[b] = false;
        whole.pair(b, n);
        Some(everyone[b])
    } else {
        None
    };
    if !whole.complete(&|a, b| a < n && b < n && alive[a] && alive[b] && ok(a, b)) {
        return Err(
            "no pairing of the round complies with [C1]-[C3] (1.9.3: the Chief Arbiter decides)"
                .into(),
        );
    }
    let mut pairs: Vec<(PlayerIx, PlayerIx)> = Vec::new();
    let mut resident_score: Option<Points> = None;
    let mut bracket_no = 0;
    while alive.iter().any(|&a| a) {
        let score = |i: usize| cx.players[everyone[i]].score;
        // The next scoregroup below the last bracket's residents.
        let Some(s) = (0..n)
            .filter(|&i| alive[i] && resident_score.is_none_or(|r| score(i) < r))
            .map(score)
            .max()
        else {
            return Err("players are left unpaired after the last bracket".into());
        };
        resident_score = Some(s);
        let next = (0..n)
            .filter(|&i| alive[i] && score(i) < s)
            .map(score)
            .max();
        // The bracket in 1.8's order (the Index, then the TPN: scores are not used, 1.8's
        // note), then the next scoregroup, then everyone below.
        let mut bracket: Vec<PlayerIx> = (0..n)
            .filter(|&i| alive[i] && score(i) >= s)
            .map(|i| everyone[i])
            .collect();
        bracket.sort_by_key(|&p| cx.players[p].rank_key());
        let group = |keep: &dyn Fn(Points) -> bool| -> Vec<PlayerIx> {
            (0..n)
                .filter(|&i| alive[i] && keep(score(i)))
                .map(|i| everyone[i])
                .collect()
        };
        let next_group = group(&|x| Some(x) == next);
        let below = group(&|x| x < s && Some(x) != next);
        bracket_no += 1;
        let incoming: Vec<PlayerIx> = bracket
            .iter()
            .copied()
            .filter(|&p| cx.players[p].score > s)
            .collect();
        explanation.push(Step::heading(format!(
            "Bracket {bracket_no} ({s}): {} player{}{}.",
            bracket.len(),
            if bracket.len() == 1 { "" } else { "s" },
            if incoming.is_empty() {
                String::new()
            } else {
                format!(", incoming floaters {}", cx.tpns(&incoming))
            }
        )));
        explanation.push(
            Step::new(
                "4.1",
                format!(
                    "BSN order (1.8: Buchholz, Sonneborn-Berger, TPN): {}.",
                    crate::pairing::explanation::joined(&bracket, ", ", |out, &p| {
                        use std::fmt::Write as _;
                        let q = &cx.players[p];
                        let sb = q.sonneborn;
                        write!(
                            out,
                            "{} ({}, {}.{:02})",
                            q.tpn,
                            Points::from_tenths(q.buchholz as i32),
                            sb / 100,
                            (sb % 100).abs()
                        )
                    })
                ),
            )
            .inner(),
        );
        let made = pair_bracket(cx, &bracket, &next_group, &below, &alive, &mut whole)
            .map_err(|why| format!("bracket {bracket_no}: {why}"))?;
        let mut in_pair = vec![false; n];
        for &(a, b) in &made {
            in_pair[a.get()] = true;
            in_pair[b.get()] = true;
        }
        let floaters: Vec<PlayerIx> = bracket
            .iter()
            .copied()
            .filter(|p| !in_pair[p.get()])
            .collect();
        explanation.push(
            Step::new(
                "3.2.2",
                format!(
                    "{}; {}: the first pairing in Article 4's order of those best by [C5]-[C8].",
                    if made.is_empty() {
                        "no pair".to_string()
                    } else {
                        made.iter()
                            .map(|&(a, b)| format!("{} - {}", cx.who(a), cx.who(b)))
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                    if floaters.is_empty() {
                        "no outgoing floater".to_string()
                    } else {
                        format!("outgoing floaters {}", cx.tpns(&floaters))
                    }
                ),
            )
            .inner(),
        );
        for &(a, b) in &made {
            alive[a.get()] = false;
            alive[b.get()] = false;
            whole.pair(a.get(), b.get());
        }
        if next.is_none() && !floaters.is_empty() {
            return Err(format!(
                "bracket {bracket_no}, the last, leaves {} unpaired",
                cx.tpns(&floaters)
            ));
        }
        pairs.extend(made);
    }
    // The higher of a pair by score, then TPN (the players' order here is by score, then
    // 1.8's ranking).
    let out = crate::pairing::common::boards(
        pairs,
        |p| cx.players[p].score,
        |p| cx.players[p].tpn,
        |a, b| {
            let key = |p: PlayerIx| (Reverse(cx.players[p].score), cx.players[p].tpn);
            if key(a) < key(b) {
                a
            } else {
                b
            }
        },
        (
            |a, b| allocate(cx, a, b, initial),
            |a, b| super::colours::facts(cx, a, b, initial),
        ),
        &cx.names,
        explanation,
    );
    Ok((out, bye.map(|b| cx.players[b].tpn)))
}

/// A number of hundredths with two decimals.
fn hundredths(x: i64) -> String {
    format!("{}.{:02}", x / 100, (x % 100).abs())
}

/// 3.2: one bracket (in BSN order), the next scoregroup and everyone below, with `whole`, a
/// perfect matching of them all, left matching the bracket's pairs apart from the rest: the
/// pairs made, or why there are none.
fn pair_bracket(
    cx: &Ctx,
    bracket: &[PlayerIx],
    next: &[PlayerIx],
    below: &[PlayerIx],
    alive: &[bool],
    whole: &mut Cardinality,
) -> Result<Vec<(PlayerIx, PlayerIx)>, String> {
    if cx.fast {
        let settled = fast::pair_bracket(cx, bracket, next, alive, whole)
            .or_else(|| fast::by_stand_ins(cx, bracket, next, alive, whole));
        if let Some((made, split)) = settled {
            *whole = split;
            return Ok(made);
        }
    }
    let waiting = bracket.len() + next.len() + below.len();
    if waiting > cx.matching_limit {
        return Err(format!(
            "no pairing of the bracket reaches the best a bracket can have ([C5]-[C8] with the \
             rest completed), and the general method (a weighted matching of the {waiting} \
             players not yet paired) runs in this build for up to {}: this \
             round is refused rather than kept waiting",
            cx.matching_limit
        ));
    }
    let all: Vec<PlayerIx> = bracket.iter().chain(next).chain(below).copied().collect();
    let mate = by_weights(cx, bracket, next, below.len(), &|i, j| {
        cx.pair_ok(all[i], all[j])
    })
    .ok_or("it cannot be paired so that the rest can be completed ([C4])")?;
    let made = bracket_pairs(bracket, &mate);
    let mut part = vec![1u8; alive.len()];
    for &(a, b) in &made {
        part[a.get()] = 0;
        part[b.get()] = 0;
    }
    if !fast::split(cx, &part, alive, whole) {
        return Err("its pairs leave no complete pairing of the rest ([C4])".into());
    }
    Ok(made)
}
