use std::fmt;

use crate::{Engine, EngineError, Model};

/// Whether an engine can run in this build on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Availability {
    /// Ready.
    Available,
    /// Not usable here.
    Unavailable {
        /// What is missing, as the probe found it (e.g. the library path it tried).
        why: String,
        /// The one step that would make it available.
        hint: String,
    },
}

impl fmt::Display for Availability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Availability::Available => write!(f, "available"),
            Availability::Unavailable { why, hint } => write!(f, "{why} ({hint})"),
        }
    }
}

/// What the shared conformance suite expects of an engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct Conformance {
    /// Specs the suite runs (the engine's name alone when empty), e.g. every
    /// strategy worth keeping correct.
    pub specs: &'static [&'static str],
    /// Case kinds (`killer`, `jigsaw` ...) or names the engine refuses with
    /// [`EngineError::Unsupported`]; any other refusal fails the suite.
    pub refuses: &'static [&'static str],
    /// Cases too slow for an unoptimised build (run by `cargo test --release`).
    pub slow: &'static [&'static str],
}

/// Builds an engine from the options after its name in a spec.
pub type Build = fn(&[&str]) -> Result<Box<dyn Engine>, EngineError>;

/// Writes a model in an engine's own file format, with the options after
/// the engine's name in a spec (the same `key=value` the engine takes).
pub type Export = fn(&Model, &[&str]) -> Result<String, EngineError>;

/// Everything sudokit needs to know about an engine, exported by the
/// engine's crate: the catalogue, `sudokit engines`, the bench and the
/// conformance suite read this and nothing else.
#[derive(Clone, Copy)]
pub struct Descriptor {
    /// The name used in specs (`--engine NAME`).
    pub name: &'static str,
    /// Solver family: bitset, CP, SAT, SMT ...
    pub family: &'static str,
    /// One line on what it is.
    pub summary: &'static str,
    /// The options it takes after its name, for help texts.
    pub options: &'static str,
    /// The spec a default `sudokit bench` times, where the engine's own
    /// default is not the one worth timing (`backtrack:mrv`).
    pub bench_spec: &'static str,
    /// Probes this machine at run time (a native library, a solver program).
    pub probe: fn() -> Availability,
    /// Builds the engine from the options after its name.
    pub build: Build,
    /// What the conformance suite runs and expects.
    pub conformance: Conformance,
    /// Writes a model in the engine's file format (`sat`: DIMACS CNF, `z3`:
    /// SMT-LIB 2), for engines that have one. It needs nothing the probe
    /// looks for: writing a script does not run the solver.
    pub export: Option<Export>,
}

impl Descriptor {
    /// The probe of an engine that needs nothing outside this build.
    pub fn always_available() -> Availability {
        Availability::Available
    }
}

impl fmt::Debug for Descriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Descriptor")
            .field("name", &self.name)
            .field("family", &self.family)
            .finish_non_exhaustive()
    }
}
