//! The lower techniques a *dynamic plus* forcing chain (SE 9.0) applies
//! as implications, when its singles run out: locked candidates, hidden
//! and naked pairs and X-Wings (no triples, quads or larger fish: Sukaku
//! Explainer's chains name only these), found on the board as the chain
//! has left it (its eliminations made).
//! An elimination such a pattern makes is a node off whose parents are
//! the chain's eliminations that made the pattern appear: the candidates
//! the board had there and the chain put off (a naked set's cells' other
//! digits; a hidden set's digits elsewhere in its house; a locked digit's
//! places outside the intersection; a fish's digit in its base lines
//! outside the cover). Each pattern needs one at least: a pattern on the
//! board itself would have been used before any chain.
//!
//! Patterns are tried in SE's order: locked candidates, hidden pairs,
//! naked pairs, X-Wings; a candidate two patterns eliminate takes the
//! first one's parents. Houses are the puzzle's
//! (boxes or jigsaw regions, rows, columns, and whole-size extra groups),
//! locked candidates any two houses sharing two cells or more, and fish
//! rows and columns, so the patterns hold on every geometry.

use std::cell::RefCell;

use crate::digits;
use crate::techniques::inner_chains::{InnerChains, InnerScratch};

/// A candidate: `cell * n + digit - 1`.
type Candidate = usize;

/// Told of each elimination: `(parents, candidate, inner)`, `inner` the
/// inner chain's number and nodes (`None` for a pattern).
pub(crate) type RuleFound<'a> = dyn FnMut(&[Candidate], Candidate, Option<(usize, usize)>) + 'a;

/// What one board offers every search for patterns.
pub(crate) struct ChainRules {
    n: usize,
    /// Each house's cells.
    houses: Vec<Vec<usize>>,
    /// Pairs of houses sharing two cells or more: (a, b, the shared cells
    /// as positions in `a`).
    overlaps: Vec<(usize, usize, u32)>,
    /// The rows, then the columns, as houses (empty when the puzzle has none).
    rows: Vec<usize>,
    columns: Vec<usize>,
    /// Nested chains: each cell's houses, and the inner chains' buffers.
    nested: Option<(Vec<Vec<usize>>, RefCell<InnerScratch>)>,
}

/// Each cell's candidates on the board (`original`) and as the chain has
/// left them (`now`).
pub(crate) struct Boards<'a> {
    pub original: &'a [u64],
    pub now: &'a [u64],
}

impl ChainRules {
    /// `houses` in the puzzle's house order; `rows` and `columns` index it.
    pub(crate) fn new(
        n: usize,
        houses: Vec<Vec<usize>>,
        rows: Vec<usize>,
        columns: Vec<usize>,
    ) -> ChainRules {
        let mut overlaps = Vec::new();
        for (a, cells_a) in houses.iter().enumerate() {
            for (b, cells_b) in houses.iter().enumerate() {
                if a == b {
                    continue;
                }
                let shared = cells_a
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| cells_b.contains(c))
                    .fold(0u32, |m, (i, _)| m | 1 << i);
                if shared.count_ones() >= 2 {
                    overlaps.push((a, b, shared));
                }
            }
        }
        ChainRules {
            n,
            houses,
            overlaps,
            rows,
            columns,
            nested: None,
        }
    }

    /// The rules of a nested chain: the patterns, then the inner forcing
    /// chains (see `inner_chains.rs`), over `cells` cells, whose searches
    /// may take `budget` nodes in all.
    pub(crate) fn with_inner_chains(mut self, cells: usize, budget: u64) -> ChainRules {
        let mut houses_of = vec![Vec::new(); cells];
        for (h, cells_of) in self.houses.iter().enumerate() {
            for &c in cells_of {
                houses_of[c].push(h);
            }
        }
        self.nested = Some((houses_of, RefCell::new(InnerScratch::with_budget(budget))));
        self
    }

    /// The inner chains' budget is spent or a limit stopped them: what
    /// the chains found since is incomplete.
    pub(crate) fn exhausted(&self) -> bool {
        self.nested
            .as_ref()
            .is_some_and(|(_, scratch)| scratch.borrow().exhausted())
    }

    /// Every elimination the patterns make on `boards.now`, in the order
    /// above, then the inner chains' when nested:
    /// `found(parents, candidate, inner)`, the parents being candidates
    /// the chain put off, `inner` the inner chain's number in this call
    /// and its nodes (`None` for a pattern). `stop` says when a limit
    /// ends the inner searches.
    pub(crate) fn eliminations(
        &self,
        boards: &Boards,
        stop: &dyn Fn() -> bool,
        found: &mut RuleFound<'_>,
    ) {
        let mut parents = Vec::new();
        let mut pattern = |from: &[Candidate], candidate| found(from, candidate, None);
        self.locked(boards, &mut parents, &mut pattern);
        self.hidden(boards, 2, &mut parents, &mut pattern);
        self.naked(boards, 2, &mut parents, &mut pattern);
        self.fish(boards, 2, &mut parents, &mut pattern);
        if let Some((houses_of, scratch)) = &self.nested {
            let inner = InnerChains {
                n: self.n,
                houses: &self.houses,
                houses_of,
            };
            let mut scratch = scratch.borrow_mut();
            inner.eliminations(
                boards.original,
                boards.now,
                &mut scratch,
                &mut parents,
                stop,
                &mut |from, candidate, chain, nodes| found(from, candidate, Some((chain, nodes))),
            );
        }
    }

    fn candidate(&self, cell: usize, digit: u8) -> Candidate {
        cell * self.n + usize::from(digit) - 1
    }

    /// The positions in house `h` where `digit` may go on `board`
    /// (cells with one candidate left count as placed: none).
    fn places(&self, board: &[u64], h: usize, digit: u8) -> u32 {
        let bit = 1u64 << (digit - 1);
        self.houses[h]
            .iter()
            .enumerate()
            .filter(|&(_, &c)| board[c] & bit != 0 && board[c].count_ones() >= 2)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// Whether `digit` is solved in house `h` on `board` (a cell with
    /// that one candidate left, or placed: no candidates at all there).
    fn settled(&self, board: &[u64], h: usize, digit: u8) -> bool {
        let bit = 1u64 << (digit - 1);
        let mut any = false;
        for &c in &self.houses[h] {
            if board[c] == bit {
                return true;
            }
            any |= board[c] & bit != 0;
        }
        !any
    }

    /// A digit whose places in one house all lie in another: it goes
    /// there, and nowhere else in the other house.
    fn locked(
        &self,
        boards: &Boards,
        parents: &mut Vec<Candidate>,
        found: &mut dyn FnMut(&[Candidate], Candidate),
    ) {
        for &(a, b, shared) in &self.overlaps {
            for digit in 1..=self.n as u8 {
                if self.settled(boards.now, a, digit) {
                    continue;
                }
                let places = self.places(boards.now, a, digit);
                if places.count_ones() < 2 || places & !shared != 0 {
                    continue;
                }
                let bit = 1u64 << (digit - 1);
                parents.clear();
                for (i, &c) in self.houses[a].iter().enumerate() {
                    if shared >> i & 1 == 0 && boards.original[c] & bit != 0 {
                        parents.push(self.candidate(c, digit));
                    }
                }
                for &c in &self.houses[b] {
                    if !self.houses[a].contains(&c) && boards.now[c] & bit != 0 {
                        found(parents, self.candidate(c, digit));
                    }
                }
            }
        }
    }

    /// `k` cells of a house whose candidates together are `k` digits.
    fn naked(
        &self,
        boards: &Boards,
        k: usize,
        parents: &mut Vec<Candidate>,
        found: &mut dyn FnMut(&[Candidate], Candidate),
    ) {
        for cells in &self.houses {
            let open: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| (2..=k as u32).contains(&boards.now[c].count_ones()))
                .collect();
            subsets(&open, k, &|&c| boards.now[c], &mut |set, digits_of| {
                if digits_of.count_ones() as usize != k {
                    return;
                }
                parents.clear();
                for &c in set {
                    for d in digits(boards.original[c] & !boards.now[c]) {
                        parents.push(self.candidate(c, d));
                    }
                }
                for &c in cells {
                    if set.contains(&c) {
                        continue;
                    }
                    for d in digits(boards.now[c] & digits_of) {
                        found(parents, self.candidate(c, d));
                    }
                }
            });
        }
    }

    /// `k` digits of a house whose places together are `k` cells.
    fn hidden(
        &self,
        boards: &Boards,
        k: usize,
        parents: &mut Vec<Candidate>,
        found: &mut dyn FnMut(&[Candidate], Candidate),
    ) {
        for (h, cells) in self.houses.iter().enumerate() {
            let open: Vec<(u8, u32)> = (1..=self.n as u8)
                .filter(|&d| !self.settled(boards.now, h, d))
                .map(|d| (d, self.places(boards.now, h, d)))
                .filter(|&(_, p)| (2..=k as u32).contains(&p.count_ones()))
                .collect();
            subsets(&open, k, &|&(_, p)| u64::from(p), &mut |set, places| {
                if places.count_ones() as usize != k {
                    return;
                }
                let set_digits = set.iter().fold(0u64, |m, &(d, _)| m | 1 << (d - 1));
                parents.clear();
                for &(d, _) in set {
                    let bit = 1u64 << (d - 1);
                    for (i, &c) in cells.iter().enumerate() {
                        if places >> i & 1 == 0
                            && boards.original[c] & bit != 0
                            && boards.now[c] & bit == 0
                        {
                            parents.push(self.candidate(c, d));
                        }
                    }
                }
                for (i, &c) in cells.iter().enumerate() {
                    if places >> i & 1 == 1 {
                        for d in digits(boards.now[c] & !set_digits) {
                            found(parents, self.candidate(c, d));
                        }
                    }
                }
            });
        }
    }

    /// A digit in `k` rows (columns) whose places together lie in `k`
    /// columns (rows).
    fn fish(
        &self,
        boards: &Boards,
        k: usize,
        parents: &mut Vec<Candidate>,
        found: &mut dyn FnMut(&[Candidate], Candidate),
    ) {
        if self.rows.len() != self.n || self.columns.len() != self.n {
            return;
        }
        let n = self.n;
        for digit in 1..=n as u8 {
            let bit = 1u64 << (digit - 1);
            for (base, cover) in [(&self.rows, &self.columns), (&self.columns, &self.rows)] {
                // A line's cell `i` is in cover line `i`: rows list their
                // cells by column and columns by row.
                let lines: Vec<(usize, u32)> = base
                    .iter()
                    .copied()
                    .filter(|&h| !self.settled(boards.now, h, digit))
                    .map(|h| (h, self.places(boards.now, h, digit)))
                    .filter(|&(_, p)| (2..=k as u32).contains(&p.count_ones()))
                    .collect();
                subsets(&lines, k, &|&(_, p)| u64::from(p), &mut |set, covered| {
                    if covered.count_ones() as usize != k {
                        return;
                    }
                    parents.clear();
                    for &(h, _) in set {
                        for (i, &c) in self.houses[h].iter().enumerate() {
                            if covered >> i & 1 == 0
                                && boards.original[c] & bit != 0
                                && boards.now[c] & bit == 0
                            {
                                parents.push(self.candidate(c, digit));
                            }
                        }
                    }
                    for i in digits(covered) {
                        let line = cover[usize::from(i) - 1];
                        for &c in &self.houses[line] {
                            let in_base = set.iter().any(|&(h, _)| self.houses[h].contains(&c));
                            if !in_base && boards.now[c] & bit != 0 {
                                found(parents, self.candidate(c, digit));
                            }
                        }
                    }
                });
            }
        }
    }
}

/// Calls `visit` with every `k`-subset of `items` whose masks' union has
/// at most `k` bits, and that union.
fn subsets<T>(items: &[T], k: usize, mask: &dyn Fn(&T) -> u64, visit: &mut dyn FnMut(&[T], u64))
where
    T: Copy,
{
    fn walk<T: Copy>(
        items: &[T],
        k: usize,
        from: usize,
        union: u64,
        picked: &mut Vec<T>,
        mask: &dyn Fn(&T) -> u64,
        visit: &mut dyn FnMut(&[T], u64),
    ) {
        if picked.len() == k {
            visit(picked, union);
            return;
        }
        for i in from..items.len() {
            if items.len() - i < k - picked.len() {
                break;
            }
            let grown = union | mask(&items[i]);
            if grown.count_ones() as usize > k {
                continue;
            }
            picked.push(items[i]);
            walk(items, k, i + 1, grown, picked, mask, visit);
            picked.pop();
        }
    }
    if items.len() >= k {
        walk(items, k, 0, 0, &mut Vec::with_capacity(k), mask, visit);
    }
}
