//! The HTTP API against the real server, one file per resource: tournaments, players and
//! their details, rounds and pairings, results, accounts, the live connection, TRF files,
//! acceleration, the OpenAPI document and the conventions every answer keeps.

use crate::support::Server;
use serde_json::{json, Value};

mod acceleration;
mod accounts;
mod conventions;
mod details;
mod live;
mod openapi;
mod players;
mod results;
mod rounds;
mod tournaments;
mod trf;

fn settings(system: &str) -> Value {
    json!({ "system": system, "rounds": 5, "initial_color": "white" })
}

/// Creates a tournament with `n` players rated 2400, 2390, ... and returns its id.
fn tournament(server: &Server, system: &str, n: u32) -> String {
    let id = server.create_tournament("API Open", system, 5);
    server.register_players(&id, n, |i| 2400 - 10 * i);
    id
}
