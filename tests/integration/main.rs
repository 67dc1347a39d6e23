//! Integration tests: the real `swiss` binary, and the real server on a free port with a
//! temporary store. One binary, one module per feature.

// A test that cannot go on should stop loudly where it is.
#![allow(clippy::unwrap_used)]

mod api;
mod browser;
mod clean_api;
mod cli;
mod cluster;
mod faults;
mod fuzz;
mod hall;
mod hall_pages;
mod hostile;
mod live_requests;
mod load;
mod round_robin;
mod serve;
mod setup;
mod support;
mod tiebreaks;
mod views;
