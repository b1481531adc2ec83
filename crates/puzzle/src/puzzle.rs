use sudokit_model::BoxShape;

use crate::{Cell, Group, GroupKind, PuzzleError};

/// The largest grid side sudokit handles: 100x100 (10x10 boxes), the
/// biggest Sudoku of puzzle books and of the SAT literature's scaling
/// tables. Digits past 35 have no character (`1`-`9` then `A`-`Z`), so
/// such grids are written as numbers.
pub const MAX_SIZE: usize = 100;

/// The largest grid side whose digit sets fit one bit a digit in a `u64`:
/// pencil marks, the cell candidates handed to a prepared engine
/// ([`Puzzle::cell_candidates`]), and the engines and techniques that keep
/// such sets. Past it a grid has no pencil marks, and engines take it
/// whole from its model.
pub const WORD_MAX_SIZE: usize = 64;

/// How the grid is cut into its third family of units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Rectangular boxes (`3x3` in a classic Sudoku, `2x3` in a 6x6 ...).
    Boxes(BoxShape),
    /// Irregular regions (jigsaw): the region number of each cell, row-major.
    /// [`Puzzle::new`] renumbers them 0.. in order of first appearance.
    Regions(Vec<u8>),
    /// No third unit: a latin square (rows and columns only).
    Latin,
}

/// A killer cage: its digits differ and add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The cells, row-major indices.
    pub cells: Vec<Cell>,
    /// The required total.
    pub sum: u32,
}

/// Everything that makes up a puzzle, unchecked; [`Puzzle::new`] validates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSpec {
    /// n: the grid is `n x n`, digits `1..=n`.
    pub size: usize,
    /// Boxes, regions or neither.
    pub layout: Layout,
    /// Both main diagonals all-different (Sudoku X).
    pub diagonals: bool,
    /// Further all-different groups (windoku windows, zones, custom).
    pub extra_groups: Vec<Vec<Cell>>,
    /// Killer cages.
    pub cages: Vec<Cage>,
    /// Given digits, row-major, 0 for blank.
    pub givens: Vec<u8>,
    /// Pencil marks: allowed digits per cell (bit `d - 1`), if restricted;
    /// grids up to [`WORD_MAX_SIZE`] only.
    pub candidates: Option<Vec<u64>>,
}

impl PuzzleSpec {
    /// A blank `n x n` grid with the given layout and no variant constraint.
    /// Its cells are made only for a supported size, so that an absurd
    /// one (`generate --size 100000`) meets [`Puzzle::new`]'s refusal
    /// rather than exhausting memory first.
    pub fn blank(size: usize, layout: Layout) -> Self {
        let cells = match size {
            1..=MAX_SIZE => size * size,
            _ => 0,
        };
        PuzzleSpec {
            size,
            layout,
            diagonals: false,
            extra_groups: Vec::new(),
            cages: Vec::new(),
            givens: vec![0; cells],
            candidates: None,
        }
    }
}

/// A well-formed Sudoku-family puzzle. See the crate docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    spec: PuzzleSpec,
}

impl Puzzle {
    /// Validates `spec`: size, box shape or region partition, digit ranges,
    /// groups and cages inside the grid, cages whose sum is reachable.
    pub fn new(mut spec: PuzzleSpec) -> Result<Puzzle, PuzzleError> {
        let n = spec.size;
        if n == 0 || n > MAX_SIZE {
            return Err(PuzzleError::UnsupportedSize(n));
        }
        let cells = n * n;
        match &mut spec.layout {
            Layout::Boxes(shape) => {
                if shape.rows * shape.cols != n {
                    return Err(PuzzleError::BadBoxShape {
                        rows: shape.rows,
                        cols: shape.cols,
                        size: n,
                    });
                }
            }
            Layout::Regions(map) => *map = canonical_regions(map, n)?,
            Layout::Latin => {}
        }
        if spec.givens.len() != cells {
            return Err(PuzzleError::WrongLength {
                size: n,
                expected: cells,
                found: spec.givens.len(),
            });
        }
        if let Some((cell, &digit)) = spec
            .givens
            .iter()
            .enumerate()
            .find(|(_, &d)| usize::from(d) > n)
        {
            return Err(PuzzleError::DigitOutOfRange {
                cell,
                digit: u32::from(digit),
                size: n,
            });
        }
        if let Some(candidates) = &spec.candidates {
            if n > WORD_MAX_SIZE {
                return Err(PuzzleError::MarksPastWord(n));
            }
            if candidates.len() != cells {
                return Err(PuzzleError::CandidatesLength {
                    expected: cells,
                    found: candidates.len(),
                });
            }
        }
        for (i, group) in spec.extra_groups.iter().enumerate() {
            check_group(&format!("extra group {}", i + 1), group, n)?;
        }
        let mut caged = vec![false; cells];
        for (i, cage) in spec.cages.iter().enumerate() {
            if cage.cells.is_empty() {
                return Err(PuzzleError::EmptyCage { index: i });
            }
            check_group(&format!("cage {}", i + 1), &cage.cells, n)?;
            for &cell in &cage.cells {
                if std::mem::replace(&mut caged[cell], true) {
                    return Err(PuzzleError::RepeatedCell {
                        what: format!("cage {} overlaps an earlier cage", i + 1),
                        cell,
                        size: n,
                    });
                }
            }
            let k = cage.cells.len() as u32;
            let top = n as u32;
            let (min, max) = (k * (k + 1) / 2, k * (2 * top - k + 1) / 2);
            if cage.sum < min || cage.sum > max {
                return Err(PuzzleError::ImpossibleCageSum {
                    index: i,
                    cells: cage.cells.len(),
                    sum: cage.sum,
                    min,
                    max,
                    size: n,
                });
            }
        }
        Ok(Puzzle { spec })
    }

    /// A classic `n x n` Sudoku with `rows x cols` boxes and these givens.
    pub fn boxed(rows: usize, cols: usize, givens: Vec<u8>) -> Result<Puzzle, PuzzleError> {
        let mut spec = PuzzleSpec::blank(rows * cols, Layout::Boxes(BoxShape { rows, cols }));
        spec.givens = givens;
        Puzzle::new(spec)
    }

    /// n.
    pub fn size(&self) -> usize {
        self.spec.size
    }

    /// The layout (boxes, regions or latin).
    pub fn layout(&self) -> &Layout {
        &self.spec.layout
    }

    /// The box shape, for boxed grids.
    pub fn box_shape(&self) -> Option<BoxShape> {
        match self.spec.layout {
            Layout::Boxes(shape) => Some(shape),
            _ => None,
        }
    }

    /// Whether the two diagonals are all-different.
    pub fn diagonals(&self) -> bool {
        self.spec.diagonals
    }

    /// The extra groups, as given.
    pub fn extra_groups(&self) -> &[Vec<Cell>] {
        &self.spec.extra_groups
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.spec.cages
    }

    /// The givens, row-major, 0 for blank.
    pub fn givens(&self) -> &[u8] {
        &self.spec.givens
    }

    /// The pencil marks, if any were given.
    pub fn candidates(&self) -> Option<&[u64]> {
        self.spec.candidates.as_deref()
    }

    /// The parts of the puzzle beyond its rows, columns and boxes, by
    /// name: "jigsaw regions", "diagonals", "extra groups", "killer cages".
    /// Empty for a plain grid (boxed or latin), the only kind a line of
    /// digits or a block grid can hold whole.
    pub fn variant_parts(&self) -> Vec<&'static str> {
        let spec = &self.spec;
        [
            (matches!(spec.layout, Layout::Regions(_)), "jigsaw regions"),
            (spec.diagonals, "diagonals"),
            (!spec.extra_groups.is_empty(), "extra groups"),
            (!spec.cages.is_empty(), "killer cages"),
        ]
        .into_iter()
        .filter_map(|(present, name)| present.then_some(name))
        .collect()
    }

    /// Whether `other` differs from this puzzle at most in its givens and
    /// pencil marks: the same grid, variants and cages, so that one
    /// prepared model ([`sudokit_model::Prepared`]) serves both.
    pub fn same_shape(&self, other: &Puzzle) -> bool {
        let PuzzleSpec {
            size,
            layout,
            diagonals,
            extra_groups,
            cages,
            givens: _,
            candidates: _,
        } = &self.spec;
        let b = &other.spec;
        *size == b.size
            && *layout == b.layout
            && *diagonals == b.diagonals
            && *extra_groups == b.extra_groups
            && *cages == b.cages
    }

    /// The validated spec (e.g. to change the givens and build a new puzzle).
    pub fn spec(&self) -> &PuzzleSpec {
        &self.spec
    }

    /// Every all-different group: rows, columns, boxes or regions, diagonals,
    /// extra groups and cages, in that order.
    pub fn groups(&self) -> Vec<Group> {
        let n = self.size();
        let mut groups = Vec::with_capacity(3 * n + 2);
        for r in 0..n {
            groups.push(Group {
                kind: GroupKind::Row(r),
                cells: (0..n).map(|c| r * n + c).collect(),
            });
        }
        for c in 0..n {
            groups.push(Group {
                kind: GroupKind::Column(c),
                cells: (0..n).map(|r| r * n + c).collect(),
            });
        }
        match &self.spec.layout {
            Layout::Boxes(shape) => {
                for b in 0..n {
                    groups.push(Group {
                        kind: GroupKind::Box(b),
                        cells: shape.cells(b).collect(),
                    });
                }
            }
            Layout::Regions(map) => {
                for region in 0..n {
                    let cells = (0..n * n)
                        .filter(|&c| usize::from(map[c]) == region)
                        .collect();
                    groups.push(Group {
                        kind: GroupKind::Region(region),
                        cells,
                    });
                }
            }
            Layout::Latin => {}
        }
        if self.spec.diagonals {
            groups.push(Group {
                kind: GroupKind::Diagonal,
                cells: (0..n).map(|i| i * n + i).collect(),
            });
            groups.push(Group {
                kind: GroupKind::AntiDiagonal,
                cells: (0..n).map(|i| i * n + (n - 1 - i)).collect(),
            });
        }
        for (i, cells) in self.spec.extra_groups.iter().enumerate() {
            groups.push(Group {
                kind: GroupKind::Extra(i),
                cells: cells.clone(),
            });
        }
        for (i, cage) in self.spec.cages.iter().enumerate() {
            groups.push(Group {
                kind: GroupKind::Cage(i),
                cells: cage.cells.clone(),
            });
        }
        groups
    }
}

/// Checks that a group's cells are inside the grid, distinct, and at most n.
fn check_group(what: &str, cells: &[Cell], n: usize) -> Result<(), PuzzleError> {
    let mut seen = vec![false; n * n];
    for &cell in cells {
        if cell >= n * n {
            return Err(PuzzleError::CellOutsideGrid {
                what: what.to_string(),
                row: (cell / n + 1) as i64,
                col: (cell % n + 1) as i64,
                size: n,
            });
        }
        if std::mem::replace(&mut seen[cell], true) {
            return Err(PuzzleError::RepeatedCell {
                what: what.to_string(),
                cell,
                size: n,
            });
        }
    }
    if cells.len() > n {
        return Err(PuzzleError::GroupTooLarge {
            what: what.to_string(),
            cells: cells.len(),
            size: n,
        });
    }
    Ok(())
}

/// Renumbers regions 0.. by first appearance and checks that there are
/// exactly n of them with n cells each.
fn canonical_regions(map: &[u8], n: usize) -> Result<Vec<u8>, PuzzleError> {
    if map.len() != n * n {
        return Err(PuzzleError::RegionMapLength {
            size: n,
            expected: n * n,
            found: map.len(),
        });
    }
    let mut label_of = [u8::MAX; 256];
    let mut sizes: Vec<usize> = Vec::new();
    let mut out = Vec::with_capacity(map.len());
    for &raw in map {
        let slot = &mut label_of[usize::from(raw)];
        if *slot == u8::MAX {
            if sizes.len() == n {
                return Err(PuzzleError::BadRegions {
                    size: n,
                    detail: format!("more than {n} regions"),
                });
            }
            *slot = sizes.len() as u8;
            sizes.push(0);
        }
        sizes[usize::from(*slot)] += 1;
        out.push(*slot);
    }
    if sizes.len() < n {
        return Err(PuzzleError::BadRegions {
            size: n,
            detail: format!("only {} regions", sizes.len()),
        });
    }
    if let Some((region, &count)) = sizes.iter().enumerate().find(|(_, &s)| s != n) {
        return Err(PuzzleError::BadRegions {
            size: n,
            detail: format!("region {} has {count} cells", region + 1),
        });
    }
    Ok(out)
}
