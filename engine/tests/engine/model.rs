//! The tournament model: A.2 order, derived colour histories and floats, bye points.

use crate::support::{field, tpn};
use engine::model::details::{Date, Details};
use engine::model::history::{states_before, ColorPreference, Float};
use engine::model::player::{Player, Title};
use engine::model::result::{ByeKind, GameResult};
use engine::model::tournament::{Bye, Pairing, Round};
use engine::{Color, Points, RoundNo, System, Tpn};

#[test]
fn dutch_a2_fixes_pairing_numbers_by_rating_title_then_name() {
    let mut t = engine::Tournament::new(engine::Settings::new(System::Dutch1992));
    let mk = |name: &str, rating, title| {
        let mut p = Player::new(Tpn::from_index(0), name);
        p.rating = Some(rating);
        p.title = title;
        p
    };
    t.seed_players(vec![
        mk("Zeta", 2400, None),
        mk("Beta", 2400, Some(Title::Fm)),
        mk("Alpha", 2400, None),
        mk("Gamma", 2400, Some(Title::Wgm)),
        mk("Delta", 2500, None),
        mk("Eta", 2400, Some(Title::Im)),
    ]);
    let names: Vec<&str> = t.players().iter().map(|p| p.name.as_str()).collect();
    // Rating first; then IM before WGM before FM (A.2 c); then no title, alphabetically.
    assert_eq!(names, ["Delta", "Eta", "Gamma", "Beta", "Alpha", "Zeta"]);
}

#[test]
fn ghr_2026_2_2_ranks_the_fm_before_the_wim_where_dutch_1992_a2_ranked_the_wim_first() {
    let mk = |name: &str, title| {
        let mut p = Player::new(Tpn::from_index(0), name);
        p.rating = Some(2300);
        p.title = title;
        p
    };
    let mut field = vec![
        mk("Zeta", None),
        mk("Wanda", Some(Title::Wim)),
        mk("Frank", Some(Title::Fm)),
        mk("Carl", Some(Title::Cm)),
        mk("Greta", Some(Title::Wgm)),
    ];
    let names = |f: &[Player]| f.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
    field.sort_by(engine::model::player::initial_order_for(System::Dutch2026));
    assert_eq!(names(&field), ["Greta", "Frank", "Wanda", "Carl", "Zeta"]);
    field.sort_by(engine::model::player::initial_order_for(
        System::DoubleSwiss,
    ));
    assert_eq!(names(&field), ["Greta", "Frank", "Wanda", "Carl", "Zeta"]);
    field.sort_by(engine::model::player::initial_order_for(System::Dutch1992));
    assert_eq!(names(&field), ["Greta", "Wanda", "Frank", "Carl", "Zeta"]);
}

fn played(white: u32, black: u32, result: GameResult) -> Pairing {
    Pairing {
        white: tpn(white),
        black: tpn(black),
        games: vec![Some(result)],
    }
}

#[test]
fn dutch_f2_unplayed_games_do_not_count_for_colour_or_meetings() {
    let mut t = field(System::Dutch1992, 4);
    t.push_round(Round {
        pairings: vec![
            played(1, 3, GameResult::WHITE_WINS),
            played(4, 2, GameResult::DRAW),
        ],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![
            played(2, 1, GameResult::forfeit(Color::White)),
            played(3, 4, GameResult::BLACK_WINS),
        ],
        byes: vec![],
    })
    .unwrap();
    let s = states_before(&t, RoundNo::new(3).unwrap());
    // Player 1: W, then a forfeit as Black, which does not count: difference +1.
    assert_eq!(s[0].color_difference(), 1);
    assert_eq!(
        s[0].color_preference(),
        ColorPreference::Strong(Color::Black)
    );
    // The forfeit is no meeting; the game of round 1 is.
    assert!(!s[0].has_played(tpn(2)));
    assert!(s[0].has_played(tpn(3)));
    // Player 2 won by forfeit: a point without playing (B.1b).
    assert!(s[1].unplayed_point);
    assert!(!s[0].unplayed_point);
    assert_eq!(s[1].score, Points::from_tenths(15));
}

#[test]
fn dutch_f3_colour_history_skips_rounds_not_played() {
    // BWW-B: the history read for E.3 is -BWWB; the last two colours are W then B.
    let mut t = field(System::Dutch1992, 6);
    let rounds = [
        vec![
            played(2, 1, GameResult::DRAW),
            played(3, 4, GameResult::DRAW),
            played(5, 6, GameResult::DRAW),
        ],
        vec![
            played(1, 3, GameResult::DRAW),
            played(4, 5, GameResult::DRAW),
            played(6, 2, GameResult::DRAW),
        ],
        vec![
            played(1, 4, GameResult::DRAW),
            played(2, 5, GameResult::DRAW),
            played(3, 6, GameResult::DRAW),
        ],
        vec![
            played(5, 1, GameResult::forfeit(Color::Black)),
            played(6, 4, GameResult::DRAW),
            played(2, 3, GameResult::DRAW),
        ],
        vec![
            played(6, 1, GameResult::DRAW),
            played(4, 2, GameResult::DRAW),
            played(3, 5, GameResult::DRAW),
        ],
    ];
    for r in rounds {
        t.push_round(Round {
            pairings: r,
            byes: vec![],
        })
        .unwrap();
    }
    let s = &states_before(&t, RoundNo::new(6).unwrap())[0];
    let colors: Vec<Color> = s.played_colors().collect();
    assert_eq!(
        colors,
        [Color::Black, Color::White, Color::White, Color::Black]
    );
    assert_eq!(s.color_difference(), 0);
    assert_eq!(s.color_preference(), ColorPreference::Mild(Color::White));
}

#[test]
fn absolute_colour_preference_after_two_of_a_colour() {
    let mut t = field(System::Dutch1992, 4);
    t.push_round(Round {
        pairings: vec![
            played(1, 3, GameResult::DRAW),
            played(2, 4, GameResult::DRAW),
        ],
        byes: vec![],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![
            played(1, 4, GameResult::DRAW),
            played(2, 3, GameResult::DRAW),
        ],
        byes: vec![],
    })
    .unwrap();
    let s = states_before(&t, RoundNo::new(3).unwrap());
    assert_eq!(
        s[0].color_preference(),
        ColorPreference::Absolute(Color::Black)
    );
    assert_eq!(
        s[3].color_preference(),
        ColorPreference::Absolute(Color::White)
    );
}

#[test]
fn dutch_a4_a5_floats_and_the_bye_as_downfloat() {
    let mut t = field(System::Dutch1992, 3);
    t.push_round(Round {
        pairings: vec![played(1, 2, GameResult::WHITE_WINS)],
        byes: vec![Bye {
            player: tpn(3),
            kind: ByeKind::PairingAllocated,
        }],
    })
    .unwrap();
    t.push_round(Round {
        pairings: vec![played(3, 2, GameResult::DRAW)],
        byes: vec![Bye {
            player: tpn(1),
            kind: ByeKind::Half,
        }],
    })
    .unwrap();
    let s = states_before(&t, RoundNo::new(3).unwrap());
    assert_eq!(s[2].floats, [Some(Float::Down), Some(Float::Down)]);
    assert_eq!(s[1].floats, [None, Some(Float::Up)]);
    assert_eq!(s[0].floats, [None, None], "a requested bye is no float");
    assert_eq!(s[0].score, Points::from_tenths(15));
    assert!(s[2].unplayed_point);
    assert!(
        !s[0].unplayed_point,
        "a half-point bye is not a point without playing"
    );
}

#[test]
fn double_swiss_match_forfeit_only_when_both_games_forfeited() {
    let mut t = field(System::DoubleSwiss, 2);
    let one_forfeit = Pairing {
        white: tpn(1),
        black: tpn(2),
        games: vec![
            Some(GameResult::forfeit(Color::White)),
            Some(GameResult::DRAW.swapped()),
        ],
    };
    assert!(
        one_forfeit.is_played(),
        "one forfeited game: the match counts as played"
    );
    let both = Pairing {
        white: tpn(1),
        black: tpn(2),
        games: vec![
            Some(GameResult::forfeit(Color::White)),
            Some(GameResult::forfeit(Color::White)),
        ],
    };
    assert!(!both.is_played());
    assert!(both.won_by_forfeit(Color::White));
    t.push_round(Round {
        pairings: vec![one_forfeit],
        byes: vec![],
    })
    .unwrap();
    let s = states_before(&t, RoundNo::new(2).unwrap());
    assert_eq!(s[0].score, Points::from_tenths(15));
    assert!(s[0].has_played(tpn(2)));
}

#[test]
fn one_game_rounds_refuse_unmirrored_results() {
    let mut t = field(System::Dutch1992, 2);
    let half_nil = GameResult::from_parts(
        engine::model::result::GameMode::Played,
        engine::model::result::GameScore::Draw,
        engine::model::result::GameScore::Loss,
    )
    .unwrap();
    let e = t.push_round(Round {
        pairings: vec![played(1, 2, half_nil)],
        byes: vec![],
    });
    assert!(e.is_err());
}

#[test]
fn double_swiss_1_6_no_colour_when_no_game_was_played() {
    // Each player forfeits one game: the match is not a forfeit (nobody forfeited both), so it
    // counts as a meeting, but no game was played, so it gives no colour (1.6).
    let mut t = field(System::DoubleSwiss, 2);
    let each_one = Pairing {
        white: tpn(1),
        black: tpn(2),
        games: vec![
            Some(GameResult::forfeit(Color::White)),
            Some(GameResult::forfeit(Color::Black)),
        ],
    };
    assert!(each_one.is_played());
    assert!(!each_one.has_game_played());
    t.push_round(Round {
        pairings: vec![each_one],
        byes: vec![],
    })
    .unwrap();
    let s = states_before(&t, RoundNo::new(2).unwrap());
    assert!(s[0].has_played(tpn(2)));
    assert_eq!(s[0].played_colors().count(), 0);
    assert_eq!(s[0].color_preference(), ColorPreference::None);
}

/// Dubov 9: the published AROs show what the pairing compares. 2318.4 (5 games) and
/// 2318.43 (7 games) differ, and one decimal would show both as 2318.4.
#[test]
fn dubov_9_aros_are_shown_with_the_precision_they_are_compared_with() {
    use engine::model::history::Aro;
    let five = Aro {
        sum: 11592,
        games: 5,
    };
    let seven = Aro {
        sum: 16229,
        games: 7,
    };
    assert!(seven > five);
    assert_eq!(five.to_string(), "2318.400");
    assert_eq!(seven.to_string(), "2318.429");
    assert_eq!(Aro::default().to_string(), "0.000");
    // Equal values with different counts are equal.
    assert_eq!(
        Aro {
            sum: 4000,
            games: 2
        },
        Aro {
            sum: 6000,
            games: 3
        }
    );
    assert_eq!(Aro::default().with(2000).with(2001).to_string(), "2000.500");
    // Beyond what 64 bits hold (no sum of ratings comes near it): the same rounding.
    assert_eq!(
        Aro {
            sum: 10_000_000_000_000_001,
            games: 4
        }
        .to_string(),
        "2500000000000000.250"
    );
}

/// Dubov 6.2, 7 and 8 sort by ARO: the number `Aro::key` sorts by is ordered exactly as the
/// AROs are, equal where they are equal. Every pair of AROs of 1 to 40 games whose averages
/// lie within a point of each other (where rounding could swap them), ratings 1,000-2,900,
/// plus the extremes (no game; the highest ratings over the most games a `u16` of rounds
/// allows).
#[test]
fn dubov_6_2_the_aro_sort_key_is_ordered_as_the_aros() {
    use engine::model::history::Aro;
    let mut aros: Vec<Aro> = vec![
        Aro::default(),
        Aro {
            sum: 65535 * 65535,
            games: 65535,
        },
        Aro {
            sum: 65535 * 65535 - 1,
            games: 65535,
        },
        Aro {
            sum: 65534 * 65535,
            games: 65534,
        },
    ];
    // Around 2,318.4 (where 5 and 7 games nearly meet) and 1,000: every count, each sum
    // within a point of the average.
    for centre in [1000u64, 2318, 2900] {
        for games in 1..=40u64 {
            for sum in centre * games - games..=centre * games + games {
                aros.push(Aro { sum, games });
            }
        }
    }
    let (mut equal, mut compared) = (0, 0);
    for a in &aros {
        for b in &aros {
            assert_eq!(a.key().cmp(&b.key()), a.cmp(b), "{a:?} against {b:?}");
            compared += 1;
            equal += usize::from(a == b);
        }
    }
    assert!(compared > 1_000_000, "{compared} compared");
    // Equal averages over different counts (4,000/2 and 6,000/3) are among them.
    assert!(equal > aros.len(), "{equal} equal");
}

fn date(y: i32, m: u8, day: u8) -> Date {
    Date::new(y, m, day).expect("a date")
}

/// A rating report's details read from the header records another program wrote (TRF
/// 012-132), and written back to the same.
#[test]
fn a_header_written_by_another_program_gives_its_details() {
    let header = "012 Club Championship\n022 Ulm\n032 GER\n042 02. 10. 2026\n052 2026/10/04\n\
                  062 2\n092 Individual: Swiss-System\n102 IA Ann Smith\n112 FA Bob Jones\n\
                  112 \n122 40/120, 60\n";
    // 132's dates at positions 92-99 and 102-109.
    let dates = format!("132{}26/10/02  26/10/03\n", " ".repeat(88));
    let players = "001    1      Alpha,Ann                         2100                             0.0    1\n\
                   001    2      Beta,Ben                          2000                             0.0    2\n";
    let text = &format!("{header}{dates}{players}");
    let t = engine::formats::trf::read(text).expect("reads");
    let d = Details::from_header(&t.info);
    assert_eq!(d.name, "Club Championship");
    assert_eq!(d.city, "Ulm");
    assert_eq!(d.federation, "GER");
    assert_eq!(
        (d.start, d.end),
        (Some(date(2026, 10, 2)), Some(date(2026, 10, 4)))
    );
    assert_eq!(d.chief_arbiter, "IA Ann Smith");
    assert_eq!(
        d.deputy_arbiters,
        ["FA Bob Jones"],
        "an empty 112 names nobody"
    );
    assert_eq!(d.time_control, "40/120, 60");
    assert_eq!(
        d.round_dates,
        [Some(date(2026, 10, 2)), Some(date(2026, 10, 3))]
    );
    // Written again, the header says the same.
    let again = Details::from_header(&d.header_records(&t));
    assert_eq!(again, d);
}

/// TRF 072 counts the rated players as TRF defines them: a player written with rating 0 (as
/// many programs write "unrated") or none is not rated. (An import exported again wrote 52 for a
/// file of 52 players of whom 11 are unrated.)
#[test]
fn trf_072_counts_only_rated_players() {
    let mut t = engine::Tournament::new(engine::Settings::new(System::Dutch2026));
    let mk = |name: &str, rating: Option<u16>| {
        let mut p = Player::new(Tpn::from_index(0), name);
        p.rating = rating;
        p
    };
    t.seed_players(vec![
        mk("Rated,One", Some(2100)),
        mk("Rated,Two", Some(1500)),
        mk("Zero,Written", Some(0)),
        mk("None,Given", None),
    ]);
    let header = Details::default().header_records(&t);
    let count = |code: &str| {
        header
            .iter()
            .find(|r| r.code == code)
            .map(|r| r.text.clone())
    };
    assert_eq!(count("062").as_deref(), Some("4"));
    assert_eq!(count("072").as_deref(), Some("2"));
}
