//! Game records (notation.md §4): a PGN-like text with tags and numbered moves.
//!
//! No I/O: text in, text out. A record is written as
//!
//! ```text
//! [Game "kiswahili"]
//! [Rules "mancala-world"]
//! [Date "2026.11.29"]
//! [South "Ali"]
//! [North "bao level 5"]
//! [Result "1-0"]
//! [Termination "bao hamna"]
//!
//! 1. A6> a6< 2. A7< a5> 3. A4>+ 1-0
//! ```
//!
//! Tag order when writing: `Game`, `Rules` (the profile name), one tag per rule option that
//! differs from the profile (`[takasia "off"]`, named as [`RuleSet::options`] names it),
//! `Date`, `South`, `North`, `Setup` (only when the start is not the game's start position
//! under these rules), `Result`, `Termination` (only for a finished game whose reason is
//! known). Then an empty
//! line and the moves, numbered per pair (`1. A6> a6<`); when North makes the first move
//! of the record it is written `1... a6<`. Lines of moves are wrapped before 80 columns.
//!
//! A decided `Result` (`1-0`, `0-1`, `1/2-1/2`) on a board where the game is not over is a
//! result decided off the board. Its reason is the `Termination` tag:
//!
//! | `Termination` | reads as | written back as |
//! |---|---|---|
//! | `resignation` / `resigned` (not with `1/2-1/2`) | [`EndReason::Resignation`] | `resignation` |
//! | `adjudicated` | [`EndReason::Adjudicated`] | `adjudicated` |
//! | `time` (not with `1/2-1/2`) | [`EndReason::Time`] (a server's clock ran out) | `time` |
//! | absent, `agreement` | [`EndReason::OffBoard`] ("the result was decided off the board") | no `Termination` tag |
//!
//! A reason of the board (`bao hamna`, `no legal move`, ...) on a board where the game is not
//! over, a `Termination` with `Result "*"` on such a board, and a `Result` or
//! `Termination` that contradicts a finished board are errors. A missing `Termination` is
//! never turned into a made-up reason.
//!
//! Reading accepts a leading byte-order mark (U+FEFF, as Notepad writes it), `\r\n` line
//! ends, tags in any order, extra whitespace, `{...}` comments, move numbers glued to the
//! move (`1.A6>`), the record's own tag names in any case (`[result "1-0"]`) and
//! annotations on moves (checked, notation.md §3). A tag that names a
//! rule option of the game (as [`RuleSet::options`] names it, in any case, with or without
//! `opt-`) sets it, and a bad value is an error; every other tag (`Event`, `Site`, `Round`,
//! `Foo`, ...) is ignored, as PGN readers do, and is not written back. A text whose first
//! line is neither a tag nor a numbered move is [`RecordError::NotARecord`]; a record
//! without a `Game` tag is [`RecordError::NoGameTag`]. Every move is replayed and checked:
//! an illegal move is reported with its move number and side.
//!
//! ```
//! use bao_rules::record::GameRecord;
//! use bao_rules::{Game, kingulu::Kingulu};
//! # fn main() -> Result<(), bao_rules::record::RecordError> {
//! let text = "[Game \"kingulu\"]\n[Rules \"default\"]\n[Result \"*\"]\n\n1. A3 *\n";
//! let record: GameRecord<Kingulu> = GameRecord::from_text(text)?;
//! assert_eq!(record.moves.len(), 1);
//! assert_eq!(record.current().side_to_move(), bao_rules::Side::North);
//! # Ok(()) }
//! ```

use crate::{EndReason, Game, Outcome, RuleSet, Side};
use std::fmt::Write as _;

mod date;
mod error;
pub mod load;
mod text;

pub use date::{civil_date, date_tag};
pub use error::RecordError;
pub use text::result_token;
use text::*;

/// The value of the record's `Game` tag (`kiswahili` or `kingulu`), to pick the game type
/// before reading it with [`GameRecord::from_text`].
///
/// # Errors
/// [`RecordError::NotARecord`] when the text does not look like a record at all,
/// [`RecordError::Syntax`] for a malformed tag, [`RecordError::NoGameTag`] if the tag is
/// missing, [`RecordError::UnknownGame`] if it names another game.
pub fn game_of(text: &str) -> Result<String, RecordError> {
    let parsed = parse_text(text)?;
    match parsed.tag("Game") {
        Some((_, g)) if g == "kiswahili" || g == "kingulu" => Ok(g.to_string()),
        Some((_, g)) => Err(RecordError::UnknownGame(g.to_string())),
        None => Err(RecordError::NoGameTag),
    }
}

/// Splits a text holding several records one after another (as `bao match --records`
/// writes them) into the text of each record. A record starts at its first tag line; a tag
/// line that follows a line of moves starts the next record. A text with no moves is one
/// record. Empty pieces are dropped.
///
/// A byte-order mark (U+FEFF, as Notepad writes it) at the start of the text or of a line is
/// skipped, and lines may end in `\r\n`.
pub fn split_records(text: &str) -> Vec<&str> {
    let text = text.strip_prefix(BOM).unwrap_or(text);
    let mut starts = vec![0usize];
    let mut seen_moves = false;
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim().trim_start_matches(BOM).trim_start();
        if trimmed.starts_with('[') {
            if seen_moves {
                starts.push(offset);
                seen_moves = false;
            }
        } else if !trimmed.is_empty() {
            seen_moves = true;
        }
        offset += line.len();
    }
    starts.push(text.len());
    starts
        .windows(2)
        .map(|w| &text[w[0]..w[1]])
        .filter(|piece| !piece.trim().is_empty())
        .collect()
}

/// A game: rules, start position, moves, players and result (notation.md §4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<G: Game> {
    /// The rules the game is played under (the `Rules` tag plus option tags).
    pub rules: G::Rules,
    /// The start position (the `Setup` tag, or the game's start under `rules`).
    pub start: G,
    /// The moves in order; each is legal in the position before it.
    pub moves: Vec<G::Move>,
    /// South's name (`?` when unknown).
    pub south: String,
    /// North's name (`?` when unknown).
    pub north: String,
    /// The date, `YYYY.MM.DD` by convention; empty when unknown (written `????.??.??`).
    pub date: String,
    /// The result: `None` = unfinished (`*`); `Some` for a finished game, including an
    /// adjudicated one (K-R12.4, OPT-MAX-PLIES).
    pub result: Option<Outcome>,
}

impl<G: Game> GameRecord<G> {
    /// An empty record starting from `start` (its rules), names `?`, no date, no result.
    pub fn new(start: G) -> Self {
        GameRecord {
            rules: start.rules().clone(),
            start,
            moves: Vec::new(),
            south: "?".to_string(),
            north: "?".to_string(),
            date: String::new(),
            result: None,
        }
    }

    /// The start position, then the position after each move (`moves.len() + 1` entries).
    /// Stops early at a move that cannot be played (only possible for a record built by
    /// hand with an illegal move; [`GameRecord::from_text`] never produces one).
    pub fn positions(&self) -> Vec<G> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start.clone();
        out.push(pos.clone());
        for &mv in &self.moves {
            match pos.play(mv) {
                Ok(next) => {
                    pos = next;
                    out.push(pos.clone());
                }
                Err(_) => break,
            }
        }
        out
    }

    /// The position after the last move (see [`GameRecord::positions`]).
    pub fn current(&self) -> G {
        self.positions().pop().unwrap_or_else(|| self.start.clone())
    }

    /// The outcome: `result` when set, else the outcome of the current position if the
    /// game is over there.
    fn effective_result(&self) -> Option<Outcome> {
        self.result.or_else(|| {
            let mut line = crate::GameLine::new(self.start.clone());
            for &mv in &self.moves {
                if line.play(mv).is_err() {
                    break;
                }
            }
            line.outcome()
        })
    }

    /// The canonical record text (notation.md §4), ending with a newline. The moves are
    /// written without annotations. When `result` is `None` but the last position is
    /// finished, the position's outcome is written.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let tag = |out: &mut String, name: &str, value: &str| {
            let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
        };
        tag(&mut out, "Game", G::NAME);
        tag(&mut out, "Rules", self.rules.profile_name());
        for (name, value) in self.rules.differences() {
            tag(&mut out, name, &value);
        }
        tag(
            &mut out,
            "Date",
            if self.date.is_empty() {
                "????.??.??"
            } else {
                &self.date
            },
        );
        tag(&mut out, "South", &self.south);
        tag(&mut out, "North", &self.north);
        if self.start != G::start(&self.rules) {
            tag(&mut out, "Setup", &self.start.to_text());
        }
        let result = self.effective_result();
        let token = result_token(result);
        tag(&mut out, "Result", token);
        match result {
            // No reason was recorded: none is made up.
            Some(Outcome {
                reason: EndReason::OffBoard,
                ..
            })
            | None => {}
            Some(outcome) => tag(&mut out, "Termination", &termination_text(outcome.reason)),
        }
        out.push('\n');

        // Movetext.
        let mut tokens: Vec<String> = Vec::new();
        let mut pos = self.start.clone();
        let mut number = 1usize;
        for (i, &mv) in self.moves.iter().enumerate() {
            let side = pos.side_to_move();
            match side {
                Side::South => tokens.push(format!("{number}.")),
                Side::North if i == 0 => tokens.push(format!("{number}...")),
                Side::North => {}
            }
            tokens.push(pos.move_text(mv));
            if side == Side::North {
                number += 1;
            }
            match pos.play(mv) {
                Ok(next) => pos = next,
                Err(_) => break,
            }
        }
        tokens.push(token.to_string());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Reads a record, replaying and checking every move.
    ///
    /// # Errors
    /// - [`RecordError::Syntax`] with the line number for a malformed tag or token, a wrong
    ///   move number, or a `Result`/`Termination` that contradicts the final position;
    /// - [`RecordError::NotARecord`] when the text does not look like a record;
    /// - [`RecordError::WrongGame`] if the `Game` tag names the other game,
    ///   [`RecordError::UnknownGame`] if it names no game, [`RecordError::NoGameTag`] if
    ///   it is missing;
    /// - [`RecordError::Rules`] for an unknown profile or a bad value of an option tag;
    /// - [`RecordError::Setup`] for an invalid `Setup` position;
    /// - [`RecordError::IllegalMove`] with the move number for a move that cannot be played.
    pub fn from_text(text: &str) -> Result<Self, RecordError> {
        let parsed = parse_text(text)?;
        match parsed.tag("Game") {
            Some((_, g)) if g == G::NAME => {}
            Some((_, g)) if g == "kiswahili" || g == "kingulu" => {
                return Err(RecordError::WrongGame {
                    expected: G::NAME.to_string(),
                    found: g.to_string(),
                })
            }
            Some((_, g)) => return Err(RecordError::UnknownGame(g.to_string())),
            None => return Err(RecordError::NoGameTag),
        }

        // Rules: the profile first, then every option tag in order.
        let mut rules = match parsed.tag("Rules") {
            Some((_, name)) => {
                G::Rules::profile(name).map_err(|e| RecordError::Rules(e.message))?
            }
            None => G::Rules::default(),
        };
        let mut south = "?".to_string();
        let mut north = "?".to_string();
        let mut date = String::new();
        let mut setup: Option<&str> = None;
        let mut result_tag: Option<(usize, &str)> = None;
        let mut termination: Option<(usize, &str)> = None;
        for (line, name, value) in &parsed.tags {
            match name.as_str() {
                "Game" | "Rules" => {}
                "South" => south = value.clone(),
                "North" => north = value.clone(),
                "Date" => {
                    date = if value == "????.??.??" {
                        String::new()
                    } else {
                        value.clone()
                    }
                }
                "Setup" => setup = Some(value),
                "Result" => result_tag = Some((*line, value)),
                "Termination" => termination = Some((*line, value)),
                tag => {
                    // A rule option (named as RuleSet::options names it, in any case,
                    // with or without `opt-`, `-`/`_`); any other tag is ignored, as PGN
                    // readers do.
                    let key = option_key(tag);
                    let canonical = rules
                        .options()
                        .into_iter()
                        .map(|(name, _)| name)
                        .find(|name| option_key(name) == key);
                    if let Some(option) = canonical {
                        rules.set_option(option, value).map_err(|e| {
                            RecordError::Rules(format!(
                                "tag [{tag} \"{value}\"] (line {line}): {}",
                                e.message
                            ))
                        })?;
                    }
                }
            }
        }

        let start = match setup {
            Some(text) => G::from_text(text, &rules).map_err(RecordError::Setup)?,
            None => G::start(&rules),
        };

        // Replay the moves through a game line, which knows the ends a position alone
        // cannot (G-R15 repetition, K-R12.4 max plies).
        let mut game = crate::GameLine::new(start.clone());
        let mut moves = Vec::new();
        let mut number = 1usize;
        let mut first = true;
        let mut result_token_seen: Option<(usize, &str)> = None;
        for (line, token) in &parsed.tokens {
            let mut tok = token.as_str();
            if result_token_seen.is_some() {
                return Err(RecordError::Syntax {
                    line: *line,
                    message: format!("{tok:?} after the result token"),
                });
            }
            if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
                result_token_seen = Some((*line, tok));
                continue;
            }
            // A move number, alone or glued to the move.
            if let Some(digits_end) = tok.find(|c: char| !c.is_ascii_digit()) {
                if digits_end > 0 && tok[digits_end..].starts_with('.') {
                    let n: usize = tok[..digits_end].parse().map_err(|_| RecordError::Syntax {
                        line: *line,
                        message: format!("bad move number {tok:?}"),
                    })?;
                    let rest = tok[digits_end..].trim_start_matches('.');
                    let dots = tok.len() - digits_end - rest.len();
                    let side = game.current().side_to_move();
                    let expected_dots_ok = match side {
                        Side::South => dots == 1,
                        Side::North => dots == 3 && first,
                    };
                    if n != number || !expected_dots_ok {
                        let expected = match side {
                            Side::South => format!("{number}."),
                            Side::North if first => format!("{number}..."),
                            Side::North => format!("a move of North (no number) after {number}."),
                        };
                        return Err(RecordError::Syntax {
                            line: *line,
                            message: format!("move number {tok:?} where {expected} was expected"),
                        });
                    }
                    if rest.is_empty() {
                        continue;
                    }
                    tok = rest;
                }
            }
            let side = game.current().side_to_move();
            let illegal = |message: String| RecordError::IllegalMove {
                number,
                side,
                text: tok.to_string(),
                message,
            };
            if let Some(o) = game.outcome() {
                return Err(illegal(format!(
                    "the game is already over ({})",
                    o.reason.describe()
                )));
            }
            let mv = game
                .current()
                .parse_move(tok)
                .map_err(|e| illegal(e.message))?;
            game.play(mv).map_err(|e| illegal(e.to_string()))?;
            moves.push(mv);
            first = false;
            if side == Side::North {
                number += 1;
            }
        }

        // The result: the tag, the token and the final position must agree.
        let tag_result = result_tag.map(|(_, r)| r).unwrap_or("*");
        let tag_line = result_tag.map(|(l, _)| l).unwrap_or(1);
        if !matches!(tag_result, "1-0" | "0-1" | "1/2-1/2" | "*") {
            return Err(RecordError::Syntax {
                line: tag_line,
                message: format!("Result {tag_result:?} is not one of 1-0, 0-1, 1/2-1/2, *"),
            });
        }
        if let Some((line, tok)) = result_token_seen {
            if result_tag.is_some() && tok != tag_result {
                return Err(RecordError::Syntax {
                    line,
                    message: format!("result token {tok} differs from the Result tag {tag_result}"),
                });
            }
        }
        let claimed = match result_token_seen {
            Some((_, tok)) if result_tag.is_none() => tok,
            _ => tag_result,
        };
        let reason_tag = match termination {
            Some((line, t)) => Some((
                line,
                parse_termination(t).ok_or_else(|| RecordError::Syntax {
                    line,
                    message: format!(
                        "Termination {t:?} is not one of bao hamna, no legal move, front row empty, score, repetition, adjudicated, resignation, time"
                    ),
                })?,
            )),
            None => None,
        };
        let result =
            match game.outcome() {
                Some(outcome) => {
                    if claimed != "*" && claimed != result_token(Some(outcome)) {
                        return Err(RecordError::Syntax {
                            line: tag_line,
                            message: format!(
                                "Result {claimed} contradicts the final position: {}",
                                outcome_sentence(outcome)
                            ),
                        });
                    }
                    if let Some((line, reason)) = reason_tag {
                        if reason != outcome.reason {
                            return Err(RecordError::Syntax {
                                line,
                                message: format!(
                                    "Termination {:?} contradicts the final position: {}",
                                    termination_text(reason),
                                    outcome_sentence(outcome)
                                ),
                            });
                        }
                    }
                    Some(outcome)
                }
                None => {
                    if claimed == "*" {
                        if let Some((line, reason)) = reason_tag {
                            return Err(RecordError::Syntax {
                                line,
                                message: format!(
                                    "Termination {:?} but the Result is * (the game is not over)",
                                    termination_text(reason)
                                ),
                            });
                        }
                        None
                    } else {
                        let reason = match reason_tag {
                            // No reason recorded: say only that the result was decided off
                            // the board, never guess one.
                            None => EndReason::OffBoard,
                            Some((
                                _,
                                r @ (EndReason::Adjudicated
                                | EndReason::Resignation
                                | EndReason::Time
                                | EndReason::OffBoard),
                            )) => r,
                            Some((line, reason)) => {
                                return Err(RecordError::Syntax {
                                    line,
                                    message: format!(
                                    "Termination {:?} but the game is not over after the last move",
                                    termination_text(reason)
                                ),
                                })
                            }
                        };
                        let winner = match claimed {
                            "1-0" => Some(Side::South),
                            "0-1" => Some(Side::North),
                            _ => None,
                        };
                        if let (
                            None,
                            Some((line, r @ (EndReason::Resignation | EndReason::Time))),
                        ) = (winner, reason_tag)
                        {
                            return Err(RecordError::Syntax {
                                line,
                                message: format!(
                                "Termination {:?} but the Result is {claimed}: a {} has a winner",
                                termination_text(r),
                                if r == EndReason::Time { "loss on time" } else { "resignation" }
                            ),
                            });
                        }
                        Some(Outcome { winner, reason })
                    }
                }
            };

        Ok(GameRecord {
            rules,
            start,
            moves,
            south,
            north,
            date,
            result,
        })
    }
}
