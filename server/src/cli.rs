//! The `swiss` commands that work on files: `pair`, `check`, `generate` and `standings`.
//!
//! Each returns a [`CliError`] whose [`CliError::exit`] is how the process ends (the codes and
//! their meanings are [`crate::exit`]'s).

use engine::formats::trf::{self, Layout, ReadError};
use engine::pairing::check::{recheck, RoundCheck};
use engine::pairing::generate::{generate, GenerateConfig, GenerateError};
use engine::pairing::team_swiss::{self, TeamPairingError};
use engine::pairing::validate::validate;
use engine::pairing::{pair_next_round, PairingError};
use engine::System;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::exit::Exit;

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The input file is malformed.
    #[error("{path}: {error}")]
    BadInput {
        /// The file.
        path: PathBuf,
        /// Every problem found.
        error: ReadError,
    },
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No valid pairing exists.
    #[error("{0}")]
    NoPairing(PairingError),
    /// There is no round to pair: every round is paired, or the last lacks results.
    #[error("nothing to pair: {0}")]
    NothingToPair(PairingError),
    /// The system cannot pair this round in this build.
    #[error("{0}")]
    NotImplemented(PairingError),
    /// `check` found rounds that re-pair differently or could not be re-paired.
    #[error("{differing} of {rounds} rounds re-pair differently{}", if *unchecked > 0 { format!(", {unchecked} could not be re-paired") } else { String::new() })]
    Differences {
        /// Rounds checked.
        rounds: usize,
        /// Rounds that differ.
        differing: usize,
        /// Rounds the system could not pair.
        unchecked: usize,
    },
    /// The generator failed.
    #[error("{0}")]
    Generate(GenerateError),
    /// An argument that does not parse.
    #[error("{0}")]
    BadArgument(String),
    /// A team competition's round cannot be paired.
    #[error("{0}")]
    Team(TeamPairingError),
    /// A pairing the engine produced breaks the absolute criteria (a bug).
    #[error("the pairing breaks the absolute criteria (please report this): {0}")]
    Invalid(String),
}

impl CliError {
    /// How the process ends for this error.
    pub fn exit(&self) -> Exit {
        match self {
            CliError::NoPairing(_) | CliError::Differences { .. } | CliError::Invalid(_) => {
                Exit::Failed
            }
            CliError::Team(TeamPairingError::TournamentComplete { .. }) => Exit::NothingToPair,
            CliError::Team(_) => Exit::Failed,
            CliError::BadArgument(_) => Exit::Usage,
            CliError::BadInput { .. } => Exit::BadInput,
            CliError::Io { .. } => Exit::Io,
            CliError::NotImplemented(_) => Exit::NotImplemented,
            CliError::NothingToPair(_) => Exit::NothingToPair,
            CliError::Generate(GenerateError::Pairing {
                error: PairingError::NotImplemented { .. },
                ..
            }) => Exit::NotImplemented,
            CliError::Generate(_) => Exit::Failed,
        }
    }
}

fn from_pairing(e: PairingError) -> CliError {
    match e {
        PairingError::NotImplemented { .. } => CliError::NotImplemented(e),
        PairingError::TournamentComplete(_) | PairingError::ResultsMissing(_) => {
            CliError::NothingToPair(e)
        }
        other => CliError::NoPairing(other),
    }
}

fn read_file(path: &Path, system: System) -> Result<engine::Tournament, CliError> {
    read_with_layout(path, system).map(|(t, _)| t)
}

/// The tournament of a file with its layout, for writing the file back as it was.
fn read_with_layout(path: &Path, system: System) -> Result<(engine::Tournament, Layout), CliError> {
    let bytes = std::fs::read(path).map_err(|source| CliError::Io {
        path: path.into(),
        source,
    })?;
    let text = std::str::from_utf8(&bytes).map_err(|_| CliError::BadInput {
        path: path.into(),
        error: trf::read_bytes(&bytes)
            .err()
            .unwrap_or(ReadError { errors: vec![] }),
    })?;
    let file = trf::read_file(text, Some(system)).map_err(|error| CliError::BadInput {
        path: path.into(),
        error,
    })?;
    let mut err = std::io::stderr();
    for w in &file.warnings {
        let _ = writeln!(err, "{}: {w}", path.display());
    }
    Ok((file.tournament, file.layout))
}

fn write_out(path: Option<&Path>, text: &str) -> Result<(), CliError> {
    match path {
        Some(p) => std::fs::write(p, text).map_err(|source| CliError::Io {
            path: p.into(),
            source,
        }),
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|source| CliError::Io {
                path: "<stdout>".into(),
                source,
            }),
    }
}

/// `swiss pair`: the next round's pairing, in bbpPairings' and JaVaFo's output format, to
/// `output` or standard output; with `explain`, the reasoning on standard error.
pub fn pair(
    system: System,
    input: &Path,
    output: Option<&Path>,
    explain: bool,
) -> Result<(), CliError> {
    let t = read_file(input, system)?;
    let pairing = pair_next_round(&t, system).map_err(from_pairing)?;
    let violations = validate(&t, system, &pairing);
    if !violations.is_empty() {
        let text: Vec<String> = violations.iter().map(ToString::to_string).collect();
        return Err(CliError::Invalid(text.join("; ")));
    }
    if explain {
        let mut err = std::io::stderr();
        for step in &pairing.explanation {
            let _ = writeln!(err, "{step}");
        }
    }
    write_out(output, &pairing.to_engine_output())
}

/// `swiss pair --team`: the next round of a team competition (C.04.6), written as the
/// reference data of FIDE's calculator writes it (`round`, `system`, `result`, `pairs`, the
/// pairs white team first, `bye`), to `output` or standard output; with `explain`, the
/// reasoning on standard error.
pub fn pair_team(input: &Path, output: Option<&Path>, explain: bool) -> Result<(), CliError> {
    let file = read_team_file(input)?;
    let mut err = std::io::stderr();
    let code = file
        .lines
        .iter()
        .find_map(|l| l.strip_prefix("192 ").map(|c| c.trim().to_string()))
        .unwrap_or_else(|| "FIDE_TEAM".into());
    let round = file.tournament.next_round();
    match team_swiss::pair(&file.tournament) {
        Ok(p) => {
            if explain {
                for step in &p.steps {
                    let _ = writeln!(err, "{step}");
                }
            }
            let mut out = format!(
                "round {round}\nsystem {code}\nresult paired\npairs {}\n",
                p.pairs.len()
            );
            for (w, b) in &p.pairs {
                out.push_str(&format!("{w} {b}\n"));
            }
            out.push_str(&format!("bye {}\n", p.bye.map_or(0, |t| t.get())));
            write_out(output, &out)
        }
        Err(e @ TeamPairingError::NoLegalPairing { .. }) => {
            write_out(
                output,
                &format!("round {round}\nsystem {code}\nresult no-legal-pairing\npairs 0\nbye 0\n"),
            )?;
            Err(CliError::Team(e))
        }
        Err(e) => Err(CliError::Team(e)),
    }
}

/// A team competition's file, its warnings written to standard error.
fn read_team_file(input: &Path) -> Result<trf::TeamFile, CliError> {
    let bytes = std::fs::read(input).map_err(|source| CliError::Io {
        path: input.into(),
        source,
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let file = trf::read_team(&text).map_err(|error| CliError::BadInput {
        path: input.into(),
        error,
    })?;
    let mut err = std::io::stderr();
    for w in &file.warnings {
        let _ = writeln!(
            err,
            "{}: line {}, column {}: {}",
            input.display(),
            w.line,
            w.column,
            w.text
        );
    }
    Ok(file)
}

/// `swiss check --team`: re-pairs every recorded round of a team competition by C.04.6 and
/// prints each difference (the matches with their colours, and the bye).
pub fn check_team(input: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    let file = read_team_file(input)?;
    let t = &file.tournament;
    let io = |source| CliError::Io {
        path: "<stdout>".into(),
        source,
    };
    let (mut differing, mut unchecked) = (0, 0);
    let show = |pairs: &[(u32, u32)], bye: u32| {
        let mut s: Vec<String> = pairs.iter().map(|(w, b)| format!("{w}-{b}")).collect();
        if bye > 0 {
            s.push(format!("bye {bye}"));
        }
        s.join(" ")
    };
    for (r, recorded) in t.rounds.iter().enumerate() {
        let mut cut = t.clone();
        cut.rounds.truncate(r);
        let mut want: Vec<(u32, u32)> = recorded
            .matches
            .iter()
            .map(|m| (m.white.get(), m.black.get()))
            .collect();
        want.sort_unstable();
        let want_bye = recorded.bye.map_or(0, |x| x.get());
        match team_swiss::pair(&cut) {
            Ok(p) => {
                let mut got: Vec<(u32, u32)> =
                    p.pairs.iter().map(|(w, b)| (w.get(), b.get())).collect();
                got.sort_unstable();
                let got_bye = p.bye.map_or(0, |x| x.get());
                if got == want && got_bye == want_bye {
                    writeln!(out, "round {}: same", r + 1).map_err(io)?;
                } else {
                    differing += 1;
                    writeln!(
                        out,
                        "round {}: recorded {}; C.04.6 pairs {}",
                        r + 1,
                        show(&want, want_bye),
                        show(&got, got_bye)
                    )
                    .map_err(io)?;
                }
            }
            Err(e) => {
                unchecked += 1;
                writeln!(out, "round {}: not re-paired: {e}", r + 1).map_err(io)?;
            }
        }
    }
    if differing + unchecked == 0 {
        return Ok(());
    }
    Err(CliError::Differences {
        rounds: t.rounds.len(),
        differing,
        unchecked,
    })
}

/// Whether the file at `path` is a team competition (its record 192 names `FIDE_TEAM`).
pub fn is_team_file(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|b| trf::is_team_file(&String::from_utf8_lossy(&b)))
}

/// `swiss check`: re-pairs every recorded round and prints each difference.
pub fn check(system: System, input: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    let t = read_file(input, system)?;
    let results = recheck(&t, system);
    let (mut differing, mut unchecked) = (0, 0);
    let io = |source| CliError::Io {
        path: "<stdout>".into(),
        source,
    };
    for (round, outcome) in &results {
        match outcome {
            RoundCheck::Same => writeln!(out, "round {round}: same").map_err(io)?,
            RoundCheck::Differs(diffs) => {
                differing += 1;
                writeln!(out, "round {round}: {} difference(s)", diffs.len()).map_err(io)?;
                for d in diffs {
                    writeln!(out, "  {d}").map_err(io)?;
                }
            }
            RoundCheck::NotPaired(e) => {
                unchecked += 1;
                writeln!(out, "round {round}: not re-paired: {e}").map_err(io)?;
            }
        }
    }
    if differing + unchecked == 0 {
        return Ok(());
    }
    let error = CliError::Differences {
        rounds: results.len(),
        differing,
        unchecked,
    };
    // Rounds this build cannot pair are a limit of the build, not a difference.
    if differing == 0 {
        if let Some((_, RoundCheck::NotPaired(e @ PairingError::NotImplemented { .. }))) = results
            .iter()
            .find(|(_, o)| matches!(o, RoundCheck::NotPaired(_)))
        {
            return Err(CliError::NotImplemented(e.clone()));
        }
    }
    Err(error)
}

/// `swiss generate`: a random tournament as a TRF file, to `output` or standard output.
pub fn generate_file(config: GenerateConfig, output: Option<&Path>) -> Result<(), CliError> {
    if config.players > 9999 {
        return Err(CliError::BadArgument(format!(
            "--players: {} players do not fit a TRF file, whose pairing numbers have 4 columns (at most 9999)",
            config.players
        )));
    }

    let t = generate(config).map_err(CliError::Generate)?;
    write_out(output, &trf::write(&t))
}

/// How `standings` prints, and what else it writes.
pub struct StandingsForm<'a> {
    /// The seed of the drawing of lots that ends the tie-breaks.
    pub lot_seed: u64,
    /// The calculator's table instead of the cross table.
    pub table: bool,
    /// Where to write the file again with the final ranks in its rank column.
    pub trf_out: Option<&'a Path>,
}

/// The standings as FIDE's calculator prints them with `-d T`: `StartNo`, `Rank` (players
/// whom points and tie-breaks leave tied share the first of their places), `PTS`, each
/// tie-break by its code; one line per player by pairing number, tab-separated.
pub fn calculator_table(s: &engine::standings::Standings) -> String {
    let mut out = String::from("StartNo\tRank\tPTS");
    for tb in &s.order {
        out.push('\t');
        out.push_str(&tb.code());
    }
    out.push('\n');
    let mut rows: Vec<&engine::standings::Row> = s.rows.iter().collect();
    rows.sort_by_key(|r| r.tpn);
    for r in rows {
        out.push_str(&format!("{}\t{}\t{}", r.tpn, r.shared_rank, r.score));
        for v in &r.tiebreaks {
            out.push_str(&format!("\t{v}"));
        }
        out.push('\n');
    }
    out
}

/// `swiss standings`: the standings and cross table (or the calculator's table) after
/// `after` (all rounds if `None`), with the tie-breaks `tiebreaks` (codes separated by commas;
/// the file's own, else the system's default, if `None`) and lots drawn from the form's seed;
/// with its `trf_out`, the file again with the rank column.
pub fn standings(
    system: System,
    input: &Path,
    after: Option<u16>,
    tiebreaks: Option<&str>,
    form: StandingsForm,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let StandingsForm {
        lot_seed: seed,
        table,
        trf_out,
    } = form;
    use engine::model::tiebreak::Tiebreak;
    use engine::standings::{apply_ranks, cross_table, standings};
    let (mut t, layout) = read_with_layout(input, system)?;
    let order = match tiebreaks {
        None => Vec::new(),
        Some(list) => list
            .split(',')
            .map(|code| {
                Tiebreak::parse(code)
                    .map_err(|e| CliError::BadArgument(format!("--tiebreaks: {e}")))
            })
            .collect::<Result<_, _>>()?,
    };
    let after = match after {
        None => None,
        Some(r) if r >= 1 && usize::from(r) <= t.rounds().len() => engine::RoundNo::new(r),
        Some(r) => {
            return Err(CliError::BadArgument(format!(
                "--after: round {r} is not played (the file has {})",
                t.rounds().len()
            )))
        }
    };
    let s = standings(&t, after, &order, seed);
    let io = |source| CliError::Io {
        path: "<stdout>".into(),
        source,
    };
    let text = if table {
        calculator_table(&s)
    } else {
        cross_table(&t, &s)
    };
    out.write_all(text.as_bytes()).map_err(io)?;
    if let Some(path) = trf_out {
        apply_ranks(&mut t, &s);
        std::fs::write(path, trf::write_as(&t, &layout)).map_err(|source| CliError::Io {
            path: path.into(),
            source,
        })?;
    }
    Ok(())
}

/// `swiss standings --team`: the team standings after the recorded rounds (C.07, 2026,
/// articles 11-16): place, team number and name, match points, game points and each
/// tie-break of `tiebreaks` (codes separated by spaces or commas; `PTS MPVGP EDE EMMSB/C1
/// BH/C1` if `None`), one team a line, tab-separated, best first.
pub fn standings_team(
    input: &Path,
    tiebreaks: Option<&str>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    use engine::standings::{default_team_tiebreaks, parse_team_tiebreaks, team_standings};
    let file = read_team_file(input)?;
    let order = match tiebreaks {
        None => default_team_tiebreaks(),
        Some(list) => parse_team_tiebreaks(list).map_err(|code| {
            CliError::BadArgument(format!(
                "--tiebreaks: {code} is not a team tie-break (PTS, MPVGP, EDE, EDET, EDEB, EDEBT, EDEBB, EMMSB, EMGSB, EGMSB, EGGSB with /C1, SSSC, BC, TBR, BBE, BH or SB with :MP or :GP and /Cn or /Mn)"
            ))
        })?,
    };
    let t = &file.tournament;
    let s = team_standings(t, &order);
    let mut text = String::from("Rank\tTeam\tName\tMP\tGP");
    for tb in &s.order {
        text.push('\t');
        text.push_str(&tb.code());
    }
    text.push('\n');
    for r in &s.rows {
        let name = &t.teams[r.team.index()].name;
        text.push_str(&format!(
            "{}\t{}\t{name}\t{}\t{}",
            r.rank, r.team, r.mp, r.gp
        ));
        for v in &r.tiebreaks {
            text.push_str(&format!("\t{v}"));
        }
        text.push('\n');
    }
    out.write_all(text.as_bytes())
        .map_err(|source| CliError::Io {
            path: "<stdout>".into(),
            source,
        })
}
