//! Each tie-break's values for every player, by its code ([`Kind`]) and modifiers: the one
//! place that chooses which family (`buchholz.rs`, `ratings.rs`, `encounter.rs`, or a count
//! of the facts) computes it.
use super::context::Cx;
use super::ratings::{average, half_up};
use super::table::Value;
use crate::model::color::Color;
use crate::model::tiebreak::{Kind, Tiebreak};

impl Cx<'_> {
    /// Every player's value of `tb` (the direct encounters, which depend on the tied group,
    /// are computed by the group).
    pub(super) fn values(&self, tb: &Tiebreak) -> Vec<Value> {
        let n = self.facts.len();
        let each = |f: &dyn Fn(usize) -> Value| (0..n).map(f).collect::<Vec<Value>>();
        match tb.kind {
            Kind::Buchholz | Kind::ForeBuchholz | Kind::SonnebornBerger => self.buchholz(tb),
            Kind::AverageOfOpponentsBuchholz => {
                let bh = self.buchholz(&Tiebreak {
                    kind: Kind::Buchholz,
                    ..*tb
                });
                each(&|i| {
                    let got: Vec<i64> = self.played_opponents(i).map(|o| bh[o].value).collect();
                    if got.is_empty() {
                        return Value::NONE;
                    }
                    // Two decimals of tenths: hundredths, rounded half up.
                    Value {
                        value: half_up(got.iter().sum::<i64>() * 10, got.len() as i64),
                        scale: 100,
                    }
                })
            }
            Kind::DirectEncounter | Kind::DirectEncounterForFirst => vec![Value::NONE; n],
            Kind::Wins => each(&|i| Value::count(self.facts[i].wins)),
            Kind::GamesWon => each(&|i| Value::count(self.games(i, |_, p| p == 2))),
            Kind::GamesWithBlack => {
                each(&|i| Value::count(self.games(i, |c, _| c == Color::Black)))
            }
            Kind::WinsWithBlack => {
                each(&|i| Value::count(self.games(i, |c, p| c == Color::Black && p == 2)))
            }
            Kind::GamesElected => each(&|i| {
                Value::count(self.facts[i].rounds.iter().filter(|r| !r.vur).count() as i64)
            }),
            Kind::AverageRatingOfOpponents => {
                each(&|i| Value::whole(self.rated(i, tb, true).and_then(|(r, _)| average(&r))))
            }
            Kind::PerformanceRating => each(&|i| Value::whole(self.performance(i, tb))),
            Kind::PerfectPerformance => each(&|i| Value::whole(self.perfect(i, tb))),
            Kind::AverageOfOpponentsPerformance | Kind::AverageOfOpponentsPerfectPerformance => {
                let own: Vec<Option<i64>> = (0..n)
                    .map(|i| {
                        if tb.kind == Kind::AverageOfOpponentsPerformance {
                            self.performance(i, tb)
                        } else {
                            self.perfect(i, tb)
                        }
                    })
                    .collect();
                each(&|i| {
                    let got: Vec<i64> = self.played_opponents(i).filter_map(|o| own[o]).collect();
                    Value::whole(average(&got))
                })
            }
            Kind::ProgressiveScore => each(&|i| {
                let mut running = 0;
                let mut sum = 0;
                for (r, x) in self.facts[i].rounds.iter().enumerate() {
                    running += i64::from(x.gained.tenths());
                    if r >= usize::from(tb.cut_low) {
                        sum += running;
                    }
                }
                Value::tenths(sum)
            }),
            Kind::Koya => {
                // At least half of the maximum score: a win's points in every round (in a
                // round-robin, in every round the opponent had a game scheduled: an odd
                // field's rest is no game, so the limit is half of the games, not rounds).
                let win = i64::from(self.t.settings.points.win.tenths())
                    * self.t.settings.games_per_pairing() as i64;
                let max: Vec<i64> = self
                    .facts
                    .iter()
                    .map(|f| {
                        let rounds = if self.predetermined {
                            f.rounds.iter().filter(|x| x.opponent.is_some()).count()
                        } else {
                            self.rounds
                        };
                        win * rounds as i64
                    })
                    .collect();
                each(&|i| {
                    let sum = self.facts[i]
                        .rounds
                        .iter()
                        .filter(|x| {
                            x.opponent.is_some_and(|o| {
                                2 * i64::from(self.facts[o.index()].score.tenths())
                                    >= max[o.index()]
                            })
                        })
                        .map(|x| i64::from(x.gained.tenths()))
                        .sum();
                    Value::tenths(sum)
                })
            }
            Kind::StandardPoints => each(&|i| {
                let sum = self.facts[i]
                    .rounds
                    .iter()
                    .map(|x| match x.gained.cmp(&self.draw) {
                        std::cmp::Ordering::Greater => 10,
                        std::cmp::Ordering::Equal => 5,
                        std::cmp::Ordering::Less => 0,
                    })
                    .sum();
                Value::tenths(sum)
            }),
            Kind::PairingNumber => each(&|i| Value::count(i as i64 + 1)),
            Kind::Rating => each(&|i| {
                if self.all_rated || tb.unrated.is_some() {
                    Value::whole(self.facts[i].rating.or(tb.unrated).map(i64::from))
                } else {
                    Value::NONE
                }
            }),
            Kind::MatchPoints => each(&|i| Value::count(self.facts[i].match_points)),
        }
    }
}
