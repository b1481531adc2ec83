//! The propagation engine: a [`Model`] compiled to bitset domains and
//! propagators, with subscription lists and a two-tier queue (cheap
//! propagators before the matching-based all-different and the objective).

use std::collections::{HashSet, VecDeque};

use sudokit_model::{Cmp, Constraint, Model, Sense};

use crate::domains::{is_fixed, Domains};
use crate::propagators::{AllDifferent, Linear, Nogood, NotEqual, ObjectiveBound, Propagator};
use crate::word::{mask_of, Word};
use crate::{CpConfig, Propagation};

/// Domains, propagators and the propagation queue.
pub(crate) struct Solver<W: Word> {
    pub(crate) dom: Domains<W>,
    /// The value of bit 0.
    pub(crate) base: i32,
    pub(crate) props: Vec<Propagator<W>>,
    /// Model constraints of each variable (not nogoods, not the objective),
    /// as the id of the propagator that stands for the constraint.
    pub(crate) var_props: Vec<Vec<u32>>,
    /// For each propagator, the propagator standing for its constraint
    /// (the matching half of an all-different points to the cheap half).
    pub(crate) owner: Vec<u32>,
    on_change: Vec<Vec<u32>>,
    on_fix: Vec<Vec<u32>>,
    fast: VecDeque<u32>,
    slow: VecDeque<u32>,
    queued: Vec<bool>,
    is_slow: Vec<bool>,
    /// The objective-bound propagator, when optimising.
    pub(crate) objective: Option<usize>,
    /// The objective was negated to be minimised.
    pub(crate) maximize: bool,
    /// A constraint that can never hold was found while compiling.
    pub(crate) infeasible: bool,
    pub(crate) propagations: u64,
}

impl<W: Word> Solver<W> {
    /// Compiles `model`, whose values span at most `W::BITS` (see
    /// [`span`]); `with_objective` adds the bound propagator.
    pub(crate) fn build(model: &Model, config: &CpConfig, with_objective: bool) -> Solver<W> {
        let (base, _) = model.value_range();
        let words: Vec<W> = model
            .vars()
            .iter()
            .map(|v| mask_of(v.domain.values(), base))
            .collect();
        let n = words.len();
        let mut infeasible = words.contains(&W::ZERO);
        let mut solver = Solver {
            dom: Domains::new(words),
            base,
            props: Vec::new(),
            var_props: vec![Vec::new(); n],
            owner: Vec::new(),
            on_change: vec![Vec::new(); n],
            on_fix: vec![Vec::new(); n],
            fast: VecDeque::new(),
            slow: VecDeque::new(),
            queued: Vec::new(),
            is_slow: Vec::new(),
            objective: None,
            maximize: false,
            infeasible: false,
            propagations: 0,
        };
        // Variable sets of the all-differents, to recognise killer cages
        // (only needed when there is a linear constraint).
        let has_linear = model
            .constraints()
            .iter()
            .any(|c| matches!(c, Constraint::Linear { .. }));
        let groups: HashSet<Vec<u32>> = model
            .constraints()
            .iter()
            .filter(|_| has_linear)
            .filter_map(|c| match c {
                Constraint::AllDifferent(vars) => {
                    let mut v: Vec<u32> = vars.iter().map(|x| x.0).collect();
                    v.sort_unstable();
                    Some(v)
                }
                _ => None,
            })
            .collect();
        for constraint in model.constraints() {
            let prop = match constraint {
                Constraint::AllDifferent(vars) => {
                    let ids: Vec<u32> = vars.iter().map(|v| v.0).collect();
                    let mut sorted = ids.clone();
                    sorted.sort_unstable();
                    sorted.dedup();
                    if sorted.len() != ids.len() {
                        infeasible = true; // x != x
                        continue;
                    }
                    if ids.len() < 2 {
                        continue;
                    }
                    if config.propagation == Propagation::Ac {
                        let matching = AllDifferent::matching(ids.clone());
                        let id = solver.add(Propagator::AllDifferent(matching), true);
                        solver.owner[id] = id as u32 + 1; // the cheap half, added next
                    }
                    Propagator::AllDifferent(AllDifferent::new(ids, config.propagation))
                }
                Constraint::Linear { terms, cmp, rhs } => {
                    let ids: Vec<(u32, i64)> = terms.iter().map(|t| (t.var.0, t.coef)).collect();
                    let mut sorted: Vec<u32> = ids.iter().map(|t| t.0).collect();
                    sorted.sort_unstable();
                    let distinct = *cmp == Cmp::Eq
                        && ids.iter().all(|t| t.1 == 1)
                        && sorted.windows(2).all(|w| w[0] != w[1])
                        && groups.contains(&sorted);
                    Propagator::Linear(Linear::new(ids, *cmp, *rhs, base, distinct))
                }
                Constraint::NotEqualOffset { x, y, offset } => {
                    if x == y {
                        infeasible |= *offset == 0;
                        continue;
                    }
                    Propagator::NotEqual(NotEqual::new(x.0, y.0, *offset))
                }
            };
            let id = solver.add(prop, false);
            for &v in solver.props[id].vars() {
                let list = &mut solver.var_props[v as usize];
                if list.last() != Some(&(id as u32)) {
                    list.push(id as u32);
                }
            }
        }
        if with_objective {
            if let Some(objective) = model.objective() {
                let sign = match objective.sense {
                    Sense::Minimize => 1,
                    Sense::Maximize => -1,
                };
                let bits = i64::from(W::BITS);
                let mut tables: Vec<(u32, W::Table<i64>)> = Vec::new();
                let mut slot = vec![usize::MAX; n];
                let mut table = |var: u32| {
                    if slot[var as usize] == usize::MAX {
                        slot[var as usize] = tables.len();
                        tables.push((var, W::table(0)));
                    }
                    slot[var as usize]
                };
                let mut add = Vec::new();
                for t in &objective.expr.linear {
                    let i = table(t.var.0);
                    add.push((
                        i,
                        (0..bits)
                            .map(|b| sign * t.coef * (i64::from(base) + b))
                            .collect::<Vec<_>>(),
                    ));
                }
                for t in &objective.expr.tables {
                    let i = table(t.var.0);
                    add.push((
                        i,
                        (0..W::BITS as i32)
                            .map(|b| sign * t.weight(base + b))
                            .collect(),
                    ));
                }
                for (i, w) in add {
                    for (b, x) in w.into_iter().enumerate() {
                        tables[i].1[b] += x;
                    }
                }
                let prop = ObjectiveBound::new(tables, sign * objective.expr.constant);
                solver.objective = Some(solver.add(Propagator::Objective(prop), true));
                solver.maximize = objective.sense == Sense::Maximize;
            }
        }
        solver.infeasible = infeasible;
        solver
    }

    /// Registers a propagator and subscribes it to its variables.
    pub(crate) fn add(&mut self, prop: Propagator<W>, slow: bool) -> usize {
        let id = self.props.len();
        let fix_only = prop.fix_only();
        for &v in prop.vars() {
            let list = if fix_only {
                &mut self.on_fix[v as usize]
            } else {
                &mut self.on_change[v as usize]
            };
            if list.last() != Some(&(id as u32)) {
                list.push(id as u32); // once per variable, even if repeated
            }
        }
        let slow = slow && matches!(prop, Propagator::AllDifferent(_) | Propagator::Objective(_));
        self.props.push(prop);
        self.owner.push(id as u32);
        self.queued.push(false);
        self.is_slow.push(slow);
        id
    }

    /// Adds a nogood learnt at a restart and queues it.
    pub(crate) fn add_nogood(&mut self, lits: Vec<(u32, u8)>) {
        let id = self.add(Propagator::Nogood(Nogood::new(lits)), false);
        self.enqueue(id);
    }

    #[inline]
    pub(crate) fn enqueue(&mut self, p: usize) {
        if !self.queued[p] {
            self.queued[p] = true;
            if self.is_slow[p] {
                self.slow.push_back(p as u32);
            } else {
                self.fast.push_back(p as u32);
            }
        }
    }

    pub(crate) fn enqueue_all(&mut self) {
        for p in 0..self.props.len() {
            self.enqueue(p);
        }
    }

    pub(crate) fn clear_queue(&mut self) {
        for &p in self.fast.iter().chain(&self.slow) {
            self.queued[p as usize] = false;
        }
        self.fast.clear();
        self.slow.clear();
        self.dom.changed.clear();
    }

    /// Queues the propagators watching every changed variable, except `except`.
    pub(crate) fn schedule_changes(&mut self, except: usize) {
        let changed = std::mem::take(&mut self.dom.changed);
        for &v in &changed {
            let v = v as usize;
            for i in 0..self.on_change[v].len() {
                let p = self.on_change[v][i] as usize;
                if p != except {
                    self.enqueue(p);
                }
            }
            if is_fixed(self.dom.get(v)) {
                for i in 0..self.on_fix[v].len() {
                    let p = self.on_fix[v][i] as usize;
                    if p != except {
                        self.enqueue(p);
                    }
                }
            }
        }
        self.dom.changed = changed;
        self.dom.changed.clear();
    }

    /// Runs the queue to a fixpoint; `Err(p)` names the propagator that failed.
    pub(crate) fn propagate(&mut self) -> Result<(), usize> {
        self.schedule_changes(usize::MAX);
        loop {
            let p = match self.fast.pop_front() {
                Some(p) => p,
                None => match self.slow.pop_front() {
                    Some(p) => p,
                    None => return Ok(()),
                },
            } as usize;
            self.queued[p] = false;
            self.propagations += 1;
            if !self.props[p].propagate(&mut self.dom) {
                self.clear_queue();
                return Err(p);
            }
            self.schedule_changes(p);
        }
    }

    /// The value of a fixed variable.
    pub(crate) fn value(&self, var: usize) -> i32 {
        self.base + self.dom.get(var).trailing_zeros() as i32
    }

    /// The values of a domain word.
    pub(crate) fn values(&self, mut word: W) -> Vec<i32> {
        let mut out = Vec::with_capacity(word.count_ones() as usize);
        while word != W::ZERO {
            out.push(self.base + word.trailing_zeros() as i32);
            word &= word - W::bit(0);
        }
        out
    }

    /// Requires the next solutions to cost at most `bound` (internal sense).
    pub(crate) fn set_bound(&mut self, bound: i64) {
        if let Some(i) = self.objective {
            if let Propagator::Objective(p) = &mut self.props[i] {
                p.bound = bound;
            }
            self.enqueue(i);
        }
    }
}

/// The number of consecutive values `model`'s domains span (0 when it has
/// no variable: 1), which picks the domain word.
pub(crate) fn span(model: &Model) -> i64 {
    let (lo, hi) = model.value_range();
    i64::from(hi) - i64::from(lo) + 1
}
