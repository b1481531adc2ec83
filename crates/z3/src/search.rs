//! One solve on a process that holds the model: the first solution, a
//! count, every solution (the course's blocking assertion after each
//! model), or Z3's own optimum (`maximize` / `minimize`, or MaxSMT).

use std::time::Instant;

use sudokit_model::{
    Assignment, Collector, EngineError, LimitKind, Objective, Outcome, Request, Stats,
};

use crate::encode::Encoded;
use crate::process::{ProcessError, Z3Process};
use crate::term::{app, atom, Term};

/// A model loaded into a process, ready to check.
pub(crate) struct Search<'a> {
    pub process: &'a mut Z3Process,
    pub encoded: &'a Encoded,
    /// Variables the puzzle leaves open: what a blocking assertion names.
    pub open: &'a [usize],
    /// `(check-sat)`, `(check-sat-using TACTIC)` or `(check-sat-assuming …)`.
    pub check: &'a Term,
    /// A Boolean the check assumes: blocking assertions are made to hold
    /// only under it (`guard => clause`), so they can be retired without a
    /// `pop`.
    pub guard: Option<&'a Term>,
    /// When optimising: the commands that state the objective to Z3
    /// (`maximize`, or MaxSMT's `assert-soft`s), and the objective itself.
    pub objective: Option<(Vec<Term>, &'a Objective)>,
}

impl Search<'_> {
    pub fn run(mut self, request: &Request, engine: &str) -> Result<Outcome, EngineError> {
        let failed = |e: ProcessError| EngineError::Internal {
            engine: engine.into(),
            message: e.to_string(),
        };
        let started = Instant::now();
        let limits = &request.limits;
        let plain_check = app("check-sat", []);
        let check = if let Some((statement, _)) = &self.objective {
            self.process.run(statement).map_err(failed)?;
            // Z3 optimises under its plain check only.
            &plain_check
        } else {
            self.check
        };
        let get_value = app("get-value", [Term::List(self.encoded.vars())]);
        let mut collector = Collector::new(request, self.objective.as_ref().map(|(_, o)| *o));
        let limit = loop {
            if let Some(kind) = limits.checker().check_now() {
                break Some(kind);
            }
            let answer = match self.process.check(check, limits) {
                Ok(answer) => answer,
                Err(ProcessError::Stopped(kind)) => break Some(kind),
                // An optimisation cut by its `:timeout` may say so as an error.
                Err(ProcessError::Refused(message)) if message.ends_with("canceled") => {
                    break Some(limits.checker().check_now().unwrap_or(LimitKind::Time))
                }
                Err(e) => return Err(failed(e)),
            };
            match answer.as_atom().map(String::as_str) {
                Some("sat") => {}
                Some("unsat") => break None,
                Some("unknown") => {
                    if let Some(kind) = limits.checker().check_now() {
                        break Some(kind);
                    }
                    let reason = self
                        .process
                        .ask(&app("get-info", [atom(":reason-unknown")]))
                        .map_err(failed)?;
                    let reason = reason_text(&reason);
                    // Its own timeout fires a hair before our clock says so.
                    if reason == "timeout" || reason == "canceled" {
                        break Some(LimitKind::Time);
                    }
                    return Err(EngineError::Unsupported {
                        engine: engine.into(),
                        what: format!(
                            "this model: z3 answered unknown ({reason}); with a tactic, \
                             `bit-blast` needs `blast-distinct` before it \
                             (tactic=blast-distinct+bit-blast+sat)"
                        ),
                    });
                }
                _ => {
                    return Err(failed(ProcessError::Unexpected(crate::term::render(
                        &answer,
                    ))))
                }
            }
            let values = self.process.ask(&get_value).map_err(failed)?;
            let assignment = self.decode(&values).ok_or_else(|| {
                failed(ProcessError::Unexpected(format!(
                    "get-value gave {}",
                    crate::term::render(&values)
                )))
            })?;
            let capped = collector.found(|| assignment.iter().copied()).is_break();
            if capped || self.objective.is_some() {
                // Z3 proves its optimum in the one check.
                break None;
            }
            let mut blocking = self.encoded.blocking(self.open, &assignment);
            if let Some(guard) = self.guard {
                blocking = app("=>", [guard.clone(), blocking]);
            }
            self.process
                .run(&[app("assert", [blocking])])
                .map_err(failed)?;
        };
        let mut outcome = collector.finish(limit);
        outcome.stats = Stats {
            solve_time: started.elapsed(),
            ..self.statistics()
        };
        Ok(outcome)
    }

    /// `((x1 v1) (x2 v2) …)` in model order.
    fn decode(&self, values: &Term) -> Option<Assignment> {
        values
            .as_list()?
            .iter()
            .map(|pair| match pair.as_list()?.as_slice() {
                [_, value] => self.encoded.decode(value),
                _ => None,
            })
            .collect()
    }

    /// The solver's counters since the process last reported them.
    fn statistics(&mut self) -> Stats {
        if !self.process.is_healthy() {
            return Stats::default();
        }
        match self
            .process
            .ask(&app("get-info", [atom(":all-statistics")]))
        {
            Ok(Term::List(items)) => self.process.counters_since_last(&items),
            _ => Stats::default(),
        }
    }
}

/// The text of `(:reason-unknown "…")`, cut to a line.
fn reason_text(answer: &Term) -> String {
    let text = match answer.as_list().map(Vec::as_slice) {
        Some([_, Term::Atom(reason)]) => reason.trim_matches('"').to_string(),
        _ => crate::term::render(answer),
    };
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match text.char_indices().nth(160) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}
