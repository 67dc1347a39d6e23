//! The teams of the round as the pairing sees them: scores (1.2), colour difference and
//! preference (1.6, 1.7), whether each may meet another ([C1]) or take the bye ([C2]), and
//! whether it floated in the previous round (1.5).

use crate::model::color::Color;
use crate::model::points::Points;
use crate::model::team::{ColourPreferences, ScoreKind, TeamHistory, TeamTournament, TeamTpn};

/// How strongly a team wants a colour (1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Type B's mild preference.
    Mild,
    /// Type A's simple preference, Type B's strong one.
    Strong,
}

/// A colour preference: the colour and its strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    /// The colour wanted.
    pub colour: Color,
    /// How strongly.
    pub strength: Strength,
}

/// One team in the round.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// Its number.
    pub tpn: TeamTpn,
    /// The primary score (1.2).
    pub score: Points,
    /// The secondary score.
    pub secondary: Points,
    /// The colours of its played matches, in order.
    pub colours: Vec<Color>,
    /// Matches played.
    pub played: usize,
    /// The colour preference (1.7), if any.
    pub preference: Option<Preference>,
    /// Whether it may take the pairing-allocated bye ([C2]).
    pub bye_allowed: bool,
    /// Whether it was a floater in the previous round (1.5).
    pub floated: bool,
}

impl Entrant {
    /// The colour difference (1.6.2).
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum()
    }
}

/// The colour preference of 1.7 for a team with these played colours.
pub fn preference(
    kind: ColourPreferences,
    colours: &[Color],
    last_round: bool,
) -> Option<Preference> {
    if kind == ColourPreferences::None || colours.is_empty() {
        return None;
    }
    let cd: i32 = colours
        .iter()
        .map(|c| if *c == Color::White { 1 } else { -1 })
        .sum();
    let last_two =
        |c: Color| colours.len() >= 2 && colours[colours.len() - 2..].iter().all(|x| *x == c);
    let strong = |colour| {
        Some(Preference {
            colour,
            strength: Strength::Strong,
        })
    };
    let mild = |colour| {
        Some(Preference {
            colour,
            strength: Strength::Mild,
        })
    };
    // 1.7.1 and the first two paragraphs of 1.7.2, worded alike.
    if cd < -1 || ((cd == 0 || cd == -1) && last_two(Color::Black)) {
        return strong(Color::White);
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last_two(Color::White)) {
        return strong(Color::Black);
    }
    if kind == ColourPreferences::TypeA {
        return None;
    }
    // 1.7.2, the mild preferences.
    match cd {
        -1 => mild(Color::White),
        1 => mild(Color::Black),
        0 if !last_round => colours.last().and_then(|c| mild(c.opposite())),
        _ => None,
    }
}

/// The round's teams, team 1 first, with their histories.
pub fn entrants(t: &TeamTournament, histories: &[TeamHistory]) -> Vec<Entrant> {
    let s = &t.settings;
    let round = t.rounds.len() + 1;
    let last_round = s.rounds.is_some_and(|r| usize::from(r) == round);
    let secondary = match s.primary {
        ScoreKind::MatchPoints => ScoreKind::GamePoints,
        ScoreKind::GamePoints => ScoreKind::MatchPoints,
    };
    histories
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let colours = h.played_colours();
            Entrant {
                tpn: TeamTpn::from_index(i),
                score: h.score(s.primary),
                secondary: h.score(secondary),
                preference: preference(s.colours, &colours, last_round),
                colours,
                played: h.played,
                bye_allowed: !h.had_no_bye_allowed,
                floated: h.floated,
            }
        })
        .collect()
}
