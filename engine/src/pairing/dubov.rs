//! The Dubov system, 1997 text (`rules/dubov-1997.md`).
//!
//! Round 1 by 5; every later round score group by score group from the highest: the floaters
//! from above first (8.1, 8.2), the bye in the lowest group (4), the transfers 7.1-7.4 in
//! their order, then the two columns of 6.2 and the improvements of 6.3, the players left
//! unpaired floating down by 6.4's preferences; colours by 3.
//!
//! # Readings
//! Where the text is silent or unclear, the choice made (and cited where the code makes it):
//! - 1: ARO counts the games actually played (not byes, not forfeits), with the opponents'
//!   current ratings; a player with none has ARO 0. AROs are compared exactly (sum and count),
//!   never rounded, and shown with three decimals (9's list, the explanation, the API and the
//!   public page), which tells apart any two different AROs of up to 31 games; one decimal, as
//!   the example of 6.2 has, would show different AROs as equal.
//! - 1: a player with no game yet has no due colour; such players fill the smaller colour
//!   subgroup (White when the two are equal), one by one in the order 3 would give White
//!   (the higher ARO, then the lower R), and as their ARO is 0 they are also the first 7.3
//!   moves.
//! - 1, 2.1, 2.5: a game won or lost by forfeit was not played: it counts neither for ARO
//!   nor for the colours (due colour, 2.3, 2.4), and the two players may meet again (2.1);
//!   it does count for 2.5 when the player was paired with a higher score. A bye is never
//!   an upfloat.
//! - 2.1-2.5 are absolute for every pairing (but see 9). 2.5 counts an upfloat whenever a
//!   player is paired with a higher score (transferred up by 7.1/7.2, or paired with a floater
//!   from above by 8.2): not two rounds running, not more than three times (fewer than 10
//!   rounds, or rounds unknown) or four times (10 or more), except in the last round.
//! - 4: the bye is decided before the transfers, in the lowest group; among players equal by
//!   4's order the first whose absence still lets the rest be paired is chosen.
//! - 6.3: the improvements follow the text's order of changes: row by row, a white takes the
//!   first black left (the column's order) he may play, without looking further down; when he may
//!   play none, the rows above are changed one at a time, nearest first: that row's white takes the
//!   first black left he may play and row k's white takes the black he had, provided the rows below
//!   can still all be paired (a matching decides it); a row not changed keeps its pair. (Read
//!   before as the first complete assignment row by row, which could rewrite a row between the one
//!   changed and row k.) When no change of a single row works, the first complete assignment row by
//!   row is taken, and the explanation says so. When no assignment of every white to a black exists
//!   (6.3's last case: a white who can meet no black is paired with another white), the group is
//!   paired as a matching: the most pairs; among those, the floaters 6.4 prefers; then the most
//!   white-black pairs; then the pairs nearest the columns' order; among pairings equal in all of
//!   these, row by row as 6.3 goes: each white in turn takes the first black (column order), else
//!   the first white below him, else stays unpaired, then each black left the first black below him
//!   (within a limit of about a second of search; past it the best pairing found stands for the
//!   rows not reached, and the explanation says so; no generated event has come near).
//! - 6.4: "was floater from higher score groups" is read as the player's history: he came
//!   down from a higher score group in this round or an earlier one (was paired against a
//!   lower score; a bye is not a float). The text calls "floaters" the players transferred
//!   down (6.4, 8), so a "floater from higher score groups" is one who came down, and the
//!   preference keeps from floating again those who already did, as the Dutch B.5/B.6 do.
//!   Read as "came down in this round" it would almost never apply, since such players are
//!   paired first (8.2) or float on at once. (An upfloat, being transferred to a higher group,
//!   is what 2.5 limits; the text does not call it floating.)
//! - 7: when both 7.1 and 7.2 apply, 7.1 goes first (the player transferred for it may also
//!   make the number even); the dominating due colour of 7.2 is the more numerous one in the
//!   group, White when they are equal. "The next possible lower score group" is the nearest
//!   lower group with a player who fits.
//! - 8.1: the floaters alternate white, black, white, ... starting with the highest "white"
//!   floater; when one colour runs out the others follow in their order. 8.2 takes, for each,
//!   the player of the group with the highest R among those of the opposite due colour
//!   (any colour if none fits), the lowest ARO on equal R, as long as the floaters after it
//!   can still be paired; a floater who cannot be paired floats on down.
//! - 9: a lowest group that cannot be paired at all is joined to the group above it, and the
//!   two are paired as one ("wisely and impartially"), as often as needed. When even the
//!   whole field as one group cannot be paired within 2.5's upfloat limits, the round is
//!   paired again from the start with them set aside for as few players as any pairing
//!   needs: those who float up against them in a pairing of the whole field (2.1-2.4 kept)
//!   with the fewest such upfloats (a weighted matching); for everyone only if the procedure
//!   still finds nothing. Either is said in the explanation. When 2.1-2.4 alone cannot be
//!   met, the round is refused and the chief arbiter pairs it by hand.
//! - Boards: the text gives no order; the higher score of the pair, then the sum, then the
//!   higher player's number.

use super::{
    check_no_forbidden, half_against_half, initial_color, PairingError, RoundPairing, Step,
};
use crate::color::Color;
use crate::history::{states_before, Aro, Float, RoundEntry};
use crate::ids::{RoundNo, Tpn};
use crate::matching::{max_weight_matching, Edge};
use crate::points::Points;
use crate::settings::System;
use crate::tournament::Tournament;
use std::cmp::Ordering;

/// Pairs `round` of `tournament`.
pub fn pair(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    // Round 1 directly, unless a forbidden pair stands in the way (then the procedure).
    if round == RoundNo::FIRST {
        if let Some(p) = round_one(tournament, round) {
            return Ok(p);
        }
    }
    later_round(tournament, round)
}

/// Dubov 5: the list is divided into two equal parts, the first of the upper part plays the
/// first of the lower part, and so on; the lot gives the first pair its colours, odd-numbered
/// pairs the same and even-numbered pairs the other. With an odd number the last player in the
/// list gets the bye, having no colour.
///
/// Reading: "the player's list calculated before" is the starting list, ordered as the
/// pairing numbers were fixed (rating, title, name).
///
/// `None` when the straight pairing holds a forbidden pair: the general procedure pairs then.
fn round_one(tournament: &Tournament, round: RoundNo) -> Option<RoundPairing> {
    let mut explanation = vec![Step::new(
        "5",
        "round 1: the starting list divided into two equal parts.",
    )];
    let r = half_against_half(tournament, round, &mut explanation);
    check_no_forbidden(tournament, System::Dubov, round, &r.pairs).ok()?;
    if let Some(b) = r.bye {
        explanation.push(Step::new(
            "5",
            format!("the number of players is odd; the last in the list, {b}, gets the bye."),
        ));
    }
    explanation.push(Step::new("5", format!("the lot gives the first pair's left-hand player {}; odd pairs alike, even pairs the other way.",
        r.first.name()
    )));
    Some(RoundPairing {
        round,
        pairs: r.pairs,
        bye: r.bye,
        explanation,
    })
}

/// One player as the procedure sees them.
#[derive(Clone, Debug)]
struct Dp {
    tpn: Tpn,
    name: String,
    score: Points,
    rating: u16,
    aro: Aro,
    due: Option<Color>,
    /// The colour 2.3/2.4 leave, if only one.
    must: Option<Color>,
    colors: Vec<Color>,
    /// Upfloats so far, and whether the last round was one (2.5).
    ups: u32,
    up_last: bool,
    /// 2.2.
    unplayed_point: bool,
    /// Transferred down from a higher group this round (6.4).
    floater: bool,
    /// Paired against a lower score in an earlier round: came down from a higher score group
    /// then (6.4's "was floater from higher score groups", reading).
    floated_before: bool,
}

#[derive(Clone)]
struct Ctx {
    players: Vec<Dp>,
    met: Vec<Vec<usize>>,
    last_round: bool,
    up_limit: u32,
    /// 2.5 set aside for everyone: no pairing of the round keeps it (reading of 9).
    relax_up: bool,
    /// 2.5 set aside for these players only (indexed like `players`; empty: for nobody).
    up_exempt: Vec<bool>,
}

impl Ctx {
    fn new(t: &Tournament, round: RoundNo) -> Ctx {
        let states = states_before(t, round);
        let available = t.available_players(round);
        let index: std::collections::HashMap<Tpn, usize> =
            available.iter().enumerate().map(|(i, p)| (*p, i)).collect();
        let players = available
            .iter()
            .map(|p| {
                let s = &states[p.index()];
                let pl = t.player(*p).expect("available");
                let aro = s.opponents().fold(Aro::default(), |a, o| {
                    a.with(t.player(o).map_or(0, |x| x.pairing_rating()))
                });
                let colors: Vec<Color> = s.played_colors().collect();
                let whites = colors.iter().filter(|c| **c == Color::White).count();
                let blacks = colors.len() - whites;
                // 1: due colour.
                let due = match whites.cmp(&blacks) {
                    Ordering::Less => Some(Color::White),
                    Ordering::Greater => Some(Color::Black),
                    Ordering::Equal => colors.last().map(|c| c.opposite()),
                };
                let diff = whites as i32 - blacks as i32;
                let last_two =
                    colors.len() >= 2 && colors[colors.len() - 1] == colors[colors.len() - 2];
                // 2.3 and 2.4: the colour left when another of the other would break them.
                let must = if diff >= 2 || (last_two && colors.last() == Some(&Color::White)) {
                    Some(Color::Black)
                } else if diff <= -2 || (last_two && colors.last() == Some(&Color::Black)) {
                    Some(Color::White)
                } else {
                    None
                };
                let ups = s.floats.iter().filter(|f| **f == Some(Float::Up)).count() as u32;
                let up_last = round
                    .index()
                    .checked_sub(1)
                    .and_then(|i| s.floats.get(i).copied().flatten())
                    == Some(Float::Up);
                Dp {
                    tpn: *p,
                    name: pl.name.clone(),
                    score: s.score,
                    rating: pl.pairing_rating(),
                    aro,
                    due,
                    must,
                    colors,
                    ups,
                    up_last,
                    unplayed_point: s.unplayed_point,
                    floater: false,
                    floated_before: s.entries.iter().zip(&s.floats).any(|(e, f)| {
                        matches!(e, RoundEntry::Paired { .. }) && *f == Some(Float::Down)
                    }),
                }
            })
            .collect::<Vec<_>>();
        let met = super::barred_pairs(t, round, &states, &available, &index);
        Ctx {
            players,
            met,
            last_round: t.settings.rounds == Some(round.get()),
            up_limit: if t.settings.rounds.is_some_and(|r| r >= 10) {
                4
            } else {
                3
            },
            relax_up: false,
            up_exempt: Vec::new(),
        }
    }

    fn aro_cmp(&self, a: usize, b: usize) -> Ordering {
        self.players[a].aro.cmp(&self.players[b].aro)
    }

    /// 6.2, the white column: increasing ARO, then lower R, then the name.
    fn white_order(&self, a: usize, b: usize) -> Ordering {
        self.aro_cmp(a, b)
            .then(self.players[a].rating.cmp(&self.players[b].rating))
            .then_with(|| self.players[a].name.cmp(&self.players[b].name))
            .then(a.cmp(&b))
    }

    /// 6.2, the black column: decreasing R, then higher ARO, then the name.
    fn black_order(&self, a: usize, b: usize) -> Ordering {
        self.players[b]
            .rating
            .cmp(&self.players[a].rating)
            .then(self.aro_cmp(b, a))
            .then_with(|| self.players[a].name.cmp(&self.players[b].name))
            .then(a.cmp(&b))
    }

    fn colours_fit(&self, a: usize, b: usize) -> bool {
        match (self.players[a].must, self.players[b].must) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        }
    }

    /// 2.5 for `i` receiving an upfloat now.
    fn may_float_up(&self, i: usize) -> bool {
        let p = &self.players[i];
        self.relax_up
            || self.up_exempt.get(i) == Some(&true)
            || self.last_round
            || (!p.up_last && p.ups < self.up_limit)
    }

    /// 2.1, 2.3, 2.4 and 2.5 (for the lower score of the two).
    fn pair_ok(&self, a: usize, b: usize) -> bool {
        if a == b || self.met[a].binary_search(&b).is_ok() || !self.colours_fit(a, b) {
            return false;
        }
        match self.players[a].score.cmp(&self.players[b].score) {
            Ordering::Greater => self.may_float_up(b),
            Ordering::Less => self.may_float_up(a),
            Ordering::Equal => true,
        }
    }

    fn tpn(&self, i: usize) -> String {
        self.players[i].tpn.to_string()
    }

    fn list(&self, v: &[usize]) -> String {
        if v.is_empty() {
            return "none".into();
        }
        v.iter().map(|&i| self.tpn(i)).collect::<Vec<_>>().join(" ")
    }

    fn list_aro(&self, v: &[usize]) -> String {
        v.iter()
            .map(|&i| format!("{} ({})", self.tpn(i), self.players[i].aro))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn list_r(&self, v: &[usize]) -> String {
        v.iter()
            .map(|&i| format!("{} ({})", self.tpn(i), self.players[i].rating))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn later_round(t: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    let base = Ctx::new(t, round);
    // Score groups, highest first.
    let mut order: Vec<usize> = (0..base.players.len()).collect();
    order.sort_by(|&a, &b| {
        base.players[b]
            .score
            .cmp(&base.players[a].score)
            .then(base.players[a].tpn.cmp(&base.players[b].tpn))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in order {
        match groups.last_mut() {
            Some(g) if base.players[g[0]].score == base.players[i].score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut explanation = vec![Step::heading(format!(
        "Round {round} (Dubov): {} players in {} score groups.",
        base.players.len(),
        groups.len()
    ))];
    let original = groups.clone();
    let mut relax_up = false;
    let mut checked = false;
    let mut exempt_first = true;
    let mut base = base;
    loop {
        let mut cx = base.clone();
        cx.relax_up = relax_up;
        match procedure(&mut cx, &groups) {
            Ok((pairs, bye, lines)) => {
                explanation.extend(lines);
                let lot = initial_color(t, &mut explanation);
                let pairs = boards(&cx, pairs, lot, &mut explanation);
                explanation.push(Step::new(
                    "9",
                    "the AROs before this round, to be published:",
                ));
                let mut all: Vec<usize> = (0..cx.players.len()).collect();
                all.sort_by_key(|&i| cx.players[i].tpn);
                explanation.push(Step::new("9", cx.list_aro(&all)).inner());
                return Ok(RoundPairing {
                    round,
                    pairs,
                    bye: bye.map(|b| cx.players[b].tpn),
                    explanation,
                });
            }
            Err(()) if !relax_up && !checked && !whole_field_pairable(&base) => {
                // Joining groups cannot help when no pairing of the whole field keeps 2.1-2.5.
                // 9, reading: 2.5 gives way for as few players as it must: those who float up
                // against it in a pairing of the whole field with the fewest such upfloats.
                checked = true;
                groups = original.clone();
                match fewest_breaches(&base) {
                    Some(exempt) if exempt_first => {
                        exempt_first = false;
                        let who: Vec<usize> = (0..exempt.len()).filter(|&i| exempt[i]).collect();
                        explanation.push(Step::new(
                            "9",
                            format!(
                                "no pairing keeps 2.5's upfloat limits for everyone: they are set aside for {} only, the fewest any pairing needs.",
                                base.list(&who)
                            ),
                        ));
                        base.up_exempt = exempt;
                    }
                    _ => {
                        explanation.push(Step::new(
                            "9",
                            "no pairing keeps 2.5's upfloat limits: they are set aside for this round.",
                        ));
                        relax_up = true;
                    }
                }
            }
            Err(()) if groups.len() > 1 => {
                checked = true;
                // 9, reading: the lowest group joins the one above it.
                let low = groups.pop().expect("two groups");
                explanation.push(Step::new(
                    "9",
                    format!(
                        "the lowest group ({}) cannot be paired; it is joined with the one above.",
                        base.list(&low)
                    ),
                ));
                groups.last_mut().expect("one group").extend(low);
            }
            Err(()) if !relax_up => {
                // 9, reading: when no pairing of the round keeps 2.5's upfloat limits (or the
                // procedure finds none with them set aside for the fewest players), they give
                // way (2.1-2.4 never do), and the round is paired again from the start.
                explanation.push(Step::new(
                    "9",
                    "no pairing keeps 2.5's upfloat limits: they are set aside for this round.",
                ));
                relax_up = true;
                groups = original.clone();
            }
            Err(()) => {
                return Err(PairingError::NoValidPairing {
                    round,
                    reason: "no pairing meets the limitations 2.1-2.4".into(),
                })
            }
        }
    }
}

/// Pairs `(a, b, columns)`: with `columns`, `a` is from the white column and gets White.
type Outcome = (Vec<(usize, usize, bool)>, Option<usize>, Vec<Step>);

fn procedure(cx: &mut Ctx, groups: &[Vec<usize>]) -> Result<Outcome, ()> {
    let n = cx.players.len();
    let mut done = vec![false; n];
    let mut pairs: Vec<(usize, usize, bool)> = Vec::new();
    let mut lines = Vec::new();
    let mut bye = None;
    let mut down: Vec<usize> = Vec::new();
    for gi in 0..groups.len() {
        let lowest = gi + 1 == groups.len();
        let mut g: Vec<usize> = groups[gi].iter().copied().filter(|&i| !done[i]).collect();
        let label = groups[gi]
            .first()
            .map(|&i| cx.players[i].score.to_string())
            .unwrap_or_default();
        if g.is_empty() && down.is_empty() {
            continue;
        }
        lines.push(Step::heading(format!(
            "Score group {label}: {}.",
            cx.list(&g)
        )));
        // 8: the floaters from above first.
        let mut next_down: Vec<usize> = Vec::new();
        if !down.is_empty() {
            for &f in &down {
                cx.players[f].floater = true;
            }
            let seq = floater_sequence(cx, &down);
            for (k, &f) in seq.iter().enumerate() {
                let later = &seq[k + 1..];
                let mut cands: Vec<usize> =
                    g.iter().copied().filter(|&c| cx.pair_ok(f, c)).collect();
                let due = cx.players[f].due;
                let opp = |x: usize| due.is_some() && cx.players[x].due == due.map(Color::opposite);
                cands.sort_by(|&a, &b| {
                    opp(b)
                        .cmp(&opp(a))
                        .then(cx.players[b].rating.cmp(&cx.players[a].rating))
                        .then(cx.aro_cmp(a, b))
                        .then(a.cmp(&b))
                });
                let pick = cands.into_iter().find(|&c| {
                    let rest: Vec<usize> = g.iter().copied().filter(|&x| x != c).collect();
                    floaters_fit(cx, later, &rest)
                });
                match pick {
                    Some(c) => {
                        lines.push(
                            Step::new(
                                "8.2",
                                format!(
                                    "floater {} plays {} (R {}).",
                                    cx.tpn(f),
                                    cx.tpn(c),
                                    cx.players[c].rating
                                ),
                            )
                            .inner(),
                        );
                        pairs.push((f, c, false));
                        done[f] = true;
                        done[c] = true;
                        g.retain(|&x| x != c);
                    }
                    None => {
                        lines.push(
                            Step::new(
                                "8.2",
                                format!(
                                    "floater {} cannot be paired here and floats on (6.4).",
                                    cx.tpn(f)
                                ),
                            )
                            .inner(),
                        );
                        next_down.push(f);
                    }
                }
            }
        }
        // 4: the bye, in the lowest group.
        if lowest && g.len() % 2 == 1 && next_down.is_empty() {
            let b = choose_bye(cx, &g).ok_or(())?;
            lines.push(
                Step::new(
                    "4",
                    format!(
                        "the bye goes to {} (the lowest R without a point without playing, 2.2).",
                        cx.tpn(b)
                    ),
                )
                .inner(),
            );
            bye = Some(b);
            done[b] = true;
            g.retain(|&x| x != b);
        }
        // 7.1: players who cannot play anyone in the group.
        let mut i = 0;
        while i < g.len() {
            let p = g[i];
            if g.iter().any(|&q| cx.pair_ok(p, q)) {
                i += 1;
                continue;
            }
            let found = transfer(
                cx,
                &groups[gi + 1..],
                &done,
                |q| cx.pair_ok(p, q),
                cx.players[p].due,
            );
            match found {
                Some(q) => {
                    lines.push(Step::new("7.1", format!("{} can play no one in the group; {} is transferred up to play him.",
                        cx.tpn(p),
                        cx.tpn(q)
                    )).inner());
                    pairs.push((p, q, false));
                    done[p] = true;
                    done[q] = true;
                    g.remove(i);
                }
                None => i += 1,
            }
        }
        // 7.2: an odd group takes a player from below.
        if g.len() % 2 == 1 && !lowest {
            let dominating = dominating(cx, &g);
            let members = g.clone();
            let found = transfer(
                cx,
                &groups[gi + 1..],
                &done,
                |q| members.iter().any(|&m| cx.pair_ok(m, q)),
                Some(dominating),
            );
            if let Some(q) = found {
                lines.push(
                    Step::new(
                        "7.2",
                        format!(
                            "the group is odd; {} ({}, R {}) is transferred up.",
                            cx.tpn(q),
                            match cx.players[q].due {
                                Some(Color::White) => "due White",
                                Some(Color::Black) => "due Black",
                                None => "no due colour",
                            },
                            cx.players[q].rating
                        ),
                    )
                    .inner(),
                );
                done[q] = true;
                g.push(q);
            }
        }
        // 7.3/7.4 and 6.2-6.3.
        // 6.4 looks at the lower groups as they stand after the transfers up.
        let below: Vec<usize> = groups[gi + 1..]
            .iter()
            .flatten()
            .copied()
            .filter(|&i| !done[i])
            .collect();
        let (made, left) = pair_group(cx, &g, &below, &mut lines);
        for &(a, b, _) in &made {
            done[a] = true;
            done[b] = true;
        }
        pairs.extend(made);
        next_down.extend(left.iter().copied());
        if !next_down.is_empty() {
            if lowest {
                return Err(());
            }
            lines
                .push(Step::new("6.4", format!("floating down: {}.", cx.list(&next_down))).inner());
        }
        for &d in &next_down {
            done[d] = true;
        }
        down = next_down;
    }
    Ok((pairs, bye, lines))
}

/// 8.1: white-due floaters in 6.2's white order, black-due ones in its black order, taken
/// alternately from the highest white.
fn floater_sequence(cx: &Ctx, down: &[usize]) -> Vec<usize> {
    let mut w: Vec<usize> = down
        .iter()
        .copied()
        .filter(|&f| cx.players[f].due != Some(Color::Black))
        .collect();
    let mut b: Vec<usize> = down
        .iter()
        .copied()
        .filter(|&f| cx.players[f].due == Some(Color::Black))
        .collect();
    w.sort_by(|&x, &y| cx.white_order(x, y));
    b.sort_by(|&x, &y| cx.black_order(x, y));
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < w.len() || j < b.len() {
        if i < w.len() {
            out.push(w[i]);
            i += 1;
        }
        if j < b.len() {
            out.push(b[j]);
            j += 1;
        }
    }
    out
}

/// Whether `floaters` can all be given distinct partners among `group`.
fn floaters_fit(cx: &Ctx, floaters: &[usize], group: &[usize]) -> bool {
    super::bipartite_perfect(floaters, group, |a, b| cx.pair_ok(a, b))
}

/// 7.1/7.2: the player to transfer up from the nearest lower group that has one who `fits`:
/// the due colour opposite to `against` first, then the highest R, then the lowest ARO.
fn transfer(
    cx: &Ctx,
    lower: &[Vec<usize>],
    done: &[bool],
    fits: impl Fn(usize) -> bool,
    against: Option<Color>,
) -> Option<usize> {
    for g in lower {
        let mut cands: Vec<usize> = g
            .iter()
            .copied()
            .filter(|&q| !done[q] && cx.may_float_up(q) && fits(q))
            .collect();
        if cands.is_empty() {
            continue;
        }
        let opp = |x: usize| against.is_some() && cx.players[x].due == against.map(Color::opposite);
        cands.sort_by(|&a, &b| {
            opp(b)
                .cmp(&opp(a))
                .then(cx.players[b].rating.cmp(&cx.players[a].rating))
                .then(cx.aro_cmp(a, b))
                .then(a.cmp(&b))
        });
        return cands.first().copied();
    }
    None
}

/// The dominating due colour of a group (7.2, 4): the more numerous; White when equal.
fn dominating(cx: &Ctx, g: &[usize]) -> Color {
    let due = |c: Color| g.iter().filter(|&&x| cx.players[x].due == Some(c)).count();
    if due(Color::Black) > due(Color::White) {
        Color::Black
    } else {
        Color::White
    }
}

/// 4: the lowest R; equal R in both colour subgroups: the dominating due colour; then the
/// higher ARO. Never a player who had a point without playing (2.2); the first whose absence
/// leaves the rest pairable.
fn choose_bye(cx: &Ctx, g: &[usize]) -> Option<usize> {
    let dominating = dominating(cx, g);
    let mut cands: Vec<usize> = g
        .iter()
        .copied()
        .filter(|&x| !cx.players[x].unplayed_point)
        .collect();
    let dom = |x: usize| cx.players[x].due == Some(dominating);
    cands.sort_by(|&a, &b| {
        cx.players[a]
            .rating
            .cmp(&cx.players[b].rating)
            .then(dom(b).cmp(&dom(a)))
            .then(cx.aro_cmp(b, a))
            .then(a.cmp(&b))
    });
    cands.into_iter().find(|&c| {
        let rest: Vec<usize> = g.iter().copied().filter(|&x| x != c).collect();
        completely_pairable(cx, &rest)
    })
}

/// Whether the whole field can be paired within 2.1-2.5 (one bye, 2.2, if odd).
fn whole_field_pairable(cx: &Ctx) -> bool {
    super::all_pairable(
        cx.players.len(),
        |i, j| cx.pair_ok(i, j),
        |i| !cx.players[i].unplayed_point,
    )
}

/// The players who float up against 2.5 in a pairing of the whole field (2.1-2.4 kept, one
/// bye by 2.2 if odd) with the fewest such upfloats; `None` when 2.1-2.4 cannot be kept.
fn fewest_breaches(cx: &Ctx) -> Option<Vec<bool>> {
    let n = cx.players.len();
    let mut free = cx.clone();
    free.relax_up = true;
    // Who floats up in a pair, if that breaks 2.5.
    let breaking = |a: usize, b: usize| match cx.players[a].score.cmp(&cx.players[b].score) {
        Ordering::Greater => (!cx.may_float_up(b)).then_some(b),
        Ordering::Less => (!cx.may_float_up(a)).then_some(a),
        Ordering::Equal => None,
    };
    let mut edges: Vec<Edge> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if free.pair_ok(a, b) {
                edges.push((a, b, if breaking(a, b).is_some() { 1 } else { 2 }));
            }
        }
        if n % 2 == 1 && !cx.players[a].unplayed_point {
            edges.push((a, n, 2));
        }
    }
    let mate = max_weight_matching(n + n % 2, &edges, true);
    if mate.iter().any(Option::is_none) {
        return None;
    }
    let mut exempt = vec![false; n];
    for (a, b) in mate.iter().enumerate().take(n) {
        if let Some(b) = b.filter(|&b| b < n && a < b) {
            if let Some(x) = breaking(a, b) {
                exempt[x] = true;
            }
        }
    }
    Some(exempt)
}

/// Whether `v` (an even number of players) can all be paired within 2.1-2.5.
fn completely_pairable(cx: &Ctx, v: &[usize]) -> bool {
    super::all_pairable(v.len(), |i, j| cx.pair_ok(v[i], v[j]), |_| false)
}

/// 7.3/7.4, then 6.2's columns and 6.3's improvements. Returns the pairs and the players
/// left unpaired (6.4).
fn pair_group(
    cx: &Ctx,
    g: &[usize],
    below: &[usize],
    lines: &mut Vec<Step>,
) -> (Vec<(usize, usize, bool)>, Vec<usize>) {
    if g.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let due = |x: usize, c: Color| cx.players[x].due == Some(c);
    let mut whites: Vec<usize> = g
        .iter()
        .copied()
        .filter(|&x| due(x, Color::White))
        .collect();
    let mut blacks: Vec<usize> = g
        .iter()
        .copied()
        .filter(|&x| due(x, Color::Black))
        .collect();
    // Reading: no due colour yet fills the smaller subgroup, in the order 3 would give White:
    // the higher ARO, then the lower R.
    let mut undecided: Vec<usize> = g
        .iter()
        .copied()
        .filter(|&x| cx.players[x].due.is_none())
        .collect();
    undecided.sort_by(|&a, &b| {
        cx.aro_cmp(b, a)
            .then(cx.players[a].rating.cmp(&cx.players[b].rating))
            .then_with(|| cx.players[a].name.cmp(&cx.players[b].name))
            .then(a.cmp(&b))
    });
    for x in undecided {
        if blacks.len() < whites.len() {
            blacks.push(x);
        } else {
            whites.push(x);
        }
    }
    // 7.3 / 7.4, never against 2.3/2.4 (2.6).
    if whites.len() > blacks.len() + 1 {
        transfer_colour(cx, &mut whites, &mut blacks, Color::White, lines);
    } else if blacks.len() > whites.len() + 1 {
        transfer_colour(cx, &mut blacks, &mut whites, Color::Black, lines);
    }
    whites.sort_by(|&a, &b| cx.white_order(a, b));
    blacks.sort_by(|&a, &b| cx.black_order(a, b));
    lines.push(Step::new("6.2", format!("white (ARO): {}.", cx.list_aro(&whites))).inner());
    lines.push(Step::new("6.2", format!("black (R): {}.", cx.list_r(&blacks))).inner());
    if whites.len() == blacks.len() {
        let assignment = match text_order(cx, &whites, &blacks, lines) {
            Some(pairs) => Some(pairs),
            None => first_assignment(cx, &whites, &blacks).inspect(|_| {
                lines.push(Step::new(
                    "6.3",
                    "no change of a single row above lets every row be paired; the first complete assignment row by row is taken (reading).",
                ).inner());
            }),
        };
        if let Some(pairs) = assignment {
            let natural = whites
                .iter()
                .zip(&blacks)
                .filter(|(w, b)| pairs.contains(&(**w, **b)))
                .count();
            if natural < whites.len() {
                lines.push(
                    Step::new(
                        "6.3",
                        format!(
                            "improvements: {}.",
                            pairs
                                .iter()
                                .map(|(w, b)| format!("{}-{}", cx.tpn(*w), cx.tpn(*b)))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    )
                    .inner(),
                );
            }
            return (
                pairs.into_iter().map(|(w, b)| (w, b, true)).collect(),
                Vec::new(),
            );
        }
    }
    // 6.3's last case and 6.4: same-colour pairs where needed; floaters by 6.4's preference.
    let rows: Vec<usize> = whites.iter().chain(&blacks).copied().collect();
    let nw = whites.len();
    // Each row's place in its column, and its class by 6.4's preferences (0 floats first):
    // worked out once, not for every pair.
    let pos = |r: usize| -> i64 { (if r < nw { r } else { r - nw }) as i64 };
    let keep: Vec<i64> = rows
        .iter()
        .map(|&x| {
            let can_below = below.iter().any(|&q| cx.pair_ok(x, q));
            let p = &cx.players[x];
            let was_floater = p.floater || p.floated_before;
            match (was_floater, can_below) {
                (false, true) => 0,
                (false, false) => 1,
                (true, true) => 2,
                (true, false) => 3,
            }
        })
        .collect();
    let m = rows.len() as i64;
    let tie = m + 1;
    let cross = tie * m * m + 1;
    let tier = cross * (m + 1) + 1;
    let mut edges: Vec<Edge> = Vec::new();
    for i in 0..rows.len() {
        for j in i + 1..rows.len() {
            if !cx.pair_ok(rows[i], rows[j]) {
                continue;
            }
            let w = tier * (keep[i] + keep[j] + 1)
                + if (i < nw) != (j < nw) { cross } else { 0 }
                + (tie * m - (pos(i) - pos(j)).abs());
            edges.push((i, j, w));
        }
    }
    let mate = max_weight_matching(rows.len(), &edges, true);
    let (mate, stopped) = in_row_order(rows.len(), nw, &edges, mate);
    if let Some(r) = stopped {
        lines.push(Step::new("6.3", format!("among equally good pairings, the row order was followed up to {} only (search limit); the rest as the matching chose.",
            cx.tpn(rows[r])
        )).inner());
    }
    let mut pairs = Vec::new();
    let mut left = Vec::new();
    for (i, m) in mate.iter().enumerate() {
        match m {
            Some(j) if i < *j => pairs.push((rows[i], rows[*j], false)),
            Some(_) => {}
            None => left.push(i),
        }
    }
    lines.push(
        Step::new(
            "6.3",
            format!(
                "no pairing of every white with a black; pairs {}; unpaired {}.",
                pairs
                    .iter()
                    .map(|(w, b, _)| format!("{}-{}", cx.tpn(*w), cx.tpn(*b)))
                    .collect::<Vec<_>>()
                    .join(", "),
                cx.list(&left.iter().map(|&i| rows[i]).collect::<Vec<_>>())
            ),
        )
        .inner(),
    );
    if !left.is_empty() {
        // 6.4: each floater's class, and the players kept for theirs.
        let described = |v: &[usize]| -> String {
            v.iter()
                .map(|&i| {
                    let class = match keep[i] {
                        0 => "can be paired below",
                        1 => "cannot be paired below",
                        2 => "was a floater from above, can be paired below",
                        _ => "was a floater from above, cannot be paired below",
                    };
                    format!("{} ({class})", cx.tpn(rows[i]))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let kept: Vec<usize> = (0..rows.len())
            .filter(|i| mate[*i].is_some() && keep[*i] > 0)
            .collect();
        lines.push(
            Step::new(
                "6.4",
                format!(
                    "chosen to float: {}{}.",
                    described(&left),
                    if kept.is_empty() {
                        String::new()
                    } else {
                        format!("; kept: {}", described(&kept))
                    }
                ),
            )
            .inner(),
        );
    }
    let left = left.into_iter().map(|i| rows[i]).collect();
    (pairs, left)
}

/// The work (the cube of the players in each matching) the row-by-row choice below may spend,
/// about a second: it costs a weighted matching per candidate turned down. Past it, the
/// best pairing found so far stands for the rows not yet reached, and the explanation says
/// so. In the benchmarks' events the groups on this path had at most 18 players (under
/// 6,000 per matching).
const ROW_ORDER_WORK: u64 = 300_000_000;

/// 6.3 among pairings the criteria rank equal (reading): rows `0..n` are the white column
/// (`0..whites`) then the black column, each in its order; row by row, each row still free
/// takes the first partner in 6.3's order that a best pairing of the rest allows: the blacks
/// in column order, then (a white) the whites below him; being left unpaired comes last.
/// `mate` is one best pairing, kept as the witness: a choice it already makes costs nothing.
/// Also returns the first row not reached when [`ROW_ORDER_WORK`] ran out.
fn in_row_order(
    n: usize,
    whites: usize,
    edges: &[Edge],
    mut mate: Vec<Option<usize>>,
) -> (Vec<Option<usize>>, Option<usize>) {
    let mut work = 0u64;
    let mut weight = vec![None; n * n];
    for &(a, b, w) in edges {
        weight[a * n + b] = Some(w);
        weight[b * n + a] = Some(w);
    }
    let value = |mate: &[Option<usize>], alive: &[bool]| -> (usize, i64) {
        let mut v = (0, 0);
        for a in (0..n).filter(|&a| alive[a]) {
            if let Some(b) = mate[a].filter(|&b| a < b && alive[b]) {
                v.0 += 1;
                v.1 += weight[a * n + b].unwrap_or(0);
            }
        }
        v
    };
    // The best pairing of the rows still `alive`, and its value.
    let best = |alive: &[bool]| -> (Vec<Option<usize>>, (usize, i64)) {
        let index: Vec<usize> = (0..n).filter(|&a| alive[a]).collect();
        let mut at = vec![usize::MAX; n];
        for (k, &a) in index.iter().enumerate() {
            at[a] = k;
        }
        let sub: Vec<Edge> = edges
            .iter()
            .filter(|&&(a, b, _)| alive[a] && alive[b])
            .map(|&(a, b, w)| (at[a], at[b], w))
            .collect();
        let m = max_weight_matching(index.len(), &sub, true);
        let mut full = vec![None; n];
        for (k, p) in m.iter().enumerate() {
            full[index[k]] = p.map(|q| index[q]);
        }
        let v = value(&full, alive);
        (full, v)
    };
    let mut alive = vec![true; n];
    let mut target = value(&mate, &alive);
    for r in 0..n {
        if !alive[r] {
            continue;
        }
        let partners = (whites.max(r + 1)..n).chain(if r < whites { r + 1..whites } else { 0..0 });
        let candidates = partners
            .filter(|&c| alive[c] && weight[r * n + c].is_some())
            .map(Some)
            .chain(std::iter::once(None))
            .collect::<Vec<_>>();
        for c in candidates {
            let gain = c.map_or((0, 0), |c| (1, weight[r * n + c].unwrap_or(0)));
            alive[r] = false;
            if let Some(c) = c {
                alive[c] = false;
            }
            let fits = if mate[r] == c {
                true
            } else {
                let size = alive.iter().filter(|a| **a).count() as u64;
                work += size.pow(3).max(1);
                if work > ROW_ORDER_WORK {
                    return (mate, Some(r));
                }
                let (rest, v) = best(&alive);
                let fits = (v.0 + gain.0, v.1 + gain.1) == target;
                if fits {
                    for a in (0..n).filter(|&a| alive[a]) {
                        mate[a] = rest[a];
                    }
                    mate[r] = c;
                    if let Some(c) = c {
                        mate[c] = Some(r);
                    }
                }
                fits
            };
            if fits {
                target = (target.0 - gain.0, target.1 - gain.1);
                break;
            }
            alive[r] = true;
            if let Some(c) = c {
                alive[c] = true;
            }
        }
    }
    (mate, None)
}

/// 7.3 (`from` the whites) and 7.4 (`from` the blacks): half the surplus moves to the other
/// subgroup: the whites with the lowest ARO (then the higher R), the blacks with the highest
/// ARO (then the lower R), then by name; never a player 2.3/2.4 keep to `colour` (2.6).
fn transfer_colour(
    cx: &Ctx,
    from: &mut Vec<usize>,
    to: &mut Vec<usize>,
    colour: Color,
    lines: &mut Vec<Step>,
) {
    let n = (from.len() - to.len()) / 2;
    let mut movable: Vec<usize> = from.clone();
    movable.sort_by(|&a, &b| {
        let (aro, rating) = match colour {
            Color::White => (
                cx.aro_cmp(a, b),
                cx.players[b].rating.cmp(&cx.players[a].rating),
            ),
            Color::Black => (
                cx.aro_cmp(b, a),
                cx.players[a].rating.cmp(&cx.players[b].rating),
            ),
        };
        aro.then(rating)
            .then_with(|| cx.players[a].name.cmp(&cx.players[b].name))
    });
    // 2.6: those 2.3/2.4 keep to `colour` stay, and the next in the order move instead.
    let mut moved = Vec::with_capacity(n);
    let mut kept = Vec::new();
    for x in movable {
        if moved.len() == n {
            break;
        }
        if cx.players[x].must == Some(colour) {
            kept.push(x);
        } else {
            moved.push(x);
        }
    }
    if !kept.is_empty() {
        lines.push(
            Step::new(
                "2.6",
                format!(
                    "{} would come first but may not change subgroup (2.3/2.4).",
                    cx.list(&kept)
                ),
            )
            .inner(),
        );
    }
    if !moved.is_empty() {
        lines.push(
            match colour {
                Color::White => Step::new(
                    "7.3",
                    format!(
                        "moved to the black subgroup (lowest ARO): {}.",
                        cx.list(&moved)
                    ),
                ),
                Color::Black => Step::new(
                    "7.4",
                    format!(
                        "moved to the white subgroup (highest ARO): {}.",
                        cx.list(&moved)
                    ),
                ),
            }
            .inner(),
        );
    }
    from.retain(|x| !moved.contains(x));
    to.extend(moved);
}

/// 6.3 in the text's order of changes. Row by row, the white takes the first black left, in
/// the column's order, whom he may play (his own row's, else "the first black player whom he
/// has not played before, from the lower rows"), without looking further down. When he may
/// play none of the blacks left, the rows above are changed one at a time, nearest first
/// ("we change the pairing in row No. k-1, if this does not work, in row No. k-2, etc."):
/// row j's white takes the first black left that he may play, white k takes row j's black,
/// and the change "works" when the rows below k can still all be paired (a matching says
/// so). A row not changed keeps its pair. `None` when at some row no single change works
/// (or no complete assignment exists); each change made is said in `changes`, the explanation.
fn text_order(
    cx: &Ctx,
    whites: &[usize],
    blacks: &[usize],
    changes: &mut Vec<Step>,
) -> Option<Vec<(usize, usize)>> {
    let n = whites.len();
    let mut black_of = vec![0usize; n];
    let mut used = vec![false; n];
    for k in 0..n {
        let w = whites[k];
        if let Some(j) = (0..n).find(|&j| !used[j] && cx.pair_ok(w, blacks[j])) {
            used[j] = true;
            black_of[k] = j;
            continue;
        }
        let change = (0..k).rev().find_map(|r| {
            let old = black_of[r];
            if !cx.pair_ok(w, blacks[old]) {
                return None;
            }
            (0..n)
                .filter(|&j| !used[j] && cx.pair_ok(whites[r], blacks[j]))
                .find(|&j| {
                    let free: Vec<usize> = (0..n).filter(|&x| !used[x] && x != j).collect();
                    complete(cx, &whites[k + 1..], blacks, &free).is_some()
                })
                .map(|j| (r, j))
        })?;
        let (r, j) = change;
        changes.push(
            Step::new(
                "6.3",
                format!(
                    "row {} ({}) has played every black left; row {} is changed: {}-{}, and {}-{}.",
                    k + 1,
                    cx.tpn(w),
                    r + 1,
                    cx.tpn(whites[r]),
                    cx.tpn(blacks[j]),
                    cx.tpn(w),
                    cx.tpn(blacks[black_of[r]])
                ),
            )
            .inner(),
        );
        used[j] = true;
        black_of[k] = black_of[r];
        black_of[r] = j;
    }
    Some((0..n).map(|k| (whites[k], blacks[black_of[k]])).collect())
}

/// 6.3 as far as the rows changed one at a time do not reach (reading): row by row, each white
/// takes the first black (in the column's order) he may play such that the rows below can
/// still all be paired; `None` if no complete assignment exists.
fn first_assignment(cx: &Ctx, whites: &[usize], blacks: &[usize]) -> Option<Vec<(usize, usize)>> {
    let n = whites.len();
    let all: Vec<usize> = (0..n).collect();
    // A complete assignment of the rows from the current one on (column positions).
    let mut witness: Vec<usize> = complete(cx, whites, blacks, &all)?;
    let mut used = vec![false; n];
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let w = whites[k];
        let mut pick = None;
        for j in 0..n {
            if used[j] || !cx.pair_ok(w, blacks[j]) {
                continue;
            }
            if witness[0] == j {
                witness.remove(0);
                pick = Some(j);
                break;
            }
            let free: Vec<usize> = (0..n).filter(|&x| !used[x] && x != j).collect();
            if let Some(rest) = complete(cx, &whites[k + 1..], blacks, &free) {
                witness = rest;
                pick = Some(j);
                break;
            }
        }
        let j = pick?;
        used[j] = true;
        out.push((w, blacks[j]));
    }
    Some(out)
}

/// A complete assignment of `rows` (whites, in order) to the black positions `free`: straight
/// down if that fits, else by augmenting paths. The positions chosen, row by row.
fn complete(cx: &Ctx, rows: &[usize], blacks: &[usize], free: &[usize]) -> Option<Vec<usize>> {
    if rows.len() > free.len() {
        return None;
    }
    if rows
        .iter()
        .zip(free)
        .all(|(&w, &j)| cx.pair_ok(w, blacks[j]))
    {
        return Some(free[..rows.len()].to_vec());
    }
    let chosen = super::bipartite_assignment(rows.len(), free.len(), |i, c| {
        cx.pair_ok(rows[i], blacks[free[c]])
    })?;
    Some(chosen.into_iter().map(|c| free[c]).collect())
}

/// 3 for each pair (after 2.3/2.4), then the board order (reading: higher score, sum, the
/// higher player's number).
fn boards(
    cx: &Ctx,
    pairs: Vec<(usize, usize, bool)>,
    lot: Color,
    lines: &mut Vec<Step>,
) -> Vec<(Tpn, Tpn)> {
    let mut rows = pairs;
    let key = |a: usize, b: usize| {
        let (pa, pb) = (&cx.players[a], &cx.players[b]);
        (
            std::cmp::Reverse(pa.score.max(pb.score)),
            std::cmp::Reverse(pa.score + pb.score),
            pa.tpn.min(pb.tpn),
        )
    };
    rows.sort_by_key(|&(a, b, _)| key(a, b));
    rows.iter()
        .enumerate()
        .map(|(board, &(a, b, columns))| {
            let (white_is_a, why) = if columns {
                (true, ("6.2", "the white column"))
            } else {
                colour(cx, a, b, board, lot)
            };
            let (w, bl) = if white_is_a { (a, b) } else { (b, a) };
            if board < 200 {
                let (article, why) = why;
                lines.push(Step::new(
                    article,
                    format!(
                        "board {}: {} - {} ({why}).",
                        board + 1,
                        cx.tpn(w),
                        cx.tpn(bl)
                    ),
                ));
            }
            (cx.players[w].tpn, cx.players[bl].tpn)
        })
        .collect()
}

/// Why a colour was given: the article and its words.
type Why = (&'static str, &'static str);

/// Dubov 3: whether `a` gets White, and why.
fn colour(cx: &Ctx, a: usize, b: usize, board: usize, lot: Color) -> (bool, Why) {
    let (pa, pb) = (&cx.players[a], &cx.players[b]);
    match (pa.must, pb.must) {
        (Some(x), _) => {
            return (
                x == Color::White,
                ("2.3", "the colour 2.3 or 2.4 leaves no choice about"),
            )
        }
        (None, Some(y)) => {
            return (
                y == Color::Black,
                ("2.3", "the colour 2.3 or 2.4 leaves no choice about"),
            )
        }
        _ => {}
    }
    match (pa.due, pb.due) {
        (Some(x), Some(y)) if x != y => return (x == Color::White, ("3", "both due colours")),
        (Some(x), None) => return (x == Color::White, ("3", "due colour")),
        (None, Some(y)) => return (y == Color::Black, ("3", "due colour")),
        _ => {}
    }
    let balance = |p: &Dp| {
        p.colors.iter().filter(|c| **c == Color::White).count() as i32
            - p.colors.iter().filter(|c| **c == Color::Black).count() as i32
    };
    let (da, db) = (balance(pa), balance(pb));
    if da != db {
        return (da < db, ("3", "equalising whites and blacks"));
    }
    for (ca, cb) in pa.colors.iter().rev().zip(pb.colors.iter().rev()) {
        if ca != cb {
            return (
                *ca == Color::Black,
                ("3", "alternating from the first difference"),
            );
        }
    }
    match cx.aro_cmp(a, b) {
        Ordering::Greater => return (true, ("3", "White to the higher ARO")),
        Ordering::Less => return (false, ("3", "White to the higher ARO")),
        Ordering::Equal => {}
    }
    match pa.rating.cmp(&pb.rating) {
        Ordering::Less => (true, ("3", "White to the lower R")),
        Ordering::Greater => (false, ("3", "White to the lower R")),
        Ordering::Equal => {
            let higher_white = if board % 2 == 0 {
                lot == Color::White
            } else {
                lot == Color::Black
            };
            (
                higher_white == (pa.tpn < pb.tpn),
                ("3", "reading: all equal, the lot by board"),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    //! Hand-worked cases on a group built directly: players with the ratings, AROs and due
    //! colours each article looks at. Players are numbered from 1 in the order given.
    use super::*;

    struct P {
        rating: u16,
        aro: (u64, u64),
        due: Option<Color>,
        score: i32,
    }

    fn p(rating: u16, aro: (u64, u64), due: Option<Color>, score: i32) -> P {
        P {
            rating,
            aro,
            due,
            score,
        }
    }

    const W: Option<Color> = Some(Color::White);
    const B: Option<Color> = Some(Color::Black);

    fn ctx(players: &[P], met: &[(usize, usize)]) -> Ctx {
        let mut m = vec![Vec::new(); players.len()];
        for &(a, b) in met {
            m[a - 1].push(b - 1);
            m[b - 1].push(a - 1);
        }
        for v in &mut m {
            v.sort_unstable();
        }
        Ctx {
            players: players
                .iter()
                .enumerate()
                .map(|(i, x)| Dp {
                    tpn: Tpn::from_index(i),
                    name: format!("Player {i:02}"),
                    score: Points::from_tenths(x.score * 10),
                    rating: x.rating,
                    aro: Aro {
                        sum: x.aro.0,
                        games: x.aro.1,
                    },
                    due: x.due,
                    must: None,
                    // One game, with the colour opposite to the due one.
                    colors: x.due.map(|c| vec![c.opposite()]).unwrap_or_default(),
                    ups: 0,
                    up_last: false,
                    unplayed_point: false,
                    floater: false,
                    floated_before: false,
                })
                .collect(),
            met: m,
            last_round: false,
            up_limit: 3,
            relax_up: false,
            up_exempt: Vec::new(),
        }
    }

    /// Pairs as 1-based numbers, the white-column (or first) player first.
    fn numbered(pairs: &[(usize, usize, bool)]) -> Vec<(usize, usize)> {
        pairs.iter().map(|&(a, b, _)| (a + 1, b + 1)).collect()
    }

    /// 6.2's example: whites by increasing ARO (2310.0, 2318.4, 2322.3, 2333.7, 2340.5,
    /// 2344.6), blacks by decreasing R (2380, 2365, 2300, 2280, 2260, 2250), paired row by row;
    /// given in a shuffled order.
    #[test]
    fn dubov_6_2_the_two_columns() {
        let players = [
            p(2250, (0, 0), B, 1),      // 1: black, R 2250
            p(2200, (23337, 10), W, 1), // 2: white, ARO 2333.7
            p(2365, (0, 0), B, 1),      // 3: black, R 2365
            p(2200, (4620, 2), W, 1),   // 4: white, ARO 2310.0
            p(2280, (0, 0), B, 1),      // 5: black, R 2280
            p(2200, (11723, 5), W, 1),  // 6: white, ARO 2344.6
            p(2380, (0, 0), B, 1),      // 7: black, R 2380
            p(2200, (11592, 5), W, 1),  // 8: white, ARO 2318.4
            p(2260, (0, 0), B, 1),      // 9: black, R 2260
            p(2200, (4681, 2), W, 1),   // 10: white, ARO 2340.5
            p(2300, (0, 0), B, 1),      // 11: black, R 2300
            p(2200, (23223, 10), W, 1), // 12: white, ARO 2322.3
        ];
        let cx = ctx(&players, &[]);
        let group: Vec<usize> = (0..12).collect();
        let mut lines = Vec::new();
        let (pairs, left) = pair_group(&cx, &group, &[], &mut lines);
        assert!(left.is_empty());
        assert_eq!(
            numbered(&pairs),
            vec![(4, 7), (8, 3), (12, 11), (2, 5), (10, 9), (6, 1)]
        );
        assert!(pairs.iter().all(|p| p.2), "the white column has White");
        let text = crate::pairing::explanation::to_text(&lines);
        assert!(
            lines.iter().any(|l| l.says("6.2", "white (ARO): 4 (2310.000), 8 (2318.400), 12 (2322.300), 2 (2333.700), 10 (2340.500), 6 (2344.600)")),
            "{text}"
        );
        assert!(
            lines.iter().any(|l| l.says(
                "6.2",
                "black (R): 7 (2380), 3 (2365), 11 (2300), 5 (2280), 9 (2260), 1 (2250)"
            )),
            "{text}"
        );
    }

    fn columns(met: &[(usize, usize)]) -> Vec<(usize, usize)> {
        // Whites 1-4 by ARO (1 lowest), blacks 5-8 by R (5 highest).
        let players = [
            p(2000, (2000, 1), W, 1),
            p(2000, (2100, 1), W, 1),
            p(2000, (2200, 1), W, 1),
            p(2000, (2300, 1), W, 1),
            p(2400, (0, 0), B, 1),
            p(2300, (0, 0), B, 1),
            p(2200, (0, 0), B, 1),
            p(2100, (0, 0), B, 1),
        ];
        let cx = ctx(&players, met);
        let mut lines = Vec::new();
        let (pairs, left) = pair_group(&cx, &(0..8).collect::<Vec<_>>(), &[], &mut lines);
        assert!(left.is_empty());
        numbered(&pairs)
    }

    /// 6.3: white 1 has played black 5: he takes the first black of the lower rows he has
    /// not played, 6, and row 2 goes on with the first black left, 5.
    #[test]
    fn dubov_6_3_the_first_black_not_played_from_the_lower_rows() {
        assert_eq!(columns(&[(1, 5)]), vec![(1, 6), (2, 5), (3, 7), (4, 8)]);
    }

    /// 6.3, the text's order of changes: 3 and 4 have both played 7. Row 1: 1-5; row 2: 2-6;
    /// row 3: 3 has played 7, so the first black below he has not played, 8: 3-8. Row 4: the
    /// only black left, 7, has played 4: the row above is changed first, but 3 can take no
    /// other black left (only 7); so row 2: 2 takes 7, 4 takes 6. Row 3 is not changed and
    /// keeps 3-8. (The first complete assignment row by row, the earlier reading, would give
    /// 1-5, 2-7, 3-6, 4-8, rewriting row 3, which the text leaves alone.)
    #[test]
    fn dubov_6_3_a_row_not_changed_keeps_its_pair() {
        assert_eq!(
            columns(&[(3, 7), (4, 7)]),
            vec![(1, 5), (2, 7), (3, 8), (4, 6)]
        );
    }

    /// 6.3: a meeting in the last row changes the last but one: 3-8, 4-7.
    #[test]
    fn dubov_6_3_a_meeting_in_the_last_row_changes_the_row_above() {
        assert_eq!(columns(&[(4, 8)]), vec![(1, 5), (2, 6), (3, 8), (4, 7)]);
    }

    /// 6.3: row 3's white has played both blacks left below (7 and 8 after 5, 6 went to rows
    /// 1 and 2): row 2 is changed (2-7), and row 3 takes 6.
    #[test]
    fn dubov_6_3_rows_above_are_changed_when_the_lower_rows_are_used_up() {
        assert_eq!(
            columns(&[(3, 7), (3, 8)]),
            vec![(1, 5), (2, 7), (3, 6), (4, 8)]
        );
    }

    /// 7.3: six whites and two blacks: two whites with the lowest ARO (1 and 2) move to the
    /// black group. Then whites 3-6 by ARO, blacks 7, 8 (R 2400, 2300) then 2, 1 (R 2000,
    /// equal: the higher ARO first).
    #[test]
    fn dubov_7_3_whites_with_the_lowest_aro_become_black() {
        let players = [
            p(2000, (2000, 1), W, 1),
            p(2000, (2050, 1), W, 1),
            p(2000, (2100, 1), W, 1),
            p(2000, (2200, 1), W, 1),
            p(2000, (2300, 1), W, 1),
            p(2000, (2400, 1), W, 1),
            p(2400, (0, 0), B, 1),
            p(2300, (0, 0), B, 1),
        ];
        let cx = ctx(&players, &[]);
        let mut lines = Vec::new();
        let (pairs, _) = pair_group(&cx, &(0..8).collect::<Vec<_>>(), &[], &mut lines);
        assert!(
            lines
                .iter()
                .any(|l| l.says("7.3", "moved to the black subgroup (lowest ARO): 1 2")),
            "{lines:?}"
        );
        assert_eq!(numbered(&pairs), vec![(3, 7), (4, 8), (5, 2), (6, 1)]);
    }

    /// 7.4: the other way: blacks with the highest ARO become white.
    #[test]
    fn dubov_7_4_blacks_with_the_highest_aro_become_white() {
        let players = [
            p(2000, (2000, 1), W, 1),
            p(2400, (2000, 1), B, 1),
            p(2300, (2500, 1), B, 1),
            p(2200, (2100, 1), B, 1),
        ];
        let cx = ctx(&players, &[]);
        let mut lines = Vec::new();
        let (pairs, _) = pair_group(&cx, &(0..4).collect::<Vec<_>>(), &[], &mut lines);
        // 3 has the highest ARO among the blacks: white. Whites by ARO: 1 (2000), 3 (2500);
        // blacks by R: 2 (2400), 4 (2200).
        assert_eq!(numbered(&pairs), vec![(1, 2), (3, 4)]);
    }

    /// 2.6: a white who must not have Black (2.3/2.4) is not moved by 7.3; the next lowest ARO
    /// is.
    #[test]
    fn dubov_2_6_no_transfer_against_2_3_or_2_4() {
        let players = [
            p(2000, (2000, 1), W, 1),
            p(2000, (2100, 1), W, 1),
            p(2000, (2200, 1), W, 1),
            p(2400, (0, 0), B, 1),
        ];
        let mut cx = ctx(&players, &[]);
        cx.players[0].must = Some(Color::White);
        let mut lines = Vec::new();
        let (pairs, _) = pair_group(&cx, &(0..4).collect::<Vec<_>>(), &[], &mut lines);
        assert!(
            lines
                .iter()
                .any(|l| l.says("7.3", "moved to the black subgroup (lowest ARO): 2.")),
            "{lines:?}"
        );
        assert_eq!(numbered(&pairs), vec![(1, 4), (3, 2)]);
    }

    /// 4 and 2.2: the lowest R gets the bye, unless he has had a point without playing.
    #[test]
    fn dubov_4_2_2_the_bye() {
        let players = [
            p(2300, (0, 0), W, 0),
            p(2200, (0, 0), B, 0),
            p(2100, (0, 0), W, 0),
        ];
        let mut cx = ctx(&players, &[]);
        let (_, bye, _) = procedure(&mut cx.clone(), &[vec![0, 1, 2]]).unwrap();
        assert_eq!(bye, Some(2));
        cx.players[2].unplayed_point = true;
        let (_, bye, _) = procedure(&mut cx, &[vec![0, 1, 2]]).unwrap();
        assert_eq!(bye, Some(1));
    }

    /// 7.2 with 2.5: an odd group takes, from the next group, the player due the colour
    /// opposite to the group's dominating one (Black: two of three are due White), then the
    /// highest R; one who upfloated last round may not be taken (2.5).
    #[test]
    fn dubov_7_2_2_5_the_odd_group_takes_a_player_from_below() {
        let players = [
            p(2400, (0, 0), W, 2),
            p(2300, (0, 0), W, 2),
            p(2200, (0, 0), B, 2),
            p(2350, (0, 0), W, 1), // due White: not the colour wanted
            p(2250, (0, 0), B, 1), // due Black, the highest R of those
            p(2150, (0, 0), B, 1),
            p(2100, (0, 0), W, 1),
            p(2000, (0, 0), B, 1),
        ];
        let groups = vec![vec![0, 1, 2], vec![3, 4, 5, 6, 7]];
        let (pairs, _, lines) = procedure(&mut ctx(&players, &[]), &groups).unwrap();
        assert!(
            lines.iter().any(|l| l.says("7.2", "the group is odd; 5 ")),
            "{lines:?}"
        );
        assert!(numbered(&pairs)
            .iter()
            .any(|&(a, b)| a.min(b) <= 3 && a.max(b) == 5));
        let mut cx = ctx(&players, &[]);
        cx.players[4].up_last = true;
        let (_, _, lines) = procedure(&mut cx, &groups).unwrap();
        assert!(
            lines.iter().any(|l| l.says("7.2", "the group is odd; 6 ")),
            "{lines:?}"
        );
    }

    /// 7.1: a player who has met everyone in his group gets a player transferred up to play
    /// him: one who has not met him, due the opposite colour, the highest R.
    #[test]
    fn dubov_7_1_a_player_who_has_met_his_whole_group() {
        let players = [
            p(2400, (0, 0), W, 2),
            p(2300, (0, 0), B, 2),
            p(2200, (0, 0), W, 2),
            p(2350, (0, 0), W, 1),
            p(2250, (0, 0), B, 1),
            p(2150, (0, 0), B, 1),
            p(2100, (0, 0), W, 1),
            p(2000, (0, 0), B, 1),
        ];
        // 1 has met 2 and 3.
        let groups = vec![vec![0, 1, 2], vec![3, 4, 5, 6, 7]];
        let (pairs, _, lines) = procedure(&mut ctx(&players, &[(1, 2), (1, 3)]), &groups).unwrap();
        assert!(
            lines.iter().any(|l| l.says("7.1", "1 can play no one")),
            "{lines:?}"
        );
        assert!(numbered(&pairs).contains(&(1, 5)), "{pairs:?}");
        assert!(numbered(&pairs).contains(&(3, 2)) || numbered(&pairs).contains(&(2, 3)));
    }

    /// 6.4, 8.1 and 8.2: in the top group, 1, 2 and 3 must have White (2.3/2.4) and 4 is
    /// due Black: only one pair. The white column (6.2: equal AROs, the lower R first) is
    /// 3, 2, 1: the pair nearest the columns' order is 3-4, and 2 and 1 float down (6.4, all
    /// alike by its preferences). Below, 8.1 orders the "white" floaters the same way: 2
    /// first, then 1. 8.2: 2 takes the highest R due Black, 5 (R 2350); 1 the next, 7. The rest
    /// of the group, 6 and 8, both due White: 7.3 moves 6 (equal ARO, the higher R) to Black.
    #[test]
    fn dubov_6_4_8_1_8_2_floaters_are_paired_first() {
        let players = [
            p(2400, (0, 0), W, 3),
            p(2300, (0, 0), W, 3),
            p(2200, (0, 0), W, 3),
            p(2100, (0, 0), B, 3),
            p(2350, (0, 0), B, 1),
            p(2250, (0, 0), W, 1),
            p(2150, (0, 0), B, 1),
            p(2100, (0, 0), W, 1),
        ];
        let mut cx = ctx(&players, &[]);
        for i in 0..3 {
            cx.players[i].must = Some(Color::White);
        }
        let groups = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
        let (pairs, _, lines) = procedure(&mut cx, &groups).unwrap();
        let text = crate::pairing::explanation::to_text(&lines);
        assert!(text.contains("6.4: floating down: 2 1."), "{text}");
        assert_eq!(
            numbered(&pairs),
            vec![(3, 4), (2, 5), (1, 7), (8, 6)],
            "{text}"
        );
    }

    /// 6.3's last case, row by row: whites 1, 2, 3 (AROs 2300, 2310, 2320), blacks 4, 5, 6
    /// (R 2400, 2390, 2380); 2 has met every black. No white-black pairing exists; the most
    /// white-black pairs is two, and two pairings have them at the same distance from the
    /// columns: 1-4, 2-3, 5-6 and 2-1, 3-6, 4-5. Row by row, 1 takes the first black, 4;
    /// then 2, who has met every black, the next white, 3 (6.3); the blacks left play.
    #[test]
    fn dubov_6_3_the_last_case_goes_row_by_row() {
        let players = [
            p(2200, (2300, 1), W, 1),
            p(2190, (2310, 1), W, 1),
            p(2180, (2320, 1), W, 1),
            p(2400, (0, 0), B, 1),
            p(2390, (0, 0), B, 1),
            p(2380, (0, 0), B, 1),
        ];
        let mut cx = ctx(&players, &[(2, 4), (2, 5), (2, 6)]);
        let (pairs, _, lines) = procedure(&mut cx, &[vec![0, 1, 2, 3, 4, 5]]).unwrap();
        assert_eq!(numbered(&pairs), vec![(1, 4), (2, 3), (5, 6)], "{lines:?}");
    }

    /// 6.3's last case in a large group: 150 whites, 150 blacks, every white has met the
    /// first two blacks and the first white every black. Every player is still paired (the
    /// most pairs), within 2.1, and the white rows take blacks wherever they can; 1 takes the
    /// white below him.
    #[test]
    fn dubov_6_3_the_last_case_in_a_large_group() {
        let n = 150;
        let mut players = Vec::new();
        for i in 0..n {
            players.push(p(2000 + i as u16, (2100 + i as u64, 1), W, 1));
        }
        for i in 0..n {
            players.push(p(2500 - i as u16, (0, 0), B, 1));
        }
        let mut met = Vec::new();
        for w in 1..=n {
            met.push((w, n + 1));
            met.push((w, n + 2));
        }
        for b in n + 3..=2 * n {
            met.push((1, b));
        }
        let mut cx = ctx(&players, &met);
        let all: Vec<usize> = (0..2 * n).collect();
        let (pairs, _, lines) = procedure(&mut cx, &[all]).unwrap();
        assert_eq!(pairs.len(), n, "{lines:?}");
        for &(a, b, _) in &pairs {
            assert!(cx.pair_ok(a, b));
        }
        // 1 with the next white, 2 (6.3); the two blacks everyone met together; the other
        // 148 whites with the other 148 blacks.
        let cross = pairs
            .iter()
            .filter(|&&(a, b, _)| (a < n) != (b < n))
            .count();
        assert_eq!(cross, n - 2, "{lines:?}");
        assert!(numbered(&pairs).contains(&(1, 2)), "{lines:?}");
        assert!(numbered(&pairs).contains(&(n + 1, n + 2)), "{lines:?}");
    }

    /// 3: colours: both due colours; then equalising; then alternating from the first
    /// difference; then White to the higher ARO; then to the lower R.
    #[test]
    fn dubov_3_colour_allocation() {
        let players = [p(2300, (2000, 1), W, 1), p(2200, (2100, 1), B, 1)];
        let mut cx = ctx(&players, &[]);
        assert_eq!(
            colour(&cx, 0, 1, 0, Color::White),
            (true, ("3", "both due colours"))
        );
        // Both due White; 1 has had more Black: he gets White (equalising).
        cx.players[1].due = W;
        cx.players[0].colors = vec![Color::Black, Color::Black, Color::White];
        cx.players[1].colors = vec![Color::White, Color::Black];
        assert!(colour(&cx, 0, 1, 0, Color::White).0);
        // Equal balance, histories differ first in the previous round: alternate.
        cx.players[0].colors = vec![Color::White, Color::Black];
        cx.players[1].colors = vec![Color::Black, Color::White];
        // (1 had Black in the previous round, 2 White: 1 now White.)
        assert_eq!(
            colour(&cx, 0, 1, 0, Color::White),
            (true, ("3", "alternating from the first difference"))
        );
        // The same histories: White to the higher ARO (2).
        cx.players[1].colors = cx.players[0].colors.clone();
        assert_eq!(
            colour(&cx, 0, 1, 0, Color::White),
            (false, ("3", "White to the higher ARO"))
        );
        // The same AROs: White to the lower R (2).
        cx.players[1].aro.sum = 2000;
        assert_eq!(
            colour(&cx, 0, 1, 0, Color::White),
            (false, ("3", "White to the lower R"))
        );
    }
}
