use sudokit_model::{Availability, Descriptor, Engine, EngineError, Model};

/// A catalogue entry for an engine behind a cargo feature: its descriptor
/// when the feature is on, else a stub that says which feature brings it.
macro_rules! feature_gated {
    ($feature:literal, $descriptor:path, $name:literal, $family:literal) => {{
        #[cfg(feature = $feature)]
        let entry = $descriptor;
        #[cfg(not(feature = $feature))]
        let entry = missing!(
            $name,
            $family,
            "not in this build",
            "not in this build",
            concat!("rebuild with `--features ", $feature, "`")
        );
        entry
    }};
}

/// A descriptor for an engine this build cannot run: listed, never built.
/// Unused in a build that has every engine.
#[allow(unused_macros)]
macro_rules! missing {
    ($name:literal, $family:literal, $summary:expr, $why:expr, $hint:expr) => {{
        fn probe() -> Availability {
            Availability::Unavailable {
                why: $why.into(),
                hint: $hint.into(),
            }
        }
        fn build(_: &[&str]) -> Result<Box<dyn Engine>, EngineError> {
            Err(EngineError::Unavailable {
                engine: $name.into(),
                why: probe().to_string(),
            })
        }
        Descriptor {
            name: $name,
            family: $family,
            summary: $summary,
            options: "",
            bench_spec: $name,
            probe,
            build,
            conformance: sudokit_model::Conformance {
                specs: &[],
                refuses: &[],
                slow: &[],
            },
            export: None,
        }
    }};
}

/// Every engine sudokit knows, in display order: those of this build with
/// their descriptors, the others as entries that say what would bring them.
pub fn catalogue() -> Vec<Descriptor> {
    #[cfg(all(feature = "fast", feature = "cp"))]
    let auto = crate::auto::DESCRIPTOR;
    #[cfg(not(all(feature = "fast", feature = "cp")))]
    let auto = missing!(
        "auto",
        "choice",
        "not in this build",
        "not in this build",
        "rebuild with `--features fast,cp`"
    );
    vec![
        auto,
        feature_gated!("fast", sudokit_fast::DESCRIPTOR, "fast", "bitset"),
        feature_gated!("cp", sudokit_cp::DESCRIPTOR, "cp", "CP"),
        feature_gated!(
            "backtrack",
            sudokit_backtrack::DESCRIPTOR,
            "backtrack",
            "backtracking"
        ),
        feature_gated!("sat", sudokit_sat::DESCRIPTOR, "sat", "SAT"),
        feature_gated!("z3", sudokit_z3::DESCRIPTOR, "z3", "SMT"),
        feature_gated!("choco", sudokit_choco::DESCRIPTOR, "choco", "CP (Choco)"),
    ]
}

/// Splits `NAME:OPT:OPT` into the name and its options.
pub fn parse_spec(spec: &str) -> (&str, Vec<&str>) {
    let mut parts = spec.split(':').map(str::trim);
    let name = parts.next().unwrap_or_default();
    (name, parts.filter(|p| !p.is_empty()).collect())
}

/// The catalogue entry named `name`.
pub fn find(name: &str) -> Option<Descriptor> {
    catalogue().into_iter().find(|d| d.name == name)
}

/// Builds the engine a spec names, e.g. `fast`, `cp:dom-wdeg:luby`,
/// `backtrack:mrv`, `auto`, after probing that it can run here.
pub fn build(spec: &str) -> Result<Box<dyn Engine>, EngineError> {
    let (name, options) = parse_spec(spec);
    let descriptor = known(name)?;
    match (descriptor.probe)() {
        Availability::Available => (descriptor.build)(&options),
        unavailable => Err(EngineError::Unavailable {
            engine: name.into(),
            why: unavailable.to_string(),
        }),
    }
}

/// Writes `model` in the file format of the engine a spec names, with the
/// spec's options: `sat:encoding=minimal` gives DIMACS CNF, `z3:encoding=int`
/// an SMT-LIB 2 script. It needs the engine in this build, not its solver
/// on this machine: writing a file runs nothing.
pub fn export(spec: &str, model: &Model) -> Result<String, EngineError> {
    let (name, options) = parse_spec(spec);
    let descriptor = known(name)?;
    if let Some(export) = descriptor.export {
        return export(model, &options);
    }
    match (descriptor.probe)() {
        Availability::Available => Err(EngineError::BadOption {
            engine: name.into(),
            message: "writes no file format (sat and z3 do)".into(),
        }),
        // Left out of this build: the entry says which feature brings it.
        unavailable => Err(EngineError::Unavailable {
            engine: name.into(),
            why: unavailable.to_string(),
        }),
    }
}

/// The catalogue entry named `name`, or an error that lists the names.
fn known(name: &str) -> Result<Descriptor, EngineError> {
    let known = catalogue();
    match known.iter().find(|d| d.name == name) {
        Some(descriptor) => Ok(*descriptor),
        None => Err(EngineError::BadOption {
            engine: name.into(),
            message: format!(
                "unknown engine (known: {})",
                known.iter().map(|d| d.name).collect::<Vec<_>>().join(", ")
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_available_engine_builds_and_reports_its_name() {
        for d in catalogue() {
            match (d.probe)() {
                Availability::Available => {
                    let engine = build(d.name).expect(d.name);
                    assert!(engine.name().starts_with(d.name), "{}", engine.name());
                }
                Availability::Unavailable { .. } => {
                    let err = build(d.name)
                        .err()
                        .expect("unavailable engines do not build");
                    assert!(matches!(err, EngineError::Unavailable { .. }), "{err}");
                }
            }
        }
    }

    #[test]
    fn options_reach_the_engine() {
        assert_eq!(build(" cp : first-fail ").unwrap().name(), "cp:first-fail");
        assert_eq!(build("fast:generic").unwrap().name(), "fast:generic");
    }

    #[test]
    fn unknown_engines_and_options_are_refused_by_name() {
        let err = build("minisat").err().unwrap().to_string();
        assert_eq!(
            err,
            "minisat: unknown engine (known: auto, fast, cp, backtrack, sat, z3, choco)"
        );
        assert_eq!(
            build("auto:fast").err().unwrap().to_string(),
            "auto: takes no options"
        );
        assert!(build("fast:sideways").is_err());
    }

    /// An empty 4x4 grid's model.
    fn grid() -> Model {
        sudokit_puzzle::Puzzle::boxed(2, 2, vec![0; 16])
            .unwrap()
            .to_model()
    }

    #[cfg(feature = "sat")]
    #[test]
    fn sat_writes_dimacs_with_the_options_of_its_spec() {
        let minimal = export("sat:encoding=minimal", &grid()).unwrap();
        let extended = export("sat", &grid()).unwrap();
        assert!(minimal.contains("\np cnf 64 "), "{minimal}");
        assert!(extended.lines().count() > minimal.lines().count());
    }

    #[test]
    fn an_engine_without_a_file_format_says_so() {
        assert_eq!(
            export("cp", &grid()).unwrap_err().to_string(),
            "cp: writes no file format (sat and z3 do)"
        );
        assert_eq!(
            export("minisat", &grid()).unwrap_err().to_string(),
            "minisat: unknown engine (known: auto, fast, cp, backtrack, sat, z3, choco)"
        );
    }

    /// CI runs this with `--no-default-features --features fast,cp`.
    #[cfg(not(feature = "sat"))]
    #[test]
    fn exporting_through_an_engine_left_out_says_which_feature_brings_it() {
        assert_eq!(
            export("sat:encoding=minimal", &grid())
                .unwrap_err()
                .to_string(),
            "sat is not available: not in this build (rebuild with `--features sat`)"
        );
    }

    /// CI runs this with `--no-default-features --features fast,cp`.
    #[cfg(not(feature = "backtrack"))]
    #[test]
    fn an_engine_left_out_of_the_build_says_which_feature_brings_it() {
        let err = build("backtrack:mrv").err().unwrap().to_string();
        assert_eq!(
            err,
            "backtrack is not available: not in this build \
             (rebuild with `--features backtrack`)"
        );
        let listed = find("backtrack").expect("still in the catalogue");
        assert_eq!(listed.summary, "not in this build");
    }
}
