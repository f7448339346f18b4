//! The API's error type: every failure is a 4xx/5xx status with a JSON body
//! `{"error": "<message>"}` naming what was wrong and where.

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// An API failure: an HTTP status and a message for the player or the client program.
///
/// Serialised as `{"error": message}` with the status code. Statuses used:
/// 400 malformed JSON, 404 unknown game id or route, 409 the request conflicts with the
/// game's state (game over, computer already thinking, nothing to undo), 413 body over
/// [`crate::BODY_LIMIT`] bytes, 415 body not sent as JSON, 422 well-formed but invalid
/// content (illegal move, unknown game, profile or level, bad record), 500 internal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The message, one or more sentences.
    pub message: String,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 404: no game with this id.
    pub fn unknown_game(id: &str) -> Self {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no game with id {id:?} (start one with POST /api/games)"),
        )
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

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status.as_u16(), self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, Json(body)).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    /// Keeps axum's status (400 syntax, 413 too large, 415 content type, 422 shape) and
    /// rewrites the message so that it says where the problem is.
    fn from(rejection: JsonRejection) -> Self {
        let status = rejection.status();
        let message = match &rejection {
            JsonRejection::JsonSyntaxError(e) => {
                format!("malformed JSON in request body: {}", source_text(e))
            }
            JsonRejection::JsonDataError(e) => format!("invalid request body: {}", source_text(e)),
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

/// The innermost error message of a serde_json error (it says line and column).
fn source_text(e: &dyn std::error::Error) -> String {
    let mut inner: &dyn std::error::Error = e;
    while let Some(next) = inner.source() {
        inner = next;
    }
    inner.to_string()
}
