//! **BUG+1 (Bivalue Universal Grave plus one).** Late in a puzzle, every
//! open cell may hold exactly two candidates, and every digit exactly two
//! places in each row, column and box where it is not yet placed. Such a
//! position, the *bivalue universal grave*, never has exactly one
//! solution: take any solution and give every open cell its *other*
//! candidate instead. In each house, a digit's two places were one with
//! the digit and one without, so after the switch the digit is still there
//! exactly once: the switched grid is a second solution. A puzzle with a
//! single solution therefore never reaches a grave.
//!
//! *BUG+1* is the position one candidate away from it: every open cell
//! holds two candidates except one cell with three, and that cell's extra
//! digit shows up three times in its row, in its column and in its box
//! (every other count being two). If that cell were not the extra digit,
//! the grid would be a grave, with two solutions or none. So, when the
//! solution is known to be unique, the cell takes the extra digit. SE 5.6.
//!
//! *BUG type 2* (SE 5.7) is the same grave reached from several cells
//! with three candidates, all sharing one extra digit: with that digit
//! removed from each of them, the grid would be a grave. So one of them
//! holds the digit, and no cell that sees all of them can. Sudoku
//! Explainer names the types by what follows from the cells that break the
//! grave; it rates this one a tenth above BUG+1 although its proof is the
//! same.
//!
//! When the cells that break the grave lie in one house, two more types
//! follow from "one of them takes a *BUG value*" (a candidate whose removal
//! from those cells leaves the grave):
//!
//! - *BUG type 3* (SE 5.8 with a pair, 5.9 a triple, 6.0 a quad): together
//!   the cells act as one cell holding their BUG values, and with other
//!   cells of the house they form a naked set, whose digits leave the rest
//!   of the house. The smallest set is taken.
//! - *BUG type 4* (SE 5.7): exactly two cells break the grave, and a digit
//!   that is no BUG value of theirs can only go in them in the house. One
//!   of them is that digit, so the other takes its BUG value: each keeps
//!   only the digit and its BUG values.
//!
//! Every type needs uniqueness to be known, and a plain grid (rows,
//! columns and boxes, jigsaw regions, or a latin square): a diagonal, an
//! extra group or a killer cage could rule out the switched grid, and the
//! grave would not be deadly there.

use sudokit_puzzle::{cell_name, GroupKind};

use crate::step::{cell_list, digit_set};
use crate::techniques::naked_subset::{naked_set_beside, NakedSetBeside};
use crate::{digits, Board, Rating, Step, Technique};

/// Whether a grave would be deadly here: uniqueness known and only the
/// houses constrain the grid.
fn graves_are_deadly(board: &Board) -> bool {
    let geometry = board.geometry();
    board.is_unique() && geometry.is_plain() && geometry.houses().len() == geometry.groups().len()
}

/// The BUG+1 placement, if the board is one candidate away from a grave.
pub fn find(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    if !graves_are_deadly(board) {
        return None;
    }
    let mut three = None;
    for c in board.open_cells() {
        match board.candidates(c).count_ones() {
            2 => {}
            3 if three.is_none() => three = Some(c),
            _ => return None,
        }
    }
    let cell = three?;
    let n = board.size();
    let digit = digits(board.candidates(cell)).find(|&d| is_grave_without(board, &[cell], d))?;
    let houses: Vec<String> = geometry
        .groups_of(cell)
        .iter()
        .map(|&g| geometry.kind(g).to_string())
        .collect();
    let houses = match houses.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => houses.join(""),
    };
    let name = cell_name(cell, n);
    let reason = format!(
        "every open cell holds two candidates except {name} {}, and {digit} has three \
         places in {houses}: if {name} were not {digit}, every digit would have two places \
         in every house, a deadly pattern with two solutions or none",
        digit_set(board.candidates(cell)),
    );
    let mut step = Step::new(Technique::BivalueUniversalGrave, board, reason)
        .with_cells([cell])
        .in_groups(geometry.groups_of(cell).iter().map(|&g| geometry.kind(g)));
    step.placements.push((cell, digit));
    Some(step)
}

/// BUG type 2: the eliminations of the extra digit shared by every cell
/// with three candidates (two or more of them, all others having two),
/// from the cells that see them all.
pub fn find_common_digit(board: &Board) -> Option<Step> {
    if !graves_are_deadly(board) {
        return None;
    }
    let mut threes = Vec::new();
    for c in board.open_cells() {
        match board.candidates(c).count_ones() {
            2 => {}
            3 => threes.push(c),
            _ => return None,
        }
    }
    if threes.len() < 2 {
        return None;
    }
    let shared = threes
        .iter()
        .fold(u64::MAX, |m, &c| m & board.candidates(c));
    let digit = digits(shared).find(|&d| is_grave_without(board, &threes, d))?;
    let eliminations = board.seen_by_all(&threes, digit);
    if eliminations.is_empty() {
        return None;
    }
    let n = board.size();
    let names: Vec<String> = threes.iter().map(|&c| cell_name(c, n)).collect();
    let reason = format!(
        "every open cell holds two candidates except {}, each with three, {digit} among them: \
         if none of them were {digit}, every digit would have two places in every house, a \
         deadly pattern with two solutions or none; so one of them is {digit}",
        names.join(", ")
    );
    let mut step = Step::new(Technique::BugCommonDigit, board, reason).with_cells(threes);
    step.eliminations = eliminations;
    Some(step)
}

/// Whether, with `digit` removed from `cells`, every digit has exactly two
/// places in each house where it is not placed (and none where it is).
fn is_grave_without(board: &Board, cells: &[usize], digit: u8) -> bool {
    is_grave(board, |c| {
        let mask = board.candidates(c);
        if cells.contains(&c) {
            mask & !(1 << (digit - 1))
        } else {
            mask
        }
    })
}

/// Whether the open cells, each holding `marks(cell)`, make a grave: every
/// digit has exactly two places in each house where it is not placed (and
/// none where it is).
fn is_grave(board: &Board, marks: impl Fn(usize) -> u64) -> bool {
    let geometry = board.geometry();
    let n = board.size();
    let mut places = vec![0usize; n];
    let mut placed = vec![false; n];
    geometry.houses().iter().all(|&h| {
        places.fill(0);
        placed.fill(false);
        for &c in geometry.cells_of(h) {
            match board.value(c) {
                0 => {
                    let mask = marks(c);
                    for d in digits(mask) {
                        places[d as usize - 1] += 1;
                    }
                }
                v => placed[v as usize - 1] = true,
            }
        }
        (0..n).all(|d| {
            if placed[d] {
                places[d] == 0
            } else {
                places[d] == 2
            }
        })
    })
}

/// Cells with more than two candidates that [`breakers`] looks at, at most:
/// each adds a factor of its candidates' pairs to try.
const MAX_BREAKERS: usize = 4;

/// The cells that break the grave, each with its *BUG values*: the
/// candidates whose removal from those cells leaves a grave (the first
/// such choice in cell order). `None` if the open cells are no grave
/// whatever is removed, or too many cells have more than two candidates.
fn breakers(board: &Board) -> Option<Vec<(usize, u64)>> {
    let cells: Vec<usize> = board
        .open_cells()
        .filter(|&c| board.candidates(c).count_ones() > 2)
        .collect();
    if cells.len() < 2 || cells.len() > MAX_BREAKERS {
        return None;
    }
    // The two candidates each breaker keeps, tried like an odometer.
    let choices: Vec<Vec<u64>> = cells
        .iter()
        .map(|&c| {
            let ds: Vec<u8> = digits(board.candidates(c)).collect();
            let mut pairs = Vec::new();
            for i in 0..ds.len() {
                for j in i + 1..ds.len() {
                    pairs.push(1 << (ds[i] - 1) | 1 << (ds[j] - 1));
                }
            }
            pairs
        })
        .collect();
    let mut pick = vec![0; cells.len()];
    loop {
        let kept = |c: usize| match cells.iter().position(|&b| b == c) {
            Some(i) => choices[i][pick[i]],
            None => board.candidates(c),
        };
        if is_grave(board, kept) {
            return Some(
                cells
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| (c, board.candidates(c) & !choices[i][pick[i]]))
                    .collect(),
            );
        }
        let mut i = 0;
        loop {
            if i == cells.len() {
                return None;
            }
            pick[i] += 1;
            if pick[i] < choices[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

/// The houses that hold every one of `cells`, boxes (or regions) first,
/// then rows, then columns, the order in which SE looks at them.
pub(crate) fn houses_holding(board: &Board, cells: &[usize]) -> Vec<usize> {
    let geometry = board.geometry();
    let mut houses: Vec<usize> = geometry
        .houses()
        .iter()
        .copied()
        .filter(|&h| cells.iter().all(|c| geometry.cells_of(h).contains(c)))
        .collect();
    houses.sort_by_key(|&h| match geometry.kind(h) {
        GroupKind::Box(_) | GroupKind::Region(_) => 0,
        GroupKind::Row(_) => 1,
        GroupKind::Column(_) => 2,
        _ => 3,
    });
    houses
}

/// BUG type 4: exactly two cells break the grave, in one house where a
/// digit that is no BUG value of theirs can only go in them. One of them
/// is that digit, so the other takes a BUG value: each keeps only the
/// digit and its BUG values.
pub fn find_locked_digit(board: &Board) -> Option<Step> {
    if !graves_are_deadly(board) {
        return None;
    }
    let found = breakers(board)?;
    let [(c1, bug1), (c2, bug2)] = found[..] else {
        return None;
    };
    let geometry = board.geometry();
    let n = board.size();
    for house in houses_holding(board, &[c1, c2]) {
        let cells = geometry.cells_of(house);
        let shared = board.candidates(c1) & board.candidates(c2) & !bug1 & !bug2;
        for digit in digits(shared) {
            if board.places_iter(cells, digit).count() != 2 {
                continue;
            }
            let keep = 1u64 << (digit - 1);
            let mut gone = Vec::new();
            for (c, bug) in [(c1, bug1), (c2, bug2)] {
                gone.extend(digits(board.candidates(c) & !bug & !keep).map(|d| (c, d)));
            }
            if gone.is_empty() {
                continue;
            }
            gone.sort_unstable();
            let reason = format!(
                "every open cell holds two candidates except {} and {}: without {} in {} and \
                 {} in {}, every digit would have two places in every house, a deadly pattern, \
                 so one of them takes one of these; in {}, {digit} can only go in them, so the \
                 other is {digit}: each is {digit} or one of its own",
                cell_name(c1, n),
                cell_name(c2, n),
                digit_set(bug1),
                cell_name(c1, n),
                digit_set(bug2),
                cell_name(c2, n),
                geometry.kind(house),
            );
            let mut step = Step::new(Technique::BugLockedDigit, board, reason)
                .with_cells([c1, c2])
                .in_groups([geometry.kind(house)]);
            step.eliminations = gone;
            return Some(step);
        }
    }
    None
}

/// Largest naked set BUG type 3 looks for, the cells that break the grave
/// counting as one.
const MAX_SET: usize = 4;

/// BUG type 3: the cells that break the grave all lie in one house; one
/// of them takes a BUG value, so together they act as one cell holding the
/// BUG values, in a naked set with other cells of the house. Rated 5.7 and
/// a tenth for each cell of the set past that one (SE: a pair 5.8, a
/// triple 5.9, a quad 6.0); the smallest set is taken.
pub fn find_naked_set(board: &Board) -> Option<Step> {
    if !graves_are_deadly(board) {
        return None;
    }
    let found = breakers(board)?;
    let cells: Vec<usize> = found.iter().map(|&(c, _)| c).collect();
    let bug_values = found.iter().fold(0, |m, &(_, bug)| m | bug);
    if bug_values.count_ones() < 2 {
        // One BUG value shared by every cell is type 2.
        return None;
    }
    let geometry = board.geometry();
    let n = board.size();
    let houses = houses_holding(board, &cells);
    for size in (bug_values.count_ones() as usize).max(2)..=MAX_SET {
        for &house in &houses {
            let Some(NakedSetBeside { members, set, gone }) =
                naked_set_beside(board, house, &cells, bug_values, size)
            else {
                continue;
            };
            let reason = format!(
                "every open cell holds two candidates except {}: without their BUG values {}, \
                 every digit would have two places in every house, a deadly pattern, so one of \
                 them takes one; with {} they hold only {} in {}, a naked set",
                cell_list(&cells, n),
                digit_set(bug_values),
                cell_list(&members, n),
                digit_set(set),
                geometry.kind(house),
            );
            let mut step = Step::new(Technique::BugNakedSet, board, reason)
                .with_cells(cells.iter().copied().chain(members.iter().copied()))
                .in_groups([geometry.kind(house)])
                .rated(Rating(57 + size as u16 - 1));
            step.eliminations = gone;
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use sudokit_model::BoxShape;
    use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};

    use crate::testing::{assert_agrees, board, pencil_marks, puzzle, step_of, sukaku};
    use crate::{explain, Board, ExplainOptions, Grade, Outcome, Technique};

    /// A 4x4 grave plus one: the solution 12 34 / 34 12 / 21 43 / 43 21
    /// with each digit's partner (1-2, 3-4) as second candidate, and 3
    /// added to r1c1. The marks are only the pattern: the board is taken
    /// as having a single solution, which it has not.
    fn grave_plus(first: &str, unique: bool) -> Board {
        grave_with_top_left(first, "12", unique)
    }

    #[test]
    fn the_extra_digit_of_the_one_cell_with_three() {
        let step = step_of(Technique::BivalueUniversalGrave, &grave_plus("123", true));
        assert_eq!(
            step.reason,
            "every open cell holds two candidates except r1c1 {1,2,3}, and 3 has three \
             places in row 1, column 1 and box 1: if r1c1 were not 3, every digit would have \
             two places in every house, a deadly pattern with two solutions or none"
        );
        assert_eq!(step.effect(), "r1c1=3");
        assert_eq!(step.rating.to_string(), "5.6");
    }

    #[test]
    fn only_one_cell_away_from_the_grave_and_only_when_unique() {
        assert_eq!(
            Technique::BivalueUniversalGrave.find(&grave_plus("123", false)),
            None
        );
        // The grave itself, and two extra candidates in one cell.
        assert_eq!(
            Technique::BivalueUniversalGrave.find(&grave_plus("12", true)),
            None
        );
        assert_eq!(
            Technique::BivalueUniversalGrave.find(&grave_plus("1234", true)),
            None
        );
    }

    #[test]
    fn not_with_diagonals() {
        // The same marks on a 4x4 sudoku-X: the grave could be saved by a
        // diagonal, so nothing is concluded.
        let with = |diagonals: bool| {
            let plain = grave_plus("123", true);
            let marks = (0..16).map(|c| plain.candidates(c)).collect();
            let mut spec = PuzzleSpec::blank(4, Layout::Boxes(BoxShape { rows: 2, cols: 2 }));
            spec.diagonals = diagonals;
            spec.candidates = Some(marks);
            let mut b = Board::new(&Puzzle::new(spec).unwrap());
            b.assume_unique(true);
            Technique::BivalueUniversalGrave
                .find(&b)
                .map(|step| step.effect())
        };
        assert_eq!(with(false).as_deref(), Some("r1c1=3"));
        assert_eq!(with(true), None);
    }

    /// The 4x4 grave with r1c1 and r1c2 given these marks.
    fn grave_with_top_left(first: &str, second: &str, unique: bool) -> Board {
        let mut b = pencil_marks(
            4,
            &[
                first, second, "34", "34", //
                "34", "34", "12", "12", //
                "12", "12", "34", "34", //
                "34", "34", "12", "12",
            ],
        );
        b.assume_unique(unique);
        b
    }

    #[test]
    fn type_2_rules_the_shared_digit_out_of_the_cells_that_see_every_three() {
        let b = grave_with_top_left("123", "123", true);
        assert_eq!(Technique::BivalueUniversalGrave.find(&b), None);
        let step = step_of(Technique::BugCommonDigit, &b);
        assert_eq!(
            step.reason,
            "every open cell holds two candidates except r1c1, r1c2, each with three, 3 among \
             them: if none of them were 3, every digit would have two places in every house, a \
             deadly pattern with two solutions or none; so one of them is 3"
        );
        assert_eq!(step.effect(), "r1c3<>3, r1c4<>3, r2c1<>3, r2c2<>3");
        assert_eq!(step.rating.to_string(), "5.7");
        assert_eq!(
            Technique::BugCommonDigit.find(&grave_with_top_left("123", "123", false)),
            None
        );
    }

    #[test]
    fn type_2_needs_one_digit_whose_removal_leaves_the_grave() {
        // r1c2 gets 4 rather than 3: no digit is shared whose removal
        // leaves two places for every digit in every house.
        let b = grave_with_top_left("123", "124", true);
        assert_eq!(Technique::BugCommonDigit.find(&b), None);
    }

    #[test]
    fn type_2_in_a_real_puzzle_and_every_step_agrees_with_the_solution() {
        // SE-rated diabolical #156 (SE 5.7): explained with SE's ladder,
        // its hardest step is this BUG type 2.
        let puzzle = puzzle(
            "100060000009801004000007130205000040010904070090000305082600000600705800000090003",
        );
        let solution =
            "153469728729831564864527139275386941318954276496172385982613457631745892547298613";
        let options = ExplainOptions {
            unique: true,
            ..ExplainOptions::grading()
        };
        let explanation = explain(&puzzle, &options);
        assert_eq!(explanation.outcome, Outcome::Solved);
        for step in &explanation.steps {
            assert_agrees(step, solution);
        }
        let bug: Vec<String> = explanation
            .steps
            .iter()
            .filter(|s| s.technique == Technique::BugCommonDigit)
            .map(|s| s.effect())
            .collect();
        assert_eq!(bug, ["r1c7<>5, r1c8<>5, r2c1<>5, r2c2<>5"]);
        let grade = Grade::of(&explanation);
        assert_eq!(grade.hardest, Some(Technique::BugCommonDigit));
        assert_eq!(grade.rating.map(|r| r.to_string()).as_deref(), Some("5.7"));
    }

    #[test]
    fn every_other_count_must_be_two() {
        // r2c3 {1,2} becomes {1,3}: every cell still has two candidates but
        // r1c1, yet 3 has three places in row 2 and 2 one place in row 2.
        let mut b = pencil_marks(
            4,
            &[
                "123", "12", "34", "34", //
                "34", "34", "13", "12", //
                "12", "12", "34", "34", //
                "34", "34", "12", "12",
            ],
        );
        b.assume_unique(true);
        assert_eq!(Technique::BivalueUniversalGrave.find(&b), None);
    }

    #[test]
    fn a_bug_in_a_real_puzzle() {
        // SE-rated diabolical #82 (SE 5.6) after its singles: 15 open cells,
        // all with two candidates but r1c1 {2,4,9}; 9 has three places in
        // row 1 (r1c1, r1c2, r1c6), column 1 (r1c1, r3c1, r4c1) and box 1.
        let mut b = board(
            "005680137 613457289 078031645 001070426 006090713 327164958 532746891 169825374 784010562",
        );
        b.assume_unique(true);
        let step = step_of(Technique::BivalueUniversalGrave, &b);
        assert_eq!(
            step.reason,
            "every open cell holds two candidates except r1c1 {2,4,9}, and 9 has three \
             places in row 1, column 1 and box 1: if r1c1 were not 9, every digit would have \
             two places in every house, a deadly pattern with two solutions or none"
        );
        assert_eq!(step.effect(), "r1c1=9");
        let solution =
            "945682137613457289278931645891573426456298713327164958532746891169825374784319562";
        assert_eq!(solution.as_bytes()[0], b'9');
    }
    #[test]
    fn type_4_a_digit_locked_in_the_two_cells_that_break_the_grave() {
        // Shared set line 8 (SE 5.7), Sukaku Explainer's pencil marks just
        // before its step "5.7 BUG type 4: B7,H7 on 9" (`serate
        // --before=%m`; B7 is r7c2): without 5 in r7c2 and 2 in r7c8 the
        // grid would be a grave, and 9 has no other place in row 7.
        let b = sukaku(concat!(
            "....5.7.........8..2....7..1............5...9...4......2......9.....6.....3......",
            ".....6....2..5............9..3..........5..8.......7.....4...8..2.4.....1........",
            "..3......1..4.....1..4......2............6..........89.......89......7......5....",
            ".2.......1....6...1....6......4.......3..........5..........7.........8.........9",
            "........9...45.......45...........8.......7..1.............6.....3.......2.......",
            ".......8.......7....3...........6....2......9.2......9....5....1...........4.....",
            "1...5.....2..5...9....5..8.......7..1..4......2.....8...3.......2.4....9.....6...",
            "...4..........6..9.....6.8.....5.....2.....8...3......1.........2......9......7..",
            "1.....7....3.......2....7..........91..4..........6....2.4.........5...........8.",
        ));
        let step = step_of(Technique::BugLockedDigit, &b);
        assert_eq!(
            step.reason,
            "every open cell holds two candidates except r7c2 and r7c8: without {5} in r7c2 and \
             {2} in r7c8, every digit would have two places in every house, a deadly pattern, \
             so one of them takes one of these; in row 7, 9 can only go in them, so the other \
             is 9: each is 9 or one of its own"
        );
        assert_eq!(step.effect(), "r7c2<>2, r7c8<>4");
        assert_eq!(step.rating.to_string(), "5.7");
        // Type 3 holds here too, rated higher: the two cells act as one
        // holding {2,5}, a naked triple with r7c3 {5,8} and r7c6 {2,8}.
        let three = step_of(Technique::BugNakedSet, &b);
        assert_eq!(three.effect(), "r7c1<>5");
        assert_eq!(three.rating.to_string(), "5.9");
        let mut unknown = b.clone();
        unknown.assume_unique(false);
        assert_eq!(Technique::BugLockedDigit.find(&unknown), None);
    }
    // BUG type 3: our marks part way through our solve of a shared-set
    // puzzle (no naked single pending), which Sukaku Explainer, given them
    // with only its BUG search on (`serate --techs=` with technique 30
    // alone), rates as asserted, removing the same candidates.

    #[test]
    fn type_3_a_naked_pair_in_the_box_before_the_row() {
        // Shared set line 1759 (SE 6.9); SE: "5.8 BUG type 3: H1,I1 on 1,
        // 5". r1c8 and r1c9 share row 1 and box 3; SE looks at the box
        // first, where r2c8 {1,5} makes the pair.
        let b = sukaku(concat!(
            "...45......3.......2....7..........9.......8.1....6...1...5....1...567...2.45....",
            ".......8.1............56....2..........4...........7..........9....56.....3......",
            "...4.6....2....7..........9....5......3......1....6....2....7.........8.1..4.....",
            "........9.......8..2..5....1..............7.....4..........6.....3.......2..5....",
            "..3..........56...1....6..........8..2...............9...4.....1...5..........7..",
            "1.....7...2....7.....4..........6.......5......3......12...............9.......8.",
            ".2...............9......78....4..........6.......5..8...3......1.....7..1...5....",
            "....56.......56.....3............7..1.........2..............8....4.............9",
            "1.....7.....4.....1......8...3..............9....5..8.....5.7...2............6...",
        ));
        let step = step_of(Technique::BugNakedSet, &b);
        assert_eq!(
            step.reason,
            "every open cell holds two candidates except r1c8, r1c9: without their BUG values \
             {1,5}, every digit would have two places in every house, a deadly pattern, so \
             one of them takes one; with r1c7 they hold only {1,5} in box 3, a naked set"
        );
        assert_eq!(step.effect(), "r2c8<>5, r3c9<>1");
        assert_eq!(step.rating.to_string(), "5.8");
        assert_eq!(Technique::BugLockedDigit.find(&b), None);
    }

    #[test]
    fn type_3_three_cells_and_a_quad() {
        // Shared set line 2212 (SE 8.5); SE: "5.8 BUG type 3: D3,D5,D9 on
        // 2, 3": three cells of column 4 break the grave.
        let three = sukaku(concat!(
            "......7.......6.......5.....2.....8........89.2......91..........3.........4.....",
            "...4.....1.........23...........6.....3.5..........7..........9.2..5...........8.",
            "........9.......8..23.......23.5....1..4.....1..4...........7.......6....2..5....",
            "....5.......4....9......7...23...........6...1.3.......2.....8....4...8.1.......9",
            "1..........3.............8..2.45.......4....9.2......9.2..5..........7.......6...",
            ".2..........4....9.....6.........7..1...5...........8...3.........45....1.......9",
            ".....6.........7..........91..........3....8.....5.......4......2.....8..23......",
            "..3....8..2..........4.............9......7.......6.......5..8.1..........3.5....",
            "..3....8.....5....1..........34...8..2.........34..........6...........9......7..",
        ));
        let step = step_of(Technique::BugNakedSet, &three);
        assert!(step
            .reason
            .starts_with("every open cell holds two candidates except r3c4, r5c4, r9c4:"));
        assert_eq!(step.effect(), "r1c4<>2");
        assert_eq!(step.rating.to_string(), "5.8");
        // Shared set line 2199 (SE 5.5); SE: "6.0 BUG type 3: F8,D9 on 1,
        // 2, 3, 6", a naked quad in box 8.
        let quad = sukaku(concat!(
            "...4.....1..........3..........5.....2.............7.......6..........8.........9",
            "......7...2...........5.........6..9.....6.8........89...4.......3......1........",
            ".....6..........8.........91..4.......34.....1.3............7......5.....2.......",
            ".2..........4............8...3..........5.........6...........91..............7..",
            "1............5.........6.........7..........9.2..............8....4.......3......",
            "..3..............9......7.........8.1...........4......2..5.....2...6.......56...",
            "....5.........6......4.....12.............7..1.3.......23..............9.......8.",
            "........9......7..1.........2...6.....3....8...3.5..8...3.5.....2...6......4.....",
            ".......8...3.......2..........4.6..9...4.6.......5...91..............7......56...",
        ));
        let step = step_of(Technique::BugNakedSet, &quad);
        assert!(step
            .reason
            .ends_with("with r7c4, r7c6, r8c4 they hold only {1,2,3,6} in box 8, a naked set"));
        assert_eq!(step.effect(), "r8c5<>3, r9c5<>6");
        assert_eq!(step.rating.to_string(), "6.0");
    }
}
