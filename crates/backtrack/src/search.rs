use sudokit_model::{
    Cmp, Collector, Constraint, LimitKind, LinearTerm, Model, Outcome, Request, Stats, StopCheck,
};

use crate::Order;

/// Domains as bitsets: bit `k` of `doms[v]` stands for the value `base + k`.
type Domains = Vec<u64>;

/// The search's counters, reported as [`Stats`].
#[derive(Default)]
struct Tally {
    nodes: u64,
    fails: u64,
    backtracks: u64,
    propagations: u64,
    max_depth: u64,
}

pub(crate) struct Search<'a> {
    model: &'a Model,
    order: Order,
    base: i32,
    /// For each variable, the constraints that mention it.
    watch: Vec<Vec<usize>>,
    assigned: Vec<bool>,
    collector: Collector<'a>,
    tally: Tally,
    checker: StopCheck<'a>,
    stopped: Option<LimitKind>,
}

impl<'a> Search<'a> {
    /// `None` when some domain does not fit one 64-value window.
    pub(crate) fn new(model: &'a Model, order: Order, request: &'a Request) -> Option<Self> {
        let vars = model.vars();
        let (base, top) = model.value_range();
        if i64::from(top) - i64::from(base) >= 64 {
            return None;
        }
        let mut watch = vec![Vec::new(); vars.len()];
        for (i, constraint) in model.constraints().iter().enumerate() {
            for var in constraint.vars() {
                if watch[var.index()].last() != Some(&i) {
                    watch[var.index()].push(i);
                }
            }
        }
        Some(Search {
            model,
            order,
            base,
            watch,
            assigned: vec![false; vars.len()],
            collector: Collector::new(request, None),
            tally: Tally::default(),
            checker: request.limits.checker(),
            stopped: None,
        })
    }

    pub(crate) fn run(mut self) -> Outcome {
        let doms: Domains = self
            .model
            .vars()
            .iter()
            .map(|v| v.domain.mask(self.base))
            .collect();
        if doms.iter().all(|&d| d != 0) {
            self.descend(doms, 0);
        }
        let mut outcome = self.collector.finish(self.stopped);
        let t = &self.tally;
        outcome.stats = Stats {
            nodes: Some(t.nodes),
            fails: Some(t.fails),
            backtracks: Some(t.backtracks),
            propagations: Some(t.propagations),
            max_depth: Some(t.max_depth),
            ..Stats::default()
        };
        outcome
    }

    /// Returns false when the search must end (cap or limit reached).
    fn descend(&mut self, doms: Domains, depth: u64) -> bool {
        let Some(var) = self.pick(&doms) else {
            return self.record(&doms);
        };
        self.tally.max_depth = self.tally.max_depth.max(depth);
        self.assigned[var] = true;
        let mut values = doms[var];
        let mut go_on = true;
        while values != 0 && go_on {
            let bit = values & values.wrapping_neg();
            values ^= bit;
            self.tally.nodes += 1;
            if let Some(kind) = self.checker.check(self.tally.nodes, self.tally.fails) {
                self.stopped = Some(kind);
                go_on = false;
                break;
            }
            let mut next = doms.clone();
            next[var] = bit;
            if self.forward_check(&mut next, var) {
                go_on = self.descend(next, depth + 1);
            } else {
                self.tally.fails += 1;
            }
            self.tally.backtracks += 1;
        }
        self.assigned[var] = false;
        go_on
    }

    fn pick(&self, doms: &Domains) -> Option<usize> {
        let mut free = (0..doms.len()).filter(|&v| !self.assigned[v]);
        match self.order {
            Order::Input => free.next(),
            Order::Mrv => free.min_by_key(|&v| doms[v].count_ones()),
        }
    }

    /// Removes the value of `var` from its all-different and `!=` peers and
    /// checks linear bounds; false on a wipe-out or a violated bound.
    fn forward_check(&mut self, doms: &mut Domains, var: usize) -> bool {
        let bit = doms[var];
        let value = self.base + bit.trailing_zeros() as i32;
        for &c in &self.watch[var] {
            self.tally.propagations += 1;
            match &self.model.constraints()[c] {
                Constraint::AllDifferent(vars) => {
                    for peer in vars.iter().map(|v| v.index()).filter(|&p| p != var) {
                        doms[peer] &= !bit;
                        if doms[peer] == 0 {
                            return false;
                        }
                    }
                }
                Constraint::NotEqualOffset { x, y, offset } => {
                    // x != y + offset: forbid y = x - offset, or x = y + offset.
                    let (peer, forbidden) = if x.index() == var {
                        (*y, value - offset)
                    } else {
                        (*x, value + offset)
                    };
                    if peer.index() == var {
                        if *offset == 0 {
                            return false;
                        }
                        continue;
                    }
                    if let Some(shift) = forbidden
                        .checked_sub(self.base)
                        .filter(|s| (0..64).contains(s))
                    {
                        doms[peer.index()] &= !(1u64 << shift);
                    }
                    if doms[peer.index()] == 0 {
                        return false;
                    }
                }
                Constraint::Linear { terms, cmp, rhs } => {
                    if !self.linear_feasible(doms, terms, *cmp, *rhs) {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn linear_feasible(&self, doms: &Domains, terms: &[LinearTerm], cmp: Cmp, rhs: i64) -> bool {
        let (mut lo, mut hi) = (0i64, 0i64);
        let mut all_fixed = true;
        for t in terms {
            let d = doms[t.var.index()];
            let min = i64::from(self.base) + i64::from(d.trailing_zeros());
            let max = i64::from(self.base) + 63 - i64::from(d.leading_zeros());
            all_fixed &= d.count_ones() == 1;
            let (a, b) = (t.coef * min, t.coef * max);
            lo += a.min(b);
            hi += a.max(b);
        }
        match cmp {
            Cmp::Eq => lo <= rhs && rhs <= hi,
            Cmp::Le => lo <= rhs,
            Cmp::Ge => hi >= rhs,
            Cmp::Ne => !all_fixed || lo != rhs,
        }
    }

    /// Every variable is fixed and every constraint was checked on the way.
    fn record(&mut self, doms: &Domains) -> bool {
        let base = self.base;
        let solution = || doms.iter().map(move |d| base + d.trailing_zeros() as i32);
        debug_assert!({
            let values: Vec<i32> = solution().collect();
            let constraints = self.model.constraints();
            constraints.iter().all(|c| c.is_satisfied_by(&values))
        });
        self.collector.found(solution).is_continue()
    }
}
