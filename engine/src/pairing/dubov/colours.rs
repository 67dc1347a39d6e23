//! Dubov 3: the colour allocation of each pair, and the boards' order.
use super::definitions::ColoursBy;
use super::definitions::Ctx;
use super::definitions::Dp;
use super::definitions::Made;
use crate::model::color::Color;
use crate::model::ids::Tpn;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;
use std::cmp::Ordering;

/// 3 for each pair (after 2.3/2.4), then the board order (reading: higher score, sum, the
/// higher player's number).
pub(super) fn boards(
    cx: &Ctx,
    pairs: Vec<Made>,
    lot: Color,
    lines: &mut Vec<Step>,
) -> Vec<(Tpn, Tpn)> {
    let mut rows = pairs;
    let key = |a: PlayerIx, b: PlayerIx| {
        let (pa, pb) = (&cx.players[a], &cx.players[b]);
        (
            std::cmp::Reverse(pa.score.max(pb.score)),
            std::cmp::Reverse(pa.score + pb.score),
            pa.tpn.min(pb.tpn),
        )
    };
    // Each pair's key once: the players of a large field lie far apart.
    rows.sort_by_cached_key(|m| key(m.a, m.b));
    rows.iter()
        .enumerate()
        .map(|(board, &Made { a, b, colours })| {
            let (white_is_a, why) = match colours {
                ColoursBy::WhiteColumn => (true, ("6.2", "the white column")),
                ColoursBy::Rule3 => colour(cx, a, b, board, lot),
            };
            let (w, bl) = if white_is_a { (a, b) } else { (b, a) };
            if board < 200 {
                let (article, why) = why;
                lines.push(Step::new(
                    article,
                    format!(
                        "board {}: {} - {} ({why}: {}; {}).",
                        board + 1,
                        cx.tpn(w),
                        cx.tpn(bl),
                        colour_facts(cx, w),
                        colour_facts(cx, bl)
                    ),
                ));
            }
            (cx.players[w].tpn, cx.players[bl].tpn)
        })
        .collect()
}

/// What decided a player's colour, in facts: the colour due (1), the colour 2.3 or 2.4 leaves,
/// and the colours played: "3 Kaya is due White, colours B W B".
fn colour_facts(cx: &Ctx, p: PlayerIx) -> String {
    let pl = &cx.players[p];
    let colours = crate::pairing::explanation::colour_letters(&pl.colors);
    let due = match pl.due {
        Some(c) => format!("is due {}", c.name()),
        None => "is due no colour".to_string(),
    };
    let must = match pl.must {
        Some(c) => format!(", may only have {}", c.name()),
        None => String::new(),
    };
    format!("{} {due}{must}, colours {colours}", cx.tpn(p))
}

/// Why a colour was given: the article and its words.
pub(super) type Why = (&'static str, &'static str);

/// Dubov 3: whether `a` gets White, and why.
pub(super) fn colour(cx: &Ctx, a: PlayerIx, b: PlayerIx, board: usize, lot: Color) -> (bool, Why) {
    let (pa, pb) = (&cx.players[a], &cx.players[b]);
    match (pa.must, pb.must) {
        (Some(x), _) => {
            return (
                x == Color::White,
                ("2.3", "the colour 2.3 or 2.4 leaves no choice about"),
            )
        }
        (None, Some(y)) => {
            return (
                y == Color::Black,
                ("2.3", "the colour 2.3 or 2.4 leaves no choice about"),
            )
        }
        _ => {}
    }
    match (pa.due, pb.due) {
        (Some(x), Some(y)) if x != y => return (x == Color::White, ("3", "both due colours")),
        (Some(x), None) => return (x == Color::White, ("3", "due colour")),
        (None, Some(y)) => return (y == Color::Black, ("3", "due colour")),
        _ => {}
    }
    let balance = |p: &Dp<'_>| {
        p.colors.iter().filter(|c| **c == Color::White).count() as i32
            - p.colors.iter().filter(|c| **c == Color::Black).count() as i32
    };
    let (da, db) = (balance(pa), balance(pb));
    if da != db {
        return (da < db, ("3", "equalising whites and blacks"));
    }
    for (ca, cb) in pa.colors.iter().rev().zip(pb.colors.iter().rev()) {
        if ca != cb {
            return (
                *ca == Color::Black,
                ("3", "alternating from the first difference"),
            );
        }
    }
    match cx.aro_cmp(a, b) {
        Ordering::Greater => return (true, ("3", "White to the higher ARO")),
        Ordering::Less => return (false, ("3", "White to the higher ARO")),
        Ordering::Equal => {}
    }
    match pa.rating.cmp(&pb.rating) {
        Ordering::Less => (true, ("3", "White to the lower R")),
        Ordering::Greater => (false, ("3", "White to the lower R")),
        Ordering::Equal => {
            let higher_white = if board.is_multiple_of(2) {
                lot == Color::White
            } else {
                lot == Color::Black
            };
            (
                higher_white == (pa.tpn < pb.tpn),
                ("3", "reading: all equal, the lot by board"),
            )
        }
    }
}
