//! [`ChocoEngine`]: a model translated into Choco and searched by
//! Choco's own strategies, behind the [`Engine`] contract.

use std::time::Instant;

use sudokit_model::{
    Availability, Capabilities, Conformance, Descriptor, Engine, EngineError, Mode, Model, Outcome,
    PartialState, Request, SearchEnd, Status,
};

use crate::config::{ChocoConfig, ChocoRestarts, OPTIONS};
use crate::ffi::{choco, Session};
use crate::locate::INSTALL_HINT;
use crate::search::search;
use crate::translate::translate;

/// The real Choco-solver. Each solve builds a fresh Choco model (the
/// library's model and solver are not made to be reset), so a batch
/// prepares nothing: the default [`Engine::prepare`] rewrites the cells
/// of a copy of the model and solves it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChocoEngine {
    config: ChocoConfig,
}

/// The `choco` engine's entry in the catalogue.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "choco",
    family: "CP (Choco)",
    summary: "the real Choco-solver through its native C API, with its own strategies; any model incl. killer and optimisation",
    options: OPTIONS,
    bench_spec: "choco",
    probe,
    build: |options| Ok(Box::new(ChocoEngine::from_options(options)?)),
    conformance: Conformance {
        specs: &[
            "choco",
            "choco:var=first-fail",
            "choco:var=dom-wdeg:restarts=luby",
            "choco:var=input-order:val=max:consistency=bc",
        ],
        refuses: &[],
        slow: &[],
    },
    export: None,
};

fn probe() -> Availability {
    match choco() {
        Ok(_) => Availability::Available,
        Err(why) => Availability::Unavailable {
            why: why.to_string(),
            hint: INSTALL_HINT.into(),
        },
    }
}

impl ChocoEngine {
    /// The engine with this strategy.
    pub fn new(config: ChocoConfig) -> ChocoEngine {
        ChocoEngine { config }
    }

    /// Parses the options after `choco` in a spec ([`ChocoConfig::from_options`]).
    pub fn from_options(options: &[&str]) -> Result<ChocoEngine, EngineError> {
        Ok(ChocoEngine::new(ChocoConfig::from_options(options)?))
    }

    /// The strategy.
    pub fn config(&self) -> &ChocoConfig {
        &self.config
    }

    /// What propagation alone knows: the domains of a fresh copy of the
    /// model after Choco's root propagation (the searched one stopped
    /// somewhere inside its tree). `None` if propagation finds the model
    /// contradictory, which a stopped search cannot have missed.
    fn root_domains(&self, session: &Session, model: &Model) -> Option<PartialState> {
        let fresh = translate(session, model, self.config.consistency, None).ok()?;
        if !session.propagate(fresh.solver) {
            return None;
        }
        let domains = fresh.vars.iter().map(|&var| session.domain(var)).collect();
        Some(PartialState { domains })
    }

    fn failed(&self, message: String) -> EngineError {
        EngineError::Internal {
            engine: self.name(),
            message,
        }
    }
}

impl Engine for ChocoEngine {
    fn name(&self) -> String {
        match self.config.spec() {
            spec if spec.is_empty() => "choco".into(),
            spec => format!("choco:{spec}"),
        }
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::FULL
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        self.check_support(model, request.mode)?;
        if model.vars().iter().any(|var| var.domain.is_empty()) {
            // Choco refuses an empty domain; the answer needs no search.
            return Ok(Outcome::finished(
                SearchEnd::Exhausted,
                request.mode,
                0,
                Vec::new(),
            ));
        }
        let choco = choco().map_err(|why| EngineError::Unavailable {
            engine: "choco".into(),
            why: format!("{why} ({INSTALL_HINT})"),
        })?;
        let started = Instant::now();
        let session = choco.session().map_err(|e| self.failed(e))?;
        let objective = model.objective().filter(|_| request.mode == Mode::Optimize);
        let translated =
            translate(&session, model, self.config.consistency, objective).map_err(|e| {
                EngineError::Unsupported {
                    engine: self.name(),
                    what: e.to_string(),
                }
            })?;
        let (solver, vars) = (translated.solver, translated.var_array);
        session.set_search(solver, self.config.search(), vars);
        let counting = matches!(request.mode, Mode::CountUpTo(_) | Mode::All);
        let base = self.config.restart_base;
        match self.config.restarts {
            ChocoRestarts::None => {}
            ChocoRestarts::Luby => {
                session.luby_restarts(solver, i32::try_from(base).unwrap_or(i32::MAX))
            }
            ChocoRestarts::Geometric => session.geometric_restarts(solver, base.into(), 1.5),
        }
        if self.config.restarts != ChocoRestarts::None {
            // Counting keeps the nogoods whatever the option says: without
            // them a restart would explore (and count) the same part again.
            if self.config.nogoods || counting {
                session.nogoods_from_restarts(solver);
            }
            if counting {
                session.nogoods_from_solutions(solver, vars);
            }
        }
        let build_time = started.elapsed();
        let mut outcome = search(&session, &translated, model, request);
        outcome.stats.build_time = build_time;
        if matches!(outcome.status, Status::LimitReached(_)) {
            outcome.partial = self.root_domains(&session, model);
        }
        Ok(outcome)
    }
}
