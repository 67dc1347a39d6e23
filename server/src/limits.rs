//! What a request's body may cost: a size by route, and a time for all of it to arrive.
//!
//! Every body under `/api/` is read here, before its handler runs, within the route's size and
//! the configured time, and handed on as bytes. A body announced larger than its route allows
//! is answered 413 before a byte of it is read; one that grows past it while arriving is cut
//! off there (413); one that stalls is answered 408 when its time is up, and its connection is
//! closed. So a connection holds at most its route's size, for at most that time, and only
//! after its token was accepted (`auth::token_first` runs first).

use crate::api::error::ApiError;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, ResponseError};
use futures_util::StreamExt;
use std::time::Duration;

/// A game's result or its correction (with its reason).
pub const RESULT_BYTES: usize = 4 << 10;
/// A round's pairing as published (every board of a field of thousands).
pub const PAIRING_BYTES: usize = 1 << 20;
/// A TRF file (9,999 players and their rounds take about 2 MB).
pub const IMPORT_BYTES: usize = 16 << 20;
/// FIDE's rating list as downloaded: the combined list's ZIP archive is about 40 MB.
pub const RATING_LIST_BYTES: usize = 128 << 20;
/// Anything else: a player, settings, a bye, an account.
pub const OTHER_BYTES: usize = 64 << 10;

/// The body a request to `path` by `method` may send.
pub fn limit(method: &Method, path: &str) -> usize {
    if path == "/api/tournaments/import" || path == "/api/tournaments/import/preview" {
        IMPORT_BYTES
    } else if path == RATING_LIST_PATH {
        RATING_LIST_BYTES
    } else if path.ends_with("/result") || path.ends_with("/correction") {
        RESULT_BYTES
    } else if *method == Method::POST && path.ends_with("/rounds") {
        PAIRING_BYTES
    } else {
        OTHER_BYTES
    }
}

/// Whether a request is a write to the API (`POST`, `PUT`, `PATCH`, `DELETE` under `/api/`):
/// what needs a token before its body is read, and what has a body to bound.
pub fn is_write(method: &Method, path: &str) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    ) && path.starts_with("/api/")
}

/// The route that takes the rating list.
pub const RATING_LIST_PATH: &str = "/api/rating-list";

/// The time a body to `path` may take: the configured time, ten times over for the rating
/// list (tens of megabytes over a tournament hall's network).
pub fn time_for(path: &str, configured: Duration) -> Duration {
    if path == RATING_LIST_PATH {
        configured * 10
    } else {
        configured
    }
}

/// The time a body may take when the state says none.
pub const DEFAULT_BODY_TIME: Duration = Duration::from_secs(30);

/// The time a request's body may take to arrive (`[server] body_seconds`), as the app gives
/// it to this middleware.
#[derive(Clone, Copy, Debug)]
pub struct BodyTime(pub Duration);

/// Reads the body of every write under `/api/` within its route's size and the body time.
pub async fn bounded_body(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if !is_write(req.method(), req.path()) {
        return Ok(next.call(req).await?.map_into_left_body());
    }
    let limit = limit(req.method(), req.path());
    let time = time_for(
        req.path(),
        req.app_data::<web::Data<BodyTime>>()
            .map_or(DEFAULT_BODY_TIME, |s| s.0),
    );
    let announced = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > limit as u64) {
        return Ok(refuse(req, too_large(limit)));
    }
    let mut payload = req.take_payload();
    let read = async {
        let mut body = web::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk.map_err(|e| ApiError::BadRequest(format!("the body: {e}")))?;
            if body.len() + chunk.len() > limit {
                return Err(too_large(limit));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body.freeze())
    };
    match tokio::time::timeout(time, read).await {
        Ok(Ok(body)) => {
            req.set_payload(Payload::from(body));
            Ok(next.call(req).await?.map_into_left_body())
        }
        Ok(Err(e)) => Ok(refuse(req, e)),
        Err(_) => Ok(refuse(
            req,
            ApiError::SlowBody(format!(
                "the body did not arrive within {} seconds",
                time.as_secs()
            )),
        )),
    }
}

fn too_large(limit: usize) -> ApiError {
    ApiError::TooLarge(format!(
        "the body is larger than this route accepts ({} bytes)",
        limit
    ))
}

/// Answers `e` and closes the connection: the rest of the body, if any, is never read.
fn refuse<B>(req: ServiceRequest, e: ApiError) -> ServiceResponse<EitherBody<B>> {
    let mut answer = e.error_response();
    answer
        .head_mut()
        .set_connection_type(actix_web::http::ConnectionType::Close);
    req.into_response(answer).map_into_right_body()
}
