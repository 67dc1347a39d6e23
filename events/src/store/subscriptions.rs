//! Subscriptions: each durable event to every subscriber of its tournament, in sequence
//! order, those already durable first.

use super::{lock, Log, Store, StoreError, Subscriber, Subscription, SUBSCRIBER_BUFFER};
use crate::ids::TournamentId;
use crate::schema::Envelope;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::TrySendError;
use std::sync::{Arc, Mutex};

impl Store {
    /// Sends the durable events waiting in `log` to its subscribers, in order.
    pub(super) fn publish(&self, log: &Mutex<Log>) {
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
}
