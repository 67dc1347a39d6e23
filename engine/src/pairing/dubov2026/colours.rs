//! Dubov 2026 Article 5: the colours of each pair (5.2, whose words the 2026 Burstein text
//! repeats: `by_rules_5_2` serves both).
use super::definitions::Ctx;
use crate::model::color::Color;
use crate::model::history::ColorPreference;
use crate::model::ids::Tpn;
use crate::pairing::index::PlayerIx;

/// A player as 5.2 sees them.
pub(crate) struct Seen<'a> {
    pub(crate) tpn: Tpn,
    /// Yet to play a game (5.2.1).
    pub(crate) unplayed: bool,
    pub(crate) pref: ColorPreference,
    /// The colours of the games played, oldest first.
    pub(crate) colors: &'a [Color],
}

/// 5.2: the colour of `h`, the higher ranked of the pair, against `l`, and the article that
/// decided it. A player with no preference (Burstein 1.5.4) grants the other's.
pub(crate) fn by_rules_5_2(h: Seen, l: Seen, initial: Color) -> (Color, &'static str) {
    // 5.2.1: both yet to play a game: the initial colour to the higher ranked if their TPN is
    // odd.
    if h.unplayed && l.unplayed {
        let odd = h.tpn.get() % 2 == 1;
        return (if odd { initial } else { initial.opposite() }, "5.2.1");
    }
    let (x, y) = match (h.pref.color(), l.pref.color()) {
        (Some(x), Some(y)) => (x, y),
        // 5.2.2: both preferences granted (1.5.4: no preference grants the other's).
        (Some(x), None) => return (x, "5.2.2"),
        (None, Some(y)) => return (y.opposite(), "5.2.2"),
        (None, None) => return (initial, "5.2.5"),
    };
    // 5.2.2: both preferences granted.
    if x != y {
        return (x, "5.2.2");
    }
    // 5.2.3: the stronger preference.
    let (sh, sl) = (h.pref.strength(), l.pref.strength());
    if sh != sl {
        return (if sh > sl { x } else { x.opposite() }, "5.2.3");
    }
    // 5.2.4: alternate to the most recent time one had White and the other Black (played
    // games only, the latest aligned: C.04.2 3.4).
    for (ch, cl) in h.colors.iter().rev().zip(l.colors.iter().rev()) {
        if ch != cl {
            return (ch.opposite(), "5.2.4");
        }
    }
    // 5.2.5: the higher ranked player's preference.
    (x, "5.2.5")
}

/// 5.2 for `h`, the higher ranked of the pair (5.2.1: more points, or the smaller TPN on
/// equal points), against `l`.
pub(crate) fn colour_of_higher(
    cx: &Ctx,
    h: PlayerIx,
    l: PlayerIx,
    initial: Color,
) -> (Color, &'static str) {
    let seen = |p: PlayerIx| {
        let q = &cx.players[p];
        Seen {
            tpn: q.tpn,
            unplayed: q.unplayed(),
            pref: q.pref,
            colors: &q.colors,
        }
    };
    by_rules_5_2(seen(h), seen(l), initial)
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
