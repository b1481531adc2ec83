//! The checker: the trusted end of the chain. It takes nothing from the
//! prover but the lemmas: the CNF is rebuilt from the puzzle, the grids
//! judged by the verifier, and each lemma must follow by unit propagation
//! from what came before.

use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

use crate::clauses::Lit;
use crate::encode::{blocking_clause, cell_var, encode, encode_shape, for_each_unit};
use crate::{Claim, Cnf, Proof};

/// The checker's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The proof shows the grids are every solution.
    Certified {
        /// What is proven.
        claim: Claim,
    },
    /// The proof shows nothing.
    Rejected {
        /// The 1-based lemma at fault, when one is.
        lemma: Option<usize>,
        /// Why.
        reason: String,
    },
}

impl Verdict {
    fn rejected(reason: impl Into<String>) -> Verdict {
        Verdict::Rejected {
            lemma: None,
            reason: reason.into(),
        }
    }
}

/// The CNF whose unsatisfiability means `grids` are every solution of
/// `puzzle`: its own CNF and a clause blocking each grid. The grids are
/// first judged by the verifier; an error names the grid at fault.
pub fn claim_cnf(puzzle: &Puzzle, grids: &[Vec<u8>]) -> Result<Cnf, String> {
    let mut cnf = encode(puzzle).map_err(|refusal| refusal.to_string())?;
    judge_grids(puzzle, grids)?;
    for grid in grids {
        cnf.add(&blocking_clause(puzzle.size(), grid));
    }
    Ok(cnf)
}

/// Whether each of `grids` solves `puzzle` (by the verifier) and no two
/// are the same; an error names the grid at fault.
pub(crate) fn judge_grids(puzzle: &Puzzle, grids: &[Vec<u8>]) -> Result<(), String> {
    for (i, grid) in grids.iter().enumerate() {
        let report = check_grid(puzzle, grid);
        if !report.is_valid() {
            return Err(format!("grid {} is not a solution: {report}", i + 1));
        }
        if let Some(j) = grids[..i].iter().position(|other| other == grid) {
            return Err(format!("grids {} and {} are the same", j + 1, i + 1));
        }
    }
    Ok(())
}

/// Judges `proof` as a proof that `grids` are every solution of `puzzle`:
/// each grid valid and distinct, each lemma RUP (reverse unit propagation)
/// on the puzzle's CNF, the grids' blocking clauses and the lemmas before
/// it, and one lemma the empty clause. Lemmas after the empty clause are
/// not read.
pub fn check(puzzle: &Puzzle, grids: &[Vec<u8>], proof: &Proof) -> Verdict {
    Checker::new().check(puzzle, grids, proof)
}

/// [`check`] for many puzzles: the clauses every puzzle of one shape
/// shares ([`encode_shape`]) are encoded and watched once, then copied
/// for each puzzle of that shape, which adds its own givens, pencil marks
/// and blocking clauses. The copy is of what this checker built from the
/// puzzle itself, never of anything the prover wrote.
#[derive(Default)]
pub struct Checker {
    /// The shape last encoded, and its clauses with nothing assumed.
    shape: Option<(Puzzle, Rup)>,
    /// The formula of the puzzle under check.
    work: Rup,
    /// A blocking clause being built.
    scratch: Vec<Lit>,
}

impl Checker {
    /// A checker with no shape encoded yet.
    pub fn new() -> Checker {
        Checker::default()
    }

    /// The variables of the formula last checked.
    pub fn variables(&self) -> u32 {
        self.work.vars()
    }

    /// Judges `proof` as [`check`] does.
    pub fn check(&mut self, puzzle: &Puzzle, grids: &[Vec<u8>], proof: &Proof) -> Verdict {
        if let Err(reason) = judge_grids(puzzle, grids) {
            return Verdict::rejected(reason);
        }
        if !matches!(&self.shape, Some((shape, _)) if shape.same_shape(puzzle)) {
            let cnf = match encode_shape(puzzle) {
                Ok(cnf) => cnf,
                Err(refusal) => return Verdict::rejected(refusal.to_string()),
            };
            let mut base = Rup::new(cnf.vars());
            for clause in cnf.clauses().iter() {
                base.add(clause);
            }
            self.shape = Some((puzzle.clone(), base));
        }
        let Some((_, base)) = &self.shape else {
            unreachable!("a shape was just encoded")
        };
        let rup = &mut self.work;
        rup.copy_from(base);
        for_each_unit(puzzle, |unit| rup.add(&[unit]));
        let n = puzzle.size();
        for grid in grids {
            self.scratch.clear();
            self.scratch.extend(
                grid.iter()
                    .enumerate()
                    .map(|(cell, &digit)| -cell_var(n, cell, digit)),
            );
            rup.add(&self.scratch);
        }
        let vars = rup.vars();
        for (i, lemma) in proof.lemmas().iter().enumerate() {
            if let Some(&lit) = lemma.iter().find(|l| l.unsigned_abs() > vars || **l == 0) {
                return Verdict::Rejected {
                    lemma: Some(i + 1),
                    reason: format!(
                        "lemma {} has the literal {lit}, outside the formula's {vars} variables",
                        i + 1,
                    ),
                };
            }
            if !rup.implies(lemma) {
                return Verdict::Rejected {
                    lemma: Some(i + 1),
                    reason: format!("lemma {} does not follow by unit propagation", i + 1),
                };
            }
            if lemma.is_empty() {
                return Verdict::Certified {
                    claim: Claim::of(grids.len()),
                };
            }
            rup.add(lemma);
        }
        Verdict::rejected("the proof does not derive the empty clause")
    }
}

/// Unit propagation over a growing clause set, two watched literals per
/// clause; what is derived from the clauses alone stays, what a RUP test
/// assumes is undone. The clauses lie in one buffer, so that copying the
/// set takes a few block copies, not one allocation per clause.
#[derive(Default)]
struct Rup {
    /// Per variable (from 1): 1 true, -1 false, 0 unassigned.
    value: Vec<i8>,
    /// Clause `i` is `lits[starts[i]..starts[i + 1]]`.
    lits: Vec<Lit>,
    starts: Vec<usize>,
    /// Per clause: the positions in it of its two watched literals.
    watched: Vec<[usize; 2]>,
    /// Per literal code: the clauses watching it.
    watchers: Vec<Vec<usize>>,
    trail: Vec<Lit>,
    propagated: usize,
    /// Unit propagation on the clauses alone reaches a conflict.
    contradiction: bool,
}

/// `2v` for `v`, `2v + 1` for `-v`.
fn code(lit: Lit) -> usize {
    2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
}

impl Rup {
    fn new(vars: u32) -> Rup {
        let vars = vars as usize;
        Rup {
            value: vec![0; vars + 1],
            lits: Vec::new(),
            starts: vec![0],
            watched: Vec::new(),
            watchers: vec![Vec::new(); 2 * vars + 2],
            trail: Vec::new(),
            propagated: 0,
            contradiction: false,
        }
    }

    /// Becomes a copy of `other`, keeping its own buffers.
    fn copy_from(&mut self, other: &Rup) {
        self.value.clone_from(&other.value);
        self.lits.clone_from(&other.lits);
        self.starts.clone_from(&other.starts);
        self.watched.clone_from(&other.watched);
        self.watchers.clone_from(&other.watchers);
        self.trail.clone_from(&other.trail);
        self.propagated = other.propagated;
        self.contradiction = other.contradiction;
    }

    /// The number of variables.
    fn vars(&self) -> u32 {
        self.value.len() as u32 - 1
    }

    fn clause(&self, id: usize) -> &[Lit] {
        &self.lits[self.starts[id]..self.starts[id + 1]]
    }

    fn truth(&self, lit: Lit) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit > 0 {
            v
        } else {
            -v
        }
    }

    fn set(&mut self, lit: Lit) {
        self.value[lit.unsigned_abs() as usize] = if lit > 0 { 1 } else { -1 };
        self.trail.push(lit);
    }

    /// Adds a clause for good, propagating what it forces.
    fn add(&mut self, clause: &[Lit]) {
        if self.contradiction || clause.iter().any(|&l| self.truth(l) > 0) {
            // Satisfied for good: it can never propagate.
            return;
        }
        // Only the open literals are kept, each once: the false ones are
        // false for good and can never make it propagate.
        let start = self.lits.len();
        for &lit in clause {
            if self.truth(lit) == 0 && !self.lits[start..].contains(&lit) {
                self.lits.push(lit);
            }
        }
        match self.lits.len() - start {
            0 => self.contradiction = true,
            1 => {
                let unit = self.lits[start];
                self.lits.truncate(start);
                self.set(unit);
                if self.propagate() {
                    self.contradiction = true;
                }
            }
            _ => {
                let id = self.watched.len();
                self.watchers[code(self.lits[start])].push(id);
                self.watchers[code(self.lits[start + 1])].push(id);
                self.starts.push(self.lits.len());
                self.watched.push([0, 1]);
            }
        }
    }

    /// Whether `lemma` is RUP: assuming every literal of it false, unit
    /// propagation reaches a conflict.
    fn implies(&mut self, lemma: &[Lit]) -> bool {
        if self.contradiction {
            return true;
        }
        let mark = self.trail.len();
        let mut conflict = false;
        for &lit in lemma {
            match self.truth(lit) {
                1 => {
                    conflict = true;
                    break;
                }
                0 => self.set(-lit),
                _ => {}
            }
        }
        if !conflict {
            conflict = self.propagate();
        }
        for &lit in &self.trail[mark..] {
            self.value[lit.unsigned_abs() as usize] = 0;
        }
        self.trail.truncate(mark);
        self.propagated = mark;
        conflict
    }

    /// Propagates the unprocessed part of the trail; true on a conflict.
    fn propagate(&mut self) -> bool {
        while self.propagated < self.trail.len() {
            let falsified = -self.trail[self.propagated];
            self.propagated += 1;
            let mut watching = std::mem::take(&mut self.watchers[code(falsified)]);
            let mut staying = 0;
            let mut conflict = false;
            for n in 0..watching.len() {
                let id = watching[n];
                if conflict {
                    watching[staying] = id;
                    staying += 1;
                    continue;
                }
                let [a, b] = self.watched[id];
                let (mine, other) = if self.clause(id)[a] == falsified {
                    (0, b)
                } else {
                    (1, a)
                };
                let other_lit = self.clause(id)[other];
                if self.truth(other_lit) > 0 {
                    watching[staying] = id;
                    staying += 1;
                    continue;
                }
                let clause = self.clause(id);
                let replacement =
                    (0..clause.len()).find(|&k| k != a && k != b && self.truth(clause[k]) >= 0);
                if let Some(k) = replacement {
                    self.watched[id][mine] = k;
                    let lit = self.clause(id)[k];
                    self.watchers[code(lit)].push(id);
                    continue;
                }
                watching[staying] = id;
                staying += 1;
                if self.truth(other_lit) < 0 {
                    conflict = true;
                } else {
                    self.set(other_lit);
                }
            }
            watching.truncate(staying);
            self.watchers[code(falsified)] = watching;
            if conflict {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every clause over a and b: unsatisfiable, but no unit to start.
    fn all_four() -> Rup {
        let mut rup = Rup::new(3);
        for clause in [[1, 2], [-1, 2], [1, -2], [-1, -2]] {
            rup.add(&clause);
        }
        rup
    }

    #[test]
    fn rup_needs_the_chain_of_units() {
        let mut rup = all_four();
        assert!(!rup.implies(&[]));
        assert!(!rup.implies(&[3]));
        assert!(rup.implies(&[1]));
        assert!(rup.implies(&[-1]));
        assert!(rup.implies(&[2, 3]));
        // A test leaves nothing assumed behind.
        assert!(!rup.implies(&[]));
        rup.add(&[1]);
        assert!(rup.contradiction);
        assert!(rup.implies(&[]));
    }

    #[test]
    fn units_propagate_for_good_and_tests_do_not() {
        // a, a -> b, b -> c, c -> d: d follows, not its negation.
        let mut rup = Rup::new(5);
        rup.add(&[-1, 2]);
        rup.add(&[-2, 3]);
        rup.add(&[-3, 4]);
        assert!(!rup.implies(&[4]));
        rup.add(&[1]);
        assert_eq!(rup.truth(4), 1);
        assert!(rup.implies(&[4]));
        assert!(rup.implies(&[4, 5]));
        assert!(!rup.implies(&[-4]));
        assert!(!rup.implies(&[5]));
        assert!(!rup.contradiction);
        // A tautology follows; added, it changes nothing (one of its
        // literals is always true).
        assert!(rup.implies(&[5, -5]));
        rup.add(&[5, -5]);
        assert!(!rup.implies(&[5]));
        assert!(!rup.implies(&[-5]));
    }

    #[test]
    fn a_long_clause_moves_its_watches() {
        // (a ∨ b ∨ c ∨ d): false a, b, c leave d; every order.
        for order in [[1, 2, 3], [3, 2, 1], [2, 3, 1]] {
            let mut rup = Rup::new(4);
            rup.add(&[1, 2, 3, 4]);
            assert!(!rup.implies(&[4]));
            assert!(rup.implies(&[1, 2, 3, 4]));
            let mut lemma: Vec<Lit> = order.to_vec();
            assert!(!rup.implies(&lemma));
            lemma.push(4);
            assert!(rup.implies(&lemma));
            rup.add(&[-order[0]]);
            rup.add(&[-order[1]]);
            assert!(!rup.implies(&[4]));
            assert!(rup.implies(&[4, order[2]]));
            rup.add(&[-order[2]]);
            assert_eq!(rup.truth(4), 1);
            assert!(rup.implies(&[4]));
            assert!(!rup.contradiction);
            rup.add(&[-4]);
            assert!(rup.contradiction);
        }
    }

    #[test]
    fn a_repeated_literal_counts_once() {
        let mut rup = Rup::new(2);
        rup.add(&[2, 2]);
        assert_eq!(rup.truth(2), 1);
        let mut rup = Rup::new(2);
        rup.add(&[-1, -1, 2]);
        rup.add(&[-2]);
        assert_eq!(rup.truth(1), -1);
    }

    #[test]
    fn a_clause_added_after_its_literals_are_false_propagates() {
        let mut rup = Rup::new(3);
        rup.add(&[-1]);
        rup.add(&[-2]);
        rup.add(&[1, 2, 3]);
        assert_eq!(rup.truth(3), 1);
        rup.add(&[1, 2, -3]);
        assert!(rup.contradiction);
    }

    #[test]
    fn a_conflict_midway_keeps_every_watch() {
        // b is watched by three clauses; the test assuming ¬b conflicts at
        // the first; the later ones must still propagate afterwards.
        let mut rup = Rup::new(4);
        rup.add(&[2, 1]);
        rup.add(&[2, -1]);
        rup.add(&[2, 3]);
        rup.add(&[2, 4]);
        assert!(rup.implies(&[2]));
        assert!(!rup.implies(&[3]));
        rup.add(&[-3]);
        assert_eq!(rup.truth(2), 1);
    }
}
