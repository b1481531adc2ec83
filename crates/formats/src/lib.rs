//! Reading and writing Sudoku-family puzzles.
//!
//! Every printer here has a parser that reads its output back to an equal
//! [`Puzzle`]; parsers never panic, and every error names the line (when
//! reading a file), the cell (`r3c8`) or field, and the reason. Parsing is
//! strict by default: a puzzle whose givens or pencil marks contradict it
//! (two equal givens in one unit, a given its marks exclude ...) is refused
//! ([`ReadOptions::check_givens`] turns that off, to let a solver answer
//! "no solution" instead).
//!
//! # Forms
//!
//! * **Line** ([`parse_line`], [`to_line`]): `n * n` characters, row-major;
//!   `n` comes from the length (16 → 4x4, 81 → 9x9, 256 → 16x16, any square
//!   up to 35x35). Digits `1`-`9` then `A`-`Z` (either case) for 10-35;
//!   blanks `.` `0` `-` `_` `*` `x`. For 16x16, the hexadoku convention
//!   (`0`-`F` = 1-16) is also read; see [`Digits`] for the auto rule. Lines
//!   are printed with `.` for blanks; [`grid_to_line_in`] and
//!   [`grid_to_block_in`] print in the convention a puzzle came in
//!   ([`Entry::digits`]).
//! * **Batch file** ([`read_puzzles`], [`read_all`], [`read_path`], and
//!   [`stream_puzzles`] from a reader as it arrives): one
//!   line per puzzle; `#` comments, blank lines, CRLF and surrounding spaces
//!   are skipped. Each puzzle line stands alone (sizes may mix).
//! * **CSV** ([`Form::Csv`]): read with the `csv` crate, so quoted fields
//!   may hold the delimiter (or a line break) without shifting the
//!   columns; the puzzle is field [`ReadOptions::column`] (0-based). The
//!   delimiter is [`ReadOptions::delimiter`], else guessed from the first
//!   rows: `,`, `;` or a tab when they split into the same number of
//!   fields, one of them long enough for a puzzle (so a grid's rows split
//!   by tabs stay a block grid). Whether the first row is a header is
//!   [`ReadOptions::header`]; [`Header::Auto`] takes it for one only when
//!   none of its fields looks like a puzzle while the second row's do, so
//!   a broken first puzzle is reported, never dropped. Errors name the
//!   line and the field (`line 3, field 2: ...`); a row too short for the
//!   column is reported as such. Rows are read one at a time.
//! * **Block** ([`parse_block`], [`to_block`], [`grid_to_block`]): one row
//!   per line, cells side by side or separated by spaces, `|` between boxes
//!   and `------+-------+------` rules between bands. Lines made only of
//!   `-` `=` `+` `|` are rules. The printed form is Norvig's:
//!   `5 3 . | . 7 . | . . .`. Grids without boxes print plain rows. A
//!   file may hold several grids one after the other, with blank (or `#`
//!   comment) lines between them: a grid ends at the first such gap after
//!   it has as many rows as a row has cells.
//! * **SadMan `.sdk`** ([`Form::Sdk`]): SudoCue's metadata lines (`#A`
//!   author, `#D` description, `#C` comment, `#B` date, `#S` source, `#L`
//!   level, `#U` URL), then the grid's rows; the description and the level
//!   become the entry's label (`A random puzzle (Easy)`). SadMan's own
//!   `[Puzzle]` section line is read too.
//! * **Simple Sudoku `.ss`**: a block grid framed by `*-----------*`, with
//!   `|---+---+---|` rules and `.` or `X` blanks: read as a block.
//! * **Variant file, TOML** ([`parse_toml`], [`to_toml`]): everything a
//!   [`Puzzle`] holds. Keys: `size`; at most one of `boxes = "3x3"`,
//!   `regions = ["AAABBBCCC", ...]` (one label per cell, any characters,
//!   one string per row or one string for the grid) and `latin = true`
//!   (none: the default boxes); `diagonals = true`; `extra_groups =
//!   [[[r, c], ...], ...]`; `[[cage]]` tables with `sum` and `cells = [[r,
//!   c], ...]`; `givens` as a line, a multi-line block string, or one
//!   string per row; `candidates`: one whitespace-separated token per cell
//!   (its allowed digits, `-` for none), as one string or one per row.
//!   Coordinates are 1-based `[row, column]`. Unknown keys are errors.
//!   Several puzzles in one file are `[[puzzle]]` tables, each holding
//!   these keys, with `[[puzzle.cage]]` for its cages ([`to_toml_listed`]).
//! * **JSON** ([`to_json`], [`from_json`], [`parse_json`],
//!   [`grid_to_json`]): the conformance-suite schema (`size`, `box`,
//!   `regions`, `diagonals`, `extra_groups`, `cages`, `givens`), plus
//!   `candidates`.
//!
//! # Layout of lines and blocks
//!
//! Lines and plain blocks do not say how the grid is cut, so
//! [`ReadOptions::shape`] does: by default the most square boxes with rows
//! ≤ columns ([`default_box_shape`]: 6 = 2x3, 12 = 3x4); a prime side has no
//! such boxes and is an error unless boxes or a latin square are chosen.
//! A block grid's separators, when present, give the box shape.
//!
//! # Which form a text is in
//!
//! [`parse_puzzle`] and [`read_puzzles`] look at the first line that is
//! neither blank nor a `#` comment: `{` → JSON; `[Puzzle]` → `.sdk`; `[`
//! or `key =` → TOML; rows that agree on a delimiter, or a comma in the
//! first → CSV; a frame or rule (`*---*`, `---+---`), spaces, `|` or `+` →
//! block; otherwise a block if exactly k rows of k cells follow (k the
//! length of the first) and they are not each a line puzzle, else lines.
//! So 16 lines of 16 characters that each read as a 4x4 puzzle are sixteen
//! puzzles, never one 16x16 grid misread; 9 rows of 9 cells are a 9x9 grid
//! (a line of 9 cells is no puzzle: 3 is prime and has no default boxes).
//! A block whose `#` lines are all `.sdk` metadata (`#DSome text`, no
//! space after the letter) is a `.sdk` file. [`ReadOptions::form`]
//! (`--input` on the command line) decides instead, and
//! [`Form::from_extension`] tells what a file name says.

//! # Example
//!
//! ```
//! use sudokit_formats::{parse_puzzle, read_all, to_block, to_line, ReadOptions};
//!
//! let options = ReadOptions::default();
//! let file = "# two 4x4 puzzles\n..2....4.4.3....\r\n......32..2.4...\n";
//! let batch = read_all(file, &options).unwrap();
//! assert_eq!(batch.entries[1].line, 3);
//!
//! let puzzle = &batch.entries[0].puzzle;
//! assert_eq!(to_block(puzzle), ". . | 2 .\n. . | . 4\n----+----\n. 4 | . 3\n. . | . .\n");
//! assert_eq!(&parse_puzzle(&to_block(puzzle), &options).unwrap(), puzzle);
//! assert_eq!(to_line(puzzle), "..2....4.4.3....");
//!
//! let err = parse_puzzle("..2....4.4.3...", &options).unwrap_err();
//! assert_eq!(err.to_string(), "line 1: expected a square number of cells (16 for 4x4), found 15");
//! ```
#![deny(missing_docs)]

mod batch;
mod block;
mod build;
mod check;
mod csv_rows;
mod detect;
mod digits;
mod error;
mod json;
mod line;
mod options;
mod sdk;
mod shape;
mod stream;
mod svg;
mod variant;

pub use batch::{read_all, read_path, read_puzzles, Batch, Entry, Puzzles};
pub use block::{grid_to_block, grid_to_block_in, parse_block, to_block};
pub use detect::parse_puzzle;
pub use digits::Digits;
pub use error::{ErrorKind, ParseError};
pub use json::{from_json, grid_to_json, parse_json, to_json};
pub use line::{grid_to_line, grid_to_line_in, parse_line, to_line};
pub use options::{Form, Header, ReadOptions};
pub use shape::{default_box_shape, Shape};
pub use stream::{stream_puzzles, PuzzleStream};
pub use svg::to_svg;
pub use variant::{parse_toml, to_toml, to_toml_listed};

pub use sudokit_puzzle::Puzzle;

/// The UTF-8 byte-order mark some editors put first in a file: skipped by
/// every reader.
const BOM: &str = "\u{feff}";
