//! `generate`: unique puzzles of any geometry and variant, reproducible
//! from a seed. What the command line's flags ask for is a
//! [`GenerateRequest`], checked and turned into the generator's options
//! here, so every front end refuses the same requests with the same words.

use sudokit_analysis::{
    generate, DifficultyFilter, GenerateOptions, Generated, GradeFilter, Killer, Symmetry,
};
use sudokit_explain::{Level, Technique};
use sudokit_formats::default_box_shape;
use sudokit_model::BoxShape;
use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};

use crate::{Error, Kit, Reply};

/// What to generate (`sudokit generate`'s options). Build it with
/// [`GenerateRequest::default`] (one unique 9x9 puzzle) and the setters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateRequest {
    /// How many puzzles (default 1).
    pub count: usize,
    /// The side of the grid, its boxes the most square (default 9).
    pub size: usize,
    /// The box shape, which sets the size.
    pub boxes: Option<BoxShape>,
    /// No boxes: rows and columns only (a latin square puzzle).
    pub latin: bool,
    /// Sudoku X: both main diagonals all-different.
    pub diagonals: bool,
    /// A random region map for each puzzle.
    pub jigsaw: bool,
    /// Random killer cages for each puzzle, with or without givens.
    pub killer: Option<Killer>,
    /// The geometry (size, boxes or regions, diagonals, extra groups,
    /// cages) of this puzzle (`--like FILE`); its givens are ignored.
    pub like: Option<Puzzle>,
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// Only minimal puzzles: every given needed.
    pub minimal: bool,
    /// Stop taking givens away at this many; puzzles that keep more are
    /// drawn again (the fewest reached is reported when it is not met).
    pub clues: Option<usize>,
    /// Only puzzles the reference search solves with at least this many guesses.
    pub min_guesses: Option<u64>,
    /// Only puzzles the reference search solves with at most this many guesses.
    pub max_guesses: Option<u64>,
    /// Only puzzles that naked and hidden singles alone solve.
    pub singles: bool,
    /// Only puzzles of this human grade.
    pub difficulty: Option<Level>,
    /// Only puzzles whose hardest human technique is this one.
    pub technique: Option<Technique>,
    /// Full grids one puzzle may use up (default 1000, or 20 000 with a
    /// difficulty or a technique, whose puzzles are rarer).
    pub attempts: Option<usize>,
    /// Measure each puzzle (its difficulty and grade) even when no filter
    /// needs it, for a record that shows them.
    pub measure: bool,
    /// The seed of the run: the same request and seed make the same
    /// puzzles on every machine (default: one drawn from the clock).
    pub seed: Option<u64>,
}

impl Default for GenerateRequest {
    fn default() -> Self {
        GenerateRequest {
            count: 1,
            size: 9,
            boxes: None,
            latin: false,
            diagonals: false,
            jigsaw: false,
            killer: None,
            like: None,
            symmetry: Symmetry::None,
            minimal: false,
            clues: None,
            min_guesses: None,
            max_guesses: None,
            singles: false,
            difficulty: None,
            technique: None,
            attempts: None,
            measure: false,
            seed: None,
        }
    }
}

impl GenerateRequest {
    /// Sets [`GenerateRequest::count`].
    pub fn count(mut self, count: usize) -> Self {
        self.count = count;
        self
    }

    /// Sets [`GenerateRequest::size`].
    pub fn size(mut self, size: usize) -> Self {
        self.size = size;
        self
    }

    /// Sets [`GenerateRequest::boxes`].
    pub fn boxes(mut self, rows: usize, cols: usize) -> Self {
        self.boxes = Some(BoxShape { rows, cols });
        self
    }

    /// Sets [`GenerateRequest::latin`].
    pub fn latin(mut self) -> Self {
        self.latin = true;
        self
    }

    /// Sets [`GenerateRequest::diagonals`].
    pub fn diagonals(mut self) -> Self {
        self.diagonals = true;
        self
    }

    /// Sets [`GenerateRequest::jigsaw`].
    pub fn jigsaw(mut self) -> Self {
        self.jigsaw = true;
        self
    }

    /// Sets [`GenerateRequest::killer`].
    pub fn killer(mut self, killer: Killer) -> Self {
        self.killer = Some(killer);
        self
    }

    /// Sets [`GenerateRequest::like`].
    pub fn like(mut self, puzzle: Puzzle) -> Self {
        self.like = Some(puzzle);
        self
    }

    /// Sets [`GenerateRequest::symmetry`].
    pub fn symmetry(mut self, symmetry: Symmetry) -> Self {
        self.symmetry = symmetry;
        self
    }

    /// Sets [`GenerateRequest::minimal`].
    pub fn minimal(mut self) -> Self {
        self.minimal = true;
        self
    }

    /// Sets [`GenerateRequest::clues`].
    pub fn clues(mut self, clues: usize) -> Self {
        self.clues = Some(clues);
        self
    }

    /// Sets [`GenerateRequest::difficulty`].
    pub fn difficulty(mut self, level: Level) -> Self {
        self.difficulty = Some(level);
        self
    }

    /// Sets [`GenerateRequest::technique`].
    pub fn technique(mut self, technique: Technique) -> Self {
        self.technique = Some(technique);
        self
    }

    /// Sets [`GenerateRequest::seed`].
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The generator's options for this request, checked: contradictory
    /// choices, a symmetry the geometry lacks, a clue target below what a
    /// unique puzzle needs are [`Error::Invalid`], in the command line's words.
    pub fn options(&self) -> Result<GenerateOptions, Error> {
        let shape = self.shape()?;
        let mut options = GenerateOptions::new(shape);
        options.jigsaw = self.jigsaw;
        options.killer = self.killer;
        options.symmetry = self.symmetry;
        options.minimal = self.minimal;
        options.clues = self.clues;
        options.filter = DifficultyFilter {
            min_guesses: self.min_guesses,
            max_guesses: self.max_guesses,
            singles: self.singles.then_some(true),
        };
        if self.technique == Some(Technique::Guess) {
            return Err(Error::invalid(
                "--technique: a guess is no technique to practise",
            ));
        }
        options.grade = GradeFilter {
            level: self.difficulty,
            technique: self.technique,
        };
        options.measure = self.measure;
        let graded = self.difficulty.is_some() || self.technique.is_some();
        options.attempts = self.attempts.unwrap_or(if graded { 20_000 } else { 1000 });
        options.check().map_err(Error::of_analysis)?;
        Ok(options)
    }

    /// The blank puzzle whose geometry the puzzles take.
    fn shape(&self) -> Result<Puzzle, Error> {
        let chosen = [
            ("--boxes", self.boxes.is_some()),
            ("--latin", self.latin),
            ("--jigsaw", self.jigsaw),
            ("--like", self.like.is_some()),
        ];
        let mut chosen = chosen.iter().filter(|(_, on)| *on).map(|(flag, _)| *flag);
        if let (Some(first), Some(second)) = (chosen.next(), chosen.next()) {
            return Err(Error::invalid(format!(
                "{first} cannot be used with {second}: each sets the layout"
            )));
        }
        let mut spec = match (&self.like, self.boxes) {
            (Some(like), _) => {
                let mut spec = like.spec().clone();
                spec.diagonals |= self.diagonals;
                spec
            }
            (None, Some(boxes)) if boxes.rows == 0 || boxes.cols == 0 => {
                return Err(Error::invalid(format!(
                    "--boxes {}x{}: expected RxC, e.g. 2x3",
                    boxes.rows, boxes.cols
                )))
            }
            (None, Some(boxes)) => {
                let mut spec =
                    PuzzleSpec::blank(boxes.rows.saturating_mul(boxes.cols), Layout::Boxes(boxes));
                spec.diagonals = self.diagonals;
                spec
            }
            (None, None) => {
                let layout = match default_box_shape(self.size) {
                    _ if self.latin || self.jigsaw => Layout::Latin,
                    Some(shape) => Layout::Boxes(shape),
                    None => {
                        return Err(Error::invalid(format!(
                            "a {n}x{n} grid has no boxes ({n} is prime): add --latin or --jigsaw",
                            n = self.size
                        )))
                    }
                };
                let mut spec = PuzzleSpec::blank(self.size, layout);
                spec.diagonals = self.diagonals;
                spec
            }
        };
        // Givens and pencil marks of a --like puzzle are the generator's to ignore.
        spec.givens = vec![0; spec.givens.len()];
        spec.candidates = None;
        let size = spec.size;
        Puzzle::new(spec).map_err(|e| Error::invalid(format!("--size {size}: {e}")))
    }
}

/// The puzzles of a [`Kit::generate`] run, in index order, and the seed
/// that makes them again.
#[derive(Clone, Debug)]
pub struct Generation {
    /// The run's seed (the request's, or the one drawn).
    pub seed: u64,
    /// Puzzle `i` of the run, for every `i` below the request's count.
    pub puzzles: Vec<Reply<Generated>>,
}

impl Kit {
    /// Makes the request's puzzles one after the other, each under a fresh
    /// budget (`sudokit generate`). Each puzzle is [`Reply::Done`] (with
    /// [`Generated::missed`] when the clue target was not reached, and
    /// [`Generated::stopped`] when a limit cut its reduction short),
    /// [`Reply::GaveUp`] or [`Reply::Stopped`].
    ///
    /// ```
    /// use sudokit_core::{GenerateRequest, Kit, Reply};
    ///
    /// let request = GenerateRequest::default().count(2).minimal().seed(1);
    /// let run = Kit::new("auto")?.generate(&request)?;
    /// let Reply::Done(first) = &run.puzzles[0] else { panic!("no limit was set") };
    /// let line: String = first.puzzle.givens().iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
    /// assert_eq!(line, "...42.7....1.8...5.....59.21......8.72..13....6.......8.9.47.2..1...6..9.......43");
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn generate(&self, request: &GenerateRequest) -> Result<Generation, Error> {
        let options = request.options()?;
        let seed = request.seed.unwrap_or_else(fresh_seed);
        let puzzles = (0..request.count as u64)
            .map(|index| self.generate_with(&options, seed, index))
            .collect::<Result<_, _>>()?;
        Ok(Generation { seed, puzzles })
    }

    /// Puzzle `index` of a run with `seed`: the same as the run's, so that
    /// workers can share a run's indices between them in any order.
    ///
    /// ```
    /// use sudokit_core::{GenerateRequest, Kit};
    ///
    /// let request = GenerateRequest::default().count(2).size(4).seed(9);
    /// let kit = Kit::new("auto")?;
    /// let run = kit.generate(&request)?;
    /// let second = kit.generate_with(&request.options()?, 9, 1)?;
    /// assert_eq!(run.puzzles[1], second);
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn generate_with(
        &self,
        options: &GenerateOptions,
        seed: u64,
        index: u64,
    ) -> Result<Reply<Generated>, Error> {
        let made = generate(self.engine(), options, seed, index, self.budget().limits());
        Reply::of(made)
    }
}

/// A seed from the clock, for runs that give none (a front end that says
/// the seed before the run draws it with this).
pub fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs() ^ (u64::from(now.subsec_nanos()) << 20)
}
