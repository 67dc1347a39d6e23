//! Dubov 6.2 (the two columns) and 6.3 (the improvements, row by row), for one score group.
use super::definitions::by_name;
use super::definitions::name_prefix;
use super::definitions::ColoursBy;
use super::definitions::Ctx;
use super::definitions::Made;
use super::transfers::transfer_colour;
use crate::matching::weighted::Edge;
use crate::model::color::Color;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;

/// 7.3/7.4, then 6.2's columns and 6.3's improvements. Returns the pairs and the players
/// left unpaired (6.4).
pub(super) fn pair_group(
    cx: &Ctx,
    g: &[PlayerIx],
    below: &[PlayerIx],
    lines: &mut Vec<Step>,
) -> (Vec<Made>, Vec<PlayerIx>) {
    if g.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let due = |x: PlayerIx, c: Color| cx.players[x].due == Some(c);
    let mut whites: Vec<PlayerIx> = g
        .iter()
        .copied()
        .filter(|&x| due(x, Color::White))
        .collect();
    let mut blacks: Vec<PlayerIx> = g
        .iter()
        .copied()
        .filter(|&x| due(x, Color::Black))
        .collect();
    // Reading: no due colour yet fills the smaller subgroup, in the order 3 would give White:
    // the higher ARO, then the lower R.
    let mut undecided: Vec<PlayerIx> = g
        .iter()
        .copied()
        .filter(|&x| cx.players[x].due.is_none())
        .collect();
    cx.sort_by_key(
        &mut undecided,
        |p| {
            (
                std::cmp::Reverse(p.aro.key()),
                p.rating,
                name_prefix(p.name),
            )
        },
        by_name,
    );
    for x in undecided {
        if blacks.len() < whites.len() {
            blacks.push(x);
        } else {
            whites.push(x);
        }
    }
    // 7.3 / 7.4, never against 2.3/2.4 (2.6).
    if whites.len() > blacks.len() + 1 {
        transfer_colour(cx, &mut whites, &mut blacks, Color::White, lines);
    } else if blacks.len() > whites.len() + 1 {
        transfer_colour(cx, &mut blacks, &mut whites, Color::Black, lines);
    }
    cx.white_order(&mut whites);
    cx.black_order(&mut blacks);
    lines.push(Step::new("6.2", format!("white (ARO): {}.", cx.list_aro(&whites))).inner());
    lines.push(Step::new("6.2", format!("black (R): {}.", cx.list_r(&blacks))).inner());
    if whites.len() == blacks.len() {
        let assignment = match text_order(cx, &whites, &blacks, lines) {
            Some(pairs) => Some(pairs),
            None => first_assignment(cx, &whites, &blacks).inspect(|_| {
                lines.push(Step::new(
                    "6.3",
                    "no change of a single row above lets every row be paired; the first complete assignment row by row is taken (reading).",
                ).inner());
            }),
        };
        if let Some(pairs) = assignment {
            // Both assignments list the pairs in the white column's order.
            let natural = pairs
                .iter()
                .zip(&blacks)
                .filter(|((_, b), black)| b == *black)
                .count();
            if natural < whites.len() {
                lines.push(
                    Step::new(
                        "6.3",
                        format!("improvements: {}.", cx.list_pairs(pairs.iter().copied())),
                    )
                    .inner(),
                );
            }
            return (
                pairs
                    .into_iter()
                    .map(|(w, b)| Made {
                        a: w,
                        b,
                        colours: ColoursBy::WhiteColumn,
                    })
                    .collect(),
                Vec::new(),
            );
        }
    }
    // 6.3's last case and 6.4: same-colour pairs where needed; floaters by 6.4's preference.
    // The rows are the matching's vertices: positions, the white column then the black.
    let rows: Vec<PlayerIx> = whites.iter().chain(&blacks).copied().collect();
    let nw = whites.len();
    // Each row's place in its column, and its class by 6.4's preferences (0 floats first):
    // worked out once, not for every pair.
    let pos = |r: usize| -> i64 { (if r < nw { r } else { r - nw }) as i64 };
    let keep: Vec<i64> = rows
        .iter()
        .map(|&x| {
            let can_below = below.iter().any(|&q| cx.pair_ok(x, q));
            let p = &cx.players[x];
            let was_floater = p.floater || p.floated_before;
            match (was_floater, can_below) {
                (false, true) => 0,
                (false, false) => 1,
                (true, true) => 2,
                (true, false) => 3,
            }
        })
        .collect();
    let m = rows.len() as i64;
    let tie = m + 1;
    let cross = tie * m * m + 1;
    let tier = cross * (m + 1) + 1;
    let mut edges: Vec<Edge> = Vec::new();
    for i in 0..rows.len() {
        for j in i + 1..rows.len() {
            if !cx.pair_ok(rows[i], rows[j]) {
                continue;
            }
            let w = tier * (keep[i] + keep[j] + 1)
                + if (i < nw) != (j < nw) { cross } else { 0 }
                + (tie * m - (pos(i) - pos(j)).abs());
            edges.push((i, j, w));
        }
    }
    let mate = in_row_order(rows.len(), nw, &edges);
    let mut pairs = Vec::new();
    let mut left = Vec::new();
    for (i, m) in mate.iter().enumerate() {
        match m {
            Some(j) if i < *j => pairs.push(Made::by_rule_3(rows[i], rows[*j])),
            Some(_) => {}
            None => left.push(i),
        }
    }
    lines.push(
        Step::new(
            "6.3",
            format!(
                "no pairing of every white with a black; pairs {}; unpaired {}.",
                cx.list_pairs(pairs.iter().map(|m| (m.a, m.b))),
                cx.list(&left.iter().map(|&i| rows[i]).collect::<Vec<_>>())
            ),
        )
        .inner(),
    );
    if !left.is_empty() {
        // 6.4: each floater's class, and the players kept for theirs.
        let described = |v: &[usize]| -> String {
            v.iter()
                .map(|&i| {
                    let class = match keep[i] {
                        0 => "can be paired below",
                        1 => "cannot be paired below",
                        2 => "was a floater from above, can be paired below",
                        _ => "was a floater from above, cannot be paired below",
                    };
                    format!("{} ({class})", cx.tpn(rows[i]))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let kept: Vec<usize> = (0..rows.len())
            .filter(|i| mate[*i].is_some() && keep[*i] > 0)
            .collect();
        lines.push(
            Step::new(
                "6.4",
                format!(
                    "chosen to float: {}{}.",
                    described(&left),
                    if kept.is_empty() {
                        String::new()
                    } else {
                        format!("; kept: {}", described(&kept))
                    }
                ),
            )
            .inner(),
        );
    }
    let left = left.into_iter().map(|i| rows[i]).collect();
    (pairs, left)
}

/// 6.3 among pairings the criteria rank equal (reading): rows `0..n` are the white column
/// (`0..whites`) then the black column, each in its order; row by row, each row still free
/// takes the first partner in 6.3's order that a best pairing of the rest allows: the blacks
/// in column order, then (a white) the whites below him; being left unpaired comes last.
/// Exact, with no search: the rows' choices are fields of the matching's weights
/// (`crate::matching::row_order`).
pub(super) fn in_row_order(n: usize, whites: usize, edges: &[Edge]) -> Vec<Option<usize>> {
    let rank = |r: usize, c: usize| -> Option<usize> {
        if c <= r {
            None
        } else if r < whites {
            Some(if c >= whites {
                c - whites
            } else {
                (n - whites) + (c - r - 1)
            })
        } else {
            Some(c - (r + 1))
        }
    };
    crate::matching::row_order::first_in_row_order(n, edges, &rank)
}

/// 6.3 in the text's order of changes. Row by row, the white takes the first black left, in
/// the column's order, whom he may play (his own row's, else "the first black player whom he
/// has not played before, from the lower rows"), without looking further down. When he may
/// play none of the blacks left, the rows above are changed one at a time, nearest first
/// ("we change the pairing in row No. k-1, if this does not work, in row No. k-2, etc."):
/// row j's white takes the first black left that he may play, white k takes row j's black,
/// and the change "works" when the rows below k can still all be paired (a matching says
/// so). A row not changed keeps its pair. `None` when at some row no single change works
/// (or no complete assignment exists); each change made is said in `changes`, the explanation.
pub(super) fn text_order(
    cx: &Ctx,
    whites: &[PlayerIx],
    blacks: &[PlayerIx],
    changes: &mut Vec<Step>,
) -> Option<Vec<(PlayerIx, PlayerIx)>> {
    let n = whites.len();
    let mut black_of = vec![0usize; n];
    let mut used = vec![false; n];
    // Every black before `first` is taken (the scans start there, not at the top of the
    // column: in a group of 50,000 the rows taken are passed over once, not once per row).
    let mut first = 0;
    for k in 0..n {
        let w = whites[k];
        while first < n && used[first] {
            first += 1;
        }
        if let Some(j) = (first..n).find(|&j| !used[j] && cx.pair_ok(w, blacks[j])) {
            used[j] = true;
            black_of[k] = j;
            continue;
        }
        let change = (0..k).rev().find_map(|r| {
            let old = black_of[r];
            if !cx.pair_ok(w, blacks[old]) {
                return None;
            }
            (0..n)
                .filter(|&j| !used[j] && cx.pair_ok(whites[r], blacks[j]))
                .find(|&j| {
                    let free: Vec<usize> = (0..n).filter(|&x| !used[x] && x != j).collect();
                    complete(cx, &whites[k + 1..], blacks, &free).is_some()
                })
                .map(|j| (r, j))
        })?;
        let (r, j) = change;
        changes.push(
            Step::new(
                "6.3",
                format!(
                    "row {} ({}) has played every black left; row {} is changed: {}-{}, and {}-{}.",
                    k + 1,
                    cx.tpn(w),
                    r + 1,
                    cx.tpn(whites[r]),
                    cx.tpn(blacks[j]),
                    cx.tpn(w),
                    cx.tpn(blacks[black_of[r]])
                ),
            )
            .inner(),
        );
        used[j] = true;
        black_of[k] = black_of[r];
        black_of[r] = j;
    }
    Some((0..n).map(|k| (whites[k], blacks[black_of[k]])).collect())
}

/// 6.3 as far as the rows changed one at a time do not reach (reading): row by row, each white
/// takes the first black (in the column's order) he may play such that the rows below can
/// still all be paired; `None` if no complete assignment exists.
pub(super) fn first_assignment(
    cx: &Ctx,
    whites: &[PlayerIx],
    blacks: &[PlayerIx],
) -> Option<Vec<(PlayerIx, PlayerIx)>> {
    let n = whites.len();
    let all: Vec<usize> = (0..n).collect();
    // A complete assignment of the rows from the current one on (column positions).
    let mut witness: std::collections::VecDeque<usize> = complete(cx, whites, blacks, &all)?.into();
    let mut used = vec![false; n];
    let mut out = Vec::with_capacity(n);
    // Every black before `first` is taken.
    let mut first = 0;
    for k in 0..n {
        let w = whites[k];
        let mut pick = None;
        while first < n && used[first] {
            first += 1;
        }
        for j in first..n {
            if used[j] || !cx.pair_ok(w, blacks[j]) {
                continue;
            }
            if witness.front() == Some(&j) {
                witness.pop_front();
                pick = Some(j);
                break;
            }
            let free: Vec<usize> = (0..n).filter(|&x| !used[x] && x != j).collect();
            if let Some(rest) = complete(cx, &whites[k + 1..], blacks, &free) {
                witness = rest.into();
                pick = Some(j);
                break;
            }
        }
        let j = pick?;
        used[j] = true;
        out.push((w, blacks[j]));
    }
    Some(out)
}

/// A complete assignment of `rows` (whites, in order) to the black positions `free`: straight
/// down if that fits, else by augmenting paths. The positions chosen, row by row.
pub(super) fn complete(
    cx: &Ctx,
    rows: &[PlayerIx],
    blacks: &[PlayerIx],
    free: &[usize],
) -> Option<Vec<usize>> {
    if rows.len() > free.len() {
        return None;
    }
    if rows
        .iter()
        .zip(free)
        .all(|(&w, &j)| cx.pair_ok(w, blacks[j]))
    {
        return Some(free[..rows.len()].to_vec());
    }
    let chosen =
        crate::matching::cardinality::bipartite_assignment(rows.len(), free.len(), |i, c| {
            cx.pair_ok(rows[i], blacks[free[c]])
        })?;
    Some(chosen.into_iter().map(|c| free[c]).collect())
}
