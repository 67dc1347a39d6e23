//! Helpers shared by the engine's tests.

use engine::player::Player;
use engine::settings::{Settings, System};
use engine::tournament::Tournament;
use engine::Tpn;
use std::path::PathBuf;

/// The project's own TRF fixtures.
pub fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/trf")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The project's fixture names.
pub const FIXTURES: [&str; 4] = [
    "club-10.trf",
    "open-30.trf",
    "weekender-100.trf",
    "double-swiss-11.trf",
];

/// The real tournament files in `../shared/trf`, or `None` (said plainly) when absent.
pub fn shared_trf(name: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/trf")
        .join(name);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(_) => {
            eprintln!(
                "NOTE: {} is absent: this check of a real tournament file did not run",
                path.display()
            );
            None
        }
    }
}

/// A tournament of `n` players rated 2400, 2390, ... seeded by Dutch A.2.
pub fn field(system: System, n: u32) -> Tournament {
    let mut t = Tournament::new(Settings::new(system));
    let players = (0..n)
        .map(|i| {
            let mut p = Player::new(Tpn::from_index(0), format!("Player,{i:03}"));
            p.rating = Some(2400 - 10 * i as u16);
            p
        })
        .collect();
    t.seed_players(players);
    t
}

/// Pairing number `n`.
pub fn tpn(n: u32) -> Tpn {
    Tpn::new(n).expect("n >= 1")
}
