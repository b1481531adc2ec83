#![no_main]
//! `cargo fuzz run line`: the property is `sudokit_fuzzing::check_line`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzzing::check_line(data));
