//! [`ChocoConfig`]: Choco's search as a spec says it, with the option
//! names of the `cp` engine where they mean the same thing
//! (`choco:var=dom-wdeg:restarts=luby` beside `cp:var=dom-wdeg:restarts=luby`).

use std::ffi::CStr;

use sudokit_model::EngineError;

use crate::ffi::ChocoSearch;

/// Which variable Choco branches on (`var=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChocoVar {
    /// Choco's own default search (`default`).
    Default,
    /// The first unfixed variable (`input-order`).
    InputOrder,
    /// The smallest domain (`first-fail`): the course's selector.
    FirstFail,
    /// Domain over weighted degree (`dom-wdeg`).
    DomWDeg,
    /// Conflict-history search (`chs`).
    ConflictHistory,
    /// Activity-based search (`activity`).
    Activity,
    /// A random variable and value (`random`, seeded).
    Random,
}

/// How hard `allDifferent` propagates (`consistency=`), Choco's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Consistency {
    /// Arc consistency (Régin's matching, Zhang's improvement): `AC`.
    Ac,
    /// Bound consistency: `BC`.
    Bc,
    /// Choco's own default: bounds plus a probabilistic AC propagator.
    Default,
}

impl Consistency {
    /// The name Choco takes.
    pub fn choco_name(self) -> &'static CStr {
        match self {
            Consistency::Ac => c"AC",
            Consistency::Bc => c"BC",
            Consistency::Default => c"DEFAULT",
        }
    }
}

/// When Choco restarts (`restarts=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChocoRestarts {
    /// Never.
    None,
    /// After `restart-base * luby(i)` failures.
    Luby,
    /// After `restart-base * 1.5^i` failures.
    Geometric,
}

/// The whole strategy of the `choco` engine.
#[derive(Clone, Debug, PartialEq)]
pub struct ChocoConfig {
    /// Variable selection. Default: Choco's default search.
    pub var: ChocoVar,
    /// Largest value first (`val=max`) instead of the smallest (`val=min`);
    /// only input order and first-fail let the value be chosen.
    pub max_value: bool,
    /// Restarts. Default: none.
    pub restarts: ChocoRestarts,
    /// Failures before the first restart. Default: 64, as `cp`.
    pub restart_base: u32,
    /// Nogoods from restarts. Default: on.
    pub nogoods: bool,
    /// `allDifferent` consistency. Default: AC, as `cp`.
    pub consistency: Consistency,
    /// Seed of `var=random`.
    pub seed: u64,
}

impl Default for ChocoConfig {
    fn default() -> Self {
        ChocoConfig {
            var: ChocoVar::Default,
            max_value: false,
            restarts: ChocoRestarts::None,
            restart_base: 64,
            nogoods: true,
            consistency: Consistency::Ac,
            seed: 0,
        }
    }
}

const VARS: &[(&str, ChocoVar)] = &[
    ("default", ChocoVar::Default),
    ("input-order", ChocoVar::InputOrder),
    ("first-fail", ChocoVar::FirstFail),
    ("dom-wdeg", ChocoVar::DomWDeg),
    ("chs", ChocoVar::ConflictHistory),
    ("activity", ChocoVar::Activity),
    ("random", ChocoVar::Random),
];
const RESTARTS: &[(&str, ChocoRestarts)] = &[
    ("none", ChocoRestarts::None),
    ("luby", ChocoRestarts::Luby),
    ("geometric", ChocoRestarts::Geometric),
];
const CONSISTENCIES: &[(&str, Consistency)] = &[
    ("ac", Consistency::Ac),
    ("bc", Consistency::Bc),
    ("default", Consistency::Default),
];

/// What the options are, for help texts and errors.
pub const OPTIONS: &str = "var=default|input-order|first-fail|dom-wdeg|chs|activity|random, \
    val=min|max (input-order, first-fail), restarts=none|luby|geometric, restart-base=N, \
    nogoods=on|off, consistency=ac|bc|default, seed=N";

fn bad(message: String) -> EngineError {
    EngineError::BadOption {
        engine: "choco".into(),
        message,
    }
}

fn lookup<T: Copy>(table: &[(&str, T)], word: &str) -> Option<T> {
    table.iter().find(|(n, _)| *n == word).map(|(_, v)| *v)
}

fn name_of<T: PartialEq>(table: &[(&'static str, T)], value: &T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| v == value)
        .map(|(n, _)| *n)
        .expect("every variant is in its table")
}

impl ChocoConfig {
    /// Parses the options after `choco` in a spec: `key=value`, or a
    /// variable selector alone (`choco:dom-wdeg`).
    pub fn from_options(options: &[&str]) -> Result<ChocoConfig, EngineError> {
        let mut config = ChocoConfig::default();
        let mut val_given = false;
        for option in options {
            let (key, value) = match option.split_once('=') {
                Some((key, value)) => (key.trim(), value.trim()),
                None => ("var", option.trim()),
            };
            let unknown = || bad(format!("unknown option `{option}` (known: {OPTIONS})"));
            match key {
                "var" => config.var = lookup(VARS, value).ok_or_else(unknown)?,
                "val" => {
                    config.max_value = match value {
                        "min" => false,
                        "max" => true,
                        _ => return Err(unknown()),
                    };
                    val_given = true;
                }
                "restarts" => config.restarts = lookup(RESTARTS, value).ok_or_else(unknown)?,
                "restart-base" => {
                    config.restart_base =
                        value.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                            bad(format!("{option}: expected a whole number above 0"))
                        })?
                }
                "nogoods" => {
                    config.nogoods = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(unknown()),
                    }
                }
                "consistency" => {
                    config.consistency = lookup(CONSISTENCIES, value).ok_or_else(unknown)?
                }
                "seed" => {
                    config.seed = value
                        .parse()
                        .map_err(|_| bad(format!("{option}: expected a whole number")))?
                }
                _ => return Err(unknown()),
            }
        }
        let chooses_value = matches!(config.var, ChocoVar::InputOrder | ChocoVar::FirstFail);
        if val_given && !chooses_value {
            return Err(bad(format!(
                "val= goes with var=input-order or var=first-fail: Choco's {} search picks its own values",
                name_of(VARS, &config.var)
            )));
        }
        Ok(config)
    }

    /// The options that differ from the default, as a spec writes them.
    pub fn spec(&self) -> String {
        let default = ChocoConfig::default();
        let mut parts = Vec::new();
        if self.var != default.var {
            parts.push(format!("var={}", name_of(VARS, &self.var)));
        }
        if self.max_value {
            parts.push("val=max".into());
        }
        if self.restarts != default.restarts {
            parts.push(format!("restarts={}", name_of(RESTARTS, &self.restarts)));
        }
        if self.restart_base != default.restart_base {
            parts.push(format!("restart-base={}", self.restart_base));
        }
        if !self.nogoods {
            parts.push("nogoods=off".into());
        }
        if self.consistency != default.consistency {
            parts.push(format!(
                "consistency={}",
                name_of(CONSISTENCIES, &self.consistency)
            ));
        }
        if self.seed != default.seed {
            parts.push(format!("seed={}", self.seed));
        }
        parts.join(":")
    }

    /// The Choco search factory this strategy calls.
    pub fn search(&self) -> ChocoSearch {
        let ub = self.max_value;
        match self.var {
            ChocoVar::Default => ChocoSearch::Default,
            ChocoVar::InputOrder => ChocoSearch::InputOrder { ub },
            ChocoVar::FirstFail => ChocoSearch::MinDom { ub },
            ChocoVar::DomWDeg => ChocoSearch::DomOverWDeg,
            ChocoVar::ConflictHistory => ChocoSearch::ConflictHistory,
            ChocoVar::Activity => ChocoSearch::Activity,
            ChocoVar::Random => ChocoSearch::Random { seed: self.seed },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_through_the_spec() {
        for spec in [
            "",
            "var=dom-wdeg",
            "var=first-fail:val=max",
            "var=chs:restarts=luby:restart-base=32",
            "restarts=geometric:nogoods=off",
            "consistency=bc",
            "var=random:seed=7",
        ] {
            let options: Vec<&str> = spec.split(':').filter(|s| !s.is_empty()).collect();
            let config = ChocoConfig::from_options(&options).unwrap();
            assert_eq!(config.spec(), spec);
        }
        let bare = ChocoConfig::from_options(&["activity"]).unwrap();
        assert_eq!(bare.var, ChocoVar::Activity);
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        let message =
            |options: &[&str]| ChocoConfig::from_options(options).unwrap_err().to_string();
        assert_eq!(
            message(&["var=dom-wdeg", "val=max"]),
            "choco: val= goes with var=input-order or var=first-fail: \
             Choco's dom-wdeg search picks its own values"
        );
        assert!(message(&["sideways"]).starts_with("choco: unknown option `sideways` (known: var="));
        assert_eq!(
            message(&["restart-base=0"]),
            "choco: restart-base=0: expected a whole number above 0"
        );
    }
}
