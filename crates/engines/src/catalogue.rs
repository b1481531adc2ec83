use sudokit_backtrack::BacktrackEngine;
use sudokit_cp::CpEngine;
use sudokit_fast::FastEngine;
use sudokit_model::{Engine, EngineError};

use crate::AutoEngine;

/// Whether an engine can run in this build on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Availability {
    /// Ready.
    Available,
    /// Not usable here.
    Unavailable {
        /// Why not.
        why: &'static str,
        /// The one step that would make it available.
        hint: &'static str,
    },
}

/// One row of the catalogue.
#[derive(Clone, Debug)]
pub struct EngineInfo {
    /// The name used in specs (`--engine NAME`).
    pub name: &'static str,
    /// Solver family: bitset, CP, SAT, SMT ...
    pub family: &'static str,
    /// One line on what it is.
    pub summary: &'static str,
    /// The options it takes after its name.
    pub options: &'static str,
    /// Whether it can run here.
    pub availability: Availability,
}

const NOT_YET: &str = "not implemented yet in this version of sudokit";

/// Every engine sudokit knows, available or not, in display order.
pub fn catalogue() -> Vec<EngineInfo> {
    use Availability::*;
    vec![
        EngineInfo {
            name: "auto",
            family: "choice",
            summary: "fast for plain boxed grids up to 9x9, cp for everything else (the default)",
            options: "",
            availability: Available,
        },
        EngineInfo {
            name: "fast",
            family: "bitset",
            summary: "band/triad bitset solver for boxed grids, tdoku / JCZSolve family",
            options: "classic (default), generic",
            availability: Available,
        },
        EngineInfo {
            name: "cp",
            family: "CP",
            summary: "propagation + search over any model: strategies, restarts, optimisation",
            options: "var=…, val=…, restarts=…, propagation=fc|singles|ac, seed=N",
            availability: Available,
        },
        EngineInfo {
            name: "backtrack",
            family: "backtracking",
            summary: "the course's baseline: backtracking with forward checking",
            options: "input (default), mrv",
            availability: Available,
        },
        EngineInfo {
            name: "sat",
            family: "SAT",
            summary: "CNF encodings solved by CaDiCaL (rustsat)",
            options: "",
            availability: Unavailable {
                why: NOT_YET,
                hint: "planned: the SAT engine issue",
            },
        },
        EngineInfo {
            name: "z3",
            family: "SMT",
            summary: "Int / BitVec encodings solved by Z3",
            options: "",
            availability: Unavailable {
                why: NOT_YET,
                hint: "planned: the Z3 engine issue (needs `apt-get install libz3-dev`)",
            },
        },
        EngineInfo {
            name: "choco",
            family: "CP (Choco)",
            summary: "the real Choco-solver through its native C API",
            options: "",
            availability: Unavailable {
                why: NOT_YET,
                hint: "planned: the Choco engine issue (needs the pychoco wheel's libchoco_capi)",
            },
        },
    ]
}

/// Splits `NAME:OPT:OPT` into the name and its options.
pub fn parse_spec(spec: &str) -> (&str, Vec<&str>) {
    let mut parts = spec.split(':').map(str::trim);
    let name = parts.next().unwrap_or_default();
    (name, parts.filter(|p| !p.is_empty()).collect())
}

/// Builds the engine a spec names, e.g. `fast`, `cp:dom-wdeg:luby`,
/// `backtrack:mrv`, `auto`.
pub fn build(spec: &str) -> Result<Box<dyn Engine>, EngineError> {
    let (name, options) = parse_spec(spec);
    let no_options = |engine: &str| {
        if options.is_empty() {
            Ok(())
        } else {
            Err(EngineError::BadOption {
                engine: engine.into(),
                message: "takes no options".into(),
            })
        }
    };
    Ok(match name {
        "auto" => {
            no_options("auto")?;
            Box::new(AutoEngine::default())
        }
        "fast" => Box::new(FastEngine::from_options(&options)?),
        "cp" => Box::new(CpEngine::from_options(&options)?),
        "backtrack" => Box::new(BacktrackEngine::from_options(&options)?),
        _ => {
            let known = catalogue();
            return Err(match known.iter().find(|e| e.name == name) {
                Some(EngineInfo {
                    availability: Availability::Unavailable { why, hint },
                    ..
                }) => EngineError::Unavailable {
                    engine: name.into(),
                    why: format!("{why} ({hint})"),
                },
                _ => EngineError::BadOption {
                    engine: name.into(),
                    message: format!(
                        "unknown engine (known: {})",
                        known.iter().map(|e| e.name).collect::<Vec<_>>().join(", ")
                    ),
                },
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_available_engine_builds_and_reports_its_name() {
        for info in catalogue() {
            match info.availability {
                Availability::Available => {
                    let engine = build(info.name).expect(info.name);
                    assert!(engine.name().starts_with(info.name), "{}", engine.name());
                }
                Availability::Unavailable { .. } => {
                    let err = build(info.name)
                        .err()
                        .expect("unavailable engines do not build");
                    assert!(matches!(err, EngineError::Unavailable { .. }), "{err}");
                }
            }
        }
    }

    #[test]
    fn options_reach_the_engine() {
        assert_eq!(build("backtrack:mrv").unwrap().name(), "backtrack:mrv");
    }

    #[test]
    fn unknown_engines_and_options_are_refused_by_name() {
        let err = build("minisat").err().unwrap().to_string();
        assert_eq!(
            err,
            "minisat: unknown engine (known: auto, fast, cp, backtrack, sat, z3, choco)"
        );
        assert!(build("auto:fast").is_err());
        assert!(build("backtrack:sideways").is_err());
    }
}
