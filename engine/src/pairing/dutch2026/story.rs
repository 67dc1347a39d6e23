//! What the explanation of a Dutch 2026 round says, in an arbiter's words: each bracket's
//! story (its players with their float history, the candidate taken and why the sequence's
//! first was not, each criterion with its meaning the first time it is named, the players
//! behind each criterion left unmet) and each board's colours with the facts that decided them.
//!
//! Every text here is written once per player or pair listed, so that an explanation grows
//! with the field, never with its square.
use super::colours::{allocate, colour_story};
use super::criteria::{Bracket, Candidate, Quality};
use super::definitions::Ctx;
use super::meanings::CRITERIA;
use super::search::Chosen;
use crate::model::color::Color;
use crate::model::history::{ColorPreference, Float};
use crate::model::ids::RoundNo;
use crate::model::points::Points;
use crate::pairing::explanation::{joined, Glossary, Step};
use crate::pairing::index::PlayerIx;
use std::fmt::Write as _;

/// One story per bracket: the criteria's meanings are given again in each.
pub(crate) fn glossary() -> Glossary {
    Glossary::new(CRITERIA)
}

/// The round `back` rounds before the one being paired, if there was one.
fn round_before(cx: &Ctx, back: usize) -> Option<RoundNo> {
    cx.round.index().checked_sub(back).map(RoundNo::from_index)
}

/// The float history that 1.4 and [C14]-[C21] look at (the two rounds before), in words:
/// " (downfloated in round 3)"; nothing when the player did not float then.
fn write_floats(out: &mut String, cx: &Ctx, p: PlayerIx) {
    let pl = &cx.players[p];
    let word = |f: Float| match f {
        Float::Down => "downfloated",
        Float::Up => "upfloated",
    };
    let (r1, r2) = (round_before(cx, 1), round_before(cx, 2));
    let _ = match (pl.float1.zip(r1), pl.float2.zip(r2)) {
        (Some((f1, r1)), Some((f2, r2))) if f1 == f2 => {
            write!(out, " ({} in rounds {r2} and {r1})", word(f1))
        }
        (Some((f1, r1)), Some((f2, r2))) => {
            write!(
                out,
                " ({} in round {r2}, {} in round {r1})",
                word(f2),
                word(f1)
            )
        }
        (Some((f, r)), None) | (None, Some((f, r))) => write!(out, " ({} in round {r})", word(f)),
        (None, None) => Ok(()),
    };
}

/// Players listed with their float history: "3 Kaya (downfloated in round 2), 7 Ng".
fn with_floats(cx: &Ctx, players: &[PlayerIx]) -> String {
    joined(players, ", ", |out, &p| {
        cx.write_who(out, p)?;
        write_floats(out, cx, p);
        Ok(())
    })
}

/// A bracket's heading: its score, its residents and the players moved down into it.
pub(crate) fn heading(cx: &Ctx, number: usize, b: &Bracket) -> Step {
    let score = cx.players[b.residents[0]].score;
    let mut text = format!(
        "Bracket {number} (score {score}): residents {}",
        cx.tpns(&b.residents)
    );
    if !b.mdps.is_empty() {
        let _ = write!(
            text,
            "; moved down from above (MDPs): {}",
            with_floats(cx, &b.mdps)
        );
    }
    text.push('.');
    Step::heading(text)
}

/// A candidate's pairs and downfloaters: "1 Kaya - 5 Bauer, 2 Marin - 4 Ng; downfloater 3
/// Jensen (downfloated in round 2)".
fn candidate_words(cx: &Ctx, c: &Candidate) -> String {
    let mut out = if c.pairs.is_empty() {
        "no pair".to_string()
    } else {
        joined(&c.pairs, ", ", |out, &(a, b)| {
            cx.write_who(out, a)?;
            out.push_str(" - ");
            cx.write_who(out, b)
        })
    };
    match c.floaters.len() {
        0 => out.push_str("; no downfloater"),
        1 => {
            let _ = write!(out, "; downfloater {}", with_floats(cx, &c.floaters));
        }
        _ => {
            let _ = write!(out, "; downfloaters {}", with_floats(cx, &c.floaters));
        }
    }
    out
}

/// What the explanation says of a bracket's accepted candidate, as one story: the sequence's
/// first candidate and why it was not taken (when it was not), then the one taken and what
/// it leaves unmet, player by player.
pub(crate) fn describe(
    cx: &Ctx,
    b: &Bracket,
    c: &Chosen,
    g: &mut Glossary,
    explanation: &mut Vec<Step>,
) {
    let fails = c.quality.unfulfilled();
    let perfect = c.perfect && fails.is_empty();
    // Why the sequence's first candidate (3.3) was not the one taken.
    if let Some((first, q)) = &c.first {
        let why = match q {
            None => format!("it leaves the players below unpairable: {}", g.name("C4")),
            Some(q) => {
                let worse = q.worse_than(&c.quality);
                if worse.is_empty() {
                    "a later candidate is as good and the search took it".to_string()
                } else {
                    format!(
                        "it does worse than the one taken on {}",
                        g.names(worse, ", ")
                    )
                }
            }
        };
        explanation.push(
            Step::new(
                if perfect { "3.5" } else { "3.8" },
                format!(
                    "the first candidate of the sequence, {}, is not taken: {why}.",
                    candidate_words(cx, first)
                ),
            )
            .inner(),
        );
    }
    let taken = candidate_words(cx, &c.cand);
    if perfect {
        let which = if c.first.is_some() {
            format!(
                "the first candidate of the sequence that fulfils every criterion ({} judged \
                 in full)",
                c.tried
            )
        } else {
            "the first candidate of the sequence, which fulfils every criterion".to_string()
        };
        explanation.push(Step::new("3.4", format!("taken: {which}: {taken}.")).inner());
        return;
    }
    let which = if c.perfect {
        // 3.8: no candidate complies with every criterion; this one reaches the least that
        // the players' colour preferences leave possible, so no later one is better.
        format!(
            "no candidate fulfils every criterion, as the players' colour preferences cannot \
             all be met; taken: the first that leaves unmet no more than they force ({} \
             judged in full)",
            c.tried
        )
    } else {
        format!(
            "no candidate fulfils every criterion; taken: the best ({} judged in full)",
            c.tried
        )
    };
    let short = joined(&c.short_of, "; ", |out, &code| {
        out.push_str(&g.name(code));
        out.push_str(": ");
        out.push_str(&short_of(&c.quality, code));
        Ok(())
    });
    let unmet = joined(&fails, "; ", |out, &(code, n)| {
        out.push_str(&g.name(code));
        out.push_str(": ");
        out.push_str(&behind(cx, b, &c.cand, code, n));
        Ok(())
    });
    let unmet = match (short.is_empty(), unmet.is_empty()) {
        (false, false) => format!("{short}; {unmet}"),
        (false, true) => short,
        _ => unmet,
    };
    explanation.push(
        Step::new(
            "3.8",
            if unmet.is_empty() {
                format!("{which}: {taken}.")
            } else {
                format!("{which}: {taken}; it leaves unmet {unmet}.")
            },
        )
        .inner(),
    );
    if !c.perfect {
        let why = match &c.reached {
            Some(why) => why.clone(),
            None => "no earlier candidate is better: every other one was ruled out by a part \
                     of its pairs already no better than the one taken"
                .to_string(),
        };
        explanation.push(Step::new("3.8", format!("{why}.")).inner());
    }
}

/// What the candidate of standing `q` gives on `code`, one of [C5]-[C9], where it falls
/// short of the bracket's ideal.
fn short_of(q: &Quality, code: &str) -> String {
    let scores = |v: &[Points]| joined(v, ", ", |out, s| write!(out, "{s}"));
    match code {
        "C5" => q.c5.map_or("no bye".to_string(), |s| {
            format!("the bye goes to a score of {s}")
        }),
        "C6" => format!("{} downfloaters", q.c6),
        "C7" => format!("downfloaters with scores {}", scores(&q.c7)),
        "C8" => format!(
            "the next bracket must then leave {} player{} unpaired",
            q.c8.0,
            if q.c8.0 == 1 { "" } else { "s" }
        ),
        _ => format!(
            "the bye goes to a player with {} unplayed game{}",
            q.c9,
            if q.c9 == 1 { "" } else { "s" }
        ),
    }
}

/// The players behind criterion `code` (one of [C10]-[C21]) in the candidate `c`, which
/// counts `n` of them: "1 Kaya gets Black, preferring White"; just the number where the
/// players found are not the ones the criterion counted.
fn behind(cx: &Ctx, b: &Bracket, c: &Candidate, code: &str, n: usize) -> String {
    // Looked up by halving (a large bracket has many MDPs and many pairs).
    let mut mdps = b.mdps.clone();
    mdps.sort_unstable();
    let mdp = |p: PlayerIx| mdps.binary_search(&p).is_ok();
    let ago =
        |back: usize| round_before(cx, back).map_or(String::new(), |r| format!(" in round {r}"));
    let mut found: Vec<String> = Vec::new();
    let who = |p: PlayerIx| cx.who(p);
    match code {
        "C10" | "C11" | "C12" | "C13" => {
            for &(x, y) in &c.pairs {
                let ((w, bl), _) = allocate(cx, x, y, b.initial);
                let topscorers = cx.players[w].topscorer || cx.players[bl].topscorer;
                for (p, colour) in [(w, Color::White), (bl, Color::Black)] {
                    let pl = &cx.players[p];
                    let said = match code {
                        "C10" if topscorers => {
                            let d = pl.diff + if colour == Color::White { 1 } else { -1 };
                            (d.abs() > 2)
                                .then(|| format!("{} gets colour difference {d:+}", who(p)))
                        }
                        "C11" if topscorers => {
                            let k = pl.colors.len();
                            (k >= 2 && pl.colors[k - 1] == colour && pl.colors[k - 2] == colour)
                                .then(|| {
                                    format!(
                                        "{} gets {} a third time in a row",
                                        who(p),
                                        colour.name()
                                    )
                                })
                        }
                        "C12" | "C13" => {
                            let strong = matches!(
                                pl.pref,
                                ColorPreference::Strong(_) | ColorPreference::Absolute(_)
                            );
                            pl.pref
                                .color()
                                .filter(|&x| x != colour && (code == "C12" || strong))
                                .map(|_| {
                                    format!(
                                        "{} gets {} but {}",
                                        who(p),
                                        colour.name(),
                                        super::colours::preference_words(cx, p)
                                    )
                                })
                        }
                        _ => None,
                    };
                    found.extend(said);
                }
            }
        }
        "C14" | "C16" => {
            let back = if code == "C14" { 1 } else { 2 };
            for &p in c.floaters.iter().filter(|&&p| !mdp(p)) {
                let pl = &cx.players[p];
                let f = if back == 1 { pl.float1 } else { pl.float2 };
                if f == Some(Float::Down) {
                    found.push(format!(
                        "{}, who downfloated{}, floats down again",
                        who(p),
                        ago(back)
                    ));
                }
            }
        }
        "C15" | "C17" | "C19" | "C21" => {
            let back = if code == "C15" || code == "C19" { 1 } else { 2 };
            for &(x, y) in &c.pairs {
                let (m, o) = match (mdp(x), mdp(y)) {
                    (true, false) => (x, y),
                    (false, true) => (y, x),
                    _ => continue,
                };
                let pl = &cx.players[o];
                let f = if back == 1 { pl.float1 } else { pl.float2 };
                if f == Some(Float::Up) {
                    found.push(format!(
                        "{}, who upfloated{}, floats up again against {}{}",
                        who(o),
                        ago(back),
                        who(m),
                        difference(cx, code, m, o)
                    ));
                }
            }
        }
        "C18" | "C20" => {
            let back = if code == "C18" { 1 } else { 2 };
            let down = |p: PlayerIx| {
                let pl = &cx.players[p];
                (if back == 1 { pl.float1 } else { pl.float2 }) == Some(Float::Down)
            };
            for &(x, y) in &c.pairs {
                let (m, o) = match (mdp(x), mdp(y)) {
                    (true, false) => (x, y),
                    (false, true) => (y, x),
                    _ => continue,
                };
                if down(m) {
                    found.push(format!(
                        "{}, who downfloated{}, floats down again against {}{}",
                        who(m),
                        ago(back),
                        who(o),
                        difference(cx, code, m, o)
                    ));
                }
            }
            for &m in c.floaters.iter().filter(|&&p| mdp(p) && down(p)) {
                found.push(format!(
                    "{}, who downfloated{}, moves further down",
                    who(m),
                    ago(back)
                ));
            }
        }
        _ => {}
    }
    if found.len() == n {
        found.join(", ")
    } else {
        format!("{n} player{}", if n == 1 { "" } else { "s" })
    }
}

/// The score difference of MDP `m` and `o`, for the criteria that weigh it ([C18]-[C21]).
fn difference(cx: &Ctx, code: &str, m: PlayerIx, o: PlayerIx) -> String {
    if matches!(code, "C18" | "C19" | "C20" | "C21") {
        let d: Points = cx.players[m].score - cx.players[o].score;
        format!(" (score difference {d})")
    } else {
        String::new()
    }
}

/// A board's line: its pair in colours and the facts that decided them (5.2).
pub(crate) fn board(
    cx: &Ctx,
    board: usize,
    (w, bl): (PlayerIx, PlayerIx),
    why: &'static str,
    initial: Color,
) -> Step {
    let (h, l) = if w < bl { (w, bl) } else { (bl, w) };
    let c = if h == w { Color::White } else { Color::Black };
    let higher = &cx.players[h];
    // 5.2.5 by a TPN that players never paired have moved up: say so.
    let parity = if why == "5.2.5" && higher.parity_tpn != higher.tpn.get() {
        format!(
            " ({} counts as TPN {}: players above it who have never been paired have no TPN yet)",
            higher.tpn, higher.parity_tpn
        )
    } else {
        String::new()
    };
    Step::new(
        why,
        format!(
            "board {board}: {} - {}: {}{parity}.",
            cx.who(w),
            cx.who(bl),
            colour_story(cx, h, l, c, why, initial)
        ),
    )
}
