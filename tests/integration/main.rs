//! Integration tests: the real `swiss` binary, and the real server on a free port with a
//! temporary store. One binary, one module per feature: `api/` by resource, `browser/` the
//! browser driver and the pages' tests by page and task.

// A test that cannot go on should stop loudly where it is.
#![allow(clippy::unwrap_used)]

mod api;
mod browser;
mod cli;
mod cluster;
mod faults;
mod fuzz;
mod hall;
mod hostile;
mod load;
mod readme;
mod round_robin;
mod serve;
mod support;
mod tiebreaks;
mod views;
