//! libFuzzer entry point of the `kingulu_move` target; the body and what it checks are in
//! [`bao_fuzz::kingulu_move`] (`fuzz/src/kingulu_move.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::kingulu_move::run(data);
});
