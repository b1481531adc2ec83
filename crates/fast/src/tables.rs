//! Lookup tables of the 9×9 solver, computed at compile time.
//!
//! Two 3×3 boolean matrices appear in the solver, both indexed by a 9-bit
//! pattern with bit `3 * r + c` for row `r`, column `c`:
//!
//! * a **band triad pattern** for one digit: rows of the band × boxes of the
//!   band; bit set when the digit can still go somewhere in that triad (the
//!   three cells where a row crosses a box);
//! * a **stack pattern** for one digit: bands × the three columns of a stack.
//!
//! In both, the digit occupies exactly one cell per row and one per column of
//! the matrix, so the triads it finally uses form a permutation matrix. Every
//! triad that belongs to no permutation matrix inside the pattern can be
//! struck out: this one rule is pointing, claiming (box/line locked
//! candidates) and the row/box hidden single, for one digit at a time.

/// The six permutation matrices of a 3×3 matrix, as 9-bit patterns: the six
/// *configurations* a digit can take in the triads of a band or a stack.
pub(crate) const PERMUTATIONS: [u16; 6] = [
    0b100_010_001,
    0b010_100_001,
    0b100_001_010,
    0b001_100_010,
    0b010_001_100,
    0b001_010_100,
];

/// `KEEP[p]`: the union of the permutation matrices inside pattern `p`
/// (0 when there is none: the digit cannot be placed, a contradiction).
pub(crate) const KEEP: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut p = 0;
    while p < 512 {
        let mut keep = 0;
        let mut k = 0;
        while k < 6 {
            if PERMUTATIONS[k] & p as u16 == PERMUTATIONS[k] {
                keep |= PERMUTATIONS[k];
            }
            k += 1;
        }
        table[p] = keep;
        p += 1;
    }
    table
};

/// `CONFIGS[p]`: which of the six [`PERMUTATIONS`] fit inside pattern `p`
/// (bit `k` for `PERMUTATIONS[k]`); the branching rule counts them.
pub(crate) const CONFIGS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut p = 0;
    while p < 512 {
        let mut k = 0;
        while k < 6 {
            if PERMUTATIONS[k] & p as u16 == PERMUTATIONS[k] {
                table[p] |= 1 << k;
            }
            k += 1;
        }
        p += 1;
    }
    table
};

/// The 27 cells of triad bits `t` (bit `3 * row + box`) in a band word.
const fn expand_triads(t: u16) -> u32 {
    let mut cells = 0u32;
    let mut bit = 0;
    while bit < 9 {
        if t >> bit & 1 == 1 {
            let (row, bx) = (bit / 3, bit % 3);
            cells |= 0b111 << (row * 9 + bx * 3);
        }
        bit += 1;
    }
    cells
}

/// `CONFIG_COUNTS[p]`: how many of the six [`PERMUTATIONS`] fit inside
/// pattern `p` (the ones of `CONFIGS[p]`), for the branching rule, without
/// a count per rule call.
pub(crate) const CONFIG_COUNTS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut p = 0;
    while p < 512 {
        table[p] = CONFIGS[p].count_ones() as u8;
        p += 1;
    }
    table
};

/// `SPLIT_TRIAD[p]`: for a pattern `p` with two or more configurations,
/// the triad (bit `3 * row + column`) of its first configuration that not
/// every configuration uses. The branching rule splits there (the digit is
/// not in that triad, or it is), so both branches lose configurations.
/// A `static`: as a `const`, the branching rule copied all 512 bytes onto
/// its stack at each use.
pub(crate) static SPLIT_TRIAD: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut p = 0;
    while p < 512 {
        let configs = CONFIGS[p];
        if configs.count_ones() >= 2 {
            let mut common = 0x1FF;
            let mut k = 0;
            while k < 6 {
                if configs >> k & 1 == 1 {
                    common &= PERMUTATIONS[k];
                }
                k += 1;
            }
            let first = PERMUTATIONS[configs.trailing_zeros() as usize];
            table[p] = (first & !common).trailing_zeros() as u8;
        }
        p += 1;
    }
    table
};

/// What the band triad rule makes of one band triad pattern.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BandRule {
    /// The cells of the triads [`KEEP`] leaves.
    pub(crate) keep: u32,
    /// The cells of the kept triads that are the only kept triad of their
    /// row or of their box (a single cell there is a hidden single), and
    /// above them, from bit [`CONFIGS_SHIFT`], how many configurations fit
    /// ([`CONFIG_COUNTS`]). Eight bytes an entry, so that the load scales
    /// the pattern itself: at twelve, a multiply by three came first, on
    /// the band rule's critical path (pattern, lookup, keep), and the band
    /// rule's lookups are where an Intel Xeon spends the most time waiting;
    /// there, 2–4% less time on four standard sets.
    pub(crate) alone: u32,
}

/// Where [`BandRule::alone`] keeps the configuration count: above the 27
/// cells of a band word.
pub(crate) const CONFIGS_SHIFT: u32 = 27;

/// `BAND_RULE[p]`: the band triad rule for band triad pattern `p`.
pub(crate) const BAND_RULE: [BandRule; 512] = {
    let mut table = [BandRule { keep: 0, alone: 0 }; 512];
    let mut p = 0;
    while p < 512 {
        let keep = KEEP[p];
        let mut alone = 0u16;
        let mut bit = 0;
        while bit < 9 {
            if keep >> bit & 1 == 1 {
                let (row, bx) = (bit / 3, bit % 3);
                let row_bits = (keep >> (row * 3)) & 0b111;
                let box_bits = (keep >> bx) & 0b001_001_001;
                if row_bits.count_ones() == 1 || box_bits.count_ones() == 1 {
                    alone |= 1 << bit;
                }
            }
            bit += 1;
        }
        table[p] = BandRule {
            keep: expand_triads(keep),
            alone: expand_triads(alone) | (CONFIG_COUNTS[p] as u32) << CONFIGS_SHIFT,
        };
        p += 1;
    }
    table
};

/// `ROW_BOXES[r]`: for the nine cells of one row of a band (bit = column),
/// which of the three boxes hold at least one of them (3 bits).
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "bmi2"),
    allow(dead_code, reason = "BMI2 builds gather triads with pext instead")
)]
pub(crate) const ROW_BOXES: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut r = 0;
    while r < 512 {
        let mut boxes = 0u8;
        let mut bx = 0;
        while bx < 3 {
            if (r >> (bx * 3)) & 0b111 != 0 {
                boxes |= 1 << bx;
            }
            bx += 1;
        }
        table[r] = boxes;
        r += 1;
    }
    table
};

/// The first cell of each row of a band word.
pub(crate) const ROW_LOW: u32 = 1 | 1 << 9 | 1 << 18;

/// The band cells of the columns in the 9-bit set `c`: the set once in each
/// row, by one multiply (the three copies cannot overlap). It was a table
/// of 512 words: a load and its index arithmetic at each use, and 1% more
/// instructions on serg_benchmark.
#[inline(always)]
pub(crate) const fn column_cells(c: u32) -> u32 {
    c * ROW_LOW
}

/// The columns of band cells `a`, folded to 9 bits (the inverse of
/// [`column_cells`] on whole columns).
#[inline(always)]
pub(crate) const fn fold(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1FF
}

/// `BAND_PEERS[x]`: the cells of a band that share a row or a box with band
/// cell `x` (0..27), `x` excluded.
pub(crate) const BAND_PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut x = 0;
    while x < 27 {
        let (row, col) = (x / 9, x % 9);
        let row_cells = 0x1FFu32 << (row * 9);
        let box_cells = 0b111u32 << ((col / 3) * 3);
        let box_cells = box_cells | box_cells << 9 | box_cells << 18;
        table[x] = (row_cells | box_cells) & !(1 << x);
        x += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_of_a_full_pattern_is_full_and_of_a_gap_is_empty() {
        assert_eq!(KEEP[0x1FF], 0x1FF);
        // Row 0 empty: no permutation fits.
        assert_eq!(KEEP[0b111_111_000], 0);
        // Row 0 only in column 0: column 0 is used up, the rest of it goes.
        assert_eq!(KEEP[0b111_111_001], 0b110_110_001);
    }

    #[test]
    fn configs_agree_with_keep() {
        for p in 0..512 {
            let union = (0..6)
                .filter(|k| CONFIGS[p] >> k & 1 == 1)
                .fold(0, |acc, k| acc | PERMUTATIONS[k]);
            assert_eq!(union, KEEP[p]);
        }
        assert_eq!(CONFIGS[0x1FF], 0b11_1111);
    }

    #[test]
    fn split_triads_divide_the_configurations() {
        for p in 0..512 {
            let configs: Vec<u16> = (0..6)
                .filter(|k| CONFIGS[p] >> k & 1 == 1)
                .map(|k| PERMUTATIONS[k])
                .collect();
            if configs.len() < 2 {
                continue;
            }
            let t = 1 << SPLIT_TRIAD[p];
            assert_ne!(configs[0] & t, 0, "pattern {p:#o}: not in the first");
            assert!(configs.iter().any(|c| c & t == 0), "pattern {p:#o}: in all");
        }
    }

    #[test]
    fn band_rule_marks_alone_triads() {
        // Keep = identity matrix: every triad is alone.
        let rule = BAND_RULE[0b100_010_001];
        assert_eq!(rule.keep, rule.alone & ((1 << CONFIGS_SHIFT) - 1));
        assert_eq!(rule.keep, 0b111 | 0b111 << 12 | 0b111 << 24);
        assert_eq!(rule.alone >> CONFIGS_SHIFT, 1);
    }

    #[test]
    fn band_peers_count() {
        for peers in BAND_PEERS {
            assert_eq!(peers.count_ones(), 8 + 6);
        }
    }
}
