use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use sudokit_puzzle::{Cell, GroupKind, Puzzle};

use crate::AnalysisError;

/// A symmetry of the clue pattern: which cells must be given together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// Half-turn: r,c and n-1-r,n-1-c (the newspaper convention).
    Rot180,
    /// Quarter-turn: the four rotations of a cell.
    Rot90,
    /// Left-right mirror: r,c and r,n-1-c.
    Mirror,
    /// Reflection in the main diagonal: r,c and c,r.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of the flag's help.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// Where the symmetry sends `cell` of an `n x n` grid (applied once).
    pub fn image(self, cell: Cell, n: usize) -> Cell {
        let (r, c) = (cell / n, cell % n);
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (n - 1 - r, n - 1 - c),
            Symmetry::Rot90 => (c, n - 1 - r),
            Symmetry::Mirror => (r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
        };
        r * n + c
    }

    /// The cells that must be given together, each orbit listed once from
    /// its smallest cell, in row-major order of those.
    pub fn orbits(self, n: usize) -> Vec<Vec<Cell>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut cell = self.image(start, n);
            while cell != start {
                seen[cell] = true;
                orbit.push(cell);
                cell = self.image(cell, n);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// `Ok` when the symmetry maps the puzzle's every group (rows, columns,
    /// boxes or regions, diagonals, extra groups, cages) onto one of its
    /// groups, so that a symmetric clue pattern means the same thing
    /// wherever it is mirrored. A 2x3-box 6x6 grid has rot180 and mirror,
    /// not rot90 or diagonal (they turn its boxes into 3x2 ones).
    pub fn check_geometry(self, puzzle: &Puzzle) -> Result<(), AnalysisError> {
        let n = puzzle.size();
        let groups = puzzle.groups();
        let sets: HashSet<Vec<Cell>> = groups.iter().map(|g| sorted(&g.cells)).collect();
        let broken = groups.iter().find(|group| {
            let image: Vec<Cell> = group.cells.iter().map(|&c| self.image(c, n)).collect();
            !sets.contains(&sorted(&image))
        });
        match broken {
            None => Ok(()),
            Some(group) => Err(AnalysisError::Symmetry(format!(
                "this {n}x{n} puzzle has no {} symmetry: it does not map {} onto a group \
                 ({}); choose another --symmetry",
                self.name(),
                group.kind,
                match group.kind {
                    GroupKind::Region(_) => "jigsaw regions are rarely symmetric",
                    GroupKind::Cage(_) => "killer cages are rarely symmetric",
                    GroupKind::Box(_) => "boxes that are not square turn into other boxes",
                    _ => "its extra groups are not symmetric",
                }
            ))),
        }
    }

    /// `Ok` when the givens of `puzzle` form a symmetric pattern.
    pub fn check_givens(self, puzzle: &Puzzle) -> Result<(), AnalysisError> {
        let n = puzzle.size();
        let givens = puzzle.givens();
        match (0..n * n).find(|&c| (givens[c] == 0) != (givens[self.image(c, n)] == 0)) {
            None => Ok(()),
            Some(cell) => Err(AnalysisError::Symmetry(format!(
                "the givens are not {}-symmetric: r{}c{} is {} but its image r{}c{} is not",
                self.name(),
                cell / n + 1,
                cell % n + 1,
                if givens[cell] == 0 { "blank" } else { "given" },
                self.image(cell, n) / n + 1,
                self.image(cell, n) % n + 1,
            ))),
        }
    }
}

fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    cells
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
                format!("unknown symmetry `{s}`; valid: {}", names.join(", "))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_puzzle::Puzzle;

    #[test]
    fn orbits_have_the_sizes_of_each_symmetry() {
        let sizes = |sym: Symmetry, n| {
            let mut s: Vec<usize> = sym.orbits(n).iter().map(Vec::len).collect();
            s.sort_unstable();
            s.dedup();
            s
        };
        assert_eq!(Symmetry::None.orbits(9).len(), 81);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(sizes(Symmetry::Rot90, 9), vec![1, 4]);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21);
        assert_eq!(Symmetry::Rot90.orbits(4).len(), 4);
        assert_eq!(Symmetry::Mirror.orbits(9).len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
        // r1c2 and r2c1 go together under the diagonal.
        assert!(Symmetry::Diagonal.orbits(9).contains(&vec![1, 9]));
    }

    #[test]
    fn geometry_decides_which_symmetries_are_allowed() {
        let six = Puzzle::boxed(2, 3, vec![0; 36]).unwrap();
        let nine = Puzzle::boxed(3, 3, vec![0; 81]).unwrap();
        for sym in Symmetry::ALL {
            assert!(sym.check_geometry(&nine).is_ok(), "{sym} on 9x9");
        }
        assert!(Symmetry::Rot180.check_geometry(&six).is_ok());
        assert!(Symmetry::Mirror.check_geometry(&six).is_ok());
        let rot90 = Symmetry::Rot90
            .check_geometry(&six)
            .unwrap_err()
            .to_string();
        assert_eq!(
            rot90,
            "this 6x6 puzzle has no rot90 symmetry: it does not map box 1 onto a group \
             (boxes that are not square turn into other boxes); choose another --symmetry"
        );
        assert!(Symmetry::Diagonal.check_geometry(&six).is_err());
    }

    #[test]
    fn asymmetric_givens_are_named() {
        let mut givens = vec![0; 16];
        givens[0] = 1;
        let puzzle = Puzzle::boxed(2, 2, givens).unwrap();
        assert!(Symmetry::None.check_givens(&puzzle).is_ok());
        let e = Symmetry::Rot180
            .check_givens(&puzzle)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "the givens are not rot180-symmetric: r1c1 is given but its image r4c4 is not"
        );
    }
}
