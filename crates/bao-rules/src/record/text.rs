//! Reading a record's text: tags, tokens, results and termination reasons.

use super::RecordError;
use crate::{EndReason, Outcome, Side};

/// A record's result token (notation.md §4) for a result: `1-0` (South won), `0-1` (North
/// won), `1/2-1/2` (a draw) or `*` (`None`: the game goes on).
///
/// ```
/// use bao_rules::record::result_token;
/// use bao_rules::{EndReason, Outcome, Side};
/// let won = Outcome { winner: Some(Side::North), reason: EndReason::Resignation };
/// assert_eq!(result_token(Some(won)), "0-1");
/// assert_eq!(result_token(None), "*");
/// ```
pub fn result_token(result: Option<Outcome>) -> &'static str {
    match result {
        None => "*",
        Some(Outcome {
            winner: Some(Side::South),
            ..
        }) => "1-0",
        Some(Outcome {
            winner: Some(Side::North),
            ..
        }) => "0-1",
        Some(Outcome { winner: None, .. }) => "1/2-1/2",
    }
}

pub(super) fn outcome_sentence(outcome: Outcome) -> String {
    match outcome.winner {
        Some(side) => format!("{side} won, {}", outcome.reason.describe()),
        None => format!("a draw, {}", outcome.reason.describe()),
    }
}

/// The Termination tag's text: the reason word with spaces (`bao hamna`).
pub(super) fn termination_text(reason: EndReason) -> String {
    reason.as_str().replace('-', " ")
}

pub(super) fn parse_termination(text: &str) -> Option<EndReason> {
    let norm: String = text
        .trim()
        .to_ascii_lowercase()
        .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    // Results decided off the board: a resignation, or an agreement (which has no reason
    // word of its own and is written without a Termination tag).
    match norm.as_str() {
        "resigned" => return Some(EndReason::Resignation),
        "agreement" | "agreed" => return Some(EndReason::OffBoard),
        _ => {}
    }
    EndReason::parse(&norm)
}

pub(super) fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The tags and movetext tokens of a record, with line numbers.
pub(super) struct Parsed {
    pub(super) tags: Vec<(usize, String, String)>,
    pub(super) tokens: Vec<(usize, String)>,
}

impl Parsed {
    pub(super) fn tag(&self, name: &str) -> Option<(usize, &str)> {
        self.tags
            .iter()
            .find(|(_, n, _)| n == name)
            .map(|(l, _, v)| (*l, v.as_str()))
    }
}

pub(super) fn parse_text(text: &str) -> Result<Parsed, RecordError> {
    let mut tags: Vec<(usize, String, String)> = Vec::new();
    let mut tokens = Vec::new();
    let mut in_comment = false;
    let mut in_moves = false;
    let text = text.strip_prefix(BOM).unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        // `lines` drops a `\r` before `\n`; a BOM may start a line of concatenated files.
        let line = raw.trim().trim_start_matches(BOM).trim_start();
        if !in_moves && !in_comment && line.starts_with('[') {
            let (name, value) = parse_tag(line).map_err(|message| RecordError::Syntax {
                line: line_no,
                message,
            })?;
            // The record's own tags in any case (`[game "kingulu"]`).
            let name = RECORD_TAGS
                .iter()
                .find(|t| t.eq_ignore_ascii_case(&name))
                .map_or(name, |t| t.to_string());
            if tags.iter().any(|(_, n, _)| *n == name) {
                return Err(RecordError::Syntax {
                    line: line_no,
                    message: format!("tag {name} given twice"),
                });
            }
            tags.push((line_no, name, value));
            continue;
        }
        if line.is_empty() {
            continue;
        }
        if !in_moves && !in_comment && tags.is_empty() && !starts_like_movetext(line) {
            return Err(RecordError::NotARecord {
                line: line_no,
                text: line.chars().take(60).collect(),
            });
        }
        in_moves = true;
        // Split into tokens, skipping {comments} (which may span lines).
        let mut current = String::new();
        for c in line.chars() {
            if in_comment {
                if c == '}' {
                    in_comment = false;
                }
                continue;
            }
            if c == '{' {
                in_comment = true;
            }
            if c == '{' || c.is_whitespace() {
                if !current.is_empty() {
                    tokens.push((line_no, std::mem::take(&mut current)));
                }
                continue;
            }
            current.push(c);
        }
        if !current.is_empty() {
            tokens.push((line_no, current));
        }
    }
    if in_comment {
        return Err(RecordError::Syntax {
            line: text.lines().count(),
            message: "comment opened with { is never closed".to_string(),
        });
    }
    Ok(Parsed { tags, tokens })
}

/// The tags the record format defines (notation.md §4); read in any case.
pub(super) const RECORD_TAGS: [&str; 8] = [
    "Game",
    "Rules",
    "Date",
    "South",
    "North",
    "Setup",
    "Result",
    "Termination",
];

/// The byte-order mark some editors put at the start of a UTF-8 file.
pub(super) const BOM: char = '\u{feff}';

/// Whether a line before any tag can begin the movetext of a record without tags: a move
/// number (`1.`, `1...`, `12.A6>`) or a result token.
pub(super) fn starts_like_movetext(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    let digits = first.chars().take_while(char::is_ascii_digit).count();
    (digits > 0 && first[digits..].starts_with('.'))
        || matches!(first, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// A rule option's name for comparison: lower case, without `opt-`, `-`, `_` and spaces.
pub(super) fn option_key(name: &str) -> String {
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    match key.strip_prefix("opt") {
        Some(rest) if name.trim().to_ascii_lowercase().starts_with("opt-") => rest.to_string(),
        _ => key,
    }
}

/// Reads `[Name "value"]`.
pub(super) fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("tag {line:?} does not end with ]"))?
        .trim();
    let name_end = inner.find(char::is_whitespace).unwrap_or(inner.len());
    let name = &inner[..name_end];
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!("tag {line:?}: bad tag name {name:?}"));
    }
    let rest = inner[name_end..].trim();
    let body = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("tag {name}: the value must be in double quotes, found {rest:?}"))?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('"' | '\\')) => value.push(e),
                other => {
                    return Err(format!(
                        "tag {name}: bad escape \\{} in the value",
                        other.map(String::from).unwrap_or_default()
                    ))
                }
            },
            '"' => return Err(format!("tag {name}: unescaped \" inside the value")),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}
