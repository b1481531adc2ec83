//! **WXYZ-Wing and VWXYZ-Wing**, as Sukaku Explainer rates them. An
//! *almost locked set* (ALS) is k cells that all see each other and hold
//! k + 1 digits between them: fill them and exactly one digit is left
//! out. Beside it, a *bivalue cell* {x,z} outside the set, which sees
//! every cell of the set that holds x (x is *restricted*: the bivalue cell
//! and the set cannot both hold x). If the set held no z, its k cells
//! would have k digits, x among them, so x would be in the set and the
//! bivalue cell would be z. Either way z is in the wing, and a cell that
//! sees every z of the wing (the bivalue cell's and the set's) loses it.
//!
//! When z is restricted too (*doubly linked*), the k + 1 cells hold k + 1
//! digits each at most once: every digit is in the wing, and a cell that
//! sees all of a digit's places in the wing loses it.
//!
//! A set of three cells makes a WXYZ-Wing, of four a VWXYZ-Wing (two
//! cells would be the XYZ-Wing, one the XY-Wing). Sukaku Explainer rates
//! them by the largest cell of the set, the middle sizes hardest: a
//! WXYZ-Wing 5.5, or 5.6 when its largest cell has three candidates; a
//! VWXYZ-Wing 6.2 plus a tenth for each size nearer three (6.3 for
//! 2 or 4, 6.4 for 3, 6.2 for 5). The easiest instance is taken. Cells
//! "see each other" through any group, so the wings work on every
//! geometry.

use sudokit_puzzle::{cell_name, Cell};

use crate::step::{cell_list, digit_set};
use crate::{digits, Board, Rating, Step, Technique};

/// The easiest WXYZ-Wing (an ALS of three cells).
pub fn find_wxyz(board: &Board) -> Option<Step> {
    find(board, 3, Technique::WxyzWing)
}

/// The easiest VWXYZ-Wing (an ALS of four cells).
pub fn find_vwxyz(board: &Board) -> Option<Step> {
    find(board, 4, Technique::VwxyzWing)
}

/// Sukaku Explainer's rating of a wing whose set has `size` cells and
/// whose largest cell has `largest` candidates.
fn rating(size: usize, largest: u32) -> Rating {
    let (base, middle, top) = if size == 3 {
        (55, 3i32, 1i32)
    } else {
        (62, 3, 2)
    };
    let extra = top - (middle - largest as i32).abs();
    Rating((base + extra.max(0)) as u16)
}

/// A wing found: the set, the bivalue cell, and what goes.
struct Wing {
    set: Vec<Cell>,
    pivot: Cell,
    x: u8,
    z: u8,
    double: bool,
    gone: Vec<(Cell, u8)>,
    rating: Rating,
}

fn find(board: &Board, size: usize, technique: Technique) -> Option<Step> {
    let bivalue: Vec<Cell> = board
        .open_cells()
        .filter(|&c| board.candidates(c).count_ones() == 2)
        .collect();
    if bivalue.is_empty() {
        return None;
    }
    let mut best: Option<Wing> = None;
    let mut set = Vec::with_capacity(size);
    // A cell of the set holds two digits at least and one too many at most.
    let fits = |c: Cell| (2..=size as u32 + 1).contains(&board.candidates(c).count_ones());
    let open: Vec<Cell> = board.open_cells().filter(|&c| fits(c)).collect();
    // The cells a set may grow by, as bits, level by level: those that fit
    // and see every cell of the set so far.
    let words = board.values().len().div_ceil(64);
    let mut common = vec![0u64; (size + 1) * words];
    for &c in &open {
        common[c / 64] |= 1 << (c % 64);
    }
    let mut search = Grow {
        board,
        size,
        bivalue: &bivalue,
        words,
        common,
    };
    for &first in &open {
        set.push(first);
        search.grow(&mut set, board.candidates(first), &mut best);
        set.pop();
        if board.stopped().is_some() {
            return None;
        }
    }
    let wing = best?;
    let n = board.size();
    let union = wing.set.iter().fold(0, |m, &c| m | board.candidates(c));
    let set_text: Vec<String> = wing
        .set
        .iter()
        .map(|&c| format!("{} {}", cell_name(c, n), digit_set(board.candidates(c))))
        .collect();
    let pivot = cell_name(wing.pivot, n);
    let reason = if wing.double {
        format!(
            "{} hold {} (one digit too many) and {pivot} {} sees each of their {} and {}: \
             the {} cells hold {} digits, each once",
            set_text.join(", "),
            digit_set(union),
            digit_set(board.candidates(wing.pivot)),
            wing.x,
            wing.z,
            wing.set.len() + 1,
            wing.set.len() + 1,
        )
    } else {
        format!(
            "{} hold {} (one digit too many) and {pivot} {} sees each of their {}: \
             one of {pivot} and {} is {}",
            set_text.join(", "),
            digit_set(union),
            digit_set(board.candidates(wing.pivot)),
            wing.x,
            cell_list(&wing.set, n),
            wing.z,
        )
    };
    let mut cells = wing.set.clone();
    cells.push(wing.pivot);
    let mut step = Step::new(technique, board, reason)
        .with_cells(cells)
        .rated(wing.rating);
    step.eliminations = wing.gone;
    Some(step)
}

/// The search for sets of `size` cells.
struct Grow<'a> {
    board: &'a Board,
    size: usize,
    bivalue: &'a [Cell],
    words: usize,
    /// Level `k` (`words` words from `k * words`): the cells that fit a
    /// set and see all of its first `k` cells; level 0 all that fit.
    common: Vec<u64>,
}

impl Grow<'_> {
    /// Extends `set` (cells that all see each other, ascending, `union`
    /// their digits) to `size` cells and tries each full set against the
    /// bivalue cells, keeping the easiest wing in `best`.
    fn grow(&mut self, set: &mut Vec<Cell>, union: u64, best: &mut Option<Wing>) {
        let (board, size, words) = (self.board, self.size, self.words);
        if union.count_ones() as usize > size + 1 {
            return;
        }
        if set.len() == size {
            if union.count_ones() as usize == size + 1 {
                try_pivots(board, set, union, self.bivalue, best);
            }
            return;
        }
        let level = set.len();
        let last = set[level - 1];
        let (below, above) = self.common.split_at_mut(level * words);
        let sees = board.geometry().sees_bits(last);
        for (w, slot) in above[..words].iter_mut().enumerate() {
            *slot = below[(level - 1) * words + w] & sees[w];
        }
        // Only cells after the last, ascending.
        for w in last / 64..words {
            let mut bits = self.common[level * words + w];
            if w == last / 64 {
                bits &= u64::MAX.checked_shl(last as u32 % 64 + 1).unwrap_or(0);
            }
            while bits != 0 {
                let c = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                set.push(c);
                self.grow(set, union | board.candidates(c), best);
                set.pop();
            }
        }
    }
}

fn try_pivots(board: &Board, set: &[Cell], union: u64, bivalue: &[Cell], best: &mut Option<Wing>) {
    let geometry = board.geometry();
    let largest = set
        .iter()
        .map(|&c| board.candidates(c).count_ones())
        .max()
        .unwrap_or(0);
    let rated = rating(set.len(), largest);
    if best.as_ref().is_some_and(|b| b.rating <= rated) {
        return;
    }
    // Whether every cell of the set holding `digit` sees `pivot`.
    let restricted = |pivot: Cell, digit: u8| {
        set.iter()
            .filter(|&&c| board.has(c, digit))
            .all(|&c| geometry.sees(c, pivot))
    };
    for &pivot in bivalue {
        let pair = board.candidates(pivot);
        if pair & !union != 0 || set.contains(&pivot) {
            continue;
        }
        let mut pair_digits = digits(pair);
        let (a, b) = (
            pair_digits.next().unwrap_or(1),
            pair_digits.next().unwrap_or(1),
        );
        let (ra, rb) = (restricted(pivot, a), restricted(pivot, b));
        let (x, z, double) = match (ra, rb) {
            (true, true) => (a, b, true),
            (true, false) => (a, b, false),
            (false, true) => (b, a, false),
            (false, false) => continue,
        };
        let mut wing: Vec<Cell> = set.to_vec();
        wing.push(pivot);
        let removable: Vec<u8> = if double {
            digits(union).collect()
        } else {
            vec![z]
        };
        let mut gone = Vec::new();
        for digit in removable {
            let holders: Vec<Cell> = wing
                .iter()
                .copied()
                .filter(|&c| board.has(c, digit))
                .collect();
            gone.extend(
                board
                    .seen_by_all(&holders, digit)
                    .into_iter()
                    .filter(|(c, _)| !wing.contains(c)),
            );
        }
        if gone.is_empty() {
            continue;
        }
        gone.sort_unstable();
        *best = Some(Wing {
            set: set.to_vec(),
            pivot,
            x,
            z,
            double,
            gone,
            rating: rated,
        });
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::rating;
    use crate::testing::{marks_at, step_of};
    use crate::Technique;

    #[test]
    fn sukaku_explainer_rates_the_middle_sizes_hardest() {
        let wxyz: Vec<String> = (2..=4).map(|c| rating(3, c).to_string()).collect();
        assert_eq!(wxyz, ["5.5", "5.6", "5.5"]);
        let vwxyz: Vec<String> = (2..=5).map(|c| rating(4, c).to_string()).collect();
        assert_eq!(vwxyz, ["6.3", "6.4", "6.3", "6.2"]);
    }

    #[test]
    fn a_wxyz_wing_clears_z_from_what_sees_every_z_of_the_wing() {
        // Box 1: r1c1 {1,4}, r1c2 {2,4}, r2c2 {2,3,4} hold {1,2,3,4}.
        // r5c1 {1,4} sees r1c1, the set's only 1; so one of r5c1 and the
        // set is 4, and r2c1, r3c1 (seeing r5c1 and all three) lose 4.
        let b = marks_at(
            9,
            &[(1, 1, "14"), (1, 2, "24"), (2, 2, "234"), (5, 1, "14")],
        );
        let step = step_of(Technique::WxyzWing, &b);
        assert_eq!(
            step.reason,
            "r1c1 {1,4}, r1c2 {2,4}, r2c2 {2,3,4} hold {1,2,3,4} (one digit too many) and \
             r5c1 {1,4} sees each of their 1: one of r5c1 and r1c1, r1c2, r2c2 is 4"
        );
        assert_eq!(step.effect(), "r2c1<>4, r3c1<>4");
        assert_eq!(step.rating.to_string(), "5.6");
    }

    #[test]
    fn a_vwxyz_wing_has_a_set_of_four() {
        // Box 1: r1c1 {1,2}, r1c2 {3,4}, r2c1 {1,3,5}, r2c2 {2,4,5} hold
        // {1,2,3,4,5} (no three of them hold four digits). r5c1 {1,5}
        // sees both 1s, so one of r5c1 and the set is 5: r3c1 sees r5c1
        // and both 5s of the set.
        let b = marks_at(
            9,
            &[
                (1, 1, "12"),
                (1, 2, "34"),
                (2, 1, "135"),
                (2, 2, "245"),
                (5, 1, "15"),
            ],
        );
        assert_eq!(Technique::WxyzWing.find(&b), None);
        let step = step_of(Technique::VwxyzWing, &b);
        assert_eq!(
            step.reason,
            "r1c1 {1,2}, r1c2 {3,4}, r2c1 {1,3,5}, r2c2 {2,4,5} hold {1,2,3,4,5} (one digit \
             too many) and r5c1 {1,5} sees each of their 1: one of r5c1 and r1c1, r1c2, \
             r2c1, r2c2 is 5"
        );
        assert_eq!(step.effect(), "r3c1<>5");
        assert_eq!(step.rating.to_string(), "6.4");
    }
}
