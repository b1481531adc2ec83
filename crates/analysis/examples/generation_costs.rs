//! Where the time of generating minimal 9x9 puzzles goes: random full
//! grids against the reduction, on one core with the `fast` engine.
//!
//! `cargo run --release -p sudokit-analysis --example generation_costs -- [COUNT]`

use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use sudokit_analysis::{puzzle_rng, random_full_grid, Counter, Symmetry};
use sudokit_model::Limits;
use sudokit_puzzle::Puzzle;

fn main() {
    let count: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let engine = sudokit_engines::build("fast").expect("fast is built");
    let shape = Puzzle::boxed(3, 3, vec![0; 81]).expect("a blank grid");
    let (mut grids, mut reducing) = (Duration::ZERO, Duration::ZERO);
    let (mut grid_solves, mut reduce_solves) = (0, 0);
    for index in 0..count {
        let mut rng = puzzle_rng(1, index);
        let mut counter = Counter::new(engine.as_ref(), Limits::none());
        let start = Instant::now();
        let solution = random_full_grid(&mut counter, &shape, &mut rng)
            .unwrap()
            .unwrap();
        grids += start.elapsed();
        grid_solves += counter.solves();
        let full = Puzzle::boxed(3, 3, solution.clone()).unwrap();
        let mut orbits = Symmetry::None.orbits(9);
        orbits.shuffle(&mut rng);
        let start = Instant::now();
        let before = counter.solves();
        let mut current = full;
        for orbit in &orbits {
            if counter
                .stays_unique_without(&current, &solution, orbit)
                .unwrap()
            {
                let mut spec = current.spec().clone();
                spec.givens[orbit[0]] = 0;
                current = Puzzle::new(spec).unwrap();
            }
        }
        reducing += start.elapsed();
        reduce_solves += counter.solves() - before;
    }
    let per = |d: Duration| d.as_secs_f64() * 1e6 / count as f64;
    println!("{count} puzzles");
    println!(
        "full grids: {:.0} µs each, {:.2} solves each",
        per(grids),
        grid_solves as f64 / count as f64
    );
    println!(
        "reduction:  {:.0} µs each, {:.1} solves each",
        per(reducing),
        reduce_solves as f64 / count as f64
    );
    println!(
        "minimal puzzles per second: {:.0}",
        count as f64 / (grids + reducing).as_secs_f64()
    );
}
