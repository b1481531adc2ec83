//! Small random models of every constraint kind (and random objectives),
//! answered by engines and held to plain enumeration: the models no puzzle
//! file has (negative values, `!=` sums, partial all-differents).

use sudokit_model::{
    Cmp, Constraint, Domain, Engine, Expr, LinearTerm, Mode, Model, Objective, Request, Sense,
    Status, ValueWeights, VarId,
};
use sudokit_verify::check_assignment;

/// A small deterministic generator, so a failing round can be replayed.
pub struct Lcg(std::cell::Cell<u64>);

impl Lcg {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Lcg(std::cell::Cell::new(seed))
    }

    /// A number in `0..n`.
    pub fn below(&self, n: u64) -> u64 {
        let x = self
            .0
            .get()
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0.set(x);
        (x >> 33) % n
    }

    /// A number in `lo..=hi`.
    pub fn int(&self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

/// 2 to 5 variables over subsets of `-2..=4`, and 1 to 4 constraints of
/// every kind: all-different, linear with every comparison, cages
/// (all-different plus a sum), `x != y + c`.
pub fn model(rng: &Lcg) -> Model {
    let mut model = Model::new();
    let n = 2 + rng.below(4) as usize;
    let vars: Vec<VarId> = (0..n)
        .map(|i| {
            let values: Vec<i32> = (-2..=4).filter(|_| rng.below(3) != 0).collect();
            let values = if values.is_empty() { vec![0] } else { values };
            model.new_var(format!("x{i}"), Domain::from_values(values))
        })
        .collect();
    let pick = |rng: &Lcg, k: usize| -> Vec<VarId> {
        let mut chosen = vars.clone();
        while chosen.len() > k {
            chosen.remove(rng.below(chosen.len() as u64) as usize);
        }
        chosen
    };
    for _ in 0..1 + rng.below(4) {
        let c = match rng.below(4) {
            0 => Constraint::AllDifferent(pick(rng, 2 + rng.below(n as u64 - 1) as usize)),
            1 => {
                let terms = pick(rng, 1 + rng.below(n as u64) as usize)
                    .into_iter()
                    .map(|var| LinearTerm {
                        coef: rng.int(-3, 3),
                        var,
                    })
                    .collect();
                let cmp = [Cmp::Eq, Cmp::Ne, Cmp::Le, Cmp::Ge][rng.below(4) as usize];
                Constraint::Linear {
                    terms,
                    cmp,
                    rhs: rng.int(-5, 8),
                }
            }
            2 => {
                let cage = pick(rng, 2 + rng.below(n as u64 - 1) as usize);
                model
                    .add(Constraint::AllDifferent(cage.clone()))
                    .expect("the cage's variables exist");
                Constraint::sum_eq(&cage, rng.int(-2, 9))
            }
            _ => {
                let xy = pick(rng, 2);
                Constraint::NotEqualOffset {
                    x: xy[0],
                    y: xy[1],
                    offset: rng.int(-2, 2) as i32,
                }
            }
        };
        model.add(c).expect("the constraint's variables exist");
    }
    model
}

/// A random objective over `n` variables: linear terms, value tables and a
/// constant, minimised or maximised.
pub fn objective(rng: &Lcg, n: usize) -> Objective {
    let linear = (0..n)
        .filter(|_| rng.below(2) == 0)
        .map(|i| LinearTerm {
            coef: rng.int(-4, 4),
            var: VarId(i as u32),
        })
        .collect();
    let tables = (0..n)
        .filter(|_| rng.below(2) == 0)
        .map(|i| ValueWeights {
            var: VarId(i as u32),
            weights: (-2..=4).map(|v| (v, rng.int(-5, 5))).collect(),
        })
        .collect();
    let sense = if rng.below(2) == 0 {
        Sense::Minimize
    } else {
        Sense::Maximize
    };
    Objective {
        sense,
        expr: Expr {
            linear,
            tables,
            constant: rng.int(-3, 3),
        },
    }
}

/// Every solution of `model`, by enumeration, sorted.
pub fn enumerate(model: &Model) -> Vec<Vec<i32>> {
    let domains: Vec<&[i32]> = model.vars().iter().map(|v| v.domain.values()).collect();
    let mut out = Vec::new();
    let mut idx = vec![0usize; domains.len()];
    loop {
        let values: Vec<i32> = idx.iter().zip(&domains).map(|(&i, d)| d[i]).collect();
        if model
            .constraints()
            .iter()
            .all(|c| c.is_satisfied_by(&values))
        {
            out.push(values);
        }
        let mut k = 0;
        while k < idx.len() && idx[k] + 1 == domains[k].len() {
            idx[k] = 0;
            k += 1;
        }
        if k == idx.len() {
            out.sort();
            return out;
        }
        idx[k] += 1;
    }
}

/// How many of the models had solutions, and several.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Models with at least one solution.
    pub satisfiable: usize,
    /// Models with two or more.
    pub multiple: usize,
}

/// `rounds` random models from `seed`: every engine must list exactly the
/// solutions enumeration finds, complete, with the right status. Panics
/// with the round, the engine and the model on the first difference.
pub fn check_counts<E: Engine>(engines: &[E], seed: u64, rounds: usize) -> Tally {
    let rng = Lcg::new(seed);
    let mut tally = Tally::default();
    for round in 0..rounds {
        let model = model(&rng);
        let expected = enumerate(&model);
        tally.satisfiable += usize::from(!expected.is_empty());
        tally.multiple += usize::from(expected.len() > 1);
        for engine in engines {
            let outcome = engine
                .solve(&model, &Request::new(Mode::All))
                .unwrap_or_else(|e| panic!("round {round}, {}: {e}", engine.name()));
            let mut found = outcome.solutions.clone();
            found.sort();
            let name = engine.name();
            assert_eq!(found, expected, "round {round}, {name}, {model:?}");
            assert_eq!(
                outcome.count as usize,
                expected.len(),
                "round {round}, {name}"
            );
            assert!(outcome.complete, "round {round}, {name}");
            let status = if expected.is_empty() {
                Status::Unsatisfiable
            } else {
                Status::Solved
            };
            assert_eq!(outcome.status, status, "round {round}, {name}");
        }
    }
    tally
}

/// `rounds` random models with random objectives from `seed`: every engine
/// must prove the optimum enumeration finds, its last solution valid and
/// worth it. Panics on the first difference.
pub fn check_optima<E: Engine>(engines: &[E], seed: u64, rounds: usize) {
    let rng = Lcg::new(seed);
    for round in 0..rounds {
        let mut model = model(&rng);
        let objective = objective(&rng, model.vars().len());
        model
            .set_objective(objective.clone())
            .expect("the objective names the model's variables");
        let values: Vec<i64> = enumerate(&model)
            .iter()
            .map(|s| objective.expr.evaluate(s))
            .collect();
        let best = match objective.sense {
            Sense::Minimize => values.iter().min(),
            Sense::Maximize => values.iter().max(),
        };
        for engine in engines {
            let name = engine.name();
            let outcome = engine
                .solve(&model, &Request::new(Mode::Optimize))
                .unwrap_or_else(|e| panic!("round {round}, {name}: {e}"));
            assert_eq!(
                outcome.objective.as_ref(),
                best,
                "round {round}, {name}, {model:?}"
            );
            match best {
                None => assert_eq!(outcome.status, Status::Unsatisfiable, "round {round}"),
                Some(&b) => {
                    assert_eq!(outcome.status, Status::Optimal, "round {round}, {name}");
                    let last = outcome.solutions.last().expect("an optimum is kept");
                    check_assignment(&model, last)
                        .unwrap_or_else(|e| panic!("round {round}, {name}: {e}"));
                    assert_eq!(objective.expr.evaluate(last), b, "round {round}, {name}");
                }
            }
        }
    }
}
