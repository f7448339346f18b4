//! Fuzz target: the `bao play` command loop, driven through the bao_cli library with
//! arbitrary input lines (moves, commands, quotes, escape codes, invalid UTF-8). The
//! first byte picks the game; at most 64 lines of at most 4096 bytes are read, the
//! computer plays at level 1 (random), nothing is written to disk and `hint` lines are
//! dropped, so the work per input is bounded. Nothing may panic.
//! Run with `-close_fd_mask=1` to silence the game's output.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = bao_cli::play::run_script(data);
});
