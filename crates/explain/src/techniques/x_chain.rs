//! **X-chain.** One digit, a chain of cells that alternates two kinds of
//! link. A *strong* link (`=`) joins the only two places of the digit in a
//! house: if one is not the digit, the other is. A *weak* link (`-`) joins
//! two cells that see each other: if one is the digit, the other is not.
//! A chain that starts and ends with a strong link, such as
//! `r1c2 = r1c7 - r4c7 = r4c3`, says: if r1c2 is not the digit, r1c7 is,
//! so r4c7 is not, so r4c3 is. Either way one of the two ends holds the
//! digit, and any other cell that sees both ends loses it.
//!
//! Chains have an odd number of links, at least three (one strong link
//! alone is a conjugate pair, which simple colouring covers); the shortest
//! chain is found first and chains stop at 11 links. Strong links come
//! from houses (groups of n cells); weak links from any group. Rated 6.5
//! on the SE scale, a tenth more for each doubling beyond four links.

use sudokit_puzzle::cell_name;

use crate::techniques::chain_search::ChainSearch;
use crate::techniques::simple_colouring::conjugate_pairs;
use crate::{Board, Rating, Step, Technique};

/// The longest chain tried, in links.
const MAX_LINKS: usize = 11;

/// A chain found: its cells in order and what it eliminates.
struct Chain {
    digit: u8,
    cells: Vec<usize>,
    gone: Vec<(usize, u8)>,
}

/// The shortest X-chain that eliminates something (the first one, digit
/// by digit and start cell by start cell, among the shortest).
pub fn find(board: &Board) -> Option<Step> {
    let cells = board.values().len();
    let mut best: Option<Chain> = None;
    let mut search = ChainSearch::new(cells, 2);
    for digit in 1..=board.size() as u8 {
        let strong = conjugate_pairs(board, digit);
        for start in 0..cells {
            if strong[start].is_empty() {
                continue;
            }
            let limit = best.as_ref().map_or(MAX_LINKS, |b| b.cells.len() - 2);
            if limit < 3 {
                break;
            }
            if let Some(chain) = shortest(&mut search, board, digit, &strong, start, limit) {
                best = Some(chain);
            }
        }
    }
    let chain = best?;
    Some(step(board, chain))
}

fn step(board: &Board, chain: Chain) -> Step {
    let n = board.size();
    let digit = chain.digit;
    let mut notation = cell_name(chain.cells[0], n);
    for (i, &c) in chain.cells.iter().enumerate().skip(1) {
        notation.push_str(if i % 2 == 1 { " = " } else { " - " });
        notation.push_str(&cell_name(c, n));
    }
    let (first, last) = (chain.cells[0], chain.cells[chain.cells.len() - 1]);
    let reason = format!(
        "on {digit}, {notation} (= the only two places in a house, - see each other): \
         if {} is not {digit} then {} is, so a cell that sees both loses {digit}",
        cell_name(first, n),
        cell_name(last, n)
    );
    let links = chain.cells.len() - 1;
    let mut step = Step::new(Technique::XChain, board, reason)
        .with_cells(chain.cells)
        .rated(Rating(65).for_length(links));
    step.eliminations = chain.gone;
    step
}

/// The shortest chain on `digit` from `start` with at most `limit` links
/// that eliminates something. State: `cell * 2 + 1` when the cell was
/// reached by a strong link (it holds the digit if the start does not; the
/// next link is weak).
fn shortest(
    search: &mut ChainSearch,
    board: &Board,
    digit: u8,
    strong: &[Vec<usize>],
    start: usize,
    limit: usize,
) -> Option<Chain> {
    let geometry = board.geometry();
    search.start(start * 2);
    let mut frontier = vec![start * 2];
    for links in 1..=limit {
        let mut next = Vec::new();
        for &state in &frontier {
            let cell = state / 2;
            let weak_next = state % 2 == 1;
            let targets: &mut dyn Iterator<Item = usize> = if weak_next {
                &mut geometry
                    .peers(cell)
                    .iter()
                    .copied()
                    .filter(|&c| board.has(c, digit))
            } else {
                &mut strong[cell].iter().copied()
            };
            for to in targets {
                let to_state = to * 2 + usize::from(!weak_next);
                if search.reach(state, to_state) {
                    next.push(to_state);
                }
            }
        }
        if links % 2 == 1 && links >= 3 {
            for &state in &next {
                let cells: Vec<usize> = search.path(state).iter().map(|s| s / 2).collect();
                let gone: Vec<(usize, u8)> = board
                    .seen_by_all(&[start, state / 2], digit)
                    .into_iter()
                    .filter(|(c, _)| !cells.contains(c))
                    .collect();
                if !gone.is_empty() {
                    return Some(Chain { digit, cells, gone });
                }
            }
        }
        frontier = next;
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::testing::{nines_in_columns, step_of};
    use crate::Technique;

    #[test]
    fn a_cell_seeing_both_ends_of_a_chain_loses_the_digit() {
        // 9 in column 1 only at r1c1, r6c1; in column 8 only at r2c8, r6c8.
        // r6c1 and r6c8 share row 6, so r1c1 or r2c8 is 9: cells in row 1
        // and box 3, or row 2 and box 1, lose it.
        let b = nines_in_columns(&[(1, [1, 6]), (8, [2, 6])]);
        let step = step_of(Technique::XChain, &b);
        assert_eq!(
            step.reason,
            "on 9, r1c1 = r6c1 - r6c8 = r2c8 (= the only two places in a house, - see each other): \
             if r1c1 is not 9 then r2c8 is, so a cell that sees both loses 9"
        );
        assert_eq!(step.effect(), "r1c7<>9, r1c9<>9, r2c2<>9, r2c3<>9");
        assert_eq!(step.rating.to_string(), "6.5");
        assert_eq!(Technique::SimpleColouring.find(&b), None);
    }

    #[test]
    fn a_five_link_chain_rates_higher() {
        // Pairs in columns 1, 5 and 9, joined through rows 6 and 8; no
        // three-link chain has a cell seeing both its ends.
        let b = nines_in_columns(&[(1, [1, 6]), (5, [6, 8]), (9, [8, 3])]);
        let step = step_of(Technique::XChain, &b);
        assert_eq!(
            step.reason,
            "on 9, r1c1 = r6c1 - r6c5 = r8c5 - r8c9 = r3c9 (= the only two places in a house, \
             - see each other): if r1c1 is not 9 then r3c9 is, so a cell that sees both loses 9"
        );
        assert_eq!(step.effect(), "r1c7<>9, r1c8<>9, r3c2<>9, r3c3<>9");
        assert_eq!(step.rating.to_string(), "6.6");
    }

    #[test]
    fn nothing_when_no_cell_sees_both_ends() {
        // r1c1 = r6c1 - r6c9 = r9c9: the ends face each other across the
        // grid, and r1c9, r9c1 have no 9 left.
        let b = nines_in_columns(&[(1, [1, 6]), (9, [6, 9])]);
        assert_eq!(Technique::XChain.find(&b), None);
    }
}
