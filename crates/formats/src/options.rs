use crate::{Digits, Shape};

/// Which form a text is in. [`Form::Auto`] decides as described in the
/// crate docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Form {
    /// Detect from the text.
    #[default]
    Auto,
    /// One puzzle per line (or per CSV row).
    Lines,
    /// One grid written over several lines.
    Block,
    /// A TOML variant file.
    Toml,
    /// A JSON object (the conformance-suite schema).
    Json,
}

/// How to read puzzles. Build one with [`ReadOptions::default`] and the
/// setters; every field has a sensible default.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Digit characters (default: auto).
    pub digits: Digits,
    /// Layout of puzzles read from lines and block grids (default: boxes of
    /// the default shape).
    pub shape: Shape,
    /// The text's form (default: auto-detect).
    pub form: Form,
    /// For CSV files: which field holds the puzzle, 0-based (default 0).
    pub column: usize,
    /// [`read_all`](crate::read_all): keep going past bad lines and collect
    /// their errors (default: stop at the first).
    pub skip_invalid: bool,
    /// Refuse puzzles with two equal givens in one unit (default: true).
    /// Such a puzzle is well-formed but has no solution; turn this off to
    /// let a solver say so.
    pub check_givens: bool,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            digits: Digits::Auto,
            shape: Shape::Auto,
            form: Form::Auto,
            column: 0,
            skip_invalid: false,
            check_givens: true,
        }
    }
}

impl ReadOptions {
    /// Sets [`ReadOptions::digits`].
    pub fn digits(mut self, digits: Digits) -> Self {
        self.digits = digits;
        self
    }

    /// Sets [`ReadOptions::shape`].
    pub fn shape(mut self, shape: Shape) -> Self {
        self.shape = shape;
        self
    }

    /// Sets [`ReadOptions::form`].
    pub fn form(mut self, form: Form) -> Self {
        self.form = form;
        self
    }

    /// Sets [`ReadOptions::column`] (0-based).
    pub fn column(mut self, column: usize) -> Self {
        self.column = column;
        self
    }

    /// Sets [`ReadOptions::skip_invalid`].
    pub fn skip_invalid(mut self, skip: bool) -> Self {
        self.skip_invalid = skip;
        self
    }

    /// Sets [`ReadOptions::check_givens`].
    pub fn check_givens(mut self, check: bool) -> Self {
        self.check_givens = check;
        self
    }
}
