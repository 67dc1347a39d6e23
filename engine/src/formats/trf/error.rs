//! Errors found while reading a TRF file, each at its line and column.

use std::fmt;

/// One problem in a TRF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) where the problem starts.
    pub column: usize,
    /// What is wrong.
    pub kind: TrfErrorKind,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

/// What is wrong at a place in a TRF file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrfErrorKind {
    /// A field that must hold a number does not.
    #[error("{field}: expected a number, found {found:?}")]
    NotANumber {
        /// The field's name.
        field: &'static str,
        /// What the field holds.
        found: String,
    },
    /// A field holds a value outside what it may be.
    #[error("{field}: {found:?} is not valid ({expected})")]
    InvalidValue {
        /// The field's name.
        field: &'static str,
        /// What the field holds.
        found: String,
        /// What it may hold.
        expected: &'static str,
    },
    /// A character that should be a space separating two fields is not.
    #[error("expected a space between fields, found {0:?}")]
    ExpectedSpace(char),
    /// An unknown result code in a round column.
    #[error("unknown result code {0:?} (expected one of 1 0 = + - W D L H F U Z or a space)")]
    UnknownResult(char),
    /// An unknown colour in a round column.
    #[error("unknown colour {0:?} (expected w, b, - or a space)")]
    UnknownColor(char),
    /// A round entry whose parts do not go together.
    #[error("round {round}: {problem}")]
    InconsistentEntry {
        /// The round.
        round: usize,
        /// What does not go together.
        problem: String,
    },
    /// Two lines give the same pairing number.
    #[error("player {tpn} is listed twice (first at line {first_line})")]
    DuplicatePlayer {
        /// The pairing number.
        tpn: u32,
        /// Where it first appeared.
        first_line: usize,
    },
    /// The pairing numbers have a gap.
    #[error("pairing number {0} is missing: pairing numbers must run from 1 without gaps")]
    MissingPlayer(u32),
    /// A round entry names an opponent who is not in the file.
    #[error("round {round}: opponent {opponent} does not exist")]
    UnknownOpponent {
        /// The round.
        round: usize,
        /// The opponent named.
        opponent: u32,
    },
    /// A player's entry and the opponent's entry for the same round disagree.
    #[error("round {round}: {problem}")]
    NotMirrored {
        /// The round.
        round: usize,
        /// How the two entries disagree.
        problem: String,
    },
    /// The points column disagrees with the results.
    #[error("points {stated} disagree with the results, which add up to {computed}")]
    PointsMismatch {
        /// Points written in the file.
        stated: String,
        /// Points the results give.
        computed: String,
    },
    /// A record the program reads, written in a way it cannot read.
    #[error("record {code}: {problem}")]
    BadRecord {
        /// The record code.
        code: String,
        /// What is wrong.
        problem: String,
    },
    /// Something after the last round column.
    #[error("unexpected text after the last round column")]
    TrailingText,
    /// The file is not text.
    #[error("the file is not valid UTF-8")]
    NotUtf8,
    /// The file has no player.
    #[error("the file has no player line (001)")]
    NoPlayers,
    /// A line under a record code no program writes reads as a player line: a mistyped 001.
    #[error("record {0}: this line reads as a player line (001) under a code no TRF program writes; a mistyped 001?")]
    PlayerLineUnderUnknownCode(String),
    /// The file records more rounds than its XXR or 142 record says the tournament has.
    #[error("round {round} is recorded, but the file says the tournament has {rounds} round{} ({record})", if *rounds == 1 { "" } else { "s" })]
    TooManyRounds {
        /// The first round beyond the total.
        round: usize,
        /// The total the file states.
        rounds: u16,
        /// The record that states it (XXR or 142).
        record: &'static str,
    },
    /// The tournament model refused what the file describes.
    #[error("{0}")]
    Model(#[from] crate::model::tournament::ModelError),
}

/// Every problem found in a TRF file. Reading stops at nothing: it reports all it finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The problems, in file order.
    pub errors: Vec<TrfError>,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.errors.len();
        writeln!(
            f,
            "the TRF file has {n} problem{}:",
            if n == 1 { "" } else { "s" }
        )?;
        for e in &self.errors {
            writeln!(f, "  {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ReadError {}

/// Something in a TRF file that does not stop it being read but may not be what its writer
/// meant: a record code no program writes, kept as written and otherwise ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfWarning {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is odd.
    pub kind: TrfWarningKind,
}

/// What is odd at a place in a TRF file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrfWarningKind {
    /// A record code neither TRF16, TRF-2026 nor the pairing programs' own records use.
    #[error("unknown record code {0:?}: the line is kept as written and otherwise ignored")]
    UnknownRecord(String),
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: warning: {}",
            self.line, self.column, self.kind
        )
    }
}
