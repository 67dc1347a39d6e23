//! The limits a new event's input must keep (names, reasons, details, rounds, points, an
//! imported file): what replay's admission of a new event checks, and what an import trims a
//! file's header to. A log written before a limit existed still replays: these bound only
//! what is appended now.

/// The longest name (of a tournament or a player) a new event may carry, in characters.
pub const MAX_NAME: usize = 100;
/// The longest TRF file an import records (the API's bound on an import's body).
pub const MAX_FILE: usize = 16 * 1024 * 1024;
/// The longest reason, in characters.
pub const MAX_REASON: usize = 1000;
/// The most rounds a tournament may have.
pub const MAX_ROUNDS: u16 = 99;
/// The largest point value, in tenths of a point, either way.
pub const MAX_POINTS: i32 = 1000;
/// The longest detail (a place, an arbiter, a time control).
pub const MAX_DETAIL: usize = 200;
