//! Tournaments: the list, creating one or importing a TRF file, one tournament, its details
//! and tie-breaks, its TRF export, its audit trail, its QR code, closing it.

use super::common::{keep_copies, query, NoTournament, Result, TournamentPath};
use super::error::ApiError;
use super::wire::{ChangeDetails, ChangeTiebreaks, CreateTournament};
use super::write::{
    answer, as_sent, no_body, sorted, Changed, NotNow, Recorded, Refused, RetryKey, Unreadable,
    Write,
};
use super::{json, wire};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use events::app::Need;

#[utoipa::path(
    tag = "tournaments",
    responses((status = 200, body = Vec<wire::Tournament>))
)]
#[get("/api/tournaments")]
pub(super) async fn list_tournaments(state: web::Data<AppState>) -> Result<HttpResponse> {
    let items = query(&state, |app| app.tournaments()).await?;
    let items: Vec<wire::Tournament> = items.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(
    tag = "tournaments",
    params(RetryKey),
    request_body = CreateTournament,
    responses((status = 201, body = wire::Created), (status = 200, description = "Created before, by the same request with the same Idempotency-Key.", body = wire::Created), Unreadable, NotNow, Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments")]
pub(super) async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: json::Json<CreateTournament>,
) -> Result<HttpResponse> {
    let body = body.into_inner();
    let fingerprint = sorted(&body);
    let settings = body.settings.into_app();
    let (id, done) = Write::new(&req, Need::Admin, fingerprint)
        .run(&state, move |app, r| {
            app.create(r, body.name, settings, body.details.into())
        })
        .await?;
    let body = wire::Created {
        id: id.to_string(),
        seq: done.entry.seq,
    };
    Ok(answer(&done, body))
}

/// What an import may say beside the file.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ImportQuery {
    /// The system, when the file does not name it (its 192 record).
    #[serde(default)]
    system: Option<wire::System>,
    /// The tournament's name, when the file's 012 record is not the one wanted.
    #[serde(default)]
    name: Option<String>,
}

/// Imports a TRF file: its players, and each recorded round as published with its results.
#[utoipa::path(
    tag = "tournaments",
    params(ImportQuery, RetryKey),
    request_body(content = String, content_type = "text/plain", description = "A TRF file (FIDE's tournament report format)."),
    responses((status = 201, body = wire::Imported), (status = 200, description = "Imported before, by the same request with the same Idempotency-Key.", body = wire::Imported), (status = 400, description = "The file cannot be read: the line and column of the first problem.", body = wire::ErrorBody), NotNow, Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/import")]
pub(super) async fn import(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: String,
    query: web::Query<ImportQuery>,
) -> Result<HttpResponse> {
    let (system, name) = (query.system.map(Into::into), query.name.clone());
    let (id, again) = Write::new(&req, Need::Admin, as_sent(&body))
        .run(&state, move |app, r| app.import(r, &body, system, name))
        .await?;
    Ok(if again {
        HttpResponse::Ok().json(wire::Imported { id: id.to_string() })
    } else {
        HttpResponse::Created().json(wire::Imported { id: id.to_string() })
    })
}

/// What importing a TRF file would make, without making it: name, system, players, rounds
/// played, and the warnings of reading it; a file that cannot be read is refused with the line
/// and column of each problem, as the import would be.
#[utoipa::path(
    tag = "tournaments",
    params(ImportQuery),
    request_body(content = String, content_type = "text/plain", description = "A TRF file (FIDE's tournament report format)."),
    responses((status = 200, body = wire::ImportPreview), (status = 400, description = "The file cannot be read: the line and column of each problem.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/import/preview")]
pub(super) async fn preview_import(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: String,
    query: web::Query<ImportQuery>,
) -> Result<HttpResponse> {
    let (system, name) = (query.system.map(Into::into), query.name.clone());
    // Nothing is written: the account is held to the need in the same trip as the preview.
    let preview = Write::new(&req, Need::Admin, no_body())
        .run(&state, move |app, _| {
            app.preview_import(&body, system, name)
        })
        .await?;
    Ok(HttpResponse::Ok().json(wire::ImportPreview::from(preview)))
}

#[utoipa::path(
    tag = "tournaments",
    params(TournamentPath),
    responses((status = 200, body = wire::Tournament), NoTournament)
)]
#[get("/api/tournaments/{id}")]
pub(super) async fn show(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let summary = query(&state, move |app| app.summary(t)).await?;
    Ok(HttpResponse::Ok().json(wire::Tournament::from(summary)))
}

/// `?virtual_points=xxa`: an accelerated tournament's virtual points as JaVaFo's `XXA` lines
/// (for JaVaFo and bbpPairings), rather than TRF-2026's record 250 (`250`, the default).
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ExportQuery {
    /// `250` (the default) or `xxa`.
    #[serde(default)]
    virtual_points: Option<String>,
}

/// The tournament as a TRF file (an imported one in its file's own layout).
#[utoipa::path(
    tag = "views",
    params(TournamentPath, ExportQuery),
    responses((status = 200, description = "The tournament as a TRF file.", body = String, content_type = "text/plain"), (status = 400, description = "`virtual_points` is neither `250` nor `xxa`.", body = wire::ErrorBody), NoTournament)
)]
#[get("/api/tournaments/{id}/export.trf")]
pub(super) async fn export_trf(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    asked: web::Query<ExportQuery>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let xxa = match asked.virtual_points.as_deref() {
        None | Some("250") => false,
        Some("xxa") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "virtual_points: {other:?} is neither \"250\" nor \"xxa\""
            )))
        }
    };
    let text = query(&state, move |app| app.export_trf(t, xxa)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
}

#[utoipa::path(
    tag = "views",
    params(TournamentPath),
    responses((status = 200, description = "Every event, in order, with who, when and why.", body = Vec<wire::Recorded>), NoTournament)
)]
#[get("/api/tournaments/{id}/audit")]
pub(super) async fn audit(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    // The tournament's arbiters (a token of theirs) read every reason; the public, only those
    // the arbiter made public.
    let arbiter = match crate::auth::bearer(&req) {
        Ok(_) => crate::auth::require(&req, &state.accounts, Need::Arbiter(t))
            .await
            .is_ok(),
        Err(_) => false,
    };
    let log = query(&state, move |app| app.audit(t)).await?;
    let items: Vec<wire::Recorded> = log
        .iter()
        .map(|e| {
            if arbiter {
                wire::Recorded::for_arbiters(e)
            } else {
                e.into()
            }
        })
        .collect();
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(
    tag = "tournaments",
    params(TournamentPath, RetryKey),
    responses(Recorded, NoTournament, NotNow, Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/close")]
pub(super) async fn close(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let (appended, rounds) = Write::new(&req, Need::Chief(t), no_body())
        .run(&state, move |app, r| {
            let closed = app.close(t, r)?;
            Ok::<_, ApiError>((closed, app.summary(t)?.rounds_published))
        })
        .await?;
    keep_copies(&state, t, rounds as u16).await;
    Ok(answer(&appended, wire::Written::from(&appended)))
}

/// Changes the tournament's details (place, dates, arbiters, time control, round dates) and,
/// when given, its name: the chief arbiter's, at any time before the tournament is closed.
/// Details equal to those recorded write nothing (200, `unchanged`).
#[utoipa::path(
    tag = "tournaments",
    params(TournamentPath, RetryKey),
    request_body = ChangeDetails,
    responses(Changed, (status = 400, description = "The body cannot be read, or a detail is out of bounds (a date that is not YYYY-MM-DD, a federation that is not three letters, more round dates than rounds).", body = wire::ErrorBody), NoTournament, (status = 422, description = "The tournament is closed.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[put("/api/tournaments/{id}/details")]
pub(super) async fn change_details(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<ChangeDetails>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let body = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&body))
        .record(&state, move |app, r| {
            app.change_details(t, r, body.name, body.details.into())
        })
        .await
}

/// Changes the tournament's acceleration (FIDE C.04.7: `none` or `baku`): the chief
/// arbiter's, before round 1 is published. Refused in words for a round-robin and for point
/// values where a win is not worth two draws. The acceleration recorded, given again, writes
/// nothing.
#[utoipa::path(
    tag = "tournaments",
    params(TournamentPath, RetryKey),
    request_body = wire::ChangeAcceleration,
    responses(Changed, (status = 400, description = "The body cannot be read.", body = wire::ErrorBody), NoTournament, (status = 422, description = "A round-robin, point values the Baku method does not apply to, or round 1 already published.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[put("/api/tournaments/{id}/acceleration")]
pub(super) async fn change_acceleration(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<wire::ChangeAcceleration>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let body = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&body))
        .record(&state, move |app, r| {
            app.change_acceleration(t, r, body.acceleration.into())
        })
        .await
}

/// Changes the tournament's tie-breaks, in order (FIDE C.07's codes; an empty list for the
/// system's defaults): the chief arbiter's, before round 1 is published (C.07 4.1: the list
/// is published before the tournament starts). The list recorded, given again, writes nothing.
#[utoipa::path(
    tag = "tournaments",
    params(TournamentPath, RetryKey),
    request_body = ChangeTiebreaks,
    responses(Changed, (status = 400, description = "The body cannot be read.", body = wire::ErrorBody), NoTournament, (status = 422, description = "A code that is not a tie-break (the answer names it and lists the codes), a tie-break given twice, more than 12, or round 1 already published.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[put("/api/tournaments/{id}/tiebreaks")]
pub(super) async fn change_tiebreaks(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<ChangeTiebreaks>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let body = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&body))
        .record(&state, move |app, r| {
            app.change_tiebreaks(t, r, body.tiebreaks)
        })
        .await
}

/// A QR code (SVG) of the tournament's public page at the address players reach the server by
/// (`server.public_url`, else the network address listened on; else as the request reached
/// this server, `http://host/t/{id}`, or the scheme and host a proxy forwards): for the hall display and
/// the printouts, so that a phone opens the live pages. Made here, by no outside service.
#[utoipa::path(
    tag = "tournaments",
    params(TournamentPath),
    responses((status = 200, description = "The QR code, as SVG.", content_type = "image/svg+xml", body = String), NoTournament)
)]
#[get("/api/tournaments/{id}/qr.svg")]
pub(super) async fn public_qr(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    query(&state, move |app| app.summary(t)).await?;
    let info = req.connection_info();
    let root =
        (state.public_url(&req)).unwrap_or_else(|| format!("{}://{}", info.scheme(), info.host()));
    let address = format!("{root}/t/{}", t.0);
    let code = qrcode::QrCode::with_error_correction_level(address.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| ApiError::Internal(format!("the QR code of {address}: {e}")))?;
    let svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(160, 160)
        .quiet_zone(true)
        .build();
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(("Cache-Control", "no-cache"))
        .body(svg))
}
