use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use sudokit_model::BoxShape;

use crate::adjacency::{neighbours, pieces};

/// A random jigsaw region map of an `n x n` grid: n connected regions of n
/// cells each, row-major region numbers.
///
/// It starts from the most square boxes of n (or from the rows when n is
/// prime) and swaps cells across region borders many times: a cell of
/// region A that touches region B changes places with a cell of B that
/// touches A, kept only when both regions stay connected. Sizes never
/// change, so every map it returns is a partition into n regions of n
/// cells; some maps admit no solution, which the generator finds out and
/// then draws another.
pub fn random_regions(n: usize, rng: &mut Pcg64Mcg) -> Vec<u8> {
    let mut map = boxes(n);
    let swaps = 4 * n * n;
    let mut done = 0;
    let mut tries = 0;
    while done < swaps && tries < 50 * swaps {
        tries += 1;
        let a = rng.random_range(0..n * n);
        let across: Vec<usize> = neighbours(a, n).filter(|&b| map[b] != map[a]).collect();
        if across.is_empty() {
            continue;
        }
        let b = across[rng.random_range(0..across.len())];
        let (ra, rb) = (map[a], map[b]);
        // A cell of B (other than b) that touches A once a has left it.
        let partners: Vec<usize> = (0..n * n)
            .filter(|&d| map[d] == rb && d != b)
            .filter(|&d| neighbours(d, n).any(|e| e != a && map[e] == ra))
            .collect();
        if partners.is_empty() {
            continue;
        }
        let d = partners[rng.random_range(0..partners.len())];
        map[a] = rb;
        map[d] = ra;
        if connected(&map, n, ra) && connected(&map, n, rb) {
            done += 1;
        } else {
            map[a] = ra;
            map[d] = rb;
        }
    }
    map
}

/// The region map of the most square boxes of `n` (rows x cols with rows
/// the largest divisor up to the square root; 1 x n, the rows, for a prime).
fn boxes(n: usize) -> Vec<u8> {
    let rows = (1..=n)
        .take_while(|r| r * r <= n)
        .filter(|r| n.is_multiple_of(*r))
        .max()
        .unwrap_or(1);
    let shape = BoxShape {
        rows,
        cols: n / rows,
    };
    (0..n * n).map(|cell| shape.box_of(cell) as u8).collect()
}

/// Whether the cells of `region` form one orthogonally connected piece.
fn connected(map: &[u8], n: usize, region: u8) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&c| map[c] == region).collect();
    pieces(&cells, n).len() <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn regions_are_n_connected_pieces_of_n_cells() {
        for n in [4, 5, 6, 7, 9, 12] {
            let mut rng = Pcg64Mcg::seed_from_u64(n as u64);
            let map = random_regions(n, &mut rng);
            for region in 0..n as u8 {
                assert_eq!(map.iter().filter(|&&r| r == region).count(), n, "n={n}");
                assert!(connected(&map, n, region), "n={n} region {region}");
            }
            assert_ne!(map, boxes(n), "n={n}: the map was not shuffled");
        }
    }
}
