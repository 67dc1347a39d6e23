//! A tournament's details as a rating report needs them: where and when it is played, who
//! arbitrates, the time control and the date of each round (TRF-2026 records 012-132), and the
//! TRF header records written from them.
//!
//! ## Readings
//! - TRF-2026 gives 042 and 052 as `YYYY/MM/DD` and 132 as `YY/MM/DD` under each round's
//!   column (positions 92-99 round 1, 102-109 round 2, ...). A Double-Swiss round has two
//!   columns, one per game (the player lines' layout); both carry the round's date, so that
//!   every column of a player line has its date above it.
//! - 062 counts the registered players, 072 those with a rating (TRF16's "rated players"),
//!   082 is 0 (individual events only), 092 says "Individual: Swiss-System" ("Individual:
//!   Round-Robin", "Individual: Double Round-Robin" for those) (the system itself
//!   is 192's), and 112 is one line per deputy (TRF-2026: "one line for each arbiter").
//! - Files written by other programs date their tournaments in many ways (`24/09/2010`,
//!   `28. 07. 2005`, `2005.07.28`, `Jun 26, 2020`); reading a header takes the forms that
//!   name the day unambiguously (year first, or day first with a four-digit year, as every
//!   federation but the USA writes it) and leaves any other date unknown rather than guess.

use crate::model::tournament::{InfoRecord, Tournament};
use std::fmt;

/// A calendar date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(time::Date);

impl Date {
    /// The date, if it exists in the calendar.
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        let month = time::Month::try_from(month).ok()?;
        time::Date::from_calendar_date(year, month, day)
            .ok()
            .filter(|d| (1000..=9999).contains(&d.year()))
            .map(Date)
    }

    /// Reads the ISO form `YYYY-MM-DD` (what the API and the pages use).
    pub fn parse_iso(text: &str) -> Result<Date, DateError> {
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(DateError::Form(text.to_string()));
        }
        let (y, m, d) = (num(&text[0..4]), num(&text[5..7]), num(&text[8..10]));
        match (y, m, d) {
            (Some(y), Some(m), Some(d)) => {
                Date::new(y as i32, m as u8, d as u8).ok_or(DateError::NoSuchDay(text.to_string()))
            }
            _ => Err(DateError::Form(text.to_string())),
        }
    }

    /// Reads a date as a TRF header writes it: `YYYY/MM/DD` (TRF-2026), `YYYY.MM.DD`,
    /// `YYYY-MM-DD`, `YY/MM/DD` (132), or day first with a four-digit year (`DD/MM/YYYY`,
    /// `DD.MM.YYYY`, `DD. MM. YYYY`). Anything else is `None` (see the module's Readings).
    pub fn parse_trf(text: &str) -> Option<Date> {
        let parts: Vec<&str> = text.trim().split(['/', '.', '-']).map(str::trim).collect();
        let [a, b, c] = parts.as_slice() else {
            return None;
        };
        let (na, nb, nc) = (num(a)?, num(b)?, num(c)?);
        match (a.len(), b.len(), c.len()) {
            (4, 1..=2, 1..=2) => Date::new(na as i32, nb as u8, nc as u8),
            (2, 2, 2) => Date::new(2000 + na as i32, nb as u8, nc as u8),
            (1..=2, 1..=2, 4) => Date::new(nc as i32, nb as u8, na as u8),
            _ => None,
        }
    }

    /// The date from the `time` crate's (a day between the years 1000 and 9999).
    pub fn from_time(d: time::Date) -> Option<Date> {
        Date::new(d.year(), u8::from(d.month()), d.day())
    }

    /// Year, month and day with `separator` between them, the year in `year_digits` digits.
    fn written(self, separator: char, year_digits: usize) -> String {
        let year = if year_digits == 2 {
            self.0.year() % 100
        } else {
            self.0.year()
        };
        format!(
            "{year:0year_digits$}{separator}{:02}{separator}{:02}",
            u8::from(self.0.month()),
            self.0.day()
        )
    }

    /// `YYYY-MM-DD`.
    pub fn iso(self) -> String {
        self.written('-', 4)
    }

    /// `YYYY/MM/DD`, TRF-2026's form for 042 and 052.
    pub fn trf_long(self) -> String {
        self.written('/', 4)
    }

    /// `YY/MM/DD`, TRF's form for the round dates of 132.
    pub fn trf_short(self) -> String {
        self.written('/', 2)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iso())
    }
}

/// Digits only, as a number.
fn num(s: &str) -> Option<u32> {
    (!s.is_empty() && s.len() <= 4 && s.bytes().all(|c| c.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// Why a date was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// Not `YYYY-MM-DD`.
    #[error("{0:?} is not a date written YYYY-MM-DD")]
    Form(String),
    /// A day the calendar does not have.
    #[error("{0:?} is not a day of the calendar")]
    NoSuchDay(String),
}

/// What a rating officer needs to know about a tournament beyond its players and games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Details {
    /// 012: the name.
    pub name: String,
    /// 022: the city (or place).
    pub city: String,
    /// 032: the federation, three letters.
    pub federation: String,
    /// 042: the first day.
    pub start: Option<Date>,
    /// 052: the last day.
    pub end: Option<Date>,
    /// 102: the chief arbiter, as written (`IA Jane Doe (12345678)`).
    pub chief_arbiter: String,
    /// 112: the deputy chief arbiters and arbiters, one each.
    pub deputy_arbiters: Vec<String>,
    /// 122: the time control (`90'/40 + 30' + 30"`).
    pub time_control: String,
    /// 132: the date of each round, round 1 first.
    pub round_dates: Vec<Option<Date>>,
}

/// The TRF position (1-based) of round 1's first column.
const FIRST_COLUMN: usize = 92;
/// The width of one round column.
const COLUMN_WIDTH: usize = 10;

impl Details {
    /// The header records 012-132 for `t` (TRF-2026's order; see the module's Readings). A
    /// detail not known is left out, except the name and the counts, which are always known.
    pub fn header_records(&self, t: &Tournament) -> Vec<InfoRecord> {
        let mut out = Vec::new();
        let mut push = |code: &str, text: String| {
            out.push(InfoRecord {
                code: code.into(),
                text,
            })
        };
        push("012", self.name.clone());
        let optional = [
            ("022", self.city.clone()),
            ("032", self.federation.clone()),
            ("042", self.start.map(Date::trf_long).unwrap_or_default()),
            ("052", self.end.map(Date::trf_long).unwrap_or_default()),
        ];
        for (code, text) in optional {
            if !text.is_empty() {
                push(code, text);
            }
        }
        push("062", t.players().len().to_string());
        // TRF 072, the rated players: a rating of 0 (how many files write "unrated") is none.
        let rated = t
            .players()
            .iter()
            .filter(|p| p.rating.is_some_and(|r| r > 0))
            .count();
        push("072", rated.to_string());
        push("082", "0".into());
        // TRF 092, the type of tournament, in the words rating officers read.
        let kind = match t.settings.system {
            Some(crate::model::settings::System::RoundRobin) => "Individual: Round-Robin",
            Some(crate::model::settings::System::DoubleRoundRobin) => {
                "Individual: Double Round-Robin"
            }
            _ => "Individual: Swiss-System",
        };
        push("092", kind.into());
        if !self.chief_arbiter.is_empty() {
            push("102", self.chief_arbiter.clone());
        }
        for deputy in &self.deputy_arbiters {
            push("112", deputy.clone());
        }
        if !self.time_control.is_empty() {
            push("122", self.time_control.clone());
        }
        if self.round_dates.iter().any(Option::is_some) {
            push(
                "132",
                round_dates_text(&self.round_dates, t.settings.games_per_pairing()),
            );
        }
        out
    }

    /// The details a file's header records give (the module's Readings say which dates are
    /// read); the counts and the type are the file's own business and are not kept.
    pub fn from_header(records: &[InfoRecord]) -> Details {
        let mut d = Details::default();
        for r in records {
            let text = r.text.trim();
            match r.code.as_str() {
                "012" => d.name = text.into(),
                "022" => d.city = text.into(),
                "032" => d.federation = text.into(),
                "042" => d.start = Date::parse_trf(text),
                "052" => d.end = Date::parse_trf(text),
                "102" => d.chief_arbiter = text.into(),
                "112" if !text.is_empty() => d.deputy_arbiters.push(text.into()),
                "122" => d.time_control = text.into(),
                "132" => d.round_dates = round_dates_from(&r.text),
                _ => {}
            }
        }
        d
    }
}

/// 132's text after the code and its space: each round's date under each of its columns.
fn round_dates_text(dates: &[Option<Date>], games: usize) -> String {
    // The record's text starts at position 5.
    let mut out = " ".repeat(FIRST_COLUMN - 5);
    for date in dates {
        for _ in 0..games {
            match date {
                Some(d) => out.push_str(&d.trf_short()),
                None => out.push_str("        "),
            }
            out.push_str("  ");
        }
    }
    out.trim_end().to_string()
}

/// The round dates of a 132 record's text (after `132 `), one per column: a file of our own
/// writes a Double-Swiss round's date twice, and other programs write one per round; either
/// reads as one per column here, which is what a Swiss file has.
fn round_dates_from(text: &str) -> Vec<Option<Date>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut start = FIRST_COLUMN - 5;
    while start < chars.len() {
        let end = (start + 8).min(chars.len());
        let cell: String = chars[start..end].iter().collect();
        out.push(Date::parse_trf(&cell));
        start += COLUMN_WIDTH;
    }
    while out.last() == Some(&None) {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u8, day: u8) -> Date {
        Date::new(y, m, day).expect("a real day")
    }

    #[test]
    fn dates_are_read_in_the_forms_files_use_and_no_other() {
        assert_eq!(Date::parse_trf("2010/09/24"), Some(d(2010, 9, 24)));
        assert_eq!(Date::parse_trf("24/09/2010"), Some(d(2010, 9, 24)));
        assert_eq!(Date::parse_trf("28. 07. 2005"), Some(d(2005, 7, 28)));
        assert_eq!(Date::parse_trf("2005.07.28"), Some(d(2005, 7, 28)));
        assert_eq!(Date::parse_trf("24/07/28"), Some(d(2024, 7, 28)));
        assert_eq!(Date::parse_trf("Jun 26, 2020"), None);
        assert_eq!(Date::parse_trf("2010/02/30"), None);
        assert_eq!(Date::parse_iso("2026-11-28"), Ok(d(2026, 11, 28)));
        assert!(matches!(
            Date::parse_iso("2026-02-30"),
            Err(DateError::NoSuchDay(_))
        ));
        assert!(matches!(
            Date::parse_iso("28.11.2026"),
            Err(DateError::Form(_))
        ));
    }

    #[test]
    fn trf_2026_132_puts_each_round_date_under_its_column() {
        let text = round_dates_text(&[Some(d(2026, 11, 28)), None, Some(d(2026, 11, 29))], 1);
        let line = format!("132 {text}");
        assert_eq!(&line[91..99], "26/11/28");
        assert_eq!(line[101..109].trim(), "");
        assert_eq!(&line[111..119], "26/11/29");
        assert_eq!(
            round_dates_from(&text),
            vec![Some(d(2026, 11, 28)), None, Some(d(2026, 11, 29))]
        );
    }
}
