//! Depth-first search with binary branching (`x = v`, then `x != v`),
//! restarts with nogood recording, and branch-and-bound.
//!
//! ```text
//!   levels: [ Level{mark, path_len, var, bit}, ... ]  one per open `x = v`
//!   path:   [ (var, bit, positive), ... ]             decisions and refutations
//! ```
//!
//! On a failure the last open decision is undone and refuted (`x != v`) one
//! level up. At a restart every refutation on the path becomes a nogood: the
//! positive decisions before it plus its own `x = v` cannot all hold, which
//! keeps the search complete (solutions are never found twice, proofs end).

use std::time::Instant;

use sudokit_model::{
    Collector, EngineError, LimitKind, Mode, Model, Outcome, PartialState, Request, SearchEnd,
    Stats,
};

use crate::branching::{value_selector, variable_selector, View};
use crate::restarts::RestartSchedule;
use crate::solver::{span, Solver};
use crate::word::Word;
use crate::{CpConfig, Restarts};

/// The search's counters, reported as [`Stats`].
#[derive(Default)]
struct Tally {
    nodes: u64,
    fails: u64,
    backtracks: u64,
    restarts: u64,
    max_depth: u64,
}

struct Level {
    mark: usize,
    path_len: usize,
    var: u32,
    bit: u8,
}

/// Solves `model` as `request` asks with the strategy `config`, on the
/// narrowest domain word that holds the model's values.
pub(crate) fn solve(
    model: &Model,
    config: &CpConfig,
    request: &Request,
) -> Result<Outcome, EngineError> {
    match span(model) {
        ..=64 => Ok(solve_with::<u64>(model, config, request)),
        65..=128 => Ok(solve_with::<u128>(model, config, request)),
        _ => {
            let (lo, hi) = model.value_range();
            Err(EngineError::Unsupported {
                engine: "cp".into(),
                what: format!("domains spanning more than 128 values (here {lo}..={hi})"),
            })
        }
    }
}

fn solve_with<W: Word>(model: &Model, config: &CpConfig, request: &Request) -> Outcome {
    let start = Instant::now();
    let optimizing = request.mode == Mode::Optimize;
    let mut solver = Solver::<W>::build(model, config, optimizing);
    let build_time = start.elapsed();
    let mut tally = Tally::default();
    let mut collector = Collector::new(request, model.objective());
    let counting = collector.wanted() != Some(1) && !optimizing;
    let nogoods = config.nogoods || counting;

    let stats = |tally: &Tally, solver: &Solver<W>| Stats {
        nodes: Some(tally.nodes),
        fails: Some(tally.fails),
        backtracks: Some(tally.backtracks),
        propagations: Some(solver.propagations),
        restarts: Some(tally.restarts),
        max_depth: Some(tally.max_depth),
        encoding_vars: Some(model.vars().len() as u64),
        encoding_constraints: Some(solver.props.len() as u64),
        memory_kib: None,
        build_time,
        solve_time: start.elapsed() - build_time,
    };
    solver.enqueue_all();
    if solver.infeasible || solver.propagate().is_err() {
        let mut outcome = Outcome::finished(SearchEnd::Exhausted, request.mode, 0, Vec::new());
        outcome.stats = stats(&tally, &solver);
        return outcome;
    }
    let root: Vec<W> = solver.dom.words().to_vec();
    let root_mark = solver.dom.mark();

    let mut var_select = variable_selector::<W>(config);
    let mut val_select = value_selector::<W>(config);
    let mut schedule = RestartSchedule::new(config.restarts, config.restart_base);
    let mut cutoff = schedule.next_cutoff();
    let mut fails_since_restart = 0u64;
    let mut levels: Vec<Level> = Vec::new();
    let mut path: Vec<(u32, u8, bool)> = Vec::new();
    let mut check = request.limits.checker();
    let mut limit: Option<LimitKind> = None;

    'search: loop {
        let conflict = solver.propagate().err();
        if let Some(p) = conflict {
            tally.fails += 1;
            fails_since_restart += 1;
            var_select.on_conflict(solver.owner[p] as usize, solver.props[p].vars());
            if config.restarts != Restarts::None
                && fails_since_restart >= cutoff
                && !levels.is_empty()
            {
                if nogoods {
                    record_nogoods(&mut solver, &path);
                }
                solver.dom.undo_to(root_mark);
                solver.clear_queue();
                levels.clear();
                path.clear();
                tally.restarts += 1;
                var_select.on_restart();
                fails_since_restart = 0;
                cutoff = schedule.next_cutoff();
                solver.enqueue_all();
                continue;
            }
        } else {
            let view = View {
                dom: solver.dom.words(),
                var_props: &solver.var_props,
                props: &solver.props,
            };
            match var_select.select(&view) {
                Some(var) => {
                    if let Some(kind) = check.check(tally.nodes, tally.fails) {
                        limit = Some(kind);
                        break 'search;
                    }
                    tally.nodes += 1;
                    let word = solver.dom.get(var);
                    let bit = match preferred(request, solver.base, var) {
                        Some(bit) if bit < W::BITS && word & W::bit(bit) != W::ZERO => bit as u8,
                        _ => val_select.select(word) as u8,
                    };
                    levels.push(Level {
                        mark: solver.dom.mark(),
                        path_len: path.len(),
                        var: var as u32,
                        bit,
                    });
                    path.push((var as u32, bit, true));
                    solver.dom.set(var, W::bit(u32::from(bit)));
                    tally.max_depth = tally.max_depth.max(levels.len() as u64);
                    continue;
                }
                None => {
                    let values = (0..model.vars().len()).map(|v| solver.value(v));
                    if collector.found(|| values).is_break() {
                        break 'search;
                    }
                    if let Some(value) = collector.best() {
                        // Only better solutions from now on.
                        let internal = if solver.maximize { -value } else { value };
                        solver.set_bound(internal - 1);
                    }
                }
            }
        }
        // Backtrack: undo the last open decision and refute it.
        loop {
            let Some(level) = levels.pop() else {
                break 'search;
            };
            solver.dom.undo_to(level.mark);
            solver.clear_queue();
            path.truncate(level.path_len);
            tally.backtracks += 1;
            let rest = solver.dom.get(level.var as usize) & !W::bit(u32::from(level.bit));
            if rest == W::ZERO {
                continue;
            }
            path.push((level.var, level.bit, false));
            solver.dom.set(level.var as usize, rest);
            if let Some(obj) = solver.objective {
                solver.enqueue(obj);
            }
            break;
        }
    }

    let mut outcome = collector.finish(limit);
    outcome.stats = stats(&tally, &solver);
    if limit.is_some() {
        outcome.partial = Some(PartialState {
            domains: root.iter().map(|&w| solver.values(w)).collect(),
        });
    }
    outcome
}

/// The bit of the value [`Request::prefer`] asks `var` to try first, if
/// it names one in the word's range.
fn preferred(request: &Request, base: i32, var: usize) -> Option<u32> {
    let value = *request.prefer.as_ref()?.get(var)?;
    u32::try_from(i64::from(value) - i64::from(base)).ok()
}

/// Every refutation on the path becomes a nogood: the positive decisions
/// before it, plus the decision it refuted.
fn record_nogoods<W: Word>(solver: &mut Solver<W>, path: &[(u32, u8, bool)]) {
    let mut positives: Vec<(u32, u8)> = Vec::new();
    for &(var, bit, positive) in path {
        if positive {
            positives.push((var, bit));
        } else {
            let mut lits = positives.clone();
            lits.push((var, bit));
            solver.add_nogood(lits);
        }
    }
}
