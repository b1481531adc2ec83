//! The forcing chains a *nested* forcing chain (SE 9.5) applies as
//! implications where its singles and the lower patterns run out: on the
//! board as the outer chain has left it, a candidate whose assumption
//! leads, by static links, to its own opposite (on to off: it goes; off
//! to on: it is placed, and the cell's other digits go).
//!
//! Static links read the board as the outer chain left it: a cell with
//! two candidates, a digit with two places in a house. A link the board
//! had before the chain needs nothing; one the chain made (it put the
//! other candidates of the cell off, or the digit's other places in the
//! house) rests on those off nodes: they are the inner chain's parents,
//! and an inner chain needs one at least (one on the board itself would
//! have been found before any chain). As SE, the chains of x links alone
//! (one digit: SE's "turbot fish" and forcing X-chains) are looked for
//! first, then those of both kinds; each is the shortest (breadth first),
//! and an elimination keeps the first chain that makes it.
//!
//! **Nodes.** SE's rule, read from Sukaku Explainer's own account of its
//! nested steps (`serate --after="%r %s %h"` lists each outer chain node
//! by node, then "Nested Forcing Chains details", every inner chain the
//! step uses with its nodes): a nested step's complexity is the outer
//! chains' nodes counted as for the dynamic chains (an inner chain's
//! eliminations are nodes of the outer chain, their parents the off
//! nodes above), plus the nodes of every inner chain the step uses, its
//! assumption and its end included, each inner chain once however many
//! of its eliminations the step needs. On the forum's hardest puzzle
//! `........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3`,
//! after its hidden single, SE's step "3 in row ==> E6.4 off" is three
//! branches of 16, 2 and 16 nodes and four inner turbot fish of 6 nodes
//! each: 34 − 2 + 24 = 56, 9.5 and eight tenths, the 10.3 SE gives it;
//! its steps at 10.2 on the second puzzle of that list (`C5.2 on ==> E1.5
//! both on & off`: chains of 14 and 13 nodes, two inner chains of 8) count
//! 25 + 16 = 41 the same way.
//!
//! **Work.** Every time an outer chain's singles run out, every candidate
//! of its board is tried on and off, so one step runs thousands of inner
//! searches. Which starts reach their opposite at all is worked out once
//! per board (the reach of every node, as bitsets), and only those are
//! searched. The work (links followed and nodes searched) is counted, and
//! one step may take [`WORK_PER_STEP`]: past it the step gives up as if
//! no nested chain applied, so a grade is the same on every machine.
//!
//! Cells with one candidate left count as placed (outside the inner
//! chain); houses are the puzzle's, and "no repeats" reads them alone.

use std::collections::VecDeque;

use crate::digits;

/// A candidate: `cell * n + digit - 1`.
type Candidate = usize;

/// Told of each elimination: `(parents, candidate, chain, nodes)`.
pub(crate) type InnerFound<'a> = dyn FnMut(&[Candidate], Candidate, usize, usize) + 'a;

/// The puzzle's houses, as the inner chains read them.
pub(crate) struct InnerChains<'a> {
    pub n: usize,
    pub houses: &'a [Vec<usize>],
    pub houses_of: &'a [Vec<usize>],
}

/// The work one nested step may spend on its inner chains: links followed
/// while working out the reach of every node, and nodes the searches take
/// from their queues, summed over every assumption of the step. Past it
/// the step gives up, as if no nested chain were found (see
/// [`InnerScratch::exhausted`]). Counted in work, not time, so a grade is
/// the same on every machine. The steps of the first 30 puzzles of the
/// forum's hardest list (HardestDatabase110626) take 12 to 25 million
/// (0.3 to 0.7 s of CPU on an Intel Xeon, AVX-512): this is four times
/// their most, about 3 s there.
pub(crate) const WORK_PER_STEP: u64 = 100_000_000;

/// Reused buffers of the inner searches, and the work they have done.
pub(crate) struct InnerScratch {
    /// Per node (`candidate * 2 + on`): its parent plus one, 0 unreached.
    parent: Vec<usize>,
    reached: Vec<usize>,
    queue: VecDeque<usize>,
    /// The starts whose chain an earlier pass found, per node.
    done: Vec<bool>,
    /// Nodes taken from the queues so far, and the most allowed.
    work: u64,
    budget: u64,
    /// A limit of the board stopped the work.
    stopped: bool,
    /// The links of one search, node by node
    /// (`link_to[link_start[v]..link_start[v + 1]]`), and each node's
    /// reach, `words` bits a node.
    link_start: Vec<usize>,
    link_to: Vec<usize>,
    reach: Vec<u64>,
    words: usize,
    order: Vec<usize>,
    out: Vec<usize>,
}

impl InnerScratch {
    /// Buffers for searches that may take `budget` nodes in all.
    pub(crate) fn with_budget(budget: u64) -> InnerScratch {
        InnerScratch {
            parent: Vec::new(),
            reached: Vec::new(),
            queue: VecDeque::new(),
            done: Vec::new(),
            work: 0,
            budget,
            stopped: false,
            link_start: Vec::new(),
            link_to: Vec::new(),
            reach: Vec::new(),
            words: 0,
            order: Vec::new(),
            out: Vec::new(),
        }
    }

    /// Whether links lead from `from` to `to` (after [`InnerChains::close`]).
    fn reaches(&self, from: usize, to: usize) -> bool {
        self.reach[from * self.words + to / 64] >> (to % 64) & 1 == 1
    }

    /// The budget is spent, or a limit stopped the work: what the
    /// searches found since is incomplete and must not be used.
    pub(crate) fn exhausted(&self) -> bool {
        self.stopped || self.work >= self.budget
    }
}

impl InnerChains<'_> {
    /// Every elimination an inner forcing chain makes on `now`:
    /// `found(parents, candidate, chain, nodes)`, `chain` numbering the
    /// chains of this call (one chain may eliminate several candidates).
    /// As SE, the chains of x links alone (one digit) come first, then
    /// those of both kinds (y links alone give no forcing chain): an
    /// elimination keeps the first chain that makes it, so a start whose
    /// x-chain was found is not searched again. `stop` is read before
    /// each start: once it says so, or once the budget is spent, the
    /// searches end ([`InnerScratch::exhausted`]).
    pub(crate) fn eliminations(
        &self,
        original: &[u64],
        now: &[u64],
        scratch: &mut InnerScratch,
        parents: &mut Vec<Candidate>,
        stop: &dyn Fn() -> bool,
        found: &mut InnerFound<'_>,
    ) {
        let n = self.n;
        let nodes = now.len() * n * 2;
        scratch.parent.resize(nodes, 0);
        scratch.done.clear();
        scratch.done.resize(nodes, false);
        let mut chain = 0;
        for x_only in [true, false] {
            if stop() {
                scratch.stopped = true;
            }
            if scratch.exhausted() {
                return;
            }
            // Which starts reach their opposite at all: a breadth-first
            // search only for those (it finds the shortest chain).
            self.close(now, x_only, scratch);
            for cell in 0..now.len() {
                if now[cell].count_ones() < 2 {
                    continue;
                }
                for digit in digits(now[cell]) {
                    let candidate = cell * n + usize::from(digit) - 1;
                    for on in [true, false] {
                        let start = candidate * 2 + usize::from(on);
                        if scratch.done[start] || !scratch.reaches(start, start ^ 1) {
                            continue;
                        }
                        if scratch.exhausted() {
                            return;
                        }
                        let Some(length) = self.follow(now, start, start ^ 1, x_only, scratch)
                        else {
                            continue;
                        };
                        scratch.done[start] = true;
                        parents.clear();
                        self.made_links(original, now, start ^ 1, scratch, parents);
                        if !parents.is_empty() {
                            if on {
                                found(parents, candidate, chain, length);
                            } else {
                                for other in digits(now[cell] & !(1u64 << (digit - 1))) {
                                    found(
                                        parents,
                                        cell * n + usize::from(other) - 1,
                                        chain,
                                        length,
                                    );
                                }
                            }
                            chain += 1;
                        }
                        self.clear(scratch);
                    }
                }
            }
        }
    }

    fn clear(&self, scratch: &mut InnerScratch) {
        for &r in &scratch.reached {
            scratch.parent[r] = 0;
        }
        scratch.reached.clear();
    }

    /// The nodes one static link leads to from `from` on `now` (of one
    /// digit with `x_only`), into `out`, in the order the search tries
    /// them: on, the cell's other digits, then the digit's other places
    /// house by house; off, the other digit of a cell of two, then the
    /// other place of a house of two.
    fn successors(&self, now: &[u64], from: usize, x_only: bool, out: &mut Vec<usize>) {
        let n = self.n;
        out.clear();
        let candidate = from / 2;
        let (cell, digit) = (candidate / n, (candidate % n + 1) as u8);
        let bit = 1u64 << (digit - 1);
        if from % 2 == 1 {
            if !x_only {
                out.extend(digits(now[cell] & !bit).map(|d| candidate_of(n, cell, d) * 2));
            }
            for &h in &self.houses_of[cell] {
                for &peer in &self.houses[h] {
                    if peer != cell && now[peer] & bit != 0 && now[peer].count_ones() >= 2 {
                        out.push(candidate_of(n, peer, digit) * 2);
                    }
                }
            }
        } else {
            if !x_only && now[cell].count_ones() == 2 {
                let other = digits(now[cell] & !bit).next().unwrap_or(digit);
                out.push(candidate_of(n, cell, other) * 2 + 1);
            }
            for &h in &self.houses_of[cell] {
                let mut places = self.houses[h]
                    .iter()
                    .filter(|&&c| now[c] & bit != 0 && now[c].count_ones() >= 2);
                if let (Some(&a), Some(&b), None) = (places.next(), places.next(), places.next()) {
                    let other = if a == cell { b } else { a };
                    out.push(candidate_of(n, other, digit) * 2 + 1);
                }
            }
        }
    }

    /// Every node's reach (the nodes its links lead to, at any depth,
    /// itself included) into `scratch.reach`: each node's successors'
    /// reach, in the order a depth-first search finishes them (once, for
    /// links without loops), again until nothing grows.
    fn close(&self, now: &[u64], x_only: bool, scratch: &mut InnerScratch) {
        let n = self.n;
        let nodes = now.len() * n * 2;
        let words = nodes.div_ceil(64);
        scratch.words = words;
        scratch.reach.clear();
        scratch.reach.resize(nodes * words, 0);
        // The links, node by node.
        scratch.link_start.clear();
        scratch.link_to.clear();
        let mut out = std::mem::take(&mut scratch.out);
        for from in 0..nodes {
            scratch.link_start.push(scratch.link_to.len());
            let (cell, bit) = (from / 2 / n, 1u64 << (from / 2 % n));
            if now[cell] & bit == 0 || now[cell].count_ones() < 2 {
                continue;
            }
            self.successors(now, from, x_only, &mut out);
            scratch.link_to.extend_from_slice(&out);
            scratch.reach[from * words + from / 64] |= 1 << (from % 64);
        }
        scratch.link_start.push(scratch.link_to.len());
        scratch.out = out;
        // Nodes in the order a depth-first search finishes them.
        let mut order = std::mem::take(&mut scratch.order);
        order.clear();
        let mut visited = vec![false; nodes];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for root in 0..nodes {
            if visited[root] || scratch.link_start[root] == scratch.link_start[root + 1] {
                continue;
            }
            visited[root] = true;
            stack.push((root, scratch.link_start[root]));
            while let Some((v, next)) = stack.last_mut() {
                if *next < scratch.link_start[*v + 1] {
                    let w = scratch.link_to[*next];
                    *next += 1;
                    if !visited[w] {
                        visited[w] = true;
                        stack.push((w, scratch.link_start[w]));
                    }
                } else {
                    order.push(*v);
                    stack.pop();
                }
            }
        }
        let mut row = vec![0u64; words];
        loop {
            let mut grew = false;
            for &v in &order {
                row.copy_from_slice(&scratch.reach[v * words..(v + 1) * words]);
                for &w in &scratch.link_to[scratch.link_start[v]..scratch.link_start[v + 1]] {
                    scratch.work += 1;
                    for (r, x) in row
                        .iter_mut()
                        .zip(&scratch.reach[w * words..(w + 1) * words])
                    {
                        *r |= x;
                    }
                }
                let own = &mut scratch.reach[v * words..(v + 1) * words];
                if own != &row[..] {
                    own.copy_from_slice(&row);
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        scratch.order = order;
    }

    /// Follows static links (of one digit with `x_only`) from `start`
    /// until `goal`, breadth first: the nodes of the path, or `None`
    /// (buffers left for [`Self::made_links`]).
    fn follow(
        &self,
        now: &[u64],
        start: usize,
        goal: usize,
        x_only: bool,
        scratch: &mut InnerScratch,
    ) -> Option<usize> {
        scratch.queue.clear();
        scratch.parent[start] = start + 1;
        scratch.reached.push(start);
        scratch.queue.push_back(start);
        let mut out = std::mem::take(&mut scratch.out);
        let mut found = false;
        'search: while let Some(from) = scratch.queue.pop_front() {
            scratch.work += 1;
            self.successors(now, from, x_only, &mut out);
            for &to in &out {
                if scratch.parent[to] == 0 {
                    scratch.parent[to] = from + 1;
                    scratch.reached.push(to);
                    scratch.queue.push_back(to);
                }
                if to == goal {
                    found = true;
                    break 'search;
                }
            }
        }
        scratch.out = out;
        if !found {
            self.clear(scratch);
            return None;
        }
        let mut length = 1;
        let mut at = goal;
        while scratch.parent[at] - 1 != at {
            at = scratch.parent[at] - 1;
            length += 1;
        }
        Some(length)
    }

    /// The off nodes of the outer chain the path to `end` rests on: for
    /// each off-to-on link, the candidates the board had there and `now`
    /// has not.
    fn made_links(
        &self,
        original: &[u64],
        now: &[u64],
        end: usize,
        scratch: &InnerScratch,
        parents: &mut Vec<Candidate>,
    ) {
        let n = self.n;
        let mut at = end;
        while scratch.parent[at] - 1 != at {
            let from = scratch.parent[at] - 1;
            if at % 2 == 1 {
                let (c1, c2) = (from / 2 / n, at / 2 / n);
                if c1 == c2 {
                    for d in digits(original[c1] & !now[c1]) {
                        parents.push(candidate_of(n, c1, d));
                    }
                } else {
                    let digit = (at / 2 % n + 1) as u8;
                    let bit = 1u64 << (digit - 1);
                    let places = |h: usize| {
                        self.houses[h]
                            .iter()
                            .filter(|&&c| now[c] & bit != 0 && now[c].count_ones() >= 2)
                            .count()
                    };
                    let house = self.houses_of[c1]
                        .iter()
                        .copied()
                        .find(|&h| self.houses[h].contains(&c2) && places(h) == 2);
                    for &c in house.map(|h| &self.houses[h][..]).unwrap_or(&[]) {
                        if original[c] & bit != 0 && now[c] & bit == 0 {
                            parents.push(candidate_of(n, c, digit));
                        }
                    }
                }
            }
            at = from;
        }
        parents.sort_unstable();
        parents.dedup();
    }
}

fn candidate_of(n: usize, cell: usize, digit: u8) -> Candidate {
    cell * n + usize::from(digit) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4's houses: rows, columns, boxes.
    fn houses() -> Vec<Vec<usize>> {
        let rows = (0..4).map(|r| (0..4).map(|c| r * 4 + c).collect());
        let columns = (0..4).map(|c| (0..4).map(|r| r * 4 + c).collect());
        let boxes = (0..4).map(|b| {
            let (r0, c0) = (b / 2 * 2, b % 2 * 2);
            vec![
                r0 * 4 + c0,
                r0 * 4 + c0 + 1,
                r0 * 4 + c0 + 4,
                r0 * 4 + c0 + 5,
            ]
        });
        rows.chain(columns).chain(boxes).collect()
    }

    /// What the inner chains find on `now`: (parents, candidate, nodes).
    fn found(original: &[u64], now: &[u64]) -> Vec<(Vec<Candidate>, Candidate, usize)> {
        found_within(original, now, &mut InnerScratch::with_budget(u64::MAX))
    }

    /// [`found`] with the budget of `scratch`.
    fn found_within(
        original: &[u64],
        now: &[u64],
        scratch: &mut InnerScratch,
    ) -> Vec<(Vec<Candidate>, Candidate, usize)> {
        let houses = houses();
        let mut houses_of = vec![Vec::new(); 16];
        for (h, cells) in houses.iter().enumerate() {
            for &c in cells {
                houses_of[c].push(h);
            }
        }
        let inner = InnerChains {
            n: 4,
            houses: &houses,
            houses_of: &houses_of,
        };
        let mut all = Vec::new();
        inner.eliminations(
            original,
            now,
            scratch,
            &mut Vec::new(),
            &|| false,
            &mut |parents, candidate, _, nodes| all.push((parents.to_vec(), candidate, nodes)),
        );
        all
    }

    #[test]
    fn an_inner_chain_rests_on_the_links_the_outer_chain_made() {
        // Row 1: r1c1 {1,2}, r1c2 {1,2}, r1c3 {1,3}; r2c1 is left 4 (the
        // outer chain put its 1 off), and every other cell is settled.
        // r1c3=1 puts r1c1's 1 off, and 1 has two places left in box 1:
        // r1c2=1, and r1c3<>1, 4 nodes resting on r2c1<>1. Assuming
        // r1c3<>3 comes back to r1c3=3 the same way in 6 nodes, and
        // eliminates its other digit, 1.
        let mut now = vec![0b0001u64; 16];
        now[..5].copy_from_slice(&[0b0011, 0b0011, 0b0101, 0b1000, 0b1000]);
        let mut original = now.clone();
        original[0] = 0b0111;
        original[4] = 0b1001;
        let r1c3_1 = 2 * 4;
        let r2c1_1 = 4 * 4;
        assert_eq!(
            found(&original, &now),
            [(vec![r2c1_1], r1c3_1, 4), (vec![r2c1_1], r1c3_1, 6)]
        );
        // On the board itself the same chains need nothing the outer
        // chain did: a lower technique's, not an inner chain.
        assert_eq!(found(&now, &now), []);
    }

    #[test]
    fn the_searches_end_where_their_budget_is_spent() {
        let mut now = vec![0b0001u64; 16];
        now[..5].copy_from_slice(&[0b0011, 0b0011, 0b0101, 0b1000, 0b1000]);
        let mut original = now.clone();
        original[0] = 0b0111;
        original[4] = 0b1001;
        // Working out which starts reach their opposite takes more than
        // three nodes: nothing is found, and the scratch says why.
        let mut scratch = InnerScratch::with_budget(3);
        assert_eq!(found_within(&original, &now, &mut scratch), []);
        assert!(scratch.exhausted());
        let mut scratch = InnerScratch::with_budget(u64::MAX);
        assert_eq!(found_within(&original, &now, &mut scratch).len(), 2);
        assert!(!scratch.exhausted());
    }
}
