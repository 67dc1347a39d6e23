//! Dutch C.1-C.3 and C.12-C.14: the brackets from the highest score down, the players moved
//! down, C.12's and C.13's look-ahead, C.13's lowest bracket and C.14's next bracket.
use super::brackets::homogeneous_bracket;
use super::brackets::{heterogeneous_bracket, Standing};
use super::colours::allocate;
use super::criteria::Sink;
use super::definitions::Ctx;
use super::search::Search;
use crate::model::ids::RoundNo;
use crate::model::tournament::Tournament;
use crate::pairing::common::initial_color;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;
use crate::pairing::proposal::PairingError;
use crate::pairing::proposal::RoundPairing;

/// A bracket to pair: its own players (one score, or several after C.13 joined brackets) and
/// the players moved down into it.
#[derive(Clone, Debug)]
pub(super) struct Bracket {
    pub(super) residents: Vec<PlayerIx>,
    /// Players joined in from the bracket above by C.13; they count as moved down.
    pub(super) joined: Vec<PlayerIx>,
}

/// How one bracket was paired.
#[derive(Clone, Debug)]
pub(super) struct Paired {
    pub(super) pairs: Vec<(PlayerIx, PlayerIx)>,
    /// Moved down to the next bracket (or, in the lowest, the bye).
    pub(super) floaters: Vec<PlayerIx>,
    /// The pairs' count, for C.12/C.13 (pairs made among this bracket's players).
    pub(super) lines: Vec<Step>,
}

pub(super) enum Failure {
    /// C.12: players moved down that cannot be paired here (C.1).
    MovedDown,
    /// C.13: the lowest bracket cannot be paired.
    Lowest,
}

/// The procedure of C, bracket by bracket, with `search` finding each bracket's candidate.
pub(super) fn pair_with(
    tournament: &Tournament,
    round: RoundNo,
    search: &dyn Search,
) -> Result<RoundPairing, PairingError> {
    let cx = Ctx::new(tournament, round);
    let mut explanation = vec![Step::new(
        "A.2",
        format!(
            "round {round}: {} players, ranked by score, rating, title, name.",
            cx.players.len()
        ),
    )];
    let (pairs, bye, lines) = weigh_the_b2_relaxation(tournament, round, &cx, search)
        .map_err(|reason| PairingError::NoValidPairing { round, reason })?;
    explanation.extend(lines);
    let first = initial_color(tournament, &mut explanation);
    let (pairs, colour_lines) = allocate(&cx, pairs, first);
    explanation.extend(colour_lines);
    Ok(RoundPairing {
        round,
        pairs,
        bye: bye.map(|b| cx.players[b].tpn),
        explanation,
    })
}

pub(super) type Procedure = (Vec<(PlayerIx, PlayerIx)>, Option<PlayerIx>, Vec<Step>);

/// The notes to B.2, B.5 and B.6: in the last round B.2 may be relaxed for players with 50 %
/// "if this is helpful to avoid additional downfloaters". Reading: helpful to the round, not
/// to one bracket. A bracket that relaxes B.2 does so before C.12's backtracking into the
/// bracket above (moving other players down) has been tried, so the round is paired both
/// ways: keeping B.2 for everyone, and as the brackets relax it; the relaxed pairing is taken
/// only when it has fewer downfloaters (pairs of different scores) over the round, and the
/// explanation says which and why.
fn weigh_the_b2_relaxation(
    tournament: &Tournament,
    round: RoundNo,
    cx: &Ctx,
    search: &dyn Search,
) -> Result<Procedure, String> {
    let relaxed = procedure(cx, search);
    if !cx.players.enumerated().any(|(_, p)| p.b2_exempt) {
        return relaxed;
    }
    let mut strict_cx = Ctx::new(tournament, round);
    for p in strict_cx.players.values_mut() {
        p.b2_exempt = false;
    }
    let strict = procedure(&strict_cx, search);
    // The players moved down: the higher of each pair of different scores, and the bye's
    // assignee when a lower score than his is paired.
    let lowest = cx.players.enumerated().map(|(_, p)| p.score).min();
    let downfloaters = |(pairs, bye, _): &Procedure| {
        let score = |p: PlayerIx| cx.players[p].score;
        pairs.iter().filter(|&&(a, b)| score(a) != score(b)).count()
            + usize::from(bye.is_some_and(|b| Some(score(b)) > lowest))
    };
    match (strict, relaxed) {
        (Ok(mut s), Ok(r)) => {
            let (ks, kr) = (downfloaters(&s), downfloaters(&r));
            if kr < ks {
                let mut r = r;
                r.2.push(Step::new(
                    "B.6",
                    format!(
                        "notes: relaxing B.2 for the players with 50 % avoids downfloaters \
                         ({kr} against {ks} keeping it): relaxed."
                    ),
                ));
                Ok(r)
            } else {
                if s.0 != r.0 {
                    s.2.push(Step::new(
                        "B.6",
                        format!(
                            "notes: relaxing B.2 for the players with 50 % avoids no \
                             downfloater ({kr} against {ks} keeping it, C.12 moving other \
                             players down): B.2 kept."
                        ),
                    ));
                }
                Ok(s)
            }
        }
        (Ok(s), Err(_)) => Ok(s),
        (Err(_), r) => r,
    }
}

/// C.1-C.14 over all brackets, from the highest score down.
pub(super) fn procedure(cx: &Ctx, search: &dyn Search) -> Result<Procedure, String> {
    let mut brackets: Vec<Bracket> = Vec::new();
    for (i, p) in cx.players.enumerated() {
        match brackets.last_mut() {
            Some(b) if cx.players[b.residents[0]].score == p.score => b.residents.push(i),
            _ => brackets.push(Bracket {
                residents: vec![i],
                joined: Vec::new(),
            }),
        }
    }
    if cx.players.len() < 2 {
        let only = PlayerIx::new(0);
        return match cx.players.get(only) {
            None => Ok((Vec::new(), None, Vec::new())),
            Some(p) if p.can_bye => Ok((
                Vec::new(),
                Some(only),
                vec![Step::new("A.5", "one player: the bye.")],
            )),
            Some(_) => {
                Err("the only player has already had a point without playing (B.1 b)".into())
            }
        };
    }
    let mut done: Vec<Paired> = Vec::new();
    let mut i = 0;
    while i < brackets.len() {
        let lowest = i + 1 == brackets.len();
        let moved: Vec<PlayerIx> = done.last().map(|d| d.floaters.clone()).unwrap_or_default();
        let mut incoming = moved.clone();
        incoming.extend(&brackets[i].joined);
        incoming.sort_unstable();
        let sink = if lowest { Sink::Bye } else { Sink::Free };
        match pair_bracket(
            cx,
            search,
            &incoming,
            &brackets[i].residents,
            &sink,
            Place::of(lowest),
            Unpaired::AskC12,
        ) {
            Ok(p) => {
                done.push(p);
                i += 1;
            }
            Err(Failure::MovedDown) => {
                // C.12: pair the previous bracket again so that other players come down.
                let mut fixed = None;
                if i > 0 && brackets[i].joined.is_empty() {
                    let prev_in: Vec<PlayerIx> = if i >= 2 {
                        done[i - 2].floaters.clone()
                    } else {
                        Vec::new()
                    };
                    let mut prev_in = prev_in;
                    prev_in.extend(&brackets[i - 1].joined);
                    prev_in.sort_unstable();
                    let into = Sink::into_next(brackets[i].residents.clone());
                    if let Ok(mut again) = pair_bracket(
                        cx,
                        search,
                        &prev_in,
                        &brackets[i - 1].residents,
                        &into,
                        Place::Above,
                        Unpaired::MoveOn,
                    ) {
                        if let Ok(now) = pair_bracket(
                            cx,
                            search,
                            &again.floaters,
                            &brackets[i].residents,
                            &sink,
                            Place::of(lowest),
                            Unpaired::AskC12,
                        ) {
                            again.lines.insert(
                                0,
                                Step::new(
                                    "C.12",
                                    format!(
                                        "the previous bracket is paired again so that the players it moves down ({}) can be paired below.",
                                        cx.tpns(&again.floaters)
                                    ),
                                ),
                            );
                            fixed = Some((again, now));
                        }
                    }
                }
                match fixed {
                    Some((again, now)) => {
                        done[i - 1] = again;
                        done.push(now);
                        i += 1;
                    }
                    None => {
                        let p = pair_bracket(
                            cx,
                            search,
                            &incoming,
                            &brackets[i].residents,
                            &sink,
                            Place::of(lowest),
                            Unpaired::MoveOn,
                        );
                        match p {
                            Ok(p) => {
                                done.push(p);
                                i += 1;
                            }
                            Err(_) => {
                                // Only the lowest bracket can still fail: C.13 below.
                                c13(cx, search, &mut brackets, &mut done, &mut i)?;
                            }
                        }
                    }
                }
            }
            Err(Failure::Lowest) => c13(cx, search, &mut brackets, &mut done, &mut i)?,
        }
    }
    let mut pairs = Vec::new();
    let mut lines = Vec::new();
    let mut bye = None;
    for (k, d) in done.iter().enumerate() {
        pairs.extend(d.pairs.iter().copied());
        lines.extend(d.lines.iter().cloned());
        if k + 1 == done.len() {
            bye = d.floaters.first().copied();
        }
    }
    if let Some(b) = bye {
        lines.push(Step::new(
            "A.5",
            format!("{} gets the bye.", cx.players[b].tpn),
        ));
    }
    Ok((pairs, bye, lines))
}

/// C.13: the lowest bracket (index `i`) cannot be paired. Pair the penultimate again so that
/// it can, lowering its p one by one; at p = 0 join the two.
pub(super) fn c13(
    cx: &Ctx,
    search: &dyn Search,
    brackets: &mut Vec<Bracket>,
    done: &mut Vec<Paired>,
    i: &mut usize,
) -> Result<(), String> {
    if *i == 0 {
        // Everything is joined. Reading: the players joined in need not be paired against
        // the lowest scores first when that is what stands in the way; the whole field is
        // paired as one bracket treated as homogeneous (A.3), where every pairing is a
        // candidate, before saying that none exists.
        let mut all = brackets[0].residents.clone();
        all.extend(&brackets[0].joined);
        all.sort_unstable();
        if !brackets[0].joined.is_empty() {
            if let Ok(mut p) = pair_bracket(
                cx,
                search,
                &[],
                &all,
                &Sink::Bye,
                Place::Lowest,
                Unpaired::MoveOn,
            ) {
                p.lines.insert(
                    0,
                    Step::new(
                        "C.13",
                        "every bracket joined; the field is paired as one homogeneous bracket.",
                    ),
                );
                done.clear();
                done.push(p);
                brackets.truncate(1);
                brackets[0] = Bracket {
                    residents: all,
                    joined: Vec::new(),
                };
                *i = 1;
                return Ok(());
            }
        }
        return Err(
            "even with every bracket joined, no pairing meets the absolute criteria B.1 and B.2"
                .into(),
        );
    }
    let pen = *i - 1;
    let mut pen_in: Vec<PlayerIx> = if pen >= 1 {
        done[pen - 1].floaters.clone()
    } else {
        Vec::new()
    };
    pen_in.extend(&brackets[pen].joined);
    pen_in.sort_unstable();
    let lowest_players: Vec<PlayerIx> = {
        let mut v = brackets[*i].residents.clone();
        v.extend(&brackets[*i].joined);
        v.sort_unstable();
        v
    };
    let into = Sink::complete_lowest(lowest_players);
    if let Ok(mut again) = pair_bracket(
        cx,
        search,
        &pen_in,
        &brackets[pen].residents,
        &into,
        Place::Above,
        Unpaired::MoveOn,
    ) {
        let mut incoming = again.floaters.clone();
        incoming.extend(&brackets[*i].joined);
        incoming.sort_unstable();
        if let Ok(low) = pair_bracket(
            cx,
            search,
            &incoming,
            &brackets[*i].residents,
            &Sink::Bye,
            Place::Lowest,
            Unpaired::MoveOn,
        ) {
            again.lines.insert(
                0,
                Step::new(
                    "C.13",
                    "the lowest bracket cannot be paired; the penultimate is paired again so that it can.",
                ),
            );
            done.truncate(pen);
            done.push(again);
            done.push(low);
            *i += 1;
            return Ok(());
        }
    }
    // p reached 0: the penultimate bracket joins the lowest.
    let upper = brackets.remove(pen);
    let joined = &mut brackets[pen].joined;
    joined.extend(upper.residents);
    joined.extend(upper.joined);
    joined.sort_unstable();
    done.truncate(pen);
    *i = pen;
    Ok(())
}

/// Whether a bracket is the lowest, where the procedure must end (C.13), or one above it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// The lowest bracket.
    Lowest,
    /// A bracket above the lowest.
    Above,
}

impl Place {
    pub(super) fn of(lowest: bool) -> Place {
        if lowest {
            Place::Lowest
        } else {
            Place::Above
        }
    }
}

/// What a bracket does when the players moved down into it cannot all be paired there.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Unpaired {
    /// Fail, so that the bracket above is paired again (C.12).
    AskC12,
    /// Pair those who can be, the higher first, and move the others on down (C.12 has failed).
    MoveOn,
}

/// Pairs one bracket: `incoming` moved down into it, `residents` its own players.
pub(super) fn pair_bracket(
    cx: &Ctx,
    search: &dyn Search,
    incoming: &[PlayerIx],
    residents: &[PlayerIx],
    sink: &Sink,
    place: Place,
    unpaired: Unpaired,
) -> Result<Paired, Failure> {
    let lowest = place == Place::Lowest;
    let c12 = unpaired == Unpaired::AskC12;
    let mut lines = Vec::new();
    let score = |i: PlayerIx| cx.players[i].score;
    let mut all: Vec<PlayerIx> = incoming.iter().chain(residents).copied().collect();
    all.sort_unstable();
    let label = residents
        .first()
        .map(|&r| score(r).to_string())
        .unwrap_or_default();
    let relax = all.iter().any(|&i| cx.players[i].b2_exempt);
    // C.1: players with no possible opponent in the bracket.
    let lonely: Vec<PlayerIx> = all
        .iter()
        .copied()
        .filter(|&a| !all.iter().any(|&b| cx.compatible(a, b, relax)))
        .collect();
    let mut moved_on: Vec<PlayerIx> = Vec::new();
    let mut mdps: Vec<PlayerIx> = incoming.to_vec();
    let mut residents: Vec<PlayerIx> = residents.to_vec();
    if !lowest {
        for &l in &lonely {
            if mdps.contains(&l) {
                if c12 {
                    return Err(Failure::MovedDown);
                }
            } else {
                residents.retain(|&r| r != l);
                moved_on.push(l);
                lines.push(Step::new(
                    "C.1",
                    format!(
                        "{} has no possible opponent in bracket {label} and moves down.",
                        cx.players[l].tpn
                    ),
                ));
            }
        }
    }
    let heterogeneous = !mdps.is_empty() && mdps.len() * 2 < mdps.len() + residents.len();
    if heterogeneous {
        // The players moved down must all be paired at once (B.1/B.2), or C.12.
        let matchable = matchable_prefix(cx, &mdps, &residents, relax);
        if matchable.len() < mdps.len() {
            if c12 {
                return Err(Failure::MovedDown);
            }
            let rest: Vec<PlayerIx> = mdps
                .iter()
                .copied()
                .filter(|m| !matchable.contains(m))
                .collect();
            lines.push(Step::new(
                "C.12",
                format!(
                    "no other pairing above; {} cannot be paired here and move{} on down.",
                    cx.tpns(&rest),
                    if rest.len() == 1 { "s" } else { "" }
                ),
            ));
            moved_on.extend(&rest);
            mdps = matchable;
        }
    }
    if lowest && !moved_on.is_empty() {
        // Nowhere further down to go: C.13.
        return Err(Failure::Lowest);
    }
    let heterogeneous = !mdps.is_empty() && mdps.len() * 2 < mdps.len() + residents.len();
    let mut group: Vec<PlayerIx> = mdps.iter().chain(&residents).copied().collect();
    group.sort_unstable();
    if !lowest && group.len() < 2 {
        if !group.is_empty() {
            lines.push(Step::heading(format!(
                "Bracket {label}: {} alone, moves down.",
                cx.tpns(&group)
            )));
        }
        moved_on.extend(&group);
        moved_on.sort_unstable();
        if !moved_on.is_empty() {
            lines.push(Step::heading(format!(
                "Moved down: {}.",
                cx.tpns(&moved_on)
            )));
        }
        return Ok(Paired {
            pairs: Vec::new(),
            floaters: moved_on,
            lines,
        });
    }
    let x0 = cx.x_of(&group);
    let place = Standing {
        sink,
        lowest,
        moved_on: &moved_on,
    };
    let outcome = if heterogeneous {
        heterogeneous_bracket(cx, search, &mdps, &residents, x0, place)
    } else {
        homogeneous_bracket(cx, search, &group, x0, place)
    };
    let Some((pairs, floaters, mut detail)) = outcome else {
        return Err(Failure::Lowest);
    };
    lines.push(Step::heading(format!(
        "Bracket {label} ({}{} players{}): {}",
        if heterogeneous {
            "heterogeneous, "
        } else if mdps.is_empty() {
            "homogeneous, "
        } else {
            "treated as homogeneous (A.3), "
        },
        group.len(),
        if mdps.is_empty() {
            String::new()
        } else {
            format!("; moved down: {}", cx.tpns(&mdps))
        },
        cx.tpns(&group)
    )));
    lines.append(&mut detail);
    let mut floaters = floaters;
    floaters.extend(moved_on);
    floaters.sort_unstable();
    if !lowest && !floaters.is_empty() {
        lines.push(Step::heading(format!(
            "Moved down: {}.",
            cx.tpns(&floaters)
        )));
    }
    Ok(Paired {
        pairs,
        floaters,
        lines,
    })
}

/// The players moved down that can be paired together, the higher first (C.12 failing).
pub(super) fn matchable_prefix(
    cx: &Ctx,
    mdps: &[PlayerIx],
    residents: &[PlayerIx],
    relax: bool,
) -> Vec<PlayerIx> {
    let mut chosen: Vec<PlayerIx> = Vec::new();
    for &m in mdps {
        let mut trial = chosen.clone();
        trial.push(m);
        if crate::matching::cardinality::bipartite_perfect(&trial, residents, |a, b| {
            cx.compatible(a, b, relax)
        }) {
            chosen = trial;
        }
    }
    chosen
}
