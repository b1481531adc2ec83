//! The documents speak of the catalogue as it is: the README's engine table
//! and the sections of docs/ENGINES.md name every engine and no other, and
//! the library example of docs/GUIDE.md is the one that compiles as this
//! crate's doc test.

use sudokit_engines::catalogue;

const README: &str = include_str!("../../../README.md");
const ENGINES: &str = include_str!("../../../docs/ENGINES.md");
const GUIDE: &str = include_str!("../../../docs/GUIDE.md");
const LIB: &str = include_str!("../src/lib.rs");

/// The lines of the section of `text` that starts with `heading`.
fn section(text: &'static str, heading: &str) -> Vec<&'static str> {
    text.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect()
}

/// The catalogue's engine names, sorted.
fn known() -> Vec<String> {
    let mut known: Vec<String> = catalogue().iter().map(|d| d.name.to_string()).collect();
    known.sort();
    known
}

/// The names in backquotes on `lines`.
fn quoted<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut names: Vec<String> = lines
        .flat_map(|l| l.split('`').skip(1).step_by(2).map(str::to_string))
        .collect();
    names.sort();
    names
}

#[test]
fn the_readme_engine_table_names_every_engine_of_the_catalogue_and_no_other() {
    let named = quoted(
        section(README, "## Engines")
            .into_iter()
            .filter(|l| l.starts_with("| `"))
            .filter_map(|l| l.split('|').nth(1)),
    );
    assert_eq!(
        named,
        known(),
        "README.md's engine table against catalogue()"
    );
}

#[test]
fn engines_md_has_a_section_for_every_engine_of_the_catalogue_and_no_other() {
    let named = quoted(ENGINES.lines().filter(|l| l.starts_with("## `")));
    assert_eq!(
        named,
        known(),
        "docs/ENGINES.md's sections against catalogue()"
    );
}

#[test]
fn the_library_example_is_the_doc_test() {
    let guide: Vec<&str> = section(GUIDE, "## The library")
        .into_iter()
        .skip_while(|l| *l != "```rust")
        .skip(1)
        .take_while(|l| *l != "```")
        .collect();
    assert!(guide.len() > 3, "docs/GUIDE.md has a library example");
    let doc: Vec<&str> = LIB
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .skip_while(|l| *l != "```")
        .skip(1)
        .take_while(|l| *l != "```")
        .filter(|l| !l.starts_with("# "))
        .collect();
    assert_eq!(guide, doc);
}
