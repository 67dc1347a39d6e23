//! Who is asking: the bearer token of a request, checked against the store's accounts.

use crate::api::error::ApiError;
use crate::app::AppState;
use actix_web::{web, HttpRequest};
use events::{Account, Role, Store};

/// The account a request's token belongs to, if it needs at least `role`.
pub async fn require(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    role: Role,
) -> Result<Account, ApiError> {
    let token = bearer(req)?;
    let store = state.store.clone();
    web::block(move || authorize(&store, &token, role)).await?
}

/// The request's bearer token.
pub fn bearer(req: &HttpRequest) -> Result<String, ApiError> {
    req.headers()
        .get("Authorization")
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
        .ok_or(ApiError::Unauthorized)
}

/// The account `token` belongs to, if it has at least `role` (blocking: reads the store).
pub fn authorize(store: &Store, token: &str, role: Role) -> Result<Account, ApiError> {
    let account = store.authenticate(token)?.ok_or(ApiError::Unauthorized)?;
    if account.role < role {
        return Err(ApiError::Forbidden {
            name: account.name,
            role: role_name(account.role),
            needed: role_name(role),
        });
    }
    Ok(account)
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Arbiter => "arbiter",
        Role::Chief => "chief arbiter",
    }
}
