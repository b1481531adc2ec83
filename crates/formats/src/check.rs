use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec, WORD_MAX_SIZE};

use crate::{ErrorKind, ReadOptions};

/// Validates a spec into a puzzle and, in strict reading, refuses givens and
/// pencil marks that contradict it (equal givens in one unit ...).
pub(crate) fn finish(spec: PuzzleSpec, options: &ReadOptions) -> Result<Puzzle, ErrorKind> {
    let puzzle = Puzzle::new(spec).map_err(ErrorKind::Puzzle)?;
    if options.check_givens && !classic_conflict_free(&puzzle) {
        puzzle.check_givens().map_err(ErrorKind::Puzzle)?;
    }
    Ok(puzzle)
}

/// A quick allocation-free answer for plain boxed grids (the bulk of any
/// batch file): `true` when no two givens clash. `false` means "clash, or not
/// a plain grid of at most 64 digits": then [`Puzzle::check_givens`] decides and words the message.
fn classic_conflict_free(puzzle: &Puzzle) -> bool {
    let n = puzzle.size();
    let Layout::Boxes(shape) = puzzle.layout() else {
        return false;
    };
    if puzzle.candidates().is_some() {
        return false;
    }
    if puzzle.diagonals() || !puzzle.extra_groups().is_empty() || !puzzle.cages().is_empty() {
        return false;
    }
    if n > WORD_MAX_SIZE {
        return false;
    }
    let mut rows = [0u64; WORD_MAX_SIZE];
    let mut cols = [0u64; WORD_MAX_SIZE];
    let mut boxes = [0u64; WORD_MAX_SIZE];
    for (cell, &digit) in puzzle.givens().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let bit = 1u64 << (digit - 1);
        let (r, c, b) = (cell / n, cell % n, shape.box_of(cell));
        if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
            return false;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    true
}
