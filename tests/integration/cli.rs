//! The command line: `swiss pair`, `check` and `generate`, run as a user runs them.

use crate::support::{fixture, run, stderr, stdout};

fn path(name: &str) -> String {
    fixture(name).display().to_string()
}

#[test]
fn pair_round_one_in_the_engines_output_format() {
    // Dutch F.4/E.5, Dubov 5 and Double-Swiss 3.4/3.6/4.3.1 agree on this field of 9.
    for system in ["--dutch", "--dubov", "--double-swiss"] {
        let o = run(&["pair", system, &path("entries-9.trf")]);
        assert!(o.status.success(), "{system}: {}", stderr(&o));
        assert_eq!(stdout(&o), "5\n1 5\n6 2\n3 7\n8 4\n9 0\n", "{system}");
    }
}

/// `--dutch` is the Dutch in force, as it is to the programs that call bbpPairings and
/// JaVaFo: the 2026 text (its 3.4, 1.5 and 5.2.5 in the explanation); `--dutch-1992` is the
/// older text (F.4, E.5). They agree on this round 1.
#[test]
fn pair_writes_to_a_file_and_explains_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pairing.txt");
    for (flag, heading, articles) in [
        ("--dutch", "(Dutch 2026)", ["3.4", "1.5", "5.2.5"]),
        ("--dutch-2026", "(Dutch 2026)", ["3.4", "1.5", "5.2.5"]),
        ("--dutch-1992", "", ["F.4", "E.5", "A.6"]),
    ] {
        let o = run(&[
            "pair",
            flag,
            &path("entries-9.trf"),
            "-p",
            out.to_str().unwrap(),
            "--explain",
        ]);
        assert!(o.status.success(), "{flag}: {}", stderr(&o));
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            "5\n1 5\n6 2\n3 7\n8 4\n9 0\n",
            "{flag}"
        );
        assert!(stdout(&o).is_empty());
        let explanation = stderr(&o);
        assert!(
            explanation.contains(heading)
                && articles
                    .iter()
                    .all(|a| explanation.contains(&format!("{a}:"))),
            "{flag}: {explanation}"
        );
        assert_eq!(
            explanation.contains("Dutch 2026"),
            flag != "--dutch-1992",
            "{flag}: {explanation}"
        );
    }
}

#[test]
fn malformed_input_exits_3_naming_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.trf");
    let text = std::fs::read_to_string(fixture("club-10.trf")).unwrap();
    // Line 16 is player 1; put an unknown result code in round 2's result column (109).
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[15].replace_range(108..109, "Q");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let o = run(&["pair", "--dutch", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 16, column 109: unknown result code 'Q'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn exit_codes_for_missing_files_wrong_systems_and_complete_events() {
    let o = run(&["pair", "--dutch", "/nonexistent/file.trf"]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    // open-30 is marked FIDE_DUBOV.
    let o = run(&["pair", "--dutch", &path("open-30.trf")]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("dubov"), "{}", stderr(&o));
    // Round 8 of a Dubov event of the 1997 text; the file's type is not the 2026 Dubov.
    let o = run(&["pair", "--dubov-1997", &path("open-30.trf")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run(&["pair", "--dubov", &path("open-30.trf")]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("dubov-1997"), "{}", stderr(&o));
    // All rounds paired: no next round, which is not "no valid pairing" (exit 1).
    let o = run(&["pair", "--dutch", &path("club-10.trf")]);
    assert_eq!(o.status.code(), Some(6), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("nothing to pair: all 5 rounds are already paired"),
        "{}",
        stderr(&o)
    );
    // No system flag.
    let o = run(&["pair", &path("club-10.trf")]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn generate_is_reproducible_from_its_printed_seed() {
    let a = run(&[
        "generate",
        "--double-swiss",
        "--players",
        "25",
        "--rounds",
        "1",
        "--seed",
        "99",
    ]);
    assert!(a.status.success(), "{}", stderr(&a));
    assert!(stderr(&a).contains("seed 99"));
    let b = run(&[
        "generate",
        "--double-swiss",
        "--players",
        "25",
        "--rounds",
        "1",
        "--seed",
        "99",
    ]);
    assert_eq!(a.stdout, b.stdout);
    // Without a seed, the one printed makes the same file again.
    let c = run(&["generate", "--dutch", "--players", "12", "--rounds", "1"]);
    let seed = stderr(&c).trim().rsplit(' ').next().unwrap().to_string();
    let d = run(&[
        "generate",
        "--dutch",
        "--players",
        "12",
        "--rounds",
        "1",
        "--seed",
        &seed,
    ]);
    assert_eq!(c.stdout, d.stdout);
    assert!(stdout(&a).contains("192 FIDE_DOUBLESWISS"));
}

#[test]
fn check_finds_no_difference_on_what_generate_made() {
    let dir = tempfile::tempdir().unwrap();
    for (flag, name, rounds) in [
        ("--dutch", "d.trf", 7),
        ("--dutch-1992", "e.trf", 7),
        ("--dubov", "b.trf", 7),
        ("--dubov-1997", "c.trf", 7),
        ("--burstein", "u.trf", 7),
        ("--double-swiss", "s.trf", 5),
    ] {
        let file = dir.path().join(name);
        let g = run(&[
            "generate",
            flag,
            "--players",
            "31",
            "--rounds",
            &rounds.to_string(),
            "--seed",
            "5",
            "-o",
            file.to_str().unwrap(),
        ]);
        assert!(g.status.success(), "{}", stderr(&g));
        let o = run(&["check", flag, file.to_str().unwrap()]);
        assert!(o.status.success(), "{flag}: {}{}", stdout(&o), stderr(&o));
        let same: String = (1..=rounds).map(|r| format!("round {r}: same\n")).collect();
        assert_eq!(stdout(&o), same, "{flag}");
    }
}

#[test]
fn check_lists_differences() {
    // The club fixture's round 1 was not paired by the Dutch system: check says how it differs.
    let o = run(&["check", "--dutch", &path("club-10.trf")]);
    let out = stdout(&o);
    assert!(
        out.contains("round 1: ") && out.contains("the system pairs"),
        "{out}"
    );
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    // Later rounds are re-paired from what was played, so they are compared too.
    assert!(
        out.contains("round 2: ") && !out.contains("not re-paired"),
        "{out}"
    );
}

#[test]
fn standings_print_the_cross_table_and_write_ranks() {
    let dir = tempfile::tempdir().unwrap();
    let ranked = dir.path().join("ranked.trf");
    let o = run(&[
        "standings",
        "--dubov-1997",
        &path("open-30.trf"),
        "--tiebreaks",
        "BH-C1,BH,SB",
        "--trf",
        ranked.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    assert!(table.lines().next().unwrap().contains("BH/C1"), "{table}");
    assert_eq!(table.lines().count(), 31);
    // Player 1 won all seven games: first, with 7.0.
    let first = table.lines().nth(1).unwrap();
    assert!(
        first.split_whitespace().take(2).eq(["1", "1"]) && first.contains("7.0"),
        "{first}"
    );
    let text = std::fs::read_to_string(&ranked).unwrap();
    let line = text.lines().find(|l| l.starts_with("001    1 ")).unwrap();
    assert_eq!(line[85..89].trim(), "1");
    let o = run(&[
        "standings",
        "--dubov-1997",
        &path("open-30.trf"),
        "--tiebreaks",
        "XYZ",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("XYZ"), "{}", stderr(&o));
}

/// An unknown record code is kept but warned about on standard error with its line; a player
/// line under an unknown code (a mistyped 001) is refused with its line.
#[test]
fn unknown_record_codes_warn_and_a_mistyped_player_line_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture("entries-9.trf")).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.insert(1, "777 a record of some program".into());
    let odd = dir.path().join("odd.trf");
    std::fs::write(&odd, lines.join("\n")).unwrap();
    let o = run(&["pair", "--dutch", odd.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 2, column 1: warning: unknown record code \"777\""),
        "{}",
        stderr(&o)
    );
    let player = lines.iter().position(|l| l.starts_with("001")).unwrap();
    lines[player].replace_range(0..3, "101");
    std::fs::write(&odd, lines.join("\n")).unwrap();
    let o = run(&["pair", "--dutch", odd.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("line {}, column 1: record 101", player + 1)),
        "{}",
        stderr(&o)
    );
}

/// `swiss standings --table` prints what FIDE's tie-break calculator (Gacrux, in
/// `../shared/oracles`) prints for the same file and order: the same places and, cell by cell,
/// the same values. Files from `swiss generate` (seeded), with unrated players, forfeits,
/// byes, withdrawals and late entries; the rating-based tie-breaks with and without a rating
/// for the unrated.
#[test]
fn standings_table_prints_what_fides_calculator_prints() {
    let Some(gacrux) = crate::support::optional_oracle(
        "oracles/gacrux/tiebreakchecker.py",
        "the comparison of the CLI's table with FIDE's calculator",
    ) else {
        return;
    };
    let python = std::process::Command::new("python3")
        .args(["-c", "import networkx"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !python {
        eprintln!(
            "SKIPPED: no python3 with networkx runs {}, so the CLI's table was not compared with FIDE's calculator",
            gacrux.display()
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let order = concat!(
        "BH/C1,BH,FB,SB,AOB,DE,WIN,WON,BPG,BWG,GE,ARO,ARO/U1500,TPR/U1500,PTP/U1500,",
        "APRO/U1500,PS,KS,STD,TPN,RTNG"
    );
    let mut compared = 0;
    for seed in 1..=4 {
        let file = dir.path().join(format!("{seed}.trf"));
        let o = run(&[
            "generate",
            "--dutch-2026",
            "--players",
            "24",
            "--rounds",
            "7",
            "--seed",
            &seed.to_string(),
            "-o",
            file.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let o = run(&[
            "standings",
            "--dutch",
            file.to_str().unwrap(),
            "--tiebreaks",
            order,
            "--table",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let ours = stdout(&o);
        // `-s`: a Swiss (the calculator otherwise guesses from the numbers of players and
        // rounds, and reads a field of 8 in 7 rounds as a round-robin).
        let theirs = std::process::Command::new("python3")
            .arg(&gacrux)
            .arg("-s")
            .arg("-i")
            .arg(&file)
            .arg("-t")
            .arg("PTS")
            .args(order.split(','))
            .args(["-d", "T"])
            .output()
            .unwrap();
        let theirs = String::from_utf8_lossy(&theirs.stdout).to_string();
        let number = |cell: &str| match cell.trim() {
            "-" | "-0" => None,
            c => Some((c.parse::<f64>().unwrap_or(f64::NAN) * 100.0).round() as i64),
        };
        let (a, b): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
        assert_eq!(a.first(), b.first(), "the header");
        assert_eq!(a.len(), b.len(), "seed {seed}:\n{ours}\n{theirs}");
        for (x, y) in a.iter().zip(&b).skip(1) {
            let (x, y): (Vec<&str>, Vec<&str>) = (x.split('\t').collect(), y.split('\t').collect());
            assert_eq!(x.len(), y.len());
            for (k, (p, q)) in x.iter().zip(&y).enumerate() {
                compared += 1;
                assert_eq!(
                    number(p),
                    number(q),
                    "seed {seed}, player {}, column {}: ours {p}, Gacrux {q}",
                    x[0],
                    a[0].split('\t').nth(k).unwrap_or("?")
                );
            }
        }
    }
    assert!(compared > 2000, "{compared} cells");
}

/// `swiss pair --team` pairs a team competition's next round by C.04.6 and prints it as the
/// reference data of FIDE's calculator writes it. `teams-5.trf`, round 2 worked by hand: 3 (0
/// match points, the lowest) has the bye (3.4.2); 1 (2 MP) alone on top takes one upfloater
/// of 1 MP ([C4], [C5]), 2 the first in 3.5.4's order, leaving 4-5 ([C6]); 2 has White
/// against 1 by the lower colour difference (4.3.5), as 5 (not yet played) against 4. Player
/// 2's birth date is a year only: read with a warning.
#[test]
fn pair_team_prints_the_round_as_the_reference_writes_it() {
    let o = run(&["pair", "--team", &path("teams-5.trf"), "--explain"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "round 2\nsystem FIDE_TEAM\nresult paired\npairs 2\n2 1\n5 4\nbye 3\n"
    );
    let err = stderr(&o);
    assert!(
        err.contains("line 15, column 70: birth date 1978 is a year only"),
        "{err}"
    );
    assert!(
        ["3.4:", "3.5:", "3.6:", "4.3.5:"]
            .iter()
            .all(|a| err.contains(a)),
        "{err}"
    );
    // Another system's flag on a team competition is refused, saying how to pair it.
    let o = run(&["pair", "--dutch", &path("teams-5.trf")]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--team"), "{}", stderr(&o));
}

/// A team file's problems are named by line and column, and exit 3 as any malformed file.
#[test]
fn pair_team_names_a_bad_record_by_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.trf");
    let text = std::fs::read_to_string(fixture("teams-5.trf")).unwrap();
    std::fs::write(&bad, text.replace("352 WB", "352 WX")).unwrap();
    let o = run(&["pair", "--team", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("line 7, column 6"), "{}", stderr(&o));
}

/// `swiss check --team` re-pairs each recorded round by C.04.6: round 1 of `teams-5.trf`
/// (1-3, 4-2, the bye to 5) is what C.04.6 pairs (3.6.3, 4.3.1, 3.4.4); a recorded round
/// changed is a difference.
#[test]
fn check_team_re_pairs_every_recorded_round() {
    let o = run(&["check", "--team", &path("teams-5.trf")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "round 1: same\n");
    let dir = tempfile::tempdir().unwrap();
    let swapped = dir.path().join("swapped.trf");
    let text = std::fs::read_to_string(fixture("teams-5.trf")).unwrap();
    // Board 1 of 1-3 with the colours swapped: 3 had White.
    let text = text
        .replace("   5 w 1", "   5 b 1")
        .replace("   1 b 0", "   1 w 0")
        .replace("   6 b =", "   6 w =")
        .replace("   2 w =", "   2 b =");
    std::fs::write(&swapped, text).unwrap();
    let o = run(&["check", "--team", swapped.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "round 1: recorded 3-1 4-2 bye 5; C.04.6 pairs 1-3 4-2 bye 5\n"
    );
}

/// `swiss standings --team` ranks a team competition by C.07's team tie-breaks. `teams-5.trf`
/// after round 1, worked by hand: 1 beat 3 1.5-0.5, 2 and 4 drew 1-1, 5 had the bye (1 MP,
/// 1 GP by record 320). 2, 4 and 5 are tied on 1 MP; 5 met neither, so the direct encounter
/// (13.3) separates nobody; Board Count (12.1, lower first) does: 4 won on board 1 (1), 2 on
/// board 2 (2), 5's bye counts a win on both boards (1 + 2 = 3). 5's Buchholz is its dummy
/// opponent's score (16.4.2: its own 1 MP, no more than a draw a round); SSSC (13.4) is the
/// game points plus the Buchholz over the factor 2 x 1 round / 2 boards = 1.
#[test]
fn standings_team_prints_places_scores_and_team_tiebreaks() {
    let o = run(&[
        "standings",
        "--team",
        &path("teams-5.trf"),
        "--tiebreaks",
        "PTS,EDE,BH:MP,BH:GP,SSSC,BC,EGGSB",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Rank\tTeam\tName\tMP\tGP\tPTS\tEDE\tBH:MP\tBH:GP\tSSSC\tBC\tEGGSB\n\
         1\t1\tAshford\t2.0\t1.5\t2.0\t0\t0.0\t0.5\t1.5\t2.0\t0.75\n\
         2\t4\tDunmore\t1.0\t1.0\t1.0\t0\t1.0\t1.0\t2.0\t1.0\t1.0\n\
         3\t2\tBexley\t1.0\t1.0\t1.0\t0\t1.0\t1.0\t2.0\t2.0\t1.0\n\
         4\t5\tElmwood\t1.0\t1.0\t1.0\t0\t1.0\t1.0\t2.0\t3.0\t1.0\n\
         5\t3\tCarlow\t0.0\t0.5\t0.0\t0\t2.0\t1.5\t2.5\t1.0\t0.75\n"
    );
    // Without --tiebreaks: the primary score, the other score, EDE, EMMSB Cut-1, Buchholz Cut-1.
    let o = run(&["standings", "--team", &path("teams-5.trf")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("Rank\tTeam\tName\tMP\tGP\tPTS\tMPVGP\tEDE\tEMMSB/C1\tBH/C1\n"),
        "{}",
        stdout(&o)
    );
    // A code that is no team tie-break is named, with exit 2.
    let o = run(&[
        "standings",
        "--team",
        &path("teams-5.trf"),
        "--tiebreaks",
        "PTS XYZ",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("XYZ is not a team tie-break"),
        "{}",
        stderr(&o)
    );
}
