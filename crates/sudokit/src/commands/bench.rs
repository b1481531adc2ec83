//! `sudokit bench`: every engine on the built-in sets (or files), a table,
//! and JSON / CSV / HTML reports. The work is in `sudokit-bench`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use sudokit_bench::{
    available_specs, baseline_messages, build_engines, compare, default_specs, format_duration,
    from_json, load_sets, preset, render_html, render_markdown, render_table, run as run_bench,
    to_json, write_csv, BenchError, BenchMode, BenchReport, Config, Machine, Progress,
};

use crate::args::worker_threads;
use crate::failure::{Exit, Failure};
use crate::interrupt;
use crate::notes::note;

/// Arguments of `sudokit bench`.
#[derive(Args, Debug)]
#[command(after_help = "Exit codes: 0 the run finished (timeouts included), \
    2 bad input, 4 some engine gave a wrong answer (it is disqualified on that set).")]
pub struct BenchArgs {
    /// Engines to compare, with options (`fast,cp:dom-wdeg,backtrack:mrv`).
    /// Default: every available engine once, as its catalogue entry says
    /// to time it (backtrack as backtrack:mrv).
    #[arg(long, value_delimiter = ',', value_name = "SPEC")]
    engines: Vec<String>,
    /// A named comparison: its engines, sets, mode and timeout (`--sets`,
    /// `--mode` and `--timeout` still override; engines missing here are
    /// left out with a note): z3-encodings, z3-tactics, sat-encodings,
    /// cp-strategies, cp-vs-choco, giant.
    #[arg(long, value_name = "NAME", conflicts_with = "engines")]
    preset: Option<String>,
    /// With --preset giant: the whole table (every size and blank share)
    /// rather than its few minutes' sample.
    #[arg(long, requires = "preset", conflicts_with = "sets")]
    full: bool,
    /// Puzzle sets: built-in `easy`, `medium`, `hard`; random big grids
    /// made from a seed: `random:SIZE:BLANK[:COUNT[:SEED]]` (`random:25:60`:
    /// ten 25x25 grids 60% blank), `giant` (the scaling table),
    /// `giant-quick`; puzzle files, or folders of puzzle files. Default:
    /// easy,medium,hard.
    #[arg(long, value_delimiter = ',', num_args = 1.., value_name = "SET|FILE|DIR")]
    sets: Vec<String>,
    /// Use only the first N puzzles of each set.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Deadline per puzzle: seconds (1.5) or 500ms, 3s, 2m, 1h. Default:
    /// 10s (or the preset's).
    #[arg(long, value_parser = sudokit_model::parse_duration, value_name = "DURATION")]
    timeout: Option<Duration>,
    /// Puzzles solved at once (default 1: sequential; more spreads puzzles
    /// over the cores, at most one per core, 0 for one per core; per-puzzle
    /// times are then measured under load).
    #[arg(long, default_value_t = 1, value_name = "J")]
    jobs: usize,
    /// Solve each puzzle R times and keep the median time.
    #[arg(long, default_value_t = 1, value_name = "R")]
    repeat: u32,
    /// `first`: one solution; `unique`: one solution and the proof there
    /// is no other. Default: first (or the preset's).
    #[arg(long, value_name = "first|unique")]
    mode: Option<String>,
    /// Prove each count ("unique", "no solution") with a certificate that
    /// is written and checked after the solve and timed apart: the table
    /// gains the columns `certified` (counts proven) and `certify` (their
    /// time). Implies --mode unique.
    #[arg(long)]
    certify: bool,
    /// Write the whole report (every per-puzzle row) as JSON; `-` for
    /// standard output (the table then goes to standard error).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write every per-puzzle row as CSV; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Write the summary tables as Markdown (for a BENCHMARKS.md); `-` for
    /// standard output.
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Write a self-contained HTML report with SVG charts.
    #[arg(long, value_name = "FILE", default_value = "bench-report.html")]
    html: PathBuf,
    /// Do not write the HTML report.
    #[arg(long)]
    no_html: bool,
    /// An earlier `--json` report: show time ratios (now / then) against it.
    #[arg(long, value_name = "OLD.json")]
    baseline: Option<PathBuf>,
}

/// The deadline of each solve unless `--timeout` or the preset says.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

fn bad(e: BenchError) -> Failure {
    Failure::bad(e)
}

fn writable(path: &Path) -> Result<(), Failure> {
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    match parent {
        Some(dir) if !dir.is_dir() => Err(Failure::bad(format!(
            "{}: folder {} does not exist",
            path.display(),
            dir.display()
        ))),
        _ => Ok(()),
    }
}

/// Whether a path means standard output.
fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Writes one export to its file, or to standard output for `-`, and says
/// which file it wrote and whether that replaced one.
fn export(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if is_stdout(path) {
        let mut out = std::io::stdout().lock();
        write(&mut out)?;
        return out.flush().map_err(Failure::from);
    }
    let replaced = path.exists();
    let output = |e: std::io::Error| Failure::Output(format!("{}: {e}", path.display()));
    let file = std::fs::File::create(path).map_err(output)?;
    let mut out = std::io::BufWriter::new(file);
    write(&mut out).map_err(|f| f.at(path.display()))?;
    out.flush().map_err(output)?;
    if replaced {
        note!("wrote {} (replaced an earlier file)", path.display());
    } else {
        note!("wrote {}", path.display());
    }
    Ok(())
}

/// Runs the benchmark, prints the table, writes the reports.
pub fn run(args: BenchArgs) -> Result<Exit, Failure> {
    let preset = args
        .preset
        .as_deref()
        .map(preset)
        .transpose()
        .map_err(bad)?;
    let owned = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mode = args
        .mode
        .as_deref()
        .or(args.certify.then_some("unique"))
        .or(preset.map(|p| p.mode))
        .unwrap_or("first");
    let timeout = args
        .timeout
        .or(preset.and_then(|p| p.timeout))
        .unwrap_or(DEFAULT_TIMEOUT);
    let config = Config {
        timeout,
        mode: BenchMode::parse(mode).map_err(bad)?,
        repeat: args.repeat,
        jobs: worker_threads(args.jobs)?,
        limit: args.limit,
        cancel: interrupt::token(),
        certify: args.certify,
        ..Config::default()
    };
    config.validate().map_err(bad)?;
    let (specs, skipped) = match preset {
        Some(preset) => available_specs(preset.engines),
        None if args.engines.is_empty() => default_specs(),
        None => (args.engines.clone(), Vec::new()),
    };
    if let (Some(preset), true) = (preset, specs.is_empty()) {
        let mut whys: Vec<&str> = skipped.iter().map(|s| s.why.as_str()).collect();
        whys.dedup();
        return Err(Failure::bad(format!(
            "preset {}: its engines are not available here: {}",
            preset.name,
            whys.join("; ")
        )));
    }
    let engines = build_engines(&specs).map_err(bad)?;
    let set_names = match preset {
        _ if !args.sets.is_empty() => args.sets.clone(),
        Some(preset) if args.full && preset.full_sets.is_empty() => {
            return Err(Failure::bad(format!(
                "--full: preset {} has no larger table (giant has)",
                preset.name
            )))
        }
        Some(preset) if args.full => owned(preset.full_sets),
        Some(preset) => owned(preset.sets),
        None => owned(&["easy", "medium", "hard"]),
    };
    let sets = load_sets(&set_names).map_err(bad)?;
    let baseline = match &args.baseline {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::bad(format!("{}: {e}", path.display())))?;
            Some(from_json(&text, &path.display().to_string()).map_err(bad)?)
        }
        None => None,
    };
    let html = (!args.no_html).then_some(args.html.as_path());
    let exports = [
        ("--json", args.json.as_deref()),
        ("--csv", args.csv.as_deref()),
        ("--markdown", args.markdown.as_deref()),
        ("--html", html),
    ];
    let to_stdout: Vec<&str> = exports
        .iter()
        .filter(|(_, path)| path.is_some_and(is_stdout))
        .map(|(flag, _)| *flag)
        .collect();
    match to_stdout.as_slice() {
        [] | [_] if !to_stdout.contains(&"--html") => {}
        [_] => return Err(Failure::bad("--html -: the page is written to a file only")),
        _ => {
            return Err(Failure::bad(format!(
                "{}: only one report can go to standard output (-)",
                to_stdout.join(" and ")
            )))
        }
    }
    for path in exports.iter().filter_map(|(_, path)| *path) {
        if !is_stdout(path) {
            writable(path)?;
        }
    }

    let per_set: usize = sets
        .iter()
        .map(|s| {
            args.limit
                .map_or(s.puzzles.len(), |l| s.puzzles.len().min(l))
        })
        .sum();
    let solves = per_set * engines.len();
    let names: Vec<&str> = engines.iter().map(|e| e.spec.as_str()).collect();
    note!(
        "bench: {} on {} puzzle(s) in {} set(s), {} solves, timeout {} each, {}",
        names.join(", "),
        per_set,
        sets.len(),
        solves,
        format_duration(timeout.as_secs_f64() * 1e6),
        if config.jobs > 1 {
            format!("{} at once (times measured under load)", config.jobs)
        } else {
            "sequential (--jobs J to run in parallel)".to_string()
        }
    );
    let progress = Progress::new(solves as u64, !crate::notes::quiet());
    let start = Instant::now();
    let rows = run_bench(&engines, &sets, &config, &|row| progress.record(row));
    progress.finish();
    if interrupt::requested() {
        eprintln!("interrupted: solves after Ctrl-C show as stopped by the limit");
    }
    let mut report = BenchReport::new(
        Machine::detect(),
        &config,
        &engines,
        skipped,
        &sets,
        rows,
        start.elapsed(),
    );
    if let (Some(old), Some(path)) = (&baseline, &args.baseline) {
        let compared = compare(&report, old, &path.display().to_string());
        for message in baseline_messages(&report, old, &compared) {
            match message.starts_with("warning") {
                true => eprintln!("{message}"),
                false => note!("{message}"),
            }
        }
        report.baseline = Some(compared);
    }
    // Standard output holds one export alone when one asks for it; the
    // table then goes to standard error.
    if to_stdout.is_empty() {
        write!(std::io::stdout().lock(), "{}", render_table(&report))?;
    } else {
        eprint!("{}", render_table(&report));
    }
    if let Some(path) = &args.json {
        export(path, |out| Ok(out.write_all(to_json(&report).as_bytes())?))?;
    }
    if let Some(path) = &args.csv {
        export(path, |out| {
            write_csv(&report, out).map_err(|e| Failure::Output(e.to_string()))
        })?;
    }
    if let Some(path) = &args.markdown {
        export(path, |out| {
            Ok(out.write_all(render_markdown(&report).as_bytes())?)
        })?;
    }
    if let Some(path) = html {
        let page = render_html(&report).map_err(|e| Failure::Internal(e.to_string()))?;
        export(path, |out| Ok(out.write_all(page.as_bytes())?))?;
    }
    Ok(if report.any_wrong() {
        Exit::Internal
    } else {
        Exit::Solved
    })
}
