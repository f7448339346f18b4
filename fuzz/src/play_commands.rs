//! The `play_commands` target: the `bao play` command loop, driven through the `bao_cli`
//! library with arbitrary input lines (moves, commands, quotes, escape codes, invalid
//! UTF-8). The first byte picks the game (even: Bao la Kiswahili, odd: Bao Kingulu); at most
//! 64 lines of at most 4096 bytes are read, the computer plays at level 1 (random),
//! nothing is written to disk and `hint` / `oracle` lines are dropped
//! (`bao_cli::play::run_script`), so the work per input is bounded. Nothing may panic, and
//! the loop ends without an error (it reads from memory and writes to standard output).
//! Under libFuzzer, run with `-close_fd_mask=1` to silence the game's output.

/// Plays `data` as a `bao play` session; returns the number of input lines (after the
/// first byte).
///
/// # Panics
/// When the command loop panics or returns an error.
pub fn run(data: &[u8]) -> usize {
    if let Err(e) = bao_cli::play::run_script(data) {
        panic!("bao play ended with an error: {e:#}");
    }
    data.get(1..)
        .map_or(0, |rest| rest.split(|&b| b == b'\n').count())
}
