//! The event log's tests, one module per feature.

// A test that cannot go on should stop loudly where it is.
#![allow(clippy::unwrap_used)]

mod accounts;
mod backend;
mod backup;
mod concurrency;
mod corrections;
mod crash;
mod durability;
mod hall;
mod log;
mod numbering;
mod replay_matches_live;
mod shared;
mod support;
