//! The certificates check with drat-trim, the SAT competitions' proof
//! checker, which shares nothing with sudokit: the CNF and the proof as
//! written, every verdict the same as the in-process checker's.

mod common;

use std::path::Path;
use std::process::Command;

use common::{classic, enumerate};
use sudokit_certify::{claim_cnf, Proof};
use sudokit_conformance::cases;
use sudokit_testkit::{found, Tool};

/// drat-trim's verdict on a CNF and a proof: true for `s VERIFIED`.
fn drat_trim(program: &Path, cnf: &str, proof: &str) -> bool {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (cnf_path, proof_path) = (dir.path().join("puzzle.cnf"), dir.path().join("proof.drat"));
    std::fs::write(&cnf_path, cnf).expect("written");
    std::fs::write(&proof_path, proof).expect("written");
    let output = Command::new(program)
        .arg(&cnf_path)
        .arg(&proof_path)
        .output()
        .expect("drat-trim runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let verified = stdout.lines().any(|l| l.trim() == "s VERIFIED");
    let refused = stdout.lines().any(|l| l.trim() == "s NOT VERIFIED");
    assert!(verified != refused, "drat-trim said neither:\n{stdout}");
    verified
}

/// The drat-trim on PATH, if it runs.
fn program() -> Result<std::path::PathBuf, String> {
    let program = std::path::PathBuf::from("drat-trim");
    match Command::new(&program).arg("--help").output() {
        Ok(_) => Ok(program),
        Err(e) => Err(format!("no drat-trim on PATH: {e}")),
    }
}

#[test]
fn drat_trim_agrees_with_every_verdict() {
    let Some(program) = found(Tool::DratTrim, program()) else {
        return;
    };
    let seventeen = classic(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    );
    let mut puzzles = vec![("17-clue".to_string(), seventeen)];
    for name in [
        "classic9-multi1",
        "x9-zero",
        "killer9-givens",
        "jigsaw9-multi",
    ] {
        let case = cases()
            .into_iter()
            .find(|c| c.name == name)
            .expect("a case");
        puzzles.push((case.name, case.puzzle));
    }
    for (name, puzzle) in puzzles {
        let (grids, certificate) = enumerate(&puzzle, 10);
        let certificate = certificate.expect("certified");
        let cnf = claim_cnf(&puzzle, &grids).expect("a CNF").to_dimacs();
        let proof = certificate.proof.to_drat();
        assert!(drat_trim(&program, &cnf, &proof), "{name}: the proof");
        // When the search needed lemmas, the empty clause alone proves
        // nothing.
        if certificate.proof.lemmas().len() > 1 {
            assert!(
                !drat_trim(&program, &cnf, "0\n"),
                "{name}: the empty clause alone"
            );
        }
        // Claiming one grid fewer: the proof fails (drat-trim then finds
        // the CNF satisfiable, or a lemma it cannot derive).
        if let Some((_, fewer)) = grids.split_last() {
            let weaker = claim_cnf(&puzzle, fewer).expect("a CNF").to_dimacs();
            assert!(
                !drat_trim(&program, &weaker, &proof),
                "{name}: a grid unclaimed"
            );
        }
        assert_eq!(Proof::from_drat(&proof).as_ref(), Ok(&certificate.proof));
    }
}
