//! `show`: a puzzle printed in another form, or drawn as SVG.

use sudokit_formats::{
    grid_to_block_in, grid_to_line_in, to_json, to_svg, to_toml, to_toml_listed, Digits,
};
use sudokit_pipeline::Answer;
use sudokit_puzzle::Puzzle;

use crate::{Error, Kit};

/// The forms [`show`] prints; every one but [`ShowForm::Svg`] reads back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowForm {
    /// The grid with box separators (digits only: a variant's regions,
    /// diagonals, extra groups and cages are not drawn).
    Pretty,
    /// One line of n*n characters (digits only, as `Pretty`).
    Line,
    /// A TOML variant file: everything the puzzle holds.
    Toml,
    /// A `[[puzzle]]` TOML table: one of several puzzles in one file.
    TomlListed,
    /// JSON (the conformance-suite schema): everything the puzzle holds.
    Json,
    /// A picture: boxes or jigsaw regions, diagonals, tinted extra groups,
    /// dashed killer cages with their sums.
    Svg,
}

/// `puzzle` in `form`, its digits (in a line or a block) written in the
/// convention it was read in ([`Entry::digits`](crate::Entry::digits):
/// hex in, hex out).
///
/// ```
/// use sudokit_core::{read_options, read_puzzle, show, ShowForm};
///
/// let entry = read_puzzle("..2....4.4.3....", &read_options())?;
/// let block = show(&entry.puzzle, entry.digits, ShowForm::Pretty);
/// assert_eq!(block, ". . | 2 .\n. . | . 4\n----+----\n. 4 | . 3\n. . | . .\n");
/// assert!(show(&entry.puzzle, entry.digits, ShowForm::Svg).starts_with("<svg"));
/// # Ok::<(), sudokit_core::Error>(())
/// ```
pub fn show(puzzle: &Puzzle, digits: Digits, form: ShowForm) -> String {
    match form {
        ShowForm::Pretty => grid_to_block_in(puzzle, puzzle.givens(), digits),
        ShowForm::Line => grid_to_line_in(puzzle.givens(), digits),
        ShowForm::Toml => to_toml(puzzle),
        ShowForm::TomlListed => to_toml_listed(puzzle),
        ShowForm::Json => to_json(puzzle).to_string(),
        ShowForm::Svg => to_svg(puzzle, None),
    }
}

impl Kit {
    /// `puzzle` drawn as SVG with its solution (`sudokit show --format svg
    /// --solved`), and the answer it was drawn from: a puzzle with no
    /// solution, or one a limit stopped, is drawn unsolved, and the
    /// answer's status says why.
    ///
    /// ```
    /// use sudokit_core::{read_options, read_puzzle, Kit, Status};
    ///
    /// let puzzle = read_puzzle("..2....4.4.3....", &read_options())?.puzzle;
    /// let (svg, answer) = Kit::new("fast")?.draw_solved(&puzzle)?;
    /// assert_eq!(answer.status, Status::Solved);
    /// assert!(svg.starts_with("<svg") && svg.len() > sudokit_core::show(&puzzle, Default::default(), sudokit_core::ShowForm::Svg).len());
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn draw_solved(&self, puzzle: &Puzzle) -> Result<(String, Answer), Error> {
        let answer = self.solve(puzzle)?;
        let svg = to_svg(puzzle, answer.grids.first().map(Vec::as_slice));
        Ok((svg, answer))
    }
}
