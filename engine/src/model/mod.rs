//! The tournament model: identifiers, points, colours, results, players, settings, the
//! tie-breaks' names, a rating report's details, the tournament itself and each player's
//! history derived from it.
//!
//! The model knows no file format, no pairing system's procedure and no standings: the
//! formats read into it and write from it, the systems and the standings read it.

pub mod acceleration;
pub mod color;
pub mod details;
pub mod history;
pub mod ids;
pub mod player;
pub mod points;
pub mod result;
pub mod settings;
pub mod team;
pub mod tiebreak;
pub mod tournament;
