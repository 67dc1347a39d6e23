//! The identifiers every vocabulary of this crate shares: a tournament's, and a player's
//! registration number. Persisted as they are (a UUID, a number), and named so by the
//! application's commands and answers.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// A tournament's identifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TournamentId(pub Uuid);

impl TournamentId {
    /// A new identifier (UUID v7: ordered by creation time).
    pub fn new() -> TournamentId {
        TournamentId(Uuid::now_v7())
    }
}

impl Default for TournamentId {
    fn default() -> TournamentId {
        TournamentId::new()
    }
}

impl std::fmt::Display for TournamentId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A player's registration number in the tournament: 1 for the first registered, and so on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerKey(pub u32);
