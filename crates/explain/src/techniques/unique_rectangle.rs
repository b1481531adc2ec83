//! **Unique rectangle (type 1).** Four open cells at the corners of a
//! rectangle (two rows, two columns) lying in exactly two boxes. If all
//! four held only a and b, the rows and columns would force a
//! checkerboard, a b / b a, and swapping a and b in those four cells would
//! give a second, equally valid grid: each row and column keeps the same
//! two digits, and so does each box, because each box holds two corners
//! side by side (in one row or one column), one a and one b. Such a
//! *deadly pattern* cannot occur in a puzzle with a single solution. So
//! when three corners hold exactly {a,b} and the fourth holds a, b and
//! more, the fourth cannot be a or b: it must take one of its other digits.
//! SE 4.5.
//!
//! Both conditions matter. The argument proves nothing without knowing the
//! solution is unique (a puzzle with several solutions may well have the
//! pattern), so the technique only runs when uniqueness is known. And the
//! swap only gives another solution when nothing but rows, columns and
//! boxes tell the cells apart: with corners in three or four boxes, each
//! box would lose one digit and gain another; a diagonal, an extra group or
//! a killer cage (whose sum or contents the swap may break) could also rule
//! the second grid out. So it runs only on plain grids (boxes, jigsaw
//! regions or a latin square, which has no boxes), with the four corners in
//! two boxes or regions, two corners in each, sharing a row or a column.

use sudokit_puzzle::{cell_name, Cell, GroupKind};

use crate::step::digit_set;
use crate::{digits, Board, Step, Technique};

/// The first unique rectangle of type 1.
pub fn find(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    if !board.is_unique() || !geometry.is_plain() {
        return None;
    }
    let n = board.size();
    let box_of = |c: Cell| {
        geometry
            .groups_of(c)
            .iter()
            .copied()
            .find(|&g| matches!(geometry.kind(g), GroupKind::Box(_) | GroupKind::Region(_)))
    };
    let boxed = box_of(0).is_some();
    let pair_at = |c: Cell, mask: u64| board.value(c) == 0 && board.candidates(c) == mask;
    // `a` is the corner opposite the fourth cell `d`; `b` shares its row
    // and `c` its column.
    for a in board.open_cells() {
        let mask = board.candidates(a);
        if mask.count_ones() != 2 {
            continue;
        }
        let (row, col) = (a / n, a % n);
        for b in (row * n..row * n + n).filter(|&b| b != a && pair_at(b, mask)) {
            for c in (col..n * n)
                .step_by(n)
                .filter(|&c| c != a && pair_at(c, mask))
            {
                let d = c / n * n + b % n;
                if board.value(d) != 0
                    || board.candidates(d) & mask != mask
                    || board.candidates(d) == mask
                {
                    continue;
                }
                if boxed {
                    let [ba, bb, bc, bd] = [a, b, c, d].map(box_of);
                    let across = ba == bb && bc == bd && ba != bc;
                    let down = ba == bc && bb == bd && ba != bb;
                    if !across && !down {
                        continue;
                    }
                }
                let mut three = [a, b, c];
                three.sort_unstable();
                let mut pair = digits(mask);
                let (x, y) = (pair.next()?, pair.next()?);
                let reason = format!(
                    "{}, {} and {} hold only {}: if {} were {x} or {y} too, swapping {x} \
                     and {y} in the rectangle would give a second solution",
                    cell_name(three[0], n),
                    cell_name(three[1], n),
                    cell_name(three[2], n),
                    digit_set(mask),
                    cell_name(d, n),
                );
                let mut corners = [a, b, c, d];
                corners.sort_unstable();
                let mut step =
                    Step::new(Technique::UniqueRectangle, board, reason).with_cells(corners);
                step.eliminations = vec![(d, x), (d, y)];
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use sudokit_model::BoxShape;
    use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};

    use crate::testing::{board, pencil_marks, step_of};
    use crate::{Board, Technique};

    /// A board of side n with these pencil marks at (row, column), 1-based,
    /// every digit elsewhere, whose solution is taken as unique.
    fn marks(n: usize, cells: &[(usize, usize, &str)]) -> Board {
        let mut all = vec!["."; n * n];
        for &(r, c, m) in cells {
            all[(r - 1) * n + c - 1] = m;
        }
        let mut b = pencil_marks(n, &all);
        b.assume_unique(true);
        b
    }

    #[test]
    fn the_fourth_corner_loses_the_pair() {
        // Rows 1 and 3, columns 1 and 4: boxes 1 and 2, two corners each.
        let b = marks(
            9,
            &[(1, 1, "27"), (1, 4, "27"), (3, 1, "27"), (3, 4, "257")],
        );
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.reason,
            "r1c1, r1c4 and r3c1 hold only {2,7}: if r3c4 were 2 or 7 too, \
             swapping 2 and 7 in the rectangle would give a second solution"
        );
        assert_eq!(step.effect(), "r3c4<>2, r3c4<>7");
        assert_eq!(step.rating.to_string(), "4.5");
    }

    #[test]
    fn the_fourth_corner_may_be_any_of_them() {
        // The extra digit sits in r1c1, opposite r3c4.
        let b = marks(
            9,
            &[(1, 1, "127"), (1, 4, "27"), (3, 1, "27"), (3, 4, "27")],
        );
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.reason,
            "r1c4, r3c1 and r3c4 hold only {2,7}: if r1c1 were 2 or 7 too, \
             swapping 2 and 7 in the rectangle would give a second solution"
        );
        assert_eq!(step.effect(), "r1c1<>2, r1c1<>7");
    }

    #[test]
    fn only_when_the_solution_is_known_to_be_unique() {
        let mut b = marks(
            9,
            &[(1, 1, "27"), (1, 4, "27"), (3, 1, "27"), (3, 4, "257")],
        );
        b.assume_unique(false);
        assert_eq!(Technique::UniqueRectangle.find(&b), None);
    }

    #[test]
    fn not_across_four_boxes() {
        // Rows 1 and 5, columns 1 and 4: boxes 1, 2, 4 and 5. Swapping
        // would change what each box holds, so there is no deadly pattern.
        let b = marks(
            9,
            &[(1, 1, "27"), (1, 4, "27"), (5, 1, "27"), (5, 4, "257")],
        );
        assert_eq!(Technique::UniqueRectangle.find(&b), None);
    }

    #[test]
    fn a_latin_square_has_no_boxes_to_check() {
        let b = marks(
            5,
            &[(2, 2, "13"), (2, 5, "13"), (4, 2, "13"), (4, 5, "134")],
        );
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(step.effect(), "r4c5<>1, r4c5<>3");
    }

    #[test]
    fn not_with_diagonals() {
        // The rectangle of the first test, on a sudoku-X: r1c1 is on the
        // main diagonal, which a swap would leave without one of the digits.
        let with = |diagonals: bool| {
            let mut all = vec![u64::MAX >> 55; 81];
            for (cell, mask) in [
                (0, 0b100_0010),
                (3, 0b100_0010),
                (18, 0b100_0010),
                (21, 0b101_0010),
            ] {
                all[cell] = mask;
            }
            let mut spec = PuzzleSpec::blank(9, Layout::Boxes(BoxShape { rows: 3, cols: 3 }));
            spec.diagonals = diagonals;
            spec.candidates = Some(all);
            let mut b = Board::new(&Puzzle::new(spec).unwrap());
            b.assume_unique(true);
            Technique::UniqueRectangle
                .find(&b)
                .map(|step| step.effect())
        };
        assert_eq!(with(false).as_deref(), Some("r3c4<>2, r3c4<>7"));
        assert_eq!(with(true), None);
    }

    #[test]
    fn a_unique_rectangle_in_a_real_puzzle() {
        // Easy51 #49 after its singles: r4c1, r4c3 (box 4), r9c1 (box 7)
        // hold only {6,9}; r9c3 holds {5,6,9}.
        let mut b = board(
            "8.1..7.9. 59..8..61 .3.....8. .1.275843 358.6.127 274138956 .8.....3. 1..82..79 .2.7..418",
        );
        b.assume_unique(true);
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.reason,
            "r4c1, r4c3 and r9c1 hold only {6,9}: if r9c3 were 6 or 9 too, \
             swapping 6 and 9 in the rectangle would give a second solution"
        );
        assert_eq!(step.effect(), "r9c3<>6, r9c3<>9");
        // The solution has 5 in r9c3.
        let solution =
            "861357294597482361432619785916275843358964127274138956789541632143826579625793418";
        assert_eq!(solution.as_bytes()[8 * 9 + 2], b'5');
    }
}
