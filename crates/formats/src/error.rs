use std::fmt;

use sudokit_puzzle::{cell_name, Cell, PuzzleError};

/// Why some text is not a puzzle: where (file, 1-based line) and what.
///
/// The message reads `FILE: line 4: REASON` (`line 4, field 2: REASON` in a
/// CSV file), each part present when known; the reason names the cell
/// (`r3c8`), column or field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The file, when read from one with [`read_path`](crate::read_path).
    pub path: Option<String>,
    /// The 1-based line of the text, when known.
    pub line: Option<usize>,
    /// The 1-based field of a CSV row, when the error is in one.
    pub field: Option<usize>,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl ParseError {
    /// An error with no position yet.
    pub fn new(kind: ErrorKind) -> Self {
        ParseError {
            path: None,
            line: None,
            field: None,
            kind,
        }
    }

    /// The same error, at a 1-based line.
    pub fn at_line(mut self, line: usize) -> Self {
        self.line = Some(line);
        self
    }

    /// The same error, in a 1-based field of a CSV row.
    pub fn in_field(mut self, field: usize) -> Self {
        self.field = Some(field);
        self
    }

    /// The same error, in a file.
    pub fn in_file(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{path}: ")?;
        }
        match (self.line, self.field) {
            (Some(line), Some(field)) => write!(f, "line {line}, field {field}: ")?,
            (Some(line), None) => write!(f, "line {line}: ")?,
            (None, Some(field)) => write!(f, "field {field}: ")?,
            (None, None) => {}
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Puzzle(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ErrorKind> for ParseError {
    fn from(kind: ErrorKind) -> Self {
        ParseError::new(kind)
    }
}

impl From<PuzzleError> for ParseError {
    fn from(e: PuzzleError) -> Self {
        ParseError::new(ErrorKind::Puzzle(e))
    }
}

/// What is wrong with the text. Messages are lower-case and name the cell,
/// column or field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Nothing but blank lines and comments.
    #[error("no puzzle found")]
    Empty,
    /// A puzzle line whose length is not a square.
    #[error("expected a square number of cells ({nearest} for {side}x{side}), found {found}", nearest = .side * .side)]
    WrongLength {
        /// Cells found.
        found: usize,
        /// The side of the nearest square grid, for the message.
        side: usize,
    },
    /// A line whose bytes are not UTF-8 text.
    #[error("not valid UTF-8")]
    NotUtf8,
    /// A line of a single cell: a 1x1 "puzzle" is a typo, not a question.
    #[error("a line of one cell is no puzzle: write n*n cells (n >= 2)")]
    OneCell,
    /// A grid side sudokit does not handle.
    #[error("unsupported size {size} ({size}x{size}): sizes 2 to {max} are supported", max = sudokit_puzzle::MAX_SIZE)]
    UnsupportedSize {
        /// The side.
        size: usize,
    },
    /// A size with no box shape but the trivial one (a prime), and no layout chosen.
    #[error("size {size} has no box shape: choose boxes RxC or a latin square")]
    NoBoxShape {
        /// The side.
        size: usize,
    },
    /// A character that is neither a digit nor a blank.
    #[error("unknown character {ch:?} at {cell}", cell = cell_name(*.cell, *.size))]
    UnknownChar {
        /// The character.
        ch: char,
        /// Where.
        cell: Cell,
        /// Grid side, for the cell name.
        size: usize,
    },
    /// A word of a line of numbers that is no number.
    #[error("{word:?} at {cell} is no digit: a line of numbers holds 1 to {size}, or . or 0 for a blank", cell = cell_name(*.cell, *.size))]
    NotANumber {
        /// The word as written.
        word: String,
        /// Where.
        cell: Cell,
        /// Grid side.
        size: usize,
    },
    /// A digit written as a number, larger than the grid allows.
    #[error("digit {number} at {cell} is out of range for a {size}x{size} grid (1 to {size})", cell = cell_name(*.cell, *.size))]
    NumberOutOfRange {
        /// The number as written.
        number: String,
        /// Where.
        cell: Cell,
        /// Grid side.
        size: usize,
    },
    /// A digit character larger than the grid allows.
    #[error("digit {ch:?} ({digit}) at {cell} is out of range for a {size}x{size} grid (1 to {size})", cell = cell_name(*.cell, *.size))]
    DigitOutOfRange {
        /// The character as written.
        ch: char,
        /// Its value.
        digit: u8,
        /// Where.
        cell: Cell,
        /// Grid side.
        size: usize,
    },
    /// A row of a block grid with the wrong number of cells.
    #[error("expected {expected} cells in this row, found {found}")]
    RowLength {
        /// Cells the first row had.
        expected: usize,
        /// Cells this row has.
        found: usize,
    },
    /// A block grid with the wrong number of rows.
    #[error("a {size}x{size} grid needs {size} rows, found {found}")]
    RowCount {
        /// Grid side (cells in the first row).
        size: usize,
        /// Rows found.
        found: usize,
    },
    /// A box shape that cannot be read.
    #[error("cannot read box shape {0:?}: expected RxC such as 3x3 or 2x3, or latin")]
    BadShape(String),
    /// A digit convention that cannot be read.
    #[error("cannot read digit style {0:?}: expected auto, sudoku, hex, letters or numbers")]
    BadDigits(String),
    /// A CSV row without the chosen column.
    #[error("no column {column} in this row: it has {fields} field(s)", column = .column + 1)]
    MissingColumn {
        /// 0-based column index.
        column: usize,
        /// Fields in the row.
        fields: usize,
    },
    /// A CSV field that should hold a puzzle and is empty.
    #[error("the field is empty")]
    EmptyField,
    /// One puzzle was expected, the text holds more (a text of several
    /// puzzles is read with `read_puzzles`).
    #[error("expected one puzzle, found another one here")]
    MorePuzzles,
    /// A TOML document that does not parse.
    #[error("invalid TOML: {0}")]
    Toml(String),
    /// A JSON document that does not parse or has the wrong fields.
    #[error("invalid JSON: {0}")]
    Json(String),
    /// A field of a variant file with a bad value.
    #[error("{field}: {reason}")]
    Field {
        /// The field (`regions`, `cage 3`, `givens`).
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The puzzle is ill-formed or its givens conflict.
    #[error(transparent)]
    Puzzle(PuzzleError),
    /// Input that cannot be read (a file, or standard input: the message
    /// is prefixed with the file's name when there is one).
    #[error("cannot read the input: {0}")]
    Io(String),
}

impl ErrorKind {
    /// A [`ErrorKind::Field`] error.
    pub(crate) fn field(field: impl Into<String>, reason: impl Into<String>) -> Self {
        ErrorKind::Field {
            field: field.into(),
            reason: reason.into(),
        }
    }
}
