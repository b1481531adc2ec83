//! **Aligned pair and triplet exclusion.** Take two cells (a pair) or
//! three (a triplet), the *base*, and list every way to fill them from
//! their candidates. A way is impossible when two base cells that see each
//! other take the same digit, or when it takes every candidate of an
//! *excluding cell*: an open cell that sees every base cell and holds no
//! more candidates than there are base cells (two for a pair, two or three
//! for a triplet), which would be left empty. A candidate of a base cell
//! that no possible way uses is ruled out.
//!
//! This is Sudoku Explainer's (SE) definition, which rates a pair 6.2 and
//! a triplet 7.5 whatever its size: the base cells need not share a group
//! themselves (SE's triplets are often spread over two or three boxes),
//! only some excluding cell that sees them all; and only cells that see
//! every base cell exclude, not almost-locked sets of several cells.
//!
//! It needs nothing but which cells see which, so it works on every
//! geometry: jigsaw regions, diagonals and extra groups, killer cages as
//! groups of distinct digits (their sums are not used).

use sudokit_puzzle::{cell_name, Cell};

use crate::step::{cell_list, digit_set};
use crate::{digits, Board, Step, Technique};

/// The first aligned pair exclusion (SE 6.2): base cells in cell order.
pub fn find_pair(board: &Board) -> Option<Step> {
    find(board, 2, None)
}

/// The first aligned triplet exclusion (SE 7.5): base cells in cell order.
///
/// Grading looks for one at every step that no chain up to 7.5 solves,
/// and mostly finds none. So the last board on which none was found is
/// kept (one per thread), and on a board that differs from it in a few
/// cells only the triplets those cells touch are tried: a base cell
/// changed, or a cell that sees all three (it may have become an
/// excluding cell). Every other triplet has the same cells and marks as
/// then, and rules out nothing now either.
pub fn find_triplet(board: &Board) -> Option<Step> {
    let now = Unfruitful::of(board);
    let changed = UNFRUITFUL.with(|last| last.borrow().as_ref().and_then(|l| l.changed(&now)));
    let found = find(board, 3, changed.as_deref());
    if found.is_none() && board.stopped().is_none() {
        UNFRUITFUL.with(|last| *last.borrow_mut() = Some(now));
    }
    found
}

thread_local! {
    /// The last board on which no aligned triplet exclusion was found.
    static UNFRUITFUL: std::cell::RefCell<Option<Unfruitful>> = const { std::cell::RefCell::new(None) };
}

/// Past this many changed cells, the whole search runs again.
const MAX_CHANGED: usize = 31;

/// A board, as far as aligned exclusions see it: its groups and marks.
struct Unfruitful {
    groups: Vec<usize>,
    marks: Vec<u64>,
}

impl Unfruitful {
    fn of(board: &Board) -> Unfruitful {
        let geometry = board.geometry();
        let mut groups = Vec::new();
        for g in 0..geometry.groups().len() {
            groups.extend_from_slice(geometry.cells_of(g));
            groups.push(usize::MAX);
        }
        Unfruitful {
            groups,
            marks: board.open_marks(),
        }
    }

    /// The cells whose marks differ on `now`, when it is the same grid
    /// and they are few.
    fn changed(&self, now: &Unfruitful) -> Option<Vec<Cell>> {
        if self.groups != now.groups || self.marks.len() != now.marks.len() {
            return None;
        }
        let changed: Vec<Cell> = (0..now.marks.len())
            .filter(|&c| self.marks[c] != now.marks[c])
            .collect();
        (changed.len() <= MAX_CHANGED).then_some(changed)
    }
}

/// The first aligned exclusion on `k` base cells (2 or 3) that rules out
/// a candidate; only among the triplets that `changed` cells touch, when
/// given (see [`find_triplet`]).
fn find(board: &Board, k: usize, changed: Option<&[Cell]>) -> Option<Step> {
    let geometry = board.geometry();
    let cells: Vec<Cell> = board
        .open_cells()
        .filter(|&c| board.candidates(c).count_ones() >= 2)
        .collect();
    let excluders: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| board.candidates(c).count_ones() as usize <= k)
        .collect();
    if excluders.is_empty() {
        return None;
    }
    // Which excluding cells each base cell sees, as bits over `excluders`
    // (`words` words a cell, one after another).
    let words = excluders.len().div_ceil(64);
    let mut bases: Vec<Cell> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    for &cell in &cells {
        let mut bits = vec![0u64; words];
        for (i, &e) in excluders.iter().enumerate() {
            if geometry.sees(cell, e) {
                bits[i / 64] |= 1 << (i % 64);
            }
        }
        if bits.iter().any(|&w| w != 0) {
            bases.push(cell);
            seen.extend(bits);
        }
    }
    // A base cell is *tight* when at most one of its candidates (two, for
    // a triplet) lies outside every excluding cell it sees: some base
    // cell other than the one losing a digit must be (see the test of
    // free digits below), so a pair or triplet without one rules out
    // nothing.
    let tight: Vec<bool> = bases
        .iter()
        .map(|&b| {
            let reach = excluders
                .iter()
                .filter(|&&e| geometry.sees(b, e))
                .fold(0, |all, &e| all | board.candidates(e));
            ((board.candidates(b) & !reach).count_ones() as usize) < k
        })
        .collect();
    // Which changed cells each base cell sees (bit i for `changed[i]`),
    // and `ITSELF` if it changed.
    const ITSELF: u32 = 1 << 31;
    let touch: Vec<u32> = bases
        .iter()
        .map(|&b| {
            changed.map_or(0, |changed| {
                changed
                    .iter()
                    .enumerate()
                    .fold(0, |bits, (i, &c)| match () {
                        _ if c == b => bits | ITSELF,
                        _ if geometry.sees(b, c) => bits | 1 << i,
                        _ => bits,
                    })
            })
        })
        .collect();
    let seen_by = |i: usize| &seen[i * words..(i + 1) * words];
    let (mut common_ab, mut common) = (vec![0u64; words], vec![0u64; words]);
    let mut blocked: Vec<u64> = Vec::new();
    // The candidates of the excluding cells in `bits` that the base cells'
    // candidates `union` could fill (no other can be left empty).
    let blocking = |bits: &[u64], union: u64, blocked: &mut Vec<u64>| {
        blocked.clear();
        for (w, &word) in bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let e = excluders[w * 64 + word.trailing_zeros() as usize];
                word &= word - 1;
                let marks = board.candidates(e);
                if marks & !union == 0 {
                    blocked.push(marks);
                }
            }
        }
    };
    let mut visits = 0u32;
    for i in 0..bases.len() {
        for j in i + 1..bases.len() {
            let mut any = false;
            for ((c, &x), &y) in common_ab.iter_mut().zip(seen_by(i)).zip(seen_by(j)) {
                *c = x & y;
                any |= *c != 0;
            }
            if !any {
                continue;
            }
            let union_ab = board.candidates(bases[i]) | board.candidates(bases[j]);
            if k == 2 {
                if !tight[i] && !tight[j] {
                    continue;
                }
                blocking(&common_ab, union_ab, &mut blocked);
                if blocked.is_empty() {
                    continue;
                }
                if let Some(step) = exclude(board, &[bases[i], bases[j]], &blocked) {
                    return Some(step);
                }
                continue;
            }
            for l in j + 1..bases.len() {
                // The limits, read now and then: a big grid has many triplets.
                visits += 1;
                if visits.is_multiple_of(4096) && board.stopped().is_some() {
                    return None;
                }
                if !tight[i] && !tight[j] && !tight[l] {
                    continue;
                }
                let (ti, tj, tl) = (touch[i], touch[j], touch[l]);
                if changed.is_some() && (ti | tj | tl) & ITSELF == 0 && ti & tj & tl == 0 {
                    continue;
                }
                let mut any = false;
                for ((c, &x), &y) in common.iter_mut().zip(&common_ab).zip(seen_by(l)) {
                    *c = x & y;
                    any |= *c != 0;
                }
                if !any {
                    continue;
                }
                let union = union_ab | board.candidates(bases[l]);
                blocking(&common, union, &mut blocked);
                // A digit d of one base cell stays when the other two can
                // take digits other than d outside every excluding cell
                // ("free"), different ones or in cells that do not see each
                // other: that filling empties no excluding cell, which holds
                // two digits or more. So some base cell has at most one
                // free digit, or two that see each other have the same two.
                let reach = blocked.iter().fold(0, |all, &b| all | b);
                let free = [i, j, l].map(|x| board.candidates(bases[x]) & !reach);
                let same_two = [(0, 1), (0, 2), (1, 2)].iter().any(|&(a, b)| {
                    free[a] == free[b]
                        && free[a].count_ones() == 2
                        && geometry.sees(bases[[i, j, l][a]], bases[[i, j, l][b]])
                });
                if blocked.is_empty() || free.iter().all(|f| f.count_ones() > 1) && !same_two {
                    continue;
                }
                if let Some(step) = exclude(board, &[bases[i], bases[j], bases[l]], &blocked) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The step ruling out what no possible filling of `base` uses, given the
/// candidates of the excluding cells (seeing every base cell) that it
/// could leave empty; `None` if it rules out nothing.
fn exclude(board: &Board, base: &[Cell], blocked: &[u64]) -> Option<Step> {
    let geometry = board.geometry();
    let mut marks = [0u64; 3];
    for (m, &c) in marks.iter_mut().zip(base) {
        *m = board.candidates(c);
    }
    let kept = kept(geometry, base, &marks, blocked);
    if (0..base.len()).all(|i| marks[i] & !kept[i] == 0) {
        return None;
    }
    let eliminations: Vec<(Cell, u8)> = base
        .iter()
        .enumerate()
        .flat_map(|(i, &cell)| digits(marks[i] & !kept[i]).map(move |d| (cell, d)))
        .collect();
    let n = board.size();
    let technique = if base.len() == 2 {
        Technique::AlignedPairExclusion
    } else {
        Technique::AlignedTripletExclusion
    };
    // Name the excluding cells that left some filling no digit.
    let excluding = board
        .open_cells()
        .filter(|&e| {
            let marks = board.candidates(e);
            base.iter().all(|&b| geometry.sees(b, e)) && blocked.contains(&marks)
        })
        .map(|e| format!("{} {}", cell_name(e, n), digit_set(board.candidates(e))))
        .collect::<Vec<_>>()
        .join(", ");
    let reason = format!(
        "every way to fill {} that no two of them share where they see each other, and \
         that leaves a digit for {excluding}, avoids the ruled-out candidates",
        cell_list(base, n),
    );
    let mut step = Step::new(technique, board, reason).with_cells(base.iter().copied());
    step.eliminations = eliminations;
    Some(step)
}

/// The candidates of each base cell (`marks`) that some possible filling
/// uses: no two base cells that see each other share a digit, and no
/// excluding cell (its candidates in `blocked`) is left empty, that is,
/// holds only digits of the filling. The first two cells' digits are
/// tried in turn; the third cell's possible digits then come at once, as
/// its candidates less those that would repeat a digit it sees or
/// complete an excluding cell. Each set is exact where it matters: a
/// digit of the first cell is kept if any filling uses it, and the others
/// are tried in full until they keep every candidate.
fn kept(geometry: &crate::Geometry, base: &[Cell], marks: &[u64; 3], blocked: &[u64]) -> [u64; 3] {
    let see = |i: usize, j: usize| geometry.sees(base[i], base[j]);
    let (see_01, third) = (see(0, 1), base.len() == 3);
    let (see_02, see_12) = if third {
        (see(0, 2), see(1, 2))
    } else {
        (false, false)
    };
    let mut kept = [0u64; 3];
    for x in digits(marks[0]) {
        let bit_x = 1u64 << (x - 1);
        for y in digits(marks[1]) {
            let bit_y = 1u64 << (y - 1);
            if see_01 && x == y {
                continue;
            }
            let pair = bit_x | bit_y;
            if blocked.iter().any(|&e| e & !pair == 0) {
                continue;
            }
            if !third {
                kept[0] |= bit_x;
                kept[1] |= bit_y;
                if kept[1] == marks[1] {
                    break;
                }
                continue;
            }
            let mut z = marks[2];
            if see_02 {
                z &= !bit_x;
            }
            if see_12 {
                z &= !bit_y;
            }
            for &e in blocked {
                // One digit short of the pair: that digit would empty it.
                let rest = e & !pair;
                if rest.count_ones() == 1 {
                    z &= !rest;
                }
            }
            if z != 0 {
                kept[0] |= bit_x;
                kept[1] |= bit_y;
                kept[2] |= z;
                // Once the other cells keep all they hold, other digits
                // of theirs with this x add nothing.
                if kept[1] == marks[1] && kept[2] == marks[2] {
                    break;
                }
            }
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{assert_agrees, marks_at, puzzle, step_of, sukaku};
    use crate::{explain, next_step, ExplainOptions, Technique};

    /// The SE-rated set's
    /// `065002000070890024000001007701000080090000050050000703600100000580079030000500840`
    /// (SE 8.4) after 25 steps, a row of Sukaku marks per grid row.
    /// Sukaku Explainer, run on these marks, starts with "Aligned Triplet
    /// Exclusion: A3,B7,A1", 7.5 (r3c1, r7c2, r1c1).
    fn se_8_4() -> Board {
        sukaku(
            "...4....9.....6.......5..........7....34......2.......1.3.....91.......9.......8.\
             1..............7....3.............8.........9....56.......56....2..........4.....\
             .2.4...89.2.4......2.4...89..34.6.....3.56...1..........3.56..9.....6..9......7..\
             ......7...234.....1.........234.6..9.23456.....3456....2.4.6..9.......8..2...6..9\
             .234...8.........9.2...6.8..234.6...1234.6.8.......7..12.4.6.......5....12...6...\
             .2.4...8.....5.....2.4.6.8..2.4.6..912.4.6.8....4...8.......7..1....6..9..3......\
             .....6.....34......2......91...........4...8...34...8..2......9......7......5....\
             ....5...........8..2.4......2.4.6.........7..........912...6.....3......12...6...\
             .23.....91..............7......5.....23..6.....3..6..........8....4......2...6..9",
        )
    }

    /// The solution of [`se_8_4`].
    const SE_8_4: &str =
        "965742318173895624428361597731654982896237451254918763649183275582479136317526849";

    #[test]
    fn grading_takes_sukaku_explainers_aligned_triplet() {
        let step = next_step(&se_8_4(), &Technique::se_ladder()).expect("a step");
        assert_agrees(&step, SE_8_4);
        assert_eq!(
            (step.technique, step.rating.to_string(), step.effect()),
            (
                Technique::AlignedTripletExclusion,
                "7.5".into(),
                "r3c1<>2".into()
            )
        );
        assert_eq!(step.cells, [0, 18, 55]);
        assert_eq!(
            step.reason,
            "every way to fill r1c1, r3c1, r7c2 that no two of them share where they see each \
             other, and that leaves a digit for r3c2 {2,4}, r9c1 {2,3,9}, avoids the ruled-out \
             candidates"
        );
    }

    #[test]
    fn after_a_board_with_no_triplet_only_the_changed_cells_triplets_are_tried() {
        // The same marks with r3c1 {4,8,9}, as the triplet leaves it:
        // none rules anything out there.
        let mut before = se_8_4();
        before.eliminate(18, 2);
        assert_eq!(Technique::AlignedTripletExclusion.find(&before), None);
        let board = se_8_4();
        let kept = UNFRUITFUL.with(|last| {
            last.borrow()
                .as_ref()
                .and_then(|l| l.changed(&Unfruitful::of(&board)))
        });
        assert_eq!(kept, Some(vec![18]), "r3c1 alone differs");
        // Its triplets are tried again, and the one with r3c1 found.
        let step = step_of(Technique::AlignedTripletExclusion, &board);
        assert_agrees(&step, SE_8_4);
        assert_eq!(step.effect(), "r3c1<>2");
    }

    #[test]
    fn a_pair_loses_what_would_empty_a_cell_that_sees_both() {
        // r1c1 {1,3} and r1c2 {2,3} see r1c9 {1,2} and r1c8 {1,3}. With
        // r1c1 = 1, r1c2 = 2 empties r1c9 and r1c2 = 3 empties r1c8; with
        // r1c2 = 3, r1c1 = 3 repeats a digit in the row. Only 3 and 2 stay.
        let b = marks_at(9, &[(1, 1, "13"), (1, 2, "23"), (1, 8, "13"), (1, 9, "12")]);
        let step = step_of(Technique::AlignedPairExclusion, &b);
        assert_eq!(step.effect(), "r1c1<>1, r1c2<>3");
        assert_eq!(
            step.reason,
            "every way to fill r1c1, r1c2 that no two of them share where they see each \
             other, and that leaves a digit for r1c8 {1,3}, r1c9 {1,2}, avoids the ruled-out \
             candidates"
        );
        assert_eq!(step.rating.to_string(), "6.2");
    }

    #[test]
    fn a_three_digit_cell_excludes_nothing_for_a_pair() {
        // r1c9 {1,2,3} is no excluding cell for a pair, and every pair
        // that sees r1c1 {1,3} can fill it without both 1 and 3.
        let b = marks_at(9, &[(1, 1, "13"), (1, 9, "123")]);
        assert_eq!(Technique::AlignedPairExclusion.find(&b), None);
    }

    #[test]
    fn sukaku_explainers_7_5_puzzle_needs_an_aligned_triplet_exclusion() {
        // SE (Sukaku Explainer) rates it 7.5, its hardest step an aligned
        // triplet exclusion (grantm/sudoku-exchange-puzzle-bank,
        // diabolical.txt at 63957e92, public domain). It is our hardest
        // step too, at SE's rating.
        let p = puzzle(
            "001700020000004008040023100060000002017608450900000010003450060100300000070002900",
        );
        let solution =
            "631789524529164378748523196365941782217638459984275613893457261152396847476812935";
        let explanation = explain(&p, &ExplainOptions::grading());
        let hardest = explanation
            .steps
            .iter()
            .max_by_key(|s| s.rating)
            .expect("steps");
        assert_eq!(hardest.technique, Technique::AlignedTripletExclusion);
        assert_eq!(hardest.rating.to_string(), "7.5");
        assert_eq!(hardest.cells.len(), 3);
        assert!(!hardest.eliminations.is_empty());
        assert_agrees(hardest, solution);
        assert_eq!(
            explanation
                .board
                .values()
                .iter()
                .filter(|&&v| v == 0)
                .count(),
            0
        );
    }
}
