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
    find(board, 2)
}

/// The first aligned triplet exclusion (SE 7.5): base cells in cell order.
pub fn find_triplet(board: &Board) -> Option<Step> {
    find(board, 3)
}

/// The first aligned exclusion on `k` base cells (2 or 3) that rules out
/// a candidate.
fn find(board: &Board, k: usize) -> Option<Step> {
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
    // A base cell is *tight* when at most one of its candidates lies
    // outside every excluding cell it sees: some base cell other than the
    // one losing a digit must be (see `suspects`), so a pair or triplet
    // without one rules out nothing.
    let tight: Vec<bool> = bases
        .iter()
        .map(|&b| {
            let reach = excluders
                .iter()
                .filter(|&&e| geometry.sees(b, e))
                .fold(0, |all, &e| all | board.candidates(e));
            (board.candidates(b) & !reach).count_ones() <= 1
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
                // Some base cell must have at most one candidate outside
                // the excluding cells (see `suspects`).
                let reach = blocked.iter().fold(0, |all, &b| all | b);
                let free = [i, j, l].map(|x| board.candidates(bases[x]) & !reach);
                if blocked.is_empty() || free.iter().all(|f| f.count_ones() > 1) {
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
    let marks = &marks[..base.len()];
    // The candidates that may go: each either shows a possible filling
    // that uses it (and every candidate that filling uses), or is ruled out.
    let suspects = suspects(geometry, base, marks, blocked);
    if suspects.iter().all(|&m| m == 0) {
        return None;
    }
    let mut kept = [0u64; 3];
    let mut pick = [0u8; 3];
    for i in 0..base.len() {
        for d in digits(suspects[i] & !kept[i]) {
            pick[i] = d;
            if possible(geometry, base, marks, blocked, i, 0, 0, &mut pick) {
                for (u, &p) in kept.iter_mut().zip(&pick[..base.len()]) {
                    *u |= 1 << (p - 1);
                }
            }
        }
    }
    let gone: Vec<u64> = suspects.iter().zip(kept).map(|(&s, k)| s & !k).collect();
    let eliminations: Vec<(Cell, u8)> = base
        .iter()
        .zip(gone)
        .flat_map(|(&cell, gone)| digits(gone).map(move |d| (cell, d)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
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

/// The candidates of each base cell that a quick test cannot keep. A
/// digit d of one base cell stays whenever each other base cell has a
/// candidate other than d outside every excluding cell (two different
/// ones, or the same one in two cells that do not see each other): that
/// filling takes at most d from any excluding cell, which holds two
/// digits or more, so it empties none.
fn suspects(geometry: &crate::Geometry, base: &[Cell], marks: &[u64], blocked: &[u64]) -> [u64; 3] {
    let reach = blocked.iter().fold(0, |all, &b| all | b);
    let mut suspects = [0u64; 3];
    if base.len() == 2 {
        for (i, suspect) in suspects.iter_mut().enumerate().take(2) {
            let other = marks[1 - i] & !reach;
            for d in digits(marks[i]) {
                if other & !(1 << (d - 1)) == 0 {
                    *suspect |= 1 << (d - 1);
                }
            }
        }
        return suspects;
    }
    for (i, suspect) in suspects.iter_mut().enumerate() {
        let (j, l) = ((i + 1) % 3, (i + 2) % 3);
        let (free_j, free_l) = (marks[j] & !reach, marks[l] & !reach);
        if free_j.count_ones() > 2 && free_l.count_ones() > 2 {
            continue;
        }
        let see = geometry.sees(base[j], base[l]);
        for d in digits(marks[i]) {
            let (a, b) = (free_j & !(1 << (d - 1)), free_l & !(1 << (d - 1)));
            if a == 0 || b == 0 || (see && a == b && a.count_ones() == 1) {
                *suspect |= 1 << (d - 1);
            }
        }
    }
    suspects
}

/// Whether some filling of `base` with `pick[fixed]` as chosen and the
/// cells before `at` as in `pick` (digits `so_far`, a mask) is possible:
/// no two base cells that see each other share a digit, and no excluding
/// cell (its candidates in `blocked`) is left empty. `pick` then holds it.
#[allow(clippy::too_many_arguments)]
fn possible(
    geometry: &crate::Geometry,
    base: &[Cell],
    marks: &[u64],
    blocked: &[u64],
    fixed: usize,
    at: usize,
    so_far: u64,
    pick: &mut [u8; 3],
) -> bool {
    if at == base.len() {
        return blocked.iter().all(|&b| b & !so_far != 0);
    }
    let choices = if at == fixed {
        1 << (pick[at] - 1)
    } else {
        marks[at]
    };
    for d in digits(choices) {
        let clash = (0..base.len())
            .filter(|&i| i < at || (i == fixed && fixed > at))
            .any(|i| pick[i] == d && geometry.sees(base[i], base[at]));
        if clash {
            continue;
        }
        pick[at] = d;
        if possible(
            geometry,
            base,
            marks,
            blocked,
            fixed,
            at + 1,
            so_far | 1 << (d - 1),
            pick,
        ) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::testing::{assert_agrees, marks_at, puzzle, step_of};
    use crate::{explain, ExplainOptions, Technique};

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
        // diabolical.txt at 63957e92, public domain). With the triplet in
        // the ladder, it is our hardest step too, at SE's rating.
        let p = puzzle(
            "001700020000004008040023100060000002017608450900000010003450060100300000070002900",
        );
        let solution =
            "631789524529164378748523196365941782217638459984275613893457261152396847476812935";
        let mut techniques = Technique::se_ladder();
        if !techniques.contains(&Technique::AlignedTripletExclusion) {
            let at = techniques
                .iter()
                .position(|&t| t > Technique::AlignedTripletExclusion)
                .unwrap_or(techniques.len());
            techniques.insert(at, Technique::AlignedTripletExclusion);
        }
        let options = ExplainOptions {
            techniques,
            ..ExplainOptions::default()
        };
        let explanation = explain(&p, &options);
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
