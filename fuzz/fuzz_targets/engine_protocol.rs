//! libFuzzer entry point of the `engine_protocol` target; the body and what it checks are
//! in [`bao_fuzz::engine_protocol`] (`fuzz/src/engine_protocol.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::engine_protocol::run(data);
});
