#![no_main]
//! `cargo fuzz run toml`: the property is `sudokit_fuzzing::check_toml`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzzing::check_toml(data));
