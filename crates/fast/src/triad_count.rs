//! How many digits each triad of a 9×9 board is open to, and how many are
//! forced into it, for the triad cardinality rules (`classic.rs`).
//!
//! A triad is the three cells where a row or a column crosses a box. Eight
//! lanes hold the answer for the whole board: lanes 0..3 the row triads of
//! bands 0..2 (bit `9 * row + 3 * box` of a band word, the triad's lowest
//! cell), lanes 4..7 the column triads (bit = column, one lane per band);
//! lanes 3 and 7 stay empty. A digit is forced into a row triad when no
//! other triad of that row is open to it (into a column triad: no other
//! column of that stack in that band).

use crate::classic::TRIAD_LOW;

/// Bit-sliced counts: which triads are open to at least three and at
/// least four digits, and have at least three digits forced into them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TriadCounts {
    pub(crate) open3: [u32; 8],
    pub(crate) open4: [u32; 8],
    pub(crate) forced3: [u32; 8],
}

/// Every triad of each lane.
pub(crate) const LANE_TRIADS: [u32; 8] = [ROWS, ROWS, ROWS, 0, COLS, COLS, COLS, 0];
const ROWS: u32 = TRIAD_LOW;
const COLS: u32 = 0x1FF;
/// How far apart the cells of a triad are, and the triads of one row
/// (one stack).
const CELL: [u32; 2] = [1, 9];
const STEP: [u32; 2] = [3, 1];
/// The first triad of each row (column of each stack).
const FIRST: [u32; 8] = [
    0o001_001_001,
    0o001_001_001,
    0o001_001_001,
    0,
    0o111,
    0o111,
    0o111,
    0,
];

/// [`TriadCounts`] one lane at a time: the fallback.
#[inline(always)]
pub(crate) fn triad_counts_by_lane(cand: &[u32; 36]) -> TriadCounts {
    let mut c = TriadCounts::default();
    for k in 0..8 {
        let (cell, step) = (CELL[k / 4], STEP[k / 4]);
        let (mut o1, mut o2, mut f1, mut f2) = (0u32, 0u32, 0u32, 0u32);
        for d in 0..9 {
            let a = cand[4 * d + k % 4];
            let x = (a | a >> cell | a >> (2 * cell)) & LANE_TRIADS[k];
            let f = x & alone(x, FIRST[k], step);
            c.open4[k] |= c.open3[k] & x;
            c.open3[k] |= o2 & x;
            o2 |= o1 & x;
            o1 |= x;
            c.forced3[k] |= f2 & f;
            f2 |= f1 & f;
            f1 |= f;
        }
    }
    c
}

/// The triads of `x` alone in their row (stack): of the three at `first`,
/// `first << step` and `first << 2 * step`, an odd number and not all three.
#[inline(always)]
fn alone(x: u32, first: u32, step: u32) -> u32 {
    let (b0, b1, b2) = (x & first, x >> step & first, x >> (2 * step) & first);
    let one = (b0 ^ b1 ^ b2) & !(b0 & b1 & b2);
    one | one << step | one << (2 * step)
}

/// [`TriadCounts`] with all eight lanes in one AVX2 vector.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn triad_counts_avx2(cpu: X86V3, cand: &[u32; 36]) -> TriadCounts {
    triad_counts_vector(cpu, Avx2Logic(cpu), cand)
}

/// [`triad_counts_avx2`] with AVX-512VL's three-input logic, on the same
/// 256-bit vectors (no 512-bit registers, which some Intel CPUs pay for in
/// clock speed): 20 instructions a digit instead of 31.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn triad_counts_avx512(cpu: X86V4, cand: &[u32; 36]) -> TriadCounts {
    triad_counts_vector(cpu.into(), Avx512Logic(cpu), cand)
}

#[cfg(target_arch = "x86_64")]
use crate::cpu::{X86V3, X86V4};
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// The three-input functions of the vector count: AVX2 builds each from
/// two-input instructions, AVX-512VL has each as one. A value holds the
/// proof that the CPU has the instructions it uses.
#[cfg(target_arch = "x86_64")]
trait Logic: Copy {
    /// `(a | b) & c`
    fn or_and(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i;
    /// `a | (b & c)`
    fn or_anded(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i;
    /// Set in an odd number of the three and not in all: exactly one.
    fn one_of_three(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i;
}

#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Avx2Logic(X86V3);

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Logic for Avx2Logic {
    #[inline(always)]
    fn or_and(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        // SAFETY: `self.0` proves AVX2.
        unsafe { _mm256_and_si256(_mm256_or_si256(a, b), c) }
    }

    #[inline(always)]
    fn or_anded(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        // SAFETY: `self.0` proves AVX2.
        unsafe { _mm256_or_si256(a, _mm256_and_si256(b, c)) }
    }

    #[inline(always)]
    fn one_of_three(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        // SAFETY: `self.0` proves AVX2.
        unsafe {
            _mm256_andnot_si256(
                _mm256_and_si256(a, _mm256_and_si256(b, c)),
                _mm256_xor_si256(a, _mm256_xor_si256(b, c)),
            )
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Avx512Logic(X86V4);

/// `_mm256_ternarylogic_epi32`'s inputs as truth-table columns: a
/// function of them, bit by bit, is the table that computes it.
#[cfg(target_arch = "x86_64")]
const A: u8 = 0xF0;
#[cfg(target_arch = "x86_64")]
const B: u8 = 0xCC;
#[cfg(target_arch = "x86_64")]
const C: u8 = 0xAA;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Logic for Avx512Logic {
    #[inline(always)]
    fn or_and(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        const T: i32 = ((A | B) & C) as i32;
        // SAFETY: `self.0` proves AVX-512F and VL.
        unsafe { _mm256_ternarylogic_epi32::<T>(a, b, c) }
    }

    #[inline(always)]
    fn or_anded(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        const T: i32 = (A | (B & C)) as i32;
        // SAFETY: `self.0` proves AVX-512F and VL.
        unsafe { _mm256_ternarylogic_epi32::<T>(a, b, c) }
    }

    #[inline(always)]
    fn one_of_three(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        const T: i32 = ((A ^ B ^ C) & !(A & B & C)) as i32;
        // SAFETY: `self.0` proves AVX-512F and VL.
        unsafe { _mm256_ternarylogic_epi32::<T>(a, b, c) }
    }
}

/// [`TriadCounts`] in one 256-bit vector, lanes as [`LANE_TRIADS`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn triad_counts_vector(_: X86V3, logic: impl Logic, cand: &[u32; 36]) -> TriadCounts {
    #[allow(unsafe_code)]
    // SAFETY: each load reads four words of `cand` (4 * d + 3 < 36), each
    // store eight words of its own array; the `X86V3` proves AVX2.
    unsafe {
        let lanes = |v: [u32; 8]| _mm256_loadu_si256(v.as_ptr().cast());
        let (triads, first) = (lanes(LANE_TRIADS), lanes(FIRST));
        let cell = lanes([
            CELL[0], CELL[0], CELL[0], CELL[0], CELL[1], CELL[1], CELL[1], CELL[1],
        ]);
        let step = lanes([
            STEP[0], STEP[0], STEP[0], STEP[0], STEP[1], STEP[1], STEP[1], STEP[1],
        ]);
        let (cell2, step2) = (_mm256_add_epi32(cell, cell), _mm256_add_epi32(step, step));
        let zero = _mm256_setzero_si256();
        let (mut o1, mut o2, mut o3, mut o4) = (zero, zero, zero, zero);
        let (mut f1, mut f2, mut f3) = (zero, zero, zero);
        for d in 0..9 {
            let w = _mm256_broadcastsi128_si256(_mm_loadu_si128(cand.as_ptr().add(4 * d).cast()));
            let rest = _mm256_or_si256(_mm256_srlv_epi32(w, cell), _mm256_srlv_epi32(w, cell2));
            let x = logic.or_and(w, rest, triads);
            let (x1, x2) = (_mm256_srlv_epi32(x, step), _mm256_srlv_epi32(x, step2));
            let one = _mm256_and_si256(logic.one_of_three(x, x1, x2), first);
            let spread =
                _mm256_or_si256(_mm256_sllv_epi32(one, step), _mm256_sllv_epi32(one, step2));
            let f = logic.or_and(one, spread, x);
            o4 = logic.or_anded(o4, o3, x);
            o3 = logic.or_anded(o3, o2, x);
            o2 = logic.or_anded(o2, o1, x);
            o1 = _mm256_or_si256(o1, x);
            f3 = logic.or_anded(f3, f2, f);
            f2 = logic.or_anded(f2, f1, f);
            f1 = _mm256_or_si256(f1, f);
        }
        let store = |v| {
            let mut out = [0u32; 8];
            _mm256_storeu_si256(out.as_mut_ptr().cast(), v);
            out
        };
        TriadCounts {
            open3: store(o3),
            open4: store(o4),
            forced3: store(f3),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::{at_level, Isa, Level};

    /// The counts straight from the definition, triad by triad: lane `k`,
    /// the triad whose lowest cell or column is bit `t`.
    fn by_definition(cand: &[u32; 36]) -> TriadCounts {
        let mut c = TriadCounts::default();
        for k in [0, 1, 2, 4, 5, 6] {
            let b = k % 4;
            for t in 0..27 {
                if LANE_TRIADS[k] >> t & 1 == 0 {
                    continue;
                }
                // The triad's cells and those of the other two triads of
                // its row (of its stack, in this band).
                let (cells, line) = if k < 4 {
                    (7 << t, 0x1FF << (9 * (t / 9)))
                } else {
                    let column = |c: u32| 1 << c | 1 << (c + 9) | 1 << (c + 18);
                    let stack = (0..3)
                        .map(|i| column(3 * (t / 3) + i))
                        .fold(0, |a, m| a | m);
                    (column(t), stack)
                };
                let word = |d: usize| cand[4 * d + b];
                let open = (0..9).filter(|&d| word(d) & cells != 0).count();
                let forced = (0..9)
                    .filter(|&d| word(d) & cells != 0 && word(d) & line & !cells == 0)
                    .count();
                c.open3[k] |= u32::from(open >= 3) << t;
                c.open4[k] |= u32::from(open >= 4) << t;
                c.forced3[k] |= u32::from(forced >= 3) << t;
            }
        }
        c
    }

    #[test]
    fn every_level_counts_as_the_definition_does() {
        // Random band words, sparse to dense.
        let mut random = crate::xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = move || random() as u32;
        for round in 0..2000 {
            let cand = crate::random_board(&mut next, round);
            let expected = by_definition(&cand);
            for level in Level::available() {
                let got = at_level!(level, isa => isa.triad_counts(&cand));
                for (name, got, want) in [
                    ("open3", got.open3, expected.open3),
                    ("open4", got.open4, expected.open4),
                    ("forced3", got.forced3, expected.forced3),
                ] {
                    assert_eq!(got, want, "{name} at {} for {cand:?}", level.name());
                }
            }
        }
    }
}
