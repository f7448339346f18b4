//! libFuzzer entry point of the `kiswahili_position` target; the body and what it checks are in
//! [`bao_fuzz::kiswahili_position`] (`fuzz/src/kiswahili_position.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::kiswahili_position::run(data);
});
