//! One check per puzzle reader: the batch property, then print → parse
//! identity in the reader's own form.

use sudokit_formats::{
    from_json, parse_block, parse_json, parse_line, parse_toml, read_all, to_block, to_json,
    to_line, to_toml, to_toml_listed, Form, ReadOptions,
};

use crate::batch::read_both_ways;

/// Options shared by the checks: givens are not checked, so that puzzles
/// with clashing givens reach the round trips and the verifier too.
fn options(form: Form) -> ReadOptions {
    ReadOptions::default().form(form).check_givens(false)
}

/// Line files: whole = stream, each plain puzzle's line parses back equal.
pub fn check_line(data: &[u8]) {
    let options = options(Form::Lines);
    for entry in read_both_ways(data, &options) {
        let puzzle = &entry.puzzle;
        if puzzle.variant_parts().is_empty() && puzzle.candidates().is_none() {
            let line = to_line(puzzle);
            let back = parse_line(&line, &options).unwrap_or_else(|e| panic!("{line:?}: {e}"));
            assert_eq!(&back, puzzle, "line {line:?} read back differently");
        }
    }
}

/// CSV files: the first byte picks the column (0 to 3) and the delimiter
/// (guessed, `,`, `;` or a tab), the rest is the text; whole = stream, and
/// each puzzle's line parses back equal.
pub fn check_csv(data: &[u8]) {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let delimiter = [None, Some(b','), Some(b';'), Some(b'\t')][usize::from(pick / 4 % 4)];
    let options = options(Form::Csv)
        .column(usize::from(pick % 4))
        .delimiter(delimiter);
    for entry in read_both_ways(text, &options) {
        let puzzle = &entry.puzzle;
        if puzzle.variant_parts().is_empty() && puzzle.candidates().is_none() {
            let line = to_line(puzzle);
            let back = parse_line(&line, &options).unwrap_or_else(|e| panic!("{line:?}: {e}"));
            assert_eq!(&back, puzzle, "line {line:?} read back differently");
        }
    }
}

/// Block grids: whole = stream, each plain puzzle's block parses back equal.
pub fn check_block(data: &[u8]) {
    blocks_read_back(data, &options(Form::Block));
}

/// `.sdk` files (metadata lines, then a block): whole = stream, and the
/// grid's block form parses back equal.
pub fn check_sdk(data: &[u8]) {
    blocks_read_back(data, &options(Form::Sdk));
}

fn blocks_read_back(data: &[u8], options: &ReadOptions) {
    let block_options = options.clone().form(Form::Block);
    for entry in read_both_ways(data, options) {
        let puzzle = &entry.puzzle;
        if puzzle.variant_parts().is_empty() && puzzle.candidates().is_none() {
            let block = to_block(puzzle);
            let back =
                parse_block(&block, &block_options).unwrap_or_else(|e| panic!("{block}: {e}"));
            assert_eq!(&back, puzzle, "block read back differently:\n{block}");
        }
    }
}

/// TOML variant files: whole = stream = `parse_toml` (for a file of one
/// puzzle), `to_toml` of each puzzle parses back equal (TOML holds every
/// part of a puzzle), and so do they all as one `[[puzzle]]` list.
pub fn check_toml(data: &[u8]) {
    let options = options(Form::Toml);
    let entries = read_both_ways(data, &options);
    if let Ok(text) = std::str::from_utf8(data) {
        let listed = text
            .lines()
            .any(|l| matches!(l.trim(), "[[puzzle]]" | "[[puzzles]]"));
        if !listed {
            let direct = parse_toml(text, &options).ok();
            assert_eq!(direct.as_ref(), entries.first().map(|e| &e.puzzle));
        }
    }
    let puzzles: Vec<_> = entries.into_iter().map(|e| e.puzzle).collect();
    for puzzle in &puzzles {
        let toml = to_toml(puzzle);
        let back = parse_toml(&toml, &options).unwrap_or_else(|e| panic!("{toml}: {e}"));
        assert_eq!(&back, puzzle, "TOML read back differently:\n{toml}");
    }
    if !puzzles.is_empty() {
        let list: String = puzzles.iter().map(|p| to_toml_listed(p) + "\n").collect();
        let back = read_all(&list, &options).unwrap_or_else(|e| panic!("{list}: {e}"));
        let back: Vec<_> = back.entries.into_iter().map(|e| e.puzzle).collect();
        assert_eq!(back, puzzles, "TOML list read back differently:\n{list}");
    }
}

/// JSON: whole = stream, and `to_json` of each puzzle reads back equal,
/// as a value and as text.
pub fn check_json(data: &[u8]) {
    let options = options(Form::Json);
    for entry in read_both_ways(data, &options) {
        let value = to_json(&entry.puzzle);
        let back = from_json(&value, &options).unwrap_or_else(|e| panic!("{value}: {e}"));
        assert_eq!(back, entry.puzzle, "JSON read back differently: {value}");
        let text = value.to_string();
        assert_eq!(parse_json(&text, &options).as_ref(), Ok(&entry.puzzle));
    }
}

/// The form guess: whole = stream, and every puzzle judged, whatever form
/// the text is taken for.
pub fn check_auto(data: &[u8]) {
    read_both_ways(data, &options(Form::Auto));
}
