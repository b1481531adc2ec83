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
//! have been found before any chain). The inner chain counts its nodes,
//! its assumption included, as its complexity: the outer chain adds the
//! complexity of each inner chain among a node's ancestors (SE's rule:
//! a nested chain's nodes add to the chain that uses it).
//!
//! Cells with one candidate left count as placed (outside the inner
//! chain); houses are the puzzle's, and "no repeats" reads them alone.

use std::collections::VecDeque;

use crate::digits;

/// A candidate: `cell * n + digit - 1`.
type Candidate = usize;

/// The puzzle's houses, as the inner chains read them.
pub(crate) struct InnerChains<'a> {
    pub n: usize,
    pub houses: &'a [Vec<usize>],
    pub houses_of: &'a [Vec<usize>],
}

/// Reused buffers of the inner searches.
#[derive(Default)]
pub(crate) struct InnerScratch {
    /// Per node (`candidate * 2 + on`): its parent plus one, 0 unreached.
    parent: Vec<usize>,
    reached: Vec<usize>,
    queue: VecDeque<usize>,
}

impl InnerChains<'_> {
    /// Every elimination an inner forcing chain makes on `now`:
    /// `found(parents, candidate, complexity)`.
    pub(crate) fn eliminations(
        &self,
        original: &[u64],
        now: &[u64],
        scratch: &mut InnerScratch,
        parents: &mut Vec<Candidate>,
        found: &mut dyn FnMut(&[Candidate], Candidate, usize),
    ) {
        let n = self.n;
        scratch.parent.resize(now.len() * n * 2, 0);
        for cell in 0..now.len() {
            if now[cell].count_ones() < 2 {
                continue;
            }
            for digit in digits(now[cell]) {
                let candidate = cell * n + usize::from(digit) - 1;
                for on in [true, false] {
                    let start = candidate * 2 + usize::from(on);
                    let Some(length) = self.follow(now, start, start ^ 1, scratch) else {
                        continue;
                    };
                    parents.clear();
                    self.made_links(original, now, start ^ 1, scratch, parents);
                    if !parents.is_empty() {
                        if on {
                            found(parents, candidate, length);
                        } else {
                            for other in digits(now[cell] & !(1u64 << (digit - 1))) {
                                found(parents, cell * n + usize::from(other) - 1, length);
                            }
                        }
                    }
                    self.clear(scratch);
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

    /// Follows static links from `start` until `goal`: the nodes of the
    /// path, or `None` (buffers left for [`Self::made_links`]).
    fn follow(
        &self,
        now: &[u64],
        start: usize,
        goal: usize,
        scratch: &mut InnerScratch,
    ) -> Option<usize> {
        let n = self.n;
        scratch.queue.clear();
        scratch.parent[start] = start + 1;
        scratch.reached.push(start);
        scratch.queue.push_back(start);
        let mut found = false;
        'search: while let Some(from) = scratch.queue.pop_front() {
            let candidate = from / 2;
            let (cell, digit) = (candidate / n, (candidate % n + 1) as u8);
            let bit = 1u64 << (digit - 1);
            let next = |to: usize, scratch: &mut InnerScratch| {
                if scratch.parent[to] == 0 {
                    scratch.parent[to] = from + 1;
                    scratch.reached.push(to);
                    scratch.queue.push_back(to);
                }
                to == goal
            };
            if from % 2 == 1 {
                for other in digits(now[cell] & !bit) {
                    if next((cell * n + usize::from(other) - 1) * 2, scratch) {
                        found = true;
                        break 'search;
                    }
                }
                for &h in &self.houses_of[cell] {
                    for &peer in &self.houses[h] {
                        if peer != cell
                            && now[peer] & bit != 0
                            && now[peer].count_ones() >= 2
                            && next(candidate_of(n, peer, digit) * 2, scratch)
                        {
                            found = true;
                            break 'search;
                        }
                    }
                }
            } else {
                if now[cell].count_ones() == 2 {
                    let other = digits(now[cell] & !bit).next().unwrap_or(digit);
                    if next(candidate_of(n, cell, other) * 2 + 1, scratch) {
                        found = true;
                        break 'search;
                    }
                }
                for &h in &self.houses_of[cell] {
                    let mut places = self.houses[h]
                        .iter()
                        .filter(|&&c| now[c] & bit != 0 && now[c].count_ones() >= 2);
                    let (a, b) = (places.next(), places.next());
                    if let (Some(&a), Some(&b), None) = (a, b, places.next()) {
                        let other = if a == cell { b } else { a };
                        if next(candidate_of(n, other, digit) * 2 + 1, scratch) {
                            found = true;
                            break 'search;
                        }
                    }
                }
            }
        }
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
            &mut InnerScratch::default(),
            &mut Vec::new(),
            &mut |parents, candidate, nodes| all.push((parents.to_vec(), candidate, nodes)),
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
}
