//! Views computed from the rounds: standings, the cross table, a player's card, Dubov's
//! AROs.

use super::common::{query, NoPlayer, NoTournament, PartQuery, Result, TournamentPath};
use super::wire;
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use events::app::{PlayerKey, TournamentId};

/// Dubov 9: the list of AROs after each round, with three decimals (the average rating of the
/// opponents actually played; 0 before any game), enough to show every difference the pairing
/// compares.
#[utoipa::path(
    tag = "views",
    params(TournamentPath),
    responses((status = 200, body = Vec<wire::AroRow>), NoTournament)
)]
#[get("/api/tournaments/{id}/aro")]
pub(super) async fn aro(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let rows = query(&state, move |app| app.aros(t)).await?;
    let rows: Vec<wire::AroRow> = rows.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(rows))
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
    params(TournamentPath, AfterQuery, PartQuery),
    responses((status = 200, body = wire::Standings), (status = 400, description = "`from` or `count` is 0.", body = wire::ErrorBody), NoTournament)
)]
#[get("/api/tournaments/{id}/standings")]
pub(super) async fn standings_json(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    after: web::Query<AfterQuery>,
    part: web::Query<PartQuery>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let after = after.after;
    let view = query(&state, move |app| app.standings(t, after)).await?;
    let mut standings = wire::Standings::from(view);
    part.keep(&mut standings.rows)?;
    Ok(HttpResponse::Ok().json(standings))
}

#[utoipa::path(
    tag = "views",
    params(TournamentPath, PartQuery),
    responses((status = 200, description = "The cross table, as text: its heading, then a row per player by rank (with `from` and `count`, the rows from the `from`-th; the header `X-Total-Rows` gives the whole table's number of rows).", body = String, content_type = "text/plain", headers(("X-Total-Rows" = u32, description = "The whole table's number of rows."))), (status = 400, description = "`from` or `count` is 0 or not a number.", body = wire::ErrorBody), NoTournament)
)]
#[get("/api/tournaments/{id}/crosstable")]
pub(super) async fn crosstable(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    part: web::Query<PartQuery>,
) -> Result<HttpResponse> {
    let t = path.tournament();
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
    responses((status = 200, body = wire::Card), NoPlayer)
)]
#[get("/api/tournaments/{id}/players/{player}/card")]
pub(super) async fn card(
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let view = query(&state, move |app| app.card(TournamentId(t), PlayerKey(key))).await?;
    Ok(HttpResponse::Ok().json(wire::Card::from(view)))
}
