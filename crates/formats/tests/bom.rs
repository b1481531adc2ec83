//! A UTF-8 byte-order mark at the start of a file (Windows editors write
//! one) is skipped by every reader and every form, never read as a cell.

use sudokit_formats::{parse_puzzle, read_all, stream_puzzles, to_json, ReadOptions};

const LINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn with_bom(text: &str) -> String {
    format!("\u{feff}{text}")
}

#[test]
fn a_byte_order_mark_is_not_a_cell() {
    let options = ReadOptions::default();
    let plain = parse_puzzle(LINE, &options).unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let toml = std::fs::read_to_string(root.join("data/examples/x9.toml")).unwrap();
    let json = to_json(&plain).to_string();
    let block: String = LINE
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    for text in [format!("{LINE}\n{LINE}\n"), block, toml, json] {
        let expected = read_all(&text, &options).unwrap();
        let marked = with_bom(&text);
        let read = read_all(&marked, &options).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(read.entries.len(), expected.entries.len());
        for (a, b) in read.entries.iter().zip(&expected.entries) {
            assert_eq!(a.puzzle, b.puzzle);
        }
        let streamed: Vec<_> = stream_puzzles(marked.as_bytes(), &options)
            .map(|entry| entry.unwrap_or_else(|e| panic!("{e}: {text}")).puzzle)
            .collect();
        assert_eq!(streamed.len(), expected.entries.len());
        assert_eq!(streamed[0], expected.entries[0].puzzle);
    }
    assert_eq!(parse_puzzle(&with_bom(LINE), &options).unwrap(), plain);
}
