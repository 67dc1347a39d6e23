//! Dubov 6.1, 6.4 and 8: the score groups from the top, the floaters (6.4's preference,
//! 8.1's order, 8.2's partner), 2.5's upfloat limits over the whole field, and 9's remedy for
//! a group that cannot be paired.
use super::bye::choose_bye;
use super::bye::dominating;
use super::colours::boards;
use super::definitions::Ctx;
use super::definitions::Made;
use super::improvements::pair_group;
use super::transfers::by_preference;
use super::transfers::transfer;
use crate::matching::weighted::max_weight_matching;
use crate::matching::weighted::Edge;
use crate::model::color::Color;
use crate::model::ids::RoundNo;
use crate::model::tournament::Tournament;
use crate::pairing::common::initial_color;
use crate::pairing::explanation::Step;
use crate::pairing::index::IxVec;
use crate::pairing::index::PlayerIx;
use crate::pairing::proposal::PairingError;
use crate::pairing::proposal::RoundPairing;
use std::cmp::Ordering;

pub(super) fn later_round(t: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    let base = Ctx::new(t, round);
    // Score groups, highest first: the players are numbered in that order, then by pairing
    // number (`Ctx::new`).
    let mut groups: Vec<Vec<PlayerIx>> = Vec::new();
    for i in base.players.indices() {
        match groups.last_mut() {
            Some(g) if base.players[g[0]].score == base.players[i].score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut explanation = vec![Step::heading(format!(
        "Round {round} (Dubov): {} players in {} score groups.",
        base.players.len(),
        groups.len()
    ))];
    let original = groups.clone();
    let mut relax_up = false;
    let mut checked = false;
    let mut exempt_first = true;
    // Each attempt pairs the same players: what one changes (6.4's floaters) is undone
    // before the next, rather than every player copied for each (a field of 100,000 would
    // copy its 100,000 colour histories).
    let mut cx = base;
    loop {
        cx.relax_up = relax_up;
        cx.players.values_mut().for_each(|p| p.floater = false);
        match procedure(&mut cx, &groups) {
            Ok((pairs, bye, lines)) => {
                explanation.extend(lines);
                let lot = initial_color(t, &mut explanation);
                let pairs = boards(&cx, pairs, lot, &mut explanation);
                explanation.push(Step::new(
                    "9",
                    "the AROs before this round, to be published:",
                ));
                let mut all: Vec<PlayerIx> = cx.players.indices().collect();
                cx.by_tpn(&mut all);
                explanation.push(Step::new("9", cx.list_aro(&all)).inner());
                return Ok(RoundPairing {
                    round,
                    pairs,
                    bye: bye.map(|b| cx.players[b].tpn),
                    explanation,
                });
            }
            Err(()) if !relax_up && !checked && !whole_field_pairable(&cx) => {
                // Joining groups cannot help when no pairing of the whole field keeps 2.1-2.5.
                // 9, reading: 2.5 gives way for as few players as it must: those who float up
                // against it in a pairing of the whole field with the fewest such upfloats.
                checked = true;
                groups = original.clone();
                match fewest_breaches(&cx) {
                    Some(exempt) if exempt_first => {
                        exempt_first = false;
                        let mut who: Vec<PlayerIx> = exempt
                            .enumerated()
                            .filter(|(_, &e)| e)
                            .map(|(i, _)| i)
                            .collect();
                        cx.by_tpn(&mut who);
                        explanation.push(Step::new(
                            "9",
                            format!(
                                "no pairing keeps 2.5's upfloat limits for everyone: they are set aside for {} only, the fewest any pairing needs.",
                                cx.list(&who)
                            ),
                        ));
                        cx.up_exempt = exempt;
                    }
                    _ => {
                        explanation.push(Step::new(
                            "9",
                            "no pairing keeps 2.5's upfloat limits: they are set aside for this round.",
                        ));
                        relax_up = true;
                    }
                }
            }
            Err(()) if groups.len() > 1 => {
                checked = true;
                // 9, reading: the lowest group joins the one above it.
                let low = groups.pop().expect("two groups");
                explanation.push(Step::new(
                    "9",
                    format!(
                        "the lowest group ({}) cannot be paired; it is joined with the one above.",
                        cx.list(&low)
                    ),
                ));
                groups.last_mut().expect("one group").extend(low);
            }
            Err(()) if !relax_up => {
                // 9, reading: when no pairing of the round keeps 2.5's upfloat limits (or the
                // procedure finds none with them set aside for the fewest players), they give
                // way (2.1-2.4 never do), and the round is paired again from the start.
                explanation.push(Step::new(
                    "9",
                    "no pairing keeps 2.5's upfloat limits: they are set aside for this round.",
                ));
                relax_up = true;
                groups = original.clone();
            }
            Err(()) => {
                return Err(PairingError::NoValidPairing {
                    round,
                    reason: "no pairing meets the limitations 2.1-2.4".into(),
                })
            }
        }
    }
}

/// The pairs made, the bye, and the explanation.
pub(super) type Outcome = (Vec<Made>, Option<PlayerIx>, Vec<Step>);

pub(super) fn procedure(cx: &mut Ctx, groups: &[Vec<PlayerIx>]) -> Result<Outcome, ()> {
    let n = cx.players.len();
    let mut done = IxVec::filled(n, false);
    let mut pairs: Vec<Made> = Vec::new();
    let mut lines = Vec::new();
    let mut bye = None;
    let mut down: Vec<PlayerIx> = Vec::new();
    for gi in 0..groups.len() {
        let lowest = gi + 1 == groups.len();
        let mut g: Vec<PlayerIx> = groups[gi].iter().copied().filter(|&i| !done[i]).collect();
        let label = groups[gi]
            .first()
            .map(|&i| cx.players[i].score.to_string())
            .unwrap_or_default();
        if g.is_empty() && down.is_empty() {
            continue;
        }
        lines.push(Step::heading(format!(
            "Score group {label}: {}.",
            cx.list(&g)
        )));
        // 8: the floaters from above first.
        let mut next_down: Vec<PlayerIx> = Vec::new();
        if !down.is_empty() {
            for &f in &down {
                cx.players[f].floater = true;
            }
            let seq = floater_sequence(cx, &down);
            for (k, &f) in seq.iter().enumerate() {
                let later = &seq[k + 1..];
                let mut cands: Vec<PlayerIx> =
                    g.iter().copied().filter(|&c| cx.pair_ok(f, c)).collect();
                // 8.2: the highest R, if possible the opposite due colour, then the lowest ARO.
                by_preference(cx, &mut cands, cx.players[f].due);
                let pick = cands.into_iter().find(|&c| {
                    let rest: Vec<PlayerIx> = g.iter().copied().filter(|&x| x != c).collect();
                    floaters_fit(cx, later, &rest)
                });
                match pick {
                    Some(c) => {
                        lines.push(
                            Step::new(
                                "8.2",
                                format!(
                                    "floater {} plays {} (R {}).",
                                    cx.tpn(f),
                                    cx.tpn(c),
                                    cx.players[c].rating
                                ),
                            )
                            .inner(),
                        );
                        pairs.push(Made::by_rule_3(f, c));
                        done[f] = true;
                        done[c] = true;
                        g.retain(|&x| x != c);
                    }
                    None => {
                        lines.push(
                            Step::new(
                                "8.2",
                                format!(
                                    "floater {} cannot be paired here and floats on (6.4).",
                                    cx.tpn(f)
                                ),
                            )
                            .inner(),
                        );
                        next_down.push(f);
                    }
                }
            }
        }
        // 4: the bye, in the lowest group.
        if lowest && g.len() % 2 == 1 && next_down.is_empty() {
            let b = choose_bye(cx, &g).ok_or(())?;
            lines.push(
                Step::new(
                    "4",
                    format!(
                        "the bye goes to {} (the lowest R without a point without playing, 2.2).",
                        cx.tpn(b)
                    ),
                )
                .inner(),
            );
            bye = Some(b);
            done[b] = true;
            g.retain(|&x| x != b);
        }
        // 7.1: players who cannot play anyone in the group.
        let mut i = 0;
        while i < g.len() {
            let p = g[i];
            if g.iter().any(|&q| cx.pair_ok(p, q)) {
                i += 1;
                continue;
            }
            let found = transfer(
                cx,
                &groups[gi + 1..],
                &done,
                |q| cx.pair_ok(p, q),
                cx.players[p].due,
            );
            match found {
                Some(q) => {
                    lines.push(Step::new("7.1", format!("{} can play no one in the group; {} is transferred up to play him.",
                        cx.tpn(p),
                        cx.tpn(q)
                    )).inner());
                    pairs.push(Made::by_rule_3(p, q));
                    done[p] = true;
                    done[q] = true;
                    g.remove(i);
                }
                None => i += 1,
            }
        }
        // 7.2: an odd group takes a player from below.
        if g.len() % 2 == 1 && !lowest {
            let dominating = dominating(cx, &g);
            let members = g.clone();
            let found = transfer(
                cx,
                &groups[gi + 1..],
                &done,
                |q| members.iter().any(|&m| cx.pair_ok(m, q)),
                Some(dominating),
            );
            if let Some(q) = found {
                lines.push(
                    Step::new(
                        "7.2",
                        format!(
                            "the group is odd; {} ({}, R {}) is transferred up.",
                            cx.tpn(q),
                            match cx.players[q].due {
                                Some(Color::White) => "due White",
                                Some(Color::Black) => "due Black",
                                None => "no due colour",
                            },
                            cx.players[q].rating
                        ),
                    )
                    .inner(),
                );
                done[q] = true;
                g.push(q);
            }
        }
        // 7.3/7.4 and 6.2-6.3.
        // 6.4 looks at the lower groups as they stand after the transfers up.
        let below: Vec<PlayerIx> = groups[gi + 1..]
            .iter()
            .flatten()
            .copied()
            .filter(|&i| !done[i])
            .collect();
        let (made, left) = pair_group(cx, &g, &below, &mut lines);
        for &Made { a, b, .. } in &made {
            done[a] = true;
            done[b] = true;
        }
        pairs.extend(made);
        next_down.extend(left.iter().copied());
        if !next_down.is_empty() {
            if lowest {
                return Err(());
            }
            lines
                .push(Step::new("6.4", format!("floating down: {}.", cx.list(&next_down))).inner());
        }
        for &d in &next_down {
            done[d] = true;
        }
        down = next_down;
    }
    Ok((pairs, bye, lines))
}

/// 8.1: white-due floaters in 6.2's white order, black-due ones in its black order, taken
/// alternately from the highest white.
pub(super) fn floater_sequence(cx: &Ctx, down: &[PlayerIx]) -> Vec<PlayerIx> {
    let mut w: Vec<PlayerIx> = down
        .iter()
        .copied()
        .filter(|&f| cx.players[f].due != Some(Color::Black))
        .collect();
    let mut b: Vec<PlayerIx> = down
        .iter()
        .copied()
        .filter(|&f| cx.players[f].due == Some(Color::Black))
        .collect();
    cx.white_order(&mut w);
    cx.black_order(&mut b);
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < w.len() || j < b.len() {
        if i < w.len() {
            out.push(w[i]);
            i += 1;
        }
        if j < b.len() {
            out.push(b[j]);
            j += 1;
        }
    }
    out
}

/// Whether `floaters` can all be given distinct partners among `group`.
pub(super) fn floaters_fit(cx: &Ctx, floaters: &[PlayerIx], group: &[PlayerIx]) -> bool {
    crate::matching::cardinality::bipartite_perfect(floaters, group, |a, b| cx.pair_ok(a, b))
}

/// Whether the whole field can be paired within 2.1-2.5 (one bye, 2.2, if odd).
pub(super) fn whole_field_pairable(cx: &Ctx) -> bool {
    crate::matching::cardinality::all_pairable(
        cx.players.len(),
        |i, j| cx.pair_ok(PlayerIx::new(i), PlayerIx::new(j)),
        |i| !cx.players[PlayerIx::new(i)].unplayed_point,
    )
}

/// The players who float up against 2.5 in a pairing of the whole field (2.1-2.4 kept, one
/// bye by 2.2 if odd) with the fewest such upfloats; `None` when 2.1-2.4 cannot be kept.
pub(super) fn fewest_breaches(cx: &Ctx) -> Option<IxVec<bool>> {
    let n = cx.players.len();
    let mut free = cx.clone();
    free.relax_up = true;
    // Who floats up in a pair, if that breaks 2.5.
    let breaking = |a: PlayerIx, b: PlayerIx| match cx.players[a].score.cmp(&cx.players[b].score) {
        Ordering::Greater => (!cx.may_float_up(b)).then_some(b),
        Ordering::Less => (!cx.may_float_up(a)).then_some(a),
        Ordering::Equal => None,
    };
    // The matching's vertices are the players in pairing-number order (vertex `k` is
    // `by_tpn[k]`: the players' indices are in score order); vertex n stands for the bye.
    let mut by_tpn: Vec<PlayerIx> = cx.players.indices().collect();
    cx.by_tpn(&mut by_tpn);
    let ix = |k: usize| by_tpn[k];
    let mut edges: Vec<Edge> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if free.pair_ok(ix(a), ix(b)) {
                edges.push((
                    a,
                    b,
                    if breaking(ix(a), ix(b)).is_some() {
                        1
                    } else {
                        2
                    },
                ));
            }
        }
        if n % 2 == 1 && !cx.players[ix(a)].unplayed_point {
            edges.push((a, n, 2));
        }
    }
    let mate = max_weight_matching(n + n % 2, &edges, true);
    if mate.iter().any(Option::is_none) {
        return None;
    }
    let mut exempt = IxVec::filled(n, false);
    for (a, b) in mate.iter().enumerate().take(n) {
        if let Some(b) = b.filter(|&b| b < n && a < b) {
            if let Some(x) = breaking(ix(a), ix(b)) {
                exempt[x] = true;
            }
        }
    }
    Some(exempt)
}
