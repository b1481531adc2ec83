//! **W-Wing.** Two cells that hold only the same two digits {a,b} but do
//! not see each other, joined by a *strong link* on a: a house (a row,
//! column, box or any group of n cells) where a can only go in two cells,
//! p and q, with the first cell seeing p and the second seeing q. If
//! neither cell were b, both would be a; then p and q, which they see,
//! could not be a, and the house would have no place left for a. So one
//! of the two cells is b, and a cell that sees both cannot be b. SE 4.4.

use sudokit_puzzle::{cell_name, Cell};

use crate::step::digit_set;
use crate::{digits, Board, Step, Technique};

/// The first W-Wing: bivalue cells in cell order, link digits ascending.
pub fn find(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    let n = board.size();
    let bivalue: Vec<Cell> = board
        .open_cells()
        .filter(|&c| board.candidates(c).count_ones() == 2)
        .collect();
    // Strong links per digit: (house, p, q) where the digit has two places.
    let mut links: Vec<Vec<(usize, Cell, Cell)>> = vec![Vec::new(); n + 1];
    for &h in geometry.houses() {
        let cells = geometry.cells_of(h);
        for digit in 1..=n as u8 {
            if board.placed_in(cells, digit) {
                continue;
            }
            if let [p, q] = board.places(cells, digit)[..] {
                links[usize::from(digit)].push((h, p, q));
            }
        }
    }
    for (i, &a) in bivalue.iter().enumerate() {
        let pair = board.candidates(a);
        for &b in &bivalue[i + 1..] {
            if board.candidates(b) != pair || geometry.sees(a, b) {
                continue;
            }
            for linked in digits(pair) {
                let other = digits(pair & !(1 << (linked - 1))).next()?;
                // A link with one end seen by each cell, neither cell in it.
                let link = links[usize::from(linked)].iter().find_map(|&(h, p, q)| {
                    if [p, q].contains(&a) || [p, q].contains(&b) {
                        None
                    } else if geometry.sees(a, p) && geometry.sees(b, q) {
                        Some((h, p, q))
                    } else if geometry.sees(a, q) && geometry.sees(b, p) {
                        Some((h, q, p))
                    } else {
                        None
                    }
                });
                let Some((h, p, q)) = link else {
                    continue;
                };
                let gone = board.seen_by_all(&[a, b], other);
                if gone.is_empty() {
                    continue;
                }
                let (an, bn) = (cell_name(a, n), cell_name(b, n));
                let reason = format!(
                    "{an} and {bn} hold {}; {linked} in {} goes in {}, seen by {an}, \
                     or {}, seen by {bn}, so {an} or {bn} is {other}",
                    digit_set(pair),
                    geometry.kind(h),
                    cell_name(p, n),
                    cell_name(q, n),
                );
                let mut step = Step::new(Technique::WWing, board, reason).with_cells([a, p, q, b]);
                step.eliminations = gone;
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::testing::{assert_agrees, board, marks_at, step_of};
    use crate::{Board, Technique};

    /// r1c1 and r5c8 hold {3,7}; column 5 has 3 only in `places` rows.
    fn wing(places: [usize; 2]) -> Board {
        let mut cells = vec![(1, 1, "37"), (5, 8, "37")];
        for r in (1..=9).filter(|r| !places.contains(r)) {
            cells.push((r, 5, "12456789"));
        }
        marks_at(9, &cells)
    }

    #[test]
    fn a_w_wing_clears_what_sees_both_ends() {
        // 3 in column 5 is in r1c5 (row 1, seen by r1c1) or r5c5 (row 5,
        // seen by r5c8). r1c8 and r5c1 see both ends.
        let b = wing([1, 5]);
        let step = step_of(Technique::WWing, &b);
        assert_eq!(
            step.reason,
            "r1c1 and r5c8 hold {3,7}; 3 in column 5 goes in r1c5, seen by r1c1, \
             or r5c5, seen by r5c8, so r1c1 or r5c8 is 7"
        );
        assert_eq!(step.effect(), "r1c8<>7, r5c1<>7");
        assert_eq!(step.rating.to_string(), "4.4");
    }

    #[test]
    fn a_link_both_ends_do_not_see_is_no_wing() {
        // 3 in column 5 is in r1c5 or r7c5; r5c8 sees neither.
        assert_eq!(Technique::WWing.find(&wing([1, 7])), None);
    }

    #[test]
    fn a_w_wing_in_a_real_puzzle() {
        // Easy51 #51 after its singles: r4c5 and r7c6 hold {5,6}; 5 in
        // column 4 is in r5c4 (box 5, with r4c5) or r7c4 (row 7, with r7c6).
        let b = board(
            "3.12....7 ...1.7... 7.693451. .7.4.918. 9...217.4 .1.873.5. ..9.4.371 ...7.28.5 ..73.8..6",
        );
        let step = step_of(Technique::WWing, &b);
        assert_eq!(
            step.reason,
            "r4c5 and r7c6 hold {5,6}; 5 in column 4 goes in r5c4, seen by r4c5, \
             or r7c4, seen by r7c6, so r4c5 or r7c6 is 6"
        );
        assert_eq!(step.effect(), "r8c5<>6");
        let solution =
            "351286497492157638786934512275469183938521764614873259829645371163792845547318926";
        assert_agrees(&step, solution);
    }
}
