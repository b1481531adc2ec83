//! **Innies and outies.** Every house holds each digit once, so it adds up
//! to 1 + 2 + ... + n (45 in a 9x9 grid), and k whole rows, k whole
//! columns, or a box together add up to k times that. Now lay the killer
//! cages over such a region:
//!
//! - *Innies.* The cages lying wholly inside the region account for their
//!   sums; the region's other cells (the innies, which stick into cages
//!   that cross its edge, or are in no cage) make up the rest. Rows 1-2
//!   sum to 90; if their whole cages sum to 83, the one cell left over is 7.
//! - *Outies.* When every cell of the region is in a cage, the cages that
//!   meet it add up to the region's total plus the cells they have outside
//!   it (the outies), which therefore sum to the difference.
//!
//! Digits already placed among the innies or outies are subtracted. One
//! open cell left is the difference itself. Two open cells must be a pair
//! of digits with that sum (different if the two cells see each other), so
//! a candidate with no partner in the other cell goes; a few more cells
//! (up to five) are read the same way, like a cage of their own whose
//! digits repeat only between cells that share no group. SE rates the
//! "45 rule" 2.8.

use sudokit_puzzle::{cell_name, Cell, GroupKind};

use crate::{digits, Board, Rating, Step, Technique};

/// Innies or outies with more open cells than this are left alone: five
/// up to 9x9, fewer on larger grids, where each cell has more digits to try.
fn max_open(n: usize) -> usize {
    match n {
        0..=9 => 5,
        10..=16 => 4,
        _ => 3,
    }
}

/// A region whose total is known: consecutive rows or columns, or a house.
#[derive(Clone, Copy)]
enum Region {
    /// Rows `first..=last` (0-based).
    Rows(usize, usize),
    /// Columns `first..=last`.
    Columns(usize, usize),
    /// A house other than a row or column: box, region, diagonal, group.
    House(usize),
}

impl Region {
    fn name(self, board: &Board) -> String {
        let n = board.size();
        match self {
            Region::Rows(0, last) if last + 1 == n => "the grid".to_string(),
            Region::Rows(a, b) if a == b => format!("row {}", a + 1),
            Region::Rows(a, b) => format!("rows {}-{}", a + 1, b + 1),
            Region::Columns(a, b) if a == b => format!("column {}", a + 1),
            Region::Columns(a, b) => format!("columns {}-{}", a + 1, b + 1),
            Region::House(g) => board.geometry().kind(g).to_string(),
        }
    }

    /// Its cells and how many houses it is made of.
    fn cells(self, board: &Board) -> (Vec<Cell>, usize) {
        let n = board.size();
        match self {
            Region::Rows(a, b) => ((a * n..(b + 1) * n).collect(), b - a + 1),
            Region::Columns(a, b) => {
                let cells = (0..n).flat_map(|r| (a..=b).map(move |c| r * n + c));
                (cells.collect(), b - a + 1)
            }
            Region::House(g) => (board.geometry().cells_of(g).to_vec(), 1),
        }
    }

    fn contains(self, board: &Board, cell: Cell) -> bool {
        let n = board.size();
        match self {
            Region::Rows(a, b) => (a..=b).contains(&(cell / n)),
            Region::Columns(a, b) => (a..=b).contains(&(cell % n)),
            Region::House(g) => board.geometry().groups_of(cell).contains(&g),
        }
    }
}

/// The first innie or outie deduction: single rows, columns and houses
/// first, then two rows or columns, three, and so on up to the whole grid
/// (half of it above 9x9).
pub fn find(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    if geometry.cages().is_empty() {
        return None;
    }
    let n = board.size();
    let mut cage_of = vec![usize::MAX; n * n];
    for (i, cage) in geometry.cages().iter().enumerate() {
        for &c in &cage.cells {
            cage_of[c] = i;
        }
    }
    let houses = geometry.houses().iter().copied().filter(|&g| {
        !matches!(
            geometry.kind(g),
            GroupKind::Row(_) | GroupKind::Column(_) | GroupKind::Cage(_)
        )
    });
    let singles = (0..n)
        .map(|r| Region::Rows(r, r))
        .chain((0..n).map(|c| Region::Columns(c, c)))
        .chain(houses.map(Region::House));
    // Up to 9x9 every band, the whole grid included; above, bands of up to
    // half the grid and one more: k rows of a grid whose cells are all caged
    // have as innies the outies of the other n - k rows.
    let widest = if n <= 9 { n } else { n / 2 + 1 };
    let bands = (2..=widest).flat_map(|k| {
        let rows = (0..=n - k).map(move |a| Region::Rows(a, a + k - 1));
        let columns = (0..=n - k)
            .filter(move |_| k < n)
            .map(move |a| Region::Columns(a, a + k - 1));
        rows.chain(columns)
    });
    let mut count = vec![0usize; geometry.cages().len()];
    singles
        .chain(bands)
        .find_map(|region| in_region(board, region, &cage_of, &mut count))
}

/// The innies, then the outies, of `region`. `count` is all zeros and is
/// left so.
fn in_region(
    board: &Board,
    region: Region,
    cage_of: &[usize],
    count: &mut [usize],
) -> Option<Step> {
    let n = board.size();
    let cages = board.geometry().cages();
    let (cells, houses) = region.cells(board);
    let total = (houses * n * (n + 1) / 2) as i64;
    let mut touched = Vec::new();
    for &c in &cells {
        let cage = cage_of[c];
        if cage != usize::MAX {
            if count[cage] == 0 {
                touched.push(cage);
            }
            count[cage] += 1;
        }
    }
    let inside = |cage: usize| count[cage] == cages[cage].cells.len();
    let mut found = None;
    let inner_sum: i64 = touched
        .iter()
        .filter(|&&g| inside(g))
        .map(|&g| i64::from(cages[g].sum))
        .sum();
    if touched.iter().any(|&g| inside(g)) {
        let innies: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| cage_of[c] == usize::MAX || !inside(cage_of[c]))
            .collect();
        let known = inner_sum + placed_sum(board, &innies);
        let what = |open: usize| if open == 1 { "innie" } else { "innies" };
        found = deduce(board, &innies, total - known, |open, cells| {
            format!(
                "{} of {}: {cells} = {total} - {known}",
                what(open),
                region.name(board)
            )
        });
    }
    let all_caged = cells.iter().all(|&c| cage_of[c] != usize::MAX);
    if found.is_none() && all_caged {
        let outies: Vec<Cell> = touched
            .iter()
            .filter(|&&g| !inside(g))
            .flat_map(|&g| {
                cages[g]
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| !region.contains(board, c))
            })
            .collect();
        let cage_sum: i64 = touched.iter().map(|&g| i64::from(cages[g].sum)).sum();
        let known = cage_sum - placed_sum(board, &outies);
        let what = |open: usize| if open == 1 { "outie" } else { "outies" };
        found = deduce(board, &outies, known - total, |open, cells| {
            format!(
                "{} of {}: {cells} = {known} - {total}",
                what(open),
                region.name(board)
            )
        });
    }
    for g in touched {
        count[g] = 0;
    }
    found
}

/// The sum of the digits placed in `cells`.
fn placed_sum(board: &Board, cells: &[Cell]) -> i64 {
    cells.iter().map(|&c| i64::from(board.value(c))).sum()
}

/// What follows from the open cells of `cells` adding up to `sum`: the
/// digit of a single one, or for a few, the candidates that no filling
/// with that sum uses. `reason` gets the number of open cells and their
/// names joined by " + ".
fn deduce(
    board: &Board,
    cells: &[Cell],
    sum: i64,
    reason: impl Fn(usize, String) -> String,
) -> Option<Step> {
    let n = board.size();
    let max_open = max_open(n);
    let open: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| board.value(c) == 0)
        .collect();
    let named = open
        .iter()
        .map(|&c| cell_name(c, n))
        .collect::<Vec<_>>()
        .join(" + ");
    let digit = |d: i64| (1..=n as i64).contains(&d).then_some(d as u8);
    let step = |text: String| {
        Step::new(Technique::InniesOuties, board, text)
            .with_cells(open.clone())
            .rated(Rating(28))
    };
    match open.len() {
        1 => {
            let cell = open[0];
            let d = digit(sum).filter(|&d| board.has(cell, d))?;
            let mut step = step(format!("{} = {d}", reason(1, named)));
            step.placements.push((cell, d));
            Some(step)
        }
        len if len >= 2 && len <= max_open => {
            let sum = u32::try_from(sum).ok()?;
            let allowed = Fill::new(board, &open).fits(sum);
            let mut gone: Vec<(Cell, u8)> = Vec::new();
            for (k, &cell) in open.iter().enumerate() {
                gone.extend(digits(board.candidates(cell) & !allowed[k]).map(|d| (cell, d)));
            }
            if gone.is_empty() {
                return None;
            }
            gone.sort_unstable();
            let mut step = step(format!("{} = {sum}", reason(len, named)));
            step.eliminations = gone;
            Some(step)
        }
        _ => None,
    }
}

/// The ways to fill a few cells with their candidates so that they add up
/// to a sum, cells that see each other holding different digits: a search
/// cell by cell, cut short when the rest cannot make up the sum.
struct Fill {
    marks: Vec<u64>,
    /// For cell k, the earlier cells it sees (bit j for cell j).
    sees: Vec<u64>,
    /// The least and the most that cells k.. can add up to.
    low: Vec<u32>,
    high: Vec<u32>,
    pick: Vec<u8>,
    allowed: Vec<u64>,
    /// Every candidate is known to fit: the search can stop.
    done: bool,
}

impl Fill {
    fn new(board: &Board, cells: &[Cell]) -> Fill {
        let geometry = board.geometry();
        let marks: Vec<u64> = cells.iter().map(|&c| board.candidates(c)).collect();
        let sees = (0..cells.len())
            .map(|k| {
                (0..k)
                    .filter(|&j| geometry.sees(cells[j], cells[k]))
                    .fold(0, |m, j| m | 1 << j)
            })
            .collect();
        let mut low = vec![0; cells.len() + 1];
        let mut high = vec![0; cells.len() + 1];
        for k in (0..cells.len()).rev() {
            low[k] = low[k + 1] + marks[k].trailing_zeros() + 1;
            high[k] = high[k + 1] + 64 - marks[k].leading_zeros();
        }
        Fill {
            marks,
            sees,
            low,
            high,
            pick: vec![0; cells.len()],
            allowed: vec![0; cells.len()],
            done: false,
        }
    }

    /// The digits each cell takes in some filling that adds up to `sum`.
    fn fits(mut self, sum: u32) -> Vec<u64> {
        self.walk(0, sum);
        self.allowed
    }

    /// Tries every digit of cell `k` with `left` still to make up; whether
    /// some filling of cells k.. works.
    fn walk(&mut self, k: usize, left: u32) -> bool {
        if self.done {
            return true;
        }
        if k == self.marks.len() {
            return left == 0;
        }
        if left < self.low[k] || left > self.high[k] {
            return false;
        }
        let mut any = false;
        for d in digits(self.marks[k]) {
            let clash = (0..k).any(|j| self.sees[k] >> j & 1 == 1 && self.pick[j] == d);
            if u32::from(d) > left || clash {
                continue;
            }
            self.pick[k] = d;
            if self.walk(k + 1, left - u32::from(d)) {
                self.allowed[k] |= 1 << (d - 1);
                any = true;
                self.done = self.allowed == self.marks;
            }
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use sudokit_puzzle::{Layout, Puzzle};

    use crate::testing::{boxes, killer, step_of};
    use crate::{explain, Board, ExplainOptions, Outcome, Technique};

    /// "c<>d" for each digit of `ds`, for each cell.
    fn gone(cells: &[&str], ds: impl IntoIterator<Item = u8>) -> String {
        let ds: Vec<u8> = ds.into_iter().collect();
        let each = |c: &&str| ds.iter().map(|d| format!("{c}<>{d}")).collect::<Vec<_>>();
        cells.iter().flat_map(each).collect::<Vec<_>>().join(", ")
    }

    /// Row 1: cages r1c1-r1c2 = 3, r1c3-r1c4 = 7, r1c5-r1c7 = 24 leave
    /// r1c8 + r1c9 = 45 - 34 = 11.
    const ROW_ONE: [(&[usize], u32); 3] = [(&[0, 1], 3), (&[2, 3], 7), (&[4, 5, 6], 24)];

    #[test]
    fn two_innies_of_a_row_lose_digits_without_a_partner() {
        // 1 would need 10; the two cells share row 1, and 11 is odd, so no
        // digit pairs with itself.
        let step = step_of(
            Technique::InniesOuties,
            &killer(9, boxes(3, 3), &ROW_ONE, &[]),
        );
        assert_eq!(step.reason, "innies of row 1: r1c8 + r1c9 = 45 - 34 = 11");
        assert_eq!(step.effect(), "r1c8<>1, r1c9<>1");
        assert_eq!(step.rating.to_string(), "2.8");
    }

    #[test]
    fn a_placed_innie_is_subtracted() {
        // With 4 in r1c8, r1c9 = 45 - (34 + 4) = 7.
        let step = step_of(
            Technique::InniesOuties,
            &killer(9, boxes(3, 3), &ROW_ONE, &[(7, 4)]),
        );
        assert_eq!(step.reason, "innie of row 1: r1c9 = 45 - 38 = 7");
        assert_eq!(step.effect(), "r1c9=7");
    }

    #[test]
    fn three_innies_of_a_row_are_a_cage_of_their_own() {
        // Cages of 3, 7 and 11 in r1c1-r1c6 leave r1c7 + r1c8 + r1c9 = 24,
        // three different digits: 7, 8 and 9.
        let cages: [(&[usize], u32); 3] = [(&[0, 1], 3), (&[2, 3], 7), (&[4, 5], 11)];
        let step = step_of(
            Technique::InniesOuties,
            &killer(9, boxes(3, 3), &cages, &[]),
        );
        assert_eq!(
            step.reason,
            "innies of row 1: r1c7 + r1c8 + r1c9 = 45 - 21 = 24"
        );
        assert_eq!(step.effect(), gone(&["r1c7", "r1c8", "r1c9"], 1..=6));
    }

    #[test]
    fn innies_then_outies_of_a_box() {
        // Box 1 is covered by r1c1-r1c3 = 6, r2c1-r2c3 = 15 and the cage
        // r3c1, r3c2, r3c3, r4c1, r4c2 = 27, which sticks out of the box.
        // Innies: r3c1 + r3c2 + r3c3 = 45 - 21 = 24, so 7, 8, 9. Then the
        // outies: r4c1 + r4c2 = 48 - 45 = 3, so 1 and 2. Rows and columns
        // come first but give nothing: row 1's innies are six cells.
        let cages: [(&[usize], u32); 3] = [
            (&[0, 1, 2], 6),
            (&[9, 10, 11], 15),
            (&[18, 19, 20, 27, 28], 27),
        ];
        let mut b = killer(9, boxes(3, 3), &cages, &[]);
        let step = step_of(Technique::InniesOuties, &b);
        assert_eq!(
            step.reason,
            "innies of box 1: r3c1 + r3c2 + r3c3 = 45 - 21 = 24"
        );
        assert_eq!(step.effect(), gone(&["r3c1", "r3c2", "r3c3"], 1..=6));
        step.apply(&mut b);
        let step = step_of(Technique::InniesOuties, &b);
        assert_eq!(step.reason, "outies of box 1: r4c1 + r4c2 = 48 - 45 = 3");
        assert_eq!(step.effect(), gone(&["r4c1", "r4c2"], 3..=9));
    }

    #[test]
    fn a_pair_that_need_not_differ_may_repeat_a_digit() {
        // Latin 9x9: four cages straddle rows 1 and 2 (so no single row
        // holds a whole cage) and sum to 80: r1c9 + r2c1 = 90 - 80 = 10. The two cells
        // share no group, so 5 + 5 is possible and 5 stays. The 9 in r3c1
        // takes 9 from r2c1, so 1 in r1c9 has no partner.
        let cages: [(&[usize], u32); 4] = [
            (&[0, 1, 10, 11], 10),
            (&[2, 3, 12, 13], 20),
            (&[4, 5, 14, 15], 26),
            (&[6, 7, 16, 17], 24),
        ];
        let step = step_of(
            Technique::InniesOuties,
            &killer(9, Layout::Latin, &cages, &[(18, 9)]),
        );
        assert_eq!(
            step.reason,
            "innies of rows 1-2: r1c9 + r2c1 = 90 - 80 = 10"
        );
        assert_eq!(step.effect(), "r1c9<>1");
    }

    #[test]
    fn three_innies_differ_only_where_they_see_each_other() {
        // Latin 9x9: cages in rows 1-2 summing to 85 leave r1c1 + r1c9 +
        // r2c1 = 5. r1c1 sees both others, which do not see each other:
        // 1 + 2 + 2 and 3 + 1 + 1 are the only ways, so r1c1 is 1 or 3
        // (2 would leave 1 + 2 or 2 + 1 beside it), the others 1 or 2.
        let cages: [(&[usize], u32); 4] = [
            (&[1, 2, 10, 11], 22),
            (&[3, 4, 12, 13], 22),
            (&[5, 6, 14, 15], 22),
            (&[7, 16, 17], 19),
        ];
        let step = step_of(
            Technique::InniesOuties,
            &killer(9, Layout::Latin, &cages, &[]),
        );
        assert_eq!(
            step.reason,
            "innies of rows 1-2: r1c1 + r1c9 + r2c1 = 90 - 85 = 5"
        );
        let r1c1 = gone(&["r1c1"], [2, 4, 5, 6, 7, 8, 9]);
        let others = gone(&["r1c9", "r2c1"], 3..=9);
        assert_eq!(step.effect(), format!("{r1c1}, {others}"));
    }

    #[test]
    fn nothing_without_cages() {
        assert!(Technique::InniesOuties
            .find(&killer(9, boxes(3, 3), &[], &[]))
            .is_none());
    }

    fn killer9_givens() -> sudokit_conformance::Case {
        let cases = sudokit_conformance::cases();
        cases
            .into_iter()
            .find(|c| c.name == "killer9-givens")
            .unwrap()
    }

    #[test]
    fn a_real_killer_from_the_start() {
        // killer9-givens: column 9 holds the cages r1c9-r2c9 = 5 and
        // r5c9-r6c9 = 11 and r7c9-r9c9 = 17, so r3c9 + r4c9 = 45 - 33 = 12
        // (both in column 9), and neither can be 1, 2 or 6 (no 11, 10, 6).
        // The solution has r3c9 = 8, r4c9 = 4.
        let case = killer9_givens();
        let step = step_of(Technique::InniesOuties, &Board::new(&case.puzzle));
        assert_eq!(
            step.reason,
            "innies of column 9: r3c9 + r4c9 = 45 - 33 = 12"
        );
        assert_eq!(
            step.effect(),
            "r3c9<>1, r3c9<>2, r3c9<>6, r4c9<>1, r4c9<>2, r4c9<>6"
        );
        let solution = case.solution.unwrap();
        assert_eq!((solution[26], solution[35]), (8, 4));
    }

    /// The open cells when logic stops on `puzzle`, with the singles,
    /// subsets, locked candidates and the two killer techniques.
    fn left_open(puzzle: &Puzzle, innies: bool) -> (Outcome, usize) {
        use Technique::*;
        let mut techniques = vec![
            HiddenSingle,
            NakedSingle,
            CageCombinations,
            LockedCandidates,
            NakedPair,
            HiddenPair,
            NakedTriple,
            HiddenTriple,
        ];
        if innies {
            techniques.push(InniesOuties);
        }
        let options = ExplainOptions {
            techniques,
            ..ExplainOptions::default()
        };
        let explanation = explain(puzzle, &options);
        (explanation.outcome, explanation.board.open_cells().count())
    }

    #[test]
    fn the_killer_examples_are_solved_by_logic() {
        let text = include_str!("../../../../data/examples/killer9.toml");
        let puzzle = sudokit_formats::parse_toml(text, &Default::default()).unwrap();
        assert_eq!(left_open(&puzzle, true), (Outcome::Solved, 0));
        // killer9-givens needs innies: without, logic stops at once.
        let puzzle = killer9_givens().puzzle;
        assert_eq!(left_open(&puzzle, true), (Outcome::Solved, 0));
        assert_eq!(left_open(&puzzle, false), (Outcome::Stuck, 79));
    }
}
