//! The 9×9 hot loop: one digit's candidates per band in one `u32`, the
//! triad rule for locked candidates in both directions, naked singles by
//! bit-sliced counting, hidden and naked triads (three digits to three
//! cells where a row or column crosses a box), and depth-first search on
//! copied boards.
//!
//! The board is 36 + 2 + 3 words and 72 bytes (240 with padding), so a
//! guess copies it and a dead end simply drops the copy: no undo trail.
//! Only words that lost a candidate are revisited (the `dirty` mask), and
//! the stack rule only for digits the band rule worked on.

use std::ops::ControlFlow;

use sudokit_model::StopCheck;

use crate::isa::{at_level, Isa, Level, Scalar};
use crate::tables::{
    column_cells, fold, BAND_PEERS, BAND_RULE, CONFIGS_SHIFT, CONFIG_COUNTS, KEEP, SPLIT_TRIAD,
};
use crate::tally::Tally;
use crate::triad_count::LANE_TRIADS;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// The branching rule splits a band or stack only when its digits have at
/// most this many configurations in total (nine when settled). Looser units
/// are better split by a cell: without the cardinality rules, on a nearly
/// empty grid triad splits pile up four digits in a three-cell triad and
/// find out very late (an empty grid took 1940 guesses to a first solution
/// with no bound, 393 with 24). Measured then on forum_hardest_1106
/// (guesses per puzzle): 9 (never split) 391, 14 340, 18 299, 24 288, 30
/// 288; with the cardinality rules: 18 247.9, 24 228.5, 30 or more 225.2.
pub(crate) const SPLIT_MAX: u32 = 24;

/// The cardinality rules run only while at least this many cells are open.
/// Below it they rarely find anything: on serg_benchmark, 1–3% of their
/// calls with 10–39 open cells removed a candidate, 11% with 40–49 (on
/// forum_hardest_1106: 14–17%, then 19–23%), and a call is some 350
/// instructions (callgrind, AVX2). Guesses per puzzle, 1106 / serg: run at
/// every node 224.2 / 8.21, from 40 open cells 228.5 / 8.35, never 287.9 /
/// 9.04.
const CARDINALITY_MIN_OPEN: u32 = 40;

/// The lowest cell of each triad of a band word.
pub(crate) const TRIAD_LOW: u32 = 0o111_111_111;

/// Every word of `cand`, as bits of `Board::dirty`.
const ALL_WORDS: u64 = 0x7_7777_7777;

/// `value` in every word of the board's layout, and `pad` in the pads (a
/// digit's fourth word, see [`Board`]).
const fn board_words<T: Copy>(value: T, pad: T) -> [T; 36] {
    let mut words = [value; 36];
    let mut d = 0;
    while d < 9 {
        words[4 * d + 3] = pad;
        d += 1;
    }
    words
}

/// The candidates of an empty grid: every digit everywhere.
const EMPTY: [u32; 36] = board_words(BAND, 0);

/// The configuration counts of an empty grid: six everywhere, and the pads
/// zero so that they add nothing to a total.
const EMPTY_CONFIGS: [u8; 36] = board_words(6, 0);

/// The search state of one 9×9 grid.
///
/// ```text
///   cand[4*d + b]: where digit d+1 may still go in band b (rows 3b..3b+3)
///
///           stack 0    stack 1    stack 2
///   col     0  1  2 |  3  4  5 |  6  7  8
///   row 3b   bit 0  1  2 |  3  4  5 |  6  7  8
///   row 3b+1     9 10 11 | 12 13 14 | 15 16 17
///   row 3b+2    18 19 20 | 21 22 23 | 24 25 26
///               \_____/
///               a triad: one row of one box, 3 bits
///
///   cand: [ d1·b0 d1·b1 d1·b2 0 | d2·b0 d2·b1 d2·b2 0 | ... | d9·b0 d9·b1 d9·b2 0 ]
///         (a digit's fourth word is an empty pad: a word's digit and band
///         are its index's high and low bits, not a division by three)
///   dirty: bit i set when cand[i] lost a candidate since the band rule
///         last ran on it: work to do
///   open: [ b0 b1 b2 ] cells not placed yet (same bit layout)
///   band_configs: [ d1·b0 d1·b1 d1·b2 0 | ... | d9·b0 d9·b1 d9·b2 0 ]
///   stack_configs: [ d1·s0 d1·s1 d1·s2 0 | ... | d9·s0 d9·s1 d9·s2 0 ]
///         how many of its six configurations each digit has left in each
///         band and stack, as the band and stack rules last found them (for
///         branching); laid out like cand, so a band's count is at the
///         index of its word
/// ```
///
/// A row of a band is 9 contiguous bits, a column is the same bit in each
/// of the three rows, a box is three triads stacked. The triad patterns of
/// one digit (rows × boxes of a band, bands × columns of a stack) must each
/// contain a permutation matrix: see `tables.rs`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    cand: [u32; 36],
    dirty: u64,
    open: [u32; 3],
    band_configs: [u8; 36],
    stack_configs: [u8; 36],
}

/// What propagation left to decide.
pub(crate) enum Next {
    /// Every cell is placed: a solution.
    Solved,
    /// Branch on one triad of a digit: first keep only `first` of word
    /// `cand[i]` (everything but the triad), then only `second` (the
    /// triad, and nothing else of its row or column).
    Split { i: usize, first: u32, second: u32 },
    /// Branch on these digits (bit d for digit d+1) of band cell `x` of band `b`.
    Cell { b: usize, x: u32, digits: u32 },
}

impl Board {
    /// An empty grid: every digit possible everywhere.
    pub(crate) fn empty() -> Self {
        Board {
            cand: EMPTY,
            dirty: ALL_WORDS,
            open: [BAND; 3],
            band_configs: EMPTY_CONFIGS,
            stack_configs: EMPTY_CONFIGS,
        }
    }

    /// A grid from givens (0 = blank, 1..=9). `None` when two givens clash
    /// or a value is out of range.
    ///
    /// Built word by word rather than by placing each given: no branch per
    /// cell, which matters on easy puzzles (serg_benchmark: 8% less time),
    /// and the words two digits at a time where the CPU has AVX2 (serg:
    /// about 960 fewer instructions a puzzle than one word at a time).
    #[inline(always)]
    pub(crate) fn from_givens(isa: impl Isa, givens: &[u8; 81]) -> Option<Self> {
        // cells[v][b]: the cells of band b holding value v (0: the blanks).
        let cells = isa.value_cells(givens)?;
        let mut given = [0u32; 40];
        for (d, words) in cells[1..].iter().enumerate() {
            given[4 * d..4 * d + 3].copy_from_slice(words);
        }
        let peers = isa.given_peers(&given)?;
        let mut board = Board::empty();
        board.open = cells[0];
        let open = [cells[0][0], cells[0][1], cells[0][2], 0];
        // A digit's four words at a time, as one vector (indexed modulo
        // four, the compiler went a word at a time: serg_benchmark 1% of
        // the instructions).
        let words = board.cand.chunks_exact_mut(4);
        let sources = peers.chunks_exact(4).zip(given.chunks_exact(4));
        for (cand, (peers, given)) in words.zip(sources) {
            for b in 0..4 {
                cand[b] = (open[b] & !peers[b]) | given[b];
            }
        }
        Some(board)
    }

    /// A grid from per-cell candidate masks (bit d for digit d+1, row-major).
    /// `None` when two givens clash. The usual grid, givens and blanks
    /// only, is built from its givens (17_clue through the CLI: 8% of the
    /// time went to the bit-by-bit way); pencil marks bit by bit.
    pub(crate) fn from_candidates(masks: &[u64]) -> Option<Self> {
        const ALL: u64 = 0x1FF;
        if masks.len() == 81 && masks.iter().all(|&m| m == ALL || m.is_power_of_two()) {
            let mut givens = [0u8; 81];
            for (given, &m) in givens.iter_mut().zip(masks) {
                if m != ALL {
                    *given = m.trailing_zeros() as u8 + 1;
                }
            }
            return Level::detect().board(&givens);
        }
        let mut board = Board::empty();
        board.cand = [0; 36];
        for (cell, &mask) in masks.iter().enumerate().take(81) {
            let (b, x) = (cell / 27, cell % 27);
            for d in 0..9 {
                if mask >> d & 1 == 1 {
                    board.cand[4 * d + b] |= 1 << x;
                }
            }
        }
        Some(board)
    }

    /// Places digit `d` on band cell `x` of band `b` if it is still possible.
    fn place(&mut self, isa: impl Isa, d: usize, b: usize, x: u32) -> bool {
        let bit = 1u32 << x;
        if self.cand[4 * d + b] & bit == 0 {
            return false;
        }
        self.dirty |= self.clear_band(isa, b, bit);
        let own = &mut self.cand[4 * d + b];
        *own = (*own & !BAND_PEERS[x as usize]) | bit;
        self.dirty |= 1 << (4 * d + b);
        let column = column_cells(1 << (x % 9));
        self.dirty |= self.remove_in_other_bands(d, b, column);
        self.open[b] &= !bit;
        true
    }

    /// Places digit `d` on band cell `x` of band `b`, a naked single: no
    /// other digit may go there any more, so only `d`'s own peers go.
    #[inline(always)]
    fn place_single(&mut self, d: usize, b: usize, x: u32) {
        let bit = 1u32 << x;
        let i = 4 * d + b;
        let a = self.cand[i];
        self.cand[i] = (a & !BAND_PEERS[x as usize]) | bit;
        self.dirty |= u64::from(self.cand[i] != a) << i;
        let column = column_cells(1 << (x % 9));
        self.dirty |= self.remove_in_other_bands(d, b, column);
        self.open[b] &= !bit;
    }

    /// Removes the band cells `columns` (whole columns) from digit `d`'s
    /// words of the two bands other than `b`; the words that lost a
    /// candidate, as dirty bits.
    #[inline(always)]
    fn remove_in_other_bands(&mut self, d: usize, b: usize, columns: u32) -> u64 {
        // (b + 1) % 3 and (b + 2) % 3, two bits each of a constant: no
        // division by three, and no compare-and-move chain, which also left
        // the compiler a bounds check per word (serg_benchmark: 3% fewer
        // instructions than by `if`).
        let next = 0b00_10_01 >> (2 * b) & 3;
        let previous = 0b01_00_10 >> (2 * b) & 3;
        self.remove(4 * d + next, columns) | self.remove(4 * d + previous, columns)
    }

    /// Removes the cells `gone` from `cand[j]`; its dirty bit if it lost a
    /// candidate. Returned rather than marked so that the band rule keeps
    /// its dirty bits in a register: through `self.dirty` they were a chain
    /// of read-modify-writes of one memory word (Intel Xeon: serg 1–5%,
    /// top95 3–7% less time, for 2% more instructions).
    #[inline(always)]
    fn remove(&mut self, j: usize, gone: u32) -> u64 {
        let lost = u64::from(self.cand[j] & gone != 0) << j;
        self.cand[j] &= !gone;
        lost
    }

    /// Removes `cells` from every digit's word of band `b`; the words that
    /// lost a candidate, as dirty bits.
    ///
    /// Each word's loss goes into a digit mask through the carry flag (see
    /// [`shift_in_nonzero`]), and the mask to the dirty bits once
    /// ([`Isa::digit_words`]): six instructions a word where a flag per
    /// word, shifted to its own dirty bit, took nine.
    #[inline(always)]
    fn clear_band(&mut self, isa: impl Isa, b: usize, cells: u32) -> u64 {
        // Digit 9 first, so that digit e ends on bit e; from a flag rather
        // than a zero, which LLVM would fill through the carry flag.
        let before = self.cand[32 + b];
        self.cand[32 + b] = before & !cells;
        let mut lost = u32::from(before & cells != 0);
        for e in (0..8).rev() {
            let j = 4 * e + b;
            let before = self.cand[j];
            self.cand[j] = before & !cells;
            lost = shift_in_nonzero(lost, before & cells);
        }
        isa.digit_words(lost) << b
    }

    /// The columns digit `d` may use in each band, nine bits a band. At a
    /// fixpoint they are what the stack rule left: the branching rule reads
    /// them here rather than from a copy in the board, which made it too big
    /// (272 bytes) to copy without a call to `memcpy` at the AVX2 levels.
    #[inline(always)]
    fn columns(&self, d: usize) -> u32 {
        let i = 4 * d;
        fold(self.cand[i]) | fold(self.cand[i + 1]) << 9 | fold(self.cand[i + 2]) << 18
    }

    /// How many cells are not placed yet.
    #[inline(always)]
    fn open_cells(&self) -> u32 {
        self.open.iter().map(|w| w.count_ones()).sum()
    }

    /// The digits of a solved board, row-major, 1..=9.
    pub(crate) fn digits(&self, isa: impl Isa) -> [u8; 81] {
        isa.digits(&self.cand)
    }

    /// The candidate mask of each cell (bit d for digit d+1), row-major.
    pub(crate) fn masks(&self) -> [u16; 81] {
        let mut out = [0u16; 81];
        each_candidate(&self.cand, |cell, d| out[cell] |= 1 << d);
        out
    }

    /// The band triad rule on word `i` (digit `i / 4`, band `i % 4`), then
    /// the row and box hidden singles it exposes. `None` on a
    /// contradiction, else the words it changed, as dirty bits.
    ///
    /// Returning them rather than marking `self.dirty` lets the caller keep
    /// its dirty mask in a register (serg_benchmark 0.4% fewer instructions).
    #[inline(always)]
    fn band_rule(&mut self, isa: impl Isa, i: usize) -> Option<u64> {
        let (d, b) = (i / 4, i % 4);
        let a = self.cand[i];
        // Nine bits: saying so spares a bounds check on the table.
        let triads = (isa.triad_pattern(a) & 0x1FF) as usize;
        let rule = BAND_RULE[triads];
        self.band_configs[i] = (rule.alone >> CONFIGS_SHIFT) as u8;
        // Cells alone in their triad, by bit arithmetic on the word before
        // the rule (striking whole triads keeps them alone) so that this
        // does not wait for the table lookups: a triad holds one cell when
        // no two of its three bits are set.
        let single = alone_in_triad(a);
        let a = a & rule.keep;
        if a == 0 {
            return None;
        }
        self.cand[i] = a;
        let new = single & rule.alone & self.open[b];
        if new == 0 {
            return Some(0);
        }
        self.open[b] &= !new;
        let cleared = self.clear_band(isa, b, new);
        let columns = column_cells(fold(new));
        let removed = self.remove_in_other_bands(d, b, columns);
        // The new singles are digit d's own: give them back.
        self.cand[i] = a;
        Some((cleared | removed) & !(1 << i))
    }

    /// The stack triad rule for digit `d`: bands × columns of each stack.
    /// `None` on a contradiction, else whether a candidate went.
    #[inline(always)]
    fn stack_rule(&mut self, isa: impl Isa, d: usize) -> Option<bool> {
        let i = 4 * d;
        // No shortcut. One for a digit placed in two bands cost 2-5% more
        // instructions than it saved; one for columns unchanged since the
        // last run saved 2% of them but its branch, hard to predict, cost
        // more time (Intel Xeon: 1-3% less without it).
        let f = self.columns(d);
        let mut allowed = 0u32;
        for s in 0..3 {
            let p = (isa.stack_pattern(f, s) & 0x1FF) as usize;
            let k = u32::from(KEEP[p]);
            if k == 0 {
                return None;
            }
            self.stack_configs[i + s] = CONFIG_COUNTS[p];
            allowed |= isa.stack_columns(k, s);
        }
        if allowed == f {
            return Some(false);
        }
        for b in 0..3 {
            let gone = !column_cells(allowed >> (9 * b) & 0x1FF);
            self.dirty |= self.remove(i + b, gone);
        }
        Some(true)
    }

    /// Propagates to a fixpoint. `None` on a contradiction; otherwise what
    /// to branch on, or that the board is solved.
    ///
    /// Order: the band rule on every changed word until nothing changes, then
    /// naked singles, then the stack rule, then the cardinality rules; the
    /// cheaper, more productive rules run first and the loop restarts
    /// whenever one of them removes anything.
    // Inlined into the search loop, its one hot caller, as the compiler
    // chose by itself until unrelated code moved its heuristics (1-2%).
    #[inline(always)]
    fn propagate(&mut self, isa: impl Isa) -> Option<Next> {
        // Digits the band rule worked on since the stack rule last ran: the
        // stack rule of any other digit would find nothing new.
        let mut touched = 0u32;
        loop {
            // The lowest dirty word first; the band rule returns the words it
            // changes, so this runs to the band rule's fixpoint.
            let mut dirty = core::mem::take(&mut self.dirty);
            while dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                // SAFETY: dirty bits are those of ALL_WORDS, below 36 and
                // never a pad (checked in debug builds). Saying so spares
                // the band rule its bounds checks (serg_benchmark 2.3% fewer
                // instructions).
                #[allow(unsafe_code)]
                unsafe {
                    core::hint::assert_unchecked(i < 36 && i % 4 < 3);
                }
                touched |= 1 << (i / 4);
                dirty |= self.band_rule(isa, i)?;
            }
            // Naked singles, by counting candidates per cell (see
            // `cell_count.rs`). Placing a single only removes candidates, so
            // counts taken before it still bound the cells after it.
            // Word by word: merged into one vector load, as the compiler
            // did, the read waited for the band rule's scalar stores to
            // `open` to reach the cache (Intel Xeon: serg_benchmark 0.6%,
            // top95 1.2% less time).
            #[allow(unsafe_code)]
            // SAFETY: reads of three words of `self.open`, through references.
            let open = self
                .open
                .each_ref()
                .map(|w| unsafe { core::ptr::read_volatile(w) });
            let counts = isa.cell_counts(&self.cand, open);
            if counts.empty {
                return None;
            }
            if counts.any_single {
                for (b, mut singles) in counts.singles.into_iter().enumerate() {
                    while singles != 0 {
                        let x = singles.trailing_zeros();
                        singles &= singles - 1;
                        let bit = 1 << x;
                        let d = (0..9).find(|&d| self.cand[4 * d + b] & bit != 0)?;
                        self.place_single(d, b, x);
                    }
                }
                continue;
            }
            // Solved: the stack and cardinality rules would find nothing, and
            // a search counting to two meets two solved boards (serg_benchmark:
            // 2.5% fewer instructions than leaving it to the branching rule).
            if open == [0; 3] {
                return Some(Next::Solved);
            }
            let pairs = counts.pairs;
            let mut found = false;
            // The stack rule, once everything else is stable.
            while touched != 0 {
                let d = touched.trailing_zeros() as usize;
                touched &= touched - 1;
                found |= self.stack_rule(isa, d)?;
            }
            // The cardinality rules last: the dearest, and the least often useful.
            if !found
                && (self.open_cells() < CARDINALITY_MIN_OPEN || !self.triad_cardinality(isa)?)
            {
                return Some(isa.choose(self, pairs));
            }
        }
    }

    /// The triad cardinality rules. The three cells where a row or a column
    /// crosses a box (a triad) hold three distinct digits: a triad open to
    /// fewer than three digits is a contradiction; three digits forced into
    /// a triad leave no room there for the others (a hidden triad); and a
    /// triad open to only three digits takes all three, so they leave the
    /// rest of its row (or column) and box (a naked triad). A digit is
    /// forced into a triad when no other triad of its row (no other column
    /// of its stack, in that band) is open to it. tdoku's propagation has
    /// both. `None` on a contradiction, else whether a candidate went.
    #[inline(always)]
    fn triad_cardinality(&mut self, isa: impl Isa) -> Option<bool> {
        let c = isa.triad_counts(&self.cand);
        let (mut hidden, mut naked, mut short) = ([0u32; 8], [0u32; 8], 0);
        for k in 0..8 {
            short |= LANE_TRIADS[k] & !c.open3[k];
            // Forced in, with a fourth digit still open there.
            hidden[k] = c.forced3[k] & c.open4[k];
            // Open to three, not all of them forced in yet.
            naked[k] = c.open3[k] & !c.open4[k] & !c.forced3[k];
        }
        if short != 0 {
            return None;
        }
        if hidden.iter().chain(&naked).all(|&m| m == 0) {
            return Some(false);
        }
        for b in 0..3 {
            for t in bits(hidden[b]) {
                let triad = 7 << t;
                let row = 0x1FF << (9 * (t / 9));
                for d in 0..9 {
                    // Not forced here: another triad of the row is open.
                    if self.cand[4 * d + b] & row & !triad != 0 {
                        self.dirty |= self.remove(4 * d + b, triad);
                    }
                }
            }
            for t in bits(naked[b]) {
                let triad = 7 << t;
                let row_and_box = (0x1FF << (9 * (t / 9))) | column_cells(7 << (3 * (t % 9 / 3)));
                for d in 0..9 {
                    if self.cand[4 * d + b] & triad != 0 {
                        self.dirty |= self.remove(4 * d + b, row_and_box & !triad);
                    }
                }
            }
            for c in bits(hidden[4 + b]) {
                let column = column_cells(1 << c);
                let stack = column_cells(7 << (3 * (c / 3)));
                for d in 0..9 {
                    if self.cand[4 * d + b] & stack & !column != 0 {
                        self.dirty |= self.remove(4 * d + b, column);
                    }
                }
            }
            for c in bits(naked[4 + b]) {
                let column = column_cells(1 << c);
                let stack = column_cells(7 << (3 * (c / 3)));
                for d in 0..9 {
                    if self.cand[4 * d + b] & column != 0 {
                        self.dirty |= self.remove(4 * d + b, stack & !column)
                            | self.remove_in_other_bands(d, b, column);
                    }
                }
            }
        }
        Some(self.dirty != 0)
    }

    /// The branching rule. Each digit has one to six configurations (see
    /// `tables.rs`) left in each band and each stack; in the band or stack
    /// with the fewest in total, if unsettled and at most [`SPLIT_MAX`],
    /// split a digit with two configurations (else three, else more) on a
    /// triad of its first one: the digit is not in that triad, or it is
    /// (tdoku's rule, on triads instead of configurations; "not" first
    /// because it keeps more configurations, so a puzzle with several
    /// solutions meets one sooner: serg_benchmark 4% fewer instructions,
    /// unique puzzles unchanged). Otherwise the first cell with two
    /// candidates, else the first with fewest. Measured (guesses per
    /// puzzle, forum_hardest_1106): 288 against 390 for the bivalue rule
    /// alone. Scoring the cells with two candidates by their digits' open
    /// cells, as this rule once did, found none better than the first: the
    /// same guesses on five standard sets, serg_benchmark 8.35 with the
    /// scores and 8.28 without.
    ///
    /// Once per node, so each level keeps it out of the propagation loop
    /// (inlining it cost 3% more instructions on serg_benchmark) in a copy
    /// of its own, compiled with the level's features: it counts bits, and
    /// a portable build's baseline copy counted them without `popcnt`
    /// (top95, AMD EPYC Zen 4, fastest pass: 7.07 µs, then 5.61 like a
    /// native build).
    #[inline(always)]
    pub(crate) fn choose(&self, isa: impl Isa, pairs: [u32; 3]) -> Next {
        // Each digit's counts as one little-endian word, added lane-wise:
        // a lane is at most 9 × 6 = 54, so none carries into the next.
        let sum = |configs: &[u8; 36]| {
            let words = configs.chunks_exact(4);
            let total: u32 = words
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .sum();
            total.to_le_bytes()
        };
        let (bands, stacks) = (sum(&self.band_configs), sum(&self.stack_configs));
        if let Some(u) = isa.fewest_unsettled(bands, stacks) {
            let count = |d: usize| {
                if u < 3 {
                    self.band_configs[4 * d + u]
                } else {
                    self.stack_configs[4 * d + u - 3]
                }
            };
            let d = (0..9)
                .find(|&d| count(d) == 2)
                .or_else(|| (0..9).find(|&d| count(d) == 3))
                .or_else(|| (0..9).find(|&d| count(d) > 3));
            if let Some(d) = d {
                let pattern = if u < 3 {
                    isa.triad_pattern(self.cand[4 * d + u])
                } else {
                    isa.stack_pattern(self.columns(d), u - 3)
                };
                let t = SPLIT_TRIAD[pattern as usize];
                let (row, col) = (t as usize / 3, t as usize % 3);
                let (b, line, triad) = if u < 3 {
                    (u, 0x1FF << (9 * row), 0b111 << (9 * row + 3 * col))
                } else {
                    let shift = 3 * (u - 3);
                    (
                        row,
                        column_cells(7 << shift),
                        column_cells(1 << (shift + col)),
                    )
                };
                return Next::Split {
                    i: 4 * d + b,
                    first: BAND & !triad,
                    second: BAND & !(line & !triad),
                };
            }
        }
        if let Some(b) = pairs.iter().position(|&p| p != 0) {
            let x = pairs[b].trailing_zeros();
            return Next::Cell {
                b,
                x,
                digits: self.digits_at(b, x),
            };
        }
        let mut best: Option<(u32, usize, u32, u32)> = None;
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let x = open.trailing_zeros();
                open &= open - 1;
                let digits = self.digits_at(b, x);
                let n = digits.count_ones();
                if !matches!(best, Some((m, ..)) if m <= n) {
                    best = Some((n, b, x, digits));
                }
            }
        }
        match best {
            Some((_, b, x, digits)) => Next::Cell { b, x, digits },
            None => Next::Solved,
        }
    }

    fn digits_at(&self, b: usize, x: u32) -> u32 {
        (0..9).fold(0, |acc, d| acc | (self.cand[4 * d + b] >> x & 1) << d)
    }
}

/// The unit the branching rule splits: of the six totals (`bands` then
/// `stacks`, the configurations left in each band and stack; lane 3 of
/// each a pad), the first of the fewest among those unsettled (ten or
/// more) and at most [`SPLIT_MAX`].
#[inline(always)]
pub(crate) fn fewest_unsettled_by_scan(bands: [u8; 4], stacks: [u8; 4]) -> Option<usize> {
    let totals = [
        bands[0], bands[1], bands[2], stacks[0], stacks[1], stacks[2],
    ]
    .map(u32::from);
    let (mut unit, mut fewest) = (None, SPLIT_MAX + 1);
    for (u, &total) in totals.iter().enumerate() {
        if (10..fewest).contains(&total) {
            (unit, fewest) = (Some(u), total);
        }
    }
    unit
}

/// Calls `f(cell, d)` for every candidate of the board words `cand`: digit
/// `d + 1` at `cell` (row-major).
pub(crate) fn each_candidate(cand: &[u32; 36], mut f: impl FnMut(usize, usize)) {
    for d in 0..9 {
        for b in 0..3 {
            for x in bits(cand[4 * d + b]) {
                f(27 * b + x as usize, d);
            }
        }
    }
}

/// `2 * acc + (x != 0)`. On x86-64 by `neg` and `adc` through the carry
/// flag; written as a comparison, LLVM emits `setne` and shifts.
#[inline(always)]
fn shift_in_nonzero(acc: u32, x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_addcarry_u32, _subborrow_u32};
        let (mut negated, mut sum) = (0, 0);
        let borrow = _subborrow_u32(0, 0, x, &mut negated);
        _addcarry_u32(borrow, acc, acc, &mut sum);
        sum
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        2 * acc + u32::from(x != 0)
    }
}

/// The positions of the set bits of `m`, lowest first.
#[inline(always)]
fn bits(mut m: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let bit = (m != 0).then(|| m.trailing_zeros());
        m &= m.wrapping_sub(1);
        bit
    })
}

/// The cells of band word `a` that are the only cell of their triad: its
/// triads where no two of the three bits are set (the majority of the
/// three is clear), then the cell of `a` there.
#[inline(always)]
fn alone_in_triad(a: u32) -> u32 {
    let (x1, x2) = (a >> 1, a >> 2);
    let majority = (a & x1) | (x2 & (a | x1));
    a & ((TRIAD_LOW & !majority) * 7)
}

/// One depth-first search: reports each solution to a sink (a
/// [`Collector`](sudokit_model::Collector)'s), which says when to stop,
/// and honours the limits at every guess.
pub(crate) struct Search<'a, F: FnMut(&Board) -> ControlFlow<()>> {
    stop: StopCheck<'a>,
    /// What the search counted.
    pub(crate) tally: Tally,
    sink: F,
}

impl<'a, F: FnMut(&Board) -> ControlFlow<()>> Search<'a, F> {
    /// A search that stops when the sink says so or at a limit.
    pub(crate) fn new(stop: StopCheck<'a>, sink: F) -> Self {
        Search {
            stop,
            tally: Tally::default(),
            sink,
        }
    }

    /// Runs the search from `board` at `level` (the best this CPU has is
    /// `Level::detect()`, see `isa.rs`).
    pub(crate) fn run_at(&mut self, level: Level, board: Board) {
        at_level!(level, isa => isa.dfs(self, board, 0));
    }

    /// The search from `board` on, `depth` guesses down: propagate, then
    /// branch, each child searched by a recursive `isa.dfs` (the level's
    /// compiled copy of this step).
    #[inline(always)]
    pub(crate) fn step(&mut self, isa: impl Isa, mut board: Board, mut depth: u64) -> bool {
        loop {
            let Some(next) = board.propagate(isa) else {
                self.tally.fails += 1;
                return false;
            };
            let (b, x, digits) = match next {
                Next::Solved => return (self.sink)(&board).is_break(),
                Next::Split { i, first, second } => {
                    self.tally.branches += 1;
                    depth += 1;
                    self.tally.max_depth = self.tally.max_depth.max(depth);
                    if self.guess() {
                        return true;
                    }
                    let mut child = board;
                    child.cand[i] &= first;
                    child.dirty |= 1 << i;
                    if isa.dfs(self, child, depth) || self.guess() {
                        return true;
                    }
                    board.cand[i] &= second;
                    board.dirty |= 1 << i;
                    continue;
                }
                Next::Cell { b, x, digits } => (b, x, digits),
            };
            self.tally.branches += 1;
            depth += 1;
            self.tally.max_depth = self.tally.max_depth.max(depth);
            let mut rest = digits;
            loop {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if self.guess() {
                    return true;
                }
                if rest == 0 {
                    board.place(isa, d, b, x);
                    break;
                }
                let mut child = board;
                child.place(isa, d, b, x);
                if isa.dfs(self, child, depth) {
                    return true;
                }
            }
        }
    }

    /// Counts a guess; true when a limit says stop.
    fn guess(&mut self) -> bool {
        self.tally.guess(&mut self.stop)
    }
}

/// Propagates a root board once, for the partial state of a stopped search.
pub(crate) fn root_masks(mut board: Board) -> Option<[u16; 81]> {
    board.propagate(Scalar).map(|_| board.masks())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What one run of the cardinality rules leaves of `masks` (bit d for
    /// digit d+1, row-major), at every level, which must agree.
    fn after_triad_cardinality(masks: &[u64; 81]) -> [u16; 81] {
        let results: Vec<_> = Level::available()
            .into_iter()
            .map(|level| {
                let mut board = Board::from_candidates(masks).unwrap();
                assert_eq!(
                    at_level!(level, isa => board.triad_cardinality(isa)),
                    Some(true)
                );
                board.masks()
            })
            .collect();
        assert!(results.windows(2).all(|w| w[0] == w[1]));
        results[0]
    }

    #[test]
    fn three_digits_forced_into_a_triad_fill_it() {
        // Digits 1, 2, 3 can go nowhere in row 1 but its first three cells.
        let mut masks = [0x1FFu64; 81];
        for mask in &mut masks[3..9] {
            *mask = 0x1F8;
        }
        let mut expected = masks.map(|m| m as u16);
        for mask in &mut expected[..3] {
            *mask = 0b111;
        }
        assert_eq!(after_triad_cardinality(&masks), expected);
    }

    #[test]
    fn three_digits_forced_into_a_column_triad_fill_it() {
        // In the top left box, digits 1, 2, 3 can go only in column 1.
        let mut masks = [0x1FFu64; 81];
        for cell in [1, 2, 10, 11, 19, 20] {
            masks[cell] = 0x1F8;
        }
        let mut expected = masks.map(|m| m as u16);
        for cell in [0, 9, 18] {
            expected[cell] = 0b111;
        }
        assert_eq!(after_triad_cardinality(&masks), expected);
    }

    #[test]
    fn a_triad_open_to_three_digits_takes_them_from_its_row_and_box() {
        // Row 1's first three cells can hold only 1, 2 and 3.
        let mut masks = [0x1FFu64; 81];
        for mask in &mut masks[..3] {
            *mask = 0b111;
        }
        let mut expected = masks.map(|m| m as u16);
        for cell in (3..9).chain([9, 10, 11, 18, 19, 20]) {
            expected[cell] = 0x1F8;
        }
        assert_eq!(after_triad_cardinality(&masks), expected);
    }

    #[test]
    fn a_column_triad_open_to_three_digits_takes_them_from_its_column_and_box() {
        // The top three cells of column 1 can hold only 4, 5 and 6.
        let mut masks = [0x1FFu64; 81];
        for cell in [0, 9, 18] {
            masks[cell] = 0b111_000;
        }
        let mut expected = masks.map(|m| m as u16);
        for cell in [1, 2, 10, 11, 19, 20]
            .into_iter()
            .chain((3..9).map(|r| 9 * r))
        {
            expected[cell] = 0x1FF & !0b111_000;
        }
        assert_eq!(after_triad_cardinality(&masks), expected);
    }

    #[test]
    fn shift_in_nonzero_appends_one_bit_per_word() {
        let words = [0, 1, 0x7FF_FFFF, 0, 1 << 26, 0x80, 0, 0, 3];
        let lost = words.iter().fold(0, |acc, &w| shift_in_nonzero(acc, w));
        assert_eq!(lost, 0b0_1101_1001);
        assert_eq!(shift_in_nonzero(0x7FFF_FFFF, 1), u32::MAX);
    }

    #[test]
    fn alone_in_triad_keeps_the_lone_cells() {
        for row in 0..512u32 {
            let expected = (0..3)
                .map(|t| row & 7 << (3 * t))
                .filter(|triad| triad.count_ones() == 1)
                .fold(0, |m, triad| m | triad);
            let word = row | row << 9 | row << 18;
            assert_eq!(
                alone_in_triad(word),
                (expected * 0o1001001) & ((1 << 27) - 1)
            );
        }
    }
}
