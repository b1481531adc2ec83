//! `z3`'s file format: a model as the SMT-LIB 2 script a `z3` spec with
//! the same options would send, which `z3 FILE` runs (`sudokit export
//! --to smt2`). Writing a script needs no `z3` program, so the options
//! that shape it are read here, not by [`Z3Engine::from_options`], which
//! starts by finding one.
//!
//! [`Z3Engine::from_options`]: crate::Z3Engine::from_options

use sudokit_model::{EngineError, Model};

use crate::options::{key_value, Script};
use crate::to_smtlib;

/// `model` as an SMT-LIB 2 script under the options after `z3` in a spec
/// that shape the script (`encoding=`, `tactic=`, `rules=`), with the
/// engine's defaults: the descriptor's exporter.
pub(crate) fn to_smt2(model: &Model, options: &[&str]) -> Result<String, EngineError> {
    let bad = |message: String| EngineError::BadOption {
        engine: "z3".into(),
        message,
    };
    let mut script = Script::default();
    for option in options {
        let (key, value) = key_value(option);
        if !script.take(key, value).map_err(bad)? {
            return Err(bad(format!(
                "unknown option `{option}` for a script \
                 (known: encoding=int|bv|bv-subst|bv-tactic, tactic=STEP+STEP…, rules=extended|plain)"
            )));
        }
    }
    let (encoding, tactic, extended) = script.settle().map_err(bad)?;
    to_smtlib(model, encoding, &tactic, extended).map_err(|e| EngineError::Unsupported {
        engine: "z3".into(),
        what: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use sudokit_problems::n_queens;

    use super::*;

    #[test]
    fn options_shape_the_script() {
        let model = n_queens(4);
        let int = to_smt2(&model, &["encoding=int"]).unwrap();
        let bv = to_smt2(&model, &[]).unwrap();
        assert!(int.contains("(declare-const q1 Int)"), "{int}");
        assert!(bv.contains("(_ BitVec "), "{bv}");
        let tactic = to_smt2(&model, &["encoding=bv-tactic", "tactic=simplify+sat"]).unwrap();
        assert!(
            tactic.contains("(check-sat-using (then simplify sat))"),
            "{tactic}"
        );
    }

    #[test]
    fn options_that_do_not_shape_a_script_are_refused() {
        let e = to_smt2(&n_queens(4), &["process=fresh"]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("z3: unknown option `process=fresh` for a script"),
            "{e}"
        );
    }
}
