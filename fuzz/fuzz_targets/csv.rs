#![no_main]
//! `cargo fuzz run csv`: the property is `sudokit_fuzzing::check_csv`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzzing::check_csv(data));
