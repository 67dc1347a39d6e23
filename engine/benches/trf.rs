//! Time to write and read a TRF file of the largest field a file can hold (9,999 players,
//! 9 rounds, Dutch 1992), and of the standings it carries: the export a server answers.
//! Printed as figures (median of 15). Run: `cargo bench -p engine --bench trf`.

use engine::pairing::generate::{generate, GenerateConfig};
use engine::standings::{apply_ranks, standings};
use engine::System;
use std::time::Instant;

/// The median time of `runs` calls of `f`, in milliseconds.
fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

fn main() {
    let t = generate(GenerateConfig {
        system: System::Dutch1992,
        players: 9_999,
        rounds: 9,
        seed: 42,
    })
    .expect("generated");
    let table = standings(&t, None, &[], 1);
    let text = engine::formats::trf::write(&t);
    println!("9,999 players, 9 rounds ({} bytes of TRF):", text.len());
    println!(
        "  copy the tournament  {:>7.2} ms",
        median_ms(15, || drop(std::hint::black_box(t.clone())))
    );
    println!(
        "  standings            {:>7.2} ms",
        median_ms(15, || drop(std::hint::black_box(standings(
            &t,
            None,
            &[],
            1
        ))))
    );
    println!(
        "  copy and apply ranks {:>7.2} ms",
        median_ms(15, || {
            let mut c = t.clone();
            apply_ranks(&mut c, &table);
            std::hint::black_box(c);
        })
    );
    println!(
        "  write                {:>7.2} ms",
        median_ms(15, || drop(std::hint::black_box(
            engine::formats::trf::write(&t)
        )))
    );
    println!(
        "  read                 {:>7.2} ms",
        median_ms(15, || drop(std::hint::black_box(
            engine::formats::trf::read(&text)
        )))
    );
}
