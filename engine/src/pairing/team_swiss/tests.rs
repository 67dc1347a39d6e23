//! Hand-worked cases of 1.7 (colour preferences) and 4.3 (colour allocation), one or more per
//! article.

use super::colours::allocate;
use super::field::{preference, Entrant, Preference, Strength};
use crate::model::color::Color::{self, Black, White};
use crate::model::points::Points;
use crate::model::team::{ColourPreferences as Kind, TeamTpn};

fn colours(text: &str) -> Vec<Color> {
    text.chars()
        .map(|c| if c == 'W' { White } else { Black })
        .collect()
}

fn team(tpn: u32, score: i32, played: &str, kind: Kind) -> Entrant {
    let colours = colours(played);
    Entrant {
        tpn: TeamTpn::new(tpn).unwrap(),
        score: Points::from_tenths(score * 10),
        secondary: Points::ZERO,
        preference: preference(kind, &colours, false),
        played: colours.len(),
        colours,
        bye_allowed: true,
        floated: false,
    }
}

/// The white and black team's numbers and the article that decided.
fn white_black(a: &Entrant, b: &Entrant, kind: Kind) -> (u32, u32, &'static str) {
    let (w, b, article) = allocate(a, b, kind, White, true);
    (w.tpn.get(), b.tpn.get(), article)
}

fn strong(colour: Color) -> Option<Preference> {
    Some(Preference {
        colour,
        strength: Strength::Strong,
    })
}

fn mild(colour: Color) -> Option<Preference> {
    Some(Preference {
        colour,
        strength: Strength::Mild,
    })
}

#[test]
fn team_swiss_1_7_1_type_a_preferences() {
    let p = |s: &str| preference(Kind::TypeA, &colours(s), false);
    assert_eq!(p(""), None);
    assert_eq!(p("BB"), strong(White), "CD -2");
    assert_eq!(p("WBB"), strong(White), "CD -1, Black in the last two");
    assert_eq!(p("WWBB"), strong(White), "CD 0, Black in the last two");
    assert_eq!(p("BWW"), strong(Black), "CD +1, White in the last two");
    assert_eq!(p("WBW"), None, "CD +1, alternating");
    assert_eq!(p("B"), None, "CD -1 alone is no Type A preference");
    assert_eq!(p("WB"), None);
}

#[test]
fn team_swiss_1_7_2_type_b_strong_and_mild_preferences() {
    let p = |s: &str, last| preference(Kind::TypeB, &colours(s), last);
    assert_eq!(p("BB", false), strong(White));
    assert_eq!(p("BWW", false), strong(Black));
    assert_eq!(p("B", false), mild(White), "CD -1");
    assert_eq!(
        p("BWW", true),
        strong(Black),
        "strong in the last round too"
    );
    assert_eq!(p("W", true), mild(Black), "CD +1, even in the last round");
    assert_eq!(p("WB", false), mild(White), "CD 0, Black last");
    assert_eq!(p("WB", true), None, "CD 0 in the last round");
    assert_eq!(p("", false), None, "yet to play a match");
    assert_eq!(
        preference(Kind::None, &colours("BB"), false),
        None,
        "no preferences"
    );
}

#[test]
fn team_swiss_4_3_1_both_yet_to_play_the_first_team_by_its_tpn_parity() {
    let (a, b) = (team(1, 0, "", Kind::TypeA), team(2, 0, "", Kind::TypeA));
    assert_eq!(white_black(&a, &b, Kind::TypeA), (1, 2, "4.3.1"));
    let (a, b) = (team(2, 0, "", Kind::TypeA), team(3, 0, "", Kind::TypeA));
    assert_eq!(
        white_black(&a, &b, Kind::TypeA),
        (3, 2, "4.3.1"),
        "2 is even"
    );
    let (w, bl, _) = allocate(&a, &b, Kind::TypeA, Black, true);
    assert_eq!((w.tpn.get(), bl.tpn.get()), (2, 3), "initial-colour Black");
}

#[test]
fn team_swiss_4_3_2_and_4_3_3_one_preference_or_opposite_ones_are_granted() {
    let (a, b) = (team(1, 2, "WW", Kind::TypeA), team(2, 2, "WB", Kind::TypeA));
    assert_eq!(white_black(&a, &b, Kind::TypeA), (2, 1, "4.3.2"));
    let (a, b) = (team(1, 2, "WW", Kind::TypeA), team(2, 2, "BB", Kind::TypeA));
    assert_eq!(white_black(&a, &b, Kind::TypeA), (2, 1, "4.3.3"));
}

#[test]
fn team_swiss_4_3_4_type_b_a_strong_preference_before_a_mild_one() {
    // 1 (first-team, CD -1 mild for White) and 2 (BB strong for White): 2 gets White.
    let (a, b) = (
        team(1, 4, "WBB", Kind::TypeB),
        team(2, 2, "BB", Kind::TypeB),
    );
    assert_eq!(a.preference, strong(White));
    let (a, b) = (team(1, 4, "B", Kind::TypeB), b);
    assert_eq!(a.preference, mild(White));
    assert_eq!(white_black(&a, &b, Kind::TypeB), (2, 1, "4.3.4"));
}

#[test]
fn team_swiss_4_3_5_white_to_the_lower_colour_difference() {
    // Type A: WBW (CD +1) and B (CD -1) want nothing; 2 has the lower CD.
    let (a, b) = (team(1, 4, "WBW", Kind::TypeA), team(2, 2, "B", Kind::TypeA));
    assert_eq!(white_black(&a, &b, Kind::TypeA), (2, 1, "4.3.5"));
    // Both want White (Type A), BB (CD -2) and WBB (CD -1): -2 is the lower.
    let (a, b) = (
        team(1, 4, "WBB", Kind::TypeA),
        team(2, 2, "BB", Kind::TypeA),
    );
    assert_eq!(white_black(&a, &b, Kind::TypeA), (2, 1, "4.3.5"));
}

#[test]
fn team_swiss_4_3_6_alternate_to_the_last_time_they_differed() {
    // No preferences, equal CD +1: WBW and BWW.
    let (a, b) = (team(1, 4, "WBW", Kind::None), team(2, 2, "BWW", Kind::None));
    // Last: W/W, then B/W: 1 had Black where 2 had White, so 1 gets White.
    assert_eq!(white_black(&a, &b, Kind::None), (1, 2, "4.3.6"));
}

#[test]
fn team_swiss_4_3_7_to_4_3_9_the_first_team_then_the_other() {
    // Same sequences, both want Black (Type A, WW): 4.3.7 grants the first-team's.
    let (a, b) = (
        team(1, 4, "BWW", Kind::TypeA),
        team(2, 2, "BWW", Kind::TypeA),
    );
    assert_eq!(white_black(&a, &b, Kind::TypeA), (2, 1, "4.3.7"));
    // No preferences: 4.3.8 alternates the first-team (2, higher score, last White).
    let (a, b) = (team(1, 2, "BW", Kind::None), team(2, 4, "BW", Kind::None));
    assert_eq!(white_black(&a, &b, Kind::None), (1, 2, "4.3.8"));
    // The first-team has not played (byes, forfeits) and the other has CD 0: 4.3.9
    // alternates the other (last Black, so White).
    let (a, b) = (team(1, 4, "", Kind::None), team(2, 2, "WB", Kind::None));
    assert_eq!(white_black(&a, &b, Kind::None), (2, 1, "4.3.9"));
}
