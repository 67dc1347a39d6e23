//! The HTTP API: JSON over HTTP, described by `/api/openapi.json`.
//!
//! Reads are public. Writes need a bearer token whose account may act in the tournament of the
//! path (an administrator everywhere; a chief arbiter everything in its tournaments, an
//! arbiter results there). Bodies are bounded by route and time (413, 408: `crate::limits`).
//! Every write is one event appended to the log, after the same check replay makes; nothing
//! is written when a request is refused. Store calls and pairing run on the blocking pool,
//! never on the async workers.
//!
//! The routes by resource, each file a resource's handlers with their OpenAPI descriptions:
//! [`tournaments`], [`players`], [`rounds`], [`results`], [`views`], [`accounts`],
//! [`rating_list`], [`meta`]. Here: their registration, the document, and what they share (how a
//! request reaches the application, the tournament of a path, the refusals every write may
//! answer).

mod accounts;
pub mod dto;
pub mod error;
pub mod json;
mod meta;
mod players;
mod rating_list;
mod results;
mod rounds;
mod tournaments;
mod views;
pub mod wire;

use crate::auth::require;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use error::ApiError;
use events::app::{self, App, Request};
use events::{AppError, Need, TournamentId};
use utoipa_actix_web::service_config::ServiceConfig;

type Result<T> = std::result::Result<T, ApiError>;

/// The tournament a path names: `/api/tournaments/{id}/...`.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
struct TournamentPath {
    /// The tournament's identifier.
    id: uuid::Uuid,
}

impl TournamentPath {
    fn tournament(&self) -> TournamentId {
        TournamentId(self.id)
    }
}

/// The `Idempotency-Key` header a write may carry, as the document declares it (the handlers
/// read it from the request: [`idempotency_key`]).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
struct RetryKey {
    /// Makes a retry safe: the same request again answers what the first answered.
    #[param(rename = "Idempotency-Key")]
    key: Option<String>,
}

/// The refusals every write may answer, declared once for the document (the answers
/// themselves are [`ApiError`]'s).
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
enum Refused {
    /// No valid bearer token.
    #[response(status = 401, description = "No valid bearer token.")]
    Unauthorized(wire::ErrorBody),
    /// The account's role does not allow this.
    #[response(status = 403, description = "The account's role does not allow this.")]
    Forbidden(wire::ErrorBody),
}

/// Registers every route of the API and of the live connection. Each is a service with its
/// OpenAPI description beside it (`#[utoipa::path]`): a route without one does not compile, so
/// the document [`document`] builds from this list cannot miss one. Routes are tried in this
/// order, each by a pattern match: the results, which arbiters enter by the thousand at the end
/// of a round, come first.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(results::enter_result)
        .service(results::correct_result)
        .service(meta::openapi_document)
        .service(meta::health)
        .service(tournaments::list_tournaments)
        .service(tournaments::create)
        .service(tournaments::import)
        .service(tournaments::show)
        .service(players::list_players)
        .service(players::register)
        .service(players::correct_player)
        .service(players::withdraw)
        .service(views::card)
        .service(players::request_bye)
        .service(rounds::propose)
        .service(rounds::publish)
        .service(rounds::unpublish)
        .service(rounds::show_round)
        .service(rounds::show_round_by_name)
        .service(views::standings_json)
        .service(views::crosstable)
        .service(tournaments::export_trf)
        .service(tournaments::audit)
        .service(tournaments::close)
        .service(tournaments::change_details)
        .service(tournaments::change_tiebreaks)
        .service(meta::tiebreak_list)
        .service(tournaments::public_qr)
        .service(rating_list::rating_list_status)
        .service(rating_list::load_rating_list)
        .service(rating_list::search_rating_list)
        .service(rating_list::update_ratings)
        .service(accounts::create_account)
        .service(accounts::list_accounts)
        .service(accounts::revoke_account)
        .service(accounts::reissue_token)
        .service(meta::whoami)
        .service(views::aro)
        .service(crate::live::websocket);
}

/// What the document says besides its routes: the API as a whole and how to sign requests.
#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "swiss tournament server",
        description = "Swiss tournaments by the FIDE rules. Reads are public; writes need a \
            bearer token. Every write is an append-only event. Errors are JSON: \
            {\"error\": message, ...} (ErrorBody). A write may carry an Idempotency-Key \
            header: the same request again answers what the first answered; another request \
            with the same key is refused (422).",
        license(name = "MIT OR Apache-2.0")
    ),
    modifiers(&Bearer),
    components(schemas(wire::Live))
)]
struct ApiDoc;

/// The bearer-token security scheme the writes name.
struct Bearer;

impl utoipa::Modify for Bearer {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The OpenAPI document: [`routes`] registered on a throwaway app, whose every service
/// describes itself, with the schemas of the wire types they name.
pub fn document() -> utoipa::openapi::OpenApi {
    use utoipa::OpenApi;
    use utoipa_actix_web::AppExt;
    let (_, mut doc) = actix_web::App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(routes)
        .split_for_parts();
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    doc
}

/// The document as served, built once.
fn document_json() -> &'static str {
    static JSON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    JSON.get_or_init(|| document().to_pretty_json().unwrap_or_default())
}

/// Runs one of the application's queries or commands on the blocking pool.
async fn query<T: Send + 'static>(
    state: &web::Data<AppState>,
    f: impl FnOnce(&App) -> std::result::Result<T, AppError> + Send + 'static,
) -> Result<T> {
    let app = state.app.clone();
    Ok(web::block(move || f(&app)).await??)
}

/// Checks the request's account meets `need`, then runs `f` with the request's account,
/// idempotency key and fingerprint (the account, the method, the route and `body`: the same
/// key on another request is refused), as [`query`] does.
async fn command<T: Send + 'static>(
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

fn written(done: &app::Written) -> HttpResponse {
    answer(done, wire::Written::from(done))
}

/// 201 with `body` when the event is new, 200 when it was recorded before.
fn answer(done: &app::Written, body: impl serde::Serialize) -> HttpResponse {
    if done.new {
        HttpResponse::Created().json(body)
    } else {
        HttpResponse::Ok().json(body)
    }
}

/// What identifies a request beside its account and body: its method, route and
/// idempotency key.
struct Parts {
    method: String,
    path: String,
    key: Option<String>,
}

impl Parts {
    fn of(req: &HttpRequest) -> Parts {
        Parts {
            method: req.method().as_str().to_string(),
            path: req.path().to_string(),
            key: idempotency_key(req),
        }
    }

    /// The application's view of the request by `actor` with `body`.
    fn request(self, actor: String, body: &[u8]) -> Request {
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
        }
    }
}

fn idempotency_key(req: &HttpRequest) -> Option<String> {
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
struct PartQuery {
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
    fn read(&self) -> Result<impl Fn(usize) -> std::ops::Range<usize>> {
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
    fn keep<T>(&self, list: &mut Vec<T>) -> Result<()> {
        let range = self.range(list.len())?;
        list.truncate(range.end);
        list.drain(..range.start);
        Ok(())
    }
}
