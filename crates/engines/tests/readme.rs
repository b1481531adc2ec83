//! The README speaks of the catalogue as it is: its engine table names
//! every engine and no other, and its library example is the one that
//! compiles as this crate's doc test.

use sudokit_engines::catalogue;

const README: &str = include_str!("../../../README.md");
const LIB: &str = include_str!("../src/lib.rs");

/// The lines of the README section that starts with `heading`.
fn section(heading: &str) -> Vec<&'static str> {
    README
        .lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect()
}

#[test]
fn the_engine_table_names_every_engine_of_the_catalogue_and_no_other() {
    let mut named: Vec<String> = section("## Engines")
        .iter()
        .filter(|l| l.starts_with("| `"))
        .filter_map(|l| l.split('|').nth(1))
        .flat_map(|cell| cell.split('`').skip(1).step_by(2).map(str::to_string))
        .collect();
    let mut known: Vec<String> = catalogue().iter().map(|d| d.name.to_string()).collect();
    named.sort();
    known.sort();
    assert_eq!(named, known, "README.md's engine table against catalogue()");
}

#[test]
fn the_library_example_is_the_doc_test() {
    let readme: Vec<&str> = section("## The library")
        .into_iter()
        .skip_while(|l| *l != "```rust")
        .skip(1)
        .take_while(|l| *l != "```")
        .collect();
    assert!(readme.len() > 3, "README.md has a library example");
    let doc: Vec<&str> = LIB
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .skip_while(|l| *l != "```")
        .skip(1)
        .take_while(|l| *l != "```")
        .filter(|l| !l.starts_with("# "))
        .collect();
    assert_eq!(readme, doc);
}
