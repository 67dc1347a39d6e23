//! The exit codes of `swiss`, decided here and nowhere else: every way a command ends is one
//! [`Exit`], and `swiss --help` lists them from the same table ([`Exit::help`]).
//!
//! | code | meaning |
//! |---|---|
//! | 0 | done (for `check`: every round re-pairs as recorded) |
//! | 1 | no valid pairing exists (`pair`), or a round re-pairs differently (`check`) |
//! | 2 | the command line, or the configuration it names, is wrong (clap's own refusals too) |
//! | 3 | the input file (or a backup to restore) is malformed; each problem is printed with its line and column |
//! | 4 | a file or the store could not be read or written (or the server could not run) |
//! | 5 | this build does not yet pair that round with that system |
//! | 6 | nothing to pair (`pair`): every round is paired, or the last round lacks results |

use std::process::ExitCode;

/// How a `swiss` command ended, as the process's exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: done (for `check`: every round re-pairs as recorded).
    Done,
    /// 1: no valid pairing exists (`pair`), or a round re-pairs differently (`check`).
    Failed,
    /// 2: the command line, or the configuration it names, is wrong. clap answers its own
    /// refusals with 2 too.
    Usage,
    /// 3: the input file, or a backup to restore, is malformed.
    BadInput,
    /// 4: a file or the store could not be read or written, or the server could not run.
    Io,
    /// 5: this build does not yet pair that round with that system.
    NotImplemented,
    /// 6: nothing to pair: every round is paired, or the last round lacks results.
    NothingToPair,
}

impl Exit {
    /// Every exit, by code.
    pub const ALL: [Exit; 7] = [
        Exit::Done,
        Exit::Failed,
        Exit::Usage,
        Exit::BadInput,
        Exit::Io,
        Exit::NotImplemented,
        Exit::NothingToPair,
    ];

    /// The process's exit code.
    pub fn code(self) -> u8 {
        match self {
            Exit::Done => 0,
            Exit::Failed => 1,
            Exit::Usage => 2,
            Exit::BadInput => 3,
            Exit::Io => 4,
            Exit::NotImplemented => 5,
            Exit::NothingToPair => 6,
        }
    }

    /// What the code means, in the words `swiss --help` gives.
    pub fn words(self) -> &'static str {
        match self {
            Exit::Done => "done",
            Exit::Failed => "no valid pairing (pair) or differences found (check)",
            Exit::Usage => "bad command line or configuration",
            Exit::BadInput => "malformed input file or backup",
            Exit::Io => "file or store could not be read or written",
            Exit::NotImplemented => "round not yet supported by this build",
            Exit::NothingToPair => {
                "nothing to pair (every round paired, or the last lacks results)"
            }
        }
    }

    /// The codes as `swiss --help` lists them after the commands.
    pub fn help() -> String {
        let codes: Vec<String> = Exit::ALL
            .iter()
            .map(|e| format!("{} {}", e.code(), e.words()))
            .collect();
        format!("Exit codes: {}.", codes.join("; "))
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each code is given once, in order from 0, and the help lists each with its words.
    #[test]
    fn the_codes_are_distinct_and_listed() {
        for (i, e) in Exit::ALL.iter().enumerate() {
            assert_eq!(usize::from(e.code()), i, "{e:?}");
            assert!(
                Exit::help().contains(&format!("{} {}", e.code(), e.words())),
                "{}",
                Exit::help()
            );
        }
    }
}
