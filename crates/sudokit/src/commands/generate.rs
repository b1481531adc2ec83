//! `sudokit generate`.

use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudokit_analysis::{generate, given_count, AnalysisError, GenerateOptions, Killer, Symmetry};
use sudokit_core::records::{GenerateLimitRecord, GenerateRecord};
use sudokit_core::{certify_grids, Budget, GenerateRequest, Uncertified};
use sudokit_explain::{Level, Technique};
use sudokit_formats::{Digits, ReadOptions, Shape};
use sudokit_pipeline::Ended;

use crate::args::{batch, option_puzzle, EngineArgs, Parallel};
use crate::commands::each_puzzle::{not_fatal, unanswered};
use crate::commands::json_line::record_text;
use crate::commands::printing::certificate_text;
use crate::commands::puzzle_form::PuzzleForm;
use crate::failure::{Exit, Failure};
use crate::interrupt;
use crate::notes::note;

/// Puzzles made per parallel chunk (then printed, in order).
const CHUNK: usize = 64;

/// Arguments of `sudokit generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1, value_name = "N")]
    count: usize,
    /// Side of the grid: 4, 6, 8, 9, 12, 16 ... (boxes the most square).
    #[arg(long, default_value_t = 9, value_name = "N")]
    size: usize,
    /// Box shape, e.g. 2x3 (sets the size).
    #[arg(long, value_name = "RxC", conflicts_with_all = ["latin", "like"])]
    boxes: Option<String>,
    /// No boxes: rows and columns only (a latin square puzzle).
    #[arg(long, conflicts_with = "like")]
    latin: bool,
    /// Sudoku X: both main diagonals all-different.
    #[arg(long, visible_alias = "diagonals")]
    x: bool,
    /// Jigsaw: a random region map for each puzzle (connected regions of n cells).
    #[arg(long, conflicts_with_all = ["boxes", "latin"])]
    jigsaw: bool,
    /// Killer: random cages for each puzzle, no givens (cages split until unique).
    #[arg(long)]
    killer: bool,
    /// Killer with givens: random cages, then givens taken away while unique.
    #[arg(long, conflicts_with = "killer")]
    killer_givens: bool,
    /// Take the geometry (size, boxes or regions, diagonals, extra groups,
    /// cages) from a puzzle file; its givens are ignored.
    #[arg(long, value_name = "FILE")]
    like: Option<PathBuf>,
    /// Symmetry of the givens: none, rot180, rot90, mirror, diagonal.
    #[arg(long, default_value = "none", value_name = "SYMMETRY")]
    symmetry: Symmetry,
    /// Only minimal puzzles: every given needed (with a symmetry, puzzles
    /// that are not are drawn again).
    #[arg(long)]
    minimal: bool,
    /// Stop taking givens away at N; puzzles that keep more are drawn again
    /// (the fewest reached is reported when N is not).
    #[arg(long, value_name = "N")]
    clues: Option<usize>,
    /// Only puzzles the reference search solves with at least G guesses.
    #[arg(long, value_name = "G", help_heading = "Difficulty")]
    min_guesses: Option<u64>,
    /// Only puzzles the reference search solves with at most G guesses
    /// (0: singles-level propagation never guesses).
    #[arg(long, value_name = "G", help_heading = "Difficulty")]
    max_guesses: Option<u64>,
    /// Only puzzles that naked and hidden singles alone solve.
    #[arg(long, help_heading = "Difficulty")]
    singles: bool,
    /// Only puzzles of this human grade (see `sudokit grade`): easy,
    /// medium, hard, fiendish, diabolical, extreme or beyond.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level, help_heading = "Difficulty")]
    difficulty: Option<Level>,
    /// Only puzzles whose hardest human technique is NAME ("x-wing",
    /// "hidden pair"): practice for that technique.
    #[arg(long, value_name = "NAME", value_parser = parse_technique, help_heading = "Difficulty")]
    technique: Option<Technique>,
    /// Full grids one puzzle may use up before the request is given up
    /// (default 1000; 20 000 with --difficulty or --technique, whose
    /// puzzles are rarer: one X-Wing puzzle in several hundred).
    #[arg(long, value_name = "N")]
    attempts: Option<usize>,
    /// Output form.
    #[arg(long, value_enum, default_value_t = PuzzleForm::Auto)]
    format: PuzzleForm,
    /// Digits of line and block output: sudoku (1-9A-Z), for 16x16 grids
    /// hex (0-F for 1 to 16), up to 26x26 letters (A-Z for 1 to 26), or
    /// numbers separated by spaces (`12 0 3 ...`).
    #[arg(long, default_value = "sudoku", value_name = "sudoku|hex|letters|numbers", value_parser = output_digits)]
    digits: Digits,
    /// Prove each puzzle unique, with a proof checked by code that shares
    /// none with the engines (docs/CERTIFICATES.md): one line on stderr at
    /// the end counts them, a puzzle that cannot be proven is named there
    /// and the exit code says so.
    #[arg(long)]
    certify: bool,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    parallel: Parallel,
}

/// `--digits`: a convention to write in (`auto` reads, it does not write).
fn output_digits(text: &str) -> Result<Digits, String> {
    match text.parse::<Digits>() {
        Ok(Digits::Auto) => {
            Err("auto is for reading: choose sudoku, hex, letters or numbers".to_string())
        }
        Ok(digits) => Ok(digits),
        Err(e) => Err(e.to_string()),
    }
}

/// Makes `--count` puzzles and prints them in order as they are ready.
pub fn run(mut args: GenerateArgs) -> Result<Exit, Failure> {
    let chosen = args.engine.seed.take();
    let seed = chosen.unwrap_or_else(sudokit_core::fresh_seed);
    let options = options(&args)?;
    let engine = args.engine.build()?;
    let plain =
        options.shape.variant_parts().is_empty() && !options.jigsaw && options.killer.is_none();
    let form = args.format.resolve(plain)?;
    if chosen.is_none() && std::io::stderr().is_terminal() {
        note!("seed {seed} (--seed {seed} makes these puzzles again)");
    }
    let progress = progress(args.count);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let start = Instant::now();
    let (mut exit, mut written, mut givens) = (Exit::Solved, 0, 0);
    // Puzzles made: what is written but the limit records.
    let mut puzzles_made = 0;
    // Puzzles proven unique, of those put to proof.
    let (mut proven, mut put_to_proof) = (0usize, 0usize);
    // Items are the puzzles' indices: each puzzle has its own random
    // stream and a fresh counter, so a worker keeps no state between them.
    let made = batch(args.parallel.jobs, CHUNK)?.run(
        (0..args.count).map(Ok),
        || (),
        |(), &i| {
            let made = generate(
                engine.as_ref(),
                &options,
                seed,
                i as u64,
                args.engine.limits(),
            );
            match made {
                Ok(generated) => {
                    // In the worker, so that proofs use every core.
                    let certified = args.certify.then(|| {
                        let budget = Budget::none().cancel(interrupt::token());
                        let grids = [generated.solution.clone()];
                        certify_grids(&generated.puzzle, &grids, &budget)
                    });
                    Ok(Ok((generated, certified)))
                }
                Err(e) => not_fatal(e, &format!("puzzle {}", i + 1), false).map(Err),
            }
        },
        |indices, results| {
            // All `Ok`: a fatal result ends the batch before it is handed on.
            for (&i, result) in indices.iter().zip(results.into_iter().flatten()) {
                let (generated, certified) = match result {
                    Ok(made) => made,
                    // Stopped before its full grid was drawn: no puzzle,
                    // but a record in its place that says so.
                    Err(AnalysisError::Stopped(kind)) => {
                        let text = match form {
                            PuzzleForm::Json => {
                                record_text(&GenerateLimitRecord::new(seed, i, kind))
                            }
                            PuzzleForm::Auto | PuzzleForm::Line => {
                                format!("limit:{}", kind.name())
                            }
                            PuzzleForm::Block | PuzzleForm::Toml => format!(
                                "# puzzle {}: limit reached ({}) before a full grid was drawn",
                                i + 1,
                                kind.name()
                            ),
                        };
                        form.write(&mut out, written, &text)?;
                        written += 1;
                        let at = format!("puzzle {}", i + 1);
                        let stopped = AnalysisError::Stopped(kind);
                        exit = exit.max(progress.suspend(|| unanswered(stopped, &at, false))?);
                        continue;
                    }
                    Err(e) => {
                        let at = format!("puzzle {}", i + 1);
                        exit = exit.max(progress.suspend(|| unanswered(e, &at, false))?);
                        continue;
                    }
                };
                if let Some(missed) = generated.missed {
                    progress.suspend(|| {
                        eprintln!(
                            "puzzle {}: the target of {} givens was not reached in {} attempts; \
                             the fewest was {}",
                            i + 1,
                            missed.target,
                            options.attempts,
                            missed.reached
                        )
                    });
                }
                if let Some(kind) = generated.stopped {
                    exit = exit.max(Exit::LimitReached);
                    if !interrupt::requested() {
                        progress.suspend(|| {
                            eprintln!(
                                "puzzle {}: limit reached ({}): unique, perhaps not minimal",
                                i + 1,
                                kind.name()
                            )
                        });
                    }
                }
                if let Some(certified) = &certified {
                    let record = &certified.record;
                    put_to_proof += 1;
                    if record.certified {
                        proven += 1;
                    } else {
                        let text = certificate_text(record);
                        progress.suspend(|| eprintln!("puzzle {}: {text}", i + 1));
                    }
                    exit = exit.max(match &certified.uncertified {
                        _ if record.certified => Exit::Solved,
                        None | Some(Uncertified::Stopped) => Exit::LimitReached,
                        Some(_) => Exit::Internal,
                    });
                }
                givens += given_count(&generated.puzzle);
                let text = form.render(&generated.puzzle, args.digits, || {
                    let mut record = GenerateRecord::new(&generated, seed, i);
                    record.certificate = certified.map(|c| Box::new(c.record));
                    record_text(&record)
                });
                form.write(&mut out, written, &text)?;
                written += 1;
                puzzles_made += 1;
            }
            out.flush()?;
            Ok(())
        },
        |done| progress.set_position(done as u64),
    );
    progress.finish_and_clear();
    // One line for the run, not one per puzzle; JSON records carry each.
    if args.certify && form != PuzzleForm::Json && made.is_ok() {
        note!("certified unique: {proven} of {put_to_proof}");
    }
    match made {
        Ok(Ended::Complete) => {}
        Ok(Ended::Cancelled) => {
            eprintln!("interrupted: {puzzles_made} puzzle(s) made");
            write!(out, "{}", form.closing(written))?;
            out.flush()?;
            return Ok(exit.max(Exit::LimitReached));
        }
        Err(failure) => {
            // What was written stays readable (a closed JSON array).
            write!(out, "{}", form.closing(written))?;
            return Err(failure);
        }
    }
    write!(out, "{}", form.closing(written))?;
    out.flush()?;
    if puzzles_made > 1 && std::io::stderr().is_terminal() {
        let seconds = start.elapsed().as_secs_f64();
        note!(
            "{puzzles_made} puzzles in {seconds:.2} s ({:.0} per second), {:.1} givens on average",
            puzzles_made as f64 / seconds,
            givens as f64 / puzzles_made as f64
        );
    }
    Ok(exit)
}

/// The generator's options from the flags, checked by the facade.
fn options(args: &GenerateArgs) -> Result<GenerateOptions, Failure> {
    let mut request = GenerateRequest::default()
        .size(args.size)
        .symmetry(args.symmetry);
    if let Some(boxes) = &args.boxes {
        match boxes.parse::<Shape>() {
            Ok(Shape::Boxes(shape)) => request = request.boxes(shape.rows, shape.cols),
            _ => {
                return Err(Failure::bad(format!(
                    "--boxes {boxes}: expected RxC, e.g. 2x3"
                )))
            }
        }
    }
    if let Some(path) = &args.like {
        request = request.like(option_puzzle("--like", path, &ReadOptions::default())?);
    }
    request.latin = args.latin;
    request.diagonals = args.x;
    request.jigsaw = args.jigsaw;
    request.killer = match (args.killer, args.killer_givens) {
        (true, _) => Some(Killer::CagesOnly),
        (_, true) => Some(Killer::WithGivens),
        _ => None,
    };
    request.minimal = args.minimal;
    request.clues = args.clues;
    request.min_guesses = args.min_guesses;
    request.max_guesses = args.max_guesses;
    request.singles = args.singles;
    request.difficulty = args.difficulty;
    request.technique = args.technique;
    request.attempts = args.attempts;
    request.measure = args.format == PuzzleForm::Json;
    let options = request.options()?;
    let size = options.shape.size();
    if args.digits == Digits::Hex && size != 16 {
        return Err(Failure::bad(format!(
            "--digits hex writes 16x16 grids (0-F for 1 to 16), not {size}x{size}"
        )));
    }
    if args.digits == Digits::Letters && size > 26 {
        return Err(Failure::bad(format!(
            "--digits letters writes grids up to 26x26 (A-Z for 1 to 26), not {size}x{size}"
        )));
    }
    Ok(options)
}

fn parse_level(name: &str) -> Result<Level, String> {
    Level::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        format!("expected one of {}", names.join(", "))
    })
}

fn parse_technique(name: &str) -> Result<Technique, String> {
    match Technique::from_name(name) {
        Some(t) if t != Technique::Guess => Ok(t),
        _ => {
            let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
            Err(format!("expected one of {}", names.join(", ")))
        }
    }
}

/// A bar over the puzzles to make, when a person watches stderr and the
/// puzzles go elsewhere, and there are enough of them to wait for.
fn progress(count: usize) -> ProgressBar {
    let watched = std::io::stderr().is_terminal()
        && !std::io::stdout().is_terminal()
        && !crate::notes::quiet();
    if !watched || count < 2 * CHUNK {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(count as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} puzzles, eta {eta}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
