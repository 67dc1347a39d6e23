//! The event log: every registration, result, withdrawal, bye, publication and correction of a
//! tournament as an append-only event in a storage backend (sled by default, PostgreSQL for
//! several servers), and the replay that turns the events into the engine's tournament. The
//! only crate that knows sled or PostgreSQL.
//!
//! - [`schema`]: the persisted, versioned event types and their envelope.
//! - [`replay`]: the fold of events into a [`replay::State`], which refuses what the state does
//!   not allow; the same check runs before every append.
//! - [`backend`]: the storage seam (what the log needs of a durable store) and its two
//!   implementations, sled (embedded) and PostgreSQL (shared), the only code that knows them.
//! - [`store`]: the log over a backend: appends with optimistic concurrency, idempotency keys
//!   and group commit, subscriptions, export and import.
//! - [`app`]: the application over the log: the commands that decide against the replayed
//!   state and append, and the queries that answer from it.
//! - [`testkit`]: a throwaway PostgreSQL server for tests and benchmarks.
//!
//! The log is never rewritten: a correction is a new event, and because the engine derives
//! everything from the rounds, it affects only pairings made after it (Dutch F.7).

pub mod accounts;
pub mod app;
pub mod backend;
pub mod convert;
pub mod ids;
pub mod rejection;
pub mod replay;
pub mod schema;
pub mod store;
pub mod testkit;
pub mod vocabulary;

pub use accounts::{Account, Accounts, Need, Role};
pub use app::{App, AppError};
pub use rejection::Rejection;
pub use replay::{replay, State};

pub use ids::{PlayerKey, TournamentId};
pub use schema::{Envelope, Event};
pub use store::{Append, Appended, Store, StoreError, Subscription, SubscriptionEnd};
