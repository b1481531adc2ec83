//! Named comparisons: the engines, sets and mode of one of the course's
//! exercises, so `sudokit bench --preset z3-tactics` reruns it as
//! BENCHMARKS.md measured it.

use std::time::Duration;

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
    /// The sets of `--full` (the whole table), where they differ.
    pub full_sets: &'static [&'static str],
    /// The deadline of each solve, where the preset sets one.
    pub timeout: Option<Duration>,
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
        full_sets: &[],
        timeout: None,
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
        full_sets: &[],
        timeout: None,
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
        full_sets: &[],
        timeout: None,
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
        full_sets: &[],
        timeout: None,
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
        full_sets: &[],
        timeout: None,
    },
    Preset {
        name: "giant",
        summary: "engines at scale: random 25x25 and 36x36 grids 45% and 60% blank, 3 a set, \
                  counting to 2 with a 5 s limit (a few minutes); --full for 25x25 to 100x100 at \
                  five blank shares, 5 a set (BENCHMARKS.md's scaling table)",
        engines: &["cp", "sat", "fast", "backtrack:mrv", "z3", "choco"],
        sets: &["giant-quick"],
        mode: "unique",
        full_sets: &["giant"],
        timeout: Some(Duration::from_secs(5)),
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
            "unknown preset `z3` (known: z3-encodings, z3-tactics, sat-encodings, cp-strategies, \
             cp-vs-choco, giant)"
        );
    }

    /// `giant`'s short run and its whole table: the sets each stands for,
    /// and the short run's first puzzles counted to 2 by `fast` and `cp`
    /// (every grid verified by the runner, both engines agreeing).
    #[test]
    fn giant_runs_random_big_grids_counting_to_2() {
        let giant = preset("giant").unwrap();
        let owned = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let full = load_sets(&owned(giant.full_sets)).unwrap();
        let names: Vec<&str> = full.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names.len(), 30);
        assert_eq!(names[..2], ["random-25-45", "random-25-55"]);
        assert_eq!(names[29], "random-100-75");
        assert!(full.iter().all(|s| s.puzzles.len() == 5));
        let quick = load_sets(&owned(giant.sets)).unwrap();
        let names: Vec<&str> = quick.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "random-25-45",
                "random-25-60",
                "random-36-45",
                "random-36-60"
            ]
        );
        // The same puzzles in both: a set's puzzle depends on its seed and
        // index, not on how many the set holds.
        assert_eq!(quick[0].puzzles[2].text, full[0].puzzles[2].text);

        let engines = build_engines(&["fast".into(), "cp".into()]).unwrap();
        let config = crate::Config {
            mode: BenchMode::parse(giant.mode).unwrap(),
            limit: Some(2),
            timeout: Duration::from_secs(60),
            ..crate::Config::default()
        };
        let rows = crate::run(&engines, &quick[..1], &config, &|_| {});
        assert_eq!(rows.len(), 4);
        for row in &rows {
            // 45% blank: every puzzle has two solutions or more.
            assert_eq!(
                (row.status, row.solutions, row.complete),
                (crate::RowStatus::Solved, 2, false),
                "{row:?}"
            );
        }
    }
}
