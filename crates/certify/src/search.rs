//! The prover: a DPLL search whose only inference is unit propagation on
//! the CNF, writing the proof as it goes. It is not trusted: whatever it
//! writes, the checker judges.
//!
//! When the decisions `d1 … dk` propagate to a conflict, the clause
//! `¬d1 ∨ … ∨ ¬dk` is RUP: assuming its negation is assuming the
//! decisions, and unit propagation on the formula (and every lemma before,
//! which only adds to it) finds the same conflict. The search adds that
//! lemma to its own clauses, so after backtracking it propagates `¬dk`,
//! and the refuted parent, in turn, is a conflict of unit propagation on
//! the lemmas; a conflict with no decision is the empty clause.

use crate::clauses::Lit;
use crate::{Cnf, Proof};

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Search {
    /// No model; the proof ends in the empty clause.
    Unsatisfiable(Proof),
    /// A model: the value of each variable, variable `v` at `v - 1`.
    Model(Vec<bool>),
    /// `stop` said so before the search ended.
    Stopped,
}

/// Searches `cnf` for a model, `cells` (the first `cells * digits`
/// variables, cell by cell) branching first on the cell with the fewest
/// digits left. `stop` is asked before each decision.
pub fn prove(cnf: &Cnf, cells: usize, digits: usize, stop: &mut dyn FnMut() -> bool) -> Search {
    let mut solver = Solver::new(cnf);
    let mut proof = Proof::new();
    if !solver.load(cnf) {
        proof.push(&[]);
        return Search::Unsatisfiable(proof);
    }
    loop {
        if solver.propagate() {
            if solver.decisions.is_empty() {
                proof.push(&[]);
                return Search::Unsatisfiable(proof);
            }
            let lemma: Vec<Lit> = solver.decisions.iter().map(|&d| -d).collect();
            proof.push(&lemma);
            solver.backtrack_and_learn(lemma);
            continue;
        }
        if stop() {
            return Search::Stopped;
        }
        match solver.branch(cells, digits) {
            Some(lit) => {
                solver.decisions.push(lit);
                solver.levels.push(solver.trail.len());
                solver.assign(lit);
            }
            None => return Search::Model(solver.values.iter().map(|&v| v > 0).collect()),
        }
    }
}

/// Literal `l` as an index: `2 (|l| - 1)`, plus one when negative.
fn index(lit: Lit) -> usize {
    2 * (lit.unsigned_abs() as usize - 1) + usize::from(lit < 0)
}

/// A watched-literal propagator with a decision stack.
struct Solver {
    /// Per variable: 1 true, -1 false, 0 unassigned.
    values: Vec<i8>,
    /// Clause store: clause `i` is `lits[starts[i]..starts[i + 1]]`, its
    /// first two literals watched.
    lits: Vec<Lit>,
    starts: Vec<usize>,
    /// Per literal index: the clauses watching it.
    watches: Vec<Vec<u32>>,
    trail: Vec<Lit>,
    head: usize,
    decisions: Vec<Lit>,
    /// Trail length at each decision.
    levels: Vec<usize>,
}

impl Solver {
    fn new(cnf: &Cnf) -> Solver {
        let vars = cnf.vars() as usize;
        Solver {
            values: vec![0; vars],
            lits: Vec::with_capacity(cnf.clauses().literal_count()),
            starts: vec![0],
            watches: vec![Vec::new(); 2 * vars],
            trail: Vec::new(),
            head: 0,
            decisions: Vec::new(),
            levels: Vec::new(),
        }
    }

    fn value(&self, lit: Lit) -> i8 {
        let v = self.values[lit.unsigned_abs() as usize - 1];
        if lit < 0 {
            -v
        } else {
            v
        }
    }

    fn assign(&mut self, lit: Lit) {
        self.values[lit.unsigned_abs() as usize - 1] = if lit < 0 { -1 } else { 1 };
        self.trail.push(lit);
    }

    /// Loads the clauses; false when one is empty or two units clash.
    fn load(&mut self, cnf: &Cnf) -> bool {
        for clause in cnf.clauses().iter() {
            match clause {
                [] => return false,
                [unit] => match self.value(*unit) {
                    0 => self.assign(*unit),
                    v if v < 0 => return false,
                    _ => {}
                },
                _ => self.add_watched(clause),
            }
        }
        true
    }

    fn add_watched(&mut self, clause: &[Lit]) {
        let id = self.starts.len() as u32 - 1;
        self.lits.extend_from_slice(clause);
        self.starts.push(self.lits.len());
        self.watches[index(clause[0])].push(id);
        self.watches[index(clause[1])].push(id);
    }

    /// Unit propagation from the trail's unprocessed part; true on a
    /// conflict.
    fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            let falsified = -self.trail[self.head];
            self.head += 1;
            let mut watching = std::mem::take(&mut self.watches[index(falsified)]);
            let mut kept = 0;
            let mut conflict = false;
            let mut i = 0;
            while i < watching.len() {
                let id = watching[i];
                i += 1;
                let (start, end) = (self.starts[id as usize], self.starts[id as usize + 1]);
                if self.lits[start] == falsified {
                    self.lits.swap(start, start + 1);
                }
                let other = self.lits[start];
                if self.value(other) > 0 {
                    watching[kept] = id;
                    kept += 1;
                    continue;
                }
                if let Some(k) = (start + 2..end).find(|&k| self.value(self.lits[k]) >= 0) {
                    self.lits.swap(start + 1, k);
                    self.watches[index(self.lits[start + 1])].push(id);
                    continue;
                }
                watching[kept] = id;
                kept += 1;
                if self.value(other) < 0 {
                    conflict = true;
                    break;
                }
                self.assign(other);
            }
            while i < watching.len() {
                watching[kept] = watching[i];
                kept += 1;
                i += 1;
            }
            watching.truncate(kept);
            self.watches[index(falsified)] = watching;
            if conflict {
                return true;
            }
        }
        false
    }

    /// Undoes the last decision and adds `lemma` (the negated decisions),
    /// which makes the last decision's negation a unit.
    fn backtrack_and_learn(&mut self, lemma: Vec<Lit>) {
        let level = self.levels.pop().unwrap_or(0);
        self.decisions.pop();
        for &lit in &self.trail[level..] {
            self.values[lit.unsigned_abs() as usize - 1] = 0;
        }
        self.trail.truncate(level);
        self.head = level;
        let flipped = lemma[lemma.len() - 1];
        if lemma.len() > 1 {
            // Watch the unit and the latest other decision: the first to
            // become unassigned on a further backtrack.
            let k = lemma.len();
            let mut watched = vec![lemma[k - 1], lemma[k - 2]];
            watched.extend_from_slice(&lemma[..k - 2]);
            self.add_watched(&watched);
        }
        self.assign(flipped);
    }

    /// The next decision: a digit of the cell with the fewest left, else
    /// any unassigned variable; `None` when every variable has a value.
    fn branch(&self, cells: usize, digits: usize) -> Option<Lit> {
        let mut best: Option<(usize, Lit)> = None;
        for cell in 0..cells {
            let vars = cell * digits..(cell + 1) * digits;
            if self.values[vars.clone()].iter().any(|&v| v > 0) {
                continue;
            }
            let open = self.values[vars.clone()]
                .iter()
                .filter(|&&v| v == 0)
                .count();
            if open > 0 && best.is_none_or(|(fewest, _)| open < fewest) {
                let first = vars
                    .clone()
                    .find(|&v| self.values[v] == 0)
                    .unwrap_or(vars.start);
                best = Some((open, first as Lit + 1));
            }
        }
        best.map(|(_, lit)| lit).or_else(|| {
            self.values
                .iter()
                .position(|&v| v == 0)
                .map(|v| v as Lit + 1)
        })
    }
}
