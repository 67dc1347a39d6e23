//! Dutch 2026 Articles 1.9 and 3: the round bracket by bracket from the top scoregroup, and
//! in each bracket the candidates in the order of Article 4, the first perfect one accepted
//! (3.4) or else the best (3.8).

use super::*;

/// The candidates a bracket may visit before the best found so far stands (a literal search
/// grows with the factorial of the bracket; the explanation says when this was reached).
pub(crate) const CANDIDATE_LIMIT: usize = 20_000;

/// The candidate a bracket accepted, with what the explanation says of it.
pub(crate) struct Chosen {
    pub(crate) cand: Candidate,
    pub(crate) quality: Quality,
    pub(crate) perfect: bool,
    /// Candidates built and evaluated.
    pub(crate) tried: usize,
    /// The first candidate in the sequence (3.3), when it was not the one accepted.
    pub(crate) first: Option<(Candidate, Option<Quality>)>,
    pub(crate) limited: bool,
}

/// The best any candidate could reach on each criterion: a candidate that reaches all of them
/// is perfect (3.4) and is accepted at once.
struct Ideal {
    c5: Option<Points>,
    c6: usize,
    c7: Vec<Points>,
    /// [C8]: the next bracket's parity, left over with the next scoregroup's score.
    c8: (usize, Vec<Points>),
    /// [C12] and [C13]: the preferences the colours alone force to be denied.
    c12: usize,
    c13: usize,
}

/// [C12] (`strong` false) or [C13] (`strong` true): the fewest preferences a pairing of
/// `pairs` pairs among `players`, `floating` of them left out, must deny: the players
/// preferring one colour beyond what the pairs can give them.
fn forced_denials(
    cx: &Ctx,
    players: &[PlayerIx],
    pairs: usize,
    floating: usize,
    strong: bool,
) -> usize {
    let counts = |c: Color| {
        players
            .iter()
            .filter(|&&p| {
                let pref = cx.players[p].pref;
                pref.color() == Some(c)
                    && (!strong
                        || matches!(
                            pref,
                            ColorPreference::Strong(_) | ColorPreference::Absolute(_)
                        ))
            })
            .count()
    };
    let beyond = |n: usize| n.saturating_sub(floating + pairs);
    beyond(counts(Color::White)) + beyond(counts(Color::Black))
}

impl Ideal {
    fn reached_by(&self, q: &Quality) -> bool {
        q.c5 <= self.c5
            && q.c6 <= self.c6
            && q.c7 <= self.c7
            && q.c8 <= self.c8
            && q.c9 == 0
            && q.counts[0] == 0
            && q.counts[1] == 0
            && q.counts[2] <= self.c12
            && q.counts[3] <= self.c13
            && q.counts[4..].iter().all(|&n| n == 0)
            && q.diffs.iter().all(Vec::is_empty)
    }
}

/// The search through one bracket's sequence of candidates.
struct Search<'a> {
    cx: &'a Ctx,
    b: &'a Bracket,
    ideal: Ideal,
    best: Option<(Candidate, Quality)>,
    first: Option<(Candidate, Option<Quality>)>,
    tried: usize,
    perfect: bool,
    limited: bool,
}

impl Search<'_> {
    /// Evaluates the next candidate of the sequence; `false` to stop (perfect, or the limit).
    fn visit(&mut self, cand: Candidate) -> bool {
        self.tried += 1;
        let q = evaluate(self.cx, self.b, &cand);
        if self.first.is_none() {
            self.first = Some((cand.clone(), q.clone()));
        }
        if let Some(q) = q {
            if self.ideal.reached_by(&q) {
                self.best = Some((cand, q));
                self.perfect = true;
                return false;
            }
            if self.best.as_ref().is_none_or(|(_, b)| q < *b) {
                self.best = Some((cand, q));
            }
        }
        if self.tried >= CANDIDATE_LIMIT {
            self.limited = true;
            return false;
        }
        true
    }

    /// 3.6 on `players` (a homogeneous bracket or a remainder) with `n1` in S1: every
    /// resident-exchange in 4.3.2's order (none first), and for each every transposition of
    /// S2 (4.2.2); `pairs` and `floaters` already made by the MDP-Pairing. `false` once the
    /// search stops.
    fn homogeneous(
        &mut self,
        players: &[PlayerIx],
        n1: usize,
        pairs: &[(PlayerIx, PlayerIx)],
        floaters: &[PlayerIx],
        mdp_pairs: usize,
    ) -> bool {
        let n = players.len();
        let n2 = n - n1;
        let mut exchanges = vec![(Vec::new(), Vec::new())];
        for k in 1..=n1.min(n2) {
            exchanges.extend(exchanges_of_size(n1, n2, k));
        }
        for (a, b) in exchanges {
            // 3.6.1: the newly formed S1 and S2, each ordered by 1.2.
            let s1: Vec<PlayerIx> = (0..n)
                .filter(|i| (*i < n1 && !a.contains(i)) || b.contains(i))
                .map(|i| players[i])
                .collect();
            let s2: Vec<PlayerIx> = (0..n)
                .filter(|i| (*i >= n1 && !b.contains(i)) || a.contains(i))
                .map(|i| players[i])
                .collect();
            let cx = self.cx;
            let mut go_on = true;
            transpositions(
                n1,
                s2.len(),
                &|i, j| cx.pair_ok(s1[i], s2[j]),
                &mut |chosen| {
                    let mut all = pairs.to_vec();
                    all.extend(chosen.iter().enumerate().map(|(i, &j)| (s1[i], s2[j])));
                    let mut left = floaters.to_vec();
                    left.extend((0..s2.len()).filter(|j| !chosen.contains(j)).map(|j| s2[j]));
                    go_on = self.visit(Candidate {
                        pairs: all,
                        mdp_pairs,
                        floaters: left,
                    });
                    go_on
                },
            );
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// The most pairs `players` can form among themselves within [C1]-[C3].
fn max_pairs(cx: &Ctx, players: &[PlayerIx]) -> usize {
    crate::cardinality::Cardinality::new(players.len())
        .maximize(&|i, j| cx.pair_ok(players[i], players[j]))
}

/// Pairs one bracket: the MDP-Pairing and the remainder of a heterogeneous bracket (3.7), or
/// the homogeneous bracket (3.6), as many pairs as it allows (3.1.2), one fewer each time no
/// candidate with that many leaves the rest completable ([C4]).
pub(crate) fn pair_bracket(cx: &Ctx, b: &Bracket) -> Option<Chosen> {
    let score = |p: &PlayerIx| cx.players[*p].score;
    // 3.1: M1, the MDPs that can be paired with distinct residents.
    let (nm, nr) = (b.mdps.len(), b.residents.len());
    let m1 = crate::cardinality::Cardinality::new(nm + nr).maximize(&|i, j| {
        let (i, j) = (i.min(j), i.max(j));
        i < nm && j >= nm && cx.pair_ok(b.mdps[i], b.residents[j - nm])
    });
    let all: Vec<PlayerIx> = b.mdps.iter().chain(&b.residents).copied().collect();
    let everyone: Vec<PlayerIx> = all.iter().chain(&b.lower).copied().collect();
    let most = m1;
    let rest_pairs = max_pairs(cx, &b.residents);
    // The ideal: as many pairs as the bracket allows, its lowest scores floating, the bye to
    // the lowest score eligible, the next bracket with at most its parity left over.
    let c6 = all.len() - 2 * (most + rest_pairs.min(b.residents.len().saturating_sub(most) / 2));
    let mut floor: Vec<Points> = all.iter().map(score).collect();
    floor.sort();
    floor.truncate(c6);
    floor.sort_by(|x, y| y.cmp(x));
    let ideal = Ideal {
        c5: if (c6 + b.lower.len()) % 2 == 1 {
            everyone
                .iter()
                .filter(|p| cx.players[**p].can_bye)
                .map(score)
                .min()
        } else {
            None
        },
        c6,
        c7: floor,
        c8: match b.next.first() {
            Some(&n) if !b.lower.is_empty() => {
                let k = (c6 + b.next.len()) % 2;
                (k, vec![score(&n); k])
            }
            _ => (0, Vec::new()),
        },
        c12: forced_denials(cx, &all, (all.len() - c6) / 2, c6, false),
        c13: forced_denials(cx, &all, (all.len() - c6) / 2, c6, true),
    };
    let mut s = Search {
        cx,
        b,
        ideal,
        best: None,
        first: None,
        tried: 0,
        perfect: false,
        limited: false,
    };
    // Reading of 3.1.2-3.1.3: M1 and MaxPairs are the most that [C4] and [C5] allow; fewer
    // MDPs paired, then fewer pairs, are tried after all candidates with more, since [C5]
    // ranks above [C6].
    'sizes: for m1 in (0..=most).rev() {
        // 4.4: the sets of m1 pairable MDPs, in 4.4.2's order; [C4] and [C7] judge the Limbo
        // each leaves with the rest of the candidate (reading of 4.4.1).
        let sets: Vec<Vec<usize>> = subsets(b.mdps.len(), m1)
            .into_iter()
            .filter(|set| {
                let s: Vec<PlayerIx> = set.iter().map(|&i| b.mdps[i]).collect();
                crate::pairing::bipartite_perfect(&s, &b.residents, |x, y| cx.pair_ok(x, y))
            })
            .collect();
        for pairs_cap in (0..=rest_pairs).rev() {
            for set in &sets {
                let s1: Vec<PlayerIx> = set.iter().map(|&i| b.mdps[i]).collect();
                let limbo: Vec<PlayerIx> = (0..b.mdps.len())
                    .filter(|i| !set.contains(i))
                    .map(|i| b.mdps[i])
                    .collect();
                let s2 = &b.residents;
                let mut go_on = true;
                transpositions(
                    m1,
                    s2.len(),
                    &|i, j| cx.pair_ok(s1[i], s2[j]),
                    &mut |chosen| {
                        let pairs: Vec<(PlayerIx, PlayerIx)> = chosen
                            .iter()
                            .enumerate()
                            .map(|(i, &j)| (s1[i], s2[j]))
                            .collect();
                        let remainder: Vec<PlayerIx> = (0..s2.len())
                            .filter(|j| !chosen.contains(j))
                            .map(|j| s2[j])
                            .collect();
                        let top = max_pairs(cx, &remainder);
                        if pairs_cap > top {
                            // Visited at the cap the remainder allows.
                            return true;
                        }
                        go_on = s.homogeneous(&remainder, pairs_cap, &pairs, &limbo, m1);
                        go_on
                    },
                );
                if !go_on {
                    break 'sizes;
                }
            }
        }
    }
    let (cand, quality) = s.best?;
    let first = s
        .first
        .filter(|(f, _)| f.pairs != cand.pairs || f.floaters != cand.floaters);
    Some(Chosen {
        cand,
        quality,
        perfect: s.perfect,
        tried: s.tried,
        first,
        limited: s.limited,
    })
}

/// The pairs `(white, black)` in board order, and the bye.
pub(crate) type Paired = (Vec<(Tpn, Tpn)>, Option<Tpn>);

/// 1.9: the round, bracket by bracket from the top scoregroup; the pairs in board order
/// (C.04.2 3.6's recommended order) with their colours (5.2) and the bye.
pub(crate) fn procedure(
    cx: &Ctx,
    initial: Color,
    explanation: &mut Vec<Step>,
) -> Result<Paired, String> {
    let ranked: Vec<PlayerIx> = cx.players.indices().collect();
    if !cx.completable(&ranked) {
        return Err(
            "no pairing of the round complies with [C1]-[C3] (1.9.3: the Chief Arbiter decides)"
                .into(),
        );
    }
    // 1.3.1: the scoregroups, highest first.
    let mut groups: Vec<Vec<PlayerIx>> = Vec::new();
    for p in ranked {
        match groups.last_mut() {
            Some(g) if cx.players[g[0]].score == cx.players[p].score => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let mut pairs: Vec<(PlayerIx, PlayerIx)> = Vec::new();
    let mut mdps: Vec<PlayerIx> = Vec::new();
    for (g, residents) in groups.iter().enumerate() {
        let b = Bracket {
            mdps: std::mem::take(&mut mdps),
            residents: residents.clone(),
            lower: groups[g + 1..].iter().flatten().copied().collect(),
            next: groups.get(g + 1).cloned().unwrap_or_default(),
            initial,
        };
        explanation.push(Step::heading(format!(
            "Bracket {} ({}): residents {}{}.",
            g + 1,
            cx.players[residents[0]].score,
            cx.tpns(&b.residents),
            if b.mdps.is_empty() {
                String::new()
            } else {
                format!("; MDPs {}", cx.tpns(&b.mdps))
            }
        )));
        let chosen = pair_bracket(cx, &b).ok_or_else(|| {
            format!(
                "bracket {} cannot be paired so that the rest can be completed ([C4])",
                g + 1
            )
        })?;
        describe(cx, &chosen, explanation);
        pairs.extend(chosen.cand.pairs.iter().copied());
        mdps = chosen.cand.floaters.clone();
    }
    let bye = match mdps.as_slice() {
        [] => None,
        [one] => Some(cx.players[*one].tpn),
        more => {
            return Err(format!(
                "{} players are left unpaired after the last bracket",
                more.len()
            ));
        }
    };
    if let Some(b) = bye {
        explanation.push(Step::new(
            "1.5",
            format!("{b} downfloats from the last bracket and receives the pairing-allocated bye."),
        ));
    }
    // C.04.2 3.6: boards by the higher score of the pair, the sum, the higher-ranked's TPN.
    pairs.sort_by_key(|&(a, b)| {
        let (h, l) = if a < b { (a, b) } else { (b, a) };
        let (ph, pl) = (&cx.players[h], &cx.players[l]);
        (
            std::cmp::Reverse(ph.score.max(pl.score)),
            std::cmp::Reverse(ph.score + pl.score),
            ph.tpn,
        )
    });
    let mut out = Vec::with_capacity(pairs.len());
    for (board, &(a, b)) in pairs.iter().enumerate() {
        let ((w, bl), why) = allocate(cx, a, b, initial);
        let (w, bl) = (cx.players[w].tpn, cx.players[bl].tpn);
        if board < 200 {
            explanation.push(Step::new(why, format!("board {}: {w} - {bl}.", board + 1)));
        }
        out.push((w, bl));
    }
    Ok((out, bye))
}

/// What the explanation says of a bracket's accepted candidate.
fn describe(cx: &Ctx, c: &Chosen, explanation: &mut Vec<Step>) {
    let pairs = c
        .cand
        .pairs
        .iter()
        .map(|&(a, b)| format!("{}-{}", cx.players[a].tpn, cx.players[b].tpn))
        .collect::<Vec<_>>()
        .join(", ");
    let floaters = if c.cand.floaters.is_empty() {
        "no downfloater".to_string()
    } else {
        format!("downfloaters {}", cx.tpns(&c.cand.floaters))
    };
    if c.perfect {
        explanation.push(
            Step::new(
                "3.4",
                format!(
                    "candidate {} of the sequence is perfect: {pairs}; {floaters}.",
                    c.tried
                ),
            )
            .inner(),
        );
    } else {
        let fails = c.quality.unfulfilled();
        explanation.push(
            Step::new(
                "3.8",
                format!(
                    "no perfect candidate among {} ({}); the best: {pairs}; {floaters}{}.",
                    c.tried,
                    if c.limited {
                        "the search limit was reached: check this bracket by hand"
                    } else {
                        "all of them"
                    },
                    if fails.is_empty() {
                        String::new()
                    } else {
                        format!("; it does not fulfil {}", fails.join(", "))
                    }
                ),
            )
            .inner(),
        );
        if let Some((_, q)) = &c.first {
            let why = match q {
                None => "it leaves the rest unpairable ([C4])".to_string(),
                Some(q) => format!("it is worse on {}", q.worse_than(&c.quality).join(", ")),
            };
            explanation.push(
                Step::new("3.8", format!("the first candidate was not taken: {why}.")).inner(),
            );
        }
    }
}
