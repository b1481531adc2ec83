//! A sudokit [`Model`] as a Choco model: one `IntVar` per variable over
//! its domain, `allDifferent` per group (at the consistency asked),
//! `scalar` for sums and other linear constraints, `arithm(x, "-", y,
//! "!=", c)` for `x ≠ y + c`; an objective becomes one `IntVar` tied to
//! the variables through an `element` table per variable and value.
//!
//! Everything is checked before it is built (a Java exception inside the
//! library would abort the process): each number must fit Choco's 32-bit
//! `int`, and a model with an empty domain never reaches Choco.

use sudokit_model::{Cmp, Constraint, Model, Objective, Sense};

use crate::ffi::{Obj, Session, EQ, GE, LE, NE};
use crate::Consistency;

/// A model in the isolate: its solver and one variable per model variable,
/// handles of session `'s`.
pub(crate) struct Translated<'s> {
    pub solver: Obj<'s>,
    pub model: Obj<'s>,
    pub vars: Vec<Obj<'s>>,
    /// The model variables as a Java `IntVar[]`, for the search.
    pub var_array: Obj<'s>,
}

/// Why a model cannot be given to Choco.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Untranslatable(String);

fn int(value: i64, what: &str) -> Result<i32, Untranslatable> {
    i32::try_from(value)
        .map_err(|_| Untranslatable(format!("{what} {value}, beyond Choco's 32-bit integers")))
}

/// Builds `model` in `session`, with its objective when `objective` is given.
/// Every domain must be non-empty.
pub(crate) fn translate<'s>(
    session: &'s Session,
    model: &Model,
    consistency: Consistency,
    objective: Option<&Objective>,
) -> Result<Translated<'s>, Untranslatable> {
    let handle = session.model();
    let vars: Vec<Obj<'_>> = model
        .vars()
        .iter()
        .map(|var| session.int_var(handle, var.domain.values()))
        .collect();
    for constraint in model.constraints() {
        match constraint {
            Constraint::AllDifferent(group) => {
                let members: Vec<Obj<'_>> = group.iter().map(|v| vars[v.index()]).collect();
                let array = session.var_array(&members);
                session.all_different(handle, array, consistency.choco_name());
            }
            Constraint::Linear { terms, cmp, rhs } => {
                let coefs = terms
                    .iter()
                    .map(|t| int(t.coef, "a coefficient"))
                    .collect::<Result<Vec<i32>, _>>()?;
                let rhs = int(*rhs, "a right-hand side")?;
                let members: Vec<Obj<'_>> = terms.iter().map(|t| vars[t.var.index()]).collect();
                let (array, coefs) = (session.var_array(&members), session.int_array(&coefs));
                let op = match cmp {
                    Cmp::Eq => EQ,
                    Cmp::Ne => NE,
                    Cmp::Le => LE,
                    Cmp::Ge => GE,
                };
                session.scalar(handle, array, coefs, op, rhs);
            }
            Constraint::NotEqualOffset { x, y, offset } => {
                session.not_equal_offset(handle, vars[x.index()], vars[y.index()], *offset)
            }
        }
    }
    if let Some(objective) = objective {
        set_objective(session, handle, model, &vars, objective)?;
    }
    let var_array = session.var_array(&vars);
    let solver = session.solver(handle);
    Ok(Translated {
        solver,
        model: handle,
        vars,
        var_array,
    })
}

/// `objective = constant + Σ w_x`, with `w_x = table_x[x - min x]` the
/// weight of the value `x` takes; set as the model's objective.
fn set_objective(
    session: &Session,
    handle: Obj<'_>,
    model: &Model,
    vars: &[Obj<'_>],
    objective: &Objective,
) -> Result<(), Untranslatable> {
    let overflow = || Untranslatable("an objective weight beyond 64-bit integers".into());
    let weights = objective.expr.value_weights(model).ok_or_else(overflow)?;
    let (mut low, mut high) = (objective.expr.constant, objective.expr.constant);
    let mut parts = Vec::new();
    for (var, weights) in &weights {
        let values = model.var(*var).domain.values();
        let (first, last) = (values[0], values[values.len() - 1]);
        let mut table = vec![0; (i64::from(last) - i64::from(first) + 1) as usize];
        for (&value, &weight) in values.iter().zip(weights) {
            table[(value - first) as usize] = int(weight, "an objective weight")?;
        }
        let mut taken: Vec<i32> = values
            .iter()
            .map(|&v| table[(v - first) as usize])
            .collect();
        taken.sort_unstable();
        taken.dedup();
        low = low.checked_add(i64::from(taken[0])).ok_or_else(overflow)?;
        high = high
            .checked_add(i64::from(taken[taken.len() - 1]))
            .ok_or_else(overflow)?;
        let weight = session.int_var(handle, &taken);
        let table = session.int_array(&table);
        session.element(handle, weight, table, vars[var.index()], first);
        parts.push(weight);
    }
    let (low, high) = (
        int(low, "an objective bound")?,
        int(high, "an objective bound")?,
    );
    let minus_constant = objective.expr.constant.checked_neg().ok_or_else(overflow)?;
    let minus_constant = int(minus_constant, "an objective constant")?;
    let value = session.int_var_range(handle, low, high);
    // Σ w_x - objective = -constant
    let mut coefs = vec![1; parts.len()];
    coefs.push(-1);
    parts.push(value);
    let (array, coefs) = (session.var_array(&parts), session.int_array(&coefs));
    session.scalar(handle, array, coefs, EQ, minus_constant);
    session.set_objective(handle, objective.sense == Sense::Maximize, value);
    Ok(())
}
