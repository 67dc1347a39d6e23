//! Live updates: every event of a tournament, in order, to WebSocket clients (hall displays,
//! arbiters' consoles), each message carrying its sequence number so that a client that
//! reconnects with `?after=SEQ` resumes exactly where it stopped.
//!
//! One thread per tournament with listeners follows the store's subscription and fans each
//! durable event out on a broadcast channel. A client first joins the channel, then reads the
//! history after its SEQ from the store, and skips live events it already has. A client that
//! falls behind the channel gets `{"type":"resync","after":SEQ}` and is closed; it reconnects
//! with that SEQ. The server pings every `[live] ping_seconds` (10 by default) and closes a
//! client it has heard nothing from for `[live] timeout_seconds` (30).

use crate::app::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::Message;
use events::{Envelope, Store, SubscriptionEnd, TournamentId};
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// How often the server pings a client, and how long a silent client is kept.
#[derive(Clone, Copy, Debug)]
pub struct Heartbeat {
    /// Between pings.
    pub ping: Duration,
    /// Silence after which a client is closed.
    pub timeout: Duration,
}

impl Default for Heartbeat {
    fn default() -> Heartbeat {
        Heartbeat {
            ping: Duration::from_secs(10),
            timeout: Duration::from_secs(30),
        }
    }
}

/// Broadcast channel capacity per tournament: how far a client may fall behind.
const CHANNEL: usize = 1024;

/// The broadcast channels of the tournaments that have listeners.
#[derive(Clone, Default)]
pub struct Hub {
    channels: Arc<Mutex<HashMap<TournamentId, broadcast::Sender<Arc<Live>>>>>,
}

impl Hub {
    /// The channel of `t`, started (with its follower thread) on first use.
    pub fn channel(
        &self,
        store: &Store,
        t: TournamentId,
    ) -> Result<broadcast::Receiver<Arc<Live>>, events::StoreError> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = channels.get(&t) {
            return Ok(tx.subscribe());
        }
        store.state(t)?;
        let head = store.durable_head(t)?;
        let (tx, rx) = broadcast::channel(CHANNEL);
        channels.insert(t, tx.clone());
        let store = store.clone();
        std::thread::Builder::new()
            .name(format!("live-{t}"))
            .spawn(move || follow(store, t, head, tx))
            .map_err(|e| events::StoreError::BadAccount(e.to_string()))?;
        Ok(rx)
    }
}

/// Follows the store and forwards every event to the channel; resubscribes if it lags.
fn follow(store: Store, t: TournamentId, mut last: u64, tx: broadcast::Sender<Arc<Live>>) {
    loop {
        let Ok(mut sub) = store.subscribe(t, last) else {
            return;
        };
        loop {
            match sub.recv_timeout(Duration::from_secs(3600)) {
                Ok(e) => {
                    last = e.seq;
                    let _ = tx.send(Arc::new(Live {
                        seq: e.seq,
                        text: message(&e).into(),
                    }));
                }
                Err(SubscriptionEnd::Timeout) => {}
                Err(SubscriptionEnd::Lagged) => break,
                Err(SubscriptionEnd::Closed) => return,
            }
        }
    }
}

/// An event as sent to clients: serialized once, however many clients get it.
pub struct Live {
    seq: u64,
    text: bytestring::ByteString,
}

/// The message a client gets for an event.
pub fn message(e: &Envelope) -> String {
    serde_json::json!({
        "type": "event",
        "seq": e.seq,
        "recorded_at_ms": e.recorded_at_ms,
        "actor": e.actor,
        "reason": e.reason,
        "event": e.event,
    })
    .to_string()
}

/// `?after=SEQ`: the last sequence the client has (0 for everything).
#[derive(serde::Deserialize)]
pub struct After {
    #[serde(default)]
    after: u64,
}

/// `GET /ws/tournaments/{id}?after=SEQ`.
pub async fn websocket(
    req: HttpRequest,
    body: web::Payload,
    path: web::Path<uuid::Uuid>,
    query: web::Query<After>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, actix_web::Error> {
    let t = TournamentId(path.into_inner());
    let after = query.after;
    let store = state.store.clone();
    let hub = state.hub.clone();
    let heartbeat = state.heartbeat;
    let (mut live, history) = {
        let store = store.clone();
        web::block(move || -> Result<_, events::StoreError> {
            let live = hub.channel(&store, t)?;
            let durable = store.durable_head(t)?;
            let history: Vec<_> = store
                .read(t, after)?
                .into_iter()
                .take_while(|e| e.seq <= durable)
                .collect();
            Ok((live, history))
        })
        .await?
        .map_err(crate::api::error::ApiError::from)?
    };
    let (response, mut session, mut incoming) = actix_ws::handle(&req, body)?;
    actix_web::rt::spawn(async move {
        let mut next = after + 1;
        for e in history {
            if session.text(message(&e)).await.is_err() {
                return;
            }
            next = e.seq + 1;
        }
        let mut ping = tokio::time::interval(heartbeat.ping);
        let mut heard = Instant::now();
        loop {
            tokio::select! {
                e = live.recv() => match e {
                    Ok(e) if e.seq < next => {}
                    Ok(e) => {
                        next = e.seq + 1;
                        if session.text(e.text.clone()).await.is_err() { return; }
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        let notice = serde_json::json!({ "type": "resync", "after": next - 1 }).to_string();
                        let _ = session.text(notice).await;
                        let _ = session.close(None).await;
                        return;
                    }
                    Err(broadcast::error::RecvError::Closed) => { let _ = session.close(None).await; return; }
                },
                m = incoming.next() => match m {
                    Some(Ok(Message::Ping(bytes))) => { heard = Instant::now(); if session.pong(&bytes).await.is_err() { return; } }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => heard = Instant::now(),
                },
                _ = ping.tick() => {
                    if heard.elapsed() > heartbeat.timeout { let _ = session.close(None).await; return; }
                    if session.ping(b"").await.is_err() { return; }
                }
            }
        }
    });
    Ok(response)
}
