use sudokit_puzzle::Puzzle;

use crate::block::{block_puzzle, meaningful_lines};
use crate::csv_rows::guess_delimiter;
use crate::line::{line_puzzle, number_words, spacing, Spacing};
use crate::{read_puzzles, ErrorKind, Form, ParseError, ReadOptions};

/// Parses a text holding exactly one puzzle in any form: a line, a block
/// grid, a TOML variant file or a JSON object (see the crate docs for how
/// the form is detected; [`ReadOptions::form`] forces one).
pub fn parse_puzzle(text: &str, options: &ReadOptions) -> Result<Puzzle, ParseError> {
    let text = text.strip_prefix(crate::BOM).unwrap_or(text);
    match resolve_form(text, options) {
        Form::Toml => crate::parse_toml(text, options),
        Form::Json => {
            let mut entries = crate::json::json_entries(text, options).into_iter();
            let first = entries.next().unwrap_or(Err(ErrorKind::Empty.into()))?;
            match entries.next() {
                Some(next) => {
                    let line = next.map_or_else(|e| e.line, |entry| Some(entry.line));
                    let error = ParseError::new(ErrorKind::MorePuzzles);
                    Err(match line {
                        Some(line) => error.at_line(line),
                        None => error,
                    })
                }
                None => Ok(first.puzzle),
            }
        }
        Form::Block => block_puzzle(&meaningful_lines(text), options),
        Form::Sdk => crate::sdk::sdk_entry(text, options).map(|entry| entry.puzzle),
        form @ (Form::Lines | Form::Csv | Form::Auto) => {
            let form = if form == Form::Auto {
                Form::Lines
            } else {
                form
            };
            let options = options.clone().form(form);
            let mut entries = read_puzzles(text, &options);
            let first = entries.next().unwrap_or(Err(ErrorKind::Empty.into()))?;
            if let Some(next) = entries.next() {
                let line = match next {
                    Ok(entry) => entry.line,
                    Err(e) => e.line.unwrap_or(first.line + 1),
                };
                return Err(ParseError::new(ErrorKind::MorePuzzles).at_line(line));
            }
            Ok(first.puzzle)
        }
    }
}

/// The form of a text (never [`Form::Auto`]). Lines with a column or a
/// delimiter chosen are CSV.
pub(crate) fn resolve_form(text: &str, options: &ReadOptions) -> Form {
    // A chosen delimiter says CSV, whatever the rows look like (`|`
    // would otherwise draw a block grid).
    if options.form == Form::Auto && options.delimiter.is_some() {
        return Form::Csv;
    }
    let csv_chosen = options.column > 0 || options.delimiter.is_some();
    match guess_form(text, options) {
        Form::Lines if csv_chosen => Form::Csv,
        form => form,
    }
}

/// A `.sdk` file by its content: a `[Puzzle]` section, or a block grid
/// whose `#` lines are all SadMan/SudoCue metadata (`#A` author, `#D`
/// description, ...: `#`, one of `ABCDLSU`, then the value, no space
/// between).
pub(crate) fn is_sdk(text: &str) -> bool {
    let mut comments = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('#'))
        .peekable();
    comments.peek().is_some()
        && comments.all(|l| {
            let mut chars = l.chars().skip(1);
            matches!(chars.next(), Some('A' | 'B' | 'C' | 'D' | 'L' | 'S' | 'U'))
                && chars.next().is_some_and(|c| !c.is_whitespace())
        })
}

/// [`resolve_form`] before the CSV refinement (a `.sdk` file guessed from
/// its metadata lines is told by the whole text: see `batch::whole_text`).
fn guess_form(text: &str, options: &ReadOptions) -> Form {
    if options.form != Form::Auto {
        return options.form;
    }
    let mut rest = text.lines().map(str::trim);
    let Some(first) = rest.find(|l| !l.is_empty() && !l.starts_with('#')) else {
        return Form::Lines;
    };
    if first.eq_ignore_ascii_case("[puzzle]") {
        return Form::Sdk;
    }
    if is_rule(first) {
        return Form::Block;
    }
    // `[` opens a JSON array of puzzles or a TOML table (`[grid]`,
    // `[[cages]]`): an array's `[` is followed by `{`, `]` or nothing.
    let json_array = first
        .strip_prefix('[')
        .map(str::trim_start)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['{', ']']));
    if first.starts_with('{') || json_array {
        return Form::Json;
    }
    if first.starts_with('[') || is_toml_key(first) {
        return Form::Toml;
    }
    // A grid of numbers separated by commas is a line, not a CSV row.
    if first.contains(',') && number_words(first).is_some() {
        return Form::Lines;
    }
    if guess_delimiter(text).is_some() {
        return Form::Csv;
    }
    // Spaces make a block grid's row, unless the line is a whole puzzle
    // with a label after it, or one cell a word (16 or more): see `spacing`.
    let cells = |line: &str| match spacing(line) {
        Spacing::Plain if line.contains(|c: char| c.is_whitespace() || c == '|' || c == '+') => {
            None
        }
        Spacing::Plain => Some(line.chars().count()),
        Spacing::Spaced(joined) => Some(joined.chars().count()),
        // A whole puzzle of numbers, or a block grid's row of them when as
        // many rows of as many numbers follow.
        Spacing::Numbers => Some(line.split_whitespace().count()),
        Spacing::Labelled { .. } => Some(0),
    };
    let k = match cells(first) {
        None => return Form::Block,
        Some(0) => return Form::Lines,
        Some(k) => k,
    };
    // k cells on the first line: a block grid if exactly k rows follow
    // suit (then a blank line, when more grids follow), else a file of one
    // puzzle per line.
    let mut rows = 1;
    let mut all = vec![first];
    let mut gap = false;
    for line in rest {
        if line.is_empty() || line.starts_with('#') {
            gap = true;
            continue;
        }
        if is_rule(line) {
            continue;
        }
        if rows == k && gap {
            break;
        }
        gap = false;
        all.push(line);
        if cells(line) != Some(k) {
            return Form::Lines;
        }
        rows += 1;
        if rows > k {
            return Form::Lines;
        }
    }
    // k lines of k cells read as one block grid, and may also be k line
    // puzzles of side sqrt(k) (16 lines of 4x4 puzzles, 81 of 9x9): when
    // every line reads as a puzzle, the lines win, so that a valid file of
    // line puzzles is never solved as something else (`--input block`
    // says otherwise).
    if rows == k && k > 1 && !all.iter().all(|l| line_puzzle(l, options).is_ok()) {
        Form::Block
    } else {
        Form::Lines
    }
}

/// A rule between the bands of a block grid: `------+-------+------`, or
/// the frame Simple Sudoku draws above and below one: `*-----------*`.
pub(crate) fn is_rule(line: &str) -> bool {
    let ruly = drawn_only(line);
    let frame =
        line.len() > 2 && line.starts_with('*') && line.ends_with('*') && line.contains('-');
    ruly && (line.contains(['+', '=']) || frame)
}

/// Whether a line holds only what draws a grid's rules and frame (`-`,
/// `=`, `+`, `|`, and `*` for Simple Sudoku's corners) and spaces.
pub(crate) fn drawn_only(line: &str) -> bool {
    line.chars()
        .all(|c| matches!(c, '-' | '=' | '+' | '|' | '*') || c.is_whitespace())
}

/// `name =` or `name.sub =` at the start of a line.
fn is_toml_key(line: &str) -> bool {
    let key_len = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .unwrap_or(line.len());
    key_len > 0
        && line[..key_len].starts_with(|c: char| c.is_ascii_alphabetic())
        && line[key_len..].trim_start().starts_with('=')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_forms() {
        let f = |t: &str| resolve_form(t, &ReadOptions::default());
        assert_eq!(f("..2....4.4.3...."), Form::Lines);
        assert_eq!(f("1234\n3412\n2143\n4321\n"), Form::Block);
        // Grids one after the other, a blank line between them.
        assert_eq!(f("1234\n3412\n\n2143\n4321\n\n1234\n"), Form::Block);
        assert_eq!(f("1234\n3412\n2143\n4321\n1234\n"), Form::Lines);
        assert_eq!(f("12|34\n"), Form::Block);
        assert_eq!(f("# c\n\nsize = 4\n"), Form::Toml);
        assert_eq!(f("[[cage]]\n"), Form::Toml);
        assert_eq!(f(" {\"size\": 4}"), Form::Json);
        assert_eq!(f("puzzle,solution\n"), Form::Csv);
        assert_eq!(f("puzzle;rating\n..2....4.4.3....;1\n"), Form::Csv);
        // A grid's rows split by tabs are a block grid, not CSV.
        assert_eq!(f(&"1\t2\t3\t4\n".repeat(4)), Form::Block);
        assert_eq!(f("*-----*\n|12|34|\n"), Form::Block);
        assert_eq!(f("................\n................\n"), Form::Lines);
        assert_eq!(f(""), Form::Lines);
        assert_eq!(f("-----\n"), Form::Lines);
    }

    #[test]
    fn labelled_and_spaced_lines_are_lines_and_spaced_rows_a_block() {
        let f = |t: &str| resolve_form(t, &ReadOptions::default());
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert_eq!(f(&format!("{p} 5.4\n{p} 7.2\n")), Form::Lines);
        assert_eq!(f(&format!("{p}  #1 Extreme (3200)\n")), Form::Lines);
        let spaced: Vec<String> = p.chars().map(String::from).collect();
        assert_eq!(f(&spaced.join(" ")), Form::Lines);
        // A block grid's rows, one cell a word: 9 words are no puzzle.
        assert_eq!(f(&"4 . . . . . 8 . 5\n".repeat(9)), Form::Block);
        assert_eq!(f("4 . . | . . 8 | . 5 .\n"), Form::Block);
        // Rows of 16 spaced cells: sixteen 4x4 puzzles when each reads as
        // one, else one 16x16 grid.
        assert_eq!(
            f(&"1 . . . . . . . . . . . . . . .\n".repeat(16)),
            Form::Lines
        );
        assert_eq!(
            f(&"1 . . . . . . . . . . . . . . G\n".repeat(16)),
            Form::Block
        );
    }

    #[test]
    fn lines_that_are_puzzles_are_never_read_as_one_block() {
        let f = |t: &str| resolve_form(t, &ReadOptions::default());
        // 16 lines of 16 cells: sixteen 4x4 puzzles, not one 16x16 grid.
        let fours = "1...............\n".repeat(16);
        assert_eq!(f(&fours), Form::Lines);
        // 9 lines of 9 cells are no 3x3 line puzzles (a prime size has no
        // default boxes): a 9x9 block grid.
        let nine = "4.....8.5\n".repeat(9);
        assert_eq!(f(&nine), Form::Block);
        // Lines of a 4x4 grid hold digits above 2: no 2x2 line puzzles.
        assert_eq!(f("1234\n3412\n2143\n4321\n"), Form::Block);
        let forced = ReadOptions::default().form(Form::Block);
        assert_eq!(resolve_form(&fours, &forced), Form::Block);
    }

    #[test]
    fn one_puzzle_only() {
        let text = "..2....4.4.3....\n\n..2....4.4.3....\n";
        assert_eq!(
            parse_puzzle(text, &ReadOptions::default())
                .unwrap_err()
                .to_string(),
            "line 3: expected one puzzle, found another one here"
        );
        assert_eq!(
            parse_puzzle("# nothing\n", &ReadOptions::default())
                .unwrap_err()
                .to_string(),
            "no puzzle found"
        );
    }
}
