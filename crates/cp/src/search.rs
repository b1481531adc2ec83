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
    Assignment, EngineError, LimitKind, Mode, Model, Outcome, PartialState, Request, Stats, Status,
};

use crate::branching::{value_selector, variable_selector, View};
use crate::restarts::RestartSchedule;
use crate::solver::Solver;
use crate::{CpConfig, Restarts};

struct Level {
    mark: usize,
    path_len: usize,
    var: u32,
    bit: u8,
}

/// Solves `model` as `request` asks with the strategy `config`.
pub(crate) fn solve(
    model: &Model,
    config: &CpConfig,
    request: &Request,
) -> Result<Outcome, EngineError> {
    let start = Instant::now();
    let optimizing = request.mode == Mode::Optimize;
    let mut solver = Solver::build(model, config, optimizing)?;
    let has_objective = solver.objective.is_some();
    let build_time = start.elapsed();
    let mut stats = Stats {
        encoding_vars: model.vars().len() as u64,
        encoding_constraints: solver.props.len() as u64,
        build_time,
        ..Stats::default()
    };
    // Optimising without an objective: any solution is optimal.
    let cap = match request.mode {
        Mode::Optimize if !has_objective => Some(1),
        mode => mode.cap().map(|c| c.max(1)),
    };
    let counting = cap != Some(1) && !optimizing;
    let nogoods = config.nogoods || counting;
    let keep = request.keep;

    let mut outcome = Outcome::new(Status::Unsatisfiable);
    solver.enqueue_all();
    if solver.infeasible || solver.propagate().is_err() {
        outcome.complete = true;
        stats.propagations = solver.propagations;
        stats.solve_time = start.elapsed() - build_time;
        outcome.stats = stats;
        return Ok(outcome);
    }
    let root: Vec<u64> = solver.dom.words().to_vec();
    let root_mark = solver.dom.mark();

    let mut var_select = variable_selector(config);
    let mut val_select = value_selector(config);
    let mut schedule = RestartSchedule::new(config.restarts, config.restart_base);
    let mut cutoff = schedule.next_cutoff();
    let mut fails_since_restart = 0u64;
    let mut levels: Vec<Level> = Vec::new();
    let mut path: Vec<(u32, u8, bool)> = Vec::new();
    let mut check = request.limits.checker();
    let mut limit: Option<LimitKind> = None;
    let mut exhausted = false;
    let mut best: Option<i64> = None;
    let mut solutions: Vec<Assignment> = Vec::new();
    let mut count = 0u64;

    'search: loop {
        let conflict = solver.propagate().err();
        if let Some(p) = conflict {
            stats.fails += 1;
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
                stats.restarts += 1;
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
                    if let Some(kind) = check.check(stats.nodes, stats.fails) {
                        limit = Some(kind);
                        break 'search;
                    }
                    stats.nodes += 1;
                    let bit = val_select.select(solver.dom.get(var)) as u8;
                    levels.push(Level {
                        mark: solver.dom.mark(),
                        path_len: path.len(),
                        var: var as u32,
                        bit,
                    });
                    path.push((var as u32, bit, true));
                    solver.dom.set(var, 1 << bit);
                    stats.max_depth = stats.max_depth.max(levels.len() as u64);
                    continue;
                }
                None => {
                    let assignment: Assignment =
                        (0..model.vars().len()).map(|v| solver.value(v)).collect();
                    count += 1;
                    if optimizing {
                        if let Some(value) = solver.objective_value() {
                            best = Some(value);
                            let internal = if solver.maximize { -value } else { value };
                            solver.set_bound(internal - 1);
                        }
                        solutions.push(assignment);
                        if solutions.len() > keep {
                            solutions.remove(0);
                        }
                    } else if solutions.len() < keep {
                        solutions.push(assignment);
                    }
                    if cap.is_some_and(|c| count >= c) {
                        break 'search;
                    }
                }
            }
        }
        // Backtrack: undo the last open decision and refute it.
        loop {
            let Some(level) = levels.pop() else {
                exhausted = true;
                break 'search;
            };
            solver.dom.undo_to(level.mark);
            solver.clear_queue();
            path.truncate(level.path_len);
            stats.backtracks += 1;
            let rest = solver.dom.get(level.var as usize) & !(1u64 << level.bit);
            if rest == 0 {
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

    stats.propagations = solver.propagations;
    stats.solve_time = start.elapsed() - build_time;
    outcome.stats = stats;
    outcome.count = count;
    outcome.solutions = solutions;
    outcome.objective = if optimizing && count > 0 {
        Some(best.unwrap_or(0))
    } else {
        None
    };
    outcome.complete = exhausted;
    outcome.status = if let Some(kind) = limit {
        outcome.partial = Some(PartialState {
            domains: root.iter().map(|&w| solver.values(w)).collect(),
        });
        Status::LimitReached(kind)
    } else if count == 0 {
        Status::Unsatisfiable
    } else if optimizing && (exhausted || !has_objective) {
        Status::Optimal
    } else {
        Status::Solved
    };
    Ok(outcome)
}

/// Every refutation on the path becomes a nogood: the positive decisions
/// before it, plus the decision it refuted.
fn record_nogoods(solver: &mut Solver, path: &[(u32, u8, bool)]) {
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
