//! **Cycles and forcing chains**, the static chains of Sudoku Explainer
//! (SE) from 6.5 to 7.5. A chain is a row of *nodes*, each a candidate
//! on (the cell holds the digit) or off (it does not), each implied by
//! the one before it through the links the board shows:
//!
//! - on to off: a candidate on puts off the digit in every cell that sees
//!   it (*x* links, same digit) and, with *y* links, the cell's other
//!   candidates;
//! - off to on: a candidate off puts on the only other place of its digit
//!   in a house (*x*), or the other candidate of a cell that has two (*y*).
//!
//! SE looks with x links alone, y links alone, then both, and finds:
//!
//! - a *forcing chain* from an assumption to its own opposite (from
//!   "r1c2 is 4" to "r1c2 is not 4": it is not; from "is not" to "is":
//!   it is) — with x links alone a *forcing X-chain* (6.6; at six nodes,
//!   a turbot fish), with both a *forcing chain* (7.0). With y links alone
//!   SE looks for none: an XY-chain rates as a forcing chain;
//! - a *bidirectional cycle*, a loop from a candidate on back to itself:
//!   it holds one way round or the other, so every node is on in one of
//!   the two, and a digit in a cell off the loop that sees an on node and
//!   an off node of it goes. *X-cycle* (6.5), *Y-cycle* (6.5; it starts
//!   in a cell with two candidates), *bidirectional cycle* (both, 7.0).
//!
//! A chain's complexity is its number of distinct nodes (a cycle's first
//! node counted once); it rates its base plus a tenth past each of 4, 6,
//! 8, 12, 16 ... nodes beyond the first two
//! ([`Rating::for_length`] of complexity − 2), SE's rule. Of every chain
//! that removes something, the lowest-rated wins, then the simplest
//! (fewest nodes), then x before y before both; each search goes
//! breadth first, so a chain is the shortest to its end.
//!
//! Links read the puzzle's houses (for "the digit's only other place")
//! and every group (for "sees"), so the chains hold on jigsaw, X, extra
//! groups and killer cages alike. Grids past 16x16 are skipped, as by the
//! other forcing chains: every candidate starts a search, which there
//! costs more than the explanation is worth.

use sudokit_puzzle::cell_name;

use crate::techniques::implications::{node, Node};
use crate::{digits, Board, Rating, Step, Technique};

/// The largest grid side these searches run on.
const MAX_SIZE: usize = 16;

/// Which links a chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    X,
    Y,
    Both,
}

impl Mode {
    fn x(self) -> bool {
        self != Mode::Y
    }

    fn y(self) -> bool {
        self != Mode::X
    }

    /// SE's order among chains of one rating and length.
    fn order(self) -> u8 {
        match self {
            Mode::X => 0,
            Mode::Y => 1,
            Mode::Both => 2,
        }
    }

    fn technique(self, cycle: bool) -> Technique {
        match (self, cycle) {
            (Mode::X, true) => Technique::XCycle,
            (Mode::Y, true) => Technique::YCycle,
            (Mode::Both, true) => Technique::BidirectionalCycle,
            (Mode::X, false) => Technique::ForcingXChain,
            (_, false) => Technique::ForcingChain,
        }
    }
}

/// SE's rating of a chain of `complexity` nodes of `technique`.
fn rating(technique: Technique, complexity: usize) -> Rating {
    technique.rating().for_length(complexity.saturating_sub(2))
}

/// The links of one mode, node by node: `to[start[i]..start[i + 1]]`.
struct Links {
    start: Vec<u32>,
    to: Vec<u32>,
}

impl Links {
    fn new(board: &Board, cands: &[u64], houses_of: &[Vec<usize>], mode: Mode) -> Links {
        let n = board.size();
        let geometry = board.geometry();
        let nodes = cands.len() * n * 2;
        let mut start = Vec::with_capacity(nodes + 1);
        let mut to = Vec::with_capacity(nodes * 8);
        for from in 0..nodes {
            start.push(to.len() as u32);
            let (cell, digit) = (from / 2 / n, (from / 2 % n + 1) as u8);
            let bit = 1u64 << (digit - 1);
            if cands[cell] & bit == 0 {
                continue;
            }
            if from % 2 == 1 {
                if mode.y() {
                    to.extend(digits(cands[cell] & !bit).map(|d| node(n, cell, d, false) as u32));
                }
                for &peer in geometry.peers(cell) {
                    if cands[peer] & bit != 0 {
                        to.push(node(n, peer, digit, false) as u32);
                    }
                }
            } else {
                if mode.y() && cands[cell].count_ones() == 2 {
                    let other = digits(cands[cell] & !bit).next().unwrap_or(digit);
                    to.push(node(n, cell, other, true) as u32);
                }
                if mode.x() {
                    for &h in &houses_of[cell] {
                        let mut places = geometry
                            .cells_of(h)
                            .iter()
                            .filter(|&&c| c != cell && cands[c] & bit != 0);
                        if let (Some(&other), None) = (places.next(), places.next()) {
                            let on = node(n, other, digit, true) as u32;
                            if !to[start[from] as usize..].contains(&on) {
                                to.push(on);
                            }
                        }
                    }
                }
            }
        }
        start.push(to.len() as u32);
        Links { start, to }
    }

    fn of(&self, from: Node) -> &[u32] {
        &self.to[self.start[from] as usize..self.start[from + 1] as usize]
    }
}

/// A chain found: its nodes from the assumption to the end, its kind,
/// and what it removes.
struct Found {
    technique: Technique,
    cycle: bool,
    mode: Mode,
    rating: Rating,
    complexity: usize,
    nodes: Vec<Node>,
    eliminations: Vec<(usize, u8)>,
    placement: Option<(usize, u8)>,
}

impl Found {
    fn better_than(&self, other: &Option<Found>) -> bool {
        other.as_ref().is_none_or(|o| {
            (self.rating, self.complexity, self.mode.order())
                < (o.rating, o.complexity, o.mode.order())
        })
    }
}

/// The searches' shared buffers, by node: how each was reached (its
/// parent and, in a cycle search, the off node between), its depth in
/// nodes, and a stamp telling this search's marks from older ones.
struct Search {
    front: Vec<Node>,
    next: Vec<Node>,
    parent: Vec<u32>,
    via: Vec<u32>,
    depth: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
}

const ROOT: u32 = u32::MAX;

impl Search {
    fn new(nodes: usize) -> Search {
        Search {
            front: Vec::new(),
            next: Vec::new(),
            parent: vec![ROOT; nodes],
            via: vec![ROOT; nodes],
            depth: vec![0; nodes],
            seen: vec![0; nodes],
            stamp: 0,
        }
    }

    fn restart(&mut self, root: Node) {
        self.stamp += 1;
        self.reach(root, ROOT, ROOT, 1);
    }

    fn reach(&mut self, node: Node, parent: u32, via: u32, depth: u32) {
        self.seen[node] = self.stamp;
        self.parent[node] = parent;
        self.via[node] = via;
        self.depth[node] = depth;
    }

    /// The nodes from `node` back to the root.
    fn path(&self, node: Node) -> Vec<Node> {
        let mut nodes = Vec::new();
        let mut at = node as u32;
        while at != ROOT {
            nodes.push(at as Node);
            if self.via[at as usize] != ROOT {
                nodes.push(self.via[at as usize] as Node);
            }
            at = self.parent[at as usize];
        }
        nodes
    }

    /// Whether the off node `off` is on the path from the on node `on` back
    /// to the root of a cycle search.
    fn passes(&self, on: Node, off: Node) -> bool {
        let mut at = on as u32;
        while at != ROOT {
            if self.via[at as usize] == off as u32 {
                return true;
            }
            at = self.parent[at as usize];
        }
        false
    }

    /// The loops from `root` (a candidate on) back to it with at most
    /// `limit` nodes, each as (the last on node, the off node after it);
    /// and, if one has at most `chain_limit` nodes, the shortest chain from
    /// `root` to its opposite, as the node before it. Both searches reach
    /// the on nodes in one order, so one walk serves both (the chain's
    /// is [`Search::chain_to_opposite`]'s).
    /// Each on node is reached once, breadth first; an off node is
    /// reached from every on node it is not already behind, so a loop may
    /// close through any of them (what reached the off node first does
    /// not matter: its on nodes are reached already).
    fn cycles(
        &mut self,
        links: &Links,
        root: Node,
        (cycle_limit, chain_limit): (usize, usize),
        found: &mut Vec<(Node, Node)>,
    ) -> Option<Node> {
        let limit = cycle_limit.max(chain_limit);
        let mut opposite = None;
        self.restart(root);
        found.clear();
        let mut front = std::mem::take(&mut self.front);
        let mut next = std::mem::take(&mut self.next);
        front.clear();
        front.push(root);
        while !front.is_empty() {
            next.clear();
            for &on in &front {
                let depth = self.depth[on] as usize;
                if depth + 1 > limit {
                    continue;
                }
                for &off in links.of(on) {
                    let off = off as Node;
                    if off == root ^ 1 && opposite.is_none() && depth < chain_limit {
                        opposite = Some(on);
                    }
                    for &to in links.of(off) {
                        let to = to as Node;
                        if to == root {
                            if depth + 1 >= 4 && depth < cycle_limit && !self.passes(on, off) {
                                found.push((on, off));
                            }
                        } else if self.seen[to] != self.stamp && depth + 3 <= limit {
                            self.reach(to, on as u32, off as u32, (depth + 2) as u32);
                            next.push(to);
                        }
                    }
                }
            }
            std::mem::swap(&mut front, &mut next);
        }
        self.front = front;
        self.next = next;
        opposite
    }

    /// The shortest chain from `root` to its opposite with at most
    /// `limit` nodes, as the node before the opposite.
    fn chain_to_opposite(&mut self, links: &Links, root: Node, limit: usize) -> Option<Node> {
        self.restart(root);
        let target = root ^ 1;
        let mut front = std::mem::take(&mut self.front);
        let mut next = std::mem::take(&mut self.next);
        front.clear();
        front.push(root);
        let mut found = None;
        'search: while !front.is_empty() {
            next.clear();
            for &at in &front {
                let depth = self.depth[at] as usize;
                if depth >= limit {
                    continue;
                }
                for &to in links.of(at) {
                    let to = to as Node;
                    if to == target {
                        found = Some(at);
                        break 'search;
                    }
                    if self.seen[to] != self.stamp {
                        self.reach(to, at as u32, ROOT, (depth + 1) as u32);
                        next.push(to);
                    }
                }
            }
            std::mem::swap(&mut front, &mut next);
        }
        self.front = front;
        self.next = next;
        found
    }
}

/// What a cycle through `nodes` removes: a digit, in a cell off the
/// loop, that sees both an on node and an off node of it.
fn cycle_eliminations(board: &Board, nodes: &[Node]) -> Vec<(usize, u8)> {
    let n = board.size();
    let cells: Vec<usize> = nodes.iter().map(|&v| v / 2 / n).collect();
    let mut seen_by = vec![0u8; board.values().len() * n];
    for &v in nodes {
        let (cell, digit) = (v / 2 / n, (v / 2 % n + 1) as u8);
        let mark = if v % 2 == 1 { 1 } else { 2 };
        for &peer in board.geometry().peers(cell) {
            if !cells.contains(&peer) && board.value(peer) == 0 && board.has(peer, digit) {
                seen_by[peer * n + usize::from(digit) - 1] |= mark;
            }
        }
    }
    (0..seen_by.len())
        .filter(|&i| seen_by[i] == 3)
        .map(|i| (i / n, (i % n + 1) as u8))
        .collect()
}

/// The lowest-rated chain of `modes` (cycles if `cycles`, forcing chains
/// if `forcing`) that removes something.
fn search(board: &Board, modes: &[Mode], cycles: bool, forcing: bool) -> Option<Found> {
    if board.size() > MAX_SIZE {
        return None;
    }
    let n = board.size();
    let geometry = board.geometry();
    let cells = board.values().len();
    let cands = board.open_marks();
    let mut houses_of = vec![Vec::new(); cells];
    for &h in geometry.houses() {
        for &c in geometry.cells_of(h) {
            houses_of[c].push(h);
        }
    }
    let mut search = Search::new(cells * n * 2);
    let mut loops = Vec::new();
    let mut best: Option<Found> = None;
    // The most nodes a chain of `technique` may have and still rate no
    // more than the best so far.
    let limit = |technique: Technique, best: &Option<Found>| {
        let Some(b) = best else {
            return usize::MAX;
        };
        let mut complexity = 0;
        while rating(technique, complexity + 1) <= b.rating && complexity < cells * n * 2 {
            complexity += 1;
        }
        complexity
    };
    for &mode in modes {
        if let Some(b) = &best {
            let cheapest = mode
                .technique(true)
                .rating()
                .min(mode.technique(false).rating());
            if cheapest > b.rating {
                continue;
            }
        }
        let links = Links::new(board, &cands, &houses_of, mode);
        for (cell, &marks) in cands.iter().enumerate() {
            let count = marks.count_ones();
            if count < 2 {
                continue;
            }
            if board.stopped().is_some() {
                return None;
            }
            for digit in digits(marks) {
                let on = node(n, cell, digit, true);
                // The chain from `on` to its opposite, when the cycles'
                // search has found it.
                let mut from_on = None;
                if cycles && (mode.x() || count == 2) {
                    let technique = mode.technique(true);
                    let chain_limit = if forcing && mode.x() {
                        limit(mode.technique(false), &best)
                    } else {
                        0
                    };
                    let limits = (limit(technique, &best), chain_limit);
                    from_on = Some(search.cycles(&links, on, limits, &mut loops));
                    for &(last, off) in &loops {
                        let mut nodes = search.path(last);
                        nodes.insert(0, off);
                        let complexity = nodes.len();
                        let mut found = Found {
                            technique,
                            cycle: true,
                            mode,
                            rating: rating(technique, complexity),
                            complexity,
                            eliminations: Vec::new(),
                            placement: None,
                            nodes: Vec::new(),
                        };
                        // What a loop removes is only worth working out
                        // when the loop would beat the best so far.
                        if !found.better_than(&best) {
                            continue;
                        }
                        found.eliminations = cycle_eliminations(board, &nodes);
                        if !found.eliminations.is_empty() {
                            found.nodes = nodes.into_iter().rev().collect();
                            best = Some(found);
                        }
                    }
                }
                if forcing && mode.x() {
                    let technique = mode.technique(false);
                    for root in [on, on ^ 1] {
                        let found = match from_on.take() {
                            Some(found) if root == on => found,
                            _ => search.chain_to_opposite(&links, root, limit(technique, &best)),
                        };
                        let Some(at) = found else {
                            continue;
                        };
                        let mut nodes = search.path(at);
                        nodes.reverse();
                        nodes.push(root ^ 1);
                        let complexity = nodes.len();
                        let (eliminations, placement) = if root % 2 == 1 {
                            (vec![(cell, digit)], None)
                        } else {
                            let others = digits(marks & !(1 << (digit - 1)));
                            (others.map(|d| (cell, d)).collect(), Some((cell, digit)))
                        };
                        let found = Found {
                            technique,
                            cycle: false,
                            mode,
                            rating: rating(technique, complexity),
                            complexity,
                            nodes,
                            eliminations,
                            placement,
                        };
                        if found.better_than(&best) {
                            best = Some(found);
                        }
                    }
                }
            }
        }
    }
    best
}

/// "r1c2=4", "r1c2<>4".
fn named(n: usize, v: Node) -> String {
    let (cell, digit) = (v / 2 / n, v / 2 % n + 1);
    let op = if v % 2 == 1 { "=" } else { "<>" };
    format!("{}{op}{digit}", cell_name(cell, n))
}

fn step(board: &Board, found: Found) -> Step {
    let n = board.size();
    let mut chain: Vec<String> = found.nodes.iter().map(|&v| named(n, v)).collect();
    if found.cycle {
        chain.push(chain[0].clone());
    }
    let reason = if !found.cycle {
        format!(
            "{} (each implies the next): the assumption leads to its own opposite",
            chain.join(" -> ")
        )
    } else {
        format!(
            "{} (each implies the next, round a loop): it holds one way round or the other, \
             so a cell that sees an on node and an off node of one digit loses it",
            chain.join(" -> ")
        )
    };
    let mut cells: Vec<usize> = found.nodes.iter().map(|&v| v / 2 / n).collect();
    cells.dedup();
    let mut step = Step::new(found.technique, board, reason)
        .with_cells(cells)
        .rated(found.rating);
    if let Some(placed) = found.placement {
        step.placements.push(placed);
    } else {
        step.eliminations = found.eliminations;
    }
    step
}

/// The lowest-rated X-cycle, or else of whatever of the family rates
/// lower: forcing X-chain, Y-cycle, bidirectional cycle or forcing chain,
/// looked for together as SE does (grading's one search for them all,
/// see [`Technique::se_ladder`]).
pub fn find_any(board: &Board) -> Option<Step> {
    let found = search(board, &[Mode::X, Mode::Y, Mode::Both], true, true)?;
    Some(step(board, found))
}

/// The lowest-rated forcing X-chain.
pub fn find_forcing_x_chain(board: &Board) -> Option<Step> {
    Some(step(board, search(board, &[Mode::X], false, true)?))
}

/// The lowest-rated Y-cycle.
pub fn find_y_cycle(board: &Board) -> Option<Step> {
    Some(step(board, search(board, &[Mode::Y], true, false)?))
}

/// The lowest-rated bidirectional cycle (x and y links).
pub fn find_cycle(board: &Board) -> Option<Step> {
    Some(step(board, search(board, &[Mode::Both], true, false)?))
}

/// The lowest-rated forcing chain (x and y links).
pub fn find_forcing_chain(board: &Board) -> Option<Step> {
    Some(step(board, search(board, &[Mode::Both], false, true)?))
}

#[cfg(test)]
mod tests {
    use crate::testing::{marks_at, nines_in_columns, pencil_marks, step_of};
    use crate::Technique;

    #[test]
    fn a_turbot_fish_is_a_forcing_x_chain_of_six_nodes() {
        // 9 in column 1 only at r1c1, r6c1; in column 8 only at r2c8,
        // r6c8: r1c7 = 9 would leave neither r1c1 nor r2c8 a 9.
        let step = step_of(
            Technique::ForcingXChain,
            &nines_in_columns(&[(1, [1, 6]), (8, [2, 6])]),
        );
        assert_eq!(
            step.reason,
            "r1c7=9 -> r1c1<>9 -> r6c1=9 -> r6c8<>9 -> r2c8=9 -> r1c7<>9 \
             (each implies the next): the assumption leads to its own opposite"
        );
        assert_eq!(step.effect(), "r1c7<>9");
        // 6 nodes, 4 past the first two: 6.6 and nothing more.
        assert_eq!(step.rating.to_string(), "6.6");
    }

    #[test]
    fn an_x_cycle_clears_the_houses_of_its_weak_links() {
        // An X-Wing on 9 in columns 1 and 8, rows 1 and 6, as a loop of 4
        // nodes: 6.5.
        let step = step_of(
            Technique::XCycle,
            &nines_in_columns(&[(1, [1, 6]), (8, [1, 6])]),
        );
        assert_eq!(
            step.reason,
            "r1c1=9 -> r1c8<>9 -> r6c8=9 -> r6c1<>9 -> r1c1=9 (each implies the next, \
             round a loop): it holds one way round or the other, so a cell that sees an on \
             node and an off node of one digit loses it"
        );
        let gone: Vec<String> = [1, 6]
            .iter()
            .flat_map(|r| [2, 3, 4, 5, 6, 7, 9].map(|c| format!("r{r}c{c}<>9")))
            .collect();
        assert_eq!(step.effect(), gone.join(", "));
        assert_eq!(step.rating.to_string(), "6.5");
    }

    #[test]
    fn a_y_cycle_of_four_cells_with_two_candidates() {
        let b = marks_at(9, &[(1, 1, "12"), (1, 5, "23"), (5, 5, "34"), (5, 1, "14")]);
        let step = step_of(Technique::YCycle, &b);
        assert_eq!(
            step.reason,
            "r1c1=1 -> r5c1<>1 -> r5c1=4 -> r5c5<>4 -> r5c5=3 -> r1c5<>3 -> r1c5=2 -> \
             r1c1<>2 -> r1c1=1 (each implies the next, round a loop): it holds one way round \
             or the other, so a cell that sees an on node and an off node of one digit loses it"
        );
        // Column 1 loses 1, row 5 4, column 5 3, row 1 2 (boxes too where
        // two loop cells share one: none here).
        let effect = step.effect();
        for gone in ["r2c1<>1", "r9c1<>1", "r5c9<>4", "r9c5<>3", "r1c9<>2"] {
            assert!(effect.contains(gone), "{gone} in {effect}");
        }
        assert!(!effect.contains("r2c2"), "{effect}");
        assert_eq!(step.rating.to_string(), "6.6");
    }

    #[test]
    fn an_xy_chain_is_a_forcing_chain_of_both_links() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {1,4}: r1c9 = 1
        // would leave r1c1 2, r1c5 3, r5c5 4 and r5c9 1, which sees it.
        let b = marks_at(9, &[(1, 1, "12"), (1, 5, "23"), (5, 5, "34"), (5, 9, "14")]);
        assert_eq!(Technique::ForcingXChain.find(&b), None);
        assert_eq!(Technique::YCycle.find(&b), None);
        let step = step_of(Technique::ForcingChain, &b);
        assert_eq!(
            step.reason,
            "r1c9=1 -> r1c1<>1 -> r1c1=2 -> r1c5<>2 -> r1c5=3 -> r5c5<>3 -> r5c5=4 -> \
             r5c9<>4 -> r5c9=1 -> r1c9<>1 (each implies the next): the assumption leads to \
             its own opposite"
        );
        assert_eq!(step.effect(), "r1c9<>1");
        // 10 nodes: 7.0, a tenth past 4 and past 6.
        assert_eq!(step.rating.to_string(), "7.2");
    }

    #[test]
    fn grids_past_16x16_are_skipped() {
        let all = vec!["."; 25 * 25];
        assert_eq!(Technique::XCycle.find(&pencil_marks(25, &all)), None);
    }
}
