//! Givens and pencil marks that contradict the rest of their own puzzle.
//!
//! They are what changes from one puzzle of a shape to the next, so a
//! contradiction among them is not a malformed puzzle but one without a
//! solution: the verifier holds a solution to every given, mark, group and
//! cage at once, and the lowering hands the engines the same cells, so an
//! engine's "no solution" agrees with it. [`Puzzle::check_givens`] says why
//! at a glance, for a reader to refuse such a puzzle or a front end to give
//! the reason with the answer.

use crate::{Cage, Cell, Puzzle, PuzzleError};

impl Puzzle {
    /// The first way the givens and pencil marks contradict the puzzle, if
    /// any: a given its own marks exclude, a blank cell whose marks allow no
    /// digit, two equal givens in one group, or a cage its givens leave no
    /// way to complete. A puzzle with one is well-formed but unsolvable.
    pub fn check_givens(&self) -> Result<(), PuzzleError> {
        self.check_marks()?;
        self.check_groups()?;
        for (index, cage) in self.cages().iter().enumerate() {
            self.check_cage(index, cage)?;
        }
        Ok(())
    }

    fn check_marks(&self) -> Result<(), PuzzleError> {
        let Some(marks) = self.candidates() else {
            return Ok(());
        };
        let size = self.size();
        let all = u64::MAX >> (64 - size);
        for (cell, (&digit, &mark)) in self.givens().iter().zip(marks).enumerate() {
            if digit == 0 && mark & all == 0 {
                return Err(PuzzleError::NoCandidates { cell, size });
            }
            if digit != 0 && mark >> (digit - 1) & 1 == 0 {
                return Err(PuzzleError::GivenNotACandidate {
                    cell,
                    digit,
                    marks: mark & all,
                    size,
                });
            }
        }
        Ok(())
    }

    fn check_groups(&self) -> Result<(), PuzzleError> {
        let n = self.size();
        for group in self.groups() {
            let mut seen: Vec<Option<Cell>> = vec![None; n + 1];
            for &cell in &group.cells {
                let digit = self.givens()[cell];
                if digit == 0 {
                    continue;
                }
                if let Some(first) = seen[usize::from(digit)] {
                    return Err(PuzzleError::DuplicateGiven {
                        digit,
                        group: group.kind,
                        first,
                        second: cell,
                        size: n,
                    });
                }
                seen[usize::from(digit)] = Some(cell);
            }
        }
        Ok(())
    }

    /// Whether the open cells of a cage whose givens differ can take
    /// distinct digits, none of the givens', that make up the rest of its sum.
    fn check_cage(&self, index: usize, cage: &Cage) -> Result<(), PuzzleError> {
        let n = self.size();
        // Digits to 100: a cage's givens take one bit each of a u128.
        let mut taken = 0u128;
        let mut given = 0u32;
        for &cell in &cage.cells {
            let digit = self.givens()[cell];
            if digit != 0 {
                taken |= 1 << (digit - 1);
                given += u32::from(digit);
            }
        }
        if taken == 0 {
            return Ok(()); // Puzzle::new checked the sum is in reach
        }
        let open = cage.cells.len() - taken.count_ones() as usize;
        let reachable = cage
            .sum
            .checked_sub(given)
            .is_some_and(|left| sums_of_distinct(n, taken, open, left));
        if reachable {
            return Ok(());
        }
        Err(PuzzleError::CageOutOfReach {
            index,
            sum: cage.sum,
            given,
            open,
        })
    }
}

/// Whether `count` distinct digits of `1..=n`, none in `taken`, add up to
/// `target`: a subset-sum table over (digits chosen, sum), at most 100 x 5050.
fn sums_of_distinct(n: usize, taken: u128, count: usize, target: u32) -> bool {
    let target = target as usize;
    // reach[k][s]: some k of the digits seen so far add up to s.
    let mut reach = vec![vec![false; target + 1]; count + 1];
    reach[0][0] = true;
    for digit in (1..=n).filter(|d| taken >> (d - 1) & 1 == 0) {
        for k in (1..=count).rev() {
            for s in (digit..=target).rev() {
                reach[k][s] |= reach[k - 1][s - digit];
            }
        }
    }
    reach[count][target]
}

#[cfg(test)]
mod tests {
    use super::sums_of_distinct;
    use crate::{Cage, Layout, Puzzle, PuzzleSpec};

    /// The message of the first contradiction in a 5x5 latin square with
    /// `edit` applied, or "none".
    fn first_contradiction(edit: impl FnOnce(&mut PuzzleSpec)) -> String {
        let mut spec = PuzzleSpec::blank(5, Layout::Latin);
        edit(&mut spec);
        match Puzzle::new(spec).unwrap().check_givens() {
            Err(e) => e.to_string(),
            Ok(()) => "none".into(),
        }
    }

    #[test]
    fn a_given_its_marks_exclude_is_named_with_its_marks() {
        let why = first_contradiction(|spec| {
            spec.givens[7] = 5;
            let mut marks = vec![0b11111; 25];
            marks[7] = 0b1111 | 1 << 40; // a stray bit past the digits
            spec.candidates = Some(marks);
        });
        assert_eq!(
            why,
            "the given 5 at r2c3 is not one of its candidates (1234)"
        );
        let why = first_contradiction(|spec| {
            spec.givens[24] = 1;
            let mut marks = vec![0b11111; 25];
            marks[24] = 0;
            spec.candidates = Some(marks);
        });
        assert_eq!(
            why,
            "the given 1 at r5c5 is not one of its candidates (none)"
        );
    }

    #[test]
    fn a_blank_cell_whose_marks_allow_no_digit_is_named() {
        let why = first_contradiction(|spec| {
            let mut marks = vec![0b11111; 25];
            marks[10] = 1 << 5; // 6, past a 5x5 grid
            spec.candidates = Some(marks);
        });
        assert_eq!(why, "r3c1 has no candidates");
    }

    #[test]
    fn marks_that_allow_their_given_are_no_contradiction() {
        let why = first_contradiction(|spec| {
            spec.givens[7] = 5;
            let mut marks = vec![0b11111; 25];
            marks[7] = 0b10000;
            spec.candidates = Some(marks);
        });
        assert_eq!(why, "none");
    }

    #[test]
    fn equal_givens_in_an_extra_group_are_named_with_the_group() {
        let why = first_contradiction(|spec| {
            spec.extra_groups = vec![vec![1, 7, 13]];
            spec.givens[1] = 4;
            spec.givens[13] = 4;
        });
        assert_eq!(why, "4 appears twice in extra group 1: r1c2 and r3c4");
    }

    #[test]
    fn a_cage_its_givens_cannot_complete_is_named_with_its_sum() {
        let caged = |cells: Vec<usize>, sum: u32, givens: &[(usize, u8)]| {
            first_contradiction(|spec| {
                spec.cages = vec![Cage { cells, sum }];
                for &(cell, digit) in givens {
                    spec.givens[cell] = digit;
                }
            })
        };
        // 5 + 1 = 6 would need the 1 twice: out of reach though 6 <= 5 + 5.
        assert_eq!(
            caged(vec![0, 1], 6, &[(0, 3)]),
            "cage 1 (sum 6): its givens add up to 3, and its 1 open cell \
             cannot make up the other 3 with distinct digits not among them"
        );
        assert_eq!(
            caged(vec![0, 1, 2], 7, &[(0, 4), (2, 3)]),
            "cage 1 (sum 7): its givens add up to 7 already, with 1 open cell left"
        );
        assert_eq!(
            caged(vec![5, 6], 8, &[(5, 4), (6, 5)]),
            "cage 1 (sum 8) holds only givens, and they add up to 9"
        );
        assert_eq!(
            caged(vec![0, 1, 2], 12, &[(0, 1)]),
            "cage 1 (sum 12): its givens add up to 1, and its 2 open cells \
             cannot make up the other 11 with distinct digits not among them"
        );
        assert_eq!(caged(vec![0, 1, 2], 12, &[(0, 5)]), "none"); // 5 + 4 + 3
        assert_eq!(caged(vec![5, 6], 9, &[(5, 4), (6, 5)]), "none");
    }

    #[test]
    fn sums_of_distinct_digits_skip_the_taken_ones() {
        // 1..=4 without 2: {1, 3, 4}.
        let taken = 0b0010;
        assert!(sums_of_distinct(4, taken, 2, 5)); // 1 + 4
        assert!(!sums_of_distinct(4, taken, 2, 6)); // 2 + 4 needs the 2
        assert!(!sums_of_distinct(4, taken, 1, 2));
        assert!(sums_of_distinct(4, taken, 3, 8));
        assert!(sums_of_distinct(4, taken, 0, 0));
        assert!(!sums_of_distinct(4, taken, 0, 1));
        assert!(!sums_of_distinct(4, taken, 4, 10));
    }
}
