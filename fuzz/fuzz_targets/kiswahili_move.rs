//! libFuzzer entry point of the `kiswahili_move` target; the body and what it checks are in
//! [`bao_fuzz::kiswahili_move`] (`fuzz/src/kiswahili_move.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::kiswahili_move::run(data);
});
