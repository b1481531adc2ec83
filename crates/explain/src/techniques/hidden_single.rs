//! **Hidden single.** Every digit appears once in each house (a row,
//! column, box or region, or any group of n cells). When all but one of a
//! house's cells are ruled out for a digit — it is placed in a peer, or
//! crossed out of their pencil marks — the digit must go in the cell that
//! remains, whatever else that cell could hold. It "hides" among the
//! cell's other candidates, which is why it is harder to spot in rows and
//! columns (SE 1.5) than in a box (1.2), where the eye scans a small square.

use sudokit_puzzle::{cell_name, GroupKind};

use crate::{Board, Rating, Step, Technique};

/// The first hidden single, boxes and regions before other houses.
pub fn find(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    let boxed = |g: &usize| matches!(geometry.kind(*g), GroupKind::Box(_) | GroupKind::Region(_));
    let (boxes, others): (Vec<usize>, Vec<usize>) =
        geometry.houses().iter().copied().partition(boxed);
    for (houses, rating) in [(boxes, Rating(12)), (others, Rating(15))] {
        for h in houses {
            let cells = geometry.cells_of(h);
            for digit in 1..=board.size() as u8 {
                if board.placed_in(cells, digit) {
                    continue;
                }
                let mut places = board.places_iter(cells, digit);
                if let (Some(cell), None) = (places.next(), places.next()) {
                    let reason = format!(
                        "{digit} can only go in {} within {}",
                        cell_name(cell, board.size()),
                        geometry.kind(h)
                    );
                    let mut step = Step::new(Technique::HiddenSingle, board, reason)
                        .with_cells([cell])
                        .in_groups([geometry.kind(h)])
                        .rated(rating);
                    step.placements.push((cell, digit));
                    return Some(step);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::testing::{board, step_of};
    use crate::Technique;

    #[test]
    fn a_digit_with_one_place_in_a_box_goes_there() {
        // 4x4: box 1 holds 1 and 2; the 3 in r3c1 rules out r2c1, so 3
        // goes in r1c2, though r1c2 could also hold 4.
        let b = board("1... .2.. 3... ....");
        let step = step_of(Technique::HiddenSingle, &b);
        assert_eq!(step.reason, "3 can only go in r1c2 within box 1");
        assert_eq!(step.placements, [(1, 3)]);
        assert_eq!(step.rating.to_string(), "1.2");
    }
}
