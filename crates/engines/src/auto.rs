use std::ops::Range;

use sudokit_cp::CpEngine;
use sudokit_fast::FastEngine;
use sudokit_model::{
    Capabilities, ClassicGrid, Conformance, Descriptor, Engine, EngineError, Limits, Mode, Model,
    Outcome, Prepared, Request,
};
#[cfg(feature = "sat")]
use sudokit_sat::SatEngine;

/// `--engine auto`: `fast` for plain boxed grids up to 9×9 (not
/// optimisation); for plain boxed grids over 9×9, the engine that counted
/// random grids of that size and share of open cells fastest, `fast`,
/// `cp` or `sat` (see [`big_grid_pick`]); the `cp` engine for everything
/// else, and `sat` for the models `cp` refuses: values spanning more than
/// 128, such as a colouring of a dense graph that needs two hundred colours.
#[derive(Clone, Debug, Default)]
pub struct AutoEngine {
    fast: FastEngine,
    cp: CpEngine,
    #[cfg(feature = "sat")]
    sat: SatEngine,
}

/// The biggest grid `auto` gives to `fast` whatever its blanks (see
/// [`AutoEngine`]).
const FAST_MAX_SIZE: usize = 9;

/// An engine `auto` may hand a plain boxed grid to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The bitset engine (its generic path past 9×9).
    Fast,
    /// The CP engine.
    Cp,
    /// The SAT engine (`cp` where sudokit was built without it).
    Sat,
}

impl Pick {
    /// The engine's name, as [`Outcome::delegate`] reports it.
    pub fn name(self) -> &'static str {
        match self {
            Pick::Fast => FAST,
            Pick::Cp => CP,
            Pick::Sat if SAT_BUILT => "sat",
            Pick::Sat => CP,
        }
    }
}

/// The side of the grids `auto` gives to `fast` whatever their blanks,
/// past 9×9 (see [`big_grid_pick`]).
const FAST_16: usize = 16;

/// The share of open cells from which `auto` gives a 25×25 grid to `fast`.
const FAST_25_OPEN: f64 = 0.70;

/// The engine that counts a plain boxed `size`×`size` grid with this share
/// of its cells open (0 to 1) fastest, as measured: `fast` up to 9×9, on
/// 16×16 grids, and on 25×25 grids 70% open or more; `cp` elsewhere.
///
/// 16×16, counting to 2 (the generic path with locked candidates, Intel
/// Xeon 2 vCPU, 2026-12-07), CPU seconds for `fast` / `cp`: 300 random
/// grids with 45, 55, 60, 65, 70 and 75% of their cells blank 0.02 /
/// 0.04, 0.04 / 0.09, 0.07 / 0.18, 0.09 / 0.25, 0.12 / 0.28, 0.15 /
/// 0.35; 100 minimal puzzles 0.11 / 0.27 (`sat` 0.62).
///
/// Counting to 2 random grids of `sudokit bench --sets giant` (seeds 1
/// and 2, ten puzzles a cell at 25×25, 5 s limit, Intel Xeon 2 vCPU
/// under a load of 10–15, 2026-12-07; BENCHMARKS.md, "Engines at
/// scale"), total seconds for `cp` / `fast` / `sat` (BatSat): 25×25 45%
/// blank 0.00 / 0.03 / 0.5; 55% 14.7 / 25.2 / 14.5 (a tie: `cp` stays);
/// 60% 1.8 / 4.7 / 2.5; 65% 2.2 / 3.3 / 2.5; 75% 0.52 / 0.40 / 1.9. On
/// 36×36 `cp` won every share it finished (45%: 3.3 s against 19.3 and
/// 11.7). Sizes not measured keep `cp`, as before.
///
/// 49×49 and 64×64 with `sat` (the shares of `SAT_SHARES`), counting to 2 with a
/// 10 s limit (Intel Xeon 2 vCPU, 2026-12-07), puzzles solved by `cp` /
/// `sat`: quiet, 3 a cell, 49×49 65% blank 1 / 3, 75% 0 / 3, 64×64 75%
/// 0 / 3; under a load of 7 (10 s ≈ 3 s of CPU), 4–6 a cell, 49×49 65%
/// 1 / 3 of 6, 70% 2 / 6 of 6, 75% 0 / 4 of 6, 80% 2 / 4 of 4, 85% 3 / 4
/// of 4, 90% 4 / 4 of 4 in 7.3 s against 11.0 (`cp` finds a nearly blank
/// grid's solutions at once; `sat` spends about 0.8 s of CPU encoding a
/// 49×49 grid whatever its blanks), 64×64 70% 1 / 0 of 6, 75–90% none.
pub fn big_grid_pick(size: usize, open_share: f64) -> Pick {
    let sat = |(side, open): &(usize, Range<f64>)| *side == size && open.contains(&open_share);
    match size {
        0..=FAST_MAX_SIZE | FAST_16 => Pick::Fast,
        25 if open_share >= FAST_25_OPEN => Pick::Fast,
        _ if SAT_BUILT && SAT_SHARES.iter().any(sat) => Pick::Sat,
        _ => Pick::Cp,
    }
}

/// Whether this build has the `sat` engine.
const SAT_BUILT: bool = cfg!(feature = "sat");

/// The grid sides, and for each the shares of open cells, that `auto`
/// gives to `sat` (see [`big_grid_pick`]).
const SAT_SHARES: [(usize, Range<f64>); 2] = [(49, 0.65..0.90), (64, 0.75..0.85)];

/// `pick`, or `cp` where it is `sat` and this build's SAT solver would
/// not honour `limits` (BatSat counts no decisions: under a node limit the
/// grid goes to `cp`, which counts them).
#[cfg(feature = "sat")]
fn within_limits(pick: Pick, limits: &Limits) -> Pick {
    let sat_keeps = |limits: &Limits| {
        let sat = SatEngine::default().capabilities();
        limits.kinds().all(|kind| sat.honours(kind))
    };
    match pick {
        Pick::Sat if !sat_keeps(limits) => Pick::Cp,
        pick => pick,
    }
}

#[cfg(not(feature = "sat"))]
fn within_limits(pick: Pick, _limits: &Limits) -> Pick {
    pick
}

/// The share of cells with more than one candidate.
fn open_share(candidates: &[u64]) -> f64 {
    let open = candidates.iter().filter(|c| c.count_ones() > 1).count();
    open as f64 / candidates.len().max(1) as f64
}

/// The names `auto` reports in [`Outcome::delegate`].
const FAST: &str = "fast";
const CP: &str = "cp";
#[cfg(feature = "sat")]
const SAT: &str = "sat";

/// The `auto` choice's entry in the catalogue.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "auto",
    family: "choice",
    summary: "fast for plain boxed grids up to 9x9, 16x16 ones, and 25x25 ones 70% blank or more, sat for 49x49 ones 65-90% blank and 64x64 ones 75-85%, cp for everything else, sat where cp cannot (the default)",
    options: "",
    // Not timed by a default bench: it is `fast` or `cp` again.
    bench_spec: "",
    probe: Descriptor::always_available,
    build: |options| match options {
        [] => Ok(Box::new(AutoEngine::default())),
        _ => Err(EngineError::BadOption {
            engine: "auto".into(),
            message: "takes no options".into(),
        }),
    },
    conformance: Conformance {
        specs: &["auto"],
        refuses: &[],
        slow: &[],
    },
    export: None,
};

impl AutoEngine {
    /// The engine for a grid, or `None` for `cp`'s default path: up to
    /// 9×9 `fast` tries (it recognises the grid itself, once); past it
    /// only a plain boxed grid is chosen for, by its open cells.
    fn pick(model: &Model, mode: Mode) -> Option<Pick> {
        if mode == Mode::Optimize {
            return None;
        }
        let size = model.grid()?.size;
        if size <= FAST_MAX_SIZE {
            return Some(Pick::Fast);
        }
        let grid = ClassicGrid::recognise(model)?;
        Some(big_grid_pick(size, open_share(&grid.candidates)))
    }
}

impl Engine for AutoEngine {
    fn name(&self) -> String {
        "auto".into()
    }

    fn capabilities(&self) -> Capabilities {
        self.cp.capabilities()
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        let pick = Self::pick(model, request.mode).map(|pick| within_limits(pick, &request.limits));
        match pick {
            Some(Pick::Fast) => match self.fast.solve(model, request) {
                Err(EngineError::Unsupported { .. }) => {}
                answer => return delegated(answer, FAST),
            },
            #[cfg(feature = "sat")]
            Some(Pick::Sat) => return delegated(self.sat.solve(model, request), SAT),
            _ => {}
        }
        match self.cp.solve(model, request) {
            #[cfg(feature = "sat")]
            Err(EngineError::Unsupported { .. }) => delegated(self.sat.solve(model, request), SAT),
            answer => delegated(answer, CP),
        }
    }

    /// Prepares `fast` where the grid may go to it, and `cp` always (for
    /// optimisation, and for everything `fast` refuses; `cp` takes every
    /// grid, whose values span at most 100). `sat` is prepared when a
    /// puzzle first goes to it: most big grids never do.
    fn prepare(&self, model: &Model) -> Result<Box<dyn Prepared + '_>, EngineError> {
        let size = model.grid().map(|g| g.size);
        let plain_big =
            size.is_some_and(|n| n > FAST_MAX_SIZE) && ClassicGrid::recognise(model).is_some();
        let fast = match size.is_some_and(|n| n <= FAST_MAX_SIZE) || plain_big {
            true => self.fast.prepare(model).ok(),
            false => None,
        };
        Ok(Box::new(AutoPrepared {
            size: size.unwrap_or(0),
            plain_big,
            fast,
            cp: self.cp.prepare(model)?,
            #[cfg(feature = "sat")]
            sat: match plain_big && SAT_SHARES.iter().any(|(side, _)| size == Some(*side)) {
                true => LazySat::Later(&self.sat, model.clone()),
                false => LazySat::Never,
            },
            cells: Vec::new(),
        }))
    }
}

/// What [`AutoEngine::prepare`] keeps: the puzzle loaded last goes to
/// the engine that will solve it when the request says which one that is.
struct AutoPrepared<'e> {
    /// The grid's side (0: not a grid).
    size: usize,
    /// A plain boxed grid over 9×9: chosen for by its open cells.
    plain_big: bool,
    fast: Option<Box<dyn Prepared + 'e>>,
    cp: Box<dyn Prepared + 'e>,
    #[cfg(feature = "sat")]
    sat: LazySat<'e>,
    cells: Vec<u64>,
}

/// `sat` for a prepared grid: prepared at the first puzzle it is picked
/// for (encoding a 64×64 grid costs more than `cp` takes for most).
#[cfg(feature = "sat")]
enum LazySat<'e> {
    /// Not a grid `auto` gives to `sat`.
    Never,
    /// Not needed yet: the engine and the model to prepare it from.
    Later(&'e SatEngine, Model),
    /// Prepared (`None`: `sat` refused the model; `cp` answers).
    Ready(Option<Box<dyn Prepared + 'e>>),
}

#[cfg(feature = "sat")]
impl<'e> LazySat<'e> {
    /// The prepared `sat`, preparing it now if this is the first time.
    fn get(&mut self) -> Option<&mut Box<dyn Prepared + 'e>> {
        if let LazySat::Later(engine, model) = self {
            *self = LazySat::Ready(engine.prepare(model).ok());
        }
        match self {
            LazySat::Ready(prepared) => prepared.as_mut(),
            _ => None,
        }
    }
}

impl Prepared for AutoPrepared<'_> {
    fn load(&mut self, cells: &[u64]) -> Result<(), EngineError> {
        self.cells.clear();
        self.cells.extend_from_slice(cells);
        Ok(())
    }

    fn solve(&mut self, request: &Request) -> Result<Outcome, EngineError> {
        let pick = match request.mode {
            Mode::Optimize => Pick::Cp,
            _ if self.plain_big => big_grid_pick(self.size, open_share(&self.cells)),
            _ => Pick::Fast,
        };
        let pick = within_limits(pick, &request.limits);
        let (engine, name) = match pick {
            Pick::Fast => self.fast.as_mut().map(|fast| (fast, FAST)),
            #[cfg(feature = "sat")]
            Pick::Sat => self.sat.get().map(|sat| (sat, SAT)),
            _ => None,
        }
        .unwrap_or((&mut self.cp, CP));
        engine.load(&self.cells)?;
        delegated(engine.solve(request), name)
    }
}

fn delegated(
    answer: Result<Outcome, EngineError>,
    engine: &'static str,
) -> Result<Outcome, EngineError> {
    answer.map(|mut outcome| {
        outcome.delegate = Some(engine);
        outcome
    })
}
