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
    let (empty, bytes) = web::block(move || (store.is_empty(), store.size_on_disk()))
        .await
        .unwrap_or((false, 0));
    HttpResponse::Ok().json(wire::Health {
        status: "ok",
        engine: engine::VERSION,
        store: wire::StoreHealth {
            kind: state.store.kind(),
            empty,
            bytes,
        },
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
