//! Argument groups shared by several commands.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};
use sudokit_core::{Budget, EngineSpec};
use sudokit_formats::{parse_puzzle, Digits, Entry, Form, Header, ReadOptions, Shape};
use sudokit_model::{Engine, Limits};
use sudokit_pipeline::Batch;
use sudokit_puzzle::Puzzle;

use crate::failure::Failure;
use crate::input::PuzzleInput;
use crate::interrupt;

/// Where puzzles come from and how to read them.
#[derive(Args, Debug)]
pub struct InputArgs {
    /// A puzzle as one line of n*n characters (blanks: . 0 - _ * x X;
    /// spaces between cells allowed); `-`, or puzzles piped in, read
    /// standard input.
    #[arg(conflicts_with = "file")]
    pub puzzle: Option<String>,
    /// Read puzzles from FILE ('-' for standard input): one per line (what
    /// follows a puzzle after a space is its label), a CSV column, block
    /// grids (a blank line between them), a .sdk or .ss file, or TOML/JSON
    /// variant files. The extensions .csv, .tsv, .sdk, .ss, .toml and .json
    /// say the form.
    #[arg(short, long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Box shape of line and block puzzles, e.g. 3x2 (default: the most square).
    #[arg(long, value_name = "RxC", conflicts_with = "latin")]
    pub boxes: Option<String>,
    /// Read line and block puzzles as latin squares (no boxes).
    #[arg(long)]
    pub latin: bool,
    /// Digit convention: sudoku (1-9A-Z), hex (16x16: 0-9A-F), letters
    /// (A-Z for 1 to 26, as Alphadoku), numbers (`12 0 3 ...`: grids printed
    /// as numbers) or auto (see docs/GUIDE.md). Grids are printed back in
    /// the convention a puzzle was read in.
    #[arg(
        long,
        default_value = "auto",
        value_name = "auto|sudoku|hex|letters|numbers"
    )]
    pub digits: String,
    /// CSV files: the 1-based column that holds the puzzle.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub column: usize,
    /// CSV files: the field delimiter, one character or `tab` (default: a
    /// comma, or `;` or a tab when the first rows agree on it).
    #[arg(long, value_name = ",|;|tab|CHAR")]
    pub delimiter: Option<String>,
    /// CSV files: whether the first row names the columns. auto: when no
    /// field of it looks like a puzzle (reads as one, or is mostly digits
    /// and blanks) while the second row's do; a broken puzzle is reported,
    /// not dropped.
    #[arg(long, value_enum, default_value_t = HeaderArg::Auto, value_name = "yes|no|auto")]
    pub header: HeaderArg,
    /// Report bad lines and puzzles the engine refuses on stderr and carry
    /// on with the others; an error record takes the place of each in
    /// the output (reduce: an unreadable line's, in its JSON array only).
    #[arg(long)]
    pub skip_invalid: bool,
    /// The input's form, when guessing is not wanted: one puzzle per line,
    /// per CSV row, one block grid, a .sdk or .ss file, a TOML or a JSON
    /// file.
    #[arg(long, value_enum, default_value_t = InputForm::Auto)]
    pub input: InputForm,
}

/// `--input`: how to read the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputForm {
    /// Tell from the text (k lines of k cells that are each a puzzle are
    /// read as puzzles, not as one grid).
    Auto,
    /// One puzzle per line.
    Line,
    /// One puzzle per CSV row (`--column` picks the field; quoted fields).
    Csv,
    /// One grid over several lines.
    Block,
    /// A TOML variant file.
    Toml,
    /// A JSON object (the conformance-suite schema).
    Json,
    /// SadMan Software / SudoCue: `#D` description and `#L` level lines
    /// (the puzzle's label), then nine rows.
    Sdk,
    /// Simple Sudoku: a grid framed by `*-----------*`, `|` between boxes,
    /// `.` or `X` for blanks.
    Ss,
}

/// `--header`: whether a CSV file's first row names its columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HeaderArg {
    /// Tell from the rows.
    Auto,
    /// The first row is a header.
    Yes,
    /// The first row is data.
    No,
}

impl InputArgs {
    /// The read options these flags describe.
    pub fn options(&self) -> Result<ReadOptions, Failure> {
        let digits: Digits = self
            .digits
            .parse()
            .map_err(|e| Failure::bad(format!("--digits: {e}")))?;
        let shape = match (&self.boxes, self.latin) {
            (Some(boxes), _) => boxes
                .parse::<Shape>()
                .map_err(|e| Failure::bad(format!("--boxes: {e}")))?,
            (None, true) => Shape::Latin,
            (None, false) => Shape::Auto,
        };
        if self.column == 0 {
            return Err(Failure::bad("--column counts from 1"));
        }
        let form = match self.input {
            InputForm::Auto => Form::Auto,
            InputForm::Line => Form::Lines,
            InputForm::Csv => Form::Csv,
            InputForm::Block | InputForm::Ss => Form::Block,
            InputForm::Toml => Form::Toml,
            InputForm::Json => Form::Json,
            InputForm::Sdk => Form::Sdk,
        };
        let delimiter = self.delimiter.as_deref().map(delimiter).transpose()?;
        let header = match self.header {
            HeaderArg::Auto => Header::Auto,
            HeaderArg::Yes => Header::Yes,
            HeaderArg::No => Header::No,
        };
        // Clashing givens (or marks) are read: such a puzzle has no solution,
        // which is an answer (exit 1, with the clash as the reason), not bad
        // input.
        let options = ReadOptions::default()
            .check_givens(false)
            .form(form)
            .digits(digits)
            .shape(shape)
            .column(self.column - 1)
            .delimiter(delimiter)
            .header(header)
            .skip_invalid(self.skip_invalid);
        // A file's extension says what it holds, when it says anything.
        Ok(match &self.file {
            Some(path) => options.for_path(path),
            None => options,
        })
    }

    /// Every puzzle of the input, in order. Bad lines are errors, or with
    /// `--skip-invalid` warnings on stderr.
    pub fn read(&self) -> Result<Vec<Entry>, Failure> {
        self.read_with(&self.options()?)
    }

    /// [`InputArgs::read`] with options of the caller's.
    pub fn read_with(&self, options: &ReadOptions) -> Result<Vec<Entry>, Failure> {
        self.stream_with(options)?.collect()
    }

    /// The puzzles of the input, read as they are consumed.
    pub fn stream(&self) -> Result<PuzzleInput, Failure> {
        self.stream_with(&self.options()?)
    }

    /// [`InputArgs::stream`] with options of the caller's.
    pub fn stream_with(&self, options: &ReadOptions) -> Result<PuzzleInput, Failure> {
        match (&self.puzzle, &self.file) {
            // `-` is standard input, as everywhere on the command line.
            (Some(text), _) if text == "-" => Ok(PuzzleInput::stdin(options)),
            (Some(text), _) if looks_like_a_path(text) => Err(Failure::bad(format!(
                "`{text}` looks like a file, not a puzzle: read it with -f {text}"
            ))),
            (Some(text), _) => Ok(PuzzleInput::text(text, options)),
            (None, Some(path)) if path.as_os_str() == "-" => Ok(PuzzleInput::stdin(options)),
            (None, Some(path)) => PuzzleInput::file(path, options),
            // Piped in (`cat puzzles.txt | sudokit solve`): read it.
            (None, None) if !std::io::stdin().is_terminal() => Ok(PuzzleInput::stdin(options)),
            (None, None) => Err(Failure::bad(
                "no puzzle given: pass one as an argument or read a file with -f FILE",
            )),
        }
    }
}

/// `--delimiter`: one ASCII character, or `tab`.
fn delimiter(text: &str) -> Result<u8, Failure> {
    match text {
        "tab" | "\\t" | "\t" => Ok(b'\t'),
        one if one.len() == 1 && one.is_ascii() => Ok(one.as_bytes()[0]),
        other => Err(Failure::bad(format!(
            "--delimiter: expected one character or tab, found {other:?}"
        ))),
    }
}

/// Whether a positional puzzle is rather the name of a file that exists
/// (`sudokit solve puzzles.txt`): a puzzle holds no `/` and no file name
/// extension, and is seldom a file of the current folder.
fn looks_like_a_path(text: &str) -> bool {
    let named = text.contains('/')
        || text.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && !ext.is_empty() && ext.chars().all(|c| c.is_ascii_alphabetic())
        });
    named && std::path::Path::new(text).is_file()
}

/// Which engine, with which options and limits.
#[derive(Args, Debug)]
pub struct EngineArgs {
    /// Engine spec: a name with options after colons (cp:dom-wdeg:luby);
    /// `sudokit engines` lists the engines of this build.
    #[arg(short, long, default_value = "auto", value_name = "SPEC")]
    pub engine: String,
    /// cp, choco: variable selector (input-order, first-fail, dom-wdeg, chs, random;
    /// cp also dom-deg, choco also activity and default).
    #[arg(long, value_name = "SELECTOR", help_heading = "CP strategy")]
    pub var: Option<String>,
    /// cp: value selector (min, max, middle, random); choco: min or max.
    #[arg(long, value_name = "SELECTOR", help_heading = "CP strategy")]
    pub val: Option<String>,
    /// cp, choco: restarts (none, luby, geometric), with nogoods from restarts.
    #[arg(long, value_name = "POLICY", help_heading = "CP strategy")]
    pub restarts: Option<String>,
    /// cp: all-different propagation (fc, singles, ac).
    #[arg(long, value_name = "LEVEL", help_heading = "CP strategy")]
    pub propagation: Option<String>,
    /// Seed of what is random: cp's and choco's random selectors, the
    /// puzzles of `generate`, the order of `reduce` (there it is not passed
    /// on to the engine).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Give up on a puzzle after this long: seconds (1.5) or 500ms, 3s, 2m, 1h.
    #[arg(long, value_parser = sudokit_model::parse_duration, value_name = "DURATION")]
    pub timeout: Option<Duration>,
    /// Give up on a puzzle after this many search nodes.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
}

/// `--jobs`, for the commands that work through many puzzles (not for
/// `problem`, which solves one model).
#[derive(Args, Debug)]
pub struct Parallel {
    /// Solve this many puzzles at once (results keep the input order); at
    /// most one per core, 0 for one per core.
    #[arg(short, long, default_value_t = 1, value_name = "J")]
    pub jobs: usize,
}

/// The one puzzle of the file that `option` names (`--like FILE`,
/// `--puzzle FILE`); its errors name the option and the file.
pub fn option_puzzle(option: &str, path: &Path, options: &ReadOptions) -> Result<Puzzle, Failure> {
    let bad = |e: &dyn std::fmt::Display| Failure::bad(format!("{option} {}: {e}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| bad(&e))?;
    parse_puzzle(&text, options).map_err(|e| bad(&e))
}

/// The worker threads `--jobs J` asks for: 0 means one per core, and more
/// than the cores are as many as the cores (more threads than cores only
/// share them, and thousands of them cost more to start than a batch takes).
pub fn worker_threads(jobs: usize) -> Result<usize, Failure> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    Ok(match jobs {
        0 => cores,
        jobs => jobs.min(cores),
    })
}

/// A batch runner on the workers `--jobs J` asks for ([`worker_threads`]),
/// `chunk` items at a time, which Ctrl-C (or SIGTERM, SIGHUP) stops after
/// the items under way.
pub fn batch(jobs: usize, chunk: usize) -> Result<Batch, Failure> {
    Ok(Batch::new(worker_threads(jobs)?)
        .map_err(|e| Failure::Internal(e.to_string()))?
        .chunks_of(chunk)
        .cancel_with(interrupt::token()))
}

impl EngineArgs {
    /// The engine and its strategy flags, as the facade takes them.
    pub fn engine_spec(&self) -> EngineSpec {
        EngineSpec {
            engine: self.engine.clone(),
            var: self.var.clone(),
            val: self.val.clone(),
            restarts: self.restarts.clone(),
            propagation: self.propagation.clone(),
            seed: self.seed,
        }
    }

    /// The full engine spec, strategy flags appended as `key=value` options.
    pub fn spec(&self) -> String {
        self.engine_spec().to_string()
    }

    /// The engine the spec names.
    pub fn build(&self) -> Result<Box<dyn Engine>, Failure> {
        Ok(sudokit_engines::build(&self.spec())?)
    }

    /// What each puzzle may spend: `--timeout`, `--nodes`, and Ctrl-C.
    pub fn budget(&self) -> Budget {
        Budget {
            timeout: self.timeout,
            nodes: self.nodes,
            cancel: Some(interrupt::token()),
        }
    }

    /// Fresh limits for one solve: the deadline starts now, and Ctrl-C
    /// stops it.
    pub fn limits(&self) -> Limits {
        self.budget().limits()
    }
}

/// How results are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Grids drawn with box separators, and a status line.
    #[default]
    Pretty,
    /// One line per puzzle.
    Line,
    /// One JSON object per puzzle, one per line.
    Json,
}

/// Output options shared by solve and count.
#[derive(Args, Debug)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Pretty)]
    pub format: Format,
    /// Print the engine's counters (nodes, fails, time ...).
    #[arg(long)]
    pub stats: bool,
    /// Prove each count ("unique", "no solution", "exactly k") with a
    /// proof checked by code that shares none with the engines
    /// (docs/CERTIFICATES.md); counts every solution up to the cap.
    #[arg(long)]
    pub certify: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_are_bounded_by_the_cores() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(worker_threads(10_000).unwrap(), cores);
        assert_eq!(worker_threads(1).unwrap(), 1);
        assert_eq!(worker_threads(0).unwrap(), cores);
    }
}
