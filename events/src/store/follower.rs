//! A shared store's follower: on each wake-up of the backend (and every second in any case)
//! it reads the tail of every followed tournament, so that the cached states and the subscribers
//! get other processes' events in order.

use super::{lock, Log, Store, StoreError};
use crate::backend::Change;
use crate::ids::TournamentId;
use std::sync::{Arc, Mutex};

impl Store {
    /// Brings the cached logs up to date with what other processes wrote: the tournaments
    /// named, or, after a lost wake-up or none for a while, every followed one.
    pub(super) fn follow(&self, changes: &[Change]) {
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
    pub(super) fn catch_up(
        &self,
        t: TournamentId,
        log_arc: &Arc<Mutex<Log>>,
    ) -> Result<(), StoreError> {
        let absorbed = {
            let mut log = lock(log_arc);
            self.absorb(t, &mut log)
        };
        self.publish(log_arc);
        absorbed
    }

    /// Applies the events of `t` stored after `log`'s state (another process's, all durable)
    /// and queues them for the subscribers, behind this process's own.
    pub(super) fn absorb(&self, t: TournamentId, log: &mut Log) -> Result<(), StoreError> {
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
}
