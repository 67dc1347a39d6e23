//! Live updates: every event of a tournament, in order, to WebSocket clients (hall displays,
//! arbiters' consoles), each message carrying its sequence number so that a client that
//! reconnects with `?after=SEQ` resumes exactly where it stopped.
//!
//! One thread per tournament with listeners follows the store's subscription and fans the
//! durable events out on a broadcast channel, in batches (at most one per [`LINGER`]; still one
//! WebSocket message per event). A batch's frames are encoded once, for every client: a
//! client's share of a batch is one shared buffer handed to its connection, so hundreds of
//! displays cost little more than one; each connection reads the channel itself, so a batch
//! wakes one task per client (a small task beside it answers pings and watches for silence).
//! A client first joins the channel, then reads the history
//! after its SEQ from the store, and skips live events it already has. A client that falls
//! behind the channel (more than `[live] backlog_batches` batches) gets
//! `{"type":"resync","after":SEQ}` and is closed; it reconnects with that SEQ. The server pings
//! every `[live] ping_seconds` (10 by default) and closes a client it has heard nothing from
//! for `[live] timeout_seconds` (30).

use actix_codec::Encoder;
use actix_http::ws::{handshake, Codec};
use actix_web::body::{BodyStream, MessageBody};
use actix_web::web::{Bytes, BytesMut};
use actix_web::{get, web, HttpRequest, HttpResponse};
use actix_ws::Message;
use events::app::Entry;
use events::app::{App, SubscriptionEnd, TournamentId};
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc};

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

/// Broadcast channel capacity per tournament, in batches, unless configured: how far a client
/// may fall behind.
pub const BACKLOG: usize = 1024;

/// The most events sent to the channel as one batch.
const BATCH: usize = 64;

/// The shortest time between two batches: unnoticeable on a display, and under load it turns
/// one write per event and client into one per batch.
pub const LINGER: Duration = Duration::from_millis(20);

/// Events that became durable together, encoded once as the WebSocket frames every client gets.
pub struct Batch {
    /// Each event's sequence number and where its frame starts in `frames`, in order.
    index: Vec<(u64, usize)>,
    frames: Bytes,
}

impl Batch {
    /// The text frames of `events`, in order.
    fn encode(events: &[Entry]) -> Batch {
        let mut codec = Codec::new();
        let mut frames = BytesMut::new();
        let mut index = Vec::with_capacity(events.len());
        for e in events {
            let start = frames.len();
            // A text frame always encodes (only continuation frames can be refused).
            if codec
                .encode(Message::Text(message(e).into()), &mut frames)
                .is_ok()
            {
                index.push((e.seq, start));
            }
        }
        Batch {
            index,
            frames: frames.freeze(),
        }
    }

    /// The frames of the events from sequence `next` on (shared, not copied), and the sequence
    /// that follows them; `None` when the client has them all.
    fn from(&self, next: u64) -> Option<(Bytes, u64)> {
        let first = self.index.iter().position(|(seq, _)| *seq >= next)?;
        let last = self.index.last()?.0;
        Some((self.frames.slice(self.index[first].1..), last + 1))
    }
}

/// The broadcast channels of the tournaments that have listeners.
#[derive(Clone)]
pub struct Hub {
    channels: Arc<Mutex<HashMap<TournamentId, broadcast::Sender<Arc<Batch>>>>>,
    backlog: usize,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub::new(BACKLOG)
    }
}

impl Hub {
    /// Channels keeping `backlog` batches for clients that fall behind (at least 1).
    pub fn new(backlog: usize) -> Hub {
        Hub {
            channels: Arc::default(),
            backlog: backlog.max(1),
        }
    }

    /// The channel of `t`, started (with its follower thread) on first use.
    pub fn channel(
        &self,
        app: &App,
        t: TournamentId,
    ) -> Result<broadcast::Receiver<Arc<Batch>>, events::app::AppError> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = channels.get(&t) {
            return Ok(tx.subscribe());
        }
        let head = app.durable_head(t)?;
        let (tx, rx) = broadcast::channel(self.backlog);
        channels.insert(t, tx.clone());
        let app = app.clone();
        let hub = self.clone();
        let started = std::thread::Builder::new()
            .name(format!("live-{t}"))
            .spawn(move || follow(app, hub, t, head, tx));
        if let Err(e) = started {
            channels.remove(&t);
            return Err(events::app::AppError::Unavailable(format!(
                "no thread for the live updates: {e}"
            )));
        }
        Ok(rx)
    }

    /// Whether the channel of `t` has lost its last client; if so it is removed (under the
    /// lock every new client takes, so none can join it meanwhile) and its follower ends.
    fn deserted(&self, t: TournamentId, tx: &broadcast::Sender<Arc<Batch>>) -> bool {
        if tx.receiver_count() > 0 {
            return false;
        }
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if tx.receiver_count() > 0 {
            return false;
        }
        channels.remove(&t);
        true
    }

    /// Removes the channel of `t`: its clients are closed when its follower ends.
    fn remove(&self, t: TournamentId) {
        self.channels
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&t);
    }
}

/// How long a follower whose tournament has no client left waits before it ends.
pub const FOLLOWER_IDLE: Duration = Duration::from_secs(5);

/// Follows the store and forwards every event to the channel; resubscribes if it lags. Ends
/// (and its channel with it) once the tournament has no client: when an event finds nobody
/// to send it to, or within [`FOLLOWER_IDLE`] when none comes.
fn follow(app: App, hub: Hub, t: TournamentId, mut last: u64, tx: broadcast::Sender<Arc<Batch>>) {
    let mut sent = Instant::now() - LINGER;
    loop {
        let Ok(mut sub) = app.follow(t, last) else {
            // The store cannot be followed: the channel goes, so that its clients are closed
            // (and reconnect) rather than wait for events that will not come.
            hub.remove(t);
            return;
        };
        loop {
            match sub.recv_timeout(FOLLOWER_IDLE) {
                Ok(e) => {
                    // At most one batch per LINGER: an event after a quiet spell goes out at
                    // once, and while events pour in (results at the end of a round) those of
                    // the next LINGER go out together. A client writes a batch's messages in one
                    // go and a display wakes once for them, which keeps hundreds of displays
                    // cheap. (An end of the subscription stops the batch; the next receive
                    // sees it again.)
                    let mut batch = vec![e];
                    let until = sent + LINGER;
                    while batch.len() < BATCH {
                        match sub.recv_timeout(until.saturating_duration_since(Instant::now())) {
                            Ok(e) => batch.push(e),
                            Err(_) => break,
                        }
                    }
                    sent = Instant::now();
                    last = batch.last().map_or(last, |e| e.seq);
                    if tx.send(Arc::new(Batch::encode(&batch))).is_err() && hub.deserted(t, &tx) {
                        return;
                    }
                }
                Err(SubscriptionEnd::Timeout) => {
                    if hub.deserted(t, &tx) {
                        return;
                    }
                }
                Err(SubscriptionEnd::Lagged) => break,
                Err(SubscriptionEnd::Closed) => return,
            }
        }
    }
}

/// The message a client gets for an event: `{"type": "event", ...}` with the event in the
/// wire's vocabulary ([`crate::api::wire::Recorded`]), not as it is persisted.
pub fn message(e: &Entry) -> String {
    serde_json::to_string(&crate::api::wire::Live::Event(Box::new(e.into()))).unwrap_or_default()
}

/// `?after=SEQ`: the last sequence the client has (0 for everything).
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct After {
    /// The last sequence number the client has; 0 (the default) for the whole log.
    #[serde(default)]
    after: u64,
}

/// The live connection (WebSocket): every event after `?after=SEQ` in order, then each new
/// one once it is durable, each once, as `Live` messages (`{"type": "event", ...}`); a client
/// that stops reading gets `{"type": "resync", "after": SEQ}` and is closed, and resumes by
/// reconnecting with that `after`.
#[utoipa::path(
    tag = "live",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), After),
    responses(
        (status = 101, description = "Switching to WebSocket; the messages are `Live`."),
        (status = 404, description = "No such tournament.", body = crate::api::wire::ErrorBody)
    )
)]
#[get("/ws/tournaments/{id}")]
pub async fn websocket(
    req: HttpRequest,
    body: web::Payload,
    path: web::Path<uuid::Uuid>,
    query: web::Query<After>,
    app: web::Data<App>,
    hub: web::Data<Hub>,
    heartbeat: web::Data<Heartbeat>,
) -> Result<HttpResponse, actix_web::Error> {
    let t = TournamentId(path.into_inner());
    let after = query.after;
    let app = app.get_ref().clone();
    let hub = hub.get_ref().clone();
    let heartbeat = *heartbeat.get_ref();
    // The channel first, then the history after SEQ, encoded as frames off the workers.
    let (live, backlog, next, closing) = {
        let app = app.clone();
        web::block(move || -> Result<_, events::app::AppError> {
            let live = hub.channel(&app, t)?;
            let durable = app.durable_head(t)?;
            let history: Vec<_> = app
                .entries(t, after)?
                .into_iter()
                .take_while(|e| e.seq <= durable)
                .collect();
            if after > durable {
                // A client that says it has events this log does not (a store restored from
                // an older backup, a mistyped address) is told where the log ends, and closed:
                // it resumes from there, as after any resync notice.
                return Ok((live, vec![resync(durable)], after + 1, true));
            }
            let mut next = after + 1;
            let mut backlog = Vec::new();
            for events in history.chunks(BATCH) {
                if let Some((frames, after)) = Batch::encode(events).from(next) {
                    next = after;
                    backlog.push(frames);
                }
            }
            Ok((live, backlog, next, false))
        })
        .await?
        .map_err(crate::api::error::ApiError::from)?
    };
    // The handshake and the incoming messages as actix-ws does them; the outgoing side is a
    // stream of ready-made frames, so that a batch's frames, encoded once, go to every client.
    // The connection itself reads the channel: a batch wakes one task per client, not two.
    let (_, _, mut incoming) = actix_ws::handle(&req, body)?;
    let (control, controls) = mpsc::channel::<Bytes>(CONTROL);
    let feed = Feed {
        backlog: backlog.into_iter(),
        live,
        controls,
        next,
        over: false,
        closing,
    };
    let response = handshake(req.head())?
        .message_body(BodyStream::new(feed.frames()).boxed())?
        .into();
    // Pings, pongs and the client's silence, beside the feed.
    actix_web::rt::spawn(async move {
        let mut codec = Codec::new();
        let mut ping = tokio::time::interval(heartbeat.ping);
        let mut heard = Instant::now();
        loop {
            tokio::select! {
                m = incoming.next() => match m {
                    Some(Ok(Message::Ping(bytes))) => {
                        heard = Instant::now();
                        if control.send(frame(&mut codec, Message::Pong(bytes))).await.is_err() { return; }
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => heard = Instant::now(),
                },
                _ = ping.tick() => {
                    if heard.elapsed() > heartbeat.timeout {
                        let _ = control.send(frame(&mut codec, Message::Close(None))).await;
                        return;
                    }
                    if control.send(frame(&mut codec, Message::Ping(Bytes::new()))).await.is_err() { return; }
                }
            }
        }
    });
    Ok(response)
}

/// The kernel's send buffer of every connection (it may double it): room for several batches
/// of events, and for any answer in a few writes, while a display that stops reading (a screen
/// gone to sleep with its connection open) soon falls behind and gets a resync notice instead
/// of holding megabytes of kernel memory. Set on every connection when it is accepted: which
/// one will become a WebSocket is not known yet, and keeping a second descriptor to set it
/// later would double the descriptors hundreds of displays use.
const SEND_BUFFER: usize = 64 * 1024;

/// For `HttpServer::on_connect`: bounds the connection's send buffer, and the time its data
/// may wait for the client: a client that stops reading (its window closed) or stops
/// acknowledging for `timeout` is closed by the kernel (`TCP_USER_TIMEOUT`). Without this a
/// WebSocket client that stopped reading was never closed: its connection waits to write, so
/// nothing the server queues for it (pings, the heartbeat's close, a resync notice) is ever
/// sent, and the heartbeat cannot end it.
pub fn bound_connection(
    timeout: Duration,
) -> impl Fn(&dyn std::any::Any, &mut actix_web::dev::Extensions) {
    move |connection, _| {
        if let Some(tcp) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
            let socket = socket2::SockRef::from(tcp);
            let _ = socket.set_send_buffer_size(SEND_BUFFER);
            let _ = socket.set_tcp_user_timeout(Some(timeout));
        }
    }
}

/// Control frames (pings, pongs, the close) waiting for a client's connection.
const CONTROL: usize = 4;

/// What a client's connection writes: the history after its SEQ, then each batch from the
/// channel (from the first event it lacks), control frames first whenever there are some.
/// It ends after a resync notice or a close, or when the heartbeat's side ends.
struct Feed {
    backlog: std::vec::IntoIter<Bytes>,
    live: broadcast::Receiver<Arc<Batch>>,
    controls: mpsc::Receiver<Bytes>,
    next: u64,
    over: bool,
    /// Ends once the backlog is written (it holds a resync notice and the close).
    closing: bool,
}

impl Feed {
    fn frames(self) -> impl futures_util::Stream<Item = Result<Bytes, std::convert::Infallible>> {
        futures_util::stream::unfold(self, |mut feed| async move {
            if feed.over {
                return None;
            }
            if let Some(frames) = feed.backlog.next() {
                return Some((Ok(frames), feed));
            }
            if feed.closing {
                return None;
            }
            let mut codec = Codec::new();
            loop {
                tokio::select! {
                    biased;
                    control = feed.controls.recv() => {
                        // The heartbeat's side ends with the connection (or after a close).
                        let control = control?;
                        return Some((Ok(control), feed));
                    }
                    batch = feed.live.recv() => match batch {
                        Ok(batch) => {
                            if let Some((frames, after)) = batch.from(feed.next) {
                                feed.next = after;
                                return Some((Ok(frames), feed));
                            }
                        }
                        Err(broadcast::error::RecvError::Lagged(_)) => {
                            feed.over = true;
                            return Some((Ok(resync(feed.next - 1)), feed));
                        }
                        Err(broadcast::error::RecvError::Closed) => {
                            feed.over = true;
                            return Some((Ok(frame(&mut codec, Message::Close(None))), feed));
                        }
                    },
                }
            }
        })
    }
}

/// The resync notice (`{"type":"resync","after":SEQ}`: resume after SEQ) and the close that
/// follows it.
fn resync(after: u64) -> Bytes {
    let mut codec = Codec::new();
    let notice =
        serde_json::to_string(&crate::api::wire::Live::Resync { after }).unwrap_or_default();
    let mut frames = BytesMut::new();
    frames.extend_from_slice(&frame(&mut codec, Message::Text(notice.into())));
    frames.extend_from_slice(&frame(&mut codec, Message::Close(None)));
    frames.freeze()
}

/// One control or notice frame.
fn frame(codec: &mut Codec, message: Message) -> Bytes {
    let mut buf = BytesMut::new();
    // Only continuation frames can be refused; these are text and control frames.
    let _ = codec.encode(message, &mut buf);
    buf.freeze()
}
