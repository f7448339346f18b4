//! A chat line and the rules of the chat: its rooms, its length, its rate.

use serde::{Deserialize, Serialize};

use crate::refusal::Refusal;

/// The most characters of one line (Unicode scalar values, after trimming).
pub const MAX_CHARS: usize = 140;

/// The most lines one account may post within [`RATE_WINDOW_MS`], over all games and
/// instances; one more is a 429.
pub const RATE_LINES: usize = 5;

/// The window of [`RATE_LINES`], in milliseconds.
pub const RATE_WINDOW_MS: i64 = 10_000;

/// The most lines of a room a reader gets at once (the latest).
pub const MAX_HISTORY: usize = 200;

/// A game's two rooms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Room {
    /// The players' room: the two players of a game between accounts.
    Players,
    /// The spectators' room: everyone else; the players too once the game is over.
    Spectators,
}

impl Room {
    /// As stored and sent: `players` or `spectators`.
    pub fn name(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Spectators => "spectators",
        }
    }

    /// The room stored as `name`.
    pub fn named(name: &str) -> Option<Room> {
        match name {
            "players" => Some(Room::Players),
            "spectators" => Some(Room::Spectators),
            _ => None,
        }
    }
}

/// One chat line, as stored and as it travels between instances.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// Its number (increasing).
    pub id: i64,
    /// The game.
    pub game: String,
    /// The room.
    pub room: Room,
    /// The author's account.
    pub account: i64,
    /// The author's name.
    pub author: String,
    /// The text, as written (text only: pages show it as text, never as HTML).
    pub text: String,
    /// When, RFC 3339.
    pub at: String,
    /// Posted after the game ended (players read the spectators' room from then on).
    pub after_end: bool,
}

impl Line {
    /// The line as readers get it: `{"id", "room", "author", "text", "at"}`.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "id": self.id,
            "room": self.room.name(),
            "author": self.author,
            "text": self.text,
            "at": self.at,
        })
    }

    /// Whether a reader sees this line live: the players' room is the players'; the
    /// spectators' room is everyone else's, and the players' too for a line written
    /// after the end.
    pub fn reaches(&self, plays: bool) -> bool {
        match self.room {
            Room::Players => plays,
            Room::Spectators => !plays || self.after_end,
        }
    }
}

/// A line's text, trimmed.
///
/// # Errors
/// [`Refusal::Invalid`] for an empty line, one over [`MAX_CHARS`] characters, or one
/// with a control character (a line break, a tab).
pub fn check_text(text: &str) -> Result<String, Refusal> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Refusal::invalid("the line is empty: write something"));
    }
    let n = t.chars().count();
    if n > MAX_CHARS {
        return Err(Refusal::invalid(format!(
            "the line has {n} characters; at most {MAX_CHARS}"
        )));
    }
    if t.chars().any(char::is_control) {
        return Err(Refusal::invalid(
            "the line has a control character (a line break, a tab): one line of text only",
        ));
    }
    Ok(t.to_string())
}

/// The rate limit's answer: `None` when a line may be posted now, else how many
/// milliseconds until it may, given the times (Unix ms) of the account's lines within
/// the window before `now_ms`, oldest first.
pub fn wait_ms(recent: &[i64], now_ms: i64) -> Option<i64> {
    if recent.len() < RATE_LINES {
        return None;
    }
    // The oldest line that must leave the window before one more fits.
    let oldest = recent[recent.len() - RATE_LINES];
    Some((oldest + RATE_WINDOW_MS - now_ms).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_one_line_of_at_most_140_characters() {
        assert_eq!(check_text("  good game  "), Ok("good game".to_string()));
        assert_eq!(check_text(&"é".repeat(140)), Ok("é".repeat(140)));
        assert_eq!(
            check_text(&"é".repeat(141)).unwrap_err().message(),
            "the line has 141 characters; at most 140"
        );
        assert_eq!(
            check_text(" \t ").unwrap_err().message(),
            "the line is empty: write something"
        );
        assert_eq!(check_text("a\nb").unwrap_err().kind(), "invalid");
        assert_eq!(
            check_text("<script>alert(1)</script>"),
            Ok("<script>alert(1)</script>".to_string())
        );
    }

    #[test]
    fn five_lines_in_ten_seconds_then_wait() {
        assert_eq!(wait_ms(&[], 0), None);
        assert_eq!(wait_ms(&[1, 2, 3, 4], 5), None);
        assert_eq!(
            wait_ms(&[1_000, 1_100, 1_200, 1_300, 1_400], 1_500),
            Some(9_500)
        );
        assert_eq!(
            wait_ms(&[0, 1_000, 1_100, 1_200, 1_300, 1_400], 1_500),
            Some(9_500)
        );
    }

    #[test]
    fn rooms_reach_their_readers() {
        let line = |room, after_end| Line {
            id: 1,
            game: "g".into(),
            room,
            account: 1,
            author: "a".into(),
            text: "t".into(),
            at: String::new(),
            after_end,
        };
        assert!(line(Room::Players, false).reaches(true));
        assert!(!line(Room::Players, false).reaches(false));
        assert!(!line(Room::Spectators, false).reaches(true));
        assert!(line(Room::Spectators, false).reaches(false));
        assert!(line(Room::Spectators, true).reaches(true));
        assert_eq!(Room::named("players"), Some(Room::Players));
        assert_eq!(Room::named("lobby"), None);
    }
}
