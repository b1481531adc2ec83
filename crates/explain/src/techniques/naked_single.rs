//! **Naked single.** A cell whose pencil marks are down to one digit takes
//! it: every other digit already appears in a row, column, box or other
//! group the cell belongs to. Rated 2.3 on the SE scale, above hidden
//! singles, because finding it means listing everything the cell sees.

use sudokit_puzzle::cell_name;

use crate::{digits, Board, Step, Technique};

/// The first open cell with a single candidate.
pub fn find(board: &Board) -> Option<Step> {
    let cell = board
        .open_cells()
        .find(|&c| board.candidates(c).count_ones() == 1)?;
    let digit = digits(board.candidates(cell)).next()?;
    let reason = format!(
        "{} sees every digit but {digit}",
        cell_name(cell, board.size())
    );
    let mut step = Step::new(Technique::NakedSingle, board, reason).with_cells([cell]);
    step.placements.push((cell, digit));
    Some(step)
}

#[cfg(test)]
mod tests {
    use crate::testing::{board, step_of};
    use crate::Technique;

    #[test]
    fn a_cell_that_sees_every_other_digit_takes_the_last() {
        // r1c1 sees 1 and 2 in its row and 3 in its column: only 4 is left.
        let b = board(".12. .... 3... ....");
        let step = step_of(Technique::NakedSingle, &b);
        assert_eq!(step.reason, "r1c1 sees every digit but 4");
        assert_eq!(step.placements, [(0, 4)]);
    }
}
