//! Reading a TRF file into a [`Tournament`].
//!
//! This file is long because validation is one pass over the records that collects every
//! problem with its line and column; split, the passes would each need the whole file's
//! context.

use super::error::{ReadError, TrfError, TrfErrorKind, TrfWarning, TrfWarningKind};
use super::layout::{split_lines, Layout, LineEnding, LineKey, TrfFile};
use super::line::{Cell, Code, Fields, PlayerLine, CELL_STRIDE, FIRST_CELL};
use super::record::{is_known_code, Record, RoundsCode};
use crate::model::acceleration::{baku, group_a, Acceleration, VirtualPoints};
use crate::model::color::Color;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::player::Player;
use crate::model::points::Points;
use crate::model::result::{ByeKind, GameMode, GameResult};
use crate::model::settings::{PointValues, Settings, System, TrfType};
use crate::model::tournament::{Bye, ForbiddenPairs, InfoRecord, Pairing, Round, Tournament};
use std::collections::BTreeMap;

/// Reads a TRF file from bytes, which must be UTF-8.
pub fn read_bytes(bytes: &[u8]) -> Result<Tournament, ReadError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => read(text),
        Err(e) => {
            let before = &bytes[..e.valid_up_to()];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |p| p + 1);
            let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
            Err(ReadError {
                errors: vec![TrfError {
                    line,
                    column,
                    kind: TrfErrorKind::NotUtf8,
                }],
            })
        }
    }
}

/// Reads a TRF file. Reports every problem it finds, each with its line and column.
pub fn read(text: &str) -> Result<Tournament, ReadError> {
    read_as(text, None)
}

/// Reads a TRF file for pairing with `system`: a file that does not say its system (record 192,
/// or bbpPairings' type code on the 092 line) is read as one of `system`'s (which matters for
/// Double-Swiss, whose matches take two columns); a file that names another system is refused.
/// A file saying only `FIDE_DUTCH` (no edition) may be paired by either Dutch edition; read
/// without a system, its system is unknown ([`crate::model::settings::TrfType::Dutch`]).
pub fn read_as(
    text: &str,
    system: Option<crate::model::settings::System>,
) -> Result<Tournament, ReadError> {
    read_with_warnings(text, system).map(|(t, _)| t)
}

/// [`read_as`], with the warnings about lines read but perhaps not meant: record codes no
/// TRF program writes (kept as written, otherwise ignored), each with its line.
pub fn read_with_warnings(
    text: &str,
    system: Option<crate::model::settings::System>,
) -> Result<(Tournament, Vec<TrfWarning>), ReadError> {
    read_file(text, system).map(|f| (f.tournament, f.warnings))
}

/// [`read_with_warnings`], with the file's layout beside the tournament, for writing the file
/// back as it was ([`super::write_as`]).
pub fn read_file(
    text: &str,
    system: Option<crate::model::settings::System>,
) -> Result<TrfFile, ReadError> {
    let mut errors = Vec::new();
    let ending = LineEnding::of(text);
    let (lines, final_newline) = split_lines(text);
    let mut records: Vec<(usize, Record, String)> = Vec::new();
    {
        for (i, raw) in lines.into_iter().enumerate() {
            let mut fields = Fields::new(raw, i + 1, &mut errors);
            if let Some(r) = fields.record() {
                records.push((i + 1, r, raw.to_string()));
            }
        }
    }
    let named = named_type(&records);
    let system = match (system, named) {
        (Some(wanted), Some((code, line, t))) => {
            if !t.admits(wanted) {
                errors.push(TrfError {
                    line,
                    column: 5,
                    kind: TrfErrorKind::BadRecord {
                        code: code.into(),
                        problem: format!(
                            "the file is a {} tournament, not {}",
                            t.name(),
                            wanted.name()
                        ),
                    },
                });
            }
            Some(wanted)
        }
        (Some(wanted), None) => Some(wanted),
        (None, named) => named.and_then(|(_, _, t)| t.system()),
    };
    let warnings = records
        .iter()
        .filter_map(|(line, r, _)| match r {
            Record::Info { code, .. } if !is_known_code(code) => Some(TrfWarning {
                line: *line,
                column: 1,
                kind: TrfWarningKind::UnknownRecord(code.clone()),
            }),
            _ => None,
        })
        .collect();
    let mut builder = Builder { errors };
    let (tournament, layout) = builder.build(&records, system, ending, final_newline);
    if builder.errors.is_empty() {
        Ok(TrfFile {
            tournament,
            layout,
            warnings,
        })
    } else {
        builder.errors.sort_by_key(|e| (e.line, e.column));
        Err(ReadError {
            errors: builder.errors,
        })
    }
}

/// The file's own word on its system, with the record that says it and its line: record 192,
/// or else the 092 line, where bbpPairings writes its type code (TRF16's 092 is free text, read
/// only when it is such a code).
fn named_type(records: &[(usize, Record, String)]) -> Option<(&'static str, usize, TrfType)> {
    records
        .iter()
        .find_map(|(line, r, _)| match r {
            Record::Type(t, _) => Some(("192", *line, *t)),
            _ => None,
        })
        .or_else(|| {
            records.iter().find_map(|(line, r, _)| match r {
                Record::Info { code, text } if code == "092" => {
                    System::from_trf_type(text.trim()).map(|t| ("092", *line, t))
                }
                _ => None,
            })
        })
}

/// The tournament type a file states (record 192, or bbpPairings' code on the 092 line), if
/// any, whether or not the rest of the file reads: for saying why a file's system is unknown
/// (`FIDE_DUTCH` names no edition).
pub fn declared_type(text: &str) -> Option<TrfType> {
    let mut errors = Vec::new();
    let (lines, _) = split_lines(text);
    let records: Vec<(usize, Record, String)> = lines
        .into_iter()
        .enumerate()
        .filter(|(_, raw)| raw.starts_with("192") || raw.starts_with("092"))
        .filter_map(|(i, raw)| {
            Fields::new(raw, i + 1, &mut errors)
                .record()
                .map(|r| (i + 1, r, String::new()))
        })
        .collect();
    named_type(&records).map(|(_, _, t)| t)
}

struct Builder {
    errors: Vec<TrfError>,
}

/// One player's entry for one round, from their round columns.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Entry {
    Absent,
    Bye(ByeKind),
    /// Against `opponent`; `color` is the colour of the first game, if any column says it;
    /// `codes` one per game.
    Paired {
        opponent: Tpn,
        color: Option<Color>,
        codes: [Code; 2],
    },
}

impl Builder {
    fn error(&mut self, line: usize, column: usize, kind: TrfErrorKind) {
        self.errors.push(TrfError { line, column, kind });
    }

    fn build(
        &mut self,
        records: &[(usize, Record, String)],
        system: Option<System>,
        ending: LineEnding,
        final_newline: bool,
    ) -> (Tournament, Layout) {
        // The layout of a file refused (never used: its errors are the answer).
        let refused = Layout {
            lines: Vec::new(),
            ending,
            final_newline,
            column_requests: true,
        };
        let mut t = Tournament::default();
        let mut layout = Vec::new();
        let mut players: BTreeMap<Tpn, (usize, &PlayerLine)> = BTreeMap::new();
        let mut settings = Settings {
            system,
            points: system.map_or(PointValues::STANDARD, PointValues::default_for),
            ..Settings::default()
        };
        let mut bb_pab_given = false;
        let mut rounds_record = None;
        let mut forbidden_seen = 0;
        let mut later: Vec<(usize, &Record)> = Vec::new();
        let mut baku_line: Option<usize> = None;
        let mut virtual_lines: Vec<(usize, VirtualPoints)> = Vec::new();
        for (line, r, raw) in records {
            let key = match r {
                Record::Blank => LineKey::Blank,
                Record::Player(p) => {
                    if let Some((first, _)) = players.get(&p.tpn) {
                        let first_line = *first;
                        self.error(
                            *line,
                            5,
                            TrfErrorKind::DuplicatePlayer {
                                tpn: p.tpn.get(),
                                first_line,
                            },
                        );
                        continue;
                    }
                    players.insert(p.tpn, (*line, p));
                    LineKey::Player(p.tpn)
                }
                Record::Info { code, text } => {
                    t.info.push(InfoRecord {
                        code: code.clone(),
                        text: text.clone(),
                    });
                    LineKey::Info(t.info.len() - 1)
                }
                Record::Rounds(code, n) => {
                    settings.rounds = Some(*n);
                    rounds_record = Some(*code);
                    LineKey::Rounds(*code)
                }
                Record::InitialColor(code, c) => {
                    settings.initial_color = Some(*c);
                    LineKey::InitialColor(*code)
                }
                // A type that names no edition (`FIDE_DUTCH`), read without a system: the
                // line is kept as written, the system left unknown.
                Record::Type(ty, baku) if system.is_none() => {
                    if *baku {
                        baku_line = Some(*line);
                    }
                    t.info.push(InfoRecord {
                        code: "192".into(),
                        text: format!("{}{}", ty.code(), if *baku { "_BAKU" } else { "" }),
                    });
                    LineKey::Info(t.info.len() - 1)
                }
                Record::Type(_, baku) => {
                    if *baku {
                        baku_line = Some(*line);
                    }
                    LineKey::Type
                }
                Record::Xxp(_) => {
                    later.push((*line, r));
                    forbidden_seen += 1;
                    LineKey::Xxp(forbidden_seen - 1)
                }
                Record::Virtual(v) => {
                    virtual_lines.push((*line, *v));
                    LineKey::Virtual(virtual_lines.len() - 1)
                }
                Record::Xxa(tpn, values) => {
                    for (i, points) in values.iter().enumerate() {
                        if *points != Points::ZERO {
                            let round = RoundNo::from_index(i);
                            virtual_lines.push((
                                *line,
                                VirtualPoints {
                                    from: round,
                                    to: round,
                                    first: *tpn,
                                    last: *tpn,
                                    points: *points,
                                },
                            ));
                        }
                    }
                    LineKey::Xxa(*tpn)
                }
                Record::Tiebreaks(code, list) => {
                    settings.tiebreaks = list.clone();
                    LineKey::Tiebreaks(*code)
                }
                Record::Xxs(pairs) => {
                    if let Err(problem) = apply_xxs(&mut settings.points, pairs) {
                        self.error(
                            *line,
                            5,
                            TrfErrorKind::BadRecord {
                                code: "XXS".into(),
                                problem,
                            },
                        );
                    }
                    LineKey::Xxs
                }
                Record::Bb(c, p) => {
                    apply_point_letter(&mut settings.points, *c, *p, &mut bb_pab_given);
                    LineKey::Bb(*c)
                }
                Record::P162(pairs) => {
                    for (c, p) in pairs {
                        apply_point_letter(&mut settings.points, *c, *p, &mut bb_pab_given);
                    }
                    LineKey::P162
                }
                Record::AbsentNext(_) => {
                    later.push((*line, r));
                    LineKey::AbsentNext
                }
                Record::Byes(kind, round, _) => {
                    later.push((*line, r));
                    LineKey::Byes(*round, *kind)
                }
                Record::Forbidden(..) => {
                    later.push((*line, r));
                    forbidden_seen += 1;
                    LineKey::Forbidden(forbidden_seen - 1)
                }
                Record::Withdrawn(round, _) => {
                    later.push((*line, r));
                    LineKey::Withdrawn(*round)
                }
            };
            if *line > 0 {
                layout.push((key, raw.clone()));
            }
        }
        // TRF-2026 has one code for round-robins: a file whose rounds are two cycles of its
        // field's table is a double round-robin.
        if settings.system == Some(System::RoundRobin) {
            let n = players.len() as u16;
            let cycle = (n + n % 2).saturating_sub(1);
            if cycle > 0 && settings.rounds == Some(2 * cycle) {
                settings.system = Some(System::DoubleRoundRobin);
            }
        }
        t.settings = settings;
        if players.is_empty() && self.errors.is_empty() {
            self.error(1, 1, TrfErrorKind::NoPlayers);
        }
        // Pairing numbers run from 1 without gaps.
        let count = players.keys().next_back().map_or(0, |t| t.get());
        for n in 1..=count {
            let tpn = Tpn::new(n).expect("n >= 1");
            if !players.contains_key(&tpn) {
                let line = players.range(tpn..).next().map_or(1, |(_, (l, _))| *l);
                self.error(line, 5, TrfErrorKind::MissingPlayer(n));
            }
        }
        if !self.errors.is_empty() {
            return (t, refused);
        }
        for (tpn, (_, p)) in &players {
            let player = Player {
                tpn: *tpn,
                name: p.name.clone(),
                sex: p.sex,
                title: p.title,
                rating: p.rating,
                federation: p.federation,
                fide_id: p.fide_id,
                birth_date: p.birth_date,
                withdrawn_from: None,
                rank: p.rank,
            };
            if let Err(e) = t.add_player(player) {
                self.error(1, 1, e.into());
            }
        }
        if let (Some(total), Some(code)) = (t.settings.rounds, rounds_record) {
            self.beyond_total(&players, total, code, t.settings.games_per_pairing());
        }
        if !self.errors.is_empty() {
            return (t, refused);
        }
        let column_requests = self.build_rounds(&mut t, &players);
        if !self.errors.is_empty() {
            return (t, refused);
        }
        let in_column = t
            .requested_byes
            .get(&t.next_round())
            .cloned()
            .unwrap_or_default();
        self.apply_later(&mut t, &later, &players);
        // A withdrawn player's `0000 - Z` in the round to pair says his withdrawal again.
        let next = t.next_round();
        let withdrawn: Vec<Tpn> = t
            .players()
            .iter()
            .filter(|p| !p.plays_in(next))
            .map(|p| p.tpn)
            .collect();
        if let Some(requests) = t.requested_byes.get_mut(&next) {
            for p in withdrawn {
                if requests.get(&p) == Some(&ByeKind::Zero) {
                    requests.remove(&p);
                }
            }
            if requests.is_empty() {
                t.requested_byes.remove(&next);
            }
        }
        self.check_points(&t, &players, &in_column);
        self.accelerate(&mut t, baku_line, virtual_lines);
        let layout = Layout {
            lines: layout,
            ending,
            final_newline,
            column_requests,
        };
        (t, layout)
    }

    /// Acceleration (C.04.7): the virtual points of 250 and XXA lines, each player and round
    /// given by one line at most, every player named existing; a `_BAKU` type with none
    /// of them gets the Baku method's for the file's players (a Reading of
    /// [`crate::model::acceleration`]). No acceleration record is ignored: one that cannot be
    /// applied is refused with its line.
    fn accelerate(
        &mut self,
        t: &mut Tournament,
        baku_line: Option<usize>,
        lines: Vec<(usize, VirtualPoints)>,
    ) {
        let n = t.players().len();
        let mut given: BTreeMap<(Tpn, RoundNo), usize> = BTreeMap::new();
        for (line, v) in &lines {
            if v.last.index() >= n {
                self.error(
                    *line,
                    1,
                    TrfErrorKind::BadRecord {
                        code: "250/XXA".into(),
                        problem: format!(
                            "player {} does not exist",
                            v.last.index().max(v.first.index()) + 1
                        ),
                    },
                );
                continue;
            }
            for p in v.first.index()..=v.last.index() {
                for r in v.from.get()..=v.to.get() {
                    let Some(round) = RoundNo::new(r) else {
                        continue;
                    };
                    if let Some(first) = given.insert((Tpn::from_index(p), round), *line) {
                        self.error(*line, 1, TrfErrorKind::BadRecord {
                            code: "250/XXA".into(),
                            problem: format!("player {} already has virtual points for round {r} (line {first})", p + 1),
                        });
                        return;
                    }
                }
            }
        }
        if let Some(line) = baku_line {
            t.settings.acceleration = Acceleration::Baku;
            if lines.is_empty() {
                let Some(rounds) = t.settings.rounds else {
                    self.error(line, 5, TrfErrorKind::BadRecord {
                        code: "192".into(),
                        problem: "the Baku acceleration's rounds are the first half of the tournament's: the file must say how many rounds it has (XXR or 142), or give its virtual points (250)".into(),
                    });
                    return;
                };
                let last = Tpn::from_index(group_a(n).min(n).saturating_sub(1));
                match baku(last, rounds, &t.settings.points) {
                    Ok(v) => t.virtual_points = v,
                    Err(problem) => self.error(
                        line,
                        5,
                        TrfErrorKind::BadRecord {
                            code: "192".into(),
                            problem,
                        },
                    ),
                }
                return;
            }
        }
        t.virtual_points = lines.into_iter().map(|(_, v)| v).collect();
    }

    /// A file may not record more rounds than it says the tournament has (XXR, 142): the first
    /// entry beyond them, in file order, is the error.
    fn beyond_total(
        &mut self,
        players: &BTreeMap<Tpn, (usize, &PlayerLine)>,
        total: u16,
        code: RoundsCode,
        g: usize,
    ) {
        let first = usize::from(total) * g;
        let extra = players
            .values()
            .filter_map(|(line, p)| {
                let k = p.cells.iter().skip(first).position(|c| *c != Cell::Empty)?;
                Some((*line, first + k))
            })
            .min();
        if let Some((line, cell)) = extra {
            self.error(
                line,
                FIRST_CELL + CELL_STRIDE * cell + 1,
                TrfErrorKind::TooManyRounds {
                    round: cell / g + 1,
                    rounds: total,
                    record: match code {
                        RoundsCode::Xxr => "XXR",
                        RoundsCode::R142 => "142",
                    },
                },
            );
        }
    }

    /// Reads every player's entries round by round and pairs them up. Returns whether the
    /// last column held the requests of the round to pair (the column form).
    fn build_rounds(
        &mut self,
        t: &mut Tournament,
        players: &BTreeMap<Tpn, (usize, &PlayerLine)>,
    ) -> bool {
        let g = t.settings.games_per_pairing();
        let columns = players
            .values()
            .map(|(_, p)| p.cells.len())
            .max()
            .unwrap_or(0);
        let mut rounds = columns.div_ceil(g);
        let mut entries: Vec<Vec<Entry>> = Vec::with_capacity(players.len());
        for (line, p) in players.values() {
            let mut row = Vec::with_capacity(rounds);
            for r in 0..rounds {
                row.push(self.entry(*line, p, r, g));
            }
            entries.push(row);
        }
        if !self.errors.is_empty() {
            return false;
        }
        // JaVaFo's and bbpPairings' column form: a last round with only requested byes (Z, H,
        // F) and no game is the round to pair, its entries requests.
        let requests = |r: usize| {
            let mut any = false;
            for row in &entries {
                match row[r] {
                    Entry::Absent => {}
                    Entry::Bye(ByeKind::Zero | ByeKind::Half | ByeKind::Full) => any = true,
                    _ => return false,
                }
            }
            any
        };
        let column_requests = rounds > 0 && requests(rounds - 1);
        if column_requests {
            rounds -= 1;
            let round = RoundNo::from_index(rounds);
            for (i, tpn) in players.keys().enumerate() {
                if let Entry::Bye(kind) = entries[i][rounds] {
                    t.requested_byes
                        .entry(round)
                        .or_default()
                        .insert(*tpn, kind);
                }
            }
        }
        for r in 0..rounds {
            let mut round = Round::default();
            for (i, (tpn, (line, _))) in players.iter().enumerate() {
                match entries[i][r] {
                    Entry::Absent => {}
                    Entry::Bye(kind) => round.byes.push(Bye { player: *tpn, kind }),
                    Entry::Paired {
                        opponent,
                        color,
                        codes,
                    } => {
                        let col = FIRST_CELL + CELL_STRIDE * r * g + 1;
                        let Some(their) = entries.get(opponent.index()) else {
                            self.error(
                                *line,
                                col,
                                TrfErrorKind::UnknownOpponent {
                                    round: r + 1,
                                    opponent: opponent.get(),
                                },
                            );
                            continue;
                        };
                        let mismatch = |problem: String| TrfErrorKind::NotMirrored {
                            round: r + 1,
                            problem,
                        };
                        let Entry::Paired {
                            opponent: back,
                            color: their_color,
                            codes: their_codes,
                        } = their[r]
                        else {
                            self.error(
                                *line,
                                col,
                                mismatch(format!(
                                    "player {} does not list {tpn} as opponent",
                                    opponent
                                )),
                            );
                            continue;
                        };
                        if back != *tpn {
                            self.error(
                                *line,
                                col,
                                mismatch(format!(
                                    "player {opponent} lists {back} as opponent, not {tpn}"
                                )),
                            );
                            continue;
                        }
                        if let (Some(a), Some(b)) = (color, their_color) {
                            if a == b && *tpn < opponent {
                                self.error(
                                    *line,
                                    col + 5,
                                    mismatch(format!(
                                        "{tpn} and {opponent} both have the same colour"
                                    )),
                                );
                                continue;
                            }
                        }
                        if opponent < *tpn {
                            continue; // Paired when the opponent's line was read.
                        }
                        // Colours: as written; for games not played with no colour written, the
                        // lower pairing number is taken as White (Dutch F.2: it does not count).
                        let my_color = color
                            .or(their_color.map(Color::opposite))
                            .unwrap_or(Color::White);
                        let (white, black) = match my_color {
                            Color::White => (*tpn, opponent),
                            Color::Black => (opponent, *tpn),
                        };
                        let mut games = Vec::with_capacity(g);
                        for k in 0..g {
                            match game_result(codes[k], their_codes[k]) {
                                Ok(res) => {
                                    let res = if my_color == Color::White { res } else { res.map(GameResult::swapped) };
                                    if g == 1 && res.is_some_and(|x| !x.is_mirrored()) {
                                        self.error(*line, col + 7, mismatch(format!(
                                            "{tpn} has {:?} and {opponent} has {:?}: only Double-Swiss allows ½-0 and 0-0",
                                            codes[k].to_char(), their_codes[k].to_char()
                                        )));
                                    }
                                    games.push(res);
                                }
                                Err(()) => self.error(*line, col + CELL_STRIDE * k + 7, mismatch(format!(
                                    "{tpn} has result {:?} and {opponent} has {:?}, which do not go together",
                                    codes[k].to_char(), their_codes[k].to_char()
                                ))),
                            }
                        }
                        round.pairings.push(Pairing {
                            white,
                            black,
                            games,
                        });
                    }
                }
            }
            if !self.errors.is_empty() {
                return column_requests;
            }
            if let Err(e) = t.push_round(round) {
                self.error(1, 1, e.into());
                return column_requests;
            }
        }
        column_requests
    }

    /// The entry of player line `p` for 0-based round `r` with `g` columns per round.
    fn entry(&mut self, line: usize, p: &PlayerLine, r: usize, g: usize) -> Entry {
        let cell = |k: usize| p.cells.get(r * g + k).copied().unwrap_or(Cell::Empty);
        let col = FIRST_CELL + CELL_STRIDE * r * g + 1;
        let bad = |problem: &str| TrfErrorKind::InconsistentEntry {
            round: r + 1,
            problem: problem.into(),
        };
        match cell(0) {
            Cell::Empty => {
                if (1..g).any(|k| cell(k) != Cell::Empty) {
                    self.error(
                        line,
                        col,
                        bad("the two games of a match must both be written"),
                    );
                }
                Entry::Absent
            }
            Cell::Bye(kind) => {
                if (1..g).any(|k| cell(k) != Cell::Bye(kind)) {
                    self.error(
                        line,
                        col,
                        bad("a bye applies to the whole match: write it in both game columns"),
                    );
                }
                Entry::Bye(kind)
            }
            Cell::Game {
                opponent,
                color,
                code,
            } => {
                let mut codes = [code, Code::Pending];
                let mut first_color = color;
                for (k, slot) in codes.iter_mut().enumerate().take(g).skip(1) {
                    match cell(k) {
                        Cell::Game {
                            opponent: o,
                            color: c,
                            code,
                        } if o == opponent => {
                            *slot = code;
                            // The second game is played with colours reversed (4.4).
                            match (first_color, c) {
                                (Some(a), Some(b)) if a == b => {
                                    self.error(line, col + CELL_STRIDE * k + 5, bad("the two games of a match are played with opposite colours"));
                                }
                                (None, Some(b)) => first_color = Some(b.opposite()),
                                _ => {}
                            }
                        }
                        _ => self.error(
                            line,
                            col + CELL_STRIDE * k,
                            bad("both games of a match are against the same opponent"),
                        ),
                    }
                }
                if opponent == p.tpn {
                    self.error(line, col, bad("a player cannot play themselves"));
                }
                Entry::Paired {
                    opponent,
                    color: first_color,
                    codes,
                }
            }
        }
    }

    /// Byes requested for later rounds (240, XXZ), withdrawals (XXW), forbidden pairs (260).
    fn apply_later(
        &mut self,
        t: &mut Tournament,
        later: &[(usize, &Record)],
        players: &BTreeMap<Tpn, (usize, &PlayerLine)>,
    ) {
        let next = t.next_round();
        let known = |tpn: &Tpn| players.contains_key(tpn);
        for (line, r) in later {
            let (list, code) = match r {
                Record::AbsentNext(v) => (v, "XXZ"),
                Record::Byes(_, _, v) => (v, "240"),
                Record::Forbidden(_, _, v) => (v, "260"),
                Record::Xxp(v) => (v, "XXP"),
                Record::Withdrawn(_, v) => (v, "XXW"),
                _ => continue,
            };
            if let Some(bad) = list.iter().find(|p| !known(p)) {
                self.error(
                    *line,
                    5,
                    TrfErrorKind::BadRecord {
                        code: code.into(),
                        problem: format!("player {bad} does not exist"),
                    },
                );
                continue;
            }
            match r {
                Record::AbsentNext(v) => {
                    for p in v {
                        t.requested_byes
                            .entry(next)
                            .or_default()
                            .insert(*p, ByeKind::Zero);
                    }
                }
                Record::Byes(kind, round, v) => {
                    for p in v {
                        if *round < next {
                            let had = t.round(*round).and_then(|r| r.bye_of(*p));
                            if had != Some(*kind) {
                                self.error(*line, 5, TrfErrorKind::BadRecord {
                                    code: "240".into(),
                                    problem: format!("round {round} is recorded, and player {p} has no {} bye in it", kind.trf_char()),
                                });
                            }
                        } else {
                            t.requested_byes
                                .entry(*round)
                                .or_default()
                                .insert(*p, *kind);
                        }
                    }
                }
                // XXP: never, so every round of the tournament.
                Record::Xxp(v) => {
                    t.forbidden.push(ForbiddenPairs {
                        from: RoundNo::FIRST,
                        to: RoundNo::new(t.settings.rounds.unwrap_or(999))
                            .unwrap_or(RoundNo::FIRST),
                        players: v.clone(),
                    });
                }
                Record::Forbidden(from, to, v) => {
                    t.forbidden.push(ForbiddenPairs {
                        from: *from,
                        to: *to,
                        players: v.clone(),
                    });
                }
                Record::Withdrawn(round, v) => {
                    for p in v {
                        if let Some(player) = t.player_mut(*p) {
                            player.withdrawn_from = Some(*round);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The points column must agree with the results; a bye requested in the round to pair's
    /// column may be counted in it or not.
    fn check_points(
        &mut self,
        t: &Tournament,
        players: &BTreeMap<Tpn, (usize, &PlayerLine)>,
        in_column: &BTreeMap<Tpn, ByeKind>,
    ) {
        let computed = crate::model::history::scores(t);
        for ((line, p), score) in players.values().zip(computed) {
            let with_request = in_column
                .get(&p.tpn)
                .map(|k| score + t.settings.points.for_bye(*k));
            if p.points != score && Some(p.points) != with_request {
                self.error(
                    *line,
                    81,
                    TrfErrorKind::PointsMismatch {
                        stated: p.points.to_string(),
                        computed: score.to_string(),
                    },
                );
            }
        }
    }
}

/// The result of one game from two players' codes, for the first player as White.
/// `Ok(None)` while the result is not in; `Err` when the codes contradict each other.
fn game_result(mine: Code, theirs: Code) -> Result<Option<GameResult>, ()> {
    let (mode, a, b) = match (mine, theirs) {
        (Code::Pending, Code::Pending) => return Ok(None),
        (Code::Played(a), Code::Played(b)) => (GameMode::Played, a, b),
        (Code::Unrated(a), Code::Unrated(b)) => (GameMode::Unrated, a, b),
        (Code::Forfeit(a), Code::Forfeit(b)) => (GameMode::Forfeit, a, b),
        _ => return Err(()),
    };
    GameResult::from_parts(mode, a, b).map(Some).ok_or(())
}

/// Applies one point value of bbpPairings' BB lines (`W D L Z F U`) or of record 162
/// (`W D L A P`). As bbpPairings reads them, a win's value is also the forfeit win's, the full
/// bye's and, unless given apart, the pairing-allocated bye's; a draw's is also the half bye's;
/// 162's `A` is both the zero-point bye and the forfeit loss.
fn apply_point_letter(v: &mut PointValues, letter: char, p: Points, pab_given: &mut bool) {
    match letter {
        'W' => {
            (v.win, v.forfeit_win, v.full_bye) = (p, p, p);
            if !*pab_given {
                v.pairing_bye = p;
            }
        }
        'D' => (v.draw, v.half_bye) = (p, p),
        'L' => v.loss = p,
        'Z' => v.zero_bye = p,
        'F' => v.forfeit_loss = p,
        'A' => (v.zero_bye, v.forfeit_loss) = (p, p),
        _ => {
            v.pairing_bye = p;
            *pab_given = true;
        }
    }
}

/// Applies an XXS line's values. Colour-dependent values (WW different from BW) are refused.
fn apply_xxs(v: &mut PointValues, pairs: &[(String, Points)]) -> Result<(), String> {
    let get = |k: &str| {
        pairs
            .iter()
            .rev()
            .find(|(key, _)| key == k)
            .map(|(_, p)| *p)
    };
    for (a, b) in [("WW", "BW"), ("WD", "BD"), ("WL", "BL")] {
        if let (Some(x), Some(y)) = (get(a), get(b)) {
            if x != y {
                return Err(format!(
                    "{a}={x} and {b}={y}: points that depend on colour are not supported"
                ));
            }
        }
    }
    let either = |a: &str, b: &str| get(a).or(get(b));
    if let Some(p) = either("WW", "BW") {
        v.win = p;
    }
    if let Some(p) = either("WD", "BD") {
        v.draw = p;
    }
    if let Some(p) = either("WL", "BL") {
        v.loss = p;
    }
    for (key, slot) in [
        ("ZPB", &mut v.zero_bye),
        ("HPB", &mut v.half_bye),
        ("FPB", &mut v.full_bye),
        ("PAB", &mut v.pairing_bye),
        ("FW", &mut v.forfeit_win),
        ("FL", &mut v.forfeit_loss),
    ] {
        if let Some(p) = get(key) {
            *slot = p;
        }
    }
    Ok(())
}
