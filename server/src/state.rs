//! What every request handler can reach: the store, the application over it, the live
//! updates' hub and heartbeat, the body time, the rating list, the pages' directory, and the
//! address players reach the server by.

use events::app::Store;
use std::path::PathBuf;

/// What every request handler can reach.
#[derive(Clone)]
pub struct AppState {
    /// The event log.
    pub store: Store,
    /// The application's commands and queries over the log.
    pub app: events::app::App,
    /// The accounts kept beside the log.
    pub accounts: events::app::Accounts,
    /// Directory of the static pages.
    pub static_dir: PathBuf,
    /// Live updates.
    pub hub: crate::live::Hub,
    /// WebSocket heartbeats.
    pub heartbeat: crate::live::Heartbeat,
    /// The time a request's body may take to arrive.
    pub body_time: std::time::Duration,
    /// The copy folder, if one is kept.
    pub copies: crate::copies::Copies,
    /// FIDE's rating list, once loaded.
    pub rating_list: crate::rating_list::Lists,
    /// The players' wrong codes counted, per code and per client.
    pub guard: crate::guard::CodeGuard,
    /// `server.public_url`: the address the hall's network reaches this server by, if set.
    pub public_url: Option<String>,
}

impl AppState {
    /// The state for a store and a pages directory.
    pub fn new(store: Store, static_dir: PathBuf) -> AppState {
        AppState {
            app: events::app::App::new(store.clone()),
            accounts: events::app::Accounts::new(store.clone()),
            store,
            static_dir,
            hub: crate::live::Hub::default(),
            heartbeat: crate::live::Heartbeat::default(),
            body_time: crate::limits::DEFAULT_BODY_TIME,
            copies: crate::copies::Copies::default(),
            rating_list: crate::rating_list::Lists::default(),
            guard: crate::guard::CodeGuard::default(),
            public_url: None,
        }
    }

    /// The address players' phones and the hall's tablets reach this server by, for what is
    /// built to be opened elsewhere (cards, QR codes, sign-in links): `server.public_url`; else
    /// the address `req` was accepted on when it is one of the network's; else, listening on
    /// every address, this machine's address on its network. None when the server listens on
    /// this machine's own address only (127.0.0.1), which no other device can open.
    pub fn public_url(&self, req: &actix_web::HttpRequest) -> Option<String> {
        if let Some(url) = &self.public_url {
            return Some(url.clone());
        }
        let listening = req.app_config().local_addr();
        let ip = if listening.ip().is_unspecified() {
            network_address()?
        } else {
            listening.ip()
        };
        (!ip.is_loopback() && !ip.is_unspecified()).then(|| {
            let scheme = if req.app_config().secure() {
                "https"
            } else {
                "http"
            };
            format!(
                "{scheme}://{}",
                std::net::SocketAddr::new(ip, listening.port())
            )
        })
    }
}

/// This machine's address on the network its default route leads to: the local address of a
/// UDP socket "connected" to an address of the documentation range (no packet is sent).
fn network_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    Some(socket.local_addr().ok()?.ip())
}
