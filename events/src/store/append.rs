//! Appends and group commit: an event checked against the replayed state, inserted where its
//! sequence must still be free (with its idempotency key), acknowledged once a flush made its
//! batch durable; batches the backend rolled back forgotten before anyone decides on them.

use super::{lock, now_ms, Append, Appended, Log, Store, StoreError, Writing, GATHER, RETRIES};
use crate::backend::{BackendError, FlushFailed, Inserted, Key, KeyUse, Space};
use crate::ids::TournamentId;
use crate::replay::{Check, State};
use crate::schema::{Envelope, Event, SCHEMA_VERSION};
use std::sync::{Arc, Mutex};
use uuid::Uuid;

impl Store {
    /// Makes the maps' writes durable (sled's; PostgreSQL commits each one itself).
    pub(crate) fn flush_now(&self) -> Result<(), StoreError> {
        match self.flush_batches() {
            Ok(_) => Ok(()),
            // Batches of events were rolled back, which this flush only reports.
            Err(failed) if !failed.discarded.is_empty() => Ok(()),
            Err(failed) => Err(failed.error.into()),
        }
    }

    /// How many flushes appends have made so far: fewer than appends when concurrent appends
    /// share them (group commit).
    pub fn flush_count(&self) -> u64 {
        lock(&self.inner.flushes).count
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
                reason_public: req.reason_public && req.reason.is_some(),
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
    pub(super) fn key_used(
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
    pub(super) fn durable_event(
        &self,
        t: TournamentId,
        seq: u64,
    ) -> Result<Arc<Envelope>, StoreError> {
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
    pub(super) fn write(
        &self,
        e: &Envelope,
        fingerprint: &[u8],
    ) -> Result<Result<u64, KeyUse>, StoreError> {
        let bytes = serde_json::to_vec(e).map_err(|err| StoreError::Corrupt {
            tournament: e.tournament,
            seq: e.seq,
            problem: err.to_string(),
        })?;
        let key = e
            .idempotency_key
            .as_deref()
            .map(|key| Key { key, fingerprint });
        let inserted = self
            .inner
            .backend
            .insert(e.tournament, e.seq, key, &bytes)
            .inspect_err(|err| self.note_trouble(Some(err.to_string())))?;
        match inserted {
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
    pub(super) fn wait_durable(&self, batch: u64) -> Result<(), StoreError> {
        let mut f = lock(&self.inner.flushes);
        loop {
            if f.lost.contains(&batch) {
                return Err(if f.lost_to_full_disk.contains(&batch) {
                    BackendError::Full
                } else {
                    BackendError::Io(
                        "the write was rolled back with its batch; nothing of it was kept".into(),
                    )
                }
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
    pub(super) fn flush_batches(&self) -> Result<u64, FlushFailed> {
        // One at a time, outcome and all: a later flush's "durable up to" must never be
        // known before an earlier one's "rolled back".
        let _one = lock(&self.inner.flushing);
        let result = self.inner.backend.flush();
        match &result {
            Ok(_) => self.note_trouble(None),
            // A write's own failure, noted when it happened, says more than its batch's.
            Err(failed) => {
                if self.trouble().is_none() {
                    self.note_trouble(Some(failed.error.to_string()));
                }
            }
        }
        if let Err(failed) = &result {
            let mut f = lock(&self.inner.flushes);
            f.lost.extend(failed.discarded.iter().copied());
            if matches!(failed.error, BackendError::Full) {
                f.lost_to_full_disk.extend(failed.discarded.iter().copied());
            }
            drop(f);
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
    pub(super) fn forget_lost(&self, lost_batch: u64) {
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
}
