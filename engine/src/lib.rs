//! The pairing engine: the tournament model, the three pairing systems, TRF files, and the
//! validator of the absolute criteria.
//!
//! This crate is pure: no I/O, no clock, no threads, no randomness but a seeded generator. It
//! takes a [`Tournament`] and returns pairings, files as strings, and problems as values.

pub mod assignment;
pub mod cardinality;
pub mod check;
pub mod class_assignment;
pub mod color;
pub mod details;
pub mod generate;
pub mod history;
pub mod ids;
pub mod matching;
pub mod pairing;
pub mod player;
pub mod points;
pub mod rating_list;
pub mod result;
pub mod settings;
pub mod standings;
pub mod tournament;
pub mod trf;
pub mod validate;

pub use color::{ByColor, Color};
pub use ids::{RoundNo, Tpn};
pub use points::Points;
pub use settings::{PointValues, Settings, System};
pub use tournament::Tournament;

/// The engine's version, recorded with every pairing it makes.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
