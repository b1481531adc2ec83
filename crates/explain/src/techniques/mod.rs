//! One technique per file. Each `find` returns the first instance on the
//! board that changes it (a placement or an elimination), or `None`.

pub mod aligned_exclusion;
pub mod als_wing;
pub mod bug;
pub mod cage_combinations;
mod chain_rules;
mod chain_search;
pub mod fish;
pub mod forcing;
pub mod hidden_single;
pub mod hidden_subset;
mod implications;
mod inner_chains;
pub mod innies_outies;
pub mod locked_candidates;
pub mod naked_single;
pub mod naked_subset;
pub mod nishio;
pub mod simple_colouring;
pub mod static_chains;
pub mod strong_links;
pub mod unique_loop;
pub mod unique_rectangle;
pub mod w_wing;
pub mod x_chain;
pub mod xy_chain;
pub mod xy_wing;
pub mod xyz_wing;

use crate::Board;

/// Subsets visited between two reads of the board's limits: the clock
/// costs about as much as a visit, and a 35x35 group has 52,360 quads.
const VISITS_PER_CHECK: u32 = 1024;

/// Calls `visit` with every `k`-element subset of `0..len` (as ascending
/// indices) until it returns `Some`, or `None` once the limits of `board`
/// have stopped the work (the explainer then reads them again).
pub(crate) fn first_combination<T>(
    board: &Board,
    len: usize,
    k: usize,
    mut visit: impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k > len {
        return None;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    let mut countdown = VISITS_PER_CHECK;
    loop {
        if let Some(found) = visit(&pick) {
            return Some(found);
        }
        countdown -= 1;
        if countdown == 0 {
            if board.stopped().is_some() {
                return None;
            }
            countdown = VISITS_PER_CHECK;
        }
        // The next subset in lexicographic order.
        let mut i = k;
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            if pick[i] < len - k + i {
                break;
            }
        }
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sudokit_model::{CancelToken, LimitKind, Limits};

    use super::*;
    use crate::testing::board;

    const EMPTY_4X4: &str = "................";

    #[test]
    fn combinations_are_every_subset_once() {
        let board = board(EMPTY_4X4);
        let mut seen = Vec::new();
        let none: Option<()> = first_combination(&board, 5, 3, |pick| {
            seen.push(pick.to_vec());
            None
        });
        assert_eq!(none, None);
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], [0, 1, 2]);
        assert_eq!(seen[9], [2, 3, 4]);
        assert_eq!(first_combination(&board, 2, 3, |_| Some(())), None);
        assert_eq!(first_combination(&board, 3, 0, |p| Some(p.len())), Some(0));
    }

    #[test]
    fn a_cancelled_board_stops_the_subsets_within_a_check_period() {
        let mut board = board(EMPTY_4X4);
        let cancel = CancelToken::new();
        board.stop_at(Limits::none().with_cancel(cancel.clone()));
        cancel.cancel();
        let mut visits = 0;
        let none: Option<()> = first_combination(&board, 40, 4, |_| {
            visits += 1;
            None
        });
        assert_eq!(none, None);
        // C(40, 4) = 91,390 subsets; one period of them was seen.
        assert_eq!(visits, VISITS_PER_CHECK);
        assert_eq!(board.stopped(), Some(LimitKind::Cancelled));
        board.stop_at(Limits::none().with_timeout(Duration::from_secs(60)));
        assert_eq!(board.stopped(), None);
    }
}
