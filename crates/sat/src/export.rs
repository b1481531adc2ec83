//! `sat`'s file format: the CNF of a model in DIMACS form, encoded as a
//! `sat` spec with the same options encodes it, for any SAT solver
//! (`sudokit export --to dimacs`).

use sudokit_model::{EngineError, Model};

use crate::{encode, SatEngine};

/// `model`'s CNF in DIMACS form under the options after `sat` in a spec
/// (`encoding=`, `amo=`, `cages=`): the descriptor's exporter.
pub(crate) fn to_dimacs(model: &Model, options: &[&str]) -> Result<String, EngineError> {
    let engine = SatEngine::from_options(options)?;
    let encoded = encode(model, engine.encoding).map_err(|e| EngineError::Unsupported {
        engine: "sat".into(),
        what: e.to_string(),
    })?;
    Ok(encoded.cnf.to_dimacs())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty 4x4 grid: 16 cells of 4 values.
    fn grid() -> Model {
        sudokit_puzzle::Puzzle::boxed(2, 2, vec![0; 16])
            .unwrap()
            .to_model()
    }

    #[test]
    fn options_choose_the_clauses() {
        let minimal = to_dimacs(&grid(), &["encoding=minimal"]).unwrap();
        let extended = to_dimacs(&grid(), &[]).unwrap();
        assert!(minimal.contains("\np cnf 64 "), "{minimal}");
        assert!(extended.lines().count() > minimal.lines().count());
    }

    #[test]
    fn an_unknown_option_is_refused_as_the_engine_refuses_it() {
        let e = to_dimacs(&grid(), &["encoding=tiny"]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("sat: unknown option `encoding=tiny`"),
            "{e}"
        );
    }
}
