#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // STUB: filled in with the game's rules.
    let _ = data;
});
