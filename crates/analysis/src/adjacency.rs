//! Orthogonal adjacency of cells, for the shapes the generator cuts
//! (jigsaw regions, killer cages), which must be connected.

use sudokit_puzzle::Cell;

/// The orthogonal neighbours of `cell` in an `n x n` grid.
pub(crate) fn neighbours(cell: Cell, n: usize) -> impl Iterator<Item = Cell> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// The orthogonally connected pieces of a set of cells.
pub(crate) fn pieces(cells: &[Cell], n: usize) -> Vec<Vec<Cell>> {
    let mut left: Vec<Cell> = cells.to_vec();
    let mut out = Vec::new();
    while let Some(start) = left.pop() {
        let mut piece = vec![start];
        let mut i = 0;
        while i < piece.len() {
            for next in neighbours(piece[i], n) {
                if let Some(k) = left.iter().position(|&c| c == next) {
                    piece.push(left.swap_remove(k));
                }
            }
            i += 1;
        }
        out.push(piece);
    }
    out
}
