//! Who is asking: the bearer token of a request, checked against the store's accounts once
//! per request. A write's token is checked by [`token_first`] before its body is read, and the
//! account it found travels with the request ([`Asker`]); a read that needs a token has it
//! checked by its handler.

use crate::api::error::ApiError;
use actix_web::{web, HttpMessage, HttpRequest};
use events::app::{Account, Accounts, Need};

/// The account a request's token belongs to, if it meets `need`: the account [`token_first`]
/// found, else the token checked now (on the blocking pool).
pub async fn require(
    req: &HttpRequest,
    accounts: &Accounts,
    need: Need,
) -> Result<Account, ApiError> {
    match Asker::of(req)? {
        Asker::Known(account) => permit(account, need),
        asker => {
            let accounts = accounts.clone();
            web::block(move || asker.authorize(&accounts, need)).await?
        }
    }
}

/// The account [`token_first`] found for a request's token, kept in the request's extensions
/// so that its handler does not look the token up again.
#[derive(Clone)]
struct SignedIn(Account);

/// Who a request says it is: the account its token was found to be (a write, checked by
/// [`token_first`]), or a token not yet checked (a read).
pub enum Asker {
    /// The account the request's token belongs to, found before its body was read.
    Known(Account),
    /// The request's bearer token, not yet checked.
    Token(String),
}

impl Asker {
    /// Who `req` says it is; 401 when it carries no bearer token.
    pub fn of(req: &HttpRequest) -> Result<Asker, ApiError> {
        if let Some(SignedIn(account)) = req.extensions().get::<SignedIn>() {
            return Ok(Asker::Known(account.clone()));
        }
        bearer(req).map(Asker::Token)
    }

    /// The account, if it meets `need` (blocking when the token is still to be checked: it
    /// reads the store).
    pub fn authorize(self, accounts: &Accounts, need: Need) -> Result<Account, ApiError> {
        match self {
            Asker::Known(account) => permit(account, need),
            Asker::Token(token) => authorize(accounts, &token, need),
        }
    }
}

/// `account`, if it meets `need`; 403 naming both otherwise.
fn permit(account: Account, need: Need) -> Result<Account, ApiError> {
    if account.may(need) {
        Ok(account)
    } else {
        Err(forbidden(&account, need.title()))
    }
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

/// The account `token` belongs to, if it meets `need` (blocking: reads the store). A token of
/// tournament A asking to write in tournament B is refused 403, naming both.
pub fn authorize(accounts: &Accounts, token: &str, need: Need) -> Result<Account, ApiError> {
    accounts
        .authorize(token, need)?
        .ok_or(ApiError::Unauthorized)
}

/// The 403 for `account`, which is not `needed`.
pub fn forbidden(account: &Account, needed: String) -> ApiError {
    ApiError::Forbidden {
        name: account.name.clone(),
        what: account.scope(),
        needed,
    }
}

/// Writes (`POST`, `PUT`, `PATCH`, `DELETE` under `/api/`) need a valid token before anything
/// else: a request without one is answered 401 at once, and its body is never read (forty
/// anonymous connections sending megabytes would otherwise be held in memory). The account
/// found is kept with the request ([`Asker::of`]): the handler checks the role it needs
/// against it, without looking the token up again.
pub async fn token_first(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<
    actix_web::dev::ServiceResponse<actix_web::body::EitherBody<impl actix_web::body::MessageBody>>,
    actix_web::Error,
> {
    use actix_web::ResponseError;
    // A player acting from their phone sends their personal code, not a token: the hall's
    // player routes check it themselves (a terminal's token, when one is sent, is checked
    // here as every token is).
    let player_without_token =
        is_player_route(req.path()) && req.headers().get("Authorization").is_none();
    if crate::limits::is_write(req.method(), req.path()) && !player_without_token {
        let accounts = req
            .app_data::<web::Data<Accounts>>()
            .map(|s| s.get_ref().clone());
        // The accounts are held in memory (read from the store once, after each change), so
        // this check does not wait on the store; a shared store's may (another server's new
        // account, or accounts read again after a few seconds): on the blocking pool.
        // A token nobody has is 401; accounts that cannot be read (the database out of reach)
        // are the store's failure, answered as such (503, in words), not as a bad token.
        let known: Result<Option<Account>, ApiError> = match (accounts, bearer(req.request())) {
            (Some(accounts), Ok(token)) if accounts.is_shared() => {
                web::block(move || accounts.authenticate(&token))
                    .await
                    .map_err(ApiError::from)
                    .and_then(|r| r.map_err(ApiError::from))
            }
            (Some(accounts), Ok(token)) => accounts.authenticate(&token).map_err(ApiError::from),
            _ => Ok(None),
        };
        match known {
            Ok(Some(account)) => {
                req.extensions_mut().insert(SignedIn(account));
            }
            refused => {
                let mut answer = match refused {
                    Err(e) => e.error_response(),
                    Ok(_) => ApiError::Unauthorized.error_response(),
                };
                // The body is never read: the connection closes with the answer.
                answer
                    .head_mut()
                    .set_connection_type(actix_web::http::ConnectionType::Close);
                return Ok(req.into_response(answer).map_into_right_body());
            }
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// Whether `path` is one of the hall's player routes (`/api/tournaments/{id}/hall/player/...`),
/// which a player's code authorizes.
pub fn is_player_route(path: &str) -> bool {
    path.strip_prefix("/api/tournaments/")
        .and_then(|rest| rest.split_once('/'))
        .is_some_and(|(_, rest)| rest.starts_with("hall/player/"))
}
