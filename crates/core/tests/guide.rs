//! The facade's example in docs/GUIDE.md is the one that compiles as the
//! crate's doc test, so the guide cannot drift from the API.

const GUIDE: &str = include_str!("../../../docs/GUIDE.md");
const LIB: &str = include_str!("../src/lib.rs");

#[test]
fn the_guide_shows_the_facade_example_that_is_tested() {
    let guide: Vec<&str> = GUIDE
        .lines()
        .skip_while(|l| *l != "## The library")
        .skip_while(|l| !l.starts_with("`sudokit-core` is the facade"))
        .skip_while(|l| *l != "```rust")
        .skip(1)
        .take_while(|l| *l != "```")
        .collect();
    let doc: Vec<&str> = LIB
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .skip_while(|l| *l != "```")
        .skip(1)
        .take_while(|l| *l != "```")
        .filter(|l| !l.starts_with("# "))
        .collect();
    assert!(doc.len() > 3, "the crate doc has its example");
    assert_eq!(guide, doc);
}
