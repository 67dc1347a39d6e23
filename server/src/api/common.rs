//! What the routes share: how a request reaches the application (on the blocking pool, with
//! its account, idempotency key and fingerprint), how a write answers (201 new, 200 already
//! recorded), the tournament of a path, a part of a long list, and the retry key and refusals
//! every write declares.

use super::error::ApiError;
use super::wire;
use crate::auth::require;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use events::app::{self, App, Request};
use events::app::{AppError, Need, TournamentId};

pub(super) type Result<T> = std::result::Result<T, ApiError>;

/// The tournament a path names: `/api/tournaments/{id}/...`.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub(super) struct TournamentPath {
    /// The tournament's identifier.
    id: uuid::Uuid,
}

impl TournamentPath {
    pub(super) fn tournament(&self) -> TournamentId {
        TournamentId(self.id)
    }
}

/// The `Idempotency-Key` header a write may carry, as the document declares it (the handlers
/// read it from the request: [`idempotency_key`]).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
pub(super) struct RetryKey {
    /// Makes a retry safe: the same request again answers what the first answered.
    #[param(rename = "Idempotency-Key")]
    key: Option<String>,
}

/// The refusals every write may answer, declared once for the document (the answers
/// themselves are [`ApiError`]'s).
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub(super) enum Refused {
    /// No valid bearer token.
    #[response(status = 401, description = "No valid bearer token.")]
    Unauthorized(wire::ErrorBody),
    /// The account's role does not allow this.
    #[response(status = 403, description = "The account's role does not allow this.")]
    Forbidden(wire::ErrorBody),
}

/// Runs one of the application's queries or commands on the blocking pool.
pub(super) async fn query<T: Send + 'static>(
    state: &web::Data<AppState>,
    f: impl FnOnce(&App) -> std::result::Result<T, AppError> + Send + 'static,
) -> Result<T> {
    let app = state.app.clone();
    Ok(web::block(move || f(&app)).await??)
}

/// Checks the request's account meets `need`, then runs `f` with the request's account,
/// idempotency key and fingerprint (the account, the method, the route and `body`: the same
/// key on another request is refused), as [`query`] does.
pub(super) async fn command<T: Send + 'static>(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    need: Need,
    body: &impl serde::Serialize,
    f: impl FnOnce(&App, &Request) -> std::result::Result<T, AppError> + Send + 'static,
) -> Result<T> {
    let who = require(req, &state.accounts, need).await?;
    let request = Parts::of(req).request(who.name, &serde_json::to_vec(body).unwrap_or_default());
    query(state, move |app| f(app, &request)).await
}

pub(super) fn written(done: &app::Written) -> HttpResponse {
    answer(done, wire::Written::from(done))
}

/// 201 with `body` when the event is new, 200 when it was recorded before.
pub(super) fn answer(done: &app::Written, body: impl serde::Serialize) -> HttpResponse {
    if done.new {
        HttpResponse::Created().json(body)
    } else {
        HttpResponse::Ok().json(body)
    }
}

/// What identifies a request beside its account and body: its method, route and
/// idempotency key.
pub(super) struct Parts {
    method: String,
    path: String,
    key: Option<String>,
}

impl Parts {
    pub(super) fn of(req: &HttpRequest) -> Parts {
        Parts {
            method: req.method().as_str().to_string(),
            path: req.path().to_string(),
            key: idempotency_key(req),
        }
    }

    /// The application's view of the request by `actor` with `body`.
    pub(super) fn request(self, actor: String, body: &[u8]) -> Request {
        let fingerprint = app::fingerprint(&[
            actor.as_bytes(),
            self.method.as_bytes(),
            self.path.as_bytes(),
            body,
        ]);
        Request {
            actor,
            idempotency_key: self.key,
            fingerprint,
            reason_public: false,
        }
    }
}

pub(super) fn idempotency_key(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get("Idempotency-Key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
}

/// `?from=N&count=M`: a part of a long list (a round's boards from board N, the standings'
/// rows from the N-th), so that a client showing thousands of players need not load them at
/// once. Without either, the whole list.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct PartQuery {
    /// The first board, or row, wanted: 1 for the first.
    #[serde(default)]
    #[param(value_type = Option<u32>)]
    from: Option<String>,
    /// How many (from 1); all from `from` on when absent.
    #[serde(default)]
    #[param(value_type = Option<u32>)]
    count: Option<String>,
}

impl PartQuery {
    /// The part of a list of `len` items asked for, as indices; the whole list when neither
    /// is given. A `from` past the end gives an empty part (the client sees `total_*`). The
    /// numbers are read here, so that a bad one is refused by its name.
    fn range(&self, len: usize) -> Result<std::ops::Range<usize>> {
        Ok(self.read()?(len))
    }

    /// The numbers read (a bad one refused by its name), as the part of a list of any length.
    pub(super) fn read(&self) -> Result<impl Fn(usize) -> std::ops::Range<usize>> {
        let number = |name: &str, given: &Option<String>| -> Result<Option<usize>> {
            match given.as_deref().map(str::parse::<usize>) {
                None => Ok(None),
                Some(Ok(0)) => Err(ApiError::BadRequest(format!("{name}: 0; it counts from 1"))),
                Some(Ok(n)) => Ok(Some(n)),
                Some(Err(_)) => Err(ApiError::BadRequest(format!(
                    "{name}: {:?} is not a whole number",
                    given.as_deref().unwrap_or_default()
                ))),
            }
        };
        let from = number("from", &self.from)?;
        let count = number("count", &self.count)?;
        Ok(move |len: usize| {
            let start = (from.unwrap_or(1) - 1).min(len);
            let end = count.map_or(len, |c| start.saturating_add(c).min(len));
            start..end
        })
    }

    /// Keeps of `list` the part asked for ([`PartQuery::range`]).
    pub(super) fn keep<T>(&self, list: &mut Vec<T>) -> Result<()> {
        let range = self.range(list.len())?;
        list.truncate(range.end);
        list.drain(..range.start);
        Ok(())
    }
}

/// Keeps the copies of tournament `t` after round `round` in the copy folder, if one is
/// configured (on the blocking pool; its failure is a warning in health, never the request's).
pub(super) async fn keep_copies(state: &web::Data<AppState>, t: TournamentId, round: u16) {
    if state.copies.folder().is_none() {
        return;
    }
    let (copies, store, app) = (state.copies.clone(), state.store.clone(), state.app.clone());
    let _ = web::block(move || copies.keep(&store, &app, t, round)).await;
}
