use std::collections::{BTreeSet, HashSet};

use sudokit_model::{Assignment, Constraint, Model, VarId};

use crate::cages;
use crate::linear::{self, WeightedSum};
use crate::{Cnf, Lit};

/// Which clauses state the rules (see the crate docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// The course's reduction: at least one value per variable, each value
    /// at most once per group (plus an at-most-one where no full group
    /// implies it).
    Minimal,
    /// Exactly one value per variable, and every value once in every full
    /// group.
    #[default]
    Extended,
}

/// How "at most one of these literals" becomes clauses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AtMostOne {
    /// A binary clause per pair: `k(k-1)/2` clauses, no new variable.
    #[default]
    Pairwise,
    /// Sinz's sequential counter: `k - 1` new variables, `3k - 4` clauses.
    Sequential,
}

/// How a killer cage's sum becomes clauses. Combinations by default: 9 to
/// 14 times faster on the 9x9 killer cases (BENCHMARKS.md, "sat encodings
/// and solvers against MiniSat").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cages {
    /// A pseudo-Boolean sum over the direct literals (rustsat's totalizer);
    /// works for every linear constraint.
    Sum,
    /// The digit sets that reach the sum, one selector each (`cages.rs`);
    /// for all-different unit-coefficient sums, others stay [`Cages::Sum`].
    #[default]
    Combinations,
}

/// The encoder's choices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Which clauses.
    pub encoding: Encoding,
    /// Which at-most-one.
    pub amo: AtMostOne,
    /// Which cage sums.
    pub cages: Cages,
}

/// Why a model has no CNF here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unencodable {
    /// A coefficient, value or bound too large for the pseudo-Boolean
    /// encodings (beyond 64-bit sums).
    #[error("a linear constraint or objective has numbers too large to encode")]
    TooLarge,
    /// Objectives are not part of a CNF.
    #[error("objectives have no CNF form here (the SAT encoding is for satisfaction)")]
    Objective,
}

/// A model's CNF with the map back from literals to values.
#[derive(Clone, Debug)]
pub struct Encoded {
    /// The formula.
    pub cnf: Cnf,
    /// For each model variable, its `(value, literal)` pairs, values ascending.
    pub(crate) direct: Direct,
}

/// For each model variable, its `(value, literal)` pairs, values ascending.
pub(crate) type Direct = Vec<Vec<(i32, Lit)>>;

impl Encoded {
    /// The literal "`var` takes `value`", if `value` is in its domain.
    pub fn lit(&self, var: VarId, value: i32) -> Option<Lit> {
        lit_of(&self.direct, var, value)
    }

    /// The model assignment a satisfying truth assignment stands for: each
    /// variable's value whose literal is true, `None` if some variable has
    /// none (the truth assignment is no model of the formula).
    pub fn decode(&self, value: impl Fn(u32) -> bool) -> Option<Assignment> {
        self.direct
            .iter()
            .map(|values| {
                values
                    .iter()
                    .find(|&&(_, lit)| value(lit as u32))
                    .map(|&(v, _)| v)
            })
            .collect()
    }

    /// The truth values of the direct literals for `assignment` (index =
    /// variable number, index 0 unused); auxiliary variables are false.
    pub fn direct_values(&self, assignment: &[i32]) -> Vec<bool> {
        let mut truth = vec![false; self.cnf.vars() as usize + 1];
        for (values, &value) in self.direct.iter().zip(assignment) {
            if let Some(&(_, lit)) = values.iter().find(|(v, _)| *v == value) {
                truth[lit as usize] = true;
            }
        }
        truth
    }
}

/// Encodes `model` as `options` say (see the crate docs). A model with an
/// objective is refused: a CNF states rules, not preferences.
pub fn encode(model: &Model, options: Options) -> Result<Encoded, Unencodable> {
    if model.objective().is_some() {
        return Err(Unencodable::Objective);
    }
    encode_rules(model, options)
}

/// Encodes `model`'s variables and constraints, leaving out its objective.
pub(crate) fn encode_rules(model: &Model, options: Options) -> Result<Encoded, Unencodable> {
    let mut encoder = RulesEncoder::new(model, options);
    while !encoder.is_done(model) {
        encoder.step(model)?;
    }
    Ok(encoder.encoded)
}

/// A model's clauses written a step at a time, so that a caller with a
/// deadline can stop between two steps and carry on later (a 25x25 grid is
/// 752 500 clauses, some 0.1 s of work). The literals are numbered when it
/// is made, so [`RulesEncoder::encoded`] can already map values to them;
/// then each step adds one constraint's clauses, and after the constraints
/// one variable's. Every step must be given the model it was made from.
pub(crate) struct RulesEncoder {
    encoded: Encoded,
    options: Options,
    /// Variables in a full all-different group (which implies their
    /// at-most-one), from the constraints done so far.
    covered: Vec<bool>,
    /// The all-different variable sets, to tell cages from other sums.
    distinct: HashSet<BTreeSet<VarId>>,
    /// Steps done: constraints first, then variables.
    done: usize,
}

impl RulesEncoder {
    /// The model's literals, numbered, and no clause yet.
    pub fn new(model: &Model, options: Options) -> RulesEncoder {
        let mut cnf = Cnf::default();
        cnf.comment(
            "sudokit direct encoding: variable k true = one model variable takes one value",
        );
        let direct: Direct = model
            .vars()
            .iter()
            .map(|var| {
                let values: Vec<(i32, Lit)> = var
                    .domain
                    .values()
                    .iter()
                    .map(|&v| (v, cnf.new_var()))
                    .collect();
                if let (Some(first), Some(last)) = (values.first(), values.last()) {
                    cnf.comment(format!(
                        "{} = {:?}: variables {}..{}",
                        var.name,
                        var.domain.values(),
                        first.1,
                        last.1
                    ));
                }
                values
            })
            .collect();
        RulesEncoder {
            covered: vec![false; direct.len()],
            encoded: Encoded { cnf, direct },
            options,
            distinct: match options.cages {
                Cages::Combinations => cages::all_different_sets(model),
                Cages::Sum => Default::default(),
            },
            done: 0,
        }
    }

    /// The formula so far (every literal, the clauses of the steps done).
    pub fn encoded(&self) -> &Encoded {
        &self.encoded
    }

    /// Whether every step is done.
    pub fn is_done(&self, model: &Model) -> bool {
        self.done == model.constraints().len() + model.vars().len()
    }

    /// Adds the next constraint's clauses, or once they are all in, the
    /// next variable's. Nothing is done on an error, which stays.
    pub fn step(&mut self, model: &Model) -> Result<(), Unencodable> {
        let constraints = model.constraints();
        match constraints.get(self.done) {
            Some(constraint) => self.add_constraint(model, constraint)?,
            None => self.add_variable(self.done - constraints.len()),
        }
        self.done += 1;
        Ok(())
    }

    fn add_constraint(
        &mut self,
        model: &Model,
        constraint: &Constraint,
    ) -> Result<(), Unencodable> {
        let (options, direct, cnf) = (self.options, &self.encoded.direct, &mut self.encoded.cnf);
        match constraint {
            Constraint::AllDifferent(vars) => {
                let values = model.values_of(vars);
                let full = values.len() == vars.len();
                for &value in &values {
                    let lits: Vec<Lit> = vars
                        .iter()
                        .filter_map(|v| lit_of(direct, *v, value))
                        .collect();
                    if full && options.encoding == Encoding::Extended {
                        cnf.kind("each value somewhere in a full group");
                        cnf.add(&lits);
                    }
                    cnf.kind("each value at most once in a group");
                    at_most_one(cnf, options.amo, &lits);
                }
                if full {
                    for v in vars {
                        self.covered[v.index()] = true;
                    }
                }
            }
            Constraint::NotEqualOffset { x, y, offset } => {
                cnf.kind("x != y + c");
                for &(value, lit) in &direct[x.index()] {
                    if let Some(other) = lit_of(direct, *y, value - offset) {
                        cnf.add(&[-lit, -other]);
                    }
                }
            }
            Constraint::Linear { terms, cmp, rhs } => {
                cnf.kind("sums (cages: digit combinations)");
                if options.cages == Cages::Combinations {
                    if let Some((vars, total)) = cages::cage_of(&self.distinct, constraint) {
                        if cages::add_combinations(cnf, direct, &vars, total) {
                            return Ok(());
                        }
                    }
                }
                cnf.kind("sums (pseudo-Boolean)");
                let sum = WeightedSum::of_terms(direct, terms)?;
                linear::add_constraint(cnf, &sum, *cmp, *rhs)?;
            }
        }
        Ok(())
    }

    fn add_variable(&mut self, var: usize) {
        let cnf = &mut self.encoded.cnf;
        let lits: Vec<Lit> = self.encoded.direct[var]
            .iter()
            .map(|&(_, lit)| lit)
            .collect();
        if let [given] = lits[..] {
            cnf.kind("givens");
            cnf.add(&[given]);
            return;
        }
        cnf.kind("each variable some value");
        cnf.add(&lits);
        if !self.covered[var] || self.options.encoding == Encoding::Extended {
            cnf.kind("each variable at most one value");
            at_most_one(cnf, self.options.amo, &lits);
        }
    }
}

pub(crate) fn lit_of(direct: &Direct, var: VarId, value: i32) -> Option<Lit> {
    direct
        .get(var.index())?
        .iter()
        .find(|(v, _)| *v == value)
        .map(|&(_, lit)| lit)
}

/// At most one of `lits` true, as `amo` says.
fn at_most_one(cnf: &mut Cnf, amo: AtMostOne, lits: &[Lit]) {
    match (amo, lits.len()) {
        (_, 0 | 1) => {}
        (AtMostOne::Pairwise, _) | (AtMostOne::Sequential, 2) => {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    cnf.add(&[-a, -b]);
                }
            }
        }
        (AtMostOne::Sequential, k) => {
            // s_i: "one of the first i literals is true".
            let s: Vec<Lit> = (0..k - 1).map(|_| cnf.new_var()).collect();
            cnf.add(&[-lits[0], s[0]]);
            for i in 1..k - 1 {
                cnf.add(&[-lits[i], s[i]]);
                cnf.add(&[-s[i - 1], s[i]]);
                cnf.add(&[-lits[i], -s[i - 1]]);
            }
            cnf.add(&[-lits[k - 1], -s[k - 2]]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every input assignment of `k` literals extends to the auxiliaries
    /// exactly when at most one input is true.
    #[test]
    fn both_at_most_ones_mean_at_most_one() {
        for amo in [AtMostOne::Pairwise, AtMostOne::Sequential] {
            for k in 0..=6usize {
                let mut cnf = Cnf::default();
                let lits: Vec<Lit> = (0..k).map(|_| cnf.new_var()).collect();
                at_most_one(&mut cnf, amo, &lits);
                let aux = cnf.vars() as usize - k;
                for inputs in 0u32..1 << k {
                    let extends = (0u32..1 << aux).any(|a| {
                        let all = inputs | a << k;
                        cnf.satisfied_by(|v| all >> (v - 1) & 1 == 1)
                    });
                    assert_eq!(
                        extends,
                        inputs.count_ones() <= 1,
                        "{amo:?} k={k} {inputs:b}"
                    );
                }
                if amo == AtMostOne::Sequential && k >= 3 {
                    assert_eq!((aux, cnf.len()), (k - 1, 3 * k - 4));
                }
            }
        }
    }
}
