//! Where each digit's givens forbid it, for building a 9×9 board
//! (`Board::from_givens`): one step per board word instead of one per cell.
//!
//! Input and output are in the board's word order, `[4 * d + band]` (a
//! digit's fourth word a pad, empty on input), padded to 40 words so that
//! vectors of eight cover them.

#[cfg(target_arch = "x86_64")]
use crate::cpu::X86V3;
use crate::tables::{column_cells, fold, ROW_LOW};

/// For each word of `given` (the givens of digit `d` in band `b`), the
/// band's cells that share a row, box or column with one of the digit's
/// givens anywhere; `None` when two givens of one digit share a row, a box
/// or a column. One word at a time: the fallback.
#[inline(always)]
pub(crate) fn given_peers_by_word(given: &[u32; 40]) -> Option<[u32; 40]> {
    let mut peers = [0u32; 40];
    for d in 0..9 {
        let words = &given[4 * d..4 * d + 3];
        let columns = words.iter().fold(0, |acc, &w| acc | fold(w));
        let count: u32 = words.iter().map(|w| w.count_ones()).sum();
        // Givens of one digit in distinct columns, rows and boxes, or a clash.
        if columns.count_ones() != count {
            return None;
        }
        for (b, &w) in words.iter().enumerate() {
            // The lowest cell of each row (bits 0, 9, 18) and each box
            // (bits 0, 3, 6 of a row) holding a given.
            let triads = w | w >> 1 | w >> 2;
            let rows = (triads | triads >> 3 | triads >> 6) & ROW_LOW;
            let boxes = (fold(w) | fold(w) >> 1 | fold(w) >> 2) & 0o111;
            let n = w.count_ones();
            if rows.count_ones() != n || boxes.count_ones() != n {
                return None;
            }
            peers[4 * d + b] = (rows * 0x1FF) | column_cells((boxes * 7) | columns);
        }
    }
    Some(peers)
}

/// [`given_peers_by_word`] two digits at a time in AVX2 vectors: a clash is
/// two bits in one row, box or column (`m & (m - 1)` of the masked word,
/// or one column in two bands of a digit, found by rotating the digit's
/// four lanes).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn given_peers_avx2(_: X86V3, given: &[u32; 40]) -> Option<[u32; 40]> {
    use core::arch::x86_64::*;
    let mut peers = [0u32; 40];
    #[allow(unsafe_code)]
    // SAFETY: the loads and stores stay inside the two 40-word arrays;
    // the `X86V3` proves AVX2.
    unsafe {
        let splat = |x: u32| _mm256_set1_epi32(x as i32);
        let one = splat(1);
        // At most one bit of `w` under `mask`.
        let twice = |w, mask| {
            let m = _mm256_and_si256(w, mask);
            _mm256_and_si256(m, _mm256_sub_epi32(m, one))
        };
        let mut bad = _mm256_setzero_si256();
        for k in 0..5 {
            let w = _mm256_loadu_si256(given.as_ptr().add(8 * k).cast());
            for i in 0..3 {
                bad = _mm256_or_si256(bad, twice(w, splat(0x1FF << (9 * i))));
                bad = _mm256_or_si256(bad, twice(w, splat(0o007_007_007 << (3 * i))));
            }
            // Two rows of one column inside the band.
            let below = _mm256_or_si256(_mm256_srli_epi32(w, 9), _mm256_srli_epi32(w, 18));
            bad = _mm256_or_si256(bad, _mm256_and_si256(w, below));
            // One column in two bands: the digit's lanes rotated by one,
            // two and three (the pad lane is empty).
            let f = _mm256_and_si256(_mm256_or_si256(w, below), splat(0x1FF));
            let r1 = _mm256_shuffle_epi32::<0b00_11_10_01>(f);
            let r2 = _mm256_shuffle_epi32::<0b01_00_11_10>(f);
            let r3 = _mm256_shuffle_epi32::<0b10_01_00_11>(f);
            bad = _mm256_or_si256(bad, _mm256_and_si256(f, _mm256_or_si256(r1, r2)));
            let columns = _mm256_or_si256(_mm256_or_si256(f, r1), _mm256_or_si256(r2, r3));
            // Rows and boxes holding a given, widened to their cells.
            let triads = _mm256_or_si256(
                w,
                _mm256_or_si256(_mm256_srli_epi32(w, 1), _mm256_srli_epi32(w, 2)),
            );
            let rows = _mm256_and_si256(
                _mm256_or_si256(
                    triads,
                    _mm256_or_si256(_mm256_srli_epi32(triads, 3), _mm256_srli_epi32(triads, 6)),
                ),
                splat(ROW_LOW),
            );
            let boxes = _mm256_and_si256(
                _mm256_or_si256(
                    f,
                    _mm256_or_si256(_mm256_srli_epi32(f, 1), _mm256_srli_epi32(f, 2)),
                ),
                splat(0o111),
            );
            let m = _mm256_or_si256(_mm256_mullo_epi32(boxes, splat(7)), columns);
            let m = _mm256_or_si256(
                m,
                _mm256_or_si256(_mm256_slli_epi32(m, 9), _mm256_slli_epi32(m, 18)),
            );
            let p = _mm256_or_si256(_mm256_mullo_epi32(rows, splat(0x1FF)), m);
            _mm256_storeu_si256(peers.as_mut_ptr().add(8 * k).cast(), p);
        }
        if _mm256_testz_si256(bad, bad) == 0 {
            return None;
        }
    }
    Some(peers)
}

#[cfg(test)]
mod tests {
    use crate::isa::{at_level, Isa, Level};

    #[test]
    fn every_level_agrees_with_the_definition() {
        // Random givens kept from a solved grid, plus one random given in
        // every other case (often a clash).
        let mut next = crate::xorshift(0x2545_F491_4F6C_DD1D);
        let solved = |r: u64, c: u64| ((r * 3 + r / 3 + c) % 9) as usize;
        let (mut clashes, mut fine) = (0, 0);
        for round in 0..5000 {
            let mut given = [0u32; 40];
            let keep = next() % 60;
            for cell in 0..81u64 {
                if next() % 81 < keep {
                    let d = solved(cell / 9, cell % 9);
                    given[4 * d + (cell / 27) as usize] |= 1 << (cell % 27);
                }
            }
            if round % 2 == 1 {
                let (d, cell) = ((next() % 9) as usize, next() % 81);
                given[4 * d + (cell / 27) as usize] |= 1 << (cell % 27);
            }
            let expected = by_definition(&given);
            match expected {
                Some(_) => fine += 1,
                None => clashes += 1,
            }
            for level in Level::available() {
                let got = at_level!(level, isa => isa.given_peers(&given));
                let mask = |p: Option<[u32; 40]>| {
                    p.map(|p| {
                        std::array::from_fn::<u32, 36, _>(|i| if i % 4 == 3 { 0 } else { p[i] })
                    })
                };
                assert_eq!(mask(got), mask(expected), "{} for {given:?}", level.name());
            }
        }
        assert!(
            clashes > 100 && fine > 100,
            "{clashes} clashing, {fine} fine"
        );
    }

    /// Cell by cell: a clash is two givens of a digit that see each other,
    /// and a digit's peers are the cells that see one of its givens.
    fn by_definition(given: &[u32; 40]) -> Option<[u32; 40]> {
        let sees = |a: u32, b: u32| {
            let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
            ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
        };
        let mut peers = [0u32; 40];
        for d in 0..9 {
            let cells: Vec<u32> = (0..81)
                .filter(|&c| given[4 * d + (c / 27) as usize] >> (c % 27) & 1 == 1)
                .collect();
            for (i, &a) in cells.iter().enumerate() {
                if cells[i + 1..].iter().any(|&b| sees(a, b)) {
                    return None;
                }
            }
            for c in 0..81u32 {
                if cells.iter().any(|&g| sees(g, c)) {
                    peers[4 * d + (c / 27) as usize] |= 1 << (c % 27);
                }
            }
        }
        Some(peers)
    }
}
