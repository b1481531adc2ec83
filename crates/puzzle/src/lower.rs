use sudokit_model::{Constraint, Domain, GridInfo, Model, VarId};

use crate::{cell_name, Puzzle, WORD_MAX_SIZE};

impl Puzzle {
    /// Lowers the puzzle to a [`Model`]: one variable per cell (row-major,
    /// named `r1c1` ...), domains `1..=n` narrowed by givens and pencil marks,
    /// one all-different per group, one sum per cage, and the grid annotation.
    pub fn to_model(&self) -> Model {
        let n = self.size();
        let mut model = Model::new();
        if n <= WORD_MAX_SIZE {
            let mut cells = Vec::with_capacity(n * n);
            self.cell_candidates(&mut cells);
            for (cell, &mask) in cells.iter().enumerate() {
                model.new_var(cell_name(cell, n), Domain::from_mask(mask, 1));
            }
        } else {
            // Too wide for masks, and without pencil marks (Puzzle::new).
            for (cell, &d) in self.givens().iter().enumerate() {
                let domain = match d {
                    0 => Domain::range(1, n as i32),
                    d => Domain::single(i32::from(d)),
                };
                model.new_var(cell_name(cell, n), domain);
            }
        }
        let var = |cell: usize| VarId(cell as u32);
        for group in self.groups() {
            if group.cells.len() > 1 {
                let vars = group.cells.iter().map(|&c| var(c)).collect();
                add(&mut model, Constraint::AllDifferent(vars));
            }
        }
        for cage in self.cages() {
            let vars: Vec<VarId> = cage.cells.iter().map(|&c| var(c)).collect();
            add(&mut model, Constraint::sum_eq(&vars, i64::from(cage.sum)));
        }
        model
            .set_grid(GridInfo {
                size: n,
                boxes: self.box_shape(),
            })
            .expect("the model has one variable per cell");
        model
    }
}

impl Puzzle {
    /// The digits each cell may hold, row-major, bit `d - 1` for digit `d`:
    /// its given if its pencil marks allow it (none if they do not: the
    /// verifier holds a solution to both), else its pencil marks, else every
    /// digit. These are the
    /// cells' domains in [`Puzzle::to_model`], and what a prepared engine
    /// ([`sudokit_model::Prepared`]) is handed for each puzzle of a batch;
    /// `out` is cleared and refilled, so a batch reuses one buffer.
    ///
    /// # Panics
    /// On a grid wider than [`WORD_MAX_SIZE`]: its digits do not fit the
    /// masks, so callers take such a grid from [`Puzzle::to_model`].
    pub fn cell_candidates(&self, out: &mut Vec<u64>) {
        assert!(
            self.size() <= WORD_MAX_SIZE,
            "cell candidate masks hold grids up to {WORD_MAX_SIZE}x{WORD_MAX_SIZE}"
        );
        let all = u64::MAX >> (64 - self.size());
        let marks = self.candidates();
        out.clear();
        out.extend(self.givens().iter().enumerate().map(|(cell, &d)| {
            let given = if d == 0 { all } else { 1 << (d - 1) };
            marks.map_or(given, |marks| given & marks[cell])
        }));
    }
}

fn add(model: &mut Model, constraint: Constraint) {
    model
        .add(constraint)
        .expect("cells of a validated puzzle are model variables");
}

#[cfg(test)]
mod tests {
    use crate::{Puzzle, PuzzleSpec};

    #[test]
    fn grids_past_64_lower_without_masks_and_take_no_pencil_marks() {
        let mut spec = PuzzleSpec::blank(100, crate::Layout::Latin);
        (spec.givens[0], spec.givens[1]) = (100, 65);
        let model = Puzzle::new(spec.clone()).unwrap().to_model();
        assert_eq!(model.vars()[0].domain.values(), [100]);
        assert_eq!(model.vars()[1].domain.values(), [65]);
        assert_eq!(model.vars()[2].domain, sudokit_model::Domain::range(1, 100));
        assert_eq!(model.vars().len(), 100 * 100);
        spec.candidates = Some(vec![u64::MAX; 100 * 100]);
        assert_eq!(
            Puzzle::new(spec).unwrap_err().to_string(),
            "pencil marks are supported on grids up to 64x64 (one bit a digit in 64 bits); \
             this grid is 100x100"
        );
        let mut widest = PuzzleSpec::blank(64, crate::Layout::Latin);
        widest.candidates = Some(vec![1 << 63; 64 * 64]);
        let model = Puzzle::new(widest).unwrap().to_model();
        assert_eq!(model.vars()[0].domain.values(), [64]);
    }

    #[test]
    fn puzzles_differing_in_givens_and_marks_alone_share_a_shape() {
        let boxed = |givens| Puzzle::boxed(2, 2, givens).unwrap();
        let mut givens = vec![0; 16];
        let blank = boxed(givens.clone());
        givens[5] = 3;
        assert!(blank.same_shape(&boxed(givens)));
        let mut marked = PuzzleSpec::blank(4, crate::Layout::Latin);
        marked.candidates = Some(vec![0b11; 16]);
        let latin = Puzzle::new(PuzzleSpec::blank(4, crate::Layout::Latin)).unwrap();
        assert!(latin.same_shape(&Puzzle::new(marked).unwrap()));
        assert!(!blank.same_shape(&latin));
        let mut x = blank.spec().clone();
        x.diagonals = true;
        assert!(!blank.same_shape(&Puzzle::new(x).unwrap()));
        let mut caged = blank.spec().clone();
        caged.cages.push(crate::Cage {
            cells: vec![0, 1],
            sum: 3,
        });
        assert!(!blank.same_shape(&Puzzle::new(caged).unwrap()));
    }

    /// The model holds exactly the puzzle's rules: an all-different per
    /// group (the cells of each), a sum per cage, nothing else.
    #[test]
    fn the_model_has_one_constraint_per_group_and_per_cage() {
        use sudokit_model::Constraint;
        let mut spec = PuzzleSpec::blank(
            4,
            crate::Layout::Boxes(sudokit_model::BoxShape { rows: 2, cols: 2 }),
        );
        spec.cages.push(crate::Cage {
            cells: vec![0, 1],
            sum: 3,
        });
        let puzzle = Puzzle::new(spec).unwrap();
        let model = puzzle.to_model();
        let mut expected: Vec<Constraint> = puzzle
            .groups()
            .iter()
            .map(|g| {
                Constraint::AllDifferent(
                    g.cells
                        .iter()
                        .map(|&c| sudokit_model::VarId(c as u32))
                        .collect(),
                )
            })
            .collect();
        expected.push(Constraint::sum_eq(
            &[sudokit_model::VarId(0), sudokit_model::VarId(1)],
            3,
        ));
        // 12 units, the cage as a group of distinct digits, its sum.
        assert_eq!(expected.len(), 14);
        assert_eq!(model.constraints(), expected.as_slice());
    }

    #[test]
    fn a_cell_without_given_or_marks_may_hold_every_digit() {
        for n in [4, 9, 16] {
            let puzzle = Puzzle::new(PuzzleSpec::blank(n, crate::Layout::Latin)).unwrap();
            let mut cells = Vec::new();
            puzzle.cell_candidates(&mut cells);
            assert_eq!(cells, vec![(1u64 << n) - 1; n * n], "{n}x{n}");
        }
    }

    #[test]
    fn cell_candidates_are_the_model_domains() {
        let mut spec = PuzzleSpec::blank(4, crate::Layout::Latin);
        spec.givens[1] = 3;
        let mut marks = vec![0b1111; 16];
        marks[2] = 0b0101;
        marks[1] = 0b0101; // they allow the given
        spec.givens[4] = 2;
        marks[4] = 0b1101; // they exclude it: the cell can hold nothing
        spec.candidates = Some(marks);
        let puzzle = Puzzle::new(spec).unwrap();
        let mut cells = vec![7; 3];
        puzzle.cell_candidates(&mut cells);
        assert_eq!(&cells[..5], &[0b1111, 0b0100, 0b0101, 0b1111, 0]);
        let model = puzzle.to_model();
        assert_eq!(model.vars()[1].domain.values(), &[3]);
        assert_eq!(model.vars()[2].domain.values(), &[1, 3]);
        assert_eq!(model.vars()[3].domain.values(), &[1, 2, 3, 4]);
        assert!(model.vars()[4].domain.values().is_empty());
    }
}
