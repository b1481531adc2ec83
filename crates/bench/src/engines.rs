use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sudokit_engines::{build, catalogue, find, parse_spec, Availability};
use sudokit_model::Engine;

use crate::BenchError;

/// An engine under test, with the spec it was built from.
#[derive(Clone)]
pub struct BenchEngine {
    /// The spec as given (`cp:dom-wdeg`): the engine's name in every report.
    pub spec: String,
    /// The engine.
    pub engine: Arc<dyn Engine>,
}

impl BenchEngine {
    /// Wraps an engine (e.g. a test engine) under a spec name.
    pub fn new(spec: impl Into<String>, engine: Arc<dyn Engine>) -> Self {
        BenchEngine {
            spec: spec.into(),
            engine,
        }
    }
}

impl std::fmt::Debug for BenchEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BenchEngine")
            .field("spec", &self.spec)
            .field("name", &self.engine.name())
            .finish()
    }
}

/// A catalogue engine left out of a default run, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    /// The engine's name.
    pub name: String,
    /// Why it is not available, with the step that would bring it.
    pub why: String,
}

/// The engines of a default run: every available engine of the catalogue
/// once, with the spec its descriptor names for timing (`backtrack:mrv`),
/// but not `auto` (which names none: it is `fast` or `cp` again); and the
/// unavailable ones, with why.
pub fn default_specs() -> (Vec<String>, Vec<Skipped>) {
    let mut specs = Vec::new();
    let mut skipped = Vec::new();
    for descriptor in catalogue().into_iter().filter(|d| !d.bench_spec.is_empty()) {
        match (descriptor.probe)() {
            Availability::Available => specs.push(descriptor.bench_spec.to_string()),
            unavailable => skipped.push(Skipped {
                name: descriptor.name.into(),
                why: unavailable.to_string(),
            }),
        }
    }
    (specs, skipped)
}

/// The specs of a preset whose engines can run here, and the others with
/// why: a comparison that names `z3` or `choco` still runs where they are
/// missing, and says so. Unknown names are kept, for [`build_engines`] to
/// refuse.
pub fn available_specs(specs: &[&str]) -> (Vec<String>, Vec<Skipped>) {
    let mut available = Vec::new();
    let mut skipped = Vec::new();
    for spec in specs {
        let (name, _) = parse_spec(spec);
        match find(name).map(|d| (d.probe)()) {
            Some(Availability::Available) | None => available.push(spec.to_string()),
            Some(unavailable) => skipped.push(Skipped {
                name: spec.to_string(),
                why: unavailable.to_string(),
            }),
        }
    }
    (available, skipped)
}

/// Builds the engines of `specs` (refusing unknown names, bad options,
/// unavailable engines and duplicates).
pub fn build_engines(specs: &[String]) -> Result<Vec<BenchEngine>, BenchError> {
    let mut engines: Vec<BenchEngine> = Vec::new();
    for spec in specs {
        let spec = spec.trim();
        if engines.iter().any(|e| e.spec == spec) {
            return Err(BenchError::DuplicateEngine(spec.into()));
        }
        let engine = build(spec).map_err(|source| BenchError::Engine {
            spec: spec.into(),
            source,
        })?;
        engines.push(BenchEngine::new(spec, Arc::from(engine)));
    }
    if engines.is_empty() {
        return Err(BenchError::NoEngines);
    }
    Ok(engines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_run_has_each_available_engine_once_without_auto() {
        let (specs, skipped) = default_specs();
        assert!(specs.contains(&"fast".to_string()));
        assert!(specs.contains(&"backtrack:mrv".to_string()));
        assert!(!specs.iter().any(|s| s.starts_with("auto")));
        assert!(skipped.iter().all(|s| !specs.contains(&s.name)));
        assert_eq!(build_engines(&specs).unwrap().len(), specs.len());
    }

    #[test]
    fn a_preset_keeps_the_engines_that_run_here() {
        let z3_here = find("z3").is_some_and(|d| (d.probe)() == Availability::Available);
        let (specs, skipped) = available_specs(&["fast", "z3:encoding=int", "nosuch"]);
        let expected: &[&str] = match z3_here {
            true => &["fast", "z3:encoding=int", "nosuch"],
            false => &["fast", "nosuch"],
        };
        assert_eq!(specs, expected);
        assert_eq!(skipped.len(), usize::from(!z3_here));
        assert!(skipped
            .iter()
            .all(|s| s.name == "z3:encoding=int" && !s.why.is_empty()));
    }

    #[test]
    fn bad_specs_are_refused() {
        let err = build_engines(&["minisat".into()]).unwrap_err().to_string();
        assert!(err.starts_with("engine `minisat`: "), "{err}");
        assert!(build_engines(&["fast".into(), "fast".into()]).is_err());
        assert!(build_engines(&[]).is_err());
        assert!(build_engines(&["cp:dom-wdeg".into(), "cp".into()]).is_ok());
    }
}
