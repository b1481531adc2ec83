//! The generic bitset path: any rectangular-box grid up to 64×64 (4×4, 6×6,
//! 8×8, 12×12, 16×16, 25×25 ...).
//!
//! One `u64` of candidates per cell; naked singles remove a placed digit from
//! the cell's peers, hidden singles are found per unit by counting in two bit
//! slices; search copies the state and branches dom/wdeg-style: on the cell
//! with the fewest candidates per unit weight, a unit's weight growing with
//! every contradiction found in it. (Plain fewest-candidates branching met
//! heavy tails on 16×16 and 25×25: no solution within 5 s on 4 of 5 random
//! 25×25 puzzles with 55% blanks. The weights leave fewer such stalls, not
//! none: BENCHMARKS.md, "Big grids: fast's generic path against cp".) Simple
//! rather than tuned: the classic 9×9 path (`classic.rs`) is where the speed
//! work went.

use std::ops::ControlFlow;

use sudokit_model::{BoxShape, StopCheck};

use crate::tally::Tally;

/// Units and peers of one grid shape.
pub(crate) struct Geometry {
    n: usize,
    units: Vec<Vec<u32>>,
    peers: Vec<Vec<u32>>,
    /// The row, column and box (unit indices) of each cell.
    cell_units: Vec<[u32; 3]>,
}

impl Geometry {
    /// The geometry of an `n × n` grid with `boxes` boxes (`n ≤ 64`).
    pub(crate) fn new(n: usize, boxes: BoxShape) -> Self {
        let mut units: Vec<Vec<u32>> = Vec::with_capacity(3 * n);
        for r in 0..n {
            units.push((0..n).map(|c| (r * n + c) as u32).collect());
        }
        for c in 0..n {
            units.push((0..n).map(|r| (r * n + c) as u32).collect());
        }
        for br in 0..n / boxes.rows {
            for bc in 0..n / boxes.cols {
                units.push(
                    (0..n)
                        .map(|k| {
                            let r = br * boxes.rows + k / boxes.cols;
                            let c = bc * boxes.cols + k % boxes.cols;
                            (r * n + c) as u32
                        })
                        .collect(),
                );
            }
        }
        let mut cell_units = vec![[0u32; 3]; n * n];
        for (u, unit) in units.iter().enumerate() {
            for &cell in unit {
                cell_units[cell as usize][u / n] = u as u32;
            }
        }
        let mut peers = vec![Vec::new(); n * n];
        for unit in &units {
            for &a in unit {
                for &b in unit {
                    if a != b {
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        Geometry {
            n,
            units,
            peers,
            cell_units,
        }
    }

    fn full(&self) -> u64 {
        if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        }
    }
}

/// Candidates of every cell, and which cells have had their digit removed
/// from their peers.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Bit d for digit d+1, row-major.
    pub(crate) cand: Vec<u64>,
    done: Vec<bool>,
}

impl State {
    /// A state from per-cell candidate masks.
    pub(crate) fn new(cand: Vec<u64>) -> Self {
        let done = vec![false; cand.len()];
        State { cand, done }
    }

    /// Naked and hidden singles to a fixpoint; on a contradiction, where it
    /// was found.
    pub(crate) fn propagate(&mut self, geo: &Geometry) -> Result<(), Culprit> {
        let full = geo.full();
        loop {
            let mut changed = false;
            for cell in 0..self.cand.len() {
                let m = self.cand[cell];
                if m == 0 {
                    return Err(Culprit::Cell(cell));
                }
                if !self.done[cell] && m & (m - 1) == 0 {
                    self.done[cell] = true;
                    changed = true;
                    for &p in &geo.peers[cell] {
                        let p = p as usize;
                        self.cand[p] &= !m;
                        if self.cand[p] == 0 {
                            return Err(Culprit::Cell(p));
                        }
                    }
                }
            }
            for (u, unit) in geo.units.iter().enumerate() {
                let (mut once, mut twice) = (0u64, 0u64);
                for &c in unit {
                    let m = self.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                }
                if once != full {
                    return Err(Culprit::Unit(u));
                }
                let hidden = once & !twice;
                if hidden == 0 {
                    continue;
                }
                for &c in unit {
                    let m = self.cand[c as usize];
                    let h = m & hidden;
                    if h != 0 && h != m {
                        if h & (h - 1) != 0 {
                            return Err(Culprit::Unit(u));
                        }
                        self.cand[c as usize] = h;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// The open cell with the fewest candidates for the weight of its three
    /// units (the first of equals), or `None` when solved.
    fn choose(&self, geo: &Geometry, weights: &[u32]) -> Option<usize> {
        // (candidates, weight, cell); a/b < c/d as a*d < c*b.
        let mut best: Option<(u64, u64, usize)> = None;
        for (cell, &m) in self.cand.iter().enumerate() {
            let k = u64::from(m.count_ones());
            if k < 2 {
                continue;
            }
            let w: u64 = geo.cell_units[cell]
                .iter()
                .map(|&u| u64::from(weights[u as usize]))
                .sum();
            if !matches!(best, Some((bk, bw, _)) if bk * w <= k * bw) {
                best = Some((k, w, cell));
            }
        }
        best.map(|(_, _, cell)| cell)
    }

    /// The digits of a solved state, row-major.
    pub(crate) fn values(&self) -> impl Iterator<Item = i32> + '_ {
        self.cand.iter().map(|&m| m.trailing_zeros() as i32 + 1)
    }
}

/// Where propagation found a contradiction.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Culprit {
    /// A cell lost its last candidate.
    Cell(usize),
    /// A unit lost a digit, or needs two in one cell.
    Unit(usize),
}

/// A depth-first search over [`State`]s, like `classic::Search`.
pub(crate) struct Search<'a, F: FnMut(&State) -> ControlFlow<()>> {
    geo: &'a Geometry,
    stop: StopCheck<'a>,
    /// Contradictions found in each unit, plus one.
    weights: Vec<u32>,
    pub(crate) tally: Tally,
    sink: F,
}

impl<'a, F: FnMut(&State) -> ControlFlow<()>> Search<'a, F> {
    pub(crate) fn new(geo: &'a Geometry, stop: StopCheck<'a>, sink: F) -> Self {
        Search {
            geo,
            stop,
            weights: vec![1; geo.units.len()],
            tally: Tally::default(),
            sink,
        }
    }

    /// Runs the search until the sink says stop, a limit is reached or
    /// the space is exhausted.
    pub(crate) fn run(&mut self, state: State) {
        self.dfs(state, 0);
    }

    fn dfs(&mut self, mut state: State, depth: u64) -> bool {
        if let Err(culprit) = state.propagate(self.geo) {
            self.tally.fails += 1;
            match culprit {
                Culprit::Unit(u) => self.weights[u] += 1,
                Culprit::Cell(cell) => {
                    for &u in &self.geo.cell_units[cell] {
                        self.weights[u as usize] += 1;
                    }
                }
            }
            return false;
        }
        let Some(cell) = state.choose(self.geo, &self.weights) else {
            return (self.sink)(&state).is_break();
        };
        self.tally.branches += 1;
        self.tally.max_depth = self.tally.max_depth.max(depth + 1);
        let mut rest = state.cand[cell];
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if self.tally.guess(&mut self.stop) {
                return true;
            }
            if rest == 0 {
                state.cand[cell] = bit;
                return self.dfs(state, depth + 1);
            }
            let mut child = state.clone();
            child.cand[cell] = bit;
            if self.dfs(child, depth + 1) {
                return true;
            }
        }
        false
    }
}
