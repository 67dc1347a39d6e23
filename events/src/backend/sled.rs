//! The embedded backend: one sled database in a directory. Tree `events` maps a tournament's
//! id (16 bytes) and a sequence (8 bytes, big-endian) to the record; `idempotency` maps the id
//! and a key to the sequence; `accounts` and `tokens` are the two maps. This is the only file
//! that knows sled.

use super::{Backend, BackendError, Entry, FlushFailed, Inserted, Key, KeyUse, Record, Space};
use crate::schema::TournamentId;
use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use uuid::Uuid;

/// A sled database.
pub struct Sled {
    db: sled::Db,
    path: std::path::PathBuf,
    /// Flushes started: an insert joins the batch of the next one (any flush started after
    /// the insert returned covers it).
    flushes: AtomicU64,
    events: sled::Tree,
    idempotency: sled::Tree,
    accounts: sled::Tree,
    tokens: sled::Tree,
    creations: sled::Tree,
}

fn io(e: sled::Error) -> BackendError {
    BackendError::Io(e.to_string())
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

impl Sled {
    /// Opens (creating if needed) the database in directory `path`.
    ///
    /// sled locks the directory; a store just closed in this process (or a server just
    /// stopped) may hold the lock a moment longer while sled's background writes finish, so a
    /// busy lock is retried for up to two seconds before it is reported.
    pub fn open(path: &Path) -> Result<Sled, BackendError> {
        let started = std::time::Instant::now();
        let db = loop {
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
                    return Err(BackendError::Open {
                        path: path.to_path_buf(),
                        problem: e.to_string(),
                    })
                }
                Ok(db) => break db,
            }
        };
        // Opened once: sled's open_tree takes a lock that flushes hold.
        let tree = |name: &str| db.open_tree(name).map_err(io);
        Ok(Sled {
            events: tree("events")?,
            idempotency: tree("idempotency")?,
            accounts: tree("accounts")?,
            tokens: tree("tokens")?,
            creations: tree("creations")?,
            db,
            path: path.to_path_buf(),
            flushes: AtomicU64::new(0),
        })
    }

    /// A write that has returned: the batch of the next flush to start.
    fn done(&self) -> Inserted {
        Inserted::Done {
            batch: self.flushes.load(Ordering::SeqCst) + 1,
        }
    }

    fn space(&self, space: Space) -> &sled::Tree {
        match space {
            Space::Accounts => &self.accounts,
            Space::Tokens => &self.tokens,
            Space::Creations => &self.creations,
        }
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
        let k = key(t, seq);
        let Some(idem) = idem else {
            // One tree: an insert that fails if the sequence is taken, cheaper than a
            // transaction (most events, results among them, come without a key).
            return match self
                .events
                .compare_and_swap(k, None as Option<&[u8]>, Some(record))
                .map_err(io)?
            {
                Ok(()) => Ok(self.done()),
                Err(_) => Ok(Inserted::SequenceTaken),
            };
        };
        let ik = idem_key(t, idem.key);
        let mut value = seq.to_be_bytes().to_vec();
        value.extend_from_slice(idem.fingerprint);
        let result = (&self.events, &self.idempotency).transaction(|(events, idempotency)| {
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
            Ok(()) => Ok(self.done()),
            Err(TransactionError::Abort(found)) => Ok(found),
            Err(TransactionError::Storage(e)) => Err(io(e)),
        }
    }

    fn key_use(&self, t: TournamentId, key: &str) -> Result<Option<KeyUse>, BackendError> {
        Ok(self
            .idempotency
            .get(idem_key(t, key))
            .map_err(io)?
            .map(|v| key_use(&v)))
    }

    fn read(&self, t: TournamentId, after: u64) -> Result<Vec<Record>, BackendError> {
        self.events
            .range(key(t, after.saturating_add(1))..=key(t, u64::MAX))
            .map(|item| {
                let (k, v) = item.map_err(io)?;
                Ok((seq_of(&k[16..24]), v.to_vec()))
            })
            .collect()
    }

    fn tournaments(&self) -> Result<Vec<TournamentId>, BackendError> {
        let mut out = Vec::new();
        let mut next: Option<Vec<u8>> = None;
        loop {
            let item = match &next {
                None => self.events.iter().next(),
                Some(from) => self.events.range(from.as_slice()..).next(),
            };
            let Some(item) = item else { break };
            let (k, _) = item.map_err(io)?;
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
        let batch = self.flushes.fetch_add(1, Ordering::SeqCst) + 1;
        self.db.flush().map_err(io)?;
        Ok(batch)
    }

    fn is_empty(&self) -> Result<bool, BackendError> {
        Ok(self.events.is_empty())
    }

    fn size_on_disk(&self) -> u64 {
        self.db.size_on_disk().unwrap_or(0)
    }

    fn map_get(&self, space: Space, key: &[u8]) -> Result<Option<Vec<u8>>, BackendError> {
        Ok(self.space(space).get(key).map_err(io)?.map(|v| v.to_vec()))
    }

    fn map_put(
        &self,
        space: Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, BackendError> {
        Ok(self
            .space(space)
            .insert(key, value)
            .map_err(io)?
            .map(|v| v.to_vec()))
    }

    fn map_remove(&self, space: Space, key: &[u8]) -> Result<(), BackendError> {
        self.space(space).remove(key).map_err(io)?;
        Ok(())
    }

    fn map_entries(&self, space: Space) -> Result<Vec<Entry>, BackendError> {
        self.space(space)
            .iter()
            .map(|item| {
                let (k, v) = item.map_err(io)?;
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
        match self
            .space(space)
            .compare_and_swap(key, None as Option<&[u8]>, Some(value))
            .map_err(io)?
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
