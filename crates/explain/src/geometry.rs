use sudokit_puzzle::{Cage, Cell, Group, GroupKind, Puzzle};

/// What the techniques read of a puzzle, computed once: its groups, which
/// of them are houses, the groups and peers of every cell.
///
/// A *house* is a group of exactly n cells, so every digit appears in it
/// once: rows, columns, boxes or regions, diagonals, full extra groups.
/// Smaller groups (most cages, windows of other sizes) only forbid repeats.
/// Techniques that rely on "the digit must go somewhere here" (hidden
/// singles and subsets, fish bases, conjugate pairs) use houses; the ones
/// that rely on "no repeats" (naked sets, what a cell sees) use every group.
#[derive(Clone, Debug)]
pub struct Geometry {
    size: usize,
    groups: Vec<Group>,
    houses: Vec<usize>,
    groups_of: Vec<Vec<usize>>,
    peers: Vec<Vec<Cell>>,
    sees: Vec<Vec<u64>>,
    cages: Vec<Cage>,
    plain: bool,
}

impl Geometry {
    /// The geometry of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Geometry {
        let n = puzzle.size();
        let cells = n * n;
        let groups = puzzle.groups();
        let words = cells.div_ceil(64);
        let mut groups_of = vec![Vec::new(); cells];
        let mut sees = vec![vec![0u64; words]; cells];
        for (g, group) in groups.iter().enumerate() {
            for &a in &group.cells {
                groups_of[a].push(g);
                for &b in &group.cells {
                    if a != b {
                        sees[a][b / 64] |= 1 << (b % 64);
                    }
                }
            }
        }
        let peers = sees
            .iter()
            .map(|bits| {
                (0..cells)
                    .filter(|&b| bits[b / 64] >> (b % 64) & 1 == 1)
                    .collect()
            })
            .collect();
        let houses = (0..groups.len())
            .filter(|&g| groups[g].cells.len() == n)
            .collect();
        let plain =
            puzzle.variant_parts().is_empty() || puzzle.variant_parts() == ["jigsaw regions"];
        Geometry {
            size: n,
            groups,
            houses,
            groups_of,
            peers,
            sees,
            cages: puzzle.cages().to_vec(),
            plain,
        }
    }

    /// n: the grid is n x n, digits 1..=n.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Every all-different group, in [`Puzzle::groups`] order.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// Group `g`'s cells.
    pub fn cells_of(&self, g: usize) -> &[Cell] {
        &self.groups[g].cells
    }

    /// Group `g`'s name.
    pub fn kind(&self, g: usize) -> GroupKind {
        self.groups[g].kind
    }

    /// The indices of the houses: the groups with n cells.
    pub fn houses(&self) -> &[usize] {
        &self.houses
    }

    /// The indices of the groups that hold `cell`.
    pub fn groups_of(&self, cell: Cell) -> &[usize] {
        &self.groups_of[cell]
    }

    /// The cells that share a group with `cell`, ascending, without itself.
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        &self.peers[cell]
    }

    /// Whether `a` and `b` are different cells in one group.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.sees[a][b / 64] >> (b % 64) & 1 == 1
    }

    /// The cells `cell` sees, as bits (`b` is bit `b % 64` of word `b / 64`).
    pub fn sees_bits(&self, cell: Cell) -> &[u64] {
        &self.sees[cell]
    }

    /// The killer cages (also among the groups, as `GroupKind::Cage`).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Only rows, columns and boxes or regions: no diagonal, extra group
    /// or cage that could tell apart two solutions differing by a swap.
    pub fn is_plain(&self) -> bool {
        self.plain
    }

    /// The indices of the rows (then the columns) in the group list.
    pub fn lines(&self) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        (0..self.size, self.size..2 * self.size)
    }
}
