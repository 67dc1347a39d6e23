//! The event log over a storage backend ([`crate::backend`]; sled, embedded, by default).
//!
//! An append, per tournament one at a time: check the event against the replayed state (and the
//! sequence against the expected one, if the caller gave it), then insert it where its sequence
//! must still be free, with its idempotency key if it has one (the backend writes both or
//! neither). The backend says which batch the insert joined; the append is acknowledged only
//! once a flush has made that batch durable. Concurrent appends share flushes (group commit):
//! whoever finds no flush running waits a moment (at most `GATHER`) for the appends already
//! under way to be written, then flushes, and everyone whose batch it made durable is done. A
//! batch the backend rolled back (PostgreSQL, when a commit or a statement fails) is reported
//! by the next flush: its writers get an error, and every cached state forgets what it held
//! before anyone can decide on it. Subscribers get each event once it is durable, in sequence
//! order.
//!
//! A store that other processes write too ([`Backend::shared`]: PostgreSQL under several
//! servers) keeps nothing another process could contradict: an append decides on the cached
//! state and stands only if its insert at the next sequence succeeds (no other process wrote
//! meanwhile), and any other answer (a refusal, "already recorded") is given only after the
//! log's tail is read and the question asked again; a query reads the tail before it answers;
//! and a follower thread reads the tail of every followed tournament when the backend wakes
//! it (and every second in any case), so that subscribers get other processes' events in
//! order too.
//!
//! The types and the lock discipline are here; each concern's methods in its own file:
//! [`append`] (appends and group commit), [`cache`] (the replayed logs in memory),
//! [`follower`] (a shared store's follower), [`subscriptions`], [`backup`].

mod append;
mod backup;
mod cache;
mod follower;
mod subscriptions;

use crate::backend::{Backend, BackendError};
use crate::rejection::Rejection;
use crate::replay::State;
use crate::schema::{Envelope, Event, TournamentId};
use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How many events a subscriber may have waiting before it is cut off as lagging.
pub const SUBSCRIBER_BUFFER: usize = 4096;

/// Why the store could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The storage backend failed or could not be opened.
    #[error("{0}")]
    Backend(#[from] BackendError),
    /// The event is refused by the tournament's state; nothing was written.
    #[error("{0}")]
    Rejected(#[from] Rejection),
    /// The caller expected another sequence number: someone else wrote first.
    #[error("expected the log to be at event {expected}, but it is at {actual}")]
    StaleSequence {
        /// What the caller expected.
        expected: u64,
        /// Where the log is.
        actual: u64,
    },
    /// An idempotency key sent again with a different request (another route, body or
    /// account): the first request's answer does not answer it, and nothing is written.
    #[error("Idempotency-Key {key:?} was already used for a different request (event {seq}); send a new key for a new request")]
    KeyReused {
        /// The key.
        key: String,
        /// The event the first request produced.
        seq: u64,
    },
    /// No event was ever recorded for the tournament.
    #[error("tournament {0} does not exist")]
    UnknownTournament(TournamentId),
    /// A stored event could not be read back (a bug or a damaged database).
    #[error("stored event {tournament}/{seq} is unreadable: {problem}")]
    Corrupt {
        /// The tournament.
        tournament: TournamentId,
        /// The sequence.
        seq: u64,
        /// What is wrong.
        problem: String,
    },
    /// A backup line could not be read.
    #[error("backup line {line}: {problem}")]
    BadBackup {
        /// The line.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// An account of that name exists already.
    #[error("an account named {0:?} exists already; choose another name")]
    AccountExists(String),
    /// An account that cannot be stored or read.
    #[error("{0}")]
    BadAccount(String),
    /// No account has that name.
    #[error("no account is named {0:?}")]
    NoAccount(String),
    /// The change would leave no administrator to manage the accounts.
    #[error("{0:?} is the last administrator: create another administrator first")]
    LastAdmin(String),
    /// The account asking may not do that to that account.
    #[error("the account {name:?} ({what}) may not act {needed}")]
    NotPermitted {
        /// The account asking.
        name: String,
        /// What it is (`Account::scope` in the accounts).
        what: String,
        /// What it asked, and the rule that refuses it.
        needed: String,
    },
    /// Import needs an empty store.
    #[error("the store is not empty: import restores into an empty store only")]
    NotEmpty,
    /// Reading or writing a backup failed.
    #[error("backup I/O: {0}")]
    Io(#[from] std::io::Error),
}

impl StoreError {
    /// Whether nothing could be written because the disk (or the quota) holding the data is
    /// full: a state the arbiter acts on by freeing space.
    pub fn is_storage_full(&self) -> bool {
        matches!(self, StoreError::Backend(BackendError::Full))
    }

    /// Whether the storage failed or is out of reach (a full disk included): nothing was
    /// written, and the store itself is at fault, never the request.
    pub fn is_storage_failure(&self) -> bool {
        matches!(self, StoreError::Backend(_))
    }

    /// One error of each kind a storage backend fails with, as the store reports it, each
    /// named (for the tests of how they reach a client).
    #[cfg(feature = "testing")]
    pub fn storage_failures() -> Vec<(&'static str, StoreError)> {
        let os = |code: i32| std::io::Error::from_raw_os_error(code);
        vec![
            ("ENOSPC", BackendError::of_io(&os(28))),
            ("EDQUOT", BackendError::of_io(&os(122))),
            ("EIO", BackendError::of_io(&os(5))),
            ("EACCES", BackendError::of_io(&os(13))),
            ("read-only", BackendError::ReadOnly),
            ("full", BackendError::Full),
            (
                "unreachable",
                BackendError::Io("PostgreSQL: connection refused".into()),
            ),
            (
                "locked",
                BackendError::Locked {
                    path: std::path::PathBuf::from("/data"),
                },
            ),
            (
                "unopenable",
                BackendError::Open {
                    path: std::path::PathBuf::from("/data"),
                    problem: "Permission denied (os error 13)".into(),
                },
            ),
        ]
        .into_iter()
        .map(|(name, e)| (name, StoreError::Backend(e)))
        .collect()
    }
}

/// What to append.
#[derive(Clone, Debug)]
pub struct Append {
    /// The tournament.
    pub tournament: TournamentId,
    /// The account recording it.
    pub actor: String,
    /// Why (required for corrections).
    pub reason: Option<String>,
    /// Whether the reason may be shown to the public (otherwise only to arbiters).
    pub reason_public: bool,
    /// A key the client sends so that a retried request is applied once.
    pub idempotency_key: Option<String>,
    /// The fingerprint of the request that carries the key (who sent it, where, what): the
    /// same key with another fingerprint is another request, refused. Empty: not checked.
    pub fingerprint: Vec<u8>,
    /// If given, the append is refused unless the log's last event has this sequence.
    pub expected_seq: Option<u64>,
    /// The event.
    pub event: Event,
}

impl Append {
    /// An append of `event` by `actor` with nothing else.
    pub fn new(tournament: TournamentId, actor: impl Into<String>, event: Event) -> Append {
        Append {
            tournament,
            actor: actor.into(),
            reason: None,
            reason_public: false,
            idempotency_key: None,
            fingerprint: Vec::new(),
            expected_seq: None,
            event,
        }
    }
}

/// What an append did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Appended {
    /// The event was written and is durable.
    New(Arc<Envelope>),
    /// Nothing new was written: the request was a retry (same idempotency key), or it says
    /// what an earlier event already recorded. This is that event.
    Existing(Arc<Envelope>),
}

impl Appended {
    /// The event, new or existing.
    pub fn envelope(&self) -> &Arc<Envelope> {
        match self {
            Appended::New(e) | Appended::Existing(e) => e,
        }
    }
}

/// Why a subscription stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubscriptionEnd {
    /// Nothing arrived in time.
    Timeout,
    /// The subscriber fell more than its buffer ([`SUBSCRIBER_BUFFER`] by default) behind and
    /// was cut off: it must subscribe again after the last sequence it has.
    Lagged,
    /// The store was closed.
    Closed,
}

/// A subscriber's stream of a tournament's events: the history asked for, then each new event
/// once durable, in sequence order and without gaps.
pub struct Subscription {
    history: VecDeque<Arc<Envelope>>,
    live: Receiver<Arc<Envelope>>,
    lagged: Arc<AtomicBool>,
    next: u64,
}

impl Subscription {
    /// The next event, waiting at most `timeout`.
    pub fn recv_timeout(&mut self, timeout: Duration) -> Result<Arc<Envelope>, SubscriptionEnd> {
        loop {
            let e = match self.history.pop_front() {
                Some(e) => e,
                None => match self.live.recv_timeout(timeout) {
                    Ok(e) => e,
                    Err(RecvTimeoutError::Timeout) => return Err(SubscriptionEnd::Timeout),
                    Err(RecvTimeoutError::Disconnected) if self.lagged.load(Ordering::SeqCst) => {
                        return Err(SubscriptionEnd::Lagged)
                    }
                    Err(RecvTimeoutError::Disconnected) => return Err(SubscriptionEnd::Closed),
                },
            };
            // Live events that the history already gave are skipped.
            if e.seq >= self.next {
                self.next = e.seq + 1;
                return Ok(e);
            }
        }
    }

    /// The next event if one is ready now.
    pub fn try_recv(&mut self) -> Option<Arc<Envelope>> {
        self.recv_timeout(Duration::ZERO).ok()
    }
}

struct Subscriber {
    tx: SyncSender<Arc<Envelope>>,
    lagged: Arc<AtomicBool>,
}

/// One tournament's log in memory: its state and what waits to be published.
struct Log {
    /// The state after every event written, durable or not: what an append is checked
    /// against (an append copies it only while a reader holds the same `Arc`).
    state: Arc<State>,
    /// The state after the events already durable and given to subscribers: what readers
    /// get, so that no answer shows an event a crash could still lose. Its own copy, brought
    /// up to date event by event as they become durable (sharing `state`'s `Arc` would make
    /// the next append copy the whole state).
    durable: Arc<State>,
    /// Written, not yet published: (the batch it joined, 0 for another process's event;
    /// event).
    pending: VecDeque<(u64, Arc<Envelope>)>,
    /// The last sequence published to subscribers.
    published: u64,
    subscribers: Vec<Subscriber>,
}

/// The most tournaments whose replayed logs are kept in memory.
pub const CACHED_LOGS: usize = 256;

/// The logs in memory, each with the tick of its last use.
#[derive(Default)]
struct Logs {
    map: HashMap<TournamentId, (Arc<Mutex<Log>>, u64)>,
    tick: u64,
}

impl Logs {
    fn get(&mut self, t: TournamentId) -> Option<Arc<Mutex<Log>>> {
        self.tick += 1;
        let tick = self.tick;
        self.map.get_mut(&t).map(|(log, used)| {
            *used = tick;
            log.clone()
        })
    }

    /// Keeps `log`; past [`CACHED_LOGS`], forgets the least recently used idle logs until a
    /// quarter of the room is free again (so that a scan of many tournaments does not sort
    /// the map at every step).
    fn insert(&mut self, t: TournamentId, log: Arc<Mutex<Log>>) {
        self.tick += 1;
        self.map.insert(t, (log, self.tick));
        if self.map.len() <= CACHED_LOGS {
            return;
        }
        let mut idle: Vec<(u64, TournamentId)> = self
            .map
            .iter()
            .filter(|(id, (log, _))| {
                **id != t && Arc::strong_count(log) == 1 && {
                    let l = lock(log);
                    l.pending.is_empty() && l.subscribers.is_empty()
                }
            })
            .map(|(id, (_, used))| (*used, *id))
            .collect();
        idle.sort_unstable();
        let excess = self.map.len() - CACHED_LOGS * 3 / 4;
        for (_, id) in idle.into_iter().take(excess) {
            self.map.remove(&id);
        }
    }
}

/// The flushes, by the batches the backend numbers: each insert says which batch it joined,
/// each flush up to which batch everything is durable, or which batch it discarded.
#[derive(Default)]
struct Flushes {
    /// Every batch up to this one is durable (but those in `lost`).
    durable: u64,
    /// A flush is running.
    running: bool,
    /// The last flush failed: the writes it covered are not acknowledged.
    failed: Option<String>,
    /// Flushes done, to see group commit at work.
    count: u64,
    /// Appends under way: checked or being written.
    writing: usize,
    /// Batches a failed flush discarded (rolled back): their writes are never acknowledged.
    lost: std::collections::BTreeSet<u64>,
    /// Of those, the batches lost to a full disk (their writers are told so).
    lost_to_full_disk: std::collections::BTreeSet<u64>,
}

/// How long a flush waits for appends already under way to be written, so that one flush makes
/// them all durable (group commit) rather than each waiting for a flush of its own.
const GATHER: Duration = Duration::from_micros(500);

/// An append under way, counted in [`Flushes::writing`] until dropped.
struct Writing<'a>(&'a Inner);

impl<'a> Writing<'a> {
    fn start(inner: &'a Inner) -> Writing<'a> {
        lock(&inner.flushes).writing += 1;
        Writing(inner)
    }
}

impl Drop for Writing<'_> {
    fn drop(&mut self) {
        let mut f = lock(&self.0.flushes);
        f.writing -= 1;
        if f.writing == 0 {
            self.0.flushed.notify_all();
        }
    }
}

struct Inner {
    backend: Box<dyn Backend>,
    location: String,
    /// Other processes write to the backend too.
    shared: bool,
    logs: Mutex<Logs>,
    flushes: Mutex<Flushes>,
    flushed: Condvar,
    /// Held through a flush of the backend and the recording of its outcome.
    flushing: Mutex<()>,
    /// Creations with an idempotency key, one at a time.
    creations: Mutex<()>,
    /// Accounts created one at a time.
    accounts: Mutex<()>,
    /// Counts the changes of the accounts kept beside the log (this process's writes and, on a
    /// shared store, other processes' wake-ups), so that whoever keeps the accounts in memory
    /// knows when to read them again.
    accounts_changes: std::sync::atomic::AtomicU64,
    /// Why the last write or flush of the backend failed; `None` once one succeeds again.
    trouble: Mutex<Option<String>>,
}

/// How often a shared store reads the tail of every followed tournament without a wake-up.
const FOLLOW_EVERY: Duration = Duration::from_secs(1);

/// How many times an append decides again when another process took its sequence.
const RETRIES: usize = 50;

/// The server's event store: every tournament's log over a storage backend (sled by default).
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

impl Store {
    /// Opens (creating if needed) the embedded sled database in directory `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let backend = crate::backend::sled::Sled::open(path)?;
        Ok(Store::with_backend(Box::new(backend)))
    }

    /// Connects to the PostgreSQL database at `url`, shared with other servers (the schema
    /// created or migrated first).
    pub fn open_postgres(url: &str) -> Result<Store, StoreError> {
        let backend = crate::backend::postgres::Postgres::open(url)?;
        Ok(Store::with_backend(Box::new(backend)))
    }

    /// A store over `backend`. A shared backend's store starts a thread that follows what
    /// other processes write (it ends once the store is dropped).
    pub fn with_backend(backend: Box<dyn Backend>) -> Store {
        let shared = backend.shared();
        let store = Store {
            inner: Arc::new(Inner {
                location: backend.location(),
                shared,
                backend,
                logs: Mutex::new(Logs::default()),
                flushes: Mutex::new(Flushes::default()),
                flushed: Condvar::new(),
                flushing: Mutex::new(()),
                creations: Mutex::new(()),
                accounts: Mutex::new(()),
                accounts_changes: std::sync::atomic::AtomicU64::new(0),
                trouble: Mutex::new(None),
            }),
        };
        if shared {
            let weak = Arc::downgrade(&store.inner);
            let spawned = std::thread::Builder::new()
                .name("store-follower".into())
                .spawn(move || loop {
                    let Some(inner) = weak.upgrade() else { return };
                    let changes = inner.backend.changes(FOLLOW_EVERY);
                    Store { inner }.follow(&changes);
                });
            if let Err(e) = spawned {
                // Without the thread, subscribers still get this process's events, and every
                // command and query still reads the tail: only other processes' events reach
                // subscribers late (at this process's next write or read of the tournament).
                eprintln!("events: the store's follower thread could not start: {e}");
            }
        }
        store
    }

    /// What kind of store it is: `sled` or `postgres`.
    pub fn kind(&self) -> &'static str {
        self.inner.backend.kind()
    }

    /// Why the store's last write did not reach the backend (a full disk, a lost database),
    /// in words; `None` while writes succeed.
    pub fn trouble(&self) -> Option<String> {
        lock(&self.inner.trouble).clone()
    }

    /// Records the outcome of a write or flush of the backend: its failure in words, or
    /// `None` for a success.
    pub(super) fn note_trouble(&self, trouble: Option<String>) {
        *lock(&self.inner.trouble) = trouble;
    }

    /// Bytes free on the disk holding the store, where the backend can tell (the embedded
    /// store: the disk of its directory).
    pub fn free_space(&self) -> Option<u64> {
        self.inner.backend.free_space()
    }

    /// Whether other processes write to this store too.
    pub fn is_shared(&self) -> bool {
        self.inner.shared
    }

    /// Held while an account is created.
    pub(crate) fn account_lock(&self) -> MutexGuard<'_, ()> {
        lock(&self.inner.accounts)
    }

    /// The backend, for the accounts kept beside the log.
    pub(crate) fn backend(&self) -> &dyn Backend {
        self.inner.backend.as_ref()
    }

    /// Says that the accounts changed (one was written here, or another process wrote one):
    /// what was read of them before is stale.
    pub(crate) fn accounts_changed(&self) {
        self.inner
            .accounts_changes
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    /// How many times the accounts have changed, as [`Store::accounts_changed`] counts.
    pub(crate) fn accounts_generation(&self) -> u64 {
        self.inner
            .accounts_changes
            .load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Where the store is: the database's directory, or its address without the password.
    pub fn location(&self) -> &str {
        &self.inner.location
    }

    /// Whether no event is stored.
    pub fn is_empty(&self) -> bool {
        self.inner.backend.is_empty().unwrap_or(false)
    }

    /// The database's size on disk, in bytes.
    pub fn size_on_disk(&self) -> u64 {
        self.inner.backend.size_on_disk()
    }

    /// How many tournaments' logs are held in memory (replayed states).
    pub fn logs_in_memory(&self) -> usize {
        lock(&self.inner.logs).map.len()
    }
}
