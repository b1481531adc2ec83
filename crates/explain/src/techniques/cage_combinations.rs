//! **Cage combinations.** In a killer cage the digits differ and add up to
//! the cage's sum, and only a few sets of digits do that: two cells adding
//! to 4 can only hold {1,3}, three cells adding to 23 only {6,8,9}. Write
//! down the sets that fit, keeping only those the cage's cells can still
//! hold (a digit ruled out of every cell that could take it kills the set),
//! and then any pencil mark of a cell that no way of filling the cage puts
//! there can go: for a 2-cell cage of 10 whose first cell holds {1,2}, the
//! second cell can only be 8 or 9. Placed digits of the cage count with
//! their value, so the last open cell of a cage is its sum less the rest.
//! SE rates this 2.0, about as hard as a naked single: it is the first
//! thing a killer solver looks at.

use sudokit_puzzle::GroupKind;

use crate::step::{cell_list, digit_set};
use crate::{digits, Board, Step, Technique};

/// Grids above this side are skipped: the sets of digits a cage could use
/// would be too many to walk.
const MAX_SIDE: usize = 16;

/// More sets than this are counted rather than listed in the reason.
const MAX_LISTED: usize = 6;

/// The first cage whose sets of digits rule out a pencil mark.
pub fn find(board: &Board) -> Option<Step> {
    let n = board.size();
    if n > MAX_SIDE {
        return None;
    }
    let geometry = board.geometry();
    for (i, cage) in geometry.cages().iter().enumerate() {
        let cells = &cage.cells;
        if cells.iter().all(|&c| board.value(c) != 0) {
            continue;
        }
        let marks: Vec<u64> = cells.iter().map(|&c| board.candidates(c)).collect();
        let (allowed, sets) = fillings(&marks, cage.sum);
        let mut gone: Vec<(usize, u8)> = Vec::new();
        for (k, &cell) in cells.iter().enumerate() {
            if board.value(cell) == 0 {
                gone.extend(digits(marks[k] & !allowed[k]).map(|d| (cell, d)));
            }
        }
        if gone.is_empty() {
            continue;
        }
        gone.sort_unstable();
        let reason = format!(
            "{} ({}) sums to {}: {}",
            GroupKind::Cage(i),
            cell_list(cells, n),
            cage.sum,
            describe(&sets)
        );
        let mut step =
            Step::new(Technique::CageCombinations, board, reason).with_cells(cells.clone());
        step.eliminations = gone;
        return Some(step);
    }
    None
}

/// The sets of digits that fit, in words.
fn describe(sets: &[u64]) -> String {
    match sets {
        [] => "no set of different digits fits".to_string(),
        [one] => format!("only {} fits", digit_set(*one)),
        _ if sets.len() > MAX_LISTED => format!("{} sets of digits fit", sets.len()),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(|&s| digit_set(s)).collect();
            format!("only {} or {} fit", rest.join(", "), digit_set(*last))
        }
    }
}

/// The digits each cell takes in some filling, and the sets of digits.
type Fillings = (Vec<u64>, Vec<u64>);

/// For cells with pencil marks `marks`, filled with different digits that
/// add up to `sum`: the digits each cell takes in some filling, and the
/// sets of digits of the fillings, in dictionary order ({1,9} before {2,8}).
///
/// No permutation is listed: a filling of the
/// first k cells is summed up by the set of digits it uses (the set fixes
/// its total), so the walk goes forward over (k, set) states, dropping sets
/// whose total can no longer reach the sum, keeps the full sets with the
/// right total, then walks back keeping only the states that lead to one.
fn fillings(marks: &[u64], sum: u32) -> Fillings {
    let len = marks.len();
    // The digits in play, from the least: a set is a mask over them.
    let universe: Vec<u32> = digits(marks.iter().fold(0, |m, &c| m | c))
        .map(u32::from)
        .collect();
    let width = universe.len();
    let every = (1u64 << width) - 1;
    let compact = |mask: u64| -> u64 {
        (0..width)
            .filter(|&i| mask >> (universe[i] - 1) & 1 == 1)
            .fold(0, |m, i| m | 1 << i)
    };
    let cells: Vec<u64> = marks.iter().map(|&m| compact(m)).collect();
    // Could `set` (adding up to `used`), filling k cells, still end on
    // `sum`? The other cells need different digits outside it: at least
    // the smallest free ones, at most the largest.
    let room = |set: u64, used: u32, k: usize| -> bool {
        let left = len - k;
        let free = every & !set;
        if used > sum || (free.count_ones() as usize) < left {
            return false;
        }
        let low: u32 = bits(free).take(left).map(|i| universe[i]).sum();
        let mut high = 0;
        let mut rest = free;
        for _ in 0..left {
            let i = 63 - rest.leading_zeros() as usize;
            high += universe[i];
            rest &= !(1 << i);
        }
        used + low <= sum && sum <= used + high
    };
    // levels[k]: the sets the first k cells can use, with their totals,
    // sorted.
    let mut levels: Vec<Vec<(u64, u32)>> = vec![vec![(0, 0)]];
    for (k, &cell) in cells.iter().enumerate() {
        let mut next: Vec<(u64, u32)> = Vec::new();
        for &(set, used) in &levels[k] {
            for i in bits(cell & !set) {
                let grown = (set | 1 << i, used + universe[i]);
                if room(grown.0, grown.1, k + 1) {
                    next.push(grown);
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        levels.push(next);
    }
    // Back from the full sets with the right total: `good` holds the sets
    // of the level after k that lead to one, sorted.
    let mut good: Vec<u64> = levels[len]
        .iter()
        .filter(|&&(_, used)| used == sum)
        .map(|&(set, _)| set)
        .collect();
    let expand = |set: u64| -> u64 { bits(set).fold(0, |m, i| m | 1 << (universe[i] - 1)) };
    let mut sets: Vec<u64> = good.iter().map(|&set| expand(set)).collect();
    sets.sort_by_key(|&m| digits(m).collect::<Vec<u8>>());
    let mut allowed = vec![0u64; len];
    for k in (0..len).rev() {
        let mut before = Vec::new();
        for &(set, _) in &levels[k] {
            let mut leads = false;
            for i in bits(cells[k] & !set) {
                if good.binary_search(&(set | 1 << i)).is_ok() {
                    allowed[k] |= 1 << (universe[i] - 1);
                    leads = true;
                }
            }
            if leads {
                before.push(set);
            }
        }
        good = before;
    }
    (allowed, sets)
}

/// The positions of the bits of `mask`, from the lowest.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        (i < 64).then_some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::fillings;
    use crate::testing::{boxes, killer, step_of};
    use crate::{Board, Technique};

    #[test]
    fn a_two_cell_cage_of_four_is_one_and_three() {
        let b = killer(9, boxes(3, 3), &[(&[0, 1], 4)], &[]);
        let step = step_of(Technique::CageCombinations, &b);
        assert_eq!(
            step.reason,
            "cage 1 (r1c1, r1c2) sums to 4: only {1,3} fits"
        );
        let out = |c: &str| {
            (2..=9)
                .filter(|&d| d != 3)
                .map(|d| format!("{c}<>{d}"))
                .collect::<Vec<_>>()
        };
        let expected = [out("r1c1"), out("r1c2")].concat().join(", ");
        assert_eq!(step.effect(), expected);
        assert_eq!(step.rating.to_string(), "2.0");
    }

    #[test]
    fn marks_and_placed_digits_narrow_the_sets() {
        // Cage 1: r1c1 + r1c2 = 10 in box 1, where r2c3 holds 9: {1,9} is
        // gone, {2,8}, {3,7}, {4,6} fit, so both cells lose 1 and 5.
        // Cage 2: r2c3 + r2c4 + r3c3 = 12 with 9 placed in r2c3, so the two
        // others add to 3: {1,2}, and with the 9 the set is {1,2,9}.
        let b = killer(
            9,
            boxes(3, 3),
            &[(&[0, 1], 10), (&[11, 12, 20], 12)],
            &[(11, 9)],
        );
        let step = step_of(Technique::CageCombinations, &b);
        assert_eq!(
            step.reason,
            "cage 1 (r1c1, r1c2) sums to 10: only {2,8}, {3,7} or {4,6} fit"
        );
        assert_eq!(step.effect(), "r1c1<>1, r1c1<>5, r1c2<>1, r1c2<>5");
        let mut b = b;
        step.apply(&mut b);
        let step = step_of(Technique::CageCombinations, &b);
        assert_eq!(
            step.reason,
            "cage 2 (r2c3, r2c4, r3c3) sums to 12: only {1,2,9} fits"
        );
        let out = |c: &str| (3..=8).map(|d| format!("{c}<>{d}")).collect::<Vec<_>>();
        let expected = [out("r2c4"), out("r3c3")].concat().join(", ");
        assert_eq!(step.effect(), expected);
    }

    #[test]
    fn a_cage_no_set_fits_loses_every_mark() {
        // 4x4, cage r1c1 + r2c1 = 7: only {3,4}. With 4 placed in r1c2,
        // neither cell (both in box 1) can hold 4, so no set fits and every
        // mark goes (the next check then sees an empty cell).
        let b = killer(4, boxes(2, 2), &[(&[0, 4], 7)], &[(1, 4)]);
        let step = step_of(Technique::CageCombinations, &b);
        assert_eq!(
            step.reason,
            "cage 1 (r1c1, r2c1) sums to 7: no set of different digits fits"
        );
        assert_eq!(
            step.effect(),
            "r1c1<>1, r1c1<>2, r1c1<>3, r2c1<>1, r2c1<>2, r2c1<>3"
        );
        // Without the 4: {3,4} in either order.
        let b = killer(4, boxes(2, 2), &[(&[0, 4], 7)], &[]);
        let step = step_of(Technique::CageCombinations, &b);
        assert_eq!(
            step.reason,
            "cage 1 (r1c1, r2c1) sums to 7: only {3,4} fits"
        );
        assert_eq!(step.effect(), "r1c1<>1, r1c1<>2, r2c1<>1, r2c1<>2");
    }

    #[test]
    fn the_walk_respects_each_cells_marks() {
        // Three cells adding to 15, marks {1,2}, {2,9}, {.}: 1+9+5, 2+9+4
        // (1+2+12 is too big a digit). So cell 0 takes 1 or 2, cell 1 only
        // 9, cell 2 only 4 or 5; sets {1,5,9} and {2,4,9}.
        let (allowed, sets) = fillings(&[0b11, 0b1_0000_0010, 0x1ff], 15);
        assert_eq!(allowed, [0b11, 0b1_0000_0000, 0b1_1000]);
        assert_eq!(sets, [0b1_0001_0001, 0b1_0000_1010]);
        // A full 9-cell cage of 45 leaves every mark; of 44, nothing fits.
        let (allowed, sets) = fillings(&[0x1ff; 9], 45);
        assert_eq!((allowed, sets), (vec![0x1ff; 9], vec![0x1ff]));
        assert_eq!(fillings(&[0x1ff; 9], 44).1, Vec::<u64>::new());
        // 16x16: a 16-cell cage stays cheap.
        let (allowed, _) = fillings(&[0xffff; 16], 136);
        assert_eq!(allowed, vec![0xffff; 16]);
    }

    #[test]
    fn the_first_cage_of_a_real_killer() {
        // data/examples/killer9.toml, the empty grid: cage 1 (three cells
        // of box 1) sums to 20, which 1 and 2 cannot reach (2 + 9 + 8 = 19).
        // The solution has 9, 5, 6 there: {5,6,9}.
        let text = include_str!("../../../../data/examples/killer9.toml");
        let puzzle = sudokit_formats::parse_toml(text, &Default::default()).unwrap();
        let step = step_of(Technique::CageCombinations, &Board::new(&puzzle));
        assert_eq!(
            step.reason,
            "cage 1 (r1c1, r1c2, r2c2) sums to 20: only {3,8,9}, {4,7,9}, {5,6,9} or {5,7,8} fit"
        );
        assert_eq!(
            step.effect(),
            "r1c1<>1, r1c1<>2, r1c2<>1, r1c2<>2, r2c2<>1, r2c2<>2"
        );
    }

    #[test]
    fn nothing_when_every_mark_fits() {
        let b = killer(9, boxes(3, 3), &[(&[0, 1, 2], 15)], &[]);
        assert!(Technique::CageCombinations.find(&b).is_none());
    }
}
