//! **Unique rectangle (types 1, 2 and 4).** Four open cells at the corners
//! of a rectangle (two rows, two columns) lying in exactly two boxes. If all
//! four held only a and b, the rows and columns would force a
//! checkerboard, a b / b a, and swapping a and b in those four cells would
//! give a second, equally valid grid: each row and column keeps the same
//! two digits, and so does each box, because each box holds two corners
//! side by side (in one row or one column), one a and one b. Such a
//! *deadly pattern* cannot occur in a puzzle with a single solution, so
//! whatever else the corners hold must be used to avoid it:
//!
//! - *Type 1* (SE 4.5): three corners hold exactly {a,b} and the fourth
//!   holds a, b and more. The fourth cannot be a or b: it must take one of
//!   its other digits.
//! - *Type 2* (SE 4.5): two corners side by side (the *floor*, in one row
//!   or column) hold exactly {a,b}; the other two (the *roof*) each hold
//!   {a,b,x}, the same single extra digit x. If neither roof cell were x,
//!   all four would be a or b: so one of them is x, and x goes from every
//!   cell that sees both roof cells (their row or column, and their box if
//!   they share one). Sukaku Explainer counts it type 2 too (4.5) when
//!   only one corner holds exactly {a,b} and the other three each hold
//!   {a,b,x}: one of the three is x, and x goes from every cell that sees
//!   all three.
//! - *Type 4* (SE 4.5): the floor holds exactly {a,b}, both roof cells hold
//!   a and b (and more), and in a row, column or box that holds both roof
//!   cells, a can only go in those two (a strong link on a). One roof cell
//!   is then a; if the other were b, the rectangle would be the deadly
//!   pattern. So neither roof cell can be b.
//!
//! Both conditions matter. The argument proves nothing without knowing the
//! solution is unique (a puzzle with several solutions may well have the
//! pattern), so the technique only runs when uniqueness is known. And the
//! swap only gives another solution when nothing but rows, columns and
//! boxes tell the cells apart: with corners in three or four boxes, each
//! box would lose one digit and gain another; a diagonal, an extra group or
//! a killer cage (whose sum or contents the swap may break) could also rule
//! the second grid out. So this file's search runs only on plain grids
//! (boxes, jigsaw regions or a latin square, which has no boxes), with the
//! four corners in two boxes or regions, two corners in each, sharing a row
//! or a column. On other variants the rectangle is found as the smallest
//! unique loop (`unique_loop.rs`, which also has type 3), and used only
//! when every group, diagonals and cages too, holds none of its corners or
//! two with different digits.

use sudokit_puzzle::{cell_name, Cell, GroupKind};

use crate::step::digit_set;
use crate::techniques::unique_loop::{self, Loops};
use crate::{digits, Board, Step, Technique};

/// The lowest-rated unique rectangle or loop: SE looks for them all at
/// once and takes the lowest. Types 1, 2 and 4 rate 4.5; type 3 and loops
/// (`unique_loop.rs`) 4.5 and up. On a variant only `unique_loop.rs`'s
/// search runs, which checks every group.
pub fn find(board: &Board) -> Option<Step> {
    if !board.is_unique() {
        return None;
    }
    if !board.geometry().is_plain() {
        return unique_loop::lowest(board, Loops::All);
    }
    // Types 1, 2 and 4 rate 4.5, type 3 and loops 4.5 and up: the lowest
    // wins, and among equals the types in SE's order, 1, 2, 3, 4.
    if let Some(step) = type_1(board).or_else(|| type_2(board)) {
        return Some(step);
    }
    let others = unique_loop::lowest(board, Loops::LongAndRectangleType3);
    match (others, type_4(board)) {
        (Some(other), Some(four)) if four.rating < other.rating => Some(four),
        (Some(other), _) => Some(other),
        (None, four) => four,
    }
}

/// The box or region of `cell`, if the grid has them.
fn box_of(board: &Board, cell: Cell) -> Option<usize> {
    let geometry = board.geometry();
    geometry
        .groups_of(cell)
        .iter()
        .copied()
        .find(|&g| matches!(geometry.kind(g), GroupKind::Box(_) | GroupKind::Region(_)))
}

/// Three corners hold exactly {a,b}, the fourth more.
fn type_1(board: &Board) -> Option<Step> {
    let n = board.size();
    let box_of = |c: Cell| box_of(board, c);
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
                    "type 1: {}, {} and {} hold only {}: if {} were {x} or {y} too, swapping {x} \
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

/// A rectangle in two boxes: the `floor`, two cells side by side holding
/// exactly `mask` = {a,b}, and the `roof`, the cells across from them
/// (`roof[i]` in line with `floor[i]`), open and holding a and b.
struct Rectangle {
    floor: [Cell; 2],
    roof: [Cell; 2],
    mask: u64,
}

/// Calls `visit` with every rectangle of bivalue floor, floors in cell
/// order (rows before columns), until it returns `Some`.
fn first_rectangle(
    board: &Board,
    mut visit: impl FnMut(&Rectangle) -> Option<Step>,
) -> Option<Step> {
    let n = board.size();
    let boxed = box_of(board, 0).is_some();
    let in_two_boxes = |[f0, f1]: [Cell; 2], [r0, r1]: [Cell; 2]| {
        if !boxed {
            return true;
        }
        let [bf0, bf1, br0, br1] = [f0, f1, r0, r1].map(|c| box_of(board, c));
        (bf0 == bf1 && br0 == br1 && bf0 != br0) || (bf0 == br0 && bf1 == br1 && bf0 != bf1)
    };
    for f0 in board.open_cells() {
        let mask = board.candidates(f0);
        if mask.count_ones() != 2 {
            continue;
        }
        let (row, col) = (f0 / n, f0 % n);
        // The floor's second cell further along its row, then down its
        // column; `step` moves from the floor's line to the parallel ones.
        let along_row = (col + 1..n).map(|c| (row * n + c, n, row));
        let down_col = (row + 1..n).map(|r| (r * n + col, 1, col));
        for (f1, step, line) in along_row.chain(down_col) {
            if board.value(f1) != 0 || board.candidates(f1) != mask {
                continue;
            }
            for other in (0..n).filter(|&l| l != line) {
                let shift = |c: Cell| c + other * step - line * step;
                let floor = [f0, f1];
                let roof = floor.map(shift);
                if roof
                    .iter()
                    .any(|&c| board.value(c) != 0 || board.candidates(c) & mask != mask)
                    || !in_two_boxes(floor, roof)
                {
                    continue;
                }
                if let Some(step) = visit(&Rectangle { floor, roof, mask }) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The floor holds exactly {a,b}, each roof cell {a,b,x}: one roof cell is
/// x, so x goes from the cells that see both.
fn type_2(board: &Board) -> Option<Step> {
    let n = board.size();
    let two = first_rectangle(board, |rect| {
        let [r0, r1] = rect.roof;
        let extra = board.candidates(r0) & !rect.mask;
        if extra.count_ones() != 1 || board.candidates(r1) != rect.mask | extra {
            return None;
        }
        let x = digits(extra).next()?;
        let gone = board.seen_by_all(&[r0, r1], x);
        if gone.is_empty() {
            return None;
        }
        let mut pair = digits(rect.mask);
        let (a, b) = (pair.next()?, pair.next()?);
        let reason = format!(
            "type 2: {}, {} hold only {}; {} and {} add only {x}, so one of them is {x} \
             (else swapping {a} and {b} in the rectangle would give a second solution)",
            cell_name(rect.floor[0], n),
            cell_name(rect.floor[1], n),
            digit_set(rect.mask),
            cell_name(r0, n),
            cell_name(r1, n),
        );
        Some(rectangle_step(board, rect, reason, gone))
    });
    two.or_else(|| type_2_three_corners(board))
}

/// One corner holds exactly {a,b}, the other three each {a,b,x}: one of
/// them is x, so x goes from the cells that see all three.
fn type_2_three_corners(board: &Board) -> Option<Step> {
    let n = board.size();
    let boxed = box_of(board, 0).is_some();
    for a in board.open_cells() {
        let mask = board.candidates(a);
        if mask.count_ones() != 2 {
            continue;
        }
        let (row, col) = (a / n, a % n);
        // `b` shares the pair corner's row, `c` its column, `d` is opposite.
        for b in (row * n..row * n + n).filter(|&b| b != a) {
            let with_x = board.candidates(b);
            let extra = with_x & !mask;
            if board.value(b) != 0 || with_x & mask != mask || extra.count_ones() != 1 {
                continue;
            }
            for c in (col..n * n).step_by(n).filter(|&c| c != a) {
                let d = c / n * n + b % n;
                let same = |cell: Cell| board.value(cell) == 0 && board.candidates(cell) == with_x;
                if !same(c) || !same(d) {
                    continue;
                }
                if boxed {
                    let [ba, bb, bc, bd] = [a, b, c, d].map(|c| box_of(board, c));
                    let across = ba == bb && bc == bd && ba != bc;
                    let down = ba == bc && bb == bd && ba != bb;
                    if !across && !down {
                        continue;
                    }
                }
                let x = digits(extra).next()?;
                let mut three = [b, c, d];
                three.sort_unstable();
                let mut gone = board.seen_by_all(&three, x);
                if gone.is_empty() {
                    continue;
                }
                gone.sort_unstable();
                let mut pair = digits(mask);
                let (p, q) = (pair.next()?, pair.next()?);
                let reason = format!(
                    "type 2: {} holds only {}; {}, {} and {} add only {x}, so one of them is \
                     {x} (else swapping {p} and {q} in the rectangle would give a second \
                     solution)",
                    cell_name(a, n),
                    digit_set(mask),
                    cell_name(three[0], n),
                    cell_name(three[1], n),
                    cell_name(three[2], n),
                );
                let mut corners = [a, b, c, d];
                corners.sort_unstable();
                let mut step =
                    Step::new(Technique::UniqueRectangle, board, reason).with_cells(corners);
                step.eliminations = gone;
                return Some(step);
            }
        }
    }
    None
}

/// The floor holds exactly {a,b}; in a house holding both roof cells, a
/// can only go in them: one is a, so neither can be b.
fn type_4(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    let n = board.size();
    first_rectangle(board, |rect| {
        let [r0, r1] = rect.roof;
        let digit_pair: Vec<u8> = digits(rect.mask).collect();
        for (i, &a) in digit_pair.iter().enumerate() {
            let b = digit_pair[1 - i];
            let link = geometry.houses().iter().copied().find(|&h| {
                let cells = geometry.cells_of(h);
                cells.contains(&r0) && cells.contains(&r1) && board.places(cells, a).len() == 2
            });
            let Some(house) = link else {
                continue;
            };
            let (low, high) = (a.min(b), a.max(b));
            let reason = format!(
                "type 4: {}, {} hold only {}; in {}, {a} can only go in {} and {}, so one \
                 of them is {a} and neither can be {b} (else swapping {low} and {high} in \
                 the rectangle would give a second solution)",
                cell_name(rect.floor[0], n),
                cell_name(rect.floor[1], n),
                digit_set(rect.mask),
                geometry.kind(house),
                cell_name(r0, n),
                cell_name(r1, n),
            );
            let step = rectangle_step(board, rect, reason, vec![(r0, b), (r1, b)])
                .in_groups([geometry.kind(house)]);
            return Some(step);
        }
        None
    })
}

/// A type 2 or 4 step on `rect`, rated 4.5 like type 1 (Sukaku Explainer
/// rates all three 4.5).
fn rectangle_step(
    board: &Board,
    rect: &Rectangle,
    reason: String,
    mut gone: Vec<(Cell, u8)>,
) -> Step {
    gone.sort_unstable();
    let mut corners = [rect.floor[0], rect.floor[1], rect.roof[0], rect.roof[1]];
    corners.sort_unstable();
    let mut step = Step::new(Technique::UniqueRectangle, board, reason).with_cells(corners);
    step.eliminations = gone;
    step
}

#[cfg(test)]
mod tests {
    use sudokit_model::BoxShape;
    use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};

    use crate::testing::{board, marks_at, step_of, sukaku};
    use crate::{Board, Technique};

    /// A board of side n with these pencil marks at (row, column), 1-based,
    /// every digit elsewhere, whose solution is taken as unique.
    fn marks(n: usize, cells: &[(usize, usize, &str)]) -> Board {
        let mut b = marks_at(n, cells);
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
            "type 1: r1c1, r1c4 and r3c1 hold only {2,7}: if r3c4 were 2 or 7 too, \
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
            "type 1: r1c4, r3c1 and r3c4 hold only {2,7}: if r1c1 were 2 or 7 too, \
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
            "type 1: r4c1, r4c3 and r9c1 hold only {6,9}: if r9c3 were 6 or 9 too, \
             swapping 6 and 9 in the rectangle would give a second solution"
        );
        assert_eq!(step.effect(), "r9c3<>6, r9c3<>9");
        // The solution has 5 in r9c3.
        let solution =
            "861357294597482361432619785916275843358964127274138956789541632143826579625793418";
        assert_eq!(solution.as_bytes()[8 * 9 + 2], b'5');
    }

    #[test]
    fn type_2_the_roof_shares_an_extra_digit() {
        // Floor r1c1, r1c5 {3,8}; roof r3c1, r3c5 {3,6,8} (boxes 1 and 2).
        // One roof cell is 6, so the rest of row 3 loses 6.
        let b = marks(
            9,
            &[(1, 1, "38"), (1, 5, "38"), (3, 1, "368"), (3, 5, "368")],
        );
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.reason,
            "type 2: r1c1, r1c5 hold only {3,8}; r3c1 and r3c5 add only 6, so one of them \
             is 6 (else swapping 3 and 8 in the rectangle would give a second solution)"
        );
        assert_eq!(
            step.effect(),
            "r3c2<>6, r3c3<>6, r3c4<>6, r3c6<>6, r3c7<>6, r3c8<>6, r3c9<>6"
        );
        assert_eq!(step.rating.to_string(), "4.5");
        assert_eq!(step.cells, [0, 4, 18, 22]);
    }

    #[test]
    fn type_2_with_the_roof_in_one_box_clears_the_box_too() {
        // Floor r2c1, r3c1 {4,7} in column 1 (box 1); roof r2c8, r3c8
        // {1,4,7} in column 8 and box 3: they lose 1 in both, where they
        // hold it (r9c8 does not).
        let cells = [
            (2, 1, "47"),
            (3, 1, "47"),
            (2, 8, "147"),
            (3, 8, "147"),
            (9, 8, "2356789"),
        ];
        let b = marks(9, &cells);
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.effect(),
            "r1c7<>1, r1c8<>1, r1c9<>1, r2c7<>1, r2c9<>1, r3c7<>1, r3c9<>1, \
             r4c8<>1, r5c8<>1, r6c8<>1, r7c8<>1, r8c8<>1"
        );
    }

    #[test]
    fn type_2_needs_the_same_single_extra_digit() {
        let different = marks(
            9,
            &[(1, 1, "38"), (1, 5, "38"), (3, 1, "368"), (3, 5, "378")],
        );
        assert_eq!(Technique::UniqueRectangle.find(&different), None);
        let two_extra = marks(
            9,
            &[(1, 1, "38"), (1, 5, "38"), (3, 1, "3678"), (3, 5, "3678")],
        );
        assert_eq!(Technique::UniqueRectangle.find(&two_extra), None);
    }

    #[test]
    fn type_4_a_strong_link_in_the_roof_row() {
        // Floor r1c1, r1c5 {3,8}; in row 3, 3 only goes in the roof cells
        // r3c1 and r3c5: one of them is 3, so neither can be 8.
        let mut cells = vec![(1, 1, "38"), (1, 5, "38"), (3, 1, "1238"), (3, 5, "3589")];
        for c in [2, 3, 4, 6, 7, 8, 9] {
            cells.push((3, c, "12456789"));
        }
        let b = marks(9, &cells);
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.reason,
            "type 4: r1c1, r1c5 hold only {3,8}; in row 3, 3 can only go in r3c1 and r3c5, \
             so one of them is 3 and neither can be 8 (else swapping 3 and 8 in the \
             rectangle would give a second solution)"
        );
        assert_eq!(step.effect(), "r3c1<>8, r3c5<>8");
        assert_eq!(step.rating.to_string(), "4.5");
    }

    #[test]
    fn type_4_a_strong_link_in_the_roof_box() {
        // Floor r1c1, r2c1 {4,7}; roof r1c8, r2c8, both in box 3, where 7
        // only goes in them (column 8 has 7 everywhere).
        let mut cells = vec![(1, 1, "47"), (2, 1, "47"), (1, 8, "1247"), (2, 8, "3479")];
        for (r, c) in [(1, 7), (1, 9), (2, 7), (2, 9), (3, 7), (3, 8), (3, 9)] {
            cells.push((r, c, "12345689"));
        }
        let b = marks(9, &cells);
        let step = step_of(Technique::UniqueRectangle, &b);
        assert!(step.reason.starts_with(
            "type 4: r1c1, r2c1 hold only {4,7}; in box 3, 7 can only go in r1c8 and r2c8"
        ));
        assert_eq!(step.effect(), "r1c8<>4, r2c8<>4");
    }

    #[test]
    fn no_type_4_without_the_strong_link_nor_inside_one_box() {
        // 3 and 8 can go anywhere else in row 3 and boxes 1 and 2.
        let no_link = marks(
            9,
            &[(1, 1, "38"), (1, 5, "38"), (3, 1, "1238"), (3, 5, "3589")],
        );
        assert_eq!(Technique::UniqueRectangle.find(&no_link), None);
        // Rows 1 and 2, columns 1 and 3: all four corners in box 1, which
        // cannot hold a and b twice, so there is no deadly pattern to avoid
        // (though 7 only goes in r1c3 and r2c3 in column 3).
        let mut cells = vec![(1, 1, "47"), (2, 1, "47"), (1, 3, "1479"), (2, 3, "2479")];
        for r in 3..=9 {
            cells.push((r, 3, "12345689"));
        }
        let one_box = marks(9, &cells);
        assert_eq!(Technique::UniqueRectangle.find(&one_box), None);
    }

    #[test]
    fn type_2_in_a_real_puzzle() {
        // SE-rated diabolical #8 (SE 5.7) after its singles: r5c2, r5c3
        // {4,5}; r3c2, r3c3 {1,4,5}, in row 3 and box 1.
        let mut b = board(
            "080104063 609307000 300260070 200435789 900871632 873600514 000700306 400503107 030906058",
        );
        b.assume_unique(true);
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.reason,
            "type 2: r5c2, r5c3 hold only {4,5}; r3c2 and r3c3 add only 1, so one of them \
             is 1 (else swapping 4 and 5 in the rectangle would give a second solution)"
        );
        assert_eq!(step.effect(), "r2c2<>1, r3c9<>1");
        // The solution has 2 in r2c2 and 5 in r3c9 (and 1 in r3c2).
        let solution =
            "587194263629357841314268975261435789945871632873629514158742396496583127732916458";
        let at = |r: usize, c: usize| solution.as_bytes()[(r - 1) * 9 + c - 1];
        assert_eq!([at(2, 2), at(3, 9), at(3, 2)], [b'2', b'5', b'1']);
    }

    #[test]
    fn type_4_in_a_real_puzzle() {
        // SE-rated diabolical #35 (SE 6.7) after its singles: r5c2, r6c2
        // {5,8}; r5c5, r6c5 hold 5 and 8, and 8 has no other place in
        // column 5.
        let mut b = board(
            "936000080 425839176 008046390 297600803 304900260 601003009 802390600 043768920 069000038",
        );
        b.assume_unique(true);
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.reason,
            "type 4: r5c2, r6c2 hold only {5,8}; in column 5, 8 can only go in r5c5 and \
             r6c5, so one of them is 8 and neither can be 5 (else swapping 5 and 8 in the \
             rectangle would give a second solution)"
        );
        assert_eq!(step.effect(), "r5c5<>5, r6c5<>5");
        // The solution has 8 in r5c5 and 7 in r6c5.
        let solution =
            "936127584425839176718546392297654813354981267681273459872395641143768925569412738";
        let at = |r: usize, c: usize| solution.as_bytes()[(r - 1) * 9 + c - 1];
        assert_eq!([at(5, 5), at(6, 5)], [b'8', b'7']);
    }
    // Type 3, from Sukaku Explainer's pencil marks just before its step
    // (`serate --before=%m --after="%r %s"` on the shared set's puzzle
    // named); the ratings asserted are the ones it printed (SE names
    // columns by letter: B6 is r6c2).

    #[test]
    fn type_3_a_naked_pair() {
        // Shared set line 1768 (SE 6.7): "4.6 Unique Rectangle type 3:
        // Cells B6,C6,C9,B9 on 2, 9". One of r9c2 and r9c3 is 5 or 6, which
        // with r9c6 {5,6} is a naked pair in row 9.
        let b = sukaku(concat!(
            ".2..........45..8...3..........5..8......6...1..............7.....45............9",
            ".....6..9...456..9...45...9......7.....45......3.......2.......1...............8.",
            "1...........45..8.......7..........9...45..8..2.........3.........456......4.6...",
            "...4.....1.............6.......5..8.......7..........9....5..8..2.........3......",
            "......7....3.............8......6....2..........45....1...5............91..4.....",
            "....5.....2......9.2......9..3......1...........4...8......6......4...8.......7..",
            ".....6..9......7..1.........2..............89.....6.8....4.......3..........5....",
            "..3.......2.456..9.2.45...91............5...9......7.........89.....6.8..2...6...",
            ".......8..2..56..9.2..5...9...4.......3..........56...1.......9......7..12...6...",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.reason,
            "type 3: r6c2, r6c3, r9c3, r9c2 (rectangle) would be a deadly pattern on {2,9}: \
             swapping its two digits along it would give a second solution; one of r9c3 and \
             r9c2 is one of their extra digits {5,6}, so with r9c6 they hold {5,6} in row 9, \
             a naked set"
        );
        assert_eq!(step.effect(), "r9c9<>6");
        assert_eq!(step.rating.to_string(), "4.6");
    }

    #[test]
    fn type_3_a_naked_triple() {
        // Shared set line 1680 (SE 7.0): "4.7 Unique Rectangle type 3:
        // Cells G4,I4,I9,G9 on 4, 8": r9c7 or r9c9 is 3 or 7, a naked
        // triple {1,3,7} with r8c7 and r8c9 in box 9.
        let b = sukaku(concat!(
            "1.3..6..9.......8.1..4....9..3.....9......7......5.....2..........4.6...1..4....9",
            ".....6..9....5...9.2..............8....4.....1............56..9......7....3......",
            "......7..1.345...91..45...9.2.........3.....9.....6...1..45..89...4...8.1..45..89",
            "....5..........7....3...........6....2...............9...4...8.1...........4...8.",
            "...4..........6..........8.......7..1..........3..........5...9.2...........5...9",
            "1.......9.2.......1.......9....5...........8....4...........7....3...........6...",
            "1.3......1..45....1..45.7....3.....9....5...9......78.1..4.6.8....4.6.8..2.......",
            ".......8.1.3.....91.....7.9...4..........6....2.......1.3..........5....1.....7..",
            ".2.........345.........6...1..........3.5..........78...34...8.........9...4..78.",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert!(step.reason.ends_with(
            "one of r9c9 and r9c7 is one of their extra digits {3,7}, so with r8c7, r8c9 they \
             hold {1,3,7} in box 9, a naked set"
        ));
        assert_eq!(step.effect(), "r7c7<>1");
        assert_eq!(step.rating.to_string(), "4.7");
    }

    #[test]
    fn type_3_a_hidden_pair_before_type_4() {
        // Shared set line 1248 (SE 5.5): "4.5 Unique Rectangle type 3:
        // Cells C8,C9,G9,G8 on 5, 6". r8c7 or r9c7 is 2, 7 or 9, so 5 and
        // 6 need r5c7 in column 7: a hidden pair, rated as the rectangle.
        // Type 4 (6 only in r8c7 and r9c7 in column 7) rates the same, and
        // SE tries type 3 first.
        let b = sukaku(concat!(
            "....5..........7...2...............9..3......1...........4..........6..........8.",
            "1.............6..........8....4......2.............7....3..............9....5....",
            "...4.......3..............9.....6.......5...........8..2....7...2....7..1........",
            ".....6.......5.......4...........7..1.........2..............8...3..............9",
            ".2.......1.......91.....7.........8....4....9..3..........5.7.....45.7.......6...",
            "......7.9.......8...3..........5.......4....9.....6...1.........2.4..7...2.4..7..",
            "......789.2.4.....1.....7....3...........6.......5.....2....7.912.4..78..2.4..7..",
            "..3...7.91.......9....56....2..............8....4.........567.91...5.7....3...7..",
            "..3....8..2.4.........56...1..............7..........9.2..56....2.45..8..234.....",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert!(step.reason.ends_with(
            "one of r8c7 and r9c7 is an extra digit, so at most one of them is {5,6}; in \
             column 7, {5,6} can only go in them and r5c7, a hidden set"
        ));
        assert_eq!(step.effect(), "r5c7<>7");
        assert_eq!(step.rating.to_string(), "4.5");
    }
    #[test]
    fn type_3_a_hidden_triple() {
        // Shared set line 1232 (SE 5.5), our marks part way through our
        // solve (no single pending): Sukaku Explainer, given them with only
        // its unique rectangle/loop search on (`serate --techs=` with
        // technique 22 alone), takes "4.6 Unique Rectangle type 3: Cells
        // G1,G2,B2,B1 on 1, 3" and removes the same four candidates. One of
        // r1c2 and r2c2 is an extra digit, so 1, 2 and 3 need r3c2 and
        // r8c2 in column 2: a hidden triple, a tenth over the pair.
        let b = sukaku(concat!(
            ".....6...1.3.....9..3....8.....5....123.....9......7..1.3.........4......2.....8.",
            "....5....1.34..7.9..34..78...34.6...123..6..912.4.6..91.3...........67...2.....8.",
            ".2.......1.34..7....34..7....34.6...1.3..6..........8.........9.....67......5....",
            "..3...7......5.7.......6...........9123......12..............8.1...5.......4.....",
            "..3.....9....5..8..2.........3..6.8....4.....1....6.........7..1...5.........6..9",
            "...4....9...4...8.1..............7.......6.8.....5.....2.........3...........6..9",
            ".......8....4.67..........91............567.....4.6......456....2.........3......",
            "1.........234.6.....345.......4.6.8.....56.89...4.6..9...456..........89......7..",
            "...4..7.....4.67.....45.7...2...........56789..3.........456..........891........",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert!(step
            .reason
            .ends_with("in column 2, {1,2,3} can only go in them and r3c2, r8c2, a hidden set"));
        assert_eq!(step.effect(), "r3c2<>4, r3c2<>7, r8c2<>4, r8c2<>6");
        assert_eq!(step.rating.to_string(), "4.6");
    }
    #[test]
    fn type_3_the_lowest_set_unless_it_removes_what_an_earlier_one_does() {
        // A generated puzzle (`sudokit generate --technique "unique loop"
        // --seed 11`, the 30th), ....23...4..6.......2..........357..7....
        // 8..96.......597....3.1..5..1.9..8..7.6..: SE rates it 4.5, at
        // "4.5 Unique Rectangle type 3: Cells A1,A3,D3,D1 on 5, 8". r1c4
        // or r3c4 is 4 or 7: in box 2 that makes a naked pair with r3c6
        // (4.6), in column 4 a hidden pair {5,8} with r7c4 (4.5), taken.
        let b = sukaku(concat!(
            "....5..8.1.......9.....6......45.78..2.........3......1..45...91..4..7.....4...8.",
            "...4.....1.3............7.......6...1...5..8.........912..5..8.12........23....8.",
            "....5..8.1.3.....9.2..........45.78.1..45..8....4..7..1..45...91..4.67....3..6.8.",
            "1.........2.4.............9.2.4.......3..........5..........7.......6.8......6.8.",
            "......7......5......3......12.4..........6..........8.12.4.....12.4.............9",
            ".....6....2.4............8.1.....7..........9.2.4..7..12.4.......3..........5....",
            "........9......7.....4......2..5..8.....5..8......6.....3.......2.....8.1........",
            ".2............6.......5......3.........4...8.1...........4...8.........9......7..",
            "..3.............8.1................9......7...2.4..........6.......5.....2.4.....",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert!(step
            .reason
            .ends_with("in column 4, {5,8} can only go in them and r7c4, a hidden set"));
        assert_eq!(step.effect(), "r7c4<>2");
        assert_eq!(step.rating.to_string(), "4.5");
        // Shared set line 1360 (SE 6.6): "4.6 Unique Rectangle type 3:
        // Cells A2,C2,C4,A4 on 4, 9". In row 4 the naked pair {2,7} with
        // r4c9 and the hidden pair {4,9} with r4c7 both remove 7 from
        // r4c7: SE keeps the first, the naked pair, though it rates more.
        let b = sukaku(concat!(
            ".......8.....5.....2....7..1.........2....7.....4.......3..............9.....6...",
            "...4....91...........4....9..3.......2..5.........6.......5..8.......7...2..5..8.",
            "..3.......2....7.......6.......5.7.........8.........91.........2..5.......4.....",
            ".2.4....9.....6......4..7.9.......8...3..........5.......4..7.91.........2....7..",
            "1..............78.....5.789...4..........6....2...........5.789....5..8...3......",
            ".2.4.......3.........45..8.......7.9......7.91...........456.8..2..56.8..2..5..8.",
            "....5.....2.....8.1.............6......4...........7...2.....8...3..............9",
            ".....6...........9..3.......2.......1...............8.....5.7.....4.........5.7..",
            "......7.....4......2.....8.....5...9....5...9..3.......2...6.8......6.8.1........",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert!(step.reason.ends_with(
            "one of r4c3 and r4c1 is one of their extra digits {2,7}, so with r4c9 they hold \
             {2,7} in row 4, a naked set"
        ));
        assert_eq!(step.effect(), "r4c7<>7");
        assert_eq!(step.rating.to_string(), "4.6");
    }

    #[test]
    fn type_2_with_one_pair_corner_and_three_alike() {
        // Shared set line 569 (SE 6.3), our marks part way through. Sukaku Explainer's first
        // step on this position, run on it: "4.5 Unique Rectangle type 2:
        // Cells C2,C3,D3,D2 on 4, 6", and its marks after it lack only 3
        // in r3c5.
        let b = sukaku(
            "
            ....5......34....91...............8...34....9.2..........4.6.........7....3..6...
            .......8...34....9...4.6.....34.6.....345...9......7...2.45.....23......1........
            .2.............7....34.6.....34.6.....345....1...........45............9.......8.
            1..4............8..2.4.........5..........7....3......12...6....2...6...........9
            1.3..........5.....23..............9.....6..........8.12..........4...........7..
            ........9.....6.........7..1.........2..........4.......3.............8.....5....
            ......7....34.............9.2.......1............5...........8...3..6.....34.6...
            ..34......2...........5..........7.........8......6...........91..........34.....
            .....6...1...............8...34.......34.............9......7......5.....2.......",
        );
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(
            step.reason,
            "type 2: r2c3 holds only {4,6}; r2c4, r3c3 and r3c4 add only 3, so one of them \
             is 3 (else swapping 4 and 6 in the rectangle would give a second solution)"
        );
        assert_eq!(step.effect(), "r3c5<>3");
        assert_eq!(step.rating.to_string(), "4.5");
    }
}
