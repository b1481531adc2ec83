use rand::seq::SliceRandom;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use sudokit_puzzle::{Cage, Cell};

use crate::adjacency::{neighbours, pieces};

/// The largest cage the generator cuts.
const MAX_CAGE: usize = 5;

/// Random killer cages over a full grid `solution` of side `n`: every cell
/// in one orthogonally connected cage of 1 to 5 cells (mostly 2 to 4) whose
/// digits differ, summing to what the solution puts there.
///
/// Cages grow from the cells in random order: each picks a size, then
/// takes random free neighbours whose digit it does not hold yet; a cell
/// left alone then joins a neighbouring cage where it can.
pub fn random_cages(solution: &[u8], n: usize, rng: &mut Pcg64Mcg) -> Vec<Cage> {
    let mut caged = vec![false; n * n];
    let mut order: Vec<Cell> = (0..n * n).collect();
    order.shuffle(rng);
    let mut cages = Vec::new();
    for start in order {
        if caged[start] {
            continue;
        }
        // Sizes 1..=5 drawn as 2, 3, 3, 4, 4, 5, 2, 1 (mostly 2 to 4).
        const SIZES: [usize; 8] = [2, 3, 3, 4, 4, 5, 2, 1];
        let size = SIZES[rng.random_range(0..SIZES.len())].min(MAX_CAGE);
        let mut cells = vec![start];
        caged[start] = true;
        while cells.len() < size {
            let frontier: Vec<Cell> = cells
                .iter()
                .flat_map(|&c| neighbours(c, n))
                .filter(|&c| !caged[c] && !cells.iter().any(|&k| solution[k] == solution[c]))
                .collect();
            if frontier.is_empty() {
                break;
            }
            let next = frontier[rng.random_range(0..frontier.len())];
            caged[next] = true;
            cells.push(next);
        }
        cages.push(cage(cells, solution));
    }
    absorb_single_cells(&mut cages, solution, n);
    cages
}

/// Joins each one-cell cage (a given in disguise) to a neighbouring cage
/// with room for it and without its digit, where there is one.
fn absorb_single_cells(cages: &mut Vec<Cage>, solution: &[u8], n: usize) {
    let mut i = 0;
    while i < cages.len() {
        let [cell] = cages[i].cells[..] else {
            i += 1;
            continue;
        };
        let host = neighbours(cell, n).find_map(|next| {
            cages.iter().position(|c| {
                c.cells.contains(&next)
                    && c.cells.len() < MAX_CAGE
                    && c.cells.iter().all(|&k| solution[k] != solution[cell])
            })
        });
        match host {
            Some(host) => {
                let mut cells = cages[host].cells.clone();
                cells.push(cell);
                cages[host] = cage(cells, solution);
                cages.swap_remove(i);
            }
            None => i += 1,
        }
    }
}

/// Splits the cage holding `cell` so that the cell ends in a smaller cage:
/// the cell with a random neighbour of its cage if it has one, the rest of
/// the cage in its connected pieces. Each piece is a cage of its own.
pub fn split_cage(
    cages: &mut Vec<Cage>,
    cell: Cell,
    solution: &[u8],
    n: usize,
    rng: &mut Pcg64Mcg,
) {
    let Some(index) = cages.iter().position(|c| c.cells.contains(&cell)) else {
        return;
    };
    let old = cages.swap_remove(index);
    let mates: Vec<Cell> = neighbours(cell, n)
        .filter(|c| old.cells.contains(c))
        .collect();
    let mut first = vec![cell];
    if old.cells.len() > 2 && !mates.is_empty() {
        first.push(mates[rng.random_range(0..mates.len())]);
    }
    let rest: Vec<Cell> = old
        .cells
        .iter()
        .copied()
        .filter(|c| !first.contains(c))
        .collect();
    cages.push(cage(first, solution));
    for piece in pieces(&rest, n) {
        cages.push(cage(piece, solution));
    }
}

fn cage(mut cells: Vec<Cell>, solution: &[u8]) -> Cage {
    cells.sort_unstable();
    let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
    Cage { cells, sum }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// A 4x4 solution.
    const GRID: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

    fn check(cages: &[Cage]) {
        let mut seen = [0; 16];
        for cage in cages {
            assert!(!cage.cells.is_empty() && cage.cells.len() <= MAX_CAGE);
            assert_eq!(pieces(&cage.cells, 4).len(), 1, "{cage:?} is not connected");
            let mut digits: Vec<u8> = cage.cells.iter().map(|&c| GRID[c]).collect();
            assert_eq!(cage.sum, digits.iter().map(|&d| u32::from(d)).sum());
            digits.sort_unstable();
            digits.dedup();
            assert_eq!(digits.len(), cage.cells.len(), "{cage:?} repeats a digit");
            for &c in &cage.cells {
                seen[c] += 1;
            }
        }
        assert_eq!(seen, [1; 16], "every cell in exactly one cage");
    }

    #[test]
    fn cages_partition_the_grid_into_connected_distinct_digit_pieces() {
        for seed in 0..50 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut cages = random_cages(&GRID, 4, &mut rng);
            check(&cages);
            let before = cages.len();
            let big = cages.iter().find(|c| c.cells.len() > 1).map(|c| c.cells[0]);
            if let Some(cell) = big {
                split_cage(&mut cages, cell, &GRID, 4, &mut rng);
                check(&cages);
                assert!(cages.len() > before);
            }
        }
    }
}
