//! **X-Wing, Swordfish, Jellyfish ("fish").** Take one digit and k rows
//! (the *base*) where it is still to be placed. If, in all k rows together,
//! the digit can only go in k columns (the *cover*), then those k rows put
//! it in those k columns: each row needs the digit once, and each column
//! can take it only once, so the k copies fill the k columns. No other cell
//! of the cover columns can hold the digit, and it is crossed out there.
//! The same works with columns as the base and rows as the cover.
//!
//! With k = 2 the four cells form a rectangle, the *X-Wing* (SE 3.2); k = 3
//! is a *Swordfish* (3.8) and k = 4 a *Jellyfish* (5.2). A base row need
//! not show the digit in every cover column: two places are enough, as
//! long as the rows' places together lie in just k columns. Rows and columns
//! always have n cells, so this works on every geometry (jigsaw, latin,
//! diagonal, killer) alike.

use sudokit_puzzle::Cell;

use crate::techniques::first_combination;
use crate::{Board, Step, Technique};

/// The first X-Wing.
pub fn find_x_wing(board: &Board) -> Option<Step> {
    find(board, 2, Technique::XWing)
}

/// The first Swordfish.
pub fn find_swordfish(board: &Board) -> Option<Step> {
    find(board, 3, Technique::Swordfish)
}

/// The first Jellyfish.
pub fn find_jellyfish(board: &Board) -> Option<Step> {
    find(board, 4, Technique::Jellyfish)
}

/// The first fish of size `k`: for each digit, rows as base first, then
/// columns.
fn find(board: &Board, k: usize, technique: Technique) -> Option<Step> {
    let n = board.size();
    let geometry = board.geometry();
    let (rows, columns) = geometry.lines();
    for digit in 1..=n as u8 {
        for by_rows in [true, false] {
            let (base, cover, names) = if by_rows {
                (rows.clone(), columns.clone(), ("rows", "columns"))
            } else {
                (columns.clone(), rows.clone(), ("columns", "rows"))
            };
            // The cover line through a cell: its column, or its row.
            let cover_of = |c: Cell| if by_rows { c % n } else { c / n };
            // Base lines where the digit is still to place, in 2..=k cells:
            // (line index within 0..n, its places, the cover lines they use).
            let lines: Vec<(usize, Vec<Cell>, u64)> = base
                .clone()
                .filter_map(|g| {
                    let cells = geometry.cells_of(g);
                    if board.placed_in(cells, digit) {
                        return None;
                    }
                    let places = board.places(cells, digit);
                    if !(2..=k).contains(&places.len()) {
                        return None;
                    }
                    let mask = places.iter().fold(0u64, |m, &c| m | 1 << cover_of(c));
                    Some((g - base.start, places, mask))
                })
                .collect();
            let found = first_combination(board, lines.len(), k, |pick| {
                let union = pick.iter().fold(0u64, |m, &i| m | lines[i].2);
                if union.count_ones() as usize != k {
                    return None;
                }
                let base_cells: Vec<Cell> = pick.iter().flat_map(|&i| lines[i].1.clone()).collect();
                let mut gone: Vec<(Cell, u8)> = Vec::new();
                for line in crate::digits(union).map(|b| usize::from(b) - 1) {
                    let cells = geometry.cells_of(cover.start + line);
                    for c in board.places(cells, digit) {
                        if !base_cells.contains(&c) {
                            gone.push((c, digit));
                        }
                    }
                }
                if gone.is_empty() {
                    return None;
                }
                gone.sort_unstable();
                let base_numbers: Vec<usize> = pick.iter().map(|&i| lines[i].0 + 1).collect();
                let cover_numbers: Vec<usize> = crate::digits(union).map(usize::from).collect();
                let reason = format!(
                    "{digit} in {} {} can only go in {} {}",
                    names.0,
                    and_list(&base_numbers),
                    names.1,
                    and_list(&cover_numbers),
                );
                let mut cells = base_cells;
                cells.sort_unstable();
                let mut step = Step::new(technique, board, reason).with_cells(cells);
                step.eliminations = gone;
                Some(step)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// "2 and 7", "1, 5 and 9".
fn and_list(numbers: &[usize]) -> String {
    let words: Vec<String> = numbers.iter().map(|x| x.to_string()).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::and_list;
    use crate::testing::{board, pencil_marks, step_of};
    use crate::{Board, Step, Technique};

    /// A 9x9 board with every candidate but `digit` in the listed cells
    /// (row, column, 1-based), and every candidate elsewhere.
    fn without(digit: u8, cells: &[(usize, usize)]) -> Board {
        let all: String = (1..=9)
            .filter(|&d| d != digit)
            .map(|d| d.to_string())
            .collect();
        let marks: Vec<&str> = (0..81)
            .map(|c| {
                if cells.contains(&(c / 9 + 1, c % 9 + 1)) {
                    all.as_str()
                } else {
                    "."
                }
            })
            .collect();
        pencil_marks(9, &marks)
    }

    /// Whether no elimination of `step` removes a digit of `solution`.
    fn spares(step: &Step, solution: &str) -> bool {
        let digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        step.eliminations.iter().all(|&(c, d)| digits[c] != d)
    }

    /// Every cell of rows `rows` outside columns `keep`.
    fn rows_but(rows: &[usize], keep: &[usize]) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for &r in rows {
            cells.extend((1..=9).filter(|c| !keep.contains(c)).map(|c| (r, c)));
        }
        cells
    }

    #[test]
    fn lists_read_as_words() {
        assert_eq!(and_list(&[4]), "4");
        assert_eq!(and_list(&[2, 7]), "2 and 7");
        assert_eq!(and_list(&[1, 5, 9]), "1, 5 and 9");
    }

    #[test]
    fn an_x_wing_on_rows_clears_its_columns() {
        // 4 goes in c3 or c8 in rows 2 and 7; columns 3 and 8 hold 4
        // elsewhere only in row 5.
        let mut cells = rows_but(&[2, 7], &[3, 8]);
        for r in [1, 3, 4, 6, 8, 9] {
            cells.extend([(r, 3), (r, 8)]);
        }
        let b = without(4, &cells);
        let step = step_of(Technique::XWing, &b);
        assert_eq!(
            step.reason,
            "4 in rows 2 and 7 can only go in columns 3 and 8"
        );
        assert_eq!(step.effect(), "r5c3<>4, r5c8<>4");
        assert_eq!(step.rating.to_string(), "3.2");
        assert_eq!(Technique::Swordfish.find(&b), None);
    }

    #[test]
    fn an_x_wing_on_columns_clears_its_rows() {
        // 6 goes in r4 or r9 in columns 2 and 5, and also in r4c7, r9c1.
        let mut cells: Vec<_> = (1..=9)
            .filter(|r| ![4, 9].contains(r))
            .flat_map(|r| [(r, 2), (r, 5)])
            .collect();
        cells.extend(rows_but(&[4, 9], &[2, 5, 7, 1]));
        cells.extend([(4, 1), (9, 7)]);
        let b = without(6, &cells);
        let step = step_of(Technique::XWing, &b);
        assert_eq!(
            step.reason,
            "6 in columns 2 and 5 can only go in rows 4 and 9"
        );
        assert_eq!(step.effect(), "r4c7<>6, r9c1<>6");
    }

    #[test]
    fn an_x_wing_in_a_real_puzzle() {
        // Easy51 #43 after its singles. In rows 7 and 9, 3 is in c2 or c6.
        let b = board(
            "38....92. ...439785 ..9.2.3.. .6..9.... 8..3.2..9 9...4..7. ..197.5.8 495286137 ..8....92",
        );
        let step = step_of(Technique::XWing, &b);
        assert_eq!(
            step.reason,
            "3 in rows 7 and 9 can only go in columns 2 and 6"
        );
        assert_eq!(step.effect(), "r6c2<>3");
        let solution =
            "384567921126439785759821346563798214847312659912645873231974568495286137678153492";
        assert!(spares(&step, solution));
    }

    #[test]
    fn a_swordfish_of_three_pairs() {
        // 5 in rows 1, 4, 8: c2/c6, c6/c9, c2/c9; columns 2, 6 and 9 hold
        // it elsewhere only in r3c2 and r6c9. No two rows make an X-Wing.
        let mut cells = rows_but(&[1], &[2, 6]);
        cells.extend(rows_but(&[4], &[6, 9]));
        cells.extend(rows_but(&[8], &[2, 9]));
        for r in [2, 3, 5, 6, 7, 9] {
            for c in [2, 6, 9] {
                if (r, c) != (3, 2) && (r, c) != (6, 9) {
                    cells.push((r, c));
                }
            }
        }
        let b = without(5, &cells);
        assert_eq!(Technique::XWing.find(&b), None);
        let step = step_of(Technique::Swordfish, &b);
        assert_eq!(
            step.reason,
            "5 in rows 1, 4 and 8 can only go in columns 2, 6 and 9"
        );
        assert_eq!(step.effect(), "r3c2<>5, r6c9<>5");
        assert_eq!(step.rating.to_string(), "3.8");
    }

    #[test]
    fn a_swordfish_in_a_real_puzzle() {
        // top95 #35 after its singles.
        let b = board(
            "..8.9.1.. .6.5...2. .....6... .3.1.7.5. ........9 ..4...3.. .5....2.. .7...3.8. 2..7....4",
        );
        assert_eq!(Technique::XWing.find(&b), None);
        let step = step_of(Technique::Swordfish, &b);
        assert_eq!(
            step.reason,
            "7 in rows 1, 6 and 7 can only go in columns 1, 8 and 9"
        );
        assert_eq!(
            step.effect(),
            "r2c1<>7, r2c9<>7, r3c1<>7, r3c8<>7, r3c9<>7, r5c1<>7, r5c8<>7"
        );
        let solution =
            "748392165369514728125876943932147856687235419514689372853461297476923581291758634";
        assert!(spares(&step, solution));
    }

    #[test]
    fn a_jellyfish_of_four_pairs() {
        // 7 in rows 1, 3, 6, 9: c1/c4, c4/c5, c5/c8, c8/c1, a cycle that no
        // two or three rows close; columns 1, 4, 5 and 8 hold it elsewhere
        // only in r2c1 and r5c8.
        let mut cells = rows_but(&[1], &[1, 4]);
        cells.extend(rows_but(&[3], &[4, 5]));
        cells.extend(rows_but(&[6], &[5, 8]));
        cells.extend(rows_but(&[9], &[8, 1]));
        for r in [2, 4, 5, 7, 8] {
            for c in [1, 4, 5, 8] {
                if (r, c) != (2, 1) && (r, c) != (5, 8) {
                    cells.push((r, c));
                }
            }
        }
        let b = without(7, &cells);
        assert_eq!(Technique::XWing.find(&b), None);
        assert_eq!(Technique::Swordfish.find(&b), None);
        let step = step_of(Technique::Jellyfish, &b);
        assert_eq!(
            step.reason,
            "7 in rows 1, 3, 6 and 9 can only go in columns 1, 4, 5 and 8"
        );
        assert_eq!(step.effect(), "r2c1<>7, r5c8<>7");
        assert_eq!(step.rating.to_string(), "5.2");
    }

    #[test]
    fn a_jellyfish_in_a_real_puzzle() {
        // top95 #30 after its singles.
        let b = board(
            "......8.1 7..2.8... 8..5.6... ...7...58 .1.8..3.. .8.....1. 5.8....2. 14..8.... 6...3..8.",
        );
        let step = step_of(Technique::Jellyfish, &b);
        assert_eq!(
            step.reason,
            "3 in rows 2, 3, 7 and 8 can only go in columns 2, 3, 8 and 9"
        );
        assert_eq!(
            step.effect(),
            "r1c2<>3, r1c3<>3, r1c8<>3, r4c2<>3, r4c3<>3, r6c3<>3"
        );
        let solution =
            "254379861761248593893516742326791458915824376487653219538167924142985637679432185";
        assert!(spares(&step, solution));
    }

    #[test]
    fn a_fish_works_on_a_latin_square() {
        // 6x6 latin square: 2 in rows 1 and 4 only in columns 2 and 6.
        let mut marks = vec!["."; 36];
        for c in [0, 2, 3, 4, 18, 20, 21, 22] {
            marks[c] = "13456";
        }
        let b = pencil_marks(6, &marks);
        let step = step_of(Technique::XWing, &b);
        assert_eq!(
            step.reason,
            "2 in rows 1 and 4 can only go in columns 2 and 6"
        );
        assert_eq!(
            step.effect(),
            "r2c2<>2, r2c6<>2, r3c2<>2, r3c6<>2, r5c2<>2, r5c6<>2, r6c2<>2, r6c6<>2"
        );
    }
}
