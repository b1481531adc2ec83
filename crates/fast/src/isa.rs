//! The instruction sets the 9×9 search is compiled for, and the one chosen
//! at run time.
//!
//! The search (`classic.rs`) is generic over an [`Isa`] marker. Each x86-64
//! level has a `#[target_feature]` copy of the search's recursive step, into
//! which the hot loop (propagation, the triad rules, the singles) is
//! inlined, of the branching rule (once per node, kept apart) and of the
//! board builder, so a plain `cargo build --release` binary, compiled for
//! baseline x86-64, runs the AVX2 / BMI2 code the CPU has. The level
//! is chosen once per process; a search then calls its level's copy
//! throughout, with no test per node.
//!
//! Each x86-64 marker holds the proof that the CPU has its features (see
//! `cpu.rs`), which only a run-time check makes: that is what makes the
//! calls into the `#[target_feature]` copies, and into the vector helpers
//! that take the proof, sound.

use std::ops::ControlFlow;
use std::sync::OnceLock;

use crate::cell_count::CellCounts;
#[cfg(target_arch = "x86_64")]
use crate::classic::TRIAD_LOW;
use crate::classic::{Board, Next, Search};
#[cfg(target_arch = "x86_64")]
use crate::cpu::{X86V3, X86V4};
use crate::triad_count::TriadCounts;

/// What the search needs of an instruction set: how a band word's triad
/// pattern is gathered, and the search step compiled with its features.
pub(crate) trait Isa: Copy {
    /// Which triads of band word `a` hold a cell (bit `3 * row + box`).
    fn triad_pattern(self, a: u32) -> u32;

    /// The pattern of stack `s` in `f` (bit `3 * band + column`), where
    /// `f` holds the columns a digit may use in each band, 9 bits per band.
    fn stack_pattern(self, f: u32, s: usize) -> u32;

    /// The stack pattern `p` of stack `s` back in the layout of `f` (the
    /// inverse of [`Isa::stack_pattern`]).
    fn stack_columns(self, p: u32, s: usize) -> u32;

    /// Bit `d` of `digits` moved to bit `4 * d`: the bits of those digits'
    /// words of band 0 in `Board::dirty` (shifted by `b` for band `b`).
    fn digit_words(self, digits: u32) -> u64;

    /// The unit the branching rule splits, from the configuration totals
    /// of the bands and stacks (see [`crate::classic::fewest_unsettled_by_scan`]).
    fn fewest_unsettled(self, bands: [u8; 4], stacks: [u8; 4]) -> Option<usize>;

    /// Which open cells have no candidate, one, two (see `cell_count.rs`).
    fn cell_counts(self, cand: &[u32; 36], open: [u32; 3]) -> CellCounts;

    /// For each value 0..=9 (0 = blank), the cells of a row-major grid
    /// holding it, as band words (`[v][band]`). `None` when a value is
    /// above 9.
    fn value_cells(self, givens: &[u8; 81]) -> Option<[[u32; 3]; 10]>;

    /// How many digits each triad is open to and forced into (see
    /// `triad_count.rs`).
    fn triad_counts(self, cand: &[u32; 36]) -> TriadCounts;

    /// Where each digit's givens forbid it, or `None` on a clash (see
    /// `given_peers.rs`).
    fn given_peers(self, given: &[u32; 40]) -> Option<[u32; 40]>;

    /// The digits 1..=9 of a solved board's words, row-major (the inverse
    /// of [`Isa::value_cells`]).
    fn digits(self, cand: &[u32; 36]) -> [u8; 81];

    /// [`Board::choose`], the branching rule, compiled for this instruction
    /// set and not inlined into the step.
    fn choose(self, board: &Board, pairs: [u32; 3]) -> Next;

    /// One recursive step of the search, compiled for this instruction set.
    fn dfs<F: FnMut(&Board) -> ControlFlow<()>>(
        self,
        search: &mut Search<'_, F>,
        board: Board,
        depth: u64,
    ) -> bool;

    /// [`Board::from_givens`], compiled for this instruction set (it
    /// counts bits: 8% of serg_benchmark's instructions in a portable build,
    /// without `popcnt`).
    fn board(self, givens: &[u8; 81]) -> Option<Board>;
}

/// Whatever the build targets (baseline x86-64 for a portable build), triad
/// patterns by table lookups: the fallback every CPU runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scalar;

impl Isa for Scalar {
    #[inline(always)]
    fn triad_pattern(self, a: u32) -> u32 {
        table_triad_pattern(a)
    }

    #[inline(always)]
    fn stack_pattern(self, f: u32, s: usize) -> u32 {
        shifted_stack_pattern(f, s)
    }

    #[inline(always)]
    fn stack_columns(self, p: u32, s: usize) -> u32 {
        shifted_stack_columns(p, s)
    }

    #[inline(always)]
    fn digit_words(self, digits: u32) -> u64 {
        spread_digit_words(digits)
    }

    #[inline(always)]
    fn value_cells(self, givens: &[u8; 81]) -> Option<[[u32; 3]; 10]> {
        value_cells_by_cell(givens)
    }

    #[inline(always)]
    fn fewest_unsettled(self, bands: [u8; 4], stacks: [u8; 4]) -> Option<usize> {
        crate::classic::fewest_unsettled_by_scan(bands, stacks)
    }

    #[inline(always)]
    fn cell_counts(self, cand: &[u32; 36], open: [u32; 3]) -> CellCounts {
        crate::cell_count::cell_counts_by_slices(cand, open)
    }

    #[inline(always)]
    fn triad_counts(self, cand: &[u32; 36]) -> TriadCounts {
        crate::triad_count::triad_counts_by_lane(cand)
    }

    #[inline(always)]
    fn given_peers(self, given: &[u32; 40]) -> Option<[u32; 40]> {
        crate::given_peers::given_peers_by_word(given)
    }

    fn digits(self, cand: &[u32; 36]) -> [u8; 81] {
        digits_by_bit(cand)
    }

    #[inline(never)]
    fn choose(self, board: &Board, pairs: [u32; 3]) -> Next {
        board.choose(self, pairs)
    }

    fn dfs<F: FnMut(&Board) -> ControlFlow<()>>(
        self,
        search: &mut Search<'_, F>,
        board: Board,
        depth: u64,
    ) -> bool {
        search.step(self, board, depth)
    }

    fn board(self, givens: &[u8; 81]) -> Option<Board> {
        Board::from_givens(self, givens)
    }
}

/// Which triads of band word `a` hold a cell, by a table lookup per row.
#[inline(always)]
fn table_triad_pattern(a: u32) -> u32 {
    use crate::tables::ROW_BOXES;
    u32::from(ROW_BOXES[(a & 0x1FF) as usize])
        | u32::from(ROW_BOXES[(a >> 9 & 0x1FF) as usize]) << 3
        | u32::from(ROW_BOXES[(a >> 18 & 0x1FF) as usize]) << 6
}

/// The nine digits' words of band 0, as bits of `Board::dirty`.
#[cfg(target_arch = "x86_64")]
const ALL_DIGIT_WORDS: u64 = 0x1_1111_1111;

/// The three columns of stack 0 in each band, as laid out in the stack
/// rule's `f`.
#[cfg(any(target_arch = "x86_64", test))]
const STACK0: u32 = 0o007_007_007;

/// [`Isa::stack_pattern`] by shifts.
#[inline(always)]
fn shifted_stack_pattern(f: u32, s: usize) -> u32 {
    let f = f >> (3 * s);
    (f & 7) | (f >> 9 & 7) << 3 | (f >> 18 & 7) << 6
}

/// [`Isa::stack_columns`] by shifts.
#[inline(always)]
fn shifted_stack_columns(p: u32, s: usize) -> u32 {
    ((p & 7) | (p >> 3 & 7) << 9 | (p >> 6 & 7) << 18) << (3 * s)
}

/// [`Isa::digit_words`] by shifts and masks, four bits at a time.
#[inline(always)]
fn spread_digit_words(digits: u32) -> u64 {
    let x = u64::from(digits & 0xFF);
    let x = (x | x << 12) & 0x000F_000F;
    let x = (x | x << 6) & 0x0303_0303;
    let x = (x | x << 3) & 0x1111_1111;
    x | u64::from(digits >> 8 & 1) << 32
}

/// [`Isa::value_cells`] one cell at a time.
#[inline(always)]
fn value_cells_by_cell(givens: &[u8; 81]) -> Option<[[u32; 3]; 10]> {
    let mut cells = [[0u32; 3]; 10];
    for (b, band) in givens.chunks_exact(27).enumerate() {
        for (x, &v) in band.iter().enumerate() {
            cells.get_mut(usize::from(v))?[b] |= 1 << x;
        }
    }
    Some(cells)
}

/// [`Isa::value_cells`] 32 cells at a time: per value, three byte
/// comparisons whose masks are the cells, cut into band words (serg_benchmark:
/// 430 fewer instructions a puzzle, 1.8%).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn value_cells_avx2(_: X86V3, givens: &[u8; 81]) -> Option<[[u32; 3]; 10]> {
    use core::arch::x86_64::*;
    // Blank padding: its cells lie beyond the third band and are cut off.
    let mut padded = [0u8; 96];
    padded[..81].copy_from_slice(givens);
    const BAND: u32 = (1 << 27) - 1;
    #[allow(unsafe_code)]
    // SAFETY: the three loads read `padded`'s 96 bytes; the `X86V3`
    // proves AVX2.
    unsafe {
        let chunk = |k: usize| _mm256_loadu_si256(padded.as_ptr().add(32 * k).cast());
        let (c0, c1, c2) = (chunk(0), chunk(1), chunk(2));
        let nine = _mm256_set1_epi8(9);
        let at_most_nine =
            |c| _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(c, nine), nine));
        if at_most_nine(c0) & at_most_nine(c1) & at_most_nine(c2) != -1 {
            return None;
        }
        let mut cells = [[0u32; 3]; 10];
        for (v, words) in cells.iter_mut().enumerate() {
            let value = _mm256_set1_epi8(v as i8);
            let mask = |c| _mm256_movemask_epi8(_mm256_cmpeq_epi8(c, value)) as u32;
            let (m0, m1, m2) = (mask(c0), mask(c1), mask(c2));
            *words = [
                m0 & BAND,
                (m0 >> 27 | m1 << 5) & BAND,
                (m1 >> 22 | m2 << 10) & BAND,
            ];
        }
        Some(cells)
    }
}

/// [`Isa::fewest_unsettled`] by one `phminposuw`: the six totals less ten
/// as 16-bit lanes (settled units, below ten, and the two spare lanes wrap
/// around to the top), whose least comes out with its first lane. The scan
/// was a chain of compare-and-move, some 40 instructions once a node.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn fewest_unsettled_minpos(_: X86V3, bands: [u8; 4], stacks: [u8; 4]) -> Option<usize> {
    use crate::classic::SPLIT_MAX;
    use core::arch::x86_64::*;
    let lanes = u64::from(u32::from_le_bytes(bands) & 0xFF_FFFF)
        | u64::from(u32::from_le_bytes(stacks) & 0xFF_FFFF) << 24;
    #[allow(unsafe_code)]
    // SAFETY: the `X86V3` proves SSE4.1.
    let least = unsafe {
        let totals = _mm_cvtepu8_epi16(_mm_cvtsi64_si128(lanes as i64));
        _mm_cvtsi128_si32(_mm_minpos_epu16(_mm_sub_epi16(totals, _mm_set1_epi16(10)))) as u32
    };
    ((least & 0xFFFF) <= SPLIT_MAX - 10).then_some((least >> 16) as usize)
}

/// [`Isa::digits`] one candidate at a time.
fn digits_by_bit(cand: &[u32; 36]) -> [u8; 81] {
    let mut out = [0u8; 81];
    crate::classic::each_candidate(cand, |cell, d| out[cell] = d as u8 + 1);
    out
}

/// [`Isa::digits`] 32 cells at a time: each word's bits spread to bytes (a
/// byte shuffle, then a test of each byte's own bit) and its digit or-ed
/// into the band's bytes: some 420 instructions fewer than the bit loop,
/// once a puzzle (serg_benchmark 1.9% of the search, 17_clue 2.8%).
/// Compiled with AVX2 of its own: it runs once a solution, outside the
/// search step.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn digits_avx2(cand: &[u32; 36]) -> [u8; 81] {
    use core::arch::x86_64::*;
    // Room for the last band's 32-byte store from cell 54.
    let mut out = [0u8; 96];
    // Byte j of a broadcast word: byte j / 8 of the word, then bit j % 8.
    let spread = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let bit = _mm256_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
    for b in 0..3 {
        let mut band = _mm256_setzero_si256();
        for d in 0..9 {
            let bytes = _mm256_shuffle_epi8(_mm256_set1_epi32(cand[4 * d + b] as i32), spread);
            let set = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, bit), bit);
            band = _mm256_or_si256(band, _mm256_and_si256(set, _mm256_set1_epi8(d as i8 + 1)));
        }
        // Bytes 27..32 of a band are the word's empty high bits: the next
        // band's store overwrites them.
        #[allow(unsafe_code)]
        // SAFETY: 27 * 2 + 32 = 86 bytes at most, within `out`.
        unsafe {
            _mm256_storeu_si256(out.as_mut_ptr().add(27 * b).cast(), band);
        }
    }
    let mut digits = [0u8; 81];
    digits.copy_from_slice(&out[..81]);
    digits
}

/// x86-64-v3 (AVX2, BMI1/2, LZCNT, POPCNT, MOVBE, FMA) with the triad
/// patterns still from tables: for CPUs whose `pext` is microcoded.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(X86V3);

/// x86-64-v3 with triad patterns by one BMI2 `pext`.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2Pext(X86V3);

/// x86-64-v4 (AVX-512 F/BW/CD/DQ/VL on top of v3), `pext` triad patterns.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512Pext(X86V4);

/// Defines a level's search step, branching rule and board builder with
/// its target features, and the [`Isa`] impl that calls them. The marker's
/// field is its proof of those features (`X86V3` or `X86V4`).
#[cfg(target_arch = "x86_64")]
macro_rules! level {
    (
        $marker:ident, $step:ident, $choose:ident, $board:ident, $features:literal,
        pext: $pext:literal, triads: $triads:path
    ) => {
        #[target_feature(enable = $features)]
        fn $board(isa: $marker, givens: &[u8; 81]) -> Option<Board> {
            Board::from_givens(isa, givens)
        }

        #[target_feature(enable = $features)]
        #[inline(never)]
        fn $choose(isa: $marker, board: &Board, pairs: [u32; 3]) -> Next {
            board.choose(isa, pairs)
        }

        #[target_feature(enable = $features)]
        fn $step<F: FnMut(&Board) -> ControlFlow<()>>(
            isa: $marker,
            search: &mut Search<'_, F>,
            board: Board,
            depth: u64,
        ) -> bool {
            search.step(isa, board, depth)
        }

        impl Isa for $marker {
            #[inline(always)]
            fn triad_pattern(self, a: u32) -> u32 {
                if $pext {
                    #[allow(unsafe_code)]
                    // SAFETY: the marker's proof, an `X86V3` or more,
                    // covers BMI2.
                    unsafe {
                        core::arch::x86_64::_pext_u32(a | a >> 1 | a >> 2, TRIAD_LOW)
                    }
                } else {
                    table_triad_pattern(a)
                }
            }

            #[inline(always)]
            fn stack_pattern(self, f: u32, s: usize) -> u32 {
                if $pext {
                    #[allow(unsafe_code)]
                    // SAFETY: as for `triad_pattern`.
                    unsafe {
                        core::arch::x86_64::_pext_u32(f, STACK0 << (3 * s))
                    }
                } else {
                    shifted_stack_pattern(f, s)
                }
            }

            #[inline(always)]
            fn stack_columns(self, p: u32, s: usize) -> u32 {
                if $pext {
                    #[allow(unsafe_code)]
                    // SAFETY: as for `triad_pattern`.
                    unsafe {
                        core::arch::x86_64::_pdep_u32(p, STACK0 << (3 * s))
                    }
                } else {
                    shifted_stack_columns(p, s)
                }
            }

            #[inline(always)]
            fn digit_words(self, digits: u32) -> u64 {
                if $pext {
                    #[allow(unsafe_code)]
                    // SAFETY: as for `triad_pattern`.
                    unsafe {
                        core::arch::x86_64::_pdep_u64(u64::from(digits), ALL_DIGIT_WORDS)
                    }
                } else {
                    spread_digit_words(digits)
                }
            }

            #[inline(always)]
            fn value_cells(self, givens: &[u8; 81]) -> Option<[[u32; 3]; 10]> {
                value_cells_avx2(self.0.into(), givens)
            }

            #[inline(always)]
            fn fewest_unsettled(self, bands: [u8; 4], stacks: [u8; 4]) -> Option<usize> {
                fewest_unsettled_minpos(self.0.into(), bands, stacks)
            }

            #[inline(always)]
            fn cell_counts(self, cand: &[u32; 36], open: [u32; 3]) -> CellCounts {
                crate::cell_count::cell_counts_sse(self.0.into(), cand, open)
            }

            #[inline(always)]
            fn triad_counts(self, cand: &[u32; 36]) -> TriadCounts {
                $triads(self.0, cand)
            }

            #[inline(always)]
            fn given_peers(self, given: &[u32; 40]) -> Option<[u32; 40]> {
                crate::given_peers::given_peers_avx2(self.0.into(), given)
            }

            fn digits(self, cand: &[u32; 36]) -> [u8; 81] {
                #[allow(unsafe_code)]
                // SAFETY: the marker's proof, an `X86V3` or more, covers
                // AVX2.
                unsafe {
                    digits_avx2(cand)
                }
            }

            #[inline(always)]
            fn dfs<F: FnMut(&Board) -> ControlFlow<()>>(
                self,
                search: &mut Search<'_, F>,
                board: Board,
                depth: u64,
            ) -> bool {
                #[allow(unsafe_code)]
                // SAFETY: the marker's proof covers every feature the step
                // enables (`X86V3`: x86-64-v3; `X86V4`: v4's AVX-512 too).
                unsafe {
                    $step(self, search, board, depth)
                }
            }

            #[inline(always)]
            fn choose(self, board: &Board, pairs: [u32; 3]) -> Next {
                #[allow(unsafe_code)]
                // SAFETY: as for `dfs`.
                unsafe {
                    $choose(self, board, pairs)
                }
            }

            #[inline(always)]
            fn board(self, givens: &[u8; 81]) -> Option<Board> {
                #[allow(unsafe_code)]
                // SAFETY: as for `dfs`.
                unsafe {
                    $board(self, givens)
                }
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
level!(
    Avx2,
    step_avx2,
    choose_avx2,
    board_avx2,
    "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt,sse3,ssse3,sse4.1,sse4.2",
    pext: false, triads: crate::triad_count::triad_counts_avx2
);
#[cfg(target_arch = "x86_64")]
level!(
    Avx2Pext,
    step_avx2_pext,
    choose_avx2_pext,
    board_avx2_pext,
    "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt,sse3,ssse3,sse4.1,sse4.2",
    pext: true, triads: crate::triad_count::triad_counts_avx2
);
#[cfg(target_arch = "x86_64")]
level!(
    Avx512Pext,
    step_avx512_pext,
    choose_avx512_pext,
    board_avx512_pext,
    "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt,sse3,ssse3,sse4.1,sse4.2,\
     avx512f,avx512bw,avx512cd,avx512dq,avx512vl",
    pext: true, triads: crate::triad_count::triad_counts_avx512
);

/// `$body` with `$isa` bound to `$level`'s marker: one copy of `$body`
/// per level, each calling that level's code.
macro_rules! at_level {
    ($level:expr, $isa:ident => $body:expr) => {
        match $level {
            Level::Scalar($isa) => $body,
            #[cfg(target_arch = "x86_64")]
            Level::Avx2($isa) => $body,
            #[cfg(target_arch = "x86_64")]
            Level::Avx2Pext($isa) => $body,
            #[cfg(target_arch = "x86_64")]
            Level::Avx512Pext($isa) => $body,
        }
    };
}
pub(crate) use at_level;

/// A level the search can run at, with the proof (its marker) that this
/// CPU has its features.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Level {
    /// Table lookups, the build's own target features.
    Scalar(Scalar),
    /// AVX2 and friends, table lookups (microcoded `pext`).
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    /// AVX2 and friends, `pext`.
    #[cfg(target_arch = "x86_64")]
    Avx2Pext(Avx2Pext),
    /// AVX-512 and friends, `pext`.
    #[cfg(target_arch = "x86_64")]
    Avx512Pext(Avx512Pext),
}

impl Level {
    /// Every level this CPU can run, the fallback first.
    pub(crate) fn available() -> Vec<Level> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut levels = vec![Level::Scalar(Scalar)];
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(v3) = X86V3::detect() {
                levels.push(Level::Avx2(Avx2(v3)));
                levels.push(Level::Avx2Pext(Avx2Pext(v3)));
                if let Some(v4) = X86V4::detect(v3) {
                    levels.push(Level::Avx512Pext(Avx512Pext(v4)));
                }
            }
        }
        levels
    }

    /// The level searches run at: the one named by the environment
    /// variable `SUDOKIT_FAST_LEVEL` if this CPU runs it (to measure or
    /// test one path), else the best for this CPU: `pext` where it is
    /// fast, AVX-512 where present, else AVX2, else the scalar fallback.
    /// Chosen once, then read from a cache (one atomic load per search).
    pub(crate) fn detect() -> Level {
        static CHOSEN: OnceLock<Level> = OnceLock::new();
        *CHOSEN.get_or_init(|| {
            let levels = Self::available();
            let wanted = std::env::var("SUDOKIT_FAST_LEVEL").ok();
            levels
                .iter()
                .find(|l| Some(l.name()) == wanted.as_deref())
                .copied()
                .unwrap_or_else(|| Self::best(&levels))
        })
    }

    /// The best of `levels` (this CPU's, the fallback first).
    fn best(levels: &[Level]) -> Level {
        #[cfg(target_arch = "x86_64")]
        let slow_pext = slow_pext();
        #[cfg(not(target_arch = "x86_64"))]
        let slow_pext = false;
        let usable = |level: &&Level| !(slow_pext && level.uses_pext());
        *levels
            .iter()
            .rfind(usable)
            .unwrap_or(&Level::Scalar(Scalar))
    }

    /// Whether the level gathers triad patterns with `pext`.
    fn uses_pext(self) -> bool {
        self.name().ends_with("+pext")
    }

    /// [`Board::from_givens`] at this level.
    pub(crate) fn board(self, givens: &[u8; 81]) -> Option<Board> {
        at_level!(self, isa => isa.board(givens))
    }

    /// [`Board::digits`] at this level. Once per solution, so kept out of
    /// the step it is called from (inlined there, it moved the step's
    /// code: top95 0.6% more instructions).
    #[inline(never)]
    pub(crate) fn digits(self, board: &Board) -> [u8; 81] {
        at_level!(self, isa => board.digits(isa))
    }

    /// The level's name, for tests and benchmarks.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Level::Scalar(_) => "scalar",
            #[cfg(target_arch = "x86_64")]
            Level::Avx2(_) => "avx2",
            #[cfg(target_arch = "x86_64")]
            Level::Avx2Pext(_) => "avx2+pext",
            #[cfg(target_arch = "x86_64")]
            Level::Avx512Pext(_) => "avx512+pext",
        }
    }
}

/// Whether this CPU runs `pext` in microcode (see [`microcoded_pext`]).
#[cfg(target_arch = "x86_64")]
fn slow_pext() -> bool {
    use core::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let mut name = [0u8; 12];
    for (chunk, word) in name
        .chunks_exact_mut(4)
        .zip([vendor.ebx, vendor.edx, vendor.ecx])
    {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    microcoded_pext(&name, __cpuid(1).eax)
}

/// AMD before Zen 3 (family 0x19) runs `pext` in microcode, tens of cycles
/// and more depending on the mask instead of a few; Hygon's Dhyana
/// (family 0x18) is a Zen 1. There the search keeps its table lookups (not
/// measured here: no such CPU). `vendor` is CPUID leaf 0's name, `eax`
/// leaf 1's signature.
#[cfg(target_arch = "x86_64")]
fn microcoded_pext(vendor: &[u8; 12], eax: u32) -> bool {
    if vendor != b"AuthenticAMD" && vendor != b"HygonGenuine" {
        return false;
    }
    let base = eax >> 8 & 0xF;
    let family = if base == 0xF {
        base + (eax >> 20 & 0xFF)
    } else {
        base
    };
    family < 0x19
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_words_put_digit_d_on_bit_4d() {
        for digits in 0..512u32 {
            let expected = (0..9)
                .filter(|d| digits >> d & 1 == 1)
                .fold(0u64, |words, d| words | 1 << (4 * d));
            for level in Level::available() {
                let got = at_level!(level, isa => isa.digit_words(digits));
                assert_eq!(got, expected, "digits {digits:#b} at {}", level.name());
            }
        }
    }

    #[test]
    fn triad_pattern_marks_the_triads_holding_a_cell() {
        for row in 0..512u32 {
            for (shape, word) in [
                (0, row),
                (1, row << 9),
                (2, row << 18),
                (3, row | row << 18),
            ] {
                let rows: &[u32] = match shape {
                    0 => &[0],
                    1 => &[1],
                    2 => &[2],
                    _ => &[0, 2],
                };
                let mut expected = 0;
                for &r in rows {
                    for bx in 0..3 {
                        if row >> (3 * bx) & 7 != 0 {
                            expected |= 1 << (3 * r + bx);
                        }
                    }
                }
                for level in Level::available() {
                    let got = at_level!(level, isa => isa.triad_pattern(word));
                    assert_eq!(got, expected, "word {word:#o} at {}", level.name());
                }
            }
        }
    }

    #[test]
    fn stack_patterns_gather_and_spread_one_stack_at_every_level() {
        for p in 0..512u32 {
            for s in 0..3 {
                // By definition: pattern bit 3 * band + column is bit
                // 9 * band + 3 * s + column of the columns word.
                let mut columns = 0;
                for band in 0..3 {
                    for column in 0..3 {
                        if p >> (3 * band + column) & 1 == 1 {
                            columns |= 1 << (9 * band + 3 * s + column);
                        }
                    }
                }
                // The other stacks' columns all set: they must not leak in.
                let others = 0o777_777_777 & !(STACK0 << (3 * s));
                for level in Level::available() {
                    let (gathered, spread) = at_level!(level, isa => (
                        isa.stack_pattern(columns | others, s),
                        isa.stack_columns(p, s),
                    ));
                    assert_eq!(gathered, p, "stack {s} at {}", level.name());
                    assert_eq!(spread, columns, "stack {s} at {}", level.name());
                }
            }
        }
    }

    #[test]
    fn value_cells_agree_at_every_level() {
        // Every value at every cell, then a value out of range in each band.
        let mut grids: Vec<[u8; 81]> = (0..10u8)
            .map(|shift| std::array::from_fn(|cell| (cell as u8 + shift) % 10))
            .collect();
        for cell in [0, 40, 80] {
            for bad in [10, 255] {
                let mut grid = grids[3];
                grid[cell] = bad;
                grids.push(grid);
            }
        }
        for grid in &grids {
            let expected = value_cells_by_cell(grid);
            assert_eq!(expected.is_some(), grid.iter().all(|&v| v <= 9));
            for level in Level::available() {
                let got = at_level!(level, isa => isa.value_cells(grid));
                assert_eq!(got, expected, "{grid:?} at {}", level.name());
            }
        }
    }

    #[test]
    fn every_level_splits_the_unit_the_scan_does() {
        // Totals around the bounds: settled (9), the least unsettled (10),
        // SPLIT_MAX and one more, and ties.
        let values = [9u8, 10, 11, 17, 23, 24, 25, 54];
        let mut random = crate::xorshift(0x2545_F491_4F6C_DD1D);
        for _ in 0..20_000 {
            let mut pick = || values[(random() % values.len() as u64) as usize];
            let (bands, stacks) = ([pick(), pick(), pick(), 0], [pick(), pick(), pick(), 0]);
            let expected = crate::classic::fewest_unsettled_by_scan(bands, stacks);
            for level in Level::available() {
                let got = at_level!(level, isa => isa.fewest_unsettled(bands, stacks));
                assert_eq!(got, expected, "{bands:?} {stacks:?} at {}", level.name());
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn pext_is_microcoded_on_amd_before_zen_3_only() {
        // CPUID leaf 1 signatures: family, model and stepping.
        for (vendor, eax, microcoded) in [
            (b"AuthenticAMD", 0x0080_0F12, true), // Zen 1 EPYC Naples, family 0x17
            (b"AuthenticAMD", 0x0083_0F10, true), // Zen 2 EPYC Rome, family 0x17
            (b"HygonGenuine", 0x0090_0F01, true), // Dhyana, family 0x18
            (b"AuthenticAMD", 0x00A0_0F11, false), // Zen 3 EPYC Milan, family 0x19
            (b"AuthenticAMD", 0x00A1_0F11, false), // Zen 4 EPYC Genoa, family 0x19
            (b"AuthenticAMD", 0x00B0_0F00, false), // Zen 5, family 0x1A
            (b"GenuineIntel", 0x0008_06F8, false), // Sapphire Rapids
        ] {
            assert_eq!(microcoded_pext(vendor, eax), microcoded, "{eax:#x}");
        }
    }
}
