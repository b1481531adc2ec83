//! All-different at three strengths (the `propagation=` option):
//!
//! - `fc`: a fixed value is removed from the other variables (forward checking).
//! - `singles`: also hidden singles (a value with one place left is placed
//!   there) and the pigeonhole test (fewer values than variables fails).
//! - `ac`: also Régin's matching-based generalised arc consistency: a maximum
//!   matching variables → values, then every value that belongs to no
//!   maximum matching is removed (Hall sets of any size: naked pairs,
//!   triples, ..., and their hidden counterparts).

use crate::domains::{is_fixed, Domains};
use crate::Propagation;

const NONE: u8 = u8::MAX;

/// One all-different group.
#[derive(Clone, Debug)]
pub(crate) struct AllDifferent {
    vars: Vec<u32>,
    level: Propagation,
    /// Matching of the last run, reused as a warm start (bit per var).
    mate: Vec<u8>,
    doms: Vec<u64>,
}

impl AllDifferent {
    pub(crate) fn new(vars: Vec<u32>, level: Propagation) -> Self {
        let k = vars.len();
        AllDifferent {
            vars,
            level,
            mate: vec![NONE; k],
            doms: vec![0; k],
        }
    }

    pub(crate) fn vars(&self) -> &[u32] {
        &self.vars
    }

    /// Whether only fixing events can make this propagator prune.
    pub(crate) fn fix_only(&self) -> bool {
        self.level == Propagation::Fc
    }

    pub(crate) fn propagate(&mut self, d: &mut Domains) -> bool {
        loop {
            let mut fixed = 0u64;
            for &v in &self.vars {
                let m = d.get(v as usize);
                if is_fixed(m) {
                    if m & fixed != 0 {
                        return false;
                    }
                    fixed |= m;
                }
            }
            let mut again = false;
            for &v in &self.vars {
                let m = d.get(v as usize);
                if !is_fixed(m) && m & fixed != 0 {
                    let nm = m & !fixed;
                    if !d.set(v as usize, nm) {
                        return false;
                    }
                    again |= is_fixed(nm);
                }
            }
            if again {
                continue;
            }
            if self.level == Propagation::Fc {
                return true;
            }
            let (mut once, mut twice) = (0u64, 0u64);
            for &v in &self.vars {
                let m = d.get(v as usize);
                twice |= once & m;
                once |= m;
            }
            if (once.count_ones() as usize) < self.vars.len() {
                return false;
            }
            // Hidden singles only when every value must be used.
            let single = once & !twice & !fixed;
            if single != 0 && once.count_ones() as usize == self.vars.len() {
                for &v in &self.vars {
                    let m = d.get(v as usize);
                    let hit = m & single;
                    if hit != 0 {
                        if !is_fixed(hit) {
                            return false; // two values only this variable can take
                        }
                        d.set(v as usize, hit);
                    }
                }
                continue;
            }
            break;
        }
        if self.level == Propagation::Ac {
            return self.regin(d);
        }
        true
    }

    /// Régin's filtering over bitsets (at most 64 variables and values).
    fn regin(&mut self, d: &mut Domains) -> bool {
        let k = self.vars.len();
        if k > 64 {
            return false; // more variables than the 64 values a domain can hold
        }
        let mut free_vars = 0u64;
        for (i, &v) in self.vars.iter().enumerate() {
            self.doms[i] = d.get(v as usize);
            if !is_fixed(self.doms[i]) {
                free_vars |= 1 << i;
            }
        }
        if free_vars == 0 {
            return true;
        }
        // Maximum matching, warm-started from the last one.
        let mut owner = [NONE; 64];
        for i in 0..k {
            let b = self.mate[i];
            if b != NONE && self.doms[i] >> b & 1 == 1 && owner[b as usize] == NONE {
                owner[b as usize] = i as u8;
            } else {
                self.mate[i] = NONE;
            }
        }
        for i in 0..k {
            if self.mate[i] == NONE {
                let mut visited = 0u64;
                if !augment(i, &self.doms, &mut self.mate, &mut owner, &mut visited) {
                    return false;
                }
            }
        }
        // Variables holding each value, and the values left free.
        let mut holders = [0u64; 64];
        let mut union = 0u64;
        for i in 0..k {
            let mut m = self.doms[i];
            union |= m;
            while m != 0 {
                holders[m.trailing_zeros() as usize] |= 1 << i;
                m &= m - 1;
            }
        }
        let mut matched = 0u64;
        for i in 0..k {
            matched |= 1 << self.mate[i];
        }
        let free_vals = union & !matched;
        // Graph on variables: x -> y when y can take x's matched value.
        // Variables reachable from a free value keep every edge to R's values.
        let mut reach = 0u64;
        for i in 0..k {
            if self.doms[i] & free_vals != 0 {
                reach |= 1 << i;
            }
        }
        let mut frontier = reach;
        while frontier != 0 {
            let x = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let next = holders[self.mate[x] as usize] & !reach;
            reach |= next;
            frontier |= next;
        }
        let mut reach_vals = 0u64;
        let mut r = reach;
        while r != 0 {
            let x = r.trailing_zeros() as usize;
            r &= r - 1;
            reach_vals |= 1 << self.mate[x];
        }
        // Strongly connected components (Tarjan) of the variable graph.
        let mut scc = Tarjan::new(k);
        for x in 0..k {
            if scc.index[x] == u8::MAX {
                scc.visit(x, &self.mate, &holders);
            }
        }
        let mut comp_vals = [0u64; 64];
        for x in 0..k {
            comp_vals[scc.comp[x] as usize] |= 1 << self.mate[x];
        }
        for (i, &v) in self.vars.iter().enumerate() {
            if free_vars >> i & 1 == 0 {
                continue;
            }
            let allowed =
                (1u64 << self.mate[i]) | free_vals | reach_vals | comp_vals[scc.comp[i] as usize];
            let m = self.doms[i];
            if m & !allowed != 0 {
                d.set(v as usize, m & allowed);
            }
        }
        true
    }
}

/// Kuhn's augmenting path from variable `i`.
fn augment(
    i: usize,
    doms: &[u64],
    mate: &mut [u8],
    owner: &mut [u8; 64],
    visited: &mut u64,
) -> bool {
    let mut cand = doms[i] & !*visited;
    while cand != 0 {
        let b = cand.trailing_zeros() as usize;
        cand &= cand - 1;
        *visited |= 1 << b;
        let o = owner[b];
        if o == NONE || augment(o as usize, doms, mate, owner, visited) {
            owner[b] = i as u8;
            mate[i] = b as u8;
            return true;
        }
    }
    false
}

/// Recursive Tarjan over at most 64 nodes.
struct Tarjan {
    index: [u8; 64],
    low: [u8; 64],
    comp: [u8; 64],
    stack: Vec<u8>,
    on_stack: u64,
    next: u8,
    comps: u8,
}

impl Tarjan {
    fn new(_k: usize) -> Self {
        Tarjan {
            index: [u8::MAX; 64],
            low: [0; 64],
            comp: [0; 64],
            stack: Vec::with_capacity(64),
            on_stack: 0,
            next: 0,
            comps: 0,
        }
    }

    fn visit(&mut self, x: usize, mate: &[u8], holders: &[u64; 64]) {
        self.index[x] = self.next;
        self.low[x] = self.next;
        self.next += 1;
        self.stack.push(x as u8);
        self.on_stack |= 1 << x;
        let mut succ = holders[mate[x] as usize] & !(1u64 << x);
        while succ != 0 {
            let y = succ.trailing_zeros() as usize;
            succ &= succ - 1;
            if self.index[y] == u8::MAX {
                self.visit(y, mate, holders);
                self.low[x] = self.low[x].min(self.low[y]);
            } else if self.on_stack >> y & 1 == 1 {
                self.low[x] = self.low[x].min(self.index[y]);
            }
        }
        if self.low[x] == self.index[x] {
            loop {
                let y = self.stack.pop().expect("x is on the stack") as usize;
                self.on_stack &= !(1 << y);
                self.comp[y] = self.comps;
                if y == x {
                    break;
                }
            }
            self.comps += 1;
        }
    }
}
