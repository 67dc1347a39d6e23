//! Dubov 4: an odd number of players, the bye; the dominating due colour it and 7.2 look at.
use super::definitions::completely_pairable;
use super::definitions::Ctx;
use crate::model::color::Color;
use crate::pairing::index::PlayerIx;
use std::cmp::Ordering;

/// The dominating due colour of a group (7.2, 4): the more numerous; White when equal.
pub(super) fn dominating(cx: &Ctx, g: &[PlayerIx]) -> Color {
    let due = |c: Color| g.iter().filter(|&&x| cx.players[x].due == Some(c)).count();
    if due(Color::Black) > due(Color::White) {
        Color::Black
    } else {
        Color::White
    }
}

/// 4: the lowest R; equal R in both colour subgroups: the dominating due colour; then the
/// higher ARO. Never a player who had a point without playing (2.2); the first whose absence
/// leaves the rest pairable.
pub(super) fn choose_bye(cx: &Ctx, g: &[PlayerIx]) -> Option<PlayerIx> {
    let dominating = dominating(cx, g);
    let mut cands: Vec<PlayerIx> = g
        .iter()
        .copied()
        .filter(|&x| !cx.players[x].unplayed_point)
        .collect();
    // The lowest R, then the dominating colour due, then the higher ARO.
    cx.sort_by_key(
        &mut cands,
        |p| {
            (
                p.rating,
                std::cmp::Reverse(p.due == Some(dominating)),
                std::cmp::Reverse(p.aro.key()),
                p.tpn,
            )
        },
        |_, _| Ordering::Equal,
    );
    cands.into_iter().find(|&c| {
        let rest: Vec<PlayerIx> = g.iter().copied().filter(|&x| x != c).collect();
        completely_pairable(cx, &rest)
    })
}
