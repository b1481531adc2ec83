//! The engines of this build, and the spec that names one with its options.

use std::fmt;

use sudokit_engines::{catalogue, Availability};

/// One engine of the catalogue, as `sudokit engines` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineInfo {
    /// The name a spec starts with (`cp`).
    pub name: &'static str,
    /// The family (`constraint programming`).
    pub family: &'static str,
    /// What it is, in one line.
    pub summary: &'static str,
    /// The options a spec may add after colons, in words.
    pub options: &'static str,
    /// Whether it can run here, probed when [`engines`] was called.
    pub availability: Availability,
}

impl EngineInfo {
    /// Whether the engine can run here.
    pub fn is_available(&self) -> bool {
        self.availability == Availability::Available
    }
}

/// Every engine of the catalogue, in its order, each probed now: a missing
/// solver program or library is reported with why and the one step that
/// brings it (the hint), never as a failure.
///
/// ```
/// let engines = sudokit_core::engines();
/// let fast = engines.iter().find(|e| e.name == "fast").expect("in the catalogue");
/// assert!(fast.is_available()); // it needs nothing but cargo
/// assert!(engines.iter().any(|e| e.name == "z3"));
/// ```
pub fn engines() -> Vec<EngineInfo> {
    catalogue()
        .into_iter()
        .map(|d| EngineInfo {
            name: d.name,
            family: d.family,
            summary: d.summary,
            options: d.options,
            availability: (d.probe)(),
        })
        .collect()
}

/// An engine and its options: a spec (`cp:dom-wdeg:luby`, `sat:cadical`,
/// `auto`) and the strategy settings the command line takes as flags
/// (`--var`, `--val`, `--restarts`, `--propagation`, `--seed`), appended to
/// the spec as `key=value` options. Its text ([`fmt::Display`]) is what
/// [`Kit::new`](crate::Kit::new) builds.
///
/// ```
/// use sudokit_core::EngineSpec;
///
/// let spec = EngineSpec::new("cp").var("dom-wdeg").restarts("luby").seed(7);
/// assert_eq!(spec.to_string(), "cp:var=dom-wdeg:restarts=luby:seed=7");
/// assert_eq!(EngineSpec::default().to_string(), "auto");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The engine with options after colons (default `auto`).
    pub engine: String,
    /// cp, choco: the variable selector.
    pub var: Option<String>,
    /// cp, choco: the value selector.
    pub val: Option<String>,
    /// cp, choco: the restart policy.
    pub restarts: Option<String>,
    /// cp: the all-different propagation level.
    pub propagation: Option<String>,
    /// The seed of the engine's random selectors.
    pub seed: Option<u64>,
}

impl Default for EngineSpec {
    fn default() -> Self {
        EngineSpec::new("auto")
    }
}

impl EngineSpec {
    /// The engine `spec` names, with no strategy settings beyond it.
    pub fn new(spec: impl Into<String>) -> Self {
        EngineSpec {
            engine: spec.into(),
            var: None,
            val: None,
            restarts: None,
            propagation: None,
            seed: None,
        }
    }

    /// Sets [`EngineSpec::var`].
    pub fn var(mut self, selector: impl Into<String>) -> Self {
        self.var = Some(selector.into());
        self
    }

    /// Sets [`EngineSpec::val`].
    pub fn val(mut self, selector: impl Into<String>) -> Self {
        self.val = Some(selector.into());
        self
    }

    /// Sets [`EngineSpec::restarts`].
    pub fn restarts(mut self, policy: impl Into<String>) -> Self {
        self.restarts = Some(policy.into());
        self
    }

    /// Sets [`EngineSpec::propagation`].
    pub fn propagation(mut self, level: impl Into<String>) -> Self {
        self.propagation = Some(level.into());
        self
    }

    /// Sets [`EngineSpec::seed`].
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.engine)?;
        let settings = [
            ("var", &self.var),
            ("val", &self.val),
            ("restarts", &self.restarts),
            ("propagation", &self.propagation),
        ];
        for (key, value) in settings {
            if let Some(value) = value {
                write!(f, ":{key}={value}")?;
            }
        }
        if let Some(seed) = self.seed {
            write!(f, ":seed={seed}")?;
        }
        Ok(())
    }
}
