//! Results: a board's result entered, or corrected with a reason. Arbiters enter them by the
//! thousand at the end of a round: one trip to the blocking pool per request.

use super::common::Result;
use super::error::ApiError;
use super::wire::{CorrectResult, EnterResult, Games};
use super::write::{as_sent, NotNow, Recorded, Refused, RetryKey, Unreadable, Write};
use super::{json, wire};
use crate::state::AppState;
use actix_web::{post, put, web, HttpRequest, HttpResponse};
use events::app::{self};
use events::app::{Need, TournamentId};

/// The games of a result, checked against the number of games a pairing of tournament `t`
/// has: asked of the application in the write's own trip to it (a wrong number is the
/// request's fault, 400, in words).
fn checked(
    app: &app::App,
    t: TournamentId,
    games: Games,
) -> Result<Vec<engine::model::result::GameResult>> {
    games
        .per_pairing(app.games_per_pairing(t)?)
        .map_err(ApiError::BadRequest)
}

#[utoipa::path(
    tag = "results",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), ("board" = u32, Path, description = "The board."), RetryKey),
    request_body = EnterResult,
    responses(Recorded, Unreadable, (status = 404, description = "No such tournament, round or board.", body = wire::ErrorBody), (status = 409, description = "A different result is recorded (recorded: what it is); send a correction.", body = wire::ErrorBody), NotNow, Refused),
    security(("bearer" = []))
)]
#[put("/api/tournaments/{id}/rounds/{round}/boards/{board}/result")]
pub(super) async fn enter_result(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16, u32)>,
    body: json::Json<EnterResult>,
) -> Result<HttpResponse> {
    let (t, round, board) = path.into_inner();
    let t = TournamentId(t);
    let body = body.into_inner();
    let games = body.games().map_err(ApiError::BadRequest)?;
    Write::new(&req, Need::Arbiter(t), as_sent(&body))
        .record(&state, move |app, r| {
            let games = checked(app, t, games)?;
            Ok::<_, ApiError>(app.enter_result(t, r, round, board, games)?)
        })
        .await
}

// The body as the document declares it for both result routes is `EnterResult`; a correction
// reads it as its own type, `CorrectResult` (the same fields).
#[utoipa::path(
    tag = "results",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), ("board" = u32, Path, description = "The board."), RetryKey),
    request_body = EnterResult,
    responses(Recorded, Unreadable, (status = 404, description = "No such tournament, round or board.", body = wire::ErrorBody), NotNow, Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/rounds/{round}/boards/{board}/correction")]
pub(super) async fn correct_result(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16, u32)>,
    body: json::Json<CorrectResult>,
) -> Result<HttpResponse> {
    let (t, round, board) = path.into_inner();
    let t = TournamentId(t);
    let body = body.into_inner();
    let games = body.games();
    Write::new(&req, Need::Arbiter(t), as_sent(&body))
        .record(&state, move |app, r| {
            let games = checked(app, t, games)?;
            let r = app::Request {
                reason_public: body.reason_public,
                ..r.clone()
            };
            let correction = app::ResultCorrection {
                round,
                board,
                games,
                colors_swapped: body.colors_swapped,
            };
            Ok::<_, ApiError>(app.correct_result(t, &r, correction, body.reason)?)
        })
        .await
}
