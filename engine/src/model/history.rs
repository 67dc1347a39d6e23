//! What each player's past rounds add up to: score, colours, floats, opponents met.
//!
//! Everything here is derived from the rounds of a [`Tournament`]; nothing is stored.

use crate::model::color::Color;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::result::ByeKind;
use crate::model::settings::PointValues;
use crate::model::tournament::{Round, Tournament};

/// A float (Dutch A.4): paired against a player with a different score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Float {
    /// Paired against a lower score, or given the pairing-allocated bye (Dutch A.5).
    Down,
    /// Paired against a higher score.
    Up,
}

/// A colour preference (Dutch A.7, Dubov 1 "due colour").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorPreference {
    /// No game played yet.
    None,
    /// Colour difference 0: alternate with the last game played (A.7 b).
    Mild(Color),
    /// Colour difference not 0 (A.7 a).
    Strong(Color),
    /// Another game with the other colour would break B.2: colour difference ±2, or the last
    /// two games with the same colour.
    Absolute(Color),
}

impl ColorPreference {
    /// The colour preferred, if any.
    pub fn color(self) -> Option<Color> {
        match self {
            ColorPreference::None => None,
            ColorPreference::Mild(c)
            | ColorPreference::Strong(c)
            | ColorPreference::Absolute(c) => Some(c),
        }
    }

    /// How strong the preference is, for comparing two: none 0, mild 1, strong 2, absolute 3.
    pub fn strength(self) -> u8 {
        match self {
            ColorPreference::None => 0,
            ColorPreference::Mild(_) => 1,
            ColorPreference::Strong(_) => 2,
            ColorPreference::Absolute(_) => 3,
        }
    }
}

/// What happened to one player in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundEntry {
    /// Paired against `opponent` with `color` (in a match: the colour of game 1).
    Paired {
        /// The opponent.
        opponent: Tpn,
        /// The colour the pairing gave.
        color: Color,
        /// Whether it counts as played, so as a meeting (Dutch F.2; Double-Swiss preface).
        played: bool,
        /// Whether a game was played over the board, so that the colour counts (Dutch F.2,
        /// Double-Swiss 1.6).
        colored: bool,
    },
    /// A bye.
    Bye(ByeKind),
    /// Not in the round at all (not yet registered, withdrawn, absent without notice).
    Absent,
}

/// One player's record before a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerState {
    /// The player.
    pub tpn: Tpn,
    /// Points scored.
    pub score: Points,
    /// Round by round, what happened.
    pub entries: Vec<RoundEntry>,
    /// Round by round, the float (Dutch A.4, A.5).
    pub floats: Vec<Option<Float>>,
    /// Whether the player has had a point without playing (Dutch B.1b, Dubov 2.2,
    /// Double-Swiss C2): a pairing-allocated or full-point bye, or a win by forfeit.
    pub unplayed_point: bool,
}

impl PlayerState {
    /// The colours of the games actually played, oldest first; rounds not played are left out,
    /// which is how Dutch F.3 and the General Handling Rules 3.4 read a history.
    pub fn played_colors(&self) -> impl DoubleEndedIterator<Item = Color> + '_ {
        self.entries.iter().filter_map(|e| match e {
            RoundEntry::Paired {
                color,
                colored: true,
                ..
            } => Some(*color),
            _ => None,
        })
    }

    /// Games with White minus games with Black (Dutch A.7).
    pub fn color_difference(&self) -> i32 {
        self.played_colors()
            .map(|c| if c == Color::White { 1 } else { -1 })
            .sum()
    }

    /// The colour preference (Dutch A.7 a, b; absolute where B.2 leaves no choice).
    pub fn color_preference(&self) -> ColorPreference {
        let diff = self.color_difference();
        let mut recent = self.played_colors().rev();
        let Some(last) = recent.next() else {
            return ColorPreference::None;
        };
        let twice = recent.next() == Some(last);
        if diff >= 2 || (twice && last == Color::White) {
            ColorPreference::Absolute(Color::Black)
        } else if diff <= -2 || (twice && last == Color::Black) {
            ColorPreference::Absolute(Color::White)
        } else if diff > 0 {
            ColorPreference::Strong(Color::Black)
        } else if diff < 0 {
            ColorPreference::Strong(Color::White)
        } else {
            ColorPreference::Mild(last.opposite())
        }
    }

    /// The opponents actually played (Dutch F.2: a game not played is not a meeting).
    pub fn opponents(&self) -> impl Iterator<Item = Tpn> + '_ {
        self.entries.iter().filter_map(|e| match e {
            RoundEntry::Paired {
                opponent,
                played: true,
                ..
            } => Some(*opponent),
            _ => None,
        })
    }

    /// Whether the player has played `other`.
    pub fn has_played(&self, other: Tpn) -> bool {
        self.opponents().any(|o| o == other)
    }

    /// The number of pairings actually played (Double-Swiss 3.4.3 "matches played").
    pub fn played_count(&self) -> usize {
        self.opponents().count()
    }
}

/// Every registered player's state before `round` as a pairing system sees it: its score is
/// the pairing score, the points plus the virtual points of an accelerated round (C.04.7;
/// see [`crate::model::acceleration`]), and the floats of earlier rounds compare the pairing
/// scores each was paired with.
pub fn pairing_states_before(tournament: &Tournament, round: RoundNo) -> Vec<PlayerState> {
    if tournament.virtual_points.is_empty() {
        return states_before(tournament, round);
    }
    let mut states = states_of(tournament, round, true);
    let extra = crate::model::acceleration::virtual_points_in(
        &tournament.virtual_points,
        states.len(),
        round,
    );
    for (s, v) in states.iter_mut().zip(extra) {
        s.score += v;
    }
    states
}

/// Every registered player's state before `round` (that is, after the rounds before it), by
/// pairing number: the real points (the standings' and every published score's).
pub fn states_before(tournament: &Tournament, round: RoundNo) -> Vec<PlayerState> {
    states_of(tournament, round, false)
}

fn states_of(tournament: &Tournament, round: RoundNo, accelerated: bool) -> Vec<PlayerState> {
    let points = &tournament.settings.points;
    let rounds = round.index().min(tournament.rounds().len());
    let n = tournament.players().len();
    // Round by round into lists of their own (each round's pairings write at random places of
    // a list of the field's size), then each player's state at once: 100,000 players' own
    // allocations are written in one pass, not one pass a round.
    let mut score = vec![Points::ZERO; n];
    let mut unplayed_point = vec![false; n];
    let mut all_entries: Vec<Vec<RoundEntry>> = Vec::with_capacity(rounds);
    let mut all_floats: Vec<Vec<Option<Float>>> = Vec::with_capacity(rounds);
    for (k, r) in tournament.rounds().iter().take(rounds).enumerate() {
        let mut entries = vec![RoundEntry::Absent; n];
        let mut floats = vec![None; n];
        let extra = if accelerated {
            crate::model::acceleration::virtual_points_in(
                &tournament.virtual_points,
                n,
                RoundNo::from_index(k),
            )
        } else {
            vec![Points::ZERO; n]
        };
        for p in &r.pairings {
            let played = p.is_played();
            let colored = p.has_game_played();
            for color in [Color::White, Color::Black] {
                let me = p.player(color);
                let opponent = p.player(color.opposite());
                entries[me.index()] = RoundEntry::Paired {
                    opponent,
                    color,
                    played,
                    colored,
                };
                let (mine, theirs) = (
                    score[me.index()] + extra[me.index()],
                    score[opponent.index()] + extra[opponent.index()],
                );
                floats[me.index()] = match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Some(Float::Down),
                    std::cmp::Ordering::Less => Some(Float::Up),
                    std::cmp::Ordering::Equal => None,
                };
                if p.won_by_forfeit(color) {
                    unplayed_point[me.index()] = true;
                }
            }
        }
        for b in &r.byes {
            let i = b.player.index();
            entries[i] = RoundEntry::Bye(b.kind);
            if b.kind == ByeKind::PairingAllocated {
                floats[i] = Some(Float::Down);
            }
            if b.kind.is_unplayed_point() {
                unplayed_point[i] = true;
            }
        }
        // The floats above compare the scores before the round; its gains come after.
        add_gains(points, r, &mut score);
        all_entries.push(entries);
        all_floats.push(floats);
    }
    tournament
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerState {
            tpn: p.tpn,
            score: score[i],
            entries: all_entries.iter().map(|e| e[i]).collect(),
            floats: all_floats.iter().map(|f| f[i]).collect(),
            unplayed_point: unplayed_point[i],
        })
        .collect()
}

/// Adds what each player gains in round `r` (games, byes) to `out`, by pairing number.
pub fn add_gains(points: &PointValues, r: &Round, out: &mut [Points]) {
    for p in &r.pairings {
        for color in [Color::White, Color::Black] {
            let gained: Points = p
                .games
                .iter()
                .flatten()
                .map(|g| points.for_game(*g, color))
                .sum();
            out[p.player(color).index()] += gained;
        }
    }
    for b in &r.byes {
        out[b.player.index()] += points.for_bye(b.kind);
    }
}

/// Every registered player's score after all the rounds so far, by pairing number: the
/// scores of [`states_before`] the next round, without the rest of the states.
pub fn scores(tournament: &Tournament) -> Vec<Points> {
    let mut out = vec![Points::ZERO; tournament.players().len()];
    for r in tournament.rounds() {
        add_gains(&tournament.settings.points, r, &mut out);
    }
    out
}

/// An average rating of opponents (Dubov 1 and 9), kept exact as the sum of the opponents'
/// ratings and the number of games: compared exactly, never rounded.
#[derive(Clone, Copy, Debug, Default)]
pub struct Aro {
    /// The sum of the opponents' ratings.
    pub sum: u64,
    /// The games counted; an ARO of no game is 0.
    pub games: u64,
}

impl Aro {
    /// A number ordered as the AROs are ([`Aro::cmp`]), for sorting many: the average's
    /// nearest `f64`, as its bits (a non-negative `f64`'s bits are ordered as it is). Exact:
    /// an average of ratings (below 2^16) over fewer than 2^16 games is within 2^-37 of its
    /// `f64` (53 bits), and two different averages differ by at least 1/(g1 g2) > 2^-32, so
    /// none swap or meet; equal averages are one number, rounded alike.
    pub fn key(self) -> u64 {
        if self.games == 0 {
            return 0;
        }
        // Both exact in an f64: the sum below 2^32, the games below 2^16.
        (self.sum as f64 / self.games as f64).to_bits()
    }

    /// The ARO as Dubov 2026 1.7.1 gives it: to the nearest integer, the higher when the
    /// division ends in .5; 0 with no game.
    pub fn rounded(self) -> u32 {
        if self.games == 0 {
            return 0;
        }
        u32::try_from((2 * self.sum + self.games) / (2 * self.games)).unwrap_or(u32::MAX)
    }

    /// The ARO of one more game against `rating`.
    pub fn with(self, rating: u16) -> Aro {
        Aro {
            sum: self.sum + u64::from(rating),
            games: self.games + 1,
        }
    }
}

impl Ord for Aro {
    fn cmp(&self, other: &Aro) -> std::cmp::Ordering {
        // sum / games against other.sum / other.games, both 0 with no game, by cross products.
        let value = |a: &Aro, b: &Aro| {
            if a.games == 0 {
                0
            } else {
                u128::from(a.sum) * u128::from(b.games.max(1))
            }
        };
        value(self, other).cmp(&value(other, self))
    }
}

impl PartialOrd for Aro {
    fn partial_cmp(&self, other: &Aro) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Aro {
    fn eq(&self, other: &Aro) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Aro {}

impl std::fmt::Display for Aro {
    /// Three decimals, rounded half up. Two different AROs of at most 31 games each differ by
    /// at least 1/961 of a point, more than 0.001, so the three decimals show every difference
    /// the pairing sees (one decimal, as the text's example has, would not: 2318.43 and 2318.38
    /// both read 2318.4).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.games == 0 {
            return write!(f, "0.000");
        }
        // In 64 bits where they hold it (always, for sums of ratings): a field's explanation
        // writes every player's ARO, and a 128-bit division is slow.
        match (
            self.sum
                .checked_mul(2000)
                .and_then(|s| s.checked_add(self.games)),
            self.games.checked_mul(2),
        ) {
            (Some(n), Some(d)) => {
                let thousandths = n / d;
                write!(f, "{}.{:03}", thousandths / 1000, thousandths % 1000)
            }
            _ => {
                let thousandths = (u128::from(self.sum) * 2000 + u128::from(self.games))
                    / (2 * u128::from(self.games));
                write!(f, "{}.{:03}", thousandths / 1000, thousandths % 1000)
            }
        }
    }
}
