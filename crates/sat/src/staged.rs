//! A model's CNF on its way into a solver, a step at a time under the
//! caller's limits.
//!
//! Encoding a 25x25 grid (752 500 clauses) and handing it to CaDiCaL takes
//! some 0.3 s, longer than many deadlines: the clock and the cancel flag
//! are read between two steps of the encoder and every
//! [`StagedFormula::LOAD_CHUNK`] clauses loaded. A stopped build keeps what
//! it did, and the next solve of a prepared grid carries on from there, so
//! a batch under a short deadline still gets its formula built in the end.

use sudokit_model::{LimitKind, Limits, Model};

use crate::backend::Backend;
use crate::encode::RulesEncoder;
use crate::{Encoded, Options, SolverKind, Unencodable};

/// The clauses encoded so far, and how many of them the solver holds.
pub(crate) struct StagedFormula {
    encoder: RulesEncoder,
    solver: Box<dyn Backend>,
    /// Clauses handed to `solver` (a prefix of the encoded ones).
    loaded: usize,
}

impl StagedFormula {
    /// Clauses loaded between two looks at the clock (some 0.1 ms of work).
    const LOAD_CHUNK: usize = 1 << 10;

    /// The model's literals numbered and no clause yet; `None` if this
    /// build has no solver of that kind.
    pub fn new(model: &Model, options: Options, kind: SolverKind) -> Option<StagedFormula> {
        Some(StagedFormula {
            solver: kind.start()?,
            encoder: RulesEncoder::new(model, options),
            loaded: 0,
        })
    }

    /// Encodes and loads the rest of `model` (the one it was made from)
    /// until all is in the solver, `Ok(None)`, or `limits` stop it first:
    /// their clock or cancel flag, the only limits that apply before a
    /// search.
    pub fn finish(
        &mut self,
        model: &Model,
        limits: &Limits,
    ) -> Result<Option<LimitKind>, Unencodable> {
        let checker = limits.checker();
        while !self.encoder.is_done(model) {
            if let Some(kind) = checker.check_now() {
                return Ok(Some(kind));
            }
            self.encoder.step(model)?;
        }
        let cnf = &self.encoder.encoded().cnf;
        while self.loaded < cnf.len() {
            if let Some(kind) = checker.check_now() {
                return Ok(Some(kind));
            }
            for clause in cnf.clauses_from(self.loaded).take(Self::LOAD_CHUNK) {
                self.solver.add_clause(clause);
                self.loaded += 1;
            }
        }
        Ok(None)
    }

    /// Swaps in a fresh solver, to be loaded by the next
    /// [`StagedFormula::finish`].
    pub fn restart(&mut self, kind: SolverKind) {
        if let Some(solver) = kind.start() {
            self.solver = solver;
            self.loaded = 0;
        }
    }

    /// The formula so far: all of it after [`StagedFormula::finish`]
    /// returned `Ok(None)`, and the literals from the start.
    pub fn encoded(&self) -> &Encoded {
        self.encoder.encoded()
    }

    /// The solver, and the formula it holds.
    pub fn parts(&mut self) -> (&mut dyn Backend, &Encoded) {
        (self.solver.as_mut(), self.encoder.encoded())
    }
}

#[cfg(test)]
mod tests {
    use sudokit_model::CancelToken;
    use sudokit_puzzle::Puzzle;

    use super::*;
    use crate::encode::encode_rules;

    /// A cancelled build stops before its first step, and the next call
    /// with no limit builds and loads exactly what the one-shot encoder does.
    #[test]
    fn a_stopped_build_has_done_nothing_and_resumes_to_the_whole_formula() {
        // A blank 16x16 grid: 4 096 literals, 123 904 clauses.
        let model = Puzzle::boxed(4, 4, vec![0; 256]).unwrap().to_model();
        let kind = SolverKind::default();
        let mut formula = StagedFormula::new(&model, Options::default(), kind).unwrap();
        let cancelled = CancelToken::new();
        cancelled.cancel();
        let stop = Limits::none().with_cancel(cancelled);
        assert_eq!(
            formula.finish(&model, &stop),
            Ok(Some(LimitKind::Cancelled))
        );
        assert_eq!((formula.encoded().cnf.len(), formula.loaded), (0, 0));
        assert_eq!(formula.finish(&model, &Limits::none()), Ok(None));
        let whole = encode_rules(&model, Options::default()).unwrap();
        assert_eq!(formula.encoded().cnf, whole.cnf);
        assert_eq!(formula.loaded, whole.cnf.len());
    }
}
