//! Bad TRF input: every problem named with its line and column, nothing panics.

use crate::support::{fixture, FIXTURES};
use engine::formats::trf::{self, TrfErrorKind};
use proptest::prelude::*;

const HEAD: &str = "012 Test\nXXR 3\n";

fn line(tpn: u32, name: &str, points: &str, rounds: &[&str]) -> String {
    let mut s =
        format!("001 {tpn:>4}      {name:<33} 2000 GER     1234567 1990/01/01 {points:>4}     ");
    for r in rounds {
        s.push_str("  ");
        s.push_str(r);
    }
    s
}

/// Reads `text`, expecting it to fail; returns (line, column, kind) of every problem.
fn errors(text: &str) -> Vec<(usize, usize, TrfErrorKind)> {
    match trf::read(text) {
        Ok(_) => panic!("expected errors for:\n{text}"),
        Err(e) => e
            .errors
            .into_iter()
            .map(|e| (e.line, e.column, e.kind))
            .collect(),
    }
}

fn file(lines: &[String]) -> String {
    format!("{HEAD}{}\n", lines.join("\n"))
}

#[test]
fn well_formed_base_reads() {
    let text = file(&[
        line(1, "A", "1.0", &["   2 w 1"]),
        line(2, "B", "0.0", &["   1 b 0"]),
    ]);
    let t = trf::read(&text).unwrap();
    assert_eq!(t.rounds().len(), 1);
}

#[test]
fn unknown_result_code_is_named_at_its_column() {
    let text = file(&[
        line(1, "A", "1.0", &["   2 w X"]),
        line(2, "B", "0.0", &["   1 b 0"]),
    ]);
    let e = errors(&text);
    assert_eq!(e, vec![(3, 99, TrfErrorKind::UnknownResult('X'))]);
}

#[test]
fn unknown_colour_is_named_at_its_column() {
    let text = file(&[
        line(1, "A", "1.0", &["   2 x 1"]),
        line(2, "B", "0.0", &["   1 b 0"]),
    ]);
    assert_eq!(
        errors(&text),
        vec![(3, 97, TrfErrorKind::UnknownColor('x'))]
    );
}

#[test]
fn column_out_of_place_is_found() {
    // The rating shifted one column to the right runs into the federation's separator.
    let good = line(1, "A", "0.0", &[]);
    let shifted = format!("{} {}", &good[..48], &good[48..good.len() - 1]);
    let text = file(&[shifted, line(2, "B", "0.0", &[])]);
    let e = errors(&text);
    assert!(
        e.iter()
            .any(|(l, c, k)| *l == 3 && *c == 53 && matches!(k, TrfErrorKind::ExpectedSpace('0'))),
        "{e:?}"
    );
}

#[test]
fn player_listed_twice() {
    let text = file(&[line(1, "A", "0.0", &[]), line(1, "B", "0.0", &[])]);
    assert_eq!(
        errors(&text),
        vec![(
            4,
            5,
            TrfErrorKind::DuplicatePlayer {
                tpn: 1,
                first_line: 3
            }
        )]
    );
}

#[test]
fn missing_pairing_number() {
    let text = file(&[line(1, "A", "0.0", &[]), line(3, "C", "0.0", &[])]);
    assert_eq!(errors(&text), vec![(4, 5, TrfErrorKind::MissingPlayer(2))]);
}

#[test]
fn opponent_who_does_not_exist() {
    let text = file(&[line(1, "A", "1.0", &["   9 w 1"]), line(2, "B", "0.0", &[])]);
    assert_eq!(
        errors(&text),
        vec![(
            3,
            92,
            TrfErrorKind::UnknownOpponent {
                round: 1,
                opponent: 9
            }
        )]
    );
}

#[test]
fn results_that_do_not_mirror() {
    // Both claim the win.
    let text = file(&[
        line(1, "A", "1.0", &["   2 w 1"]),
        line(2, "B", "1.0", &["   1 b 1"]),
    ]);
    let e = errors(&text);
    assert!(
        matches!(
            e.as_slice(),
            [(3, 99, TrfErrorKind::NotMirrored { round: 1, .. })]
        ),
        "{e:?}"
    );
    // The opponent lists someone else.
    let text = file(&[
        line(1, "A", "1.0", &["   2 w 1"]),
        line(2, "B", "0.0", &["   3 b 0"]),
        line(3, "C", "1.0", &["   2 w 1"]),
    ]);
    let e = errors(&text);
    assert!(
        e.iter()
            .all(|(_, _, k)| matches!(k, TrfErrorKind::NotMirrored { .. })),
        "{e:?}"
    );
    assert!(e.iter().any(|(l, c, _)| (*l, *c) == (3, 92)), "{e:?}");
    // Same colour on both sides.
    let text = file(&[
        line(1, "A", "1.0", &["   2 w 1"]),
        line(2, "B", "0.0", &["   1 w 0"]),
    ]);
    let e = errors(&text);
    assert!(
        matches!(e.as_slice(), [(3, 97, TrfErrorKind::NotMirrored { .. })]),
        "{e:?}"
    );
    // ½-0 is for Double-Swiss only.
    let text = file(&[
        line(1, "A", "0.5", &["   2 w ="]),
        line(2, "B", "0.0", &["   1 b 0"]),
    ]);
    let e = errors(&text);
    assert!(
        matches!(e.as_slice(), [(3, 99, TrfErrorKind::NotMirrored { .. })]),
        "{e:?}"
    );
}

#[test]
fn stated_points_that_disagree_are_refused() {
    let text = file(&[
        line(1, "A", "0.5", &["   2 w 1"]),
        line(2, "B", "0.0", &["   1 b 0"]),
    ]);
    assert_eq!(
        errors(&text),
        vec![(
            3,
            81,
            TrfErrorKind::PointsMismatch {
                stated: "0.5".into(),
                computed: "1.0".into()
            }
        )]
    );
}

#[test]
fn every_problem_is_reported_not_just_the_first() {
    let text = file(&[
        line(1, "A", "1.0", &["   2 w X"]),
        line(2, "B", "0.0", &["   1 q 0"]),
        line(2, "C", "0.0", &[]),
    ]);
    let e = errors(&text);
    assert_eq!(e.len(), 3, "{e:?}");
}

#[test]
fn bad_records() {
    let e = errors(&format!("XXR x\n{}\n", line(1, "A", "0.0", &[])));
    assert!(
        matches!(e.as_slice(), [(1, 5, TrfErrorKind::BadRecord { .. })]),
        "{e:?}"
    );
    let e = errors(&format!(
        "192 FIDE_BURSTEIN\n{}\n",
        line(1, "A", "0.0", &[])
    ));
    assert!(
        matches!(e.as_slice(), [(1, 5, TrfErrorKind::BadRecord { .. })]),
        "{e:?}"
    );
    let e = errors(&format!("{}\n240 H   2    7\n", line(1, "A", "0.0", &[])));
    assert!(
        matches!(e.as_slice(), [(2, 5, TrfErrorKind::BadRecord { .. })]),
        "player 7 does not exist: {e:?}"
    );
    let e = errors(&format!(
        "XXS WW=1.0 BW=0.5\n{}\n",
        line(1, "A", "0.0", &[])
    ));
    assert!(
        matches!(e.as_slice(), [(1, 5, TrfErrorKind::BadRecord { .. })]),
        "colour-dependent points: {e:?}"
    );
}

#[test]
fn not_utf8_is_named_with_its_place() {
    let mut bytes = file(&[line(1, "A", "0.0", &[])]).into_bytes();
    bytes.insert(20, 0xff);
    let e = trf::read_bytes(&bytes).unwrap_err();
    // Byte 20 is the sixth character of line 3 ("012 Test" and "XXR 3" take 15 bytes).
    assert_eq!(
        (
            e.errors[0].line,
            e.errors[0].column,
            e.errors[0].kind.clone()
        ),
        (3, 6, TrfErrorKind::NotUtf8)
    );
}

#[test]
fn empty_file_has_no_players() {
    assert_eq!(errors(""), vec![(1, 1, TrfErrorKind::NoPlayers)]);
}

#[test]
fn double_swiss_match_columns_must_agree() {
    let head = "192 FIDE_DOUBLESWISS\n";
    // Game 2 against somebody else.
    let text = format!(
        "{head}{}\n{}\n{}\n",
        line(1, "A", "1.0", &["   2 w 1", "   3 b 0"]),
        line(2, "B", "1.0", &["   1 b 0", "   1 w 1"]),
        line(3, "C", "0.0", &[]),
    );
    let e = errors(&text);
    assert!(e.iter().any(|(l, c, _)| (*l, *c) == (2, 102)), "{e:?}");
    // Same colour in both games.
    let text = format!(
        "{head}{}\n{}\n",
        line(1, "A", "1.0", &["   2 w 1", "   2 w 0"]),
        line(2, "B", "1.0", &["   1 b 0", "   1 b 1"])
    );
    let e = errors(&text);
    assert!(e.iter().any(|(l, c, _)| (*l, *c) == (2, 107)), "{e:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Random bytes never make the reader panic, and every error points inside the file.
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        if let Err(e) = trf::read_bytes(&bytes) {
            let lines = bytes.split(|&b| b == b'\n').count().max(1);
            for err in e.errors {
                prop_assert!(err.line >= 1 && err.line <= lines, "{err}");
                prop_assert!(err.column >= 1);
            }
        }
    }

    /// Valid files with characters changed, lines dropped or swapped never make the reader
    /// panic; what reads is written back without panicking either.
    #[test]
    fn mutated_files_never_panic(
        which in 0..FIXTURES.len(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<char>(), 0u8..4), 1..8),
    ) {
        let mut lines: Vec<String> = fixture(FIXTURES[which]).lines().map(str::to_string).collect();
        for (at, c, op) in edits {
            let i = at.index(lines.len());
            match op {
                0 => {
                    let mut chars: Vec<char> = lines[i].chars().collect();
                    if !chars.is_empty() {
                        let j = at.index(chars.len());
                        chars[j] = c;
                    }
                    lines[i] = chars.into_iter().collect();
                }
                1 => { lines.remove(i); if lines.is_empty() { lines.push(String::new()); } }
                2 => { let j = (i + 1) % lines.len(); lines.swap(i, j); }
                _ => { let keep = at.index(lines[i].len() + 1); lines[i] = lines[i].chars().take(keep).collect(); }
            }
        }
        let text = lines.join("\n");
        if let Ok(t) = trf::read(&text) {
            let _ = trf::write(&t);
        }
    }
}

/// Lines may end with LF, CR LF or CR alone (bbpPairings' files): all read the same, and a
/// file is written back with its own ending.
#[test]
fn trf_line_endings_lf_crlf_and_cr_alone() {
    let lf = file(&[
        line(1, "A", "1.0", &["   2 w 1"]),
        line(2, "B", "0.0", &["   1 b 0"]),
    ]);
    let base = trf::read(&lf).unwrap();
    for ending in ["\r\n", "\r"] {
        let text = lf.replace('\n', ending);
        let t = trf::read(&text).unwrap_or_else(|e| panic!("{ending:?}: {e}"));
        assert_eq!(t.rounds(), base.rounds(), "{ending:?}");
        assert_eq!(t.players(), base.players(), "{ending:?}");
        let f = trf::read_file(&text, None).unwrap();
        assert_eq!(
            trf::write_as(&f.tournament, &f.layout),
            text,
            "{ending:?}: written back with its own ending"
        );
    }
}

/// A file that records more rounds than its XXR says is refused at the first entry beyond.
#[test]
fn trf_more_rounds_recorded_than_xxr_is_refused_at_the_first_extra_entry() {
    let text = format!(
        "012 Test\nXXR 1\n{}\n{}\n",
        line(1, "A", "2.0", &["   2 w 1", "   2 b 1"]),
        line(2, "B", "0.0", &["   1 b 0", "   1 w 0"]),
    );
    let e = errors(&text);
    assert_eq!(
        e,
        vec![(
            3,
            102,
            TrfErrorKind::TooManyRounds {
                round: 2,
                rounds: 1,
                record: "XXR"
            }
        )]
    );
}

/// An unknown record code is kept and warned about; known codes of other programs are not.
#[test]
fn trf_unknown_record_codes_warn_with_their_line() {
    let text = format!(
        "012 Test\n777 something\nXXY 1 2\n092 Swiss\n{}\n{}\n",
        line(1, "A", "1.0", &["   2 w 1"]),
        line(2, "B", "0.0", &["   1 b 0"]),
    );
    let (_, warnings) = trf::read_with_warnings(&text, None).unwrap();
    let at: Vec<(usize, String)> = warnings
        .iter()
        .map(|w| (w.line, w.kind.to_string()))
        .collect();
    assert_eq!(at.len(), 1, "{at:?}");
    assert_eq!(at[0].0, 2);
    let mistyped = text.replace("001    2", "101    2");
    let e = errors(&mistyped);
    assert!(
        e.contains(&(6, 1, TrfErrorKind::PlayerLineUnderUnknownCode("101".into()))),
        "{e:?}"
    );
}
