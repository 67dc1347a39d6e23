//! The cross table: per player, in rank order, each round as "opponent's rank, colour,
//! result", whole or a part of its rows.
use super::table::Standings;
use crate::model::history::{states_before, RoundEntry};
use crate::model::ids::RoundNo;
use crate::model::points::Points;
use crate::model::tournament::Tournament;

/// The cross table: per player, rank order, each round as "opponent's rank, colour, result".
pub fn cross_table(t: &Tournament, s: &Standings) -> String {
    cross_table_rows(t, s, 0..s.rows.len())
}

/// The cross table's heading and its rows `rows` (positions in the standings, from 0; the
/// part of them that exists): a part of a long table, each row as in the whole one.
pub fn cross_table_rows(t: &Tournament, s: &Standings, rows: std::ops::Range<usize>) -> String {
    let end = rows.end.min(s.rows.len());
    let shown = &s.rows[rows.start.min(end)..end];
    let mut rank_of = vec![0u32; t.players().len()];
    for r in &s.rows {
        if let Some(x) = rank_of.get_mut(r.tpn.index()) {
            *x = r.rank;
        }
    }
    let rounds = s.after.get() as usize;
    let states = states_before(t, RoundNo::from_index(rounds));
    // Each player's pairing in each round, found once (not by a search per cell).
    let seats: Vec<Vec<Option<usize>>> = t
        .rounds()
        .iter()
        .take(rounds)
        .map(|round| {
            let mut seat = vec![None; t.players().len()];
            for (i, p) in round.pairings.iter().enumerate() {
                for player in [p.white, p.black] {
                    if let Some(x) = seat.get_mut(player.index()) {
                        *x = Some(i);
                    }
                }
            }
            seat
        })
        .collect();
    use std::fmt::Write;
    let mut out = String::with_capacity((shown.len() + 1) * (45 + 7 * rounds + 7 * s.order.len()));
    let _ = write!(
        out,
        "{:>4} {:>4}  {:<28} {:>4} ",
        "Rank", "No", "Name", "Rtg"
    );
    for r in 1..=rounds {
        out.push_str(&format!(" {:>6}", format!("R{r}")));
    }
    out.push_str(&format!("  {:>5}", "Pts"));
    for tb in &s.order {
        out.push_str(&format!(" {:>6}", tb.code()));
    }
    out.push('\n');
    for row in shown {
        let p = t.player(row.tpn).expect("registered");
        let name: String = p.name.chars().take(28).collect();
        let _ = write!(out, "{:>4} {:>4}  {:<28} ", row.rank, row.tpn, name);
        match p.rating {
            Some(r) => {
                let _ = write!(out, "{r:>4} ");
            }
            None => out.push_str("     "),
        }
        let st = &states[row.tpn.index()];
        // Each cell written into `cell` (reused), then padded into the table.
        let mut cell = String::with_capacity(8);
        for (r, entry) in st.entries.iter().enumerate().take(rounds) {
            let round = &t.rounds()[r];
            cell.clear();
            let _ = match entry {
                RoundEntry::Paired {
                    opponent,
                    color,
                    played,
                    ..
                } => {
                    let pairing = &round.pairings[seats[r][row.tpn.index()].expect("paired")];
                    let got: Points = pairing
                        .games
                        .iter()
                        .flatten()
                        .map(|g| t.settings.points.for_game(*g, *color))
                        .sum();
                    let c = if *played { color.trf_char() } else { '-' };
                    let _ = write!(cell, "{}{c}", rank_of[opponent.index()]);
                    write_result(&mut cell, got, *played, t);
                    Ok(())
                }
                RoundEntry::Bye(kind) => write!(cell, "{}", kind.trf_char()),
                RoundEntry::Absent => write!(cell, "-"),
            };
            let _ = write!(out, " {cell:>6}");
        }
        cell.clear();
        let _ = write!(cell, "{}", row.score);
        let _ = write!(out, "  {cell:>5}");
        for v in &row.tiebreaks {
            cell.clear();
            let _ = write!(cell, "{v}");
            let _ = write!(out, " {cell:>6}");
        }
        out.push('\n');
    }
    out
}

/// A cross-table cell's result onto the end of `out`: 1, =, 0 (+, - unplayed), or the points
/// of a match.
pub(super) fn write_result(out: &mut String, got: Points, played: bool, t: &Tournament) {
    use std::fmt::Write;
    let v = &t.settings.points;
    if t.settings.games_per_pairing() == 1 {
        let c = if got == v.win || got == v.forfeit_win {
            if played {
                "1"
            } else {
                "+"
            }
        } else if got == v.draw {
            "="
        } else if played {
            "0"
        } else {
            "-"
        };
        out.push_str(c);
    } else {
        let _ = write!(out, "{got}");
    }
}
