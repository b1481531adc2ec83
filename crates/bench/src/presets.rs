//! Named comparisons: the engines, sets and mode of one of the course's
//! exercises, so `sudokit bench --preset z3-tactics` reruns it as
//! BENCHMARKS.md measured it.

use crate::BenchError;

/// One named comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The name after `--preset`.
    pub name: &'static str,
    /// What it compares.
    pub summary: &'static str,
    /// Engine specs.
    pub engines: &'static [&'static str],
    /// Sets (built-in names).
    pub sets: &'static [&'static str],
    /// `first` or `unique`.
    pub mode: &'static str,
}

/// Every preset.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "z3-encodings",
        summary: "the Z3 notebook's four encodings as it wrote them, a fresh process per \
                  puzzle, and sudokit's default (extended rules), counting to 2",
        engines: &[
            "z3:encoding=int:rules=plain",
            "z3:encoding=bv:rules=plain",
            "z3:encoding=bv-subst:rules=plain",
            "z3:encoding=bv-tactic:rules=plain",
            "z3:encoding=bv:rules=plain:process=fresh",
            "z3",
        ],
        sets: &["easy", "medium", "hard"],
        mode: "unique",
    },
    Preset {
        name: "z3-tactics",
        summary: "Z3 tactic pipelines on the same puzzles (the notebook's exercise)",
        engines: &[
            "z3:tactic=blast-distinct+bit-blast+sat",
            "z3:tactic=qfbv",
            "z3:tactic=blast-distinct+smt",
            "z3:tactic=smt",
        ],
        sets: &["medium", "hard"],
        mode: "first",
    },
    Preset {
        name: "sat-encodings",
        summary: "the SAT notebook's CNF encodings and at-most-one constraints",
        engines: &[
            "sat",
            "sat:encoding=minimal",
            "sat:amo=sequential",
            "sat:encoding=minimal:amo=sequential",
        ],
        sets: &["easy", "medium", "hard"],
        mode: "first",
    },
    Preset {
        name: "cp-strategies",
        summary: "the CP notebook's search strategies and propagation levels",
        engines: &[
            "cp:input-order:fc",
            "cp:first-fail:fc",
            "cp:first-fail",
            "cp:dom-wdeg",
            "cp:chs",
        ],
        sets: &["easy", "medium", "hard"],
        mode: "first",
    },
    Preset {
        name: "cp-vs-choco",
        summary: "sudokit's cp beside the real Choco-solver, the same strategies and \
                  arc-consistent all-different, counting to 2",
        engines: &[
            "cp:var=input-order",
            "choco:var=input-order",
            "cp:var=first-fail",
            "choco:var=first-fail",
            "cp:var=dom-wdeg",
            "choco:var=dom-wdeg",
            "cp:var=chs",
            "choco:var=chs",
            "choco",
        ],
        sets: &["medium", "hard"],
        mode: "unique",
    },
];

/// The preset called `name`.
pub fn preset(name: &str) -> Result<&'static Preset, BenchError> {
    PRESETS.iter().find(|p| p.name == name).ok_or_else(|| {
        let known: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
        BenchError::BadSetting(format!(
            "unknown preset `{name}` (known: {})",
            known.join(", ")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{build_engines, load_sets, BenchMode};
    use sudokit_model::EngineError;

    /// Every spec builds, or is refused only because its solver is missing here.
    #[test]
    fn every_preset_names_engines_sets_and_a_mode_that_exist() {
        for preset in PRESETS {
            for spec in preset.engines {
                match build_engines(&[spec.to_string()]) {
                    Ok(_) => {}
                    Err(BenchError::Engine {
                        source: EngineError::Unavailable { .. },
                        ..
                    }) => {}
                    Err(e) => panic!("{}: {e}", preset.name),
                }
            }
            let sets: Vec<String> = preset.sets.iter().map(|s| s.to_string()).collect();
            load_sets(&sets).unwrap();
            BenchMode::parse(preset.mode).unwrap();
        }
        assert_eq!(
            preset("z3").unwrap_err().to_string(),
            "unknown preset `z3` (known: z3-encodings, z3-tactics, sat-encodings, cp-strategies, cp-vs-choco)"
        );
    }
}
