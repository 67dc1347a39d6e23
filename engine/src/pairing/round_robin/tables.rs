//! C.05 Annex 1: the Berger tables, and the order of a double round-robin's rounds.

/// The numbers a table of `players` uses: the field rounded up to even (an odd field's extra
/// number is the bye, Annex 1: "if there is an odd number of players, the highest number
/// counts as a bye").
pub fn table_size(players: u32) -> u32 {
    players + players % 2
}

/// Rounds in one cycle for `players`: one fewer than the table's numbers.
pub fn rounds_per_cycle(players: u32) -> u16 {
    table_size(players).saturating_sub(1) as u16
}

/// C.05 Annex 1: round `round` (1-based, 1..=size-1) of the Berger table for `size` numbers
/// (even, at least 2): `(white, black)` by number, board 1 first.
///
/// The table as Annex 1 prints it, read as a rule: the highest number `size` sits on board 1
/// against the number `p` with `2p = round + 1` (counted modulo `size - 1` in `1..size`),
/// with Black in the odd rounds and White in the even ones; board `k + 1` pairs `p + k`
/// (White) against `p - k` (Black), for `k` = 1 .. `size/2 - 1`, again modulo `size - 1`.
/// So round 1 is 1-n, 2-(n-1), ... and every round the numbers turn one step round the
/// table, as in the printed tables (the test against FIDE's calculator holds every table of
/// 3 to 24 players to it).
pub fn berger_round(size: u32, round: u16) -> Vec<(u32, u32)> {
    debug_assert!(size >= 2 && size.is_multiple_of(2));
    let m = size - 1;
    // The residue of `x` modulo m, as a number 1..=m.
    let wrap = |x: i64| -> u32 { ((x - 1).rem_euclid(i64::from(m)) + 1) as u32 };
    let r = i64::from(round);
    // 2p ≡ r + 1 (mod m), m odd: p = (r + 1) · (m + 1)/2.
    let p = wrap((r + 1) * i64::from(m.div_ceil(2)));
    let mut pairs = Vec::with_capacity(size as usize / 2);
    if round % 2 == 1 {
        pairs.push((p, size));
    } else {
        pairs.push((size, p));
    }
    for k in 1..i64::from(size / 2) {
        pairs.push((wrap(i64::from(p) + k), wrap(i64::from(p) - k)));
    }
    pairs
}

/// Which round of the table is played as round `round` (1-based) of an event of `cycles`
/// cycles over a table of `size` numbers, and whether its colours are reversed.
///
/// C.05 Annex 1 for a double round-robin: the second cycle plays the table again with the
/// colours reversed, and "it is recommended to reverse the order of the last two rounds of
/// the first cycle", so that nobody has three games running with one colour where the
/// cycles meet. Read: the first cycle plays table rounds 1 .. size-3, then size-1, then
/// size-2; the second cycle rounds 1 .. size-1 in order, colours reversed; a third cycle (if
/// ever) as the first, a fourth as the second.
pub fn table_round(size: u32, cycles: u16, round: u16) -> (u16, bool) {
    let per = (size - 1) as u16;
    let index = (round - 1) % per;
    let cycle = (round - 1) / per;
    let mut k = index + 1;
    let reversed = cycle % 2 == 1;
    if cycles >= 2 && !reversed && per >= 3 {
        if k == per {
            k = per - 1;
        } else if k == per - 1 {
            k = per;
        }
    }
    (k, reversed)
}

/// Round `round` of an event of `cycles` cycles for `players`: `(white, black)` by number,
/// board 1 first, the bye number (an odd field's) included as it is in the table.
pub fn event_round(players: u32, cycles: u16, round: u16) -> Vec<(u32, u32)> {
    let size = table_size(players);
    let (k, reversed) = table_round(size, cycles, round);
    berger_round(size, k)
        .into_iter()
        .map(|(w, b)| if reversed { (b, w) } else { (w, b) })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C.05 Annex 1 prints the table for 3-4 players as 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    #[test]
    fn annex_1_table_for_four() {
        let t: Vec<Vec<(u32, u32)>> = (1..=3).map(|r| berger_round(4, r)).collect();
        assert_eq!(
            t,
            vec![
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)]
            ]
        );
    }

    /// Every table of 4 to 30 numbers is a round-robin: each number once a round, every two
    /// once over the cycle.
    #[test]
    fn annex_1_every_table_is_a_round_robin() {
        for size in (4..=30).step_by(2) {
            let mut met = std::collections::HashSet::new();
            for r in 1..size as u16 {
                let round = berger_round(size, r);
                let mut seen: Vec<u32> = round.iter().flat_map(|&(a, b)| [a, b]).collect();
                seen.sort_unstable();
                assert_eq!(
                    seen,
                    (1..=size).collect::<Vec<_>>(),
                    "size {size} round {r}"
                );
                for (a, b) in round {
                    assert!(met.insert((a.min(b), a.max(b))), "{a}-{b} twice in {size}");
                }
            }
        }
    }

    /// Annex 1's advice for a double round-robin: with the last two rounds of the first cycle
    /// exchanged, nobody plays three games running with one colour, within a cycle or across
    /// the two.
    #[test]
    fn annex_1_double_cycle_no_three_running() {
        for players in 3..=24u32 {
            let per = rounds_per_cycle(players);
            let mut colours: Vec<Vec<Option<bool>>> = vec![Vec::new(); players as usize + 2];
            for r in 1..=2 * per {
                let round = event_round(players, 2, r);
                for p in 1..=table_size(players) {
                    let c = round.iter().find_map(|&(w, b)| {
                        if w == p && b <= players {
                            Some(true)
                        } else if b == p && w <= players {
                            Some(false)
                        } else {
                            None
                        }
                    });
                    colours[p as usize].push(c);
                }
            }
            for (p, cs) in colours.iter().enumerate().skip(1).take(players as usize) {
                for w in cs.windows(3) {
                    let same = w[0].is_some() && w[0] == w[1] && w[1] == w[2];
                    assert!(!same, "{players} players: number {p} has {cs:?}");
                }
            }
            // Every pair meets twice, once with each colour.
            let mut games = std::collections::HashMap::new();
            for r in 1..=2 * per {
                for (w, b) in event_round(players, 2, r) {
                    *games.entry((w, b)).or_insert(0) += 1;
                }
            }
            for (&(w, b), &n) in &games {
                assert_eq!(n, 1, "{w}-{b}");
                assert!(games.contains_key(&(b, w)));
            }
        }
    }
}
