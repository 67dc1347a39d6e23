//! Helpers shared by the engine's tests.

use engine::model::player::Player;
use engine::model::settings::{Settings, System};
use engine::model::tournament::Tournament;
use engine::Tpn;
use std::path::PathBuf;

/// The project's own TRF fixtures.
pub fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/trf")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The project's fixture names.
pub const FIXTURES: [&str; 4] = [
    "club-10.trf",
    "open-30.trf",
    "weekender-100.trf",
    "double-swiss-11.trf",
];

/// `../shared`, the reference material beside the project (`SHARED_DIR` names another place).
pub fn shared_dir() -> PathBuf {
    std::env::var_os("SHARED_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
        PathBuf::from,
    )
}

/// What a check does when `path`, which `../shared` holds, is absent: with `REQUIRE_SHARED=1`
/// (CI) it fails; when `../shared` is there but `path` is not, it fails (a missing expected
/// file); only when `../shared` is absent altogether does it say plainly that `check` was
/// skipped, and answer `None`.
pub fn missing_from_shared<T>(path: &std::path::Path, check: &str) -> Option<T> {
    if std::env::var("REQUIRE_SHARED").is_ok_and(|v| v == "1") {
        panic!(
            "{} is absent and REQUIRE_SHARED=1: {check} must run",
            path.display()
        );
    }
    let root = shared_dir();
    assert!(
        !root.is_dir(),
        "{} is absent from {}: {check} cannot run",
        path.display(),
        root.display()
    );
    eprintln!(
        "SKIPPED: {} is absent, so {check} did not run (REQUIRE_SHARED=1 makes this a failure)",
        root.display()
    );
    None
}

/// A reference program that `../shared` does not ship (bbpPairings, FIDE's calculator Gacrux:
/// their answers are there as reference data instead, checked by other tests), at `path` when
/// a developer has put it there; else `None`, saying plainly that `check` did not run. Never a
/// failure, `REQUIRE_SHARED=1` or not: the folder lacks it by design.
pub fn optional_oracle(path: PathBuf, check: &str) -> Option<PathBuf> {
    if path.is_file() {
        return Some(path);
    }
    eprintln!(
        "SKIPPED: {} is not shipped in the shared folder (by design), so {check} did not run",
        path.display()
    );
    None
}

/// The real tournament file `name` of `../shared/trf` ([`missing_from_shared`] when absent).
pub fn shared_trf(name: &str) -> Option<Vec<u8>> {
    let path = shared_dir().join("trf").join(name);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(_) => missing_from_shared(&path, "this check of a real tournament file"),
    }
}

/// py4swiss with the fixes of `../shared/oracles/README.md` (`py4swiss-fixed`, a Python 3.11
/// program that `../shared` ships): the program absent is [`missing_from_shared`]; a Python
/// 3.11 with pydantic to run it absent fails with `REQUIRE_SHARED=1` (the README's machine has
/// it; `scripts/test.sh` installs pydantic) and is otherwise said plainly, `None`.
pub fn py4swiss_fixed() -> Option<PathBuf> {
    let path = shared_dir().join("oracles/py4swiss/py4swiss-fixed");
    if !path.is_file() {
        return missing_from_shared(&path, "this check against py4swiss-fixed");
    }
    let runs = std::process::Command::new("python3")
        .args([
            "-c",
            "import pydantic, sys; assert sys.version_info[:2] == (3, 11)",
        ])
        .status()
        .is_ok_and(|s| s.success());
    if runs {
        return Some(path);
    }
    assert!(
        !std::env::var("REQUIRE_SHARED").is_ok_and(|v| v == "1"),
        "REQUIRE_SHARED=1 and no Python 3.11 with pydantic runs {}: the check against py4swiss-fixed must run",
        path.display()
    );
    eprintln!(
        "SKIPPED: no Python 3.11 with pydantic runs {}, so this check against py4swiss-fixed did not run (REQUIRE_SHARED=1 makes this a failure)",
        path.display()
    );
    None
}

/// A TRF text as py4swiss reads it: every 001 line with a rank (its pairing number: py4swiss
/// insists on one and pairs by pairing number), and a round with no entry (a late entry's or
/// an absentee's) written as a zero-point absence, `rounds` round blocks a line.
pub fn trf_for_py4swiss(text: &str, rounds: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if !line.starts_with("001") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut l: Vec<char> = line.chars().collect();
        let width = 89 + 10 * rounds;
        l.resize(width.max(l.len()), ' ');
        let tpn: String = l[4..8].iter().collect();
        for (k, c) in format!("{:>4}", tpn.trim()).chars().enumerate() {
            l[85 + k] = c;
        }
        for r in 0..rounds {
            let block = 89 + 10 * r..89 + 10 * (r + 1);
            if l[block.clone()].iter().all(|c| *c == ' ') {
                for (k, c) in "  0000 - Z".chars().enumerate() {
                    l[block.start + k] = c;
                }
            }
        }
        out.push_str(l.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    out
}

/// A pairing as an engine writes it: the pairs `(white, black)` and the bye.
pub type EngineOutput = (Vec<(u32, u32)>, Option<u32>);

/// The pairing `py4swiss-fixed` makes of the next round of the TRF text `trf` with `engine`
/// (`dubov`, `burstein`): the pairs `(white, black)` sorted and the bye, or its error output.
pub fn py4swiss_pair(
    program: &std::path::Path,
    engine: &str,
    trf: &str,
    name: &str,
) -> Result<EngineOutput, String> {
    let dir = std::env::temp_dir().join(format!("swiss-py4swiss-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join(format!("{name}.trf"));
    let output = dir.join(format!("{name}.out"));
    std::fs::write(&input, trf).unwrap();
    let o = std::process::Command::new("python3")
        .arg(program)
        .arg("-t")
        .arg(&input)
        .args(["-e", engine, "-p"])
        .arg(&output)
        .output()
        .unwrap();
    let text = std::fs::read_to_string(&output).unwrap_or_default();
    std::fs::remove_file(&input).ok();
    std::fs::remove_file(&output).ok();
    if !o.status.success() {
        return Err(String::from_utf8_lossy(&o.stderr)
            .trim()
            .lines()
            .last()
            .unwrap_or("")
            .to_string());
    }
    let (mut pairs, bye) = engine_output(&text);
    pairs.sort_unstable();
    Ok((pairs, bye))
}

/// A pairing in the output format of bbpPairings and JaVaFo: the number of pairs, then
/// `WHITE BLACK` per board, the pairing-allocated bye as `N 0`; the pairs in board order.
pub fn engine_output(text: &str) -> EngineOutput {
    let mut pairs = Vec::new();
    let mut bye = None;
    for line in text.lines().skip(1) {
        let mut it = line.split_whitespace().map(|x| x.parse::<u32>().unwrap());
        let (w, b) = (it.next().unwrap(), it.next().unwrap());
        if b == 0 {
            bye = Some(w);
        } else {
            pairs.push((w, b));
        }
    }
    (pairs, bye)
}

/// bbpPairings in `../shared/oracles`, which the folder does not ship (its answers are the
/// reference data of `dutch-2026/`, `acceleration/` and `forbidden/`): [`optional_oracle`].
pub fn bbp_pairings() -> Option<PathBuf> {
    optional_oracle(
        shared_dir().join("oracles/bbpPairings/bbpPairings"),
        "this check against bbpPairings",
    )
}

/// The tournament bbpPairings' generator makes from `config` (its `Key=Value` lines) and
/// `seed`, as it writes it, or `None` when it makes nothing from this seed (it gives up on
/// some). `name` keeps callers' temporary files apart.
pub fn bbp_generate(bbp: &std::path::Path, name: &str, config: &str, seed: u32) -> Option<Vec<u8>> {
    let dir = std::env::temp_dir().join(format!("swiss-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = dir.join(format!("{seed}.cfg"));
    let out = dir.join(format!("{seed}.trf"));
    std::fs::write(&cfg, config).unwrap();
    let status = std::process::Command::new(bbp)
        .args(["--dutch", "-g"])
        .arg(&cfg)
        .arg("-o")
        .arg(&out)
        .args(["-s", &seed.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    let _ = std::fs::remove_file(&cfg);
    let bytes = status.success().then(|| std::fs::read(&out).ok()).flatten();
    let _ = std::fs::remove_file(&out);
    bytes
}

/// bbpPairings' pairing of the next round of the TRF file at `input`, as it writes it (the
/// number of pairs, then "white black" per line, the bye as "N 0").
pub fn bbp_pairing(bbp: &std::path::Path, input: &std::path::Path) -> String {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let output = std::env::temp_dir().join(format!("swiss-bbp-{}-{n}.out", std::process::id()));
    let status = std::process::Command::new(bbp)
        .arg("--dutch")
        .arg(input)
        .arg("-p")
        .arg(&output)
        .status()
        .unwrap();
    assert!(
        status.success(),
        "bbpPairings failed on {}",
        input.display()
    );
    let out = std::fs::read_to_string(&output).unwrap();
    let _ = std::fs::remove_file(&output);
    out
}

/// The players bbpPairings pairs (the bye included) in the next round of the TRF file `text`.
pub fn bbp_paired_players(bbp: &std::path::Path, text: &str) -> std::collections::BTreeSet<u32> {
    let dir = std::env::temp_dir().join(format!("swiss-bbp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join(format!("in-{}.trf", text.len()));
    std::fs::write(&input, text).unwrap();
    bbp_pairing(bbp, &input)
        .lines()
        .skip(1)
        .flat_map(|l| l.split_whitespace().map(|n| n.parse::<u32>().unwrap()))
        .filter(|&n| n != 0)
        .collect()
}

/// A tournament of `n` players rated 2400, 2390, ... seeded by Dutch A.2.
pub fn field(system: System, n: u32) -> Tournament {
    let mut t = Tournament::new(Settings::new(system));
    let players = (0..n)
        .map(|i| {
            let mut p = Player::new(Tpn::from_index(0), format!("Player,{i:03}"));
            p.rating = Some(2400 - 10 * i as u16);
            p
        })
        .collect();
    t.seed_players(players);
    t
}

/// Pairing number `n`.
pub fn tpn(n: u32) -> Tpn {
    Tpn::new(n).expect("n >= 1")
}

/// Whether any pairing of `round` meets the absolute criteria (decided independently of the
/// systems, by a matching): no rematch or forbidden pair, no bye to a player who had a point
/// without playing, colour difference within ±2 and never the same colour three times
/// running; and among those pairings, the fewest pairs that break Dubov 2.5's upfloat limits
/// (except in the last round; none when `upfloat_limits` keeps them). `None` when there is no
/// such pairing. `fifty_relaxed`: not the colour limits for players with exactly 50 % in the
/// last round (Dutch B.6 notes).
pub fn fewest_breaches(
    t: &Tournament,
    round: engine::RoundNo,
    fifty_relaxed: bool,
    upfloat_limits: Limits,
) -> Option<usize> {
    use engine::model::history::{states_before, ColorPreference, Float};
    let states = states_before(t, round);
    let players = t.available_players(round);
    let last = t.settings.rounds == Some(round.get());
    let must = |p: Tpn| {
        let s = &states[p.index()];
        let fifty = (s.score + s.score).tenths()
            == t.settings.points.win.tenths() * i32::from(round.get() - 1);
        match s.color_preference() {
            ColorPreference::Absolute(c) if !(fifty_relaxed && last && fifty) => Some(c),
            _ => None,
        }
    };
    let upfloat_ok = |lower: Tpn| {
        let s = &states[lower.index()];
        let ups = s.floats.iter().filter(|f| **f == Some(Float::Up)).count();
        let limit = if t.settings.rounds.is_some_and(|r| r >= 10) {
            4
        } else {
            3
        };
        let last_up = s.floats.last() == Some(&Some(Float::Up));
        last || (!last_up && ups < limit)
    };
    let n = players.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (players[i], players[j]);
            let colours = !matches!((must(a), must(b)), (Some(x), Some(y)) if x == y);
            let within = match states[a.index()].score.cmp(&states[b.index()].score) {
                std::cmp::Ordering::Greater => upfloat_ok(b),
                std::cmp::Ordering::Less => upfloat_ok(a),
                std::cmp::Ordering::Equal => true,
            };
            if colours
                && (within || upfloat_limits == Limits::Ignored)
                && !states[a.index()].has_played(b)
                && !t.is_forbidden(a, b, round)
            {
                // Weight 2 for a pair within Dubov 2.5's limits, 1 for one that breaks them.
                edges.push((i, j, if within { 2 } else { 1 }));
            }
        }
        if n % 2 == 1 && !states[players[i].index()].unplayed_point {
            edges.push((i, n, 2));
        }
    }
    let mate = engine::matching::weighted::max_weight_matching(n + n % 2, &edges, true);
    if mate.iter().any(Option::is_none) {
        return None;
    }
    Some(
        edges
            .iter()
            .filter(|&&(i, j, w)| w == 1 && mate[i] == Some(j))
            .count(),
    )
}

/// How Dubov 2.5's upfloat limits count in [`fewest_breaches`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Limits {
    /// Pairs that break them are left out.
    Kept,
    /// Pairs that break them are allowed, and counted.
    Ignored,
}

/// Whether any pairing of `round` meets the absolute criteria (see [`fewest_breaches`]).
pub fn legal_pairing_exists(
    t: &Tournament,
    round: engine::RoundNo,
    fifty_relaxed: bool,
    upfloat_limits: bool,
) -> bool {
    let limits = if upfloat_limits {
        Limits::Kept
    } else {
        Limits::Ignored
    };
    fewest_breaches(t, round, fifty_relaxed, limits).is_some()
}

/// The folder of the hand-worked cases, `tests/fixtures/trf/hand-worked/`.
pub fn hand_worked_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/trf/hand-worked")
}

/// The system a hand-worked case is paired by, from its name's edition: `dutch_1992_`,
/// `dutch_2026_`, `dubov_`, `double_swiss_`. (The file's 192 says the system as well, and must
/// agree; for the 1992 Dutch it says only `FIDE_DUTCH`, TRF-2026 having no code for that text.)
pub fn hand_worked_system(name: &str) -> System {
    [
        ("dutch_1992_", System::Dutch1992),
        ("dutch_2026_", System::Dutch2026),
        ("dubov_", System::Dubov),
        ("double_swiss_", System::DoubleSwiss),
    ]
    .into_iter()
    .find(|(prefix, _)| name.starts_with(prefix))
    .unwrap_or_else(|| panic!("{name}: a case's name begins with its system and edition"))
    .1
}

/// A hand-worked case's tournament, read from `NAME.trf` as one of its system's.
pub fn hand_worked(name: &str) -> Tournament {
    let path = hand_worked_dir().join(format!("{name}.trf"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let t = engine::formats::trf::read_as(&text, Some(hand_worked_system(name)))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(
        text.lines().any(|l| l.starts_with("192 ")),
        "{name}.trf names no system (192)"
    );
    t
}

/// What `NAME.expected` says of a hand-worked case.
struct Expected {
    /// The pairing as `swiss pair` and bbpPairings write it: the number of pairs, then "white
    /// black" board by board, the bye as "N 0".
    output: String,
    /// `step ARTICLE: TEXT`: a step of the explanation under ARTICLE says TEXT.
    steps: Vec<(String, String)>,
    /// `no step ARTICLE: TEXT`: no step under ARTICLE says TEXT.
    no_steps: Vec<(String, String)>,
}

fn read_expected(name: &str) -> Expected {
    let path = hand_worked_dir().join(format!("{name}.expected"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut e = Expected {
        output: String::new(),
        steps: Vec::new(),
        no_steps: Vec::new(),
    };
    let step = |rest: &str, n: usize| -> (String, String) {
        let (article, said) = rest
            .split_once(": ")
            .unwrap_or_else(|| panic!("{name}.expected line {n}: expected ARTICLE: TEXT"));
        (article.to_string(), said.to_string())
    };
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("no step ") {
            e.no_steps.push(step(rest, i + 1));
        } else if let Some(rest) = line.strip_prefix("step ") {
            e.steps.push(step(rest, i + 1));
        } else {
            e.output.push_str(line);
            e.output.push('\n');
        }
    }
    e
}

/// Checks a hand-worked case, as data: `NAME.trf` is paired by the system its name and its file
/// (192) name,
/// the pairing must meet the absolute criteria (the validator), agree with the literal search
/// (the Dutch system, small fields), be the pairing `NAME.expected` gives, and its explanation
/// must hold the steps `NAME.expected` names. Returns the pairing.
pub fn check(name: &str) -> engine::pairing::RoundPairing {
    let t = hand_worked(name);
    let system = t
        .settings
        .system
        .unwrap_or_else(|| panic!("{name}.trf names no system (192)"));
    let p = engine::pairing::pair_next_round(&t, system).unwrap_or_else(|e| panic!("{name}: {e}"));
    let text = engine::pairing::explanation::to_text(&p.explanation);
    assert_eq!(
        engine::pairing::validate::validate(&t, system, &p),
        vec![],
        "{name}: the pairing breaks an absolute criterion\n{text}"
    );
    if system == System::Dutch1992 && t.players().len() <= engine::pairing::dutch::LITERAL_LIMIT {
        let literal = engine::pairing::dutch::pair_literal(&t, t.next_round())
            .unwrap()
            .unwrap();
        assert_eq!(
            (&p.pairs, p.bye),
            (&literal.pairs, literal.bye),
            "{name}: the fast search and the literal one differ"
        );
    }
    let expected = read_expected(name);
    assert_eq!(
        p.to_engine_output(),
        expected.output,
        "{name}: the pairing differs from {name}.expected\n{text}"
    );
    // A case of the 2026 Dutch is confirmed by the reference engine.
    if system == System::Dutch2026 {
        if let Some(bbp) = bbp_pairings() {
            let theirs = bbp_pairing(&bbp, &hand_worked_dir().join(format!("{name}.trf")));
            assert_eq!(
                theirs.lines().map(str::trim).collect::<Vec<_>>(),
                expected.output.lines().collect::<Vec<_>>(),
                "{name}: bbpPairings pairs otherwise"
            );
        }
    }
    for (article, said) in &expected.steps {
        assert!(
            p.explanation.iter().any(|s| s.says(article, said)),
            "{name}: no step under {article} says {said:?}\n{text}"
        );
    }
    for (article, said) in &expected.no_steps {
        assert!(
            !p.explanation.iter().any(|s| s.says(article, said)),
            "{name}: a step under {article} says {said:?}\n{text}"
        );
    }
    p
}

/// The cases of an archive of `../shared/reference` whose names hold `within`: each `.trf`
/// file's name and bytes with its `.expected` text; `None` when `../shared` is absent
/// ([`missing_from_shared`]).
pub fn reference_cases(archive: &str, within: &str) -> Option<Vec<(String, Vec<u8>, String)>> {
    let files: std::collections::BTreeMap<String, Vec<u8>> = reference_archive(archive)?
        .into_iter()
        .filter(|(name, _)| name.contains(within))
        .collect();
    Some(
        files
            .iter()
            .filter(|(name, _)| name.ends_with(".trf"))
            .map(|(name, bytes)| {
                let exp = files
                    .get(&name.replace(".trf", ".expected"))
                    .unwrap_or_else(|| panic!("{name} has no .expected"));
                (
                    name.clone(),
                    bytes.clone(),
                    String::from_utf8(exp.clone()).unwrap(),
                )
            })
            .collect(),
    )
}

/// `path` inside `../shared/reference`.
fn reference_path(path: &str) -> PathBuf {
    shared_dir().join("reference").join(path)
}

/// The reference data at `full` is absent: [`missing_from_shared`].
fn absent<T>(full: &std::path::Path) -> Option<T> {
    missing_from_shared(full, "this check against the reference data")
}

/// The files of the folder `path` of `../shared/reference` (name, bytes), by name; `None` when
/// `../shared` is absent ([`missing_from_shared`]).
pub fn reference_dir(path: &str) -> Option<Vec<(String, Vec<u8>)>> {
    let full = reference_path(path);
    let Ok(entries) = std::fs::read_dir(&full) else {
        return absent(&full);
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p.file_name().unwrap().to_string_lossy().into_owned(), bytes)
        })
        .collect();
    files.sort();
    Some(files)
}

/// The files of an archive of `../shared/reference` (a `.tar.xz`), by name in the archive, in
/// the archive's order; `None` when `../shared` is absent ([`missing_from_shared`]).
pub fn reference_archive(path: &str) -> Option<Vec<(String, Vec<u8>)>> {
    let full = reference_path(path);
    let Ok(packed) = std::fs::read(&full) else {
        return absent(&full);
    };
    let mut tar = Vec::new();
    lzma_rs::xz_decompress(&mut packed.as_slice(), &mut tar)
        .unwrap_or_else(|e| panic!("{}: not an xz archive: {e:?}", full.display()));
    let mut archive = tar::Archive::new(tar.as_slice());
    let mut files = Vec::new();
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry.path().unwrap().to_string_lossy().into_owned();
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut bytes).unwrap();
        files.push((name, bytes));
    }
    Some(files)
}

/// A value of the calculator's JSON in hundredths: a number, or a string of one ("31.75");
/// `None` for null.
pub fn json_hundredths(v: &serde_json::Value) -> Option<i64> {
    let x = match v {
        serde_json::Value::Null => return None,
        serde_json::Value::String(s) => s
            .trim()
            .parse::<f64>()
            .unwrap_or_else(|_| panic!("a number: {s:?}")),
        other => other
            .as_f64()
            .unwrap_or_else(|| panic!("a number: {other}")),
    };
    Some((x * 100.0).round() as i64)
}
