#![no_main]
//! `cargo fuzz run sdk`: the property is `sudokit_fuzzing::check_sdk`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzzing::check_sdk(data));
