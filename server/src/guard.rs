//! Guessing a player's code, bounded: wrong codes are counted per code (a tournament's player)
//! and per client (its address), each over a window; past the limit the code, or the client,
//! is refused until the window has passed, even with the right code. Every refusal is written
//! to the server's log.
//!
//! A code is six of 31 characters (887,503,681 codes). With at most [`PER_CODE`] wrong tries
//! per code per [`WINDOW`], a guesser trying one player's code all day has a chance of about
//! 5 × 96 / 887,503,681 ≈ 5.4 × 10⁻⁷ of finding it; trying every player's code from one client
//! is held to [`PER_CLIENT`] per window. A player's check-ins and reports are counted too
//! ([`WRITES_PER_PLAYER`] per window), so that a client holding one code cannot fill the log. The counts live in this server's memory, bounded
//! ([`MAX_ENTRIES`] codes and clients, the oldest forgotten first when full).

use events::app::{PlayerKey, TournamentId};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Wrong codes allowed per player's code per window.
pub const PER_CODE: u32 = 5;
/// Wrong codes allowed per client per window.
pub const PER_CLIENT: u32 = 20;
/// The window.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Check-ins and reports one player may write per window: a client holding one player's code
/// cannot fill the log with that player's reports.
pub const WRITES_PER_PLAYER: u32 = 60;
/// Codes and clients counted at most (each map).
pub const MAX_ENTRIES: usize = 100_000;

/// Wrong tries in the current window: how many, and when the window began.
#[derive(Clone, Copy)]
struct Tries {
    wrong: u32,
    since: Instant,
}

impl Tries {
    fn current(self, now: Instant) -> u32 {
        if now.duration_since(self.since) >= WINDOW {
            0
        } else {
            self.wrong
        }
    }

    fn minutes_left(self, now: Instant) -> u64 {
        WINDOW
            .saturating_sub(now.duration_since(self.since))
            .as_secs()
            .div_ceil(60)
    }
}

#[derive(Default)]
struct Counts {
    codes: HashMap<(TournamentId, PlayerKey), Tries>,
    clients: HashMap<IpAddr, Tries>,
    writes: HashMap<(TournamentId, PlayerKey), Tries>,
}

/// The wrong codes counted, per code and per client: every clone shares the counts (each
/// worker of the server holds one).
#[derive(Clone, Default)]
pub struct CodeGuard {
    counts: Arc<Mutex<Counts>>,
}

/// Adds a try to `key`'s count in `map`, keeping the map within [`MAX_ENTRIES`].
fn count_try<K: std::hash::Hash + Eq + Copy>(map: &mut HashMap<K, Tries>, key: K, now: Instant) {
    if map.len() >= MAX_ENTRIES && !map.contains_key(&key) {
        map.retain(|_, t| t.current(now) > 0);
        if map.len() >= MAX_ENTRIES {
            if let Some(oldest) = map.iter().min_by_key(|(_, t)| t.since).map(|(k, _)| *k) {
                map.remove(&oldest);
            }
        }
    }
    let t = map.entry(key).or_insert(Tries {
        wrong: 0,
        since: now,
    });
    if t.current(now) == 0 {
        *t = Tries {
            wrong: 0,
            since: now,
        };
    }
    t.wrong += 1;
}

impl CodeGuard {
    /// Whether `client` may try a code for `player` of `t` now: the refusal in words if not.
    pub fn admit(&self, t: TournamentId, player: PlayerKey, client: IpAddr) -> Result<(), String> {
        let now = Instant::now();
        let counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(tries) = counts.codes.get(&(t, player)) {
            if tries.current(now) >= PER_CODE {
                return Err(format!(
                    "code: too many wrong codes for player {}; try again in {} minutes, or see an arbiter",
                    player.0,
                    tries.minutes_left(now)
                ));
            }
        }
        if let Some(tries) = counts.clients.get(&client) {
            if tries.current(now) >= PER_CLIENT {
                return Err(format!(
                    "code: too many wrong codes from this device; try again in {} minutes, or see an arbiter",
                    tries.minutes_left(now)
                ));
            }
        }
        Ok(())
    }

    /// Counts a wrong code for `player` of `t` from `client`, and logs it.
    pub fn wrong(&self, t: TournamentId, player: PlayerKey, client: IpAddr) {
        let now = Instant::now();
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        count_try(&mut counts.codes, (t, player), now);
        count_try(&mut counts.clients, client, now);
        tracing::warn!(
            tournament = %t.0,
            player = player.0,
            client = %client,
            "a wrong player code was refused"
        );
    }

    /// Counts a write (a check-in or a report) of `player` of `t`, refused in words past
    /// [`WRITES_PER_PLAYER`] in the window.
    pub fn admit_write(&self, t: TournamentId, player: PlayerKey) -> Result<(), String> {
        let now = Instant::now();
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(tries) = counts.writes.get(&(t, player)) {
            if tries.current(now) >= WRITES_PER_PLAYER {
                return Err(format!(
                    "player {}: too many check-ins and reports in a short time; try again in {} minutes, or see an arbiter",
                    player.0,
                    tries.minutes_left(now)
                ));
            }
        }
        count_try(&mut counts.writes, (t, player), now);
        Ok(())
    }

    /// A right code for `player` of `t`: their count starts again (the client's stays).
    pub fn right(&self, t: TournamentId, player: PlayerKey) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.codes.remove(&(t, player));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sixth wrong code for a player is refused even when right; another player's code
    /// from the same client is refused after twenty wrong tries in all.
    #[test]
    fn wrong_codes_are_limited_per_code_and_per_client() {
        let g = CodeGuard::default();
        let t = TournamentId(uuid::Uuid::nil());
        let client: IpAddr = "192.0.2.1".parse().unwrap_or(IpAddr::from([0, 0, 0, 0]));
        for _ in 0..PER_CODE {
            assert!(g.admit(t, PlayerKey(1), client).is_ok());
            g.wrong(t, PlayerKey(1), client);
        }
        assert!(g.admit(t, PlayerKey(1), client).is_err());
        assert!(g.admit(t, PlayerKey(2), client).is_ok());
        for p in 2..=(PER_CLIENT - PER_CODE + 1) {
            g.wrong(t, PlayerKey(p), client);
        }
        let refused = g.admit(t, PlayerKey(99), client).unwrap_err();
        assert!(refused.contains("this device"), "{refused}");
        let other: IpAddr = "192.0.2.2".parse().unwrap_or(IpAddr::from([0, 0, 0, 0]));
        assert!(g.admit(t, PlayerKey(99), other).is_ok());
    }
}
