//! The replayed logs kept in memory: at most [`super::CACHED_LOGS`] tournaments, the least
//! recently used idle ones forgotten; reads and the replayed state, on a shared store after the
//! log's tail is read.

use super::{lock, Log, Store, StoreError};
use crate::ids::TournamentId;
use crate::replay::{replay, State};
use crate::schema::Envelope;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

impl Store {
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
    pub(super) fn log(
        &self,
        t: TournamentId,
        creating: bool,
    ) -> Result<Arc<Mutex<Log>>, StoreError> {
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
    pub(super) fn fresh_log(&self, t: TournamentId) -> Result<Arc<Mutex<Log>>, StoreError> {
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
}
