use std::sync::{Arc, OnceLock};

use sudokit_model::{LimitKind, Limits};
use sudokit_puzzle::{cell_name, Cell, Puzzle};

use crate::Geometry;

/// A grid with pencil marks: the digit of each solved cell and the
/// candidates of every cell (bit `d - 1` for digit `d`), as a person keeps
/// them while solving. Placing a digit removes it from the cell's peers, so
/// the marks always respect what is placed.
#[derive(Clone, Debug)]
pub struct Board {
    geometry: Arc<Geometry>,
    values: Vec<u8>,
    candidates: Vec<u64>,
    unique: bool,
    limits: Limits,
    /// A limit a technique found spent inside its search (the nodes).
    spent: OnceLock<LimitKind>,
}

impl Board {
    /// The puzzle's starting position: givens placed, every other cell with
    /// its pencil marks (or every digit) less what its peers' givens rule out.
    pub fn new(puzzle: &Puzzle) -> Board {
        let geometry = Arc::new(Geometry::new(puzzle));
        let mut candidates = Vec::new();
        puzzle.cell_candidates(&mut candidates);
        let mut board = Board {
            geometry,
            values: vec![0; candidates.len()],
            candidates,
            unique: false,
            limits: Limits::none(),
            spent: OnceLock::new(),
        };
        for (cell, &digit) in puzzle.givens().iter().enumerate() {
            if digit != 0 {
                board.place(cell, digit);
            }
        }
        board
    }

    /// Lets techniques that assume a unique solution (unique rectangles)
    /// run: only call it when the puzzle is known to have one.
    pub fn assume_unique(&mut self, unique: bool) {
        self.unique = unique;
    }

    /// Whether the solution is known to be unique.
    pub fn is_unique(&self) -> bool {
        self.unique
    }

    /// The limits (a deadline, a cancel token) that stop the techniques
    /// looking at this board: one step on a big empty grid can take a
    /// tenth of a second, so they are read inside the slow searches too.
    pub fn stop_at(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limit that has stopped the work on this board, if one has:
    /// the clock and the cancel flag, read now, or the nodes a search
    /// spent (see [`Board::node_limit`]).
    pub fn stopped(&self) -> Option<LimitKind> {
        self.spent
            .get()
            .copied()
            .or_else(|| self.limits.checker().check_now())
    }

    /// The most nodes one search of a technique may take, if limited: the
    /// nested forcing chains count the nodes of their inner searches
    /// against it, and past it stop the work ([`LimitKind::Nodes`]).
    pub fn node_limit(&self) -> Option<u64> {
        self.limits.nodes
    }

    /// Records that a search has spent the node limit: the work on this
    /// board stops.
    pub(crate) fn spend_nodes(&self) {
        let _ = self.spent.set(LimitKind::Nodes);
    }

    /// The puzzle's groups and houses.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// n.
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// The placed digits, row-major, 0 for open cells.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The digit placed in `cell`, 0 if open.
    pub fn value(&self, cell: Cell) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (bit `d - 1`); for a solved cell, its digit.
    pub fn candidates(&self, cell: Cell) -> u64 {
        self.candidates[cell]
    }

    /// Every cell's candidates, row-major, with none for a placed cell.
    pub fn open_marks(&self) -> Vec<u64> {
        (0..self.values().len())
            .map(|c| {
                if self.value(c) == 0 {
                    self.candidates(c)
                } else {
                    0
                }
            })
            .collect()
    }

    /// Whether `digit` is still a candidate of the open cell `cell`.
    pub fn has(&self, cell: Cell, digit: u8) -> bool {
        self.values[cell] == 0 && self.candidates[cell] >> (digit - 1) & 1 == 1
    }

    /// The open cells of `cells` where `digit` is a candidate.
    pub fn places(&self, cells: &[Cell], digit: u8) -> Vec<Cell> {
        self.places_iter(cells, digit).collect()
    }

    /// [`Board::places`] one by one, for the searches that stop early
    /// and need no list.
    pub fn places_iter<'a>(
        &'a self,
        cells: &'a [Cell],
        digit: u8,
    ) -> impl Iterator<Item = Cell> + 'a {
        cells.iter().copied().filter(move |&c| self.has(c, digit))
    }

    /// Whether `digit` is placed in one of `cells`.
    pub fn placed_in(&self, cells: &[Cell], digit: u8) -> bool {
        cells.iter().any(|&c| self.values[c] == digit)
    }

    /// The open cells, row-major.
    pub fn open_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.values.len()).filter(|&c| self.values[c] == 0)
    }

    /// `digit` ruled out of every open cell, outside `cells`, that sees all
    /// of `cells`: what a pattern that puts `digit` in one of them removes.
    /// Ascending by cell.
    pub fn seen_by_all(&self, cells: &[Cell], digit: u8) -> Vec<(Cell, u8)> {
        let geometry = self.geometry();
        let Some(&first) = cells.first() else {
            return Vec::new();
        };
        geometry
            .peers(first)
            .iter()
            .copied()
            .filter(|&c| {
                self.has(c, digit)
                    && !cells.contains(&c)
                    && cells.iter().all(|&other| geometry.sees(c, other))
            })
            .map(|c| (c, digit))
            .collect()
    }

    /// Every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        !self.values.contains(&0)
    }

    /// Puts `digit` in `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: Cell, digit: u8) {
        let bit = 1u64 << (digit - 1);
        self.values[cell] = digit;
        self.candidates[cell] = bit;
        for &peer in self.geometry.peers(cell) {
            if self.values[peer] == 0 {
                self.candidates[peer] &= !bit;
            }
        }
    }

    /// Removes `digit` from the candidates of the open cell `cell`.
    pub fn eliminate(&mut self, cell: Cell, digit: u8) {
        if self.values[cell] == 0 {
            self.candidates[cell] &= !(1u64 << (digit - 1));
        }
    }

    /// Why this position has no solution, if that shows at a glance: an
    /// open cell without candidates, a digit with no place in a house, or
    /// a digit twice in a group.
    pub fn contradiction(&self) -> Option<String> {
        let n = self.size();
        if let Some(cell) = self.open_cells().find(|&c| self.candidates[c] == 0) {
            return Some(format!("{} has no candidate left", cell_name(cell, n)));
        }
        let geometry = &self.geometry;
        for g in 0..geometry.groups().len() {
            let cells = geometry.cells_of(g);
            let mut seen = 0u64;
            for &c in cells {
                let digit = self.values[c];
                if digit != 0 {
                    let bit = 1u64 << (digit - 1);
                    if seen & bit != 0 {
                        return Some(format!("{digit} appears twice in {}", geometry.kind(g)));
                    }
                    seen |= bit;
                }
            }
        }
        // A solved cell's marks are its digit, so the marks of a house's
        // cells together are the digits placed in it or with a place left.
        let all = u64::MAX >> (64 - n);
        for &h in geometry.houses() {
            let held = geometry
                .cells_of(h)
                .iter()
                .fold(0, |held, &c| held | self.candidates[c]);
            let missing = all & !held;
            if missing != 0 {
                let digit = missing.trailing_zeros() + 1;
                return Some(format!("{digit} has no place left in {}", geometry.kind(h)));
            }
        }
        None
    }
}

/// The digits of a candidate mask, ascending.
pub fn digits(mask: u64) -> impl Iterator<Item = u8> {
    (0..64u8).filter(move |d| mask >> d & 1 == 1).map(|d| d + 1)
}
