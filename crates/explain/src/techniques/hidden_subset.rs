//! **Hidden pair, triple, quad.** When k digits of a house can only go in
//! the same k cells, those cells hold exactly those digits, so their other
//! candidates go. It is the mirror of a naked subset (the other cells of
//! the house then form one) but harder to see, because the k cells still
//! show other pencil marks. Needs a house (n cells), where every digit
//! must appear. SE: pair 3.4, triple 4.0, quad 5.4.

use sudokit_puzzle::Cell;

use crate::step::{cell_list, digit_set};
use crate::techniques::first_combination;
use crate::{digits, Board, Step, Technique};

/// The first hidden pair.
pub fn find_pair(board: &Board) -> Option<Step> {
    find(board, 2, Technique::HiddenPair)
}

/// The first hidden triple.
pub fn find_triple(board: &Board) -> Option<Step> {
    find(board, 3, Technique::HiddenTriple)
}

/// The first hidden quad.
pub fn find_quad(board: &Board) -> Option<Step> {
    find(board, 4, Technique::HiddenQuad)
}

fn find(board: &Board, k: usize, technique: Technique) -> Option<Step> {
    let geometry = board.geometry();
    for &h in geometry.houses() {
        let cells = geometry.cells_of(h);
        // Digits still to place here, with two to k places (as a mask of
        // positions in the house: a house has at most 64 cells).
        let open: Vec<(u8, u64)> = (1..=board.size() as u8)
            .filter(|&d| !board.placed_in(cells, d))
            .map(|d| {
                let places = (0..cells.len())
                    .filter(|&i| board.has(cells[i], d))
                    .fold(0u64, |m, i| m | 1 << i);
                (d, places)
            })
            .filter(|(_, places)| (2..=k as u32).contains(&places.count_ones()))
            .collect();
        let found = first_combination(board, open.len(), k, |pick| {
            let union = pick.iter().fold(0u64, |m, &i| m | open[i].1);
            if union.count_ones() as usize != k {
                return None;
            }
            let mut spots: Vec<Cell> = (0..cells.len())
                .filter(|&i| union >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            spots.sort_unstable();
            let kept = pick.iter().fold(0u64, |m, &i| m | 1 << (open[i].0 - 1));
            let gone: Vec<(Cell, u8)> = spots
                .iter()
                .flat_map(|&c| digits(board.candidates(c) & !kept).map(move |d| (c, d)))
                .collect();
            if gone.is_empty() {
                return None;
            }
            let reason = format!(
                "{} can only go in {} within {}",
                digit_set(kept),
                cell_list(&spots, board.size()),
                geometry.kind(h)
            );
            let mut step = Step::new(technique, board, reason)
                .with_cells(spots)
                .in_groups([geometry.kind(h)]);
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
    fn a_hidden_pair_keeps_only_its_digits() {
        // In row 1, 1 and 2 are ruled out of c3..c9 by the 1 and 2 below
        // them in boxes 2 and 3 and in column 3, so they can only go in
        // r1c1 and r1c2, which lose every other candidate.
        let b = board(
            "......... ...12.... ......12. ......... ..1...... ..2...... ......... ......... .........",
        );
        let step = step_of(Technique::HiddenPair, &b);
        assert_eq!(step.reason, "{1,2} can only go in r1c1, r1c2 within row 1");
        let gone: Vec<_> = step.eliminations.iter().map(|&(_, d)| d).collect();
        assert_eq!(gone, [3, 4, 5, 6, 7, 8, 9, 3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn a_hidden_triple_keeps_only_its_digits() {
        // In row 1, 1, 2 and 3 are not marked in r1c4: they go in r1c1..c3.
        let mut marks = vec!["."; 16];
        marks[..4].copy_from_slice(&["1234", "1234", "1234", "4"]);
        let step = step_of(Technique::HiddenTriple, &pencil_marks(4, &marks));
        assert_eq!(
            step.reason,
            "{1,2,3} can only go in r1c1, r1c2, r1c3 within row 1"
        );
        assert_eq!(step.effect(), "r1c1<>4, r1c2<>4, r1c3<>4");
        assert_eq!(step.rating.to_string(), "4.0");
    }

    #[test]
    fn a_hidden_quad_on_a_latin_square() {
        let mut marks = vec!["."; 25];
        marks[4] = "5";
        let step = step_of(Technique::HiddenQuad, &pencil_marks(5, &marks));
        assert_eq!(
            step.reason,
            "{1,2,3,4} can only go in r1c1, r1c2, r1c3, r1c4 within row 1"
        );
        assert_eq!(step.effect(), "r1c1<>5, r1c2<>5, r1c3<>5, r1c4<>5");
        assert_eq!(step.rating.to_string(), "5.4");
    }
}
