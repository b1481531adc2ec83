//! How solve and count print their answers (and `problem` its counters).

use std::fmt;
use std::io::Write;
use std::time::Duration;

use sudokit_core::records::{CertificateRecord, ErrorRecord, SolveRecord, Source};
use sudokit_formats::{grid_to_block_in, Digits, Entry};
use sudokit_model::{Stats, Status};
use sudokit_pipeline::Answer;

use crate::args::{Format, OutputArgs};
use crate::commands::json_line::write_record;
use crate::failure::Failure;
use crate::solving::Solved;

/// What the command reports besides the solution.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Report {
    /// `solve`: the first solution.
    Solution,
    /// `solve --count N`: the first solution and how many there are.
    SolutionAndCount,
    /// `count`: how many; every kept solution with `--list`.
    Count {
        /// Print every kept solution.
        list: bool,
    },
}

/// Prints one chunk of answers to stdout (stats of line output go to stderr,
/// so stdout stays one line per puzzle). Grids are written in the digits
/// each puzzle came in (a 16x16 read in hex prints in hex). A puzzle the
/// engine refused (passed over with `--skip-invalid`) gets an error record,
/// and a `skipped:` note on stderr.
pub fn print(
    out: &mut impl Write,
    output: &OutputArgs,
    report: Report,
    engine: &str,
    many: bool,
    entries: &[Entry],
    results: &[Result<Solved, Failure>],
) -> std::io::Result<()> {
    for (entry, result) in entries.iter().zip(results) {
        let (answer, certificate) = match result {
            Ok(solved) => (&solved.answer, &solved.certificate),
            Err(failure) => {
                eprintln!("skipped: {failure}");
                write_refusal(out, output.format, entry, failure)?;
                continue;
            }
        };
        match output.format {
            Format::Json => {
                let mut record = SolveRecord::new(entry, answer, engine, output.stats);
                record.certificate = certificate.clone();
                write_record(out, &record)?;
            }
            Format::Line => {
                write_line(out, answer, report, entry.digits)?;
                if let Some(why) = &answer.clash {
                    eprintln!("line {}: no solution: {why}", entry.line);
                }
                if output.stats {
                    eprintln!("line {}: {}", entry.line, answer_stats(answer));
                }
                if let Some(certificate) = &certificate {
                    eprintln!("line {}: {}", entry.line, certificate_text(certificate));
                }
            }
            Format::Pretty => {
                // `count --list` has printed its grids as they were found.
                let grids = match report {
                    Report::Count { .. } => &[],
                    _ => &answer.grids[..answer.grids.len().min(1)],
                };
                // Above grids, the status and the counters are `#` comments,
                // so that what is printed reads back as a file of grids.
                let note = if report == (Report::Count { list: false }) {
                    ""
                } else {
                    "# "
                };
                let status = match &answer.clash {
                    Some(why) => format!("no solution: {why}"),
                    None => status_text(answer, report),
                };
                match many {
                    true => writeln!(out, "{note}line {}: {status}", entry.line)?,
                    false => writeln!(out, "{note}{status}")?,
                }
                if output.stats {
                    writeln!(out, "{note}{}", answer_stats(answer))?;
                }
                if let Some(certificate) = &certificate {
                    writeln!(out, "{note}{}", certificate_text(certificate))?;
                }
                for (i, grid) in grids.iter().enumerate() {
                    // A blank line between grids tells them apart.
                    if i > 0 {
                        writeln!(out)?;
                    }
                    let block = grid_to_block_in(&entry.puzzle, grid, entry.digits);
                    writeln!(out, "{}", block.trim_end())?;
                }
                if many {
                    writeln!(out)?;
                }
            }
        }
    }
    Ok(())
}

/// `certified: unique (7 lemmas, 141 bytes of proof)`, or why not.
pub fn certificate_text(certificate: &CertificateRecord) -> String {
    match &certificate.reason {
        None => format!(
            "certified: {} ({} lemmas, {} bytes of proof)",
            certificate.claim,
            certificate.lemmas.unwrap_or(0),
            certificate.proof_bytes.unwrap_or(0)
        ),
        Some(reason) => format!("not certified ({}): {reason}", certificate.claim),
    }
}

/// The record of a puzzle passed over: `# error: ...`, `error`, or a
/// JSON record with `"status": "error"` and the message.
fn write_refusal(
    out: &mut impl Write,
    format: Format,
    entry: &Entry,
    failure: &Failure,
) -> std::io::Result<()> {
    write_error(
        out,
        format,
        entry.line,
        entry.label.as_deref(),
        &failure.to_string(),
    )
}

/// The record of a line passed over with `--skip-invalid`, unread or
/// refused: `# error: MESSAGE` and a blank line (pretty), `error` (line),
/// or `{"line": N, "status": "error", "error": MESSAGE}`.
pub fn write_error(
    out: &mut impl Write,
    format: Format,
    line: usize,
    label: Option<&str>,
    message: &str,
) -> std::io::Result<()> {
    match format {
        Format::Pretty => writeln!(out, "# error: {message}\n"),
        Format::Line => writeln!(out, "error"),
        Format::Json => write_record(out, &ErrorRecord::new(Source::new(line, label), message)),
    }
}

/// One line per puzzle, written straight out: the first solution (or
/// `none`, `limit:KIND`), then with `--count` how many (`unique`,
/// `2+-solutions` ...); for `count`, the count (`3`, `1000+`).
fn write_line(
    out: &mut impl Write,
    answer: &Answer,
    report: Report,
    digits: Digits,
) -> std::io::Result<()> {
    let plus = if answer.complete { "" } else { "+" };
    match report {
        Report::Solution | Report::SolutionAndCount => {
            match (answer.grids.first(), answer.status) {
                (Some(grid), _) => write_cells(out, grid, digits)?,
                (None, Status::LimitReached(kind)) => write!(out, "limit:{}", kind.name())?,
                (None, _) => write!(out, "none")?,
            }
            if report == Report::SolutionAndCount {
                write!(out, " {}", count_words(answer, '-'))?;
            }
        }
        Report::Count { .. } => write!(out, "{}{plus}", answer.count)?,
    }
    writeln!(out)
}

/// A grid's cells on one line (`.` for blanks), as `grid_to_line_in`
/// writes them, without building a string.
fn write_cells(out: &mut impl Write, grid: &[u8], digits: Digits) -> std::io::Result<()> {
    // Sized for the grids of one character a digit (up to 35x35), not the
    // largest: it is zeroed per grid.
    let mut line = [0u8; 35 * 35];
    if digits.writes_numbers(grid.len().isqrt()) || grid.len() > line.len() {
        return out.write_all(sudokit_formats::grid_to_line_in(grid, digits).as_bytes());
    }
    for (byte, &digit) in line.iter_mut().zip(grid) {
        *byte = digits.char_of(digit) as u8;
    }
    out.write_all(&line[..grid.len()])
}

fn status_text(answer: &Answer, report: Report) -> String {
    let limit = |kind: &str| {
        let fixed = answer
            .fixed()
            .map(|f| format!("; {f} cells fixed by propagation"))
            .unwrap_or_default();
        match answer.stats.nodes {
            Some(nodes) => format!("limit reached ({kind}) after {nodes} nodes{fixed}"),
            None => format!("limit reached ({kind}){fixed}"),
        }
    };
    match (answer.status, report) {
        (Status::LimitReached(kind), Report::Count { .. }) => {
            format!("{}, {}", count_words(answer, ' '), limit(kind.name()))
        }
        (Status::LimitReached(kind), _) => limit(kind.name()),
        (Status::Unsatisfiable, _) => "no solution".into(),
        (_, Report::Solution) => "solved".into(),
        (_, _) => count_words(answer, ' ').to_string(),
    }
}

/// The counters of an answer, naming the engine `auto` picked.
fn answer_stats(answer: &Answer) -> String {
    let line = stats_line(&answer.stats, answer.time);
    match answer.delegate {
        Some(engine) => format!("engine {engine} | {line}"),
        None => line,
    }
}

/// The engine's counters on one line, for people; "–" for a counter the
/// engine does not track.
pub fn stats_line(s: &Stats, time: Duration) -> String {
    let stat = |n: Option<u64>| n.map_or_else(|| "–".to_string(), |n| n.to_string());
    let mut line = format!(
        "nodes {} | fails {} | propagations {} | restarts {} | max depth {} | time {:.3} ms",
        stat(s.nodes),
        stat(s.fails),
        stat(s.propagations),
        stat(s.restarts),
        stat(s.max_depth),
        time.as_secs_f64() * 1e3
    );
    if let Some(kib) = s.memory_kib {
        line.push_str(&format!(" | memory {:.1} MiB", kib as f64 / 1024.0));
    }
    // Engines that translate the model (sat) say into how much.
    if s.encoding_vars.is_some() || s.encoding_constraints.is_some() {
        line.push_str(&format!(
            " | encoding {} vars, {} clauses",
            stat(s.encoding_vars),
            stat(s.encoding_constraints),
        ));
    }
    // Building is outside the search time above (a batch's engine is
    // prepared once per shape, so often nothing is built per puzzle).
    if !s.build_time.is_zero() {
        line.push_str(&format!(
            " | built in {:.3} ms",
            s.build_time.as_secs_f64() * 1e3
        ));
    }
    line
}

/// `unique`, `2+ solutions`, `no solution` ... for counts up to a cap,
/// words joined by `space` (`-` keeps a line's fields apart).
fn count_words(answer: &Answer, space: char) -> CountWords<'_> {
    CountWords { answer, space }
}

/// See [`count_words`].
struct CountWords<'a> {
    answer: &'a Answer,
    space: char,
}

impl fmt::Display for CountWords<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Answer {
            count,
            complete,
            status,
            ..
        } = self.answer;
        let space = self.space;
        let plus = if *complete { "" } else { "+" };
        match (count, complete) {
            (0, true) => write!(f, "no{space}solution"),
            (1, true) => write!(f, "unique"),
            (1, false) if matches!(status, Status::LimitReached(_)) => {
                write!(f, "1+{space}solutions")
            }
            (n, _) => write!(f, "{n}{plus}{space}solutions"),
        }
    }
}
