//! Request bodies as JSON, with errors in the client's words.
//!
//! A body is read as JSON whatever its `Content-Type` says (`curl -d` sends
//! `application/x-www-form-urlencoded`; a body that is not JSON is refused for what it is). A
//! body that does not fit the request is refused naming the field as the client wrote it
//! (`settings.rounds`, `pairs[3].white`) and what it should be in plain words ("a whole number
//! from 0 to 65535"), never a Rust type's name.

use crate::api::error::ApiError;
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

/// A request body read as JSON.
pub struct Json<T>(pub T);

impl<T> Json<T> {
    /// The body.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Json<T>, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let bytes = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            let bytes = bytes
                .await
                .map_err(|e| ApiError::BadRequest(format!("the body could not be read: {e}")))?;
            parse(&bytes).map(Json)
        })
    }
}

/// Reads `bytes` as the JSON of a `T`.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::BadRequest(
            "the body is empty: a JSON object is expected".into(),
        ));
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Err(ApiError::BadRequest(
            "the body is not UTF-8 text: a JSON object is expected".into(),
        ));
    };
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let message = plain(&e.inner().to_string());
        ApiError::BadRequest(if path == "." || path.is_empty() {
            message
        } else {
            format!("{path}: {message}")
        })
    })?;
    de.end()
        .map_err(|e| ApiError::BadRequest(plain(&e.to_string())))?;
    Ok(value)
}

/// serde's words for what was expected, as a person would say them.
const WORDS: &[(&str, &str)] = &[
    ("expected u8", "expected a whole number from 0 to 255"),
    ("expected u16", "expected a whole number from 0 to 65535"),
    (
        "expected u32",
        "expected a whole number from 0 to 4294967295",
    ),
    ("expected u64", "expected a whole number, 0 or more"),
    ("expected usize", "expected a whole number, 0 or more"),
    ("expected i8", "expected a whole number from -128 to 127"),
    (
        "expected i16",
        "expected a whole number from -32768 to 32767",
    ),
    ("expected i32", "expected a whole number"),
    ("expected i64", "expected a whole number"),
    ("expected f32", "expected a number"),
    ("expected f64", "expected a number"),
    ("expected a borrowed string", "expected a string"),
    ("expected unit", "expected null"),
];

/// A serde_json message in plain words: no Rust type names ("expected u16", "expected struct
/// RegisterPlayer"), the position kept ("at line 1 column 30").
pub fn plain(message: &str) -> String {
    let mut out = message.to_string();
    for (rust, words) in WORDS {
        // Whole words only: "expected u16" is not the start of "expected u160".
        let mut at = 0;
        while let Some(i) = out[at..].find(rust) {
            let start = at + i;
            let end = start + rust.len();
            if out[end..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
            {
                at = end;
                continue;
            }
            out.replace_range(start..end, words);
            at = start + words.len();
        }
    }
    for kind in [
        "internally tagged enum",
        "adjacently tagged enum",
        "tuple struct",
        "struct variant",
        "struct",
        "enum",
        "map",
    ] {
        let rust = format!("expected {kind} ");
        while let Some(i) = out.find(&rust) {
            // The type's name follows: drop it.
            let name_end = out[i + rust.len()..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map_or(out.len(), |j| i + rust.len() + j);
            let words = if kind.contains("enum") {
                "expected one of the values the API document lists"
            } else {
                "expected a JSON object"
            };
            out.replace_range(i..name_end, words);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Settings {
        rounds: u16,
        initial_color: Colour,
    }

    #[derive(serde::Deserialize, Debug)]
    #[serde(rename_all = "snake_case")]
    enum Colour {
        White,
        Black,
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Create {
        name: String,
        settings: Settings,
    }

    fn error(body: &str) -> String {
        parse::<Create>(body.as_bytes()).unwrap_err().to_string()
    }

    /// The field is named as the client wrote it, what it should be in plain words, and no
    /// Rust type's name is left.
    #[test]
    fn errors_name_the_field_as_sent_and_say_what_it_should_be() {
        let e = error(r#"{"name": "x", "settings": {"rounds": "7", "initial_color": "white"}}"#);
        assert!(e.starts_with("settings.rounds: invalid type: string \"7\", expected a whole number from 0 to 65535"), "{e}");
        let e = error(r#"{"name": "x", "settings": {"rounds": 7, "initial_color": "blue"}}"#);
        assert!(
            e.starts_with(
                "settings.initial_color: unknown variant `blue`, expected `white` or `black`"
            ),
            "{e}"
        );
        let e = error(r#"{"name": "x", "settings": 3}"#);
        assert!(
            e.starts_with("settings: invalid type: integer `3`, expected a JSON object"),
            "{e}"
        );
        assert!(!e.contains("Settings"), "{e}");
        let e =
            error(r#"{"name": "x", "settings": {"rounds": 7, "initial_color": "white", "x": 1}}"#);
        assert!(e.starts_with("settings.x: unknown field `x`"), "{e}");
        assert_eq!(error("  "), "the body is empty: a JSON object is expected");
        let e = error(r#"{"name": "x""#);
        assert!(e.contains("EOF while parsing"), "{e}");
        let e = error(r#"{"name": "x", "settings": {"rounds": 7, "initial_color": "white"}} x"#);
        assert!(e.contains("trailing characters"), "{e}");
        assert_eq!(plain("expected u160"), "expected u160");
    }
}
