//! Every TRF record but the 001 player line (`line.rs`): the codes of TRF16 and TRF-2026 and
//! of JaVaFo's and bbpPairings' extensions, each read at its columns into a [`Record`] and
//! written back from it by the same table.
use super::error::TrfErrorKind;
use super::line::{Fields, PlayerLine};
use crate::model::acceleration::VirtualPoints;
use crate::model::color::Color;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::result::ByeKind;
use crate::model::settings::{System, TrfType};

/// Which record carries the number of rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum RoundsCode {
    /// `XXR n` (JaVaFo, bbpPairings).
    Xxr,
    /// `142 n` (TRF-2026).
    R142,
}

/// Which record carries the initial colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum ColorCode {
    /// `XXC white1|black1` (JaVaFo, bbpPairings).
    Xxc,
    /// `152 W|B` (TRF-2026).
    C152,
}

/// The record that gives the tie-breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum TiebreaksCode {
    /// `202 BH/C1,BH,...`: the tie-breaks.
    C202,
    /// `212 PTS,BH/C1,...`: the standings, points first.
    C212,
}

/// One line of a TRF file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Record {
    /// A blank line.
    Blank,
    /// 001.
    Player(PlayerLine),
    /// A record kept as written (012 name, 022 city, ..., 013 teams, unknown codes).
    Info { code: String, text: String },
    /// XXR or 142.
    Rounds(RoundsCode, u16),
    /// XXC or 152.
    InitialColor(ColorCode, Color),
    /// 192, and whether its code ends in `_BAKU` (C.04.7's acceleration).
    Type(TrfType, bool),
    /// TRF-2026 202 (the tie-breaks) or 212 (the standings: points, then the tie-breaks).
    Tiebreaks(TiebreaksCode, Vec<crate::model::tiebreak::Tiebreak>),
    /// XXS (JaVaFo): `KEY=value` pairs.
    Xxs(Vec<(String, Points)>),
    /// bbpPairings' BBW BBD BBL BBZ BBF BBU.
    Bb(char, Points),
    /// 162 (TRF-2026 point system): letter and value pairs.
    P162(Vec<(char, Points)>),
    /// XXZ: players absent in the next round.
    AbsentNext(Vec<Tpn>),
    /// 240: byes requested for a round.
    Byes(ByeKind, RoundNo, Vec<Tpn>),
    /// 260: players who may not meet in a range of rounds.
    Forbidden(RoundNo, RoundNo, Vec<Tpn>),
    /// XXW (this program's): players withdrawn from a round on.
    Withdrawn(RoundNo, Vec<Tpn>),
    /// XXP (JaVaFo's): players who may never meet.
    Xxp(Vec<Tpn>),
    /// 250 (TRF-2026): virtual points (game points; match points are for teams) for a range
    /// of rounds and of pairing numbers.
    Virtual(VirtualPoints),
    /// XXA (JaVaFo's): a player's virtual points before each round, round 1 first.
    Xxa(Tpn, Vec<Points>),
}

/// The keys of XXS that this program reads, in the order it writes them.
pub(crate) const XXS_KEYS: [&str; 12] = [
    "WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL",
];

impl<'a> Fields<'a> {
    /// Reads any line. `None` when it is too broken to keep.
    pub(crate) fn record(&mut self) -> Option<Record> {
        let line: String = self.chars.iter().collect();
        if line.trim().is_empty() {
            return Some(Record::Blank);
        }
        let code: String = self.chars.iter().take(3).collect();
        let rest = || line.chars().skip(4).collect::<String>();
        let bad = |problem: String| TrfErrorKind::BadRecord {
            code: code.clone(),
            problem,
        };
        match code.as_str() {
            "001" => self.player_line().map(Record::Player),
            "XXR" | "142" => {
                let which = if code == "XXR" {
                    RoundsCode::Xxr
                } else {
                    RoundsCode::R142
                };
                match rest().trim().parse::<u16>() {
                    Ok(n) if n > 0 => Some(Record::Rounds(which, n)),
                    _ => {
                        self.error(
                            5,
                            bad(format!("{:?} is not a number of rounds", rest().trim())),
                        );
                        None
                    }
                }
            }
            "XXC" => {
                let text = rest();
                let mut color = None;
                for token in text.split_whitespace() {
                    match token {
                        "white1" => color = Some(Color::White),
                        "black1" => color = Some(Color::Black),
                        other => {
                            self.error(
                                5,
                                bad(format!("{other:?} is not supported (white1 or black1)")),
                            );
                            return None;
                        }
                    }
                }
                match color {
                    Some(c) => Some(Record::InitialColor(ColorCode::Xxc, c)),
                    None => {
                        self.error(5, bad("expected white1 or black1".into()));
                        None
                    }
                }
            }
            "152" => match rest().trim() {
                "W" => Some(Record::InitialColor(ColorCode::C152, Color::White)),
                "B" => Some(Record::InitialColor(ColorCode::C152, Color::Black)),
                other => {
                    self.error(5, bad(format!("{other:?}: expected W or B")));
                    None
                }
            },
            "192" => match System::from_trf_type(
                rest().trim().strip_suffix("_BAKU").unwrap_or(rest().trim()),
            ) {
                Some(s) => Some(Record::Type(s, rest().trim().ends_with("_BAKU"))),
                None => {
                    self.error(5, bad(format!(
                        "{:?} is not a tournament type this program pairs (FIDE_DUTCH_2025, FIDE_DUTCH, FIDE_DUBOV, FIDE_DOUBLESWISS, FIDE_ROUNDROBIN)",
                        rest().trim()
                    )));
                    None
                }
            },
            "202" | "212" => {
                // Codes separated by commas or spaces (FIDE's calculator reads both); 212
                // starts with the points.
                let which = if code == "202" {
                    TiebreaksCode::C202
                } else {
                    TiebreaksCode::C212
                };
                let text = rest();
                let mut list = Vec::new();
                let mut at = 4;
                for token in text.split([',', ' ']) {
                    let column = at + 1;
                    at += token.chars().count() + 1;
                    if token.is_empty()
                        || (which == TiebreaksCode::C212
                            && list.is_empty()
                            && ["PTS", "MPTS", "GPTS"]
                                .contains(&token.to_ascii_uppercase().as_str()))
                    {
                        continue;
                    }
                    match crate::model::tiebreak::Tiebreak::parse(token) {
                        Ok(tb) => list.push(tb),
                        Err(problem) => self.error(column, bad(problem)),
                    }
                }
                Some(Record::Tiebreaks(which, list))
            }
            "XXS" => {
                let text = rest();
                let mut pairs = Vec::new();
                for token in text.split_whitespace() {
                    let parsed = token.split_once('=').and_then(|(k, v)| {
                        XXS_KEYS.contains(&k).then_some(())?;
                        Some((k.to_string(), Points::parse(v)?))
                    });
                    match parsed {
                        Some(p) => pairs.push(p),
                        None => {
                            let col = line
                                .find(token)
                                .map_or(5, |b| line[..b].chars().count() + 1);
                            self.error(
                                col,
                                bad(format!(
                                    "{token:?} is not KEY=points with a key of {}",
                                    XXS_KEYS.join(" ")
                                )),
                            );
                        }
                    }
                }
                Some(Record::Xxs(pairs))
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => match Points::parse(rest().trim()) {
                Some(p) => Some(Record::Bb(code.chars().nth(2).unwrap_or('W'), p)),
                None => {
                    self.error(
                        5,
                        bad(format!("{:?} is not a number of points", rest().trim())),
                    );
                    None
                }
            },
            "162" => {
                let mut pairs = Vec::new();
                let mut start = 5;
                while start < self.chars.len() {
                    let letter = self.char_at(start);
                    let value = self.raw(start + 1, start + 5);
                    match (letter, Points::parse(value.trim())) {
                        ('W' | 'D' | 'L' | 'A' | 'P', Some(p)) => pairs.push((letter, p)),
                        _ => self.error(start + 1, bad(format!(
                            "{:?} is not a point value (a letter W D L A P and 4 columns of points)",
                            self.raw(start, start + 5)
                        ))),
                    }
                    start += 9;
                }
                Some(Record::P162(pairs))
            }
            "XXZ" => Some(Record::AbsentNext(self.tpn_list(4, "XXZ"))),
            "240" => {
                let kind = match self.char_at(4) {
                    'F' => ByeKind::Full,
                    'H' => ByeKind::Half,
                    'Z' | ' ' => ByeKind::Zero,
                    c => {
                        self.error(5, bad(format!("{c:?} is not a bye type (F, H or Z)")));
                        return None;
                    }
                };
                let round = self.round_at(6, 9, "240")?;
                Some(Record::Byes(kind, round, self.tpn_list(9, "240")))
            }
            "260" => {
                let from = self.round_at(4, 7, "260")?;
                let to = self.round_at(8, 11, "260")?;
                if to < from {
                    self.error(9, bad("the last round is before the first".into()));
                    return None;
                }
                Some(Record::Forbidden(from, to, self.tpn_list(11, "260")))
            }
            "XXW" => {
                let round = self.round_at(4, 7, "XXW")?;
                Some(Record::Withdrawn(round, self.tpn_list(7, "XXW")))
            }
            "XXP" => Some(Record::Xxp(self.tpn_list(3, "XXP"))),
            "250" => {
                // 250 MMMM GGGG RRR RRR PPPP PPPP: match points (5-8), game points (10-13),
                // first and last round (15-17, 19-21), first and last player (23-26, 28-31).
                if !self.raw(4, 8).trim().is_empty() {
                    self.error(
                        5,
                        bad("match points (columns 5-8) are a team tournament's virtual points; this is an individual tournament: give game points (columns 10-13)".into()),
                    );
                    return None;
                }
                let Some(points) = Points::parse(self.raw(9, 13).trim()) else {
                    self.error(
                        10,
                        bad(format!(
                            "{:?} in columns 10-13 is not a number of points",
                            self.raw(9, 13).trim()
                        )),
                    );
                    return None;
                };
                let from = self.round_at(14, 17, "250")?;
                let to = self.round_at(18, 21, "250")?;
                if to < from {
                    self.error(19, bad("the last round is before the first".into()));
                    return None;
                }
                let player = |f: &mut Self, a: usize, b: usize| -> Option<Tpn> {
                    let n: Option<u32> = f.number(a, b, "pairing number");
                    let t = n.and_then(Tpn::new);
                    if t.is_none() {
                        f.error(
                            a + 1,
                            TrfErrorKind::BadRecord {
                                code: "250".into(),
                                problem: format!(
                                    "columns {}-{b} must hold a pairing number",
                                    a + 1
                                ),
                            },
                        );
                    }
                    t
                };
                let first = player(self, 22, 26)?;
                let last = player(self, 27, 31)?;
                if last < first {
                    self.error(28, bad("the last player is before the first".into()));
                    return None;
                }
                Some(Record::Virtual(VirtualPoints {
                    from,
                    to,
                    first,
                    last,
                    points,
                }))
            }
            "XXA" => {
                let tpn: Option<u32> = self.number(4, 8, "pairing number");
                let Some(tpn) = tpn.and_then(Tpn::new) else {
                    self.error(5, bad("columns 5-8 must hold a pairing number".into()));
                    return None;
                };
                let text = self.raw(8, self.chars.len().max(8));
                let mut values = Vec::new();
                let mut pos = 8;
                for token in text.split(' ') {
                    if !token.is_empty() {
                        match Points::parse(token) {
                            Some(p) => values.push(p),
                            None => {
                                self.error(
                                    pos + 1,
                                    bad(format!("{token:?} is not a number of points")),
                                );
                                return None;
                            }
                        }
                    }
                    pos += token.chars().count() + 1;
                }
                Some(Record::Xxa(tpn, values))
            }
            _ => {
                if self.chars.len() > 3 && self.char_at(3) != ' ' {
                    self.error(4, TrfErrorKind::ExpectedSpace(self.char_at(3)));
                    return None;
                }
                if !is_known_code(&code) && self.looks_like_player_line() {
                    self.error(1, TrfErrorKind::PlayerLineUnderUnknownCode(code.clone()));
                    return None;
                }
                Some(Record::Info {
                    code: code.clone(),
                    text: rest().trim_end().to_string(),
                })
            }
        }
    }
}

/// The record codes that other programs write and this one keeps as written without reading
/// them: TRF16's header records (012-132, 013 teams), TRF-2026's records beyond those this
/// program reads (172-232, 300-330, 801, 802), and the `XX` records of other programs this one
/// does not read. Any other code is kept too, but
/// reading it warns, since it may be a mistyped code (a `101` meant as `001`).
pub(crate) fn is_known_code(code: &str) -> bool {
    pub(super) const KNOWN: [&str; 25] = [
        "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
        "013", "172", "182", "202", "212", "222", "232", "250", "300", "310", "320", "330",
    ];
    KNOWN.contains(&code) || code == "801" || code == "802" || code.starts_with("XX")
}

impl Record {
    /// The line the writer writes for this record.
    pub(crate) fn format(&self, columns: usize) -> String {
        if let Record::Player(p) = self {
            return p.format(columns);
        }
        let mut out = String::new();
        self.write_to(&mut out, columns);
        out
    }

    /// [`Record::format`] onto the end of `out` (player lines without an allocation of their
    /// own).
    pub(crate) fn write_to(&self, out: &mut String, columns: usize) {
        match self {
            Record::Player(p) => p.write_to(out, columns),
            other => out.push_str(&other.text(columns)),
        }
    }

    pub(super) fn text(&self, columns: usize) -> String {
        let list = |v: &[Tpn], width: usize| -> String {
            v.iter().map(|t| format!(" {:>width$}", t.get())).collect()
        };
        match self {
            Record::Blank => String::new(),
            Record::Player(p) => p.format(columns),
            Record::Info { code, text } if text.is_empty() => code.clone(),
            Record::Info { code, text } => format!("{code} {text}"),
            Record::Rounds(RoundsCode::Xxr, n) => format!("XXR {n}"),
            Record::Rounds(RoundsCode::R142, n) => format!("142 {n}"),
            Record::InitialColor(ColorCode::Xxc, c) => {
                format!(
                    "XXC {}",
                    if *c == Color::White {
                        "white1"
                    } else {
                        "black1"
                    }
                )
            }
            Record::InitialColor(ColorCode::C152, c) => {
                format!("152 {}", if *c == Color::White { 'W' } else { 'B' })
            }
            Record::Type(t, baku) => {
                format!("192 {}{}", t.code(), if *baku { "_BAKU" } else { "" })
            }
            Record::Tiebreaks(which, list) => {
                let codes: Vec<String> = list.iter().map(|t| t.code()).collect();
                match which {
                    TiebreaksCode::C202 => format!("202 {}", codes.join(",")),
                    TiebreaksCode::C212 => format!("212 PTS,{}", codes.join(",")),
                }
            }
            Record::Xxs(pairs) => {
                let body: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
                format!("XXS {}", body.join(" "))
            }
            Record::Bb(c, p) => format!("BB{c} {p:>4}"),
            Record::P162(pairs) => {
                let body: String = pairs
                    .iter()
                    .map(|(c, p)| format!("{c}{p:>4}    "))
                    .collect();
                format!("162  {}", body.trim_end())
            }
            Record::AbsentNext(v) => format!("XXZ{}", list(v, 1)),
            Record::Byes(kind, round, v) => {
                format!("240 {} {:>3}{}", kind.trf_char(), round.get(), list(v, 4))
            }
            Record::Forbidden(from, to, v) => {
                format!("260 {:>3} {:>3}{}", from.get(), to.get(), list(v, 4))
            }
            Record::Withdrawn(round, v) => format!("XXW {:>3}{}", round.get(), list(v, 4)),
            Record::Xxp(v) => format!("XXP{}", list(v, 4)),
            Record::Virtual(v) => format!(
                "250      {:>4} {:>3} {:>3} {:>4} {:>4}",
                v.points.to_string(),
                v.from.get(),
                v.to.get(),
                v.first.get(),
                v.last.get()
            ),
            Record::Xxa(tpn, values) => {
                let body: String = values
                    .iter()
                    .map(|v| format!(" {:>4}", v.to_string()))
                    .collect();
                format!("XXA {:>4}{body}", tpn.get())
            }
        }
    }

    /// Whether a record read from a file says the same as the one the writer would write.
    pub(crate) fn same_meaning(written: &Record, canonical: &Record) -> bool {
        match (written, canonical) {
            (Record::Player(a), Record::Player(b)) => PlayerLine::same_meaning(a, b),
            (Record::Type(a, x), Record::Type(b, y)) => a.code() == b.code() && x == y,
            (Record::Info { code: a, text: x }, Record::Info { code: b, text: y }) => {
                a == b && super::header::info_same_meaning(a, x, y)
            }
            // Virtual points of rounds after the last one given are none.
            (Record::Xxa(a, x), Record::Xxa(b, y)) => {
                let trim = |v: &[Points]| {
                    let n = v
                        .iter()
                        .rposition(|p| *p != Points::ZERO)
                        .map_or(0, |i| i + 1);
                    v[..n].to_vec()
                };
                a == b && trim(x) == trim(y)
            }
            (a, b) => a == b,
        }
    }
}
