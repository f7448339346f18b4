//! The page: every file under `static/`, compiled into the binary, served with its
//! content type; `/` is the board, `/learn` the lessons, `/lobby`, `/signin`,
//! `/leaderboard`, `/@/NAME` (a profile), `/@/NAME/games` (his game history),
//! `/settings` (e-mail, password reset) and `/mod` (moderation) the account pages.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::http::error::{self, ApiError};

/// Every file under `static/`.
static STATIC: include_dir::Dir<'_> = include_dir::include_dir!("$CARGO_MANIFEST_DIR/static");

/// The content type of a static file by its extension.
/// A file of the page (`static/`), e.g. `puzzles.html`.
pub(crate) fn page_file(name: &str) -> Option<&'static include_dir::File<'static>> {
    STATIC.get_file(name)
}

/// The page `name` of `static/` (`puzzles.html`) in `lang` ([`crate::i18n::page`]).
pub(crate) fn page_in(name: &str, lang: crate::i18n::Lang) -> Response {
    match page_file(name) {
        Some(f) => {
            let html = crate::i18n::page::localize(f.contents_utf8().unwrap_or(""), lang);
            (
                [
                    (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                    (header::CACHE_CONTROL, "no-cache"),
                    (header::CONTENT_LANGUAGE, lang.tag()),
                    (header::VARY, "Cookie, Accept-Language"),
                ],
                html,
            )
                .into_response()
        }
        None => ApiError::internal(format!("the page {name} is missing")).into_response(),
    }
}

pub(crate) fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// `GET /` → `index.html`, `GET /learn` → `learn.html`, any other file of `static/` by
/// its path; everything else (and `/api/...`) a JSON 404.
///
/// A page (`.html`) is served in the request's language ([`crate::i18n::page`]).
pub(crate) async fn static_or_404(
    method: axum::http::Method,
    crate::i18n::ReqLang(lang): crate::i18n::ReqLang,
    uri: Uri,
) -> Response {
    let path = uri.path();
    let file = match path {
        "/" => Some("index.html"),
        "/learn" => Some("learn.html"),
        "/lobby" => Some("lobby.html"),
        "/signin" => Some("signin.html"),
        "/leaderboard" => Some("leaderboard.html"),
        "/settings" => Some("settings.html"),
        "/mod" => Some("mod.html"),
        p if p.starts_with("/@/") && p.ends_with("/games") && p.len() > 9 => Some("games.html"),
        "/tournaments" => Some("tournaments.html"),
        p if p.starts_with("/tournaments/") && p.len() > "/tournaments/".len() => {
            Some("tournament.html")
        }
        p if p.starts_with("/@/") && p.len() > 3 => Some("profile.html"),
        "/favicon.ico" => Some("favicon.svg"),
        p if p.starts_with("/api/") || p == "/api" => None,
        p => Some(p.trim_start_matches('/')),
    };
    let found = file
        .filter(|f| !f.contains(".."))
        .and_then(|f| STATIC.get_file(f).map(|d| (f, d)));
    match found {
        Some((name, _))
            if (method == axum::http::Method::GET || method == axum::http::Method::HEAD)
                && name.ends_with(".html") =>
        {
            page_in(name, lang)
        }
        Some((name, f))
            if method == axum::http::Method::GET || method == axum::http::Method::HEAD =>
        {
            (
                [
                    (header::CONTENT_TYPE, content_type(name)),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                f.contents(),
            )
                .into_response()
        }
        Some(_) => ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!(
                "method {method} is not allowed on {}; use GET",
                clip_path(path)
            ),
        )
        .into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no such page or API route: {}", clip_path(path)),
        )
        .into_response(),
    }
}

pub(crate) fn clip_path(path: &str) -> String {
    error::clip_message(path, error::QUOTE_CHARS)
}
