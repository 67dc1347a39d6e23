//! Writing a [`Tournament`] as a TRF file.

use super::layout::{Layout, LineEnding, LineKey};
use super::line::{Cell, Code, Fields, PlayerLine};
use super::record::{ColorCode, Record, RoundsCode, TiebreaksCode, XXS_KEYS};
use crate::model::acceleration::{virtual_points_in, Acceleration};
use crate::model::color::Color;
use crate::model::history;
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::result::{ByeKind, GameMode};
use crate::model::settings::{PointValues, TrfType};
use crate::model::tournament::Tournament;
use std::collections::BTreeMap;

/// Writes `tournament` as a TRF file in this program's own layout: the header records, the
/// players by pairing number, then the records about rounds to come.
pub fn write(tournament: &Tournament) -> String {
    write_in(tournament, None, false)
}

/// [`write`], the virtual points of an acceleration written as JaVaFo's `XXA` lines (one per
/// player, a field per round), which JaVaFo and bbpPairings read, rather than TRF-2026's 250.
pub fn write_with_xxa(tournament: &Tournament) -> String {
    write_in(tournament, None, true)
}

/// Writes `tournament` in the layout of the file it was read from ([`super::read_file`]), each
/// line as it was written wherever its meaning is unchanged.
pub fn write_as(tournament: &Tournament, layout: &Layout) -> String {
    write_in(tournament, Some(layout), false)
}

fn write_in(tournament: &Tournament, layout: Option<&Layout>, xxa: bool) -> String {
    let columns = tournament.rounds().len() * tournament.settings.games_per_pairing();
    let canonical = canonical_records(tournament, layout, xxa);
    let (ending, final_newline) =
        layout.map_or((LineEnding::Lf, true), |l| (l.ending, l.final_newline));
    let eol = ending.as_str();
    if layout.is_none() {
        // A file of our own layout, written straight into one buffer: no line is a String
        // of its own (a 9,999-player export writes as many player lines).
        let mut out = String::with_capacity(canonical.len() * (93 + 10 * columns));
        for (i, r) in canonical.values().enumerate() {
            if i > 0 {
                out.push_str(eol);
            }
            r.write_to(&mut out, columns);
        }
        if final_newline && !canonical.is_empty() {
            out.push_str(eol);
        }
        return out;
    }
    let mut lines: Vec<String> = Vec::new();
    match layout {
        None => lines.extend(canonical.values().map(|r| r.format(columns))),
        Some(layout) => {
            let mut pending = canonical;
            let first_player = layout
                .lines
                .iter()
                .position(|(k, _)| matches!(k, LineKey::Player(_)));
            let last_player = layout
                .lines
                .iter()
                .rposition(|(k, _)| matches!(k, LineKey::Player(_)));
            let known: std::collections::BTreeSet<&LineKey> =
                layout.lines.iter().map(|(k, _)| k).collect();
            // Records the file did not have go where a new file has them: header records before
            // the players, new players after the last player, the rest at the end.
            let is_head = |k: &LineKey| {
                !known.contains(k)
                    && !matches!(
                        k,
                        LineKey::Player(_)
                            | LineKey::AbsentNext
                            | LineKey::Byes(..)
                            | LineKey::Forbidden(_)
                            | LineKey::Withdrawn(_)
                    )
            };
            let is_new_player = |k: &LineKey| !known.contains(k) && matches!(k, LineKey::Player(_));
            let take = |pending: &mut BTreeMap<LineKey, Record>,
                        pred: &dyn Fn(&LineKey) -> bool|
             -> Vec<String> {
                let keys: Vec<LineKey> = pending.keys().filter(|k| pred(k)).cloned().collect();
                keys.iter()
                    .filter_map(|k| pending.remove(k))
                    .map(|r| r.format(columns))
                    .collect()
            };
            for (i, (key, raw)) in layout.lines.iter().enumerate() {
                if Some(i) == first_player {
                    let head = take(&mut pending, &is_head);
                    lines.extend(head);
                }
                if *key == LineKey::Blank {
                    lines.push(raw.clone());
                } else if let Some(record) = pending.remove(key) {
                    lines.push(if same_meaning(raw, &record) {
                        raw.clone()
                    } else if let Some(patched) = with_new_rank(raw, &record) {
                        patched
                    } else {
                        record.format(columns)
                    });
                }
                if Some(i) == last_player {
                    let players = take(&mut pending, &is_new_player);
                    lines.extend(players);
                }
            }
            let rest = take(&mut pending, &|_| true);
            lines.extend(rest);
        }
    }
    let mut out = lines.join(eol);
    if final_newline && !lines.is_empty() {
        out.push_str(eol);
    }
    out
}

/// A player's line that differs from `record` in its rank alone, with the rank (columns
/// 86-89) written in: the rest of the line stays as the file wrote it.
fn with_new_rank(raw: &str, record: &Record) -> Option<String> {
    let Record::Player(p) = record else {
        return None;
    };
    let mut errors = Vec::new();
    let Some(Record::Player(mut q)) = Fields::new(raw, 0, &mut errors).record() else {
        return None;
    };
    if !errors.is_empty() {
        return None;
    }
    q.rank = p.rank;
    if !super::line::PlayerLine::same_meaning(&q, p) {
        return None;
    }
    let mut chars: Vec<char> = raw.chars().collect();
    let short = chars.len() < 89;
    if short {
        chars.resize(89, ' ');
    }
    let rank = p.rank.map_or(String::new(), |r| r.to_string());
    let field: Vec<char> = format!("{rank:>4}").chars().collect();
    if field.len() != 4 {
        return None;
    }
    chars.splice(85..89, field);
    let line: String = chars.into_iter().collect();
    Some(if short {
        line.trim_end().to_string()
    } else {
        line
    })
}

/// Whether `raw`, a line read from a file, says what `record` says.
fn same_meaning(raw: &str, record: &Record) -> bool {
    let mut errors = Vec::new();
    let parsed = Fields::new(raw, 0, &mut errors).record();
    errors.is_empty() && parsed.is_some_and(|p| Record::same_meaning(&p, record))
}

/// The virtual points (C.04.7): as XXA lines where the file gave them so (one per player,
/// a field per round), else as TRF-2026's 250 lines, one per range; none where a file's
/// `_BAKU` type alone stated them (the type says it again).
fn virtual_records(
    t: &Tournament,
    layout: Option<&Layout>,
    force_xxa: bool,
    out: &mut BTreeMap<LineKey, Record>,
) {
    if t.virtual_points.is_empty() {
        return;
    }
    let has = |pred: &dyn Fn(&LineKey) -> bool| {
        layout.is_some_and(|l| l.lines.iter().any(|(k, _)| pred(k)))
    };
    let xxa = force_xxa || has(&|k| matches!(k, LineKey::Xxa(_)));
    let lines = has(&|k| matches!(k, LineKey::Virtual(_)));
    if layout.is_some() && !xxa && !lines && t.settings.acceleration == Acceleration::Baku {
        return;
    }
    if xxa {
        let n = t.players().len();
        let last = t
            .virtual_points
            .iter()
            .map(|v| v.to.get())
            .max()
            .unwrap_or(0);
        let mut by_player = vec![vec![Points::ZERO; usize::from(last)]; n];
        for r in 1..=last {
            let Some(round) = RoundNo::new(r) else {
                continue;
            };
            for (p, v) in virtual_points_in(&t.virtual_points, n, round)
                .into_iter()
                .enumerate()
            {
                by_player[p][usize::from(r) - 1] = v;
            }
        }
        for (p, values) in by_player.into_iter().enumerate() {
            if values.iter().any(|v| *v != Points::ZERO) {
                let tpn = Tpn::from_index(p);
                out.insert(LineKey::Xxa(tpn), Record::Xxa(tpn, values));
            }
        }
    } else {
        for (i, v) in t.virtual_points.iter().enumerate() {
            out.insert(LineKey::Virtual(i), Record::Virtual(*v));
        }
    }
}

/// Every line the tournament needs, keyed by what it stands for, in the order a new file has.
fn canonical_records(
    t: &Tournament,
    layout: Option<&Layout>,
    xxa: bool,
) -> BTreeMap<LineKey, Record> {
    let mut out = BTreeMap::new();
    let keys: std::collections::BTreeSet<&LineKey> = layout
        .iter()
        .flat_map(|l| l.lines.iter().map(|(k, _)| k))
        .collect();
    let in_layout = |pred: &dyn Fn(&LineKey) -> bool| keys.iter().any(|k| pred(k));
    for (i, r) in t.info.iter().enumerate() {
        if r.code == "192" && t.settings.system.is_some() {
            // A 192 kept as written because it named no edition; the system now known is
            // written instead.
            continue;
        }
        out.insert(
            LineKey::Info(i),
            Record::Info {
                code: r.code.clone(),
                text: r.text.clone(),
            },
        );
    }
    if let Some(n) = t.settings.rounds {
        let mut any = false;
        for code in [RoundsCode::Xxr, RoundsCode::R142] {
            if in_layout(&|k| *k == LineKey::Rounds(code)) {
                out.insert(LineKey::Rounds(code), Record::Rounds(code, n));
                any = true;
            }
        }
        if !any {
            out.insert(
                LineKey::Rounds(RoundsCode::Xxr),
                Record::Rounds(RoundsCode::Xxr, n),
            );
        }
    }
    if let Some(c) = t.settings.initial_color {
        let mut any = false;
        for code in [ColorCode::Xxc, ColorCode::C152] {
            if in_layout(&|k| *k == LineKey::InitialColor(code)) {
                out.insert(LineKey::InitialColor(code), Record::InitialColor(code, c));
                any = true;
            }
        }
        if !any {
            out.insert(
                LineKey::InitialColor(ColorCode::Xxc),
                Record::InitialColor(ColorCode::Xxc, c),
            );
        }
    }
    if let Some(s) = t.settings.system {
        out.insert(
            LineKey::Type,
            Record::Type(
                TrfType::Named(s),
                t.settings.acceleration == Acceleration::Baku,
            ),
        );
    }
    if !t.settings.tiebreaks.is_empty() {
        // TRF-2026 202 (or 212, where the file gave the order so).
        let code = if in_layout(&|k| *k == LineKey::Tiebreaks(TiebreaksCode::C212)) {
            TiebreaksCode::C212
        } else {
            TiebreaksCode::C202
        };
        out.insert(
            LineKey::Tiebreaks(code),
            Record::Tiebreaks(code, t.settings.tiebreaks.clone()),
        );
    }
    point_records(t, &keys, &mut out);
    let scores = history::scores(t);
    let seats: Vec<Vec<Seat>> = t.rounds().iter().map(|r| seats(t, r)).collect();
    let absent = absent_in_round_to_pair(t, layout);
    for p in t.players() {
        let mut line = player_line(t, p.tpn, &seats, scores[p.tpn.index()]);
        if let Some(kind) = absent.get(&p.tpn) {
            let g = t.settings.games_per_pairing();
            line.cells.resize(t.rounds().len() * g, Cell::Empty);
            line.cells.extend(std::iter::repeat_n(Cell::Bye(*kind), g));
        }
        out.insert(LineKey::Player(p.tpn), Record::Player(line));
    }
    let next = t.next_round();
    let use_xxz = in_layout(&|k| *k == LineKey::AbsentNext);
    let mut xxz = Vec::new();
    for (round, byes) in &t.requested_byes {
        let mut by_kind: BTreeMap<ByeKind, Vec<Tpn>> = BTreeMap::new();
        for (p, kind) in byes {
            if use_xxz && *round == next && *kind == ByeKind::Zero {
                xxz.push(*p);
            } else {
                by_kind.entry(*kind).or_default().push(*p);
            }
        }
        for (kind, players) in by_kind {
            out.insert(
                LineKey::Byes(*round, kind),
                Record::Byes(kind, *round, players),
            );
        }
    }
    if !xxz.is_empty() {
        out.insert(LineKey::AbsentNext, Record::AbsentNext(xxz));
    }
    for (i, f) in t.forbidden.iter().enumerate() {
        // A group read from XXP is written back so; any other as 260.
        if in_layout(&|k| *k == LineKey::Xxp(i)) {
            out.insert(LineKey::Xxp(i), Record::Xxp(f.players.clone()));
        } else {
            out.insert(
                LineKey::Forbidden(i),
                Record::Forbidden(f.from, f.to, f.players.clone()),
            );
        }
    }
    virtual_records(t, layout, xxa, &mut out);
    let mut withdrawn: BTreeMap<RoundNo, Vec<Tpn>> = BTreeMap::new();
    for p in t.players() {
        if let Some(r) = p.withdrawn_from {
            withdrawn.entry(r).or_default().push(p.tpn);
        }
    }
    for (r, players) in withdrawn {
        out.insert(LineKey::Withdrawn(r), Record::Withdrawn(r, players));
    }
    out
}

/// The players absent in the round to pair, as JaVaFo and bbpPairings read them: an entry
/// already written in that round's column. Withdrawn players always (`0000 - Z`: XXW is this
/// program's own record, which other engines ignore); requested byes too, unless the file the
/// tournament was read from wrote them another way (JaVaFo's XXZ, or 240 alone), which is
/// kept. Nothing when every round is paired.
fn absent_in_round_to_pair(t: &Tournament, layout: Option<&Layout>) -> BTreeMap<Tpn, ByeKind> {
    let next = t.next_round();
    let mut out = BTreeMap::new();
    if t.settings.rounds.is_some_and(|n| next.get() > n) {
        return out;
    }
    let requests_in_column = layout.is_none_or(|l| l.column_requests);
    for p in t.players() {
        if !p.plays_in(next) {
            out.insert(p.tpn, ByeKind::Zero);
        } else if requests_in_column {
            if let Some(kind) = t.requested_byes.get(&next).and_then(|r| r.get(&p.tpn)) {
                out.insert(p.tpn, *kind);
            }
        }
    }
    out
}

/// The point-value records: XXS, unless the file used bbpPairings' BB lines and they can say
/// everything; nothing when the values are the system's defaults and the file said nothing.
fn point_records(
    t: &Tournament,
    keys: &std::collections::BTreeSet<&LineKey>,
    out: &mut BTreeMap<LineKey, Record>,
) {
    let in_layout = |pred: &dyn Fn(&LineKey) -> bool| keys.iter().any(|k| pred(k));
    let v = t.settings.points;
    let default = t
        .settings
        .system
        .map_or(PointValues::STANDARD, PointValues::default_for);
    let bb = [
        ('W', v.win),
        ('D', v.draw),
        ('L', v.loss),
        ('Z', v.zero_bye),
        ('F', v.forfeit_loss),
        ('U', v.pairing_bye),
    ];
    // What a reader assumes for a BB line left out: the system's value, except that without
    // BBU the pairing-allocated bye is worth what BBW says a win is.
    let bb_default = [
        default.win,
        default.draw,
        default.loss,
        default.zero_bye,
        default.forfeit_loss,
        v.win,
    ];
    let bb_says_all = v.forfeit_win == v.win && v.full_bye == v.win && v.half_bye == v.draw;
    let layout_bb = in_layout(&|k| matches!(k, LineKey::Bb(_)));
    if in_layout(&|k| *k == LineKey::P162) && bb_says_all && v.zero_bye == v.forfeit_loss {
        // Record 162 (TRF-2026): W D L A P, each given when it differs from what is assumed.
        let entries = [
            ('W', v.win, default.win),
            ('D', v.draw, default.draw),
            ('L', v.loss, default.loss),
            ('A', v.zero_bye, default.zero_bye),
            ('P', v.pairing_bye, v.win),
        ];
        let pairs = entries
            .iter()
            .filter(|(_, p, d)| p != d)
            .map(|(c, p, _)| (*c, *p))
            .collect();
        out.insert(LineKey::P162, Record::P162(pairs));
    } else if layout_bb && bb_says_all {
        for ((c, p), d) in bb.iter().zip(bb_default) {
            if *p != d || in_layout(&|k| *k == LineKey::Bb(*c)) {
                out.insert(LineKey::Bb(*c), Record::Bb(*c, *p));
            }
        }
    } else if v != default || in_layout(&|k| matches!(k, LineKey::Xxs | LineKey::P162)) {
        let values = [
            v.win,
            v.win,
            v.draw,
            v.draw,
            v.loss,
            v.loss,
            v.zero_bye,
            v.half_bye,
            v.full_bye,
            v.pairing_bye,
            v.forfeit_win,
            v.forfeit_loss,
        ];
        let pairs = XXS_KEYS
            .iter()
            .zip(values)
            .map(|(k, p)| (k.to_string(), p))
            .collect();
        out.insert(LineKey::Xxs, Record::Xxs(pairs));
    }
}

/// Where a player is in one round.
#[derive(Clone, Copy)]
enum Seat {
    Absent,
    Bye(ByeKind),
    /// The index of the pairing, and the player's colour in it.
    Paired(usize, Color),
}

/// Every player's seat in `round`, by pairing number.
fn seats(t: &Tournament, round: &crate::model::tournament::Round) -> Vec<Seat> {
    let mut out = vec![Seat::Absent; t.players().len()];
    for (i, p) in round.pairings.iter().enumerate() {
        out[p.white.index()] = Seat::Paired(i, Color::White);
        out[p.black.index()] = Seat::Paired(i, Color::Black);
    }
    for b in &round.byes {
        out[b.player.index()] = Seat::Bye(b.kind);
    }
    out
}

/// A player's 001 line as the tournament now stands.
fn player_line(
    t: &Tournament,
    tpn: Tpn,
    seats: &[Vec<Seat>],
    score: crate::model::points::Points,
) -> PlayerLine {
    let p = t.player(tpn).expect("registered player");
    let g = t.settings.games_per_pairing();
    let mut cells = Vec::with_capacity(t.rounds().len() * g);
    for (round, seats) in t.rounds().iter().zip(seats) {
        match seats[tpn.index()] {
            Seat::Paired(i, color) => {
                let pairing = &round.pairings[i];
                let opponent = pairing.player(color.opposite());
                for (k, game) in pairing.games.iter().enumerate() {
                    let color_k = if k % 2 == 0 { color } else { color.opposite() };
                    let code = match game {
                        None => Code::Pending,
                        Some(r) => match r.mode() {
                            GameMode::Played => Code::Played(r.score(color)),
                            GameMode::Unrated => Code::Unrated(r.score(color)),
                            GameMode::Forfeit => Code::Forfeit(r.score(color)),
                        },
                    };
                    cells.push(Cell::Game {
                        opponent,
                        color: Some(color_k),
                        code,
                    });
                }
            }
            Seat::Bye(kind) => cells.extend(std::iter::repeat_n(Cell::Bye(kind), g)),
            Seat::Absent => cells.extend(std::iter::repeat_n(Cell::Empty, g)),
        }
    }
    while cells.last() == Some(&Cell::Empty) {
        cells.pop();
    }
    PlayerLine {
        tpn,
        sex: p.sex,
        title: p.title,
        name: p.name.clone(),
        rating: p.rating,
        federation: p.federation,
        fide_id: p.fide_id,
        birth_date: p.birth_date,
        points: score,
        rank: p.rank,
        cells,
    }
}
