//! How `generate` and `reduce` write the puzzles they make: in any form
//! sudokit reads back, refusing a form that would drop part of a puzzle.

use std::io::Write;

use clap::ValueEnum;
use sudokit_formats::{grid_to_block_in, grid_to_line_in, to_toml_listed, Digits};
use sudokit_puzzle::Puzzle;

use crate::failure::Failure;

/// The forms a made puzzle can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PuzzleForm {
    /// A line where the puzzle fits on one (a plain grid), TOML otherwise.
    Auto,
    /// One line of n*n characters (plain boxed or latin grids).
    Line,
    /// The grid drawn with its boxes (plain boxed or latin grids).
    Block,
    /// A TOML `[[puzzle]]` table per puzzle (cages `[[puzzle.cage]]`), so
    /// that a run of any length reads back as a list of variant puzzles.
    Toml,
    /// A JSON array, one puzzle per line, with its solution and measures.
    Json,
}

impl PuzzleForm {
    /// The form to write a puzzle in, given whether it is a plain grid
    /// (no [`Puzzle::variant_parts`]): `Auto` resolved, and a line or a
    /// block refused for a puzzle they cannot hold.
    pub fn resolve(self, plain: bool) -> Result<PuzzleForm, Failure> {
        match self {
            PuzzleForm::Auto if plain => Ok(PuzzleForm::Line),
            PuzzleForm::Auto => Ok(PuzzleForm::Toml),
            PuzzleForm::Line | PuzzleForm::Block if !plain => Err(Failure::bad(
                "a line or a block holds only the digits of a plain grid, not its \
                 jigsaw regions, diagonals, extra groups or cages: use --format toml or json",
            )),
            form => Ok(form),
        }
    }

    /// `puzzle` in this (resolved) form, a line or block in `digits`;
    /// `record` makes the JSON form, a record that holds the puzzle.
    pub fn render(
        self,
        puzzle: &Puzzle,
        digits: Digits,
        record: impl FnOnce() -> String,
    ) -> String {
        match self {
            PuzzleForm::Auto | PuzzleForm::Line => grid_to_line_in(puzzle.givens(), digits),
            PuzzleForm::Block => grid_to_block_in(puzzle, puzzle.givens(), digits),
            PuzzleForm::Toml => to_toml_listed(puzzle),
            PuzzleForm::Json => record(),
        }
    }

    /// Writes `text`, the `index`-th puzzle (0-based) of a run rendered in
    /// this form, with what goes before it.
    pub fn write(self, out: &mut impl Write, index: usize, text: &str) -> std::io::Result<()> {
        write!(out, "{}", self.separator(index))?;
        match self {
            PuzzleForm::Json => write!(out, "{text}"),
            _ => writeln!(out, "{}", text.trim_end()),
        }
    }

    /// What goes before the `index`-th puzzle (0-based) of a run.
    fn separator(self, index: usize) -> &'static str {
        match (self, index) {
            (PuzzleForm::Json, 0) => "[\n",
            (PuzzleForm::Json, _) => ",\n",
            (PuzzleForm::Block | PuzzleForm::Toml, i) if i > 0 => "\n",
            _ => "",
        }
    }

    /// What ends a run of `count` puzzles.
    pub fn closing(self, count: usize) -> &'static str {
        match (self, count) {
            (PuzzleForm::Json, 0) => "[]\n",
            (PuzzleForm::Json, _) => "\n]\n",
            _ => "",
        }
    }
}
