//! Rounds: the system's proposal, a pairing checked before it is published, publishing (as
//! proposed or changed by hand), unpublishing, and a published round by board and by name.

use super::common::{keep_copies, query, NoTournament, PartQuery, Result, TournamentPath};
use super::error::ApiError;
use super::wire::Publish;
use super::write::{answer, as_sent, no_body, Recorded, Refused, RetryKey, Unreadable, Write};
use super::{json, wire};
use crate::state::AppState;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use events::app::{self};
use events::app::{Need, TournamentId};

/// The system's proposal for the next round, with its explanation; nothing is recorded.
#[utoipa::path(
    tag = "rounds",
    params(TournamentPath, RetryKey),
    responses((status = 200, description = "The proposal; nothing is recorded.", body = wire::Proposal), NoTournament, (status = 422, description = "No round to pair, or no pairing satisfies the absolute criteria (details.manual_pairing_possible).", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/pairing")]
pub(super) async fn propose(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let proposal = Write::new(&req, Need::Chief(t), no_body())
        .run(&state, move |app, _| app.proposal(t))
        .await?;
    Ok(HttpResponse::Ok().json(wire::Proposal::from(proposal)))
}

/// Checks a pairing of the next round as publishing it would (the same body as publishing),
/// and records nothing: its breaches of the absolute criteria and how it differs from the
/// system's proposal. The console checks each change made by hand with it.
#[utoipa::path(
    tag = "rounds",
    params(TournamentPath, RetryKey),
    request_body = Publish,
    responses((status = 200, description = "The pairing checked; nothing is recorded.", body = wire::PairingCheck), Unreadable, NoTournament, (status = 422, description = "Not the next round, or a player no one is.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/pairing/check")]
pub(super) async fn check_pairing(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<Publish>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let body = body.into_inner();
    let publication = publication_of(&body);
    let checked = Write::new(&req, Need::Chief(t), as_sent(&body))
        .run(&state, move |app, _| app.check_pairing(t, &publication))
        .await?;
    Ok(HttpResponse::Ok().json(wire::PairingCheck::from(checked)))
}

/// The application's publication of a body sent to publish or check.
fn publication_of(body: &Publish) -> app::Publication {
    app::Publication {
        round: body.round,
        pairs: body
            .pairs
            .iter()
            .map(|p| (p.white.named(), p.black.named()))
            .collect(),
        bye: body.bye.as_ref().map(|b| b.named()),
        accept_violations: body.accept_violations,
    }
}

/// Publishes a round: the system's proposal as it is, or changed by hand. Each player is named
/// by a number that says which it is (`{"player": 5}` or `{"tpn": 3}`, as the proposal gives
/// both); a bare number is refused. Changes are recorded and answered; a pairing that breaks
/// the absolute criteria is refused unless `accept_violations` is set, and then its breaches
/// are recorded too.
#[utoipa::path(
    tag = "rounds",
    params(TournamentPath, RetryKey),
    request_body = Publish,
    responses((status = 201, description = "Published: what was written, and `manual_changes`, how the round differs from the system's proposal, each player by name and both numbers (empty when it is the proposal).", body = wire::RoundWritten), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::RoundWritten), Unreadable, NoTournament, (status = 422, description = "Not the next round, or the pairing breaks absolute criteria (details.violations) and accept_violations is not set.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/rounds")]
pub(super) async fn publish(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<Publish>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let body = body.into_inner();
    let publication = publication_of(&body);
    let round = body.round;
    let published = Write::new(&req, Need::Chief(t), as_sent(&body))
        .run(&state, move |app, r| app.publish(t, r, publication))
        .await?;
    keep_copies(&state, t, round).await;
    let mut response = answer(
        &published.written,
        wire::RoundWritten {
            written: wire::Written::from(&published.written),
            manual_changes: published.changes.clone(),
        },
    );
    if !published.changes.is_empty() {
        let warning = actix_web::http::header::HeaderValue::from_str(&format!(
            "199 - \"{} manual change(s) recorded\"",
            published.changes.len()
        ))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
        response
            .headers_mut()
            .insert(actix_web::http::header::WARNING, warning);
    }
    Ok(response)
}

#[utoipa::path(
    tag = "rounds",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), RetryKey),
    responses(Recorded, (status = 404, description = "No such tournament or round.", body = wire::ErrorBody), (status = 422, description = "Not the last round, or it has results.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[delete("/api/tournaments/{id}/rounds/{round}")]
pub(super) async fn unpublish(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16)>,
) -> Result<HttpResponse> {
    let (t, round) = path.into_inner();
    let t = TournamentId(t);
    Write::new(&req, Need::Chief(t), no_body())
        .record(&state, move |app, r| app.unpublish(t, r, round))
        .await
}

#[utoipa::path(
    tag = "views",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), PartQuery),
    responses((status = 200, body = wire::Round), (status = 400, description = "`from` or `count` is 0.", body = wire::ErrorBody), (status = 404, description = "No such tournament or round.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/rounds/{round}")]
pub(super) async fn show_round(
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16)>,
    part: web::Query<PartQuery>,
) -> Result<HttpResponse> {
    let mut round = published_round(&state, path).await?;
    part.keep(&mut round.pairs)?;
    Ok(HttpResponse::Ok().json(round))
}

/// The published round a path names, as the wire gives it.
pub(super) async fn published_round(
    state: &web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16)>,
) -> Result<wire::Round> {
    let (t, round) = path.into_inner();
    let view = query(state, move |app| app.round(TournamentId(t), round)).await?;
    Ok(wire::Round::from(view))
}

#[utoipa::path(
    tag = "views",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), PartQuery),
    responses((status = 200, body = wire::RoundByName), (status = 400, description = "`from` or `count` is 0.", body = wire::ErrorBody), (status = 404, description = "No such tournament or round.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/rounds/{round}/by-name")]
pub(super) async fn show_round_by_name(
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16)>,
    part: web::Query<PartQuery>,
) -> Result<HttpResponse> {
    let mut list = wire::RoundByName::from(published_round(&state, path).await?);
    part.keep(&mut list.rows)?;
    Ok(HttpResponse::Ok().json(list))
}
