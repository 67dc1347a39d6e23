//! Dubov 1 (introductory definitions: R, ARO, the due colour) and 2 (the limitations 2.1-2.6):
//! the players as the procedure sees them and what may be paired.

use crate::model::color::Color;
use crate::model::history::pairing_states_before;
use crate::model::history::Aro;
use crate::model::history::Float;
use crate::model::history::RoundEntry;
use crate::model::ids::RoundNo;
use crate::model::ids::Tpn;
use crate::model::points::Points;
use crate::model::tournament::Tournament;
use crate::pairing::explanation::joined;
use crate::pairing::index::IxVec;
use crate::pairing::index::PlayerIx;
use std::cmp::Ordering;
use std::cmp::Reverse;
use std::fmt::Write as _;

/// One player as the procedure sees them.
#[derive(Clone, Debug)]
pub(super) struct Dp<'t> {
    pub(super) tpn: Tpn,
    /// The name, for the last of 6.2's and 7.3's orders: read where the tournament keeps it
    /// (a field of 100,000 would copy every name for the few ties that reach it).
    pub(super) name: &'t str,
    pub(super) score: Points,
    pub(super) rating: u16,
    pub(super) aro: Aro,
    pub(super) due: Option<Color>,
    /// The colour 2.3/2.4 leave, if only one.
    pub(super) must: Option<Color>,
    pub(super) colors: Vec<Color>,
    /// Upfloats so far, and whether the last round was one (2.5).
    pub(super) ups: u32,
    pub(super) up_last: bool,
    /// 2.2.
    pub(super) unplayed_point: bool,
    /// Transferred down from a higher group this round (6.4).
    pub(super) floater: bool,
    /// Paired against a lower score in an earlier round: came down from a higher score group
    /// then (6.4's "was floater from higher score groups", reading).
    pub(super) floated_before: bool,
}

/// A pair the procedure made, and what gives its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Made {
    pub(super) a: PlayerIx,
    pub(super) b: PlayerIx,
    pub(super) colours: ColoursBy,
}

/// What decides a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ColoursBy {
    /// 6.2: `a` is from the white column and gets White.
    WhiteColumn,
    /// 3's allocation rules.
    Rule3,
}

impl Made {
    /// `a` against `b`, colours by 3.
    pub(super) fn by_rule_3(a: PlayerIx, b: PlayerIx) -> Made {
        Made {
            a,
            b,
            colours: ColoursBy::Rule3,
        }
    }
}

#[derive(Clone)]
pub(super) struct Ctx<'t> {
    pub(super) players: IxVec<Dp<'t>>,
    pub(super) met: crate::pairing::index::Barred,
    pub(super) last_round: bool,
    pub(super) up_limit: u32,
    /// 2.5 set aside for everyone: no pairing of the round keeps it (reading of 9).
    pub(super) relax_up: bool,
    /// 2.5 set aside for these players only (indexed like `players`; empty: for nobody).
    pub(super) up_exempt: IxVec<bool>,
}

/// The first eight bytes of a name as one number (zeros past its end), ordered as the names
/// are where two differ: the first byte where they differ, or the shorter name's end, decides
/// both. Equal numbers leave the whole names to decide ([`by_name`]). In a sort's key, so that
/// players of equal ARO and rating (many in early rounds) are not compared by reading their
/// names, far apart in memory, at every step.
pub(super) fn name_prefix(name: &str) -> u64 {
    let mut bytes = [0u8; 8];
    let n = name.len().min(8);
    bytes[..n].copy_from_slice(&name.as_bytes()[..n]);
    u64::from_be_bytes(bytes)
}

/// The last two of 6.2's and 7.3/7.4's orders: by name, then by pairing number.
pub(super) fn by_name(a: &Dp, b: &Dp) -> Ordering {
    a.name.cmp(b.name).then(a.tpn.cmp(&b.tpn))
}

impl<'t> Ctx<'t> {
    pub(super) fn new(t: &'t Tournament, round: RoundNo) -> Ctx<'t> {
        let states = pairing_states_before(t, round);
        // The players numbered by score group, the highest first, then by pairing number (the
        // order of 6.1's groups): a group's players lie together in memory. Every order the
        // procedure gives them is by their own properties, ending with the pairing number,
        // never by this numbering.
        let available =
            crate::pairing::common::by_score_then_tpn(t.available_players(round), |p| {
                states[p.index()].score
            });
        // Every player's R by pairing number, for the AROs (a list of its own: each player's
        // opponents are read from it at random).
        let rating: Vec<u16> = t.players().iter().map(|p| p.pairing_rating()).collect();
        let players = crate::pairing::common::made_in_tpn_order(&available, |p| {
            let s = &states[p.index()];
            let pl = t.player(p).expect("available");
            let aro = s.opponents().fold(Aro::default(), |a, o| {
                a.with(rating.get(o.index()).copied().unwrap_or(0))
            });
            let colors: Vec<Color> = s.played_colors().collect();
            let whites = colors.iter().filter(|c| **c == Color::White).count();
            let blacks = colors.len() - whites;
            // 1: due colour.
            let due = match whites.cmp(&blacks) {
                Ordering::Less => Some(Color::White),
                Ordering::Greater => Some(Color::Black),
                Ordering::Equal => colors.last().map(|c| c.opposite()),
            };
            let diff = whites as i32 - blacks as i32;
            let last_two =
                colors.len() >= 2 && colors[colors.len() - 1] == colors[colors.len() - 2];
            // 2.3 and 2.4: the colour left when another of the other would break them.
            let must = if diff >= 2 || (last_two && colors.last() == Some(&Color::White)) {
                Some(Color::Black)
            } else if diff <= -2 || (last_two && colors.last() == Some(&Color::Black)) {
                Some(Color::White)
            } else {
                None
            };
            let ups = s.floats.iter().filter(|f| **f == Some(Float::Up)).count() as u32;
            let up_last = round
                .index()
                .checked_sub(1)
                .and_then(|i| s.floats.get(i).copied().flatten())
                == Some(Float::Up);
            Dp {
                tpn: p,
                name: &pl.name,
                score: s.score,
                rating: rating[p.index()],
                aro,
                due,
                must,
                colors,
                ups,
                up_last,
                unplayed_point: s.unplayed_point,
                floater: false,
                floated_before: s.entries.iter().zip(&s.floats).any(|(e, f)| {
                    matches!(e, RoundEntry::Paired { .. }) && *f == Some(Float::Down)
                }),
            }
        });
        let met = crate::pairing::common::barred_pairs(t, round, &states, &available);
        Ctx {
            players,
            met,
            last_round: t.settings.rounds == Some(round.get()),
            up_limit: if t.settings.rounds.is_some_and(|r| r >= 10) {
                4
            } else {
                3
            },
            relax_up: false,
            up_exempt: IxVec::default(),
        }
    }

    pub(super) fn aro_cmp(&self, a: PlayerIx, b: PlayerIx) -> Ordering {
        self.players[a].aro.cmp(&self.players[b].aro)
    }

    /// Sorts `players` by `key`, equal keys by `tie` (a stable sort: equal in both, they keep
    /// their order). Each player's key is read once, into a list of small numbers sorted on
    /// its own: a large score group's players fill megabytes, and a comparison reading both
    /// players would miss the cache at every step; `tie` reads them only where the keys meet.
    pub(super) fn sort_by_key<K: Ord>(
        &self,
        players: &mut [PlayerIx],
        key: impl Fn(&Dp<'t>) -> K,
        tie: impl Fn(&Dp<'t>, &Dp<'t>) -> Ordering,
    ) {
        let mut keyed: Vec<(K, PlayerIx)> = players
            .iter()
            .map(|&p| (key(&self.players[p]), p))
            .collect();
        keyed.sort_by(|x, y| {
            x.0.cmp(&y.0)
                .then_with(|| tie(&self.players[x.1], &self.players[y.1]))
        });
        for (slot, (_, p)) in players.iter_mut().zip(keyed) {
            *slot = p;
        }
    }

    /// 6.2, the white column: increasing ARO, then lower R, then the name (then the pairing
    /// number).
    pub(super) fn white_order(&self, players: &mut [PlayerIx]) {
        self.sort_by_key(
            players,
            |p| (p.aro.key(), p.rating, name_prefix(p.name)),
            by_name,
        );
    }

    /// 6.2, the black column: decreasing R, then higher ARO, then the name (then the pairing
    /// number).
    pub(super) fn black_order(&self, players: &mut [PlayerIx]) {
        self.sort_by_key(
            players,
            |p| (Reverse(p.rating), Reverse(p.aro.key()), name_prefix(p.name)),
            by_name,
        );
    }

    /// The players by pairing number: the last of every order the procedure gives players
    /// (never their numbering here, which is by score group).
    pub(super) fn by_tpn(&self, players: &mut [PlayerIx]) {
        self.sort_by_key(players, |p| p.tpn, |_, _| Ordering::Equal);
    }

    pub(super) fn colours_fit(&self, a: PlayerIx, b: PlayerIx) -> bool {
        match (self.players[a].must, self.players[b].must) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        }
    }

    /// 2.5 for `i` receiving an upfloat now.
    pub(super) fn may_float_up(&self, i: PlayerIx) -> bool {
        let p = &self.players[i];
        self.relax_up
            || self.up_exempt.get(i) == Some(&true)
            || self.last_round
            || (!p.up_last && p.ups < self.up_limit)
    }

    /// 2.1, 2.3, 2.4 and 2.5 (for the lower score of the two).
    pub(super) fn pair_ok(&self, a: PlayerIx, b: PlayerIx) -> bool {
        if a == b || self.met.contains(a, b) || !self.colours_fit(a, b) {
            return false;
        }
        match self.players[a].score.cmp(&self.players[b].score) {
            Ordering::Greater => self.may_float_up(b),
            Ordering::Less => self.may_float_up(a),
            Ordering::Equal => true,
        }
    }

    /// Player `i` as the explanation names them: "12 Garcia López".
    pub(super) fn tpn(&self, i: PlayerIx) -> String {
        let mut out = String::new();
        self.write_who(&mut out, i).ok();
        out
    }

    /// [`Ctx::tpn`], written into `out`.
    fn write_who(&self, out: &mut String, i: PlayerIx) -> std::fmt::Result {
        let p = &self.players[i];
        crate::pairing::explanation::write_player(out, p.tpn, p.name)
    }

    /// Players as the explanation lists them: "3 Kaya, 7 Ng"; "none" for no one.
    pub(super) fn list(&self, v: &[PlayerIx]) -> String {
        if v.is_empty() {
            return "none".into();
        }
        joined(v, ", ", |out, &i| self.write_who(out, i))
    }

    /// Players with their ARO: "3 Kaya (1850), 7 Ng (1790)".
    pub(super) fn list_aro(&self, v: &[PlayerIx]) -> String {
        joined(v, ", ", |out, &i| {
            self.write_who(out, i)?;
            write!(out, " ({})", self.players[i].aro)
        })
    }

    /// Players with their rating: "3 Kaya (2010), 7 Ng (1995)".
    pub(super) fn list_r(&self, v: &[PlayerIx]) -> String {
        joined(v, ", ", |out, &i| {
            self.write_who(out, i)?;
            write!(out, " ({})", self.players[i].rating)
        })
    }

    /// Pairs as the explanation lists them: "3 Kaya - 7 Ng, 12 Bauer - 5 Jensen".
    pub(super) fn list_pairs(
        &self,
        pairs: impl IntoIterator<Item = (PlayerIx, PlayerIx)>,
    ) -> String {
        joined(pairs, ", ", |out, (a, b)| {
            self.write_who(out, a)?;
            out.push_str(" - ");
            self.write_who(out, b)
        })
    }
}

/// Whether `v` (an even number of players) can all be paired within 2.1-2.5.
pub(super) fn completely_pairable(cx: &Ctx, v: &[PlayerIx]) -> bool {
    crate::matching::cardinality::all_pairable(v.len(), |i, j| cx.pair_ok(v[i], v[j]), |_| false)
}
