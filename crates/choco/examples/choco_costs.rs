//! Where the `choco` engine's time goes: the one-time start-up (finding
//! the library, loading it and starting its isolate) apart from each
//! puzzle's cost, and each puzzle's Choco model building apart from its
//! search. Counting to 2, as the bench does; medians in µs.
//!
//! ```sh
//! cargo run --release -p sudokit-choco --example choco_costs -- data/coursia/Sudoku_top95.txt [SPEC-OPTIONS...]
//! ```

use std::time::{Duration, Instant};

use sudokit_choco::{library, locate, ChocoEngine};
use sudokit_formats::{parse_line, ReadOptions};
use sudokit_model::{Engine, Mode, Request};
use sudokit_puzzle::Puzzle;

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1e6
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .expect("usage: choco_costs PUZZLE-FILE [OPTIONS...]");
    let options: Vec<String> = args.collect();
    let options: Vec<&str> = options.iter().map(String::as_str).collect();

    let started = Instant::now();
    let found = locate::locate(std::env::var_os(locate::ENV_VAR).map(Into::into));
    let located = started.elapsed();
    let started = Instant::now();
    let loaded = library().map(|l| l.path.display().to_string());
    let load = started.elapsed();
    println!("library: {found:?}\nloaded: {loaded:?}");
    println!(
        "start-up: locate {:.1} ms, locate + load + isolate {:.1} ms",
        located.as_secs_f64() * 1e3,
        load.as_secs_f64() * 1e3
    );

    let engine = ChocoEngine::from_options(&options).expect("a known spec");
    let text = std::fs::read_to_string(&file).expect("a readable puzzle file");
    let puzzles: Vec<Puzzle> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| parse_line(&l[..81], &ReadOptions::default()).expect("a 9x9 puzzle"))
        .collect();
    let request = Request::new(Mode::CountUpTo(2));
    let started = Instant::now();
    engine
        .solve(&puzzles[0].to_model(), &request)
        .expect("the first solve");
    println!(
        "first solve (this thread attaches): {:.2} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    let (mut build, mut search, mut whole, mut nodes) = (Vec::new(), Vec::new(), Vec::new(), 0);
    for puzzle in &puzzles {
        let model = puzzle.to_model();
        let started = Instant::now();
        let outcome = engine.solve(&model, &request).expect("solved");
        whole.push(started.elapsed());
        build.push(outcome.stats.build_time);
        search.push(outcome.stats.solve_time);
        nodes += outcome.stats.nodes.unwrap_or(0);
    }
    println!(
        "{} puzzles, {}: median build {:.0} µs, search {:.0} µs, whole call {:.0} µs; {:.1} nodes a puzzle",
        puzzles.len(),
        engine.name(),
        median(build),
        median(search),
        median(whole),
        nodes as f64 / puzzles.len() as f64
    );
}
