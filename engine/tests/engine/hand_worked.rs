//! The hand-worked cases, as data: each `tests/fixtures/trf/hand-worked/NAME.trf` (the event
//! so far) beside `NAME.expected` (the case worked by hand from the rule text, as comments; the
//! pairing it arrives at; the steps the explanation must hold), checked by one helper,
//! [`check`]. The test is named after the articles the case turns on. The format is described
//! in that folder's README.

use crate::support::{check, hand_worked_dir};

macro_rules! hand_worked {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*

        /// Every case in the folder has its test here, and every test its case.
        #[test]
        fn every_hand_worked_case_is_checked() {
            let listed: std::collections::BTreeSet<String> =
                [$(stringify!($name)),*].iter().map(|s| s.to_string()).collect();
            let mut found = std::collections::BTreeSet::new();
            for entry in std::fs::read_dir(hand_worked_dir()).unwrap() {
                let path = entry.unwrap().path();
                let ext = path.extension().and_then(|e| e.to_str()).unwrap_or_default();
                if ext == "trf" || ext == "expected" {
                    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
                    assert!(
                        path.with_extension(if ext == "trf" { "expected" } else { "trf" }).is_file(),
                        "{stem}: a .trf needs its .expected and the other way round"
                    );
                    found.insert(stem);
                }
            }
            assert_eq!(found, listed, "the folder and this list differ");
        }
    };
}

hand_worked!(
    double_swiss_3_4_1_the_bye_leaves_a_legal_pairing,
    double_swiss_c3_the_rest_must_stay_pairable,
    double_swiss_c6_the_following_group_pairs_itself,
    double_swiss_c6_the_following_group_pairs_itself_in_the_last_round,
    double_swiss_c7_not_again_a_floater,
    double_swiss_c7_not_again_a_floater_in_the_last_round,
    double_swiss_c8_not_against_a_floater,
    double_swiss_c8_not_against_a_floater_in_the_last_round,
    dubov_2_1_a_forfeited_game_was_not_played,
    dutch_1992_b6_notes_b2_relaxed_only_if_it_avoids_downfloaters,
    dubov_2_1_no_rematch_even_between_whites,
    dubov_2_3_2_6_not_more_than_two_blacks_over_whites,
    dubov_2_4_2_6_not_three_blacks_in_a_row,
    dubov_2_5_not_more_than_three_upfloats,
    dubov_2_6_7_3_a_player_is_not_moved_into_a_third_black,
    dubov_4_2_2_the_bye_skips_who_had_a_point_without_playing,
    dubov_5_the_first_round,
    dubov_6_3_a_rematch_takes_the_next_black_below,
    dubov_6_4_2_3_floaters_are_those_who_can_play_below,
    dubov_6_4_a_floater_from_a_higher_group_in_an_earlier_round,
    dubov_7_1_a_player_alone_takes_one_from_below,
    dubov_7_2_6_2_a_whole_round,
    dubov_7_3_7_4_unequal_colour_groups_are_evened,
    dubov_8_1_the_white_floater_is_paired_first,
    dubov_8_2_2_3_a_floater_takes_the_opposite_due_colour_first,
    dutch_1992_a4_b6_the_downfloat_of_a_player_paired_down_counts,
    dutch_1992_b1_c13_joined_brackets_and_the_bye,
    dutch_1992_b3_the_higher_player_moved_down_is_paired,
    dutch_1992_b5_a5_the_bye_was_a_downfloat,
    dutch_1992_b6_notes_c13_b2_is_kept_in_the_look_ahead,
    dutch_1992_c12_b2_the_bracket_above_moves_another_player_down,
    dutch_1992_c14_c10_c9_b6_b5_lowering_p_and_relaxing_floats,
    dutch_1992_c1_a3_c11_players_with_no_opponent_move_down,
    dutch_1992_c2_c6_every_bracket_paired_at_the_first_try,
    dutch_1992_c8_b4_exchange_before_raising_x,
    dutch_1992_d1_c7_first_transposition_in_order,
    dutch_2026_1_4_3_c14_a_forfeit_win_is_a_downfloat,
    dutch_2026_1_8_c3_topscorers_of_the_same_absolute_colour_meet_in_the_final_round,
    dutch_2026_3_1_3_3_7_3_one_of_two_mdps_is_paired_the_next_set_when_the_first_is_not_perfect,
    dutch_2026_3_7_2_the_mdp_meets_the_next_resident_when_the_first_is_not_perfect,
    dutch_2026_4_2_2_c12_a_transposition_grants_every_colour,
    dutch_2026_4_3_2_c1_c12_an_exchange_grants_every_colour,
    dutch_2026_5_2_1_both_colour_preferences_are_granted,
    dutch_2026_5_2_2_c13_the_stronger_preference_is_granted,
    dutch_2026_5_2_3_alternate_to_the_most_recent_difference,
    dutch_2026_5_2_4_the_higher_ranked_players_preference,
    dutch_2026_5_2_5_a_player_never_paired_has_no_tpn,
    dutch_2026_c2_c5_no_second_bye_and_the_lowest_score_that_can_take_it,
    dutch_2026_c3_the_same_absolute_colour_before_the_final_round,
    dutch_2026_c4_two_float_so_that_the_last_two_can_be_paired,
    dutch_2026_c6_every_player_paired_though_colours_suffer,
    dutch_2026_c7_the_mdp_is_paired_rather_than_floated,
    dutch_2026_c8_the_downfloater_chosen_so_that_the_next_bracket_pairs_everyone_it_can,
    dutch_2026_c9_the_bye_to_a_player_without_unplayed_games,
    dutch_2026_c10_no_topscorer_beyond_a_colour_difference_of_two,
    dutch_2026_c11_no_topscorer_with_one_colour_three_times_in_a_row,
    dutch_2026_c15_the_mdp_does_not_meet_last_rounds_upfloater,
    dutch_2026_c16_the_downfloater_of_two_rounds_before_is_not_floated_again,
    dutch_2026_c17_the_mdp_does_not_meet_the_upfloater_of_two_rounds_before,
    dutch_2026_c18_the_mdp_who_downfloated_last_round_is_paired_rather_than_floated_further,
    dutch_2026_c19_the_upfloater_meets_the_mdp_of_the_smaller_score_difference,
    dutch_2026_c21_the_upfloater_of_two_rounds_before_meets_the_mdp_of_the_smaller_score_difference,
    dutch_2026_c20_an_mdp_left_in_the_limbo_is_weighed_by_its_float,
    dutch_2026_c20_the_mdp_left_with_the_bye_is_weighed_by_its_float,
);
