//! Input of the terminal game: lines from a line editor on a terminal (history, arrow
//! keys) or read plainly from a pipe, with escape sequences removed.

use super::render::{dumb_terminal, out, prompt as show_prompt};
use anyhow::{Context, Result};
use std::io::BufRead;

/// Where the input lines come from: a line editor on a terminal (history, arrow keys),
/// or plain line reading (pipes, `--plain` tests).
pub enum Input<'a> {
    /// Plain line reading; the prompt is printed only when `prompt` is set.
    Plain {
        /// The lines.
        reader: &'a mut dyn BufRead,
        /// Whether to print the prompt.
        prompt: bool,
    },
    /// The `rustyline` editor.
    Editor(Box<rustyline::DefaultEditor>),
}

/// What one read gave.
pub enum Read {
    /// A line (escape sequences removed).
    Line(String),
    /// The end of the input (Ctrl-D; at a terminal, a half-typed line is dropped).
    Eof,
    /// Ctrl-C at the prompt.
    Interrupted,
}

impl Input<'_> {
    /// The input for `bao play`/`bao replay`: the line editor when `interactive` (stdin is
    /// a terminal), the terminal is not dumb ([`dumb_terminal`]) and the editor can start,
    /// else plain reading of `reader` (with the prompt shown when `interactive`).
    pub fn new(reader: &mut dyn BufRead, interactive: bool) -> Input<'_> {
        if interactive && !dumb_terminal() {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Plain {
            reader,
            prompt: interactive,
        }
    }

    /// Reads one line after showing `prompt`.
    ///
    /// # Errors
    /// When the input cannot be read (an I/O error, not the end of the input).
    pub fn read(&mut self, prompt: &str) -> Result<Read> {
        match self {
            Input::Plain {
                reader,
                prompt: show,
            } => {
                if *show {
                    show_prompt(prompt);
                }
                match read_line_bounded(&mut **reader).context("reading your input")? {
                    None => Ok(Read::Eof),
                    Some(line) if *show && !line.ends_with('\n') => {
                        // Ctrl-D on a half-typed line at a terminal: the line is dropped,
                        // and the cursor moved off it before any message.
                        out("");
                        Ok(Read::Eof)
                    }
                    Some(line) => Ok(Read::Line(strip_escapes(&line))),
                }
            }
            Input::Editor(editor) => match take_typeahead() {
                Ok(line) => {
                    // A whole line typed ahead: shown after the prompt, then run.
                    out(format!("{prompt}{line}"));
                    let line = strip_escapes(&line);
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.trim());
                    }
                    Ok(Read::Line(line))
                }
                Err(start) => Self::edit(editor, prompt, &start),
            },
        }
    }

    /// Reads a line with the editor, starting from `start` (typed ahead).
    fn edit(editor: &mut rustyline::DefaultEditor, prompt: &str, start: &str) -> Result<Read> {
        let read = if start.is_empty() {
            editor.readline(prompt)
        } else {
            editor.readline_with_initial(prompt, (start, ""))
        };
        match read {
            Ok(line) => {
                // A pasted block of lines (bracketed paste) comes as one: its first line
                // runs now, the others wait as typed ahead, each in turn.
                let line = first_line_keep_rest(&strip_escapes(&line));
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.trim());
                }
                Ok(Read::Line(line))
            }
            Err(rustyline::error::ReadlineError::Eof) => Ok(Read::Eof),
            Err(rustyline::error::ReadlineError::Interrupted) => Ok(Read::Interrupted),
            Err(e) => Err(anyhow::anyhow!("reading your input: {e}")),
        }
    }
}

/// What was typed while the computer thought or a move was animated (the terminal in
/// raw mode then): the next prompt starts from it, and each whole line in it is run as
/// a command as if typed at the prompt.
static TYPEAHEAD: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// The most characters kept typed ahead.
pub const MAX_TYPEAHEAD: usize = 1024;

/// Keeps `c` typed ahead (`\n` ends a line); a backspace (`\u{8}`) takes back the last
/// character of the line.
pub fn type_ahead(c: char) {
    if let Ok(mut t) = TYPEAHEAD.lock() {
        if c == '\u{8}' {
            if !t.ends_with('\n') {
                t.pop();
            }
        } else if t.len() < MAX_TYPEAHEAD {
            t.push(c);
        }
    }
}

/// The line being typed ahead (after the last whole line), for the spinner.
pub fn typed_ahead() -> String {
    TYPEAHEAD
        .lock()
        .map(|t| t.rsplit('\n').next().unwrap_or("").to_string())
        .unwrap_or_default()
}

/// The first line of `text`; the lines after it go in front of what is typed ahead, each
/// a whole line (the Enter that ended `text` ended its last line too).
fn first_line_keep_rest(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let Some((first, rest)) = text.split_once('\n') else {
        return text;
    };
    let rest = rest.trim_end_matches('\n');
    if !rest.is_empty() {
        if let Ok(mut t) = TYPEAHEAD.lock() {
            let mut ahead = format!("{rest}\n");
            ahead.truncate(MAX_TYPEAHEAD.saturating_sub(t.len()));
            if let Some(cut) = ahead.rfind('\n') {
                ahead.truncate(cut + 1);
                t.insert_str(0, &ahead);
            }
        }
    }
    first.to_string()
}

/// Takes the next whole line typed ahead (`Ok`), or else the half-typed rest (`Err`,
/// possibly empty), emptying it.
fn take_typeahead() -> Result<String, String> {
    let Ok(mut t) = TYPEAHEAD.lock() else {
        return Err(String::new());
    };
    match t.find('\n') {
        Some(i) => {
            let line = t[..i].to_string();
            t.drain(..=i);
            Ok(line)
        }
        None => Err(std::mem::take(&mut *t)),
    }
}

/// One line of input (invalid UTF-8 replaced, not an error); `None` at the end of input.
///
/// # Errors
/// The reader's I/O errors.
pub fn read_line(input: &mut dyn BufRead) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

/// As [`read_line`], but a line is kept up to [`MAX_LINE`] bytes and the rest of a
/// longer line skipped, so that a line without end cannot fill the memory.
///
/// # Errors
/// The reader's I/O errors.
pub fn read_line_bounded(input: &mut dyn BufRead) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        let room = MAX_LINE.saturating_sub(bytes.len());
        bytes.extend_from_slice(&buf[..used.min(room)]);
        input.consume(used);
        if done {
            if bytes.last() != Some(&b'\n') {
                bytes.push(b'\n');
            }
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

/// The longest input line kept, in bytes (a command or a file name fits many times).
pub const MAX_LINE: usize = 4096;

/// `line` without terminal escape sequences (`ESC [ ... final`, `ESC O x`, `ESC x`) and
/// other control characters (tabs become spaces), so that an arrow key typed where no
/// line editor runs is ignored instead of becoming part of a move.
pub fn strip_escapes(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next() {
                Some('[') => {
                    // CSI: parameters and intermediates, then one final byte @..~.
                    for c in chars.by_ref() {
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                }
                Some('O') => {
                    chars.next();
                }
                _ => {}
            },
            '\t' => out.push(' '),
            '\n' | '\r' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_block_runs_line_by_line() {
        let _ = take_typeahead();
        type_ahead('x');
        assert_eq!(first_line_keep_rest("board\r\nmoves\nA6<\n"), "board");
        assert_eq!(take_typeahead(), Ok("moves".to_string()));
        assert_eq!(take_typeahead(), Ok("A6<".to_string()));
        assert_eq!(take_typeahead(), Err("x".to_string()));
        assert_eq!(first_line_keep_rest("A6<"), "A6<");
        assert_eq!(take_typeahead(), Err(String::new()));
    }

    #[test]
    fn lines_are_bounded() {
        let long = format!("{}\nquit\n", "x".repeat(10_000));
        let mut reader = std::io::Cursor::new(long.into_bytes());
        let first = read_line_bounded(&mut reader).unwrap().unwrap();
        assert_eq!(first.len(), MAX_LINE + 1);
        assert!(first.ends_with('\n'));
        assert_eq!(read_line_bounded(&mut reader).unwrap().unwrap(), "quit\n");
        assert_eq!(read_line_bounded(&mut reader).unwrap(), None);
        let mut half = std::io::Cursor::new(b"A3".to_vec());
        assert_eq!(read_line_bounded(&mut half).unwrap().unwrap(), "A3");
    }
}
