//! The engine alone (`solve_digits`, count up to 2) on fixed samples of
//! the six standard sets, so that everyone measures a change the same way:
//!
//! ```text
//! cargo bench -p sudokit-fast
//! SUDOKIT_FAST_LEVEL=scalar cargo bench -p sudokit-fast   # the fallback path
//! ```
//!
//! Each sample is the first 100 puzzles of its set (see `samples/README.md`);
//! one iteration solves them all, and the throughput is in puzzles. The
//! level the search runs at (see the crate docs) is printed first.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudokit_fast::{instruction_level, solve_digits};
use sudokit_model::Limits;

/// The samples, named as the sets are in BENCHMARKS.md.
const SAMPLES: [(&str, &str); 6] = [
    ("17_clue", include_str!("samples/17_clue.txt")),
    ("top1465", include_str!("samples/magictour_top1465.txt")),
    (
        "1905_11+",
        include_str!("samples/forum_hardest_1905_11+.txt"),
    ),
    ("1106", include_str!("samples/forum_hardest_1106.txt")),
    ("serg", include_str!("samples/serg_benchmark.txt")),
    ("top95", include_str!("samples/top95.txt")),
];

/// A sample's puzzles as givens (0 for a blank).
fn puzzles(text: &str) -> Vec<[u8; 81]> {
    text.lines()
        .map(|line| {
            let mut givens = [0u8; 81];
            for (cell, byte) in givens.iter_mut().zip(line.bytes()) {
                *cell = byte.saturating_sub(b'0') % 10;
            }
            givens
        })
        .collect()
}

fn solve(c: &mut Criterion) {
    eprintln!("sudokit-fast: instruction level {}", instruction_level());
    let limits = Limits::none();
    let mut group = c.benchmark_group("solve_digits");
    group
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    for (set, text) in SAMPLES {
        let puzzles = puzzles(text);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(set, |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solve_digits(black_box(p), 2, &limits));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
