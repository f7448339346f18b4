//! A game's chat (issue 31): the players' room (the two players of a game between
//! accounts) and the spectators' room (everyone else, and the players once the game is
//! over), live over the game's event stream (`event: chat`), kept with the game (the
//! table `chat`; deleted with it). Text only: at most [`model::MAX_CHARS`] characters on
//! one line, shown by the page as text, never as HTML; at most [`model::RATE_LINES`]
//! lines per [`model::RATE_WINDOW_MS`] per account (429); an account mutes another (its
//! lines no longer reach him) and reports a line to the moderators
//! ([`crate::moderation`]). On several instances a line goes out through the
//! database's notifications ([`crate::store::Change::Chat`]).
//!
//! * [`model`]: a line, the rooms, the checks;
//! * [`repo`]: the tables;
//! * `routes`: `GET|POST /api/games/{id}/chat`, `GET|POST /api/me/mutes`,
//!   `DELETE /api/me/mutes/{name}`, `POST /api/chat/{line}/report`.

pub mod model;
pub mod mutes;
pub mod repo;

mod routes;

use std::sync::Arc;

pub use model::{Line, Room};
pub use routes::routes;

use crate::app::App;

/// Whether a line reaches one event stream: its room is the reader's
/// ([`Line::reaches`]) and the reader (`account`, if signed in) has not muted its
/// author: remembered per reader on SQLite ([`mutes::MuteCache`]: no blocking thread per
/// line), a database read per line on PostgreSQL (lines are rate-limited).
pub(crate) async fn deliver(
    app: &Arc<App>,
    account: Option<i64>,
    plays: bool,
    line: &Line,
) -> bool {
    if !line.reaches(plays) {
        return false;
    }
    let Some(reader) = account else {
        return true;
    };
    if reader == line.account {
        return true;
    }
    let author = line.account;
    if let Some(muted) = app.store.cached_mutes(reader) {
        return !muted.contains(&author);
    }
    let app = Arc::clone(app);
    crate::http::blocking(move || Ok(app.store.has_muted(reader, author).unwrap_or(false)))
        .await
        .map(|muted| !muted)
        .unwrap_or(false)
}
