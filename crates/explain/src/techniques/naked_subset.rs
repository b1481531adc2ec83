//! **Naked pair, triple, quad.** When k cells of one group hold, between
//! them, only k digits, those cells take exactly those digits (each needs
//! one, and they must differ), so no other cell of the group, or of any
//! other group holding all k cells, can have them. The cells need not each
//! hold all k digits: {1,2}, {2,3}, {1,3} is a naked triple. Works in every
//! group, full or not, since it only uses "no repeats". SE: pair 3.0,
//! triple 3.6, quad 5.0.

use crate::step::{cell_list, digit_set};
use crate::techniques::first_combination;
use crate::{digits, Board, Step, Technique};

/// The first naked pair.
pub fn find_pair(board: &Board) -> Option<Step> {
    find(board, 2, Technique::NakedPair)
}

/// The first naked triple.
pub fn find_triple(board: &Board) -> Option<Step> {
    find(board, 3, Technique::NakedTriple)
}

/// The first naked quad.
pub fn find_quad(board: &Board) -> Option<Step> {
    find(board, 4, Technique::NakedQuad)
}

/// A naked set that cells acting as one complete: `apart`, cells of
/// `house` of which one is known to hold a digit of `held`, count as one
/// cell holding `held`, and `members`, `size - 1` other open cells of the
/// house, hold with them only the digits `set`, which `gone` takes from
/// the house's other cells. What the uniqueness techniques' type 3 and
/// BUG type 3 look for; the first such set with eliminations.
pub(crate) struct NakedSetBeside {
    pub members: Vec<usize>,
    pub set: u64,
    pub gone: Vec<(usize, u8)>,
}

/// The first [`NakedSetBeside`] of `size` cells in `house`.
pub(crate) fn naked_set_beside(
    board: &Board,
    house: usize,
    apart: &[usize],
    held: u64,
    size: usize,
) -> Option<NakedSetBeside> {
    let others: Vec<usize> = board
        .geometry()
        .cells_of(house)
        .iter()
        .copied()
        .filter(|&c| board.value(c) == 0 && !apart.contains(&c))
        .collect();
    first_combination(board, others.len(), size - 1, |pick| {
        let set = pick
            .iter()
            .fold(held, |m, &i| m | board.candidates(others[i]));
        if set.count_ones() as usize != size {
            return None;
        }
        let members: Vec<usize> = pick.iter().map(|&i| others[i]).collect();
        let gone: Vec<(usize, u8)> = others
            .iter()
            .filter(|c| !members.contains(c))
            .flat_map(|&c| digits(board.candidates(c) & set).map(move |d| (c, d)))
            .collect();
        (!gone.is_empty()).then_some(NakedSetBeside { members, set, gone })
    })
}

fn find(board: &Board, k: usize, technique: Technique) -> Option<Step> {
    let geometry = board.geometry();
    for g in 0..geometry.groups().len() {
        let open: Vec<usize> = geometry
            .cells_of(g)
            .iter()
            .copied()
            .filter(|&c| {
                board.value(c) == 0 && (2..=k as u32).contains(&board.candidates(c).count_ones())
            })
            .collect();
        let found = first_combination(board, open.len(), k, |pick| {
            let cells: Vec<usize> = pick.iter().map(|&i| open[i]).collect();
            let union = cells.iter().fold(0, |m, &c| m | board.candidates(c));
            if union.count_ones() as usize != k {
                return None;
            }
            // Every group that holds all k cells loses the k digits elsewhere.
            let shared = geometry
                .groups_of(cells[0])
                .iter()
                .copied()
                .filter(|&h| cells.iter().all(|&c| geometry.groups_of(c).contains(&h)));
            let mut gone = Vec::new();
            for h in shared {
                for &other in geometry.cells_of(h) {
                    if cells.contains(&other) || board.value(other) != 0 {
                        continue;
                    }
                    for digit in digits(board.candidates(other) & union) {
                        if !gone.contains(&(other, digit)) {
                            gone.push((other, digit));
                        }
                    }
                }
            }
            if gone.is_empty() {
                return None;
            }
            gone.sort_unstable();
            let reason = format!(
                "{} hold only {} in {}",
                cell_list(&cells, board.size()),
                digit_set(union),
                geometry.kind(g)
            );
            let mut step = Step::new(technique, board, reason)
                .with_cells(cells)
                .in_groups([geometry.kind(g)]);
            step.eliminations = gone;
            Some(step)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::testing::{board, pencil_marks, step_of};
    use crate::Technique;

    #[test]
    fn a_naked_pair_clears_its_row_and_box() {
        // Row 1: r1c1 and r1c2 see 3..9 between column and row givens and
        // are left with {1,2}; they share row 1 and box 1.
        let b = board(
            "..3456... ......... ......... 7........ 8........ 9........ .7....... .8....... .9.......",
        );
        let step = step_of(Technique::NakedPair, &b);
        assert_eq!(step.reason, "r1c1, r1c2 hold only {1,2} in row 1");
        assert_eq!(
            step.effect(),
            "r1c7<>1, r1c7<>2, r1c8<>1, r1c8<>2, r1c9<>1, r1c9<>2, r2c1<>1, r2c1<>2, \
             r2c2<>1, r2c2<>2, r2c3<>1, r2c3<>2, r3c1<>1, r3c1<>2, r3c2<>1, r3c2<>2, r3c3<>1, r3c3<>2"
        );
    }

    #[test]
    fn a_naked_triple_need_not_hold_every_digit_in_every_cell() {
        // {1,2}, {2,3}, {1,3}: three cells, three digits.
        let mut marks = vec!["."; 16];
        marks[..3].copy_from_slice(&["12", "23", "13"]);
        let step = step_of(Technique::NakedTriple, &pencil_marks(4, &marks));
        assert_eq!(step.reason, "r1c1, r1c2, r1c3 hold only {1,2,3} in row 1");
        assert_eq!(step.effect(), "r1c4<>1, r1c4<>2, r1c4<>3");
        assert_eq!(step.rating.to_string(), "3.6");
    }

    #[test]
    fn a_naked_quad_on_a_latin_square() {
        let mut marks = vec!["."; 25];
        marks[..4].copy_from_slice(&["12", "23", "34", "14"]);
        let step = step_of(Technique::NakedQuad, &pencil_marks(5, &marks));
        assert_eq!(
            step.reason,
            "r1c1, r1c2, r1c3, r1c4 hold only {1,2,3,4} in row 1"
        );
        assert_eq!(step.effect(), "r1c5<>1, r1c5<>2, r1c5<>3, r1c5<>4");
        assert_eq!(step.rating.to_string(), "5.0");
    }
}
