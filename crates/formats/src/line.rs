use sudokit_puzzle::{digit_char, Puzzle, PuzzleSpec, MAX_SIZE};

use crate::check::finish;
use crate::digits::{decode_grid, Decoder};
use crate::{Digits, ErrorKind, ParseError, ReadOptions};

/// Parses one puzzle written on one line: `n * n` characters, row-major,
/// `n` inferred from the length. Surrounding whitespace is ignored; the
/// cells may be separated by spaces (16 or more of them), and what follows
/// the cells after a space (a rating, a comment) is ignored here and kept
/// as the entry's label by the batch readers.
///
/// ```
/// use sudokit_formats::{parse_line, ReadOptions};
/// let p = parse_line("..2....4.4.3....", &ReadOptions::default()).unwrap();
/// assert_eq!(p.size(), 4);
/// ```
pub fn parse_line(line: &str, options: &ReadOptions) -> Result<Puzzle, ParseError> {
    let line = line.trim();
    if line.is_empty() {
        return Err(ErrorKind::Empty.into());
    }
    line_puzzle(line, options).map_err(ParseError::new)
}

/// How a line with spaces holds its puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Spacing<'a> {
    /// No whitespace inside: the line is the cells.
    Plain,
    /// One cell a word (`4 . . 3 ...`), 16 or more of them and a
    /// square number: they are joined.
    Spaced(String),
    /// One cell a number (`10 . 36 0 ...`, or separated by commas), one
    /// of them two digits long or a comma between them: the form of grids
    /// past 35, whose digits have no character.
    Numbers,
    /// A puzzle, then whitespace, then anything else (`PUZZLE 5.4`,
    /// `PUZZLE #1 Extreme (3200)`): the rest is the puzzle's label.
    Labelled { cells: &'a str, label: &'a str },
}

/// Tells how a line holds its cells. Callers trim it, but a CSV field is
/// trimmed of ASCII whitespace only and may still start with other
/// whitespace (U+2000), so nothing here counts on a trimmed start. A line
/// of single characters needs at least 16 of them (a 4x4 grid), so that a
/// block grid's row of 9 cells is never a 3x3 puzzle; a labelled line's
/// first word must have a square number of 16 or more characters.
pub(crate) fn spacing(line: &str) -> Spacing<'_> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Spacing::Plain;
    };
    if first.len() == line.len() {
        return Spacing::Plain;
    }
    let square = |k: usize| k >= 16 && square_side(k).is_ok();
    if number_words(line).is_some() {
        return Spacing::Numbers;
    }
    let count = line.split_whitespace().count();
    let single = line
        .split_whitespace()
        .all(|w| w.chars().count() == 1 && w != "|");
    if single && square(count) {
        return Spacing::Spaced(line.split_whitespace().collect());
    }
    if square(first.chars().count()) {
        // After `first`, counted from where it starts.
        let label = line.trim_start()[first.len()..].trim();
        return Spacing::Labelled {
            cells: first,
            label,
        };
    }
    Spacing::Plain
}

/// The cells of a line (spaced cells joined, a label dropped) and its
/// label.
pub(crate) fn split_label(line: &str) -> (std::borrow::Cow<'_, str>, Option<&str>) {
    match spacing(line) {
        Spacing::Plain | Spacing::Numbers => (line.into(), None),
        Spacing::Spaced(cells) => (cells.into(), None),
        Spacing::Labelled { cells, label } => (cells.into(), Some(label)),
    }
}

/// [`parse_line`] on a non-empty line (see [`spacing`]), without position; a
/// label after the cells is dropped ([`split_label`]).
pub(crate) fn line_puzzle(line: &str, options: &ReadOptions) -> Result<Puzzle, ErrorKind> {
    line_entry(line, options).map(|(puzzle, _)| puzzle)
}

/// [`line_puzzle`], and the digit convention the line is written in.
pub(crate) fn line_entry(line: &str, options: &ReadOptions) -> Result<(Puzzle, Digits), ErrorKind> {
    let (cells, _) = split_label(line);
    let (size, givens, digits) = line_cells(&cells, options.digits)?;
    let layout = options.shape.layout(size)?;
    let spec = PuzzleSpec {
        size,
        layout,
        diagonals: false,
        extra_groups: Vec::new(),
        cages: Vec::new(),
        givens,
        candidates: None,
    };
    finish(spec, options).map(|puzzle| (puzzle, digits))
}

/// The side and the cells of a one-line grid, and the digit convention
/// they were read in.
pub(crate) fn line_cells(
    line: &str,
    digits: Digits,
) -> Result<(usize, Vec<u8>, Digits), ErrorKind> {
    // Only a line with separators can be a line of numbers: a plain line
    // of digits (almost every line of a big file) is spared splitting.
    let ascii = line.is_ascii();
    if has_separator(line, ascii) {
        if let Some(words) = number_words(line) {
            return number_cells(&words).map(|(size, cells)| (size, cells, digits.of_numbers()));
        }
        if let Some(error) = bad_number_word(line) {
            return Err(error);
        }
    }
    let count = if ascii {
        line.len()
    } else {
        line.chars().count()
    };
    if count == 1 {
        return Err(ErrorKind::OneCell);
    }
    let size = square_side(count)?;
    // An ASCII line's bytes are its characters, without UTF-8 decoding.
    let (givens, digits) = decode_grid(digits, size, line.chars(), |decoder| match ascii {
        true => decode_cells(line.bytes().map(char::from), decoder, size, 0),
        false => decode_cells(line.chars(), decoder, size, 0),
    })?;
    Ok((size, givens, digits))
}

/// Whether `line` (`ascii` if it is) has whitespace or a comma. An ASCII
/// line is scanned byte by byte without an early exit, which the compiler
/// turns into vector instructions: a big file's lines have none.
fn has_separator(line: &str, ascii: bool) -> bool {
    match ascii {
        // `char::is_whitespace` of an ASCII byte: tab to carriage return, space.
        true => line.bytes().fold(false, |seen, b| {
            seen | matches!(b, b'\t'..=b'\r' | b' ' | b',')
        }),
        false => line.contains(|c: char| c.is_whitespace() || c == ','),
    }
}

/// The words of a line of numbers (see [`Spacing::Numbers`]): each `.` or
/// decimal digits, separated by whitespace or commas, a square number of
/// 16 or more of them; `None` for any other line.
pub(crate) fn number_words(line: &str) -> Option<Vec<&str>> {
    if !line.contains(|c: char| c.is_whitespace() || c == ',') {
        return None;
    }
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let number = |w: &str| w == "." || w.bytes().all(|b| b.is_ascii_digit());
    let long = words.iter().any(|w| w.len() > 1) || line.contains(',');
    let square = words.len() >= 16 && words.len().isqrt().pow(2) == words.len();
    (long && square && words.iter().all(|w| number(w))).then_some(words)
}

/// The error of a line that is a grid of numbers but for one word (a
/// square number of words past 35x35 cells), naming the first such word.
fn bad_number_word(line: &str) -> Option<ErrorKind> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let size = words.len().isqrt();
    if size <= LAST_CHARACTER_DIGIT || size * size != words.len() || size > MAX_SIZE {
        return None;
    }
    let number = |w: &&str| *w == "." || w.bytes().all(|b| b.is_ascii_digit());
    let cell = words.iter().position(|w| !number(w))?;
    Some(ErrorKind::NotANumber {
        word: words[cell].to_string(),
        cell,
        size,
    })
}

/// The side and cells of a grid written as numbers, `.` or `0` a blank.
fn number_cells(words: &[&str]) -> Result<(usize, Vec<u8>), ErrorKind> {
    let size = square_side(words.len())?;
    let cells = words
        .iter()
        .enumerate()
        .map(|(cell, &word)| number_cell(word, cell, size))
        .collect::<Result<_, _>>()?;
    Ok((size, cells))
}

/// The digit of one `word` of a grid written as numbers, `.` or `0` a
/// blank; `cell` and `size` name it in the error.
pub(crate) fn number_cell(word: &str, cell: usize, size: usize) -> Result<u8, ErrorKind> {
    let digit = if word == "." {
        Some(0)
    } else {
        word.parse::<u8>().ok()
    };
    match digit {
        Some(d) if usize::from(d) <= size => Ok(d),
        _ => Err(ErrorKind::NumberOutOfRange {
            number: word.to_string(),
            cell,
            size,
        }),
    }
}

/// The side of a grid of `count` cells, if `count` is a square.
pub(crate) fn square_side(count: usize) -> Result<usize, ErrorKind> {
    let side = count.isqrt();
    if side * side != count {
        let up = side + 1;
        let nearest = if count - side * side <= up * up - count && side > 0 {
            side
        } else {
            up
        };
        return Err(ErrorKind::WrongLength {
            found: count,
            side: nearest,
        });
    }
    if side == 0 || side > MAX_SIZE {
        return Err(ErrorKind::UnsupportedSize { size: side });
    }
    Ok(side)
}

/// Decodes cells numbered from `first`, checking each digit against `size`.
pub(crate) fn decode_cells(
    chars: impl Iterator<Item = char>,
    decoder: &Decoder,
    size: usize,
    first: usize,
) -> Result<Vec<u8>, ErrorKind> {
    let mut out = Vec::with_capacity(size * size);
    for (i, ch) in chars.enumerate() {
        let cell = first + i;
        match decoder.decode(ch) {
            None => return Err(ErrorKind::UnknownChar { ch, cell, size }),
            Some(d) if usize::from(d) > size => {
                return Err(ErrorKind::DigitOutOfRange {
                    ch,
                    digit: d,
                    cell,
                    size,
                })
            }
            Some(d) => out.push(d),
        }
    }
    Ok(out)
}

/// The givens on one line: `n * n` characters, `.` for blanks, digits `1`-`9`
/// then `A`-`Z`; past 35x35, numbers separated by spaces.
pub fn to_line(puzzle: &Puzzle) -> String {
    grid_to_line(puzzle.size(), puzzle.givens())
}

/// A grid of digits (a solution, or givens) on one line; `.` for 0.
pub fn grid_to_line(size: usize, grid: &[u8]) -> String {
    if size > LAST_CHARACTER_DIGIT {
        return numbers_line(grid);
    }
    grid.iter().map(|&d| digit_char(d)).collect()
}

/// The largest digit with a character of its own (`Z`).
pub(crate) const LAST_CHARACTER_DIGIT: usize = 35;

/// A grid as numbers separated by spaces, `.` for a blank.
fn numbers_line(grid: &[u8]) -> String {
    let words: Vec<String> = grid
        .iter()
        .map(|&d| match d {
            0 => ".".to_string(),
            d => d.to_string(),
        })
        .collect();
    words.join(" ")
}

/// [`grid_to_line`] in a digit convention: a 16x16 grid read in hex
/// prints back in hex.
///
/// ```
/// use sudokit_formats::{grid_to_line_in, Digits};
/// assert_eq!(grid_to_line_in(&[1, 10, 16, 0], Digits::Hex), "09F.");
/// assert_eq!(grid_to_line_in(&[1, 10, 16, 0], Digits::Sudoku), "1AG.");
/// ```
pub fn grid_to_line_in(grid: &[u8], digits: Digits) -> String {
    if digits.writes_numbers(grid.len().isqrt()) {
        return numbers_line(grid);
    }
    grid.iter().map(|&d| digits.char_of(d)).collect()
}

/// A 36x36 solution (row r starts at 6 (r % 6) + r / 6, cyclically) with
/// the digits `blank` picks blank: a grid past 35 for the tests.
#[cfg(test)]
pub(crate) fn grid_36(blank: impl Fn(u8) -> bool) -> Vec<u8> {
    pattern_grid(6, 6, blank)
}

/// The pattern solution of boxes `rows x cols` (row i starts at
/// cols (i % rows) + i / rows, cyclically), the digits `blank` picks blank.
#[cfg(test)]
pub(crate) fn pattern_grid(rows: usize, cols: usize, blank: impl Fn(u8) -> bool) -> Vec<u8> {
    let n = rows * cols;
    (0..n * n)
        .map(|k| ((cols * (k / n % rows) + k / n / rows + k % n) % n + 1) as u8)
        .map(|d| if blank(d) { 0 } else { d })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use sudokit_model::BoxShape;
    use sudokit_puzzle::Layout;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn err(line: &str, options: &ReadOptions) -> String {
        match parse_line(line, options) {
            Ok(_) => "parsed".into(),
            Err(e) => e.to_string(),
        }
    }

    /// The byte scan finds exactly the separators the char scan does, for
    /// every ASCII byte anywhere in a line.
    #[test]
    fn the_ascii_separator_scan_is_the_char_scan() {
        for byte in 0..128u8 {
            let separator = (byte as char).is_whitespace() || byte == b',';
            for at in [0, 40, 80] {
                let mut line = P.as_bytes().to_vec();
                line[at] = byte;
                let line = String::from_utf8(line).unwrap();
                assert_eq!(has_separator(&line, true), separator, "byte {byte} at {at}");
            }
        }
        assert!(!has_separator(P, true));
        assert!(has_separator("1\u{2003}2", false));
        assert!(!has_separator("1\u{00e9}2", false));
    }

    /// A line that starts with whitespace `trim` would take but a CSV
    /// reader does not (U+2000): the label is what follows the cells, and
    /// multi-byte cells are no reason to panic.
    #[test]
    fn a_label_after_leading_unicode_whitespace() {
        let line = format!("\u{2000}{P} my label");
        match spacing(&line) {
            Spacing::Labelled { cells, label } => assert_eq!((cells, label), (P, "my label")),
            _ => panic!("not read as labelled"),
        }
        let wide = "\u{2000}ἘἘἘἘἘἘἘἘἘἘἘἘἘἘἘἘ 𖭽";
        match spacing(wide) {
            Spacing::Labelled { label, .. } => assert_eq!(label, "𖭽"),
            _ => panic!("not read as labelled"),
        }
        assert_eq!(
            err(wide, &ReadOptions::default()),
            err("ἘἘἘἘἘἘἘἘἘἘἘἘἘἘἘἘ", &ReadOptions::default())
        );
    }

    #[test]
    fn reads_and_prints_a_classic_line() {
        let p = parse_line(P, &ReadOptions::default()).unwrap();
        assert_eq!(p.size(), 9);
        assert_eq!(p.box_shape(), Some(BoxShape { rows: 3, cols: 3 }));
        assert_eq!(p.givens()[0], 4);
        assert_eq!(to_line(&p), P);
    }

    #[test]
    fn blanks_and_letters() {
        let a = parse_line("1.-_*0xX2.-_*0xX", &ReadOptions::default()).unwrap();
        assert_eq!(a.givens().iter().filter(|&&d| d != 0).count(), 2);
        let lower = parse_line(
            &"abc".repeat(48),
            &ReadOptions::default().check_givens(false),
        )
        .unwrap();
        assert_eq!(lower.givens()[0], 10);
        assert_eq!(lower.size(), 12);
    }

    #[test]
    fn sizes_are_inferred() {
        for (n, shape) in [
            (4, (2, 2)),
            (6, (2, 3)),
            (8, (2, 4)),
            (12, (3, 4)),
            (16, (4, 4)),
            (25, (5, 5)),
        ] {
            let p = parse_line(&".".repeat(n * n), &ReadOptions::default()).unwrap();
            assert_eq!(p.size(), n);
            assert_eq!(
                p.box_shape(),
                Some(BoxShape {
                    rows: shape.0,
                    cols: shape.1
                })
            );
        }
        let p = parse_line(&".".repeat(35 * 35), &ReadOptions::default()).unwrap();
        assert_eq!(p.size(), 35);
    }

    #[test]
    fn chosen_shape_and_latin() {
        let o = ReadOptions::default().shape("3x2".parse().unwrap());
        let p = parse_line(&".".repeat(36), &o).unwrap();
        assert_eq!(p.box_shape(), Some(BoxShape { rows: 3, cols: 2 }));
        let o = ReadOptions::default().shape(Shape::Latin);
        let p = parse_line(&".".repeat(49), &o).unwrap();
        assert_eq!(p.layout(), &Layout::Latin);
    }

    #[test]
    fn hex_style_16() {
        // hexadoku: 0..F are the digits 1..16
        let row = "0123456789ABCDEF";
        let line = format!("{row}{}", ".".repeat(240));
        let p = parse_line(&line, &ReadOptions::default()).unwrap();
        assert_eq!(&p.givens()[..16], (1..=16).collect::<Vec<u8>>().as_slice());
        // the same line read Sudoku-style: 0 is a blank, A = 10
        let s = parse_line(&line, &ReadOptions::default().digits(Digits::Sudoku)).unwrap();
        assert_eq!(s.givens()[0], 0);
        assert_eq!(s.givens()[10], 10);
        // a Sudoku-style 16x16 with G: auto stays Sudoku-style
        let g = format!("0123456789ABCDEG{}", ".".repeat(240));
        let p = parse_line(&g, &ReadOptions::default()).unwrap();
        assert_eq!(p.givens()[15], 16);
        assert_eq!(p.givens()[0], 0);
        // printing is always Sudoku-style and reads back
        let back = parse_line(&to_line(&p), &ReadOptions::default()).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn error_wrong_length() {
        assert_eq!(
            err(&P[..80], &ReadOptions::default()),
            "expected a square number of cells (81 for 9x9), found 80"
        );
        assert_eq!(
            err("123", &ReadOptions::default()),
            "expected a square number of cells (4 for 2x2), found 3"
        );
    }

    #[test]
    fn error_unsupported_size() {
        assert_eq!(
            err(&".".repeat(101 * 101), &ReadOptions::default()),
            "unsupported size 101 (101x101): sizes 2 to 100 are supported"
        );
        assert_eq!(
            err(&vec!["0"; 101 * 101].join(","), &ReadOptions::default()),
            "unsupported size 101 (101x101): sizes 2 to 100 are supported"
        );
    }

    #[test]
    fn grids_past_35_are_lines_of_numbers() {
        let grid = grid_36(|d| d % 5 == 0);
        let line = grid_to_line(36, &grid);
        assert!(line.starts_with("1 2 3 4 . 6 7"), "{}", &line[..40]);
        let p = parse_line(&line, &ReadOptions::default()).unwrap();
        assert_eq!((p.size(), p.givens()), (36, &grid[..]));
        assert_eq!(to_line(&p), line);
        // Commas, 0 for a blank, and a label after the cells.
        let commas = line.replace(' ', ",").replace('.', "0");
        assert_eq!(parse_line(&commas, &ReadOptions::default()).unwrap(), p);
        assert_eq!(
            err(&line.replacen("36", "37", 1), &ReadOptions::default()),
            "digit 37 at r1c36 is out of range for a 36x36 grid (1 to 36)"
        );
        assert_eq!(
            err(&line.replacen("36", "x", 1), &ReadOptions::default()),
            "\"x\" at r1c36 is no digit: a line of numbers holds 1 to 36, or . or 0 for a blank"
        );
    }

    #[test]
    fn error_prime_size() {
        assert_eq!(
            err(&".".repeat(49), &ReadOptions::default()),
            "size 7 has no box shape: choose boxes RxC or a latin square"
        );
    }

    #[test]
    fn error_unknown_char() {
        let mut line = P.to_string();
        line.replace_range(25..26, "?");
        assert_eq!(
            err(&line, &ReadOptions::default()),
            "unknown character '?' at r3c8"
        );
        let uni = format!("é{}", &P[1..]);
        assert_eq!(
            err(&uni, &ReadOptions::default()),
            "unknown character 'é' at r1c1"
        );
    }

    #[test]
    fn error_digit_out_of_range() {
        assert_eq!(
            err("5...............", &ReadOptions::default()),
            "digit '5' (5) at r1c1 is out of range for a 4x4 grid (1 to 4)"
        );
        let mut line = P.to_string();
        line.replace_range(1..2, "A");
        assert_eq!(
            err(&line, &ReadOptions::default()),
            "digit 'A' (10) at r1c2 is out of range for a 9x9 grid (1 to 9)"
        );
    }

    #[test]
    fn error_duplicate_given() {
        let mut cells = vec!['.'; 81];
        cells[2 * 9 + 1] = '7';
        cells[2 * 9 + 7] = '7';
        let line: String = cells.into_iter().collect();
        assert_eq!(
            err(&line, &ReadOptions::default()),
            "7 appears twice in row 3: r3c2 and r3c8"
        );
        assert!(parse_line(&line, &ReadOptions::default().check_givens(false)).is_ok());
    }

    #[test]
    fn error_bad_box_shape() {
        let o = ReadOptions::default().shape("2x2".parse().unwrap());
        assert_eq!(
            err(&".".repeat(81), &o),
            "boxes of 2x2 do not tile a 9x9 grid (2 * 2 must be 9)"
        );
    }

    #[test]
    fn error_empty() {
        assert_eq!(err("  \n", &ReadOptions::default()), "no puzzle found");
    }
}
