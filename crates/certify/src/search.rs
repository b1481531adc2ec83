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

use sudokit_puzzle::Puzzle;

use crate::clauses::Lit;
use crate::encode::{cell_var, encode_shape, for_each_unit, Refusal};
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
    if !solver.load(cnf.clauses().iter()) {
        return Search::Unsatisfiable(empty_proof());
    }
    solver.search(cells, digits, stop)
}

/// [`prove`] for many puzzles: the clauses shared by every puzzle of one
/// shape are encoded and watched once, then copied for each puzzle of
/// that shape, which adds its givens, pencil marks and blocking clauses.
#[derive(Default)]
pub struct Prover {
    /// The shape last encoded, its clause count, and a solver holding its
    /// clauses with nothing assigned (`None` when a unit clashed).
    shape: Option<(Puzzle, usize, Option<Solver>)>,
    /// The solver of the puzzle under proof.
    work: Solver,
    /// A blocking clause being built.
    scratch: Vec<Lit>,
}

impl Prover {
    /// A prover with no shape encoded yet.
    pub fn new() -> Prover {
        Prover::default()
    }

    /// Searches for a solution of `puzzle` other than `grids`, as [`prove`]
    /// does on [`encode`](crate::encode)'s CNF with a clause blocking each grid. Also
    /// returns the number of clauses of that CNF.
    pub fn prove(
        &mut self,
        puzzle: &Puzzle,
        grids: &[Vec<u8>],
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(Search, usize), Refusal> {
        if !matches!(&self.shape, Some((shape, ..)) if shape.same_shape(puzzle)) {
            let cnf = encode_shape(puzzle)?;
            let mut base = Solver::new(&cnf);
            let loaded = base.load(cnf.clauses().iter());
            self.shape = Some((puzzle.clone(), cnf.clauses().len(), loaded.then_some(base)));
        }
        let Some((_, shape_clauses, base)) = &self.shape else {
            unreachable!("a shape was just encoded")
        };
        let mut units = 0;
        for_each_unit(puzzle, |_| units += 1);
        let clauses = shape_clauses + units + grids.len();
        let Some(base) = base else {
            return Ok((Search::Unsatisfiable(empty_proof()), clauses));
        };
        let solver = &mut self.work;
        solver.copy_from(base);
        let mut consistent = true;
        for_each_unit(puzzle, |unit| {
            consistent &= solver.load([&[unit][..]].into_iter())
        });
        let n = puzzle.size();
        for grid in grids {
            self.scratch.clear();
            self.scratch.extend(
                grid.iter()
                    .enumerate()
                    .map(|(cell, &digit)| -cell_var(n, cell, digit)),
            );
            consistent &= solver.load([&self.scratch[..]].into_iter());
        }
        if !consistent {
            return Ok((Search::Unsatisfiable(empty_proof()), clauses));
        }
        Ok((solver.search(n * n, n, stop), clauses))
    }
}

/// The proof of a formula that unit propagation refutes by itself.
fn empty_proof() -> Proof {
    let mut proof = Proof::new();
    proof.push(&[]);
    proof
}

/// Literal `l` as an index: `2 (|l| - 1)`, plus one when negative.
fn index(lit: Lit) -> usize {
    2 * (lit.unsigned_abs() as usize - 1) + usize::from(lit < 0)
}

/// A watched-literal propagator with a decision stack.
#[derive(Default)]
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

    /// Becomes a copy of `other`, keeping its own buffers.
    fn copy_from(&mut self, other: &Solver) {
        self.values.clone_from(&other.values);
        self.lits.clone_from(&other.lits);
        self.starts.clone_from(&other.starts);
        self.watches.clone_from(&other.watches);
        self.trail.clone_from(&other.trail);
        self.head = other.head;
        self.decisions.clone_from(&other.decisions);
        self.levels.clone_from(&other.levels);
    }

    /// The search from what is loaded, writing the proof.
    fn search(&mut self, cells: usize, digits: usize, stop: &mut dyn FnMut() -> bool) -> Search {
        let mut proof = Proof::new();
        loop {
            if self.propagate() {
                if self.decisions.is_empty() {
                    proof.push(&[]);
                    return Search::Unsatisfiable(proof);
                }
                let lemma: Vec<Lit> = self.decisions.iter().map(|&d| -d).collect();
                proof.push(&lemma);
                self.backtrack_and_learn(lemma);
                continue;
            }
            if stop() {
                return Search::Stopped;
            }
            match self.branch(cells, digits) {
                Some(lit) => {
                    self.decisions.push(lit);
                    self.levels.push(self.trail.len());
                    self.assign(lit);
                }
                None => return Search::Model(self.values.iter().map(|&v| v > 0).collect()),
            }
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
    fn load<'a>(&mut self, clauses: impl Iterator<Item = &'a [Lit]>) -> bool {
        for clause in clauses {
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
