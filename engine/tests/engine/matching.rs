//! The weighted matching against exhaustive search on many small random graphs.

use engine::matching::weighted::{has_perfect_matching, max_weight_matching, Edge};
use proptest::prelude::*;

/// The best (cardinality, weight) over all matchings, by trying them all.
fn exhaustive(n: usize, edges: &[Edge], max_cardinality: bool) -> (usize, i64) {
    fn go(
        v: usize,
        used: &mut Vec<bool>,
        adj: &Vec<Vec<(usize, i64)>>,
        card: usize,
        weight: i64,
        best: &mut (usize, i64),
        maxc: bool,
    ) {
        let n = used.len();
        let mut v = v;
        while v < n && used[v] {
            v += 1;
        }
        if v == n {
            let better = if maxc {
                (card, weight) > *best
            } else {
                weight > best.1 || (weight == best.1 && card > best.0)
            };
            if better {
                *best = (card, weight);
            }
            return;
        }
        used[v] = true;
        go(v + 1, used, adj, card, weight, best, maxc);
        for &(w, wt) in &adj[v] {
            if !used[w] {
                used[w] = true;
                go(v + 1, used, adj, card + 1, weight + wt, best, maxc);
                used[w] = false;
            }
        }
        used[v] = false;
    }
    let mut adj = vec![Vec::new(); n];
    for &(i, j, w) in edges {
        adj[i].push((j, w));
        adj[j].push((i, w));
    }
    let mut best = (0, 0);
    go(
        0,
        &mut vec![false; n],
        &adj,
        0,
        0,
        &mut best,
        max_cardinality,
    );
    best
}

fn graph() -> impl Strategy<Value = (usize, Vec<Edge>)> {
    (2usize..10)
        .prop_flat_map(|n| {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect();
            let m = pairs.len();
            (
                Just(n),
                Just(pairs),
                proptest::collection::vec((any::<bool>(), -5i64..30), m),
            )
        })
        .prop_map(|(n, pairs, picks)| {
            let edges = pairs
                .into_iter()
                .zip(picks)
                .filter(|(_, (keep, _))| *keep)
                .map(|((i, j), (_, w))| (i, j, w))
                .collect();
            (n, edges)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_best_matching_as_exhaustive_search_finds_it((n, edges) in graph(), max_cardinality in any::<bool>()) {
        let mate = max_weight_matching(n, &edges, max_cardinality);
        // A matching: symmetric, along edges of the graph.
        let mut weight = 0;
        let mut card = 0;
        for (v, m) in mate.iter().enumerate() {
            if let Some(w) = *m {
                prop_assert_eq!(mate[w], Some(v));
                let e = edges.iter().find(|&&(i, j, _)| (i, j) == (v.min(w), v.max(w)));
                prop_assert!(e.is_some(), "{}-{} is not an edge", v, w);
                if v < w {
                    weight += e.unwrap().2;
                    card += 1;
                }
            }
        }
        let (best_card, best_weight) = exhaustive(n, &edges, max_cardinality);
        if max_cardinality {
            prop_assert_eq!((card, weight), (best_card, best_weight));
        } else {
            prop_assert_eq!(weight, best_weight);
        }
    }
}

#[test]
fn perfect_matchings() {
    // A 6-cycle has one; two triangles do not.
    let cycle: Vec<Edge> = (0..6)
        .map(|i| (i, (i + 1) % 6, 1))
        .map(|(i, j, w)| (i.min(j), i.max(j), w))
        .collect();
    assert!(has_perfect_matching(6, &cycle));
    let triangles = vec![
        (0, 1, 1),
        (1, 2, 1),
        (0, 2, 1),
        (3, 4, 1),
        (4, 5, 1),
        (3, 5, 1),
    ];
    assert!(!has_perfect_matching(6, &triangles));
    assert!(!has_perfect_matching(3, &[(0, 1, 1), (1, 2, 1)]));
}
