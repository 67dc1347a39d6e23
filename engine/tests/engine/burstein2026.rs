//! The 2026 Burstein system held to `../shared/reference/burstein-2026/cases.tar.xz`: rounds
//! after the seeding rounds, cut before the round, each paired by two independent readings of
//! the text (py4swiss with fixes and a brute force) that agreed (`cases/`), or by
//! py4swiss-fixed alone on larger fields (`single-oracle/`): the same pairs with the same
//! colours and the same bye, compared as sets (the board order was not cross-checked there).

use crate::dubov2026::{agree_as_sets, py4swiss_on_generated, validate_generated};
use engine::System;

/// Every two-oracle case (`cases/`, 1,000 rounds of 8-20 players, rounds 3-9).
#[test]
fn burstein_2026_pairs_every_reference_case_as_both_readings_do() {
    let Some((cases, problems)) =
        agree_as_sets("burstein-2026/cases.tar.xz", "cases", System::Burstein2026)
    else {
        return;
    };
    eprintln!(
        "burstein-2026/cases: {cases} cases, {} differ",
        problems.len()
    );
    for p in problems.iter().take(20) {
        eprintln!("  {p}");
    }
    assert!(cases > 0, "no case in burstein-2026/cases");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The single-oracle cases (`single-oracle/`, 300 rounds of 21-60 players): 290 the same; the
/// other 10 differ where py4swiss-fixed reads 1.7.2's exception otherwise. The text: a player
/// with "a series of consecutive zero-point-byes up to the current round" counts, for his
/// over-the-board opponents, each of them as a draw. py4swiss applies it only to a player all
/// of whose rounds are zero-point byes, who has no over-the-board opponent, so never; here it
/// applies to a player who has played and is absent since (hand-worked in
/// `burstein_2026_1_7_2_a_player_absent_since_counts_as_drawn_for_his_opponents`). Every case
/// that differs must have such a player (its Buchholz and Sonneborn-Berger change for his
/// opponents, and with them the ranking), and reading the exception as py4swiss does was seen to
/// give py4swiss-fixed's pairing in all ten.
#[test]
fn burstein_2026_pairs_the_single_oracle_cases_as_py4swiss_fixed_but_for_1_7_2() {
    use engine::formats::trf;
    use engine::model::history::{states_before, RoundEntry};
    use engine::model::result::ByeKind;
    let Some((cases, problems)) = agree_as_sets(
        "burstein-2026/cases.tar.xz",
        "single-oracle",
        System::Burstein2026,
    ) else {
        return;
    };
    eprintln!(
        "burstein-2026/single-oracle: {cases} cases, {} differ",
        problems.len()
    );
    assert!(cases > 0, "no case in burstein-2026/single-oracle");
    let files = crate::support::reference_archive("burstein-2026/cases.tar.xz").unwrap();
    for p in &problems {
        eprintln!("  {p}");
        let name = p.split(':').next().unwrap();
        let bytes = &files.iter().find(|(n, _)| n.ends_with(name)).unwrap().1;
        let t = trf::read_bytes(bytes).unwrap();
        let absent_since = states_before(&t, t.next_round()).iter().any(|s| {
            let played = s.opponents().count() > 0;
            let trailing = matches!(
                s.entries.last(),
                Some(RoundEntry::Bye(ByeKind::Zero) | RoundEntry::Absent)
            );
            played && trailing
        });
        assert!(
            absent_since,
            "{p}: no player the 1.7.2 exception applies to"
        );
    }
    assert!(problems.len() <= 10, "{}", problems.join("\n"));
}

/// The validator finds nothing in 10,000 tournaments the generator pairs with the 2026
/// Burstein (its seeding rounds by the 2026 Dutch).
#[test]
fn burstein_2026_validator_finds_nothing_in_10000_generated_tournaments() {
    let (rounds, refused, invalid) = validate_generated(System::Burstein2026, 10_000);
    eprintln!(
        "burstein-2026 generated: 10000 tournaments, {rounds} rounds paired, {refused} ended on a round with no legal pairing, {} invalid",
        invalid.len()
    );
    assert!(rounds > 60_000, "{rounds}");
    assert!(invalid.is_empty(), "{}", invalid.join("\n"));
}

/// Whether the 1.7.2 exception applies to someone in `t` before its next round: a player who
/// has played and whose last round so far was a zero-point bye or an absence.
fn exception_applies(t: &engine::Tournament) -> bool {
    use engine::model::history::{states_before, RoundEntry};
    use engine::model::result::ByeKind;
    states_before(t, t.next_round()).iter().any(|s| {
        s.opponents().count() > 0
            && matches!(
                s.entries.last(),
                Some(RoundEntry::Bye(ByeKind::Zero) | RoundEntry::Absent)
            )
    })
}

/// Tournaments made by this program's generator, every round after the seeding rounds (1.6.2)
/// cut before it and paired by py4swiss-fixed (whose seeding rounds are the Dutch before 2026;
/// the histories here are this program's): the same pairs, colours and bye, but where
/// py4swiss-fixed reads 1.7.2's exception as it does (see
/// `burstein_2026_pairs_the_single_oracle_cases_as_py4swiss_fixed_but_for_1_7_2`): a round
/// that differs must have a player the exception applies to (the generator's withdrawals and
/// absences make many). `BURSTEIN2026_PY4SWISS=N` checks N tournaments instead of 24; the
/// figures are printed.
#[test]
fn burstein_2026_generated_tournaments_pair_as_py4swiss_fixed_pairs_them() {
    let count: u64 = std::env::var("BURSTEIN2026_PY4SWISS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let Some((rounds, problems)) = py4swiss_on_generated(
        System::Burstein2026,
        "burstein",
        count,
        |r| usize::from((r / 2).min(4)),
        exception_applies,
    ) else {
        return;
    };
    let unexplained: Vec<&String> = problems.iter().filter(|p| !p.1).map(|p| &p.0).collect();
    eprintln!(
        "burstein-2026 generated, against py4swiss-fixed: {count} tournaments, {rounds} rounds after the seeding rounds, {} differ, {} of them where 1.7.2's exception applies",
        problems.len(),
        problems.len() - unexplained.len()
    );
    for p in &problems {
        eprintln!("  {}{}", p.0, if p.1 { " (1.7.2)" } else { "" });
    }
    assert!(rounds > 0);
    assert!(
        unexplained.is_empty(),
        "{}",
        unexplained
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A field larger than this build pairs is refused in words, from round 1, for both systems.
#[test]
fn fields_beyond_the_2026_dubov_and_burstein_limits_are_refused_in_words() {
    use engine::pairing::generate::{generate, GenerateConfig};
    for (system, limit, said) in [
        (
            System::Dubov2026,
            engine::pairing::dubov2026::FIELD_LIMIT,
            "Dubov 2026: this build pairs fields of up to 100,000 players",
        ),
        (
            System::Burstein2026,
            engine::pairing::burstein2026::FIELD_LIMIT,
            "Burstein 2026: this build pairs fields of up to 100,000 players",
        ),
    ] {
        // The generator pairs round 1 with the 1992 Dutch (no field limit) and the field is
        // then re-paired.
        let mut t = generate(GenerateConfig {
            system: System::Dutch1992,
            players: limit as u32 + 2,
            rounds: 1,
            seed: 1,
        })
        .unwrap();
        t.pop_round();
        let e = engine::pairing::pair_next_round(&t, system).unwrap_err();
        let text = e.to_string();
        assert!(text.contains(said), "{text}");
    }
}
