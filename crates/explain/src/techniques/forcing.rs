//! **Nishio and forcing chains.** The last resorts before guessing: try a
//! digit and follow where it leads using only singles (naked and hidden),
//! the moves every solver trusts.
//!
//! - *Nishio* (7.5): assume a candidate, say 4 in r1c2, and place the
//!   singles that follow. If that ends in a contradiction (a cell with no
//!   candidate left, a digit with no place left in a house), the
//!   assumption was wrong: r1c2 is not 4.
//! - *Cell forcing chain* (8.0): a cell with two or three candidates
//!   must take one of them. Follow each in turn; whatever every branch
//!   leads to (a digit placed somewhere, or a candidate ruled out) is true
//!   whichever the cell holds.
//! - *Region forcing chain* (8.2): the same from a digit with two or
//!   three places in a house: it goes in one of them, so what follows from
//!   each of them is true.
//!
//! Each step is the one whose conclusion needs the fewest singles, and it
//! rates higher on the SE scale as that number grows (a tenth per doubling
//! beyond four; for a forcing chain, the number of its longest branch).
//! Singles are counted as they are placed, breadth first, so a few of them
//! may not be needed for the conclusion.
//! Singles use houses (groups of n cells) for "the digit goes somewhere"
//! and every group for "no repeats", so the reasoning holds on every
//! geometry. Grids larger than 16x16 are skipped.

use std::collections::VecDeque;

use sudokit_puzzle::cell_name;

use crate::{digits, Board, Rating, Step, Technique};

/// The largest grid side these searches run on.
const MAX_SIZE: usize = 16;

/// The candidate whose assumption reaches a contradiction in the fewest
/// singles.
pub fn find_nishio(board: &Board) -> Option<Step> {
    if board.size() > MAX_SIZE {
        return None;
    }
    let context = Context::new(board);
    let (singles, cell, digit, why) = shortest_contradiction(&context)?;
    let n = board.size();
    let reason = if singles == 0 {
        format!(
            "assuming {}={digit} gives a contradiction at once: {why}",
            cell_name(cell, n)
        )
    } else {
        let lead = match singles {
            1 => "1 single leads".to_string(),
            k => format!("{k} singles lead"),
        };
        format!(
            "assuming {}={digit}, {lead} to a contradiction: {why}",
            cell_name(cell, n)
        )
    };
    let mut step = Step::new(Technique::Nishio, board, reason)
        .with_cells([cell])
        .rated(Rating(75).for_length(singles));
    step.eliminations.push((cell, digit));
    Some(step)
}

/// The first candidate whose assumption reaches a contradiction in the
/// fewest singles: (singles, cell, digit, why). Once one is found, later
/// tries stop when they cannot beat it.
fn shortest_contradiction(context: &Context) -> Option<(usize, usize, u8, String)> {
    let board = context.board;
    let mut state = context.fresh(false);
    let mut best: Option<(usize, usize, u8, String)> = None;
    for cell in board.open_cells() {
        if board.candidates(cell).count_ones() < 2 {
            continue;
        }
        for digit in digits(board.candidates(cell)) {
            let cap = match &best {
                Some((0, ..)) => return best,
                Some((singles, ..)) => singles - 1,
                None => usize::MAX,
            };
            if let Err((why, singles)) = context.assume(&mut state, cell, digit, cap) {
                best = Some((singles, cell, digit, why));
            }
        }
    }
    best
}

/// The cell with 2 or 3 candidates whose every candidate leads to one
/// same conclusion, the one needing the fewest singles.
pub fn find_cell(board: &Board) -> Option<Step> {
    if board.size() > MAX_SIZE {
        return None;
    }
    let context = Context::new(board);
    let mut best: Option<Forced> = None;
    for cell in board.open_cells() {
        if !(2..=3).contains(&board.candidates(cell).count_ones()) {
            continue;
        }
        let branches = digits(board.candidates(cell)).map(|d| (cell, d)).collect();
        context.force(branches, 0, &mut best);
    }
    let forced = best?;
    let n = board.size();
    let cell = forced.branches[0].0;
    let options: Vec<String> = forced
        .branches
        .iter()
        .map(|&(_, d)| d.to_string())
        .collect();
    let each: Vec<String> = forced
        .branches
        .iter()
        .zip(&forced.depths)
        .map(|(&(_, d), &k)| format!("if {d}, {}", leads(k, &forced.conclusion(n))))
        .collect();
    let reason = format!(
        "{} is {}: {}",
        cell_name(cell, n),
        or_list(&options),
        each.join("; ")
    );
    Some(forced.step(Technique::CellForcingChain, Rating(80), board, reason))
}

/// The digit with 2 or 3 places in a house each of which leads to one same
/// conclusion, the one needing the fewest singles.
pub fn find_region(board: &Board) -> Option<Step> {
    if board.size() > MAX_SIZE {
        return None;
    }
    let geometry = board.geometry();
    let context = Context::new(board);
    let mut best: Option<Forced> = None;
    for &house in geometry.houses() {
        let cells = geometry.cells_of(house);
        for digit in 1..=board.size() as u8 {
            if board.placed_in(cells, digit) {
                continue;
            }
            let places = board.places(cells, digit);
            if (2..=3).contains(&places.len()) {
                let branches = places.iter().map(|&c| (c, digit)).collect();
                context.force(branches, house, &mut best);
            }
        }
    }
    let forced = best?;
    let house = forced.house;
    let n = board.size();
    let digit = forced.branches[0].1;
    let places: Vec<String> = forced
        .branches
        .iter()
        .map(|&(c, _)| cell_name(c, n))
        .collect();
    let each: Vec<String> = forced
        .branches
        .iter()
        .zip(&forced.depths)
        .map(|(&(c, _), &k)| {
            format!(
                "if {}, {}",
                cell_name(c, n),
                leads(k, &forced.conclusion(n))
            )
        })
        .collect();
    let reason = format!(
        "in {}, {digit} is in {}: {}",
        geometry.kind(house),
        or_list(&places),
        each.join("; ")
    );
    Some(forced.step(Technique::RegionForcingChain, Rating(82), board, reason))
}

/// What a branch leads to: "r7c7 is 5 after 3 singles".
fn leads(singles: usize, conclusion: &str) -> String {
    match singles {
        0 => format!("{conclusion} at once"),
        1 => format!("{conclusion} after 1 single"),
        k => format!("{conclusion} after {k} singles"),
    }
}

/// "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A conclusion common to every branch of a forcing chain.
struct Forced {
    /// The assumptions, one per branch: (cell, digit).
    branches: Vec<(usize, u8)>,
    /// The singles each branch needs to reach the conclusion.
    depths: Vec<usize>,
    /// The cell and digit concluded.
    cell: usize,
    digit: u8,
    /// Placed (or else eliminated).
    placed: bool,
    /// The house of a region forcing chain.
    house: usize,
}

impl Forced {
    /// Fewer singles first, then placements before eliminations.
    fn key(&self) -> (usize, bool) {
        (self.cost(), !self.placed)
    }

    fn cost(&self) -> usize {
        self.depths.iter().copied().max().unwrap_or(0)
    }

    fn conclusion(&self, n: usize) -> String {
        if self.placed {
            format!("{} is {}", cell_name(self.cell, n), self.digit)
        } else {
            format!("{} is not {}", cell_name(self.cell, n), self.digit)
        }
    }

    fn step(&self, technique: Technique, base: Rating, board: &Board, reason: String) -> Step {
        let mut cells: Vec<usize> = self.branches.iter().map(|&(c, _)| c).collect();
        if !cells.contains(&self.cell) {
            cells.push(self.cell);
        }
        let mut step = Step::new(technique, board, reason)
            .with_cells(cells)
            .rated(base.for_length(self.cost()));
        if self.placed {
            step.placements.push((self.cell, self.digit));
        } else {
            step.eliminations.push((self.cell, self.digit));
        }
        step
    }
}

/// What every propagation on one board shares: the houses of each cell,
/// and per house the count of places of each digit and the digits placed.
struct Context<'a> {
    board: &'a Board,
    cands: Vec<u64>,
    houses_of: Vec<Vec<usize>>,
    count: Vec<u8>,
    placed: Vec<u64>,
}

/// A propagation that reached a contradiction: why, after how many singles.
type Contradiction = (String, usize);

impl<'a> Context<'a> {
    fn new(board: &'a Board) -> Context<'a> {
        let geometry = board.geometry();
        let n = board.size();
        let houses = geometry.houses();
        let mut houses_of = vec![Vec::new(); board.values().len()];
        let mut count = vec![0u8; houses.len() * n];
        let mut placed = vec![0u64; houses.len()];
        for (h, &g) in houses.iter().enumerate() {
            for &cell in geometry.cells_of(g) {
                houses_of[cell].push(h);
                if board.value(cell) != 0 {
                    placed[h] |= 1 << (board.value(cell) - 1);
                } else {
                    for d in digits(board.candidates(cell)) {
                        count[h * n + usize::from(d) - 1] += 1;
                    }
                }
            }
        }
        Context {
            board,
            cands: (0..board.values().len())
                .map(|c| board.candidates(c))
                .collect(),
            houses_of,
            count,
            placed,
        }
    }

    /// A copy of the board to assume things on; `track` records when each
    /// candidate goes.
    fn fresh(&self, track: bool) -> State {
        let board = self.board;
        let cells = board.values().len();
        State {
            values: board.values().to_vec(),
            cands: self.cands.clone(),
            count: self.count.clone(),
            placed: self.placed.clone(),
            singles: 0,
            queue: VecDeque::new(),
            placed_at: if track {
                vec![u16::MAX; cells]
            } else {
                Vec::new()
            },
            gone_at: if track {
                vec![u16::MAX; cells * board.size()]
            } else {
                Vec::new()
            },
        }
    }

    /// Resets `state` to the board, places `digit` in `cell`, then every
    /// single that follows, up to `cap` singles.
    fn assume(
        &self,
        state: &mut State,
        cell: usize,
        digit: u8,
        cap: usize,
    ) -> Result<(), Contradiction> {
        let board = self.board;
        state.values.copy_from_slice(board.values());
        state.cands.copy_from_slice(&self.cands);
        state.count.copy_from_slice(&self.count);
        state.placed.copy_from_slice(&self.placed);
        state.singles = 0;
        state.queue.clear();
        state.placed_at.fill(u16::MAX);
        state.gone_at.fill(u16::MAX);
        let fail = |why: String, state: &State| (why, state.singles);
        state
            .place(self, cell, digit)
            .map_err(|why| fail(why, state))?;
        while let Some(single) = state.queue.pop_front() {
            let found = match single {
                Single::Naked(cell) if state.values[cell] == 0 => {
                    digits(state.cands[cell]).next().map(|d| (cell, d))
                }
                Single::Hidden(h, digit) if state.placed[h] >> (digit - 1) & 1 == 0 => {
                    let house = board.geometry().cells_of(board.geometry().houses()[h]);
                    house
                        .iter()
                        .find(|&&c| state.values[c] == 0 && state.cands[c] >> (digit - 1) & 1 == 1)
                        .map(|&c| (c, digit))
                }
                _ => continue,
            };
            let Some((cell, digit)) = found else {
                continue;
            };
            if state.singles >= cap {
                break;
            }
            state.singles += 1;
            state
                .place(self, cell, digit)
                .map_err(|why| fail(why, state))?;
        }
        Ok(())
    }

    /// Follows each branch (up to the singles that could still beat
    /// `best`) and keeps in `best` the cheapest conclusion they share
    /// (`house` names the house of a region forcing chain).
    fn force(&self, branches: Vec<(usize, u8)>, house: usize, best: &mut Option<Forced>) {
        let cap = match best {
            Some(f) if f.placed => match f.cost() {
                0 => return,
                c => c - 1,
            },
            Some(f) => f.cost(),
            None => usize::MAX,
        };
        let mut states = Vec::new();
        for &branch in &branches {
            let mut state = self.fresh(true);
            match self.assume(&mut state, branch.0, branch.1, cap) {
                Ok(()) => states.push(state),
                Err(_) => return, // a Nishio, not a forcing chain
            }
        }
        let board = self.board;
        let n = board.size();
        let depth = |at: u16| usize::from(at);
        for cell in board.open_cells() {
            let value = states[0].values[cell];
            let found = if value != 0 && states.iter().all(|s| s.values[cell] == value) {
                let depths = states.iter().map(|s| depth(s.placed_at[cell])).collect();
                Some((value, true, depths))
            } else {
                digits(board.candidates(cell))
                    .filter(|&d| states.iter().all(|s| s.cands[cell] >> (d - 1) & 1 == 0))
                    .map(|d| {
                        let at = cell * n + usize::from(d) - 1;
                        let depths: Vec<usize> =
                            states.iter().map(|s| depth(s.gone_at[at])).collect();
                        (d, false, depths)
                    })
                    .min_by_key(|(_, _, depths)| depths.iter().copied().max())
            };
            let Some((digit, placed, depths)) = found else {
                continue;
            };
            let forced = Forced {
                branches: branches.clone(),
                depths,
                cell,
                digit,
                placed,
                house,
            };
            if best.as_ref().is_none_or(|b| forced.key() < b.key()) {
                *best = Some(forced);
            }
        }
    }
}

/// A single waiting to be placed.
enum Single {
    /// The cell has one candidate left.
    Naked(usize),
    /// The digit has one place left in the house (index into `houses()`).
    Hidden(usize, u8),
}

/// A board copy under an assumption, with when each candidate went.
struct State {
    values: Vec<u8>,
    cands: Vec<u64>,
    count: Vec<u8>,
    placed: Vec<u64>,
    singles: usize,
    queue: VecDeque<Single>,
    /// Singles placed before each cell got its digit (if tracked).
    placed_at: Vec<u16>,
    /// Singles placed before each candidate (`cell * n + digit - 1`) went
    /// (if tracked).
    gone_at: Vec<u16>,
}

impl State {
    fn place(&mut self, context: &Context, cell: usize, digit: u8) -> Result<(), String> {
        let board = context.board;
        let n = board.size();
        let bit = 1u64 << (digit - 1);
        if self.values[cell] != 0 || self.cands[cell] & bit == 0 {
            return Err(format!("{} cannot be {digit}", cell_name(cell, n)));
        }
        self.values[cell] = digit;
        if let Some(at) = self.placed_at.get_mut(cell) {
            *at = self.singles as u16;
        }
        for &h in &context.houses_of[cell] {
            self.placed[h] |= bit;
        }
        for other in digits(self.cands[cell] & !bit) {
            self.remove(context, cell, other)?;
        }
        for &peer in board.geometry().peers(cell) {
            if self.values[peer] == digit {
                return Err(format!(
                    "{digit} would be in both {} and {}",
                    cell_name(cell, n),
                    cell_name(peer, n)
                ));
            }
            if self.values[peer] == 0 {
                self.remove(context, peer, digit)?;
            }
        }
        Ok(())
    }

    fn remove(&mut self, context: &Context, cell: usize, digit: u8) -> Result<(), String> {
        let board = context.board;
        let n = board.size();
        let bit = 1u64 << (digit - 1);
        if self.cands[cell] & bit == 0 {
            return Ok(());
        }
        self.cands[cell] &= !bit;
        if let Some(at) = self.gone_at.get_mut(cell * n + usize::from(digit) - 1) {
            *at = self.singles as u16;
        }
        for &h in &context.houses_of[cell] {
            let places = &mut self.count[h * n + usize::from(digit) - 1];
            *places -= 1;
            if self.placed[h] & bit == 0 {
                match *places {
                    0 => {
                        let group = board.geometry().houses()[h];
                        return Err(format!(
                            "{digit} has no place left in {}",
                            board.geometry().kind(group)
                        ));
                    }
                    1 => self.queue.push_back(Single::Hidden(h, digit)),
                    _ => {}
                }
            }
        }
        if self.values[cell] == 0 {
            match self.cands[cell].count_ones() {
                0 => return Err(format!("{} has no candidate left", cell_name(cell, n))),
                1 => self.queue.push_back(Single::Naked(cell)),
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{board, step_of};
    use crate::{Board, Technique};

    /// A 9x9 position: placed digits (`.` open), then the marks of the open
    /// cells in row-major order.
    fn position(values: &str, marks: &str) -> Board {
        let mut b = board(values);
        let mut marks = marks.split_whitespace();
        for cell in 0..81 {
            if b.value(cell) == 0 {
                let keep = marks.next().expect("marks for every open cell");
                for d in 1..=9u8 {
                    if !keep.contains(char::from(b'0' + d)) {
                        b.eliminate(cell, d);
                    }
                }
            }
        }
        assert_eq!(marks.next(), None);
        b
    }

    /// The digit of `cell` (row, column from 1) in a solution string.
    fn solved(solution: &str, (row, column): (usize, usize)) -> u8 {
        solution.as_bytes()[(row - 1) * 9 + column - 1] - b'0'
    }

    #[test]
    fn nishio_rules_out_a_candidate_that_empties_a_cell() {
        // top95 #68 where the explainer needs Nishio. If r9c9 were 9:
        // column 9 keeps 3 only in r7c9, row 8 keeps 9 only in r8c5; then
        // r7c4 {3,9} sees both. (The solution has 1 in r9c9.)
        let b = position(
            ".42.5.167 5..1.6942 6..2.4538 127865394 4.57..2.6 .6.42.7.5 7...4265. 3546.782. 2.65..47.",
            "89 39 389 378 38 78 179 19 79 389 139 139 18 89 389 139 18 \
             189 189 39 139 19 19 19 1389 1389 139",
        );
        let step = step_of(Technique::Nishio, &b);
        assert_eq!(
            step.reason,
            "assuming r9c9=9, 2 singles lead to a contradiction: r7c4 has no candidate left"
        );
        assert_eq!(step.effect(), "r9c9<>9");
        assert_eq!(step.rating.to_string(), "7.5");
        let solution =
            "842359167573186942619274538127865394435791286968423715781942653354617829296538471";
        assert_ne!(solved(solution, (9, 9)), 9);
    }

    #[test]
    fn a_cell_forcing_chain_keeps_what_both_candidates_rule_out() {
        // Sudoku_hardest #8. If r5c2 is 4, row 6 keeps 4 only in r6c7; if
        // it is 6, row 7 keeps 6 only in r7c7 (after r8c1=6 and r5c1=9
        // come first). Either way r6c7 is not 6. (The solution has 5.)
        let b = position(
            "38.926.1. ..68139.2 192475..6 23..4.1.. ..125.7.. ..8.31.29 7..382.91 .1.5972.. .2.164...",
            "457 45 457 45 457 457 38 38 579 67 89 568 58 69 46 89 3468 348 \
             45 4567 67 456 456 45 456 68 34 468 348 89 359 38 57 3578",
        );
        let step = step_of(Technique::CellForcingChain, &b);
        assert_eq!(
            step.reason,
            "r5c2 is 4 or 6: if 4, r6c7 is not 6 after 1 single; if 6, r6c7 is not 6 after 3 singles"
        );
        assert_eq!(step.effect(), "r6c7<>6");
        assert_eq!(step.rating.to_string(), "8.0");
        let solution =
            "387926415546813972192475836235749168961258743478631529754382691613597284829164357";
        assert_ne!(solved(solution, (6, 7)), 6);
    }

    #[test]
    fn a_region_forcing_chain_keeps_what_every_place_rules_out() {
        // top95 #91. 9 goes in r9c3 or r9c9 in row 9. If r9c3, column 3
        // keeps 5 only in r3c3; if r9c9, column 9 keeps 6 only in r3c9
        // (after r9c8=6). Either way r3c9 is not 5. (The solution has 6.)
        let b = position(
            "937658... ..4.9.73. 12.7349.. ..3..96.7 ...37.5.. ..2.8...3 ..19638.. 3.68.5..4 ....473..",
            "124 124 12 568 56 12 12 58 58 568 568 458 1458 45 12 1248 468 146 89 126 1248 1289 \
             467 145679 45 16 14 149 2457 457 57 25 79 12 12 79 25 58 589 12 156 12569",
        );
        let step = step_of(Technique::RegionForcingChain, &b);
        assert_eq!(
            step.reason,
            "in row 9, 9 is in r9c3 or r9c9: if r9c3, r3c9 is not 5 after 1 single; \
             if r9c9, r3c9 is not 5 after 2 singles"
        );
        assert_eq!(step.effect(), "r3c9<>5");
        assert_eq!(step.rating.to_string(), "8.2");
        let solution =
            "937658241864291735125734986583419627649372518712586493471963852396825174258147369";
        assert_ne!(solved(solution, (3, 9)), 5);
    }

    #[test]
    fn grids_past_16x16_are_skipped() {
        // r1c2 holds only 1, so r1c1 {1,2} cannot be 1: Nishio sees it on
        // a 16x16 latin square, and is not run on a 25x25 one.
        let marks = |n: usize| {
            let mut marks = vec!["."; n * n];
            marks[0] = "12";
            marks[1] = "1";
            crate::testing::pencil_marks(n, &marks)
        };
        let step = step_of(Technique::Nishio, &marks(16));
        assert_eq!(
            step.reason,
            "assuming r1c1=1 gives a contradiction at once: r1c2 has no candidate left"
        );
        assert_eq!(step.effect(), "r1c1<>1");
        assert_eq!(Technique::Nishio.find(&marks(25)), None);
    }
}
