use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{LinearTerm, Model, VarId};

/// Minimise or maximise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sense {
    /// Smaller is better.
    Minimize,
    /// Larger is better.
    Maximize,
}

/// A weight for each value a variable may take: the course's weighted latin
/// square earns `weight(v)` when its cell holds `v`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ValueWeights {
    /// The variable.
    pub var: VarId,
    /// `(value, weight)` pairs; a value not listed weighs 0.
    pub weights: Vec<(i32, i64)>,
}

impl ValueWeights {
    /// The weight of `value`.
    pub fn weight(&self, value: i32) -> i64 {
        self.weights
            .iter()
            .find(|(v, _)| *v == value)
            .map_or(0, |(_, w)| *w)
    }
}

/// `constant + sum(coef * var) + sum(weight(var = value))`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Expr {
    /// Linear part.
    pub linear: Vec<LinearTerm>,
    /// Per-(variable, value) weights.
    pub tables: Vec<ValueWeights>,
    /// Constant offset.
    pub constant: i64,
}

impl Expr {
    /// Every variable the expression mentions.
    pub fn vars(&self) -> Vec<VarId> {
        self.linear
            .iter()
            .map(|t| t.var)
            .chain(self.tables.iter().map(|t| t.var))
            .collect()
    }

    /// What each variable the expression names adds to it, for each value
    /// of its domain in `model` (linear terms and tables summed; weights in
    /// the order of `domain.values()`): the expression is its constant plus
    /// one of these per variable. `None` when a weight overflows.
    pub fn value_weights(&self, model: &Model) -> Option<BTreeMap<VarId, Vec<i64>>> {
        let mut weights: BTreeMap<VarId, Vec<i64>> = BTreeMap::new();
        for term in &self.linear {
            let values = model.var(term.var).domain.values();
            let slots = weights
                .entry(term.var)
                .or_insert_with(|| vec![0; values.len()]);
            for (slot, &value) in slots.iter_mut().zip(values) {
                let weight = term.coef.checked_mul(i64::from(value))?;
                *slot = slot.checked_add(weight)?;
            }
        }
        for table in &self.tables {
            let values = model.var(table.var).domain.values();
            let slots = weights
                .entry(table.var)
                .or_insert_with(|| vec![0; values.len()]);
            for (slot, &value) in slots.iter_mut().zip(values) {
                *slot = slot.checked_add(table.weight(value))?;
            }
        }
        Some(weights)
    }

    /// The value of the expression under a full assignment.
    pub fn evaluate(&self, values: &[i32]) -> i64 {
        let linear: i64 = self
            .linear
            .iter()
            .map(|t| t.coef * i64::from(values[t.var.index()]))
            .sum();
        let tables: i64 = self
            .tables
            .iter()
            .map(|t| t.weight(values[t.var.index()]))
            .sum();
        self.constant + linear + tables
    }
}

/// What an optimisation model asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Objective {
    /// Direction.
    pub sense: Sense,
    /// The expression to optimise.
    pub expr: Expr,
}

impl Objective {
    /// True when `a` is strictly better than `b`.
    pub fn better(&self, a: i64, b: i64) -> bool {
        match self.sense {
            Sense::Minimize => a < b,
            Sense::Maximize => a > b,
        }
    }
}
