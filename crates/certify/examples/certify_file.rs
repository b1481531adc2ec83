//! Certifies every classic 9x9 puzzle of a file (one per line, `.` or `0`
//! blank; `#` comments) with the prover and checker alone, and prints the
//! totals: `cargo run --release -p sudokit-certify --example certify_file FILE`.

use std::time::{Duration, Instant};

use sudokit_certify::{Certifier, Uncertified};
use sudokit_puzzle::Puzzle;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: certify_file FILE")?;
    let text = std::fs::read_to_string(&path)?;
    let (mut puzzles, mut lemmas, mut bytes, mut max_bytes) = (0usize, 0usize, 0usize, 0usize);
    let (mut prove, mut check) = (Duration::ZERO, Duration::ZERO);
    let mut claims = std::collections::BTreeMap::new();
    let started = Instant::now();
    let mut certifier = Certifier::new();
    for line in text.lines().map(str::trim) {
        if line.len() < 81 || line.starts_with('#') {
            continue;
        }
        let givens = line[..81]
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        let puzzle = Puzzle::boxed(3, 3, givens)?;
        let mut grids = Vec::new();
        let certificate = loop {
            match certifier.prove(&puzzle, &grids, &mut || false) {
                Ok(certificate) => break certificate,
                Err(Uncertified::AnotherSolution(grid)) if grids.len() < 10 => grids.push(grid),
                Err(other) => return Err(format!("{line}: {other}").into()),
            }
        };
        puzzles += 1;
        lemmas += certificate.proof.lemmas().len();
        let size = certificate.proof.drat_len();
        bytes += size;
        max_bytes = max_bytes.max(size);
        prove += certificate.prove_time;
        check += certificate.check_time;
        *claims.entry(certificate.claim.to_string()).or_insert(0) += 1;
    }
    let per = |d: Duration| d.as_secs_f64() * 1e6 / puzzles.max(1) as f64;
    println!(
        "{path}: {puzzles} puzzles {claims:?}; per puzzle: {:.1} lemmas, {:.0} proof bytes \
         (max {max_bytes}), last proof {:.0} µs + check {:.0} µs; all rounds {:.2} s",
        lemmas as f64 / puzzles.max(1) as f64,
        bytes as f64 / puzzles.max(1) as f64,
        per(prove),
        per(check),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
