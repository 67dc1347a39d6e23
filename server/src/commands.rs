//! The `swiss` command line: its flags (clap's definitions), and what each command runs, with
//! the exit each failure gives ([`crate::exit::Exit`], where the codes are decided). `main.rs`
//! only parses the arguments and exits with the code [`run`] answers; `serve` is
//! [`crate::run::run`].

use crate::cli;
use crate::config::{Config, Overrides};
use crate::exit::Exit;
use clap::{Args, Parser, Subcommand};
use engine::pairing::generate::GenerateConfig;
use engine::System;
use std::path::PathBuf;
use std::process::ExitCode;

/// Tournaments by the FIDE rules: pairing by the Swiss systems (Dutch, Dubov, Burstein,
/// Double-Swiss) and round-robins (single and double round-robin, by the Berger tables), TRF
/// files, and the server for arbiters and hall displays.
#[derive(Parser)]
#[command(name = "swiss", version, after_help = Exit::help())]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Pair the next round of a TRF file (output as bbpPairings and JaVaFo write it).
    Pair {
        #[command(flatten)]
        system: SystemFlag,
        /// The tournament so far.
        input: PathBuf,
        /// Where to write the pairing (standard output if not given).
        #[arg(short = 'p', long = "output")]
        output: Option<PathBuf>,
        /// Explain the pairing on standard error, article by article.
        #[arg(long)]
        explain: bool,
    },
    /// Re-pair every recorded round of a TRF file and list each difference.
    Check {
        #[command(flatten)]
        system: SystemFlag,
        /// The tournament.
        input: PathBuf,
    },
    /// Make a random tournament by pairing round after round; the same seed gives the same file.
    Generate {
        #[command(flatten)]
        system: SystemFlag,
        /// Number of players.
        #[arg(long)]
        players: u32,
        /// Number of rounds.
        #[arg(long)]
        rounds: u16,
        /// The seed (a random one, printed, if not given).
        #[arg(long)]
        seed: Option<u64>,
        /// Where to write the TRF file (standard output if not given).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
    /// Print the standings and cross table, with tie-breaks.
    Standings {
        #[command(flatten)]
        system: SystemFlag,
        /// The tournament.
        input: PathBuf,
        /// Standings after this round (the last played if not given).
        #[arg(long)]
        after: Option<u16>,
        /// Tie-breaks in order, by FIDE C.07's codes as its calculator writes them (BH, BH/C1,
        /// BH/M1, FB, SB, AOB, DE, WIN, WON, BPG, BWG, GE, ARO, TPR, PTP, APRO, APPO, PS, KS,
        /// STD, TPN, RTNG; /Cn, /Mn and /Unnnn modifiers; DE1 and MP of this program). Not
        /// given: the file's own (TRF-2026 record 202), else the system's default.
        #[arg(long)]
        tiebreaks: Option<String>,
        /// Print the values as FIDE's calculator (Gacrux) does with `-d T`: a tab-separated
        /// table by pairing number, with the place (players left tied share it), the points
        /// and each tie-break; instead of the cross table.
        #[arg(long)]
        table: bool,
        /// The seed for the drawing of lots that ends the tie-breaks.
        #[arg(long, default_value_t = 0)]
        lot_seed: u64,
        /// Also write the file with the final ranks in its rank column.
        #[arg(long)]
        trf: Option<PathBuf>,
    },
    /// Run the server.
    Serve(ServeArgs),
    /// Write every event of the store (sled or PostgreSQL) as JSON lines: a backup that
    /// `swiss restore` puts back into either store. A sled store is read while no server has
    /// it open; a PostgreSQL store at any time.
    Backup {
        #[command(flatten)]
        store: StoreArgs,
        /// Where to write (standard output if not given).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
    /// Issue a new token for the administrator account `admin` of a store (a lost token): the
    /// old one stops working at once; the new one is printed, once. Creates the account if the
    /// store has none. A sled store is opened while no server has it open; a PostgreSQL store
    /// at any time.
    AdminToken {
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Restore a backup made by `swiss backup` into an empty store: every tournament is
    /// replayed first, and nothing is written unless all of them replay.
    Restore {
        #[command(flatten)]
        store: StoreArgs,
        /// The backup.
        input: PathBuf,
    },
}

/// Which store, as `swiss serve` would open it.
#[derive(Args)]
struct StoreArgs {
    /// A configuration file (the built-in config/default.toml if not given).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Directory of the embedded store.
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// The store: sled (embedded, the default) or postgres.
    #[arg(long)]
    store: Option<crate::config::StoreKind>,
    /// The PostgreSQL database (postgres://user:password@host:port/database).
    #[arg(long)]
    database_url: Option<String>,
}

impl StoreArgs {
    fn overrides(&self) -> Overrides {
        Overrides {
            data_dir: self.data_dir.clone(),
            store: self.store,
            database_url: self.database_url.clone(),
            ..Overrides::default()
        }
    }
}

/// The pairing system, named by edition. `--dutch` is the Dutch in force (C.04.3, 2026), as it
/// is to the programs that call bbpPairings and JaVaFo.
#[derive(Args)]
#[group(required = true, multiple = false)]
struct SystemFlag {
    /// The Dutch system in force: C.04.3 as applied from 1 February 2026 (= --dutch-2026).
    #[arg(long)]
    dutch: bool,
    /// The Dutch system as applied from 1 February 2026 (C.04.3).
    #[arg(long = "dutch-2026")]
    dutch_2026: bool,
    /// The Dutch system, 1992-2006 text (no rated event may use it since 1 February 2026).
    #[arg(long = "dutch-1992")]
    dutch_1992: bool,
    /// The Dubov system in force: C.04.4.1 as applied from 1 February 2026 (= --dubov-2026).
    #[arg(long)]
    dubov: bool,
    /// The Dubov system as applied from 1 February 2026 (C.04.4.1).
    #[arg(long = "dubov-2026")]
    dubov_2026: bool,
    /// The Dubov system, 1997 text (no rated event may use it since 1 February 2026).
    #[arg(long = "dubov-1997")]
    dubov_1997: bool,
    /// The Burstein system (C.04.4.2, 2026): its seeding rounds by the Dutch system.
    #[arg(long, visible_alias = "burstein-2026")]
    burstein: bool,
    /// The Double-Swiss system (C.04.5, 2026).
    #[arg(long = "double-swiss", visible_alias = "double-swiss-2026")]
    double_swiss: bool,
    /// A round-robin by the Berger tables (C.05 Annex 1); a file whose rounds are two cycles
    /// is read as a double round-robin.
    #[arg(long = "round-robin")]
    round_robin: bool,
    /// A double round-robin by the Berger tables.
    #[arg(long = "double-round-robin")]
    double_round_robin: bool,
    /// The Swiss Team Pairing System (C.04.6, 2026), for a file with TRF-2026's team records
    /// (record 192 FIDE_TEAM...): `pair`, `check` and `standings` (team tie-breaks such as
    /// `PTS MPVGP EDE EMMSB/C1 BH:MP/C1`).
    #[arg(long, visible_alias = "team-swiss")]
    team: bool,
}

impl SystemFlag {
    fn system(&self) -> System {
        if self.dutch || self.dutch_2026 {
            System::Dutch2026
        } else if self.dutch_1992 {
            System::Dutch1992
        } else if self.dubov || self.dubov_2026 {
            System::Dubov2026
        } else if self.dubov_1997 {
            System::Dubov
        } else if self.burstein {
            System::Burstein2026
        } else if self.round_robin {
            System::RoundRobin
        } else if self.double_round_robin {
            System::DoubleRoundRobin
        } else {
            System::DoubleSwiss
        }
    }
}

#[derive(Args)]
struct ServeArgs {
    #[command(flatten)]
    store: StoreArgs,
    /// Address to listen on, e.g. 0.0.0.0:8080 (port 0 picks a free one).
    #[arg(long)]
    address: Option<std::net::SocketAddr>,
    /// Log level.
    #[arg(long)]
    log_level: Option<String>,
    /// Directory of the pages.
    #[arg(long)]
    static_dir: Option<PathBuf>,
    /// A folder on another disk (a USB stick, a share) that receives a backup of the store and
    /// each tournament's TRF whenever a round is published and when it is closed.
    #[arg(long)]
    copies_dir: Option<PathBuf>,
}

/// Runs the command `cli` names; the exit code says how it ended.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Pair {
            system,
            input,
            output,
            explain,
        } if system.team || cli::is_team_file(&input) => {
            if system.team {
                cli::pair_team(&input, output.as_deref(), explain)
            } else {
                Err(cli::CliError::BadArgument(format!(
                    "{}: this is a team competition (record 192 names FIDE_TEAM): pair it with --team",
                    input.display()
                )))
            }
        }
        Command::Pair {
            system,
            input,
            output,
            explain,
        } => cli::pair(system.system(), &input, output.as_deref(), explain),
        Command::Check { system, input } if system.team || cli::is_team_file(&input) => {
            if system.team {
                cli::check_team(&input, &mut std::io::stdout())
            } else {
                Err(cli::CliError::BadArgument(format!(
                    "{}: this is a team competition (record 192 names FIDE_TEAM): check it with --team",
                    input.display()
                )))
            }
        }
        Command::Standings {
            system,
            input,
            tiebreaks,
            ..
        } if system.team || cli::is_team_file(&input) => cli::standings_team(&input, tiebreaks.as_deref(), &mut std::io::stdout()),
        Command::Generate { system, .. } if system.team => Err(cli::CliError::BadArgument(
            "--team pairs, checks and ranks team competitions (swiss pair --team, swiss check --team, swiss standings --team); generating them is not available yet".into(),
        )),
        Command::Check { system, input } => {
            cli::check(system.system(), &input, &mut std::io::stdout())
        }
        Command::Generate {
            system,
            players,
            rounds,
            seed,
            output,
        } => {
            let seed = seed.unwrap_or_else(random_seed);
            eprintln!("swiss generate: seed {seed}");
            cli::generate_file(
                GenerateConfig {
                    system: system.system(),
                    players,
                    rounds,
                    seed,
                },
                output.as_deref(),
            )
        }
        Command::Standings {
            system,
            input,
            after,
            tiebreaks,
            table,
            lot_seed,
            trf,
        } => cli::standings(
            system.system(),
            &input,
            after,
            tiebreaks.as_deref(),
            cli::StandingsForm {
                lot_seed,
                table,
                trf_out: trf.as_deref(),
            },
            &mut std::io::stdout(),
        ),
        Command::Serve(args) => {
            return match serve(args) {
                Ok(()) => Exit::Done.into(),
                Err(e) => {
                    eprintln!("swiss serve: {e:#}");
                    Exit::Io.into()
                }
            }
        }
        Command::Backup { store, output } => return backup(&store, output.as_deref()),
        Command::Restore { store, input } => return restore(&store, &input),
        Command::AdminToken { store } => return admin_token(&store),
    };
    match result {
        Ok(()) => Exit::Done.into(),
        Err(e) => {
            eprintln!("swiss: {e}");
            e.exit().into()
        }
    }
}

fn random_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
}

/// The store as configured, or the exit of a message already printed.
fn open_store(command: &str, args: &StoreArgs) -> Result<events::app::Store, Exit> {
    let config = Config::load(
        args.config.as_deref(),
        |k| std::env::var(k).ok(),
        &args.overrides(),
    )
    .map_err(|e| {
        eprintln!("swiss {command}: {e}");
        Exit::Usage
    })?;
    config.open_store().map_err(|e| {
        eprintln!("swiss {command}: {e}");
        Exit::Io
    })
}

fn admin_token(args: &StoreArgs) -> ExitCode {
    let store = match open_store("admin-token", args) {
        Ok(s) => s,
        Err(exit) => return exit.into(),
    };
    let accounts = events::app::Accounts::new(store.clone());
    let issued = match accounts.reissue_token("admin") {
        Err(events::app::StoreError::NoAccount(_)) => accounts
            .prepare(Vec::new())
            .and_then(|t| t.ok_or(events::app::StoreError::NoAccount("admin".into()))),
        other => other.map(|(_, token)| token),
    };
    // Written and flushed by the accounts before they answer.
    match issued {
        Ok(token) => {
            println!("swiss admin-token: the administrator account \"admin\" of {} has a new token (shown once; the old one no longer works): {token}", store.location());
            Exit::Done.into()
        }
        Err(e) => {
            eprintln!("swiss admin-token: {e}");
            Exit::Io.into()
        }
    }
}

fn backup(args: &StoreArgs, output: Option<&std::path::Path>) -> ExitCode {
    let store = match open_store("backup", args) {
        Ok(s) => s,
        Err(exit) => return exit.into(),
    };
    let written = match output {
        None => store.export(&mut std::io::stdout().lock()),
        Some(path) => std::fs::File::create(path)
            .map_err(events::app::StoreError::from)
            .and_then(|f| store.export(&mut std::io::BufWriter::new(f))),
    };
    match written {
        Ok(n) => {
            eprintln!("swiss backup: {n} events from {}", store.location());
            Exit::Done.into()
        }
        Err(e) => {
            eprintln!("swiss backup: {e}");
            Exit::Io.into()
        }
    }
}

fn restore(args: &StoreArgs, input: &std::path::Path) -> ExitCode {
    let file = match std::fs::File::open(input) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("swiss restore: {}: {e}", input.display());
            return Exit::Io.into();
        }
    };
    let store = match open_store("restore", args) {
        Ok(s) => s,
        Err(exit) => return exit.into(),
    };
    match store.import(&mut std::io::BufReader::new(file)) {
        Ok(n) => {
            eprintln!("swiss restore: {n} events into {}", store.location());
            Exit::Done.into()
        }
        Err(e @ events::app::StoreError::BadBackup { .. }) => {
            eprintln!("swiss restore: {}: {e}", input.display());
            Exit::BadInput.into()
        }
        Err(e) => {
            eprintln!("swiss restore: {e}");
            Exit::Io.into()
        }
    }
}

fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let flags = Overrides {
        address: args.address,
        log_level: args.log_level,
        static_dir: args.static_dir,
        copies_dir: args.copies_dir,
        ..args.store.overrides()
    };
    let config = Config::load(
        args.store.config.as_deref(),
        |k| std::env::var(k).ok(),
        &flags,
    )?;
    crate::run::run(config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// `swiss --help` names every system, and each system's name is a flag of the pairing
    /// commands that selects it; the exit codes follow the commands.
    #[test]
    fn the_help_names_every_system() {
        let help = Cli::command().render_long_help().to_string();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        for system in System::ALL {
            let family = match system {
                System::Dutch1992 | System::Dutch2026 => "Dutch",
                System::Dubov | System::Dubov2026 => "Dubov",
                System::Burstein2026 => "Burstein",
                System::DoubleSwiss => "Double-Swiss",
                System::RoundRobin => "round-robin",
                System::DoubleRoundRobin => "double round-robin",
            };
            assert!(help.contains(family), "{family}: {help}");
            let flag = format!("--{}", system.name());
            let cli = Cli::try_parse_from(["swiss", "pair", &flag, "t.trf"])
                .unwrap_or_else(|e| panic!("{flag}: {e}"));
            let Command::Pair { system: chosen, .. } = cli.command else {
                panic!("{flag}: not the pair command")
            };
            assert_eq!(chosen.system(), system, "{flag}");
        }
        assert!(help.contains(&Exit::help()), "{help}");
    }
}
