//! What the routes share: how a query reaches the application (on the blocking pool, with the
//! account held to what the query needs when it needs one), the tournament of a path and the
//! 404s that name it, a part of a long list, and the copies kept after a round. How a write
//! reaches it and answers is [`super::write`]'s.

use super::error::ApiError;
use super::wire;
use crate::auth::Asker;
use crate::state::AppState;
use actix_web::{web, HttpRequest};
use events::app::App;
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

/// A path naming no tournament (404), declared once for the document.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub(super) enum NoTournament {
    /// No such tournament.
    #[response(status = 404, description = "No such tournament.")]
    Missing(wire::ErrorBody),
}

/// A path or body naming no tournament or no player of it (404), declared once for the
/// document.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub(super) enum NoPlayer {
    /// No such tournament or player.
    #[response(status = 404, description = "No such tournament or player.")]
    Missing(wire::ErrorBody),
}

/// Runs one of the application's queries for a request whose account must meet `need`: the
/// token checked (or the account the middleware found held to the need) and the query run in
/// one trip to the blocking pool.
pub(super) async fn query_as<T: Send + 'static>(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    need: Need,
    f: impl FnOnce(&App) -> std::result::Result<T, AppError> + Send + 'static,
) -> Result<T> {
    let asker = Asker::of(req)?;
    let (accounts, app) = (state.accounts.clone(), state.app.clone());
    web::block(move || {
        asker.authorize(&accounts, need)?;
        Ok(f(&app)?)
    })
    .await?
}

/// Runs one of the application's queries or commands on the blocking pool.
pub(super) async fn query<T: Send + 'static>(
    state: &web::Data<AppState>,
    f: impl FnOnce(&App) -> std::result::Result<T, AppError> + Send + 'static,
) -> Result<T> {
    let app = state.app.clone();
    Ok(web::block(move || f(&app)).await??)
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
