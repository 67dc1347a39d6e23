//! The players' numbers in the table: by drawing of lots, or by the Varma tables of C.05
//! Annex 2 (a restricted drawing that keeps players of one federation from meeting in the
//! last three rounds). Both are drawn from a seed, so that a drawing is recorded by its seed
//! and made again the same.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One player as the drawing sees them: an index into the caller's list, the federation and
/// the name (Annex 2.2 orders contingents by federation, players by name).
#[derive(Clone, Debug)]
pub struct Entrant {
    /// The caller's index.
    pub index: usize,
    /// The federation, three letters (empty when not known).
    pub federation: String,
    /// The name as written.
    pub name: String,
}

/// The drawing of lots: `players` numbers handed out at random from `seed`. Returns, for each
/// number 1.. in order, the index of the player who drew it.
pub fn by_lot(players: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players).collect();
    order.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    order
}

/// C.05 Annex 2.5: the Varma table's groups A-D for a field of 9 to 24 players (a table
/// serves an odd field and the even one above it), as the handbook prints them. (The groups
/// for 21-24 players were read from a public copy of the table that agrees with the handbook's
/// text on every group of 9-20 players and on 21/22's A and B; they keep the table's purpose,
/// tested below.)
pub fn varma_groups(players: usize) -> Option<[&'static [u32]; 4]> {
    Some(match players {
        9 | 10 => [&[3, 4, 8], &[5, 7, 9], &[1, 6], &[2, 10]],
        11 | 12 => [&[4, 5, 9, 10], &[1, 2, 7], &[6, 8, 12], &[3, 11]],
        13 | 14 => [&[4, 5, 6, 11, 12], &[1, 2, 8, 9], &[7, 10, 13], &[3, 14]],
        15 | 16 => [
            &[5, 6, 7, 12, 13, 14],
            &[1, 2, 3, 9, 10],
            &[8, 11, 15],
            &[4, 16],
        ],
        17 | 18 => [
            &[5, 6, 7, 8, 14, 15, 16],
            &[1, 2, 3, 10, 11, 12],
            &[9, 13, 17],
            &[4, 18],
        ],
        19 | 20 => [
            &[6, 7, 8, 9, 15, 16, 17, 18],
            &[1, 2, 3, 11, 12, 13, 14],
            &[5, 10, 19],
            &[4, 20],
        ],
        21 | 22 => [
            &[6, 7, 8, 9, 10, 17, 18, 19, 20],
            &[1, 2, 3, 4, 12, 13, 14, 15],
            &[11, 16, 21],
            &[5, 22],
        ],
        23 | 24 => [
            &[6, 7, 8, 9, 10, 11, 19, 20, 21, 22],
            &[1, 2, 3, 4, 13, 14, 15, 16, 17],
            &[12, 18, 23],
            &[5, 24],
        ],
        _ => return None,
    })
}

/// Why a Varma drawing cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VarmaError {
    /// The field is outside the tables this program has.
    #[error("the Varma tables serve 9 to 24 players; this field has {0} (draw the numbers by lot, or assign them)")]
    FieldSize(usize),
}

/// C.05 Annex 2: the restricted drawing. Contingents (the players of one federation) draw in
/// the order of 2 (the largest first, equal ones by federation code; within one, by name);
/// each contingent of two or more takes one of the groups not yet taken that holds enough
/// numbers (3: "at least enough numbers for his contingent"), chosen by lot, and its players
/// draw their numbers from it; the numbers left in a taken group, and every group's numbers
/// once no group is large enough, are drawn by the others (3: "the numbers that remain are
/// available for use by other players"). A field of odd size leaves out the table's highest
/// number (the bye). Returns, for each number 1.. in order, the index of the player who drew
/// it.
pub fn by_varma(entrants: &[Entrant], seed: u64) -> Result<Vec<usize>, VarmaError> {
    let n = entrants.len();
    let groups = varma_groups(n).ok_or(VarmaError::FieldSize(n))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Each group's numbers that a player of this field can have.
    let mut left: Vec<Vec<u32>> = groups
        .iter()
        .map(|g| g.iter().copied().filter(|&x| x as usize <= n).collect())
        .collect();
    let mut taken = [false; 4];
    // Contingents, in 2's order.
    let mut federations: Vec<(&str, Vec<&Entrant>)> = Vec::new();
    for e in entrants {
        match federations.iter_mut().find(|(f, _)| *f == e.federation) {
            Some((_, v)) => v.push(e),
            None => federations.push((&e.federation, vec![e])),
        }
    }
    for (_, v) in &mut federations {
        v.sort_by(|a, b| a.name.cmp(&b.name).then(a.index.cmp(&b.index)));
    }
    federations.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(b.0)));
    let mut number_of: Vec<Option<u32>> = vec![None; n];
    let mut loose: Vec<&Entrant> = Vec::new();
    for (federation, players) in &federations {
        if players.len() < 2 || federation.is_empty() {
            loose.extend(players.iter().copied());
            continue;
        }
        let fits: Vec<usize> = (0..4)
            .filter(|&g| !taken[g] && left[g].len() >= players.len())
            .collect();
        let Some(&g) = fits.choose(&mut rng) else {
            loose.extend(players.iter().copied());
            continue;
        };
        taken[g] = true;
        for p in players {
            let k = rand::Rng::gen_range(&mut rng, 0..left[g].len());
            number_of[p.index] = Some(left[g].swap_remove(k));
        }
    }
    let mut rest: Vec<u32> = left.into_iter().flatten().collect();
    rest.sort_unstable();
    rest.shuffle(&mut rng);
    for (p, x) in loose.iter().zip(rest) {
        number_of[p.index] = Some(x);
    }
    let mut out = vec![0usize; n];
    for (i, x) in number_of.iter().enumerate() {
        let x = x.expect("every player drew a number") as usize;
        out[x - 1] = i;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::tables::event_round;
    use super::*;

    /// Annex 2's purpose (C.06 of 1987: "players of the same federation do not meet in the
    /// last three rounds"): two numbers of one group never meet in a table's last three
    /// rounds, for every table this program has, but one pair the handbook's own table has:
    /// 6 and 12 of the 11/12 table's group C meet in round 11 (the table is used as printed).
    #[test]
    fn annex_2_groups_do_not_meet_in_the_last_three_rounds() {
        for players in (10..=24).step_by(2) {
            let groups = varma_groups(players).unwrap();
            let mut all: Vec<u32> = groups.iter().flat_map(|g| g.iter().copied()).collect();
            all.sort_unstable();
            assert_eq!(all, (1..=players as u32).collect::<Vec<_>>());
            let last = players as u16 - 1;
            for r in last - 2..=last {
                for (w, b) in event_round(players as u32, 1, r) {
                    if (players, w.min(b), w.max(b)) == (12, 6, 12) {
                        continue;
                    }
                    for g in groups {
                        assert!(
                            !(g.contains(&w) && g.contains(&b)),
                            "{players}: {w}-{b} of one group in round {r}"
                        );
                    }
                }
            }
        }
    }

    /// Annex 2.2-2.3: the largest contingent draws inside one group; a field of 12 with four
    /// players of one federation, three of another and five of others: each contingent inside
    /// one group, the same seed the same numbers.
    #[test]
    fn annex_2_contingents_draw_inside_one_group() {
        let feds = [
            "NOR", "NOR", "GER", "NOR", "GER", "NOR", "GER", "ESP", "FRA", "ITA", "USA", "IND",
        ];
        let entrants: Vec<Entrant> = feds
            .iter()
            .enumerate()
            .map(|(i, f)| Entrant {
                index: i,
                federation: f.to_string(),
                name: format!("Player {i:02}"),
            })
            .collect();
        for seed in 0..50 {
            let order = by_varma(&entrants, seed).unwrap();
            assert_eq!(order, by_varma(&entrants, seed).unwrap());
            let groups = varma_groups(12).unwrap();
            for fed in ["NOR", "GER"] {
                let numbers: Vec<u32> = (0..12)
                    .filter(|&x| feds[order[x]] == fed)
                    .map(|x| x as u32 + 1)
                    .collect();
                assert!(
                    groups.iter().any(|g| numbers.iter().all(|x| g.contains(x))),
                    "seed {seed}: {fed} drew {numbers:?}"
                );
            }
        }
        assert_eq!(by_varma(&entrants[..8], 1), Err(VarmaError::FieldSize(8)));
    }
}
