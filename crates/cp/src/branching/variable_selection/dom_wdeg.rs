//! `dom-wdeg` (Boussemart, Hemery, Lecoutre & Sais 2004): every constraint
//! starts with weight 1 and gains 1 each time it fails; a variable's weighted
//! degree is the sum of the weights of its constraints that still have
//! another unfixed variable, and the variable with the smallest
//! `|dom| / wdeg` is chosen. The search learns where the hard part of the
//! problem is.

use super::LiveConstraints;
use crate::branching::{VariableSelector, View};
use crate::word::Word;

/// Smallest `|dom| / wdeg`.
#[derive(Default)]
pub(crate) struct DomWDeg {
    weight: Vec<u64>,
    live: LiveConstraints,
}

impl DomWDeg {
    /// The weighted degree of the unfixed variable `x`.
    fn wdeg<W: Word>(&mut self, x: usize, view: &View<'_, W>) -> u64 {
        let mut sum = 0;
        for &p in &view.var_props[x] {
            let p = p as usize;
            if self.live.is_live(p, view) {
                sum += self.weight.get(p).copied().unwrap_or(1);
            }
        }
        sum
    }
}

impl<W: Word> VariableSelector<W> for DomWDeg {
    fn select(&mut self, view: &View<'_, W>) -> Option<usize> {
        self.live.next_round(view);
        let mut best = None;
        let (mut best_dom, mut best_w) = (u64::MAX, 0u64);
        for (x, &m) in view.dom.iter().enumerate() {
            let dom = u64::from(m.count_ones());
            if dom < 2 {
                continue;
            }
            // dom / w < best_dom / best_w, without division (w may be 0:
            // a variable in no live constraint comes last).
            let w = self.wdeg(x, view);
            if best.is_none()
                || u128::from(dom) * u128::from(best_w) < u128::from(best_dom) * u128::from(w)
            {
                best = Some(x);
                best_dom = dom;
                best_w = w;
            }
        }
        best
    }

    fn on_conflict(&mut self, prop: usize, _vars: &[u32]) {
        if self.weight.len() <= prop {
            self.weight.resize(prop + 1, 1);
        }
        self.weight[prop] += 1;
    }
}
