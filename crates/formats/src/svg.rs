//! A picture of a puzzle as SVG: the one printed form that is not read
//! back. It draws everything a [`Puzzle`] holds, which the text forms of a
//! grid cannot: box and jigsaw borders (thick where two cells lie in
//! different boxes or regions), the X diagonals, extra groups (tinted
//! cells, a colour each), killer cages (a dashed outline inside the cells,
//! the sum in the first cell), givens in bold and, when given, the rest of
//! a solution in blue.

use std::fmt::Write;

use sudokit_puzzle::{digit_char, Layout, Puzzle};

use crate::line::LAST_CHARACTER_DIGIT;

/// Side of a cell, in SVG user units (pixels at 100%).
const CELL: usize = 40;
/// Space around the grid.
const MARGIN: usize = 10;
/// Tints of extra groups, in turn.
const TINTS: [&str; 6] = [
    "#fde2b8", "#cde8f6", "#d9f2d0", "#f3d3ec", "#fff3b0", "#dcd6f7",
];

/// The puzzle drawn as a self-contained SVG document; `solution` fills the
/// blank cells in another colour.
pub fn to_svg(puzzle: &Puzzle, solution: Option<&[u8]>) -> String {
    let n = puzzle.size();
    let side = n * CELL + 2 * MARGIN;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{side}" height="{side}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect width="{side}" height="{side}" fill="white"/>"#
    );
    for (i, group) in puzzle.extra_groups().iter().enumerate() {
        for &cell in group {
            let (x, y) = corner(cell, n);
            let tint = TINTS[i % TINTS.len()];
            let _ = writeln!(
                svg,
                r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{tint}"/>"#
            );
        }
    }
    if puzzle.diagonals() {
        let (a, b) = (MARGIN, MARGIN + n * CELL);
        let _ = writeln!(
            svg,
            r##"<path d="M{a} {a}L{b} {b}M{b} {a}L{a} {b}" stroke="#9ab" stroke-width="1.5" stroke-dasharray="6 4"/>"##
        );
    }
    let unit = units(puzzle);
    let (mut thin, mut thick) = (String::new(), String::new());
    for cell in 0..n * n {
        let (x, y) = corner(cell, n);
        let (r, c) = (cell / n, cell % n);
        if c + 1 < n {
            let line = if unit[cell] != unit[cell + 1] {
                &mut thick
            } else {
                &mut thin
            };
            let _ = write!(line, "M{} {}v{CELL}", x + CELL, y);
        }
        if r + 1 < n {
            let line = if unit[cell] != unit[cell + n] {
                &mut thick
            } else {
                &mut thin
            };
            let _ = write!(line, "M{} {}h{CELL}", x, y + CELL);
        }
    }
    let _ = writeln!(
        svg,
        r##"<path d="{thin}" stroke="#999" stroke-width="1"/>"##
    );
    let _ = writeln!(
        svg,
        r##"<path d="{thick}" stroke="#000" stroke-width="3" stroke-linecap="square"/>"##
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{MARGIN}" y="{MARGIN}" width="{w}" height="{w}" fill="none" stroke="#000" stroke-width="3"/>"##,
        w = n * CELL
    );
    draw_cages(&mut svg, puzzle);
    let givens = puzzle.givens();
    // Past 35 the digits are numbers of two figures, in a smaller type
    // that keeps them inside their cells.
    let (font, label): (usize, fn(u8) -> String) = if n > LAST_CHARACTER_DIGIT {
        (20, |d| d.to_string())
    } else {
        (24, |d| digit_char(d).to_string())
    };
    for cell in 0..n * n {
        let (digit, colour, weight) = match (givens[cell], solution) {
            (0, Some(solution)) if solution.get(cell).is_some_and(|&d| d != 0) => {
                (solution[cell], "#1f5fbf", "normal")
            }
            (0, _) => continue,
            (d, _) => (d, "#000", "bold"),
        };
        let (x, y) = corner(cell, n);
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" font-size="{font}" font-weight="{weight}" fill="{colour}" text-anchor="middle">{}</text>"#,
            x + CELL / 2,
            y + CELL / 2 + font * 3 / 8,
            label(digit)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The box or region of each cell; every cell alike in a latin square.
fn units(puzzle: &Puzzle) -> Vec<usize> {
    let n = puzzle.size();
    match puzzle.layout() {
        Layout::Boxes(shape) => (0..n * n).map(|c| shape.box_of(c)).collect(),
        Layout::Regions(map) => map.iter().map(|&r| usize::from(r)).collect(),
        Layout::Latin => vec![0; n * n],
    }
}

/// Each cage's outline, dashed, 4 units inside its cells (so that two
/// cages side by side stay apart), and its sum in the corner of its first
/// cell.
fn draw_cages(svg: &mut String, puzzle: &Puzzle) {
    let n = puzzle.size();
    const INSET: usize = 4;
    let mut cage_of = vec![usize::MAX; n * n];
    for (i, cage) in puzzle.cages().iter().enumerate() {
        for &cell in &cage.cells {
            cage_of[cell] = i;
        }
    }
    let mut path = String::new();
    for cell in (0..n * n).filter(|&c| cage_of[c] != usize::MAX) {
        let (x, y) = corner(cell, n);
        let (r, c) = (cell / n, cell % n);
        let same = |other: Option<usize>| other.is_some_and(|o| cage_of[o] == cage_of[cell]);
        let (left, right) = (x + INSET, x + CELL - INSET);
        let (top, bottom) = (y + INSET, y + CELL - INSET);
        // Each side: drawn when the neighbour is in another cage; it runs
        // to the cell's edge where the cage goes on along that side.
        let up = same((r > 0).then(|| cell - n));
        let down = same((r + 1 < n).then(|| cell + n));
        let west = same((c > 0).then(|| cell - 1));
        let east = same((c + 1 < n).then(|| cell + 1));
        let (x0, x1) = (
            if west { x } else { left },
            if east { x + CELL } else { right },
        );
        let (y0, y1) = (
            if up { y } else { top },
            if down { y + CELL } else { bottom },
        );
        if !up {
            let _ = write!(path, "M{x0} {top}H{x1}");
        }
        if !down {
            let _ = write!(path, "M{x0} {bottom}H{x1}");
        }
        if !west {
            let _ = write!(path, "M{left} {y0}V{y1}");
        }
        if !east {
            let _ = write!(path, "M{right} {y0}V{y1}");
        }
    }
    if !path.is_empty() {
        let _ = writeln!(
            svg,
            r##"<path d="{path}" fill="none" stroke="#c0392b" stroke-width="1.2" stroke-dasharray="4 3"/>"##
        );
    }
    for cage in puzzle.cages() {
        let Some(&first) = cage.cells.iter().min() else {
            continue;
        };
        let (x, y) = corner(first, n);
        let _ = writeln!(
            svg,
            r##"<text x="{}" y="{}" font-size="10" fill="#c0392b">{}</text>"##,
            x + INSET + 2,
            y + INSET + 10,
            cage.sum
        );
    }
}

/// The top-left corner of a cell.
fn corner(cell: usize, n: usize) -> (usize, usize) {
    (MARGIN + cell % n * CELL, MARGIN + cell / n * CELL)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_model::BoxShape;
    use sudokit_puzzle::{Cage, PuzzleSpec};

    #[test]
    fn a_killer_4x4_shows_boxes_cages_sums_and_digits() {
        let mut spec = PuzzleSpec::blank(4, Layout::Boxes(BoxShape { rows: 2, cols: 2 }));
        spec.givens[0] = 1;
        spec.cages = vec![Cage {
            cells: vec![1, 2],
            sum: 5,
        }];
        spec.diagonals = true;
        spec.extra_groups = vec![vec![5, 6, 9, 10]];
        let puzzle = Puzzle::new(spec).unwrap();
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let svg = to_svg(&puzzle, Some(&solution));
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
        // Thick lines: the middle column and row edges between boxes (4 + 4 segments).
        let thick = svg
            .lines()
            .find(|l| l.contains(r#"stroke-width="3" stroke-linecap"#))
            .unwrap();
        assert_eq!(thick.matches('M').count(), 8);
        // One given in bold, 15 solved digits in blue, the sum 5.
        assert_eq!(svg.matches(r#"font-weight="bold""#).count(), 1);
        assert_eq!(svg.matches("#1f5fbf").count(), 15);
        assert!(svg.contains(">5</text>") && svg.contains("stroke-dasharray=\"4 3\""));
        assert_eq!(svg.matches(TINTS[0]).count(), 4);
        assert!(svg.contains("stroke-dasharray=\"6 4\""), "diagonals drawn");
        // Without a solution only the given is written.
        assert_eq!(to_svg(&puzzle, None).matches("</text>").count(), 2);
    }
}
