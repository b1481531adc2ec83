use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use sudokit_model::{Engine, LimitKind, Limits};
use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};

use sudokit_explain::{explain, ExplainOptions, Grade};

use crate::cages::{random_cages, split_cage};
use crate::counter::rebuilt;
use crate::explained::finished;
use crate::quick_removal::{
    take_away_by_singles, take_away_quickly, QUICK_FROM_SIZE, SINGLES_FIRST_FROM_SIZE,
};
use crate::reduce::{given_count, redundant_givens, take_away};
use crate::{
    random_full_grid, random_regions, AnalysisError, Counter, Difficulty, DifficultyFilter,
    GradeFilter, Symmetry,
};

/// Killer cages drawn at random for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Killer {
    /// Cages alone: they are split until the solution is unique, no givens.
    CagesOnly,
    /// Cages and givens: the givens are reduced as in a plain puzzle.
    WithGivens,
}

/// What [`generate`] makes.
#[derive(Clone, Debug)]
pub struct GenerateOptions {
    /// The geometry: size, boxes or regions, diagonals, extra groups (and
    /// cages, which then every puzzle has). Its givens are ignored.
    pub shape: Puzzle,
    /// Draw a random jigsaw region map for each puzzle (the shape's layout
    /// is then ignored).
    pub jigsaw: bool,
    /// Cut random killer cages for each puzzle.
    pub killer: Option<Killer>,
    /// The clue pattern's symmetry.
    pub symmetry: Symmetry,
    /// Only puzzles where every given is needed.
    pub minimal: bool,
    /// Stop taking givens away at this many; a puzzle that keeps more is
    /// drawn again, and the fewest reached is reported if none gets there.
    pub clues: Option<usize>,
    /// Bounds on the difficulty.
    pub filter: DifficultyFilter,
    /// Measure every puzzle's difficulty even without a filter.
    pub measure: bool,
    /// Conditions on the human grade (`sudokit grade`).
    pub grade: GradeFilter,
    /// How many full grids one puzzle may use up before giving up.
    pub attempts: usize,
}

impl GenerateOptions {
    /// Options for unique puzzles of `shape`, nothing else asked.
    pub fn new(shape: Puzzle) -> Self {
        GenerateOptions {
            shape,
            jigsaw: false,
            killer: None,
            symmetry: Symmetry::None,
            minimal: false,
            clues: None,
            filter: DifficultyFilter::default(),
            measure: false,
            grade: GradeFilter::default(),
            attempts: 1000,
        }
    }

    /// Refuses what no puzzle can meet: a symmetry the geometry lacks, a
    /// clue target below what uniqueness needs, contradictory filters.
    pub fn check(&self) -> Result<(), AnalysisError> {
        AnalysisError::check_width(&self.shape, "generate")?;
        let n = self.shape.size();
        if self.symmetry != Symmetry::None {
            if self.jigsaw {
                return Err(AnalysisError::Symmetry(format!(
                    "random jigsaw regions have no {} symmetry: use --symmetry none",
                    self.symmetry
                )));
            }
            if self.killer.is_some() {
                return Err(AnalysisError::Symmetry(format!(
                    "random killer cages have no {} symmetry: use --symmetry none",
                    self.symmetry
                )));
            }
            self.symmetry.check_geometry(&self.shape)?;
        }
        if let Some(clues) = self.clues {
            if self.killer == Some(Killer::CagesOnly) {
                return Err(AnalysisError::Impossible(
                    "killer puzzles of cages alone have no givens to count: \
                     add --killer-givens for --clues"
                        .into(),
                ));
            }
            let (least, why) = self.fewest_clues();
            if clues < least {
                return Err(AnalysisError::Impossible(format!(
                    "--clues {clues} is below what a unique puzzle of this kind needs: {least} ({why})"
                )));
            }
            if clues > n * n {
                return Err(AnalysisError::Impossible(format!(
                    "--clues {clues} is more than the {} cells of a {n}x{n} grid",
                    n * n
                )));
            }
        }
        if self.attempts == 0 {
            return Err(AnalysisError::Impossible(
                "--attempts must be at least 1".into(),
            ));
        }
        self.filter.check()?;
        self.grade.check()
    }

    /// The fewest givens a unique puzzle of this kind can have, and why.
    fn fewest_clues(&self) -> (usize, &'static str) {
        let n = self.shape.size();
        let classic = matches!(self.shape.layout(), Layout::Boxes(b) if b.rows == 3 && b.cols == 3)
            && !self.jigsaw
            && !self.shape.diagonals()
            && self.shape.extra_groups().is_empty();
        if self.killer.is_some() || !self.shape.cages().is_empty() {
            (0, "cages can fix every digit")
        } else if classic {
            (
                17,
                "no 16-clue 9x9 Sudoku has a unique solution: McGuire, Tugemann, Civario 2012",
            )
        } else {
            (
                n.saturating_sub(1),
                "with two digits absent from the givens, swapping them gives a second solution",
            )
        }
    }
}

/// One generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: unique, checked through the pipeline.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Vec<u8>,
    /// Its difficulty, when measured.
    pub difficulty: Option<Difficulty>,
    /// Its human grade, when a grade filter or `measure` asked for it.
    pub grade: Option<Grade>,
    /// Full grids drawn to make it (1 when the first one did).
    pub attempts: usize,
    /// The clue target it missed, if any (then it has the fewest reached).
    pub missed: Option<TargetMissed>,
    /// The limit that stopped the givens' removal part way, if one did:
    /// the puzzle is unique, with the givens taken away so far, but
    /// perhaps not minimal, and no filter was tried on it.
    pub stopped: Option<LimitKind>,
}

/// A clue target that no attempt reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TargetMissed {
    /// The target.
    pub target: usize,
    /// The fewest givens reached.
    pub reached: usize,
}

/// The random generator of puzzle `index` of a run with `seed`: each
/// puzzle has its own stream, so a run gives the same puzzles however many
/// threads share the work.
pub fn puzzle_rng(seed: u64, index: u64) -> Pcg64Mcg {
    // Distinct, well-spread seeds (golden-ratio steps), mixed again by PCG.
    Pcg64Mcg::seed_from_u64(seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Makes puzzle `index` of a run with `seed`, with `engine` deciding
/// uniqueness (every answer judged by the verifier), each of its solves
/// under `limits`. The same arguments give the same puzzle.
pub fn generate(
    engine: &dyn Engine,
    options: &GenerateOptions,
    seed: u64,
    index: u64,
    limits: Limits,
) -> Result<Generated, AnalysisError> {
    options.check()?;
    let mut rng = puzzle_rng(seed, index);
    // A fresh counter per puzzle: an engine that learns between solves
    // (sat, z3) would otherwise make the puzzles depend on what one worker
    // solved before.
    let mut counter = Counter::new(engine, limits);
    let mut best: Option<Generated> = None;
    let mut unmet = "";
    for attempt in 1..=options.attempts {
        let Some(mut made) = attempt_once(&mut counter, options, &mut rng)? else {
            unmet = "no full grid of this shape was found";
            continue;
        };
        made.attempts = attempt;
        if made.stopped.is_some() {
            return Ok(made);
        }
        if options.minimal && options.symmetry != Symmetry::None {
            // One pass over orbits is minimal among symmetric puzzles only.
            if !redundant_givens(&mut counter, &made.puzzle, &made.solution)?.is_empty() {
                unmet = "no symmetric puzzle was minimal";
                continue;
            }
        }
        if options.filter.is_active() || options.measure {
            let difficulty = Difficulty::measure(&made.puzzle, counter.limits())?;
            if !options.filter.accepts(&difficulty) {
                unmet = "no puzzle met the difficulty bounds";
                continue;
            }
            made.difficulty = Some(difficulty);
        }
        if options.grade.is_active() || options.measure {
            let grade = human_grade(&made, counter.limits())?;
            if !options.grade.accepts(&grade) {
                unmet = "no puzzle had the grade asked for";
                continue;
            }
            made.grade = Some(grade);
        }
        let clues = given_count(&made.puzzle);
        match options.clues {
            Some(target) if clues > target => {
                let fewer = best.as_ref().is_none_or(|b| clues < given_count(&b.puzzle));
                if fewer {
                    made.missed = Some(TargetMissed {
                        target,
                        reached: clues,
                    });
                    best = Some(made);
                }
            }
            _ => return Ok(made),
        }
    }
    best.ok_or_else(|| {
        AnalysisError::GaveUp(format!(
            "{unmet} in {} attempts (raise --attempts or relax the request)",
            options.attempts
        ))
    })
}

/// The grade of a generated puzzle, explained knowing it is unique,
/// unless `limits` stop the explanation.
fn human_grade(made: &Generated, limits: &Limits) -> Result<Grade, AnalysisError> {
    let options = ExplainOptions {
        unique: true,
        limits: limits.clone(),
        ..ExplainOptions::default()
    };
    let explanation = explain(&made.puzzle, &options);
    finished(&explanation)?;
    Ok(Grade::of(&explanation))
}

/// One full grid made into a unique puzzle, or `None` when the shape gave
/// no full grid (a jigsaw map without solution).
fn attempt_once(
    counter: &mut Counter,
    options: &GenerateOptions,
    rng: &mut Pcg64Mcg,
) -> Result<Option<Generated>, AnalysisError> {
    let mut spec = options.shape.spec().clone();
    let n = spec.size;
    if options.jigsaw {
        spec.layout = Layout::Regions(random_regions(n, rng));
    }
    let shape = rebuilt_blank(spec);
    let Some(solution) = random_full_grid(counter, &shape, rng)? else {
        return Ok(None);
    };
    let mut spec = shape.spec().clone();
    if options.killer.is_some() {
        spec.cages = random_cages(&solution, n, rng);
    }
    let (puzzle, stopped) = if options.killer == Some(Killer::CagesOnly) {
        (split_until_unique(counter, spec, &solution, rng)?, None)
    } else {
        spec.givens = solution.clone();
        let mut orbits = options.symmetry.orbits(n);
        orbits.shuffle(rng);
        // A limit here leaves a unique puzzle with some givens taken away.
        let mut puzzle = rebuilt(spec);
        let removed = if options.minimal || n < QUICK_FROM_SIZE {
            // Every given left after the fills is checked by a search, so
            // the puzzle is as minimal as a full pass would leave it.
            if n >= SINGLES_FIRST_FROM_SIZE {
                take_away_by_singles(&mut puzzle, &solution, &orbits, options.clues);
            }
            take_away(counter, &mut puzzle, &solution, &orbits, options.clues)
        } else {
            take_away_quickly(counter, &mut puzzle, &solution, &orbits, options.clues)
        };
        match removed {
            Ok(()) => (puzzle, None),
            Err(AnalysisError::Stopped(kind)) => (puzzle, Some(kind)),
            Err(e) => return Err(e),
        }
    };
    Ok(Some(Generated {
        puzzle,
        solution,
        difficulty: None,
        grade: None,
        attempts: 0,
        missed: None,
        stopped,
    }))
}

/// A puzzle of cages alone: while another solution exists, the biggest
/// cage holding a cell where it differs is split (a smaller cage says more).
fn split_until_unique(
    counter: &mut Counter,
    mut spec: PuzzleSpec,
    solution: &[u8],
    rng: &mut Pcg64Mcg,
) -> Result<Puzzle, AnalysisError> {
    let n = spec.size;
    spec.givens = vec![0; n * n];
    loop {
        let puzzle = rebuilt(spec.clone());
        let answer = counter.count(&puzzle, 2, 2)?;
        let Some(other) = answer.grids.iter().find(|g| *g != solution) else {
            return Ok(puzzle);
        };
        // Split the biggest cage that holds a differing cell: halving a
        // big cage keeps the puzzle a killer, while splitting pairs leaves
        // one-cell cages, givens in disguise.
        let size_of = |cell: usize| {
            spec.cages
                .iter()
                .find(|c| c.cells.contains(&cell))
                .map_or(0, |c| c.cells.len())
        };
        let differing = (0..n * n).filter(|&c| other[c] != solution[c]);
        let biggest = differing.clone().map(size_of).max().unwrap_or(0);
        let cells: Vec<usize> = differing.filter(|&c| size_of(c) == biggest).collect();
        let cell = cells[rand::RngExt::random_range(rng, 0..cells.len())];
        split_cage(&mut spec.cages, cell, solution, n, rng);
    }
}

/// The shape with no givens and no pencil marks.
fn rebuilt_blank(mut spec: PuzzleSpec) -> Puzzle {
    spec.givens = vec![0; spec.size * spec.size];
    spec.candidates = None;
    Puzzle::new(spec).expect("a random region map of n connected n-cell regions is valid")
}
