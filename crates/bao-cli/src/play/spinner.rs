//! The spinner shown while the computer thinks, known to the Ctrl-C handler so that
//! leaving mid-search clears it instead of leaving it on the screen.

use std::sync::Mutex;
use std::time::Duration;

/// The spinner on the screen now, if any.
static ACTIVE: Mutex<Option<indicatif::ProgressBar>> = Mutex::new(None);

/// A spinner with `message`; it is cleared when dropped.
pub struct Spinner(indicatif::ProgressBar);

impl Spinner {
    /// Starts a spinner on the terminal (stderr), ticking every 100 ms.
    pub fn start(message: String) -> Spinner {
        let bar = indicatif::ProgressBar::with_draw_target(
            None,
            indicatif::ProgressDrawTarget::term_like_with_hz(Box::new(Narrow), 20),
        );
        bar.set_style(indicatif::ProgressStyle::default_spinner());
        bar.set_message(message);
        bar.enable_steady_tick(Duration::from_millis(100));
        if let Ok(mut a) = ACTIVE.lock() {
            *a = Some(bar.clone());
        }
        Spinner(bar)
    }
}

impl Spinner {
    /// Changes the spinner's message.
    pub fn set_message(&self, message: String) {
        self.0.set_message(message);
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        if let Ok(mut a) = ACTIVE.lock() {
            *a = None;
        }
        self.0.finish_and_clear();
    }
}

/// Stops and clears the spinner on the screen, if any, and shows the cursor (for the
/// Ctrl-C handler, before it prints its message and leaves).
pub fn clear_active() {
    let bar = ACTIVE.lock().ok().and_then(|mut a| a.take());
    if let Some(bar) = bar {
        bar.finish_and_clear();
        // The cursor is on the spinner's line, after any `^C` the terminal echoed
        // ([`Narrow`]): clear that line.
        use std::io::{IsTerminal, Write};
        let mut err = std::io::stderr();
        if err.is_terminal() {
            let _ = err.write_all(b"\r\x1b[2K");
            let _ = err.flush();
        }
    }
    let _ = crossterm::execute!(std::io::stderr(), crossterm::cursor::Show);
    let _ = crossterm::execute!(std::io::stdout(), crossterm::cursor::Show);
}

/// Standard error as indicatif's terminal, three columns narrower than the terminal.
/// indicatif pads a spinner's line to the full width, leaving the cursor at the right
/// edge; the `^C` the terminal echoes there would wrap onto a new line, so the spinner
/// could not be cleared afterwards. Three columns less keep the echo on the spinner's line.
#[derive(Debug)]
struct Narrow;

impl Narrow {
    fn run(&self, command: impl crossterm::Command) -> std::io::Result<()> {
        crossterm::queue!(std::io::stderr(), command)
    }
}

impl indicatif::TermLike for Narrow {
    fn width(&self) -> u16 {
        crossterm::terminal::size()
            .map_or(80, |(w, _)| w)
            .saturating_sub(3)
            .max(1)
    }

    fn height(&self) -> u16 {
        crossterm::terminal::size().map_or(24, |(_, h)| h)
    }

    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        if n == 0 {
            return Ok(());
        }
        self.run(crossterm::cursor::MoveUp(n.min(u16::MAX as usize) as u16))
    }

    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        if n == 0 {
            return Ok(());
        }
        self.run(crossterm::cursor::MoveDown(n.min(u16::MAX as usize) as u16))
    }

    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        if n == 0 {
            return Ok(());
        }
        self.run(crossterm::cursor::MoveRight(n.min(u16::MAX as usize) as u16))
    }

    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        if n == 0 {
            return Ok(());
        }
        self.run(crossterm::cursor::MoveLeft(n.min(u16::MAX as usize) as u16))
    }

    fn write_line(&self, s: &str) -> std::io::Result<()> {
        use std::io::Write;
        writeln!(std::io::stderr(), "{s}")
    }

    fn write_str(&self, s: &str) -> std::io::Result<()> {
        use std::io::Write;
        write!(std::io::stderr(), "{s}")
    }

    fn clear_line(&self) -> std::io::Result<()> {
        self.run(crossterm::terminal::Clear(
            crossterm::terminal::ClearType::CurrentLine,
        ))?;
        self.run(crossterm::cursor::MoveToColumn(0))
    }

    fn flush(&self) -> std::io::Result<()> {
        use std::io::Write;
        std::io::stderr().flush()
    }
}
