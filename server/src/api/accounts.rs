//! Accounts: the list, creating, revoking, re-issuing a token; every decision on who may do
//! that to whom is the application's (`events::app::Accounts`).

use super::common::Result;
use super::wire::CreateAccount;
use super::{json, wire};
use crate::auth::{require, Asker};
use crate::state::AppState;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use events::app::{Need, TournamentId};

/// The accounts the caller manages or works beside, by name, with role and tournaments (never a
/// token): every account for an administrator; for a chief arbiter or an arbiter, its own and
/// those sharing one of its tournaments.
#[utoipa::path(
    tag = "accounts",
    responses((status = 200, body = Vec<wire::Account>), (status = 401, description = "No valid bearer token.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/accounts")]
pub(super) async fn list_accounts(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse> {
    let who = require(&req, &state.accounts, Need::Signed).await?;
    let accounts = state.accounts.clone();
    let accounts = web::block(move || accounts.visible_to(&who)).await??;
    let list: Vec<wire::Account> = accounts.iter().map(wire::Account::from).collect();
    Ok(HttpResponse::Ok().json(list))
}

/// Runs `op` as the request's account, in one trip to the blocking pool.
pub(super) async fn as_signed<T: Send + 'static>(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    op: impl FnOnce(
            &events::app::Accounts,
            &events::app::Account,
        ) -> std::result::Result<T, events::app::StoreError>
        + Send
        + 'static,
) -> Result<T> {
    let asker = Asker::of(req)?;
    let accounts = state.accounts.clone();
    web::block(move || {
        let who = asker.authorize(&accounts, Need::Signed)?;
        Ok(op(&accounts, &who)?)
    })
    .await?
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
pub(super) async fn revoke_account(
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
pub(super) async fn reissue_token(
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
pub(super) async fn create_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: json::Json<CreateAccount>,
) -> Result<HttpResponse> {
    let body = body.into_inner();
    let wanted = events::app::Account {
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
