//! Every error the API answers with, and the one place that maps them to HTTP statuses.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use events::app::{AppError, Rejection, StoreError};
use serde_json::json;

/// What went wrong with a request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// No token, or one that belongs to nobody (401).
    #[error("a valid bearer token is required")]
    Unauthorized,
    /// The account's role or its tournaments do not allow this (403).
    #[error("the account {name:?} ({what}) may not do this: it needs {needed}")]
    Forbidden {
        /// The account.
        name: String,
        /// Its role and tournaments, in words.
        what: String,
        /// What is needed, in words.
        needed: String,
    },
    /// Unknown tournament, round, board or player (404).
    #[error("{0}")]
    NotFound(String),
    /// The request cannot be read: malformed JSON, unknown fields, a bad value (400).
    #[error("{0}")]
    BadRequest(String),
    /// The request conflicts with what is recorded (409); `recorded` is what is there.
    #[error("{message}")]
    Conflict {
        /// What conflicts.
        message: String,
        /// What is recorded.
        recorded: serde_json::Value,
    },
    /// The request is well formed but the tournament does not allow it (422).
    #[error("{message}")]
    Unprocessable {
        /// Why.
        message: String,
        /// Details (for example, the absolute criteria a pairing breaks).
        details: serde_json::Value,
    },
    /// The body is larger than its route accepts (413).
    #[error("{0}")]
    TooLarge(String),
    /// The body did not arrive in time (408).
    #[error("{0}")]
    SlowBody(String),
    /// The disk holding the tournament data is full (507); nothing was written.
    #[error("{0}")]
    InsufficientStorage(String),
    /// The server cannot do it now (503); nothing was written.
    #[error("{0}")]
    Unavailable(String),
    /// A player's code that is not theirs (403); counted against guessing.
    #[error("{0}")]
    WrongCode(String),
    /// Too many wrong codes for a player or from a client (429); nothing was tried.
    #[error("{0}")]
    TooManyTries(String),
    /// Something failed on the server's side (500); nothing was acknowledged.
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// A 422 with no details.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::Unprocessable {
            message: message.into(),
            details: serde_json::Value::Null,
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::UnknownTournament(t) => ApiError::NotFound(format!("tournament {t} does not exist")),
            StoreError::StaleSequence { expected, actual } => ApiError::Conflict {
                message: format!("the log moved on: expected event {expected}, it is at {actual}"),
                recorded: json!({ "seq": actual }),
            },
            StoreError::Rejected(Rejection::ResultConflict { round, board, recorded }) => ApiError::Conflict {
                message: format!("round {round} board {board} already has a different result; send a correction with a reason to change it"),
                recorded: json!({ "round": round, "board": board, "games": crate::api::wire::results_text(&recorded) }),
            },
            StoreError::Rejected(r @ Rejection::NotOnBoard { .. }) => ApiError::WrongCode(r.to_string()),
            StoreError::Rejected(r @ (Rejection::RoundNotPublished(_) | Rejection::NoSuchBoard { .. } | Rejection::UnknownPlayer(_))) => {
                ApiError::NotFound(r.to_string())
            }
            StoreError::Rejected(r) => ApiError::unprocessable(r.to_string()),
            e @ StoreError::KeyReused { .. } => ApiError::unprocessable(e.to_string()),
            e @ StoreError::AccountExists(_) => ApiError::Conflict {
                message: e.to_string(),
                recorded: serde_json::Value::Null,
            },
            StoreError::BadAccount(m) => ApiError::BadRequest(m),
            e @ StoreError::NoAccount(_) => ApiError::NotFound(e.to_string()),
            StoreError::NotPermitted { name, what, needed } => ApiError::Forbidden { name, what, needed },
            e @ StoreError::LastAdmin(_) => ApiError::Conflict {
                message: e.to_string(),
                recorded: serde_json::Value::Null,
            },
            // The store could not write (or read): said in words, as a state the arbiter can
            // act on, never as a bug.
            e if e.is_storage_full() => ApiError::InsufficientStorage(e.to_string()),
            e if e.is_storage_failure() => ApiError::Unavailable(format!(
                "the tournament data could not be read or written ({e}); nothing was written: try again, and if it goes on, look at the server's disk or database"
            )),
            other => ApiError::Internal(other.to_string()),
        }
    }
}

impl From<AppError> for ApiError {
    fn from(e: AppError) -> ApiError {
        match e {
            AppError::Store(e) => e.into(),
            AppError::NotFound(m) => ApiError::NotFound(m),
            AppError::Refused(m) => ApiError::unprocessable(m),
            AppError::Invalid(m) => ApiError::BadRequest(m),
            AppError::NoPairing(e) => ApiError::Unprocessable {
                message: e.to_string(),
                details: json!({ "manual_pairing_possible": true }),
            },
            e @ AppError::Violations(_) => {
                let AppError::Violations(v) = &e else {
                    unreachable!("matched above")
                };
                let words: Vec<&str> = v.iter().map(|b| b.words.as_str()).collect();
                ApiError::Unprocessable {
                    details: json!({ "violations": words }),
                    message: e.to_string(),
                }
            }
            AppError::Unavailable(m) => ApiError::Unavailable(m),
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> ApiError {
        ApiError::Internal(e.to_string())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden { .. } => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Conflict { .. } => StatusCode::CONFLICT,
            ApiError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::SlowBody(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::InsufficientStorage(_) => StatusCode::INSUFFICIENT_STORAGE,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::WrongCode(_) => StatusCode::FORBIDDEN,
            ApiError::TooManyTries(_) => StatusCode::TOO_MANY_REQUESTS,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut body = crate::api::wire::ErrorBody {
            error: self.to_string(),
            recorded: None,
            details: None,
        };
        match self {
            ApiError::Conflict { recorded, .. } => body.recorded = Some(recorded.clone()),
            ApiError::Unprocessable { details, .. } if !details.is_null() => {
                body.details = Some(details.clone())
            }
            _ => {}
        }
        let mut response = HttpResponse::build(self.status_code());
        if matches!(self, ApiError::Unauthorized) {
            response.insert_header(("WWW-Authenticate", "Bearer"));
        }
        response.json(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every error a backend can produce, as the client gets it: a status that says what kind
    /// of failure it is (507 for a full disk, 503 for a store out of reach, never 500) and
    /// words, never a Rust type's name or `Debug` text.
    #[test]
    fn every_storage_error_reaches_the_client_in_words() {
        let expected = [
            ("ENOSPC", 507),
            ("EDQUOT", 507),
            ("EIO", 503),
            ("EACCES", 503),
            ("read-only", 503),
            ("full", 507),
            ("unreachable", 503),
            ("locked", 503),
            ("unopenable", 503),
        ];
        let failures = StoreError::storage_failures();
        let names: Vec<&str> = failures.iter().map(|(name, _)| *name).collect();
        assert_eq!(
            names,
            expected.iter().map(|(name, _)| *name).collect::<Vec<_>>()
        );
        for ((name, failure), (_, status)) in failures.into_iter().zip(expected) {
            let e = ApiError::from(failure);
            assert_eq!(e.status_code().as_u16(), status, "{name}: {e}");
            let words = e.to_string();
            for debug in ["Os {", "kind:", "Error(", "Error {", "Some(", "\\\""] {
                assert!(
                    !words.contains(debug),
                    "Rust's words reach the client: {words}"
                );
            }
            assert!(words.contains("nothing was written"), "{words}");
        }
    }
}
