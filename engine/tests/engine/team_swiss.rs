//! The Swiss Team Pairing System (C.04.6, 2026) and TRF-2026's team records: hand-worked
//! cases named after their articles, and every round of `../shared/reference/team-swiss`
//! (300 tournaments paired round by round by FIDE's calculator Gacrux) paired again and
//! compared: the same matches with the same colours and the same bye.
//!
//! CI pairs a sample of 40 tournaments; `TEAM_SWISS_ALL=1` pairs all 300.

use engine::formats::trf::read_team;
use engine::model::team::TeamTpn;
use engine::pairing::team_swiss::{pair, TeamPairingError};

/// What a `.expected` file of the reference says: the pairs (white first) and the bye, or
/// none when no legal pairing exists.
fn expected(text: &str) -> Option<(Vec<(u32, u32)>, u32)> {
    let mut pairs = Vec::new();
    let mut bye = 0;
    let mut legal = true;
    let mut in_pairs = false;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["result", r] => legal = *r == "paired",
            ["pairs", _] => in_pairs = true,
            ["bye", t] => {
                bye = t.parse().unwrap();
                in_pairs = false;
            }
            [w, b] if in_pairs => pairs.push((w.parse().unwrap(), b.parse().unwrap())),
            _ => {}
        }
    }
    legal.then_some((pairs, bye))
}

/// Pairs one reference round; `None` when it agrees, else what differs.
fn differs(name: &str, trf: &[u8], want: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(trf);
    let file = match read_team(&text) {
        Ok(f) => f,
        Err(e) => return Some(format!("{name}: not read: {e}")),
    };
    let want = expected(&String::from_utf8_lossy(want));
    let got = pair(&file.tournament);
    match (got, want) {
        (Err(TeamPairingError::NoLegalPairing { .. }), None) => None,
        (Err(e), _) => Some(format!("{name}: {e}")),
        (Ok(p), None) => Some(format!(
            "{name}: paired, but no legal pairing exists: {:?}",
            p.pairs
        )),
        (Ok(p), Some((mut pairs, bye))) => {
            let mut ours: Vec<(u32, u32)> =
                p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect();
            let our_bye = p.bye.map_or(0, TeamTpn::get);
            ours.sort();
            pairs.sort();
            (ours != pairs || our_bye != bye).then(|| {
                let only = |a: &[(u32, u32)], b: &[(u32, u32)]| {
                    a.iter()
                        .filter(|x| !b.contains(x))
                        .map(|(w, b)| format!("{w}-{b}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                format!(
                    "{name}: ours {} bye {our_bye}, Gacrux {} bye {bye}",
                    only(&ours, &pairs),
                    only(&pairs, &ours)
                )
            })
        }
    }
}

/// Every round of the reference tournaments (a sample of 40 unless `TEAM_SWISS_ALL=1`),
/// paired as Gacrux paired it.
#[test]
fn team_swiss_pairs_the_reference_rounds_as_gacrux() {
    let Some(files) = crate::support::reference_archive("team-swiss/tournaments.tar.xz") else {
        return;
    };
    let all = std::env::var("TEAM_SWISS_ALL").is_ok_and(|v| v == "1");
    let by_name: std::collections::HashMap<&str, &[u8]> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    let mut rounds = 0;
    let mut problems = Vec::new();
    for (name, bytes) in &files {
        let Some(stem) = name.strip_suffix(".trf") else {
            continue;
        };
        if stem.ends_with("final") {
            continue;
        }
        // t40000001/r04: the seed's last digits choose the sample.
        let seed: u32 = stem[1..].split('/').next().unwrap().parse().unwrap();
        if !all && seed % 300 % 15 != 1 && seed % 300 % 15 != 8 {
            continue;
        }
        let want = format!("{stem}.expected");
        let Some(expected) = by_name.get(want.as_str()) else {
            panic!("{want} is missing");
        };
        rounds += 1;
        if let Some(p) = differs(stem, bytes, expected) {
            problems.push(p);
        }
    }
    eprintln!("team-swiss: {rounds} rounds, {} differ", problems.len());
    for p in &problems {
        eprintln!("  {p}");
    }
    assert!(rounds > 0, "no round in team-swiss/tournaments.tar.xz");
    assert!(problems.is_empty(), "{} rounds differ", problems.len());
}

/// A one-board team file for hand-worked cases: team `k` is player `k`, `games[r]` lists
/// round `r + 1`'s matches as (white team, black team, result for White: `1 = 0 + -`), and
/// `header` adds records (192, 142, 152, 330 ...).
fn one_board(
    teams: u32,
    header: &[&str],
    games: &[&[(u32, u32, char)]],
    byes: &[&[u32]],
) -> String {
    let mut out = String::from("012 Hand-worked\n352 W\n");
    for h in header {
        out.push_str(h);
        out.push('\n');
    }
    for k in 1..=teams {
        out.push_str(&format!(
            "310 {k:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {k:>4}\n",
            format!("Team {k}"),
            "",
            "",
            "",
            "",
            ""
        ));
    }
    let rounds = games.len().max(byes.len());
    for k in 1..=teams {
        let mut line = format!("001 {k:>4}      {:<33}", format!("Player {k}"));
        while line.len() < 91 {
            line.push(' ');
        }
        for r in 0..rounds {
            let game = games
                .get(r)
                .and_then(|g| g.iter().find(|(w, b, _)| *w == k || *b == k));
            let cell = match game {
                Some(&(w, b, res)) if w == k => format!("{b:>4} w {res}"),
                Some(&(w, _, res)) => {
                    let mirror = match res {
                        '1' => '0',
                        '0' => '1',
                        '+' => '-',
                        '-' => '+',
                        c => c,
                    };
                    format!("{w:>4} b {mirror}")
                }
                None if byes.get(r).is_some_and(|b| b.contains(&k)) => "0000 - U".to_string(),
                None => "        ".to_string(),
            };
            line.push_str(&cell);
            line.push_str("  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The round after `games`, paired: (white, black) pairs and the bye.
fn paired(
    teams: u32,
    header: &[&str],
    games: &[&[(u32, u32, char)]],
    byes: &[&[u32]],
) -> (Vec<(u32, u32)>, u32) {
    let text = one_board(teams, header, games, byes);
    let file = read_team(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let p = pair(&file.tournament).unwrap();
    let mut pairs: Vec<(u32, u32)> = p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect();
    pairs.sort();
    (pairs, p.bye.map_or(0, TeamTpn::get))
}

fn tpns(v: &[u32]) -> Vec<TeamTpn> {
    v.iter().map(|&k| TeamTpn::new(k).unwrap()).collect()
}

/// 3.6.2's example: the pairing `11-24 16-6 10-9 8-4` has the identifier `4 6 9 11 8 16 10 24`.
#[test]
fn team_swiss_3_6_2_the_identifier_of_the_example() {
    use engine::pairing::team_swiss::identifier;
    let t = tpns(&[11, 24, 16, 6, 10, 9, 8, 4]);
    let pairs = [(t[0], t[1]), (t[2], t[3]), (t[4], t[5]), (t[6], t[7])];
    assert_eq!(identifier(&pairs), tpns(&[4, 6, 9, 11, 8, 16, 10, 24]));
}

/// 3.6.3-3.6.4 and 4.3.1 in round 1: the first identifier is `1 2 3 4` (1-3, 2-4); with the
/// initial-colour Black, team 1 (odd) gets Black and team 2 (even) White.
#[test]
fn team_swiss_3_6_3_the_first_identifier_and_4_3_1_the_initial_colour() {
    let (pairs, bye) = paired(4, &["192 FIDE_TEAM", "142 5", "152 B"], &[], &[]);
    assert_eq!(pairs, vec![(2, 4), (3, 1)]);
    assert_eq!(bye, 0);
}

/// 3.4.2-3.4.4: in round 1 all score 0 and none has played, so the bye goes to the largest
/// TPN; in round 2 to the lowest score.
#[test]
fn team_swiss_3_4_the_bye_goes_to_the_lowest_score_then_the_largest_tpn() {
    let (_, bye) = paired(5, &["192 FIDE_TEAM", "142 5", "152 W"], &[], &[]);
    assert_eq!(bye, 5);
    // Round 1: 1-3 won by 3, 2-4 won by 2, 5 the bye (a draw's points): 1 and 4 have 0.
    let (_, bye) = paired(
        5,
        &["192 FIDE_TEAM", "142 5", "152 W"],
        &[&[(1, 3, '0'), (2, 4, '1')]],
        &[&[5]],
    );
    assert_eq!(bye, 4);
}

/// [C2]: a team that had the bye, or won a match by forfeit (record 330), does not get it.
#[test]
fn team_swiss_c2_no_bye_after_a_bye_or_a_forfeit_win() {
    // Round 1: 1-3 draw, 2-4 draw, 5 the bye: all have 1 match point; 5 played no match,
    // so 3.4.3 prefers the others, and 4 (the largest TPN who played) gets it.
    let (_, bye) = paired(
        5,
        &["192 FIDE_TEAM", "142 5"],
        &[&[(1, 3, '='), (2, 4, '=')]],
        &[&[5]],
    );
    assert_eq!(bye, 4);
    // Round 1: team 4 won its match against 2 by forfeit; 5 had the bye. Both 4 and 5 are
    // barred, so among the teams with the lowest score the bye goes to 2 (lost by forfeit).
    let text = one_board(
        5,
        &["192 FIDE_TEAM", "142 5", "330 -+ 001 002 004"],
        &[&[(1, 3, '=')]],
        &[&[5]],
    );
    let file = read_team(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let p = pair(&file.tournament).unwrap();
    assert_eq!(p.bye.map(TeamTpn::get), Some(2));
}

/// [C1]: teams that played do not meet again; a match forfeited as a whole (record 330) was not
/// played, so its teams may meet again.
#[test]
fn team_swiss_c1_no_rematch_but_a_forfeited_match_is_no_meeting() {
    // Round 1: 1-3 1-0, 2-4 1-0. Round 2: 1 and 2 meet (both 2 MP), 3 and 4.
    let (pairs, _) = paired(
        4,
        &["192 FIDE_TEAM", "142 5"],
        &[&[(1, 3, '1'), (2, 4, '1')]],
        &[],
    );
    assert_eq!(
        pairs
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect::<Vec<_>>(),
        vec![(1, 2), (3, 4)]
    );
    // Round 1: 1-2 forfeited by 2 (record 330), 3-4 1-0. Round 2: 1 and 3 (2 MP) meet, and
    // 2 and 4 (0 MP).
    let text = one_board(
        4,
        &["192 FIDE_TEAM", "142 5", "330 +- 001 001 002"],
        &[&[(3, 4, '1')]],
        &[],
    );
    let file = read_team(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let p = pair(&file.tournament).unwrap();
    let mut got: Vec<(u32, u32)> = p
        .pairs
        .iter()
        .map(|(a, b)| (a.get().min(b.get()), a.get().max(b.get())))
        .collect();
    got.sort();
    assert_eq!(got, vec![(1, 3), (2, 4)]);
    // Two teams whose first match was forfeited meet again.
    let text = one_board(
        2,
        &["192 FIDE_TEAM", "142 3", "330 +- 001 001 002"],
        &[&[]],
        &[],
    );
    let file = read_team(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let p = pair(&file.tournament).unwrap();
    assert_eq!(p.pairs.len(), 1);
    // Two teams that played do not.
    let text = one_board(2, &["192 FIDE_TEAM", "142 3"], &[&[(1, 2, '1')]], &[]);
    let file = read_team(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(matches!(
        pair(&file.tournament),
        Err(TeamPairingError::NoLegalPairing { .. })
    ));
}

/// [C4] before [C6], and 3.6.3 in a bracket with upfloaters. Round 1: 1-4 1-0, 5-2 0-1,
/// 3-6 drawn. Round 2: 1 and 2 (2 MP) pair with no upfloater ([C4]), though that leaves 3 and
/// 6 (1 MP), who met, unpairable alone ([C6] comes after [C4]). 3 and 6 take 4 and 5 (0 MP);
/// the first identifier is 3 4 5 6 (3-5, 4-6). Colours: 2 has the lower CD (4.3.5); 3-5 and
/// 4-6 alternate the first-team's last colour (4.3.8).
#[test]
fn team_swiss_c4_before_c6_and_3_6_3_in_a_bracket_with_upfloaters() {
    let (pairs, bye) = paired(
        6,
        &["192 FIDE_TEAM", "142 5", "152 W"],
        &[&[(1, 4, '1'), (5, 2, '0'), (3, 6, '=')]],
        &[],
    );
    assert_eq!(pairs, vec![(2, 1), (5, 3), (6, 4)]);
    assert_eq!(bye, 0);
}

/// Reading a team file: a birth date of a year only is a warning and the line is kept as
/// written; a bad record is an error at its line and column.
#[test]
fn team_trf_reads_a_year_only_birth_date_with_a_warning_and_names_bad_fields() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/trf/teams-5.trf");
    let text = std::fs::read_to_string(path).unwrap();
    let file = read_team(&text).unwrap();
    assert_eq!(file.warnings.len(), 1);
    assert_eq!((file.warnings[0].line, file.warnings[0].column), (15, 70));
    assert_eq!(
        file.lines.join("\n") + "\n",
        text,
        "the lines are kept as written"
    );
    let t = &file.tournament;
    assert_eq!(t.teams.len(), 5);
    assert_eq!(t.rounds.len(), 1);
    let h = t.histories();
    let mp: Vec<i32> = h.iter().map(|x| x.mp.tenths()).collect();
    assert_eq!(
        mp,
        vec![20, 10, 0, 10, 10],
        "2/1/0 by game points; the bye a draw's (1.4)"
    );
    let gp: Vec<i32> = h.iter().map(|x| x.gp.tenths()).collect();
    assert_eq!(
        gp,
        vec![15, 10, 5, 10, 10],
        "the bye's game points from record 320"
    );
    let bad = text
        .replace("330", "")
        .replace("320  1.0  1.0 005", "320  1.0  1.0 004");
    let e = read_team(&bad).unwrap_err();
    assert_eq!((e.errors[0].line, e.errors[0].column), (24, 15), "{e}");
    let bad = text.replace("362 TW 2.0", "362 TX 2.0");
    let e = read_team(&bad).unwrap_err();
    assert_eq!((e.errors[0].line, e.errors[0].column), (8, 5), "{e}");
}

/// Record 192's team codes: Type A, Type B or no preferences; match or game points first;
/// no secondary score; Baku.
#[test]
fn team_trf_192_codes() {
    use engine::formats::trf::team_code;
    use engine::model::team::{ColourPreferences, ScoreKind};
    let c = team_code("FIDE_TEAM").unwrap();
    assert_eq!(
        (c.colours, c.primary, c.secondary_used, c.baku),
        (
            ColourPreferences::TypeA,
            ScoreKind::MatchPoints,
            true,
            false
        )
    );
    let c = team_code("FIDE_TEAM_TYPEB_GP_MP").unwrap();
    assert_eq!(
        (c.colours, c.primary, c.secondary_used),
        (ColourPreferences::TypeB, ScoreKind::GamePoints, true)
    );
    let c = team_code("FIDE_TEAM_MP_GP").unwrap();
    assert_eq!(c.colours, ColourPreferences::None);
    let c = team_code("FIDE_TEAM_TYPEA_MP_BAKU").unwrap();
    assert_eq!((c.secondary_used, c.baku), (false, true));
    assert!(team_code("FIDE_DUTCH").is_none());
    assert!(team_code("FIDE_TEAM_TYPEC_MP").is_none());
}
