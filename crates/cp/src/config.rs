//! [`CpConfig`]: the strategy of a solve, and the parsing of engine specs such
//! as `cp:dom-wdeg:luby:ac` or `cp:var=first-fail:val=min:seed=7`.

use sudokit_model::EngineError;

/// Which unfixed variable to branch on next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VarSelect {
    /// The first unfixed variable in model order (`input-order`).
    InputOrder,
    /// The smallest domain, ties in model order (`first-fail`).
    FirstFail,
    /// The smallest domain size / static degree (`dom-deg`).
    DomDeg,
    /// The smallest domain size / failure-weighted degree (`dom-wdeg`).
    DomWDeg,
    /// Conflict-history search, the largest recent-conflict score / domain size (`chs`).
    ConflictHistory,
    /// A uniformly random unfixed variable (`random`, seeded).
    Random,
}

/// Which value to try first on the chosen variable (`x = v`, then `x != v`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValSelect {
    /// The smallest value (`min`).
    Min,
    /// The largest value (`max`).
    Max,
    /// The value closest to the middle of the bounds, lower on ties (`middle`).
    Middle,
    /// A uniformly random value (`random`, seeded).
    Random,
}

/// When to restart the search from the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Restarts {
    /// Never (`none`).
    None,
    /// After `restart_base * luby(i)` failures: 1 1 2 1 1 2 4 ... (`luby`).
    Luby,
    /// After `restart_base * 1.5^i` failures (`geometric`).
    Geometric,
}

/// How hard all-different propagates (see the crate docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Propagation {
    /// Forward checking: fixed values leave the group (`fc`).
    Fc,
    /// Forward checking, hidden singles and pigeonhole (`singles`).
    Singles,
    /// Generalised arc consistency by matching, Régin (`ac`).
    Ac,
}

/// The full strategy of the `cp` engine. `CpConfig::default()` is the
/// measured best on the 9x9 benchmark sets (BENCHMARKS.md, "cp search
/// strategies").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CpConfig {
    /// Variable selector. Default: `dom-wdeg`.
    pub var: VarSelect,
    /// Value selector. Default: `min`.
    pub val: ValSelect,
    /// Restart policy. Default: `none`.
    pub restarts: Restarts,
    /// Failures before the first restart (scale of Luby / geometric). Default: 64.
    pub restart_base: u64,
    /// Record nogoods from the search path at each restart. Default: on.
    /// Counting and enumeration keep them on regardless: without them a
    /// restart would find the same solutions again.
    pub nogoods: bool,
    /// All-different strength. Default: `ac`.
    pub propagation: Propagation,
    /// Seed of the random selectors. Default: 0.
    pub seed: u64,
}

impl Default for CpConfig {
    fn default() -> Self {
        CpConfig {
            var: VarSelect::DomWDeg,
            val: ValSelect::Min,
            restarts: Restarts::None,
            restart_base: 64,
            nogoods: true,
            propagation: Propagation::Ac,
            seed: 0,
        }
    }
}

const VARS: &[(&str, VarSelect)] = &[
    ("input-order", VarSelect::InputOrder),
    ("first-fail", VarSelect::FirstFail),
    ("dom-deg", VarSelect::DomDeg),
    ("dom-wdeg", VarSelect::DomWDeg),
    ("chs", VarSelect::ConflictHistory),
    ("random", VarSelect::Random),
];
const VAR_ALIASES: &[(&str, VarSelect)] = &[
    ("input", VarSelect::InputOrder),
    ("ff", VarSelect::FirstFail),
    ("dom/deg", VarSelect::DomDeg),
    ("dom/wdeg", VarSelect::DomWDeg),
    ("wdeg", VarSelect::DomWDeg),
    ("conflict-history", VarSelect::ConflictHistory),
];
const VALS: &[(&str, ValSelect)] = &[
    ("min", ValSelect::Min),
    ("max", ValSelect::Max),
    ("middle", ValSelect::Middle),
    ("random", ValSelect::Random),
];
const RESTARTS: &[(&str, Restarts)] = &[
    ("none", Restarts::None),
    ("luby", Restarts::Luby),
    ("geometric", Restarts::Geometric),
];
const PROPAGATIONS: &[(&str, Propagation)] = &[
    ("fc", Propagation::Fc),
    ("singles", Propagation::Singles),
    ("ac", Propagation::Ac),
];

fn name_of<T: PartialEq + Copy>(table: &[(&'static str, T)], value: T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| *v == value)
        .map(|(n, _)| *n)
        .expect("every variant is in its table")
}

fn lookup<T: Copy>(table: &[(&str, T)], word: &str) -> Option<T> {
    table.iter().find(|(n, _)| *n == word).map(|(_, v)| *v)
}

fn names<T>(table: &[(&str, T)]) -> String {
    table.iter().map(|(n, _)| *n).collect::<Vec<_>>().join("|")
}

impl VarSelect {
    /// The option word, e.g. `dom-wdeg`.
    pub fn name(self) -> &'static str {
        name_of(VARS, self)
    }
}

impl ValSelect {
    /// The option word, e.g. `min`.
    pub fn name(self) -> &'static str {
        name_of(VALS, self)
    }
}

impl Restarts {
    /// The option word, e.g. `luby`.
    pub fn name(self) -> &'static str {
        name_of(RESTARTS, self)
    }
}

impl Propagation {
    /// The option word, e.g. `ac`.
    pub fn name(self) -> &'static str {
        name_of(PROPAGATIONS, self)
    }
}

/// Every option the `cp` engine understands, for error messages and `--help`.
pub fn option_help() -> String {
    format!(
        "var={}; val={}; restarts={}; propagation={}; restart-base=N; nogoods=on|off; seed=N \
         (bare words work where unambiguous; `random` needs var= or val=)",
        names(VARS),
        names(VALS),
        names(RESTARTS),
        names(PROPAGATIONS),
    )
}

fn bad(message: String) -> EngineError {
    EngineError::BadOption {
        engine: "cp".into(),
        message,
    }
}

fn number(key: &str, value: &str) -> Result<u64, EngineError> {
    value
        .parse()
        .map_err(|_| bad(format!("{key}={value}: expected a non-negative integer")))
}

impl CpConfig {
    /// Parses the `:`-separated options after `cp` in an engine spec.
    pub fn from_options(options: &[&str]) -> Result<CpConfig, EngineError> {
        let mut config = CpConfig::default();
        for &option in options {
            let option = option.trim();
            if option.is_empty() {
                continue;
            }
            let lower = option.to_ascii_lowercase();
            match lower.split_once('=') {
                Some((key, value)) => config.set(key, value)?,
                None => config.set_bare(&lower)?,
            }
        }
        Ok(config)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        let unknown =
            |what: &str, table: String| bad(format!("unknown {what} `{value}`; valid: {table}"));
        match key {
            "var" | "variable" | "varsel" => {
                self.var = lookup(VARS, value)
                    .or_else(|| lookup(VAR_ALIASES, value))
                    .ok_or_else(|| unknown("variable selector", names(VARS)))?;
            }
            "val" | "value" | "valsel" => {
                self.val =
                    lookup(VALS, value).ok_or_else(|| unknown("value selector", names(VALS)))?;
            }
            "restarts" | "restart" => {
                self.restarts = lookup(RESTARTS, value)
                    .ok_or_else(|| unknown("restart policy", names(RESTARTS)))?;
            }
            "propagation" | "prop" | "level" => {
                self.propagation = lookup(PROPAGATIONS, value)
                    .ok_or_else(|| unknown("propagation level", names(PROPAGATIONS)))?;
            }
            "restart-base" | "base" => {
                self.restart_base = number(key, value)?.max(1);
            }
            "nogoods" => {
                self.nogoods = match value {
                    "on" | "true" | "yes" | "1" => true,
                    "off" | "false" | "no" | "0" => false,
                    _ => return Err(unknown("nogoods setting", "on|off".into())),
                };
            }
            "seed" => self.seed = number(key, value)?,
            _ => {
                return Err(bad(format!(
                    "unknown option `{key}`; valid: {}",
                    option_help()
                )))
            }
        }
        Ok(())
    }

    fn set_bare(&mut self, word: &str) -> Result<(), EngineError> {
        if word == "random" {
            return Err(bad(
                "`random` is ambiguous: write var=random or val=random".into()
            ));
        }
        if let Some(v) = lookup(VARS, word).or_else(|| lookup(VAR_ALIASES, word)) {
            self.var = v;
        } else if let Some(v) = lookup(VALS, word) {
            self.val = v;
        } else if let Some(r) = lookup(RESTARTS, word) {
            self.restarts = r;
        } else if let Some(p) = lookup(PROPAGATIONS, word) {
            self.propagation = p;
        } else if word == "nogoods" || word == "no-nogoods" {
            self.nogoods = word == "nogoods";
        } else {
            return Err(bad(format!(
                "unknown option `{word}`; valid: {}",
                option_help()
            )));
        }
        Ok(())
    }

    /// The spec suffix: the variable selector, then every non-default option,
    /// e.g. `dom-wdeg:luby:fc:seed=7`.
    pub fn spec(&self) -> String {
        let d = CpConfig::default();
        let mut parts = vec![match self.var {
            VarSelect::Random => "var=random".to_string(),
            v => v.name().to_string(),
        }];
        if self.val != d.val {
            parts.push(format!("val={}", self.val.name()));
        }
        if self.restarts != d.restarts {
            parts.push(self.restarts.name().into());
        }
        if self.restart_base != d.restart_base {
            parts.push(format!("restart-base={}", self.restart_base));
        }
        if self.nogoods != d.nogoods {
            parts.push(
                if self.nogoods {
                    "nogoods"
                } else {
                    "no-nogoods"
                }
                .into(),
            );
        }
        if self.propagation != d.propagation {
            parts.push(self.propagation.name().into());
        }
        if self.seed != d.seed {
            parts.push(format!("seed={}", self.seed));
        }
        parts.join(":")
    }

    /// Sets the variable selector.
    pub fn with_var(mut self, var: VarSelect) -> Self {
        self.var = var;
        self
    }

    /// Sets the value selector.
    pub fn with_val(mut self, val: ValSelect) -> Self {
        self.val = val;
        self
    }

    /// Sets the restart policy.
    pub fn with_restarts(mut self, restarts: Restarts) -> Self {
        self.restarts = restarts;
        self
    }

    /// Sets the failures before the first restart.
    pub fn with_restart_base(mut self, base: u64) -> Self {
        self.restart_base = base.max(1);
        self
    }

    /// Turns nogood recording at restarts on or off.
    pub fn with_nogoods(mut self, on: bool) -> Self {
        self.nogoods = on;
        self
    }

    /// Sets the all-different strength.
    pub fn with_propagation(mut self, propagation: Propagation) -> Self {
        self.propagation = propagation;
        self
    }

    /// Sets the seed of the random selectors.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_and_keyed_options_agree() {
        let a = CpConfig::from_options(&["dom-wdeg", "luby", "fc"]).unwrap();
        let b =
            CpConfig::from_options(&["var=dom-wdeg", "restarts=luby", "propagation=fc"]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.restarts, Restarts::Luby);
        assert_eq!(a.propagation, Propagation::Fc);
    }

    #[test]
    fn the_documented_spec_forms_parse() {
        let c = CpConfig::from_options(&[
            "var=dom-wdeg",
            "val=min",
            "restarts=luby",
            "propagation=ac",
            "seed=7",
        ])
        .unwrap();
        assert_eq!(
            c,
            CpConfig::default()
                .with_restarts(Restarts::Luby)
                .with_seed(7)
        );
        assert_eq!(c.spec(), "dom-wdeg:luby:seed=7");
        assert_eq!(CpConfig::from_options(&[]).unwrap(), CpConfig::default());
        assert_eq!(
            CpConfig::from_options(&["DOM-WDEG", "Luby"])
                .unwrap()
                .restarts,
            Restarts::Luby
        );
        let c = CpConfig::from_options(&["dom/wdeg", "ff", "max", "restart-base=10", "no-nogoods"])
            .unwrap();
        assert_eq!(
            (c.var, c.val, c.restart_base, c.nogoods),
            (VarSelect::FirstFail, ValSelect::Max, 10, false)
        );
    }

    #[test]
    fn spec_round_trips() {
        let c =
            CpConfig::from_options(&["var=random", "val=middle", "geometric", "seed=7", "singles"])
                .unwrap();
        let spec = c.spec();
        let parts: Vec<&str> = spec.split(':').collect();
        assert_eq!(CpConfig::from_options(&parts).unwrap(), c);
    }

    #[test]
    fn unknown_and_ambiguous_options_are_refused_with_the_choices() {
        let err = CpConfig::from_options(&["dom-wdeg", "fastest"]).unwrap_err();
        assert!(err.to_string().contains("first-fail"), "{err}");
        let err = CpConfig::from_options(&["var=bogus"]).unwrap_err();
        assert!(err.to_string().contains("input-order|first-fail"), "{err}");
        assert!(CpConfig::from_options(&["random"]).is_err());
        assert!(CpConfig::from_options(&["seed=x"]).is_err());
    }
}
