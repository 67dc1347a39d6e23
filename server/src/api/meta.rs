//! The server itself: its health, the address players reach it by, who a token belongs to,
//! the OpenAPI document, and the tie-breaks every tournament may use.

use super::common::Result;
use super::error::ApiError;
use super::json;
use super::wire;
use crate::auth::require;
use crate::state::AppState;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use events::app::Need;

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

/// The address players' phones and the hall's tablets reach this server by: what the console
/// builds the players' cards, QR codes and sign-in links on. Null when the server listens on
/// this machine's own address only and `server.public_url` is not set.
#[utoipa::path(tag = "server", responses((status = 200, body = wire::PublicUrl)))]
#[get("/api/public-url")]
pub(super) async fn public_url(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let url = state.public_url(&req);
    let from = match (&state.public_url, &url) {
        (Some(_), _) => Some("configuration"),
        (None, Some(_)) => Some("listening"),
        (None, None) => None,
    };
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-cache"))
        .json(wire::PublicUrl {
            public_url: url,
            from,
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

/// A QR code (SVG) of a short text, made here for a signed-in account: the console's sign-in
/// link for a new arbiter's tablet, read with its camera instead of a 64-character token typed.
/// The text is sent in the body, never in an address (addresses are logged).
#[utoipa::path(
    tag = "accounts",
    request_body = wire::QrText,
    responses((status = 200, description = "The QR code, as SVG.", content_type = "image/svg+xml", body = String), (status = 400, description = "No text, or longer than 1,000 characters.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/qr")]
pub(super) async fn qr(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: json::Json<wire::QrText>,
) -> Result<HttpResponse> {
    require(&req, &state.accounts, Need::Signed).await?;
    let text = body.into_inner().text;
    if text.is_empty() || text.chars().count() > 1000 {
        return Err(ApiError::BadRequest(
            "text: from 1 to 1,000 characters".into(),
        ));
    }
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| ApiError::BadRequest(format!("text: no QR code holds it ({e})")))?;
    let svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build();
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(("Cache-Control", "no-store"))
        .body(svg))
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
