//! Output of the terminal game: messages wrapped to 80 columns, boards, lap frames, and
//! on a terminal the lap-by-lap animation redrawn in place (crossterm).
//!
//! Every line goes through [`out`], which wraps messages to [`WIDTH`](super::text::WIDTH)
//! columns and ends lines with `\r\n` while the terminal is in raw mode (while a move
//! is animated or explained key by key), so the text is the same in both modes.

use super::laps::Lap;
use super::text::{position_lines, wrap_text, WIDTH};
use crate::board::{self, Style};
use bao_rules::{BoardView, Outcome, Side};
use crossterm::{cursor, terminal, QueueableCommand};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Whether the terminal is in raw mode now (lines then end with `\r\n`).
static RAW: AtomicBool = AtomicBool::new(false);

/// Records whether the terminal is in raw mode (lines then end with `\r\n`).
pub fn set_raw(on: bool) {
    RAW.store(on, Ordering::Relaxed);
}

/// The terminal in raw mode (no echo, keys one at a time, Ctrl-C a key) until dropped.
pub struct RawMode(());

impl RawMode {
    /// Raw mode on; `None` when the terminal refuses it.
    pub fn on() -> Option<RawMode> {
        terminal::enable_raw_mode().ok()?;
        set_raw(true);
        Some(RawMode(()))
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
        set_raw(false);
    }
}

/// The default pause after each lap of an animated move, in milliseconds.
pub const DEFAULT_LAP_DELAY_MS: u64 = 300;

/// The longest an animated move lasts: a move of many laps is shown faster, so that it
/// is over in this time (every lap still drawn, at least [`MIN_LAP_DELAY`] each).
pub const MAX_MOVE_ANIMATION: Duration = Duration::from_secs(12);

/// The shortest pause per lap of an animation.
pub const MIN_LAP_DELAY: Duration = Duration::from_millis(25);

/// The fewest terminal rows for the full layout of `bao play` (two boards a turn, each
/// with its position text); a shorter terminal gets the compact one.
pub const FULL_LAYOUT_ROWS: u16 = 40;

/// Whether `bao play` uses the compact layout: standard output is a terminal of fewer
/// than [`FULL_LAYOUT_ROWS`] rows (80×24): one board a turn, after the computer's reply,
/// and the position text only on request (`position`). Pipes get the full layout.
pub fn compact_layout() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal()
        && terminal::size().is_ok_and(|(_, rows)| rows > 0 && rows < FULL_LAYOUT_ROWS)
}

/// Whether `TERM` is `dumb`, empty or unset: a terminal that takes no escape codes, so
/// `bao play` and `bao replay` write plain text and read plain lines there (no line
/// editor, no colour, no animation).
pub fn dumb_terminal() -> bool {
    std::env::var("TERM").map_or(true, |t| t.is_empty() || t == "dumb")
}

/// Ends the program quietly when the output is gone (`bao play | head -1`): exit code
/// 141, as after SIGPIPE, the same as the other commands.
fn output_closed(result: std::io::Result<()>) {
    if let Err(e) = result {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
    }
}

/// Writes `text` (one or more lines): messages wrapped to 80 columns, coloured lines
/// (a board) as they are.
pub fn out(text: impl AsRef<str>) {
    let mut buf = String::new();
    let end = if RAW.load(Ordering::Relaxed) {
        "\r\n"
    } else {
        "\n"
    };
    for line in wrap_text(text.as_ref(), WIDTH) {
        buf.push_str(&line);
        buf.push_str(end);
    }
    let mut stdout = std::io::stdout().lock();
    output_closed(
        stdout
            .write_all(buf.as_bytes())
            .and_then(|()| stdout.flush()),
    );
}

/// Writes `prompt` without a line end.
pub fn prompt(prompt: &str) {
    let mut stdout = std::io::stdout().lock();
    output_closed(write!(stdout, "{prompt}").and_then(|()| stdout.flush()));
}

/// How the game is drawn.
#[derive(Clone, Debug)]
pub struct Screen {
    /// Plain text: no escape codes at all (pipes, `--plain`, `TERM=dumb`).
    pub plain: bool,
    /// Moves are animated lap by lap, redrawn in place (a terminal on both ends, not
    /// plain, a lap delay above 0).
    pub animate: bool,
    /// The pause after each lap of an animated move.
    pub lap_delay: Duration,
    /// Keys can be read one at a time (stdin and stdout are a terminal, not plain).
    pub keys: bool,
}

impl Screen {
    /// The screen for `plain` output (decided by the caller from `--plain` and the
    /// terminals) and a lap delay in milliseconds (0 = no animation). A terminal whose
    /// `TERM` is `dumb` or unset gets plain text too. Colours follow `NO_COLOR`
    /// (crossterm leaves colours out then; bold, underline and reverse still mark holes).
    pub fn new(plain: bool, lap_delay_ms: u64) -> Screen {
        let plain = plain || dumb_terminal();
        let keys = !plain && super::is_terminal();
        Screen {
            plain,
            animate: keys && lap_delay_ms > 0,
            lap_delay: Duration::from_millis(lap_delay_ms),
            keys,
        }
    }

    /// A style for drawing `view` with these marks.
    pub fn style(
        &self,
        labels: &[String; 2],
        last_hole: Option<String>,
        changed: Vec<String>,
        end_hole: Option<String>,
    ) -> Style {
        Style {
            colour: !self.plain,
            labels: labels.clone(),
            last_hole,
            changed,
            end_hole,
        }
    }

    /// The board, the status line(s) and the position text (`None`: left out, the
    /// compact layout): what `board` shows.
    pub fn board_block(
        &self,
        view: &BoardView,
        style: &Style,
        last: Option<&(Side, String)>,
        outcome: Option<Outcome>,
        position: Option<&str>,
    ) -> String {
        let mut text = board::draw(view, style).trim_end().to_string();
        text.push('\n');
        text.push_str(&board::status(view, &style.labels, last, outcome));
        for line in position.map(position_lines).unwrap_or_default() {
            text.push('\n');
            if self.plain {
                text.push_str(&line);
            } else {
                use crossterm::style::Stylize;
                // Dimmed; `wrap` leaves a line with escape codes whole: it fits already.
                text.push_str(&line.dim().to_string());
            }
        }
        text
    }

    /// A lap as text: its caption (wrapped) and the board after it, the lap's changed
    /// holes bold and its last hole in reverse video on a terminal.
    pub fn lap_block(&self, header: &str, lap: &Lap, labels: &[String; 2]) -> String {
        let style = self.style(labels, None, lap.changed.clone(), lap.end_hole.clone());
        let mut text = String::new();
        if !header.is_empty() {
            text.push_str(header);
            text.push('\n');
        }
        text.push_str(&wrap_text(&lap.caption, WIDTH).join("\n"));
        text.push('\n');
        text.push_str(board::draw(&lap.view, &style).trim_end());
        text
    }

    /// Shows the laps of a move one after the other, redrawn in place, `delay` after
    /// each (shortened so that the move lasts at most [`MAX_MOVE_ANIMATION`]); any key
    /// skips to the end. The animation is erased at the end: the caller then draws the
    /// board after the move. Returns whether a key cut it short.
    pub fn animate(
        &self,
        header: &str,
        laps: &[Lap],
        labels: &[String; 2],
        delay: Duration,
    ) -> bool {
        if !self.animate || laps.is_empty() || delay.is_zero() {
            return false;
        }
        let per_lap = delay
            .min(MAX_MOVE_ANIMATION / laps.len().max(1) as u32)
            .max(MIN_LAP_DELAY);
        let Some(mut canvas) = Canvas::open() else {
            return false;
        };
        let mut skipped = false;
        'laps: for (k, lap) in laps.iter().enumerate() {
            let mut text = self.lap_block(header, lap, labels);
            text.push('\n');
            text.push_str(&crate::t!("lap-any-key", k = k + 1, total = laps.len()));
            if !canvas.draw(&text) {
                break;
            }
            let deadline = Instant::now() + per_lap;
            loop {
                match wait_key(deadline.saturating_duration_since(Instant::now())) {
                    None => break,
                    Some(Key::Resize) => {
                        if !canvas.resized() {
                            break 'laps;
                        }
                    }
                    Some(key) => {
                        // A letter typed now is the start of the next command: kept.
                        if let Key::Char(c) = key {
                            super::input::type_ahead(c);
                        }
                        skipped = true;
                        break 'laps;
                    }
                }
            }
        }
        canvas.clear();
        drain_typed();
        skipped
    }
}

/// A region at the bottom of the terminal redrawn in place: each [`Canvas::draw`]
/// moves the cursor up over the previous drawing, clears to the end of the screen and
/// writes the new one. Holds the terminal in raw mode (no echo, keys one at a time)
/// until dropped. After the terminal is resized ([`Canvas::resized`]) the screen is
/// cleared and the drawing redrawn at its top, wrapped to the new width: the terminal's
/// reflow of the old drawing cannot be erased line by line.
pub struct Canvas {
    /// Screen rows the last drawing takes.
    lines: u16,
    /// The terminal's height (a drawing taller than this cannot be redrawn in place).
    rows: u16,
    /// The terminal's width (text is wrapped to it when it is under 80 columns).
    cols: u16,
    /// The last text drawn (for a redraw after a resize).
    last: String,
    _raw: RawMode,
}

impl Canvas {
    /// Raw mode on; `None` when the terminal refuses it.
    pub fn open() -> Option<Canvas> {
        let (cols, rows) = terminal::size().ok()?;
        let raw = RawMode::on()?;
        let mut stdout = std::io::stdout();
        let _ = stdout.queue(cursor::Hide);
        let _ = stdout.flush();
        Some(Canvas {
            lines: 0,
            rows,
            cols,
            last: String::new(),
            _raw: raw,
        })
    }

    /// Replaces the last drawing by `text`; `false` (nothing drawn) when it is taller
    /// than the terminal.
    pub fn draw(&mut self, text: &str) -> bool {
        let cols = usize::from(self.cols.max(1));
        let width = WIDTH.min(cols.max(20));
        let lines: Vec<String> = wrap_text(text, width);
        // A line wider than the terminal (a board on a narrow one) takes several rows.
        let rows: usize = lines
            .iter()
            .map(|l| {
                let shown = super::input::strip_escapes(l).chars().count();
                shown.div_ceil(cols).max(1)
            })
            .sum();
        if rows + 1 > usize::from(self.rows) {
            return false;
        }
        let mut stdout = std::io::stdout().lock();
        self.erase(&mut stdout);
        let mut buf = String::new();
        for line in &lines {
            buf.push_str(line);
            buf.push_str("\r\n");
        }
        let _ = stdout.write_all(buf.as_bytes());
        let _ = stdout.flush();
        self.lines = rows.min(usize::from(u16::MAX)) as u16;
        self.last = text.to_string();
        true
    }

    /// The terminal was resized: clears the screen and draws the last text again at the
    /// new size; `false` when it no longer fits.
    pub fn resized(&mut self) -> bool {
        if let Ok((cols, rows)) = terminal::size() {
            self.cols = cols;
            self.rows = rows;
        }
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.queue(cursor::MoveTo(0, 0));
        let _ = stdout.queue(terminal::Clear(terminal::ClearType::All));
        let _ = stdout.flush();
        drop(stdout);
        self.lines = 0;
        let last = std::mem::take(&mut self.last);
        self.draw(&last)
    }

    /// Erases the last drawing.
    pub fn clear(&mut self) {
        let mut stdout = std::io::stdout().lock();
        self.erase(&mut stdout);
        let _ = stdout.flush();
    }

    fn erase(&mut self, stdout: &mut impl Write) {
        if self.lines > 0 {
            let _ = stdout.queue(cursor::MoveUp(self.lines));
        }
        let _ = stdout.queue(cursor::MoveToColumn(0));
        let _ = stdout.queue(terminal::Clear(terminal::ClearType::FromCursorDown));
        self.lines = 0;
    }
}

impl Drop for Canvas {
    fn drop(&mut self) {
        let mut stdout = std::io::stdout();
        let _ = stdout.queue(cursor::Show);
        let _ = stdout.flush();
    }
}

/// A key as the stepping commands see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Enter.
    Enter,
    /// Space.
    Space,
    /// A character key.
    Char(char),
    /// Escape or Ctrl-D (leave).
    Leave,
    /// Backspace.
    Backspace,
    /// The terminal was resized.
    Resize,
    /// Any other key.
    Other,
}

/// Waits up to `timeout` for a key press or a resize (raw mode must be on: see
/// [`RawMode`]). Ctrl-C does not come back: it is [`super::save::ctrl_c`] (the game
/// autosaved, exit code 130), the same everywhere.
pub fn wait_key(timeout: Duration) -> Option<Key> {
    use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if !event::poll(left).ok()? {
            return None;
        }
        let event = event::read();
        if let Ok(Event::Resize(..)) = event {
            return Some(Key::Resize);
        }
        if let Ok(Event::Key(k)) = event {
            if k.kind == KeyEventKind::Release {
                continue;
            }
            let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
            return Some(match k.code {
                KeyCode::Char('c') if ctrl => super::save::ctrl_c(),
                KeyCode::Char('d') if ctrl => Key::Leave,
                // Enter typed before raw mode was on reaches it as the line feed the
                // terminal made of it (ICRNL), which crossterm reads as Ctrl-J.
                KeyCode::Char('j') if ctrl => Key::Enter,
                KeyCode::Char(_) if ctrl => Key::Other,
                KeyCode::Esc => Key::Leave,
                KeyCode::Backspace => Key::Backspace,
                KeyCode::Enter => Key::Enter,
                KeyCode::Char(' ') => Key::Space,
                KeyCode::Char(c) => Key::Char(c),
                _ => Key::Other,
            });
        }
        if left.is_zero() {
            return None;
        }
    }
}

/// Keeps `key` typed ahead for the next prompt, if it is one that edits a line; returns
/// whether it was kept.
pub fn keep_typed(key: Key) -> bool {
    use super::input::type_ahead;
    match key {
        Key::Char(c) => type_ahead(c),
        Key::Space => type_ahead(' '),
        Key::Enter => type_ahead('\n'),
        Key::Backspace => type_ahead('\u{8}'),
        _ => return false,
    }
    true
}

/// Moves the keys already read from the terminal but not yet taken (raw mode must still
/// be on) to the typeahead, so that the line editor gets them: it reads the terminal
/// itself and would never see them.
pub fn drain_typed() {
    while let Some(key) = wait_key(Duration::ZERO) {
        keep_typed(key);
    }
}

/// Waits for a key press, however long it takes.
pub fn read_key() -> Key {
    loop {
        if let Some(k) = wait_key(Duration::from_secs(3600)) {
            return k;
        }
    }
}
