//! The bundle `sudokit certify` writes: a certificate anyone can check
//! without sudokit.

use std::fmt::Write;

use sudokit_certify::{claim_cnf, Certificate};
use sudokit_formats::{grid_to_line, to_toml};
use sudokit_pipeline::Answer;
use sudokit_puzzle::Puzzle;

use crate::Certified;

impl Certified {
    /// The files of a bundle anyone can check without sudokit:
    /// `puzzle.toml` (the puzzle, as sudokit reads it back),
    /// `solutions.txt` (the grids of `answer`, one a line), `puzzle.cnf`
    /// (DIMACS: the CNF of `puzzle` with a clause blocking each of those
    /// grids, in their order, last), `proof.drat` (`drat-trim puzzle.cnf
    /// proof.drat`) and `README.txt`, which says how to check them and
    /// what the variables mean; none without a certificate.
    pub fn bundle(&self, puzzle: &Puzzle, answer: &Answer) -> Vec<(&'static str, String)> {
        let Some(certificate) = &self.certificate else {
            return Vec::new();
        };
        // Certified means the checker built this very CNF, so it builds.
        let Ok(cnf) = claim_cnf(puzzle, &answer.grids) else {
            return Vec::new();
        };
        let solutions: String = answer
            .grids
            .iter()
            .map(|grid| grid_to_line(puzzle.size(), grid) + "\n")
            .collect();
        vec![
            (
                "README.txt",
                readme(puzzle, certificate, answer.grids.len(), cnf.vars()),
            ),
            ("puzzle.toml", to_toml(puzzle)),
            ("solutions.txt", solutions),
            ("puzzle.cnf", cnf.to_dimacs()),
            ("proof.drat", certificate.proof.to_drat()),
        ]
    }
}

/// The bundle's README: the claim, the files, how to check them and what
/// the CNF's variables mean.
fn readme(puzzle: &Puzzle, certificate: &Certificate, found: usize, vars: u32) -> String {
    let n = puzzle.size();
    let cells = n * n;
    let last = cells * n;
    let grids = match found {
        0 => "none: the file is empty".to_string(),
        k => format!("{k}, one a line, row by row"),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "A certificate written by sudokit: a proof that the puzzle in puzzle.toml\n\
         has no solution but the grids in solutions.txt. Claim: {}.\n\
         \n\
         Files\n\
         \x20 puzzle.toml    the puzzle ({n}x{n}); sudokit reads it back\n\
         \x20 solutions.txt  the grids found: {grids}\n\
         \x20 puzzle.cnf     the puzzle's CNF (DIMACS) with, last, one clause\n\
         \x20                forbidding each grid of solutions.txt, in order\n\
         \x20 proof.drat     a DRUP proof that puzzle.cnf is unsatisfiable\n\
         \n\
         Checking it without sudokit\n\
         \x20 drat-trim puzzle.cnf proof.drat        ends with: s VERIFIED\n\
         drat-trim (https://github.com/marijnheule/drat-trim) is one C file:\n\
         \x20 cc -O2 -o drat-trim drat-trim.c\n\
         Any DRAT checker will do. The proof shows that no grid but those in\n\
         solutions.txt solves the puzzle; that each of those does, check by\n\
         hand or with any Sudoku checker.\n\
         \n\
         The variables of puzzle.cnf\n\
         \x20 Variable cell*{n} + digit, for cells numbered row by row from 0 and\n\
         \x20 digits from 1, means \"this cell holds this digit\": 1 is \"r1c1 holds 1\",\n\
         \x20 {last} is \"r{n}c{n} holds {n}\".\n\
         \x20 The clauses say that each cell holds exactly one digit, that each\n\
         \x20 digit appears at most once in every row, column, box or region,\n\
         \x20 diagonal, extra group and cage, and at least once in every group of\n\
         \x20 {n} cells, that the givens hold, and that the digits the pencil marks\n\
         \x20 exclude do not. The clause forbidding a grid is the negation of its\n\
         \x20 {cells} cell variables.",
        certificate.claim
    );
    if vars as usize > last {
        let _ = writeln!(
            out,
            "\x20 Variables {} to {vars} belong to the killer cages: one for each set of\n\
             \x20 digits a cage can hold (its size and sum), at least one of them true\n\
             \x20 for each cage, and a true one rules out the digits outside its set.",
            last + 1
        );
    }
    out
}
