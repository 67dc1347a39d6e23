//! FIDE's rating list: its state, loading it, searching it for a registration, and bringing
//! a tournament's ratings up to date from it before round 1.

use super::common::{Result, TournamentPath};
use super::error::ApiError;
use super::wire;
use super::write::{no_body, Refused, Write};
use crate::auth::require;
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use events::app::Need;

#[utoipa::path(
    tag = "rating list",
    responses((status = 200, description = "Whether a FIDE rating list is loaded, and which.", body = wire::RatingList))
)]
#[get("/api/rating-list")]
pub(super) async fn rating_list_status(state: web::Data<AppState>) -> Result<HttpResponse> {
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
pub(super) async fn load_rating_list(
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
pub(super) async fn search_rating_list(
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

pub(super) fn loaded_list(state: &AppState) -> Result<std::sync::Arc<crate::rating_list::Loaded>> {
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
    params(TournamentPath),
    responses((status = 201, description = "Updated: the changes, one per player (none when every rating was already the list's).", body = wire::RatingUpdate), (status = 404, description = "No such tournament, or no rating list loaded.", body = wire::ErrorBody), (status = 422, description = "Round 1 is published: the ratings are the tournament's.", body = wire::ErrorBody), Refused),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/ratings-update")]
pub(super) async fn update_ratings(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let loaded = loaded_list(&state)?;
    let source = loaded.describe();
    let said = source.clone();
    let changes = Write::new(&req, Need::Chief(t), no_body())
        .run(&state, move |app, r| {
            app.update_ratings(t, r, &loaded.list, &said)
        })
        .await?;
    Ok(HttpResponse::Created().json(wire::RatingUpdate {
        source,
        changes: changes.into_iter().map(Into::into).collect(),
    }))
}
