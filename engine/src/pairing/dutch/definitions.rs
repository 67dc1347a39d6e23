//! Dutch A.1-A.8: the players by rank (A.2) with what the criteria look at (colour
//! preferences A.6, floats A.4, byes A.5), and who may meet whom (B.1, B.2).

use crate::model::color::Color;
use crate::model::history::pairing_states_before;
use crate::model::history::ColorPreference;
use crate::model::history::Float;
use crate::model::history::PlayerState;
use crate::model::history::RoundEntry;
use crate::model::ids::RoundNo;
use crate::model::ids::Tpn;
use crate::model::points::Points;
use crate::model::tournament::Tournament;
use crate::pairing::index::IxVec;
use crate::pairing::index::PlayerIx;
use std::fmt::Write as _;

/// One player as the procedure sees them. Players are numbered by rank (A.2 with the score
/// first): index 0 is the highest.
#[derive(Clone, Debug)]
pub(crate) struct Pl {
    pub tpn: Tpn,
    pub score: Points,
    pub pref: ColorPreference,
    /// The colour B.2 leaves (colour difference ±2, or the same colour twice in a row).
    pub absolute: Option<Color>,
    /// B.6 notes: last round, exactly 50 %: B.2 may be relaxed for this player.
    pub b2_exempt: bool,
    /// A.7 (c): the strong preference treated as absolute while that costs no floater.
    pub a7c: Option<Color>,
    /// A.7 (d): a mild preference that counts on whichever side lowers x.
    pub flex: bool,
    /// Floats in the last round and the round before it (B.5, B.6).
    pub down1: bool,
    pub down2: bool,
    pub up1: bool,
    pub up2: bool,
    /// B.6 notes: last round, above 50 %: B.5 and B.6 do not apply.
    pub float_exempt: bool,
    /// B.1 (b): may receive the bye.
    pub can_bye: bool,
    /// Colours of the games played, oldest first (F.2, F.3).
    pub colors: Vec<Color>,
}

/// A player as [`Ctx::kind`] sees them.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Kind {
    score: Points,
    /// The colour that counts as a preference for B.4 (none for A.7 d's mild ones).
    preference: Option<Color>,
    must: Option<Color>,
    down: bool,
    up: bool,
    bye: bool,
}

/// Players numbered by their [`Kind`] at one level, the first player of each kind kept as
/// its example.
#[derive(Default)]
pub(super) struct Kinds {
    ids: std::collections::HashMap<Kind, usize>,
    pub(super) examples: Vec<PlayerIx>,
}

impl Kinds {
    /// The number of `i`'s kind at level `lv` (the next one when no player seen had it).
    pub(super) fn of(&mut self, cx: &Ctx, i: PlayerIx, lv: &Level) -> usize {
        let examples = &mut self.examples;
        *self.ids.entry(cx.kind(i, lv)).or_insert_with(|| {
            examples.push(i);
            examples.len() - 1
        })
    }
}

/// What the procedure knows before the round: the players by rank, who met whom.
pub(crate) struct Ctx {
    pub players: IxVec<Pl>,
    /// `met[i]` holds the ranks of the players `i` may not meet again (B.1 a, and forbidden
    /// pairs), sorted.
    pub(super) met: crate::pairing::index::Barred,
    /// The players' names as the explanation gives them, by rank (none in a unit test).
    pub(super) names: IxVec<Box<str>>,
}

impl Ctx {
    pub(crate) fn new(tournament: &Tournament, round: RoundNo) -> Ctx {
        let states = pairing_states_before(tournament, round);
        // A.2: score, then the order of the pairing numbers' list with current ratings: the
        // pairing number itself (`player::pairing_order`).
        let available =
            crate::pairing::common::by_score_then_tpn(tournament.available_players(round), |t| {
                states[t.index()].score
            });
        let last_round = tournament.settings.rounds == Some(round.get());
        let half = |s: Points| {
            // Score doubled against the rounds so far (B.6 notes).
            let doubled = (s + s).tenths();
            let full = tournament.settings.points.win.tenths() * i32::from(round.get() - 1);
            doubled.cmp(&full)
        };
        let odd_round = round.get() % 2 == 1;
        let r = round.index();
        let players = crate::pairing::common::made_in_tpn_order(&available, |t| {
            let s: &PlayerState = &states[t.index()];
            let pref = s.color_preference();
            let absolute = match pref {
                ColorPreference::Absolute(c) => Some(c),
                _ => None,
            };
            let had_no_game = s
                .entries
                .iter()
                .any(|e| !matches!(e, RoundEntry::Paired { colored: true, .. }))
                && s.played_colors().next().is_some();
            let float_at = |back: usize| r.checked_sub(back).and_then(|i| s.floats[i]);
            Pl {
                tpn: t,
                score: s.score,
                pref,
                absolute,
                b2_exempt: last_round && half(s.score).is_eq(),
                a7c: match pref {
                    ColorPreference::Strong(c) if odd_round && had_no_game => Some(c),
                    _ => None,
                },
                flex: !odd_round && had_no_game && matches!(pref, ColorPreference::Mild(_)),
                down1: float_at(1) == Some(Float::Down),
                down2: float_at(2) == Some(Float::Down),
                up1: float_at(1) == Some(Float::Up),
                up2: float_at(2) == Some(Float::Up),
                float_exempt: last_round && half(s.score).is_gt(),
                can_bye: !s.unplayed_point,
                colors: s.played_colors().collect(),
            }
        });
        let met = crate::pairing::common::barred_pairs(tournament, round, &states, &available);
        let names = crate::pairing::common::short_names(tournament, &available);
        Ctx {
            players,
            met,
            names,
        }
    }

    /// Player `i` as the explanation names them: "12 Garcia López".
    pub(crate) fn who(&self, i: PlayerIx) -> String {
        let mut out = String::new();
        let name = self.names.get(i).map_or("", |n| n);
        crate::pairing::explanation::write_player(&mut out, self.players[i].tpn, name).ok();
        out
    }

    /// The colour B.2 (and A.7 c, when in force) leaves player `i`.
    pub(crate) fn must(&self, i: PlayerIx, lv: &Level) -> Option<Color> {
        let p = &self.players[i];
        if lv.b2_relaxed && p.b2_exempt {
            return None;
        }
        p.absolute.or(if lv.a7c { p.a7c } else { None })
    }

    /// B.1 (a) and B.2 alone, at their most relaxed (C.1, C.12 and C.13 look-ahead).
    pub fn compatible(&self, a: PlayerIx, b: PlayerIx, b2_relaxed: bool) -> bool {
        let lv = Level {
            b6_up: false,
            b5_up: false,
            b6_down: false,
            b5_down: false,
            x: 0,
            a7c: false,
            b2_relaxed,
        };
        a != b && !self.met.contains(a, b) && self.colors_fit(a, b, &lv)
    }

    pub(super) fn colors_fit(&self, a: PlayerIx, b: PlayerIx, lv: &Level) -> bool {
        match (self.must(a, lv), self.must(b, lv)) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        }
    }

    /// Whether `a` and `b` may be paired at level `lv`: B.1 (a), B.2 (with A.7 c), and, when
    /// their scores differ, B.5/B.6 for the floats A.4 gives: a downfloat to the higher of the
    /// two, an upfloat to the lower. The downfloat of a player moved down who is paired here is
    /// judged exactly as the one he would receive by moving on or taking the bye (A.5).
    pub fn pair_ok(&self, a: PlayerIx, b: PlayerIx, lv: &Level) -> bool {
        a != b && !self.have_met(a, b) && self.fit(a, b, lv)
    }

    /// B.1 (a): `a` may not meet `b` again.
    pub(super) fn have_met(&self, a: PlayerIx, b: PlayerIx) -> bool {
        self.met.contains(a, b)
    }

    /// [`Ctx::pair_ok`] but for the pairs met before: what the players' colours and floats
    /// allow, the same for any two players with the same [`Ctx::kind`].
    pub(super) fn fit(&self, a: PlayerIx, b: PlayerIx, lv: &Level) -> bool {
        if !self.colors_fit(a, b, lv) {
            return false;
        }
        let (pa, pb) = (&self.players[a], &self.players[b]);
        match pa.score.cmp(&pb.score) {
            std::cmp::Ordering::Greater => self.down_ok(a, lv) && self.up_ok(b, lv),
            std::cmp::Ordering::Less => self.down_ok(b, lv) && self.up_ok(a, lv),
            std::cmp::Ordering::Equal => true,
        }
    }

    /// B.5/B.6 for an upfloat of `i`.
    pub fn up_ok(&self, i: PlayerIx, lv: &Level) -> bool {
        let p = &self.players[i];
        p.float_exempt || !((lv.b5_up && p.up1) || (lv.b6_up && p.up2))
    }

    /// B.5/B.6 for a downfloat of `i` (moved down, or the bye: A.5).
    pub fn down_ok(&self, i: PlayerIx, lv: &Level) -> bool {
        let p = &self.players[i];
        p.float_exempt || !((lv.b5_down && p.down1) || (lv.b6_down && p.down2))
    }

    /// B.1 (b) and A.5: may `i` take the bye at this level.
    pub fn bye_ok(&self, i: PlayerIx, lv: &Level) -> bool {
        self.players[i].can_bye && self.down_ok(i, lv)
    }

    /// B.4: whether pairing `a` with `b` denies one of them their colour preference.
    pub fn denies(&self, a: PlayerIx, b: PlayerIx) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        if pa.flex || pb.flex {
            return false;
        }
        matches!((pa.pref.color(), pb.pref.color()), (Some(x), Some(y)) if x == y)
    }

    /// What [`Ctx::fit`], [`Ctx::denies`], [`Ctx::down_ok`] and [`Ctx::bye_ok`] look at of
    /// player `i` at level `lv`: two players of the same kind are alike to each of them.
    pub(super) fn kind(&self, i: PlayerIx, lv: &Level) -> Kind {
        let p = &self.players[i];
        Kind {
            score: p.score,
            preference: if p.flex { None } else { p.pref.color() },
            must: self.must(i, lv),
            down: self.down_ok(i, lv),
            up: self.up_ok(i, lv),
            bye: p.can_bye,
        }
    }

    /// A.8: x of a group of players.
    pub(super) fn x_of(&self, group: &[PlayerIx]) -> usize {
        let (mut w, mut b, mut flex) = (0usize, 0usize, 0usize);
        for &i in group {
            let p = &self.players[i];
            if p.flex {
                flex += 1;
                continue;
            }
            match p.pref.color() {
                Some(Color::White) => w += 1,
                Some(Color::Black) => b += 1,
                None => {}
            }
        }
        // A.7 (d): the flexible preferences go to the smaller side first.
        let larger = w.max(b).max((w + b + flex).div_ceil(2));
        larger.saturating_sub(group.len().div_ceil(2))
    }

    pub(super) fn tpns(&self, players: &[PlayerIx]) -> String {
        if players.is_empty() {
            return "none".into();
        }
        crate::pairing::explanation::joined(players, " ", |out, &i| {
            write!(out, "{}", self.players[i].tpn)
        })
    }
}

/// The criteria in force while searching a bracket (C.9-C.11, A.7 c, B.6 notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Level {
    pub b6_up: bool,
    pub b5_up: bool,
    pub b6_down: bool,
    pub b5_down: bool,
    /// A.8's x: preferences that may be denied.
    pub x: usize,
    /// A.7 (c) in force.
    pub a7c: bool,
    /// B.6 notes: B.2 relaxed for players with 50 % in the last round.
    pub b2_relaxed: bool,
}

impl Level {
    /// What this level relaxes against the first, each under the article that allows it.
    pub(super) fn describe(&self, first: &Level) -> Vec<(&'static str, &'static str)> {
        let mut out = Vec::new();
        if !self.b6_up {
            out.push(("C.9", "B.6 for upfloats dropped"));
        }
        if !self.b5_up {
            out.push(("C.9", "B.5 for upfloats dropped"));
        }
        if !self.b6_down {
            out.push(("C.10", "B.6 for downfloats dropped"));
        }
        if !self.b5_down {
            out.push(("C.10", "B.5 for downfloats dropped"));
        }
        if self.x > first.x {
            out.push(("C.11", "x raised"));
        }
        if first.a7c && !self.a7c {
            out.push((
                "A.7",
                "(c) not applied: it would leave more players unpaired",
            ));
        }
        if self.b2_relaxed {
            out.push((
                "B.6",
                "notes: B.2 not applied to players with 50 % in the last round",
            ));
        }
        out
    }
}

/// Every criterion relaxed as far as C.9-C.11 and the B.6 notes allow.
pub(super) const RELAXED: Level = Level {
    b6_up: false,
    b5_up: false,
    b6_down: false,
    b5_down: false,
    x: usize::MAX,
    a7c: false,
    b2_relaxed: true,
};
