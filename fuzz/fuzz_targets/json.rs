#![no_main]
//! `cargo fuzz run json`: the property is `sudokit_fuzzing::check_json`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzzing::check_json(data));
