#![no_main]
//! `cargo fuzz run verifier`: the property is `sudokit_fuzzing::check_verifier`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzzing::check_verifier(data));
