//! `fast`, sudokit's default engine: a bitset solver for classic grids in the
//! tdoku / JCZSolve family.
//!
//! **9×9 (the hot path, `classic.rs`).** Candidates are stored digit-major by
//! band: one `u32` says where one digit may go in one band of three rows, 27
//! words in all (each digit's three padded to four, so they load as one
//! vector and a word's digit and band are two shifts). That layout makes the strong, cheap inference a single table
//! lookup: for one digit, the *triads* (a row of a box) it may use in a band
//! must contain a permutation matrix (the digit is once in each row and once
//! in each box of the band), and so must the triads of a stack (once per band
//! and once per column). Striking every triad outside all such permutations
//! is pointing and claiming (box/line locked candidates) in both directions
//! at once, and a triad left alone in its row or box with one cell is a
//! hidden single (the triad pattern is gathered by one BMI2 `pext` where
//! the CPU has a fast one). Naked singles come from counting candidates per
//! cell in bit slices, three bands side by side; an empty cell, row, box or column is a contradiction found
//! on the way. While 40 or more cells are open, tdoku's triad cardinality
//! rules run last (`triad_count.rs` counts, in one AVX2 or AVX-512 vector,
//! the digits each triad is open to and forced into): three digits forced
//! into a triad fill it, and a triad open to three digits takes them from
//! its row (column) and box; 19–32% fewer guesses on the hard sets. The search branches tdoku's way where it can: in the band or
//! stack whose digits have the fewest triad configurations left, a digit
//! with two configurations is split on a triad (not in it, then in it).
//! Elsewhere (nearly empty grids) it takes the first cell with two
//! candidates, else a cell with fewest candidates; depth first,
//! copying the board instead of undoing.
//!
//! **16×16 (`sixteen.rs`).** One 256-bit board a digit (four `u64`, a
//! word a band, a row a 16-bit lane): the generic path's inference and
//! branching below, done by masks a digit instead of unit lists, ~2x
//! fewer instructions for the removal checks of `generate --size 16
//! --minimal`. A prepared 16×16 grid keeps its unit weights from one
//! request to the next that prefers the same values ([`Request::prefer`]):
//! the removal checks of one puzzle. Option `generic` sends 16×16 to the
//! generic path too.
//!
//! **Other box sizes (4×4 … 64×64, `generic.rs`).** One `u64` of candidates
//! per cell, naked and hidden singles, locked candidates (pointing and
//! claiming), branching on the fewest candidates per unit weight
//! (dom/wdeg-style: contradictions weigh their units), a request's
//! preferred values tried first. Correct on every rectangular-box grid, so
//! `fast` answers the whole classic family itself. It counts 16×16 grids
//! faster than `cp`; on bigger ones `cp`'s matching-based propagation
//! mostly does better, so `--engine auto` gives those to `cp` but where
//! measured otherwise.
//!
//! **Refused** with [`EngineError::Unsupported`]: anything that is not a plain
//! boxed Sudoku (killer cages, Sudoku X diagonals, extra groups, jigsaw
//! regions, latin squares, models that are not grids) and optimisation;
//! `--engine auto` sends those to the CP engine.
//!
//! **Instruction sets, chosen at run time (`isa.rs`).** The 9×9 search is
//! compiled once per x86-64 level (baseline, AVX2, AVX2 with `pext`,
//! AVX-512 with `pext`) and the best level the CPU runs is picked once per
//! process, so the portable `cargo build --release` binary runs the same
//! code as a `-C target-cpu=native` one. AMD CPUs before Zen 3, whose
//! `pext` is microcoded, get AVX2 with table lookups. The environment
//! variable `SUDOKIT_FAST_LEVEL` (`scalar`, `avx2`, `avx2+pext`,
//! `avx512+pext`) picks another level the CPU runs, to measure or test it;
//! [`instruction_level`] says which one runs.
//!
//! Batches go through [`Engine::prepare`]: the grid is recognised once,
//! then each puzzle is only its cells' candidates. [`solve_digits`] (81
//! bytes in, counts out, no allocation) is the engine alone, for timing it
//! against peer solvers with their own protocol.
#![deny(missing_docs)]

mod cell_count;
mod classic;
#[cfg(target_arch = "x86_64")]
mod cpu;
mod direct;
mod generic;
mod given_peers;
mod isa;
mod sixteen;
mod tables;
mod tally;
mod triad_count;

use isa::Level;
use std::time::Instant;

use sudokit_model::{
    BoxShape, Capabilities, ClassicGrid, Collector, Conformance, Constraint, ConstraintKind,
    Descriptor, Engine, EngineError, Mode, Model, Outcome, PartialState, Prepared, Request,
};

pub use direct::{instruction_level, solve_digits, FastResult};

/// The `fast` engine. See the crate docs.
#[derive(Clone, Debug, Default)]
pub struct FastEngine {
    /// Use the generic path even for 9×9 grids (option `generic`), to
    /// cross-check the two paths.
    generic: bool,
}

impl FastEngine {
    /// The engine with default options.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses the options of a spec such as `fast:generic`.
    pub fn from_options(options: &[&str]) -> Result<Self, EngineError> {
        let mut engine = FastEngine::default();
        for option in options {
            match *option {
                "generic" => engine.generic = true,
                "classic" => engine.generic = false,
                other => {
                    return Err(EngineError::BadOption {
                        engine: "fast".into(),
                        message: format!("unknown option `{other}` (valid: classic, generic)"),
                    })
                }
            }
        }
        Ok(engine)
    }

    fn unsupported(&self, what: impl Into<String>) -> EngineError {
        EngineError::Unsupported {
            engine: self.name(),
            what: what.into(),
        }
    }

    /// Recognises the model as a classic grid, or says precisely why not.
    fn classic(&self, model: &Model, mode: Mode) -> Result<ClassicGrid, EngineError> {
        if mode == Mode::Optimize {
            return Err(self.unsupported("optimisation (use --engine cp)"));
        }
        ClassicGrid::recognise(model).ok_or_else(|| self.unsupported(why_not_classic(model)))
    }
}

/// The reason a model is not a plain boxed Sudoku, for the refusal message.
fn why_not_classic(model: &Model) -> String {
    let has = |kind: ConstraintKind| model.constraints().iter().any(|c| c.kind() == kind);
    let what = if has(ConstraintKind::Linear) {
        "killer cages and other linear constraints"
    } else if has(ConstraintKind::NotEqualOffset) {
        "not-equal-offset constraints"
    } else if model.objective().is_some() {
        "objectives"
    } else if let Some(grid) = model.grid() {
        let n = grid.size;
        let all_different = model
            .constraints()
            .iter()
            .filter(|c| matches!(c, Constraint::AllDifferent(_)))
            .count();
        if grid.boxes.is_none() {
            "grids without rectangular boxes (jigsaw regions, latin squares)"
        } else if n > 64 {
            "grids larger than 64x64"
        } else if all_different > 3 * n {
            "extra all-different groups (Sudoku X diagonals, windoku windows, zones)"
        } else {
            "this grid model: only plain boxed Sudoku grids (rows, columns, boxes)"
        }
    } else {
        "models that are not grids"
    };
    format!("{what} (use --engine cp)")
}

/// The `fast` engine's entry in the catalogue.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "fast",
    family: "bitset",
    summary: "band/triad bitset solver for boxed grids, tdoku / JCZSolve family",
    options: "classic (default), generic",
    bench_spec: "fast",
    probe: Descriptor::always_available,
    build: |options| Ok(Box::new(FastEngine::from_options(options)?)),
    conformance: Conformance {
        specs: &["fast", "fast:generic"],
        refuses: &["jigsaw", "x", "killer", "latin", "extra-groups"],
        slow: &[],
    },
    export: None,
};

impl Engine for FastEngine {
    fn name(&self) -> String {
        if self.generic {
            "fast:generic".into()
        } else {
            "fast".into()
        }
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            constraints: &[ConstraintKind::AllDifferent],
            optimizes: false,
            limits: Capabilities::ALL_LIMITS,
        }
    }

    fn check_support(&self, model: &Model, mode: Mode) -> Result<(), EngineError> {
        self.classic(model, mode).map(|_| ())
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        let start = Instant::now();
        let grid = self.classic(model, request.mode)?;
        let mut path = self.path(grid.size, grid.boxes);
        Ok(self.solve_cells(grid.size, &mut path, &grid.candidates, request, start))
    }

    /// Recognises the grid once; each puzzle is then its cells alone.
    fn prepare(&self, model: &Model) -> Result<Box<dyn Prepared + '_>, EngineError> {
        let grid = self.classic(model, Mode::First)?;
        Ok(Box::new(PreparedGrid {
            engine: self,
            size: grid.size,
            path: self.path(grid.size, grid.boxes),
            cells: grid.candidates,
        }))
    }
}

/// A recognised classic grid, [`FastEngine::prepare`]'s answer, with the
/// cells of the puzzle loaded last.
struct PreparedGrid<'e> {
    engine: &'e FastEngine,
    size: usize,
    /// Which path solves it, with the generic path's units and peers
    /// worked out once, and what the 16x16 path keeps between requests.
    path: Path,
    cells: Vec<u64>,
}

impl Prepared for PreparedGrid<'_> {
    fn load(&mut self, cells: &[u64]) -> Result<(), EngineError> {
        if cells.len() != self.cells.len() {
            return Err(EngineError::Internal {
                engine: self.engine.name(),
                message: format!(
                    "{} cell masks for a {n}x{n} grid",
                    cells.len(),
                    n = self.size
                ),
            });
        }
        self.cells.copy_from_slice(cells);
        Ok(())
    }

    fn solve(&mut self, request: &Request) -> Result<Outcome, EngineError> {
        let start = Instant::now();
        if request.mode == Mode::Optimize {
            return Err(self.engine.unsupported("optimisation (use --engine cp)"));
        }
        Ok(self
            .engine
            .solve_cells(self.size, &mut self.path, &self.cells, request, start))
    }
}

impl FastEngine {
    /// The path for a grid of this shape (option `generic`: the generic
    /// one for every shape).
    fn path(&self, size: usize, boxes: BoxShape) -> Path {
        let square = |side| {
            size == side * side
                && boxes
                    == BoxShape {
                        rows: side,
                        cols: side,
                    }
        };
        if self.generic || !(square(3) || square(4)) {
            Path::Generic(generic::Geometry::new(size, boxes))
        } else if size == 9 {
            Path::Classic
        } else {
            Path::Sixteen(sixteen::Memory::default())
        }
    }

    /// Solves a recognised grid given its cells' candidates on `path`;
    /// `start` is when the request arrived, so build time includes
    /// recognising the model.
    fn solve_cells(
        &self,
        size: usize,
        path: &mut Path,
        cells: &[u64],
        request: &Request,
        start: Instant,
    ) -> Outcome {
        let mut collector = Collector::new(request, None);
        let (mut stats, limit, partial);
        if let Path::Sixteen(memory) = path {
            let root = sixteen::State::new(cells);
            let build_time = start.elapsed();
            let mut search =
                sixteen::Search::new(request.limits.checker(), |s| collector.found(|| s.values()));
            if let Some(prefer) = &request.prefer {
                search.preferring(prefer, memory);
            }
            search.run(root.clone());
            search.remember(request.prefer.as_ref(), memory);
            limit = search.tally.limit;
            stats = search.tally.stats(build_time);
            partial = limit.map(|_| {
                let mut state = root;
                let ok = state.propagate().is_ok();
                PartialState {
                    domains: (0..cells.len())
                        .map(|cell| {
                            if ok {
                                mask_values(state.mask(cell))
                            } else {
                                Vec::new()
                            }
                        })
                        .collect(),
                }
            });
        } else if let Path::Generic(geo) = path {
            let root = generic::State::new(cells.to_vec(), geo);
            let build_time = start.elapsed();
            let mut search = generic::Search::new(geo, request.limits.checker(), |s| {
                collector.found(|| s.values())
            });
            if let Some(prefer) = &request.prefer {
                search.preferring(prefer);
            }
            search.run(root.clone());
            limit = search.tally.limit;
            stats = search.tally.stats(build_time);
            partial = limit.map(|_| {
                let mut state = root;
                let ok = state.propagate(geo).is_ok();
                PartialState {
                    domains: state
                        .cand
                        .iter()
                        .map(|&m| if ok { mask_values(m) } else { Vec::new() })
                        .collect(),
                }
            });
        } else {
            debug_assert_eq!(size, 9);
            // No board: two givens clash, so there is nothing to search.
            let board = classic::Board::from_candidates(cells);
            let build_time = start.elapsed();
            let level = Level::detect();
            let mut search = classic::Search::new(request.limits.checker(), |b| {
                collector.found(|| level.digits(b).map(i32::from))
            });
            if let Some(board) = board {
                search.run_at(level, board);
            }
            limit = search.tally.limit;
            stats = search.tally.stats(build_time);
            partial = limit.map(|_| PartialState {
                domains: match board.and_then(classic::root_masks) {
                    Some(masks) => masks.iter().map(|&m| mask_values(u64::from(m))).collect(),
                    None => vec![Vec::new(); 81],
                },
            });
        }
        stats.solve_time = start.elapsed().saturating_sub(stats.build_time);
        let mut outcome = collector.finish(limit);
        outcome.partial = partial;
        outcome.stats = stats;
        outcome
    }
}

/// Which search solves a grid shape.
enum Path {
    /// 9×9 with 3×3 boxes (`classic.rs`).
    Classic,
    /// 16×16 with 4×4 boxes (`sixteen.rs`), with the unit weights kept
    /// for requests preferring the same values.
    Sixteen(sixteen::Memory),
    /// Any other boxed grid, or every grid with option `generic`.
    Generic(generic::Geometry),
}

/// The digits (1-based) of a candidate mask.
fn mask_values(mask: u64) -> Vec<i32> {
    (0..64)
        .filter(|d| mask >> d & 1 == 1)
        .map(|d| d + 1)
        .collect()
}

/// Random 9×9 board words for the unit tests, pads empty: each word one to
/// four words of `next` and-ed (even rounds, sparse) or or-ed (odd rounds,
/// dense) together.
#[cfg(test)]
pub(crate) fn random_board(next: &mut impl FnMut() -> u32, round: usize) -> [u32; 36] {
    let mut cand = [0u32; 36];
    for (i, word) in cand.iter_mut().enumerate() {
        if i % 4 != 3 {
            let mut w = next();
            for _ in 0..round % 4 {
                w = if round.is_multiple_of(2) {
                    w & next()
                } else {
                    w | next()
                };
            }
            *word = w & ((1 << 27) - 1);
        }
    }
    cand
}

/// A fixed pseudo-random stream for the unit tests (xorshift64).
#[cfg(test)]
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
