//! A [`Model`] as SMT-LIB: one constant per variable, of sort `Int` or
//! `(_ BitVec w)`, and one assertion per constraint.
//!
//! **Int** (the course's `Z3IntSolverSimple`): a variable is an `Int`
//! bounded by its domain, an all-different group is `distinct`, a linear
//! constraint is written as it reads.
//!
//! **BitVec** (the course's BitVec solver): a variable is a bit-vector of
//! the fewest bits that hold its values, read as unsigned: the digit 5 of
//! a Sudoku is `#b0101`. A model with negative values shifts them all by
//! its smallest (`value = base + bits`). Arithmetic on bit-vectors wraps,
//! so sums and offsets are computed in a width that cannot overflow
//! (operands zero-extended), and a linear constraint moves its negative
//! terms to the other side so every comparison is unsigned.

use sudokit_model::{Cmp, Constraint, Domain, Expr, LinearTerm, Model, Objective, Sense};

use crate::term::{and, app, atom, differ, int, integer_value, nary, or, Term};

/// The sort of the model's variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sort {
    /// Mathematical integers.
    Int,
    /// Bit-vectors just wide enough for the model's values.
    BitVec,
}

/// Why a model has no SMT-LIB form here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unencodable(pub String);

/// A model's variables and rules in SMT-LIB.
#[derive(Clone, Debug)]
pub struct Encoded {
    sort: Sort,
    /// Bit-vector width of a variable.
    width: u32,
    /// Bit-vectors hold `value - base`.
    base: i64,
    symbols: Vec<String>,
    /// One `declare-const` per variable.
    pub declarations: Vec<Term>,
    /// One `assert` per constraint.
    pub rules: Vec<Term>,
}

/// Bit-vectors wider than this would overflow the integers that compute them.
const MAX_WIDTH: u32 = 62;

impl Encoded {
    /// Declares the model's variables and states its constraints (not the
    /// domains: [`Encoded::domain`] says those, per puzzle).
    pub fn new(model: &Model, sort: Sort) -> Result<Encoded, Unencodable> {
        let values = model.vars().iter().flat_map(|v| v.domain.values());
        let (lo, hi) = values.fold((0i64, 0i64), |(lo, hi), &v| {
            (lo.min(i64::from(v)), hi.max(i64::from(v)))
        });
        let base = lo;
        let width = bits(hi - base).max(1);
        let symbols = symbols(model);
        let sort_term = match sort {
            Sort::Int => atom("Int"),
            Sort::BitVec => bitvec_sort(width),
        };
        let declarations = symbols
            .iter()
            .map(|s| app("declare-const", [atom(s.as_str()), sort_term.clone()]))
            .collect();
        let mut encoded = Encoded {
            sort,
            width,
            base,
            symbols,
            declarations,
            rules: Vec::new(),
        };
        encoded.rules = model
            .constraints()
            .iter()
            .map(|c| encoded.constraint(c).map(|t| app("assert", [t])))
            .collect::<Result<_, _>>()?;
        Ok(encoded)
    }

    /// Adds, for every all-different group whose domains together hold as
    /// many values as it has variables (a row, column or box of a grid),
    /// "each value is taken somewhere in the group": redundant, and what
    /// lets Z3 find hidden singles (the `sat` engine's extended encoding
    /// says the same in clauses).
    pub fn add_each_value_somewhere(&mut self, model: &Model) {
        for constraint in model.constraints() {
            let Constraint::AllDifferent(group) = constraint else {
                continue;
            };
            let values = model.values_of(group);
            if values.len() != group.len() {
                continue;
            }
            for value in values {
                let somewhere = group
                    .iter()
                    .filter(|v| model.var(**v).domain.contains(value))
                    .map(|v| app("=", [self.var(v.index()), self.value(value.into())]))
                    .collect();
                self.rules.push(app("assert", [or(somewhere)]));
            }
        }
    }

    /// The sort of the variables.
    pub fn sort(&self) -> Sort {
        self.sort
    }

    /// The constant of variable `index`.
    pub fn var(&self, index: usize) -> Term {
        atom(self.symbols[index].as_str())
    }

    /// Every variable's constant, in model order (what `get-value` asks).
    pub fn vars(&self) -> Vec<Term> {
        (0..self.symbols.len()).map(|i| self.var(i)).collect()
    }

    /// A value of a variable as a literal of the sort.
    pub fn value(&self, value: i64) -> Term {
        match self.sort {
            Sort::Int => int(value),
            Sort::BitVec => bitvec(value - self.base, self.width),
        }
    }

    /// The model value of a variable, from the solver's literal.
    pub fn decode(&self, term: &Term) -> Option<i32> {
        let raw = integer_value(term)?;
        let value = match self.sort {
            Sort::Int => raw,
            Sort::BitVec => raw + self.base,
        };
        i32::try_from(value).ok()
    }

    /// "Variable `index` takes a value of `domain`": bounds, minus the holes
    /// when they are fewer than the values, else the values one by one.
    pub fn domain(&self, index: usize, domain: &Domain) -> Term {
        let x = self.var(index);
        let values = domain.values();
        let (Some(&lo), Some(&hi)) = (values.first(), values.last()) else {
            return atom("false");
        };
        if lo == hi {
            return app("=", [x, self.value(lo.into())]);
        }
        let holes = (hi - lo + 1) as usize - values.len();
        if holes > values.len() {
            return or(values
                .iter()
                .map(|&v| app("=", [x.clone(), self.value(v.into())]))
                .collect());
        }
        let (le, ge) = match self.sort {
            Sort::Int => ("<=", ">="),
            Sort::BitVec => ("bvule", "bvuge"),
        };
        let mut terms = Vec::with_capacity(2 + holes);
        // A bit-vector cannot go below its base nor above its width.
        if self.sort == Sort::Int || i64::from(lo) > self.base {
            terms.push(app(ge, [x.clone(), self.value(lo.into())]));
        }
        if self.sort == Sort::Int || i64::from(hi) - self.base < (1 << self.width) - 1 {
            terms.push(app(le, [x.clone(), self.value(hi.into())]));
        }
        let mut next = values.iter().peekable();
        for v in lo..=hi {
            if next.next_if_eq(&&v).is_none() {
                terms.push(differ(x.clone(), self.value(v.into())));
            }
        }
        and(terms)
    }

    /// `(assert …)` of every variable's domain in `model`.
    pub fn domains(&self, model: &Model) -> Vec<Term> {
        model
            .vars()
            .iter()
            .enumerate()
            .map(|(i, v)| app("assert", [self.domain(i, &v.domain)]))
            .collect()
    }

    /// "Some variable of `open` takes another value than in `values`": the
    /// course's blocking clause.
    pub fn blocking(&self, open: &[usize], values: &[i32]) -> Term {
        or(open
            .iter()
            .map(|&i| differ(self.var(i), self.value(values[i].into())))
            .collect())
    }

    fn constraint(&self, constraint: &Constraint) -> Result<Term, Unencodable> {
        Ok(match constraint {
            Constraint::AllDifferent(vars) if vars.len() < 2 => atom("true"),
            Constraint::AllDifferent(vars) => {
                app("distinct", vars.iter().map(|v| self.var(v.index())))
            }
            Constraint::NotEqualOffset { x, y, offset } => {
                self.not_equal_offset(x.index(), y.index(), (*offset).into())
            }
            Constraint::Linear { terms, cmp, rhs } => match self.sort {
                Sort::Int => self.int_linear(terms, *cmp, *rhs),
                Sort::BitVec => self.bitvec_linear(terms, *cmp, *rhs)?,
            },
        })
    }

    fn not_equal_offset(&self, x: usize, y: usize, offset: i64) -> Term {
        let (x, y) = (self.var(x), self.var(y));
        if offset == 0 {
            return differ(x, y);
        }
        match self.sort {
            Sort::Int => differ(x, app("+", [y, int(offset)])),
            Sort::BitVec => {
                // Wide enough for `y + |offset|` not to wrap.
                let wide = self.width.max(bits(offset.abs())) + 1;
                let (x, y) = (self.widened(x, wide), self.widened(y, wide));
                let shift = bitvec(offset.abs(), wide);
                if offset > 0 {
                    differ(x, app("bvadd", [y, shift]))
                } else {
                    differ(app("bvadd", [x, shift]), y)
                }
            }
        }
    }

    fn int_linear(&self, terms: &[LinearTerm], cmp: Cmp, rhs: i64) -> Term {
        let sum = self.int_sum(terms);
        match cmp {
            Cmp::Eq => app("=", [sum, int(rhs)]),
            Cmp::Ne => differ(sum, int(rhs)),
            Cmp::Le => app("<=", [sum, int(rhs)]),
            Cmp::Ge => app(">=", [sum, int(rhs)]),
        }
    }

    fn int_sum(&self, terms: &[LinearTerm]) -> Term {
        let products = terms
            .iter()
            .map(|t| match t.coef {
                1 => self.var(t.var.index()),
                coef => app("*", [int(coef), self.var(t.var.index())]),
            })
            .collect();
        nary("+", products, int(0))
    }

    /// `sum(coef * (base + x)) CMP rhs` as `P CMP N + r` (or `P + |r| CMP
    /// N`), where `P` sums the positive terms, `N` the negated negative
    /// ones and `r = rhs - base * sum(coef)`: unsigned on both sides.
    fn bitvec_linear(&self, terms: &[LinearTerm], cmp: Cmp, rhs: i64) -> Result<Term, Unencodable> {
        let too_wide = || {
            Unencodable(format!(
                "a linear constraint's sums exceed {MAX_WIDTH} bits"
            ))
        };
        let largest = (1i64 << self.width) - 1;
        let coefs: i64 = terms.iter().map(|t| t.coef).sum();
        let r = self
            .base
            .checked_mul(coefs)
            .and_then(|shift| rhs.checked_sub(shift))
            .ok_or_else(too_wide)?;
        let side_max = |positive: bool| -> Option<i64> {
            terms
                .iter()
                .filter(|t| (t.coef > 0) == positive && t.coef != 0)
                .try_fold(0i64, |sum, t| {
                    sum.checked_add(t.coef.checked_abs()?.checked_mul(largest)?)
                })
        };
        let (p_max, n_max) = (
            side_max(true).ok_or_else(too_wide)?,
            side_max(false).ok_or_else(too_wide)?,
        );
        let reach = p_max.max(n_max).checked_add(r.abs()).ok_or_else(too_wide)?;
        let wide = bits(reach) + 1;
        if wide > MAX_WIDTH {
            return Err(too_wide());
        }
        let side = |positive: bool, constant: i64| -> Term {
            let mut addends: Vec<Term> = terms
                .iter()
                .filter(|t| (t.coef > 0) == positive && t.coef != 0)
                .map(|t| {
                    let x = self.widened(self.var(t.var.index()), wide);
                    match t.coef.abs() {
                        1 => x,
                        c => app("bvmul", [bitvec(c, wide), x]),
                    }
                })
                .collect();
            if constant != 0 {
                addends.push(bitvec(constant, wide));
            }
            nary("bvadd", addends, bitvec(0, wide))
        };
        let (lhs, rhs) = if r >= 0 {
            (side(true, 0), side(false, r))
        } else {
            (side(true, -r), side(false, 0))
        };
        Ok(match cmp {
            Cmp::Eq => app("=", [lhs, rhs]),
            Cmp::Ne => differ(lhs, rhs),
            Cmp::Le => app("bvule", [lhs, rhs]),
            Cmp::Ge => app("bvuge", [lhs, rhs]),
        })
    }

    /// The objective as a term to maximise or minimise. For bit-vectors,
    /// an unsigned term that differs from the objective by a constant (the
    /// engine computes the objective itself from the solution).
    pub fn objective(&self, expr: &Expr) -> Result<Term, Unencodable> {
        match self.sort {
            Sort::Int => Ok(self.int_objective(expr)),
            Sort::BitVec => self.bitvec_objective(expr),
        }
    }

    fn int_objective(&self, expr: &Expr) -> Term {
        let mut addends = vec![self.int_sum(&expr.linear)];
        for table in &expr.tables {
            let x = self.var(table.var.index());
            let chain = table.weights.iter().rev().fold(int(0), |rest, &(v, w)| {
                app("ite", [app("=", [x.clone(), int(v.into())]), int(w), rest])
            });
            addends.push(chain);
        }
        if expr.constant != 0 {
            addends.push(int(expr.constant));
        }
        nary("+", addends, int(0))
    }

    /// `sum(c * x)` with `c * x = |c| * (bvnot x) - |c| * max` for `c < 0`,
    /// and each table shifted by its smallest weight: all unsigned.
    fn bitvec_objective(&self, expr: &Expr) -> Result<Term, Unencodable> {
        let too_wide = || Unencodable(format!("the objective exceeds {MAX_WIDTH} bits"));
        let largest = (1i64 << self.width) - 1;
        let mut reach = 0i64;
        for t in &expr.linear {
            reach = t
                .coef
                .checked_abs()
                .and_then(|c| c.checked_mul(largest))
                .and_then(|m| reach.checked_add(m))
                .ok_or_else(too_wide)?;
        }
        // Each table lifted by its smallest weight (0 for unlisted values).
        let lifts: Vec<i64> = expr
            .tables
            .iter()
            .map(|table| {
                -table
                    .weights
                    .iter()
                    .map(|&(_, w)| w)
                    .min()
                    .unwrap_or(0)
                    .min(0)
            })
            .collect();
        for (table, lift) in expr.tables.iter().zip(&lifts) {
            let most = table
                .weights
                .iter()
                .map(|&(_, w)| w)
                .max()
                .unwrap_or(0)
                .max(0);
            reach = most
                .checked_add(*lift)
                .and_then(|span| reach.checked_add(span))
                .ok_or_else(too_wide)?;
        }
        let wide = bits(reach) + 1;
        if wide > MAX_WIDTH {
            return Err(too_wide());
        }
        let mut addends: Vec<Term> = Vec::new();
        for t in expr.linear.iter().filter(|t| t.coef != 0) {
            let x = self.var(t.var.index());
            let x = if t.coef > 0 { x } else { app("bvnot", [x]) };
            let x = self.widened(x, wide);
            addends.push(match t.coef.abs() {
                1 => x,
                c => app("bvmul", [bitvec(c, wide), x]),
            });
        }
        for (table, &lift) in expr.tables.iter().zip(&lifts) {
            let x = self.var(table.var.index());
            let possible = |v: i32| (0..=largest).contains(&(i64::from(v) - self.base));
            let weights = table.weights.iter().filter(|&&(v, _)| possible(v));
            let chain = weights.rev().fold(bitvec(lift, wide), |others, &(v, w)| {
                app(
                    "ite",
                    [
                        app("=", [x.clone(), self.value(v.into())]),
                        bitvec(w + lift, wide),
                        others,
                    ],
                )
            });
            addends.push(chain);
        }
        Ok(nary("bvadd", addends, bitvec(0, wide)))
    }

    /// The objective as MaxSMT: one `assert-soft` per variable and value,
    /// "x = v" weighing what `x = v` adds to the objective (shifted so the
    /// variable's worst value weighs 0; a minimisation turned around).
    /// Z3 then minimises the weight of the soft constraints it breaks,
    /// which maximises the objective up to a constant.
    pub fn soft_objective(
        &self,
        model: &Model,
        objective: &Objective,
    ) -> Result<Vec<Term>, Unencodable> {
        let overflow = || Unencodable("the objective's weights overflow".into());
        let values = objective.expr.value_weights(model).ok_or_else(overflow)?;
        let mut soft = Vec::new();
        for (var, weights) in values {
            let oriented: Vec<i64> = match objective.sense {
                Sense::Maximize => weights,
                Sense::Minimize => weights
                    .iter()
                    .map(|w| w.checked_neg())
                    .collect::<Option<_>>()
                    .ok_or_else(overflow)?,
            };
            let worst = oriented.iter().copied().min().unwrap_or(0);
            let domain = model.var(var).domain.values();
            for (&value, &w) in domain.iter().zip(&oriented) {
                let weight = w.checked_sub(worst).ok_or_else(overflow)?;
                if weight > 0 {
                    soft.push(Term::List(vec![
                        atom("assert-soft"),
                        app("=", [self.var(var.index()), self.value(value.into())]),
                        atom(":weight"),
                        atom(weight.to_string()),
                    ]));
                }
            }
        }
        Ok(soft)
    }

    /// `term` (a variable's width) zero-extended to `wide` bits.
    fn widened(&self, term: Term, wide: u32) -> Term {
        if wide == self.width {
            return term;
        }
        Term::List(vec![
            app(
                "_",
                [atom("zero_extend"), atom((wide - self.width).to_string())],
            ),
            term,
        ])
    }
}

/// `(_ BitVec width)`.
fn bitvec_sort(width: u32) -> Term {
    app("_", [atom("BitVec"), atom(width.to_string())])
}

/// `value` (non-negative) as a `#b` literal of `width` bits.
fn bitvec(value: i64, width: u32) -> Term {
    atom(format!("#b{:0width$b}", value, width = width as usize))
}

/// Bits needed to write `value` (0 for 0).
fn bits(value: i64) -> u32 {
    64 - value.leading_zeros()
}

/// A symbol per variable: its name where that is a plain SMT-LIB symbol no
/// theory uses (`r1c1`, `q4`), else `x!INDEX` (no name has a `!`).
fn symbols(model: &Model) -> Vec<String> {
    const RESERVED: &[&str] = &[
        "true", "false", "and", "or", "not", "xor", "ite", "distinct", "let", "forall", "exists",
        "match", "par", "abs", "div", "mod", "concat", "extract", "repeat",
    ];
    model
        .vars()
        .iter()
        .enumerate()
        .map(|(i, var)| {
            let name = var.name.as_str();
            let plain = name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !name.starts_with("bv")
                && !RESERVED.contains(&name);
            if plain {
                name.to_string()
            } else {
                format!("x!{i}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::render;
    use sudokit_model::VarId;

    fn two_vars(lo: i32, hi: i32) -> Model {
        let mut model = Model::new();
        model.new_var("a", Domain::range(lo, hi));
        model.new_var("b 2", Domain::range(lo, hi));
        model
    }

    /// `2a - b <= -3` over 1..9.
    fn two_a_minus_b_at_most_minus_three() -> Model {
        let mut model = two_vars(1, 9);
        model
            .add(Constraint::Linear {
                terms: vec![
                    LinearTerm {
                        coef: 2,
                        var: VarId(0),
                    },
                    LinearTerm {
                        coef: -1,
                        var: VarId(1),
                    },
                ],
                cmp: Cmp::Le,
                rhs: -3,
            })
            .unwrap();
        model
    }

    #[test]
    fn int_rules_read_as_written() {
        let model = two_a_minus_b_at_most_minus_three();
        let e = Encoded::new(&model, Sort::Int).unwrap();
        assert_eq!(render(&e.declarations[1]), "(declare-const x!1 Int)");
        assert_eq!(
            render(&e.rules[0]),
            "(assert (<= (+ (* 2 a) (* (- 1) x!1)) (- 3)))"
        );
        assert_eq!(
            render(&e.domain(0, &Domain::from_values([1, 2, 4, 5]))),
            "(and (>= a 1) (<= a 5) (not (= a 3)))"
        );
        assert_eq!(
            render(&e.domain(0, &Domain::from_values([1, 9]))),
            "(or (= a 1) (= a 9))"
        );
    }

    #[test]
    fn bitvec_sums_move_negative_terms_across() {
        // 4 bits, base 0: 2a + 3 <= b.
        let model = two_a_minus_b_at_most_minus_three();
        let e = Encoded::new(&model, Sort::BitVec).unwrap();
        assert_eq!(render(&e.declarations[0]), "(declare-const a (_ BitVec 4))");
        // Largest side: 2 * 15 + 3 = 33, 6 bits, one more against overflow.
        assert_eq!(
            render(&e.rules[0]),
            "(assert (bvule (bvadd (bvmul #b0000010 ((_ zero_extend 3) a)) #b0000011) \
             ((_ zero_extend 3) x!1)))"
        );
        assert_eq!(
            render(&e.domain(0, &Domain::range(1, 9))),
            "(and (bvuge a #b0001) (bvule a #b1001))"
        );
        assert_eq!(e.decode(&crate::term::parse("#b0101").unwrap()), Some(5));
    }

    #[test]
    fn negative_values_shift_bitvectors_by_the_smallest() {
        let model = two_vars(-2, 1);
        let e = Encoded::new(&model, Sort::BitVec).unwrap();
        // Values -2..1 are 0..3: two bits, and the full range needs no bounds.
        assert_eq!(render(&e.value(-2)), "#b00");
        assert_eq!(render(&e.domain(0, &Domain::range(-2, 1))), "true");
        assert_eq!(e.decode(&crate::term::parse("#b11").unwrap()), Some(1));
    }
}
