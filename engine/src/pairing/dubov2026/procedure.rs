//! Dubov 2026 1.9 and Article 3: the bye (3.1), then the brackets from the top scoregroup
//! down (3.2): the upfloaters (3.2.1-3.2.2, by one weighted matching of everyone not yet
//! paired, then 4.2's first set), G1 and G2 and their re-composition (3.2.3-3.2.4, 4.3's
//! shifters), and S1 against the first transposition of G2 (3.2.5-3.2.6, 4.4).
use super::colours::allocate;
use super::definitions::Ctx;
use super::groups::groups;
use crate::matching::cardinality::Cardinality;
use crate::matching::weighted::{max_weight_matching_from, Tiers};
use crate::model::color::Color;
use crate::model::points::Points;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;

pub(crate) use crate::pairing::proposal::Paired;

/// 1.9: the round.
pub(crate) fn procedure(
    cx: &Ctx,
    initial: Color,
    explanation: &mut Vec<Step>,
) -> Result<Paired, String> {
    let everyone: Vec<PlayerIx> = cx.players.indices().collect();
    let n = everyone.len();
    let mut alive = vec![true; n];
    // [C4]'s witness, kept through the round: a perfect matching of the players not yet
    // paired, each paired player matched to his partner (and the bye's player to a vertex of
    // his own).
    let mut whole = Cardinality::new(n + n % 2);
    // 1.9.2: the bye first.
    let bye = if n % 2 == 1 {
        let b = bye(cx, &everyone).ok_or_else(|| {
            "no player can receive the pairing-allocated bye so that the others can all be \
             paired ([C2], [C4]; 1.9.3: the Chief Arbiter decides)"
                .to_string()
        })?;
        explanation.push(Step::new(
            "3.1",
            format!(
                "{} receives the pairing-allocated bye: of those who may ([C2]) and leave a \
                 complete pairing of the others ([C4]), the lowest score ({}), then the most \
                 games played ({}), then the largest TPN.",
                cx.who(b),
                cx.players[b].score,
                cx.players[b].games
            ),
        ));
        alive[b.get()] = false;
        whole.pair(b.get(), n);
        Some(b)
    } else {
        None
    };
    if !whole.complete(&|a, b| {
        a < n && b < n && alive[a] && alive[b] && cx.pair_ok(everyone[a], everyone[b])
    }) {
        return Err(
            "no pairing of the round complies with [C1]-[C3] (1.9.3: the Chief Arbiter decides)"
                .into(),
        );
    }
    let mut pairs: Vec<(PlayerIx, PlayerIx)> = Vec::new();
    let mut bracket_no = 0;
    while let Some(top) = everyone.iter().find(|p| alive[p.get()]) {
        let score = cx.players[*top].score;
        let residents: Vec<PlayerIx> = everyone
            .iter()
            .copied()
            .filter(|p| alive[p.get()] && cx.players[*p].score == score)
            .collect();
        let lower: Vec<PlayerIx> = everyone
            .iter()
            .copied()
            .filter(|p| alive[p.get()] && cx.players[*p].score < score)
            .collect();
        bracket_no += 1;
        explanation.push(Step::heading(format!(
            "Bracket {bracket_no} ({score}): residents {}.",
            cx.tpns(&residents)
        )));
        let made = pair_bracket(cx, &residents, &lower, &alive, &mut whole, explanation)
            .map_err(|why| format!("bracket {bracket_no}: {why}"))?;
        for &(a, b) in &made {
            alive[a.get()] = false;
            alive[b.get()] = false;
            whole.pair(a.get(), b.get());
        }
        pairs.extend(made);
    }
    let out = crate::pairing::common::boards(
        pairs,
        |p| cx.players[p].score,
        |p| cx.players[p].tpn,
        |a, b| a.min(b),
        (
            |a, b| allocate(cx, a, b, initial),
            |a, b| super::colours::facts(cx, a, b, initial),
        ),
        &cx.names,
        explanation,
    );
    Ok((out, bye.map(|b| cx.players[b].tpn)))
}

/// 3.1: the pairing-allocated bye: among those [C2] allows, by 3.1.3-3.1.5, the first whose
/// absence leaves the others pairable (3.1.2).
fn bye(cx: &Ctx, all: &[PlayerIx]) -> Option<PlayerIx> {
    let n = all.len();
    let mut candidates: Vec<usize> = (0..n).filter(|&i| cx.players[all[i]].can_bye).collect();
    candidates.sort_by_key(|&i| {
        let p = &cx.players[all[i]];
        (
            p.score,
            std::cmp::Reverse(p.games),
            std::cmp::Reverse(p.tpn),
        )
    });
    crate::pairing::common::first_bye(n, &|i, j| cx.pair_ok(all[i], all[j]), &candidates)
        .map(|i| all[i])
}

/// What each pair adds to a bracket's penalties, tier by tier (the first the weightiest), for
/// 3.2.2's choice of upfloaters.
struct Layout {
    /// Each tier's width in bits, the weightiest first.
    widths: Vec<u32>,
    /// The scores below the residents', the lowest first: [C6]'s tiers.
    levels: Vec<Points>,
}

impl Layout {
    fn total(&self) -> u32 {
        self.widths.iter().sum()
    }
}

/// Bits for counts up to `n`, with a spare.
fn bits(n: u64) -> u32 {
    u64::BITS - n.leading_zeros() + 1
}

/// 3.2: one bracket: its residents and the players below (the possible upfloaters, 4.2.1),
/// with `whole`, a perfect matching of them all, left matching the bracket (its residents and
/// upfloaters) apart from the rest. The pairs made, or why there are none.
fn pair_bracket(
    cx: &Ctx,
    residents: &[PlayerIx],
    lower: &[PlayerIx],
    alive: &[bool],
    whole: &mut Cardinality,
    explanation: &mut Vec<Step>,
) -> Result<Vec<(PlayerIx, PlayerIx)>, String> {
    let fast = if cx.fast {
        fast_upfloaters(cx, residents, lower, alive, whole)
    } else {
        None
    };
    let ups = match fast {
        Some((ups, split)) => {
            *whole = split;
            ups
        }
        None => {
            let waiting = residents.len() + lower.len();
            let stood_in = cx
                .fast
                .then(|| by_stand_ins(cx, residents, lower, alive, whole))
                .flatten();
            if let Some((ups, split)) = stood_in {
                *whole = split;
                ups
            } else {
                if waiting > cx.matching_limit {
                    return Err(format!(
                        "no set of upfloaters reaches the best a bracket can have ([C5]-[C10] \
                     with every player paired in his own group), and the general method \
                     (a weighted matching of the {waiting} players not yet paired) runs in \
                     this build for up to {}: this round is refused rather than \
                     kept waiting",
                        cx.matching_limit
                    ));
                }
                let ups = upfloaters_by_weights(cx, residents, lower, false)
                    .ok_or("it cannot be paired so that the rest can be completed ([C4])")?;
                let mut in_bracket = vec![1u8; alive.len()];
                for &p in residents.iter().chain(&ups) {
                    in_bracket[p.get()] = 0;
                }
                if !split(cx, &in_bracket, alive, whole) {
                    return Err(
                        "its upfloaters leave no complete pairing of the rest ([C4])".into(),
                    );
                }
                ups
            }
        }
    };
    if ups.is_empty() {
        explanation.push(Step::new("3.2.1", "no upfloater is needed.").inner());
    } else {
        let scores = ups
            .iter()
            .map(|&u| cx.players[u].score.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        explanation.push(
            Step::new(
                "3.2.2",
                format!(
                    "upfloater{} {} (score{} {scores}): the first set in 4.2's order of those \
                     pairing the bracket best by [C5]-[C10].",
                    if ups.len() == 1 { "" } else { "s" },
                    cx.tpns(&ups),
                    if ups.len() == 1 { "" } else { "s" },
                ),
            )
            .inner(),
        );
    }
    let mut bracket: Vec<PlayerIx> = residents.iter().chain(&ups).copied().collect();
    bracket.sort_unstable();
    groups(cx, &bracket, explanation)
        .ok_or_else(|| "its players cannot all be paired ([C1], [C3])".into())
}

/// The weighted matching's answer (`upfloaters`), its weights as wide as the bracket needs;
/// `free_below`: any two players below may be paired (the rest's [C4] left to `split`).
fn upfloaters_by_weights(
    cx: &Ctx,
    residents: &[PlayerIx],
    lower: &[PlayerIx],
    free_below: bool,
) -> Option<Vec<PlayerIx>> {
    let r = residents.len() as u64;
    let mut levels: Vec<Points> = lower.iter().map(|&p| cx.players[p].score).collect();
    levels.sort_unstable();
    levels.dedup();
    let most_ups = lower
        .iter()
        .map(|&p| u64::from(cx.players[p].ups))
        .max()
        .unwrap_or(0);
    // [C5], [C6] a tier per score (the lowest first), [C7], [C8], [C9], [C10].
    let mut widths = vec![bits(r)];
    widths.extend(levels.iter().map(|_| bits(r)));
    widths.extend([bits(r), bits(r), bits(r * most_ups.max(1)), bits(r)]);
    let layout = Layout { widths, levels };
    let room = layout.total() + bits((residents.len() + lower.len()) as u64) + 4;
    if room <= 120 {
        upfloaters::<i128>(cx, residents, lower, &layout, free_below)
    } else if room <= 500 {
        upfloaters::<bnum::BInt<8>>(cx, residents, lower, &layout, free_below)
    } else if room <= 2000 {
        upfloaters::<bnum::BInt<32>>(cx, residents, lower, &layout, free_below)
    } else {
        upfloaters::<bnum::BInt<256>>(cx, residents, lower, &layout, free_below)
    }
}

/// Re-pairs `whole` so that the bracket (marked 0 in `in_bracket`) is matched apart from
/// everyone else not yet paired (1): whether it can be
/// ([`crate::pairing::common::split_into_parts`], exact).
fn split(cx: &Ctx, in_bracket: &[u8], alive: &[bool], whole: &mut Cardinality) -> bool {
    crate::pairing::common::split_into_parts(whole, in_bracket, alive, |a, b| cx.pair_ok(a, b))
}

/// 3.2.1-3.2.2 where a bound settles them, without a matching of everyone (exact: an answer is
/// given only when it reaches a standing no set of upfloaters can beat, and is the first set
/// in 4.2's order that does; else `None`, and the weighted matching decides).
/// - Residents of an even number who can be paired among themselves, the rest among
///   themselves: no upfloater ([C5] at 0, the one set that reaches it).
/// - Residents of an odd number: one upfloater at least, the best from the highest score
///   below ([C6]), and no bracket of them has fewer pairs of one colour's seekers than half
///   the difference between the White and the Black seekers ([C7]); [C8]-[C10] are his own.
///   Of that score's players in TPN order (4.2.2), the first whose own standing is the least
///   and who reaches it: his bracket paired with no two seekers of the colour fewer seek, the
///   rest completed (two perfect matchings, each exact).
///
/// With the bracket's upfloaters, a split of `whole` that matches the bracket apart.
fn fast_upfloaters(
    cx: &Ctx,
    residents: &[PlayerIx],
    lower: &[PlayerIx],
    alive: &[bool],
    whole: &Cardinality,
) -> Option<(Vec<PlayerIx>, Cardinality)> {
    let mut in_bracket = vec![1u8; alive.len()];
    for &p in residents {
        in_bracket[p.get()] = 0;
    }
    if residents.len().is_multiple_of(2) {
        let mut trial = whole.clone();
        return split(cx, &in_bracket, alive, &mut trial).then_some((Vec::new(), trial));
    }
    let next = cx.players[*lower.first()?].score;
    let whites = residents
        .iter()
        .filter(|&&p| cx.players[p].seeks() == Color::White)
        .count();
    let blacks = residents.len() - whites;
    let rules = !cx.last_round;
    // [C7]'s bound with `u`, then [C8], [C9], [C10].
    let standing = |u: PlayerIx| {
        let p = &cx.players[u];
        let (w, b) = if p.seeks() == Color::White {
            (whites + 1, blacks)
        } else {
            (whites, blacks + 1)
        };
        let most = rules && p.max_upfloater;
        (
            w.abs_diff(b) / 2,
            most,
            if most { p.ups } else { 0 },
            rules && p.up_last,
        )
    };
    let candidates = lower
        .iter()
        .copied()
        .take_while(|&p| cx.players[p].score == next);
    let best = candidates.clone().map(standing).min()?;
    for u in candidates.filter(|&u| standing(u) == best) {
        let mut members = residents.to_vec();
        members.push(u);
        let Some(pairs) = fewest_of_one_colour(cx, &members) else {
            continue;
        };
        in_bracket[u.get()] = 0;
        let mut trial = whole.clone();
        if split(cx, &in_bracket, alive, &mut trial) {
            for (a, b) in pairs {
                trial.pair(a.get(), b.get());
            }
            return Some((vec![u], trial));
        }
        in_bracket[u.get()] = 1;
    }
    None
}

/// 3.2.1-3.2.2 by a weighted matching of the residents and a few players below who stand in
/// for all of them (exact where the rest can then be completed; else `None`).
///
/// Without [C4] for the players left below, what a set of upfloaters gives the bracket
/// ([C5]-[C10]) depends on each upfloater only through his kind (score, colour sought, an
/// absolute preference, [C8]-[C10]'s upfloats) and the residents he has met. Those who met a
/// resident all stand in for themselves; of each kind of the others, the first as many as
/// there are residents (4.2's order), since no set uses more of a kind than that, and a set
/// using a later one is matched by one using an earlier one left out, which comes before it
/// in 4.1.3's order. So the first best set without [C4] below is the first best set of the
/// stand-ins (with any two of them allowed to meet below); and when the rest can then be
/// completed ([C4], `split`), no set with [C4] can be better, and it is the first best.
fn by_stand_ins(
    cx: &Ctx,
    residents: &[PlayerIx],
    lower: &[PlayerIx],
    alive: &[bool],
    whole: &Cardinality,
) -> Option<(Vec<PlayerIx>, Cardinality)> {
    let mut met_a_resident = vec![false; alive.len()];
    for &r in residents {
        for &o in cx.met.of(r) {
            met_a_resident[o.get()] = true;
        }
    }
    let mut of_kind: std::collections::HashMap<_, usize> = Default::default();
    let mut stand_ins: Vec<PlayerIx> = Vec::new();
    for &p in lower {
        let q = &cx.players[p];
        let kind = (
            q.score,
            q.seeks(),
            matches!(q.pref, crate::model::history::ColorPreference::Absolute(_)),
            q.max_upfloater,
            if q.max_upfloater { q.ups } else { 0 },
            q.up_last,
        );
        let stands_in = met_a_resident[p.get()] || {
            let seen = of_kind.entry(kind).or_default();
            *seen += 1;
            *seen <= residents.len()
        };
        if stands_in {
            stand_ins.push(p);
        }
        if residents.len() + stand_ins.len() > cx.matching_limit {
            return None;
        }
    }
    // An even number, for a perfect matching: one more player below (any two may meet there).
    if (residents.len() + stand_ins.len()) % 2 == 1 {
        let extra = lower.iter().find(|p| stand_ins.binary_search(p).is_err())?;
        let at = stand_ins.partition_point(|q| q < extra);
        stand_ins.insert(at, *extra);
    }
    let ups = upfloaters_by_weights(cx, residents, &stand_ins, true)?;
    let mut in_bracket = vec![1u8; alive.len()];
    let members: Vec<PlayerIx> = residents.iter().chain(&ups).copied().collect();
    for &p in &members {
        in_bracket[p.get()] = 0;
    }
    let mut trial = whole.clone();
    split(cx, &in_bracket, alive, &mut trial).then_some((ups, trial))
}

/// [C7]'s bound reached: a pairing of `members` (an even number) in which no two players
/// seeking the colour fewer of them seek meet, so that the pairs of one colour's seekers are
/// half the difference and no more; `None` when there is none (exact: one perfect matching,
/// the two colours' seekers taken in turn so that the first pairs tried are of two colours).
fn fewest_of_one_colour(cx: &Ctx, members: &[PlayerIx]) -> Option<Vec<(PlayerIx, PlayerIx)>> {
    let (white, black): (Vec<PlayerIx>, Vec<PlayerIx>) = members
        .iter()
        .partition(|&&p| cx.players[p].seeks() == Color::White);
    let (few, many) = if white.len() <= black.len() {
        (white, black)
    } else {
        (black, white)
    };
    let mut order: Vec<(PlayerIx, bool)> = Vec::with_capacity(members.len());
    for (i, &p) in many.iter().enumerate() {
        if let Some(&q) = few.get(i) {
            order.push((q, true));
        }
        order.push((p, false));
    }
    let mut m = Cardinality::new(order.len());
    let perfect =
        m.complete(&|i, j| !(order[i].1 && order[j].1) && cx.pair_ok(order[i].0, order[j].0));
    perfect.then(|| {
        (0..order.len())
            .filter_map(|i| {
                let j = m.mate(i)?;
                (i < j).then_some((order[i].0, order[j].0))
            })
            .collect()
    })
}

/// 3.2.1-3.2.2: the upfloaters. One weighted matching of the residents and everyone below
/// (every pair allowed by [C1] and [C3]; a perfect matching is [C4]) gives the best standing
/// on [C5]-[C10], each a tier of the weight; then 4.2's first set among the best, member by
/// member: each possible upfloater in turn (by score, then TPN) is fixed as one when a matching
/// with it upfloating is as good, else kept below. A matching is asked again only when the one
/// in hand does not already answer.
fn upfloaters<W: Tiers>(
    cx: &Ctx,
    residents: &[PlayerIx],
    lower: &[PlayerIx],
    layout: &Layout,
    free_below: bool,
) -> Option<Vec<PlayerIx>> {
    let r = residents.len();
    let players: Vec<PlayerIx> = residents.iter().chain(lower).copied().collect();
    let v = players.len();
    let rules = !cx.last_round;
    // Each tier's offset from the bottom.
    let mut offsets = vec![0u32; layout.widths.len()];
    let mut at = 0;
    for t in (0..layout.widths.len()).rev() {
        offsets[t] = at;
        at += layout.widths[t];
    }
    let base = W::from(1u64) << layout.total();
    let tier = |t: usize, value: u64| W::from(value) << offsets[t];
    let nl = layout.levels.len();
    let (t7, t8, t9, t10) = (1 + nl, 2 + nl, 3 + nl, 4 + nl);
    let weight = |a: usize, b: usize| -> W {
        let (pa, pb) = (&cx.players[players[a]], &cx.players[players[b]]);
        let mut pen = W::ZERO;
        if a >= r {
            return base;
        }
        if pa.seeks() == pb.seeks() {
            pen = pen.plus(tier(t7, 1));
        }
        if b >= r {
            pen = pen.plus(tier(0, 1));
            let level = layout
                .levels
                .iter()
                .position(|&s| s == pb.score)
                .unwrap_or(0);
            pen = pen.plus(tier(1 + level, 1));
            if rules && pb.max_upfloater {
                pen = pen.plus(tier(t8, 1));
                pen = pen.plus(tier(t9, u64::from(pb.ups)));
            }
            if rules && pb.up_last {
                pen = pen.plus(tier(t10, 1));
            }
        }
        base.minus(pen)
    };
    // Each lower player's role: free, an upfloater, or kept below.
    #[derive(Clone, Copy, PartialEq)]
    enum Role {
        Free,
        Up,
        Below,
    }
    let mut role = vec![Role::Free; v];
    // Every pair below the bracket weighs the most (no penalty), so the players below, paired
    // greedily among themselves, are a valid start of the matching: it then needs a stage only
    // for the residents and the few the greedy pairing leaves alone (O(r · V²), not O(V³)).
    let solve = |role: &[Role]| -> Option<(Vec<usize>, W)> {
        let mut edges: Vec<(usize, usize, W)> = Vec::new();
        let mut start: Vec<usize> = Vec::new();
        let mut taken = vec![false; v];
        for a in 0..v {
            for b in a + 1..v {
                let below = free_below && a >= r;
                if !below && !cx.pair_ok(players[a], players[b]) {
                    continue;
                }
                let allowed = match (a < r, b < r) {
                    (true, true) => true,
                    (true, false) => role[b] != Role::Below,
                    (false, false) => role[a] != Role::Up && role[b] != Role::Up,
                    (false, true) => unreachable!("a < b"),
                };
                if allowed {
                    if a >= r && !taken[a] && !taken[b] {
                        taken[a] = true;
                        taken[b] = true;
                        start.push(edges.len());
                    }
                    edges.push((a, b, weight(a, b)));
                }
            }
        }
        let mate = max_weight_matching_from(v, &edges, true, &start);
        let mut total = W::ZERO;
        let mut out = vec![0; v];
        for (a, m) in mate.iter().enumerate() {
            let b = (*m)?;
            out[a] = b;
            if a < b {
                total = total.plus(weight(a, b));
            }
        }
        Some((out, total))
    };
    let (mut mate, best) = solve(&role)?;
    // [C6] fixes how many upfloaters each score gives.
    let mut wanted: std::collections::HashMap<Points, usize> = Default::default();
    for b in r..v {
        if mate[b] < r {
            *wanted.entry(cx.players[players[b]].score).or_default() += 1;
        }
    }
    // 4.2.2: by score, the highest first, then by TPN (the players' order here).
    let mut chosen = Vec::new();
    for b in r..v {
        let score = cx.players[players[b]].score;
        let need = wanted.get(&score).copied().unwrap_or(0);
        let have = chosen
            .iter()
            .filter(|&&c: &&usize| cx.players[players[c]].score == score)
            .count();
        if have == need {
            role[b] = Role::Below;
            continue;
        }
        if mate[b] < r {
            role[b] = Role::Up;
            chosen.push(b);
            continue;
        }
        role[b] = Role::Up;
        match solve(&role) {
            Some((m, w)) if w == best => {
                mate = m;
                chosen.push(b);
            }
            _ => role[b] = Role::Below,
        }
    }
    Some(chosen.into_iter().map(|b| players[b]).collect())
}
