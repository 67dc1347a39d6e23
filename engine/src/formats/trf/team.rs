//! TRF-2026's team competitions: record 310 (a team, its numbers and roster; the legacy 013
//! read where no 310 is given), 320 (the pairing-allocated byes and their points), 330 (matches
//! forfeited as a whole), 300 (a team playing out of its roster's order), 352 (the boards'
//! colours), 362 (match points), 192's `FIDE_TEAM` codes (colour preferences, primary score,
//! Baku), and the 001 player lines whose games make up the matches board by board.
//!
//! Every problem is reported with its line and column; no record is passed over: a record this
//! reader does not apply to a team competition (240, 250, 260, 299) is an error rather than a
//! pairing made without it. A birth date given as a year only (`1978`) is read with a warning
//! and the line is kept as written.
//!
//! Readings of the records:
//! - A team's lineup in a round is its roster's players who have a game (or the bye, `U`) in
//!   that round, in roster order, board 1 first; a 300 record gives it instead. Board 1's
//!   scheduled colour is the team's colour (C.04.6 1.6.1); where board 1's colour is not
//!   written, the first board with a colour and record 352 tell it.
//! - A match's game points are its boards' (a forfeited board 1 or 0); a match forfeited as a
//!   whole (330) gives its winner a full board count of game points and the match's win, a
//!   double forfeit (`--`) loses both; its players' `0000 - +` and `0000 - -` are no games.
//! - The bye's points are record 320's when given, a draw's otherwise (1.4); the team with
//!   `U` on its lineup has the bye, and record 320's list must agree with the player lines.
//! - Without 352, the boards alternate from White on as many boards as the smallest roster
//!   (at most four). Without 192, `FIDE_TEAM` (with a warning). 013 is read only when no 310
//!   is given, team numbers in the order of the 013 lines.

use super::error::{ReadError, TrfError, TrfErrorKind};
use super::line::{Cell, Code, Fields, PlayerLine};
use crate::model::color::Color;
use crate::model::ids::Tpn;
use crate::model::points::Points;
use crate::model::result::{ByeKind, GameScore};
use crate::model::team::{
    Board, ColourPreferences, Match, MatchKind, MatchValues, ScoreKind, Team, TeamRound,
    TeamSettings, TeamTournament, TeamTpn,
};
use std::collections::HashMap;

/// A warning about a team file: something read, but not as TRF-2026 writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamWarning {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What was found, in words.
    pub text: String,
}

/// A team file read: the competition, the file's lines as written, the warnings.
#[derive(Clone, Debug)]
pub struct TeamFile {
    /// The competition.
    pub tournament: TeamTournament,
    /// The lines as written (for writing the file back unchanged).
    pub lines: Vec<String>,
    /// What was read with a warning.
    pub warnings: Vec<TeamWarning>,
}

/// The settings record 192's code `code` names, if it is a team code: `FIDE_TEAM` (Type A,
/// match points, game points as secondary), `FIDE_TEAM_TYPEA_MP_GP`, `_TYPEB_`, no type for no
/// colour preferences, `_GP_MP` for game points primary, `_MP` alone for no secondary score,
/// and `_BAKU` at the end for the Baku acceleration.
pub fn team_code(code: &str) -> Option<TeamSettings> {
    let rest = code.strip_prefix("FIDE_TEAM")?;
    let (rest, baku) = match rest.strip_suffix("_BAKU") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let mut s = TeamSettings {
        baku,
        ..TeamSettings::default()
    };
    if rest.is_empty() {
        return Some(s);
    }
    let rest = rest.strip_prefix('_')?;
    let (colours, scores) = if let Some(r) = rest.strip_prefix("TYPEA_") {
        (ColourPreferences::TypeA, r)
    } else if let Some(r) = rest.strip_prefix("TYPEB_") {
        (ColourPreferences::TypeB, r)
    } else {
        (ColourPreferences::None, rest)
    };
    s.colours = colours;
    (s.primary, s.secondary_used) = match scores {
        "MP_GP" => (ScoreKind::MatchPoints, true),
        "GP_MP" => (ScoreKind::GamePoints, true),
        "MP" => (ScoreKind::MatchPoints, false),
        "GP" => (ScoreKind::GamePoints, false),
        _ => return None,
    };
    Some(s)
}

/// Whether `text` is a team file: its record 192 holds a `FIDE_TEAM` code.
pub fn is_team_file(text: &str) -> bool {
    text.lines().any(|l| {
        l.starts_with("192")
            && l.get(4..)
                .is_some_and(|c| c.trim().starts_with("FIDE_TEAM"))
    })
}

/// A board left empty.
const EMPTY: Board = Board {
    players: (None, None),
    scores: (GameScore::Loss, GameScore::Loss),
    played: false,
};

/// Record 320 read: its line, and each round's team with its column.
struct ByeRecord {
    line: usize,
    rounds: Vec<(usize, Option<TeamTpn>)>,
}

/// A 310 or 013 record read.
struct TeamRecord {
    line: usize,
    team: Team,
}

/// A 300 record read: in `round`, `team` plays against `opponent` with these players on the
/// boards (none for an empty board).
struct OutOfOrder {
    line: usize,
    round: usize,
    team: TeamTpn,
    boards: Vec<Option<Tpn>>,
}

/// A 330 record read.
struct Forfeit {
    line: usize,
    round: usize,
    white: TeamTpn,
    black: TeamTpn,
    winner: Option<Color>,
}

struct Reader {
    errors: Vec<TrfError>,
    warnings: Vec<TeamWarning>,
}

impl Reader {
    fn error(&mut self, line: usize, column: usize, code: &str, problem: impl Into<String>) {
        self.errors.push(TrfError {
            line,
            column,
            kind: TrfErrorKind::BadRecord {
                code: code.into(),
                problem: problem.into(),
            },
        });
    }
}

/// The characters `from..to` (1-based, inclusive) of `line`, trimmed.
fn field(line: &str, from: usize, to: usize) -> String {
    line.chars()
        .skip(from - 1)
        .take(to + 1 - from)
        .collect::<String>()
        .trim()
        .to_string()
}

/// The numbers in fixed-width fields of `width` from column `from`, a field every `stride`
/// columns, each with its column.
fn numbers_from(line: &str, from: usize, width: usize, stride: usize) -> Vec<(usize, String)> {
    let len = line.chars().count();
    let mut out = Vec::new();
    let mut at = from;
    while at <= len {
        out.push((at, field(line, at, at + width - 1)));
        at += stride;
    }
    while out.last().is_some_and(|(_, t)| t.is_empty()) {
        out.pop();
    }
    out
}

/// Reads a team file.
pub fn read_team(text: &str) -> Result<TeamFile, ReadError> {
    let mut r = Reader {
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut settings = TeamSettings::default();
    let mut settings_code = false;
    let mut boards_given = false;
    let mut players: Vec<(usize, PlayerLine)> = Vec::new();
    let mut t310: Vec<TeamRecord> = Vec::new();
    let mut t013: Vec<TeamRecord> = Vec::new();
    let mut byes: Option<ByeRecord> = None;
    let mut forfeits: Vec<Forfeit> = Vec::new();
    let mut orders: Vec<OutOfOrder> = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let code: String = raw.chars().take(3).collect();
        let number = |r: &mut Reader, from: usize, to: usize, what: &str| -> Option<u32> {
            let t = field(raw, from, to);
            match t.parse::<u32>() {
                Ok(v) if t.bytes().all(|b| b.is_ascii_digit()) => Some(v),
                _ => {
                    r.error(
                        n,
                        from,
                        &code,
                        format!("{what}: expected a number, found {t:?}"),
                    );
                    None
                }
            }
        };
        let points = |r: &mut Reader, from: usize, to: usize, what: &str| -> Option<Points> {
            let t = field(raw, from, to);
            if t.is_empty() {
                return None;
            }
            let p = Points::parse(&t);
            if p.is_none() {
                r.error(
                    n,
                    from,
                    &code,
                    format!("{what}: {t:?} is not a number of points"),
                );
            }
            p
        };
        match code.as_str() {
            "001" => {
                let mut line = raw.clone();
                let birth = field(raw, 70, 79);
                if birth.len() == 4 && birth.bytes().all(|b| b.is_ascii_digit()) {
                    r.warnings.push(TeamWarning {
                        line: n,
                        column: 70,
                        text: format!(
                            "birth date {birth} is a year only (TRF writes YYYY/MM/DD); kept as written"
                        ),
                    });
                    line = raw
                        .chars()
                        .enumerate()
                        .map(|(k, c)| if (69..79).contains(&k) { ' ' } else { c })
                        .collect();
                }
                let mut errors = Vec::new();
                if let Some(p) = Fields::new(&line, n, &mut errors).player_line() {
                    players.push((n, p));
                }
                r.errors.extend(errors);
            }
            "310" | "013" => {
                let legacy = code == "013";
                let (tpn, name, short_name, strength, first) = if legacy {
                    let tpn = TeamTpn::from_index(t013.len());
                    (Some(tpn), field(raw, 5, 36), None, None, 37)
                } else {
                    let tpn = number(&mut r, 5, 7, "team pairing number").and_then(TeamTpn::new);
                    let short = field(raw, 42, 46);
                    let strength = field(raw, 48, 53);
                    let strength = if strength.is_empty() {
                        None
                    } else {
                        number(&mut r, 48, 53, "strength factor")
                    };
                    points(&mut r, 55, 60, "match points");
                    points(&mut r, 62, 67, "game points");
                    (tpn, field(raw, 9, 40), (!short.is_empty()).then_some(short), strength, 74)
                };
                let mut roster = Vec::new();
                for (col, t) in numbers_from(raw, first, 4, 5) {
                    match t.parse::<u32>().ok().and_then(Tpn::new) {
                        Some(p) => roster.push(p),
                        None => r.error(n, col, &code, format!("player {t:?} is not a player's number")),
                    }
                }
                if roster.is_empty() {
                    r.error(n, first, &code, "a team needs at least one player");
                }
                if let Some(tpn) = tpn {
                    let rec = TeamRecord {
                        line: n,
                        team: Team {
                            tpn,
                            name,
                            short_name,
                            strength,
                            roster,
                        },
                    };
                    if legacy {
                        t013.push(rec);
                    } else {
                        t310.push(rec);
                    }
                }
            }
            "320" => {
                let mp = points(&mut r, 5, 8, "bye match points");
                let gp = points(&mut r, 10, 13, "bye game points");
                if let (Some(mp), Some(gp)) = (mp, gp) {
                    settings.bye_points = Some((mp, gp));
                }
                let mut rounds = Vec::new();
                for (col, t) in numbers_from(raw, 15, 3, 4) {
                    match t.parse::<u32>() {
                        Ok(v) if t.bytes().all(|b| b.is_ascii_digit()) => {
                            rounds.push((col, TeamTpn::new(v)))
                        }
                        _ => r.error(n, col, &code, format!("{t:?} is not a team's number")),
                    }
                }
                if byes.is_some() {
                    r.error(n, 1, &code, "record 320 is given twice");
                }
                byes = Some(ByeRecord { line: n, rounds });
            }
            "330" => {
                let winner = match field(raw, 5, 6).as_str() {
                    "+-" => Some(Some(Color::White)),
                    "-+" => Some(Some(Color::Black)),
                    "--" => Some(None),
                    t => {
                        r.error(n, 5, &code, format!("{t:?} is not a forfeit (+-, -+ or --)"));
                        None
                    }
                };
                let round = number(&mut r, 8, 10, "round");
                let white = number(&mut r, 12, 14, "white team").and_then(TeamTpn::new);
                let black = number(&mut r, 16, 18, "black team").and_then(TeamTpn::new);
                if let (Some(winner), Some(round), Some(white), Some(black)) =
                    (winner, round, white, black)
                {
                    if round == 0 {
                        r.error(n, 8, &code, "rounds are numbered from 1");
                    } else {
                        forfeits.push(Forfeit {
                            line: n,
                            round: round as usize,
                            white,
                            black,
                            winner,
                        });
                    }
                }
            }
            "300" => {
                let round = number(&mut r, 5, 7, "round");
                let team = number(&mut r, 9, 11, "team").and_then(TeamTpn::new);
                number(&mut r, 13, 15, "opponent team");
                let mut boards = Vec::new();
                for (col, t) in numbers_from(raw, 17, 4, 5) {
                    match t.parse::<u32>() {
                        Ok(v) => boards.push(Tpn::new(v)),
                        Err(_) => r.error(n, col, &code, format!("{t:?} is not a player's number")),
                    }
                }
                if let (Some(round), Some(team)) = (round, team) {
                    orders.push(OutOfOrder {
                        line: n,
                        round: round as usize,
                        team,
                        boards,
                    });
                }
            }
            "352" => {
                let text = field(raw, 5, raw.chars().count().max(5));
                let mut colours = Vec::new();
                for (k, c) in text.chars().enumerate() {
                    match c {
                        'W' | 'w' => colours.push(Color::White),
                        'B' | 'b' => colours.push(Color::Black),
                        _ => r.error(n, 5 + k, &code, format!("{c:?} is not a colour (W or B)")),
                    }
                }
                if colours.is_empty() {
                    r.error(n, 5, &code, "expected the boards' colours, as WBWB");
                } else {
                    settings.board_colours = colours;
                    boards_given = true;
                }
            }
            "362" => {
                let text: String = raw.chars().skip(4).collect();
                let mut v = MatchValues::default();
                let tokens: Vec<&str> = text.split_whitespace().collect();
                if tokens.len() % 2 == 1 || tokens.is_empty() {
                    r.error(n, 5, &code, "expected pairs of TW, TD or TL and points");
                }
                for pair in tokens.chunks(2) {
                    let [sym, val] = pair else { continue };
                    let col = raw.find(sym).map_or(5, |k| k + 1);
                    let Some(p) = Points::parse(val) else {
                        r.error(n, col, &code, format!("{val:?} is not a number of points"));
                        continue;
                    };
                    match *sym {
                        "TW" => v.win = p,
                        "TD" => v.draw = p,
                        "TL" => v.loss = p,
                        s => r.error(n, col, &code, format!("{s:?} is not TW, TD or TL")),
                    }
                }
                settings.match_values = v;
            }
            "192" => {
                let t = field(raw, 5, raw.chars().count().max(5));
                match team_code(&t) {
                    Some(s) => {
                        settings.colours = s.colours;
                        settings.primary = s.primary;
                        settings.secondary_used = s.secondary_used;
                        settings.baku = s.baku;
                        settings_code = true;
                    }
                    None => r.error(n, 5, &code, format!("{t:?} is not a team competition's code")),
                }
            }
            "142" => settings.rounds = number(&mut r, 5, 9, "rounds").map(|v| v as u16),
            "152" => match field(raw, 5, 5).as_str() {
                "W" | "w" => settings.initial_colour = Some(Color::White),
                "B" | "b" => settings.initial_colour = Some(Color::Black),
                t => r.error(n, 5, &code, format!("{t:?}: expected W or B")),
            },
            "240" | "250" | "260" | "299" => r.error(
                n,
                1,
                &code,
                "this record is not yet applied to team competitions; the file cannot be paired without it",
            ),
            c if c.starts_with("###") => {}
            "012" | "022" | "032" | "042" | "052" | "062" | "072" | "082" | "092" | "102"
            | "112" | "122" | "132" | "162" | "182" | "202" | "212" | "222" | "801" | "802" => {}
            _ => r.error(n, 1, &code, "unknown record"),
        }
    }
    if !settings_code {
        r.warnings.push(TeamWarning {
            line: 1,
            column: 1,
            text: "no record 192 names the team system; FIDE_TEAM (Type A, match points) is taken"
                .into(),
        });
    }
    let records = if t310.is_empty() { t013 } else { t310 };
    let teams = collect_teams(&mut r, records, players.len());
    let mut tournament = TeamTournament {
        settings,
        teams,
        rounds: Vec::new(),
    };
    if !boards_given {
        let most = tournament
            .teams
            .iter()
            .map(|t| t.roster.len())
            .min()
            .unwrap_or(4);
        tournament.settings.board_colours = (0..most.clamp(1, 4))
            .map(|k| {
                if k % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                }
            })
            .collect();
    }
    if r.errors.is_empty() {
        build_rounds(&mut r, &mut tournament, &players, byes, &forfeits, &orders);
    }
    if r.errors.is_empty() {
        Ok(TeamFile {
            tournament,
            lines,
            warnings: r.warnings,
        })
    } else {
        r.errors.sort_by_key(|e| (e.line, e.column));
        Err(ReadError { errors: r.errors })
    }
}

/// The teams in TPN order, checked: numbers 1 to n, each player in one team, each a player.
fn collect_teams(r: &mut Reader, mut records: Vec<TeamRecord>, players: usize) -> Vec<Team> {
    records.sort_by_key(|t| t.team.tpn);
    let mut owner: HashMap<Tpn, usize> = HashMap::new();
    for (k, rec) in records.iter().enumerate() {
        if rec.team.tpn != TeamTpn::from_index(k) {
            r.error(
                rec.line,
                5,
                "310",
                format!(
                    "team numbers must run from 1 without gaps or repeats; found {}",
                    rec.team.tpn
                ),
            );
        }
        for p in &rec.team.roster {
            if p.index() >= players {
                r.error(rec.line, 1, "310", format!("player {p} has no 001 line"));
            }
            if let Some(first) = owner.insert(*p, rec.line) {
                r.error(
                    rec.line,
                    1,
                    "310",
                    format!("player {p} is already in the team at line {first}"),
                );
            }
        }
    }
    if records.is_empty() {
        r.error(1, 1, "310", "the file has no team (record 310 or 013)");
    }
    records.into_iter().map(|t| t.team).collect()
}

/// The rounds, from the players' games, the byes and the forfeited matches.
fn build_rounds(
    r: &mut Reader,
    t: &mut TeamTournament,
    players: &[(usize, PlayerLine)],
    byes: Option<ByeRecord>,
    forfeits: &[Forfeit],
    orders: &[OutOfOrder],
) {
    let mut by_number: HashMap<Tpn, &(usize, PlayerLine)> = HashMap::new();
    for p in players {
        by_number.insert(p.1.tpn, p);
    }
    let mut team_of: HashMap<Tpn, TeamTpn> = HashMap::new();
    for team in &t.teams {
        for p in &team.roster {
            team_of.insert(*p, team.tpn);
        }
    }
    for (line, p) in players {
        if !team_of.contains_key(&p.tpn) && p.cells.iter().any(|c| *c != Cell::Empty) {
            r.error(
                *line,
                5,
                "001",
                format!("player {} plays but is in no team", p.tpn),
            );
        }
    }
    let rounds = players
        .iter()
        .map(|(_, p)| p.cells.len())
        .chain(forfeits.iter().map(|f| f.round))
        .max()
        .unwrap_or(0);
    let n = t.teams.len();
    for o in orders {
        if o.team.index() >= n {
            r.error(o.line, 9, "300", format!("team {} does not exist", o.team));
        }
        for p in o.boards.iter().flatten() {
            if team_of.get(p) != Some(&o.team) {
                r.error(
                    o.line,
                    17,
                    "300",
                    format!("player {p} is not in team {}", o.team),
                );
            }
        }
    }
    if !r.errors.is_empty() {
        return;
    }
    let column = |round: usize| super::line::FIRST_CELL + 1 + super::line::CELL_STRIDE * round;
    for round in 0..rounds {
        let mut done = vec![false; n];
        let mut out = TeamRound::default();
        for f in forfeits.iter().filter(|f| f.round == round + 1) {
            for team in [f.white, f.black] {
                if team.index() >= n {
                    r.error(f.line, 12, "330", format!("team {team} does not exist"));
                    return;
                }
                done[team.index()] = true;
            }
            out.matches.push(Match {
                white: f.white,
                black: f.black,
                kind: MatchKind::Forfeited(f.winner),
                boards: Vec::new(),
            });
        }
        for a in 0..n {
            if done[a] {
                continue;
            }
            let team = &t.teams[a];
            let lineup: Vec<Option<Tpn>> = match orders
                .iter()
                .find(|o| o.round == round + 1 && o.team == team.tpn)
            {
                Some(o) => o.boards.clone(),
                None => team
                    .roster
                    .iter()
                    .filter(|p| {
                        by_number
                            .get(*p)
                            .and_then(|(_, l)| l.cells.get(round))
                            .is_some_and(|c| {
                                !matches!(
                                    c,
                                    Cell::Empty
                                        | Cell::Bye(ByeKind::Zero | ByeKind::Half | ByeKind::Full)
                                )
                            })
                    })
                    .map(|p| Some(*p))
                    .collect(),
            };
            let mut opponent: Option<TeamTpn> = None;
            let mut boards = Vec::new();
            let mut white_team_is_a: Option<bool> = None;
            let mut bye = false;
            for (k, p) in lineup.iter().enumerate() {
                let Some(p) = p else {
                    boards.push(EMPTY);
                    continue;
                };
                let Some((line, pl)) = by_number.get(p) else {
                    continue;
                };
                match pl.cells.get(round).copied().unwrap_or(Cell::Empty) {
                    Cell::Bye(ByeKind::PairingAllocated) => {
                        bye = true;
                    }
                    Cell::Game {
                        opponent: o,
                        color,
                        code,
                    } => {
                        let Some(&ot) = team_of.get(&o) else {
                            r.error(
                                *line,
                                column(round),
                                "001",
                                format!("round {}: opponent {o} is in no team", round + 1),
                            );
                            return;
                        };
                        if opponent.is_some_and(|x| x != ot) {
                            r.error(
                                *line,
                                column(round),
                                "001",
                                format!(
                                    "round {}: team {} plays against two teams",
                                    round + 1,
                                    team.tpn
                                ),
                            );
                            return;
                        }
                        opponent = Some(ot);
                        let theirs = by_number
                            .get(&o)
                            .and_then(|(_, l)| l.cells.get(round).copied());
                        let mirrored =
                            matches!(theirs, Some(Cell::Game { opponent: back, .. }) if back == *p);
                        if !mirrored {
                            r.error(
                                *line,
                                column(round),
                                "001",
                                format!(
                                    "round {}: player {o}'s entry does not name player {p}",
                                    round + 1
                                ),
                            );
                            return;
                        }
                        let seq = t.settings.board_colours.get(k).copied();
                        if let (Some(c), Some(s), None) = (color, seq, white_team_is_a) {
                            white_team_is_a = Some(c == s);
                        }
                        let (score, played) = match code {
                            Code::Played(s) | Code::Unrated(s) => (s, true),
                            Code::Forfeit(s) => (s, false),
                            Code::Pending => {
                                r.error(
                                    *line,
                                    column(round) + 7,
                                    "001",
                                    format!("round {}: a game has no result", round + 1),
                                );
                                return;
                            }
                        };
                        let their_score = match theirs {
                            Some(Cell::Game {
                                code: Code::Played(s) | Code::Unrated(s) | Code::Forfeit(s),
                                ..
                            }) => s,
                            _ => GameScore::Loss,
                        };
                        boards.push(Board {
                            players: (Some(*p), Some(o)),
                            scores: (score, their_score),
                            played,
                        });
                    }
                    _ => boards.push(EMPTY),
                }
            }
            if bye {
                if opponent.is_some() {
                    r.error(
                        1,
                        1,
                        "001",
                        format!(
                            "round {}: team {} has a bye and a match",
                            round + 1,
                            team.tpn
                        ),
                    );
                    return;
                }
                out.bye = Some(team.tpn);
                done[a] = true;
                continue;
            }
            let Some(b) = opponent else {
                continue;
            };
            done[a] = true;
            done[b.index()] = true;
            let a_white = white_team_is_a.unwrap_or(true);
            if !a_white {
                for x in &mut boards {
                    x.players = (x.players.1, x.players.0);
                    x.scores = (x.scores.1, x.scores.0);
                }
            }
            let (white, black) = if a_white {
                (team.tpn, b)
            } else {
                (b, team.tpn)
            };
            out.matches.push(Match {
                white,
                black,
                kind: MatchKind::Played,
                boards,
            });
        }
        t.rounds.push(out);
    }
    if let Some(ByeRecord {
        line,
        rounds: listed,
    }) = byes
    {
        for (k, (col, team)) in listed.iter().enumerate() {
            let found = t.rounds.get(k).and_then(|x| x.bye);
            if k >= t.rounds.len() {
                if team.is_some() {
                    r.error(line, *col, "320", format!("round {} has no results", k + 1));
                }
                continue;
            }
            if *team != found {
                r.error(
                    line,
                    *col,
                    "320",
                    format!(
                        "round {}: the bye is given to {} here but the player lines say {}",
                        k + 1,
                        team.map_or("no team".into(), |x| format!("team {x}")),
                        found.map_or("no team".into(), |x| format!("team {x}"))
                    ),
                );
            }
        }
    }
}
