//! libFuzzer entry point of the `kiswahili_play` target; the body and what it checks are in
//! [`bao_fuzz::kiswahili_play`] (`fuzz/src/kiswahili_play.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::kiswahili_play::run(data);
});
