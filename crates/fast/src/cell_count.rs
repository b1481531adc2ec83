//! How many candidates each open cell of a 9×9 board has, as far as the
//! naked-single rule and the branching rule care: none (a contradiction),
//! one (a naked single), two (a bivalue cell).
//!
//! Counted in bit slices over the nine digits' words, the three bands side
//! by side: `one` holds the cells with at least one candidate so far, `two`
//! at least two, `three` at least three.

#[cfg(target_arch = "x86_64")]
use crate::cpu::X86V3;

/// Which open cells have no candidate, one, two. Unless `empty`, which
/// ends the search there, the cells with at most one candidate have one.
pub(crate) struct CellCounts {
    /// Some open cell has no candidate left.
    pub(crate) empty: bool,
    /// Some open cell has at most one candidate left.
    pub(crate) any_single: bool,
    /// The open cells with at most one candidate, per band.
    pub(crate) singles: [u32; 3],
    /// The open cells with two candidates, per band.
    pub(crate) pairs: [u32; 3],
}

/// [`CellCounts`] in plain words (the compiler vectorises the count where
/// it can): the fallback.
#[inline(always)]
pub(crate) fn cell_counts_by_slices(cand: &[u32; 36], open: [u32; 3]) -> CellCounts {
    let (mut one, mut two, mut three) = ([0u32; 4], [0u32; 4], [0u32; 4]);
    for d in 0..9 {
        for b in 0..4 {
            let a = cand[4 * d + b];
            three[b] |= two[b] & a;
            two[b] |= one[b] & a;
            one[b] |= a;
        }
    }
    let singles = [0, 1, 2].map(|b| open[b] & !two[b]);
    CellCounts {
        empty: (0..3).any(|b| open[b] & !one[b] != 0),
        any_single: singles != [0; 3],
        singles,
        pairs: [0, 1, 2].map(|b| two[b] & !three[b] & open[b]),
    }
}

/// [`CellCounts`] in 128-bit vectors (a digit's four words: the three bands
/// and the pad) and tested as whole vectors. The plain version's counts went
/// through the stack and were tested band by band, a branch each: this took
/// 4% fewer instructions on serg_benchmark and 2–4% less time on an Intel
/// Xeon. `open` comes in registers: a vector load of `Board::open` just
/// after its scalar stores would wait for them to reach the cache. SSE4.1,
/// which the `X86V3` proves.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn cell_counts_sse(_: X86V3, cand: &[u32; 36], open: [u32; 3]) -> CellCounts {
    use core::arch::x86_64::*;
    #[allow(unsafe_code)]
    // SAFETY: the loads read cand's nine groups of four words; the `X86V3`
    // proves SSE4.1.
    unsafe {
        let zero = _mm_setzero_si128();
        let (mut one, mut two, mut three) = (zero, zero, zero);
        for d in 0..9 {
            let a = _mm_loadu_si128(cand.as_ptr().add(4 * d).cast());
            three = _mm_or_si128(three, _mm_and_si128(two, a));
            two = _mm_or_si128(two, _mm_and_si128(one, a));
            one = _mm_or_si128(one, a);
        }
        let open = _mm_setr_epi32(open[0] as i32, open[1] as i32, open[2] as i32, 0);
        let singles = _mm_andnot_si128(two, open);
        let pairs = _mm_and_si128(_mm_andnot_si128(three, two), open);
        let bands = |v: __m128i| {
            [
                _mm_cvtsi128_si32(v) as u32,
                _mm_extract_epi32::<1>(v) as u32,
                _mm_extract_epi32::<2>(v) as u32,
            ]
        };
        CellCounts {
            // Not every open cell is in `one`.
            empty: _mm_testc_si128(one, open) == 0,
            any_single: _mm_testz_si128(singles, singles) == 0,
            singles: bands(singles),
            pairs: bands(pairs),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::isa::{at_level, Isa, Level};

    #[test]
    fn every_level_counts_as_the_definition_does() {
        let mut random = crate::xorshift(0x853C_49E6_748F_EA9B);
        let mut next = move || random() as u32;
        for round in 0..5000 {
            let cand = crate::random_board(&mut next, round);
            let open = [next(), next(), next()].map(|w| w & ((1 << 27) - 1));
            let (mut singles, mut pairs, mut empty) = ([0u32; 3], [0u32; 3], false);
            for b in 0..3 {
                for x in 0..27 {
                    if open[b] >> x & 1 == 0 {
                        continue;
                    }
                    let n = (0..9).filter(|&d| cand[4 * d + b] >> x & 1 == 1).count();
                    empty |= n == 0;
                    singles[b] |= u32::from(n == 1) << x;
                    pairs[b] |= u32::from(n == 2) << x;
                }
            }
            for level in Level::available() {
                let got = at_level!(level, isa => isa.cell_counts(&cand, open));
                let name = level.name();
                assert_eq!(got.empty, empty, "round {round} at {name}");
                assert_eq!(got.pairs, pairs, "round {round} at {name}");
                if !empty {
                    assert_eq!(got.singles, singles, "round {round} at {name}");
                    assert_eq!(got.any_single, singles != [0; 3], "round {round} at {name}");
                }
            }
        }
    }
}
