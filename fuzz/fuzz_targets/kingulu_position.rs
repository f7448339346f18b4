//! libFuzzer entry point of the `kingulu_position` target; the body and what it checks are in
//! [`bao_fuzz::kingulu_position`] (`fuzz/src/kingulu_position.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::kingulu_position::run(data);
});
