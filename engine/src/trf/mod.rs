//! FIDE's Tournament Report File (TRF16), with the records pairing programs add: JaVaFo's and
//! bbpPairings' `XXR`, `XXC`, `XXS`, `XXZ`, `BBW`-`BBU`, and TRF-2026's `142`, `152`, `162`,
//! `192`, `240`, `260`.
//!
//! Reading is in two steps, as the house style wants: every line is read field by field into a
//! raw [`line::Record`] at its fixed columns, then the records are validated together into a
//! [`Tournament`] (players without gaps, opponents who exist, entries that mirror each other,
//! points that add up). Every problem is reported with its line and column; nothing panics.
//!
//! Writing is the reverse. A tournament read from a file remembers the file's layout (line
//! order, line endings, notation such as `g` for GM or `0000 - -`), and writing it back keeps
//! each line as it was written wherever its meaning has not changed, so reading then writing a
//! file gives back its lines.
//!
//! Double-Swiss (C.04.5): a match is written as two consecutive round columns against the same
//! opponent with opposite colours, the file marked `192 FIDE_DOUBLESWISS`. A bye applies to the
//! whole match and is written in both columns; its points are the match's (1½ for the
//! pairing-allocated bye), counted once.
//!
//! This program's own record: `XXW RRR PPPP PPPP ...`, players withdrawn from round RRR on.
//! Other programs ignore records they do not know.

mod error;
pub(crate) mod line;
mod read;
mod write;

pub use error::{ReadError, TrfError, TrfErrorKind};
pub use read::{read, read_as, read_bytes};
pub use write::{write, write_canonical};

use crate::ids::{RoundNo, Tpn};
use crate::result::ByeKind;
use line::{ColorCode, RoundsCode};

/// What a line of a file stands for, so that writing can put it back in its place.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum LineKey {
    Blank,
    Info(usize),
    Rounds(RoundsCode),
    InitialColor(ColorCode),
    Type,
    Xxs,
    Bb(char),
    P162,
    AbsentNext,
    Byes(RoundNo, ByeKind),
    Forbidden(usize),
    Withdrawn(RoundNo),
    Player(Tpn),
}

/// How a file was laid out: its lines in order, each with its key and text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub lines: Vec<(LineKey, String)>,
    pub crlf: bool,
    pub final_newline: bool,
}
