//! The opponents' scores (C.07, 2026): Buchholz and Fore Buchholz with their cuts and median,
//! Sonneborn-Berger, the average of the opponents' Buchholz, Koya; a player's own unplayed
//! rounds against a dummy opponent (16.4) and an opponent's as 16.3 adjusts them.
use super::context::{Cx, Part};
use super::facts::adjusted;
use super::table::Value;
use crate::model::points::Points;
use crate::model::tiebreak::{Kind, Tiebreak};

impl Cx<'_> {
    /// BH, FB or SB (by `tb.kind`) of every player, with `tb`'s cuts (16.3-16.5).
    pub(super) fn buchholz(&self, tb: &Tiebreak) -> Vec<Value> {
        let fore = tb.kind == Kind::ForeBuchholz && self.final_round;
        let tenths = |p: Points| i64::from(p.tenths());
        // The score each player gives as an opponent, and their own score for the dummy.
        let given: Vec<i64> = self
            .facts
            .iter()
            .map(|f| tenths(adjusted(f, self.draw, fore)))
            .collect();
        let own: Vec<i64> = self
            .facts
            .iter()
            .map(|f| {
                if fore && f.rounds.last().is_some_and(|x| x.opponent.is_some()) {
                    tenths(adjusted(f, self.draw, true))
                } else {
                    tenths(f.score)
                }
            })
            .collect();
        let own_score: Vec<i64> = self.facts.iter().map(|f| tenths(f.score)).collect();
        let sb = tb.kind == Kind::SonnebornBerger;
        let win = i64::from(self.t.settings.points.win.tenths().max(1));
        let draw_all = tenths(self.draw) * self.rounds as i64;
        let last = self.rounds.checked_sub(1);
        self.facts
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let mut parts: Vec<Part> = f
                    .rounds
                    .iter()
                    .enumerate()
                    .map(|(r, x)| {
                        let counts_played = x.played || (fore && Some(r) == last);
                        let (score, vur) = match x.opponent {
                            // A round-robin: the scheduled opponent's score as scored.
                            Some(o) if self.predetermined => (own_score[o.index()], false),
                            None if self.predetermined => (0, false),
                            Some(o) if counts_played => (given[o.index()], false),
                            // 16.4.1, 16.4.2: the dummy opponent.
                            Some(o) => (own[i].min(given[o.index()]), x.vur),
                            None => (own[i].min(draw_all), x.vur),
                        };
                        let value = if sb {
                            score * tenths(x.gained)
                        } else {
                            score * win
                        };
                        Part { score, value, vur }
                    })
                    .collect();
                let low = usize::from(tb.cut_low).min(parts.len());
                let high = usize::from(tb.cut_high).min(parts.len() - low);
                for _ in 0..low {
                    // 16.5: a VUR's contribution first, the lowest; for SB a lower value
                    // among the lowest scores first.
                    let lowest = (0..parts.len())
                        .min_by_key(|&k| (parts[k].score, parts[k].value))
                        .expect("a part to cut");
                    let vur = (0..parts.len())
                        .filter(|&k| parts[k].vur)
                        .min_by_key(|&k| (parts[k].score, parts[k].value));
                    let at = match vur {
                        Some(v) if parts[lowest].value <= parts[v].value => v,
                        Some(_) => lowest,
                        None => lowest,
                    };
                    parts.remove(at);
                }
                for _ in 0..high {
                    let highest = (0..parts.len())
                        .min_by_key(|&k| {
                            (
                                std::cmp::Reverse(parts[k].score),
                                std::cmp::Reverse(parts[k].value),
                            )
                        })
                        .expect("a part to cut");
                    parts.remove(highest);
                }
                let sum: i64 = parts.iter().map(|p| p.value).sum();
                if sb {
                    Value {
                        value: sum,
                        scale: 10 * win,
                    }
                } else {
                    Value::tenths(sum / win)
                }
            })
            .collect()
    }
}
