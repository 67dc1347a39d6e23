//! Tie-breaks (FIDE C.07, 2026) against FIDE's own calculator, Gacrux: its recorded answers on
//! the 600 tournaments of `../shared/reference/tiebreaks` (CI), and, where Gacrux and
//! bbpPairings are at hand in `../shared/oracles`, tournaments made by bbpPairings' generator
//! (forfeits, half-point byes, retirements; in every third one two players made unrated),
//! every tie-break of the set computed by both after the last round, and the places they give:
//! 0 differences.

use crate::support::{bbp_generate, bbp_pairings};
use engine::model::tiebreak::Tiebreak;
use engine::standings::standings;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Gacrux's tie-break checker in `../shared/oracles`, which the folder does not ship (its
/// answers are `reference/tiebreaks`, checked below), with a python3 that has networkx; else
/// `None`, said plainly, and never a failure.
fn gacrux() -> Option<PathBuf> {
    let path = crate::support::optional_oracle(
        crate::support::shared_dir().join("oracles/gacrux/tiebreakchecker.py"),
        "the tie-break check against Gacrux",
    )?;
    let python = Command::new("python3")
        .args(["-c", "import networkx"])
        .output()
        .is_ok_and(|o| o.status.success());
    if python {
        Some(path)
    } else {
        eprintln!(
            "SKIPPED: no python3 with networkx runs {}, so the tie-break check against Gacrux did not run",
            path.display()
        );
        None
    }
}

/// The orders compared, each after points (PTS), by the calculator's codes, which are ours.
/// The first holds every tie-break of the set (each value then depends on nothing before
/// it but DE, which has no tie left to break there); the others put direct encounter where
/// ties remain: alone after points, and in the default order of the 2026 systems.
const ORDERS: [&[&str]; 3] = [
    &[
        "BH",
        "BH/C1",
        "BH/M1",
        "BH/C2",
        "FB",
        "FB/C1",
        "SB",
        "SB/C1",
        "SB/M1",
        "AOB",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "GE",
        "ARO",
        "ARO/C1",
        "ARO/M1",
        "ARO/U1200",
        "TPR",
        "TPR/C1",
        "TPR/U1200",
        "PTP",
        "PTP/U1200",
        "APRO",
        "APPO",
        "PS",
        "PS/C1",
        "KS",
        "STD",
        "TPN",
        "RTNG",
        "RTNG/U1200",
        "DE",
    ],
    &["DE", "WIN", "BPG"],
    &["BH/C1", "BH", "DE", "WIN", "BPG"],
];

/// A value in hundredths, as both print it ("24.0", "24.00", "5"); `None` for none (Gacrux
/// "-0", ours "-").
fn hundredths(text: &str) -> Option<i64> {
    let text = text.trim();
    if text == "-" || text == "-0" {
        return None;
    }
    Some(
        (text
            .parse::<f64>()
            .unwrap_or_else(|_| panic!("a number: {text:?}"))
            * 100.0)
            .round() as i64,
    )
}

/// One player's line: start number, place, the values.
type Line = (u32, u32, Vec<Option<i64>>);

/// Gacrux's table for the file at `trf` with `PTS` and then `order`. `-s` tells it the
/// tournament is a Swiss: the generator's files name their system on the 092 line, which the
/// calculator does not read, and it then takes a field of as many players as rounds (or one
/// more) for a round-robin, whose rules leave byes out of Buchholz (seeds 132 and 133: 8
/// players in 7 rounds, 9 in 8).
fn calculator(gacrux: &Path, trf: &Path, order: &[&str]) -> Vec<Line> {
    let out = Command::new("python3")
        .arg(gacrux)
        .arg("-s")
        .arg("-i")
        .arg(trf)
        .arg("-t")
        .arg("PTS")
        .args(order)
        .args(["-d", "T"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "Gacrux failed on {}: {text}",
        trf.display()
    );
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            // StartNo, Rank, PTS, then the tie-breaks.
            let values = cells[3..3 + order.len()]
                .iter()
                .map(|c| hundredths(c))
                .collect();
            (
                cells[0].trim().parse().unwrap(),
                cells[1].trim().parse().unwrap(),
                values,
            )
        })
        .collect()
}

/// Makes the last two players of a TRF text unrated (their rating column blank).
fn unrate_two(text: &str) -> String {
    let players: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("001"))
        .map(|(i, _)| i)
        .collect();
    let last_two: Vec<usize> = players.iter().rev().take(2).copied().collect();
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if last_two.contains(&i) && l.len() >= 52 {
                format!("{}    {}", &l[..48], &l[52..])
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The tournaments generated from `seeds`: the differences between our values and places and
/// Gacrux's (one line each), and how many values were compared.
fn compare(bbp: &Path, gacrux: &Path, seeds: std::ops::Range<u32>) -> (Vec<String>, usize) {
    let dir = std::env::temp_dir().join(format!("swiss-c07-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut differences, mut compared) = (Vec::new(), 0);
    for seed in seeds {
        let players = 8 + seed % 33;
        let rounds = 5 + seed % 5;
        let config = format!(
            "PlayersNumber={players}\nRoundsNumber={rounds}\nDrawPercentage=30\nForfeitRate=15\n\
             RetiredRate=60\nHalfPointByeRate=40\nHighestRating=2600\nLowestRating=1400\n"
        );
        let Some(bytes) = bbp_generate(bbp, "c07", &config, seed) else {
            continue;
        };
        // The generator ends lines with CR alone and writes no XXR.
        let mut text =
            String::from_utf8_lossy(&bytes).replace('\r', "\n") + &format!("XXR {rounds}\n");
        if seed % 3 == 0 {
            text = unrate_two(&text);
        }
        let path = dir.join(format!("{seed}.trf"));
        std::fs::write(&path, &text).unwrap();
        let t = engine::formats::trf::read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for order in ORDERS {
            let theirs = calculator(gacrux, &path, order);
            let tiebreaks: Vec<Tiebreak> = order
                .iter()
                .map(|c| Tiebreak::parse(c).unwrap_or_else(|e| panic!("{e}")))
                .collect();
            let ours = standings(&t, None, &tiebreaks, 0);
            for (start, rank, values) in theirs {
                let row = ours
                    .rows
                    .iter()
                    .find(|r| r.tpn.get() == start)
                    .unwrap_or_else(|| panic!("seed {seed}: no player {start}"));
                let context =
                    format!("seed {seed} ({players} players, {rounds} rounds), player {start}");
                compared += 1;
                if row.shared_rank != rank {
                    differences.push(format!(
                        "{context}, place by PTS {}: ours {}, Gacrux {rank}",
                        order.join(" "),
                        row.shared_rank
                    ));
                }
                for (k, code) in order.iter().enumerate() {
                    compared += 1;
                    let mine = hundredths(&row.tiebreaks[k].to_string());
                    if mine != values[k] {
                        let show = |v: Option<i64>| {
                            v.map_or("none".to_string(), |v| format!("{:.2}", v as f64 / 100.0))
                        };
                        differences.push(format!(
                            "{context}, {code}: ours {}, Gacrux {}",
                            show(mine),
                            show(values[k])
                        ));
                    }
                }
            }
        }
        let _ = std::fs::remove_file(&path);
    }
    (differences, compared)
}

/// C.07 (2026) as Gacrux computes it: every tie-break of the set (Buchholz and Fore Buchholz
/// with their cuts, Sonneborn-Berger, AOB, direct encounter, wins, games won, with Black,
/// elected, the rating-based ones with and without a rating for unrated players, progressive,
/// Koya, standard points, pairing number, rating) and the places they give, on every player of
/// 200 generated tournaments (`C07_AGREEMENT_SEEDS=N` for more or fewer).
#[test]
fn c07_2026_tiebreaks_agree_with_fides_calculator() {
    let (Some(bbp), Some(gacrux)) = (bbp_pairings(), gacrux()) else {
        return;
    };
    let n: u32 = std::env::var("C07_AGREEMENT_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let (differences, compared) = compare(&bbp, &gacrux, 1..n + 1);
    println!(
        "C.07 vs Gacrux: {} of {compared} values and places differ",
        differences.len()
    );
    assert!(compared > 1000, "only {compared} values compared");
    none_differ(&differences, &format!("of {compared} values"));
}

/// Fails, listing the first 60, if any of `differences` (`what` differ) is there.
fn none_differ(differences: &[String], what: &str) {
    assert!(
        differences.is_empty(),
        "{} {what} differ:\n{}",
        differences.len(),
        differences[..differences.len().min(60)].join("\n")
    );
}

/// C.07 (2026) as FIDE's calculator (Gacrux 1.9.57, Swiss) computed it on the 600 tournaments of
/// `../shared/reference/tiebreaks/gacrux.tar.xz` (8-40 players, 5-9 rounds, forfeits, half-point
/// byes, zero-point absences, players retiring for good, two players unrated in every third):
/// every player's values in its three orders (`PTS BH/C1 BH/M1 BH SB WIN BPG ARO TPR PS DE`,
/// `PTS DE BH/C1 SB`, `PTS BH/C1 BH DE WIN BPG`) and the places they give: 0 differences.
#[test]
fn c07_2026_tiebreaks_equal_the_calculators_on_the_reference_tournaments() {
    let Some(files) = crate::support::reference_archive("tiebreaks/gacrux.tar.xz") else {
        return;
    };
    let (mut tournaments, mut compared) = (0, 0);
    let mut differences = Vec::new();
    for (name, bytes) in files.iter().filter(|(n, _)| n.ends_with(".trf")) {
        let t = engine::formats::trf::read(&String::from_utf8_lossy(bytes))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        tournaments += 1;
        for order in ["a", "b", "c"] {
            let json_name = name.replace(".trf", &format!(".{order}.json"));
            let (_, json) = files
                .iter()
                .find(|(n, _)| *n == json_name)
                .unwrap_or_else(|| panic!("{json_name} is missing"));
            let json: serde_json::Value = serde_json::from_slice(json).unwrap();
            let result = &json["tiebreakResult"];
            let codes: Vec<String> = result["tiebreaks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["desc"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(codes[0], "PTS", "{json_name}");
            let tiebreaks: Vec<Tiebreak> = codes[1..]
                .iter()
                .map(|c| Tiebreak::parse(c).unwrap_or_else(|e| panic!("{json_name}: {e}")))
                .collect();
            let ours = standings(&t, None, &tiebreaks, 0);
            for c in result["competitors"].as_array().unwrap() {
                let cid = c["cid"].as_u64().unwrap() as u32;
                let row = ours
                    .rows
                    .iter()
                    .find(|r| r.tpn.get() == cid)
                    .unwrap_or_else(|| panic!("{name}: no player {cid}"));
                let theirs: Vec<Option<i64>> = c["tiebreakScore"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(crate::support::json_hundredths)
                    .collect();
                let mut mine = vec![Some(i64::from(row.score.tenths()) * 10)];
                mine.extend(row.tiebreaks.iter().map(|v| hundredths(&v.to_string())));
                let rank = c["rank"].as_u64().unwrap() as u32;
                compared += mine.len() + 1;
                if mine != theirs || row.shared_rank != rank {
                    let show = |v: &[Option<i64>]| {
                        v.iter()
                            .map(|v| {
                                v.map_or("none".into(), |v| format!("{:.2}", v as f64 / 100.0))
                            })
                            .collect::<Vec<String>>()
                            .join(" ")
                    };
                    differences.push(format!(
                        "{name} ({}), player {cid}: ours place {} [{}], the calculator's place {rank} [{}]",
                        codes.join(" "),
                        row.shared_rank,
                        show(&mine),
                        show(&theirs)
                    ));
                }
            }
        }
    }
    eprintln!(
        "C.07 vs the calculator's recorded answers: {tournaments} tournaments, {compared} values and places, {} players differ",
        differences.len()
    );
    assert!(tournaments >= 500, "only {tournaments} tournaments");
    none_differ(&differences, "players");
}
