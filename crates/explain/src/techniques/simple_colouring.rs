//! **Simple colouring.** Look at one digit only. Where a house has just two
//! places left for it (a *conjugate pair*), exactly one of the two holds
//! the digit. Conjugate pairs that share cells make a network: colour its
//! cells with two colours so that the two cells of every pair differ.
//! Along each pair the truth flips, so one colour holds the digit in every
//! cell and the other in none; we just do not know which yet. Two rules:
//!
//! - *Colour wrap*: two cells of the same colour see each other (share a
//!   row, column, box or any other group). They cannot both hold the digit,
//!   so that colour is the false one: every cell of it loses the digit.
//! - *Colour trap*: a cell outside the network that sees a cell of each
//!   colour loses the digit, since one of the two it sees holds it.
//!
//! Pairs come from houses (groups of n cells, where the digit must go
//! somewhere); "seeing" works through any group. Rated 6.2 here.

use std::collections::VecDeque;

use sudokit_puzzle::cell_name;

use crate::step::cell_list;
use crate::{Board, Step, Technique};

/// The first colour wrap or colour trap, digit by digit, network by
/// network (a wrap before a trap in the same network).
pub fn find(board: &Board) -> Option<Step> {
    for digit in 1..=board.size() as u8 {
        let links = conjugate_pairs(board, digit);
        let mut colour: Vec<Option<bool>> = vec![None; links.len()];
        for start in 0..links.len() {
            if colour[start].is_some() || links[start].is_empty() {
                continue;
            }
            let Some(sides) = colour_network(&links, start, &mut colour) else {
                continue;
            };
            if let Some(step) = wrap(board, digit, &sides).or_else(|| trap(board, digit, &sides)) {
                return Some(step);
            }
        }
    }
    None
}

/// For every cell, the cells it forms a conjugate pair with on `digit`.
pub(crate) fn conjugate_pairs(board: &Board, digit: u8) -> Vec<Vec<usize>> {
    let geometry = board.geometry();
    let mut links = vec![Vec::new(); board.values().len()];
    for &h in geometry.houses() {
        if let [a, b] = board.places(geometry.cells_of(h), digit)[..] {
            if !links[a].contains(&b) {
                links[a].push(b);
                links[b].push(a);
            }
        }
    }
    links
}

/// Colours the network holding `start`; returns its two sides (each
/// sorted), or `None` if some pair would join two cells of one colour
/// (no solution then; leave that to others).
fn colour_network(
    links: &[Vec<usize>],
    start: usize,
    colour: &mut [Option<bool>],
) -> Option<[Vec<usize>; 2]> {
    let mut sides = [Vec::new(), Vec::new()];
    let mut queue = VecDeque::from([start]);
    colour[start] = Some(false);
    let mut consistent = true;
    while let Some(cell) = queue.pop_front() {
        let side = colour[cell] == Some(true);
        sides[usize::from(side)].push(cell);
        for &other in &links[cell] {
            match colour[other] {
                None => {
                    colour[other] = Some(!side);
                    queue.push_back(other);
                }
                Some(c) if c == side => consistent = false,
                Some(_) => {}
            }
        }
    }
    sides[0].sort_unstable();
    sides[1].sort_unstable();
    consistent.then_some(sides)
}

fn describe(board: &Board, digit: u8, first: &[usize], second: &[usize]) -> String {
    let n = board.size();
    format!(
        "on {digit}, conjugate pairs colour {} one way and {} the other",
        cell_list(first, n),
        cell_list(second, n)
    )
}

/// Two cells of one colour in a group: that colour loses the digit.
fn wrap(board: &Board, digit: u8, sides: &[Vec<usize>; 2]) -> Option<Step> {
    let geometry = board.geometry();
    let clash = |cells: &[usize]| {
        cells.iter().enumerate().find_map(|(i, &a)| {
            let b = *cells[i + 1..].iter().find(|&&b| geometry.sees(a, b))?;
            let group = *geometry
                .groups_of(a)
                .iter()
                .find(|g| geometry.groups_of(b).contains(g))?;
            Some((a, b, group))
        })
    };
    let clashes = [clash(&sides[0]), clash(&sides[1])];
    let (false_side, (a, b, group)) = match clashes {
        [Some(found), None] => (0, found),
        [None, Some(found)] => (1, found),
        _ => return None,
    };
    let n = board.size();
    let (bad, good) = (&sides[false_side], &sides[1 - false_side]);
    let reason = format!(
        "{}; {} and {} are both in {}, so their colour cannot hold {digit}",
        describe(board, digit, bad, good),
        cell_name(a, n),
        cell_name(b, n),
        geometry.kind(group)
    );
    let mut step = Step::new(Technique::SimpleColouring, board, reason)
        .with_cells(bad.iter().chain(good).copied());
    step.eliminations = bad.iter().map(|&c| (c, digit)).collect();
    Some(step)
}

/// Cells outside the network that see both colours lose the digit.
fn trap(board: &Board, digit: u8, sides: &[Vec<usize>; 2]) -> Option<Step> {
    let geometry = board.geometry();
    let sees_side = |cell: usize, side: &[usize]| side.iter().any(|&c| geometry.sees(cell, c));
    let gone: Vec<(usize, u8)> = board
        .open_cells()
        .filter(|&c| board.has(c, digit) && !sides[0].contains(&c) && !sides[1].contains(&c))
        .filter(|&c| sees_side(c, &sides[0]) && sees_side(c, &sides[1]))
        .map(|c| (c, digit))
        .collect();
    if gone.is_empty() {
        return None;
    }
    let reason = format!(
        "{}; one colour holds {digit}, so a cell that sees both loses it",
        describe(board, digit, &sides[0], &sides[1])
    );
    let mut step = Step::new(Technique::SimpleColouring, board, reason)
        .with_cells(sides[0].iter().chain(&sides[1]).copied());
    step.eliminations = gone;
    Some(step)
}

#[cfg(test)]
mod tests {
    use crate::testing::{pencil_marks, step_of};
    use crate::{Board, Technique};

    /// 9x9 marks where 9 is a candidate only in `cells` (row, column from 1).
    fn nines(cells: &[(usize, usize)]) -> Board {
        let marks: Vec<&str> = (0..81)
            .map(|i| {
                if cells.contains(&(i / 9 + 1, i % 9 + 1)) {
                    "."
                } else {
                    "12345678"
                }
            })
            .collect();
        pencil_marks(9, &marks)
    }

    #[test]
    fn two_cells_of_one_colour_in_a_box_make_that_colour_false() {
        // Pairs on 9: row 1 (r1c1, r1c5), column 5 (r1c5, r6c5), row 6
        // (r6c5, r6c2), column 2 (r6c2, r2c2). Colours: r1c1, r6c5, r2c2
        // against r1c5, r6c2. If r1c1 were 9, then r1c5 not, r6c5 yes,
        // r6c2 not, r2c2 yes: two 9s in box 1. So that colour is false.
        let b = nines(&[(1, 1), (1, 5), (6, 5), (6, 2), (2, 2), (3, 3)]);
        let step = step_of(Technique::SimpleColouring, &b);
        assert_eq!(
            step.reason,
            "on 9, conjugate pairs colour r1c1, r2c2, r6c5 one way and r1c5, r6c2 the other; \
             r1c1 and r2c2 are both in box 1, so their colour cannot hold 9"
        );
        assert_eq!(step.effect(), "r1c1<>9, r2c2<>9, r6c5<>9");
        assert_eq!(step.rating.to_string(), "6.2");
    }

    #[test]
    fn a_cell_seeing_both_colours_loses_the_digit() {
        // The same chain without the pair in column 2 (r9c2 also holds 9):
        // r1c1 = r1c5 = r6c5 = r6c2. r2c2 sees r1c1 (box 1) and r6c2
        // (column 2), one of which is 9. r3c3 and r9c2 see one colour only.
        let b = nines(&[(1, 1), (1, 5), (6, 5), (6, 2), (2, 2), (3, 3), (9, 2)]);
        let step = step_of(Technique::SimpleColouring, &b);
        assert_eq!(
            step.reason,
            "on 9, conjugate pairs colour r1c1, r6c5 one way and r1c5, r6c2 the other; \
             one colour holds 9, so a cell that sees both loses it"
        );
        assert_eq!(step.effect(), "r2c2<>9");
    }

    #[test]
    fn nothing_without_a_wrap_or_a_trap() {
        // Just the chain r1c1 = r1c5 = r6c5 = r6c2: no other 9 sees both.
        let b = nines(&[(1, 1), (1, 5), (6, 5), (6, 2), (3, 3), (9, 2)]);
        assert_eq!(Technique::SimpleColouring.find(&b), None);
    }
}
