//! Results: a board's result entered, or corrected with a reason. Arbiters enter them by the
//! thousand at the end of a round: one trip to the blocking pool per request.

use super::common::{written, Parts, Refused, Result, RetryKey};
use super::error::ApiError;
use super::wire::{games_of, EnterResult};
use super::{json, wire};
use crate::state::AppState;
use actix_web::{post, put, web, HttpRequest, HttpResponse};
use events::app::{self};
use events::app::{Need, TournamentId};

pub(super) async fn result_event(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    t: TournamentId,
    round: u16,
    board: u32,
    body: EnterResult,
    correction: bool,
) -> Result<HttpResponse> {
    if !correction && (body.reason.is_some() || body.colors_swapped || body.reason_public) {
        return Err(ApiError::BadRequest(
            "reason/reason_public/colors_swapped: only for corrections (POST .../correction)"
                .into(),
        ));
    }
    // One trip to the blocking pool for the whole request: results are what arbiters enter
    // most, all at once at the end of a round.
    let token = crate::auth::bearer(req)?;
    let fingerprinted = serde_json::to_vec(&body).unwrap_or_default();
    let parts = Parts::of(req);
    let accounts = state.accounts.clone();
    let app = state.app.clone();
    let appended = web::block(move || -> Result<app::Written> {
        let who = crate::auth::authorize(&accounts, &token, Need::Arbiter(t))?;
        let games = games_of(&body, app.games_per_pairing(t)?).map_err(ApiError::BadRequest)?;
        let mut r = parts.request(who.name, &fingerprinted);
        r.reason_public = body.reason_public;
        Ok(if correction {
            app.correct_result(
                t,
                &r,
                app::ResultCorrection {
                    round,
                    board,
                    games,
                    colors_swapped: body.colors_swapped,
                },
                body.reason,
            )?
        } else {
            app.enter_result(t, &r, round, board, games)?
        })
    })
    .await??;
    Ok(written(&appended))
}

#[utoipa::path(
    tag = "results",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), ("board" = u32, Path, description = "The board."), RetryKey),
    request_body = EnterResult,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::Written), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 404, description = "No such tournament, round or board.", body = wire::ErrorBody), (status = 409, description = "A different result is recorded (recorded: what it is); send a correction.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), Refused),
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
    result_event(
        &req,
        &state,
        TournamentId(t),
        round,
        board,
        body.into_inner(),
        false,
    )
    .await
}

#[utoipa::path(
    tag = "results",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), ("board" = u32, Path, description = "The board."), RetryKey),
    request_body = EnterResult,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::Written), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 404, description = "No such tournament, round or board.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/rounds/{round}/boards/{board}/correction")]
pub(super) async fn correct_result(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16, u32)>,
    body: json::Json<EnterResult>,
) -> Result<HttpResponse> {
    let (t, round, board) = path.into_inner();
    result_event(
        &req,
        &state,
        TournamentId(t),
        round,
        board,
        body.into_inner(),
        true,
    )
    .await
}
