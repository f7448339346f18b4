//! The API's error type: every failure is a 4xx/5xx status with a JSON body
//! `{"error": "<message>", "code": "<code>"}` naming what was wrong and where: `code` is
//! stable and machine-readable ([`ApiError::code`]), `error` a sentence in the request's
//! language (English here; [`crate::i18n::errors::localize`] puts it into the others). The domain's errors become
//! one through `From` ([`DbError`]: 500, [`StoreError`]: 503 or, for a stale write, 409;
//! the extractors' rejections: 400/413/415/422), so that handlers write `?`.

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::extract::Body;
use crate::store::sql::DbError;
use crate::store::StoreError;

/// An API failure: an HTTP status and a message for the player or the client program.
///
/// Serialised as `{"error": message, "code": code}` with the status code. Statuses used:
/// 400 malformed JSON or a non-canonical number in a path, 403 a foreign `Origin` or
/// `Host`, or a missing or wrong seat (`X-Bao-Seat`), 404 unknown game id or route,
/// 408 a request or body not received in time, 409 the request conflicts with the
/// game's state (game over, computer already thinking, nothing to undo), 413 body over
/// [`crate::BODY_LIMIT`] bytes, 415 body not sent as JSON, 422 well-formed but invalid
/// content (illegal move, unknown game, profile or level, bad record, rules beyond the
/// server's work limits), 414 a path over 2 KiB, 431 headers over 16 KiB, 500 internal
/// (also a database that cannot be written), 503 the engines are all busy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The message, one or more sentences, in English.
    pub message: String,
    /// The stable machine-readable code: by default the status's
    /// ([`crate::i18n::errors::status_code`]: `invalid`, `conflict`, `not_found`…), a
    /// code of its own where a client tells the case apart (`illegal_move`, `game_over`).
    pub code: &'static str,
    /// The message in the catalogue's words, for the other languages; without it they get
    /// the status's sentence and the English message as `detail`.
    pub said: Option<crate::i18n::Said>,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            code: crate::i18n::errors::status_code(status),
            said: None,
        }
    }

    /// The same error with its own `code` and its message in the catalogue's words.
    pub fn coded(mut self, code: &'static str, said: crate::i18n::Said) -> Self {
        self.code = code;
        self.said = Some(said);
        self
    }

    /// The same error (and code) with its message in the catalogue's words.
    pub fn said(mut self, said: crate::i18n::Said) -> Self {
        self.said = Some(said);
        self
    }

    /// 404: no game with this id (quoted with [`clip`]).
    pub fn unknown_game(id: &str) -> Self {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no game with id {} (start one with POST /api/games)",
                clip(id)
            ),
        )
        .said(crate::t!("api-unknown-game", id = clip(id)))
    }

    /// 403: the request may not do this (foreign origin or host, missing or wrong seat).
    pub fn forbidden(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 409: the request does not fit the game's current state.
    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 422: the request was read but its content is not acceptable.
    pub fn invalid(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 500: something failed inside the server.
    pub fn internal(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl From<crate::refusal::Refusal> for ApiError {
    /// A model's refusal at the edge: invalid 422, not now 409, missing 404, failed 500.
    fn from(r: crate::refusal::Refusal) -> Self {
        use crate::refusal::Refusal;
        let status = match &r {
            Refusal::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Refusal::NotNow(_) => StatusCode::CONFLICT,
            Refusal::Missing(_) => StatusCode::NOT_FOUND,
            Refusal::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(status, r.message())
    }
}

impl From<crate::refusal::Worded> for ApiError {
    /// A refusal with its catalogue sentence: the refusal's status and code, the sentence
    /// for the other languages.
    fn from(w: crate::refusal::Worded) -> Self {
        ApiError::from(w.refusal).said(w.said)
    }
}

/// The most characters of client input quoted in an error message.
pub const QUOTE_CHARS: usize = 60;

/// Client input quoted for an error message: `"A6>"`, or its first [`QUOTE_CHARS`]
/// characters then `…"` (with the total length) when longer, so that no answer echoes a
/// large request back.
pub fn clip(input: &str) -> String {
    let n = input.chars().count();
    if n <= QUOTE_CHARS {
        format!("{input:?}")
    } else {
        let head: String = input.chars().take(QUOTE_CHARS).collect();
        let quoted = format!("{head:?}");
        format!("{}…\" ({n} characters)", &quoted[..quoted.len() - 1])
    }
}

/// A message from the rules crate about client input (a record, a move), cut to at most
/// `max` characters (ending in `…`) so that it cannot quote a large input at length.
pub fn clip_message(message: &str, max: usize) -> String {
    if message.chars().count() <= max {
        message.to_string()
    } else {
        let head: String = message.chars().take(max).collect();
        format!("{head}…")
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status.as_u16(), self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message, "code": self.code });
        let mut res = (self.status, Json(body)).into_response();
        res.extensions_mut().insert(self);
        res
    }
}

impl From<DbError> for ApiError {
    /// A failed read of the database: 500.
    fn from(e: DbError) -> Self {
        ApiError::internal(format!("the game database failed: {e}"))
    }
}

impl From<StoreError> for ApiError {
    /// A write that is not durable: 503 (the change was not saved), logged on the
    /// server; a write over a version another request or instance moved on: 409.
    fn from(e: StoreError) -> Self {
        if let StoreError::Stale(id) = &e {
            return ApiError::conflict(format!(
                "game {id} was changed meanwhile (by another request or another server): reload it and try again"
            ));
        }
        tracing::error!(error = %e, "a write to the database failed");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the change was not saved: {e}; the server's operator must look at its database"
            ),
        )
    }
}

impl From<JsonRejection> for ApiError {
    /// Keeps axum's status (400 syntax, 413 too large, 415 content type, 422 shape) and
    /// rewrites the message so that it says where the problem is.
    fn from(rejection: JsonRejection) -> Self {
        ApiError::from_json_rejection(rejection, None, &field_expects_any)
    }
}

impl ApiError {
    /// As `From<JsonRejection>`, for a request body of type `B`, whose [`Body`] words say
    /// which fields a body that is not a JSON object should have had and what each field
    /// takes.
    pub fn from_body_rejection<B: Body>(rejection: JsonRejection) -> Self {
        ApiError::from_json_rejection(rejection, B::FIELDS, &B::expects)
    }

    /// The rejection's status with a message in words: `fields` lists the body's fields
    /// (for a body that is not an object), `expects` says what a field takes.
    fn from_json_rejection(
        rejection: JsonRejection,
        fields: Option<&str>,
        expects: &dyn Fn(&str) -> Option<&'static str>,
    ) -> Self {
        let status = rejection.status();
        let message = match &rejection {
            JsonRejection::JsonSyntaxError(e) => {
                format!("malformed JSON in request body: {}", source_text(e))
            }
            JsonRejection::JsonDataError(e) => {
                format!(
                    "invalid request body: {}",
                    plain_data_error(&source_text(e), fields, expects)
                )
            }
            JsonRejection::MissingJsonContentType(_) => {
                "request body must be JSON: send the header Content-Type: application/json"
                    .to_string()
            }
            JsonRejection::BytesRejection(_) if status == StatusCode::PAYLOAD_TOO_LARGE => {
                format!(
                    "request body too large: the limit is {} bytes",
                    crate::BODY_LIMIT
                )
            }
            other if other.body_text().contains("timeout") => {
                return ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request body did not arrive within {} s",
                        crate::BODY_TIMEOUT.as_secs()
                    ),
                )
            }
            other => format!("cannot read request body: {}", other.body_text()),
        };
        ApiError::new(status, message)
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("bad path parameter: {}", rejection.body_text()),
        )
    }
}

/// What a field of the API's bodies expects, in words, whatever the body (a [`Body`]
/// may say otherwise for one of its fields).
pub fn field_expects_any(field: &str) -> Option<&'static str> {
    Some(match field {
        "clock" => {
            "{\"initial_s\": N, \"increment_s\": N} (seconds, Fischer) or {\"days_per_move\": N} (correspondence)"
        }
        "game" => {
            static GAMES: std::sync::OnceLock<String> = std::sync::OnceLock::new();
            GAMES.get_or_init(|| crate::kinds::quoted("or")).as_str()
        }
        "rules" => "a rules profile name (a string, see GET /api/meta)",
        "level" => "a number 1-10",
        "south" | "north" => "\"human\" or \"computer\"",
        "record" => "the record text (a string)",
        "move" => "a move text (a string) such as \"A6>\"",
        "plies" => "a whole number of moves, 1 or more",
        "side" => "\"South\" or \"North\"",
        _ => return None,
    })
}

/// A value as serde names it (`integer `5``, `string "x"`, `sequence`) in plain words.
fn found_words(unexpected: &str) -> String {
    let unexpected = unexpected.trim();
    let quoted = |prefix: &str| {
        unexpected
            .strip_prefix(prefix)
            .map(|rest| rest.trim().trim_matches('`').to_string())
    };
    if let Some(v) = quoted("integer").or_else(|| quoted("floating point")) {
        return format!("the number {v}");
    }
    if let Some(v) = quoted("boolean") {
        return v;
    }
    if let Some(v) = unexpected.strip_prefix("string ") {
        return v.to_string();
    }
    match unexpected {
        "sequence" => "a list".to_string(),
        "map" => "an object".to_string(),
        "unit" | "null" => "null".to_string(),
        other => other.to_string(),
    }
}

/// Rewrites serde's message for a body of the wrong shape (`level: invalid type: string
/// "x", expected u8 at line 1 column 12`) in plain words naming the field, without Rust
/// type names: `level: expected a number 1-10, found "x"`. Unknown fields, missing
/// fields and bodies that are not a JSON object get sentences of their own; `fields` is
/// the body's fields in words (for a body that is not an object), `expects` what a field
/// takes in words ([`Body::expects`]).
pub fn plain_data_error(
    text: &str,
    fields: Option<&str>,
    expects: &dyn Fn(&str) -> Option<&'static str>,
) -> String {
    // serde_json appends the position; the bodies are short, the field says where.
    let text = match text.rfind(" at line ") {
        Some(i) if text[i..].contains(" column ") => &text[..i],
        _ => text,
    };
    // `field: message`, or just `message` at the top level.
    const STARTS: [&str; 8] = [
        "invalid type",
        "invalid value",
        "invalid length",
        "unknown field",
        "unknown variant",
        "missing field",
        "duplicate field",
        "expected",
    ];
    let (path, message) = match text.split_once(": ") {
        Some((path, rest)) if !STARTS.iter().any(|s| text.starts_with(s)) => (path, rest),
        _ => (".", text),
    };
    let between = |after: &str| -> Option<&str> {
        message
            .strip_prefix(after)
            .map(|rest| rest.split('`').nth(1).unwrap_or(""))
    };
    if let Some(name) = between("unknown field ") {
        let known = message
            .split_once("expected one of ")
            .or_else(|| message.split_once("expected "))
            .map(|(_, list)| list.replace('`', ""))
            .or_else(|| {
                message
                    .split_once("there are no fields")
                    .map(|_| "none".into())
            })
            .unwrap_or_default();
        return format!("unknown field {} (the fields are {known})", clip(name));
    }
    if let Some(name) = between("missing field ") {
        return match expects(name) {
            Some(what) => format!("missing field \"{name}\": {what}"),
            None => format!("missing field \"{name}\""),
        };
    }
    if let Some(name) = between("duplicate field ") {
        return format!("field \"{name}\" is given twice");
    }
    // A body that is not an object (`5`, `[...]`, `"text"`): serde names the struct.
    let field = path.rsplit('.').next().unwrap_or(path);
    // A field's own check already said it in words, naming the field (`clock.initial_s
    // -5 is out of range: …`, [`crate::clock::TimeControl`]).
    if !field.is_empty() && message.starts_with(&format!("{field}.")) {
        return message.to_string();
    }
    if path == "." || path.starts_with('[') || field.is_empty() {
        return match fields {
            Some(fields) => {
                format!("the body must be a JSON object with {fields}")
            }
            None => "the body must be a JSON object".to_string(),
        };
    }
    let found = if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
    {
        rest.split(", expected")
            .next()
            .map(|f| clip_message(&found_words(f), QUOTE_CHARS + 2))
    } else {
        between("unknown variant ").map(clip)
    };
    let expects = expects(field).map(str::to_string).unwrap_or_else(|| {
        message
            .split_once("expected ")
            .map(|(_, e)| e.to_string())
            .unwrap_or_else(|| message.to_string())
    });
    match found {
        Some(found) => format!("{field}: expected {expects}, found {found}"),
        None => format!("{field}: expected {expects}"),
    }
}

/// The innermost error message of a serde_json error (it says line and column).
fn source_text(e: &dyn std::error::Error) -> String {
    let mut inner: &dyn std::error::Error = e;
    while let Some(next) = inner.source() {
        inner = next;
    }
    inner.to_string()
}
