//! Dutch 2026 Article 5: the colours of each pair.
use super::definitions::Ctx;
use crate::model::color::Color;
use crate::pairing::index::PlayerIx;

/// 5.2: the colour of `h`, the higher ranked of the pair (1.2), against `l`, and the article
/// that decided it.
pub(crate) fn colour_of_higher(
    cx: &Ctx,
    h: PlayerIx,
    l: PlayerIx,
    initial: Color,
) -> (Color, &'static str) {
    let (ph, pl) = (&cx.players[h], &cx.players[l]);
    match (ph.pref.color(), pl.pref.color()) {
        // 5.2.1: both preferences granted (1.7.4: no preference grants the other's).
        (Some(x), Some(y)) if x != y => return (x, "5.2.1"),
        (Some(x), None) => return (x, "5.2.1"),
        (None, Some(y)) => return (y.opposite(), "5.2.1"),
        _ => {}
    }
    if let (Some(x), Some(_)) = (ph.pref.color(), pl.pref.color()) {
        // 5.2.2: the stronger preference; both absolute (topscorers): the wider difference.
        let (sh, sl) = (ph.pref.strength(), pl.pref.strength());
        if sh != sl {
            return (if sh > sl { x } else { x.opposite() }, "5.2.2");
        }
        if sh == 3 && ph.diff.abs() != pl.diff.abs() {
            let h_wider = ph.diff.abs() > pl.diff.abs();
            return (if h_wider { x } else { x.opposite() }, "5.2.2");
        }
    }
    // 5.2.3: alternate to the most recent round in which one had White and the other Black
    // (played games only, the latest aligned: C.04.2 3.4).
    let back = ph.colors.iter().rev().zip(pl.colors.iter().rev());
    for (ch, cl) in back {
        if ch != cl {
            return (ch.opposite(), "5.2.3");
        }
    }
    // 5.2.4: the higher ranked player's preference.
    if let Some(x) = ph.pref.color() {
        return (x, "5.2.4");
    }
    // 5.2.5: the initial colour if the higher ranked player's TPN is odd (counted over the
    // players who have a TPN: see `Player::parity_tpn`).
    if ph.parity_tpn % 2 == 1 {
        (initial, "5.2.5")
    } else {
        (initial.opposite(), "5.2.5")
    }
}

/// The pair `a`-`b` as `(white, black)`, and the article that decided it.
pub(crate) fn allocate(
    cx: &Ctx,
    a: PlayerIx,
    b: PlayerIx,
    initial: Color,
) -> ((PlayerIx, PlayerIx), &'static str) {
    let (h, l) = if a < b { (a, b) } else { (b, a) };
    let (c, why) = colour_of_higher(cx, h, l, initial);
    (if c == Color::White { (h, l) } else { (l, h) }, why)
}

/// Why `h` (the higher ranked of the pair) gets `c` against `l` by article `why`, in facts:
/// each player's preference and the colours played that made it.
pub(crate) fn colour_story(
    cx: &Ctx,
    h: PlayerIx,
    l: PlayerIx,
    c: Color,
    why: &str,
    initial: Color,
) -> String {
    let (ph, pl) = (&cx.players[h], &cx.players[l]);
    let (hw, lw) = (cx.who(h), cx.who(l));
    let gets = format!("{hw} gets {}", c.name());
    let both = || format!("{}; {}", preference(cx, h), preference(cx, l));
    match why {
        "5.2.1" => format!("{gets}: both preferences are granted: {}", both()),
        "5.2.2" if ph.pref.strength() == 3 && pl.pref.strength() == 3 => format!(
            "{gets}: both preferences are absolute and the same; the wider colour difference \
             is granted ({hw} {:+}, {lw} {:+}): {}",
            ph.diff,
            pl.diff,
            both()
        ),
        "5.2.2" => format!("{gets}: the stronger preference is granted: {}", both()),
        "5.2.3" => format!(
            "{gets}: the preferences are the same and as strong ({}); the colours alternate \
             from their latest games with different colours, counted back from each one's \
             last game, where {hw} had {}",
            both(),
            c.opposite().name()
        ),
        "5.2.4" => format!(
            "{gets}: the preferences are the same and as strong, and their colours never \
             differed ({}); the higher ranked player's preference is granted",
            both()
        ),
        _ => {
            format!(
            "{gets}: neither has played a game, so neither has a colour preference; the higher \
             ranked player has an {} TPN, so {} the lot's colour ({})",
            if ph.parity_tpn % 2 == 1 { "odd" } else { "even" },
            if c == initial { "gets" } else { "gets the opposite of" },
            initial.name()
        )
        }
    }
}

/// A player's colour preference (1.7) with the colours played that made it: "12 Garcia
/// López prefers White (strong; colours B W B)".
pub(crate) fn preference(cx: &Ctx, p: PlayerIx) -> String {
    format!("{} {}", cx.who(p), preference_words(cx, p))
}

/// [`preference`] without the player: "prefers White (strong; colours B W B)".
pub(crate) fn preference_words(cx: &Ctx, p: PlayerIx) -> String {
    let pl = &cx.players[p];
    crate::pairing::common::preference_words(pl.pref, &pl.colors)
}
