//! The request bodies of the game routes, as serde reads them (docs/web.md has them
//! field by field); each says its fields in words for error messages
//! ([`crate::http::extract::Body`]).

use serde::Deserialize;

/// Who plays a side, as a request names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A person clicking on the board.
    Human,
    /// The engine, at the game's level.
    Computer,
}

/// The settings of a new game (the body of `POST /api/games`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `kiswahili` or `kingulu`.
    pub game: String,
    /// A rules profile name of that game; its default profile when absent.
    #[serde(default)]
    pub rules: Option<String>,
    /// The computer's level, 1..=10 (default [`DEFAULT_LEVEL`](super::model::DEFAULT_LEVEL), as in the terminal).
    #[serde(default)]
    pub level: Option<u8>,
    /// Who plays South (default human).
    #[serde(default)]
    pub south: Option<Kind>,
    /// Who plays North (default computer).
    #[serde(default)]
    pub north: Option<Kind>,
}

impl crate::http::extract::Body for NewGame {
    const FIELDS: Option<&'static str> =
        Some("\"game\" and optionally \"rules\", \"level\", \"south\", \"north\"");
}

/// The settings of a game loaded from a record (the body of `POST /api/games/load`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadGame {
    /// The record text (notation.md §4).
    pub record: String,
    /// The computer's level, 1..=10 (default [`DEFAULT_LEVEL`](super::model::DEFAULT_LEVEL), as in the terminal).
    #[serde(default)]
    pub level: Option<u8>,
    /// Who plays South from here on (default human).
    #[serde(default)]
    pub south: Option<Kind>,
    /// Who plays North from here on (default computer).
    #[serde(default)]
    pub north: Option<Kind>,
}

impl crate::http::extract::Body for LoadGame {
    const FIELDS: Option<&'static str> =
        Some("\"record\" and optionally \"level\", \"south\", \"north\"");
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
/// The body of `POST /api/games/{id}/play`.
pub struct PlayBody {
    /// The move text (`A6>`).
    #[serde(rename = "move")]
    pub mv: String,
}

impl crate::http::extract::Body for PlayBody {
    const FIELDS: Option<&'static str> = Some("\"move\"");
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
/// The body of `POST /api/games/{id}/undo` (optional).
pub struct UndoBody {
    /// How many moves (plies) to take back (default 1).
    #[serde(default)]
    pub plies: Option<usize>,
}

impl crate::http::extract::Body for UndoBody {
    const FIELDS: Option<&'static str> = Some("optionally \"plies\"");
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
/// The body of `POST /api/games/{id}/engine` (optional).
pub struct EngineBody {
    /// The ply the game must be at (the moves played when the page asked): a request
    /// that arrives after the position changed is a 409, not a move for another position.
    #[serde(default)]
    pub ply: Option<usize>,
}

impl crate::http::extract::Body for EngineBody {
    const FIELDS: Option<&'static str> = Some("optionally \"ply\"");
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
/// The body of `POST /api/games/{id}/resign` (optional).
pub struct ResignBody {
    /// The side that resigns (`South`, `North`; default: the seat's one side, else the
    /// side to move).
    #[serde(default)]
    pub side: Option<String>,
}

impl crate::http::extract::Body for ResignBody {
    const FIELDS: Option<&'static str> = Some("optionally \"side\"");
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
/// The body of `POST /api/games/{id}/invite`.
pub struct InviteBody {
    /// The side the invited player takes (`South`, `North`).
    pub side: String,
}

impl crate::http::extract::Body for InviteBody {
    const FIELDS: Option<&'static str> = Some("\"side\"");
}
