//! Killer cages by their digit combinations, the alternative to a
//! pseudo-Boolean sum ([`crate::Cages::Combinations`]).
//!
//! A cage of `k` all-different cells summing to `s` can only hold one of
//! the `k`-sets of digits that add up to `s` (a 3-cell 7 is {1,2,4}). One
//! selector per set: some set is chosen; a chosen set keeps every other
//! digit out of the cage and puts each of its digits in some cell. Unit
//! propagation then does what a solver by hand does with the combination
//! table, with no auxiliary sum.

use std::collections::{BTreeSet, HashSet};

use sudokit_model::{Constraint, Model, VarId};

use crate::encode::Direct;
use crate::{Cnf, Lit};

/// Digit sets beyond this many values are left to the pseudo-Boolean sum.
const MAX_VALUES: usize = 16;

/// The variable sets of a model's all-different constraints, to tell a
/// cage's sum from any other (built once per model).
pub(crate) fn all_different_sets(model: &Model) -> HashSet<BTreeSet<VarId>> {
    model
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::AllDifferent(vars) => Some(vars.iter().copied().collect()),
            _ => None,
        })
        .collect()
}

/// The all-different sum `vars = rhs` of a cage, if `constraint` is one: unit
/// coefficients, equality, and an all-different over exactly its variables
/// (one of `distinct`).
pub(crate) fn cage_of(
    distinct: &HashSet<BTreeSet<VarId>>,
    constraint: &Constraint,
) -> Option<(Vec<VarId>, i64)> {
    let Constraint::Linear { terms, cmp, rhs } = constraint else {
        return None;
    };
    if *cmp != sudokit_model::Cmp::Eq || terms.iter().any(|t| t.coef != 1) {
        return None;
    }
    let vars: BTreeSet<VarId> = terms.iter().map(|t| t.var).collect();
    if vars.len() != terms.len() || !distinct.contains(&vars) {
        return None;
    }
    Some((vars.into_iter().collect(), *rhs))
}

/// Adds the combination clauses of the cage `vars = sum`; `false` (nothing
/// added) when its cells' values are too many to list the sets.
pub(crate) fn add_combinations(cnf: &mut Cnf, direct: &Direct, vars: &[VarId], sum: i64) -> bool {
    let values: Vec<i32> = vars
        .iter()
        .flat_map(|v| direct[v.index()].iter().map(|&(value, _)| value))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if values.len() > MAX_VALUES {
        return false;
    }
    let sets = sets_with_sum(&values, vars.len(), sum);
    let cells_with = |value: i32| -> Vec<Lit> {
        vars.iter()
            .filter_map(|v| crate::encode::lit_of(direct, *v, value))
            .collect()
    };
    let selectors: Vec<Lit> = sets.iter().map(|_| cnf.new_var()).collect();
    cnf.add(&selectors);
    for (set, &chosen) in sets.iter().zip(&selectors) {
        for (i, &value) in values.iter().enumerate() {
            if set >> i & 1 == 1 {
                let mut somewhere = cells_with(value);
                somewhere.push(-chosen);
                cnf.add(&somewhere);
            } else {
                for lit in cells_with(value) {
                    cnf.add(&[-chosen, -lit]);
                }
            }
        }
    }
    true
}

/// Every `k`-subset of `values` (as a bit set over their positions) whose
/// values add up to `sum`.
fn sets_with_sum(values: &[i32], k: usize, sum: i64) -> Vec<u32> {
    (0u32..1 << values.len())
        .filter(|set| set.count_ones() as usize == k)
        .filter(|set| {
            let total: i64 = (0..values.len())
                .filter(|i| set >> i & 1 == 1)
                .map(|i| i64::from(values[i]))
                .sum();
            total == sum
        })
        .collect()
}
