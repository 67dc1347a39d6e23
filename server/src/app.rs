//! The HTTP application: built here, in the library, so that tests run the same app as `main`.

use crate::api::error::ApiError;
use actix_web::{web, App, HttpServer};
use events::Store;
use std::net::SocketAddr;
use std::path::PathBuf;

/// What every request handler can reach.
#[derive(Clone)]
pub struct AppState {
    /// The event log.
    pub store: Store,
    /// The application's commands and queries over the log.
    pub app: events::App,
    /// Directory of the static pages.
    pub static_dir: PathBuf,
    /// Live updates.
    pub hub: crate::live::Hub,
    /// WebSocket heartbeats.
    pub heartbeat: crate::live::Heartbeat,
    /// The time a request's body may take to arrive.
    pub body_time: std::time::Duration,
}

impl AppState {
    /// The state for a store and a pages directory.
    pub fn new(store: Store, static_dir: PathBuf) -> AppState {
        AppState {
            app: events::App::new(store.clone()),
            store,
            static_dir,
            hub: crate::live::Hub::default(),
            heartbeat: crate::live::Heartbeat::default(),
            body_time: crate::limits::DEFAULT_BODY_TIME,
        }
    }
}

/// Configures the routes of the app on `cfg`.
pub fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        let static_dir = state.static_dir.clone();
        cfg.app_data(web::Data::new(state))
            .app_data(
                web::JsonConfig::default()
                    .limit(1 << 20)
                    .error_handler(|err, _| ApiError::BadRequest(err.to_string()).into()),
            )
            .app_data(web::PayloadConfig::default().limit(16 << 20))
            .app_data(web::PathConfig::default().error_handler(|err, _| {
                ApiError::NotFound(format!("no such resource: {err}")).into()
            }))
            .app_data(
                web::QueryConfig::default()
                    .error_handler(|err, _| ApiError::BadRequest(err.to_string()).into()),
            )
            .configure(|cfg| {
                crate::api::routes(&mut utoipa_actix_web::service_config::ServiceConfig::new(
                    cfg,
                ))
            });
        if static_dir.is_dir() {
            // The pages take the tournament from their address: /display/{id}, /arbiter/{id},
            // /t/{id}.
            for (prefix, file) in [
                ("/display/{id}", "display.html"),
                ("/arbiter/{id}", "arbiter.html"),
                ("/t/{id}", "public.html"),
            ] {
                let path = static_dir.join(file);
                cfg.route(
                    prefix,
                    web::get().to(move || {
                        let path = path.clone();
                        async move { actix_files::NamedFile::open_async(path).await }
                    }),
                );
            }
            cfg.service(actix_files::Files::new("/", static_dir).index_file("index.html"));
        }
    }
}

/// The headers every answer carries: the pages run only their own scripts (no inline one, no
/// other origin), cannot be framed (the console signs in from local storage), and no type is
/// guessed from content.
pub fn security_headers() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new()
        .add((
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; \
             base-uri 'none'; form-action 'self'",
        ))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "no-referrer"))
}

/// Binds to `address` and returns the running server and the address it listens on (the real
/// port when `address` asked for port 0).
pub fn bind(
    state: AppState,
    address: SocketAddr,
) -> std::io::Result<(actix_web::dev::Server, SocketAddr)> {
    let timeout = state.heartbeat.timeout;
    let server = HttpServer::new(move || {
        App::new()
            .wrap(actix_web::middleware::from_fn(crate::limits::bounded_body))
            .wrap(actix_web::middleware::from_fn(crate::auth::token_first))
            .wrap(security_headers())
            .configure(configure(state.clone()))
    })
    .workers(2)
    .on_connect(crate::live::bound_connection(timeout))
    .bind(address)?;
    let bound = server.addrs().first().copied().unwrap_or(address);
    Ok((server.run(), bound))
}
