//! **XY-chain.** A chain of cells with two candidates each (bivalue
//! cells), each seeing the next and sharing a digit with it. Written
//! `(1=5)r1c2 - (5=7)r1c8 - (7=1)r3c9`: if r1c2 is not 1 it is 5, so
//! r1c8, which sees it, is not 5 and must be 7, so r3c9 is not 7 and must
//! be 1. The chain starts with a cell {a, x} left by x and ends in a cell
//! whose remaining digit is a again: either the first cell or the last is
//! a, so any other cell that sees both ends loses a.
//!
//! The XY-wing is the three-cell case. Chains are searched shortest first
//! and stop at 12 cells. Cells see each other through any group, so the
//! chain works on every geometry. Rated 6.6 on the SE scale, a tenth more
//! for each doubling beyond four cells.

use sudokit_puzzle::cell_name;

use crate::techniques::chain_search::ChainSearch;
use crate::{Board, Rating, Step, Technique};

/// The longest chain tried, in cells.
const MAX_CELLS: usize = 12;

/// A chain found: its cells in order, the digit each is forced to if the
/// first is not `digit`, and the cells that lose `digit`.
struct Chain {
    digit: u8,
    cells: Vec<(usize, u8)>,
    gone: Vec<(usize, u8)>,
}

/// The shortest XY-chain that eliminates something (the first one, start
/// cell by start cell and digit by digit, among the shortest).
pub fn find(board: &Board) -> Option<Step> {
    let n = board.size();
    let bivalue: Vec<bool> = (0..board.values().len())
        .map(|c| board.value(c) == 0 && board.candidates(c).count_ones() == 2)
        .collect();
    let mut search = ChainSearch::new(bivalue.len(), n);
    let mut best: Option<Chain> = None;
    for start in (0..bivalue.len()).filter(|&c| bivalue[c]) {
        for digit in crate::digits(board.candidates(start)) {
            let limit = best.as_ref().map_or(MAX_CELLS, |b| b.cells.len() - 1);
            if limit < 3 {
                break;
            }
            if let Some(chain) = shortest(&mut search, board, &bivalue, start, digit, limit) {
                best = Some(chain);
            }
        }
    }
    let chain = best?;
    Some(step(board, chain))
}

fn step(board: &Board, chain: Chain) -> Step {
    let n = board.size();
    let a = chain.digit;
    let mut from = a;
    let notation: Vec<String> = chain
        .cells
        .iter()
        .map(|&(c, to)| {
            let text = format!("({from}={to}){}", cell_name(c, n));
            from = to;
            text
        })
        .collect();
    let (first, last) = (chain.cells[0].0, chain.cells[chain.cells.len() - 1].0);
    let reason = format!(
        "{}: if {} is not {a} then {} is, so a cell that sees both loses {a}",
        notation.join(" - "),
        cell_name(first, n),
        cell_name(last, n)
    );
    let length = chain.cells.len();
    let mut step = Step::new(Technique::XyChain, board, reason)
        .with_cells(chain.cells.iter().map(|&(c, _)| c))
        .rated(Rating(66).for_length(length));
    step.eliminations = chain.gone;
    step
}

/// The shortest chain of at most `limit` cells from `start`, assumed not
/// `digit`, that ends on `digit` and eliminates something. State: `cell * n
/// + forced - 1`, the digit the cell is forced to.
fn shortest(
    search: &mut ChainSearch,
    board: &Board,
    bivalue: &[bool],
    start: usize,
    digit: u8,
    limit: usize,
) -> Option<Chain> {
    let n = board.size();
    let geometry = board.geometry();
    let other = |cell: usize, d: u8| {
        crate::digits(board.candidates(cell) & !(1 << (d - 1)))
            .next()
            .unwrap_or(d)
    };
    let decode = |state: usize| (state / n, (state % n) as u8 + 1);
    let first = start * n + usize::from(other(start, digit)) - 1;
    search.start(first);
    let mut frontier = vec![first];
    for length in 2..=limit {
        let mut next = Vec::new();
        for &state in &frontier {
            let (cell, forced) = decode(state);
            for &to in geometry.peers(cell) {
                if !bivalue[to] || !board.has(to, forced) {
                    continue;
                }
                let to_state = to * n + usize::from(other(to, forced)) - 1;
                if search.reach(state, to_state) {
                    next.push(to_state);
                }
            }
        }
        if length >= 3 {
            for &state in &next {
                let (end, forced) = decode(state);
                if forced != digit {
                    continue;
                }
                let cells: Vec<(usize, u8)> = search.path(state).into_iter().map(decode).collect();
                let gone: Vec<(usize, u8)> = board
                    .seen_by_all(&[start, end], digit)
                    .into_iter()
                    .filter(|&(c, _)| !cells.iter().any(|&(p, _)| p == c))
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
    use crate::testing::{marks_at, step_of};
    use crate::Technique;

    #[test]
    fn a_cell_seeing_both_ends_loses_the_digit() {
        // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c9 {1,4}: if r1c1 is 2,
        // then r1c5 is 3, r5c5 is 4 and r5c9 is 1. So r1c1 or r5c9 is 1,
        // and r1c9 and r5c1, which see both, lose 1.
        let b = marks_at(9, &[(1, 1, "12"), (1, 5, "23"), (5, 5, "34"), (5, 9, "14")]);
        let step = step_of(Technique::XyChain, &b);
        assert_eq!(
            step.reason,
            "(1=2)r1c1 - (2=3)r1c5 - (3=4)r5c5 - (4=1)r5c9: if r1c1 is not 1 then r5c9 is, \
             so a cell that sees both loses 1"
        );
        assert_eq!(step.effect(), "r1c9<>1, r5c1<>1");
        assert_eq!(step.rating.to_string(), "6.6");
    }

    #[test]
    fn a_five_cell_chain_rates_higher() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c8 {4,5} - r9c8 {1,5}.
        let b = marks_at(
            9,
            &[
                (1, 1, "12"),
                (1, 5, "23"),
                (5, 5, "34"),
                (5, 8, "45"),
                (9, 8, "15"),
            ],
        );
        let step = step_of(Technique::XyChain, &b);
        assert_eq!(
            step.reason,
            "(1=2)r1c1 - (2=3)r1c5 - (3=4)r5c5 - (4=5)r5c8 - (5=1)r9c8: \
             if r1c1 is not 1 then r9c8 is, so a cell that sees both loses 1"
        );
        assert_eq!(step.effect(), "r1c8<>1, r9c1<>1");
        assert_eq!(step.rating.to_string(), "6.7");
    }

    #[test]
    fn nothing_when_the_chain_does_not_close_on_its_digit() {
        // The last cell is {4,6}: the chain ends on 6, not on 1.
        let b = marks_at(9, &[(1, 1, "12"), (1, 5, "23"), (5, 5, "34"), (5, 9, "46")]);
        assert_eq!(Technique::XyChain.find(&b), None);
    }
}
