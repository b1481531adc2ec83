//! `sum(coef * x) CMP rhs`: bounds consistency, and for killer cages (an
//! `=` with unit coefficients over exactly the variables of an all-different)
//! the digit combinations that can still reach the sum: every variable keeps
//! only values of some set of distinct values that sums to `rhs` and meets
//! every variable's domain.

use sudokit_model::Cmp;

use crate::domains::{is_fixed, range_mask, Domains};
use crate::word::Word;

/// Above this many candidate subsets the combination pass is skipped
/// (bounds consistency still runs).
const MAX_SUBSETS: u64 = 5000;

/// One linear constraint.
#[derive(Clone, Debug)]
pub(crate) struct Linear {
    vars: Vec<u32>,
    coefs: Vec<i64>,
    cmp: Cmp,
    rhs: i64,
    base: i64,
    /// A cage: unit coefficients, `=`, and the variables are all-different.
    distinct: bool,
}

impl Linear {
    pub(crate) fn new(
        terms: Vec<(u32, i64)>,
        cmp: Cmp,
        rhs: i64,
        base: i32,
        distinct: bool,
    ) -> Self {
        Linear {
            vars: terms.iter().map(|t| t.0).collect(),
            coefs: terms.iter().map(|t| t.1).collect(),
            cmp,
            rhs,
            base: i64::from(base),
            distinct,
        }
    }

    pub(crate) fn vars(&self) -> &[u32] {
        &self.vars
    }

    /// `!=` only prunes once all but one variable are fixed.
    pub(crate) fn fix_only(&self) -> bool {
        self.cmp == Cmp::Ne
    }

    fn bounds<W: Word>(&self, m: W, coef: i64) -> (i64, i64) {
        let lo = self.base + i64::from(m.trailing_zeros());
        let hi = self.base + i64::from(m.highest());
        if coef >= 0 {
            (coef * lo, coef * hi)
        } else {
            (coef * hi, coef * lo)
        }
    }

    pub(crate) fn propagate<W: Word>(&mut self, d: &mut Domains<W>) -> bool {
        if self.cmp == Cmp::Ne {
            return self.propagate_ne(d);
        }
        loop {
            let (mut smin, mut smax) = (0i64, 0i64);
            for (&v, &c) in self.vars.iter().zip(&self.coefs) {
                let (lo, hi) = self.bounds(d.get(v as usize), c);
                smin += lo;
                smax += hi;
            }
            let (need_lo, need_hi) = match self.cmp {
                Cmp::Eq => (self.rhs, self.rhs),
                Cmp::Le => (i64::MIN / 4, self.rhs),
                Cmp::Ge => (self.rhs, i64::MAX / 4),
                Cmp::Ne => unreachable!("handled above"),
            };
            if smin > need_hi || smax < need_lo {
                return false;
            }
            let mut changed = false;
            for (&v, &c) in self.vars.iter().zip(&self.coefs) {
                if c == 0 {
                    continue;
                }
                let m = d.get(v as usize);
                let (lo, hi) = self.bounds(m, c);
                // Contribution of this term must lie in [clo, chi].
                let clo = need_lo - (smax - hi);
                let chi = need_hi - (smin - lo);
                if clo <= lo && hi <= chi {
                    continue;
                }
                let (vmin, vmax) = if c > 0 {
                    (ceil_div(clo, c), floor_div(chi, c))
                } else {
                    (ceil_div(chi, c), floor_div(clo, c))
                };
                let mask: W = range_mask(vmin - self.base, vmax - self.base);
                if m & !mask != W::ZERO {
                    if !d.set(v as usize, m & mask) {
                        return false;
                    }
                    changed = true;
                }
            }
            if changed {
                continue;
            }
            if self.distinct {
                match self.combinations(d) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            return true;
        }
    }

    fn propagate_ne<W: Word>(&mut self, d: &mut Domains<W>) -> bool {
        let mut sum = 0i64;
        let mut open = None;
        for (i, (&v, &c)) in self.vars.iter().zip(&self.coefs).enumerate() {
            let m = d.get(v as usize);
            if is_fixed(m) {
                sum += c * (self.base + i64::from(m.trailing_zeros()));
            } else if open.is_some() {
                return true;
            } else {
                open = Some(i);
            }
        }
        match open {
            None => sum != self.rhs,
            Some(i) => {
                let c = self.coefs[i];
                let rest = self.rhs - sum;
                if c != 0 && rest % c == 0 {
                    let bit = rest / c - self.base;
                    if (0..i64::from(W::BITS)).contains(&bit) {
                        return d.restrict(self.vars[i] as usize, !W::bit(bit as u32));
                    }
                }
                c != 0 || sum != self.rhs
            }
        }
    }

    /// Keeps the values of sets of distinct values that sum to `rhs` and meet
    /// every domain. `None`: no such set; `Some(changed)` otherwise.
    fn combinations<W: Word>(&self, d: &mut Domains<W>) -> Option<bool> {
        let k = self.vars.len();
        let mut union = W::ZERO;
        for &v in &self.vars {
            union |= d.get(v as usize);
        }
        if binomial(union.count_ones() as u64, k as u64) > MAX_SUBSETS {
            return Some(false);
        }
        let doms: Vec<W> = self.vars.iter().map(|&v| d.get(v as usize)).collect();
        let mut bits = Vec::with_capacity(W::BITS as usize);
        let mut u = union;
        while u != W::ZERO {
            bits.push(u.trailing_zeros());
            u &= u - W::bit(0);
        }
        let target = self.rhs - k as i64 * self.base;
        let mut allowed = W::ZERO;
        subsets(&bits, 0, k, target, W::ZERO, &doms, &mut allowed);
        if allowed == W::ZERO {
            return None;
        }
        let mut changed = false;
        for &v in &self.vars {
            let m = d.get(v as usize);
            if m & !allowed != W::ZERO {
                if !d.set(v as usize, m & allowed) {
                    return None;
                }
                changed = true;
            }
        }
        Some(changed)
    }
}

/// Enumerates `left`-subsets of `bits[from..]` whose bit indices sum to
/// `target`; each one that meets every domain joins `allowed`.
fn subsets<W: Word>(
    bits: &[u32],
    from: usize,
    left: usize,
    target: i64,
    set: W,
    doms: &[W],
    allowed: &mut W,
) {
    if left == 0 {
        if target == 0 && set & !*allowed != W::ZERO && doms.iter().all(|&m| m & set != W::ZERO) {
            *allowed |= set;
        }
        return;
    }
    if bits.len() - from < left {
        return;
    }
    // The smallest `left` remaining bits already exceed the target: stop.
    let smallest: i64 = bits[from..from + left].iter().map(|&b| i64::from(b)).sum();
    if smallest > target {
        return;
    }
    let largest: i64 = bits[bits.len() - left..]
        .iter()
        .map(|&b| i64::from(b))
        .sum();
    if largest < target {
        return;
    }
    for i in from..bits.len() {
        subsets(
            bits,
            i + 1,
            left - 1,
            target - i64::from(bits[i]),
            set | W::bit(bits[i]),
            doms,
            allowed,
        );
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r = 1u64;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    -floor_div(-a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_rounds_the_right_way() {
        assert_eq!(floor_div(7, 2), 3);
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(ceil_div(7, 2), 4);
        assert_eq!(ceil_div(-7, 2), -3);
        assert_eq!(floor_div(7, -2), -4);
        assert_eq!(ceil_div(7, -2), -3);
    }

    #[test]
    fn cage_of_two_summing_to_three_is_one_and_two() {
        // values 1..=9 (base 1), two distinct cells summing to 3.
        let mut d = Domains::<u64>::new(vec![0x1ff, 0x1ff]);
        let mut lin = Linear::new(vec![(0, 1), (1, 1)], Cmp::Eq, 3, 1, true);
        assert!(lin.propagate(&mut d));
        assert_eq!(d.get(0), 0b11);
        assert_eq!(d.get(1), 0b11);
    }

    #[test]
    fn cage_of_three_summing_to_twenty_four_is_seven_eight_nine() {
        let mut d = Domains::<u64>::new(vec![0x1ff; 3]);
        let mut lin = Linear::new(vec![(0, 1), (1, 1), (2, 1)], Cmp::Eq, 24, 1, true);
        assert!(lin.propagate(&mut d));
        assert!((0..3).all(|v| d.get(v) == 0b1_1100_0000));
    }

    /// Every solution of the original domains survives propagation, and a
    /// failure means there is none (soundness, by brute force).
    #[test]
    fn propagation_never_loses_a_solution() {
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..3000 {
            let k = 1 + rng.below(4);
            let doms: Vec<u64> = (0..k)
                .map(|_| (rng.next_u64() & 0x3f) | 1 << rng.below(6))
                .collect();
            let distinct = rng.below(2) == 0;
            let coefs: Vec<i64> = (0..k)
                .map(|_| if distinct { 1 } else { rng.below(7) as i64 - 3 })
                .collect();
            let cmp = if distinct {
                Cmp::Eq
            } else {
                [Cmp::Eq, Cmp::Le, Cmp::Ge, Cmp::Ne][rng.below(4)]
            };
            let rhs = rng.below(25) as i64 - 4;
            let base = 1;
            let terms: Vec<(u32, i64)> = (0..k as u32).zip(coefs.iter().copied()).collect();
            let mut d = Domains::new(doms.clone());
            let ok = Linear::new(terms, cmp, rhs, base, distinct).propagate(&mut d);
            // Brute force over all assignments.
            let mut count = 0;
            let mut idx = vec![0u32; k];
            loop {
                let valid = idx.iter().zip(&doms).all(|(&b, &m)| m >> b & 1 == 1)
                    && (!distinct || (0..k).all(|i| (0..i).all(|j| idx[i] != idx[j])));
                if valid {
                    let sum: i64 = idx
                        .iter()
                        .zip(&coefs)
                        .map(|(&b, &c)| c * (i64::from(b) + 1))
                        .sum();
                    if cmp.holds(sum, rhs) {
                        count += 1;
                        assert!(
                            ok,
                            "lost every solution of {doms:?} {coefs:?} {cmp:?} {rhs}"
                        );
                        for (i, &b) in idx.iter().enumerate() {
                            assert!(
                                d.get(i) >> b & 1 == 1,
                                "lost a solution of {doms:?} {coefs:?} {cmp:?} {rhs}"
                            );
                        }
                    }
                }
                let mut i = 0;
                while i < k && idx[i] == 5 {
                    idx[i] = 0;
                    i += 1;
                }
                if i == k {
                    break;
                }
                idx[i] += 1;
            }
            if !ok {
                assert_eq!(count, 0);
            }
        }
    }
}
