//! Scratch: read a TRF file and write it back.
fn main() {
    let path = std::env::args().nth(1).expect("path");
    let bytes = std::fs::read(&path).expect("read");
    match engine::trf::read_bytes(&bytes) {
        Ok(t) => {
            let out = engine::trf::write(&t);
            let orig = String::from_utf8(bytes).unwrap();
            let a: Vec<&str> = orig.lines().collect();
            let b: Vec<&str> = out.lines().collect();
            let diff = a.iter().zip(&b).filter(|(x, y)| x != y).count();
            println!(
                "{path}: {} players, {} rounds, {} lines vs {}, {} differ, bytes equal {}",
                t.players().len(),
                t.rounds().len(),
                a.len(),
                b.len(),
                diff,
                orig == out
            );
            for (x, y) in a.iter().zip(&b).filter(|(x, y)| x != y).take(5) {
                println!("- {x:?}\n+ {y:?}");
            }
        }
        Err(e) => println!("{path}: {e}"),
    }
}
