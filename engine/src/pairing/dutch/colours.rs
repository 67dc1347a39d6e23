//! Dutch E.1-E.5: the colours of each pair, and F.1's board order.
use super::definitions::Ctx;
use super::definitions::Pl;
use crate::model::color::Color;
use crate::model::history::ColorPreference;
use crate::model::ids::Tpn;
use crate::pairing::explanation::Step;
use crate::pairing::index::PlayerIx;

/// E.1-E.4 (E.5 in the fallback), then F.1's board order. Returns `(white, black)` pairs.
pub(super) fn allocate(
    cx: &Ctx,
    mut pairs: Vec<(PlayerIx, PlayerIx)>,
    lot: Color,
) -> (Vec<(Tpn, Tpn)>, Vec<Step>) {
    // F.1: the score of the higher player, the sum of scores, the rank of the higher player.
    for p in &mut pairs {
        if p.1 < p.0 {
            *p = (p.1, p.0);
        }
    }
    // Each pair's key once: a large field's players lie far apart.
    pairs.sort_by_cached_key(|&(h, l)| {
        let (sh, sl) = (cx.players[h].score, cx.players[l].score);
        (std::cmp::Reverse(sh.max(sl)), std::cmp::Reverse(sh + sl), h)
    });
    let mut lines = Vec::new();
    let out = pairs
        .iter()
        .enumerate()
        .map(|(board, &(h, l))| {
            let (c, why) = higher_color(cx, h, l, board, lot);
            if board < 200 {
                let reading = if why == "E.4" && cx.players[h].pref.color().is_none() {
                    " (reading: no preferences, the lot by board)"
                } else {
                    ""
                };
                let (w, bl) = if c == Color::White { (h, l) } else { (l, h) };
                lines.push(Step::new(
                    why,
                    format!(
                        "board {}: {} - {}{reading}: {}; {}.",
                        board + 1,
                        cx.who(w),
                        cx.who(bl),
                        preference(cx, h),
                        preference(cx, l)
                    ),
                ));
            }
            match c {
                Color::White => (cx.players[h].tpn, cx.players[l].tpn),
                Color::Black => (cx.players[l].tpn, cx.players[h].tpn),
            }
        })
        .collect();
    (out, lines)
}

/// A player's colour preference with the colours played that made it: "12 Garcia López
/// prefers White (strong; colours B W B)".
fn preference(cx: &Ctx, p: PlayerIx) -> String {
    let pl = &cx.players[p];
    format!(
        "{} {}",
        cx.who(p),
        crate::pairing::common::preference_words(pl.pref, &pl.colors)
    )
}

/// The colour of the higher-ranked player `h` against `l`, and the article deciding it.
pub(crate) fn higher_color(
    cx: &Ctx,
    h: PlayerIx,
    l: PlayerIx,
    board: usize,
    lot: Color,
) -> (Color, &'static str) {
    let (ph, pl) = (&cx.players[h], &cx.players[l]);
    // B.2 first: a colour it leaves no choice about is given, the player it binds (not
    // relaxed by the B.6 notes) first.
    let bound = |p: &Pl| p.absolute.filter(|_| !p.b2_exempt);
    match (bound(ph), bound(pl)) {
        (Some(a), None) => return (a, "B.2"),
        (None, Some(b)) => return (b.opposite(), "B.2"),
        (Some(a), Some(b)) if a != b => return (a, "B.2"),
        _ => {}
    }
    match (ph.pref.color(), pl.pref.color()) {
        (Some(a), Some(b)) if a != b => (a, "E.1"),
        (Some(a), None) => (a, "E.1"),
        (None, Some(b)) => (b.opposite(), "E.1"),
        // E.4, reading: no preferences, the lot by board.
        (None, None) => (
            if board.is_multiple_of(2) {
                lot
            } else {
                lot.opposite()
            },
            "E.4",
        ),
        (Some(a), Some(_)) => {
            // A.7 (c): a preference treated as absolute is as strong as one.
            let strength_of = |p: &Pl| {
                if p.a7c.is_some() {
                    ColorPreference::Absolute(Color::White).strength()
                } else {
                    p.pref.strength()
                }
            };
            let (sh, sl) = (strength_of(ph), strength_of(pl));
            if sh != sl {
                return if sh > sl {
                    (a, "E.2")
                } else {
                    (a.opposite(), "E.2")
                };
            }
            // E.3: the latest round, counted from the end (F.3), with different colours.
            for (ch, cl) in ph.colors.iter().rev().zip(pl.colors.iter().rev()) {
                if ch != cl {
                    return (ch.opposite(), "E.3");
                }
            }
            (a, "E.4")
        }
    }
}
