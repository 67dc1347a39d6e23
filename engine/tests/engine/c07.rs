//! Tie-breaks (FIDE C.07, 2026) against FIDE's own calculator, Gacrux: tournaments made by
//! bbpPairings' generator (forfeits, half-point byes, retirements), each tie-break computed by
//! both after the last round, 0 differences.

use crate::support::{bbp_generate, bbp_pairings};
use engine::standings::{standings, Tiebreak};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Gacrux's tie-break checker from `../shared/oracles`, or `None` (said plainly) when it or
/// its Python is absent.
fn gacrux() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/oracles/gacrux/tiebreakchecker.py");
    let python = Command::new("python3")
        .args(["-c", "import networkx"])
        .output()
        .is_ok_and(|o| o.status.success());
    if path.is_file() && python {
        Some(path)
    } else {
        eprintln!(
            "NOTE: {} (or python3 with networkx) is absent: the tie-break check against Gacrux did not run",
            path.display()
        );
        None
    }
}

/// The tie-breaks compared, by Gacrux's codes and ours.
const CODES: [(&str, Tiebreak); 7] = [
    ("BH", Tiebreak::Buchholz),
    ("BH/C1", Tiebreak::BuchholzCut1),
    ("BH/M1", Tiebreak::MedianBuchholz),
    ("SB", Tiebreak::SonnebornBerger),
    ("WIN", Tiebreak::Wins),
    ("BPG", Tiebreak::GamesWithBlack),
    ("ARO", Tiebreak::AverageRatingOfOpponents),
];

/// A value in hundredths, as both print it ("24.0", "24.00", "5").
fn hundredths(text: &str) -> i64 {
    (text
        .trim()
        .parse::<f64>()
        .unwrap_or_else(|_| panic!("a number: {text:?}"))
        * 100.0)
        .round() as i64
}

/// Gacrux's table for the file at `trf`: per start number, the values in [`CODES`]' order.
fn calculator(gacrux: &Path, trf: &Path) -> Vec<(u32, Vec<i64>)> {
    let out = Command::new("python3")
        .arg(gacrux)
        .arg("-i")
        .arg(trf)
        .arg("-t")
        .args(CODES.iter().map(|(c, _)| *c))
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
            // StartNo, Rank, then the tie-breaks.
            let values = cells[2..2 + CODES.len()]
                .iter()
                .map(|c| hundredths(c))
                .collect();
            (cells[0].trim().parse().unwrap(), values)
        })
        .collect()
}

/// The tournaments generated from `seeds`: the differences between our values and Gacrux's
/// (one line each), and how many values were compared.
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
        let text = String::from_utf8_lossy(&bytes).replace('\r', "\n") + &format!("XXR {rounds}\n");
        let path = dir.join(format!("{seed}.trf"));
        std::fs::write(&path, &text).unwrap();
        let theirs = calculator(gacrux, &path);
        let _ = std::fs::remove_file(&path);
        let t = engine::trf::read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let order: Vec<Tiebreak> = CODES.iter().map(|(_, tb)| *tb).collect();
        let ours = standings(&t, None, &order, 0);
        for (start, values) in theirs {
            let row = ours
                .rows
                .iter()
                .find(|r| r.tpn.get() == start)
                .unwrap_or_else(|| panic!("seed {seed}: no player {start}"));
            for (k, (code, _)) in CODES.iter().enumerate() {
                compared += 1;
                let mine = hundredths(&row.tiebreaks[k].to_string());
                if mine != values[k] {
                    differences.push(format!(
                        "seed {seed} ({players} players, {rounds} rounds), player {start}, {code}: ours {:.2}, Gacrux {:.2}",
                        mine as f64 / 100.0,
                        values[k] as f64 / 100.0
                    ));
                }
            }
        }
    }
    (differences, compared)
}

/// C.07 (2026) Articles 16.3-16.5 as Gacrux computes them: Buchholz, its cuts, Sonneborn-Berger,
/// wins, games with Black and the opponents' average rating, on every player of 40 generated
/// tournaments (`C07_AGREEMENT_SEEDS=N` for more).
#[test]
fn c07_2026_tiebreaks_agree_with_fides_calculator() {
    let (Some(bbp), Some(gacrux)) = (bbp_pairings(), gacrux()) else {
        return;
    };
    let n: u32 = std::env::var("C07_AGREEMENT_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let (differences, compared) = compare(&bbp, &gacrux, 1..n + 1);
    println!(
        "C.07 vs Gacrux: {} of {compared} values differ",
        differences.len()
    );
    assert!(compared > 1000, "only {compared} values compared");
    assert!(
        differences.is_empty(),
        "{} of {compared} values differ:\n{}",
        differences.len(),
        differences.join("\n")
    );
}
