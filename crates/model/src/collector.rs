use std::ops::ControlFlow;

use crate::{Assignment, LimitKind, Mode, Objective, Outcome, Request, SearchEnd, SolutionSink};

/// What every engine does with the solutions its search finds, written
/// once: it counts them, keeps the first [`Request::keep`] or hands each to
/// the request's [`SolutionSink`], says when the mode's cap is reached,
/// keeps the best solutions of an optimisation with their objective value,
/// and turns all that into the [`Outcome`] ([`Collector::finish`]).
///
/// The search calls [`Collector::found`] once per solution. That call is
/// small enough to inline into a hot loop and builds the solution only when
/// it goes somewhere, so counting keeps nothing and allocates nothing.
///
/// A cap of 0 ([`Mode::CountUpTo`]`(0)`) is taken as 1: a search that looks
/// for no solution would have no answer to give. An optimisation of a model
/// without an objective stops at its first solution, which is optimal.
#[derive(Debug)]
pub struct Collector<'r> {
    mode: Mode,
    /// Solutions that end the search (`u64::MAX`: no cap).
    cap: u64,
    keep: usize,
    sink: Option<&'r SolutionSink>,
    /// The objective, when optimising one.
    objective: Option<&'r Objective>,
    count: u64,
    solutions: Vec<Assignment>,
    /// The objective value of the best solution so far.
    best: Option<i64>,
    /// The sink's buffer, reused from one solution to the next.
    scratch: Vec<i32>,
}

impl<'r> Collector<'r> {
    /// A collector for `request`. `objective` is the model's: it counts only
    /// when the request asks for [`Mode::Optimize`].
    pub fn new(request: &'r Request, objective: Option<&'r Objective>) -> Self {
        let objective = objective.filter(|_| request.mode == Mode::Optimize);
        let cap = match request.mode {
            Mode::Optimize if objective.is_none() => 1,
            mode => mode.cap().map_or(u64::MAX, |cap| cap.max(1)),
        };
        Collector {
            mode: request.mode,
            cap,
            keep: request.keep,
            sink: request.sink.as_ref(),
            objective,
            count: 0,
            solutions: Vec::new(),
            best: None,
            scratch: Vec::new(),
        }
    }

    /// Takes one solution: `values` gives the value of every variable, in
    /// model order, and is called only when the solution is kept, streamed
    /// or scored. [`ControlFlow::Break`] means the cap is reached: the
    /// search must stop.
    #[inline]
    pub fn found<I: IntoIterator<Item = i32>>(
        &mut self,
        values: impl FnOnce() -> I,
    ) -> ControlFlow<()> {
        self.count += 1;
        if let Some(objective) = self.objective {
            self.score(objective, values().into_iter().collect());
            return ControlFlow::Continue(());
        }
        match self.sink {
            Some(sink) => {
                self.scratch.clear();
                self.scratch.extend(values());
                sink.take(&self.scratch);
            }
            None if self.solutions.len() < self.keep => {
                self.solutions.push(values().into_iter().collect());
            }
            None => {}
        }
        if self.count >= self.cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// An optimisation's solution: kept when it beats the best so far,
    /// with at most [`Request::keep`] kept (the best last). Kept out of
    /// [`Collector::found`] so that its inlined body stays small.
    #[inline(never)]
    fn score(&mut self, objective: &Objective, solution: Assignment) {
        let value = objective.expr.evaluate(&solution);
        if self.best.is_some_and(|best| !objective.better(value, best)) {
            return;
        }
        self.best = Some(value);
        if self.keep == 0 {
            return;
        }
        if self.solutions.len() == self.keep {
            self.solutions.remove(0);
        }
        self.solutions.push(solution);
    }

    /// Solutions found so far.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// How many more solutions the search should look for (`None`: no
    /// cap, it goes on until the space is exhausted). A search that proves
    /// its last wanted solution differently from the others (a clause for
    /// one call only) asks whether this is `Some(1)`.
    pub fn wanted(&self) -> Option<u64> {
        (self.cap != u64::MAX).then(|| self.cap.saturating_sub(self.count))
    }

    /// The objective value of the best solution of an optimisation so far:
    /// what the next solution must beat.
    pub fn best(&self) -> Option<i64> {
        self.best
    }

    /// The outcome of the search, which stopped at `limit` (`None`: it ended
    /// by itself, exhausting its space or at the cap [`Collector::found`]
    /// announced). Statistics and the partial state are the engine's to add.
    pub fn finish(self, limit: Option<LimitKind>) -> Outcome {
        let end = match limit {
            Some(kind) => SearchEnd::Stopped(kind),
            // Any solution of a model without objective is optimal.
            None if self.count >= self.cap && self.mode != Mode::Optimize => SearchEnd::Capped,
            None => SearchEnd::Exhausted,
        };
        let mut outcome = Outcome::finished(end, self.mode, self.count, self.solutions);
        outcome.objective = self.best;
        outcome
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::{Expr, LinearTerm, Sense, Status, VarId};

    /// Hands `solutions` to a collector for `request` until it says stop;
    /// returns how many it took.
    fn feed(collector: &mut Collector<'_>, solutions: &[[i32; 2]]) -> usize {
        for (taken, solution) in solutions.iter().enumerate() {
            if collector.found(|| *solution).is_break() {
                return taken + 1;
            }
        }
        solutions.len()
    }

    const FIVE: [[i32; 2]; 5] = [[1, 2], [2, 1], [3, 4], [4, 3], [5, 6]];

    /// `first * 10 + second`, to maximise or minimise.
    fn objective(sense: Sense) -> Objective {
        Objective {
            sense,
            expr: Expr {
                linear: vec![
                    LinearTerm {
                        var: VarId(0),
                        coef: 10,
                    },
                    LinearTerm {
                        var: VarId(1),
                        coef: 1,
                    },
                ],
                ..Expr::default()
            },
        }
    }

    #[test]
    fn a_count_stops_at_its_cap_and_keeps_what_it_is_asked_to() {
        let request = Request::new(Mode::CountUpTo(3)).keeping(2);
        let mut collector = Collector::new(&request, None);
        assert_eq!(collector.wanted(), Some(3));
        assert_eq!(feed(&mut collector, &FIVE), 3);
        assert_eq!(collector.wanted(), Some(0));
        let outcome = collector.finish(None);
        assert_eq!(
            (outcome.status, outcome.count, outcome.complete),
            (Status::Solved, 3, false)
        );
        assert_eq!(outcome.solutions, [vec![1, 2], vec![2, 1]]);
        assert_eq!(outcome.objective, None);
    }

    #[test]
    fn an_exhausted_search_below_the_cap_is_complete() {
        let request = Request::new(Mode::CountUpTo(2));
        let mut collector = Collector::new(&request, None);
        assert_eq!(feed(&mut collector, &FIVE[..1]), 1);
        let outcome = collector.finish(None);
        assert_eq!(
            (outcome.status, outcome.count, outcome.complete),
            (Status::Solved, 1, true)
        );
        assert_eq!(outcome.solutions, [vec![1, 2]]);

        let none = Collector::new(&request, None).finish(None);
        assert_eq!(
            (none.status, none.count, none.complete),
            (Status::Unsatisfiable, 0, true)
        );
    }

    #[test]
    fn all_solutions_go_on_to_the_end_and_a_count_builds_none() {
        let request = Request::new(Mode::All).keeping(0);
        let mut collector = Collector::new(&request, None);
        assert_eq!(collector.wanted(), None);
        for _ in 0..1000 {
            let flow = collector.found(|| -> Vec<i32> { panic!("built a solution nobody keeps") });
            assert!(flow.is_continue());
        }
        let outcome = collector.finish(None);
        assert_eq!((outcome.count, outcome.complete), (1000, true));
        assert!(outcome.solutions.is_empty());
    }

    #[test]
    fn a_first_solution_search_and_a_cap_of_zero_stop_at_one() {
        for mode in [Mode::First, Mode::CountUpTo(0)] {
            let request = Request::new(mode);
            let mut collector = Collector::new(&request, None);
            assert_eq!(feed(&mut collector, &FIVE), 1, "{mode:?}");
            let outcome = collector.finish(None);
            assert_eq!(
                (outcome.status, outcome.count, outcome.complete),
                (Status::Solved, 1, false),
                "{mode:?}"
            );
            assert_eq!(outcome.solutions, [vec![1, 2]]);
        }
    }

    #[test]
    fn a_stream_gets_every_solution_as_found_and_none_is_kept() {
        let streamed = Arc::new(Mutex::new(Vec::new()));
        let sink = {
            let streamed = Arc::clone(&streamed);
            SolutionSink::new(move |s| streamed.lock().unwrap().push(s.to_vec()))
        };
        let request = Request::new(Mode::CountUpTo(4)).streaming(sink);
        let mut collector = Collector::new(&request, None);
        assert_eq!(feed(&mut collector, &FIVE), 4);
        assert_eq!(
            *streamed.lock().unwrap(),
            [vec![1, 2], vec![2, 1], vec![3, 4], vec![4, 3]]
        );
        let outcome = collector.finish(None);
        assert_eq!((outcome.count, outcome.complete), (4, false));
        assert!(outcome.solutions.is_empty());
    }

    #[test]
    fn a_limit_keeps_what_was_found_and_leaves_the_count_a_lower_bound() {
        let request = Request::new(Mode::All).keeping(1);
        let mut collector = Collector::new(&request, None);
        feed(&mut collector, &FIVE[..2]);
        let outcome = collector.finish(Some(LimitKind::Nodes));
        assert_eq!(
            (outcome.status, outcome.count, outcome.complete),
            (Status::LimitReached(LimitKind::Nodes), 2, false)
        );
        assert_eq!(outcome.solutions, [vec![1, 2]]);

        let nothing = Collector::new(&request, None).finish(Some(LimitKind::Time));
        assert_eq!(
            (nothing.status, nothing.count, nothing.complete),
            (Status::LimitReached(LimitKind::Time), 0, false)
        );
    }

    #[test]
    fn an_optimisation_keeps_its_best_solutions_last_and_their_value() {
        let maximise = objective(Sense::Maximize);
        let request = Request::new(Mode::Optimize).keeping(2);
        let mut collector = Collector::new(&request, Some(&maximise));
        assert_eq!(collector.wanted(), None);
        // 12, 21, 34, then 16 (worse: counted, not kept), then 43.
        for solution in [[1, 2], [2, 1], [3, 4], [1, 6], [4, 3]] {
            assert!(collector.found(|| solution).is_continue());
        }
        assert_eq!(collector.best(), Some(43));
        let outcome = collector.finish(None);
        assert_eq!(
            (outcome.status, outcome.count, outcome.complete),
            (Status::Optimal, 5, true)
        );
        assert_eq!(outcome.solutions, [vec![3, 4], vec![4, 3]]);
        assert_eq!(outcome.objective, Some(43));

        let minimise = objective(Sense::Minimize);
        let mut collector = Collector::new(&request, Some(&minimise));
        for solution in [[4, 3], [5, 6], [1, 2]] {
            assert!(collector.found(|| solution).is_continue());
        }
        assert_eq!(collector.best(), Some(12));
        let stopped = collector.finish(Some(LimitKind::Time));
        assert_eq!(
            (stopped.status, stopped.objective),
            (Status::LimitReached(LimitKind::Time), Some(12))
        );
        assert_eq!(stopped.solutions, [vec![4, 3], vec![1, 2]]);
    }

    #[test]
    fn an_optimisation_ignores_the_sink_and_may_keep_only_the_value() {
        let sink = SolutionSink::new(|_| panic!("an optimisation streamed a solution"));
        let maximise = objective(Sense::Maximize);
        let request = Request::new(Mode::Optimize).streaming(sink);
        let mut collector = Collector::new(&request, Some(&maximise));
        feed(&mut collector, &FIVE);
        let outcome = collector.finish(None);
        assert_eq!(
            (outcome.status, outcome.count, outcome.objective),
            (Status::Optimal, 5, Some(56))
        );
        assert!(outcome.solutions.is_empty());
    }

    #[test]
    fn optimising_without_an_objective_takes_the_first_solution_as_optimal() {
        let request = Request::new(Mode::Optimize);
        let mut collector = Collector::new(&request, None);
        assert_eq!(collector.wanted(), Some(1));
        assert_eq!(feed(&mut collector, &FIVE), 1);
        let outcome = collector.finish(None);
        assert_eq!(
            (outcome.status, outcome.count, outcome.complete),
            (Status::Optimal, 1, true)
        );
        assert_eq!((outcome.solutions.len(), outcome.objective), (1, None));
    }

    #[test]
    fn an_objective_counts_only_when_optimising() {
        let maximise = objective(Sense::Maximize);
        let request = Request::new(Mode::CountUpTo(2));
        let mut collector = Collector::new(&request, Some(&maximise));
        assert_eq!(feed(&mut collector, &FIVE), 2);
        let outcome = collector.finish(None);
        assert_eq!(
            (outcome.status, outcome.count, outcome.objective),
            (Status::Solved, 2, None)
        );
        assert_eq!(outcome.solutions, [vec![1, 2], vec![2, 1]]);
    }
}
