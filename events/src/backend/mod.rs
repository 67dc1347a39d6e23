//! The storage seam: exactly what the event log needs from a durable store, and nothing of a
//! particular database. [`crate::store::Store`] keeps everything else (the replayed states,
//! the checks before an append, group commit over [`Backend::flush`], subscriptions) and works
//! the same over any backend. sled, embedded, is the default ([`sled`]).
//!
//! Records are opaque bytes: the store decides what an event looks like on disk.

pub mod postgres;
pub mod sled;

use crate::schema::TournamentId;
use std::path::PathBuf;
use std::time::Duration;

/// What went wrong in a backend. Carries no database's own error type.
#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    /// Another process holds the store.
    #[error("the store at {} is locked: another process (another server?) has it open", path.display())]
    Locked {
        /// Where.
        path: PathBuf,
    },
    /// The store could not be opened.
    #[error("the store at {} could not be opened: {problem}", path.display())]
    Open {
        /// Where.
        path: PathBuf,
        /// Why.
        problem: String,
    },
    /// The disk holding the data is full (or the account's quota is used up): nothing was
    /// written.
    #[error("the disk holding the tournament data is full: free space on it (or move the data directory to a larger disk); nothing was written")]
    Full,
    /// The database accepts no writes (a standby after a failover, or one set read-only):
    /// nothing was written.
    #[error("the database is read-only (a standby after a failover?): nothing was written; point the servers at the primary database")]
    ReadOnly,
    /// A read, write or flush failed.
    #[error("storage error: {0}")]
    Io(String),
}

impl BackendError {
    /// The error of an I/O operation, in words: a full disk told apart, the rest as the
    /// operating system words it (never a Rust type's name).
    pub fn of_io(e: &std::io::Error) -> BackendError {
        // ENOSPC (28) and EDQUOT (122) on Linux, whatever kind the standard library gives them.
        if e.kind() == std::io::ErrorKind::StorageFull
            || e.kind() == std::io::ErrorKind::QuotaExceeded
            || matches!(e.raw_os_error(), Some(28 | 122))
        {
            BackendError::Full
        } else {
            BackendError::Io(e.to_string())
        }
    }
}

/// A flush that failed, and the batches discarded (rolled back: none of their inserts is kept)
/// since the last flush; inserts of batches not discarded wait for the next flush.
#[derive(Debug, thiserror::Error)]
#[error("{error}")]
pub struct FlushFailed {
    /// What went wrong.
    pub error: BackendError,
    /// The batches rolled back.
    pub discarded: Vec<u64>,
}

impl From<BackendError> for FlushFailed {
    fn from(error: BackendError) -> FlushFailed {
        FlushFailed {
            error,
            discarded: Vec::new(),
        }
    }
}

/// A record with its sequence number.
pub type Record = (u64, Vec<u8>);

/// A key and its value in one of the maps.
pub type Entry = (Vec<u8>, Vec<u8>);

/// An idempotency key as recorded: the event it produced and the fingerprint of the request
/// that sent it (empty for keys recorded before fingerprints were).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyUse {
    /// The event's sequence.
    pub seq: u64,
    /// The request's fingerprint.
    pub fingerprint: Vec<u8>,
}

/// An idempotency key to record with an event: the client's key and the fingerprint of its
/// request (who sent it, where, what).
#[derive(Clone, Copy, Debug)]
pub struct Key<'a> {
    /// The client's key.
    pub key: &'a str,
    /// The request's fingerprint.
    pub fingerprint: &'a [u8],
}

/// What an insert found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inserted {
    /// Written into batch `batch`: durable once a flush answers that batch or a later one.
    Done {
        /// The batch (numbered from 1, in the order the flushes take them).
        batch: u64,
    },
    /// Another record has that sequence number: nothing written.
    SequenceTaken,
    /// The idempotency key is already recorded: nothing written.
    KeyTaken(KeyUse),
}

/// A small map kept beside the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// Account name -> account (JSON).
    Accounts,
    /// SHA-256 of a token -> account name.
    Tokens,
    /// An account's idempotency key for creating or importing a tournament -> the
    /// tournament's id (16 bytes) and the request's fingerprint.
    Creations,
}

/// What another process changed in a shared store: a wake-up, after which the store reads the
/// log itself (a wake-up may be lost; the store also looks every second).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Events of a tournament up to `seq` were committed.
    Event {
        /// The tournament.
        tournament: TournamentId,
        /// Its last event written.
        seq: u64,
    },
    /// An account or a token was written or removed.
    Accounts,
    /// Anything may have changed (wake-ups were lost or the listener reconnected).
    Unknown,
}

/// A durable, ordered log of records per tournament, with idempotency keys, and two small maps.
pub trait Backend: Send + Sync {
    /// Writes `record` as event `seq` of `t` and, with `key`, records that idempotency key for
    /// `seq`: both or neither, only if `seq` is free and `key` unused, across every process
    /// of the store. Not durable, and perhaps not readable, until a [`Backend::flush`] that
    /// starts after it returns.
    fn insert(
        &self,
        t: TournamentId,
        seq: u64,
        key: Option<Key<'_>>,
        record: &[u8],
    ) -> Result<Inserted, BackendError>;

    /// How an idempotency key of `t` was recorded (by a flushed insert; an insert not yet
    /// flushed may be seen too).
    fn key_use(&self, t: TournamentId, key: &str) -> Result<Option<KeyUse>, BackendError>;

    /// The records of `t` after sequence `after`, by sequence.
    fn read(&self, t: TournamentId, after: u64) -> Result<Vec<Record>, BackendError>;

    /// Every tournament with at least one record, in the order of their identifiers.
    fn tournaments(&self) -> Result<Vec<TournamentId>, BackendError>;

    /// Makes everything inserted before the call durable, and answers the last batch that is
    /// now durable with every one before it (but those discarded). Concurrent inserts share
    /// flushes: the store calls it once for many (group commit), one call at a time.
    fn flush(&self) -> Result<u64, FlushFailed>;

    /// Whether no record is stored.
    fn is_empty(&self) -> Result<bool, BackendError>;

    /// Bytes on disk (0 where unknown).
    fn size_on_disk(&self) -> u64;

    /// Bytes free on the disk holding the store, where this backend can tell.
    fn free_space(&self) -> Option<u64> {
        None
    }

    /// The value of `key` in `space`.
    fn map_get(&self, space: Space, key: &[u8]) -> Result<Option<Vec<u8>>, BackendError>;

    /// Sets `key` in `space`; the value it had.
    fn map_put(
        &self,
        space: Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, BackendError>;

    /// Removes `key` from `space`.
    fn map_remove(&self, space: Space, key: &[u8]) -> Result<(), BackendError>;

    /// Every entry of `space`, by key.
    fn map_entries(&self, space: Space) -> Result<Vec<Entry>, BackendError>;

    /// Sets `key` in `space` only if it has no value: `None` if written, else the value it
    /// has (nothing written). Atomic across every process of the store.
    fn map_insert(
        &self,
        space: Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, BackendError>;

    /// Whether other processes may write to this store (then the store reads the log's tail
    /// before it decides or answers, and follows [`Backend::changes`]).
    fn shared(&self) -> bool {
        false
    }

    /// What other processes changed, waiting at most `timeout` for the first change (none
    /// for a store no other process writes).
    fn changes(&self, timeout: Duration) -> Vec<Change> {
        std::thread::sleep(timeout);
        Vec::new()
    }

    /// Where the store is, for messages (a directory, or a database without its password).
    fn location(&self) -> String;

    /// What kind of store it is: `sled` or `postgres`.
    fn kind(&self) -> &'static str;
}
