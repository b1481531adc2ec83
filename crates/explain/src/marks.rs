use sudokit_puzzle::{digit_char, GroupKind};

use crate::{digits, Board};

impl Board {
    /// The board as a pencil-mark grid, one text row per grid row: solved
    /// cells show their digit, open ones their candidates (10 and up as
    /// `A`, `B` ...), columns padded to line up, and `|` and `-` between
    /// boxes when the grid has rectangular boxes.
    pub fn marks_grid(&self) -> String {
        let n = self.size();
        let text: Vec<String> = (0..n * n)
            .map(|c| match self.value(c) {
                0 => digits(self.candidates(c)).map(digit_char).collect(),
                d => digit_char(d).to_string(),
            })
            .collect();
        let widths: Vec<usize> = (0..n)
            .map(|col| {
                (0..n)
                    .map(|row| text[row * n + col].len())
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let (box_rows, box_cols) = self.box_shape().unwrap_or((n, n));
        let mut out = String::new();
        for row in 0..n {
            if row > 0 && row % box_rows == 0 {
                // Under each box, its width of dashes; `+` under each `|`.
                let segments = n / box_cols;
                let dashes: Vec<String> = (0..segments)
                    .map(|b| {
                        let width: usize = widths[b * box_cols..(b + 1) * box_cols]
                            .iter()
                            .map(|w| w + 1)
                            .sum();
                        "-".repeat(width + usize::from(b + 1 < segments))
                    })
                    .collect();
                out.push_str(&dashes.join("+"));
                out.push('\n');
            }
            let mut line = String::new();
            for col in 0..n {
                if col > 0 && col % box_cols == 0 {
                    line.push_str(" |");
                }
                line.push(' ');
                line.push_str(&format!("{:<w$}", text[row * n + col], w = widths[col]));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// (rows, columns) of the boxes, when the third unit is rectangular.
    fn box_shape(&self) -> Option<(usize, usize)> {
        let geometry = self.geometry();
        let first_box = geometry
            .groups()
            .iter()
            .find(|g| matches!(g.kind, GroupKind::Box(_)))?;
        let n = self.size();
        let rows = first_box.cells.iter().filter(|&&c| c % n == 0).count();
        Some((rows, n / rows))
    }
}
