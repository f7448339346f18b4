//! libFuzzer entry point of the `rule_options` target; the body and what it checks are in
//! [`bao_fuzz::rule_options`] (`fuzz/src/rule_options.rs`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bao_fuzz::rule_options::run(data);
});
