//! Small random models of every constraint kind, counted and optimised by the
//! engine with several strategies, against plain enumeration.

use sudokit_cp::CpEngine;
use sudokit_model::{
    Cmp, Constraint, Domain, Engine, Expr, LinearTerm, Mode, Model, Objective, Request, Sense,
    Status, ValueWeights, VarId,
};
use sudokit_verify::check_assignment;

struct Lcg(std::cell::Cell<u64>);

impl Lcg {
    fn new(seed: u64) -> Self {
        Lcg(std::cell::Cell::new(seed))
    }

    fn below(&self, n: u64) -> u64 {
        let x = self
            .0
            .get()
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0.set(x);
        (x >> 33) % n
    }

    fn int(&self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

fn random_model(rng: &Lcg) -> Model {
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
                // A cage: all-different plus a sum over the same variables.
                let cage = pick(rng, 2 + rng.below(n as u64 - 1) as usize);
                model.add(Constraint::AllDifferent(cage.clone())).unwrap();
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
        model.add(c).unwrap();
    }
    model
}

/// Every solution, by enumeration.
fn brute_force(model: &Model) -> Vec<Vec<i32>> {
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
            return out;
        }
        idx[k] += 1;
    }
}

const STRATEGIES: &[&[&str]] = &[
    &[],
    &["input-order", "fc"],
    &["first-fail", "singles", "val=max"],
    &["chs", "val=middle", "luby", "restart-base=1"],
    &[
        "var=random",
        "val=random",
        "geometric",
        "restart-base=1",
        "seed=9",
    ],
];

#[test]
fn counts_match_enumeration() {
    let rng = Lcg::new(2026);
    let (mut satisfiable, mut multiple) = (0, 0);
    for round in 0..400 {
        let model = random_model(&rng);
        let mut expected = brute_force(&model);
        expected.sort();
        satisfiable += usize::from(!expected.is_empty());
        multiple += usize::from(expected.len() > 1);
        for spec in STRATEGIES {
            let outcome = CpEngine::from_options(spec)
                .unwrap()
                .solve(&model, &Request::new(Mode::All))
                .unwrap();
            let mut found = outcome.solutions.clone();
            found.sort();
            assert_eq!(found, expected, "round {round}, {spec:?}, {model:?}");
            assert_eq!(outcome.count as usize, expected.len());
            assert!(outcome.complete);
            let status = if expected.is_empty() {
                Status::Unsatisfiable
            } else {
                Status::Solved
            };
            assert_eq!(outcome.status, status);
        }
    }
    // Both answers are well represented.
    println!("{satisfiable} satisfiable, {multiple} with several solutions");
    assert!(satisfiable > 100 && satisfiable < 380 && multiple > 50);
}

#[test]
fn optima_match_enumeration() {
    let rng = Lcg::new(77);
    for round in 0..300 {
        let mut model = random_model(&rng);
        let n = model.vars().len();
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
        let objective = Objective {
            sense,
            expr: Expr {
                linear,
                tables,
                constant: rng.int(-3, 3),
            },
        };
        model.set_objective(objective.clone()).unwrap();
        let values: Vec<i64> = brute_force(&model)
            .iter()
            .map(|s| objective.expr.evaluate(s))
            .collect();
        let best = match sense {
            Sense::Minimize => values.iter().min(),
            Sense::Maximize => values.iter().max(),
        };
        for spec in STRATEGIES {
            let outcome = CpEngine::from_options(spec)
                .unwrap()
                .solve(&model, &Request::new(Mode::Optimize))
                .unwrap();
            assert_eq!(
                outcome.objective.as_ref(),
                best,
                "round {round}, {spec:?}, {model:?}"
            );
            match best {
                None => assert_eq!(outcome.status, Status::Unsatisfiable),
                Some(&b) => {
                    assert_eq!(outcome.status, Status::Optimal);
                    let last = outcome.solutions.last().unwrap();
                    check_assignment(&model, last).unwrap();
                    assert_eq!(objective.expr.evaluate(last), b);
                }
            }
        }
    }
}
