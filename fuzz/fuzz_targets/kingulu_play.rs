//! libFuzzer entry point of the `kingulu_play` target; the body and what it checks are in
//! [`bao_fuzz::kingulu_play`] (`fuzz/src/kingulu_play.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::kingulu_play::run(data);
});
