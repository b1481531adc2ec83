//! The 16×16 path (4×4 boxes): one 256-bit board per digit, four `u64`
//! words, word `w` the band of rows `4w..4w+4` and a row one 16-bit lane
//! of it, so a cell's word and bit are its index's top and low six bits.
//! A row is a lane, a box four nibbles of one word and a column one bit of
//! every lane: naked singles are a bit-sliced count over the sixteen
//! boards, hidden singles and locked candidates a few masks a digit, where
//! the generic path (`generic.rs`) walks unit lists cell by cell. Same
//! inference (naked and hidden singles, then pointing and claiming when
//! they stall, each looked for only in digits whose places changed), same
//! dom/wdeg branching and preferred values, so the same fixpoints; a
//! contradiction may weigh other units, so the trees can differ. About
//! half the instructions a node of the generic path's on the removal
//! checks of `generate --size 16 --minimal`.

use std::ops::ControlFlow;
use std::sync::Arc;

use sudokit_model::StopCheck;

use crate::generic::Culprit;
use crate::tally::Tally;

/// Lane 0: row 0 of a band.
const ROW: u64 = 0xFFFF;
/// Column 0 in each of a band's four rows.
const COL: u64 = 0x0001_0001_0001_0001;
/// The first box of a band.
const BOX: u64 = 0x000F_000F_000F_000F;
/// The first bit of each nibble.
const NIBBLES: u64 = 0x1111_1111_1111_1111;
/// The units as the generic path numbers them: rows, columns, boxes.
const UNITS: usize = 48;

/// Candidates by digit, the cells already placed (their digit struck
/// from their peers), and the digits whose places changed since their
/// hidden singles, and their locked candidates, were last looked for.
#[derive(Clone, Debug)]
pub(crate) struct State {
    digits: [[u64; 4]; 16],
    placed: [u64; 4],
    stale_hidden: u16,
    stale_locked: u16,
}

/// The row, column and box of `cell`.
fn units_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 16, cell % 16);
    [r, 16 + c, 32 + r / 4 * 4 + c / 4]
}

/// The top bit of each 16-bit lane.
const LANE_HIGH: u64 = 0x8000_8000_8000_8000;
/// The other bits of each lane.
const LANE_LOW: u64 = !LANE_HIGH;
/// The top bit of each nibble of a lane.
const NIBBLE_HIGH: u64 = 0x8888;
/// The other bits of each nibble of a lane.
const NIBBLE_LOW: u64 = 0x7777;

/// The top bit of each field of `x` (fields whose top bit is in `low`'s
/// complement) set where the field is not zero: adding `low` carries into
/// the top bit exactly when the low bits are not all clear.
#[inline]
fn nonzero(x: u64, low: u64) -> u64 {
    (((x & low) + low) | x) & !low
}

/// The lanes of `v` or-ed into one.
#[inline]
fn fold(v: u64) -> u64 {
    (v | v >> 16 | v >> 32 | v >> 48) & ROW
}

#[inline]
fn single(x: u64) -> bool {
    x != 0 && x & (x - 1) == 0
}

impl State {
    /// A state from per-cell candidate masks (256 of them, bit d for
    /// digit d+1; digits past 16 are not candidates here).
    pub(crate) fn new(cells: &[u64]) -> Self {
        let mut digits = [[0u64; 4]; 16];
        for (cell, &m) in cells.iter().enumerate().take(256) {
            let mut m = m & ROW;
            while m != 0 {
                digits[m.trailing_zeros() as usize][cell >> 6] |= 1 << (cell & 63);
                m &= m - 1;
            }
        }
        State {
            digits,
            placed: [0; 4],
            stale_hidden: u16::MAX,
            stale_locked: u16::MAX,
        }
    }

    /// The candidates of `cell`, bit d for digit d+1.
    pub(crate) fn mask(&self, cell: usize) -> u64 {
        let (w, bit) = (cell >> 6, cell & 63);
        (0..16).fold(0, |m, d| m | (self.digits[d][w] >> bit & 1) << d)
    }

    /// The digits of a solved state, row-major.
    pub(crate) fn values(&self) -> impl Iterator<Item = i32> + '_ {
        (0..256).map(|cell| self.mask(cell).trailing_zeros() as i32 + 1)
    }

    /// Keeps only `digits` of `cell`'s candidates (a branch).
    fn restrict(&mut self, cell: usize, digits: u64) {
        let (w, bit) = (cell >> 6, 1u64 << (cell & 63));
        for d in (0..16).filter(|d| digits >> d & 1 == 0) {
            self.digits[d][w] &= !bit;
        }
        self.stale(!digits as u16);
    }

    /// Marks `digits` as changed.
    #[inline]
    fn stale(&mut self, digits: u16) {
        self.stale_hidden |= digits;
        self.stale_locked |= digits;
    }

    /// Digit `d` at `cell`: struck from the cell's other digits and from
    /// its peers.
    #[inline]
    fn place(&mut self, cell: usize, d: usize) {
        let (w, bit) = (cell >> 6, 1u64 << (cell & 63));
        let mut changed = 1u16 << d;
        for (e, board) in self.digits.iter_mut().enumerate() {
            changed |= u16::from(board[w] & bit != 0) << e;
            board[w] &= !bit;
        }
        let (r, c) = (cell / 16, cell % 16);
        let board = &mut self.digits[d];
        for word in board.iter_mut() {
            *word &= !(COL << c);
        }
        board[w] &= !(ROW << (16 * (r % 4)) | BOX << (4 * (c / 4)));
        board[w] |= bit;
        self.placed[w] |= bit;
        self.stale(changed);
    }

    /// Naked and hidden singles to a fixpoint, then locked candidates
    /// when they stall, and again; on a contradiction, where it was found.
    pub(crate) fn propagate(&mut self) -> Result<(), Culprit> {
        loop {
            self.naked()?;
            if self.hidden()? {
                continue;
            }
            if !self.locked() {
                return Ok(());
            }
        }
    }

    /// Places every cell with one candidate left, until none is.
    fn naked(&mut self) -> Result<(), Culprit> {
        loop {
            let mut progress = false;
            for w in 0..4 {
                let (mut once, mut twice) = (0u64, 0u64);
                for board in &self.digits {
                    twice |= once & board[w];
                    once |= board[w];
                }
                if once != u64::MAX {
                    return Err(Culprit::Cell(w * 64 + (!once).trailing_zeros() as usize));
                }
                let mut singles = once & !twice & !self.placed[w];
                while singles != 0 {
                    let at = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    // A placement since the count may have taken its digit.
                    let cell = w * 64 + at;
                    match (0..16).find(|&d| self.digits[d][w] >> at & 1 != 0) {
                        Some(d) => self.place(cell, d),
                        None => return Err(Culprit::Cell(cell)),
                    }
                    progress = true;
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    /// Places each digit with one place left in a row, column or box;
    /// whether one was placed. A digit's places are read once, then
    /// placed one by one: a place an earlier one took away leaves its
    /// unit without the digit.
    fn hidden(&mut self) -> Result<bool, Culprit> {
        let mut any = false;
        while self.stale_hidden != 0 {
            let d = self.stale_hidden.trailing_zeros() as usize;
            self.stale_hidden &= self.stale_hidden - 1;
            let b = self.digits[d];
            if (0..4).all(|w| b[w] & !self.placed[w] == 0) {
                // Every place placed: the naked pass saw to the units.
                continue;
            }
            // The only places in some unit, by band.
            let mut only = [0u64; 4];
            let (mut col_once, mut col_twice) = (0u64, 0u64);
            for (w, &x) in b.iter().enumerate() {
                // Rows: no lane empty; a lane that loses nothing to
                // x & (x - 1) (no borrow: every lane is at least 1) had one.
                let rows = nonzero(x, LANE_LOW);
                if rows != LANE_HIGH {
                    let l = (!rows & LANE_HIGH).trailing_zeros() as usize / 16;
                    return Err(Culprit::Unit(w * 4 + l));
                }
                let one_row = !nonzero(x & x.wrapping_sub(COL), LANE_LOW) & LANE_HIGH;
                only[w] |= x & ((one_row >> 15) * ROW);
                let (mut box_once, mut box_twice) = (0u64, 0u64);
                for l in 0..4 {
                    let lane = x >> (16 * l) & ROW;
                    box_twice |= box_once & lane;
                    box_once |= lane;
                }
                // Boxes, the same by nibbles of the band's columns.
                let boxes = nonzero(box_once, NIBBLE_LOW);
                if boxes != NIBBLE_HIGH {
                    let j = (!boxes & NIBBLE_HIGH).trailing_zeros() as usize / 4;
                    return Err(Culprit::Unit(32 + w * 4 + j));
                }
                let one_box = !nonzero(box_once & box_once.wrapping_sub(NIBBLES & ROW), NIBBLE_LOW)
                    & !nonzero(box_twice, NIBBLE_LOW)
                    & NIBBLE_HIGH;
                only[w] |= x & ((one_box >> 3) * 0xF * COL);
                // Over the bands: twice in one, or once here and before.
                col_twice |= col_once & box_once | box_twice;
                col_once |= box_once;
            }
            if col_once != ROW {
                return Err(Culprit::Unit(
                    16 + (!col_once & ROW).trailing_zeros() as usize,
                ));
            }
            let in_one = (col_once & !col_twice) * COL;
            for (w, &x) in b.iter().enumerate() {
                only[w] |= x & in_one;
                let mut new = only[w] & !self.placed[w];
                while new != 0 {
                    let at = new.trailing_zeros() as usize;
                    new &= new - 1;
                    let cell = w * 64 + at;
                    if self.digits[d][w] >> at & 1 == 0 {
                        return Err(Culprit::Cell(cell));
                    }
                    self.place(cell, d);
                    any = true;
                }
            }
        }
        Ok(any)
    }

    /// Pointing and claiming, both ways: a digit a box holds on one row
    /// (column) alone leaves that line's other boxes, and a digit a row
    /// (column) holds in one box alone leaves that box's other lines.
    /// Whether a candidate went.
    fn locked(&mut self) -> bool {
        let mut struck = 0u16;
        while self.stale_locked != 0 {
            let d = self.stale_locked.trailing_zeros() as usize;
            self.stale_locked &= self.stale_locked - 1;
            let board = &mut self.digits[d];
            // Read from the places before this pass's strikes: what fewer
            // places would strike, more strike too.
            let before = *board;
            if (0..4).all(|w| before[w] & !self.placed[w] == 0) {
                // Every place placed: nothing left to strike.
                continue;
            }
            // Without branches: whether a unit is locked is data the CPU
            // cannot predict; a mask of all ones or none applies it.
            let all = |yes: bool| u64::from(yes).wrapping_neg();
            let mut strike = [0u64; 4];
            // Columns a box holds in one column, by the box's band.
            let mut one_col = [0u64; 4];
            let (mut band_once, mut band_twice) = (0u64, 0u64);
            for (w, &x) in before.iter().enumerate() {
                // Bit 4j of lane l: row l meets box j.
                let meets = (x | x >> 1 | x >> 2 | x >> 3) & NIBBLES;
                let cols = fold(x);
                for j in 0..4 {
                    // The box on one row: off the row's other boxes.
                    let rows = meets >> (4 * j) & COL;
                    strike[w] |=
                        all(single(rows)) & ROW << (rows.trailing_zeros() & 63) & !(BOX << (4 * j));
                    // The box in one column: off the column's other bands.
                    let in_cols = cols & 0xF << (4 * j);
                    one_col[w] |= all(single(in_cols)) & in_cols;
                }
                for l in 0..4 {
                    // The row in one box: off the box's other rows.
                    let boxes = meets >> (16 * l) & 0x1111;
                    strike[w] |= all(single(boxes))
                        & BOX << (boxes.trailing_zeros() & 63)
                        & !(ROW << (16 * l));
                }
                band_twice |= band_once & cols;
                band_once |= cols;
            }
            // A column in one band: off the band's box's other columns (a
            // second such column in the box is left for the count to find
            // the box without the digit).
            let one_band = band_once & !band_twice;
            let others = one_col[0] | one_col[1] | one_col[2] | one_col[3];
            for (w, s) in strike.iter_mut().enumerate() {
                *s |= (others & !one_col[w]) * COL;
                let here = fold(before[w]) & one_band;
                for j in 0..4 {
                    let nib = here & 0xF << (4 * j);
                    *s |= all(nib != 0) & (BOX << (4 * j)) & !(nib * COL);
                }
            }
            for (word, s) in board.iter_mut().zip(strike) {
                *word &= !s;
            }
            struck |= u16::from(*board != before) << d;
        }
        self.stale(struck);
        struck != 0
    }

    /// The open cell with the fewest candidates for the weight of its three
    /// units (the first of equals, as on the generic path), or `None` when
    /// every cell is placed.
    fn choose(&self, weights: &[u32; UNITS]) -> Option<usize> {
        let mut best: Option<(u64, u64, usize)> = None;
        for w in 0..4 {
            // Candidates a cell, bit-sliced: five planes count to 16.
            let mut planes = [0u64; 5];
            for board in &self.digits {
                let mut carry = board[w];
                for plane in &mut planes {
                    let next = *plane & carry;
                    *plane ^= carry;
                    carry = next;
                    if carry == 0 {
                        break;
                    }
                }
            }
            let mut open = !self.placed[w];
            while open != 0 {
                let at = open.trailing_zeros() as usize;
                open &= open - 1;
                let k = planes
                    .iter()
                    .enumerate()
                    .fold(0, |k, (i, p)| k | (p >> at & 1) << i);
                let cell = w * 64 + at;
                let weight: u64 = units_of(cell).iter().map(|&u| u64::from(weights[u])).sum();
                if !matches!(best, Some((bk, bw, _)) if bk * weight <= k * bw) {
                    best = Some((k, weight, cell));
                }
            }
        }
        best.map(|(_, _, cell)| cell)
    }
}

/// The unit weights of the last search that preferred values, kept for
/// the next search preferring the same ones: the removal checks of
/// `generate --minimal` are many searches of nearly one puzzle, steered by
/// its solution, and the units where one met contradictions are where the
/// next meets them. Each search starts from half of what the last one
/// learned on top of the even weights; 5% fewer instructions for `generate
/// --size 16 --minimal` than starting afresh, where keeping it all gave 4%
/// and an eighth 0.5%. A search preferring nothing, or other values,
/// starts from even weights: only a steered search's node counts and the
/// solution it finds first depend on the requests before it.
#[derive(Clone, Debug)]
pub(crate) struct Memory {
    prefer: Option<Arc<[i32]>>,
    weights: [u32; UNITS],
}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            prefer: None,
            weights: [1; UNITS],
        }
    }
}

impl Memory {
    /// The weights a search preferring `prefer` starts from.
    fn weights_for(&self, prefer: Option<&Arc<[i32]>>) -> [u32; UNITS] {
        match (prefer, &self.prefer) {
            // Half of what was learned: old contradictions count less
            // than new ones.
            (Some(p), Some(q)) if p == q => self.weights.map(|w| 1 + (w - 1) / 2),
            _ => [1; UNITS],
        }
    }

    /// Keeps what a search preferring `prefer` learned.
    fn keep(&mut self, prefer: Option<&Arc<[i32]>>, weights: [u32; UNITS]) {
        if let Some(p) = prefer {
            if self.prefer.as_ref() != Some(p) {
                self.prefer = Some(Arc::clone(p));
            }
            self.weights = weights;
        }
    }
}

/// A depth-first search over [`State`]s, like `generic::Search`.
pub(crate) struct Search<'a, F: FnMut(&State) -> ControlFlow<()>> {
    stop: StopCheck<'a>,
    /// Contradictions found in each unit, plus one.
    weights: [u32; UNITS],
    /// The digit to try first in each cell, as its bit (0: none).
    prefer: Vec<u64>,
    pub(crate) tally: Tally,
    sink: F,
}

impl<'a, F: FnMut(&State) -> ControlFlow<()>> Search<'a, F> {
    pub(crate) fn new(stop: StopCheck<'a>, sink: F) -> Self {
        Search {
            stop,
            weights: [1; UNITS],
            prefer: Vec::new(),
            tally: Tally::default(),
            sink,
        }
    }

    /// Tries the digits of `prefer` (by cell, 1-based) first, from the
    /// unit weights `memory` kept for them.
    pub(crate) fn preferring(&mut self, prefer: &Arc<[i32]>, memory: &Memory) {
        self.weights = memory.weights_for(Some(prefer));
        self.prefer = (0..256)
            .map(|cell| match prefer.get(cell) {
                Some(&d) if (1..=16).contains(&d) => 1 << (d - 1),
                _ => 0,
            })
            .collect();
    }

    /// Runs the search until the sink says stop, a limit is reached or
    /// the space is exhausted.
    pub(crate) fn run(&mut self, state: State) {
        self.dfs(state, 0);
    }

    /// Leaves the unit weights learned in `memory`, for the next search
    /// preferring the same values as `prefer`.
    pub(crate) fn remember(&self, prefer: Option<&Arc<[i32]>>, memory: &mut Memory) {
        memory.keep(prefer, self.weights);
    }

    fn dfs(&mut self, mut state: State, depth: u64) -> bool {
        if let Err(culprit) = state.propagate() {
            self.tally.fails += 1;
            match culprit {
                Culprit::Unit(u) => self.weights[u] += 1,
                Culprit::Cell(cell) => {
                    for u in units_of(cell) {
                        self.weights[u] += 1;
                    }
                }
            }
            return false;
        }
        let Some(cell) = state.choose(&self.weights) else {
            return (self.sink)(&state).is_break();
        };
        self.tally.branches += 1;
        self.tally.max_depth = self.tally.max_depth.max(depth + 1);
        let mut rest = state.mask(cell);
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
                state.restrict(cell, bit);
                return self.dfs(state, depth + 1);
            }
            let mut child = state.clone();
            child.restrict(cell, bit);
            if self.dfs(child, depth + 1) {
                return true;
            }
        }
        false
    }
}
