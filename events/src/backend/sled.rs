//! The embedded backend: one sled database in a directory. Tree `events` maps a tournament's
//! id (16 bytes) and a sequence (8 bytes, big-endian) to the record; `idempotency` maps the id
//! and a key to the sequence; `accounts` and `tokens` are the two maps. This is the only file
//! that knows sled.
//!
//! A storage failure (a full disk above all) leaves a sled database failing every call after
//! it, until it is opened again. So after one, the next call opens the database again (once
//! the cause is gone: until then it answers the same failure, in words), and first takes back
//! what no flush made durable: every insert since the last successful flush is removed, and its
//! batch reported discarded by a flush, as PostgreSQL rolls a failed transaction back. Nothing
//! acknowledged is touched (an insert is acknowledged only once a flush made it durable), and
//! nothing unacknowledged stays behind for a retry to write twice.

use super::{Backend, BackendError, Entry, FlushFailed, Inserted, Key, KeyUse, Record, Space};
use crate::schema::TournamentId;
use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard};
use std::time::Duration;
use uuid::Uuid;

/// A sled database.
pub struct Sled {
    path: std::path::PathBuf,
    /// The database as opened; `None` between a failure and the next opening.
    open: RwLock<Option<Open>>,
    /// A call failed: the database is opened again before the next one.
    broken: AtomicBool,
    /// Flushes started: an insert joins the batch of the next one (any flush started after
    /// the insert returned covers it).
    flushes: AtomicU64,
    /// The inserts no flush has made durable yet, and the batches already reported
    /// discarded, and those taken back by an opening but not reported yet.
    unflushed: Mutex<Unflushed>,
}

/// A database opened, and its trees (opened once: sled's `open_tree` takes a lock that flushes
/// hold).
struct Open {
    db: sled::Db,
    events: sled::Tree,
    idempotency: sled::Tree,
    accounts: sled::Tree,
    tokens: sled::Tree,
    creations: sled::Tree,
}

/// What a failure may have to take back: each insert since the last successful flush (its
/// batch, its event's key, its idempotency key).
#[derive(Default)]
struct Unflushed {
    inserts: Vec<(u64, [u8; 24], Option<Vec<u8>>)>,
    /// Batches a failed flush reported discarded.
    reported: BTreeSet<u64>,
    /// Batches taken back by an opening, to report at the next flush.
    taken_back: BTreeSet<u64>,
}

/// sled's error in words: its I/O errors as the operating system words them (sled's own
/// text for them is a Rust type's), a full disk told apart.
fn io(e: sled::Error) -> BackendError {
    match e {
        sled::Error::Io(e) => BackendError::of_io(&e),
        other => BackendError::Io(other.to_string()),
    }
}

fn key(t: TournamentId, seq: u64) -> [u8; 24] {
    let mut k = [0u8; 24];
    k[..16].copy_from_slice(t.0.as_bytes());
    k[16..].copy_from_slice(&seq.to_be_bytes());
    k
}

fn idem_key(t: TournamentId, key: &str) -> Vec<u8> {
    let mut k = t.0.as_bytes().to_vec();
    k.extend_from_slice(key.as_bytes());
    k
}

fn seq_of(bytes: &[u8]) -> u64 {
    u64::from_be_bytes(
        bytes
            .get(..8)
            .and_then(|b| b.try_into().ok())
            .unwrap_or([0; 8]),
    )
}

/// A key's value: the sequence (8 bytes, big-endian), then the request's fingerprint.
fn key_use(bytes: &[u8]) -> KeyUse {
    KeyUse {
        seq: seq_of(bytes),
        fingerprint: bytes.get(8..).unwrap_or_default().to_vec(),
    }
}

/// Opens (creating if needed) the database in directory `path`.
///
/// sled locks the directory; a store just closed in this process (or a server just stopped)
/// may hold the lock a moment longer while sled's background writes finish, so a busy lock is
/// retried for up to two seconds before it is reported.
fn open_db(path: &Path) -> Result<sled::Db, BackendError> {
    let started = std::time::Instant::now();
    loop {
        match sled::open(path) {
            // sled reports the lock only in its message.
            Err(e) if e.to_string().contains("could not acquire lock") => {
                if started.elapsed() >= Duration::from_secs(2) {
                    return Err(BackendError::Locked {
                        path: path.to_path_buf(),
                    });
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => {
                return Err(match io(e) {
                    BackendError::Full => BackendError::Full,
                    other => BackendError::Open {
                        path: path.to_path_buf(),
                        problem: match other {
                            BackendError::Io(words) => words,
                            other => other.to_string(),
                        },
                    },
                })
            }
            Ok(db) => return Ok(db),
        }
    }
}

impl Sled {
    /// Opens (creating if needed) the database in directory `path`.
    ///
    /// sled locks the directory; a store just closed in this process (or a server just
    /// stopped) may hold the lock a moment longer while sled's background writes finish, so a
    /// busy lock is retried for up to two seconds before it is reported.
    pub fn open(path: &Path) -> Result<Sled, BackendError> {
        let db = open_db(path)?;
        Ok(Sled {
            open: RwLock::new(Some(Open::of(db)?)),
            path: path.to_path_buf(),
            broken: AtomicBool::new(false),
            flushes: AtomicU64::new(0),
            unflushed: Mutex::new(Unflushed::default()),
        })
    }

    /// The database for a call: opened again first after a failure, what no flush made
    /// durable taken back. A failure to open (the disk still full) is the call's answer.
    fn db(&self) -> Result<Db<'_>, BackendError> {
        if self.broken.load(Ordering::SeqCst) {
            self.reopen()?;
        }
        let guard = self.open.read().unwrap_or_else(|p| p.into_inner());
        if guard.is_none() {
            drop(guard);
            self.reopen()?;
            return self.db();
        }
        Ok(Db { guard })
    }

    /// Opens the database again after a failure, and takes back every insert no flush made
    /// durable (their batches reported discarded at the next flush, unless a failed flush did).
    fn reopen(&self) -> Result<(), BackendError> {
        let mut open = self.open.write().unwrap_or_else(|p| p.into_inner());
        if !self.broken.load(Ordering::SeqCst) && open.is_some() {
            return Ok(());
        }
        // The failed database goes first: it holds the directory's lock.
        *open = None;
        let fresh = Open::of(open_db(&self.path)?)?;
        let mut unflushed = self.unflushed();
        for (_, k, ik) in &unflushed.inserts {
            fresh.events.remove(k).map_err(io)?;
            if let Some(ik) = ik {
                fresh.idempotency.remove(ik.as_slice()).map_err(io)?;
            }
        }
        fresh.db.flush().map_err(io)?;
        let batches: BTreeSet<u64> = unflushed.inserts.iter().map(|(b, _, _)| *b).collect();
        let reported = std::mem::take(&mut unflushed.reported);
        unflushed
            .taken_back
            .extend(batches.difference(&reported).copied());
        unflushed.inserts.clear();
        *open = Some(fresh);
        self.broken.store(false, Ordering::SeqCst);
        Ok(())
    }

    fn unflushed(&self) -> MutexGuard<'_, Unflushed> {
        self.unflushed.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `e`, a failure of a call: the database is opened again before the next one.
    fn failed(&self, e: sled::Error) -> BackendError {
        if matches!(e, sled::Error::Io(_)) {
            self.broken.store(true, Ordering::SeqCst);
        }
        io(e)
    }

    /// A write that has returned: the batch of the next flush to start, the insert kept until
    /// a flush makes it durable (a failure takes it back).
    fn done(&self, k: [u8; 24], ik: Option<Vec<u8>>) -> Inserted {
        let batch = self.flushes.load(Ordering::SeqCst) + 1;
        self.unflushed().inserts.push((batch, k, ik));
        Inserted::Done { batch }
    }

    /// The batches of the inserts no flush made durable, and those an opening took back,
    /// that no flush has reported discarded yet; marked reported.
    fn unreported(&self) -> Vec<u64> {
        let mut unflushed = self.unflushed();
        let mut batches: BTreeSet<u64> = unflushed.inserts.iter().map(|(b, _, _)| *b).collect();
        batches.extend(std::mem::take(&mut unflushed.taken_back));
        let fresh: Vec<u64> = batches.difference(&unflushed.reported).copied().collect();
        unflushed.reported.extend(fresh.iter().copied());
        fresh
    }
}

impl Open {
    fn of(db: sled::Db) -> Result<Open, BackendError> {
        let tree = |name: &str| db.open_tree(name).map_err(io);
        Ok(Open {
            events: tree("events")?,
            idempotency: tree("idempotency")?,
            accounts: tree("accounts")?,
            tokens: tree("tokens")?,
            creations: tree("creations")?,
            db,
        })
    }

    fn space(&self, space: Space) -> &sled::Tree {
        match space {
            Space::Accounts => &self.accounts,
            Space::Tokens => &self.tokens,
            Space::Creations => &self.creations,
        }
    }
}

/// The database held open for one call.
struct Db<'a> {
    guard: RwLockReadGuard<'a, Option<Open>>,
}

impl Db<'_> {
    fn open(&self) -> &Open {
        // Checked when the guard was taken, and only `reopen` (which takes the write lock)
        // empties it.
        self.guard.as_ref().expect("an open database")
    }
}

impl Backend for Sled {
    fn insert(
        &self,
        t: TournamentId,
        seq: u64,
        idem: Option<Key<'_>>,
        record: &[u8],
    ) -> Result<Inserted, BackendError> {
        let db = self.db()?;
        let o = db.open();
        let k = key(t, seq);
        let Some(idem) = idem else {
            // One tree: an insert that fails if the sequence is taken, cheaper than a
            // transaction (most events, results among them, come without a key).
            return match o
                .events
                .compare_and_swap(k, None as Option<&[u8]>, Some(record))
                .map_err(|e| self.failed(e))?
            {
                Ok(()) => Ok(self.done(k, None)),
                Err(_) => Ok(Inserted::SequenceTaken),
            };
        };
        let ik = idem_key(t, idem.key);
        let mut value = seq.to_be_bytes().to_vec();
        value.extend_from_slice(idem.fingerprint);
        let result = (&o.events, &o.idempotency).transaction(|(events, idempotency)| {
            if events.get(k)?.is_some() {
                return Err(ConflictableTransactionError::Abort(Inserted::SequenceTaken));
            }
            if let Some(had) = idempotency.get(ik.as_slice())? {
                return Err(ConflictableTransactionError::Abort(Inserted::KeyTaken(
                    key_use(&had),
                )));
            }
            idempotency.insert(ik.as_slice(), value.as_slice())?;
            events.insert(&k, record)?;
            Ok(())
        });
        match result {
            Ok(()) => Ok(self.done(k, Some(ik))),
            Err(TransactionError::Abort(found)) => Ok(found),
            Err(TransactionError::Storage(e)) => Err(self.failed(e)),
        }
    }

    fn key_use(&self, t: TournamentId, key: &str) -> Result<Option<KeyUse>, BackendError> {
        let db = self.db()?;
        Ok(db
            .open()
            .idempotency
            .get(idem_key(t, key))
            .map_err(|e| self.failed(e))?
            .map(|v| key_use(&v)))
    }

    fn read(&self, t: TournamentId, after: u64) -> Result<Vec<Record>, BackendError> {
        let db = self.db()?;
        db.open()
            .events
            .range(key(t, after.saturating_add(1))..=key(t, u64::MAX))
            .map(|item| {
                let (k, v) = item.map_err(|e| self.failed(e))?;
                Ok((seq_of(&k[16..24]), v.to_vec()))
            })
            .collect()
    }

    fn tournaments(&self) -> Result<Vec<TournamentId>, BackendError> {
        let db = self.db()?;
        let events = &db.open().events;
        let mut out = Vec::new();
        let mut next: Option<Vec<u8>> = None;
        loop {
            let item = match &next {
                None => events.iter().next(),
                Some(from) => events.range(from.as_slice()..).next(),
            };
            let Some(item) = item else { break };
            let (k, _) = item.map_err(|e| self.failed(e))?;
            let id = Uuid::from_slice(&k[..16]).map_err(|e| BackendError::Io(e.to_string()))?;
            out.push(TournamentId(id));
            // Skip to the next tournament: the first key after this id's last sequence.
            let mut after = k[..16].to_vec();
            after.extend_from_slice(&[0xff; 9]);
            next = Some(after);
        }
        Ok(out)
    }

    fn flush(&self) -> Result<u64, FlushFailed> {
        // The batches taken back by an opening (or reported by no failed flush yet) are this
        // flush's to report.
        let db = self.db().map_err(|error| FlushFailed {
            discarded: self.unreported(),
            error,
        })?;
        let batch = self.flushes.fetch_add(1, Ordering::SeqCst) + 1;
        let flushed = db.open().db.flush();
        drop(db);
        match flushed {
            Ok(_) => {
                let mut unflushed = self.unflushed();
                unflushed.inserts.retain(|(b, _, _)| *b > batch);
                let taken_back: Vec<u64> = std::mem::take(&mut unflushed.taken_back)
                    .into_iter()
                    .collect();
                if taken_back.is_empty() {
                    Ok(batch)
                } else {
                    Err(FlushFailed {
                        error: BackendError::Io(
                            "the writes no flush had made durable were taken back after a storage failure"
                                .into(),
                        ),
                        discarded: taken_back,
                    })
                }
            }
            Err(e) => {
                let error = self.failed(e);
                Err(FlushFailed {
                    discarded: self.unreported(),
                    error,
                })
            }
        }
    }

    fn is_empty(&self) -> Result<bool, BackendError> {
        Ok(self.db()?.open().events.is_empty())
    }

    fn free_space(&self) -> Option<u64> {
        fs4::available_space(&self.path).ok()
    }

    fn size_on_disk(&self) -> u64 {
        self.db()
            .ok()
            .and_then(|db| db.open().db.size_on_disk().ok())
            .unwrap_or(0)
    }

    fn map_get(&self, space: Space, key: &[u8]) -> Result<Option<Vec<u8>>, BackendError> {
        let db = self.db()?;
        Ok(db
            .open()
            .space(space)
            .get(key)
            .map_err(|e| self.failed(e))?
            .map(|v| v.to_vec()))
    }

    fn map_put(
        &self,
        space: Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, BackendError> {
        let db = self.db()?;
        Ok(db
            .open()
            .space(space)
            .insert(key, value)
            .map_err(|e| self.failed(e))?
            .map(|v| v.to_vec()))
    }

    fn map_remove(&self, space: Space, key: &[u8]) -> Result<(), BackendError> {
        let db = self.db()?;
        db.open()
            .space(space)
            .remove(key)
            .map_err(|e| self.failed(e))?;
        Ok(())
    }

    fn map_entries(&self, space: Space) -> Result<Vec<Entry>, BackendError> {
        let db = self.db()?;
        db.open()
            .space(space)
            .iter()
            .map(|item| {
                let (k, v) = item.map_err(|e| self.failed(e))?;
                Ok((k.to_vec(), v.to_vec()))
            })
            .collect()
    }

    fn map_insert(
        &self,
        space: Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, BackendError> {
        let db = self.db()?;
        match db
            .open()
            .space(space)
            .compare_and_swap(key, None as Option<&[u8]>, Some(value))
            .map_err(|e| self.failed(e))?
        {
            Ok(()) => Ok(None),
            Err(found) => Ok(found.current.map(|v| v.to_vec())),
        }
    }

    fn kind(&self) -> &'static str {
        "sled"
    }

    fn location(&self) -> String {
        self.path.display().to_string()
    }
}
