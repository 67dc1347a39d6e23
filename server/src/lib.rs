//! The tournament server and the `swiss` command line: the only crate that knows HTTP,
//! WebSocket and JSON on the wire. `main.rs` only parses arguments and maps errors to exit
//! codes; everything else lives here so that tests can use it.

pub mod api;
pub mod app;
pub mod auth;
pub mod cli;
pub mod commands;
pub mod config;
pub mod copies;
pub mod exit;
pub mod guard;
pub mod limits;
pub mod live;
pub mod rating_list;
pub mod run;
pub mod state;
