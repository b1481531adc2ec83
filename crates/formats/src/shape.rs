use std::str::FromStr;

use sudokit_model::BoxShape;
use sudokit_puzzle::{Layout, PuzzleError, MAX_SIZE};

use crate::ErrorKind;

/// Which layout to give puzzles read from lines and block grids, which do
/// not say it themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Boxes of [`default_box_shape`] (or, for a block grid, the shape its
    /// separators draw); an error for prime sizes.
    #[default]
    Auto,
    /// These boxes.
    Boxes(BoxShape),
    /// No boxes: a latin square.
    Latin,
}

impl Shape {
    /// The layout for a grid of side `size`.
    pub fn layout(self, size: usize) -> Result<Layout, ErrorKind> {
        match self {
            Shape::Auto => default_box_shape(size)
                .map(Layout::Boxes)
                .ok_or(ErrorKind::NoBoxShape { size }),
            Shape::Boxes(shape) if shape.rows.checked_mul(shape.cols) != Some(size) => {
                Err(ErrorKind::Puzzle(PuzzleError::BadBoxShape {
                    rows: shape.rows,
                    cols: shape.cols,
                    size,
                }))
            }
            Shape::Boxes(shape) => Ok(Layout::Boxes(shape)),
            Shape::Latin => Ok(Layout::Latin),
        }
    }
}

impl FromStr for Shape {
    type Err = ErrorKind;

    /// `auto`, `latin`, or `RxC` (`3x3`, `2x3`; `X` and `*` also separate).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "auto" => return Ok(Shape::Auto),
            "latin" | "none" => return Ok(Shape::Latin),
            _ => {}
        }
        parse_box_shape(&t)
            .map(Shape::Boxes)
            .ok_or_else(|| ErrorKind::BadShape(s.to_string()))
    }
}

/// Reads `RxC` (rows per box, columns per box).
pub(crate) fn parse_box_shape(s: &str) -> Option<BoxShape> {
    let (r, c) = s.trim().split_once(['x', 'X', '*', '×'])?;
    let rows = r.trim().parse().ok()?;
    let cols = c.trim().parse().ok()?;
    let ok = |v: usize| (1..=MAX_SIZE).contains(&v);
    (ok(rows) && ok(cols)).then_some(BoxShape { rows, cols })
}

/// The box shape sudokit assumes for a side: the most square factorisation
/// with rows <= columns (4 = 2x2, 6 = 2x3, 8 = 2x4, 9 = 3x3, 12 = 3x4,
/// 16 = 4x4, 25 = 5x5, 1 = 1x1), or `None` for a prime side, where the only
/// boxes would be whole rows.
pub fn default_box_shape(size: usize) -> Option<BoxShape> {
    if size == 1 {
        return Some(BoxShape { rows: 1, cols: 1 });
    }
    let mut rows = 1;
    let mut r = 2;
    while r * r <= size {
        if size.is_multiple_of(r) {
            rows = r;
        }
        r += 1;
    }
    (rows > 1).then_some(BoxShape {
        rows,
        cols: size / rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bx(rows: usize, cols: usize) -> Option<BoxShape> {
        Some(BoxShape { rows, cols })
    }

    #[test]
    fn default_shapes() {
        assert_eq!(default_box_shape(4), bx(2, 2));
        assert_eq!(default_box_shape(6), bx(2, 3));
        assert_eq!(default_box_shape(8), bx(2, 4));
        assert_eq!(default_box_shape(9), bx(3, 3));
        assert_eq!(default_box_shape(12), bx(3, 4));
        assert_eq!(default_box_shape(16), bx(4, 4));
        assert_eq!(default_box_shape(25), bx(5, 5));
        assert_eq!(default_box_shape(35), bx(5, 7));
        assert_eq!(default_box_shape(1), bx(1, 1));
        assert_eq!(default_box_shape(7), None);
        assert_eq!(default_box_shape(2), None);
    }

    #[test]
    fn parse_shapes() {
        assert_eq!(
            "3x2".parse(),
            Ok(Shape::Boxes(BoxShape { rows: 3, cols: 2 }))
        );
        assert_eq!(
            " 2X4 ".parse(),
            Ok(Shape::Boxes(BoxShape { rows: 2, cols: 4 }))
        );
        assert_eq!("latin".parse(), Ok(Shape::Latin));
        assert_eq!("auto".parse(), Ok(Shape::Auto));
        assert_eq!(
            "3by3".parse::<Shape>().map_err(|e| e.to_string()),
            Err("cannot read box shape \"3by3\": expected RxC such as 3x3 or 2x3, or latin".into())
        );
        assert!("0x9".parse::<Shape>().is_err());
        assert!("99999999999x99999999999".parse::<Shape>().is_err());
        let huge = Shape::Boxes(BoxShape {
            rows: usize::MAX,
            cols: 2,
        });
        assert!(huge.layout(9).is_err());
    }

    #[test]
    fn prime_size_message() {
        assert_eq!(
            Shape::Auto.layout(7).map_err(|e| e.to_string()),
            Err("size 7 has no box shape: choose boxes RxC or a latin square".into())
        );
    }
}
