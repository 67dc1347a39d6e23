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
//! This file is long because the append path, group commit, the cache of replayed logs, the
//! follower of a shared store and the subscriptions share one lock discipline; splitting it by
//! concern is left in #41's note.

use crate::backend::{Backend, BackendError, Change, FlushFailed, Inserted, Key, KeyUse, Space};
use crate::replay::{replay, Check, Rejection, State};
use crate::schema::{Envelope, Event, TournamentId, SCHEMA_VERSION};
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use uuid::Uuid;

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
        /// What it is ([`crate::Account::scope`]).
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

/// What to append.
#[derive(Clone, Debug)]
pub struct Append {
    /// The tournament.
    pub tournament: TournamentId,
    /// The account recording it.
    pub actor: String,
    /// Why (required for corrections).
    pub reason: Option<String>,
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

    /// Whether other processes write to this store too.
    pub fn is_shared(&self) -> bool {
        self.inner.shared
    }

    /// Brings the cached logs up to date with what other processes wrote: the tournaments
    /// named, or, after a lost wake-up or none for a while, every followed one.
    fn follow(&self, changes: &[Change]) {
        let everything = changes.is_empty() || changes.contains(&Change::Unknown);
        if everything || changes.contains(&Change::Accounts) {
            self.accounts_changed();
        }
        let logs: Vec<(TournamentId, Arc<Mutex<Log>>)> = {
            let logs = lock(&self.inner.logs);
            logs.map
                .iter()
                .filter(|(t, (log, _))| {
                    let log = lock(log);
                    if everything {
                        !log.subscribers.is_empty()
                    } else {
                        changes.iter().any(|c| {
                            matches!(c, Change::Event { tournament, seq }
                                if tournament == *t && *seq > log.state.last_seq())
                        })
                    }
                })
                .map(|(t, (log, _))| (*t, log.clone()))
                .collect()
        };
        for (t, log) in logs {
            // A failed read is tried again at the next wake-up or second.
            let _ = self.catch_up(t, &log);
        }
    }

    /// Reads what other processes appended to `t` after the cached state, then publishes it.
    fn catch_up(&self, t: TournamentId, log_arc: &Arc<Mutex<Log>>) -> Result<(), StoreError> {
        let absorbed = {
            let mut log = lock(log_arc);
            self.absorb(t, &mut log)
        };
        self.publish(log_arc);
        absorbed
    }

    /// Applies the events of `t` stored after `log`'s state (another process's, all durable)
    /// and queues them for the subscribers, behind this process's own.
    fn absorb(&self, t: TournamentId, log: &mut Log) -> Result<(), StoreError> {
        if !self.inner.shared {
            return Ok(());
        }
        for e in self.read(t, log.state.last_seq())? {
            if e.seq != log.state.last_seq() + 1 {
                return Err(StoreError::Corrupt {
                    tournament: t,
                    seq: e.seq,
                    problem: format!("read after event {}", log.state.last_seq()),
                });
            }
            Arc::make_mut(&mut log.state).apply(e.seq, &e.event);
            log.pending.push_back((0, e));
        }
        Ok(())
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

    /// Makes the maps' writes durable (sled's; PostgreSQL commits each one itself).
    pub(crate) fn flush_now(&self) -> Result<(), StoreError> {
        match self.flush_batches() {
            Ok(_) => Ok(()),
            // Batches of events were rolled back, which this flush only reports.
            Err(failed) if !failed.discarded.is_empty() => Ok(()),
            Err(failed) => Err(failed.error.into()),
        }
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

    /// How many flushes appends have made so far: fewer than appends when concurrent appends
    /// share them (group commit).
    pub fn flush_count(&self) -> u64 {
        lock(&self.inner.flushes).count
    }

    /// How many tournaments' logs are held in memory (replayed states).
    pub fn logs_in_memory(&self) -> usize {
        lock(&self.inner.logs).map.len()
    }

    /// Every tournament with at least one event.
    pub fn tournaments(&self) -> Result<Vec<TournamentId>, StoreError> {
        Ok(self.inner.backend.tournaments()?)
    }

    /// The tournament's log, read and replayed on first use.
    ///
    /// A tournament with no event is kept in memory only when `creating` (its first event is
    /// being appended): a request for an unknown id costs nothing that stays.
    ///
    /// At most [`CACHED_LOGS`] logs are kept: past that, the least recently used of those
    /// nobody holds, with nothing waiting to become durable and no subscriber, are forgotten
    /// (their events are all in the backend, and the next use replays them).
    fn log(&self, t: TournamentId, creating: bool) -> Result<Arc<Mutex<Log>>, StoreError> {
        if let Some(l) = lock(&self.inner.logs).get(t) {
            return Ok(l);
        }
        let events = self.read(t, 0)?;
        if events.is_empty() && !creating {
            return Err(StoreError::UnknownTournament(t));
        }
        let state =
            replay(events.iter().map(|e| e.as_ref())).map_err(|(seq, r)| StoreError::Corrupt {
                tournament: t,
                seq,
                problem: r.to_string(),
            })?;
        let mut logs = lock(&self.inner.logs);
        if let Some(l) = logs.get(t) {
            return Ok(l);
        }
        // Events written while this replay ran, by a log of `t` that was forgotten since
        // (only an idle log is, so they are durable): folded in, so that no stale state is
        // kept.
        let mut state = state;
        for e in self.read(t, state.last_seq())? {
            state.apply(e.seq, &e.event);
        }
        let published = state.last_seq();
        let log = Arc::new(Mutex::new(Log {
            durable: Arc::new(state.clone()),
            state: Arc::new(state),
            pending: VecDeque::new(),
            published,
            subscribers: Vec::new(),
        }));
        logs.insert(t, log.clone());
        Ok(log)
    }

    /// The tournament's log, with what other processes wrote read first (a shared store).
    fn fresh_log(&self, t: TournamentId) -> Result<Arc<Mutex<Log>>, StoreError> {
        let log = self.log(t, false)?;
        if self.inner.shared {
            self.catch_up(t, &log)?;
        }
        Ok(log)
    }

    /// The events of `t` after sequence `after`, as stored.
    pub fn read(&self, t: TournamentId, after: u64) -> Result<Vec<Arc<Envelope>>, StoreError> {
        self.inner
            .backend
            .read(t, after)?
            .into_iter()
            .map(|(seq, bytes)| {
                serde_json::from_slice(&bytes)
                    .map(Arc::new)
                    .map_err(|e| StoreError::Corrupt {
                        tournament: t,
                        seq,
                        problem: e.to_string(),
                    })
            })
            .collect()
    }

    /// The tournament's state after every durable event (what a crash cannot take back).
    pub fn state(&self, t: TournamentId) -> Result<State, StoreError> {
        Ok((*self.shared(t)?).clone())
    }

    /// [`Store::state`], shared: no copy, whatever its size.
    pub fn shared(&self, t: TournamentId) -> Result<Arc<State>, StoreError> {
        let log = self.fresh_log(t)?;
        let log = lock(&log);
        if log.durable.last_seq() == 0 {
            return Err(StoreError::UnknownTournament(t));
        }
        Ok(log.durable.clone())
    }

    /// Runs `f` on [`Store::state`] without copying it, under the tournament's lock (for
    /// small questions: holding no reference after, it never makes an append copy the state).
    pub fn with_state<R>(
        &self,
        t: TournamentId,
        f: impl FnOnce(&State) -> R,
    ) -> Result<R, StoreError> {
        let log = self.fresh_log(t)?;
        let log = lock(&log);
        if log.durable.last_seq() == 0 {
            return Err(StoreError::UnknownTournament(t));
        }
        Ok(f(&log.durable))
    }

    /// Creates a tournament: appends its first event.
    pub fn create(
        &self,
        actor: &str,
        event: Event,
    ) -> Result<(TournamentId, Arc<Envelope>), StoreError> {
        let id = TournamentId::new();
        let appended = self.append(Append::new(id, actor, event))?;
        Ok((id, appended.envelope().clone()))
    }

    /// Creates a tournament with the id `id` (see [`Store::creation_id`]).
    pub fn create_with_id(
        &self,
        id: TournamentId,
        actor: &str,
        event: Event,
    ) -> Result<Arc<Envelope>, StoreError> {
        let appended = self.append(Append::new(id, actor, event))?;
        Ok(appended.envelope().clone())
    }

    /// The tournament an account's idempotency key for a creation (or an import) stands for:
    /// the id the first request was given and whether that tournament exists yet, or a new
    /// id, recorded now for the key. The same key with another request (another body or
    /// route: `fingerprint`) is refused, as for any other write.
    pub fn creation_id(
        &self,
        actor: &str,
        key: &str,
        fingerprint: &[u8],
    ) -> Result<(TournamentId, bool), StoreError> {
        let mut map_key = actor.as_bytes().to_vec();
        map_key.push(0);
        map_key.extend_from_slice(key.as_bytes());
        let maps = self.inner.backend.as_ref();
        // One at a time, so that two retries of one creation get one id (the backend's
        // insert-if-absent decides between processes).
        let _guard = lock(&self.inner.creations);
        let id = TournamentId::new();
        let mut value = id.0.as_bytes().to_vec();
        value.extend_from_slice(fingerprint);
        if let Some(v) = maps.map_insert(Space::Creations, &map_key, &value)? {
            let id = v
                .get(..16)
                .and_then(|b| Uuid::from_slice(b).ok())
                .map(TournamentId)
                .ok_or_else(|| {
                    StoreError::BadAccount("a creation key's record is damaged".into())
                })?;
            let first = v.get(16..).unwrap_or_default();
            if !first.is_empty() && !fingerprint.is_empty() && first != fingerprint {
                return Err(StoreError::KeyReused {
                    key: key.to_string(),
                    seq: 1,
                });
            }
            let exists = self.with_state(id, |_| ()).is_ok();
            return Ok((id, exists));
        }
        // Durable with the creation's own flush.
        Ok((id, false))
    }

    /// Appends an event, once it is checked, written and durable.
    pub fn append(&self, req: Append) -> Result<Appended, StoreError> {
        self.append_with(req, |_, _| {})
    }

    /// [`Store::append`], the event completed by `prepare` from the tournament's state at the
    /// moment it is appended, under the same lock: a registration takes the next number there,
    /// so that concurrent registrations can never take the same one.
    pub fn append_with(
        &self,
        req: Append,
        prepare: impl Fn(&State, &mut Event),
    ) -> Result<Appended, StoreError> {
        let creating = matches!(req.event, Event::TournamentCreated { .. });
        let log_arc = self.log(req.tournament, creating)?;
        let writing = Writing::start(&self.inner);
        let mut attempt = 0;
        // Whether the state is known to be the whole log. On a shared store, a decision to
        // write is taken on the cached state and stands only if its insert at the next
        // sequence succeeds (proof that no other process wrote meanwhile); any other answer
        // (a refusal, "already recorded", a stale sequence) is given only after the log's
        // tail is read and the question asked again.
        let mut fresh = !self.inner.shared;
        let (envelope, generation) = loop {
            let mut log = lock(&log_arc);
            macro_rules! unless_fresh {
                () => {
                    if !fresh {
                        self.absorb(req.tournament, &mut log)?;
                        fresh = true;
                        continue;
                    }
                };
            }
            let head = log.state.last_seq();
            if head == 0 && !creating {
                unless_fresh!();
                return Err(StoreError::UnknownTournament(req.tournament));
            }
            // A retry: the same idempotency key gets the same answer; another request with
            // that key is refused.
            if let Some(k) = &req.idempotency_key {
                if let Some(used) = self.inner.backend.key_use(req.tournament, k)? {
                    drop(log);
                    drop(writing);
                    self.publish(&log_arc);
                    return self.key_used(req.tournament, k, used, &req.fingerprint);
                }
            }
            if let Some(expected) = req.expected_seq {
                if expected != head {
                    unless_fresh!();
                    drop(log);
                    self.publish(&log_arc);
                    return Err(StoreError::StaleSequence {
                        expected,
                        actual: head,
                    });
                }
            }
            let mut event = req.event.clone();
            prepare(&log.state, &mut event);
            log.state.admit(req.reason.as_deref(), &event)?;
            match log.state.check(req.reason.as_deref(), &event) {
                Ok(Check::Apply) => {}
                Ok(Check::AlreadyRecorded(seq)) => {
                    unless_fresh!();
                    drop(log);
                    drop(writing);
                    self.publish(&log_arc);
                    return Ok(Appended::Existing(self.durable_event(req.tournament, seq)?));
                }
                Err(refusal) => {
                    unless_fresh!();
                    // A refusal may rest on an event not yet durable (a 409 naming a result
                    // just entered): it is answered once that event is.
                    let waiting = log.pending.iter().map(|(b, _)| *b).max().unwrap_or(0);
                    drop(log);
                    drop(writing);
                    self.wait_durable(waiting)?;
                    self.publish(&log_arc);
                    return Err(refusal.into());
                }
            }
            let envelope = Envelope {
                schema: SCHEMA_VERSION,
                id: Uuid::now_v7(),
                tournament: req.tournament,
                seq: head + 1,
                recorded_at_ms: now_ms(),
                actor: req.actor.clone(),
                reason: req.reason.clone(),
                idempotency_key: req.idempotency_key.clone(),
                event,
            };
            let batch = match self.write(&envelope, &req.fingerprint) {
                Ok(Ok(batch)) => batch,
                Ok(Err(used)) => {
                    // The key was recorded meanwhile (by another writer of the same backend).
                    drop(log);
                    drop(writing);
                    self.publish(&log_arc);
                    let key = envelope.idempotency_key.clone().unwrap_or_default();
                    return self.key_used(envelope.tournament, &key, used, &req.fingerprint);
                }
                // Another process wrote this sequence first: read it, and decide again.
                Err(StoreError::StaleSequence { .. }) if self.inner.shared && attempt < RETRIES => {
                    attempt += 1;
                    self.absorb(req.tournament, &mut log)?;
                    fresh = true;
                    continue;
                }
                Err(e @ StoreError::Backend(_)) => {
                    // The batch may have been rolled back (a lost connection): a flush says
                    // so, its writers are told, and what it held is forgotten, before the
                    // next insert.
                    drop(log);
                    drop(writing);
                    let _ = self.flush_batches();
                    self.inner.flushed.notify_all();
                    return Err(e);
                }
                Err(e) => return Err(e),
            };
            Arc::make_mut(&mut log.state).apply(envelope.seq, &envelope.event);
            let envelope = Arc::new(envelope);
            log.pending.push_back((batch, envelope.clone()));
            break (envelope, batch);
        };
        drop(writing);
        let durable = self.wait_durable(generation);
        self.publish(&log_arc);
        durable?;
        Ok(Appended::New(envelope))
    }

    /// The answer to a request whose idempotency key is already recorded: the first answer
    /// if it is the same request, else [`StoreError::KeyReused`].
    fn key_used(
        &self,
        t: TournamentId,
        key: &str,
        used: KeyUse,
        fingerprint: &[u8],
    ) -> Result<Appended, StoreError> {
        if !used.fingerprint.is_empty()
            && !fingerprint.is_empty()
            && used.fingerprint != fingerprint
        {
            return Err(StoreError::KeyReused {
                key: key.to_string(),
                seq: used.seq,
            });
        }
        Ok(Appended::Existing(self.durable_event(t, used.seq)?))
    }

    /// An event that is already written, once durable (a retry may come before the first
    /// request's flush is done).
    fn durable_event(&self, t: TournamentId, seq: u64) -> Result<Arc<Envelope>, StoreError> {
        // The batch the event joined, if it is still waiting to be published (else it is
        // durable: batch 0).
        let batch = self.log(t, false).map_or(0, |log| {
            lock(&log)
                .pending
                .iter()
                .find(|(_, e)| e.seq == seq)
                .map_or(0, |(b, _)| *b)
        });
        self.wait_durable(batch)?;
        self.read(t, seq - 1)?
            .into_iter()
            .next()
            .ok_or(StoreError::Corrupt {
                tournament: t,
                seq,
                problem: "missing".into(),
            })
    }

    /// Writes an envelope and its idempotency key (with the request's `fingerprint`)
    /// together, if its sequence is free and its key unused: the batch it joined, or how the
    /// key was used when it is already recorded.
    fn write(&self, e: &Envelope, fingerprint: &[u8]) -> Result<Result<u64, KeyUse>, StoreError> {
        let bytes = serde_json::to_vec(e).map_err(|err| StoreError::Corrupt {
            tournament: e.tournament,
            seq: e.seq,
            problem: err.to_string(),
        })?;
        let key = e
            .idempotency_key
            .as_deref()
            .map(|key| Key { key, fingerprint });
        match self
            .inner
            .backend
            .insert(e.tournament, e.seq, key, &bytes)?
        {
            Inserted::Done { batch } => Ok(Ok(batch)),
            Inserted::KeyTaken(used) => Ok(Err(used)),
            Inserted::SequenceTaken => Err(StoreError::StaleSequence {
                expected: e.seq - 1,
                actual: e.seq,
            }),
        }
    }

    /// Group commit: returns once batch `batch` (and every one before it) is durable, or an
    /// error if it was discarded.
    fn wait_durable(&self, batch: u64) -> Result<(), StoreError> {
        let mut f = lock(&self.inner.flushes);
        loop {
            if f.lost.contains(&batch) {
                return Err(BackendError::Io(
                    "the write was rolled back with its batch; nothing of it was kept".into(),
                )
                .into());
            }
            if f.durable >= batch {
                return Ok(());
            }
            if !f.running {
                f.running = true;
                let gather = std::time::Instant::now() + GATHER;
                while f.writing > 0 {
                    let left = gather.saturating_duration_since(std::time::Instant::now());
                    if left.is_zero() {
                        break;
                    }
                    f = self
                        .inner
                        .flushed
                        .wait_timeout(f, left)
                        .unwrap_or_else(|p| p.into_inner())
                        .0;
                }
                drop(f);
                let result = self.flush_batches();
                f = lock(&self.inner.flushes);
                f.running = false;
                self.inner.flushed.notify_all();
                f.failed = result.as_ref().err().map(|failed| failed.error.to_string());
                match result {
                    // Other batches were rolled back: this one's fate is asked again.
                    Err(failed) if !failed.discarded.is_empty() => continue,
                    Err(failed) => return Err(failed.error.into()),
                    Ok(_) => {}
                }
            } else {
                f = self
                    .inner
                    .flushed
                    .wait(f)
                    .unwrap_or_else(|p| p.into_inner());
            }
        }
    }

    /// One flush of the backend: what it made durable, and what it discarded forgotten
    /// before anyone learns of it (no state keeps what was rolled back).
    fn flush_batches(&self) -> Result<u64, FlushFailed> {
        // One at a time, outcome and all: a later flush's "durable up to" must never be
        // known before an earlier one's "rolled back".
        let _one = lock(&self.inner.flushing);
        let result = self.inner.backend.flush();
        if let Err(failed) = &result {
            lock(&self.inner.flushes)
                .lost
                .extend(failed.discarded.iter().copied());
            for lost in &failed.discarded {
                self.forget_lost(*lost);
            }
        }
        let mut f = lock(&self.inner.flushes);
        f.count += 1;
        if let Ok(durable) = &result {
            f.durable = f.durable.max(*durable);
        }
        result
    }

    /// After a flush that rolled back batch `lost`: every cached state goes back to what is
    /// durable, with the writes of other batches and other processes' events still queued
    /// (the log's tail is read again before the next decision).
    fn forget_lost(&self, lost_batch: u64) {
        let logs: Vec<Arc<Mutex<Log>>> = lock(&self.inner.logs)
            .map
            .values()
            .map(|(log, _)| log.clone())
            .collect();
        for log in logs {
            let mut log = lock(&log);
            let lost = |g: u64| g == lost_batch;
            if !log.pending.iter().any(|(g, _)| lost(*g)) {
                continue;
            }
            let first_lost = log
                .pending
                .iter()
                .find(|(g, _)| lost(*g))
                .map_or(u64::MAX, |(_, e)| e.seq);
            // What came after a lost event rested on it: gone with it.
            log.pending.retain(|(_, e)| e.seq < first_lost);
            let mut state = (*log.durable).clone();
            for (_, e) in &log.pending {
                if e.seq == state.last_seq() + 1 {
                    state.apply(e.seq, &e.event);
                }
            }
            log.state = Arc::new(state);
        }
    }

    /// Sends the durable events waiting in `log` to its subscribers, in order.
    fn publish(&self, log: &Mutex<Log>) {
        let (durable, lost) = {
            let f = lock(&self.inner.flushes);
            (f.durable, f.lost.clone())
        };
        let mut log = lock(log);
        let mut published = Vec::new();
        while log
            .pending
            .front()
            .is_some_and(|(g, _)| *g <= durable && !lost.contains(g))
        {
            let (_, e) = log.pending.pop_front().expect("checked");
            published.push(e.clone());
            log.published = e.seq;
            log.subscribers.retain(|s| match s.tx.try_send(e.clone()) {
                Ok(()) => true,
                Err(TrySendError::Full(_)) => {
                    s.lagged.store(true, Ordering::SeqCst);
                    false
                }
                Err(TrySendError::Disconnected(_)) => false,
            });
        }
        // What readers see moves on with what is durable (copied only if a reader holds it).
        for e in published {
            Arc::make_mut(&mut log.durable).apply(e.seq, &e.event);
        }
    }

    /// The sequence of the last event of `t` that is durable and was given to subscribers.
    pub fn durable_head(&self, t: TournamentId) -> Result<u64, StoreError> {
        let log = self.fresh_log(t)?;
        let head = lock(&log).published;
        Ok(head)
    }

    /// Subscribes to `t`'s events after sequence `after`: those already durable first, then
    /// each new one once durable.
    pub fn subscribe(&self, t: TournamentId, after: u64) -> Result<Subscription, StoreError> {
        self.subscribe_with_buffer(t, after, SUBSCRIBER_BUFFER)
    }

    /// [`Store::subscribe`], cutting the subscriber off once `buffer` events wait for it.
    pub fn subscribe_with_buffer(
        &self,
        t: TournamentId,
        after: u64,
        buffer: usize,
    ) -> Result<Subscription, StoreError> {
        let log_arc = self.fresh_log(t)?;
        let (tx, live) = std::sync::mpsc::sync_channel(buffer);
        let lagged = Arc::new(AtomicBool::new(false));
        let published = {
            let mut log = lock(&log_arc);
            log.subscribers.push(Subscriber {
                tx,
                lagged: lagged.clone(),
            });
            log.published
        };
        let history: VecDeque<Arc<Envelope>> = self
            .read(t, after)?
            .into_iter()
            .take_while(|e| e.seq <= published)
            .collect();
        Ok(Subscription {
            history,
            live,
            lagged,
            next: after + 1,
        })
    }

    /// Writes every event of every tournament as JSON lines, in order.
    pub fn export(&self, out: &mut dyn Write) -> Result<usize, StoreError> {
        let mut n = 0;
        for t in self.inner.backend.tournaments()? {
            for (_, record) in self.inner.backend.read(t, 0)? {
                out.write_all(&record)?;
                out.write_all(b"\n")?;
                n += 1;
            }
        }
        out.flush()?;
        Ok(n)
    }

    /// Restores a backup made by [`Store::export`] into this empty store. Each tournament's
    /// events are checked by replaying them; nothing is written unless all of them replay.
    pub fn import(&self, input: &mut dyn BufRead) -> Result<usize, StoreError> {
        if !self.is_empty() {
            return Err(StoreError::NotEmpty);
        }
        let mut by_tournament: HashMap<TournamentId, Vec<Envelope>> = HashMap::new();
        for (i, line) in input.lines().enumerate() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let e: Envelope = serde_json::from_str(&line).map_err(|err| StoreError::BadBackup {
                line: i + 1,
                problem: err.to_string(),
            })?;
            let list = by_tournament.entry(e.tournament).or_default();
            let expected = list.len() as u64 + 1;
            if e.seq != expected {
                return Err(StoreError::BadBackup {
                    line: i + 1,
                    problem: format!("sequence {} where {expected} was expected", e.seq),
                });
            }
            list.push(e);
        }
        for (t, list) in &by_tournament {
            replay(list).map_err(|(seq, r)| StoreError::BadBackup {
                line: 0,
                problem: format!("tournament {t}, event {seq}: {r}"),
            })?;
        }
        let (mut n, mut last) = (0, 0);
        for list in by_tournament.values() {
            for e in list {
                let batch = match self.write(e, &[])? {
                    Ok(batch) => batch,
                    Err(_) => {
                        // A key used twice in the backup: the event is kept, the key answers
                        // for the first.
                        let mut without = e.clone();
                        without.idempotency_key = None;
                        // Without a key, nothing else can be taken.
                        self.write(&without, &[])?.unwrap_or(0)
                    }
                };
                last = last.max(batch);
                n += 1;
            }
        }
        self.wait_durable(last)?;
        Ok(n)
    }
}
