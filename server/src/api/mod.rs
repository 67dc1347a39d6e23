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
//! [`rating_list`], [`meta`], [`hall`]. Here: their registration and the document; what they
//! share is in [`common`] (how a query reaches the application, the tournament of a path) and
//! [`write`] (the one way a write reaches the application and answers, and the responses
//! writes declare).

mod accounts;
mod common;
pub mod error;
mod hall;
pub mod json;
mod meta;
mod players;
mod rating_list;
mod results;
mod rounds;
mod tournaments;
mod views;
pub mod wire;
mod write;

use actix_web::{get, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

/// Registers every route of the API and of the live connection. Each is a service with its
/// OpenAPI description beside it (`#[utoipa::path]`): a route without one does not compile, so
/// the document [`document`] builds from this list cannot miss one. Routes are tried in this
/// order, each by a pattern match: the results, which arbiters enter by the thousand at the end
/// of a round, come first.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(results::enter_result)
        .service(results::correct_result)
        .service(openapi_document)
        .service(meta::health)
        .service(tournaments::list_tournaments)
        .service(tournaments::create)
        .service(tournaments::preview_import)
        .service(tournaments::import)
        .service(tournaments::show)
        .service(players::list_players)
        .service(players::register)
        .service(players::correct_player)
        .service(players::withdraw)
        .service(players::remove_player)
        .service(views::card)
        .service(players::request_bye)
        .service(players::cancel_bye)
        .service(players::kept_apart)
        .service(players::keep_apart)
        .service(players::release_kept_apart)
        .service(players::draw_numbers)
        .service(rounds::propose)
        .service(rounds::check_pairing)
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
        .service(tournaments::change_acceleration)
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
        .service(meta::public_url)
        .service(meta::whoami)
        .service(meta::qr)
        .service(views::aro)
        .service(hall::show_hall)
        .service(hall::set_rules)
        .service(hall::arbiter_check_in)
        .service(hall::issue_codes)
        .service(hall::list_codes)
        .service(hall::accept)
        .service(hall::player_sign_in)
        .service(hall::player_check_in)
        .service(hall::player_report)
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
