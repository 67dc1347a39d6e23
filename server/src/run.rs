//! `swiss serve` once its configuration is read: the log's subscriber, the store and its
//! accounts, the state every handler reaches, the rating list kept from the last run, and the
//! HTTP server on a runtime of `[server] workers` threads, until it is stopped.

use crate::config::Config;
use crate::state::AppState;

/// Runs the server of `config` until it is stopped.
pub fn run(config: Config) -> anyhow::Result<()> {
    // Colours only on a terminal: a log written to a file or a journal has no escape codes.
    tracing_subscriber::fmt()
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_new(&config.server.log_level)
                .unwrap_or_else(|_| "info".into()),
        )
        .init();
    let store = config.open_store()?;
    let configured = config
        .accounts
        .iter()
        .map(|account| events::app::Account {
            name: account.name.clone(),
            role: account.role,
            tournaments: account
                .tournaments
                .iter()
                .map(|t| events::app::TournamentId(*t))
                .collect(),
            token_sha256: account.token_sha256.clone(),
        })
        .collect();
    let first_start = events::app::Accounts::new(store.clone()).prepare(configured)?;
    if let Some(token) = &first_start {
        println!("swiss: first start: created the administrator account \"admin\"; its token (shown once): {token}");
    }
    let mut state = AppState::new(store, config.web.static_dir.clone());
    state.hub = crate::live::Hub::new(config.live.backlog_batches);
    state.copies = crate::copies::Copies::new(config.copies.folder.clone());
    state.public_url = config.server.public_url.clone();
    state.body_time = std::time::Duration::from_secs(config.server.body_seconds);
    // The rating list kept from an earlier run, read beside the start (a million players take
    // a few seconds): searches answer "no list loaded" until it is in.
    state.rating_list =
        crate::rating_list::Lists::new(Some(config.server.data_dir.join("rating-list")));
    let lists = state.rating_list.clone();
    std::thread::Builder::new()
        .name("rating-list".into())
        .spawn(move || {
            if let Err(e) = lists.restore() {
                tracing::warn!(problem = %e, "the rating list kept from the last run could not be read");
            }
        })?;
    state.heartbeat = crate::live::Heartbeat {
        ping: std::time::Duration::from_secs(config.live.ping_seconds),
        timeout: std::time::Duration::from_secs(config.live.timeout_seconds),
    };

    let running_store = state.store.location().to_string();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.server.workers)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let (running, bound) = crate::app::bind(state, config.server.address)?;
        tracing::info!(store = %running_store, "listening on http://{bound}");
        println!("swiss: listening on http://{bound}");
        // Where a new user goes next, said once, on the first start.
        if first_start.is_some() {
            let shown = if bound.ip().is_unspecified() {
                std::net::SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), bound.port())
            } else {
                bound
            };
            println!("swiss: open http://{shown}/ in a browser and paste the token above into \"Administrator's token\" to create a tournament (a lost token: `swiss admin-token`)");
        }
        running.await?;
        anyhow::Ok(())
    })
}
