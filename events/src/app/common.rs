//! The application's door: [`App`] over a store, the request a command is made under, what a
//! command wrote, why a command or a query could not be done, and the few readings of the
//! state every resource's file shares. Each resource's commands and queries are in its own
//! file beside this one.

use crate::convert::{self, to_engine_system};
use crate::replay::State;
use crate::schema::*;
use crate::store::{Append, Appended, Store, StoreError};
use crate::vocabulary::Entry;
use engine::pairing::PairingError;
use engine::Color;
use std::sync::Arc;

/// Why a command or a query could not be done. Nothing is written when a command fails.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The store refused or failed (unknown tournament, an event the state refuses, ...).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A round, board or player the tournament does not have.
    #[error("{0}")]
    NotFound(String),
    /// A request the tournament does not allow, naming the field at fault.
    #[error("{0}")]
    Refused(String),
    /// Input that cannot be read (a TRF file with its lines and columns at fault).
    #[error("{0}")]
    Invalid(String),
    /// The system finds no pairing meeting the absolute criteria, or cannot pair the round in
    /// this build: the chief arbiter may pair it by hand.
    #[error("{0}")]
    NoPairing(PairingError),
    /// A pairing to publish breaks the absolute criteria, and was not accepted as it is.
    #[error("the pairing breaks the absolute criteria; publish with accept_violations to publish it anyway")]
    Violations(Vec<Breach>),
    /// The server cannot do it now (a resource it needs is lacking); nothing was written.
    #[error("{0}")]
    Unavailable(String),
}

/// A breach of the absolute criteria in a pairing to publish: the engine's finding, and its
/// words, each player named by name and both numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breach {
    /// What the validator found.
    pub violation: engine::pairing::validate::Violation,
    /// It in words.
    pub words: String,
}

pub(super) type Result<T> = std::result::Result<T, AppError>;

/// The application over a store.
#[derive(Clone)]
pub struct App {
    pub(super) store: Store,
}

/// Who asks for a change, and under which request (for the audit trail and idempotency).
#[derive(Clone, Debug)]
pub struct Request {
    /// The account's name.
    pub actor: String,
    /// The client's idempotency key, if it sent one.
    pub idempotency_key: Option<String>,
    /// What identifies the request beside its key ([`fingerprint`]): the same key sent with
    /// another fingerprint is another request, refused rather than answered with the first
    /// request's answer.
    pub fingerprint: Vec<u8>,
    /// Whether a reason the request gives may be shown to the public (otherwise it is for the
    /// arbiters and the audit trail only).
    pub reason_public: bool,
}

/// The fingerprint of a request from its parts (account, method, route, body): SHA-256.
pub fn fingerprint(parts: &[&[u8]]) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_be_bytes());
        h.update(p);
    }
    h.finalize().to_vec()
}

/// What a command wrote: the entry it appended, or, when nothing new was written (a retry
/// with the same idempotency key, or a change that says what the log records already), the
/// entry that records it.
#[derive(Clone, Debug)]
pub struct Written {
    /// The entry.
    pub entry: Entry,
    /// Whether this command wrote it.
    pub new: bool,
}

impl From<&Appended> for Written {
    fn from(a: &Appended) -> Written {
        Written {
            entry: convert::entry_of(a.envelope()),
            new: matches!(a, Appended::New(_)),
        }
    }
}

/// The drawing of lots for the first player's colour (Dutch 2026 5.1, Dubov 5.1 and the other
/// systems' own: the colour is decided by lot before round 1): the operating system's random
/// source, through a version 4 UUID.
pub fn draw_lots() -> Color {
    if uuid::Uuid::new_v4().as_bytes()[0] & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

impl App {
    /// The application over `store`.
    pub fn new(store: Store) -> App {
        App { store }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    pub(super) fn state(&self, t: TournamentId) -> Result<Arc<State>> {
        Ok(self.store.shared(t)?)
    }

    pub(super) fn append(
        &self,
        t: TournamentId,
        req: &Request,
        event: Event,
        reason: Option<String>,
    ) -> Result<Written> {
        let mut a = Append::new(t, req.actor.clone(), event);
        a.reason = reason;
        a.reason_public = req.reason_public;
        a.idempotency_key = req.idempotency_key.clone();
        a.fingerprint = req.fingerprint.clone();
        Ok(Written::from(&self.store.append(a)?))
    }
}

/// The engine's system of a created tournament.
pub(super) fn system_of(s: &State) -> Result<engine::System> {
    s.settings()
        .map(|x| to_engine_system(x.system))
        .ok_or_else(|| AppError::NotFound("tournament not created".into()))
}

/// How many games a pairing has (2 in a Double-Swiss match).
pub(super) fn games_per_pairing(s: &State) -> usize {
    match s.settings().map(|x| x.system) {
        Some(SystemV1::DoubleSwiss) => 2,
        _ => 1,
    }
}
