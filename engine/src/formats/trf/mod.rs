//! FIDE's Tournament Report File (TRF16), with the records pairing programs add: JaVaFo's and
//! bbpPairings' `XXR`, `XXC`, `XXS`, `XXZ`, `BBW`-`BBU`, and TRF-2026's `142`, `152`, `162`,
//! `192`, `240`, `260`.
//!
//! Reading is in two steps, as the house style wants: every line is read field by field into a
//! raw [`record::Record`] at its fixed columns, then the records are validated together into a
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
//!
//! Absences in the round to pair travel the way JaVaFo and bbpPairings read them: as entries
//! already written in that round's column (`0000 - Z`, `0000 - H`, `0000 - F`). A last round
//! whose column holds only such byes and no game is the round to pair, not a round played:
//! its entries are requests (their points may be counted in the points column or not). A
//! file is written with its absences in the round to pair in that column (withdrawn players
//! as `0000 - Z`) and its requested byes also as TRF-2026's 240 records, which bbpPairings
//! reads too; a file read with JaVaFo's XXZ or with 240 alone keeps that form.

mod error;
pub(crate) mod line;
mod read;
mod record;
mod write;

pub use error::{ReadError, TrfError, TrfErrorKind, TrfWarning, TrfWarningKind};
pub use read::{declared_type, read, read_as, read_bytes, read_file, read_with_warnings};
pub use write::{write, write_as, write_with_xxa};

use crate::model::ids::{RoundNo, Tpn};
use crate::model::result::ByeKind;
use crate::model::tournament::Tournament;
use record::{ColorCode, RoundsCode, TiebreaksCode};

/// Whether two texts of the header record `code` say the same: dates (042, 052, the round
/// dates of 132) compared as dates whatever their form (`24/09/2010` is `2010/09/24`), counts
/// (062, 072, 082) as numbers, anything else as text without its trailing blanks.
pub fn info_same_meaning(code: &str, a: &str, b: &str) -> bool {
    use crate::model::details::Date;
    let dates =
        |t: &str| -> Option<Vec<Date>> { t.split_whitespace().map(Date::parse_trf).collect() };
    let date = |t: &str| Date::parse_trf(t).map(|d| vec![d]);
    match code {
        "042" | "052" => match (date(a).or_else(|| dates(a)), date(b).or_else(|| dates(b))) {
            (Some(x), Some(y)) => x == y,
            _ => a.trim_end() == b.trim_end(),
        },
        "132" => match (dates(a), dates(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a.trim_end() == b.trim_end(),
        },
        "062" | "072" | "082" => match (a.trim().parse::<u64>(), b.trim().parse::<u64>()) {
            (Ok(x), Ok(y)) => x == y,
            _ => a.trim() == b.trim(),
        },
        _ => a.trim_end() == b.trim_end(),
    }
}

/// A file's header records brought up to date with `fresh` (what the tournament says now),
/// each in the file's place and, where its meaning is unchanged, the file's own words: a
/// record of a code `fresh` has replaces the file's first unmatched one of that code when its
/// meaning differs; a new one is added at the end; the file's 092 (its own words for the type)
/// and every code `fresh` does not have stay as written.
pub fn merge_header(
    file: &[crate::model::tournament::InfoRecord],
    fresh: Vec<crate::model::tournament::InfoRecord>,
) -> Vec<crate::model::tournament::InfoRecord> {
    let mut out = file.to_vec();
    let mut used = vec![false; out.len()];
    for r in fresh {
        if r.code == "092" && file.iter().any(|o| o.code == "092") {
            continue;
        }
        match (0..out.len()).find(|&i| !used[i] && out[i].code == r.code) {
            Some(i) => {
                used[i] = true;
                if !info_same_meaning(&r.code, &out[i].text, &r.text) {
                    out[i].text = r.text;
                }
            }
            None => {
                used.push(true);
                out.push(r);
            }
        }
    }
    out
}

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
/// and its requests' place. The reader returns it beside the tournament ([`read_file`]) and
/// the writer takes it back ([`write_as`]), so that a file is written back as it was wherever
/// its meaning is unchanged; the tournament itself knows no file.
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
    /// How the file was laid out, for writing it back ([`write_as`]).
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
