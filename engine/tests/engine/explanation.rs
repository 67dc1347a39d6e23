//! The explanation in an arbiter's words (issue #59): the players named beside their pairing
//! numbers, each criterion's meaning beside its code the first time a bracket names it, the
//! colours and floats that decided a colour or a float, round 1's lot, and one story per
//! bracket (the sequence's first candidate set aside before the one taken is named).
use engine::pairing::explanation::Step;
use engine::System;

/// Six players after round 1 (the lot gave White to TPN 1): 1 beat 4 with White, 2 beat 5 with
/// Black, 3 and 6 drew (3 White). Round 2: 1 and 2 on 1.0, 3 and 6 (who met) on 0.5, 4 and 5
/// on 0.0.
const AFTER_ROUND_ONE: &str = "012 Explained\n\
XXR 5\n\
XXC white1\n\
001    1      Garcia López,Juan                 2400                             1.0          4 w 1\n\
001    2      Ng,Wei                            2390                             1.0          5 b 1\n\
001    3      Kaya,Eva                          2380                             0.5          6 w =\n\
001    4      Marin,Oskar                       2370                             0.0          1 b 0\n\
001    5      Jensen,Chen                       2360                             0.0          2 w 0\n\
001    6      Bauer,Hanna                       2350                             0.5          3 b =\n";

/// The same six players before round 1, the lot having drawn Black.
const BEFORE_ROUND_ONE: &str = "012 Explained\n\
XXR 5\n\
XXC black1\n\
001    1      Garcia López,Juan                 2400                             0.0\n\
001    2      Ng,Wei                            2390                             0.0\n\
001    3      Kaya,Eva                          2380                             0.0\n\
001    4      Marin,Oskar                       2370                             0.0\n\
001    5      Jensen,Chen                       2360                             0.0\n\
001    6      Bauer,Hanna                       2350                             0.0\n";

/// The Dutch 2026 explanation of the next round of `text`.
fn explained(text: &str) -> Vec<Step> {
    let t = engine::formats::trf::read_as(text, Some(System::Dutch2026)).unwrap();
    engine::pairing::pair_next_round(&t, System::Dutch2026)
        .unwrap()
        .explanation
}

/// Whether a step under `article` says `said`, the steps shown otherwise.
fn says(steps: &[Step], article: &str, said: &str) {
    assert!(
        steps.iter().any(|s| s.says(article, said)),
        "no step under {article} says {said:?}:\n{}",
        engine::pairing::explanation::to_text(steps)
    );
}

#[test]
fn dutch_2026_the_explanation_names_each_player_beside_the_pairing_number() {
    let steps = explained(AFTER_ROUND_ONE);
    assert!(
        steps
            .iter()
            .any(|s| s.article.is_none() && s.text.contains("residents 1 Garcia López, 2 Ng")),
        "{}",
        engine::pairing::explanation::to_text(&steps)
    );
    says(&steps, "3.4", "3 Kaya - 4 Marin, 6 Bauer - 5 Jensen");
    says(&steps, "5.2.1", "board 1: 2 Ng - 1 Garcia López:");
}

/// [C8] decides the top bracket (3 and 6 have met, so the next bracket must float both): its
/// meaning comes with its code, once in the bracket's story.
#[test]
fn dutch_2026_a_criterion_is_given_with_its_meaning_the_first_time_a_bracket_names_it() {
    let steps = explained(AFTER_ROUND_ONE);
    says(
        &steps,
        "3.8",
        "it leaves unmet C8 (downfloaters that let the next bracket meet C1-C7 as well as it \
         can): the next bracket must then leave 2 players unpaired",
    );
    let meanings = steps
        .iter()
        .filter(|s| s.text.contains("C8 (downfloaters"))
        .count();
    assert_eq!(meanings, 1);
}

/// 5.2.1: each preference with the colours played that made it.
#[test]
fn dutch_2026_a_colour_decision_gives_the_preferences_and_the_colours_played() {
    let steps = explained(AFTER_ROUND_ONE);
    says(
        &steps,
        "5.2.1",
        "board 1: 2 Ng - 1 Garcia López: 1 Garcia López gets Black: both preferences are \
         granted: 1 Garcia López prefers Black (strong; colours W); 2 Ng prefers White \
         (strong; colours B).",
    );
}

/// 5.1 and 5.2.5: round 1 says what the lot drew, and each board that the lot's colour
/// decided says so.
#[test]
fn dutch_2026_round_one_says_the_colour_the_lot_drew() {
    let steps = explained(BEFORE_ROUND_ONE);
    says(&steps, "5.1", "the lot drawn before round 1 gave Black");
    says(
        &steps,
        "5.2.5",
        "board 1: 4 Marin - 1 Garcia López: 1 Garcia López gets Black: neither has played a \
         game, so neither has a colour preference; the higher ranked player has an odd TPN, so \
         gets the lot's colour (Black)",
    );
}

/// [C14]: the downfloaters who floated down the round before are named with that round.
#[test]
fn dutch_2026_a_float_criterion_names_the_float_history_that_decided_it() {
    let t = crate::support::hand_worked(
        "dutch_2026_c3_the_same_absolute_colour_before_the_final_round",
    );
    let steps = engine::pairing::pair_next_round(&t, System::Dutch2026)
        .unwrap()
        .explanation;
    says(
        &steps,
        "3.8",
        "C14 (the fewest resident downfloaters who downfloated the round before): 1 Aa, who \
         downfloated in round 2, floats down again, 2 Bb, who downfloated in round 2, floats \
         down again",
    );
}

/// One story per bracket: the sequence's first candidate is set aside, with why, before the
/// candidate taken is named; the taken one is never called the first candidate.
#[test]
fn dutch_2026_a_bracket_sets_the_first_candidate_aside_before_naming_the_one_taken() {
    let name = "dutch_2026_3_7_2_the_mdp_meets_the_next_resident_when_the_first_is_not_perfect";
    let t = crate::support::hand_worked(name);
    let steps = engine::pairing::pair_next_round(&t, System::Dutch2026)
        .unwrap()
        .explanation;
    let at = |article: &str, said: &str| {
        steps
            .iter()
            .position(|s| s.says(article, said))
            .unwrap_or_else(|| panic!("{said}: {}", engine::pairing::explanation::to_text(&steps)))
    };
    let set_aside = at(
        "3.5",
        "the first candidate of the sequence, 1 Aa - 3 Cc; downfloater 4 Dd, is not taken",
    );
    let taken = at(
        "3.4",
        "taken: the first candidate of the sequence that fulfils every criterion (2 judged in \
         full): 1 Aa - 4 Dd",
    );
    assert_eq!(taken, set_aside + 1);
}

/// The explanation of `system` for the next round of `text`.
fn explained_by(system: System, text: &str) -> Vec<Step> {
    let t = engine::formats::trf::read_as(text, Some(system)).unwrap();
    engine::pairing::pair_next_round(&t, system)
        .unwrap()
        .explanation
}

/// How many steps say `said`.
fn count(steps: &[Step], said: &str) -> usize {
    steps.iter().filter(|s| s.text.contains(said)).count()
}

#[test]
fn dubov_2026_the_explanation_names_each_player_beside_the_pairing_number() {
    let steps = explained_by(System::Dubov2026, AFTER_ROUND_ONE);
    says(
        &steps,
        "3.2.2",
        "upfloaters 4 Marin, 5 Jensen (scores 0.0, 0.0)",
    );
    says(&steps, "3.2.6", "6 Bauer - 5 Jensen, 4 Marin - 3 Kaya");
}

/// 3.2.2 names [C5]-[C10]: each with its meaning, once in the score group's story.
#[test]
fn dubov_2026_a_criterion_is_given_with_its_meaning_the_first_time_a_score_group_names_it() {
    let steps = explained_by(System::Dubov2026, AFTER_ROUND_ONE);
    says(
        &steps,
        "3.2.2",
        "best by [C5]-[C10] ([C5] as few upfloaters as possible; [C6] upfloaters with scores as \
         high as possible",
    );
    assert_eq!(
        count(
            &steps,
            "[C7] the fewest players who do not get their colour"
        ),
        1
    );
}

/// 5.2.2: each preference with its strength and the colours played that made it.
#[test]
fn dubov_2026_a_colour_decision_gives_the_preferences_and_the_colours_played() {
    let steps = explained_by(System::Dubov2026, AFTER_ROUND_ONE);
    says(
        &steps,
        "5.2.2",
        "board 2: 4 Marin - 3 Kaya: 3 Kaya gets Black: both preferences are granted: 3 Kaya \
         prefers Black (strong; colours W); 4 Marin prefers White (strong; colours B).",
    );
}

/// 5.1 and 5.2.1: round 1 says what the lot drew, and each board says how the TPN's parity
/// gave its colours.
#[test]
fn dubov_2026_round_one_says_the_colour_the_lot_drew() {
    let steps = explained_by(System::Dubov2026, BEFORE_ROUND_ONE);
    says(&steps, "5.1", "the lot drawn before round 1 gave Black");
    says(
        &steps,
        "5.2.1",
        "board 2: 2 Ng - 5 Jensen: 2 Ng gets White: neither has played a game; the higher \
         ranked player has an even TPN, so gets the opposite of the lot's colour (Black).",
    );
}

/// Two rounds: round 2 is the first Burstein round (1.6: one seeding round).
fn burstein_round_two() -> Vec<Step> {
    explained_by(
        System::Burstein2026,
        &AFTER_ROUND_ONE.replace("XXR 5", "XXR 2"),
    )
}

#[test]
fn burstein_2026_the_explanation_names_each_player_beside_the_pairing_number() {
    let steps = burstein_round_two();
    says(
        &steps,
        "3.2.2",
        "no pair; outgoing floaters 3 Kaya, 6 Bauer",
    );
    says(
        &steps,
        "3.2.2",
        "4 Marin - 3 Kaya, 5 Jensen - 6 Bauer; no outgoing floater",
    );
}

/// 3.2.2 names [C5]-[C8] in each score group: their meanings are given again in each one's
/// story, and once in it.
#[test]
fn burstein_2026_a_criterion_is_given_with_its_meaning_the_first_time_a_score_group_names_it() {
    let steps = burstein_round_two();
    says(
        &steps,
        "3.2.2",
        "best by [C5]-[C8] ([C5] as many pairs as possible, that is as few outgoing floaters as \
         possible; [C6] outgoing floaters with scores as low as possible; [C7] outgoing \
         floaters that let the next bracket meet C1-C6; [C8] the fewest players who do not get \
         their colour preference)",
    );
    assert_eq!(
        count(&steps, "[C6] outgoing floaters with scores as low"),
        3
    );
}

/// 5.2.2: each preference with its strength and the colours played that made it, the higher
/// ranked by 1.8 first.
#[test]
fn burstein_2026_a_colour_decision_gives_the_preferences_and_the_colours_played() {
    let steps = burstein_round_two();
    says(
        &steps,
        "5.2.2",
        "board 2: 4 Marin - 3 Kaya: 4 Marin gets White: both preferences are granted: 4 Marin \
         prefers White (strong; colours B); 3 Kaya prefers Black (strong; colours W).",
    );
}

/// Round 1 is a seeding round (1.6), paired by the Dutch system, which says the lot.
#[test]
fn burstein_2026_round_one_says_the_colour_the_lot_drew() {
    let steps = explained_by(System::Burstein2026, BEFORE_ROUND_ONE);
    says(&steps, "1.6", "Round 1 is a seeding round");
    says(&steps, "5.1", "the lot drawn before round 1 gave Black");
}

#[test]
fn dubov_1997_the_explanation_names_each_player_beside_the_pairing_number() {
    let steps = explained_by(System::Dubov, AFTER_ROUND_ONE);
    says(
        &steps,
        "7.1",
        "3 Kaya can play no one in the group; 4 Marin is transferred up to play him.",
    );
    says(&steps, "6.2", "white (ARO): 2 Ng (2360.000).");
}

/// 3: a board's line gives each player's due colour and the colours played.
#[test]
fn dubov_1997_a_colour_decision_gives_the_due_colours_and_the_colours_played() {
    let steps = explained_by(System::Dubov, AFTER_ROUND_ONE);
    says(
        &steps,
        "3",
        "board 2: 4 Marin - 3 Kaya (both due colours: 4 Marin is due White, colours B; 3 Kaya \
         is due Black, colours W).",
    );
}

/// 5: round 1 says what the lot drew, and each board how it gave its colours.
#[test]
fn dubov_1997_round_one_says_the_colour_the_lot_drew() {
    let steps = explained_by(System::Dubov, BEFORE_ROUND_ONE);
    says(&steps, "5", "the lot drawn before round 1 gave Black");
    says(
        &steps,
        "5",
        "board 2: 2 Ng - 5 Jensen: 2 Ng of the upper half gets White, the other colour in an \
         even-numbered pair.",
    );
}

/// E.1: a board's line names both players and gives each preference with the colours
/// played.
#[test]
fn dutch_1992_a_colour_decision_gives_the_preferences_and_the_colours_played() {
    let steps = explained_by(System::Dutch1992, AFTER_ROUND_ONE);
    says(
        &steps,
        "E.1",
        "board 1: 2 Ng - 1 Garcia López: 1 Garcia López prefers Black (strong; colours W); 2 Ng \
         prefers White (strong; colours B).",
    );
}

/// A.7 and E.5: round 1 says what the lot drew, names S1 and S2, and says how each board got
/// its colours.
#[test]
fn dutch_1992_round_one_names_the_players_and_says_the_colour_the_lot_drew() {
    let steps = explained_by(System::Dutch1992, BEFORE_ROUND_ONE);
    says(
        &steps,
        "A.6",
        "S1 = 1 Garcia López, 2 Ng, 3 Kaya; S2 = 4 Marin",
    );
    says(
        &steps,
        "E.5",
        "the lot drawn before round 1 gave Black (A.7)",
    );
    says(
        &steps,
        "E.5",
        "board 2: 2 Ng - 5 Jensen: 2 Ng, an even-numbered player of S1, gets White.",
    );
}
