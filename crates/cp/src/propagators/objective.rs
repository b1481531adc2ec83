//! The objective bound of branch-and-bound. The objective is turned into a
//! sum of per-variable weight tables (a linear term `c * x` weighs
//! `c * value`), always minimised (a maximisation is negated). Once a
//! solution of cost `z` is known the bound becomes `cost <= z - 1`: the sum of
//! each table's smallest remaining weight must stay within it, and any value
//! whose weight would break it is removed.

use crate::domains::Domains;
use crate::word::Word;

/// `constant + sum(table_i[x_i]) <= bound`.
#[derive(Clone, Debug)]
pub(crate) struct ObjectiveBound<W: Word> {
    vars: Vec<u32>,
    tables: Vec<W::Table<i64>>,
    constant: i64,
    pub(crate) bound: i64,
}

impl<W: Word> ObjectiveBound<W> {
    pub(crate) fn new(terms: Vec<(u32, W::Table<i64>)>, constant: i64) -> Self {
        ObjectiveBound {
            vars: terms.iter().map(|t| t.0).collect(),
            tables: terms.into_iter().map(|t| t.1).collect(),
            constant,
            bound: i64::MAX,
        }
    }

    pub(crate) fn vars(&self) -> &[u32] {
        &self.vars
    }

    fn least(table: &W::Table<i64>, mut m: W) -> i64 {
        let mut best = i64::MAX;
        while m != W::ZERO {
            best = best.min(table[m.trailing_zeros() as usize]);
            m &= m - W::bit(0);
        }
        best
    }

    pub(crate) fn propagate(&mut self, d: &mut Domains<W>) -> bool {
        if self.bound == i64::MAX {
            return true;
        }
        loop {
            let mins: Vec<i64> = self
                .vars
                .iter()
                .zip(&self.tables)
                .map(|(&v, t)| Self::least(t, d.get(v as usize)))
                .collect();
            let lb = self.constant + mins.iter().sum::<i64>();
            if lb > self.bound {
                return false;
            }
            let mut changed = false;
            for (i, (&v, t)) in self.vars.iter().zip(&self.tables).enumerate() {
                let slack = self.bound - (lb - mins[i]);
                let mut m = d.get(v as usize);
                let mut keep = m;
                while m != W::ZERO {
                    let b = m.trailing_zeros();
                    m &= m - W::bit(0);
                    if t[b as usize] > slack {
                        keep &= !W::bit(b);
                    }
                }
                if keep != d.get(v as usize) {
                    if !d.set(v as usize, keep) {
                        return false;
                    }
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }
}
