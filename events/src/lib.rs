//! The event log: every registration, result, withdrawal, bye, publication and correction of a
//! tournament as an append-only event in a storage backend (sled by default, PostgreSQL for
//! several servers), the replay that turns the events into the engine's tournament, and the
//! application over them. The only crate that knows sled or PostgreSQL.
//!
//! Sealed: [`app`] is the one public module (the application's commands and queries, and what
//! their signatures name, re-exported there); the rest is the crate's own.
//! - `schema`: the persisted, versioned event types and their envelope (forever).
//! - `replay`: the fold of events into a state, by resource, which refuses what the state does
//!   not allow; the same check runs before every append.
//! - `convert`: every conversion between the persisted schema, the engine's values and the
//!   application's vocabulary (`vocabulary`).
//! - `backend`: the storage seam and its two implementations, sled (embedded) and PostgreSQL
//!   (shared), the only code that knows them.
//! - `store`: the log over a backend: appends with optimistic concurrency, idempotency keys
//!   and group commit, subscriptions, export and import.
//! - `accounts`: the accounts and their tokens, kept in the store.
//! - `testing` (with the `testing` feature only, never in the production build): what the
//!   storage contract tests, the benchmarks and the server's tests need beyond the
//!   application, and a throwaway PostgreSQL server.
//!
//! The log is never rewritten: a correction is a new event, and because the engine derives
//! everything from the rounds, it affects only pairings made after it (Dutch F.7).

mod accounts;
pub mod app;
mod backend;
mod convert;
mod ids;
mod limits;
mod rejection;
mod replay;
mod schema;
mod store;
#[cfg(feature = "testing")]
pub mod testing;
#[cfg(feature = "testing")]
mod testkit;
mod vocabulary;
