//! The server itself: its health, who a token belongs to, the OpenAPI document, and the
//! tie-breaks every tournament may use.

use super::common::Result;
use super::wire;
use crate::auth::require;
use crate::state::AppState;
use actix_web::{get, web, HttpRequest, HttpResponse};
use events::Need;

/// The server is up; its engine's version and its store.
#[utoipa::path(tag = "server", responses((status = 200, body = wire::Health)))]
#[get("/api/health")]
pub(super) async fn health(state: web::Data<AppState>) -> HttpResponse {
    let store = state.store.clone();
    let (empty, bytes, free_bytes) =
        web::block(move || (store.is_empty(), store.size_on_disk(), store.free_space()))
            .await
            .unwrap_or((false, 0, None));
    let problem = state.store.trouble();
    let warning = free_bytes
        .filter(|&free| free < wire::FREE_SPACE_WARNING)
        .map(|free| {
            format!(
                "the disk holding the tournament data has {} MB free: free space on it before it is full (writes are then refused)",
                free / (1024 * 1024)
            )
        });
    let copies = state.copies.folder().map(|folder| wire::CopiesHealth {
        folder: folder.display().to_string(),
        problem: state.copies.trouble(),
    });
    let copies_trouble = copies.as_ref().is_some_and(|c| c.problem.is_some());
    HttpResponse::Ok().json(wire::Health {
        status: if problem.is_none() && warning.is_none() && !copies_trouble {
            "ok"
        } else {
            "degraded"
        },
        engine: engine::VERSION,
        store: wire::StoreHealth {
            kind: state.store.kind(),
            empty,
            bytes,
            problem,
            free_bytes,
            warning,
        },
        copies,
    })
}

/// Who the token belongs to: for consoles to check a token at sign-in.
#[utoipa::path(
    tag = "accounts",
    responses((status = 200, body = wire::Account), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/me")]
pub(super) async fn whoami(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse> {
    let who = require(&req, &state.accounts, Need::Signed).await?;
    Ok(HttpResponse::Ok().json(wire::Account::from(&who)))
}

/// Every tie-break a tournament may use (FIDE C.07's codes as its calculator writes them, and
/// the usual cuts), with what each measures, and the default order of each system.
#[utoipa::path(
    tag = "tournaments",
    responses((status = 200, description = "The tie-breaks and the defaults.", body = wire::TiebreakList))
)]
#[get("/api/tiebreaks")]
pub(super) async fn tiebreak_list() -> Result<HttpResponse> {
    Ok(HttpResponse::Ok().json(wire::TiebreakList::new()))
}
