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
    /// Only the matching pass: at `ac` a group is two propagators, the cheap
    /// `singles` one in the fast queue and this one in the slow queue, so the
    /// matching runs once the cheap reasoning has reached its fixpoint.
    matching_only: bool,
    /// Work arrays of the matching pass, kept between runs (no memset).
    scratch: Option<Box<Scratch>>,
    /// Matching of the last run, reused as a warm start (bit per var).
    mate: Vec<u8>,
}

impl AllDifferent {
    pub(crate) fn new(vars: Vec<u32>, level: Propagation) -> Self {
        let level = level.min(Propagation::Singles);
        let k = vars.len();
        AllDifferent {
            vars,
            level,
            matching_only: false,
            scratch: None,
            mate: vec![NONE; k],
        }
    }

    /// The matching pass alone (see `matching_only`).
    pub(crate) fn matching(vars: Vec<u32>) -> Self {
        let mut p = Self::new(vars, Propagation::Ac);
        p.matching_only = true;
        p.scratch = Some(Box::new(Scratch {
            holders: [0; 64],
            comp_vals: [0; 64],
            tarjan: Tarjan::new(),
        }));
        p
    }

    pub(crate) fn vars(&self) -> &[u32] {
        &self.vars
    }

    /// Whether only fixing events can make this propagator prune.
    pub(crate) fn fix_only(&self) -> bool {
        self.level == Propagation::Fc
    }

    pub(crate) fn propagate(&mut self, d: &mut Domains) -> bool {
        if self.matching_only {
            return self.regin(d);
        }
        let k = self.vars.len();
        loop {
            // One pass: the fixed values, and the values seen once / twice.
            let (mut fixed, mut once, mut twice) = (0u64, 0u64, 0u64);
            for &v in &self.vars {
                let m = d.get(v as usize);
                if is_fixed(m) {
                    if m & fixed != 0 {
                        return false;
                    }
                    fixed |= m;
                }
                twice |= once & m;
                once |= m;
            }
            if twice & fixed != 0 {
                // A fixed value is still elsewhere: remove it, then look again
                // (forward checking only needs to when a variable became fixed).
                let mut newly_fixed = false;
                for &v in &self.vars {
                    let m = d.get(v as usize);
                    if !is_fixed(m) && m & fixed != 0 {
                        if !d.set(v as usize, m & !fixed) {
                            return false;
                        }
                        newly_fixed |= is_fixed(m & !fixed);
                    }
                }
                if self.level == Propagation::Fc && !newly_fixed {
                    return true;
                }
                continue;
            }
            if self.level == Propagation::Fc {
                return true;
            }
            let values = once.count_ones() as usize;
            if values < k {
                return false;
            }
            // Hidden singles, only when every value must be used.
            let single = once & !twice & !fixed;
            if single == 0 || values != k {
                return true;
            }
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
        }
    }

    /// Régin's filtering over bitsets, on the unfixed variables only (the
    /// values of fixed ones were already removed from them by the fc pass).
    fn regin(&mut self, d: &mut Domains) -> bool {
        if self.vars.len() > 64 {
            return false; // more variables than the 64 values a domain can hold
        }
        // Local problem: unfixed variables `j`, original position `at[j]`.
        let mut at = [0u8; 64];
        let mut doms = [0u64; 64];
        let mut mate = [NONE; 64];
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
        let mut k = 0;
        for (i, &v) in self.vars.iter().enumerate() {
            let mut m = d.get(v as usize);
            if !is_fixed(m) {
                if m & fixed != 0 {
                    m &= !fixed;
                    if !d.set(v as usize, m) {
                        return false;
                    }
                }
                at[k] = i as u8;
                doms[k] = m;
                mate[k] = self.mate[i];
                k += 1;
            }
        }
        // Régin only prunes around a Hall set: `s < k` open variables whose
        // domains together hold exactly `s` values. With every domain larger
        // than that there is none, and every value has a support.
        if doms[..k].iter().all(|m| m.count_ones() as usize >= k) {
            return true;
        }
        // Maximum matching, warm-started from the last one.
        let mut owner = [NONE; 64];
        for j in 0..k {
            let b = mate[j];
            if b != NONE && doms[j] >> b & 1 == 1 && owner[b as usize] == NONE {
                owner[b as usize] = j as u8;
            } else {
                mate[j] = NONE;
            }
        }
        for j in 0..k {
            if mate[j] == NONE {
                let mut visited = 0u64;
                if !augment(j, &doms, &mut mate, &mut owner, &mut visited) {
                    return false;
                }
            }
        }
        for j in 0..k {
            self.mate[at[j] as usize] = mate[j];
        }
        // Variables holding each value, and the values left free.
        let scratch = self
            .scratch
            .as_mut()
            .expect("the matching half has scratch space");
        let Scratch {
            holders,
            comp_vals,
            tarjan: scc,
        } = &mut **scratch;
        let mut union = 0u64;
        let mut matched = 0u64;
        for j in 0..k {
            let mut m = doms[j];
            union |= m;
            matched |= 1 << mate[j];
            while m != 0 {
                holders[m.trailing_zeros() as usize] |= 1 << j;
                m &= m - 1;
            }
        }
        let free_vals = union & !matched;
        // Graph on variables: x -> y when y can take x's matched value.
        // Variables reachable from a free value keep every edge to R's values.
        let mut on_free = 0u64;
        for (j, &m) in doms[..k].iter().enumerate() {
            if m & free_vals != 0 {
                on_free |= 1 << j;
            }
        }
        let reach = forward_closure(on_free, &mate, holders);
        let all = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        if reach == all {
            clear_bits(holders, union);
            return true; // every edge lies on an alternating path
        }
        if free_vals == 0 && strongly_connected(all, &doms, &mate, &owner, holders) {
            clear_bits(holders, union);
            return true; // one alternating cycle through everything: no pruning
        }
        let mut reach_vals = 0u64;
        let mut r = reach;
        while r != 0 {
            let x = r.trailing_zeros() as usize;
            r &= r - 1;
            reach_vals |= 1 << mate[x];
        }
        // Strongly connected components (Tarjan) of the variable graph.
        scc.reset(k);
        for x in 0..k {
            if scc.index[x] == u8::MAX {
                scc.visit(x, &mate, holders);
            }
        }
        comp_vals[..k].fill(0);
        for x in 0..k {
            comp_vals[scc.comp[x] as usize] |= 1 << mate[x];
        }
        for j in 0..k {
            let allowed =
                (1u64 << mate[j]) | free_vals | reach_vals | comp_vals[scc.comp[j] as usize];
            if doms[j] & !allowed != 0 {
                d.set(self.vars[at[j] as usize] as usize, doms[j] & allowed);
            }
        }
        clear_bits(holders, union);
        true
    }
}

/// The matching pass's work arrays.
#[derive(Clone, Debug)]
struct Scratch {
    holders: [u64; 64],
    comp_vals: [u64; 64],
    tarjan: Tarjan,
}

/// Zeroes the entries of `holders` named by the bits of `mask`.
fn clear_bits(holders: &mut [u64; 64], mut mask: u64) {
    while mask != 0 {
        holders[mask.trailing_zeros() as usize] = 0;
        mask &= mask - 1;
    }
}

/// The variables reachable from `start` in the variable graph (x -> y when
/// y can take x's matched value), `start` included.
fn forward_closure(start: u64, mate: &[u8; 64], holders: &[u64; 64]) -> u64 {
    let (mut seen, mut frontier) = (start, start);
    while frontier != 0 {
        let x = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let next = holders[mate[x] as usize] & !seen;
        seen |= next;
        frontier |= next;
    }
    seen
}

/// Whether the variable graph is one strongly connected component (`all`
/// its variables): everything reached from variable 0 forwards and
/// backwards, by bitset searches.
fn strongly_connected(
    all: u64,
    doms: &[u64; 64],
    mate: &[u8; 64],
    owner: &[u8; 64],
    holders: &[u64; 64],
) -> bool {
    if forward_closure(1, mate, holders) != all {
        return false;
    }
    // Backwards: the predecessors of y own the values of y's domain.
    let (mut seen, mut frontier, mut seen_vals) = (1u64, 1u64, 0u64);
    while frontier != 0 {
        let y = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let mut vals = doms[y] & !seen_vals;
        seen_vals |= vals;
        while vals != 0 {
            let x = owner[vals.trailing_zeros() as usize];
            vals &= vals - 1;
            if x != NONE && seen >> x & 1 == 0 {
                seen |= 1 << x;
                frontier |= 1 << x;
            }
        }
    }
    seen == all
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
#[derive(Clone, Debug)]
struct Tarjan {
    index: [u8; 64],
    low: [u8; 64],
    comp: [u8; 64],
    stack: [u8; 64],
    depth: usize,
    on_stack: u64,
    next: u8,
    comps: u8,
}

impl Tarjan {
    fn new() -> Self {
        Tarjan {
            index: [u8::MAX; 64],
            low: [0; 64],
            comp: [0; 64],
            stack: [0; 64],
            depth: 0,
            on_stack: 0,
            next: 0,
            comps: 0,
        }
    }

    fn reset(&mut self, k: usize) {
        self.index[..k].fill(u8::MAX);
        self.depth = 0;
        self.on_stack = 0;
        self.next = 0;
        self.comps = 0;
    }

    fn visit(&mut self, x: usize, mate: &[u8], holders: &[u64; 64]) {
        self.index[x] = self.next;
        self.low[x] = self.next;
        self.next += 1;
        self.stack[self.depth] = x as u8;
        self.depth += 1;
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
                self.depth -= 1;
                let y = self.stack[self.depth] as usize;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Values of each variable that some all-different assignment uses.
    fn supported(doms: &[u64]) -> Option<Vec<u64>> {
        fn go(doms: &[u64], i: usize, used: u64, pick: &mut Vec<u32>, out: &mut Vec<u64>) {
            if i == doms.len() {
                for (o, &b) in out.iter_mut().zip(pick.iter()) {
                    *o |= 1 << b;
                }
                return;
            }
            let mut m = doms[i] & !used;
            while m != 0 {
                let b = m.trailing_zeros();
                m &= m - 1;
                pick.push(b);
                go(doms, i + 1, used | 1 << b, pick, out);
                pick.pop();
            }
        }
        let mut out = vec![0; doms.len()];
        go(doms, 0, 0, &mut Vec::new(), &mut out);
        out.iter().all(|&m| m != 0).then_some(out)
    }

    #[test]
    fn matching_pass_is_exactly_generalised_arc_consistency() {
        let mut rng = Rng::new(42);
        for _ in 0..3000 {
            let k = 2 + rng.below(5);
            let values = k + rng.below(3);
            let doms: Vec<u64> = (0..k)
                .map(|_| (rng.next_u64() & ((1 << values) - 1)) | 1 << rng.below(values))
                .collect();
            let vars: Vec<u32> = (0..k as u32).collect();
            let mut d = Domains::new(doms.clone());
            let mut cheap = AllDifferent::new(vars.clone(), Propagation::Ac);
            let mut matching = AllDifferent::matching(vars);
            let ok = cheap.propagate(&mut d) && matching.propagate(&mut d);
            match supported(&doms) {
                None => assert!(!ok, "{doms:?} has no solution"),
                Some(expected) => {
                    assert!(ok, "{doms:?} has a solution");
                    assert_eq!(d.words(), &expected[..], "from {doms:?}");
                }
            }
        }
    }

    #[test]
    fn singles_place_a_value_with_one_place_left() {
        let mut d = Domains::new(vec![0b111, 0b011, 0b011]);
        let mut p = AllDifferent::new(vec![0, 1, 2], Propagation::Singles);
        assert!(p.propagate(&mut d));
        assert_eq!(d.get(0), 0b100);
        // A cage-like group with spare values places nothing.
        let mut d = Domains::new(vec![0b111, 0b011]);
        let mut p = AllDifferent::new(vec![0, 1], Propagation::Singles);
        assert!(p.propagate(&mut d));
        assert_eq!(d.get(0), 0b111);
    }
}
