//! `check`: a filled grid judged by the verifier, against the plain rules
//! of its size or against a puzzle (its givens and variant rules).

use sudokit_formats::Shape;
use sudokit_puzzle::Puzzle;
use sudokit_verify::{check_grid, Report};

use crate::{read_options, read_puzzle, Error};

/// The one grid of `text`, read as `sudokit check` reads it: a digit
/// repeated is a finding of the check, not bad input, and when `rules`
/// judge the grid it is read as a plain square (the rules bring the
/// layout, so a 2x2 or a 7x7 needs no box shape).
pub fn read_grid(text: &str, rules: Option<&Puzzle>) -> Result<Puzzle, Error> {
    let options = match rules {
        Some(_) => read_options().shape(Shape::Latin),
        None => read_options(),
    };
    Ok(read_puzzle(text, &options)?.puzzle)
}

/// Judges `grid`'s digits against `rules` (its givens must be kept, its
/// variant rules hold), or without rules against the plain rules of the
/// grid's own geometry. An empty report is a valid grid; its text lists
/// what is wrong as `sudokit check` prints it.
///
/// ```
/// use sudokit_core::{check, read_grid, read_options, read_puzzle};
///
/// let grid = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// let rules = read_puzzle("5.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", &read_options())?.puzzle;
/// let report = check(&read_grid(grid, Some(&rules))?, Some(&rules))?;
/// assert_eq!((report.is_valid(), report.to_string()), (false, "given 5 at r1c1 was changed to 4".to_string()));
/// assert!(check(&read_grid(grid, None)?, None)?.is_valid());
/// # Ok::<(), sudokit_core::Error>(())
/// ```
pub fn check(grid: &Puzzle, rules: Option<&Puzzle>) -> Result<Report, Error> {
    match rules {
        Some(rules) => Ok(check_grid(rules, grid.givens())),
        None => Ok(check_grid(&blank_like(grid)?, grid.givens())),
    }
}

/// The grid's own geometry with no givens: the plain rules of its size.
fn blank_like(grid: &Puzzle) -> Result<Puzzle, Error> {
    let mut spec = grid.spec().clone();
    spec.givens = vec![0; spec.givens.len()];
    spec.candidates = None;
    Puzzle::new(spec).map_err(|e| Error::Internal(e.to_string()))
}
