//! The Dubov system (1997 text) beyond round 1, tests named after the articles.

use crate::support::{fewest_breaches, legal_pairing_exists, Limits};
use engine::generate::GenerateConfig;
use engine::history::{states_before, Float};
use engine::pairing::RoundPairing;
use engine::{RoundNo, System};

/// Generated tournaments of many sizes: every round the system pairs meets the limitations
/// 2.1-2.4 (the generator validates each); 2.5's upfloat limits hold in every round except
/// those the explanation says it set them aside in, and there no pairing could keep them;
/// a refused round has no pairing meeting 2.1-2.4; re-pairing every recorded round gives what
/// was paired.
#[test]
fn generated_tournaments_are_legal_and_keep_the_upfloat_limits() {
    let mut rounds_paired = 0;
    let mut refused = 0;
    let mut set_aside = 0;
    let mut total_breaches = 0;
    for seed in 0..1000u64 {
        let players = [4, 5, 6, 7, 9, 12, 15, 20, 33, 50][(seed % 10) as usize];
        let rounds = 3 + (seed % 9) as u16;
        let config = GenerateConfig {
            system: System::Dubov,
            players,
            rounds,
            seed,
        };
        let (t, outcome) = engine::generate::generate_partial(config);
        rounds_paired += t.rounds().len();
        if let Err(e) = outcome {
            let engine::generate::GenerateError::Pairing { round, error } = e else {
                panic!("seed {seed}: {e}");
            };
            assert!(
                matches!(error, engine::pairing::PairingError::NoValidPairing { .. }),
                "seed {seed}: {error}"
            );
            assert!(
                !legal_pairing_exists(&t, round, false, false),
                "seed {seed}: round {round} refused but a pairing meeting 2.1-2.4 exists"
            );
            refused += 1;
        }
        let limit = if rounds >= 10 { 4 } else { 3 };
        for r in 1..=t.rounds().len() {
            let round = RoundNo::new(r as u16).unwrap();
            let before = engine::check::before_round(&t, round);
            let again = engine::pairing::pair_next_round(&before, System::Dubov).unwrap();
            let recorded: Vec<(engine::Tpn, engine::Tpn)> = t.rounds()[r - 1]
                .pairings
                .iter()
                .map(|p| (p.white, p.black))
                .collect();
            assert_eq!(again.pairs, recorded, "seed {seed}: round {r} re-paired");
            let said = again.explanation.iter().any(|l| l.contains("set aside"));
            if said {
                assert!(
                    !legal_pairing_exists(&before, round, false, true),
                    "seed {seed}: round {r}: 2.5 set aside although a pairing keeps it"
                );
                set_aside += 1;
            }
            // 2.5, except in the last round: no upfloat two rounds running, at most three
            // (fewer than 10 rounds) or four.
            if r == rounds as usize {
                continue;
            }
            let states = states_before(&t, round);
            let mut breaches = Vec::new();
            for p in &recorded {
                let (a, b) = (&states[p.0.index()], &states[p.1.index()]);
                let lower = match a.score.cmp(&b.score) {
                    std::cmp::Ordering::Greater => b,
                    std::cmp::Ordering::Less => a,
                    std::cmp::Ordering::Equal => continue,
                };
                let ups = lower
                    .floats
                    .iter()
                    .filter(|f| **f == Some(Float::Up))
                    .count();
                if ups >= limit || lower.floats.last() == Some(&Some(Float::Up)) {
                    breaches.push(lower.tpn);
                }
            }
            // Not one breach more than the fewest any pairing of the round has (none when a
            // pairing keeps 2.5), and only where the explanation says so.
            let fewest = fewest_breaches(&before, round, false, Limits::Ignored)
                .expect("the round was paired");
            assert!(
                breaches.len() <= fewest,
                "seed {seed}: round {r}: 2.5 broken for {breaches:?}, the fewest possible is {fewest}"
            );
            assert!(breaches.is_empty() || said, "seed {seed}: round {r}");
            total_breaches += breaches.len();
        }
    }
    eprintln!(
        "{rounds_paired} rounds paired; {refused} refused (no pairing meets 2.1-2.4); 2.5 set aside in {set_aside}, {total_breaches} upfloats against it in all (each round the fewest possible)"
    );
    assert!(rounds_paired > 5000);
}

/// A hand-worked case: `name`'s TRF file (checked against `rounds` played by the first `n`
/// players of a five-round event), paired by the system and checked by the validator. The
/// pairing, and its pairs (White, Black) board by board.
fn hand_worked(name: &str, n: u32, rounds: &[&str]) -> (RoundPairing, Vec<(u32, u32)>) {
    hand_worked_of(name, n, 5, rounds)
}

/// [`hand_worked`] for an event of `total` rounds.
fn hand_worked_of(
    name: &str,
    n: u32,
    total: u16,
    rounds: &[&str],
) -> (RoundPairing, Vec<(u32, u32)>) {
    let t = crate::dutch::from_file(
        name,
        crate::dutch::event_for(System::Dubov, n, total, rounds),
    );
    let p = engine::pairing::pair_next_round(&t, System::Dubov).unwrap();
    assert_eq!(engine::validate::validate(&t, System::Dubov, &p), vec![]);
    let pairs = p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect();
    (p, pairs)
}

/// `pairs` in order, whatever the boards.
fn sorted(mut pairs: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    pairs.sort();
    pairs
}

/// Asserts that the explanation says each of `said`.
fn says(p: &RoundPairing, said: &[&str]) {
    let text = p.explanation.join("\n");
    for s in said {
        assert!(text.contains(s), "{s}\n{text}");
    }
}

/// 7.2, 6.2 and 6.3 in a whole round: round 2 of 6 (R 2400, 2390, ... 2350) after 1-4 1-0,
/// 5-2 0-1, 3-6 1-0. Group 1 = {1, 2, 3} is odd; its due colours are Black (1, 3) and White
/// (2), so Black dominates and 7.2 takes from group 0 the player due White with the highest R
/// who has not met all of the group: 4 (R 2370; 6 has R 2350). Whites by ARO: 2 (2360), 4
/// (2400); blacks by R: 1 (2400), 3 (2380): 2-1, 4-3, none met before. Group 0 = {5, 6}: 6 is
/// due White, 5 Black: 6-5. Boards by score, then the sum.
#[test]
fn dubov_7_2_6_2_a_whole_round() {
    let (p, got) = hand_worked(
        "dubov_7_2_6_2_a_whole_round",
        6,
        &["1-4 1-0; 5-2 0-1; 3-6 1-0"],
    );
    assert_eq!(
        got,
        vec![(2, 1), (4, 3), (6, 5)],
        "{}",
        p.explanation.join("\n")
    );
    // 9: the AROs, three decimals (what the pairing compares, exactly).
    says(
        &p,
        &[
            "7.2: the group is odd; 4 ",
            "1 (2370.000), 2 (2360.000), 3 (2350.000)",
        ],
    );
}

/// 2.1 (with 6.3's last case): round 3 of 5, four players (R 2400, 2390, 2380, 2370), every
/// game drawn: round 1 (5) 1-3, 4-2; round 2 (6.2) 2-1, 3-4. All have 1 point and one White,
/// one Black: due colours (1) White for 1 and 4 (Black last), Black for 2 and 3. Whites by
/// ARO: 1 and 4 both 2385, so the lower R first: 4, then 1; blacks by R: 2, 3. Row 1, 4-2, is a
/// rematch (2.1), and 4 has met the other black, 3, too: 6.3 looks for his opponent among the
/// whites below: 1. That leaves 2 and 3, who have not met. Colours (3): 4 and 1 are both due
/// White with the same history, and the same ARO: White to the lower R, 4; 2 and 3 likewise
/// (AROs 2385 both): White to 3. So 4-1, 3-2.
#[test]
fn dubov_2_1_no_rematch_even_between_whites() {
    let (p, got) = hand_worked(
        "dubov_2_1_no_rematch_even_between_whites",
        4,
        &["1-3 =; 4-2 =", "2-1 =; 3-4 ="],
    );
    assert_eq!(
        sorted(got),
        vec![(3, 2), (4, 1)],
        "{}",
        p.explanation.join("\n")
    );
}

/// 5: round 1 of seven players (a TRF with no games): the list is the pairing numbers' order;
/// the last, 7, gets the bye; 1-3 play 4-6 in order; the lot (`XXC white1`) gives the first
/// pair's left-hand player White, odd pairs the same, even pairs the other way: 1-4, 5-2, 3-6.
#[test]
fn dubov_5_the_first_round_from_a_file() {
    let t = crate::dutch::from_file(
        "dubov_5_the_first_round",
        crate::dutch::event_for(System::Dubov, 7, 5, &[]),
    );
    let p = engine::pairing::pair_next_round(&t, System::Dubov).unwrap();
    let got: Vec<(u32, u32)> = p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect();
    assert_eq!(
        (got, p.bye.map(|b| b.get())),
        (vec![(1, 4), (5, 2), (3, 6)], Some(7))
    );
}

/// 7.1, three times over: round 3 of 5, six players (R 2400, 2390, ... 2350): round 1 (5)
/// 1-4 1-0, 5-2 0-1, 3-6 1-0; round 2 2-1 =, 5-3 0-1, 4-6 =. Scores 3:2, 1:1.5, 2:1.5,
/// 4:0.5, 6:0.5, 5:0. 3 is alone (he can play no one of his group): 7.1 brings up from 1.5 the
/// player due the colour opposite to his (3 had White then Black: due White): 2 (Black then
/// White: due Black), so 3-2. Then 1 is alone: due White (White then Black); of 0.5, 4 is due
/// Black but has met 1, so the highest R of the others: 6, due White too, but 1 may take Black
/// (2.3, 2.4) and 6 may not (Black twice): 6-1. Then 4 alone takes 5 (the only one left, not
/// met): both are due Black and 5 has had White twice, so 4-5 (2.4, then 3). 5, the last,
/// floated up in round 2 and must again, whoever he meets: no pairing keeps 2.5 for him, so it
/// gives way for him alone (9), as the explanation says.
#[test]
fn dubov_7_1_a_player_who_has_met_his_group_takes_one_from_below() {
    let (p, got) = hand_worked(
        "dubov_7_1_a_player_alone_takes_one_from_below",
        6,
        &["1-4 1-0; 5-2 0-1; 3-6 1-0", "2-1 =; 5-3 0-1; 4-6 ="],
    );
    assert_eq!(
        got,
        vec![(3, 2), (6, 1), (4, 5)],
        "{}",
        p.explanation.join("\n")
    );
    says(
        &p,
        &[
            "7.1: 3 ",
            "7.1: 1 ",
            "7.1: 4 ",
            "they are set aside for 5 only",
        ],
    );
}

/// 7.4 and 7.3 in one round: round 2 of 5, eight players (R 2400, 2390, ... 2330) after
/// round 1 (5) 1-5 1-0, 6-2 1-0, 3-7 1-0, 8-4 0-1. Group 1 = {1, 3, 4, 6}: 1, 3 and 6 had
/// White and are due Black, 4 is due White: Blacks exceed Whites by 2, so 7.4 moves the black
/// with the highest ARO, 6 (2390, against 1's 2360 and 3's 2340), to the whites (White twice
/// is within 2.3 and 2.4). Whites by ARO: 4 (2330), 6 (2390); blacks by R: 1, 3: 4-1, 6-3.
/// Group 0 = {2, 5, 7, 8}: 2, 5 and 7 are due White, 8 Black: 7.3 moves the white with the
/// lowest ARO, 2 (2350, against 5's 2400 and 7's 2380), to the blacks. Whites by ARO: 7
/// (2380), 5 (2400); blacks by R: 2 (2390), 8 (2330): 7-2, 5-8. None of them has met.
#[test]
fn dubov_7_3_7_4_unequal_colour_groups_are_evened() {
    let (p, got) = hand_worked(
        "dubov_7_3_7_4_unequal_colour_groups_are_evened",
        8,
        &["1-5 1-0; 6-2 1-0; 3-7 1-0; 8-4 0-1"],
    );
    assert_eq!(
        sorted(got),
        vec![(4, 1), (5, 8), (6, 3), (7, 2)],
        "{}",
        p.explanation.join("\n")
    );
    says(&p, &["7.4: ", "7.3: "]);
}

/// 6.3: round 2 of 5, six players (R 2400, 2390, ... 2350), every game of round 1 (5) drawn:
/// 1-4, 5-2, 3-6, the left-hand player White. One group: 1, 5, 3 are due Black, 4, 2, 6
/// White. Whites by ARO (6.2): 2 (2360), 6 (2380), 4 (2400); blacks by R: 1, 3, 5. Row 2,
/// 6-3, is a rematch (2.1): 6.3 gives 6 the first black of the lower rows he has not met, 5,
/// and 4 takes 3. So 2-1, 6-5, 4-3.
#[test]
fn dubov_6_3_a_rematch_takes_the_next_black_below() {
    let (p, got) = hand_worked(
        "dubov_6_3_a_rematch_takes_the_next_black_below",
        6,
        &["1-4 =; 5-2 =; 3-6 ="],
    );
    assert_eq!(
        sorted(got),
        vec![(2, 1), (4, 3), (6, 5)],
        "{}",
        p.explanation.join("\n")
    );
    says(&p, &["6.3"]);
}

/// 4 with 2.2: round 3 of 5, five players (R 2400, 2390, ... 2360). Round 1 (5): 1-3 1-0,
/// 4-2 1-0, 5 the bye; round 2: 4-1 1-0, 5-2 0-1, 3 the bye. Scores 4:2, then 1, 2, 3 and 5
/// with 1: the lowest group. Its lowest R is 5's, and then 3's, but both have had a point
/// without playing (2.2): the bye goes to 2. Then 4, alone on 2 points and due Black (White
/// twice), takes from below by 7.1 one he has not met who is due White: 3 (5 is due Black).
/// Last, 1 (due White) meets 5 (due Black). So 3-4, 1-5, bye 2.
#[test]
fn dubov_4_2_2_the_bye_skips_who_had_a_point_without_playing() {
    let (p, got) = hand_worked(
        "dubov_4_2_2_the_bye_skips_who_had_a_point_without_playing",
        5,
        &["1-3 1-0; 4-2 1-0; 5 bye", "4-1 1-0; 5-2 0-1; 3 bye"],
    );
    assert_eq!(
        (sorted(got), p.bye.map(|b| b.get())),
        (vec![(1, 5), (3, 4)], Some(2)),
        "{}",
        p.explanation.join("\n")
    );
}

/// 2.6 with 7.3: round 3 of 5, eight players (R 2400, 2390, ... 2330). Round 1: 8-3 =, 1-4
/// 1-0, 2-5 =, 7-6 =; round 2: 6-3 =, 8-1 1-0, 4-2 =, 5-7 0-1 (White first). Group 1 =
/// {1, 2, 3, 6}: 3 had Black twice (due White, and may not have Black: 2.3, 2.4), 1 and 2 had
/// White then Black (due White), 6 Black then White (due Black). Whites exceed blacks by 2, so
/// 7.3 moves the white with the lowest ARO to the blacks: that is 3 (2340, against 1's 2350
/// and 2's 2365), but the move would give him a third Black, so 2.6 forbids it and 1 goes.
/// Whites by ARO: 3, 2; blacks by R: 1, 6: 3-1, 2-6. Group 1.5 = {7, 8}: 8 had White twice,
/// 7 is due White: 7-8. Group 0.5 = {4, 5}: both due Black, so 7.4 moves the one with the
/// higher ARO, 4 (2395 against 2365), to the whites: 4-5.
#[test]
fn dubov_2_6_7_3_a_player_is_not_moved_into_a_third_black() {
    let (p, got) = hand_worked(
        "dubov_2_6_7_3_a_player_is_not_moved_into_a_third_black",
        8,
        &[
            "8-3 =; 1-4 1-0; 2-5 =; 7-6 =",
            "6-3 =; 8-1 1-0; 4-2 =; 5-7 0-1",
        ],
    );
    assert_eq!(
        sorted(got),
        vec![(2, 6), (3, 1), (4, 5), (7, 8)],
        "{}",
        p.explanation.join("\n")
    );
    says(
        &p,
        &[
            "7.3: moved to the black subgroup (lowest ARO): 1",
            "2.6: 3 would come first but may not change subgroup",
        ],
    );
}

/// 6.4 with 2.3/2.4: round 3 of 5, six players (R 2400, 2390, ... 2350). Round 1: 5-6 0-1,
/// 2-1 1-0, 4-3 1-0; round 2: 2-6 =, 5-3 =, 1-4 = (White first). Group 1.5 = {2, 4, 6}: 2
/// had White twice (must have Black: 2.4), 6 Black twice (must have White), 4 White then
/// Black (due White). It is odd, and White dominates (4, 6), so 7.2 looks below for one due
/// Black: 1 (R 2400) floated up last round (played 4 from 0.5 points) and may not again (2.5);
/// 5 (R 2360, White twice) may: he joins. Columns (6.2): whites by ARO 6 (2375), 4 (2390);
/// blacks by R 2, 5. 6 has met both blacks, so 6.3 gives him the white below, 4; 2 and 5
/// cannot play each other (both must have Black: 2.3/2.4), so one pair only, and two float.
/// 6.4 chooses them: below are 1 and 3; 4 has met both, and 6 may meet neither (1 may not
/// float up, 3 must have White too), while 2 can play 3 and 5 can play 1: 6-4 stays and 2
/// and 5 float (a white-black pair such as 4-2 would leave 6 with no one anywhere). Below,
/// both floaters are due Black: 8.1 takes 2 first (the higher R); 8.2 gives him the player
/// due White, 3; 5 takes 1. So 6-4, 3-2, 1-5.
#[test]
fn dubov_6_4_2_3_floaters_are_those_who_can_play_below() {
    let (p, got) = hand_worked(
        "dubov_6_4_2_3_floaters_are_those_who_can_play_below",
        6,
        &["5-6 0-1; 2-1 1-0; 4-3 1-0", "2-6 =; 5-3 =; 1-4 ="],
    );
    assert_eq!(
        got,
        vec![(6, 4), (3, 2), (1, 5)],
        "{}",
        p.explanation.join("\n")
    );
    says(
        &p,
        &[
            "7.2: the group is odd; 5 (due Black, R 2360)",
            "6.4: chosen to float: 2 (can be paired below), 5 (can be paired below); kept: 6 (cannot be paired below), 4 (was a floater from above, cannot be paired below).",
            "8.2: floater 2 plays 3",
        ],
    );
}

/// 8.2 with 2.3/2.4 (and 6.4): round 3 of 5, eight players (R 2400, 2390, ... 2330). Round 1:
/// 2-3 0-1, 1-8 =, 5-6 0-1, 7-4 =; round 2: 5-3 1-0, 8-7 0-1, 2-1 1-0, 4-6 =. Group 1.5 = {6,
/// 7}: both due White; 7.3 moves the lower ARO, 7 (2350 against 2365), to Black: 6-7. Group 1
/// = {2, 3, 4, 5}: 3 must have White (Black twice), 2 and 5 Black (White twice), 4 is due
/// Black. Blacks exceed whites by 2: 7.4 would move the highest ARO, 2 (2390), then 5 (2365),
/// but neither may change (2.6): 4 (2345) moves. Whites 4 (2345), 3 (2375); blacks 2, 5. 3 has
/// met both blacks and 2-5 is turned down by 2.3/2.4 (both must have Black): every pair holds
/// 4, so one pair, and two float to {1, 8}. All can be paired there; 3 came down from a
/// higher score in round 2 (1 point against 5's 0) and the others never did, so 6.4 floats 2
/// and 5 and keeps 3: 3-4 (White to 3, B.2). 8.1: both floaters are due Black, by R: 2
/// first; 8.2 wants for him the player due the opposite colour, 1 (due White), whom he met,
/// so 8 (due Black); 5 then takes 1, due White and the highest R. So 6-7, 3-4, 1-5, 8-2.
#[test]
fn dubov_8_2_2_3_a_floater_takes_the_opposite_due_colour_first() {
    let (p, got) = hand_worked(
        "dubov_8_2_2_3_a_floater_takes_the_opposite_due_colour_first",
        8,
        &[
            "2-3 0-1; 1-8 =; 5-6 0-1; 7-4 =",
            "5-3 1-0; 8-7 0-1; 2-1 1-0; 4-6 =",
        ],
    );
    assert_eq!(
        got,
        vec![(6, 7), (3, 4), (1, 5), (8, 2)],
        "{}",
        p.explanation.join("\n")
    );
    says(
        &p,
        &[
            "2.6: 2 5 would come first but may not change subgroup",
            "6.4: floating down: 2 5.",
            "8.2: floater 2 plays 8 (R 2330).",
            "8.2: floater 5 plays 1 (R 2400).",
        ],
    );
}

/// 8.1: round 3 of 5, ten players (R 2400, 2390, ... 2310). Round 1: 4-1 =, 2-5 =, 10-3 =,
/// 8-6 1-0, 9-7 1-0; round 2: 1-10 1-0, 8-5 =, 2-7 0-1, 6-9 1-0, 3-4 1-0. Group 1.5 = {1, 3,
/// 8}, all due Black: 7.2 looks in group 1 = {5, 6, 7, 9} for one due White; 5, 6 and 7
/// floated up last round (2.5): 9. 7.4: 8 has the highest ARO but must have Black (2.6); 1
/// and 3 share 2340, so the lower R, 3, moves: whites 3, 9 (2345); blacks 1, 8: 3-1, 9-8.
/// Group 1 = {5, 6, 7}: odd, White dominates (5 and 7 had Black twice), so 7.2 takes from 0.5
/// = {2, 4, 10} the one due Black: 2 (White twice). Whites 7 (2355), 5 (2360); blacks 2, 6.
/// 7-2 and 5-2 are rematches and 5-7 is turned down (both must have White): one pair. All four
/// can be paired below; 2 came down from a higher score in round 2 (½ against 7's 0), so 6.4
/// keeps him and floats two who never did: his only pair is 2-6, and 7 and 5 float to {4,
/// 10}, both due White. 8.1: the "white" floaters in 6.2's order, 7 (ARO 2355) before 5
/// (2360): 8.2 gives 7 the highest R, 4 (none is due Black); 5 takes 10. (Taking 5 first
/// would have given him 4 and 7 10.) So 3-1, 9-8, 6-2, 7-4, 5-10.
#[test]
fn dubov_8_1_the_white_floater_is_paired_first() {
    let (p, got) = hand_worked(
        "dubov_8_1_the_white_floater_is_paired_first",
        10,
        &[
            "4-1 =; 2-5 =; 10-3 =; 8-6 1-0; 9-7 1-0",
            "1-10 1-0; 8-5 =; 2-7 0-1; 6-9 1-0; 3-4 1-0",
        ],
    );
    assert_eq!(
        got,
        vec![(3, 1), (9, 8), (6, 2), (7, 4), (5, 10)],
        "{}",
        p.explanation.join("\n")
    );
    says(
        &p,
        &[
            "7.2: the group is odd; 9 (due White, R 2320)",
            "7.2: the group is odd; 2 (due Black, R 2390)",
            "6.4: floating down: 7 5.",
            "8.2: floater 7 plays 4 (R 2370).",
            "8.2: floater 5 plays 10 (R 2310).",
        ],
    );
}

/// 2.4 alone (with 2.6): round 4 of 5, eight players (R 2400, 2390, ... 2330). Round 1: 6-1 =, 7-8
/// 0-1, 3-2 1-0, 5-4 0-1; round 2: 8-5 0-1, 6-4 0-1, 3-7 =, 1-2 =; round 3: 2-5 1-0, 7-6 1-0, 8-3
/// 1-0, 4-1 1-0. Group 3 = {4}: he has met 1, 5 and 6; 8 (2 points) has not, but floated up last
/// round (2.5), and of 1.5 = {2, 3, 7} 2 floated up last round too: 3 and 7 are due Black against
/// 4's White, and 3 has the higher R: 4-3 (7.1). Group 2 = {8}, White twice (must have Black): 7
/// and 5 have met him, 2 may not float up again, nor 1 (1 point; he floated up last round against
/// 4); 6 (0.5) can: 6-8 (7.1). Group 1.5 = {2, 7}: 2-7 (6.2). Group 1 = {1, 5}: both due White (1:
/// Black, White, Black; 5: White, Black, Black). 7.3 moves the lower ARO to Black: that is 5
/// (2363.3 against 2370), but he has had Black twice running and a third would break 2.4 (2.3 would
/// allow it: one White, three Blacks), so 2.6 keeps him and 1 moves: 5-1.
#[test]
fn dubov_2_4_2_6_not_three_blacks_in_a_row() {
    let (p, got) = hand_worked(
        "dubov_2_4_2_6_not_three_blacks_in_a_row",
        8,
        &[
            "6-1 =; 7-8 0-1; 3-2 1-0; 5-4 0-1",
            "8-5 0-1; 6-4 0-1; 3-7 =; 1-2 =",
            "2-5 1-0; 7-6 1-0; 8-3 1-0; 4-1 1-0",
        ],
    );
    assert_eq!(
        got,
        vec![(4, 3), (6, 8), (2, 7), (5, 1)],
        "{}",
        p.explanation.join("\n")
    );
    says(
        &p,
        &[
            "7.1: 4 can play no one in the group; 3 is transferred up",
            "7.1: 8 can play no one in the group; 6 is transferred up",
            "2.6: 5 would come first but may not change subgroup",
        ],
    );
}

/// 2.3 alone (with 2.6): round 5 of 7, six players (R 2400, 2390, ... 2350). Round 1: 1-6
/// 1-0, 5-2 1-0, 4-3 1-0; round 2: 4-5 1-0, 1-3 1-0, 6-2 1-0; round 3: 2-1 1-0, 3-5 0-1, 6-4
/// 0-1; round 4: 1-4 1-0, 5-6 1-0, 2-3 0-1. Group 3 = {1, 4, 5}: 4 has met 1 and 5, and of
/// group 1 = {2, 3, 6} only 2 has not met him: 4-2 (7.1; 4 had Black twice, 2 White twice).
/// 1 and 5 are both due Black; their AROs are equal (2372.5), so 7.4 moves the lower R, 5:
/// 5-1. Group 1 = {3, 6}, both due White, equal AROs (2380): 7.3 would move the higher R, 3,
/// but 3 has had three Blacks and one White (Black, Black, White, Black: never three in a
/// row, so 2.4 allows it) and a fourth Black would make the difference 3 (2.3): 2.6 keeps
/// him, and 6 moves: 3-6.
#[test]
fn dubov_2_3_2_6_not_more_than_two_blacks_over_whites() {
    let (p, got) = hand_worked_of(
        "dubov_2_3_2_6_not_more_than_two_blacks_over_whites",
        6,
        7,
        &[
            "1-6 1-0; 5-2 1-0; 4-3 1-0",
            "4-5 1-0; 1-3 1-0; 6-2 1-0",
            "2-1 1-0; 3-5 0-1; 6-4 0-1",
            "1-4 1-0; 5-6 1-0; 2-3 0-1",
        ],
    );
    assert_eq!(
        got,
        vec![(5, 1), (4, 2), (3, 6)],
        "{}",
        p.explanation.join("\n")
    );
    says(
        &p,
        &[
            "7.4: moved to the white subgroup (highest ARO): 5.",
            "2.6: 3 would come first but may not change subgroup",
            "7.3: moved to the black subgroup (lowest ARO): 6.",
        ],
    );
}

/// 2.5's total (fewer than 10 rounds: three upfloats at most): round 6 of 9, eight players (R
/// 2400, 2390, ... 2330). Round 1: 8-4 =, 6-2 1-0, 7-3 =, 5-1 0-1; round 2: 2-3 1-0, 1-8 =,
/// 7-6 =, 4-5 =; round 3: 3-8 1-0, 5-7 1-0, 1-6 =, 4-2 =; round 4: 8-2 1-0, 6-5 0-1, 7-1 1-0,
/// 3-4 =; round 5: 2-7 1-0, 5-8 0-1, 6-4 1-0, 1-3 0-1. Group 3 = {3, 6, 8} is odd and White
/// dominates (3 and 8 due White, 6 Black). Group 2.5 = {2, 5} is the next lower: 5 is due
/// Black, as 7.2 wants, but he floated up in rounds 2, 3 and 4 (0 points against 4's 0.5,
/// 0.5 against 7's 1, 1.5 against 6's 2) and may not a fourth time; 2 floated up in round 5
/// (1.5 against 7's 2) and may not again (2.5). So the next possible group, 2 = {1, 4, 7}: 7 is due
/// Black (1 and 4 White): 7 joins. Whites 3 (ARO 2366), 8 (2380); blacks 6, 7: 3-6, 8-7. 2-5
/// (due White and Black); 4-1 (4 had Black twice, 1 is due Black).
#[test]
fn dubov_2_5_not_more_than_three_upfloats() {
    let (p, got) = hand_worked_of(
        "dubov_2_5_not_more_than_three_upfloats",
        8,
        9,
        &[
            "8-4 =; 6-2 1-0; 7-3 =; 5-1 0-1",
            "2-3 1-0; 1-8 =; 7-6 =; 4-5 =",
            "3-8 1-0; 5-7 1-0; 1-6 =; 4-2 =",
            "8-2 1-0; 6-5 0-1; 7-1 1-0; 3-4 =",
            "2-7 1-0; 5-8 0-1; 6-4 1-0; 1-3 0-1",
        ],
    );
    assert_eq!(
        got,
        vec![(3, 6), (8, 7), (2, 5), (4, 1)],
        "{}",
        p.explanation.join("\n")
    );
    says(&p, &["7.2: the group is odd; 7 (due Black, R 2340)"]);
}

/// 2.1 and 1 with a forfeit: round 2 of 5, six players (R 2400, 2390, ... 2350). Round 1
/// (5): 1-4 neither player came (a double forfeit), 5-2 =, 3-6 =. A forfeited game was not
/// played (reading): 1 and 4 have no ARO (0) and no colour, and may meet now. Group 0.5 = {2,
/// 3, 5, 6}: 2 and 6 had Black (due White), 3 and 5 White. Whites by ARO: 2 (2360), 6 (2380);
/// blacks by R: 3, 5: 2-3, 6-5. Group 0 = {1, 4}: neither has a due colour; they fill the
/// colour subgroups in the order 3 would give White (reading): equal ARO, so the lower R, 4,
/// to the whites: 4-1.
#[test]
fn dubov_2_1_a_forfeited_game_was_not_played() {
    let (p, got) = hand_worked(
        "dubov_2_1_a_forfeited_game_was_not_played",
        6,
        &["1-4 --; 5-2 =; 3-6 ="],
    );
    assert_eq!(
        got,
        vec![(2, 3), (6, 5), (4, 1)],
        "{}",
        p.explanation.join("\n")
    );
    says(
        &p,
        &["6.2 white (ARO): 4 (0.000).", "1 (0.000), 2 (2360.000)"],
    );
}

/// 6.4, "was floater from higher score groups" read as the player's history (he came down
/// from a higher score group in an earlier round: was paired against a lower score), not
/// only this round: round 4 of 5, seven players (R 2400, 2390, ... 2340). Round 1: 4-1 0-1,
/// 2-5 1-0, 6-3 =, 7 bye; round 2: 1-6 0-1, 7-2 1-0, 3-4 =, 5 bye; round 3: 3-1 1-0,
/// 6-2 0-1, 5-7 1-0, 4 bye. Group 2 = {2, 3, 5, 7}: 2 (W B B) and 7 (W B) are due White,
/// 3 (B W W) and 5 (B W) Black. Whites by ARO: 2 (2350), 7 (2375); blacks by R: 3, 5.
/// 7-5 met, and 2 met 5 too: no pairing of every white with a black, and the only pairs left
/// all hold 3 (2-3, 7-3, 3-5), so two players float to {4, 6}. 3 cannot be paired there (he
/// met both); 2, 5 and 7 can. 3 and 7 came down from a higher score in earlier rounds (3,
/// with ½, against 4 with 0 in round 2; 7, with 2, against 5 with 1 in round 3); 2 and 5
/// never did. 6.4 floats first those who were not floaters and can be paired below: 2 and
/// 5; 7-3 stays (White to 7, due White). Read as "came down in this round", nobody in the
/// group was a floater, and the pair nearest the columns, 2-3, would float 7, who floated
/// down last round. Below: 8.1 takes the "white" floater first, 2: the highest R due Black
/// is 6, whom he met, so 4; then 5 plays 6. Colours by 3: 2 (one White, two Blacks) against
/// 4 (one each): 2 White; 5 (one each) against 6 (two Whites, one Black): 5 White. The bye
/// to 1, alone in the lowest group. Boards: 7-3 (2 + 2), then 2-4 and 5-6 (2 + 1½ each)
/// by the higher player's number.
#[test]
fn dubov_6_4_a_floater_from_a_higher_group_in_an_earlier_round() {
    let (p, got) = hand_worked(
        "dubov_6_4_a_floater_from_a_higher_group_in_an_earlier_round",
        7,
        &[
            "4-1 0-1; 2-5 1-0; 6-3 =; 7 bye",
            "1-6 0-1; 7-2 1-0; 3-4 =; 5 bye",
            "3-1 1-0; 6-2 0-1; 5-7 1-0; 4 bye",
        ],
    );
    assert_eq!(
        got,
        vec![(7, 3), (2, 4), (5, 6)],
        "{}",
        p.explanation.join("\n")
    );
    assert_eq!(p.bye.map(|b| b.get()), Some(1));
    says(
        &p,
        &["6.4: chosen to float: 2 (can be paired below), 5 (can be paired below); kept: 7 (was a floater from above, can be paired below), 3 (was a floater from above, cannot be paired below)."],
    );
}
