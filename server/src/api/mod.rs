//! The HTTP API: JSON over HTTP, described by `/api/openapi.json`.
//!
//! Reads are public. Writes need a bearer token whose account may act in the tournament of the
//! path (an administrator everywhere; a chief arbiter everything in its tournaments, an
//! arbiter results there). Bodies are bounded by route and time (413, 408: `crate::limits`).
//! Every write is one event appended to the log, after the same check replay makes; nothing
//! is written when a request is refused. Store calls and pairing run on the blocking pool,
//! never on the async workers.
//!
//! This file is long because it registers every route with its OpenAPI description; splitting
//! it by resource is left in #41's note.

pub mod dto;
pub mod error;
pub mod json;
pub mod wire;

use crate::auth::require;
use crate::state::AppState;
use actix_web::{delete, get, patch, post, put, web, HttpRequest, HttpResponse};
use dto::*;
use error::ApiError;
use events::app::{self, App, Request};
use events::{AppError, Need, PlayerKey, TournamentId};
use utoipa_actix_web::service_config::ServiceConfig;

type Result<T> = std::result::Result<T, ApiError>;

/// Registers every route of the API and of the live connection. Each is a service with its
/// OpenAPI description beside it (`#[utoipa::path]`): a route without one does not compile, so
/// the document [`document`] builds from this list cannot miss one. Routes are tried in this
/// order, each by a pattern match: the results, which arbiters enter by the thousand at the end
/// of a round, come first.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(enter_result)
        .service(correct_result)
        .service(openapi_document)
        .service(health)
        .service(list_tournaments)
        .service(create)
        .service(import)
        .service(show)
        .service(list_players)
        .service(register)
        .service(correct_player)
        .service(withdraw)
        .service(card)
        .service(request_bye)
        .service(propose)
        .service(publish)
        .service(unpublish)
        .service(show_round)
        .service(show_round_by_name)
        .service(standings_json)
        .service(crosstable)
        .service(export_trf)
        .service(audit)
        .service(close)
        .service(change_details)
        .service(change_tiebreaks)
        .service(tiebreak_list)
        .service(public_qr)
        .service(rating_list_status)
        .service(load_rating_list)
        .service(search_rating_list)
        .service(update_ratings)
        .service(create_account)
        .service(list_accounts)
        .service(revoke_account)
        .service(reissue_token)
        .service(whoami)
        .service(aro)
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

/// The server is up; its engine's version and its store.
#[utoipa::path(tag = "server", responses((status = 200, body = wire::Health)))]
#[get("/api/health")]
async fn health(state: web::Data<AppState>) -> HttpResponse {
    let store = state.store.clone();
    let (empty, bytes) = web::block(move || (store.is_empty(), store.size_on_disk()))
        .await
        .unwrap_or((false, 0));
    HttpResponse::Ok().json(wire::Health {
        status: "ok",
        engine: engine::VERSION,
        store: wire::StoreHealth {
            kind: state.store.kind(),
            empty,
            bytes,
        },
    })
}

/// Who the token belongs to: for consoles to check a token at sign-in.
#[utoipa::path(
    tag = "accounts",
    responses((status = 200, body = wire::Account), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/me")]
async fn whoami(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse> {
    let who = require(&req, &state.accounts, Need::Signed).await?;
    Ok(HttpResponse::Ok().json(wire::Account::from(&who)))
}

/// Dubov 9: the list of AROs after each round, with three decimals (the average rating of the
/// opponents actually played; 0 before any game), enough to show every difference the pairing
/// compares.
#[utoipa::path(
    tag = "views",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier.")),
    responses((status = 200, body = Vec<wire::AroRow>), (status = 404, description = "No such tournament.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/aro")]
async fn aro(state: web::Data<AppState>, path: web::Path<uuid::Uuid>) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let rows = query(&state, move |app| app.aros(t)).await?;
    let rows: Vec<wire::AroRow> = rows.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(rows))
}

#[utoipa::path(
    tag = "server",
    responses((status = 200, description = "This document.", body = Object))
)]
/// This document, generated from the routes and the wire types.
#[get("/api/openapi.json")]
async fn openapi_document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document_json())
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

#[utoipa::path(
    tag = "tournaments",
    responses((status = 200, body = Vec<wire::Tournament>))
)]
#[get("/api/tournaments")]
async fn list_tournaments(state: web::Data<AppState>) -> Result<HttpResponse> {
    let items = query(&state, |app| app.tournaments()).await?;
    let items: Vec<wire::Tournament> = items.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(
    tag = "tournaments",
    params(("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = CreateTournament,
    responses((status = 201, body = wire::Created), (status = 200, description = "Created before, by the same request with the same Idempotency-Key.", body = wire::Created), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments")]
async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: json::Json<CreateTournament>,
) -> Result<HttpResponse> {
    let body = body.into_inner();
    let fingerprinted = serde_json::to_value(&body).unwrap_or_default();
    let settings = body.settings.into_app();
    let (id, done) = command(&req, &state, Need::Admin, &fingerprinted, move |app, r| {
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
    params(ImportQuery, ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body(content = String, content_type = "text/plain", description = "A TRF file (FIDE's tournament report format)."),
    responses((status = 201, body = wire::Imported), (status = 200, description = "Imported before, by the same request with the same Idempotency-Key.", body = wire::Imported), (status = 400, description = "The file cannot be read: the line and column of the first problem.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/import")]
async fn import(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: String,
    query: web::Query<ImportQuery>,
) -> Result<HttpResponse> {
    let (system, name) = (query.system.map(Into::into), query.name.clone());
    let (id, again) = command(&req, &state, Need::Admin, &body.clone(), move |app, r| {
        app.import(r, &body, system, name)
    })
    .await?;
    Ok(if again {
        HttpResponse::Ok().json(wire::Imported { id: id.to_string() })
    } else {
        HttpResponse::Created().json(wire::Imported { id: id.to_string() })
    })
}

#[utoipa::path(
    tag = "tournaments",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier.")),
    responses((status = 200, body = wire::Tournament), (status = 404, description = "No such tournament.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}")]
async fn show(state: web::Data<AppState>, path: web::Path<uuid::Uuid>) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let summary = query(&state, move |app| app.summary(t)).await?;
    Ok(HttpResponse::Ok().json(wire::Tournament::from(summary)))
}

/// The registered players, by registration number (`player`), each with their pairing
/// number as it is now (`tpn`; the starting list is this list ordered by it).
#[utoipa::path(
    tag = "players",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier.")),
    responses((status = 200, body = Vec<wire::Player>), (status = 404, description = "No such tournament.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/players")]
async fn list_players(
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let players = query(&state, move |app| app.players(t)).await?;
    let players: Vec<wire::Player> = players.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(players))
}

#[utoipa::path(
    tag = "players",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = RegisterPlayer,
    responses((status = 201, description = "Registered: what was written, and the player with both numbers (`player`, the registration number; `tpn`, the pairing number as it is now).", body = wire::PlayerWritten), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::PlayerWritten), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 404, description = "No such tournament.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/players")]
async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    body: json::Json<RegisterPlayer>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let data = body.into_inner();
    let (appended, player) = command(
        &req,
        &state,
        Need::Chief(t),
        &data.clone(),
        move |app, r| app.register(t, r, data.into()),
    )
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
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("player" = u32, Path, description = "The player's registration number (`player` in every answer)."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = CorrectPlayer,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::Written), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 404, description = "No such tournament or player.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[patch("/api/tournaments/{id}/players/{player}")]
async fn correct_player(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
    body: json::Json<CorrectPlayer>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let t = TournamentId(t);
    let body = body.into_inner();
    let fingerprinted = serde_json::to_value(&body).unwrap_or_default();
    let appended = command(
        &req,
        &state,
        Need::Chief(t),
        &fingerprinted,
        move |app, r| app.correct_player(t, r, PlayerKey(key), body.correction.into(), body.reason),
    )
    .await?;
    Ok(written(&appended))
}

#[utoipa::path(
    tag = "players",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("player" = u32, Path, description = "The player's registration number (`player` in every answer)."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = Withdraw,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::Written), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 404, description = "No such tournament or player.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/players/{player}/withdrawal")]
async fn withdraw(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
    body: json::Json<Withdraw>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let t = TournamentId(t);
    let body = body.into_inner();
    let fingerprinted = serde_json::to_value(&body).unwrap_or_default();
    let appended = command(
        &req,
        &state,
        Need::Chief(t),
        &fingerprinted,
        move |app, r| app.withdraw(t, r, PlayerKey(key), body.from_round, body.reason),
    )
    .await?;
    Ok(written(&appended))
}

#[utoipa::path(
    tag = "players",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = RequestBye,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::Written), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 404, description = "No such tournament or player.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/byes")]
async fn request_bye(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    body: json::Json<RequestBye>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let b = body.into_inner();
    let kind = match b.kind {
        ByeRequest::Absent => app::ByeRequest::Absent,
        ByeRequest::Half => app::ByeRequest::Half,
        ByeRequest::Full => app::ByeRequest::Full,
        ByeRequest::Zero => app::ByeRequest::Zero,
    };
    let fingerprinted = serde_json::to_value(&b).unwrap_or_default();
    let appended = command(
        &req,
        &state,
        Need::Chief(t),
        &fingerprinted,
        move |app, r| {
            let who = PlayerRef {
                player: b.player,
                tpn: b.tpn,
            };
            app.request_bye(t, r, who.named(), b.round, kind)
        },
    )
    .await?;
    Ok(written(&appended))
}

/// The system's proposal for the next round, with its explanation; nothing is recorded.
#[utoipa::path(
    tag = "rounds",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    responses((status = 200, description = "The proposal; nothing is recorded.", body = wire::Proposal), (status = 404, description = "No such tournament.", body = wire::ErrorBody), (status = 422, description = "No round to pair, or no pairing satisfies the absolute criteria (details.manual_pairing_possible).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/pairing")]
async fn propose(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let proposal = command(&req, &state, Need::Chief(t), &(), move |app, _| {
        app.proposal(t)
    })
    .await?;
    Ok(HttpResponse::Ok().json(wire::Proposal::from(proposal)))
}

/// Publishes a round: the system's proposal as it is, or changed by hand. Each player is named
/// by a number that says which it is (`{"player": 5}` or `{"tpn": 3}`, as the proposal gives
/// both); a bare number is refused. Changes are recorded and answered; a pairing that breaks
/// the absolute criteria is refused unless `accept_violations` is set, and then its breaches
/// are recorded too.
#[utoipa::path(
    tag = "rounds",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = Publish,
    responses((status = 201, description = "Published: what was written, and `manual_changes`, how the round differs from the system's proposal, each player by name and both numbers (empty when it is the proposal).", body = wire::RoundWritten), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::RoundWritten), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 404, description = "No such tournament.", body = wire::ErrorBody), (status = 422, description = "Not the next round, or the pairing breaks absolute criteria (details.violations) and accept_violations is not set.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/rounds")]
async fn publish(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    body: json::Json<Publish>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let body = body.into_inner();
    let publication = app::Publication {
        round: body.round,
        pairs: body
            .pairs
            .iter()
            .map(|p| (p.white.named(), p.black.named()))
            .collect(),
        bye: body.bye.map(|b| b.named()),
        accept_violations: body.accept_violations,
    };
    let published = command(&req, &state, Need::Chief(t), &body, move |app, r| {
        app.publish(t, r, publication)
    })
    .await?;
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
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::Written), (status = 404, description = "No such tournament or round.", body = wire::ErrorBody), (status = 422, description = "Not the last round, or it has results.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[delete("/api/tournaments/{id}/rounds/{round}")]
async fn unpublish(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16)>,
) -> Result<HttpResponse> {
    let (t, round) = path.into_inner();
    let t = TournamentId(t);
    let appended = command(&req, &state, Need::Chief(t), &(), move |app, r| {
        app.unpublish(t, r, round)
    })
    .await?;
    Ok(written(&appended))
}

#[utoipa::path(
    tag = "views",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), PartQuery),
    responses((status = 200, body = wire::Round), (status = 400, description = "`from` or `count` is 0.", body = wire::ErrorBody), (status = 404, description = "No such tournament or round.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/rounds/{round}")]
async fn show_round(
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16)>,
    part: web::Query<PartQuery>,
) -> Result<HttpResponse> {
    let mut round = published_round(&state, path).await?;
    part.keep(&mut round.pairs)?;
    Ok(HttpResponse::Ok().json(round))
}

/// The published round a path names, as the wire gives it.
async fn published_round(
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
async fn show_round_by_name(
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16)>,
    part: web::Query<PartQuery>,
) -> Result<HttpResponse> {
    let mut list = wire::RoundByName::from(published_round(&state, path).await?);
    part.keep(&mut list.rows)?;
    Ok(HttpResponse::Ok().json(list))
}

async fn result_event(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    t: TournamentId,
    round: u16,
    board: u32,
    body: EnterResult,
    correction: bool,
) -> Result<HttpResponse> {
    if !correction && (body.reason.is_some() || body.colors_swapped) {
        return Err(ApiError::BadRequest(
            "reason/colors_swapped: only for corrections (POST .../correction)".into(),
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
        let r = parts.request(who.name, &fingerprinted);
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
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), ("board" = u32, Path, description = "The board."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = EnterResult,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::Written), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 404, description = "No such tournament, round or board.", body = wire::ErrorBody), (status = 409, description = "A different result is recorded (recorded: what it is); send a correction.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[put("/api/tournaments/{id}/rounds/{round}/boards/{board}/result")]
async fn enter_result(
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
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("round" = u16, Path, description = "The round."), ("board" = u32, Path, description = "The board."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = EnterResult,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::Written), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value.", body = wire::ErrorBody), (status = 404, description = "No such tournament, round or board.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/rounds/{round}/boards/{board}/correction")]
async fn correct_result(
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

/// `?after=ROUND`: the standings after that round (all published rounds when absent).
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct AfterQuery {
    /// The last round counted.
    #[serde(default)]
    after: Option<u16>,
}

#[utoipa::path(
    tag = "views",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), AfterQuery, PartQuery),
    responses((status = 200, body = wire::Standings), (status = 400, description = "`from` or `count` is 0.", body = wire::ErrorBody), (status = 404, description = "No such tournament.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/standings")]
async fn standings_json(
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    after: web::Query<AfterQuery>,
    part: web::Query<PartQuery>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let after = after.after;
    let view = query(&state, move |app| app.standings(t, after)).await?;
    let mut standings = wire::Standings::from(view);
    part.keep(&mut standings.rows)?;
    Ok(HttpResponse::Ok().json(standings))
}

#[utoipa::path(
    tag = "views",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), PartQuery),
    responses((status = 200, description = "The cross table, as text: its heading, then a row per player by rank (with `from` and `count`, the rows from the `from`-th; the header `X-Total-Rows` gives the whole table's number of rows).", body = String, content_type = "text/plain", headers(("X-Total-Rows" = u32, description = "The whole table's number of rows."))), (status = 400, description = "`from` or `count` is 0 or not a number.", body = wire::ErrorBody), (status = 404, description = "No such tournament.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/crosstable")]
async fn crosstable(
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    part: web::Query<PartQuery>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let part = part.read()?;
    let (text, total) = query(&state, move |app| app.cross_table(t, part)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header(("X-Total-Rows", total.to_string()))
        .body(text))
}

#[utoipa::path(
    tag = "views",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("player" = u32, Path, description = "The player's registration number (`player` in every answer).")),
    responses((status = 200, body = wire::Card), (status = 404, description = "No such tournament or player.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/players/{player}/card")]
async fn card(
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let view = query(&state, move |app| app.card(TournamentId(t), PlayerKey(key))).await?;
    Ok(HttpResponse::Ok().json(wire::Card::from(view)))
}

#[utoipa::path(
    tag = "views",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier.")),
    responses((status = 200, description = "The tournament as a TRF file.", body = String, content_type = "text/plain"), (status = 404, description = "No such tournament.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/export.trf")]
async fn export_trf(
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let text = query(&state, move |app| app.export_trf(t)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
}

#[utoipa::path(
    tag = "views",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier.")),
    responses((status = 200, description = "Every event, in order, with who, when and why.", body = Vec<wire::Recorded>), (status = 404, description = "No such tournament.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/audit")]
async fn audit(state: web::Data<AppState>, path: web::Path<uuid::Uuid>) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let log = query(&state, move |app| app.audit(t)).await?;
    let items: Vec<wire::Recorded> = log.iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(
    tag = "tournaments",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Recorded before, by the same request with the same Idempotency-Key.", body = wire::Written), (status = 404, description = "No such tournament.", body = wire::ErrorBody), (status = 422, description = "The tournament does not allow it now (closed, a round in progress, a key reused on another request).", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/close")]
async fn close(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let appended = command(&req, &state, Need::Chief(t), &(), move |app, r| {
        app.close(t, r)
    })
    .await?;
    Ok(written(&appended))
}

/// Changes the tournament's details (place, dates, arbiters, time control, round dates) and,
/// when given, its name: the chief arbiter's, at any time before the tournament is closed.
/// Details equal to those recorded write nothing (200, `unchanged`).
#[utoipa::path(
    tag = "tournaments",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = ChangeDetails,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Already so: nothing written.", body = wire::Written), (status = 400, description = "The body cannot be read, or a detail is out of bounds (a date that is not YYYY-MM-DD, a federation that is not three letters, more round dates than rounds).", body = wire::ErrorBody), (status = 404, description = "No such tournament.", body = wire::ErrorBody), (status = 422, description = "The tournament is closed.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[put("/api/tournaments/{id}/details")]
async fn change_details(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    body: json::Json<ChangeDetails>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let body = body.into_inner();
    let fingerprinted = serde_json::to_value(&body).unwrap_or_default();
    let appended = command(
        &req,
        &state,
        Need::Chief(t),
        &fingerprinted,
        move |app, r| app.change_details(t, r, body.name, body.details.into()),
    )
    .await?;
    Ok(written(&appended))
}

/// Changes the tournament's tie-breaks, in order (FIDE C.07's codes; an empty list for the
/// system's defaults): the chief arbiter's, before round 1 is published (C.07 4.1: the list
/// is published before the tournament starts). The list recorded, given again, writes nothing.
#[utoipa::path(
    tag = "tournaments",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier."), ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same request again answers what the first answered.")),
    request_body = ChangeTiebreaks,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Already so: nothing written.", body = wire::Written), (status = 400, description = "The body cannot be read.", body = wire::ErrorBody), (status = 404, description = "No such tournament.", body = wire::ErrorBody), (status = 422, description = "A code that is not a tie-break (the answer names it and lists the codes), a tie-break given twice, more than 12, or round 1 already published.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[put("/api/tournaments/{id}/tiebreaks")]
async fn change_tiebreaks(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    body: json::Json<ChangeTiebreaks>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let body = body.into_inner();
    let fingerprinted = serde_json::to_value(&body).unwrap_or_default();
    let appended = command(
        &req,
        &state,
        Need::Chief(t),
        &fingerprinted,
        move |app, r| app.change_tiebreaks(t, r, body.tiebreaks),
    )
    .await?;
    Ok(written(&appended))
}

/// A QR code (SVG) of the tournament's public page, as the request reached this server
/// (`http://host/t/{id}`, or the scheme and host a proxy forwards): for the hall display and
/// the printouts, so that a phone opens the live pages. Made here, by no outside service.
#[utoipa::path(
    tag = "tournaments",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier.")),
    responses((status = 200, description = "The QR code, as SVG.", content_type = "image/svg+xml", body = String), (status = 404, description = "No such tournament.", body = wire::ErrorBody))
)]
#[get("/api/tournaments/{id}/qr.svg")]
async fn public_qr(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    query(&state, move |app| app.summary(t)).await?;
    let info = req.connection_info();
    let address = format!("{}://{}/t/{}", info.scheme(), info.host(), t.0);
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

/// Every tie-break a tournament may use (FIDE C.07's codes as its calculator writes them, and
/// the usual cuts), with what each measures, and the default order of each system.
#[utoipa::path(
    tag = "tournaments",
    responses((status = 200, description = "The tie-breaks and the defaults.", body = wire::TiebreakList))
)]
#[get("/api/tiebreaks")]
async fn tiebreak_list() -> Result<HttpResponse> {
    Ok(HttpResponse::Ok().json(wire::TiebreakList::new()))
}

#[utoipa::path(
    tag = "rating list",
    responses((status = 200, description = "Whether a FIDE rating list is loaded, and which.", body = wire::RatingList))
)]
#[get("/api/rating-list")]
async fn rating_list_status(state: web::Data<AppState>) -> Result<HttpResponse> {
    let current = state.rating_list.current();
    Ok(HttpResponse::Ok().json(wire::RatingList::from(current.as_deref())))
}

/// What a rating list's upload may say beside the file.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// The file's name as downloaded (`players_list.zip`), kept to say where ratings came from.
    #[serde(default)]
    name: Option<String>,
}

/// Loads FIDE's rating list: the file as downloaded from FIDE (the ZIP archive, or the `.txt`
/// or `.xml` list in it), up to 128 MiB. It replaces the list loaded before, for every
/// tournament of the server, and is kept across restarts. An administrator's, or a chief
/// arbiter's.
#[utoipa::path(
    tag = "rating list",
    params(ListQuery),
    request_body(content = String, content_type = "application/octet-stream", description = "The list as FIDE publishes it."),
    responses((status = 201, description = "Loaded.", body = wire::RatingList), (status = 400, description = "The file cannot be read: the line and column of the first problem.", body = wire::ErrorBody), (status = 413, description = "Larger than 128 MiB.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "Neither an administrator nor a chief arbiter.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[put("/api/rating-list")]
async fn load_rating_list(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    body: web::Bytes,
) -> Result<HttpResponse> {
    require(&req, &state.accounts, Need::AnyChief).await?;
    let source = query
        .into_inner()
        .name
        .map(|n| {
            n.trim()
                .chars()
                .filter(|c| !c.is_control())
                .take(200)
                .collect::<String>()
        })
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "FIDE rating list".into());
    let lists = state.rating_list.clone();
    let loaded = web::block(move || lists.load(&body, &source))
        .await?
        .map_err(ApiError::BadRequest)?;
    tracing::info!(players = loaded.list.len(), source = %loaded.source, "rating list loaded");
    Ok(HttpResponse::Created().json(wire::RatingList::from(Some(loaded.as_ref()))))
}

/// A search of the rating list.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListSearch {
    /// A FIDE id, or the start of a name ("carlsen m").
    q: String,
}

/// Players of the loaded rating list by FIDE id or name (at most 20), for a registration.
#[utoipa::path(
    tag = "rating list",
    params(ListSearch),
    responses((status = 200, body = Vec<wire::ListedPlayer>), (status = 400, description = "The query has no `q`.", body = wire::ErrorBody), (status = 404, description = "No rating list is loaded.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/rating-list/players")]
async fn search_rating_list(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<ListSearch>,
) -> Result<HttpResponse> {
    require(&req, &state.accounts, Need::Signed).await?;
    let loaded = loaded_list(&state)?;
    let found: Vec<wire::ListedPlayer> = loaded
        .list
        .search(&query.q, 20)
        .into_iter()
        .map(Into::into)
        .collect();
    Ok(HttpResponse::Ok().json(found))
}

fn loaded_list(state: &AppState) -> Result<std::sync::Arc<crate::rating_list::Loaded>> {
    state.rating_list.current().ok_or_else(|| {
        ApiError::NotFound(
            "no rating list is loaded: load FIDE's list (PUT /api/rating-list, or the console) first"
                .into(),
        )
    })
}

/// Brings the players' ratings and titles up to date from the loaded rating list, before
/// round 1: each change is a recorded correction whose reason names the list.
#[utoipa::path(
    tag = "rating list",
    params(("id" = uuid::Uuid, Path, description = "The tournament's identifier.")),
    responses((status = 201, description = "Updated: the changes, one per player (none when every rating was already the list's).", body = wire::RatingUpdate), (status = 404, description = "No such tournament, or no rating list loaded.", body = wire::ErrorBody), (status = 422, description = "Round 1 is published: the ratings are the tournament's.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account's role does not allow this.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/ratings-update")]
async fn update_ratings(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let loaded = loaded_list(&state)?;
    let source = loaded.describe();
    let said = source.clone();
    let changes = command(&req, &state, Need::Chief(t), &(), move |app, r| {
        app.update_ratings(t, r, &loaded.list, &said)
    })
    .await?;
    Ok(HttpResponse::Created().json(wire::RatingUpdate {
        source,
        changes: changes.into_iter().map(Into::into).collect(),
    }))
}

/// The accounts the caller manages or works beside, by name, with role and tournaments (never a
/// token): every account for an administrator; for a chief arbiter or an arbiter, its own and
/// those sharing one of its tournaments.
#[utoipa::path(
    tag = "accounts",
    responses((status = 200, body = Vec<wire::Account>), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/accounts")]
async fn list_accounts(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse> {
    let who = require(&req, &state.accounts, Need::Signed).await?;
    let accounts = state.accounts.clone();
    let accounts = web::block(move || accounts.visible_to(&who)).await??;
    let list: Vec<wire::Account> = accounts.iter().map(wire::Account::from).collect();
    Ok(HttpResponse::Ok().json(list))
}

/// Runs `op` as the request's account, on the blocking pool.
async fn as_signed<T: Send + 'static>(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    op: impl FnOnce(&events::Accounts, &events::Account) -> std::result::Result<T, events::StoreError>
        + Send
        + 'static,
) -> Result<T> {
    let who = require(req, &state.accounts, Need::Signed).await?;
    let accounts = state.accounts.clone();
    Ok(web::block(move || op(&accounts, &who)).await??)
}

/// Revokes an account: its token stops working at once and the name is free again. The last
/// administrator cannot be revoked.
#[utoipa::path(
    tag = "accounts",
    params(("name" = String, Path, description = "The account's name.")),
    responses((status = 200, description = "The account revoked.", body = wire::Account), (status = 404, description = "No account has that name.", body = wire::ErrorBody), (status = 409, description = "It is the last administrator.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account may not manage that account.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[delete("/api/accounts/{name}")]
async fn revoke_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse> {
    let name = path.into_inner();
    let account = as_signed(&req, &state, move |accounts, who| {
        accounts.remove_by(who, &name)
    })
    .await?;
    Ok(HttpResponse::Ok().json(wire::Account::from(&account)))
}

/// Issues an account a new token, shown once in the answer; the old one stops working at once
/// (a lost or leaked token).
#[utoipa::path(
    tag = "accounts",
    params(("name" = String, Path, description = "The account's name.")),
    responses((status = 201, description = "The account with its new token (shown once).", body = wire::NewAccount), (status = 404, description = "No account has that name.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account may not manage that account.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/accounts/{name}/token")]
async fn reissue_token(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse> {
    let name = path.into_inner();
    let (account, token) = as_signed(&req, &state, move |accounts, who| {
        accounts.reissue_by(who, &name)
    })
    .await?;
    Ok(HttpResponse::Created().json(wire::NewAccount {
        account: wire::Account::from(&account),
        token,
    }))
}

/// Creates an account; the token is in the answer, once. An administrator creates accounts of
/// every kind; a chief arbiter creates arbiters of its own tournaments.
#[utoipa::path(
    tag = "accounts",
    request_body = CreateAccount,
    responses((status = 201, description = "The account, with its token (shown once).", body = wire::NewAccount), (status = 400, description = "The body cannot be read: malformed JSON, an unknown field, a bad value, a role without tournaments.", body = wire::ErrorBody), (status = 404, description = "A tournament named does not exist.", body = wire::ErrorBody), (status = 409, description = "The name is taken.", body = wire::ErrorBody), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody), (status = 403, description = "The account may not create that account.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/accounts")]
async fn create_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: json::Json<CreateAccount>,
) -> Result<HttpResponse> {
    let body = body.into_inner();
    let wanted = events::Account {
        name: body.name.clone(),
        role: body.role.into(),
        tournaments: body.tournaments.iter().map(|t| TournamentId(*t)).collect(),
        token_sha256: String::new(),
    };
    let created = as_signed(&req, &state, move |accounts, who| {
        accounts.create_by(who, wanted)
    })
    .await?;
    Ok(HttpResponse::Created().json(wire::NewAccount {
        account: wire::Account::from(&created.0),
        token: created.1,
    }))
}
