//! Burstein 2026 Article 5: the colours of each pair, by 5.2, whose words are the 2026 Dubov
//! text's (`crate::pairing::common::by_rules_5_2`, which serves both), the higher ranked by 1.8.
use super::definitions::Ctx;
use crate::model::color::Color;
use crate::pairing::common::{allocate_5_2, Seen};
use crate::pairing::index::PlayerIx;

/// The pair `a`-`b` as `(white, black)`, and the article that decided it: 5.2 with the higher
/// ranked player by 1.8 (the Index, then the TPN).
pub(crate) fn allocate(
    cx: &Ctx,
    a: PlayerIx,
    b: PlayerIx,
    initial: Color,
) -> ((PlayerIx, PlayerIx), &'static str) {
    let (h, l) = higher_first(cx, a, b);
    allocate_5_2(h, l, |p| seen(cx, p), initial)
}

/// The pair `a`-`b`, the higher ranked by 1.8 (the Index, then the TPN) first.
fn higher_first(cx: &Ctx, a: PlayerIx, b: PlayerIx) -> (PlayerIx, PlayerIx) {
    if cx.players[a].rank_key() < cx.players[b].rank_key() {
        (a, b)
    } else {
        (b, a)
    }
}

/// Player `p` as 5.2 sees them.
fn seen(cx: &Ctx, p: PlayerIx) -> Seen<'_> {
    let q = &cx.players[p];
    Seen {
        tpn: q.tpn,
        unplayed: q.games == 0,
        pref: q.pref,
        colors: &q.colors,
    }
}

/// Why the pair `a`-`b` gets its colours (5.2), in facts: the preferences with their strength
/// and the colours played.
pub(crate) fn facts(cx: &Ctx, a: PlayerIx, b: PlayerIx, initial: Color) -> String {
    let (h, l) = higher_first(cx, a, b);
    crate::pairing::common::facts_5_2(seen(cx, h), seen(cx, l), &cx.who(h), &cx.who(l), initial)
}
