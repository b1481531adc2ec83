use sudokit_certify::{Certificate, Uncertified};
fn main() {
    for case in sudokit_conformance::cases() {
        if !case.name.starts_with("killer9") { continue; }
        let mut grids = Vec::new();
        loop {
            let t = std::time::Instant::now();
            match Certificate::prove(&case.puzzle, &grids, &mut || false) {
                Ok(c) => { eprintln!("{} lemmas {} prove {:?} check {:?} total {:?}", case.name, c.proof.lemmas().len(), c.prove_time, c.check_time, t.elapsed()); break }
                Err(Uncertified::AnotherSolution(g)) => { eprintln!("found in {:?}", t.elapsed()); grids.push(g) }
                Err(e) => panic!("{e}"),
            }
        }
    }
}
