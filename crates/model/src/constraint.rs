use serde::{Deserialize, Serialize};

use crate::VarId;

/// Comparison of a linear constraint: `sum(terms) CMP rhs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cmp {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<=`
    Le,
    /// `>=`
    Ge,
}

impl Cmp {
    /// Whether `lhs CMP rhs` holds.
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            Cmp::Eq => lhs == rhs,
            Cmp::Ne => lhs != rhs,
            Cmp::Le => lhs <= rhs,
            Cmp::Ge => lhs >= rhs,
        }
    }

    /// The operator as written in most modelling languages.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
            Cmp::Le => "<=",
            Cmp::Ge => ">=",
        }
    }
}

/// `coef * var`, one term of a linear expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LinearTerm {
    /// Coefficient.
    pub coef: i64,
    /// Variable.
    pub var: VarId,
}

/// One constraint of a [`crate::Model`].
///
/// The set is small on purpose: each kind is something a puzzle or a course
/// example needs, and every engine must say whether it handles it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Constraint {
    /// All variables take pairwise different values (rows, boxes, cages, ...).
    AllDifferent(Vec<VarId>),
    /// `sum(coef * var) CMP rhs` (killer cage sums, budgets).
    Linear {
        /// The terms of the left-hand side.
        terms: Vec<LinearTerm>,
        /// The comparison.
        cmp: Cmp,
        /// The right-hand side.
        rhs: i64,
    },
    /// `x != y + offset` (N-Queens diagonals, graph-colouring edges with 0).
    NotEqualOffset {
        /// Left variable.
        x: VarId,
        /// Right variable.
        y: VarId,
        /// Constant added to `y`.
        offset: i32,
    },
}

/// The kind of a [`Constraint`], for engines to declare what they support.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ConstraintKind {
    /// [`Constraint::AllDifferent`]
    AllDifferent,
    /// [`Constraint::Linear`]
    Linear,
    /// [`Constraint::NotEqualOffset`]
    NotEqualOffset,
}

impl ConstraintKind {
    /// Every kind of the model IR, for engines that handle them all.
    pub const ALL: &'static [ConstraintKind] = &[
        ConstraintKind::AllDifferent,
        ConstraintKind::Linear,
        ConstraintKind::NotEqualOffset,
    ];

    /// Lower-case name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            ConstraintKind::AllDifferent => "all-different",
            ConstraintKind::Linear => "linear",
            ConstraintKind::NotEqualOffset => "not-equal-offset",
        }
    }
}

impl Constraint {
    /// `sum(vars) = total`, the sum of a killer cage.
    pub fn sum_eq(vars: &[VarId], total: i64) -> Self {
        Constraint::Linear {
            terms: vars
                .iter()
                .map(|&var| LinearTerm { coef: 1, var })
                .collect(),
            cmp: Cmp::Eq,
            rhs: total,
        }
    }

    /// The constraint's kind.
    pub fn kind(&self) -> ConstraintKind {
        match self {
            Constraint::AllDifferent(_) => ConstraintKind::AllDifferent,
            Constraint::Linear { .. } => ConstraintKind::Linear,
            Constraint::NotEqualOffset { .. } => ConstraintKind::NotEqualOffset,
        }
    }

    /// The variables the constraint mentions (with repetition, in order).
    pub fn vars(&self) -> Vec<VarId> {
        match self {
            Constraint::AllDifferent(vars) => vars.clone(),
            Constraint::Linear { terms, .. } => terms.iter().map(|t| t.var).collect(),
            Constraint::NotEqualOffset { x, y, .. } => vec![*x, *y],
        }
    }

    /// Whether a full assignment (indexed by [`VarId`]) satisfies the constraint.
    pub fn is_satisfied_by(&self, values: &[i32]) -> bool {
        let value = |v: VarId| values[v.index()];
        match self {
            Constraint::AllDifferent(vars) => {
                let mut seen: Vec<i32> = vars.iter().map(|&v| value(v)).collect();
                seen.sort_unstable();
                seen.windows(2).all(|w| w[0] != w[1])
            }
            Constraint::Linear { terms, cmp, rhs } => {
                let lhs: i64 = terms.iter().map(|t| t.coef * i64::from(value(t.var))).sum();
                cmp.holds(lhs, *rhs)
            }
            Constraint::NotEqualOffset { x, y, offset } => {
                i64::from(value(*x)) != i64::from(value(*y)) + i64::from(*offset)
            }
        }
    }
}
