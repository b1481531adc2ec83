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
use crate::word::Word;
use crate::Propagation;

const NONE: u8 = u8::MAX;

/// One all-different group.
#[derive(Clone, Debug)]
pub(crate) struct AllDifferent<W: Word> {
    vars: Vec<u32>,
    level: Propagation,
    /// Only the matching pass: at `ac` a group is two propagators, the cheap
    /// `singles` one in the fast queue and this one in the slow queue, so the
    /// matching runs once the cheap reasoning has reached its fixpoint.
    matching_only: bool,
    /// Work arrays of the matching pass, kept between runs (no memset).
    scratch: Option<Box<Scratch<W>>>,
    /// Matching of the last run, reused as a warm start (bit per var).
    mate: Vec<u8>,
}

impl<W: Word> AllDifferent<W> {
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
            holders: W::table(W::ZERO),
            comp_vals: W::table(W::ZERO),
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

    pub(crate) fn propagate(&mut self, d: &mut Domains<W>) -> bool {
        if self.matching_only {
            return self.regin(d);
        }
        let k = self.vars.len();
        loop {
            // One pass: the fixed values, and the values seen once / twice.
            let (mut fixed, mut once, mut twice) = (W::ZERO, W::ZERO, W::ZERO);
            for &v in &self.vars {
                let m = d.get(v as usize);
                if is_fixed(m) {
                    if m & fixed != W::ZERO {
                        return false;
                    }
                    fixed |= m;
                }
                twice |= once & m;
                once |= m;
            }
            if twice & fixed != W::ZERO {
                // A fixed value is still elsewhere: remove it, then look again
                // (forward checking only needs to when a variable became fixed).
                let mut newly_fixed = false;
                for &v in &self.vars {
                    let m = d.get(v as usize);
                    if !is_fixed(m) && m & fixed != W::ZERO {
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
            if single == W::ZERO || values != k {
                return true;
            }
            for &v in &self.vars {
                let m = d.get(v as usize);
                let hit = m & single;
                if hit != W::ZERO {
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
    fn regin(&mut self, d: &mut Domains<W>) -> bool {
        if self.vars.len() > W::BITS as usize {
            return false; // more variables than the values a domain can hold
        }
        // Local problem: unfixed variables `j`, original position `at[j]`.
        let mut at = W::table(0u8);
        let mut doms = W::table(W::ZERO);
        let mut mate = W::table(NONE);
        let mut fixed = W::ZERO;
        for &v in &self.vars {
            let m = d.get(v as usize);
            if is_fixed(m) {
                if m & fixed != W::ZERO {
                    return false;
                }
                fixed |= m;
            }
        }
        let mut k = 0;
        for (i, &v) in self.vars.iter().enumerate() {
            let mut m = d.get(v as usize);
            if !is_fixed(m) {
                if m & fixed != W::ZERO {
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
        if doms.as_ref()[..k]
            .iter()
            .all(|m| m.count_ones() as usize >= k)
        {
            return true;
        }
        // Maximum matching, warm-started from the last one.
        let mut owner = W::table(NONE);
        for j in 0..k {
            let b = mate[j];
            if b != NONE && doms[j].has(u32::from(b)) && owner[b as usize] == NONE {
                owner[b as usize] = j as u8;
            } else {
                mate[j] = NONE;
            }
        }
        for j in 0..k {
            if mate[j] == NONE {
                let mut visited = W::ZERO;
                if !augment(j, doms.as_ref(), mate.as_mut(), &mut owner, &mut visited) {
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
        let mut union = W::ZERO;
        let mut matched = W::ZERO;
        for j in 0..k {
            let mut m = doms[j];
            union |= m;
            matched |= W::bit(u32::from(mate[j]));
            while m != W::ZERO {
                holders[m.trailing_zeros() as usize] |= W::bit(j as u32);
                m &= m - W::bit(0);
            }
        }
        let free_vals = union & !matched;
        // Graph on variables: x -> y when y can take x's matched value.
        // Variables reachable from a free value keep every edge to R's values.
        let mut on_free = W::ZERO;
        for (j, &m) in doms.as_ref()[..k].iter().enumerate() {
            if m & free_vals != W::ZERO {
                on_free |= W::bit(j as u32);
            }
        }
        let reach = forward_closure(on_free, &mate, holders);
        let all = W::low(k as u32);
        if reach == all {
            clear_bits(holders, union);
            return true; // every edge lies on an alternating path
        }
        if free_vals == W::ZERO && strongly_connected(all, &doms, &mate, &owner, holders) {
            clear_bits(holders, union);
            return true; // one alternating cycle through everything: no pruning
        }
        let mut reach_vals = W::ZERO;
        let mut r = reach;
        while r != W::ZERO {
            let x = r.trailing_zeros() as usize;
            r &= r - W::bit(0);
            reach_vals |= W::bit(u32::from(mate[x]));
        }
        // Strongly connected components (Tarjan) of the variable graph.
        scc.reset(k);
        for x in 0..k {
            if scc.index[x] == u8::MAX {
                scc.visit(x, mate.as_ref(), holders);
            }
        }
        comp_vals.as_mut()[..k].fill(W::ZERO);
        for x in 0..k {
            comp_vals[scc.comp[x] as usize] |= W::bit(u32::from(mate[x]));
        }
        for j in 0..k {
            let allowed = W::bit(u32::from(mate[j]))
                | free_vals
                | reach_vals
                | comp_vals[scc.comp[j] as usize];
            if doms[j] & !allowed != W::ZERO {
                d.set(self.vars[at[j] as usize] as usize, doms[j] & allowed);
            }
        }
        clear_bits(holders, union);
        true
    }
}

/// The matching pass's work arrays.
#[derive(Clone, Debug)]
struct Scratch<W: Word> {
    holders: W::Table<W>,
    comp_vals: W::Table<W>,
    tarjan: Tarjan<W>,
}

/// Zeroes the entries of `holders` named by the bits of `mask`.
fn clear_bits<W: Word>(holders: &mut W::Table<W>, mut mask: W) {
    while mask != W::ZERO {
        holders[mask.trailing_zeros() as usize] = W::ZERO;
        mask &= mask - W::bit(0);
    }
}

/// The variables reachable from `start` in the variable graph (x -> y when
/// y can take x's matched value), `start` included.
fn forward_closure<W: Word>(start: W, mate: &W::Table<u8>, holders: &W::Table<W>) -> W {
    let (mut seen, mut frontier) = (start, start);
    while frontier != W::ZERO {
        let x = frontier.trailing_zeros() as usize;
        frontier &= frontier - W::bit(0);
        let next = holders[mate[x] as usize] & !seen;
        seen |= next;
        frontier |= next;
    }
    seen
}

/// Whether the variable graph is one strongly connected component (`all`
/// its variables): everything reached from variable 0 forwards and
/// backwards, by bitset searches.
fn strongly_connected<W: Word>(
    all: W,
    doms: &W::Table<W>,
    mate: &W::Table<u8>,
    owner: &W::Table<u8>,
    holders: &W::Table<W>,
) -> bool {
    let one = W::bit(0);
    if forward_closure::<W>(one, mate, holders) != all {
        return false;
    }
    // Backwards: the predecessors of y own the values of y's domain.
    let (mut seen, mut frontier, mut seen_vals) = (one, one, W::ZERO);
    while frontier != W::ZERO {
        let y = frontier.trailing_zeros() as usize;
        frontier &= frontier - one;
        let mut vals = doms[y] & !seen_vals;
        seen_vals |= vals;
        while vals != W::ZERO {
            let x = owner[vals.trailing_zeros() as usize];
            vals &= vals - one;
            if x != NONE && !seen.has(u32::from(x)) {
                seen |= W::bit(u32::from(x));
                frontier |= W::bit(u32::from(x));
            }
        }
    }
    seen == all
}

/// Kuhn's augmenting path from variable `i`.
fn augment<W: Word>(
    i: usize,
    doms: &[W],
    mate: &mut [u8],
    owner: &mut W::Table<u8>,
    visited: &mut W,
) -> bool {
    let mut cand = doms[i] & !*visited;
    while cand != W::ZERO {
        let b = cand.trailing_zeros() as usize;
        cand &= cand - W::bit(0);
        *visited |= W::bit(b as u32);
        let o = owner[b];
        if o == NONE || augment(o as usize, doms, mate, owner, visited) {
            owner[b] = i as u8;
            mate[i] = b as u8;
            return true;
        }
    }
    false
}

/// Recursive Tarjan over at most `W::BITS` nodes.
#[derive(Clone, Debug)]
struct Tarjan<W: Word> {
    index: W::Table<u8>,
    low: W::Table<u8>,
    comp: W::Table<u8>,
    stack: W::Table<u8>,
    depth: usize,
    on_stack: W,
    next: u8,
    comps: u8,
}

impl<W: Word> Tarjan<W> {
    fn new() -> Self {
        Tarjan {
            index: W::table(u8::MAX),
            low: W::table(0),
            comp: W::table(0),
            stack: W::table(0),
            depth: 0,
            on_stack: W::ZERO,
            next: 0,
            comps: 0,
        }
    }

    fn reset(&mut self, k: usize) {
        self.index.as_mut()[..k].fill(u8::MAX);
        self.depth = 0;
        self.on_stack = W::ZERO;
        self.next = 0;
        self.comps = 0;
    }

    fn visit(&mut self, x: usize, mate: &[u8], holders: &W::Table<W>) {
        self.index[x] = self.next;
        self.low[x] = self.next;
        self.next += 1;
        self.stack[self.depth] = x as u8;
        self.depth += 1;
        self.on_stack |= W::bit(x as u32);
        let mut succ = holders[mate[x] as usize] & !W::bit(x as u32);
        while succ != W::ZERO {
            let y = succ.trailing_zeros() as usize;
            succ &= succ - W::bit(0);
            if self.index[y] == u8::MAX {
                self.visit(y, mate, holders);
                self.low[x] = self.low[x].min(self.low[y]);
            } else if self.on_stack.has(y as u32) {
                self.low[x] = self.low[x].min(self.index[y]);
            }
        }
        if self.low[x] == self.index[x] {
            loop {
                self.depth -= 1;
                let y = self.stack[self.depth] as usize;
                self.on_stack &= !W::bit(y as u32);
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

    /// Random small groups, their values moved up by `shift` bits, against
    /// brute force.
    fn matching_is_gac_on<W: Word + From<u64>>(shift: u32) {
        let mut rng = Rng::new(42);
        for _ in 0..3000 {
            let k = 2 + rng.below(5);
            let values = k + rng.below(3);
            let doms: Vec<u64> = (0..k)
                .map(|_| (rng.next_u64() & ((1 << values) - 1)) | 1 << rng.below(values))
                .collect();
            let words: Vec<W> = doms.iter().map(|&m| W::from(m) << shift).collect();
            let vars: Vec<u32> = (0..k as u32).collect();
            let mut d = Domains::new(words.clone());
            let mut cheap = AllDifferent::new(vars.clone(), Propagation::Ac);
            let mut matching = AllDifferent::matching(vars);
            let ok = cheap.propagate(&mut d) && matching.propagate(&mut d);
            match supported(&doms) {
                None => assert!(!ok, "{doms:?} has no solution"),
                Some(expected) => {
                    assert!(ok, "{doms:?} has a solution");
                    let expected: Vec<W> = expected.iter().map(|&m| W::from(m) << shift).collect();
                    assert_eq!(d.words(), &expected[..], "from {doms:?} << {shift}");
                }
            }
        }
    }

    #[test]
    fn matching_pass_is_exactly_generalised_arc_consistency() {
        matching_is_gac_on::<u64>(0);
        matching_is_gac_on::<u128>(0);
        matching_is_gac_on::<u128>(100);
    }

    #[test]
    fn a_group_of_a_hundred_has_its_hall_set_found() {
        // 100 variables over values 0..100: 98 of them hold everything,
        // two hold only {98, 99}, so no one else may take 98 or 99.
        let mut doms = vec![<u128 as Word>::low(100); 100];
        doms[3] = 0b11 << 98;
        doms[77] = 0b11 << 98;
        let mut d = Domains::new(doms);
        let vars: Vec<u32> = (0..100).collect();
        let mut cheap = AllDifferent::new(vars.clone(), Propagation::Ac);
        let mut matching = AllDifferent::matching(vars);
        assert!(cheap.propagate(&mut d) && matching.propagate(&mut d));
        for v in 0..100 {
            let want = if v == 3 || v == 77 {
                0b11 << 98
            } else {
                <u128 as Word>::low(98)
            };
            assert_eq!(d.get(v), want, "variable {v}");
        }
    }

    #[test]
    fn singles_place_a_value_with_one_place_left() {
        let mut d = Domains::<u64>::new(vec![0b111, 0b011, 0b011]);
        let mut p = AllDifferent::new(vec![0, 1, 2], Propagation::Singles);
        assert!(p.propagate(&mut d));
        assert_eq!(d.get(0), 0b100);
        // A cage-like group with spare values places nothing.
        let mut d = Domains::<u64>::new(vec![0b111, 0b011]);
        let mut p = AllDifferent::new(vec![0, 1], Propagation::Singles);
        assert!(p.propagate(&mut d));
        assert_eq!(d.get(0), 0b111);
    }
}
