//! **Skyscraper, 2-string kite, turbot fish, and their three-link kin**,
//! as Sukaku Explainer rates them. One digit; a *strong link* is a house
//! where the digit has only two places (one of them holds it). Two or
//! three strong links in a row, each joined to the next by a *weak link*
//! (an end of one sees the start of the next, so they are not both the
//! digit), make a short X-chain: if the first cell is not the digit, its
//! partner is, so the next start is not, so its partner is ... and the
//! last cell is. One of the two outer cells holds the digit, and any cell
//! that sees both loses it.
//!
//! Sukaku Explainer names and rates them by the houses of the strong
//! links. With two: both rows or both columns (a *skyscraper*) 4.0, a row
//! and a column (a *2-string kite*) 4.1, a box among them (a *turbot
//! fish*) 4.2, another kind of house (a diagonal, an extra group) 4.3.
//! With three: 5.4 when all are lines of one kind (*3 skyscrapers*), 5.5
//! when a box is among them whatever the lines, 5.6 when they are lines
//! of both kinds and no box (a *3-string kite*); a diagonal or an extra
//! group counts as a box here. (Sukaku Explainer's traces say so: its
//! four-digit code after the name counts the grouped links, then marks
//! each link 0 for a box, 1 for the first link's kind of line, 2 for the
//! other; "0102", row-box-column, rates 5.5 and "0112", row-row-column,
//! 5.6.) Two places that are the digit's only ones in both a line and a
//! box make the line's link only, as there. The easiest instance is
//! taken. Jigsaw regions count as boxes.
//!
//! Strong links can also be *grouped*. A row or column whose places of
//! the digit lie in two boxes: the digit is in one box's part or the
//! other's. A box whose places all lie on one row and one column of it,
//! some off each (an *empty rectangle*): the digit is on that row's part
//! or that column's part; the crossing cell, if a place, goes to one part
//! or the other (two links), so that each end is as small as it can be
//! (Sukaku Explainer's chains end on the place off the column alone). A
//! box whose places lie on two rows, or two columns: the digit is on one
//! row's part or the other's (Sukaku Explainer's traces use these too).
//! A chain may use such links (a weak link then joins every cell of one
//! end to every cell of the next); a grouped link makes a chain of two
//! rate 4.3 and one of three 5.7, as Sukaku Explainer rates them.

use sudokit_puzzle::{cell_name, Cell, GroupKind};

use crate::{Board, Rating, Step, Technique};

/// The easiest chain of two strong links (4.0-4.3).
pub fn find_two(board: &Board) -> Option<Step> {
    find(board, 2, Technique::TurbotFish)
}

/// The easiest chain of three strong links (5.4-5.6).
pub fn find_three(board: &Board) -> Option<Step> {
    find(board, 3, Technique::ThreeStrongLinks)
}

/// What kind of house a strong link lies in, for the rating.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum House {
    Row,
    Column,
    Box,
    Other,
}

impl House {
    fn of(kind: GroupKind) -> House {
        match kind {
            GroupKind::Row(_) => House::Row,
            GroupKind::Column(_) => House::Column,
            GroupKind::Box(_) | GroupKind::Region(_) => House::Box,
            _ => House::Other,
        }
    }
}

/// Sukaku Explainer's rating of a chain of strong links in these houses,
/// `grouped` when one of them is an empty rectangle.
fn rating(houses: &[House], grouped: bool) -> Rating {
    let has = |h: House| houses.contains(&h);
    if grouped {
        return Rating(if houses.len() == 2 { 43 } else { 57 });
    }
    if houses.len() == 2 {
        return Rating(if has(House::Other) {
            43
        } else if has(House::Box) {
            42
        } else if houses[0] == houses[1] {
            40
        } else {
            41
        });
    }
    if has(House::Box) || has(House::Other) {
        Rating(55)
    } else if has(House::Row) && has(House::Column) {
        Rating(56)
    } else {
        Rating(54)
    }
}

/// What one strong link is, besides its bits: its house and where its
/// two ends (in the order the chain goes: one cell each, or a box's row
/// part and column part) lie in [`Links::ends`].
#[derive(Clone, Copy)]
struct Link {
    house: House,
    group: GroupKind,
    grouped: bool,
    /// Its start is `ends[from..to]`, its end `ends[to..past]`.
    from: usize,
    to: usize,
    past: usize,
}

/// The strong links on one digit, kept flat and reused from digit to
/// digit: every link's cells and bit sets in shared vectors, so that a
/// search allocates nothing per link.
#[derive(Default)]
struct Links {
    /// Words per bit set.
    words: usize,
    links: Vec<Link>,
    ends: Vec<Cell>,
    /// Per link, `BITS` sets of `words` words: its cells, its start, the
    /// cells that see every cell of its end, those that see every cell
    /// of its start.
    bits: Vec<u64>,
    /// The links that may follow link `i`, ascending:
    /// `next[next_lo[i]..next_lo[i + 1]]`.
    next_lo: Vec<usize>,
    next: Vec<usize>,
}

const BITS: usize = 4;

impl Links {
    fn clear(&mut self, words: usize) {
        self.words = words;
        self.links.clear();
        self.ends.clear();
        self.bits.clear();
        self.next_lo.clear();
        self.next.clear();
    }

    fn len(&self) -> usize {
        self.links.len()
    }

    fn push(&mut self, geometry: &crate::Geometry, from: &[Cell], to: &[Cell], group: GroupKind) {
        let words = self.words;
        let at = self.ends.len();
        self.ends.extend_from_slice(from);
        self.ends.extend_from_slice(to);
        self.links.push(Link {
            house: House::of(group),
            group,
            grouped: from.len() > 1 || to.len() > 1,
            from: at,
            to: at + from.len(),
            past: at + from.len() + to.len(),
        });
        let base = self.bits.len();
        self.bits.resize(base + BITS * words, 0);
        let bits = &mut self.bits[base..];
        for &c in from {
            bits[c / 64] |= 1 << (c % 64);
            bits[words + c / 64] |= 1 << (c % 64);
        }
        for &c in to {
            bits[c / 64] |= 1 << (c % 64);
        }
        let (reach, back) = bits[2 * words..].split_at_mut(words);
        reach.fill(u64::MAX);
        back.fill(u64::MAX);
        for &e in to {
            for (r, s) in reach.iter_mut().zip(geometry.sees_bits(e)) {
                *r &= s;
            }
        }
        for &e in from {
            for (r, s) in back.iter_mut().zip(geometry.sees_bits(e)) {
                *r &= s;
            }
        }
    }

    fn set(&self, i: usize, which: usize) -> &[u64] {
        let at = (i * BITS + which) * self.words;
        &self.bits[at..at + self.words]
    }

    fn cells(&self, i: usize) -> &[u64] {
        self.set(i, 0)
    }

    fn start(&self, i: usize) -> &[u64] {
        self.set(i, 1)
    }

    fn reach(&self, i: usize) -> &[u64] {
        self.set(i, 2)
    }

    fn back(&self, i: usize) -> &[u64] {
        self.set(i, 3)
    }

    fn from(&self, i: usize) -> &[Cell] {
        let l = &self.links[i];
        &self.ends[l.from..l.to]
    }

    fn to(&self, i: usize) -> &[Cell] {
        let l = &self.links[i];
        &self.ends[l.to..l.past]
    }

    fn followers(&self, i: usize) -> &[usize] {
        &self.next[self.next_lo[i]..self.next_lo[i + 1]]
    }

    /// Whether `b` may follow `a` in a chain: every cell of `a`'s end sees
    /// every cell of `b`'s start, and they share no cell.
    fn follows(&self, a: usize, b: usize) -> bool {
        let joined = self
            .start(b)
            .iter()
            .zip(self.reach(a))
            .all(|(s, r)| s & !r == 0);
        joined && self.disjoint(a, b)
    }

    /// Whether two links share no cell.
    fn disjoint(&self, a: usize, b: usize) -> bool {
        self.cells(a)
            .iter()
            .zip(self.cells(b))
            .all(|(x, y)| x & y == 0)
    }
}

/// A chain found: its links' ends and houses.
struct Chain {
    digit: u8,
    links: Vec<(Vec<Cell>, Vec<Cell>, GroupKind)>,
    gone: Vec<(Cell, u8)>,
    rating: Rating,
}

/// The search's state on one digit.
struct Search<'a> {
    digit: u8,
    count: usize,
    links: &'a Links,
    /// The open cells with the digit, as bits.
    holds: &'a [u64],
    /// Scratch bits for a chain's eliminations.
    gone: Vec<u64>,
}

fn find(board: &Board, count: usize, technique: Technique) -> Option<Step> {
    let easiest = if count == 2 { Rating(40) } else { Rating(54) };
    let mut best: Option<Chain> = None;
    let mut places = Vec::new();
    let mut parts = Vec::new();
    let mut splits = Vec::new();
    let cells = board.values().len();
    let words = cells.div_ceil(64);
    let mut links = Links::default();
    let mut holds = vec![0u64; words];
    let mut lo = vec![0usize; cells + 1];
    let mut order = Vec::new();
    let mut fill = Vec::new();
    for digit in 1..=board.size() as u8 {
        strong_links(
            board,
            digit,
            &mut places,
            &mut parts,
            &mut splits,
            &mut links,
        );
        // Which links may follow each: joined by a weak link, no cell
        // shared. A follower starts in the cells the link's end reaches, so
        // only the links starting there are looked at.
        holds.fill(0);
        for c in board.open_cells().filter(|&c| board.has(c, digit)) {
            holds[c / 64] |= 1 << (c % 64);
        }
        // The links by start cell: those starting at `c` are
        // `order[lo[c]..lo[c + 1]]`.
        lo.fill(0);
        for i in 0..links.len() {
            lo[links.from(i)[0] + 1] += 1;
        }
        for c in 0..cells {
            lo[c + 1] += lo[c];
        }
        order.clear();
        order.resize(links.len(), 0);
        fill.clear();
        fill.extend_from_slice(&lo);
        for i in 0..links.len() {
            let c = links.from(i)[0];
            order[fill[c]] = i;
            fill[c] += 1;
        }
        links.next_lo.push(0);
        for a in 0..links.len() {
            let first = links.next.len();
            for (w, &held) in holds.iter().enumerate() {
                let mut bits = links.reach(a)[w] & held;
                while bits != 0 {
                    let cell = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for &j in &order[lo[cell]..lo[cell + 1]] {
                        if links.follows(a, j) {
                            links.next.push(j);
                        }
                    }
                }
            }
            links.next[first..].sort_unstable();
            links.next_lo.push(links.next.len());
        }
        let mut search = Search {
            digit,
            count,
            links: &links,
            holds: &holds,
            gone: vec![0; words],
        };
        let mut chain = Vec::with_capacity(count);
        for first in 0..links.len() {
            chain.push(first);
            search.extend(&mut chain, &mut best);
            chain.pop();
        }
        if board.stopped().is_some() {
            return None;
        }
        if best.as_ref().is_some_and(|b| b.rating <= easiest) {
            break;
        }
    }
    let chain = best?;
    Some(step(board, technique, chain))
}

/// Both directions of every strong link on `digit`, plain and grouped,
/// into `links` (cleared first).
fn strong_links(
    board: &Board,
    digit: u8,
    places: &mut Vec<Cell>,
    parts: &mut Vec<Cell>,
    splits: &mut Vec<(usize, usize, usize)>,
    links: &mut Links,
) {
    let geometry = board.geometry();
    links.clear(board.values().len().div_ceil(64));
    for &h in geometry.houses() {
        places.clear();
        places.extend(
            geometry
                .cells_of(h)
                .iter()
                .copied()
                .filter(|&c| board.has(c, digit)),
        );
        let group = geometry.kind(h);
        parts.clear();
        match places[..] {
            [] | [_] => continue,
            [a, b] => {
                if House::of(group) != House::Box || !strong_in_line(board, digit, a, b) {
                    push_both(links, geometry, &[a], &[b], group);
                }
            }
            _ => match House::of(group) {
                House::Box => {
                    splits.clear();
                    box_splits(board, places, parts, splits);
                    for &(from, mid, past) in splits.iter() {
                        push_both(links, geometry, &parts[from..mid], &parts[mid..past], group);
                    }
                }
                House::Row | House::Column => {
                    if let Some(mid) = box_segments(board, places, parts) {
                        let (a, b) = parts.split_at(mid);
                        push_both(links, geometry, a, b, group);
                    }
                }
                House::Other => {}
            },
        }
    }
}

/// Whether `a` and `b` are the digit's only places in a row or column
/// they share: then a box holding both adds no link of its own, as Sukaku
/// Explainer counts the pair the line's link (row-column-column rates 5.6
/// there even where column 1's link is box 7's too).
fn strong_in_line(board: &Board, digit: u8, a: Cell, b: Cell) -> bool {
    let n = board.size();
    let line =
        |cells: &mut dyn Iterator<Item = Cell>| cells.filter(|&c| board.has(c, digit)).count() == 2;
    (a / n == b / n && line(&mut (a / n * n..a / n * n + n)))
        || (a % n == b % n && line(&mut (a % n..n * n).step_by(n)))
}

/// The strong link between `a` and `b`, in both directions.
fn push_both(
    links: &mut Links,
    geometry: &crate::Geometry,
    a: &[Cell],
    b: &[Cell],
    group: GroupKind,
) {
    links.push(geometry, a, b, group);
    links.push(geometry, b, a, group);
}

impl Search<'_> {
    /// Extends `chain` (indices into the links) by the links that may
    /// follow its last, all cells distinct, to `count` links, keeping the
    /// easiest chain that eliminates something in `best`.
    fn extend(&mut self, chain: &mut Vec<usize>, best: &mut Option<Chain>) {
        let links = self.links;
        let count = self.count;
        if chain.len() == count {
            let mut houses = [House::Row; 3];
            for (slot, &i) in houses.iter_mut().zip(chain.iter()) {
                *slot = links.links[i].house;
            }
            let grouped = chain.iter().any(|&i| links.links[i].grouped);
            let rated = rating(&houses[..count], grouped);
            if best.as_ref().is_some_and(|b| b.rating <= rated) {
                return;
            }
            // A cell with the digit that sees every cell of both outer
            // ends and is in no link of the chain.
            let (first, last) = (chain[0], chain[count - 1]);
            let mut any = 0;
            for (w, g) in self.gone.iter_mut().enumerate() {
                let mut bits = self.holds[w] & links.back(first)[w] & links.reach(last)[w];
                for &i in chain.iter() {
                    bits &= !links.cells(i)[w];
                }
                *g = bits;
                any |= bits;
            }
            if any != 0 {
                let mut gone = Vec::new();
                for (w, &g) in self.gone.iter().enumerate() {
                    let mut bits = g;
                    while bits != 0 {
                        gone.push((w * 64 + bits.trailing_zeros() as usize, self.digit));
                        bits &= bits - 1;
                    }
                }
                *best = Some(Chain {
                    digit: self.digit,
                    links: chain
                        .iter()
                        .map(|&i| {
                            (
                                links.from(i).to_vec(),
                                links.to(i).to_vec(),
                                links.links[i].group,
                            )
                        })
                        .collect(),
                    gone,
                    rating: rated,
                });
            }
            return;
        }
        let last = chain[chain.len() - 1];
        for &j in links.followers(last) {
            let fresh = chain[..chain.len() - 1]
                .iter()
                .all(|&i| links.disjoint(i, j));
            if fresh {
                chain.push(j);
                self.extend(chain, best);
                chain.pop();
            }
        }
    }
}

fn step(board: &Board, technique: Technique, chain: Chain) -> Step {
    let n = board.size();
    let digit = chain.digit;
    let notation: Vec<String> = chain
        .links
        .iter()
        .map(|(from, to, group)| format!("{} = {} ({})", node(from, n), node(to, n), group))
        .collect();
    let (first, last) = (&chain.links[0].0, &chain.links[chain.links.len() - 1].1);
    let reason = format!(
        "on {digit}, strong links {} joined by weak links: one of {} and {} is {digit}",
        notation.join(" - "),
        node(first, n),
        node(last, n)
    );
    let mut cells: Vec<Cell> = Vec::new();
    for (from, to, _) in &chain.links {
        for &c in from.iter().chain(to) {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    let groups: Vec<GroupKind> = chain.links.iter().map(|l| l.2).collect();
    let mut step = Step::new(technique, board, reason)
        .with_cells(cells)
        .in_groups(groups)
        .rated(chain.rating);
    step.eliminations = chain.gone;
    step
}

/// One end of a link in words: a cell, or a group of cells `(r2c4,r2c5)`.
fn node(cells: &[Cell], n: usize) -> String {
    match cells {
        [one] => cell_name(*one, n),
        _ => {
            let names: Vec<String> = cells.iter().map(|&c| cell_name(c, n)).collect();
            format!("({})", names.join(","))
        }
    }
}

/// A line's places of a digit as a grouped strong link: they lie in two
/// boxes, so the digit is in one box's part or the other's. The parts go
/// into `parts`, one after the other; returns where the second starts.
fn box_segments(board: &Board, places: &[Cell], parts: &mut Vec<Cell>) -> Option<usize> {
    let geometry = board.geometry();
    let box_of = |cell: Cell| {
        geometry
            .groups_of(cell)
            .iter()
            .copied()
            .find(|&g| matches!(geometry.kind(g), GroupKind::Box(_) | GroupKind::Region(_)))
    };
    let first = box_of(*places.first()?)?;
    parts.extend(places.iter().copied().filter(|&c| box_of(c) == Some(first)));
    let mid = parts.len();
    parts.extend(places.iter().copied().filter(|&c| box_of(c) != Some(first)));
    let second = box_of(*parts.get(mid)?);
    parts[mid..]
        .iter()
        .all(|&c| box_of(c) == second)
        .then_some(mid)
}

/// A box's places of a digit as grouped strong links: every way to part
/// them in two, each part on one line (row or column) of the box: two
/// rows, two columns, or a row and a column (an *empty rectangle*; the
/// crossing place, if there is one, on one side or the other). The parts
/// go into `parts`, and each split's `(start, middle, end)` there into
/// `splits`; a split and its mirror are one.
fn box_splits(
    board: &Board,
    places: &[Cell],
    parts: &mut Vec<Cell>,
    splits: &mut Vec<(usize, usize, usize)>,
) {
    let n = board.size();
    if places.len() > 64 {
        return;
    }
    let mut seen: Vec<u64> = Vec::new();
    let on_one_line = |mask: u64| {
        let mut cells = (0..places.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| places[i]);
        let Some(first) = cells.next() else {
            return false;
        };
        let (row, column) = (first / n, first % n);
        let (mut same_row, mut same_column) = (true, true);
        for c in cells {
            same_row &= c / n == row;
            same_column &= c % n == column;
        }
        same_row || same_column
    };
    let all = u64::MAX >> (64 - places.len());
    for &p in places {
        let lines: [&dyn Fn(Cell) -> bool; 2] = [&|c| c / n == p / n, &|c| c % n == p % n];
        for on_line in lines {
            let part: u64 = (0..places.len())
                .filter(|&i| on_line(places[i]))
                .fold(0, |m, i| m | 1 << i);
            let rest = all & !part;
            if rest == 0 || seen.contains(&part) || seen.contains(&rest) || !on_one_line(rest) {
                continue;
            }
            seen.push(part);
            let from = parts.len();
            parts.extend(
                (0..places.len())
                    .filter(|i| part >> i & 1 == 1)
                    .map(|i| places[i]),
            );
            let mid = parts.len();
            parts.extend(
                (0..places.len())
                    .filter(|i| rest >> i & 1 == 1)
                    .map(|i| places[i]),
            );
            splits.push((from, mid, parts.len()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{rating, House};
    use crate::testing::{nines_in_columns, pencil_marks, step_of, sukaku};
    use crate::Technique;

    #[test]
    fn sukaku_explainer_rates_by_the_houses_of_the_links() {
        use House::*;
        let rated = |h: &[House]| rating(h, false).to_string();
        assert_eq!(rated(&[Row, Row]), "4.0");
        assert_eq!(rated(&[Column, Row]), "4.1");
        assert_eq!(rated(&[Box, Column]), "4.2");
        assert_eq!(rated(&[Other, Box]), "4.3");
        assert_eq!(rated(&[Column, Column, Column]), "5.4");
        assert_eq!(rated(&[Row, Column, Row]), "5.6");
        assert_eq!(rated(&[Box, Row, Row]), "5.5");
        assert_eq!(rated(&[Row, Box, Column]), "5.5");
        assert_eq!(rating(&[Box, Row], true).to_string(), "4.3");
        assert_eq!(rating(&[Box, Row, Row], true).to_string(), "5.7");
    }

    #[test]
    fn a_skyscraper_is_two_parallel_strong_links() {
        // 9 in column 1 only at r1c1, r6c1; in column 8 only at r2c8,
        // r6c8: r1c1 or r2c8 is 9.
        let b = nines_in_columns(&[(1, [1, 6]), (8, [2, 6])]);
        let step = step_of(Technique::TurbotFish, &b);
        assert_eq!(
            step.reason,
            "on 9, strong links r1c1 = r6c1 (column 1) - r6c8 = r2c8 (column 8) \
             joined by weak links: one of r1c1 and r2c8 is 9"
        );
        assert_eq!(step.effect(), "r1c7<>9, r1c9<>9, r2c2<>9, r2c3<>9");
        assert_eq!(step.rating.to_string(), "4.0");
    }

    #[test]
    fn three_column_links_rate_five_four() {
        // Pairs in columns 1, 5 and 9, joined through rows 6 and 8; no
        // two links have a cell seeing both their ends.
        let b = nines_in_columns(&[(1, [1, 6]), (5, [6, 8]), (9, [8, 3])]);
        assert_eq!(Technique::TurbotFish.find(&b), None);
        let step = step_of(Technique::ThreeStrongLinks, &b);
        assert_eq!(step.effect(), "r1c7<>9, r1c8<>9, r3c2<>9, r3c3<>9");
        assert_eq!(step.rating.to_string(), "5.4");
    }

    #[test]
    fn a_line_whose_places_lie_in_two_boxes_is_a_grouped_link() {
        // 9 in column 2 only at r2c2, r3c2 (box 1) and r7c2; in column 7
        // at r1c7, r7c7; in column 5 at r1c5, r3c5. (r2c2,r3c2) = r7c2 -
        // r7c7 = r1c7 - r1c5 = r3c5: row 3's cells of box 1 lose 9.
        let marks: Vec<&str> = (0..81)
            .map(|i| {
                let (row, column) = (i / 9 + 1, i % 9 + 1);
                let rows: &[usize] = match column {
                    2 => &[2, 3, 7],
                    7 => &[1, 7],
                    5 => &[1, 3],
                    _ => return ".",
                };
                if rows.contains(&row) {
                    "."
                } else {
                    "12345678"
                }
            })
            .collect();
        let b = pencil_marks(9, &marks);
        let step = step_of(Technique::ThreeStrongLinks, &b);
        assert_eq!(
            step.reason,
            "on 9, strong links (r2c2,r3c2) = r7c2 (column 2) - r7c7 = r1c7 (column 7) - \
             r1c5 = r3c5 (column 5) joined by weak links: one of (r2c2,r3c2) and r3c5 is 9"
        );
        assert_eq!(step.effect(), "r3c1<>9, r3c3<>9");
        assert_eq!(step.rating.to_string(), "5.7");
        // Two of the links, grouped, already make a turbot fish at 4.3.
        let two = step_of(Technique::TurbotFish, &b);
        assert_eq!(two.effect(), "r1c1<>9, r1c3<>9");
        assert_eq!(two.rating.to_string(), "4.3");
    }

    /// Positions met on the way through two puzzles of the shared SE-rated
    /// set (rated 5.7 by Sukaku Explainer), in its 729-mark form, a row of
    /// nine cells a line. Sukaku Explainer's first step on each (run on
    /// the position itself, its `--after` marks compared with these) is
    /// the chain asserted here, with the same eliminations.
    #[test]
    fn a_box_whose_places_lie_on_two_rows_is_a_grouped_link() {
        // 086030004503400000010700800805000006060000050300000207008004090000008705900070620,
        // before its 13th step: box 6 has 1 on (r4c7,r4c8) and (r5c7,r5c9).
        let b = sukaku(
            "
            .2....7.........8......6...12......9..3......12......9....5....1.....7.....4.....
            ....5.....2....7.9..3.........4............8.12...6...1.......91....67..12......9
            .2.4.....1.........2.4....9......7...2..56....2..56..........8...3..6....23.....9
            .......8..2.4....9....5....123.....912.4....9......7..1.34....91.3...........6...
            12.4..........6.........7.........8.12.4....9.23.....91.34....9....5....1.3.....9
            ..3.........4....91..4....91...56..91..456..91...56..9.2..............8.......7..
            .2...67...2..5.7.........8..2..56....2..56......4.....1.3..............91.3......
            12...6....23......12.......123..6..912...6..9.......8.......7.....4.........5....
            ........9..345....1..4.....1.3.5..........7..1.3.5.........6....2..............8.",
        );
        let step = step_of(Technique::ThreeStrongLinks, &b);
        assert_eq!(
            step.reason,
            "on 1, strong links (r4c5,r5c5,r6c5) = r8c5 (column 5) - r8c1 = r5c1 (column 1) - \
             (r5c7,r5c9) = (r4c7,r4c8) (box 6) joined by weak links: one of (r4c5,r5c5,r6c5) \
             and (r4c7,r4c8) is 1"
        );
        assert_eq!(step.effect(), "r4c4<>1");
        assert_eq!(step.rating.to_string(), "5.7");
    }

    #[test]
    fn an_empty_rectangles_crossing_place_goes_to_one_end() {
        // 004807000050040030006000104300020005060374010200010006408000200020080060000203400,
        // before its 29th step: box 1 has 9 on r2c1, r3c1 (column 1) and
        // r3c2; the chain ends on r3c2 alone, which r4c2 and r6c2 see.
        let b = sukaku(
            "
            1..........3.........4............8.....56.........7......56....2...............9
            ......7.9....5.....2.......1...........4..........6..9.....67....3.............8.
            ......789.......89.....6.......5...9..3.......2.......1............5.7.....4.....
            ..3.........4..7891.............6....2..............89......789...4..7.9....5....
            ....5..89.....6.......5...9..3............7.....4............891.........2.......
            .2..........4..789......7.9....5...91............5..89..3.........4..7.9.....6...
            ...4.....1...............8.......7.......6..9....56....2...........5...9..3......
            ....5...9.2.........3.........4............8.1............5...9.....6.........7..
            .....6.........7.9....5.7.9.2...........5...9..3.........4............8.1........",
        );
        let step = step_of(Technique::ThreeStrongLinks, &b);
        assert_eq!(
            step.reason,
            "on 9, strong links (r5c1,r5c3) = r5c7 (row 5) - r8c7 = r8c1 (row 8) - \
             (r2c1,r3c1) = r3c2 (box 1) joined by weak links: one of (r5c1,r5c3) and r3c2 is 9"
        );
        assert_eq!(step.effect(), "r4c2<>9, r6c2<>9");
        assert_eq!(step.rating.to_string(), "5.7");
    }

    #[test]
    fn a_pair_strong_in_a_column_and_a_box_counts_as_the_column() {
        // Shared set line 1225 (SE 5.6), Sukaku Explainer's own marks at
        // its 22nd step, where it takes "5.6 3-String Kite 0112: Cell
        // E2,G2,I1,I7,A7,A9 on value 3" and removes 3 from r9c5 alone.
        // r7c1 and r9c1 are 3's only places in column 1 and in box 7: as a
        // box link that chain would rate 5.5, lower than any other here.
        // (We find another 5.6 chain first, with the same elimination.)
        let b = sukaku(
            "
            ...45..8..2.45.....2.4.6.....3.56...........9..3.56...1..............7....3....8.
            ......7......56........6.8.1..........3.56....2.........3....8.........9...4.....
            1..........3..............9...4...........7.........8.....5.........6....2.......
            .....6....2.45.....2.4..78...3.5.7..1..........3.5.....23....8...34.............9
            ...45....12.45.....2.4..7....3.5.7.........8.........9.23......1.34..........6...
            ........91......8...3.......2...6....2.4.6......4.6.........7..1......8.....5....
            ..34...8.......7.....4.6....23..6.8..2.4.6...1................9....5......3....8.
            .2............6.8.....5............9..3..6.........7.....4.......3....8.1........
            ..34...8.........91..........3.5..8...345......345.........6....2.............7..",
        );
        let step = step_of(Technique::ThreeStrongLinks, &b);
        assert_eq!(
            step.reason,
            "on 3, strong links r2c5 = r2c7 (row 2) - r1c9 = r7c9 (column 9) - r8c8 = r8c5 \
             (row 8) joined by weak links: one of r2c5 and r8c5 is 3"
        );
        assert_eq!(step.effect(), "r9c5<>3");
        assert_eq!(step.rating.to_string(), "5.6");
    }
}
