//! **Locked candidates.** When a digit's places in a house all lie inside
//! a second group, the digit goes in that overlap, so it can be crossed out
//! of the rest of the second group. Two classic forms: *pointing* (in a
//! box, the digit is confined to one row or column, which loses it outside
//! the box; SE 2.6) and *claiming* (in a row or column, the digit is
//! confined to one box, which loses it elsewhere; SE 2.8). Here any house
//! and any other group count, so jigsaw regions, diagonals and cages get
//! the same reasoning.

use sudokit_puzzle::GroupKind;

use crate::step::cell_list;
use crate::{Board, Rating, Step, Technique};

/// The first locked-candidates elimination: pointing before claiming.
pub fn find(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    let boxed = |g: usize| matches!(geometry.kind(g), GroupKind::Box(_) | GroupKind::Region(_));
    let (pointing, claiming): (Vec<usize>, Vec<usize>) =
        geometry.houses().iter().copied().partition(|&g| boxed(g));
    for (houses, rating) in [(pointing, Rating(26)), (claiming, Rating(28))] {
        for house in houses {
            if let Some(step) = in_house(board, house, rating) {
                return Some(step);
            }
        }
    }
    None
}

fn in_house(board: &Board, house: usize, rating: Rating) -> Option<Step> {
    let geometry = board.geometry();
    let cells = geometry.cells_of(house);
    for digit in 1..=board.size() as u8 {
        if board.places_iter(cells, digit).nth(1).is_none() {
            continue;
        }
        let places = board.places(cells, digit);
        for &other in geometry.groups_of(places[0]) {
            if other == house
                || !places
                    .iter()
                    .all(|&p| geometry.groups_of(p).contains(&other))
            {
                continue;
            }
            let gone: Vec<_> = board
                .places_iter(geometry.cells_of(other), digit)
                .filter(|c| !cells.contains(c))
                .collect();
            if gone.is_empty() {
                continue;
            }
            let reason = format!(
                "in {}, {digit} can only go in {} ({}), so not elsewhere in {}",
                geometry.kind(house),
                geometry.kind(other),
                cell_list(&places, board.size()),
                geometry.kind(other),
            );
            let mut step = Step::new(Technique::LockedCandidates, board, reason)
                .with_cells(places)
                .in_groups([geometry.kind(house), geometry.kind(other)])
                .rated(rating);
            step.eliminations = gone.into_iter().map(|c| (c, digit)).collect();
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::testing::{board, pencil_marks, step_of};
    use crate::Technique;

    #[test]
    fn pointing_a_box_digit_confined_to_a_row() {
        // Rows 2 and 3 of box 1 are full, so 1 can only go in row 1 there,
        // and row 1 loses it outside box 1.
        let b = board(
            "......... 234...... 567...... ......... ......... ......... ......... ......... .........",
        );
        let step = step_of(Technique::LockedCandidates, &b);
        assert_eq!(
            step.reason,
            "in box 1, 1 can only go in row 1 (r1c1, r1c2, r1c3), so not elsewhere in row 1"
        );
        assert_eq!(
            step.effect(),
            "r1c4<>1, r1c5<>1, r1c6<>1, r1c7<>1, r1c8<>1, r1c9<>1"
        );
        assert_eq!(step.rating.to_string(), "2.6");
    }

    #[test]
    fn claiming_a_row_digit_confined_to_a_box() {
        // Row 1 has lost 1 outside box 1 (c4..c9), so box 1 loses it
        // outside row 1.
        let mut marks = vec!["."; 81];
        for mark in &mut marks[3..9] {
            *mark = "23456789";
        }
        let b = pencil_marks(9, &marks);
        let step = step_of(Technique::LockedCandidates, &b);
        assert_eq!(
            step.reason,
            "in row 1, 1 can only go in box 1 (r1c1, r1c2, r1c3), so not elsewhere in box 1"
        );
        assert_eq!(
            step.effect(),
            "r2c1<>1, r2c2<>1, r2c3<>1, r3c1<>1, r3c2<>1, r3c3<>1"
        );
        assert_eq!(step.rating.to_string(), "2.8");
    }
}
