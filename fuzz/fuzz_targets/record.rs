//! libFuzzer entry point of the `record` target; the body and what it checks are in
//! [`bao_fuzz::record`] (`fuzz/src/record.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::record::run(data);
});
