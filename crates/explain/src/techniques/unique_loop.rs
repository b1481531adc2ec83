//! **Unique loop (types 1 to 4), and unique rectangle type 3.** A unique
//! rectangle is the smallest *deadly loop*: open cells c1, c2, ..., ck (k
//! even) that all hold two digits a and b, each sharing a row, column or box
//! with the next (and ck with c1), such that every row, column and box
//! holds either none of them or exactly two, an odd number of steps apart
//! along the loop. Putting a, b, a, b ... along the loop then puts one a
//! and one b in every house it touches, and so does b, a, b, a ...: if the
//! solution held one of the two, swapping a and b in the loop would give a
//! second solution. In a puzzle with one solution the cells' other digits
//! (the *extra* candidates) must break the loop:
//!
//! - *Type 1*: one cell has extra candidates: it is one of them, so it
//!   loses a and b.
//! - *Type 2*: every cell with extras holds a, b and the same single extra
//!   x: one of them is x, so x goes from every cell that sees them all.
//! - *Type 3*: exactly two cells have extras, and they share a house. One
//!   of them is an extra digit, so together they act as one cell holding
//!   the extras: with other cells of the house they can form a naked set,
//!   whose digits leave the rest of the house.
//! - *Type 4*: exactly two cells have extras and share a house in which a
//!   can only go in them: one is a, so the other is no b (both lose b).
//!
//! Type 3 also comes as a hidden set: at most one of the two cells is a or
//! b, so if a and b (and digits the two cells lack, k digits in all) have
//! only k - 1 other places in the house, those places hold only them.
//!
//! Sudoku Explainer (SE; Sukaku Explainer, whose ratings we follow) rates a
//! rectangle (4 cells) 4.5, a loop of 6 cells 4.6, of 8 cells 4.7 and of 10
//! cells or more 5.0, whatever the type. Type 3 adds a tenth for each cell
//! of its naked set past the two that act as one (a pair 0.1, a triple 0.2,
//! a quad 0.3), or for each digit of its hidden set past a and b (the
//! hidden pair rates as the loop). Of type 3 SE looks at every house the
//! two cells share (box, row, column), naked and hidden sets of each size
//! in turn, and drops a set that removes just what an earlier one removes
//! (even one rated lower). Its uniqueness search
//! looks for rectangles and loops at once and takes the lowest-rated step,
//! among equals types 1, 2, 3, 4 in that order;
//! [`crate::techniques::unique_rectangle::find`] does the same.
//!
//! *On variants*: the swap gives a second solution only if it keeps every
//! group valid, so a loop is deadly here only when *every* group (diagonals,
//! extra groups and killer cages as well as houses) holds none of its cells
//! or two an odd number of steps apart: then each keeps one a and one b
//! (a cage keeps its sum). A loop that crosses a diagonal once is no deadly
//! pattern on a sudoku-X, and is not used. Like every uniqueness technique,
//! it only runs when the solution is known to be unique.

use sudokit_puzzle::{cell_name, Cell};

use crate::step::{cell_list, digit_set};
use crate::techniques::naked_subset::{naked_set_beside, NakedSetBeside};
use crate::{digits, Board, Rating, Step, Technique};

/// Cells tried between two reads of the board's limits (a clock read costs
/// about as much as a few tries).
const VISITS_PER_CHECK: u32 = 1024;

/// Cells a loop may have at most: each row holds none or two.
fn max_cells(board: &Board) -> usize {
    2 * board.size()
}

/// Which loops `steps` looks at.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Loops {
    /// Every loop of 6 cells or more, and rectangles for type 3 only
    /// (`unique_rectangle.rs` finds types 1, 2 and 4 on plain grids).
    LongAndRectangleType3,
    /// Every loop, rectangles too, of every type.
    All,
    /// Loops of 6 cells or more only.
    Long,
}

/// The lowest-rated unique loop step of 6 or more cells (the first found
/// among equals).
pub fn find(board: &Board) -> Option<Step> {
    lowest(board, Loops::Long)
}

/// The lowest-rated step of the loops `which` names.
pub(crate) fn lowest(board: &Board, which: Loops) -> Option<Step> {
    if !board.is_unique() {
        return None;
    }
    let mut best: Option<Step> = None;
    for_each_loop(board, |board, cells, pair| {
        let with_rectangles = which != Loops::Long;
        if cells.len() == 4 && !with_rectangles {
            return;
        }
        let types_124 = cells.len() > 4 || which == Loops::All;
        for step in loop_steps(board, cells, pair, types_124) {
            if best.as_ref().is_none_or(|b| step.rating < b.rating) {
                best = Some(step);
            }
        }
    });
    best
}

/// SE's rating of a loop of `len` cells, before type 3's naked set.
fn base_rating(len: usize) -> Rating {
    match len {
        4 => Rating(45),
        6 => Rating(46),
        8 => Rating(47),
        _ => Rating(50),
    }
}

/// Calls `visit` with every deadly loop (cells in loop order, digit pair
/// as a mask) once.
fn for_each_loop(board: &Board, mut visit: impl FnMut(&Board, &[Cell], u64)) {
    let n = board.size();
    let geometry = board.geometry();
    let groups = geometry.groups().len();
    let mut search = Search {
        count: vec![0; groups],
        first_at: vec![0; groups],
        path: Vec::new(),
        open_groups: 0,
        max: max_cells(board),
        countdown: VISITS_PER_CHECK,
        stopped: false,
    };
    for a in 1..=n as u8 {
        for b in a + 1..=n as u8 {
            let pair = 1u64 << (a - 1) | 1u64 << (b - 1);
            let cells: Vec<Cell> = board
                .open_cells()
                .filter(|&c| board.candidates(c) & pair == pair)
                .collect();
            if cells.len() < 4 {
                continue;
            }
            for (i, &start) in cells.iter().enumerate() {
                if search.stopped || board.stopped().is_some() {
                    return;
                }
                search.push(board, start);
                search.extend(board, &cells[i + 1..], pair, &mut visit);
                search.pop(board);
            }
        }
    }
}

/// The depth-first walk from a loop's first (lowest) cell.
struct Search {
    /// Loop cells in each group so far.
    count: Vec<u8>,
    /// Where along the path each group's first loop cell is.
    first_at: Vec<usize>,
    path: Vec<Cell>,
    /// Groups that hold one loop cell (a closed loop has none).
    open_groups: usize,
    max: usize,
    /// Cells tried before the board's limits are read again.
    countdown: u32,
    /// The limits stopped the walk.
    stopped: bool,
}

impl Search {
    /// Whether `cell` can come next: every group of it holds no loop cell
    /// yet, or one an odd number of steps back.
    fn fits(&self, board: &Board, cell: Cell) -> bool {
        let at = self.path.len();
        board
            .geometry()
            .groups_of(cell)
            .iter()
            .all(|&g| match self.count[g] {
                0 => true,
                1 => (at - self.first_at[g]) % 2 == 1,
                _ => false,
            })
    }

    /// Whether, with `cell` added, some type could still use the cells
    /// with extra candidates: two at most (types 1, 3 and 4), or any number
    /// adding the same single digit (type 2). This keeps the walk short on
    /// boards where most cells hold many candidates.
    fn extras_usable(&self, board: &Board, cell: Cell, pair: u64) -> bool {
        let more = |c: Cell| board.candidates(c) & !pair;
        if more(cell) == 0 {
            return true;
        }
        let mut extras = self.path.iter().copied().filter(|&c| more(c) != 0);
        match (extras.next(), extras.next()) {
            (None, _) | (Some(_), None) => true,
            (Some(first), Some(_)) => {
                let x = more(first);
                x.count_ones() == 1
                    && more(cell) == x
                    && self.path.iter().all(|&c| more(c) == 0 || more(c) == x)
            }
        }
    }

    fn push(&mut self, board: &Board, cell: Cell) {
        let at = self.path.len();
        for &g in board.geometry().groups_of(cell) {
            self.count[g] += 1;
            if self.count[g] == 1 {
                self.first_at[g] = at;
                self.open_groups += 1;
            } else {
                self.open_groups -= 1;
            }
        }
        self.path.push(cell);
    }

    fn pop(&mut self, board: &Board) {
        let cell = self.path.pop().expect("a cell to take back");
        for &g in board.geometry().groups_of(cell) {
            self.count[g] -= 1;
            if self.count[g] == 0 {
                self.open_groups -= 1;
            } else {
                self.open_groups += 1;
            }
        }
    }

    /// Extends the path by cells of `later` (those after the start, so
    /// that the start is the loop's lowest cell).
    fn extend(
        &mut self,
        board: &Board,
        later: &[Cell],
        pair: u64,
        visit: &mut impl FnMut(&Board, &[Cell], u64),
    ) {
        let geometry = board.geometry();
        let last = *self.path.last().expect("a path");
        let start = self.path[0];
        for &next in later {
            self.countdown -= 1;
            if self.countdown == 0 {
                self.countdown = VISITS_PER_CHECK;
                self.stopped = board.stopped().is_some();
            }
            if self.stopped {
                return;
            }
            if self.path.contains(&next)
                || !geometry.sees(last, next)
                || !self.fits(board, next)
                || !self.extras_usable(board, next, pair)
            {
                continue;
            }
            self.push(board, next);
            let len = self.path.len();
            if self.open_groups == 0 {
                // Every group touched holds two cells: the loop is closed
                // (or the path is stuck). Each loop is walked both ways;
                // keep the way whose second cell is the lower.
                if len >= 4 && geometry.sees(next, start) && self.path[1] < next {
                    visit(board, &self.path, pair);
                }
            } else if len < self.max {
                self.extend(board, later, pair, visit);
            }
            self.pop(board);
        }
    }
}

/// The steps of every type that the loop's extra candidates give.
fn loop_steps(board: &Board, cells: &[Cell], pair: u64, types_124: bool) -> Vec<Step> {
    let extras: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| board.candidates(c) != pair)
        .collect();
    let mut steps = Vec::new();
    if extras.is_empty() {
        return steps;
    }
    let loop_name = Namer::new(board, cells, pair);
    if types_124 {
        if let [cell] = extras[..] {
            steps.push(type_1(board, &loop_name, cell));
        }
        steps.extend(type_2(board, &loop_name, &extras));
    }
    if let [e1, e2] = extras[..] {
        // SE looks in each house the two cells share (box, row, column)
        // for naked and hidden sets of each size, and drops a set that
        // removes just what an earlier one removes (even if it rates
        // lower): the lowest-rated of the rest is the step.
        let mut sets: Vec<Step> = Vec::new();
        for house in shared_houses(board, [e1, e2]) {
            for size in 2..=MAX_SET {
                let naked = type_3(board, &loop_name, [e1, e2], house, size);
                let hidden = type_3_hidden(board, &loop_name, [e1, e2], house, size);
                for set in naked.into_iter().chain(hidden) {
                    if !sets.iter().any(|s| s.eliminations == set.eliminations) {
                        sets.push(set);
                    }
                }
            }
        }
        steps.extend(sets);
        if types_124 {
            steps.extend(type_4(board, &loop_name, [e1, e2]));
        }
    }
    steps.retain(Step::has_effect);
    steps
}

/// What a step says of its loop, and the step itself.
struct Namer<'a> {
    board: &'a Board,
    cells: &'a [Cell],
    pair: u64,
}

impl<'a> Namer<'a> {
    fn new(board: &'a Board, cells: &'a [Cell], pair: u64) -> Namer<'a> {
        Namer { board, cells, pair }
    }

    fn technique(&self) -> Technique {
        if self.cells.len() == 4 {
            Technique::UniqueRectangle
        } else {
            Technique::UniqueLoop
        }
    }

    /// "r1c1, r1c4, r3c4, r3c1 would be a deadly loop on {2,7}".
    fn deadly(&self) -> String {
        let n = self.board.size();
        let shape = if self.cells.len() == 4 {
            "rectangle".to_string()
        } else {
            format!("loop of {} cells", self.cells.len())
        };
        format!(
            "{} ({shape}) would be a deadly pattern on {}: swapping its two digits along it \
             would give a second solution",
            cell_list(self.cells, n),
            digit_set(self.pair),
        )
    }

    fn step(&self, kind: &str, reason: String, rating: Rating, gone: Vec<(Cell, u8)>) -> Step {
        let mut corners = self.cells.to_vec();
        corners.sort_unstable();
        let mut gone = gone;
        gone.sort_unstable();
        gone.dedup();
        let mut step = Step::new(
            self.technique(),
            self.board,
            format!("{kind}: {}; {reason}", self.deadly()),
        )
        .with_cells(corners)
        .rated(rating);
        step.eliminations = gone;
        step
    }
}

/// One cell has extras: it cannot be a or b.
fn type_1(board: &Board, namer: &Namer, cell: Cell) -> Step {
    let name = cell_name(cell, board.size());
    let reason = format!("only {name} holds more, so it is none of them");
    let gone = digits(namer.pair).map(|d| (cell, d)).collect();
    namer.step("type 1", reason, base_rating(namer.cells.len()), gone)
}

/// Every cell with extras holds the pair and one same digit x.
fn type_2(board: &Board, namer: &Namer, extras: &[Cell]) -> Option<Step> {
    if extras.len() < 2 {
        return None;
    }
    let more = board.candidates(extras[0]) & !namer.pair;
    if more.count_ones() != 1
        || extras
            .iter()
            .any(|&c| board.candidates(c) != namer.pair | more)
    {
        return None;
    }
    let x = digits(more).next()?;
    let gone = board.seen_by_all(extras, x);
    let reason = format!(
        "{} add only {x}, so one of them is {x}",
        cell_list(extras, board.size())
    );
    Some(namer.step("type 2", reason, base_rating(namer.cells.len()), gone))
}

/// The houses that hold both cells, boxes first (SE's order).
fn shared_houses(board: &Board, extras: [Cell; 2]) -> Vec<usize> {
    crate::techniques::bug::houses_holding(board, &extras)
}

/// Two cells with extras share a house where a can only go in them.
fn type_4(board: &Board, namer: &Namer, extras: [Cell; 2]) -> Vec<Step> {
    let geometry = board.geometry();
    let n = board.size();
    let mut steps = Vec::new();
    let pair: Vec<u8> = digits(namer.pair).collect();
    for house in shared_houses(board, extras) {
        let cells = geometry.cells_of(house);
        for (i, &a) in pair.iter().enumerate() {
            let b = pair[1 - i];
            if board.places_iter(cells, a).count() != 2 {
                continue;
            }
            let reason = format!(
                "in {}, {a} can only go in {} and {}: one of them is {a}, so neither is {b}",
                geometry.kind(house),
                cell_name(extras[0], n),
                cell_name(extras[1], n),
            );
            let gone = extras.iter().map(|&c| (c, b)).collect();
            steps.push(
                namer
                    .step("type 4", reason, base_rating(namer.cells.len()), gone)
                    .in_groups([geometry.kind(house)]),
            );
        }
    }
    steps
}

/// Largest naked set type 3 looks for, the two cells counting as one.
const MAX_SET: usize = 4;

/// Two cells with extras share a house; one of them is an extra digit, so
/// they act as one cell holding the extras, in a naked set of `size` cells
/// with others of the house, whose digits leave the rest of it.
fn type_3(
    board: &Board,
    namer: &Namer,
    extras: [Cell; 2],
    house: usize,
    size: usize,
) -> Option<Step> {
    let geometry = board.geometry();
    let n = board.size();
    let more = (board.candidates(extras[0]) | board.candidates(extras[1])) & !namer.pair;
    if more.count_ones() < 2 || more.count_ones() as usize > size {
        // One extra digit is type 2.
        return None;
    }
    let NakedSetBeside { members, set, gone } =
        naked_set_beside(board, house, &extras, more, size)?;
    let reason = format!(
        "one of {} and {} is one of their extra digits {}, so with {} they hold {} in {}, a \
         naked set",
        cell_name(extras[0], n),
        cell_name(extras[1], n),
        digit_set(more),
        cell_list(&members, n),
        digit_set(set),
        geometry.kind(house),
    );
    let rating = Rating(base_rating(namer.cells.len()).0 + size as u16 - 1);
    Some(
        namer
            .step("type 3", reason, rating, gone)
            .in_groups([geometry.kind(house)]),
    )
}

/// Two cells with extras share a house: one of them is an extra digit, so
/// at most one of them is a or b. If a and b (with digits the two cells do
/// not hold, k digits in all) have only k - 1 other places in the house,
/// those places hold only them. SE rates the hidden pair as the loop itself
/// and a tenth more for each digit past two (a triple 0.1: Sukaku
/// Explainer agreed on all 7 hidden triples of the shared set's walks).
fn type_3_hidden(
    board: &Board,
    namer: &Namer,
    extras: [Cell; 2],
    house: usize,
    size: usize,
) -> Option<Step> {
    let geometry = board.geometry();
    let n = board.size();
    let in_extras = board.candidates(extras[0]) | board.candidates(extras[1]);
    let others: Vec<Cell> = geometry
        .cells_of(house)
        .iter()
        .copied()
        .filter(|&c| board.value(c) == 0 && !extras.contains(&c))
        .collect();
    // Digits that may join a and b: open in the house, not in the two cells.
    let joinable: Vec<u8> = (1..=n as u8)
        .filter(|&d| {
            in_extras >> (d - 1) & 1 == 0 && board.places_iter(&others, d).next().is_some()
        })
        .collect();
    crate::techniques::first_combination(board, joinable.len(), size - 2, |pick| {
        let set = pick
            .iter()
            .fold(namer.pair, |m, &i| m | 1 << (joinable[i] - 1));
        let places: Vec<Cell> = others
            .iter()
            .copied()
            .filter(|&c| board.candidates(c) & set != 0)
            .collect();
        if places.len() != size - 1 {
            return None;
        }
        let gone: Vec<(Cell, u8)> = places
            .iter()
            .flat_map(|&c| digits(board.candidates(c) & !set).map(move |d| (c, d)))
            .collect();
        if gone.is_empty() {
            return None;
        }
        let reason = format!(
            "one of {} and {} is an extra digit, so at most one of them is {}; in {}, \
                     {} can only go in them and {}, a hidden set",
            cell_name(extras[0], n),
            cell_name(extras[1], n),
            digit_set(namer.pair),
            geometry.kind(house),
            digit_set(set),
            cell_list(&places, n),
        );
        let rating = Rating(base_rating(namer.cells.len()).0 + size as u16 - 2);
        Some(
            namer
                .step("type 3", reason, rating, gone)
                .in_groups([geometry.kind(house)]),
        )
    })
}

#[cfg(test)]
mod tests {
    use sudokit_model::BoxShape;
    use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};

    use crate::testing::{marks_at, step_of, sukaku, sukaku_open};
    use crate::{Board, Technique};

    // The positions below are Sukaku Explainer's own pencil marks just
    // before it took the step (`serate --before=%m --after="%r %s"` on the
    // puzzle named), and the ratings asserted are the ones it printed.

    /// Shared set line 17 (SE 6.8): SE's step "4.6 Unique Loop 6 type 1:
    /// Cells A6,B6,B7,I7,I8,A8 on 4, 8" (SE names columns by letter).
    const LOOP_6_TYPE_1: &str = concat!(
        "....5...9.2.......1.....7..1.3.........4............8.1...5.7.9.....6.....3.5.7.9",
        "1....67..1.3..6..........8.....5....12...............91.....7.....4......23...7..",
        "....5...91.3.........4.....123...........6.........7..1...5..89..3.....9.23.5..89",
        "..3............7..........912...6...12.......1....6......45..8.....5..8....45..8.",
        "12...6...1....6...12...6......4............8.....5..........7.9..3.....9..3...7.9",
        "...4...8....4...8.....5..........7..........9..3...........6....2.......1........",
        "1....6......4...8...3..............9......7..1..4.6....2...........5..8....456.8.",
        "...4...8.........91....6...1....6.......5.....2.........3............7.....4...8.",
        ".2....7......5.....2....7.........8...3.........4.6......4....91...........4.6..9",
    );

    #[test]
    fn type_1_a_loop_of_six_cells() {
        let b = sukaku(LOOP_6_TYPE_1);
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(step.technique, Technique::UniqueLoop);
        assert_eq!(
            step.reason,
            "type 1: r6c1, r6c2, r7c2, r7c9, r8c9, r8c1 (loop of 6 cells) would be a deadly \
             pattern on {4,8}: swapping its two digits along it would give a second solution; \
             only r7c9 holds more, so it is none of them"
        );
        assert_eq!(step.effect(), "r7c9<>4, r7c9<>8");
        assert_eq!(step.rating.to_string(), "4.6");
        assert_eq!(step, step_of(Technique::UniqueLoop, &b));
    }

    #[test]
    fn type_2_a_loop_of_six_cells() {
        // Shared set line 376 (SE 5.4): "4.6 Unique Loop 6 type 2: Cells
        // A7,A9,I9,I8,D8,D7 on 2, 4"; one of r8c4 and r9c1 is 7.
        let b = sukaku(concat!(
            "....5......3.........4............8......6....2.............7..........91........",
            ".2.....8.......7..........9....5....1...........4.......3.......2.....8......6...",
            "1.........2.....8......6.....3..............9......7...2.....8....4.........5....",
            "..3.............89.2............6......4..7......5.......4...8.1..............7.9",
            ".......89....5....1.........2.4..7...2....78...3.......2.4..........6.........7.9",
            ".....6......4...........7..........9.2.....8.1............5.....2.....8...3......",
            ".2.4.....1............5.....2.4.......3..............9.....6.........7.........8.",
            ".2.4..7.9.2......9.......8..2.4..7......5.........6...1..........3.......2.4.....",
            ".2.4..7.......6.....3......1.........2.4..7.........8.........9....5.....2.4.....",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(step.technique, Technique::UniqueLoop);
        assert!(step
            .reason
            .ends_with("r8c4, r9c1 add only 7, so one of them is 7"));
        assert_eq!(step.effect(), "r8c1<>7, r9c5<>7");
        assert_eq!(step.rating.to_string(), "4.6");
    }

    #[test]
    fn type_3_a_hidden_pair_beside_a_loop_of_six_cells() {
        // A generated puzzle (`sudokit generate --technique "unique loop"
        // --seed 7`, the fourth), .4.8....2..8.3...9.9.......1.....7......
        // 28...3.64.52.......4.7..7.......2...6..1.: SE rates it 4.6, at
        // "4.6 Unique Loop 6 type 3: Cells C7,C9,D9,D8,G8,G7 on 5, 9". One
        // of r7c7 and r8c7 is 3 or 6, so 5 and 9 have one place left in
        // column 7 besides them, r2c7, which loses its 4. Type 4 (r7c7 and
        // r8c7 lose 9) rates the same, and SE tries type 3 first.
        let b = sukaku(concat!(
            "......7.....4.......3.............8.....5............91.............6....2.......",
            ".....6...1...............8.......7....3.......2..........45.......45............9",
            "....5............9.2............6......4.....1..........3....8...3....8.......7..",
            "1.........2..........4.......3..............9.....6.........7......5..8.....5..8.",
            "........9....5..........7..1.........2..............8...34.6.....34.......34.6...",
            "..3.............8......6......4...........7......5.....2...............91........",
            ".......8......6.......5...9.2.......1...........4.......3.5...9......7....3.5....",
            "...4...........7..1............5...9.......8...3..........56..9.2...........56...",
            ".2.........3..........5...9....5...9.....6.........7.....4...8.1...........4...8.",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(step.technique, Technique::UniqueLoop);
        assert!(step.reason.starts_with(
            "type 3: r7c3, r7c7, r8c7, r8c4, r9c4, r9c3 (loop of 6 cells) would be a deadly \
             pattern on {5,9}"
        ));
        assert!(step.reason.ends_with(
            "one of r7c7 and r8c7 is an extra digit, so at most one of them is {5,9}; in \
             column 7, {5,9} can only go in them and r2c7, a hidden set"
        ));
        assert_eq!(step.effect(), "r2c7<>4");
        assert_eq!(step.rating.to_string(), "4.6");
    }

    #[test]
    fn type_1_a_loop_of_eight_cells() {
        // A generated puzzle (`sudokit generate --technique "unique loop"
        // --seed 11`, the tenth), 7....2..1..4.9...7.1..4..5.......6...4.
        // ..6..9..8..37..4.2...5....1.8........1432.: SE rates it 4.7, at
        // "4.7 Unique Loop 8 type 1: Cells B2,A2,A5,E5,E6,I6,I4,B4 on 2,
        // 5", which rules 2 and 5 out of A2 (r2c1).
        let b = sukaku(concat!(
            "......7.........8...3..6.......5......3..6....2..........4.............91........",
            ".23.5.....2..5.......4.....1.3..............91......8..2.....8......6.........7..",
            ".2......91.............6..9.....67.....4...........78..2.....8.....5......3......",
            "1.3.....9.2..5......3.....9...4...........7..1.......9.....6..........8..2..5....",
            ".2..5.......4...........7.........8..2..5.........6...1..........3..............9",
            "1.......9.....6..........8.1.......9.2..5......3............7.....4......2..5....",
            "...4...........7.9.2.........3..6.....3..6.........7.9....5....1...............8.",
            ".....6.....3......1.........2..............8.....5............9......7.....4.....",
            ".......8.......7.9....5..........7.91...........4.......3.......2............6...",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(step.technique, Technique::UniqueLoop);
        assert!(step
            .reason
            .contains("(loop of 8 cells) would be a deadly pattern on {2,5}"));
        assert_eq!(step.effect(), "r2c1<>2, r2c1<>5");
        assert_eq!(step.rating.to_string(), "4.7");
    }

    #[test]
    fn type_4_a_loop_of_ten_cells() {
        // Shared set line 1852 (SE 7.1), our marks part way through our
        // solve, naked singles pending (kept open here, as Sukaku Explainer
        // reads them): given these marks with only its unique rectangle and
        // loop search on (`serate --techs=` with technique 22 alone), it
        // takes "5.0 Unique Loop 10 type 4: Cells F2,H2,H4,G4,G3,E3,E7,D7,
        // D5,F5 on 8, 1" and rules 1 out of H2 and G3 (r2c8, r3c7): 8 can
        // only go in them in box 3.
        let b = sukaku_open(concat!(
            "1.....7.........8.........9...4.......3..........5.........6....2.......1.....7..",
            "...4......2...........5..........7.......6...1......8...3......1......891.......9",
            "1.....7....3...........6....2.......1......8.........91.....78....4.........5....",
            ".....6.......5.......4.............9......7....3......1......8.1......8..2.......",
            ".2...............9..3......1......8.....5....1......8....4...........7.......6...",
            ".......8.1..............7.......6....2..........4.............9....5......3......",
            "..3.........4......2.......1......8.1......8......6...1...5.7..1.......91.....7.9",
            "....5..........7.........8...3..............9.2.......1.............6......4.....",
            "........9.....6...1............5.......4...........7...2.........3.............8.",
        ));
        let step = step_of(Technique::UniqueRectangle, &b);
        assert_eq!(step.technique, Technique::UniqueLoop);
        assert!(step.reason.starts_with(
            "type 4: r2c6, r2c8, r4c8, r4c7, r3c7, r3c5, r7c5, r7c4, r5c4, r5c6 (loop of 10 \
             cells) would be a deadly pattern on {1,8}"
        ));
        assert!(step.reason.ends_with(
            "in box 3, 8 can only go in r2c8 and r3c7: one of them is 8, so neither is 1"
        ));
        assert_eq!(step.effect(), "r2c8<>1, r3c7<>1");
        assert_eq!(step.rating.to_string(), "5.0");
    }

    #[test]
    fn only_when_the_solution_is_known_to_be_unique() {
        let mut b = sukaku(LOOP_6_TYPE_1);
        b.assume_unique(false);
        assert_eq!(Technique::UniqueRectangle.find(&b), None);
        assert_eq!(Technique::UniqueLoop.find(&b), None);
    }

    /// Marks of a loop of six cells in the top band on {1,2}: r1c1, r1c4,
    /// r2c4, r2c7, r3c7, r3c1, with 3 added in r3c1; 1 and 2 nowhere else
    /// in those rows and columns (so no rectangle forms), every digit in
    /// the other cells.
    fn band_loop(diagonals: bool) -> Board {
        let mut cells = vec![
            (1, 1, "12"),
            (1, 4, "12"),
            (2, 4, "12"),
            (2, 7, "12"),
            (3, 7, "12"),
            (3, 1, "123"),
        ];
        let loop_cell = |r, c| cells.iter().any(|&(lr, lc, _)| (lr, lc) == (r, c));
        let mut rest = Vec::new();
        for r in 1..=9 {
            for c in 1..=9 {
                if !loop_cell(r, c) && (r <= 3 || [1, 4, 7].contains(&c)) {
                    rest.push((r, c, "3456789"));
                }
            }
        }
        cells.extend(rest);
        let plain = marks_at(9, &cells);
        let marks = (0..81).map(|c| plain.candidates(c)).collect();
        let mut spec = PuzzleSpec::blank(9, Layout::Boxes(BoxShape { rows: 3, cols: 3 }));
        spec.diagonals = diagonals;
        spec.candidates = Some(marks);
        let mut b = Board::new(&Puzzle::new(spec).unwrap());
        b.assume_unique(true);
        b
    }

    #[test]
    fn on_a_sudoku_x_a_loop_that_crosses_a_diagonal_once_is_not_deadly() {
        // r1c1 is the only loop cell on the main diagonal: the swap would
        // change the diagonal's digit there and nowhere else, so the
        // swapped grid may repeat a digit on it. Without diagonals the
        // loop is deadly.
        let step = step_of(Technique::UniqueLoop, &band_loop(false));
        assert_eq!(step.effect(), "r3c1<>1, r3c1<>2");
        assert_eq!(step.rating.to_string(), "4.6");
        assert_eq!(Technique::UniqueLoop.find(&band_loop(true)), None);
        assert_eq!(Technique::UniqueRectangle.find(&band_loop(true)), None);
    }
}
