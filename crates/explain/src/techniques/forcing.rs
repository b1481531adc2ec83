//! **Forcing chains.** The last resorts before guessing, as Sudoku
//! Explainer (SE) rates them: assume a candidate on (the cell holds the
//! digit) or off, and follow the implications (see `implications.rs`).
//!
//! - *Forcing chain* (7.0) and the cycles: see `static_chains.rs`.
//! - *Nishio* (7.5): one digit alone, every hidden single of it as the
//!   chain goes: placing the digit in a cell leaves a house without a
//!   place for it, so the cell is not that digit.
//! - *Cell forcing chain* (8.0): a cell must hold one of its candidates;
//!   if every candidate, by static links, leads to one same conclusion,
//!   it is true. *Region forcing chain* (8.0): the same from every place
//!   of a digit in a house.
//! - *Dynamic forcing chain* (8.5): every single the chain leaves counts
//!   (its own eliminations make new ones): an assumption that reaches a
//!   contradiction is false; what both a candidate and its opposite lead
//!   to is true; what every candidate of a cell, or every place of a digit
//!   in a house, leads to is true.
//!
//! A step rates its technique's base plus a tenth for each step of its
//! complexity past 4, 6, 8, 12, 16, 24 ... nodes (see [`Rating::for_length`](crate::Rating::for_length)):
//! SE's rule. The complexity is the number of nodes (candidates on or off)
//! the conclusion needs; for a conclusion of several branches, the nodes
//! of each branch but its assumption, summed, and one for the assumptions
//! (one cell, one house, or one candidate on and off): so counted, SE's
//! 8.2-8.5 cell and region chains come out as SE rates them on the shared
//! SE-rated set. Each technique takes the conclusion of least complexity
//! (the lowest rating), placements first on a tie.
//!
//! Every rule reads the puzzle's groups (houses for "the digit goes
//! somewhere", every group for "no repeats"), so the chains work on
//! jigsaw, X, extra groups and killer cages alike. Grids larger than
//! 16x16 are skipped (a dynamic node's ancestors are a bitset of every
//! candidate).

use sudokit_puzzle::cell_name;

use crate::techniques::implications::{node, Implications, Links, Outcome, Scratch, OFF, ON};
use crate::{digits, Board, Step, Technique};

/// The largest grid side these searches run on.
const MAX_SIZE: usize = 16;

/// How deep the static branches of a cell or region forcing chain go: a
/// conclusion deeper in one branch needs 17 nodes or more with the other
/// branches, 8.5 on SE's scale, where the dynamic chains start.
const BRANCH_DEPTH: usize = 14;

/// A conclusion: the candidate, placed (or else eliminated), the nodes it
/// needs, and what it rests on in words.
struct Conclusion {
    cell: usize,
    digit: u8,
    placed: bool,
    complexity: usize,
    cells: Vec<usize>,
    why: String,
    /// The branches are the places of a digit in a house.
    region: bool,
}

impl Conclusion {
    /// Lower complexity first, then placements.
    fn better_than(&self, other: &Option<Conclusion>) -> bool {
        other
            .as_ref()
            .is_none_or(|o| (self.complexity, !self.placed) < (o.complexity, !o.placed))
    }

    fn step(self, technique: Technique, board: &Board) -> Step {
        let mut step = Step::new(technique, board, self.why)
            .with_cells(self.cells)
            .rated(technique.rating().for_length(self.complexity));
        if self.placed {
            step.placements.push((self.cell, self.digit));
        } else {
            step.eliminations.push((self.cell, self.digit));
        }
        step
    }
}

/// The candidates to assume, with whether the board is past the limits.
fn candidates(board: &Board) -> Vec<(usize, u8)> {
    board
        .open_cells()
        .filter(|&c| board.candidates(c).count_ones() >= 2)
        .flat_map(|c| digits(board.candidates(c)).map(move |d| (c, d)))
        .collect()
}

/// "r1c2=4", "r1c2<>4".
fn named(n: usize, cell: usize, digit: u8, on: bool) -> String {
    let op = if on { "=" } else { "<>" };
    format!("{}{op}{digit}", cell_name(cell, n))
}

/// One digit's hidden singles from a placement to a contradiction.
pub fn find_nishio(board: &Board) -> Option<Step> {
    let found = denials(board, Links::OneDigit, false)?;
    Some(found.step(Technique::Nishio, board))
}

/// The assumption whose chain reaches a contradiction with the fewest
/// nodes; `both` tries each candidate off as well as on.
fn denials(board: &Board, links: Links, both: bool) -> Option<Conclusion> {
    if board.size() > MAX_SIZE {
        return None;
    }
    let n = board.size();
    let implications = Implications::new(board, links);
    let mut scratch = implications.scratch();
    let mut best: Option<Conclusion> = None;
    let mut outcome = implications.outcome();
    for (cell, digit) in candidates(board) {
        if board.stopped().is_some() {
            return None;
        }
        for on in [true, false].into_iter().take(if both { 2 } else { 1 }) {
            // Once one is found, later chains stop where they cannot beat it.
            let limit = best.as_ref().map_or(usize::MAX, |b| b.complexity);
            let start = node(n, cell, digit, on);
            implications.follow_into(start, &mut scratch, limit, &mut outcome);
            let Some(complexity) = outcome.contradiction else {
                continue;
            };
            let conclusion = Conclusion {
                cell,
                digit,
                placed: !on,
                complexity,
                cells: vec![cell],
                region: false,
                why: format!(
                    "assuming {} leads to a contradiction through {complexity} implications",
                    named(n, cell, digit, on)
                ),
            };
            if conclusion.better_than(&best) {
                best = Some(conclusion);
            }
        }
    }
    best
}

/// Every candidate of a cell, or every place of a digit in a house, by
/// static links, leads to one conclusion: the cheaper of a cell forcing
/// chain and a region forcing chain (both follow the same branches, so
/// grading looks for them together; see [`Technique::se_ladder`]).
pub fn find_cell(board: &Board) -> Option<Step> {
    let found = multiple(board, Links::Static, true, true)?;
    let technique = if found.region {
        Technique::RegionForcingChain
    } else {
        Technique::CellForcingChain
    };
    Some(found.step(technique, board))
}

/// Every place of a digit in a house, by static links, leads to one
/// conclusion.
pub fn find_region(board: &Board) -> Option<Step> {
    let found = multiple(board, Links::Static, false, true)?;
    Some(found.step(Technique::RegionForcingChain, board))
}

/// Dynamic links: a contradiction, a candidate and its opposite agreeing,
/// or a cell's candidates or a house's places agreeing.
pub fn find_dynamic(board: &Board) -> Option<Step> {
    if board.size() > MAX_SIZE {
        return None;
    }
    let n = board.size();
    let implications = Implications::new(board, Links::Dynamic);
    let mut scratch = implications.scratch();
    let mut outcomes: Vec<Option<Outcome>> = (0..board.values().len() * n).map(|_| None).collect();
    let mut best: Option<Conclusion> = None;
    for (cell, digit) in candidates(board) {
        if board.stopped().is_some() {
            return None;
        }
        let on = implications.follow(node(n, cell, digit, true), &mut scratch);
        let off = implications.follow(node(n, cell, digit, false), &mut scratch);
        for (outcome, on) in [(&on, true), (&off, false)] {
            if let Some(complexity) = outcome.contradiction {
                let conclusion = Conclusion {
                    cell,
                    digit,
                    placed: !on,
                    complexity,
                    cells: vec![cell],
                    region: false,
                    why: format!(
                        "assuming {} leads to a contradiction through {complexity} implications",
                        named(n, cell, digit, on)
                    ),
                };
                if conclusion.better_than(&best) {
                    best = Some(conclusion);
                }
            }
        }
        if on.contradiction.is_none() && off.contradiction.is_none() {
            let branches = [(cell, digit, true), (cell, digit, false)];
            if let Some(c) = agreement(&implications, &[&on, &off], &branches, cell) {
                if c.better_than(&best) {
                    best = Some(c);
                }
            }
        }
        outcomes[cell * n + usize::from(digit) - 1] = Some(on);
    }
    if let Some(m) = agreeing_branches(&implications, &outcomes, true, true) {
        if m.better_than(&best) {
            best = Some(m);
        }
    }
    Some(best?.step(Technique::DynamicForcingChain, board))
}

/// The cheapest conclusion every branch reaches (none inside `skip`, the
/// cell assumed): the sum of its complexity in each branch.
fn agreement(
    implications: &Implications,
    outcomes: &[&Outcome],
    branches: &[(usize, u8, bool)],
    skip: usize,
) -> Option<Conclusion> {
    let board = implications.board();
    let n = board.size();
    let first = outcomes[0];
    let mut best: Option<(usize, usize, bool)> = None;
    for &to in &first.reached {
        let candidate = to / 2;
        let cell = candidate / n;
        if cell == skip {
            continue;
        }
        let want = if to % 2 == 1 { ON } else { OFF };
        if outcomes[1..].iter().any(|o| o.state[candidate] != want) {
            continue;
        }
        // Each branch's nodes but its assumption; the assumptions, one
        // cell or one house, count once.
        let complexity: usize = outcomes
            .iter()
            .map(|o| usize::from(o.complexity[to]) - 1)
            .sum::<usize>()
            + 1;
        if best.is_none_or(|(c, _, placed)| (complexity, to % 2 == 0) < (c, !placed)) {
            best = Some((complexity, to, to % 2 == 1));
        }
    }
    let (complexity, to, placed) = best?;
    let candidate = to / 2;
    let (cell, digit) = (candidate / n, (candidate % n + 1) as u8);
    let assumed: Vec<String> = branches
        .iter()
        .map(|&(c, d, on)| named(n, c, d, on))
        .collect();
    let mut cells: Vec<usize> = branches.iter().map(|b| b.0).collect();
    cells.dedup();
    cells.push(cell);
    Some(Conclusion {
        cell,
        digit,
        placed,
        complexity,
        cells,
        region: skip == usize::MAX,
        why: format!(
            "each of {} leads to {} ({complexity} implications in all)",
            assumed.join(", "),
            named(n, cell, digit, placed)
        ),
    })
}

/// Cells (`cells`) and houses (`houses`) whose every branch agrees.
fn multiple(board: &Board, links: Links, cells: bool, houses: bool) -> Option<Conclusion> {
    if board.size() > MAX_SIZE {
        return None;
    }
    let n = board.size();
    let implications = Implications::new(board, links);
    let mut scratch: Scratch = implications.scratch();
    let mut outcomes: Vec<Option<Outcome>> = (0..board.values().len() * n).map(|_| None).collect();
    for (cell, digit) in candidates(board) {
        if board.stopped().is_some() {
            return None;
        }
        // A branch that reaches a contradiction is false: whatever it
        // reached holds for it all the same. Branches stop at depth
        // BRANCH_DEPTH: past it, a conclusion rates with the dynamic chains.
        let mut outcome = implications.outcome();
        let start = node(n, cell, digit, true);
        implications.follow_into(start, &mut scratch, BRANCH_DEPTH + 2, &mut outcome);
        outcomes[cell * n + usize::from(digit) - 1] = Some(outcome);
    }
    agreeing_branches(&implications, &outcomes, cells, houses)
}

/// The cheapest conclusion of a cell's candidates (`cells`) or a house's
/// places of a digit (`houses`), each followed on in `outcomes`.
fn agreeing_branches(
    implications: &Implications,
    outcomes: &[Option<Outcome>],
    cells: bool,
    houses: bool,
) -> Option<Conclusion> {
    let board = implications.board();
    let n = board.size();
    let mut best: Option<Conclusion> = None;
    let mut consider = |branches: Vec<(usize, u8, bool)>, skip: usize| {
        let found: Option<Vec<&Outcome>> = branches
            .iter()
            .map(|&(c, d, _)| outcomes[c * n + usize::from(d) - 1].as_ref())
            .collect();
        let Some(found) = found else { return };
        if let Some(c) = agreement(implications, &found, &branches, skip) {
            if c.better_than(&best) {
                best = Some(c);
            }
        }
    };
    if cells {
        for cell in board.open_cells() {
            if board.candidates(cell).count_ones() >= 2 {
                let branches = digits(board.candidates(cell))
                    .map(|d| (cell, d, true))
                    .collect();
                consider(branches, cell);
            }
        }
    }
    if houses {
        let geometry = board.geometry();
        for &house in geometry.houses() {
            let cells_of = geometry.cells_of(house);
            for digit in 1..=n as u8 {
                let places = board.places(cells_of, digit);
                if places.len() >= 2 && !board.placed_in(cells_of, digit) {
                    let branches = places.iter().map(|&c| (c, digit, true)).collect();
                    consider(branches, usize::MAX);
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use crate::testing::{assert_agrees, board, step_of};
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

    /// top95 #68 where the explainer needs a chain.
    fn top95_68() -> Board {
        position(
            ".42.5.167 5..1.6942 6..2.4538 127865394 4.57..2.6 .6.42.7.5 7...4265. 3546.782. 2.65..47.",
            "89 39 389 378 38 78 179 19 79 389 139 139 18 89 389 139 18 \
             189 189 39 139 19 19 19 1389 1389 139",
        )
    }

    /// The solution of [`top95_68`].
    const TOP95_68: &str =
        "842359167573186942619274538127865394435791286968423715781942653354617829296538471";

    /// The step `technique` finds on top95 #68: its rating and effect, and
    /// that the solution agrees.
    fn found(technique: Technique) -> (String, String) {
        let step = step_of(technique, &top95_68());
        assert_agrees(&step, TOP95_68);
        (step.rating.to_string(), step.effect())
    }

    #[test]
    fn a_static_forcing_chain_from_a_candidate_to_its_opposite_removes_it() {
        // The forcing chain lives in static_chains.rs; here on a real grid.
        let step = step_of(Technique::ForcingChain, &top95_68());
        assert_eq!(
            step.reason,
            "r1c6=3 -> r1c6<>8 -> r1c1=8 -> r2c3<>8 -> r2c3=3 -> r6c3<>3 -> r6c6=3 -> \
             r1c6<>3 (each implies the next): the assumption leads to its own opposite"
        );
        // 8 nodes, 6 past the first two: 7.0 and a tenth.
        assert_eq!(
            found(Technique::ForcingChain),
            ("7.1".into(), "r1c6<>3".into())
        );
    }

    #[test]
    fn nishio_follows_one_digit_to_a_house_without_it() {
        assert_eq!(found(Technique::Nishio), ("7.8".into(), "r5c2<>9".into()));
    }

    #[test]
    fn a_cell_forcing_chain_keeps_what_both_candidates_rule_out() {
        let step = step_of(Technique::CellForcingChain, &top95_68());
        assert_eq!(
            step.reason,
            "each of r1c1=8, r1c1=9 leads to r9c6<>9 (7 implications in all)"
        );
        assert_eq!(
            found(Technique::CellForcingChain),
            ("8.2".into(), "r9c6<>9".into())
        );
    }

    #[test]
    fn a_region_forcing_chain_keeps_what_every_place_rules_out() {
        let step = step_of(Technique::RegionForcingChain, &top95_68());
        // 3 goes in r1c4 or r1c6 in row 1 (or box 2).
        assert_eq!(
            step.reason,
            "each of r1c4=3, r1c6=3 leads to r9c6<>9 (7 implications in all)"
        );
        assert_eq!(
            found(Technique::RegionForcingChain),
            ("8.2".into(), "r9c6<>9".into())
        );
    }

    #[test]
    fn a_dynamic_forcing_chain_rates_from_8_5() {
        // The static cell forcing chain is among the dynamic ones: rated
        // from 8.5, its 7 nodes make it 8.7.
        let step = step_of(Technique::DynamicForcingChain, &top95_68());
        assert_eq!(
            step.reason,
            "each of r1c1=8, r1c1=9 leads to r9c6<>9 (7 implications in all)"
        );
        assert_eq!(
            found(Technique::DynamicForcingChain),
            ("8.7".into(), "r9c6<>9".into())
        );
    }

    #[test]
    fn grids_past_16x16_are_skipped() {
        // r1c2 holds only 1, so r1c1 {1,2} cannot be 1: a chain sees it
        // on a 16x16 latin square, and is not run on a 25x25 one.
        let marks = |n: usize| {
            let mut marks = vec!["."; n * n];
            marks[0] = "12";
            marks[1] = "1";
            crate::testing::pencil_marks(n, &marks)
        };
        let step = step_of(Technique::DynamicForcingChain, &marks(16));
        assert_eq!(
            step.reason,
            "assuming r1c1=1 leads to a contradiction through 3 implications"
        );
        assert_eq!(step.effect(), "r1c1<>1");
        assert_eq!(Technique::DynamicForcingChain.find(&marks(25)), None);
    }
}
