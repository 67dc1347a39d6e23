//! FIDE's Tournament Report File (TRF16), with the records pairing programs add: JaVaFo's and
//! bbpPairings' `XXR`, `XXC`, `XXS`, `XXZ`, `BBW`-`BBU`, and TRF-2026's `142`, `152`, `162`,
//! `192`, `240`, `260`.
//!
//! Reading is in two steps, as the house style wants: every line is read field by field into a
//! raw [`record::Record`] at its fixed columns, then the records are validated together into a
//! [`Tournament`](crate::model::tournament::Tournament) (players without gaps, opponents who
//! exist, entries that mirror each other, points that add up). Every problem is reported with
//! its line and column; nothing panics.
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
//!
//! Absences in the round to pair travel the way JaVaFo and bbpPairings read them: as entries
//! already written in that round's column (`0000 - Z`, `0000 - H`, `0000 - F`). A last round
//! whose column holds only such byes and no game is the round to pair, not a round played:
//! its entries are requests (their points may be counted in the points column or not). A
//! file is written with its absences in the round to pair in that column (withdrawn players
//! as `0000 - Z`) and its requested byes also as TRF-2026's 240 records, which bbpPairings
//! reads too; a file read with JaVaFo's XXZ or with 240 alone keeps that form.

mod error;
mod header;
mod layout;
pub(crate) mod line;
mod read;
mod record;
mod team;
mod write;

pub use error::{ReadError, TrfError, TrfErrorKind, TrfWarning, TrfWarningKind};
pub use header::{info_same_meaning, merge_header};
pub use layout::{Layout, TrfFile};
pub use read::{declared_type, read, read_as, read_bytes, read_file, read_with_warnings};
pub use team::{is_team_file, read_team, team_code, TeamFile, TeamWarning};
pub use write::{write, write_as, write_with_xxa};
