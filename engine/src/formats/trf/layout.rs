//! How a TRF file was laid out (its lines in order, each with what it stands for, its line
//! ending, where its requests were written), so that a file read is written back as it was
//! wherever its meaning is unchanged; and a file as read, the tournament with its layout.

use super::error::TrfWarning;
use super::record::{ColorCode, RoundsCode, TiebreaksCode};
use crate::model::ids::{RoundNo, Tpn};
use crate::model::result::ByeKind;
use crate::model::tournament::Tournament;

/// What a line of a file stands for, so that writing can put it back in its place.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum LineKey {
    Blank,
    Info(usize),
    Rounds(RoundsCode),
    InitialColor(ColorCode),
    Type,
    Tiebreaks(TiebreaksCode),
    Xxs,
    Bb(char),
    P162,
    AbsentNext,
    Byes(RoundNo, ByeKind),
    Forbidden(usize),
    Xxp(usize),
    Virtual(usize),
    Xxa(Tpn),
    Withdrawn(RoundNo),
    Player(Tpn),
}

/// How a file was laid out: its lines in order, each with its key and text, its line ending
/// and its requests' place. The reader returns it beside the tournament
/// ([`super::read_file`]) and the writer takes it back ([`super::write_as`]), so that a file
/// is written back as it was wherever its meaning is unchanged; the tournament itself knows
/// no file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub(crate) lines: Vec<(LineKey, String)>,
    pub(crate) ending: LineEnding,
    pub(crate) final_newline: bool,
    /// Whether the file wrote its requests for the round to pair in that round's column.
    pub(crate) column_requests: bool,
}

/// A TRF file as read: the tournament, the file's layout and the warnings about lines read
/// but perhaps not meant.
#[derive(Clone, Debug)]
pub struct TrfFile {
    /// The tournament the file describes.
    pub tournament: Tournament,
    /// How the file was laid out, for writing it back ([`super::write_as`]).
    pub layout: Layout,
    /// Record codes no TRF program writes (kept as written, otherwise ignored), each with its
    /// line.
    pub warnings: Vec<TrfWarning>,
}

/// How a file ends its lines. Files from Windows programs end them with CR LF, bbpPairings'
/// with CR alone; a file is written back with its own ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineEnding {
    Lf,
    CrLf,
    Cr,
}

impl LineEnding {
    /// The ending `text` uses: CR LF if any line ends so, else CR alone if any does, else LF.
    pub(crate) fn of(text: &str) -> LineEnding {
        if text.contains("\r\n") {
            LineEnding::CrLf
        } else if text.contains('\r') {
            LineEnding::Cr
        } else {
            LineEnding::Lf
        }
    }

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
            LineEnding::Cr => "\r",
        }
    }
}

/// The lines of `text`, whichever of LF, CR LF or CR ends each, without their endings, and
/// whether the last one had an ending.
pub(crate) fn split_lines(text: &str) -> (Vec<&str>, bool) {
    let mut lines = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push(&text[start..i]);
                start = i + 1;
            }
            b'\r' => {
                lines.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let final_newline = start == text.len() && !text.is_empty();
    if start < text.len() {
        lines.push(&text[start..]);
    }
    (lines, final_newline)
}
