//! The engine's tests, one module per feature.

// A test that cannot go on should stop loudly where it is.
#![allow(clippy::unwrap_used)]

mod acceleration;
mod burstein2026;
mod c07;
mod double_swiss;
mod dubov;
mod dubov2026;
mod dutch;
mod dutch2026;
mod explanation;
mod generator;
mod hand_worked;
mod matching;
mod model;
mod reference;
mod round_one;
mod round_robin;
mod standings;
mod support;
mod team_standings;
mod team_swiss;
mod trf_errors;
mod trf_files;
mod validator;
