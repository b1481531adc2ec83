use serde::{Deserialize, Serialize};

use crate::{LinearTerm, VarId};

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
