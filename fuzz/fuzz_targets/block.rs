#![no_main]
//! `cargo fuzz run block`: the property is `sudokit_fuzzing::check_block`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzzing::check_block(data));
