//! The HTTP application: built here, in the library, so that tests run the same app as `main`.

use crate::api::error::ApiError;
use crate::state::AppState;
use actix_web::{web, App, HttpServer};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Configures the routes of the app on `cfg`.
pub fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        let static_dir = state.static_dir.clone();
        // What the middleware and the live updates read, each on its own: they never see the
        // whole state.
        cfg.app_data(web::Data::new(state.accounts.clone()))
            .app_data(web::Data::new(state.app.clone()))
            .app_data(web::Data::new(state.hub.clone()))
            .app_data(web::Data::new(state.heartbeat))
            .app_data(web::Data::new(crate::limits::BodyTime(state.body_time)))
            .app_data(web::Data::new(state))
            .app_data(web::PayloadConfig::default().limit(16 << 20))
            .app_data(web::PathConfig::default().error_handler(|_, req| {
                ApiError::NotFound(format!(
                    "nothing at {}: a part of the address is not a valid identifier or number",
                    req.path()
                ))
                .into()
            }))
            .app_data(web::QueryConfig::default().error_handler(|err, _| {
                let text = err.to_string();
                let text = text
                    .strip_prefix("Query deserialize error: ")
                    .unwrap_or(&text);
                ApiError::BadRequest(format!("the query: {}", crate::api::json::plain(text))).into()
            }))
            .configure(|cfg| {
                crate::api::routes(&mut utoipa_actix_web::service_config::ServiceConfig::new(
                    cfg,
                ))
            });
        // The pages: from the configured folder when it exists (development), else the copy
        // inside the binary.
        let pages = if static_dir.is_dir() {
            Pages::Folder(static_dir)
        } else {
            Pages::Inside
        };
        // The pages take the tournament from their address: /display/{id}, /arbiter/{id},
        // /t/{id}; the hall's page /terminal/{id} (a tablet signed in by an arbiter) and
        // /me/{id} (a player's own phone).
        for (prefix, file) in [
            ("/display/{id}", "display.html"),
            ("/arbiter/{id}", "arbiter.html"),
            ("/t/{id}", "public.html"),
            ("/terminal/{id}", "hall.html"),
            ("/me/{id}", "hall.html"),
        ] {
            cfg.route(
                prefix,
                web::get().to({
                    let pages = pages.clone();
                    move |req: actix_web::HttpRequest,
                          id: web::Path<String>,
                          state: web::Data<AppState>| {
                        let pages = pages.clone();
                        async move { page(req, &id, &state, &pages, file).await }
                    }
                }),
            );
            // The public pages give each view its own address (/t/{id}/standings,
            // /t/{id}/round/3, /t/{id}/player/12, ...), and the console each task its own
            // (/arbiter/{id}/results, /arbiter/{id}/players, ...): the same page, which reads it.
            if file == "arbiter.html" || file == "public.html" {
                let pages = pages.clone();
                cfg.route(
                    &format!("{prefix}/{{view:.*}}"),
                    web::get().to(
                        move |req: actix_web::HttpRequest,
                              parts: web::Path<(String, String)>,
                              state: web::Data<AppState>| {
                            let pages = pages.clone();
                            async move { page(req, &parts.0, &state, &pages, file).await }
                        },
                    ),
                );
            }
        }
        match pages {
            Pages::Folder(dir) => {
                cfg.service(
                    actix_files::Files::new("/", dir)
                        .index_file("index.html")
                        .default_handler(web::to(not_found)),
                );
            }
            Pages::Inside => {
                cfg.route(
                    "/",
                    web::get().to(|req: actix_web::HttpRequest| async move {
                        inside(&req, "index.html").await
                    }),
                )
                .route(
                    "/{file}",
                    web::get().to(
                        |req: actix_web::HttpRequest, file: web::Path<String>| async move {
                            inside(&req, &file).await
                        },
                    ),
                )
                .default_service(web::to(not_found));
            }
        }
    }
}

/// Where the pages come from.
#[derive(Clone)]
enum Pages {
    /// A folder on disk (`[web] static_dir`, `--static-dir`): for working on the pages.
    Folder(PathBuf),
    /// The copy inside the binary, made when it was built (`server/build.rs`).
    Inside,
}

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/pages.rs"));
}

/// A page inside the binary by its file name, with its type; the not-found page otherwise.
async fn inside(req: &actix_web::HttpRequest, file: &str) -> actix_web::HttpResponse {
    let Some((_, bytes)) = embedded::PAGES.iter().find(|(name, _)| *name == file) else {
        return not_found(req.clone()).await;
    };
    let kind = match file.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    };
    actix_web::HttpResponse::Ok()
        .content_type(kind)
        .body(*bytes)
}

/// A tournament's page, if the address names a tournament; otherwise the page that says it
/// names nothing.
async fn page(
    req: actix_web::HttpRequest,
    id: &str,
    state: &AppState,
    pages: &Pages,
    file: &str,
) -> actix_web::HttpResponse {
    use actix_web::Responder;
    let Ok(id) = uuid::Uuid::parse_str(id) else {
        return not_found(req).await;
    };
    let store = state.store.clone();
    let known = web::block(move || store.durable_head(events::app::TournamentId(id)).is_ok())
        .await
        .unwrap_or(false);
    if !known {
        return not_found(req).await;
    }
    let Pages::Folder(dir) = pages else {
        return inside(&req, file).await;
    };
    match actix_files::NamedFile::open_async(dir.join(file)).await {
        Ok(f) => f.respond_to(&req).map_into_boxed_body(),
        Err(e) => {
            use actix_web::ResponseError;
            ApiError::Internal(format!("the page cannot be read: {e}")).error_response()
        }
    }
}

/// What an address that names nothing answers: under `/api/`, the API's JSON error; elsewhere
/// a short page that says so and leads to the tournaments.
async fn not_found(req: actix_web::HttpRequest) -> actix_web::HttpResponse {
    use actix_web::ResponseError;
    if req.path().starts_with("/api/") {
        return ApiError::NotFound(format!("no such route: {} {}", req.method(), req.path()))
            .error_response();
    }
    actix_web::HttpResponse::NotFound()
        .content_type("text/html; charset=utf-8")
        .body(NOT_FOUND_PAGE)
}

/// The page for an address that names nothing.
const NOT_FOUND_PAGE: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title><link rel=\"stylesheet\" href=\"/app.css\"></head><body><main><h1>Nothing here</h1><p>This address names no page of this server. <a href=\"/\">The tournaments</a></p></main></body></html>";

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
