//! The shared second half of the structured forms (TOML, JSON): a loose
//! description, as read, checked and turned into a [`Puzzle`].

use sudokit_puzzle::{Cage, Cell, Layout, Puzzle, PuzzleError, PuzzleSpec, MAX_SIZE};

use crate::block::read_grid;
use crate::check::finish;
use crate::digits::Decoder;
use crate::line::{line_cells, number_words, square_side};
use crate::shape::parse_box_shape;
use crate::{Digits, ErrorKind, ParseError, ReadOptions, Shape};

/// Text written either as one string or as an array of row strings.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(untagged)]
pub(crate) enum Text {
    /// One string: a line, or a multi-line block.
    One(String),
    /// One string per row.
    Rows(Vec<String>),
}

/// How the description says the grid is cut.
#[derive(Clone, Debug)]
pub(crate) enum LayoutDesc {
    Default,
    Boxes(String),
    Regions(Text),
    Latin,
}

/// Something read at a known line (when known).
#[derive(Clone, Debug)]
pub(crate) struct Located<T> {
    pub value: T,
    pub line: Option<usize>,
}

/// A cage as read.
#[derive(Clone, Debug)]
pub(crate) struct CageDesc {
    pub sum: i64,
    pub cells: Vec<Vec<i64>>,
}

/// A puzzle as read from a structured form, unchecked.
#[derive(Clone, Debug)]
pub(crate) struct Description {
    pub size: Option<i64>,
    pub layout: LayoutDesc,
    pub diagonals: bool,
    pub extra_groups: Vec<Located<Vec<Vec<i64>>>>,
    pub cages: Vec<Located<CageDesc>>,
    pub givens: Option<Located<Text>>,
    pub candidates: Option<Located<Text>>,
}

fn at(kind: ErrorKind, line: Option<usize>) -> ParseError {
    ParseError {
        path: None,
        line,
        field: None,
        kind,
    }
}

impl Description {
    /// Checks everything and builds the puzzle.
    pub(crate) fn build(self, options: &ReadOptions) -> Result<Puzzle, ParseError> {
        let givens = match &self.givens {
            Some(g) => Some(read_givens(g, options.digits)?),
            None => None,
        };
        let size = self.size(givens.as_ref().map(|g| g.0))?;
        // A 1x1 grid asks nothing, and no printed form of it reads back.
        if size < 2 {
            return Err(ErrorKind::UnsupportedSize { size }.into());
        }
        if let (Some((g, _)), Some(located)) = (&givens, &self.givens) {
            if *g != size {
                let reason = format!("a {g}x{g} grid, but size is {size}");
                return Err(at(ErrorKind::field("givens", reason), located.line));
            }
        }
        let layout = self.layout(size)?;
        let mut extra_groups = Vec::with_capacity(self.extra_groups.len());
        for (i, group) in self.extra_groups.iter().enumerate() {
            let what = format!("extra group {}", i + 1);
            extra_groups.push(cells(&what, &group.value, size).map_err(|k| at(k, group.line))?);
        }
        let mut cages = Vec::with_capacity(self.cages.len());
        for (i, cage) in self.cages.iter().enumerate() {
            let what = format!("cage {}", i + 1);
            let cells = cells(&what, &cage.value.cells, size).map_err(|k| at(k, cage.line))?;
            let sum = u32::try_from(cage.value.sum).map_err(|_| {
                // Any sum past u32 is also past what digits reach: say so.
                let k = cells.len();
                let reason = if k <= size {
                    format!(
                        "sum {} is out of reach: {k} distinct digits from 1 to {size} sum to \
                         between {} and {}",
                        cage.value.sum,
                        k * (k + 1) / 2,
                        k * (2 * size + 1 - k) / 2
                    )
                } else {
                    format!("{k} cells cannot hold distinct digits from 1 to {size}")
                };
                at(ErrorKind::field(what, reason), cage.line)
            })?;
            cages.push(Cage { cells, sum });
        }
        let candidates = match &self.candidates {
            Some(c) => Some(candidates(&c.value, size, options.digits).map_err(|k| at(k, c.line))?),
            None => None,
        };
        let spec = PuzzleSpec {
            size,
            layout,
            diagonals: self.diagonals,
            extra_groups,
            cages,
            givens: givens.map_or_else(|| vec![0; size * size], |g| g.1),
            candidates,
        };
        finish(spec, options).map_err(|kind| {
            let line = match &kind {
                ErrorKind::Puzzle(
                    PuzzleError::ImpossibleCageSum { index, .. }
                    | PuzzleError::EmptyCage { index }
                    | PuzzleError::CageOutOfReach { index, .. },
                ) => self.cages.get(*index).and_then(|c| c.line),
                ErrorKind::Puzzle(
                    PuzzleError::GivenNotACandidate { .. } | PuzzleError::NoCandidates { .. },
                ) => self.candidates.as_ref().and_then(|c| c.line),
                ErrorKind::Puzzle(PuzzleError::DuplicateGiven { .. })
                | ErrorKind::Puzzle(PuzzleError::DigitOutOfRange { .. }) => {
                    self.givens.as_ref().and_then(|g| g.line)
                }
                _ => None,
            };
            at(kind, line)
        })
    }

    fn size(&self, from_givens: Option<usize>) -> Result<usize, ParseError> {
        if let Some(size) = self.size {
            return match usize::try_from(size) {
                Ok(n) if (1..=MAX_SIZE).contains(&n) => Ok(n),
                Ok(n) => Err(ErrorKind::UnsupportedSize { size: n }.into()),
                // A negative size is no size at all: say what was written.
                Err(_) => Err(ErrorKind::field("size", format!("{size} is negative")).into()),
            };
        }
        if let Some(n) = from_givens {
            return Ok(n);
        }
        if let LayoutDesc::Regions(text) = &self.layout {
            match text {
                Text::Rows(rows) if !rows.is_empty() && rows.len() <= MAX_SIZE => {
                    return Ok(rows.len())
                }
                Text::One(s) => {
                    let count = s.chars().filter(|c| !c.is_whitespace()).count();
                    return square_side(count).map_err(ParseError::new);
                }
                _ => {}
            }
        }
        Err(ErrorKind::field("size", "missing: give the size or the givens").into())
    }

    fn layout(&self, size: usize) -> Result<Layout, ParseError> {
        match &self.layout {
            LayoutDesc::Default => Shape::Auto.layout(size).map_err(ParseError::new),
            LayoutDesc::Latin => Ok(Layout::Latin),
            LayoutDesc::Boxes(s) => parse_box_shape(s).map(Layout::Boxes).ok_or_else(|| {
                let reason = format!("cannot read {s:?}: expected RxC such as 3x3 or 2x3");
                ErrorKind::field("boxes", reason).into()
            }),
            LayoutDesc::Regions(text) => regions(text, size)
                .map(Layout::Regions)
                .map_err(ParseError::new),
        }
    }
}

/// The side and cells of the givens.
fn read_givens(givens: &Located<Text>, digits: Digits) -> Result<(usize, Vec<u8>), ParseError> {
    let base = givens.line.unwrap_or(0);
    let rows: Vec<(usize, &str)> = match &givens.value {
        Text::One(s) if number_words(s.trim()).is_some() => {
            return line_cells(s.trim(), digits)
                .map(|(size, cells, _)| (size, cells))
                .map_err(|k| at(k, givens.line));
        }
        Text::One(s) if !s.trim().contains('\n') => {
            let line: String = s
                .chars()
                .filter(|c| !c.is_whitespace() && *c != '|')
                .collect();
            if line.is_empty() {
                return Err(at(ErrorKind::field("givens", "empty"), givens.line));
            }
            return line_cells(&line, digits)
                .map(|(size, cells, _)| (size, cells))
                .map_err(|k| at(k, givens.line));
        }
        Text::One(s) => s
            .lines()
            .enumerate()
            .map(|(i, l)| (base + i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect(),
        Text::Rows(rows) => rows
            .iter()
            .enumerate()
            .map(|(i, l)| (base + i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty())
            .collect(),
    };
    let grid = read_grid(&rows, digits).map_err(|mut e| {
        if e.line.is_none() {
            e.line = givens.line;
        }
        e
    })?;
    Ok((grid.size, grid.cells))
}

/// Converts 1-based `[row, column]` pairs to cells.
pub(crate) fn cells(what: &str, pairs: &[Vec<i64>], size: usize) -> Result<Vec<Cell>, ErrorKind> {
    pairs
        .iter()
        .map(|pair| match pair.as_slice() {
            &[row, col] => {
                let inside = |v: i64| v >= 1 && v <= size as i64;
                if inside(row) && inside(col) {
                    Ok((row as usize - 1) * size + col as usize - 1)
                } else {
                    Err(ErrorKind::Puzzle(PuzzleError::CellOutsideGrid {
                        what: what.to_string(),
                        row,
                        col,
                        size,
                    }))
                }
            }
            other => Err(ErrorKind::field(
                what,
                format!("a cell is written [row, column], found {other:?}"),
            )),
        })
        .collect()
}

/// A region map: one label (any character) per cell.
fn regions(text: &Text, size: usize) -> Result<Vec<u8>, ErrorKind> {
    let labels: Vec<char> = match text {
        Text::One(s) => s.chars().filter(|c| !c.is_whitespace()).collect(),
        Text::Rows(rows) => {
            if rows.len() != size {
                let reason = format!("expected {size} rows, found {}", rows.len());
                return Err(ErrorKind::field("regions", reason));
            }
            let mut all = Vec::with_capacity(size * size);
            for (r, row) in rows.iter().enumerate() {
                let before = all.len();
                all.extend(row.chars().filter(|c| !c.is_whitespace()));
                if all.len() - before != size {
                    let reason = format!(
                        "row {} has {} cells, expected {size}",
                        r + 1,
                        all.len() - before
                    );
                    return Err(ErrorKind::field("regions", reason));
                }
            }
            all
        }
    };
    let mut seen: Vec<char> = Vec::new();
    let mut map = Vec::with_capacity(labels.len());
    for ch in labels {
        let index = match seen.iter().position(|&c| c == ch) {
            Some(i) => i,
            None => {
                if seen.len() == 255 {
                    return Err(ErrorKind::field(
                        "regions",
                        "more than 255 different labels",
                    ));
                }
                seen.push(ch);
                seen.len() - 1
            }
        };
        map.push(index as u8);
    }
    Ok(map)
}

/// Pencil marks: `n * n` whitespace-separated tokens (as one string or one
/// string per row), each the allowed digits of one cell, `-` for none.
fn candidates(text: &Text, size: usize, digits: Digits) -> Result<Vec<u64>, ErrorKind> {
    let tokens: Vec<&str> = match text {
        Text::One(s) => s.split_whitespace().collect(),
        Text::Rows(rows) => rows.iter().flat_map(|r| r.split_whitespace()).collect(),
    };
    if tokens.len() != size * size {
        return Err(ErrorKind::Puzzle(PuzzleError::CandidatesLength {
            expected: size * size,
            found: tokens.len(),
        }));
    }
    let digits = if digits == Digits::Auto {
        Digits::Sudoku
    } else {
        digits
    };
    let decoder = Decoder::new(digits, size, std::iter::empty());
    let mut out = Vec::with_capacity(tokens.len());
    for (cell, token) in tokens.iter().enumerate() {
        let mut mask = 0u64;
        if *token != "-" {
            for ch in token.chars() {
                match decoder.decode(ch) {
                    Some(d) if d >= 1 && usize::from(d) <= size => mask |= 1 << (d - 1),
                    _ => {
                        let reason = format!(
                            "{}: {ch:?} is not a digit from 1 to {size}",
                            sudokit_puzzle::cell_name(cell, size)
                        );
                        return Err(ErrorKind::field("candidates", reason));
                    }
                }
            }
        }
        out.push(mask);
    }
    Ok(out)
}

/// The token of a pencil-mark set: its digits, or `-` for none.
pub(crate) fn candidate_token(mask: u64, size: usize) -> String {
    let s: String = (1..=size.min(64))
        .filter(|d| mask >> (d - 1) & 1 == 1)
        .map(|d| sudokit_puzzle::digit_char(d as u8))
        .collect();
    if s.is_empty() {
        "-".to_string()
    } else {
        s
    }
}

/// The label of region `i` when printing: `A`-`Z`, then `a`-`z`.
pub(crate) fn region_label(i: u8) -> char {
    match i {
        0..=25 => char::from(b'A' + i),
        26..=51 => char::from(b'a' + i - 26),
        _ => '?',
    }
}
