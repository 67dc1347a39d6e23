//! The load of `tests/integration/load.rs` (arbiters entering every result of a round while
//! hall displays follow over WebSocket) on the embedded sled store and on PostgreSQL with one
//! and with three servers, on this machine; prints each figure. The database is a throwaway
//! PostgreSQL the benchmark starts (Debian's postgresql package).
//!
//! `cargo bench -p server --bench cluster` (LOAD_DISPLAYS, LOAD_ARBITERS and LOAD_BOARDS
//! change the load: 300 displays, 8 arbiters, 1,000 boards by default).

#![allow(clippy::unwrap_used, missing_docs)]

#[allow(dead_code)]
#[path = "../../tests/integration/support.rs"]
mod support;

#[allow(dead_code)]
#[path = "../../tests/integration/load.rs"]
mod load;

use events::testing::ThrowawayPostgres;
use support::Server;

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let displays = setting("LOAD_DISPLAYS", 300);
    let arbiters = setting("LOAD_ARBITERS", 8);
    let boards = setting("LOAD_BOARDS", 1000);
    let sled = Server::start();
    let figures = load::run(&[&sled], displays, arbiters, boards);
    println!("sled, 1 node:       {figures}");
    drop(sled);

    let pg = ThrowawayPostgres::start().unwrap_or_else(|e| panic!("{e}"));
    for nodes in [1, 3] {
        let url = pg.create_database(&format!("load{nodes}")).unwrap();
        let first = Server::start_node(&url, None);
        let chief = first.chief.clone();
        let mut servers = vec![first];
        servers.extend((1..nodes).map(|_| Server::start_node(&url, Some(chief.clone()))));
        let refs: Vec<&Server> = servers.iter().collect();
        let figures = load::run(&refs, displays, arbiters, boards);
        println!("postgres, {nodes} node(s): {figures}");
    }
}
