//! **Nishio** (SE 7.5 and up): assume one candidate on (the cell holds
//! the digit) or off (it does not), and follow that digit alone. A place
//! on takes the digit out of every cell that sees it; a place off leaves
//! the digit, in a house, perhaps one place, which then goes on (a
//! hidden single). When a place comes out both on and off, the
//! assumption was wrong: its opposite holds.
//!
//! Sudoku Explainer's (SE) rules, as Sukaku Explainer's steps show them
//! (its rating and contradiction, on the same marks, for every Nishio
//! step of the SE-rated set):
//!
//! - Both assumptions are tried, on and off, cell by cell in row-major
//!   order, digits ascending, on first.
//! - The implications are followed places-on first: a place off is only
//!   looked at when no place on waits. A place off counts as gone from
//!   its houses only once looked at, so a house is down to one place when
//!   the one looked at is one of its last two; that last place's parents
//!   are the looked-at place and every place of the house gone before.
//!   Houses in the order box, row, column; on the first place both on
//!   and off the chain stops.
//! - The nodes of a node are its ancestors and itself (a place on or
//!   off, counted once). The contradiction counts the nodes of its on
//!   node plus those of its off node, those they share twice; past 2 of
//!   these, the rating grows a tenth at 4, 6, 8, 12 ... as every chain's
//!   ([`Rating::for_length`]).
//! - The lowest rating wins, then the fewest nodes, then the first tried.
//!
//! "No repeats" reads every group of the puzzle and "a digit goes
//! somewhere" its houses, so Nishio works on jigsaw, X, extra groups and
//! killer cages alike. Grids larger than 16x16 are skipped, as for the
//! other forcing chains.

use std::collections::VecDeque;

use sudokit_puzzle::cell_name;

use crate::techniques::forcing::house_rank;
use crate::{digits, Board, Rating, Step, Technique};

/// The largest grid side Nishio runs on.
const MAX_SIZE: usize = 16;

/// SE's length of a contradiction counts its nodes less these two.
const UNCOUNTED_NODES: usize = 2;

/// One digit's Nishio contradiction from the lowest-rated assumption.
pub fn find(board: &Board) -> Option<Step> {
    if board.size() > MAX_SIZE {
        return None;
    }
    let n = board.size();
    let chains = Chains::new(board);
    let mut scratch: Vec<Option<Scratch>> = (0..n).map(|_| None).collect();
    let base = Technique::Nishio.rating();
    let mut best: Option<Found> = None;
    for cell in board.open_cells() {
        if board.candidates(cell).count_ones() < 2 {
            continue;
        }
        if board.stopped().is_some() {
            return None;
        }
        for digit in digits(board.candidates(cell)) {
            let scratch =
                scratch[usize::from(digit) - 1].get_or_insert_with(|| Scratch::new(&chains, digit));
            for on in [true, false] {
                let Some((clash, nodes)) = chains.follow(scratch, cell, on) else {
                    continue;
                };
                let rating = base.for_length(nodes.saturating_sub(UNCOUNTED_NODES));
                if best.is_none_or(|b| (rating, nodes) < (b.rating, b.nodes)) {
                    best = Some(Found {
                        rating,
                        nodes,
                        assumed: (cell, digit, on),
                        clash,
                    });
                }
            }
        }
    }
    let Found {
        rating,
        nodes,
        assumed: (cell, digit, on),
        clash,
    } = best?;
    let assumed = if on { "=" } else { "<>" };
    let reason = format!(
        "assuming {}{assumed}{digit}, the places of {digit} make {} both {digit} and not \
         {digit} ({nodes} nodes)",
        cell_name(cell, n),
        cell_name(clash, n),
    );
    let mut step = Step::new(Technique::Nishio, board, reason)
        .with_cells([cell, clash])
        .rated(rating);
    if on {
        step.eliminations.push((cell, digit));
    } else {
        step.placements.push((cell, digit));
    }
    Some(step)
}

/// A contradiction: its rating and nodes, the assumption (cell, digit,
/// on) and the place both on and off.
#[derive(Clone, Copy)]
struct Found {
    rating: Rating,
    nodes: usize,
    assumed: (usize, u8, bool),
    clash: usize,
}

/// What every assumption on one board shares: each cell's peers and
/// houses in SE's order (box, row, column, then the rest).
struct Chains<'a> {
    board: &'a Board,
    peers: Vec<Vec<usize>>,
    houses_of: Vec<Vec<usize>>,
    /// Words of an ancestor bitset: a bit per node (cell on, cell off).
    words: usize,
}

/// One digit's places, and the buffers of one chain on it.
struct Scratch {
    places: Vec<bool>,
    /// Per house, its places: the start of each chain's counts.
    house_places: Vec<u8>,
    /// Places not yet looked at off, and their count per house.
    left: Vec<bool>,
    house_left: Vec<u8>,
    /// Per cell: reached on, reached off.
    on: Vec<bool>,
    off: Vec<bool>,
    /// Per node (`cell * 2 + on`): its ancestors and itself, as bits.
    ancestors: Vec<u64>,
    reached: Vec<usize>,
    pending_on: VecDeque<usize>,
    pending_off: VecDeque<usize>,
    /// The places an off place leaves alone in a house, and their
    /// ancestors.
    made: Vec<usize>,
    made_bits: Vec<u64>,
    union: Vec<u64>,
}

impl<'a> Chains<'a> {
    fn new(board: &'a Board) -> Chains<'a> {
        let geometry = board.geometry();
        let cells = board.values().len();
        let in_order = |cell: usize| {
            let mut groups = geometry.groups_of(cell).to_vec();
            groups.sort_by_key(|&g| house_rank(geometry.kind(g)));
            groups
        };
        let is_house = {
            let mut is = vec![false; geometry.groups().len()];
            for &h in geometry.houses() {
                is[h] = true;
            }
            is
        };
        let mut peers = Vec::with_capacity(cells);
        let mut houses_of = Vec::with_capacity(cells);
        for cell in 0..cells {
            let groups = in_order(cell);
            let mut seen = vec![false; cells];
            seen[cell] = true;
            let mut of = Vec::new();
            for &g in &groups {
                for &c in geometry.cells_of(g) {
                    if !seen[c] {
                        seen[c] = true;
                        of.push(c);
                    }
                }
            }
            peers.push(of);
            houses_of.push(groups.into_iter().filter(|&g| is_house[g]).collect());
        }
        Chains {
            board,
            peers,
            houses_of,
            words: (cells * 2).div_ceil(64),
        }
    }

    /// The place both on and off that assuming `cell` on (or off) leads
    /// to, and the nodes of that contradiction; `None` if none.
    fn follow(&self, s: &mut Scratch, cell: usize, on: bool) -> Option<(usize, usize)> {
        let geometry = self.board.geometry();
        let words = self.words;
        for &node in &s.reached {
            s.on[node / 2] = false;
            s.off[node / 2] = false;
            s.ancestors[node * words..(node + 1) * words].fill(0);
        }
        s.reached.clear();
        s.left.copy_from_slice(&s.places);
        s.house_left.copy_from_slice(&s.house_places);
        s.pending_on.clear();
        s.pending_off.clear();
        s.union.fill(0);
        s.reach(cell, on, words);
        loop {
            if let Some(p) = s.pending_on.pop_front() {
                // Every place it sees goes off, its ancestors this one's.
                s.load(p * 2 + 1, words);
                for &x in &self.peers[p] {
                    if !s.left[x] || s.off[x] {
                        continue;
                    }
                    if s.on[x] {
                        // Its off node: the on node's ancestors and itself.
                        let nodes = s.count(x * 2 + 1, words) + s.union_count() + 1;
                        return Some((x, nodes));
                    }
                    s.reach(x, false, words);
                }
            } else if let Some(p) = s.pending_off.pop_front() {
                // The houses this place leaves with one place: that one
                // goes on, its ancestors those of every place gone.
                s.made.clear();
                s.made_bits.clear();
                for &h in &self.houses_of[p] {
                    if s.house_left[h] != 2 {
                        continue;
                    }
                    let cells_of = geometry.cells_of(h);
                    let Some(&x) = cells_of.iter().find(|&&c| c != p && s.left[c]) else {
                        continue;
                    };
                    s.load(p * 2, words);
                    for &y in cells_of {
                        if s.places[y] && !s.left[y] {
                            let row = y * 2 * words..(y * 2 + 1) * words;
                            for (u, a) in s.union.iter_mut().zip(&s.ancestors[row]) {
                                *u |= a;
                            }
                        }
                    }
                    s.made.push(x);
                    s.made_bits.extend_from_slice(&s.union);
                }
                // Looked at, it leaves its houses.
                s.left[p] = false;
                for &h in &self.houses_of[p] {
                    s.house_left[h] -= 1;
                }
                for i in 0..s.made.len() {
                    let x = s.made[i];
                    if s.on[x] {
                        continue;
                    }
                    let bits = i * words..(i + 1) * words;
                    s.union.copy_from_slice(&s.made_bits[bits]);
                    if s.off[x] {
                        let nodes = s.union_count() + 1 + s.count(x * 2, words);
                        return Some((x, nodes));
                    }
                    s.reach(x, true, words);
                }
            } else {
                return None;
            }
        }
    }
}

impl Scratch {
    fn new(chains: &Chains, digit: u8) -> Scratch {
        let board = chains.board;
        let cells = board.values().len();
        let places: Vec<bool> = (0..cells).map(|c| board.has(c, digit)).collect();
        let geometry = board.geometry();
        let mut house_places = vec![0u8; geometry.groups().len()];
        for &h in geometry.houses() {
            house_places[h] = geometry.cells_of(h).iter().filter(|&&c| places[c]).count() as u8;
        }
        Scratch {
            left: places.clone(),
            places,
            house_left: house_places.clone(),
            house_places,
            on: vec![false; cells],
            off: vec![false; cells],
            ancestors: vec![0; cells * 2 * chains.words],
            reached: Vec::new(),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            made: Vec::new(),
            made_bits: Vec::new(),
            union: vec![0; chains.words],
        }
    }

    /// The ancestor bits of `node`.
    fn row(&self, node: usize, words: usize) -> &[u64] {
        &self.ancestors[node * words..(node + 1) * words]
    }

    /// The nodes of `node`: its ancestors and itself.
    fn count(&self, node: usize, words: usize) -> usize {
        self.row(node, words)
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// `union` takes the ancestor bits of `node`.
    fn load(&mut self, node: usize, words: usize) {
        let row = node * words..(node + 1) * words;
        self.union.copy_from_slice(&self.ancestors[row]);
    }

    fn union_count(&self) -> usize {
        self.union.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Reaches `cell` on or off, its ancestors `union` and itself.
    fn reach(&mut self, cell: usize, on: bool, words: usize) {
        let node = cell * 2 + usize::from(on);
        let row = &mut self.ancestors[node * words..(node + 1) * words];
        row.copy_from_slice(&self.union);
        row[node / 64] |= 1 << (node % 64);
        if on {
            self.on[cell] = true;
            self.pending_on.push_back(cell);
        } else {
            self.off[cell] = true;
            self.pending_off.push_back(cell);
        }
        self.reached.push(node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{assert_agrees, pencil_marks, step_of, sukaku};

    /// The SE-rated set's
    /// `010402050000705000000080000900301005070000010006020400800000003050108090030904020`
    /// (SE 7.8) after 14 steps, a row of Sukaku marks per grid row.
    /// Sukaku Explainer, run on these marks, gives "Nishio Forcing Chain:
    /// F5.6 off ==> H2.6 both on & off", 7.8: r5c6 not 6 makes r2c8 both.
    fn se_7_8() -> Board {
        sukaku(
            "..3..67..1..........3...78....4.............9.2.........3..678.....5.........678.\
         .234.6....2.4.6..9.234...89......7..1............5.....23..6.89...4.6.8..2.4.6.89\
         .2.45.7...2.4....9.2.45.7.9.....6..........8...3......12....7.9...4..7..12.4..7.9\
         ........9.2.4......2.4.......3...........67..1.............678......678.....5....\
         ..3.5..........7....3.5...........8....4..........6..9.2...6..91.........2...6..9\
         1...............8......6.......5.....2.............7.9...4.......3............7.9\
         .......8....4.6..91..4..7.9.2...........567.......67..1...5.......4.67....3......\
         .2.4.67......5.....2.4..7..1..........3.............8......67..........9...4.67..\
         .....67....3......1.....7..........9....567.....4.....1...5..8..2.......1......8.",
        )
    }

    #[test]
    fn an_assumption_off_that_leads_to_a_contradiction_places_the_digit() {
        let step = step_of(Technique::Nishio, &se_7_8());
        assert_agrees(
            &step,
            "317492856268715349495683271924371685573846912186529437849257163652138794731964528",
        );
        assert_eq!(
            step.reason,
            "assuming r5c6<>6, the places of 6 make r2c8 both 6 and not 6 (11 nodes)"
        );
        // 11 nodes, 9 past SE's first two: 7.5 and three tenths.
        assert_eq!(
            (step.rating.to_string(), step.effect()),
            ("7.8".into(), "r5c6=6".into())
        );
    }

    #[test]
    fn nodes_both_halves_of_the_contradiction_need_count_twice() {
        // The SE-rated set's
        // 030800040700001008008040200020709004009000100100603020001030400500400009090008060
        // (SE 8.3) after 24 steps. Sukaku Explainer on these marks: "I5.5
        // on ==> H3.5 both on & off", 8.1. The on node of r3c8 needs 16
        // nodes, its off node 11, sharing 8: 27 nodes (25 past the first
        // two: 8.1); counted once, the 19 would rate 8.0.
        let board = sukaku(
            ".2...6..9..3.......2..56..........8..2..567.9.2..567......567.....4.....1........\
         ......7.....456....2.45.....23.5.....2..56..91..........3.56.....3.5...9.......8.\
         .....6..91...............8...3.5.......4.........567...2.........3.5.7.9..3.567..\
         ..3..6.8..2...........56.........7..1................9..3.56.8...3.5..8....4.....\
         ..3..6.8.....5678.........9.2..5.....2..5..8....4.....1..........3.5.78...3.567..\
         1...........45.78....45.7.......6.......5..8...3..............9.2...........5.7..\
         .2...6.8......678.1................9..3.......2..567.....4.........5.78..2..5.7..\
         ....5.........678..23..67.....4......2...67...2...67....3...78.1................9\
         ...4.............9.23...7..1............5.7.........8...3.5.7.......6....23.5.7..",
        );
        let step = step_of(Technique::Nishio, &board);
        assert_agrees(
            &step,
            "236897541754261398918345276325719684689524137147683925871936452563472819492158763",
        );
        assert_eq!(
            step.reason,
            "assuming r5c9=5, the places of 5 make r3c8 both 5 and not 5 (27 nodes)"
        );
        assert_eq!(
            (step.rating.to_string(), step.effect()),
            ("8.1".into(), "r5c9<>5".into())
        );
    }

    #[test]
    fn of_assumptions_rated_alike_the_one_of_fewer_nodes_wins() {
        // The SE-rated set's
        // 006402300020000010100000005000659000350207049000000000005070400002000100030105070
        // (SE 7.8) after 11 steps. r1c2=8 comes first and rates 7.8 with
        // 14 nodes (r9c3 both); r2c7=8 rates 7.8 with 11. Sukaku Explainer on these
        // marks: "G2.8 on ==> C4.8 both on & off", 7.8.
        let board = sukaku(
            "....5..........789.....6......4.....1.........2.........3.............89......78.\
         ......789.2.........3...789....5......3..6..9..3..6.8.......7891...........4.....\
         1...........4...89..34....9......7....3.....9..3....8..2............6.......5....\
         .2..........4...8....4..78......6.......5............9......78...3......1........\
         ..3..........5....1.........2..............8.......7.......6......4.............9\
         .....6789.....67.9......7.9..3.........4.....1............5.....2.....8..2....78.\
         .....6..91............5...........89......7....3..6......4......2.....89.23....8.\
         .....6789.....6789.2..............89..3..6......4.....1............5......3....8.\
         ...4.......3.............891.........2...........5...........89......7.......6...",
        );
        let chains = Chains::new(&board);
        let mut scratch = Scratch::new(&chains, 8);
        assert_eq!(chains.follow(&mut scratch, 1, true), Some((74, 14)));
        let step = step_of(Technique::Nishio, &board);
        assert_agrees(
            &step,
            "596412387728536914143798265284659731351287649967341528615873492872964153439125876",
        );
        assert_eq!(
            step.reason,
            "assuming r2c7=8, the places of 8 make r4c3 both 8 and not 8 (11 nodes)"
        );
        assert_eq!(
            (step.rating.to_string(), step.effect()),
            ("7.8".into(), "r2c7<>8".into())
        );
    }

    #[test]
    fn nishio_reads_the_houses_of_any_geometry() {
        // A 5x5 latin square (rows and columns, no boxes): 1 in rows 1 and
        // 2 goes in columns 1 and 2 only, so not in r3c1. Nishio sees it
        // as: r3c1=1 puts r1c1 and r2c1 off; row 1 then puts r1c2 on,
        // which puts r2c2 off, and row 2 puts r2c2 on. Its on node needs
        // 3 nodes (r3c1, r2c1, itself), its off node 4: 7, 7.6.
        let no_one = "2345";
        let mut marks = vec!["."; 25];
        for cell in [2, 3, 4, 7, 8, 9, 15, 16, 20, 21] {
            marks[cell] = no_one;
        }
        let step = step_of(Technique::Nishio, &pencil_marks(5, &marks));
        assert_eq!(
            step.reason,
            "assuming r3c1=1, the places of 1 make r2c2 both 1 and not 1 (7 nodes)"
        );
        assert_eq!(
            (step.rating.to_string(), step.effect()),
            ("7.6".into(), "r3c1<>1".into())
        );
    }
}
