#![no_main]
//! `cargo fuzz run auto`: the property is `sudokit_fuzzing::check_auto`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzzing::check_auto(data));
