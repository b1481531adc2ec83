//! `chs`, conflict-history search (Habet & Terrioux 2021): each constraint
//! keeps a score `q` that is bumped, on each failure it causes, towards
//! `1 / (conflicts since it last failed + 1)` with a step `alpha` that
//! decays from 0.4 to 0.06; recent conflicts weigh most. The variable with
//! the largest `(sum of q + delta over its constraints that have another
//! unfixed variable) / |dom|` is chosen. At a
//! restart `alpha` goes back to 0.4 and every score decays by `0.995` per
//! conflict since its constraint last failed.

use super::LiveConstraints;
use crate::branching::{VariableSelector, View};
use crate::word::Word;

const DELTA: f64 = 1e-4;

/// Largest recent-conflict score per value.
pub(crate) struct ConflictHistory {
    q: Vec<f64>,
    last: Vec<u64>,
    conflicts: u64,
    alpha: f64,
    live: LiveConstraints,
}

impl Default for ConflictHistory {
    fn default() -> Self {
        ConflictHistory {
            q: Vec::new(),
            last: Vec::new(),
            conflicts: 0,
            alpha: 0.4,
            live: LiveConstraints::default(),
        }
    }
}

impl<W: Word> VariableSelector<W> for ConflictHistory {
    fn select(&mut self, view: &View<'_, W>) -> Option<usize> {
        self.live.next_round(view);
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for (i, &m) in view.dom.iter().enumerate() {
            let dom = m.count_ones();
            if dom > 1 {
                let mut q = 0.0;
                for &p in &view.var_props[i] {
                    if self.live.is_live(p as usize, view) {
                        q += self.q.get(p as usize).copied().unwrap_or(0.0) + DELTA;
                    }
                }
                let score = q / f64::from(dom);
                if score > best_score {
                    best_score = score;
                    best = Some(i);
                }
            }
        }
        best
    }

    fn on_restart(&mut self) {
        self.alpha = 0.4;
        for (q, &last) in self.q.iter_mut().zip(&self.last) {
            *q *= 0.995f64.powf((self.conflicts - last) as f64);
        }
    }

    fn on_conflict(&mut self, prop: usize, _vars: &[u32]) {
        self.conflicts += 1;
        if self.q.len() <= prop {
            self.q.resize(prop + 1, 0.0);
            self.last.resize(prop + 1, 0);
        }
        let reward = 1.0 / (self.conflicts - self.last[prop] + 1) as f64;
        self.q[prop] = (1.0 - self.alpha) * self.q[prop] + self.alpha * reward;
        self.last[prop] = self.conflicts;
        self.alpha = (self.alpha - 1e-6).max(0.06);
    }
}
