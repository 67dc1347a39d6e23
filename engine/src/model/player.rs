//! A registered player: identity, rating and title, withdrawal.

use crate::model::ids::{RoundNo, Tpn};
use std::fmt;

/// A FIDE title. The order of the variants is Dutch A.2 c): IGM, IM, WGM, WIM, FM, CM, WFM,
/// WCM, then no title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Title {
    /// Grandmaster.
    Gm,
    /// International Master.
    Im,
    /// Woman Grandmaster.
    Wgm,
    /// Woman International Master.
    Wim,
    /// FIDE Master.
    Fm,
    /// Candidate Master.
    Cm,
    /// Woman FIDE Master.
    Wfm,
    /// Woman Candidate Master.
    Wcm,
}

impl Title {
    /// Reads a title as TRF writes it, long ("GM") or short ("g").
    pub fn parse(text: &str) -> Option<Title> {
        Some(match text {
            "GM" | "g" => Title::Gm,
            "IM" | "m" => Title::Im,
            "WGM" | "wg" => Title::Wgm,
            "WIM" | "wm" => Title::Wim,
            "FM" | "f" => Title::Fm,
            "CM" | "c" => Title::Cm,
            "WFM" | "wf" => Title::Wfm,
            "WCM" | "wc" => Title::Wcm,
            _ => return None,
        })
    }

    /// GHR 2026 2.2.2's rank of a title, 0 for the highest: GM, IM, WGM, FM, WIM, CM, WFM,
    /// WCM, then no title.
    pub fn ghr_2026_rank(title: Option<Title>) -> u8 {
        match title {
            Some(Title::Gm) => 0,
            Some(Title::Im) => 1,
            Some(Title::Wgm) => 2,
            Some(Title::Fm) => 3,
            Some(Title::Wim) => 4,
            Some(Title::Cm) => 5,
            Some(Title::Wfm) => 6,
            Some(Title::Wcm) => 7,
            None => 8,
        }
    }

    /// The long form.
    pub fn as_str(self) -> &'static str {
        match self {
            Title::Gm => "GM",
            Title::Im => "IM",
            Title::Wgm => "WGM",
            Title::Wim => "WIM",
            Title::Fm => "FM",
            Title::Cm => "CM",
            Title::Wfm => "WFM",
            Title::Wcm => "WCM",
        }
    }
}

/// Sex, as TRF column 10 records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sex {
    /// `m`.
    Male,
    /// `w`.
    Female,
}

/// A federation's three-letter code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Federation([u8; 3]);

impl Federation {
    /// Three ASCII capital letters.
    pub fn parse(text: &str) -> Option<Federation> {
        let b = text.as_bytes();
        (b.len() == 3 && b.iter().all(u8::is_ascii_uppercase))
            .then(|| Federation([b[0], b[1], b[2]]))
    }

    /// The code.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or("???")
    }
}

/// A birth date as TRF writes it: year, month, day, where month and day may be 0 (unknown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BirthDate {
    year: u16,
    month: u8,
    day: u8,
    separator: u8,
}

impl BirthDate {
    /// Reads `YYYY/MM/DD`, `YYYY.MM.DD` or `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<BirthDate> {
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b[7] || !matches!(b[4], b'/' | b'.' | b'-') {
            return None;
        }
        let num = |r: std::ops::Range<usize>| -> Option<u16> {
            let s = &text[r];
            s.bytes()
                .all(|c| c.is_ascii_digit())
                .then(|| s.parse().ok())?
        };
        let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
        if month > 12 || day > 31 {
            return None;
        }
        Some(BirthDate {
            year,
            month: month as u8,
            day: day as u8,
            separator: b[4],
        })
    }
}

impl fmt::Display for BirthDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.separator as char;
        write!(f, "{:04}{s}{:02}{s}{:02}", self.year, self.month, self.day)
    }
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Pairing number (starting rank).
    pub tpn: Tpn,
    /// Name, usually "Surname,Given".
    pub name: String,
    /// Sex, if recorded.
    pub sex: Option<Sex>,
    /// FIDE title, if any.
    pub title: Option<Title>,
    /// Rating; `Some(0)` and `None` both mean unrated (a TRF writes either `0` or nothing).
    pub rating: Option<u16>,
    /// Federation.
    pub federation: Option<Federation>,
    /// FIDE identifier; `Some(0)` as some files write it for "none".
    pub fide_id: Option<u64>,
    /// Birth date.
    pub birth_date: Option<BirthDate>,
    /// The round from which the player no longer plays (Dutch F.5): not paired in it or after.
    pub withdrawn_from: Option<RoundNo>,
    /// The final rank, as the TRF rank column records it (computed by the standings).
    pub rank: Option<u32>,
}

impl Player {
    /// A player with a name and nothing else.
    pub fn new(tpn: Tpn, name: impl Into<String>) -> Player {
        Player {
            tpn,
            name: name.into(),
            sex: None,
            title: None,
            rating: None,
            federation: None,
            fide_id: None,
            birth_date: None,
            withdrawn_from: None,
            rank: None,
        }
    }

    /// The rating used for pairing: 0 when unrated.
    pub fn pairing_rating(&self) -> u16 {
        self.rating.unwrap_or(0)
    }

    /// Whether the player still plays in `round`.
    pub fn plays_in(&self, round: RoundNo) -> bool {
        self.withdrawn_from.is_none_or(|w| round < w)
    }
}

/// Dutch A.2 b)-d): the order that fixes pairing numbers before round 1, highest first:
/// rating descending, then title in A.2's order, then name alphabetically.
pub fn initial_order(a: &Player, b: &Player) -> std::cmp::Ordering {
    b.pairing_rating()
        .cmp(&a.pairing_rating())
        .then_with(|| title_rank(a.title).cmp(&title_rank(b.title)))
        .then_with(|| a.name.cmp(&b.name))
}

/// Dutch A.2 for pairing, once the pairing numbers are fixed: the pairing number. "The order
/// made before the first round ... is used to determine the pairing numbers": the numbers are
/// that order (rating, title, name), and they also carry what a file's rating column cannot,
/// the arbiter's estimate for an unrated player (A.1), which real files show by numbering
/// unrated players among the rated ones. Other pairing programs rank by them too.
pub fn pairing_order(a: &Player, b: &Player) -> std::cmp::Ordering {
    a.tpn.cmp(&b.tpn)
}

fn title_rank(title: Option<Title>) -> u8 {
    title.map_or(u8::MAX, |t| t as u8)
}

/// GHR 2026 2.2: the initial ranking of the 2026 systems, highest first: strength (2.2.1, the
/// rating), then title in 2.2.2's order (GM, IM, WGM, FM, WIM, CM, WFM, WCM, no title: it puts
/// the FM before the WIM, where Dutch 1992 A.2 c) put the WIM first), then name
/// alphabetically (2.2.3). 2.3: the TPNs follow it.
pub fn ghr_2026_order(a: &Player, b: &Player) -> std::cmp::Ordering {
    b.pairing_rating()
        .cmp(&a.pairing_rating())
        .then_with(|| Title::ghr_2026_rank(a.title).cmp(&Title::ghr_2026_rank(b.title)))
        .then_with(|| a.name.cmp(&b.name))
}

/// The initial ranking a system's text prescribes: GHR 2026 2.2 for the 2026 systems (whose
/// texts refer to it: Dutch 2026 1.1, Dubov 2026 1.2.1, Double-Swiss 1.1), Dutch 1992 A.2 b)-d) for the seed
/// texts (the Dubov text has no ranking of its own; it is read as the Dutch text of its time).
pub fn initial_order_for(
    system: crate::model::settings::System,
) -> fn(&Player, &Player) -> std::cmp::Ordering {
    match system {
        crate::model::settings::System::Dutch2026
        | crate::model::settings::System::Dubov2026
        | crate::model::settings::System::Burstein2026
        | crate::model::settings::System::DoubleSwiss => ghr_2026_order,
        crate::model::settings::System::Dutch1992
        | crate::model::settings::System::Dubov
        | crate::model::settings::System::RoundRobin
        | crate::model::settings::System::DoubleRoundRobin => initial_order,
    }
}
