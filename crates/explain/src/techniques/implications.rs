//! What follows from one assumption, the way Sudoku Explainer's forcing
//! chains see it: a chain of *nodes*, each a candidate that is on (the
//! cell holds the digit) or off (it does not), each implied by the nodes
//! before it.
//!
//! - A candidate on puts off the cell's other candidates and the digit in
//!   every cell that sees it.
//! - A candidate off puts on the one that is left: with [`Links::Static`]
//!   only where the board already shows two (a cell with two candidates, a
//!   digit with two places in a house); with [`Links::Dynamic`] wherever
//!   the chain so far leaves one (its own eliminations count).
//!
//! The *complexity* of a node is the number of nodes it needs, itself
//! included (its ancestors): SE rates a chain by it. A static node has one
//! parent, so its ancestors are its path back to the assumption; a dynamic
//! node may need several (a single needs every other candidate gone), so
//! it keeps its ancestors as a bitset, and its complexity is one popcount. Links use houses for "the digit goes somewhere" and every
//! group for "no repeats", so chains hold on every geometry.

use std::collections::VecDeque;

use sudokit_puzzle::GroupKind;

use crate::techniques::chain_rules::{Boards, ChainRules};
use crate::techniques::inner_chains::WORK_PER_STEP;
use crate::{digits, Board};

/// Which implications a chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Links {
    /// Off to on only through a cell with two candidates or a digit with
    /// two places in a house, as the board shows them.
    Static,
    /// Off to on through any single the chain leaves.
    Dynamic,
    /// Dynamic, and where the singles run out, the lower techniques'
    /// eliminations on the board the chain has left (see `chain_rules.rs`).
    DynamicPlus,
    /// Dynamic plus, and then static forcing chains on the board the
    /// chain has left (see `inner_chains.rs`).
    Nested,
}

/// A node: `candidate * 2 + 1` when on, `candidate * 2` when off, where
/// `candidate = cell * n + digit - 1`.
pub(crate) type Node = usize;

/// The node of `digit` in `cell`, on or off.
pub(crate) fn node(n: usize, cell: usize, digit: u8, on: bool) -> Node {
    (cell * n + usize::from(digit) - 1) * 2 + usize::from(on)
}

/// What one board offers every assumption: candidates, houses by cell,
/// the places of each digit in each house.
pub(crate) struct Implications<'a> {
    board: &'a Board,
    links: Links,
    n: usize,
    cands: Vec<u64>,
    houses_of: Vec<Vec<usize>>,
    house_cells: Vec<&'a [usize]>,
    cell_left: Vec<u8>,
    house_left: Vec<u8>,
    words: usize,
    /// The fixed links of node `i`: `link_to[link_start[i]..link_start[i + 1]]`.
    link_start: Vec<u32>,
    link_to: Vec<u32>,
    /// The lower techniques, for [`Links::DynamicPlus`].
    rules: Option<ChainRules>,
}

/// Where a propagation ended: the value of every candidate, and the
/// complexity of every node it reached.
pub(crate) struct Outcome {
    /// Per candidate: 0 not reached, [`ON`] or [`OFF`].
    pub state: Vec<u8>,
    /// Per node: its complexity (0 when not reached).
    pub complexity: Vec<u16>,
    /// A contradiction reached, with the nodes it needs: a candidate both
    /// on and off, a cell or a house left without the digit.
    pub contradiction: Option<usize>,
    /// Nodes reached, in order.
    pub reached: Vec<Node>,
}

/// A candidate reached on.
pub(crate) const ON: u8 = 1;
/// A candidate reached off.
pub(crate) const OFF: u8 = 2;

/// Reused buffers of one propagation.
pub(crate) struct Scratch {
    ancestors: Vec<u64>,
    cell_left: Vec<u8>,
    house_left: Vec<u8>,
    queue: VecDeque<(Node, u16)>,
    union: Vec<u64>,
    parents: Vec<Node>,
    implied: Vec<(Node, usize, usize)>,
    /// Static chains: each node's one parent, and marks for walking back.
    parent: Vec<Node>,
    seen: Vec<u32>,
    stamp: u32,
    /// Dynamic plus: the candidates the chain has left.
    now: Vec<u64>,
    /// Nested: the inner chain (its number in this propagation, and its
    /// nodes, 0 for none) of each node implied this round; the nodes
    /// reached through one, with it; the number of the round's first.
    inner_of: Vec<(u32, u16)>,
    inner: Vec<(Node, u32, u16)>,
    first_chain: u32,
    /// Nested: the inner chains already counted, while counting.
    counted: Vec<u32>,
}

/// The parent of the start.
const NO_PARENT: Node = usize::MAX;

impl<'a> Implications<'a> {
    pub(crate) fn new(board: &'a Board, links: Links) -> Implications<'a> {
        let geometry = board.geometry();
        let n = board.size();
        let cells = board.values().len();
        let cands = board.open_marks();
        let houses = geometry.houses();
        let mut houses_of = vec![Vec::new(); cells];
        let mut house_left = vec![0u8; houses.len() * n];
        let house_cells: Vec<&[usize]> = houses.iter().map(|&g| geometry.cells_of(g)).collect();
        for (h, cells_of) in house_cells.iter().enumerate() {
            for &cell in *cells_of {
                houses_of[cell].push(h);
                for d in digits(cands[cell]) {
                    house_left[h * n + usize::from(d) - 1] += 1;
                }
            }
        }
        let cell_left = cands.iter().map(|m| m.count_ones() as u8).collect();
        let mut implications = Implications {
            board,
            links,
            n,
            cands,
            houses_of,
            house_cells,
            cell_left,
            house_left,
            words: (cells * n * 2).div_ceil(64),
            link_start: Vec::new(),
            link_to: Vec::new(),
            rules: None,
        };
        if matches!(links, Links::DynamicPlus | Links::Nested) {
            let lines = |kind: fn(GroupKind) -> bool| {
                houses
                    .iter()
                    .enumerate()
                    .filter(|&(_, &g)| kind(geometry.kind(g)))
                    .map(|(h, _)| h)
                    .collect()
            };
            let rules = ChainRules::new(
                n,
                implications
                    .house_cells
                    .iter()
                    .map(|c| c.to_vec())
                    .collect(),
                lines(|k| matches!(k, GroupKind::Row(_))),
                lines(|k| matches!(k, GroupKind::Column(_))),
            );
            implications.rules = Some(if links == Links::Nested {
                rules.with_inner_chains(cells, Self::inner_budget(board))
            } else {
                rules
            });
        }
        implications.index_links();
        implications
    }

    /// The links that do not depend on the chain, each node's in a row:
    /// what a candidate on puts off, and (static) what one off puts on.
    fn index_links(&mut self) {
        let n = self.n;
        let nodes = self.cands.len() * n * 2;
        let mut start = Vec::with_capacity(nodes + 1);
        let mut to = Vec::new();
        for from in 0..nodes {
            start.push(to.len() as u32);
            let (cell, digit) = (from / 2 / n, (from / 2 % n + 1) as u8);
            let bit = 1u64 << (digit - 1);
            if self.cands[cell] & bit == 0 {
                continue;
            }
            if from % 2 == 1 {
                for other in digits(self.cands[cell] & !bit) {
                    to.push(node(n, cell, other, false) as u32);
                }
                for &peer in self.board.geometry().peers(cell) {
                    if self.cands[peer] & bit != 0 {
                        to.push(node(n, peer, digit, false) as u32);
                    }
                }
            } else if self.links == Links::Static {
                if self.cands[cell].count_ones() == 2 {
                    let other = digits(self.cands[cell] & !bit).next().unwrap_or(digit);
                    to.push(node(n, cell, other, true) as u32);
                }
                for &h in &self.houses_of[cell] {
                    if self.house_left[h * n + usize::from(digit) - 1] == 2 {
                        let other = self.house_cells[h]
                            .iter()
                            .copied()
                            .find(|&c| c != cell && self.cands[c] & bit != 0);
                        if let Some(other) = other {
                            to.push(node(n, other, digit, true) as u32);
                        }
                    }
                }
            }
        }
        start.push(to.len() as u32);
        self.link_start = start;
        self.link_to = to;
    }

    pub(crate) fn board(&self) -> &Board {
        self.board
    }

    pub(crate) fn scratch(&self) -> Scratch {
        let nodes = self.cands.len() * self.n * 2;
        let (bitsets, paths) = match self.links {
            Links::Static => (0, nodes),
            _ => (nodes * self.words, 0),
        };
        Scratch {
            ancestors: vec![0; bitsets],
            parent: vec![NO_PARENT; paths],
            seen: vec![0; paths],
            stamp: 0,
            cell_left: self.cell_left.clone(),
            house_left: self.house_left.clone(),
            queue: VecDeque::new(),
            union: vec![0; self.words],
            parents: Vec::new(),
            implied: Vec::new(),
            now: Vec::new(),
            inner_of: vec![
                (0, 0);
                if self.links == Links::Nested {
                    nodes
                } else {
                    0
                }
            ],
            inner: Vec::new(),
            first_chain: 0,
            counted: Vec::new(),
        }
    }

    /// Everything that follows from `start` (a node), up to the first
    /// contradiction.
    pub(crate) fn follow(&self, start: Node, scratch: &mut Scratch) -> Outcome {
        let mut out = self.outcome();
        self.follow_into(start, scratch, usize::MAX, &mut out);
        out
    }

    /// An empty outcome, to follow into.
    pub(crate) fn outcome(&self) -> Outcome {
        let total = self.cands.len() * self.n;
        Outcome {
            state: vec![0; total],
            complexity: vec![0; total * 2],
            contradiction: None,
            reached: Vec::new(),
        }
    }

    /// [`Implications::follow`] into `out` (cleared first), giving up on
    /// contradictions that need `limit` nodes or more: the chain stops
    /// where its depth alone reaches that.
    pub(crate) fn follow_into(
        &self,
        start: Node,
        scratch: &mut Scratch,
        limit: usize,
        out: &mut Outcome,
    ) {
        let n = self.n;
        for &reached in &out.reached {
            out.state[reached / 2] = 0;
            out.complexity[reached] = 0;
        }
        out.reached.clear();
        out.contradiction = None;
        scratch.cell_left.copy_from_slice(&self.cell_left);
        scratch.house_left.copy_from_slice(&self.house_left);
        scratch.queue.clear();
        scratch.inner.clear();
        scratch.first_chain = 0;
        let mut parents: Vec<Node> = std::mem::take(&mut scratch.parents);
        // What the node popped implies: (node, its parents in `parents`).
        let mut implied: Vec<(Node, usize, usize)> = std::mem::take(&mut scratch.implied);
        self.set(start, &[], 0, scratch, out);
        let mut deepest = 0;
        loop {
            while let Some((from, depth)) = scratch.queue.pop_front() {
                // A contradiction from this node needs its `depth + 1` nodes
                // and the clash at least (the queue goes by depth).
                if usize::from(depth) + 2 >= limit {
                    break;
                }
                deepest = depth;
                let candidate = from / 2;
                let (cell, digit) = (candidate / n, (candidate % n + 1) as u8);
                let bit = 1u64 << (digit - 1);
                implied.clear();
                parents.clear();
                parents.push(from);
                let fixed = &self.link_to
                    [self.link_start[from] as usize..self.link_start[from + 1] as usize];
                implied.extend(fixed.iter().map(|&to| (to as usize, 0, 1)));
                if from % 2 == 0 {
                    match self.links {
                        Links::Static => {}
                        Links::Dynamic | Links::DynamicPlus | Links::Nested => {
                            let left = &mut scratch.cell_left[cell];
                            *left -= 1;
                            if *left <= 1 {
                                let in_cell =
                                    digits(self.cands[cell]).map(|d| cell * n + usize::from(d) - 1);
                                if self.last_left(in_cell, scratch, out, &mut parents, &mut implied)
                                {
                                    break;
                                }
                            }
                            for &h in &self.houses_of[cell] {
                                let left = &mut scratch.house_left[h * n + usize::from(digit) - 1];
                                *left -= 1;
                                if *left > 1 {
                                    continue;
                                }
                                let in_house = self.house_cells[h]
                                    .iter()
                                    .filter(|&&c| self.cands[c] & bit != 0)
                                    .map(|&c| c * n + usize::from(digit) - 1);
                                if self.last_left(
                                    in_house,
                                    scratch,
                                    out,
                                    &mut parents,
                                    &mut implied,
                                ) {
                                    break;
                                }
                            }
                            if out.contradiction.is_some() {
                                break;
                            }
                        }
                    }
                }
                self.settle(&parents, &implied, depth + 1, scratch, out);
                if out.contradiction.is_some() {
                    break;
                }
            }
            // The singles have run out: a dynamic plus chain goes on with
            // what the lower techniques eliminate.
            let Some(rules) = &self.rules else { break };
            if out.contradiction.is_some() {
                break;
            }
            parents.clear();
            implied.clear();
            let mut now = std::mem::take(&mut scratch.now);
            now.clear();
            now.extend_from_slice(&self.cands);
            for &reached in &out.reached {
                if reached % 2 == 0 {
                    let candidate = reached / 2;
                    now[candidate / n] &= !(1u64 << (candidate % n));
                }
            }
            let boards = Boards {
                original: &self.cands,
                now: &now,
            };
            let inner_of = &mut scratch.inner_of;
            let first_chain = scratch.first_chain;
            let mut chains = 0;
            let stop = || self.board.stopped().is_some();
            rules.eliminations(&boards, &stop, &mut |from: &[usize], candidate, inner| {
                if implied.iter().any(|&(to, _, _)| to == candidate * 2) {
                    return;
                }
                if let Some((chain, nodes)) = inner {
                    chains = chains.max(chain + 1);
                    inner_of[candidate * 2] = (
                        first_chain + chain as u32,
                        nodes.min(usize::from(u16::MAX)) as u16,
                    );
                }
                let at = match implied.last() {
                    Some(&(_, at, end))
                        if parents[at..end]
                            .iter()
                            .map(|p| p / 2)
                            .eq(from.iter().copied()) =>
                    {
                        at
                    }
                    _ => {
                        let at = parents.len();
                        parents.extend(from.iter().map(|&c| c * 2));
                        at
                    }
                };
                implied.push((candidate * 2, at, parents.len()));
            });
            scratch.now = now;
            scratch.first_chain += chains as u32;
            // Cut short, the round's eliminations may be missing some.
            if implied.is_empty() || rules.exhausted() {
                break;
            }
            self.settle(&parents, &implied, deepest + 1, scratch, out);
            if self.links == Links::Nested {
                for &(to, _, _) in &implied {
                    scratch.inner_of[to] = (0, 0);
                }
            }
            if out.contradiction.is_some() || scratch.queue.is_empty() {
                break;
            }
        }
        scratch.parents = parents;
        scratch.implied = implied;
    }

    /// Reaches what `implied` says (each node with its parents in
    /// `parents`), or the first contradiction.
    fn settle(
        &self,
        parents: &[Node],
        implied: &[(Node, usize, usize)],
        depth: u16,
        scratch: &mut Scratch,
        out: &mut Outcome,
    ) {
        for &(to, at, end) in implied {
            let from_nodes = &parents[at..end];
            let candidate = to / 2;
            let state = out.state[candidate];
            let want = if to % 2 == 1 { ON } else { OFF };
            if state == want {
                continue;
            }
            if state != 0 {
                // The opposite of `to` is reached already.
                let count = self.clash(from_nodes, scratch, Some(to ^ 1));
                out.contradiction = Some(count);
                return;
            }
            self.set(to, from_nodes, depth, scratch, out);
        }
    }

    /// A cell's candidates or a digit's places in a house (`candidates`),
    /// at most one of them not off: that one goes on, its parents the
    /// others' off nodes (into `parents` and `implied`); none left is a
    /// contradiction, recorded in `out`, and says `true`.
    fn last_left(
        &self,
        candidates: impl Iterator<Item = usize>,
        scratch: &mut Scratch,
        out: &mut Outcome,
        parents: &mut Vec<Node>,
        implied: &mut Vec<(Node, usize, usize)>,
    ) -> bool {
        let at = parents.len();
        let mut remaining = None;
        for candidate in candidates {
            match out.state[candidate] {
                OFF => parents.push(candidate * 2),
                _ => remaining = Some(candidate),
            }
        }
        match remaining {
            None => {
                out.contradiction = Some(self.clash(&parents[at..], scratch, None));
                true
            }
            Some(candidate) => {
                implied.push((candidate * 2 + 1, at, parents.len()));
                false
            }
        }
    }

    /// Records `to` as reached from `from` (its ancestors: theirs and itself).
    fn set(&self, to: Node, from: &[Node], depth: u16, scratch: &mut Scratch, out: &mut Outcome) {
        let count = if self.links == Links::Static {
            // One parent each: the ancestors are the path back to the start.
            scratch.parent[to] = from.first().copied().unwrap_or(NO_PARENT);
            u32::from(depth) + 1
        } else {
            let words = self.words;
            self.gather(from, scratch);
            scratch.union[to / 64] |= 1 << (to % 64);
            scratch.ancestors[to * words..(to + 1) * words].copy_from_slice(&scratch.union);
            if let Some(&(chain, nodes)) = scratch.inner_of.get(to).filter(|i| i.1 > 0) {
                scratch.inner.push((to, chain, nodes));
            }
            let union = &scratch.union;
            scratch.union.iter().map(|w| w.count_ones()).sum::<u32>()
                + Self::inner_in(
                    &|node| has(union, node),
                    &scratch.inner,
                    &mut scratch.counted,
                )
        };
        out.complexity[to] = count.min(u32::from(u16::MAX)) as u16;
        out.state[to / 2] = if to % 2 == 1 { ON } else { OFF };
        out.reached.push(to);
        scratch.queue.push_back((to, depth));
    }

    /// The complexity of a contradiction: the node `from` imply clashing
    /// with `other`, its opposite reached before, counts as SE counts it,
    /// the two chains' nodes each without the assumption, so that nodes
    /// both need count twice; with no `other` (a cell or a house left
    /// empty), the nodes `from` need together and one.
    fn clash(&self, from: &[Node], scratch: &mut Scratch, other: Option<Node>) -> usize {
        if self.links == Links::Static {
            scratch.stamp += 1;
            let mut count = 0;
            for &end in from.iter().chain(other.iter()) {
                let mut at = end;
                while at != NO_PARENT && scratch.seen[at] != scratch.stamp {
                    scratch.seen[at] = scratch.stamp;
                    count += 1;
                    at = scratch.parent[at];
                }
            }
            return count + 1;
        }
        self.gather(from, scratch);
        let union = &scratch.union;
        let count: u32 = union.iter().map(|w| w.count_ones()).sum::<u32>();
        match other {
            // The node implied (its parents' nodes and itself) and the
            // other's, less the assumption in each; the inner chains of
            // either, each once.
            Some(other) => {
                let words = self.words;
                let row = &scratch.ancestors[other * words..(other + 1) * words];
                let theirs: u32 = row.iter().map(|w| w.count_ones()).sum::<u32>();
                let inner = Self::inner_in(
                    &|node| has(union, node) || has(row, node),
                    &scratch.inner,
                    &mut scratch.counted,
                );
                (count + 1 + theirs + inner) as usize - 2
            }
            None => {
                let inner = Self::inner_in(
                    &|node| has(union, node),
                    &scratch.inner,
                    &mut scratch.counted,
                );
                (count + inner) as usize + 1
            }
        }
    }

    /// The nodes of the inner chains (`inner`: each node reached through
    /// one, the chain's number and nodes) that nodes `needed` rest on,
    /// each chain once (SE counts a nested chain once per step, however
    /// many of its nodes use it).
    fn inner_in(
        needed: &dyn Fn(Node) -> bool,
        inner: &[(Node, u32, u16)],
        counted: &mut Vec<u32>,
    ) -> u32 {
        counted.clear();
        let mut sum = 0;
        for &(node, chain, nodes) in inner {
            if needed(node) && !counted.contains(&chain) {
                counted.push(chain);
                sum += u32::from(nodes);
            }
        }
        sum
    }

    /// Whether the limits of the board stopped the work, or a nested
    /// chain's inner searches spent their budget: what was found since is
    /// incomplete.
    pub(crate) fn gave_up(&self) -> bool {
        if self.board.stopped().is_some() {
            return true;
        }
        if !self.rules.as_ref().is_some_and(ChainRules::exhausted) {
            return false;
        }
        // The user's node limit, not the step's budget, ends the work.
        if self.board.node_limit().is_some_and(|n| n < WORK_PER_STEP) {
            self.board.spend_nodes();
        }
        true
    }

    /// The nodes a nested step's inner searches may take: the budget of a
    /// step, or the board's node limit when lower.
    fn inner_budget(board: &Board) -> u64 {
        board
            .node_limit()
            .map_or(WORK_PER_STEP, |n| n.min(WORK_PER_STEP))
    }

    /// The union of the ancestors of `from`, into `scratch.union`.
    fn gather(&self, from: &[Node], scratch: &mut Scratch) {
        let words = self.words;
        scratch.union.fill(0);
        for &p in from {
            let row = &scratch.ancestors[p * words..(p + 1) * words];
            for (u, a) in scratch.union.iter_mut().zip(row) {
                *u |= a;
            }
        }
    }
}

/// Whether the bitset `set` holds `node`.
fn has(set: &[u64], node: Node) -> bool {
    set[node / 64] >> (node % 64) & 1 == 1
}
