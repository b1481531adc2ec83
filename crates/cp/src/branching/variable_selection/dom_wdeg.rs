//! `dom-wdeg` (Boussemart et al. 2004): every constraint starts with weight 1
//! and gains 1 each time it fails; a variable's weighted degree is the sum of
//! the weights of its constraints, and the variable with the smallest
//! `|dom| / wdeg` is chosen. The search learns where the hard part of the
//! problem is. (Simplification: the weights count for every variable of the
//! failed constraint, including those already fixed.)

use crate::branching::{VariableSelector, View};

/// Smallest `|dom| / wdeg`.
#[derive(Default)]
pub(crate) struct DomWDeg {
    wdeg: Vec<u64>,
}

impl VariableSelector for DomWDeg {
    fn select(&mut self, view: &View<'_>) -> Option<usize> {
        if self.wdeg.len() != view.dom.len() {
            self.wdeg = view
                .var_props
                .iter()
                .map(|p| p.len().max(1) as u64)
                .collect();
        }
        let mut best = None;
        let (mut best_dom, mut best_w) = (65u64, 1u64);
        for (i, &m) in view.dom.iter().enumerate() {
            let dom = u64::from(m.count_ones());
            if dom > 1 {
                let w = self.wdeg[i];
                if dom * best_w < best_dom * w {
                    best = Some(i);
                    best_dom = dom;
                    best_w = w;
                }
            }
        }
        best
    }

    fn on_conflict(&mut self, _prop: usize, vars: &[u32]) {
        if self.wdeg.is_empty() {
            return;
        }
        for &v in vars {
            self.wdeg[v as usize] += 1;
        }
    }
}
