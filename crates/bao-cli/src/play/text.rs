//! Small text helpers of the terminal game: clipping and pluralising, file names as a
//! shell would need them typed (and back), and wrapping to the 80-column terminal.

/// The width every line of `bao play` and `bao replay` fits in (issue 11).
pub const WIDTH: usize = 80;

/// `text` cut to at most `max` characters (with `…`), for echoing input in messages.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max).collect();
        s.push('…');
        s
    }
}

/// The number and the noun, singular for 1 (`1 seed`, `3 seeds`).
pub fn plural(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A file name as the user would type it in a shell: in double quotes when it holds
/// spaces or shell characters (`"my game.bao"`), with `"`, `\`, `$` and `` ` `` escaped.
pub fn quote_file(name: &str) -> String {
    let needs = name.is_empty()
        || name
            .chars()
            .any(|c| c.is_whitespace() || "'\"\\$`&|;<>()*?!#~{}[]".contains(c));
    if needs {
        let escaped: String = name
            .chars()
            .flat_map(|c| {
                let esc = matches!(c, '"' | '\\' | '$' | '`');
                esc.then_some('\\').into_iter().chain(std::iter::once(c))
            })
            .collect();
        format!("\"{escaped}\"")
    } else {
        name.to_string()
    }
}

/// A file name as typed after `save`: the inverse of [`quote_file`]. `"my game.bao"`
/// (backslash escapes inside) and `'my game.bao'` (taken literally) lose their quotes;
/// a bare name is taken as it is, inner spaces included.
///
/// # Errors
/// A sentence when a quote is not closed or text follows the closing quote.
pub fn unquote(text: &str) -> Result<String, String> {
    let text = text.trim();
    let mut chars = text.chars();
    let quote = match chars.next() {
        Some(q @ ('"' | '\'')) => q,
        _ => return Ok(text.to_string()),
    };
    let mut name = String::new();
    loop {
        match chars.next() {
            None => return Err(format!("the quote {quote} is not closed")),
            Some('\\') if quote == '"' => match chars.next() {
                Some(c) => name.push(c),
                None => return Err(format!("the quote {quote} is not closed")),
            },
            Some(c) if c == quote => break,
            Some(c) => name.push(c),
        }
    }
    let rest: String = chars.collect();
    if !rest.trim().is_empty() {
        return Err(format!(
            "{:?} follows the closing quote (one file name only)",
            clip(rest.trim(), 40)
        ));
    }
    Ok(name)
}

/// Glue between the words of a command to type ([`command`]): [`wrap`] never breaks a
/// line there and prints it as a plain space.
const GLUE: char = '\u{a0}';

/// `text` (a command the user may type, `bao play --load "my game.bao"`) marked so that
/// [`wrap`] keeps it on one line unless it is longer than a whole line.
pub fn command(text: &str) -> String {
    text.replace(' ', &GLUE.to_string())
}

/// Word-wraps one line of text to `width` characters. Continuation lines keep the
/// line's own leading indentation (two more spaces after a `- ` bullet); a word longer
/// than the width is never cut but stands on a line of its own (so a file name or a
/// command can be copied whole). A [`command`] counts as one word. Lines holding escape codes
/// (a coloured board) are kept whole.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    wrap_glued(line, width)
        .into_iter()
        .map(|l| l.replace(GLUE, " "))
        .collect()
}

fn wrap_glued(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width || line.contains('\u{1b}') {
        return vec![line.to_string()];
    }
    let body = line.trim_start();
    let lead = &line[..line.len() - body.len()];
    let indent = if body.starts_with("- ") {
        format!("{lead}  ")
    } else {
        lead.to_string()
    };
    let width = width.max(indent.len() + 10);
    let mut lines = Vec::new();
    let mut current = lead.to_string();
    let mut fresh = true;
    for word in words(body) {
        let room = width.saturating_sub(current.chars().count());
        let need = word.chars().count() + usize::from(!fresh);
        if need > room && !fresh {
            lines.push(std::mem::replace(&mut current, indent.clone()));
            fresh = true;
        }
        if !fresh {
            current.push(' ');
        }
        // A word longer than the line (a long file name, a command to type) stands whole
        // on a line of its own: the terminal wraps it, and a copy of it still works.
        current.push_str(word);
        fresh = false;
    }
    if current.trim().is_empty() && !lines.is_empty() {
        return lines;
    }
    lines.push(current);
    lines
}

/// The words of `text` split at spaces, a double-quoted span (a file name such as
/// `"my game.bao"`) kept as one word.
fn words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                words.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    words.push(&text[start..]);
    words
}

/// Every line of `text` wrapped to `width` ([`wrap`]).
pub fn wrap_text(text: &str, width: usize) -> Vec<String> {
    text.split('\n').flat_map(|l| wrap(l, width)).collect()
}

/// A position text (notation.md §2) after `Position: `, broken only after ` / ` and
/// ` ; ` so that every line fits [`WIDTH`]: a line that goes on ends with `/` or `;`,
/// and the next is indented under the text. A short text stays on one line.
pub fn position_lines(text: &str) -> Vec<String> {
    let head = format!("{}: ", crate::t!("position-label"));
    let head_width = head.chars().count();
    let pad = " ".repeat(head_width);
    // Pieces that end in a separator (the last one does not).
    let mut pieces: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(['/', ';']) {
        pieces.push(rest[..=i].trim().to_string());
        rest = &rest[i + 1..];
    }
    pieces.push(rest.trim().to_string());
    let mut lines = Vec::new();
    let mut current = head.clone();
    for piece in pieces {
        let fresh = current == head;
        if !fresh && current.chars().count() + 1 + piece.chars().count() > WIDTH {
            lines.push(std::mem::replace(&mut current, pad.clone()));
        } else if !fresh {
            current.push(' ');
        }
        current.push_str(&piece);
    }
    lines.push(current);
    lines
}

/// The position text of [`position_lines`]'s lines, joined back (for tests and scripts),
/// whatever the language of the label.
pub fn join_position_lines(lines: &[&str]) -> String {
    let mut text = String::new();
    for line in lines {
        // The first line starts with the label (`Position: `, `Mpangilio: `).
        let piece = match line.split_once(": ") {
            Some((label, rest)) if !line.starts_with(' ') && !label.contains(['/', ';']) => rest,
            _ => line,
        }
        .trim();
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(piece);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unquoting_names() {
        assert_eq!(unquote("\"my game.bao\"").unwrap(), "my game.bao");
        assert_eq!(unquote("'my game.bao'").unwrap(), "my game.bao");
        assert_eq!(unquote("my game.bao").unwrap(), "my game.bao");
        assert_eq!(unquote(r#""a \"b\" \$c.bao""#).unwrap(), "a \"b\" $c.bao");
        let name = "odd \"$x\\`.bao";
        assert_eq!(unquote(&quote_file(name)).unwrap(), name);
        assert_eq!(unquote("\"open").unwrap_err(), "the quote \" is not closed");
        assert_eq!(
            unquote("\"a\" b").unwrap_err(),
            "\"b\" follows the closing quote (one file name only)"
        );
    }

    #[test]
    fn a_command_to_type_is_never_split_across_lines() {
        let q = quote_file("/tmp/bao-autosave-20261201-1234.bao");
        let text = format!(
            "Ctrl-C: the game was not saved, so it is in {q}. Continue it with: {}",
            command(&format!("bao play --load {q}"))
        );
        assert_eq!(
            wrap(&text, 80),
            [
                "Ctrl-C: the game was not saved, so it is in /tmp/bao-autosave-20261201-1234.bao.",
                "Continue it with: bao play --load /tmp/bao-autosave-20261201-1234.bao",
            ]
        );
        // Without the glue this command would straddle the line end.
        let saved = format!(
            "Saved the game to /tmp/gggggggg.bao (12 moves). Continue it with: {}",
            command("bao play --load /tmp/gggggggg.bao")
        );
        assert_eq!(
            wrap(&saved.replace('\u{a0}', " "), 80),
            [
                "Saved the game to /tmp/gggggggg.bao (12 moves). Continue it with: bao play",
                "--load /tmp/gggggggg.bao"
            ]
        );
        assert_eq!(
            wrap(&saved, 80),
            [
                "Saved the game to /tmp/gggggggg.bao (12 moves). Continue it with:",
                "bao play --load /tmp/gggggggg.bao"
            ]
        );
        let spaced = format!(
            "  - It captures 13 seeds (from a5, a1, a2, a3, a4 and a6), in 14 laps ('{}' shows it lap by lap)",
            command("explain 12")
        );
        let lines = wrap(&spaced, 80);
        assert_eq!(lines[1], "    ('explain 12' shows it lap by lap)");
        assert!(lines
            .iter()
            .all(|l| !l.contains('\u{a0}') && l.chars().count() <= 80));
        // A name longer than a line is never cut: the command stands whole on its line.
        let q = "/tmp/trial-play/a-very-long-directory-name-for-testing-wrapping/and-a-very-long-game-file-name-that-goes-on2.bao";
        let long = format!(
            "Saved the game to {q} (2 moves). Continue it with: {}",
            command(&format!("bao play --load {q}"))
        );
        assert_eq!(
            wrap(&long, 80),
            [
                "Saved the game to".to_string(),
                q.to_string(),
                "(2 moves). Continue it with:".to_string(),
                format!("bao play --load {q}"),
            ]
        );
    }

    #[test]
    fn wrapping_keeps_indentation() {
        assert_eq!(wrap("short", 80), ["short"]);
        assert_eq!(
            wrap("  - one two three four five", 14),
            ["  - one two", "    three four", "    five"]
        );
        assert_eq!(wrap("abcdefghijklmnop", 10), ["abcdefghijklmnop"]);
        assert_eq!(
            wrap("to abcdefghijklmnop now", 10),
            ["to", "abcdefghijklmnop", "now"]
        );
        assert_eq!(
            wrap("Saved to \"my game.bao\" (2 moves).", 14),
            ["Saved to", "\"my game.bao\"", "(2 moves)."]
        );
        for line in wrap(&"word ".repeat(50), 80) {
            assert!(line.chars().count() <= 80, "{line}");
        }
    }

    #[test]
    fn long_positions_break_at_separators() {
        let kiswahili = "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -";
        let lines = position_lines(kiswahili);
        assert_eq!(
            lines,
            [
                "Position: 0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 /",
                "          0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -",
            ]
        );
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_eq!(join_position_lines(&refs), kiswahili);
        let wide = "12 12 12 12 12 12 12 12 / 12 12 12 12 12 12 12 12 / 12 12 12 12 12 12 12 12 / 12 12 12 12 12 12 12 12 ; S=22 N=22 ; house S+ N+ ; South ; takasia a5";
        for line in position_lines(wide) {
            assert!(line.chars().count() <= WIDTH, "{line}");
        }
        let kingulu = "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South";
        assert_eq!(position_lines(kingulu), [format!("Position: {kingulu}")]);
    }
}
