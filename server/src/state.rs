//! What every request handler can reach: the store, the application over it, the live
//! updates' hub and heartbeat, the body time, the rating list and the pages' directory.

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
        }
    }
}
