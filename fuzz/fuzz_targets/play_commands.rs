//! libFuzzer entry point of the `play_commands` target; the body and what it checks are in
//! [`bao_fuzz::play_commands`] (`fuzz/src/play_commands.rs`). Run with `-close_fd_mask=1`
//! to silence the game's output.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::play_commands::run(data);
});
