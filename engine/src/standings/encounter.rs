//! Direct encounter (C.07, 2026): among the players still tied, each one's points against
//! the others, as FIDE's calculator reads it (see the Readings of [`crate::standings`]); and
//! the Dutch 1992 text's F.10 (`DE1`), for first place only.
use super::context::Cx;
use super::facts::RoundFacts;
use super::table::Value;
use crate::model::ids::Tpn;

impl Cx<'_> {
    /// DE for one tied group (C.07 as the calculator reads it: see the Readings): each
    /// player's place among them, 0 when it separates nobody.
    pub(super) fn direct_encounter(&self, group: &[usize]) -> Vec<Value> {
        let win = i64::from(self.t.settings.points.win.tenths())
            * self.t.settings.games_per_pairing() as i64;
        // Each player's place so far (0 = first of the group), and whether to look again.
        let mut place: Vec<usize> = vec![0; group.len()];
        let mut again = vec![true; group.len()];
        for _ in 0..30 {
            let mut changed = false;
            let mut order: Vec<usize> = (0..group.len()).collect();
            order.sort_by_key(|&k| (place[k], group[k]));
            let mut start = 0;
            while start < order.len() {
                let end = (start..order.len())
                    .find(|&j| place[order[j]] != place[order[start]])
                    .unwrap_or(order.len());
                let sub: Vec<usize> = order[start..end].to_vec();
                if sub.len() == 1 {
                    again[sub[0]] = false;
                } else if again[sub[0]] {
                    let split = self.encounter_pass(group, &sub, &mut place, win);
                    for &k in &sub {
                        again[k] = split;
                    }
                    changed |= split;
                }
                start = end;
            }
            if !changed {
                break;
            }
        }
        let separated = place.iter().any(|&p| p != 0);
        place
            .iter()
            .map(|&p| Value::count(if separated { p as i64 + 1 } else { 0 }))
            .collect()
    }

    /// One look at the players `sub` (indices into `group`), tied at the same place: their
    /// points against each other order them where that is certain. Whether any was placed
    /// below another.
    pub(super) fn encounter_pass(
        &self,
        group: &[usize],
        sub: &[usize],
        place: &mut [usize],
        win: i64,
    ) -> bool {
        let base = place[sub[0]];
        let members: Vec<Tpn> = sub.iter().map(|&k| Tpn::from_index(group[k])).collect();
        // Points against the others (the average where two met more than once), how many of
        // them were met, and the most reachable.
        let mut rows: Vec<(usize, i64, i64)> = sub
            .iter()
            .map(|&k| {
                let f = &self.facts[group[k]];
                let mut met: Vec<(Tpn, i64, i64)> = Vec::new();
                // A round-robin's forfeited game is an encounter too, with its result.
                let encounter =
                    |x: &&RoundFacts| x.played || (self.predetermined && x.opponent.is_some());
                for x in f.rounds.iter().filter(encounter) {
                    let Some(o) = x.opponent.filter(|o| members.contains(o)) else {
                        continue;
                    };
                    match met.iter_mut().find(|m| m.0 == o) {
                        Some(m) => {
                            m.1 += i64::from(x.gained.tenths());
                            m.2 += 1;
                        }
                        None => met.push((o, i64::from(x.gained.tenths()), 1)),
                    }
                }
                // In hundredths of a point, so that an average of two is exact.
                let points: i64 = met.iter().map(|m| m.1 * 10 / m.2).sum();
                let missing = (sub.len() - 1 - met.len()) as i64;
                (k, points, points + missing * win * 10)
            })
            .collect();
        let all_met = rows.iter().all(|&(_, p, max)| p == max);
        rows.sort_by_key(|&(k, p, max)| (std::cmp::Reverse(p), std::cmp::Reverse(max), group[k]));
        let mut changed = false;
        let mut current = base;
        let mut unique = true;
        for j in 1..rows.len() {
            let separates = if all_met {
                rows[j].1 != rows[j - 1].1
            } else {
                let best_below = rows[j..].iter().map(|r| r.2).max().unwrap_or(0);
                unique && rows[j - 1].1 > best_below
            };
            if separates {
                current = base + j;
                changed = true;
            } else if !all_met {
                unique = false;
            }
            place[rows[j].0] = current;
        }
        place[rows[0].0] = base;
        changed
    }

    /// Dutch 1992 F.10's direct encounter: for the group tied for first place, when every two
    /// of them have played each other, the points scored against the others.
    pub(super) fn direct_encounter_for_first(&self, group: &[usize], first: bool) -> Vec<Value> {
        let met = |a: usize, b: usize| {
            self.facts[a]
                .rounds
                .iter()
                .any(|x| x.played && x.opponent.is_some_and(|o| o.index() == b))
        };
        let all_met = group
            .iter()
            .all(|&a| group.iter().all(|&b| a == b || met(a, b)));
        group
            .iter()
            .map(|&i| {
                if !first || group.len() < 2 || !all_met {
                    return Value::tenths(0);
                }
                let sum = self.facts[i]
                    .rounds
                    .iter()
                    .filter(|x| x.played && x.opponent.is_some_and(|o| group.contains(&o.index())))
                    .map(|x| i64::from(x.gained.tenths()))
                    .sum();
                Value::tenths(sum)
            })
            .collect()
    }
}
