//! Dubov 2026 Article 5: the colours of each pair, the higher ranked by 5.2.1 (more points,
//! then the smaller TPN); 5.2 itself, whose words the 2026 Burstein text repeats, is
//! `crate::pairing::common::by_rules_5_2`, which serves both.
use super::definitions::Ctx;
use crate::model::color::Color;
use crate::pairing::common::{allocate_5_2, Seen};
use crate::pairing::index::PlayerIx;

/// Player `p` as 5.2 sees them.
fn seen(cx: &Ctx, p: PlayerIx) -> Seen<'_> {
    let q = &cx.players[p];
    Seen {
        tpn: q.tpn,
        unplayed: q.unplayed(),
        pref: q.pref,
        colors: &q.colors,
    }
}

/// 5.2 for `h`, the higher ranked of the pair (5.2.1: more points, or the smaller TPN on
/// equal points), against `l`: the colour of `h` and the article (the tests ask it).
#[cfg(test)]
pub(crate) fn colour_of_higher(
    cx: &Ctx,
    h: PlayerIx,
    l: PlayerIx,
    initial: Color,
) -> (Color, &'static str) {
    crate::pairing::common::by_rules_5_2(seen(cx, h), seen(cx, l), initial)
}

/// The pair `a`-`b` as `(white, black)`, and the article that decided it: 5.2 with the higher
/// ranked player by 5.2.1 (the players are in that order).
pub(crate) fn allocate(
    cx: &Ctx,
    a: PlayerIx,
    b: PlayerIx,
    initial: Color,
) -> ((PlayerIx, PlayerIx), &'static str) {
    let (h, l) = if a < b { (a, b) } else { (b, a) };
    allocate_5_2(h, l, |p| seen(cx, p), initial)
}

/// Why the pair `a`-`b` gets its colours (5.2), in facts: the preferences with their strength
/// and the colours played.
pub(crate) fn facts(cx: &Ctx, a: PlayerIx, b: PlayerIx, initial: Color) -> String {
    let (h, l) = if a < b { (a, b) } else { (b, a) };
    crate::pairing::common::facts_5_2(seen(cx, h), seen(cx, l), &cx.who(h), &cx.who(l), initial)
}
