//! Players: the list, registering, correcting, withdrawing, and byes or absences asked for
//! rounds to come.

use super::common::{query, NoPlayer, NoTournament, Result, TournamentPath};
use super::error::ApiError;
use super::wire::{
    ByeRequest, CancelBye, CorrectPlayer, DrawNumbers, KeepApart, PlayerRef, RegisterPlayer,
    ReleaseKeptApart, RemovePlayer, RequestBye, Withdraw,
};
use super::write::{
    answer, as_sent, sorted, NotNow, Recorded, Refused, RetryKey, Unreadable, Write,
};
use super::{json, wire};
use crate::state::AppState;
use actix_web::{get, patch, post, web, HttpRequest, HttpResponse};
use events::app::{self};
use events::app::{Need, PlayerKey, TournamentId};

/// The registered players, by registration number (`player`), each with their pairing
/// number as it is now (`tpn`; the starting list is this list ordered by it).
#[utoipa::path(
    tag = "players",
    params(TournamentPath),
    responses((status = 200, body = Vec<wire::Player>), NoTournament)
)]
#[get("/api/tournaments/{id}/players")]
pub(super) async fn list_players(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let players = query(&state, move |app| app.players(t)).await?;
    let players: Vec<wire::Player> = players.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(players))
}

#[utoipa::path(
    tag = "players",
    params(TournamentPath, RetryKey),
    request_body = RegisterPlayer,
    responses((status = 201, description = "Registered: what was written, and the player with both numbers (`player`, the registration number; `tpn`, the pairing number as it is now).", body = wire::PlayerWritten), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::PlayerWritten), Unreadable, NoTournament, NotNow, Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/players")]
pub(super) async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<RegisterPlayer>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let data = body.into_inner();
    let (appended, player) = Write::new(&req, Need::Chief(t), as_sent(&data))
        .run(&state, move |app, r| app.register(t, r, data.into()))
        .await?;
    let key = player.key.0;
    let mut response = answer(
        &appended,
        wire::PlayerWritten {
            written: wire::Written::from(&appended),
            player: player.into(),
        },
    );
    response.headers_mut().insert(
        actix_web::http::header::LOCATION,
        actix_web::http::header::HeaderValue::from_str(&format!(
            "/api/tournaments/{t}/players/{key}"
        ))
        .map_err(|e| ApiError::Internal(e.to_string()))?,
    );
    Ok(response)
}

#[utoipa::path(
    tag = "players",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("player" = u32, Path, description = "The player's registration number (`player` in every answer)."), RetryKey),
    request_body = CorrectPlayer,
    responses(Recorded, Unreadable, NoPlayer, NotNow, Refused),
    security(("bearer" = []))
)]
#[patch("/api/tournaments/{id}/players/{player}")]
pub(super) async fn correct_player(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
    body: json::Json<CorrectPlayer>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let t = TournamentId(t);
    let body = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&body))
        .record(&state, move |app, r| {
            let r = public_reason(r, body.reason_public);
            app.correct_player(t, &r, PlayerKey(key), body.correction.into(), body.reason)
        })
        .await
}

#[utoipa::path(
    tag = "players",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("player" = u32, Path, description = "The player's registration number (`player` in every answer)."), RetryKey),
    request_body = Withdraw,
    responses(Recorded, Unreadable, NoPlayer, NotNow, Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/players/{player}/withdrawal")]
pub(super) async fn withdraw(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
    body: json::Json<Withdraw>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let t = TournamentId(t);
    let body = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&body))
        .record(&state, move |app, r| {
            let r = public_reason(r, body.reason_public);
            app.withdraw(t, &r, PlayerKey(key), body.from_round, body.reason)
        })
        .await
}

#[utoipa::path(
    tag = "players",
    params(TournamentPath, RetryKey),
    request_body = RequestBye,
    responses(Recorded, Unreadable, NoPlayer, NotNow, Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/byes")]
pub(super) async fn request_bye(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<RequestBye>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let b = body.into_inner();
    let kind = match b.kind {
        ByeRequest::Absent => app::ByeRequest::Absent,
        ByeRequest::Half => app::ByeRequest::Half,
        ByeRequest::Full => app::ByeRequest::Full,
        ByeRequest::Zero => app::ByeRequest::Zero,
    };
    Write::new(&req, Need::Chief(t), sorted(&b))
        .record(&state, move |app, r| {
            let who = PlayerRef {
                player: b.player,
                tpn: b.tpn,
            };
            app.request_bye(t, r, who.named(), b.round, kind)
        })
        .await
}

/// A round-robin's numbers, before round 1 (C.05): drawn by lot or by the Varma tables
/// (Annex 2: players of one federation do not meet in the last three rounds) from a seed that
/// is recorded, or assigned. The players' pairing numbers are then their numbers in the
/// Berger table; drawing again before round 1 replaces them.
#[utoipa::path(
    tag = "players",
    params(TournamentPath, RetryKey),
    request_body = DrawNumbers,
    responses(Recorded, Unreadable, NoTournament, (status = 422, description = "Not a round-robin, round 1 already published, a field outside the Varma tables, or an order that does not list every player once.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/numbers")]
pub(super) async fn draw_numbers(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<DrawNumbers>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let body = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&body))
        .record(&state, move |app, r| {
            let order: Vec<app::Named> = body.order.iter().map(|p| p.named()).collect();
            app.draw_numbers(t, r, body.method.into(), body.seed, &order)
        })
        .await
}

/// Cancels a bye asked for, or an absence announced, for a round not yet published: the player
/// is paired in that round again. Refused, in words, when there is none to cancel.
#[utoipa::path(
    tag = "players",
    params(TournamentPath, RetryKey),
    request_body = CancelBye,
    responses(Recorded, Unreadable, NoPlayer, (status = 422, description = "No bye or absence recorded for that player and round, or the round is published.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/byes/cancellation")]
pub(super) async fn cancel_bye(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<CancelBye>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let b = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&b))
        .record(&state, move |app, r| {
            let who = PlayerRef {
                player: b.player,
                tpn: b.tpn,
            };
            let r = public_reason(r, b.reason_public);
            app.cancel_bye(t, &r, who.named(), b.round, b.reason)
        })
        .await
}

/// Removes a player registered by mistake, who has never been in a published round: nothing
/// of them is paired or listed again, and their registration number is not given to anyone
/// else. A player who has been paired is refused in words: withdraw them instead.
#[utoipa::path(
    tag = "players",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("player" = u32, Path, description = "The player's registration number (`player` in every answer)."), RetryKey),
    request_body = RemovePlayer,
    responses(Recorded, Unreadable, NoPlayer, (status = 422, description = "The player was in a published round (withdraw them instead), or was removed already.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/players/{player}/removal")]
pub(super) async fn remove_player(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
    body: json::Json<RemovePlayer>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let t = TournamentId(t);
    let body = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&body))
        .record(&state, move |app, r| {
            let r = public_reason(r, body.reason_public);
            app.remove_player(t, &r, PlayerKey(key), body.reason)
        })
        .await
}

/// The groups of players kept apart, by number: no two players of a group are paired in its
/// rounds.
#[utoipa::path(
    tag = "players",
    params(TournamentPath),
    responses((status = 200, description = "The groups.", body = [wire::KeptApartGroup]), NoTournament)
)]
#[get("/api/tournaments/{id}/kept-apart")]
pub(super) async fn kept_apart(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let groups = query(&state, move |app| app.kept_apart(t)).await?;
    let groups: Vec<wire::KeptApartGroup> = groups
        .into_iter()
        .map(
            |(group, players, from_round, to_round)| wire::KeptApartGroup {
                group,
                players: players.into_iter().map(Into::into).collect(),
                from_round,
                to_round,
            },
        )
        .collect();
    Ok(HttpResponse::Ok().json(groups))
}

/// Keeps players apart (TRF-2026 record 260): no two of them are paired in the rounds given,
/// in every system (an absolute criterion, as [C1] is); written as 260 in the TRF report.
#[utoipa::path(
    tag = "players",
    params(TournamentPath, RetryKey),
    request_body = KeepApart,
    responses(Recorded, Unreadable, NoPlayer, (status = 422, description = "Fewer than two different players, rounds out of order, or rounds already published.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/kept-apart")]
pub(super) async fn keep_apart(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<KeepApart>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let b = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&b))
        .record(&state, move |app, r| {
            let players: Vec<app::Named> = b.players.iter().map(|p| p.named()).collect();
            app.keep_apart(t, r, &players, b.from_round, b.to_round, b.reason)
        })
        .await
}

/// Ends a group of players kept apart, for the rounds still to be paired.
#[utoipa::path(
    tag = "players",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("group" = u32, Path, description = "The group's number."), RetryKey),
    request_body = ReleaseKeptApart,
    responses(Recorded, (status = 400, description = "The body cannot be read.", body = wire::ErrorBody), NoTournament, (status = 422, description = "No such group.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/kept-apart/{group}/removal")]
pub(super) async fn release_kept_apart(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
    body: json::Json<ReleaseKeptApart>,
) -> Result<HttpResponse> {
    let (t, group) = path.into_inner();
    let t = TournamentId(t);
    let b = body.into_inner();
    Write::new(&req, Need::Chief(t), sorted(&b))
        .record(&state, move |app, r| {
            app.release_kept_apart(t, r, group, b.reason)
        })
        .await
}

/// The request with whether its reason may be shown to the public, as its body says.
fn public_reason(r: &app::Request, public: bool) -> app::Request {
    app::Request {
        reason_public: public,
        ..r.clone()
    }
}
