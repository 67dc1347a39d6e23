//! The weighted matching's cost on dense graphs (what a large score bracket looks like), printed
//! as figures. Run: `cargo bench -p engine --bench matching`.

use engine::matching::weighted::max_weight_matching;
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn main() {
    for n in [50usize, 100, 200, 400] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n as u64);
        // A complete graph with 5% of the pairs missing (players who have met) and weights
        // spread like a pairing system's priorities.
        let mut edges: Vec<(usize, usize, i64)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if rng.gen_bool(0.95) {
                    edges.push((i, j, rng.gen_range(0..1_000_000)));
                }
            }
        }
        let start = Instant::now();
        let mate = max_weight_matching(n, &edges, true);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let matched = mate.iter().filter(|m| m.is_some()).count();
        assert_eq!(matched, n, "a perfect matching exists");
        println!(
            "max-weight perfect matching, {n} vertices, {} edges: {ms:.1} ms",
            edges.len()
        );
    }
}
