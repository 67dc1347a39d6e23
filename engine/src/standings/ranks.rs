//! The standings after a round: points, then the tie-breaks in order, then lots; the places
//! shared before lots; C.05's rule on a round-robin player who withdrew early; the final
//! ranks written to the players (the TRF rank column).
use super::context::Cx;
use super::facts::facts;
use super::table::{Row, Standings, Value};
use crate::model::ids::{RoundNo, Tpn};
use crate::model::settings::System;
use crate::model::tiebreak::{Kind, Tiebreak};
use crate::model::tournament::Tournament;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The standings after `after` (all rounds if `None`), with the tie-breaks `order` (if empty,
/// the tournament's own order, and failing that the system's default) and lots drawn from
/// `lot_seed`.
pub fn standings(
    t: &Tournament,
    after: Option<RoundNo>,
    order: &[Tiebreak],
    lot_seed: u64,
) -> Standings {
    let annulled = annulled(t);
    if annulled.is_empty() {
        return standings_of_table(t, after, order, lot_seed);
    }
    // C.05: the withdrawn player's games are left out of everyone's results.
    let mut kept = t.clone();
    for r in 0..kept.rounds().len() {
        let Some(round) = kept.round_mut(RoundNo::from_index(r)) else {
            continue;
        };
        round
            .pairings
            .retain(|p| !annulled.contains(&p.white) && !annulled.contains(&p.black));
        round.byes.retain(|b| !annulled.contains(&b.player));
    }
    let mut s = standings_of_table(&kept, after, order, lot_seed);
    let (mut counted, listed): (Vec<Row>, Vec<Row>) =
        s.rows.into_iter().partition(|r| !annulled.contains(&r.tpn));
    for mut row in listed {
        row.counted = false;
        row.by_lot = false;
        row.tiebreaks = vec![Value::NONE; row.tiebreaks.len()];
        counted.push(row);
    }
    // Lots separated a counted player only from another counted one.
    let tied = |a: &Row, b: &Row| a.score == b.score && a.tiebreaks == b.tiebreaks;
    let lots: Vec<bool> = counted
        .iter()
        .enumerate()
        .map(|(i, r)| {
            r.by_lot
                && counted
                    .iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.counted && tied(r, o))
        })
        .collect();
    for (i, row) in counted.iter_mut().enumerate() {
        row.rank = i as u32 + 1;
        row.by_lot = lots[i];
        if !row.counted {
            row.shared_rank = row.rank;
        }
    }
    s.rows = counted;
    s
}

/// C.05 on a withdrawal from a round-robin: "if the player has completed less than 50% of
/// the games, the results shall remain in the tournament table (for rating and historical
/// purposes), but shall not be counted in the final standings"; at 50 % or more they count,
/// the games not played lost by forfeit. "Completed" is read as played over the board, out
/// of the player's games in the whole event (an odd field's rests are no games).
pub fn annulled(t: &Tournament) -> Vec<Tpn> {
    let Some(cycles) = t.settings.system.and_then(System::cycles) else {
        return Vec::new();
    };
    let n = t
        .players()
        .iter()
        .filter(|p| crate::pairing::round_robin::in_table(p))
        .count();
    let games = n.saturating_sub(1) * usize::from(cycles);
    t.players()
        .iter()
        .filter(|p| p.withdrawn_from.is_some())
        .filter(|p| {
            let played = t
                .rounds()
                .iter()
                .filter_map(|r| r.pairing_of(p.tpn))
                .filter(|(pairing, _)| pairing.is_played())
                .count();
            2 * played < games
        })
        .map(|p| p.tpn)
        .collect()
}

/// The standings with every game of the table counted, as the cross table shows them (and
/// FIDE's calculator computes them): [`standings`] without C.05's rule on withdrawals.
pub fn standings_of_table(
    t: &Tournament,
    after: Option<RoundNo>,
    order: &[Tiebreak],
    lot_seed: u64,
) -> Standings {
    let rounds = after
        .map_or(t.rounds().len(), |r| r.get() as usize)
        .min(t.rounds().len());
    let after = RoundNo::from_index(rounds.saturating_sub(1));
    let order: Vec<Tiebreak> = if !order.is_empty() {
        order.to_vec()
    } else if !t.settings.tiebreaks.is_empty() {
        t.settings.tiebreaks.clone()
    } else {
        // A tournament of no known system is ranked as one of the Dutch in force.
        t.settings
            .system
            .unwrap_or(System::Dutch2026)
            .default_tiebreaks()
    };
    let facts = facts(t, rounds);
    let n = facts.len();
    // Lots: a permutation of the players drawn from the seed.
    let mut lots: Vec<usize> = (0..n).collect();
    lots.shuffle(&mut ChaCha8Rng::seed_from_u64(lot_seed));
    let mut lot_of = vec![0usize; n];
    for (place, &i) in lots.iter().enumerate() {
        lot_of[i] = place;
    }
    // Each player's sort keys so far (points, then each tie-break, larger first) and values.
    let mut keys: Vec<Vec<i64>> = facts
        .iter()
        .map(|f| vec![i64::from(f.score.tenths())])
        .collect();
    let mut values: Vec<Vec<Value>> = vec![Vec::with_capacity(order.len()); n];
    let mut ranked: Vec<usize> = (0..n).collect();
    ranked.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
    let cx = Cx::new(t, &facts, rounds);
    for tb in &order {
        let whole = cx.values(tb);
        // The groups still tied, each refined by this tie-break.
        let mut start = 0;
        while start < n {
            let end = (start..n)
                .find(|&j| keys[ranked[j]] != keys[ranked[start]])
                .unwrap_or(n);
            let group: Vec<usize> = ranked[start..end].to_vec();
            let group_values: Vec<Value> = match tb.kind {
                Kind::DirectEncounter => cx.direct_encounter(&group),
                Kind::DirectEncounterForFirst => {
                    let first = start == 0;
                    cx.direct_encounter_for_first(&group, first)
                }
                _ => group.iter().map(|&i| whole[i]).collect(),
            };
            for (&i, v) in group.iter().zip(group_values) {
                values[i].push(v);
                let key = if tb.kind.ascending() {
                    v.value.saturating_neg()
                } else {
                    v.value
                };
                keys[i].push(key);
            }
            start = end;
        }
        ranked.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
    }
    ranked.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(lot_of[a].cmp(&lot_of[b])));
    let mut rows: Vec<Row> = Vec::with_capacity(n);
    for (place, &i) in ranked.iter().enumerate() {
        let tied_above = place > 0 && keys[ranked[place - 1]] == keys[i];
        let tied_below = ranked.get(place + 1).is_some_and(|&j| keys[j] == keys[i]);
        let shared_rank = if tied_above {
            rows[place - 1].shared_rank
        } else {
            place as u32 + 1
        };
        rows.push(Row {
            rank: place as u32 + 1,
            shared_rank,
            tpn: Tpn::from_index(i),
            score: facts[i].score,
            tiebreaks: std::mem::take(&mut values[i]),
            by_lot: tied_above || tied_below,
            counted: true,
        });
    }
    Standings { after, order, rows }
}

/// Writes the standings' ranks into the players (the TRF rank column).
pub fn apply_ranks(t: &mut Tournament, s: &Standings) {
    for row in &s.rows {
        if let Some(p) = t.player_mut(row.tpn) {
            p.rank = Some(row.rank);
        }
    }
}
