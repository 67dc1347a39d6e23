//! Dubov 7: transfers to meet 6.1's requirement: a player from a lower group (7.1, 7.2) and
//! across the colour subgroups (7.3, 7.4, within 2.6).

use super::definitions::name_prefix;
use super::definitions::Ctx;
use super::definitions::Dp;
use crate::model::color::Color;
use crate::pairing::explanation::Step;
use crate::pairing::index::IxVec;
use crate::pairing::index::PlayerIx;
use std::cmp::Ordering;
use std::cmp::Reverse;

/// 7.1/7.2: the player to transfer up from the nearest lower group that has one who `fits`:
/// the due colour opposite to `against` first, then the highest R, then the lowest ARO.
pub(super) fn transfer(
    cx: &Ctx,
    lower: &[Vec<PlayerIx>],
    done: &IxVec<bool>,
    fits: impl Fn(PlayerIx) -> bool,
    against: Option<Color>,
) -> Option<PlayerIx> {
    for g in lower {
        let mut cands: Vec<PlayerIx> = g
            .iter()
            .copied()
            .filter(|&q| !done[q] && cx.may_float_up(q) && fits(q))
            .collect();
        if cands.is_empty() {
            continue;
        }
        by_preference(cx, &mut cands, against);
        return cands.first().copied();
    }
    None
}

/// The order 7.1, 7.2 and 8.2 each give the candidates: the due colour opposite to `against`
/// first, then the highest R, then the lowest ARO (then the list's order).
pub(super) fn by_preference(cx: &Ctx, cands: &mut [PlayerIx], against: Option<Color>) {
    let opp = |p: &Dp| against.is_some() && p.due == against.map(Color::opposite);
    cx.sort_by_key(
        cands,
        |p| (Reverse(opp(p)), Reverse(p.rating), p.aro.key(), p.tpn),
        |_, _| Ordering::Equal,
    );
}

/// 7.3 (`from` the whites) and 7.4 (`from` the blacks): half the surplus moves to the other
/// subgroup: the whites with the lowest ARO (then the higher R), the blacks with the highest
/// ARO (then the lower R), then by name; never a player 2.3/2.4 keep to `colour` (2.6).
pub(super) fn transfer_colour(
    cx: &Ctx,
    from: &mut Vec<PlayerIx>,
    to: &mut Vec<PlayerIx>,
    colour: Color,
    lines: &mut Vec<Step>,
) {
    let n = (from.len() - to.len()) / 2;
    let mut movable: Vec<PlayerIx> = from.clone();
    match colour {
        Color::White => cx.sort_by_key(
            &mut movable,
            |p| (p.aro.key(), Reverse(p.rating), name_prefix(p.name)),
            |a, b| a.name.cmp(b.name),
        ),
        Color::Black => cx.sort_by_key(
            &mut movable,
            |p| (Reverse(p.aro.key()), p.rating, name_prefix(p.name)),
            |a, b| a.name.cmp(b.name),
        ),
    }
    // 2.6: those 2.3/2.4 keep to `colour` stay, and the next in the order move instead.
    let mut moved = Vec::with_capacity(n);
    let mut kept = Vec::new();
    for x in movable {
        if moved.len() == n {
            break;
        }
        if cx.players[x].must == Some(colour) {
            kept.push(x);
        } else {
            moved.push(x);
        }
    }
    if !kept.is_empty() {
        lines.push(
            Step::new(
                "2.6",
                format!(
                    "{} would come first but may not change subgroup (2.3/2.4).",
                    cx.list(&kept)
                ),
            )
            .inner(),
        );
    }
    if !moved.is_empty() {
        lines.push(
            match colour {
                Color::White => Step::new(
                    "7.3",
                    format!(
                        "moved to the black subgroup (lowest ARO): {}.",
                        cx.list(&moved)
                    ),
                ),
                Color::Black => Step::new(
                    "7.4",
                    format!(
                        "moved to the white subgroup (highest ARO): {}.",
                        cx.list(&moved)
                    ),
                ),
            }
            .inner(),
        );
    }
    // A mark per player, not a search of those moved for every player of the subgroup.
    let mut gone: IxVec<bool> = IxVec::filled(cx.players.len(), false);
    for &x in &moved {
        gone[x] = true;
    }
    from.retain(|&x| !gone[x]);
    to.extend(moved);
}
