use crate::{Digits, Shape};

/// Which form a text is in. [`Form::Auto`] decides as described in the
/// crate docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Form {
    /// Detect from the text.
    #[default]
    Auto,
    /// One puzzle per line (a CSV file when [`ReadOptions::column`] or
    /// [`ReadOptions::delimiter`] is set).
    Lines,
    /// One puzzle per row of a CSV file (any delimiter, quoted fields).
    Csv,
    /// One grid written over several lines.
    Block,
    /// A TOML variant file.
    Toml,
    /// A JSON object (the conformance-suite schema).
    Json,
    /// A SadMan Software / SudoCue `.sdk` file: `#` metadata lines (`#D`
    /// description, `#L` level ...), then a block grid.
    Sdk,
}

impl Form {
    /// The form a file name's extension says, if it says one: `.sdk`,
    /// `.ss` (Simple Sudoku, a framed block grid), `.csv`, `.tsv`,
    /// `.toml`, `.json`.
    pub fn from_extension(path: &std::path::Path) -> Option<Form> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "sdk" => Some(Form::Sdk),
            "ss" => Some(Form::Block),
            "csv" | "tsv" => Some(Form::Csv),
            "toml" => Some(Form::Toml),
            "json" => Some(Form::Json),
            _ => None,
        }
    }
}

/// Whether the first row of a CSV file names its columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Header {
    /// The first row is a header when none of its fields looks like a
    /// puzzle (a field that reads as one, or of 4 characters or more, at
    /// least half of them digits or blanks) while the second row has one.
    /// A first row that is a broken puzzle is therefore reported, never
    /// dropped.
    #[default]
    Auto,
    /// The first row is a header.
    Yes,
    /// Every row is data.
    No,
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
    /// For CSV files: the field delimiter (default: guessed, see the crate
    /// docs).
    pub delimiter: Option<u8>,
    /// For CSV files: whether the first row is a header (default: auto).
    pub header: Header,
    /// [`read_all`](crate::read_all): keep going past bad lines and collect
    /// their errors (default: stop at the first).
    pub skip_invalid: bool,
    /// Refuse puzzles whose givens or pencil marks contradict them, as
    /// [`Puzzle::check_givens`](sudokit_puzzle::Puzzle::check_givens) finds
    /// (default: true). Such a puzzle is well-formed but has no solution;
    /// turn this off to let a solver say so.
    pub check_givens: bool,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            digits: Digits::Auto,
            shape: Shape::Auto,
            form: Form::Auto,
            column: 0,
            delimiter: None,
            header: Header::Auto,
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

    /// Sets [`ReadOptions::delimiter`] (`None`: guess).
    pub fn delimiter(mut self, delimiter: Option<u8>) -> Self {
        self.delimiter = delimiter;
        self
    }

    /// Sets [`ReadOptions::header`].
    pub fn header(mut self, header: Header) -> Self {
        self.header = header;
        self
    }

    /// What a file's name says, where nothing was chosen: the form its
    /// extension names ([`Form::from_extension`]) when the form is
    /// [`Form::Auto`], and a tab delimiter for `.tsv` when none is set.
    pub fn for_path(mut self, path: &std::path::Path) -> Self {
        if self.form == Form::Auto {
            self.form = Form::from_extension(path).unwrap_or(Form::Auto);
        }
        let tsv = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("tsv"));
        if tsv && self.delimiter.is_none() {
            self.delimiter = Some(b'\t');
        }
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn a_file_name_says_the_form_unless_one_is_chosen() {
        let auto = ReadOptions::default();
        let form = |name: &str, options: &ReadOptions| options.clone().for_path(Path::new(name));
        assert_eq!(form("a/p.SDK", &auto).form, Form::Sdk);
        assert_eq!(form("p.ss", &auto).form, Form::Block);
        assert_eq!(form("p.txt", &auto).form, Form::Auto);
        assert_eq!(form("-", &auto).form, Form::Auto);
        let tsv = form("p.tsv", &auto);
        assert_eq!((tsv.form, tsv.delimiter), (Form::Csv, Some(b'\t')));
        let chosen = auto.form(Form::Lines).delimiter(Some(b';'));
        let kept = form("p.tsv", &chosen);
        assert_eq!((kept.form, kept.delimiter), (Form::Lines, Some(b';')));
    }
}
