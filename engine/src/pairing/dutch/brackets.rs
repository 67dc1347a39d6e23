//! Dutch C.4-C.11 in one bracket: S1 and S2 (C.4, C.5), the candidates (C.6-C.8) at the
//! levels C.9-C.10 relax, the remainder of a heterogeneous bracket (C.11), and what the
//! explanation says of each.
use super::criteria::first_level;
use super::criteria::levels;
use super::criteria::modes;
use super::criteria::Sink;
use super::criteria::Within;
use super::definitions::Ctx;
use super::definitions::Level;
use super::search::Found;
use super::search::Search;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;

/// Which part of a bracket a candidate pairs, as the explanation names it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    /// A homogeneous bracket, whole (C.4-C.8).
    Whole,
    /// The players moved down into a heterogeneous bracket (C.6).
    MovedDown,
    /// The remainder of a heterogeneous bracket (C.6: "start at C2 with the remainder").
    Remainder,
}

impl Part {
    /// The words that open each of its steps.
    pub(super) fn prefix(self) -> &'static str {
        match self {
            Part::Whole => "",
            Part::MovedDown => "the players moved down: ",
            Part::Remainder => "the remainder: ",
        }
    }
}

pub(super) type BracketOutcome = Option<(Vec<(PlayerIx, PlayerIx)>, Vec<PlayerIx>, Vec<Step>)>;

/// The steps saying how `f` was found at `lv`. The players `f` leaves over float (moved down,
/// or the bye) unless `part` is the players moved down, whose leftovers form the remainder.
pub(super) fn describe_found(
    cx: &Ctx,
    f: &Found,
    lv: &Level,
    first: &Level,
    part: Part,
) -> Vec<Step> {
    let what = part.prefix();
    let mut out = Vec::new();
    if let Some((a, b)) = &f.exchange {
        out.push(Step::new(
            "C.8",
            format!(
                "{what}exchange (D.2) of {} from S1 with {} from S2.",
                cx.tpns(a),
                cx.tpns(b)
            ),
        ));
    }
    accepted(f);
    out.push(Step::new(
        "C.7",
        format!(
            "{what}x = {}, p = {}; S1 = {}; S2 in the order used (D.1) = {}.",
            lv.x,
            f.pairs.len(),
            cx.tpns(&f.s1),
            cx.tpns(&f.s2)
        ),
    ));
    for (article, relaxed) in lv.describe(first) {
        out.push(Step::new(article, format!("{what}{relaxed}.")));
    }
    let given_up = floats_given_up(cx, f, lv, part != Part::MovedDown);
    if !given_up.is_empty() {
        out.push(Step::new(
            if lv.b6_up && lv.b5_up { "C.10" } else { "C.9" },
            format!(
                "{what}floats given up, in the order C.9 and C.10 drop them: {}.",
                given_up.join("; ")
            ),
        ));
    }
    out.push(Step::new(
        "C.6",
        format!(
            "{what}pairs {}; preferences denied: {}.",
            f.pairs
                .iter()
                .map(|(a, b)| format!("{}-{}", cx.players[*a].tpn, cx.players[*b].tpn))
                .collect::<Vec<_>>()
                .join(", "),
            f.viol
        ),
    ));
    out.into_iter().map(Step::inner).collect()
}

/// A candidate is accepted: it was found at the first level at which its bracket pairs, where x
/// never allows more denials than the fewest (the proof is at [`Found::above_least`]), so it
/// is never one marked `above_least`. Tests count any that is (none has been).
fn accepted(f: &Found) {
    debug_assert!(
        !f.above_least,
        "a candidate probed above the fewest denials was accepted"
    );
    #[cfg(test)]
    if f.above_least {
        super::search::ABOVE_LEAST.with(|c| c.set((c.get().0, c.get().1 + 1)));
    }
}

/// C.9, C.10: for each float criterion the level `lv` has dropped, in the order they are dropped
/// (B.6 then B.5 for upfloats, then for downfloats), the players of `f` whose float breaks it
/// (criteria dropped that no float of `f` breaks are not named): those paired with a different
/// score (A.4) and, with `leftovers_float`, those left over (moved down, or the bye: A.5).
pub(super) fn floats_given_up(
    cx: &Ctx,
    f: &Found,
    lv: &Level,
    leftovers_float: bool,
) -> Vec<String> {
    let mut ups: Vec<(PlayerIx, PlayerIx)> = Vec::new();
    let mut downs: Vec<(PlayerIx, Option<PlayerIx>)> = Vec::new();
    for &(a, b) in &f.pairs {
        let (h, l) = if cx.players[a].score >= cx.players[b].score {
            (a, b)
        } else {
            (b, a)
        };
        if cx.players[h].score != cx.players[l].score {
            downs.push((h, Some(l)));
            ups.push((l, h));
        }
    }
    if leftovers_float {
        downs.extend(f.floaters.iter().map(|&x| (x, None)));
    }
    let steps: [(bool, &str, bool, bool); 4] = [
        (!lv.b6_up, "B.6 for upfloats", true, false),
        (!lv.b5_up, "B.5 for upfloats", true, true),
        (!lv.b6_down, "B.6 for downfloats", false, false),
        (!lv.b5_down, "B.5 for downfloats", false, true),
    ];
    let mut out = Vec::new();
    for (dropped, name, up, last) in steps {
        if !dropped {
            continue;
        }
        let breaks = |i: PlayerIx| {
            let p = &cx.players[i];
            !p.float_exempt
                && match (up, last) {
                    (true, true) => p.up1,
                    (true, false) => p.up2,
                    (false, true) => p.down1,
                    (false, false) => p.down2,
                }
        };
        let when = if last {
            "as in the round before"
        } else {
            "as two rounds before"
        };
        let who: Vec<String> = if up {
            ups.iter()
                .filter(|(i, _)| breaks(*i))
                .map(|&(i, h)| {
                    format!(
                        "{} (paired up against {}, {when})",
                        cx.players[i].tpn, cx.players[h].tpn
                    )
                })
                .collect()
        } else {
            downs
                .iter()
                .filter(|(i, _)| breaks(*i))
                .map(|&(i, l)| match l {
                    Some(l) => format!(
                        "{} (paired down against {}, {when})",
                        cx.players[i].tpn, cx.players[l].tpn
                    ),
                    None => format!("{} (moved down or the bye, {when})", cx.players[i].tpn),
                })
                .collect()
        };
        if !who.is_empty() {
            out.push(format!("{name}: {}", who.join(", ")));
        }
    }
    out
}

pub(super) fn x_for(x0: usize, p0: usize, p: usize) -> usize {
    // C.14: x goes down with p when it was above 0.
    if x0 > 0 {
        x0.saturating_sub(p0 - p)
    } else {
        0
    }
}

/// Where a bracket stands in the round: where its players left over go, whether it is the
/// lowest bracket (C.13: everyone paired but the bye), and the players moved on past it
/// regardless (C.12's look-ahead takes them too).
#[derive(Clone, Copy)]
pub(super) struct Standing<'a> {
    pub(super) sink: &'a Sink,
    pub(super) lowest: bool,
    pub(super) moved_on: &'a [PlayerIx],
}

pub(super) fn homogeneous_bracket(
    cx: &Ctx,
    search: &dyn Search,
    group: &[PlayerIx],
    x0: usize,
    place: Standing<'_>,
) -> BracketOutcome {
    let Standing {
        sink,
        lowest,
        moved_on,
    } = place;
    let p0 = group.len() / 2;
    let floor = if lowest { p0 } else { 1 };
    // The players moved on by C.1 take their place among the floaters for the look-ahead.
    let sink = sink.with_extra(moved_on);
    let mut lines = Vec::new();
    let mut p = p0;
    while p >= floor && p > 0 {
        let x = x_for(x0, p0, p);
        for mode in modes(cx, group, &sink) {
            let ladder = levels(x, p, mode);
            if let Some((k, f)) = first_level(&ladder, |lv| {
                search.homogeneous(cx, group, p, lv, lv.x, &sink)
            }) {
                lines.extend(describe_found(cx, &f, &ladder[k], &ladder[0], Part::Whole));
                return Some((f.pairs, f.floaters, lines));
            }
        }
        if lowest {
            return None;
        }
        lines.push(
            Step::new(
                "C.14",
                format!("no pairing with p = {p}; p becomes {}.", p - 1),
            )
            .inner(),
        );
        p -= 1;
    }
    if lowest {
        return if group.len() == 1 && sink.accepts_alone(cx, group[0]) {
            Some((Vec::new(), group.to_vec(), lines))
        } else if group.is_empty() {
            Some((Vec::new(), Vec::new(), lines))
        } else {
            None
        };
    }
    // p = 0: the whole bracket moves down (C.14).
    if sink.accepts_floaters(cx, group) {
        lines.push(Step::new("C.14", "p = 0: the whole bracket moves down.").inner());
        Some((Vec::new(), group.to_vec(), lines))
    } else {
        None
    }
}

pub(super) fn heterogeneous_bracket(
    cx: &Ctx,
    search: &dyn Search,
    mdps: &[PlayerIx],
    residents: &[PlayerIx],
    x0: usize,
    place: Standing<'_>,
) -> BracketOutcome {
    let Standing {
        sink,
        lowest,
        moved_on,
    } = place;
    let sink = sink.with_extra(moved_on);
    let rem = residents.len() - mdps.len();
    let pr0 = rem / 2;
    let total0 = mdps.len() + pr0;
    let floor = if lowest { pr0 } else { 0 };
    let mut all: Vec<PlayerIx> = mdps.iter().chain(residents).copied().collect();
    all.sort_unstable();
    let mut lines = Vec::new();
    let mut pr = pr0;
    loop {
        let total = mdps.len() + pr;
        let x = x_for(x0, total0, total);
        for mode in modes(cx, &all, &sink) {
            let ladder = levels(x, total, mode);
            if let Some((k, (het, remainder))) = first_level(&ladder, |lv| {
                search.heterogeneous(
                    cx,
                    mdps,
                    residents,
                    pr,
                    Within {
                        lv,
                        allowed: lv.x,
                        sink: &sink,
                    },
                )
            }) {
                let lv = &ladder[k];
                lines.extend(describe_found(cx, &het, lv, &ladder[0], Part::MovedDown));
                // The remainder, homogeneous (A.3), from the first level on (C.6: "start at
                // C2 with the homogeneous remainder group"), within what x leaves.
                let remainder_at = first_level(&ladder[..=k], |lv2| {
                    let allowed = lv2.x.checked_sub(het.viol)?;
                    if pr == 0 {
                        return sink
                            .accepts_floaters_at(cx, &remainder, lv2)
                            .then_some(None);
                    }
                    search
                        .homogeneous(cx, &remainder, pr, lv2, allowed, &sink)
                        .map(Some)
                });
                match remainder_at {
                    Some((_, None)) => {
                        lines.push(
                            Step::new(
                                "C.14",
                                format!(
                                    "the remainder {}: p = 0, moved down.",
                                    cx.tpns(&remainder)
                                ),
                            )
                            .inner(),
                        );
                        return Some((het.pairs, remainder, lines));
                    }
                    Some((k2, Some(f))) => {
                        lines.extend(describe_found(
                            cx,
                            &f,
                            &ladder[k2],
                            &ladder[0],
                            Part::Remainder,
                        ));
                        let mut pairs = het.pairs;
                        pairs.extend(f.pairs);
                        return Some((pairs, f.floaters, lines));
                    }
                    None => {}
                }
                // Cannot happen: the heterogeneous search checked the remainder at `lv`.
                return None;
            }
        }
        if pr == floor {
            return None;
        }
        lines.push(
            Step::new(
                "C.14",
                format!(
                    "the remainder cannot be paired with p = {pr}; p becomes {}.",
                    pr - 1
                ),
            )
            .inner(),
        );
        pr -= 1;
    }
}
