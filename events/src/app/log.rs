//! The log as the application shows it: the audit trail, the entries after a sequence
//! number, the durable head live clients may be sent, and a tournament's log followed.

use super::common::{App, Result};
use crate::convert;
use crate::ids::TournamentId;
use crate::vocabulary::Entry;

/// A tournament's log followed ([`App::follow`]), entry by entry.
pub struct Feed(crate::store::Subscription);

impl Feed {
    /// The next entry, waiting at most `timeout`.
    pub fn recv_timeout(
        &mut self,
        timeout: std::time::Duration,
    ) -> std::result::Result<Entry, crate::store::SubscriptionEnd> {
        self.0.recv_timeout(timeout).map(|e| convert::entry_of(&e))
    }
}

impl App {
    /// The audit trail: every event with who, when and why.
    pub fn audit(&self, t: TournamentId) -> Result<Vec<Entry>> {
        self.entries(t, 0)
    }

    /// The sequence number up to which the tournament's log is durable (what live clients may
    /// be sent); an unknown tournament is refused.
    pub fn durable_head(&self, t: TournamentId) -> Result<u64> {
        self.state(t)?;
        Ok(self.store.durable_head(t)?)
    }

    /// Follows the tournament's log after `after`: the entries already durable first, then
    /// each new one once durable.
    pub fn follow(&self, t: TournamentId, after: u64) -> Result<Feed> {
        Ok(Feed(self.store.subscribe(t, after)?))
    }

    /// The entries of a tournament's log after `after` (0 for all), in order.
    pub fn entries(&self, t: TournamentId, after: u64) -> Result<Vec<Entry>> {
        self.state(t)?;
        Ok(self
            .store
            .read(t, after)?
            .iter()
            .map(|e| convert::entry_of(e))
            .collect())
    }
}
