//! The literal search: every exchange of D.2 and every transposition of D.1 in order, each
//! complete candidate tested (small fields only; it holds the fast search to the text).
use super::criteria::Sink;
use super::criteria::Within;
use super::definitions::Ctx;
use super::definitions::Level;
use super::exchanges::exchange_of;
use super::exchanges::exchanged;
use super::exchanges::Exchanges;
use super::search::found;
use super::search::Found;
use super::search::Search;
use crate::pairing::index::PlayerIx;

/// A transposition being built: the S2 positions chosen so far, in S1's order, and which
/// positions are taken.
struct Partial {
    used: Vec<bool>,
    chosen: Vec<usize>,
}

/// The search that visits every candidate in order.
pub(crate) struct Literal;

impl Literal {
    /// D.1: the transpositions of `s2` in order; the first whose pairs with `s1` meet the level
    /// and whose leftovers the sink accepts. Returns the chosen S2 positions.
    pub(super) fn transposition(
        cx: &Ctx,
        s1: &[PlayerIx],
        s2: &[PlayerIx],
        lv: &Level,
        allowed: usize,
        sink: &Sink,
    ) -> Option<(Vec<usize>, usize)> {
        fn go(
            cx: &Ctx,
            s1: &[PlayerIx],
            s2: &[PlayerIx],
            within: Within<'_>,
            part: &mut Partial,
            viol: usize,
        ) -> Option<usize> {
            let Within { lv, allowed, sink } = within;
            let i = part.chosen.len();
            if i == s1.len() {
                let floaters: Vec<PlayerIx> = (0..s2.len())
                    .filter(|&j| !part.used[j])
                    .map(|j| s2[j])
                    .collect();
                return sink.accepts_floaters_at(cx, &floaters, lv).then_some(viol);
            }
            for j in 0..s2.len() {
                if part.used[j] || !cx.pair_ok(s1[i], s2[j], lv) {
                    continue;
                }
                let v = usize::from(cx.denies(s1[i], s2[j]));
                if viol + v > allowed {
                    continue;
                }
                part.used[j] = true;
                part.chosen.push(j);
                if let Some(total) = go(cx, s1, s2, within, part, viol + v) {
                    return Some(total);
                }
                part.chosen.pop();
                part.used[j] = false;
            }
            None
        }
        let mut part = Partial {
            used: vec![false; s2.len()],
            chosen: Vec::new(),
        };
        let viol = go(cx, s1, s2, Within { lv, allowed, sink }, &mut part, 0)?;
        Some((part.chosen, viol))
    }
}

impl Search for Literal {
    fn homogeneous(
        &self,
        cx: &Ctx,
        group: &[PlayerIx],
        p: usize,
        lv: &Level,
        allowed: usize,
        sink: &Sink,
    ) -> Option<Found> {
        let (s1, s2) = group.split_at(p);
        for (a, b) in Exchanges::new(s1.len(), s2.len()) {
            let (n1, n2) = exchanged(s1, s2, &a, &b);
            if let Some((chosen, viol)) = Literal::transposition(cx, &n1, &n2, lv, allowed, sink) {
                return Some(found(&n1, &n2, &chosen, viol, exchange_of(s1, s2, &a, &b)));
            }
        }
        None
    }

    fn heterogeneous(
        &self,
        cx: &Ctx,
        mdps: &[PlayerIx],
        residents: &[PlayerIx],
        pr: usize,
        within: Within<'_>,
    ) -> Option<(Found, Vec<PlayerIx>)> {
        // Every transposition of the residents against the players moved down, in order;
        // the remainder tried by the literal search too.
        fn go(
            cx: &Ctx,
            mdps: &[PlayerIx],
            residents: &[PlayerIx],
            pr: usize,
            within: Within<'_>,
            part: &mut Partial,
            viol: usize,
        ) -> Option<usize> {
            let Within { lv, allowed, sink } = within;
            let i = part.chosen.len();
            if i == mdps.len() {
                let rest: Vec<PlayerIx> = (0..residents.len())
                    .filter(|&j| !part.used[j])
                    .map(|j| residents[j])
                    .collect();
                let ok = if pr == 0 {
                    sink.accepts_floaters_at(cx, &rest, lv)
                } else {
                    Literal
                        .homogeneous(cx, &rest, pr, lv, allowed - viol, sink)
                        .is_some()
                };
                return ok.then_some(viol);
            }
            for j in 0..residents.len() {
                if part.used[j] || !cx.pair_ok(mdps[i], residents[j], lv) {
                    continue;
                }
                let v = usize::from(cx.denies(mdps[i], residents[j]));
                if viol + v > allowed {
                    continue;
                }
                part.used[j] = true;
                part.chosen.push(j);
                if let Some(t) = go(cx, mdps, residents, pr, within, part, viol + v) {
                    return Some(t);
                }
                part.chosen.pop();
                part.used[j] = false;
            }
            None
        }
        let mut part = Partial {
            used: vec![false; residents.len()],
            chosen: Vec::new(),
        };
        let viol = go(cx, mdps, residents, pr, within, &mut part, 0)?;
        let f = found(mdps, residents, &part.chosen, viol, None);
        let rest = f.floaters.clone();
        Some((f, rest))
    }
}
