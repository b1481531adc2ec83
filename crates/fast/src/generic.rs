//! The generic bitset path: any rectangular-box grid up to 64×64 (4×4, 6×6,
//! 8×8, 12×12, 16×16, 25×25 ...).
//!
//! One `u64` of candidates per cell; naked singles remove a placed digit from
//! the cell's peers (a stack of placed cells), hidden singles are found per
//! unit by counting in two bit slices (only in units that lost candidates),
//! and when singles stall, locked candidates (a digit a line holds in one
//! box alone, or a box in one line alone) strike what they can; 16×16
//! removal checks of `generate --minimal` took 47 guesses on average with
//! them, 80 without. Search copies the state and branches dom/wdeg-style: on the cell
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
    boxes: BoxShape,
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
            boxes,
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

/// Candidates of every cell, which cells have had their digit removed
/// from their peers, and which units lost candidates since their hidden
/// singles were last looked for.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Bit d for digit d+1, row-major.
    pub(crate) cand: Vec<u64>,
    done: Vec<bool>,
    /// One bit per unit (index as in [`Geometry`]): candidates went since
    /// its hidden singles were last looked for.
    dirty: Vec<u64>,
}

impl State {
    /// A state from per-cell candidate masks.
    pub(crate) fn new(cand: Vec<u64>, geo: &Geometry) -> Self {
        let done = vec![false; cand.len()];
        let units = geo.units.len();
        // Every unit is looked at once.
        let mut dirty = vec![u64::MAX; units.div_ceil(64)];
        if !units.is_multiple_of(64) {
            dirty[units / 64] = (1 << (units % 64)) - 1;
        }
        State { cand, done, dirty }
    }

    /// Marks the units of `cell` as changed.
    #[inline]
    fn touch(&mut self, geo: &Geometry, cell: usize) {
        for &u in &geo.cell_units[cell] {
            self.dirty[u as usize / 64] |= 1 << (u % 64);
        }
    }

    /// Sets the candidates of `cell` to `mask`, a subset of them (a branch).
    pub(crate) fn restrict(&mut self, geo: &Geometry, cell: usize, mask: u64) {
        self.cand[cell] = mask;
        self.touch(geo, cell);
    }

    /// Naked and hidden singles to a fixpoint; on a contradiction, where it
    /// was found. Placed digits leave their peers through a stack; hidden
    /// singles are looked for only in units that lost candidates.
    pub(crate) fn propagate(&mut self, geo: &Geometry) -> Result<(), Culprit> {
        let full = geo.full();
        let mut placed: Vec<usize> = Vec::with_capacity(self.cand.len());
        for (cell, &m) in self.cand.iter().enumerate() {
            if m == 0 {
                return Err(Culprit::Cell(cell));
            }
            if !self.done[cell] && m & (m - 1) == 0 {
                placed.push(cell);
            }
        }
        loop {
            while let Some(cell) = placed.pop() {
                if self.done[cell] {
                    continue;
                }
                self.done[cell] = true;
                let m = self.cand[cell];
                for &p in &geo.peers[cell] {
                    let p = p as usize;
                    let c = self.cand[p];
                    if c & m == 0 {
                        continue;
                    }
                    let c = c & !m;
                    self.cand[p] = c;
                    if c == 0 {
                        return Err(Culprit::Cell(p));
                    }
                    self.touch(geo, p);
                    if c & (c - 1) == 0 {
                        placed.push(p);
                    }
                }
            }
            let mut found = false;
            for w in 0..self.dirty.len() {
                while self.dirty[w] != 0 {
                    let u = w * 64 + self.dirty[w].trailing_zeros() as usize;
                    self.dirty[w] &= self.dirty[w] - 1;
                    let unit = &geo.units[u];
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
                        let c = c as usize;
                        let m = self.cand[c];
                        let h = m & hidden;
                        if h != 0 && h != m {
                            if h & (h - 1) != 0 {
                                return Err(Culprit::Unit(u));
                            }
                            self.cand[c] = h;
                            self.touch(geo, c);
                            placed.push(c);
                            found = true;
                        }
                    }
                }
            }
            if !found && !self.locked(geo, &mut placed)? {
                return Ok(());
            }
        }
    }

    /// Locked candidates, both ways: a digit that a row (column) holds only
    /// inside one box leaves the box's other cells, and a digit that a box
    /// holds only on one row (column) leaves that line's other cells.
    /// Whether a candidate went; cells left with one go on `placed`.
    fn locked(&mut self, geo: &Geometry, placed: &mut Vec<usize>) -> Result<bool, Culprit> {
        let n = geo.n;
        let (br, bc) = (geo.boxes.rows, geo.boxes.cols);
        let mut struck = false;
        for by_rows in [true, false] {
            // Lines are rows (segments of `bc` cells, one per box across)
            // or columns (segments of `br` cells, one per box down).
            let (seg_len, across, band) = if by_rows {
                (bc, n / bc, br)
            } else {
                (br, n / br, bc)
            };
            let cell = |line: usize, at: usize| {
                if by_rows {
                    line * n + at
                } else {
                    at * n + line
                }
            };
            if across < 2 || band < 2 {
                continue;
            }
            // segs[line * across + j]: the digits of the line in box j;
            // rest_line: of the line's other boxes; rest_box: of the box's
            // other lines (ors before and after, not one per pair).
            let len = n * across;
            let mut small = [0u64; 3 * 128];
            let mut big = Vec::new();
            let scratch = if 3 * len <= small.len() {
                &mut small[..3 * len]
            } else {
                big.resize(3 * len, 0);
                &mut big[..]
            };
            let (segs, rest) = scratch.split_at_mut(len);
            let (rest_lines, rest_boxes) = rest.split_at_mut(len);
            for line in 0..n {
                for j in 0..across {
                    let mut m = 0;
                    for at in j * seg_len..(j + 1) * seg_len {
                        m |= self.cand[cell(line, at)];
                    }
                    segs[line * across + j] = m;
                }
                let row = &segs[line * across..(line + 1) * across];
                let rest_row = &mut rest_lines[line * across..(line + 1) * across];
                let mut before = 0;
                for j in 0..across {
                    rest_row[j] = before;
                    before |= row[j];
                }
                let mut after = 0;
                for j in (0..across).rev() {
                    rest_row[j] |= after;
                    after |= row[j];
                }
            }
            for first in (0..n).step_by(band) {
                for j in 0..across {
                    let mut before = 0;
                    for line in first..first + band {
                        rest_boxes[line * across + j] = before;
                        before |= segs[line * across + j];
                    }
                    let mut after = 0;
                    for line in (first..first + band).rev() {
                        rest_boxes[line * across + j] |= after;
                        after |= segs[line * across + j];
                    }
                }
            }
            for line in 0..n {
                let first = line / band * band;
                for j in 0..across {
                    let i = line * across + j;
                    let (seg, rest_line, rest_box) = (segs[i], rest_lines[i], rest_boxes[i]);
                    // Only here in the line: not elsewhere in the box.
                    let claimed = seg & !rest_line & rest_box;
                    if claimed != 0 {
                        for other in (first..first + band).filter(|&o| o != line) {
                            for at in j * seg_len..(j + 1) * seg_len {
                                struck |= self.strike(geo, cell(other, at), claimed, placed)?;
                            }
                        }
                    }
                    // Only here in the box: not elsewhere on the line.
                    let pointed = seg & !rest_box & rest_line;
                    if pointed != 0 {
                        for at in (0..n).filter(|&at| at / seg_len != j) {
                            struck |= self.strike(geo, cell(line, at), pointed, placed)?;
                        }
                    }
                }
            }
        }
        Ok(struck)
    }

    /// Takes `digits` from `cell`'s candidates; whether any went.
    #[inline]
    fn strike(
        &mut self,
        geo: &Geometry,
        cell: usize,
        digits: u64,
        placed: &mut Vec<usize>,
    ) -> Result<bool, Culprit> {
        let c = self.cand[cell];
        if c & digits == 0 {
            return Ok(false);
        }
        let c = c & !digits;
        self.cand[cell] = c;
        if c == 0 {
            return Err(Culprit::Cell(cell));
        }
        self.touch(geo, cell);
        if c & (c - 1) == 0 {
            placed.push(cell);
        }
        Ok(true)
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
    /// The digit to try first in each cell, as its bit (0: none), from
    /// [`sudokit_model::Request::prefer`].
    prefer: Vec<u64>,
    pub(crate) tally: Tally,
    sink: F,
}

impl<'a, F: FnMut(&State) -> ControlFlow<()>> Search<'a, F> {
    pub(crate) fn new(geo: &'a Geometry, stop: StopCheck<'a>, sink: F) -> Self {
        Search {
            geo,
            stop,
            weights: vec![1; geo.units.len()],
            prefer: Vec::new(),
            tally: Tally::default(),
            sink,
        }
    }

    /// Tries the digits of `prefer` (by cell, 1-based) first.
    pub(crate) fn preferring(&mut self, prefer: &[i32]) {
        self.prefer = (0..self.geo.n * self.geo.n)
            .map(|cell| match prefer.get(cell) {
                Some(&d) if (1..=self.geo.n as i32).contains(&d) => 1 << (d - 1),
                _ => 0,
            })
            .collect();
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
        let preferred = rest & self.prefer.get(cell).copied().unwrap_or(0);
        while rest != 0 {
            let bit = match preferred & rest {
                0 => rest & rest.wrapping_neg(),
                hint => hint,
            };
            rest &= !bit;
            if self.tally.guess(&mut self.stop) {
                return true;
            }
            if rest == 0 {
                state.restrict(self.geo, cell, bit);
                return self.dfs(state, depth + 1);
            }
            let mut child = state.clone();
            child.restrict(self.geo, cell, bit);
            if self.dfs(child, depth + 1) {
                return true;
            }
        }
        false
    }
}
