#![no_main]
//! `cargo fuzz run dimacs`: the property is `sudokit_fuzzing::check_dimacs`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzzing::check_dimacs(data));
