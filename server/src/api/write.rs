//! One way to write. A write route names what its account must be, the bytes its request is
//! fingerprinted by and the command it runs; [`Write`] takes it to the application in one trip
//! to the blocking pool (the account held to the route's need there, with the token the
//! middleware already checked, never looked up again; the idempotency key and fingerprint made
//! into the application's request; the command run), and answers it: 201 when the event is
//! new, 200 when it was recorded before. The retry key, and the responses writes share, are
//! declared here once for the document.

use super::common::Result;
use super::error::ApiError;
use super::wire;
use crate::auth::Asker;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use events::app::Need;
use events::app::{self, App, Request};

/// A write on its way to the application: the request it came by, what its account must be,
/// and the bytes that fingerprint it.
pub(super) struct Write<'r> {
    req: &'r HttpRequest,
    need: Need,
    fingerprint: Vec<u8>,
}

impl<'r> Write<'r> {
    /// A write by `req`'s account, which must meet `need`, fingerprinted by `fingerprint` (the
    /// body's bytes as [`as_sent`] or [`sorted`] give them, [`no_body`] for a write without
    /// one) beside its account, method and route.
    pub(super) fn new(req: &'r HttpRequest, need: Need, fingerprint: Vec<u8>) -> Write<'r> {
        Write {
            req,
            need,
            fingerprint,
        }
    }

    /// Runs `f` with the application and the request, in one trip to the blocking pool: the
    /// account is held to the need there first (403), then `f` runs.
    pub(super) async fn run<T, E>(
        self,
        state: &web::Data<AppState>,
        f: impl FnOnce(&App, &Request) -> std::result::Result<T, E> + Send + 'static,
    ) -> Result<T>
    where
        T: Send + 'static,
        E: Send + 'static,
        ApiError: From<E>,
    {
        let Write {
            req,
            need,
            fingerprint,
        } = self;
        let asker = Asker::of(req)?;
        let parts = Parts::of(req);
        let (accounts, app) = (state.accounts.clone(), state.app.clone());
        web::block(move || {
            let who = asker.authorize(&accounts, need)?;
            let request = parts.request(who.name, &fingerprint);
            Ok(f(&app, &request)?)
        })
        .await?
    }

    /// [`Write::run`] for a command that writes one event, answered with it: 201 when it is
    /// new, 200 when it was recorded before.
    pub(super) async fn record<E>(
        self,
        state: &web::Data<AppState>,
        f: impl FnOnce(&App, &Request) -> std::result::Result<app::Written, E> + Send + 'static,
    ) -> Result<HttpResponse>
    where
        E: Send + 'static,
        ApiError: From<E>,
    {
        let done = self.run(state, f).await?;
        Ok(answer(&done, wire::Written::from(&done)))
    }
}

/// The fingerprint of a write without a body.
pub(super) fn no_body() -> Vec<u8> {
    as_sent(&())
}

/// A body's fingerprint as sent: its JSON with the fields in the order its type declares them.
/// Each route keeps the form it has always been fingerprinted by, so that a retry with a key
/// given before an upgrade still matches its request.
pub(super) fn as_sent(body: &impl serde::Serialize) -> Vec<u8> {
    serde_json::to_vec(body).unwrap_or_default()
}

/// A body's fingerprint with its JSON's keys sorted (the form of the routes that have always
/// used it; see [`as_sent`]).
pub(super) fn sorted(body: &impl serde::Serialize) -> Vec<u8> {
    as_sent(&serde_json::to_value(body).unwrap_or_default())
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

fn idempotency_key(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get("Idempotency-Key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
}

/// The `Idempotency-Key` header a write may carry, as the document declares it (the writes
/// read it from the request: [`Parts::of`]).
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

/// What a write that appends one event answers ([`Write::record`]), declared once for the
/// document.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub(super) enum Recorded {
    /// The event appended.
    #[response(status = 201, description = "Recorded.")]
    New(wire::Written),
    /// The event an identical request with the same key appended before.
    #[response(
        status = 200,
        description = "Recorded before, by the same request with the same Idempotency-Key."
    )]
    Before(wire::Written),
}

/// What a write that changes a setting answers ([`Write::record`]: the setting given again
/// writes nothing), declared once for the document.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub(super) enum Changed {
    /// The event appended.
    #[response(status = 201, description = "Recorded.")]
    New(wire::Written),
    /// The setting was so already.
    #[response(status = 200, description = "Already so: nothing written.")]
    Unchanged(wire::Written),
}

/// A body that cannot be read (400), as most writes declare it.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub(super) enum Unreadable {
    /// The body cannot be read.
    #[response(
        status = 400,
        description = "The body cannot be read: malformed JSON, an unknown field, a bad value."
    )]
    Body(wire::ErrorBody),
}

/// A write the tournament does not allow now (422), in the words most writes declare.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub(super) enum NotNow {
    /// The tournament does not allow it now.
    #[response(
        status = 422,
        description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request)."
    )]
    Refused(wire::ErrorBody),
}
