//! For tests and benchmarks only (the `testing` feature, which the production build does not
//! enable): what the storage contract tests, the crash and concurrency tests, the benchmarks
//! and the server's multi-node tests need beyond the application: the persisted schema to
//! write events by hand, the storage backends and their trait, the store's internals, the
//! replay, and a throwaway PostgreSQL server with a proxy that misbehaves on demand.

pub use crate::app::{
    Account, Accounts, App, PlayerKey, Rejection, Role, Store, StoreError, SubscriptionEnd,
    TournamentId,
};
pub use crate::convert::to_engine_system;
pub use crate::replay::{replay, State};
pub use crate::schema::{Envelope, Event};
pub use crate::store::{Append, Appended, Subscription};
pub use crate::testkit::{Fault, Proxy, ThrowawayPostgres};

/// The persisted, versioned event types.
pub mod schema {
    pub use crate::schema::*;
}

/// The storage seam and its two backends, sled and PostgreSQL.
pub mod backend {
    pub use crate::backend::*;
}

/// The log over a backend.
pub mod store {
    pub use crate::store::*;
}

/// The accounts and their tokens.
pub mod accounts {
    pub use crate::accounts::*;
}
