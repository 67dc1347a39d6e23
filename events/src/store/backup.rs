//! Backup and restore: every event of the store as JSON lines, and back into an empty store
//! after every tournament is replayed.

use super::{Store, StoreError};
use crate::ids::TournamentId;
use crate::replay::replay;
use crate::schema::Envelope;
use std::collections::HashMap;
use std::io::{BufRead, Write};

impl Store {
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
