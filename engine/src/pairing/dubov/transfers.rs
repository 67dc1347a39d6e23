//! Dubov 7: transfers to meet 6.1's requirement: a player from a lower group (7.1, 7.2) and
//! across the colour subgroups (7.3, 7.4, within 2.6).

use super::*;

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
    let opp = |x: PlayerIx| against.is_some() && cx.players[x].due == against.map(Color::opposite);
    cands.sort_by(|&a, &b| {
        opp(b)
            .cmp(&opp(a))
            .then(cx.players[b].rating.cmp(&cx.players[a].rating))
            .then(cx.aro_cmp(a, b))
            .then(cx.tpn_order(a, b))
    });
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
    movable.sort_by(|&a, &b| {
        let (aro, rating) = match colour {
            Color::White => (
                cx.aro_cmp(a, b),
                cx.players[b].rating.cmp(&cx.players[a].rating),
            ),
            Color::Black => (
                cx.aro_cmp(b, a),
                cx.players[a].rating.cmp(&cx.players[b].rating),
            ),
        };
        aro.then(rating)
            .then_with(|| cx.players[a].name.cmp(cx.players[b].name))
    });
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
