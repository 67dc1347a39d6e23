//! The application: every command the server offers (register, publish, enter a result,
//! correct, withdraw, ...) and every query it answers (a round, the standings, a player's card,
//! the AROs, the audit log, the TRF export), over the log.
//!
//! A command decides against the replayed state and appends one event; a query answers from
//! the replayed state. Both are blocking (the store, replay and pairing): the server calls them
//! on its blocking pool, never on an async worker. Answers are this module's own plain types,
//! in the engine's vocabulary (pairing numbers, colours, byes as enums); the server converts
//! them into its wire types. No HTTP, no JSON here.
//!
//! The application's vocabulary (`vocabulary`: its own types and the engine's) is all a
//! caller sees: commands take it, answers and the audit trail's entries give it, and the
//! persisted schema stays inside this crate (converted in `crate::convert`).
//!
//! By resource, each file an `impl App` of its commands and queries beside the answers' types
//! they fill: `tournaments` (the list, creation, import, details, acceleration, tie-breaks,
//! closing, the TRF export), `players`, `byes` (and players kept apart), `rounds`, `results`,
//! `standings` (and cards, AROs), `hall`, `log` (the audit trail, following a log); `common`
//! holds the door itself ([`App`], [`AppError`], [`Request`], [`Written`]) and `named` the
//! players' views and a request's way of naming a player.
//!
//! This module is the crate's one public door: what the server needs of the crate (the store
//! it opens, the accounts, the identifiers, the refusals) is re-exported here, and nothing
//! else of the crate is public.

mod byes;
mod common;
mod hall;
mod log;
mod named;
mod players;
mod results;
mod rounds;
mod standings;
mod tournaments;

pub use crate::accounts::{Account, Accounts, Need, Role};
pub use crate::ids::{PlayerKey, TournamentId};
pub use crate::rejection::Rejection;
pub use crate::replay::HallRules;
pub use crate::store::{Store, StoreError, SubscriptionEnd};
pub use crate::vocabulary::{
    Acceleration, ByeRequest, Change, Details, DrawMethod, Entry, NewSettings, Numbering,
    PlayerCorrection, PlayerData, Settings,
};
pub use byes::KeptApartView;
pub use common::{draw_lots, fingerprint, App, AppError, Breach, Request, Written};
pub use hall::{Acting, BoardState, CodeView, HallBoard, HallPlayer, HallView, PlayerHall};
pub use log::Feed;
pub use named::{Named, PlayerView};
pub use players::RatingChange;
pub use results::ResultCorrection;
pub use rounds::{BoardView, PairingCheck, Proposal, Publication, Published, RoundView, Scored};
pub use standings::{AroRow, CardRound, CardView, StandingsRow, StandingsView};
pub use tournaments::{ImportPreview, Summary};
