//! The pairing engine: the tournament model, the pairing systems, TRF files, the standings,
//! and the validator of the absolute criteria.
//!
//! This crate is pure: no I/O, no clock, no threads, no randomness but a seeded generator. It
//! takes a [`Tournament`] and returns pairings, files as strings, and problems as values.
//!
//! Four layers, each a folder, each importing only those before it: [`model`] (the
//! tournament, knowing no file format and no standings); [`formats`] (TRF and the rating list,
//! over the model) and [`matching`] (graph algorithms, knowing no chess); [`pairing`] (the
//! systems, over the model and the matchings); [`standings`] (points and tie-breaks, over the
//! model).

pub mod formats;
pub mod matching;
pub mod model;
pub mod pairing;
pub mod standings;

pub use model::color::{ByColor, Color};
pub use model::ids::{RoundNo, Tpn};
pub use model::points::Points;
pub use model::settings::{PointValues, Settings, System};
pub use model::tournament::Tournament;

/// The engine's version, recorded with every pairing it makes.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
