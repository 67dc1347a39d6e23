//! One TRF line: its raw form, read field by field at fixed columns, and written back; here
//! the 001 player line and the reader of any line's fields ([`Fields`]), the other records in
//! `record.rs`.
//!
//! The 001 player line (TRF16):
//!
//! ```text
//! cols  1-3  "001"        5-8  pairing number     10  sex (m/w)      11-13 title
//!      15-47  name       49-52  rating          54-56  federation    58-68 FIDE id
//!      70-79  birth date 81-84  points          86-89  rank
//!      92-99  round 1: opponent (92-95), colour (97), result (99); each next round 10 further
//! ```
//!
//! With `record.rs`, the one place where TRF's columns are named: every record's fields,
//! read and written by the same table, so that a column cannot be read one way and written
//! another.
use super::error::{TrfError, TrfErrorKind};
use crate::model::color::Color;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::player::{BirthDate, Federation, Sex, Title};
use crate::model::points::Points;
use crate::model::result::{ByeKind, GameScore};

/// The 0-based index of the first round column.
pub(crate) const FIRST_CELL: usize = 91;

/// Characters from one round column to the next.
pub(crate) const CELL_STRIDE: usize = 10;

/// How a result code says a game went, for the player whose line it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Code {
    /// `1 = 0`.
    Played(GameScore),
    /// `W D L`.
    Unrated(GameScore),
    /// `+ -`.
    Forfeit(GameScore),
    /// A space: paired, no result yet.
    Pending,
}

impl Code {
    pub(crate) fn to_char(self) -> char {
        use GameScore::*;
        match self {
            Code::Played(Win) => '1',
            Code::Played(Draw) => '=',
            Code::Played(Loss) => '0',
            Code::Unrated(Win) => 'W',
            Code::Unrated(Draw) => 'D',
            Code::Unrated(Loss) => 'L',
            Code::Forfeit(Win) => '+',
            Code::Forfeit(Draw) => '?',
            Code::Forfeit(Loss) => '-',
            Code::Pending => ' ',
        }
    }
}

/// One round column of a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cell {
    /// All blank: not in the round.
    Empty,
    /// No opponent: a bye. `0000 - +` and `0000 - -`, which older files write, read as a full
    /// and a zero-point bye.
    Bye(ByeKind),
    /// Paired against an opponent.
    Game {
        opponent: Tpn,
        /// `None` for `-`, which files write for games not played.
        color: Option<Color>,
        code: Code,
    },
}

impl Cell {
    /// Whether `written` (read from a file) says the same as `canonical` (what the writer would
    /// write). The colour of a game not played means nothing (Dutch F.2), so `-` there stands
    /// for either colour.
    pub(super) fn same_meaning(written: Cell, canonical: Cell) -> bool {
        match (written, canonical) {
            (
                Cell::Game {
                    opponent: o1,
                    color: None,
                    code: c1 @ Code::Forfeit(_),
                },
                Cell::Game {
                    opponent: o2,
                    code: c2,
                    ..
                },
            ) => o1 == o2 && c1 == c2,
            (a, b) => a == b,
        }
    }

    /// The eight characters of the column, onto the end of `out`.
    pub(crate) fn write_to(self, out: &mut String) {
        use std::fmt::Write;
        // Writing to a String cannot fail.
        let _ = match self {
            Cell::Empty => {
                out.push_str("        ");
                Ok(())
            }
            Cell::Bye(kind) => write!(out, "0000 - {}", kind.trf_char()),
            Cell::Game {
                opponent,
                color,
                code,
            } => write!(
                out,
                "{:>4} {} {}",
                opponent.get(),
                color.map_or('-', Color::trf_char),
                code.to_char()
            ),
        };
    }
}

/// A 001 line, field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayerLine {
    pub tpn: Tpn,
    pub sex: Option<Sex>,
    pub title: Option<Title>,
    pub name: String,
    pub rating: Option<u16>,
    pub federation: Option<Federation>,
    pub fide_id: Option<u64>,
    pub birth_date: Option<BirthDate>,
    pub points: Points,
    pub rank: Option<u32>,
    /// The round columns, without blank ones at the end.
    pub cells: Vec<Cell>,
}

impl PlayerLine {
    /// Whether a line read from a file says the same as the line the writer would write.
    pub(crate) fn same_meaning(written: &PlayerLine, canonical: &PlayerLine) -> bool {
        let n = written.cells.len().max(canonical.cells.len());
        let cell = |l: &PlayerLine, i: usize| l.cells.get(i).copied().unwrap_or(Cell::Empty);
        PlayerLine {
            cells: Vec::new(),
            ..written.clone()
        } == PlayerLine {
            cells: Vec::new(),
            ..canonical.clone()
        } && (0..n).all(|i| Cell::same_meaning(cell(written, i), cell(canonical, i)))
    }

    /// The line, with `columns` round columns (blank ones included, as full-width files do).
    pub(crate) fn format(&self, columns: usize) -> String {
        let mut out = String::with_capacity(91 + 10 * columns);
        self.write_to(&mut out, columns);
        out
    }

    /// [`PlayerLine::format`] onto the end of `out`, with no allocation of its own beyond
    /// `out`'s: the export of a field of 9,999 players writes as many lines.
    pub(crate) fn write_to(&self, out: &mut String, columns: usize) {
        use std::fmt::Write;
        /// An optional number right-aligned in `width` (blank when absent).
        fn right(out: &mut String, width: usize, n: Option<u64>) {
            let _ = match n {
                Some(n) => write!(out, "{n:>width$}"),
                None => write!(out, "{:width$}", ""),
            };
        }
        let _ = write!(
            out,
            "001 {:>4} {}{:>3} ",
            self.tpn.get(),
            match self.sex {
                Some(Sex::Male) => 'm',
                Some(Sex::Female) => 'w',
                None => ' ',
            },
            self.title.map_or("", Title::as_str),
        );
        let mut chars = 0;
        for c in self.name.chars().take(33) {
            out.push(c);
            chars += 1;
        }
        out.extend(std::iter::repeat_n(' ', 33 - chars));
        out.push(' ');
        right(out, 4, self.rating.map(u64::from));
        let _ = write!(
            out,
            " {:<3} ",
            self.federation.as_ref().map_or("", Federation::as_str)
        );
        right(out, 11, self.fide_id);
        out.push(' ');
        let before = out.len();
        if let Some(d) = self.birth_date {
            let _ = write!(out, "{d}");
        }
        let written = out.len() - before;
        out.extend(std::iter::repeat_n(
            ' ',
            10usize.saturating_sub(written) + 1,
        ));
        let _ = write!(out, "{:>4} ", self.points);
        right(out, 4, self.rank.map(u64::from));
        for i in 0..columns.max(self.cells.len()) {
            out.push_str("  ");
            self.cells
                .get(i)
                .copied()
                .unwrap_or(Cell::Empty)
                .write_to(out);
        }
    }
}

/// A line as characters, with the helpers that read its fields and record what is wrong.
pub(crate) struct Fields<'a> {
    pub(super) chars: Vec<char>,
    pub(super) line: usize,
    pub(super) errors: &'a mut Vec<TrfError>,
}

impl<'a> Fields<'a> {
    pub(crate) fn new(text: &str, line: usize, errors: &'a mut Vec<TrfError>) -> Fields<'a> {
        Fields {
            chars: text.chars().collect(),
            line,
            errors,
        }
    }

    pub(crate) fn error(&mut self, column: usize, kind: TrfErrorKind) {
        self.errors.push(TrfError {
            line: self.line,
            column,
            kind,
        });
    }

    /// Characters `from..to` (0-based, end excluded); missing ones read as spaces.
    pub(super) fn raw(&self, from: usize, to: usize) -> String {
        (from..to)
            .map(|i| self.chars.get(i).copied().unwrap_or(' '))
            .collect()
    }

    pub(super) fn char_at(&self, i: usize) -> char {
        self.chars.get(i).copied().unwrap_or(' ')
    }

    pub(super) fn space(&mut self, i: usize) {
        let c = self.char_at(i);
        if c != ' ' {
            self.error(i + 1, TrfErrorKind::ExpectedSpace(c));
        }
    }

    /// A right-aligned number in `from..to`; `None` when blank.
    pub(super) fn number<T: std::str::FromStr>(
        &mut self,
        from: usize,
        to: usize,
        field: &'static str,
    ) -> Option<T> {
        let raw = self.raw(from, to);
        let t = raw.trim();
        if t.is_empty() {
            return None;
        }
        match t.parse::<T>() {
            Ok(v) if t.bytes().all(|b| b.is_ascii_digit()) => Some(v),
            _ => {
                let col = from + raw.find(|c: char| c != ' ').unwrap_or(0) + 1;
                self.error(
                    col,
                    TrfErrorKind::NotANumber {
                        field,
                        found: t.to_string(),
                    },
                );
                None
            }
        }
    }

    /// Reads a 001 line. `None` when the pairing number is unreadable.
    pub(crate) fn player_line(&mut self) -> Option<PlayerLine> {
        self.space(3);
        let tpn_raw: Option<u32> = self.number(4, 8, "pairing number");
        let tpn = match tpn_raw.map(Tpn::new) {
            Some(Some(t)) => Some(t),
            Some(None) => {
                self.error(
                    8,
                    TrfErrorKind::InvalidValue {
                        field: "pairing number",
                        found: "0".into(),
                        expected: "1 or more",
                    },
                );
                None
            }
            None => {
                if self.raw(4, 8).trim().is_empty() {
                    self.error(
                        5,
                        TrfErrorKind::InvalidValue {
                            field: "pairing number",
                            found: String::new(),
                            expected: "a number in columns 5-8",
                        },
                    );
                }
                None
            }
        };
        self.space(8);
        let sex = match self.char_at(9) {
            ' ' => None,
            'm' | 'M' => Some(Sex::Male),
            'w' | 'W' | 'f' | 'F' => Some(Sex::Female),
            c => {
                self.error(
                    10,
                    TrfErrorKind::InvalidValue {
                        field: "sex",
                        found: c.to_string(),
                        expected: "m, w or a space",
                    },
                );
                None
            }
        };
        let title_raw = self.raw(10, 13);
        let title = match title_raw.trim() {
            "" => None,
            t => Title::parse(t).or_else(|| {
                self.error(
                    11,
                    TrfErrorKind::InvalidValue {
                        field: "title",
                        found: t.to_string(),
                        expected: "GM IM WGM WIM FM CM WFM WCM or g m wg wm f c wf wc",
                    },
                );
                None
            }),
        };
        self.space(13);
        let name = self.raw(14, 47).trim().to_string();
        self.space(47);
        let rating = self.number::<u16>(48, 52, "rating");
        self.space(52);
        let fed_raw = self.raw(53, 56);
        let federation = match fed_raw.trim() {
            "" => None,
            f => Federation::parse(f).or_else(|| {
                self.error(
                    54,
                    TrfErrorKind::InvalidValue {
                        field: "federation",
                        found: f.to_string(),
                        expected: "three capital letters",
                    },
                );
                None
            }),
        };
        self.space(56);
        let fide_id = self.number::<u64>(57, 68, "FIDE id");
        self.space(68);
        let birth_raw = self.raw(69, 79);
        let birth_date = match birth_raw.trim() {
            "" => None,
            d => BirthDate::parse(d).or_else(|| {
                self.error(
                    70,
                    TrfErrorKind::InvalidValue {
                        field: "birth date",
                        found: d.to_string(),
                        expected: "YYYY/MM/DD",
                    },
                );
                None
            }),
        };
        self.space(79);
        let points_raw = self.raw(80, 84);
        let points = match points_raw.trim() {
            "" => Points::ZERO,
            p => Points::parse(p).unwrap_or_else(|| {
                self.error(
                    81,
                    TrfErrorKind::NotANumber {
                        field: "points",
                        found: p.to_string(),
                    },
                );
                Points::ZERO
            }),
        };
        self.space(84);
        let rank = self.number::<u32>(85, 89, "rank");
        let mut cells = Vec::new();
        let mut start = FIRST_CELL;
        while start < self.chars.len() {
            self.space(start - 2);
            self.space(start - 1);
            if let Some(c) = self.cell(start, cells.len() + 1) {
                cells.push(c);
            }
            start += CELL_STRIDE;
        }
        while cells.last() == Some(&Cell::Empty) {
            cells.pop();
        }
        Some(PlayerLine {
            tpn: tpn?,
            sex,
            title,
            name,
            rating,
            federation,
            fide_id,
            birth_date,
            points,
            rank,
            cells,
        })
    }

    /// Reads the round column starting at 0-based `start`, the `column`-th one.
    pub(super) fn cell(&mut self, start: usize, column: usize) -> Option<Cell> {
        let opp_raw = self.raw(start, start + 4);
        self.space(start + 4);
        let color_char = self.char_at(start + 5);
        self.space(start + 6);
        let code_char = self.char_at(start + 7);
        let col = start + 1;
        let color = match color_char {
            'w' | 'W' => Some(Some(Color::White)),
            'b' | 'B' => Some(Some(Color::Black)),
            '-' | ' ' => Some(None),
            c => {
                self.error(col + 5, TrfErrorKind::UnknownColor(c));
                None
            }
        };
        let bad = |problem: &str| TrfErrorKind::InconsistentEntry {
            round: column,
            problem: problem.into(),
        };
        let opponent = match opp_raw.trim() {
            "" => None,
            t if t.bytes().all(|b| b.is_ascii_digit()) => {
                let n: u32 = t.parse().ok()?;
                Some(Tpn::new(n))
            }
            t => {
                self.error(
                    col,
                    TrfErrorKind::NotANumber {
                        field: "opponent",
                        found: t.into(),
                    },
                );
                return None;
            }
        };
        let color = color?;
        match (opponent, color_char, code_char) {
            (None, ' ', ' ') => Some(Cell::Empty),
            (None | Some(None), _, code) => {
                if color.is_some() {
                    self.error(col + 5, bad("a bye has no colour: write - or a space"));
                    return None;
                }
                let kind = match code {
                    '+' => Some(ByeKind::Full),
                    '-' => Some(ByeKind::Zero),
                    c => ByeKind::from_trf_char(c),
                };
                match kind {
                    Some(k) => Some(Cell::Bye(k)),
                    None if "10=WDL ".contains(code) => {
                        self.error(col + 7, bad("a game result needs an opponent"));
                        None
                    }
                    None => {
                        self.error(col + 7, TrfErrorKind::UnknownResult(code));
                        None
                    }
                }
            }
            (Some(Some(opponent)), _, code) => {
                use GameScore::*;
                let code = match code {
                    '1' => Code::Played(Win),
                    '=' => Code::Played(Draw),
                    '0' => Code::Played(Loss),
                    'W' => Code::Unrated(Win),
                    'D' => Code::Unrated(Draw),
                    'L' => Code::Unrated(Loss),
                    '+' => Code::Forfeit(Win),
                    '-' => Code::Forfeit(Loss),
                    ' ' => Code::Pending,
                    'H' | 'F' | 'U' | 'Z' => {
                        self.error(col + 7, bad("a bye has no opponent: write 0000"));
                        return None;
                    }
                    c => {
                        self.error(col + 7, TrfErrorKind::UnknownResult(c));
                        return None;
                    }
                };
                if color.is_none() && !matches!(code, Code::Forfeit(_)) {
                    self.error(
                        col + 5,
                        bad("a game played or to be played needs colour w or b"),
                    );
                    return None;
                }
                Some(Cell::Game {
                    opponent,
                    color,
                    code,
                })
            }
        }
    }

    /// Reads everything after the code as a list of pairing numbers separated by spaces.
    pub(super) fn tpn_list(&mut self, from: usize, code: &str) -> Vec<Tpn> {
        let text = self.raw(from, self.chars.len().max(from));
        let mut out = Vec::new();
        let mut pos = from;
        for token in text.split(' ') {
            if !token.is_empty() {
                match token.parse::<u32>().ok().and_then(Tpn::new) {
                    Some(t) if token.bytes().all(|b| b.is_ascii_digit()) => out.push(t),
                    _ => self.error(
                        pos + 1,
                        TrfErrorKind::BadRecord {
                            code: code.into(),
                            problem: format!("{token:?} is not a pairing number"),
                        },
                    ),
                }
            }
            pos += token.chars().count() + 1;
        }
        out
    }

    pub(super) fn round_at(&mut self, from: usize, to: usize, code: &str) -> Option<RoundNo> {
        let r: Option<u16> = self.number(from, to, "round");
        match r.and_then(RoundNo::new) {
            Some(r) => Some(r),
            None => {
                self.error(
                    from + 1,
                    TrfErrorKind::BadRecord {
                        code: code.into(),
                        problem: format!("columns {}-{} must hold a round number", from + 1, to),
                    },
                );
                None
            }
        }
    }
}

impl Fields<'_> {
    /// Whether the line, whatever its code, reads as a 001 player line without a problem and
    /// with a name: then an unknown code in front of it is a mistyped 001, not a record to keep.
    pub(super) fn looks_like_player_line(&self) -> bool {
        let mut errors = Vec::new();
        let mut copy = Fields {
            chars: self.chars.clone(),
            line: self.line,
            errors: &mut errors,
        };
        let line = copy.player_line();
        errors.is_empty() && line.is_some_and(|p| !p.name.is_empty())
    }
}
