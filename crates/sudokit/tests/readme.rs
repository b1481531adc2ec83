//! Every command the README and the documents under `docs/` show runs as
//! written.
//!
//! Two kinds of blocks hold commands. In a `sh` block each line that starts
//! with `$S ` or `sudokit ` is a command. In a plain block a line
//! `$ sudokit ...` is a command and the lines under it, up to a blank line,
//! are what it prints: each must appear in that order, `...` standing for
//! lines left out, times (`0.072 ms`) for any time, and `<- ...` being the
//! document's own annotation. A command must succeed, or exit with the code
//! its comment names (`# impossible (exit 1)`). Other lines (`cargo` set-up,
//! blocks marked `text` or `toml`) are not run. Each document's commands run
//! in order in a scratch folder of their own (files a command writes are
//! there for the next one) that sees the repository's `data/` and
//! `crates/`. `bench` runs on the first two puzzles of each set.

mod common;

use std::path::Path;
use std::process::Command;

use sudokit_testkit::Tool;

/// A document whose commands run: its path in the repository, and its text.
struct Document {
    path: String,
    text: String,
}

/// The README and every `docs/*.md`, in that order.
fn documents() -> Vec<Document> {
    let mut paths = vec!["README.md".to_string()];
    let mut guides: Vec<String> = std::fs::read_dir(common::repo("docs"))
        .expect("the docs/ folder")
        .map(|entry| entry.expect("a docs/ entry").file_name())
        .filter_map(|name| name.to_str().map(str::to_string))
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    guides.sort();
    paths.extend(guides);
    paths
        .into_iter()
        .map(|path| Document {
            text: std::fs::read_to_string(common::repo(&path))
                .unwrap_or_else(|e| panic!("{path}: {e}")),
            path,
        })
        .collect()
}

/// One command of a document and what it should print.
struct Example {
    /// Line number in its document.
    line: usize,
    command: String,
    exit: i32,
    /// Expected lines; `None` marks a gap (`...`).
    output: Vec<Option<String>>,
}

/// Drops a trailing comment: `#` after a space, outside quotes.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quoted = false;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && previous.is_whitespace() => {
                return (line[..i].trim_end(), &line[i + 1..]);
            }
            _ => {}
        }
        previous = c;
    }
    (line.trim_end(), "")
}

/// `(exit N)` in a comment: the exit code the document promises.
fn promised_exit(comment: &str) -> i32 {
    comment
        .split("(exit ")
        .nth(1)
        .and_then(|rest| {
            let digits = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            rest[..digits].parse().ok()
        })
        .unwrap_or(0)
}

fn examples(text: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut fence: Option<String> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if let Some(info) = line.strip_prefix("```") {
            fence = match fence {
                None => Some(info.trim().to_string()),
                Some(_) => None,
            };
            continue;
        }
        let Some(language) = fence.as_deref() else {
            continue;
        };
        match language {
            "sh" => {
                let (command, comment) = split_comment(line);
                if command.starts_with("$S ") || command.starts_with("sudokit ") {
                    examples.push(Example {
                        line: number,
                        command: command.to_string(),
                        exit: promised_exit(comment),
                        output: Vec::new(),
                    });
                }
            }
            "" => {
                if let Some(command) = line.strip_prefix("$ ") {
                    let (command, comment) = split_comment(command);
                    examples.push(Example {
                        line: number,
                        command: command.to_string(),
                        exit: promised_exit(comment),
                        output: Vec::new(),
                    });
                } else if let Some(example) = examples.last_mut() {
                    let in_transcript = example.line < number && !line.trim().is_empty();
                    if in_transcript && example.output.len() == number - example.line - 1 {
                        let text = line.split("<-").next().unwrap_or("").trim_end();
                        let gap = matches!(text.trim(), "..." | "…");
                        example.output.push((!gap).then(|| normalize(text)));
                    }
                }
            }
            _ => {}
        }
    }
    examples
}

/// A time (`0.072 ms`, `12.4 ms`, `7 µs`, `1.5 s`) becomes `TIME`.
fn normalize(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut out: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let number = words[i].parse::<f64>().is_ok();
        let unit = words.get(i + 1).map(|w| w.trim_end_matches(','));
        if number && matches!(unit, Some("ms" | "µs" | "s" | "ns")) {
            out.push("TIME");
            i += 2;
        } else {
            out.push(words[i]);
            i += 1;
        }
    }
    out.join(" ")
}

/// Whether `expected` (with gaps) is found in `actual`, in order; lines not
/// separated by a gap must follow one another.
fn shows(actual: &[String], expected: &[Option<String>]) -> Result<(), String> {
    let mut at = 0;
    let mut gap = true;
    for want in expected {
        let Some(want) = want else {
            gap = true;
            continue;
        };
        let found = if gap {
            actual[at..]
                .iter()
                .position(|line| line == want)
                .map(|i| at + i)
        } else {
            (actual.get(at) == Some(want)).then_some(at)
        };
        match found {
            Some(i) => at = i + 1,
            None => return Err(format!("missing line {want:?}")),
        }
        gap = false;
    }
    Ok(())
}

/// The engines that need a program or library found at run time: the
/// tool a command was refused for want of, if any.
fn engine_missing(command: &str, stderr: &str) -> Option<Tool> {
    let needs = [("z3", Tool::Z3), ("choco", Tool::Choco)];
    needs.into_iter().find_map(|(engine, tool)| {
        let uses = command.contains(engine);
        let missing = stderr.contains("not available");
        (uses && missing).then_some(tool)
    })
}

/// A scratch folder that sees the repository's data, as a clone would.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for shared in ["data", "crates"] {
        std::os::unix::fs::symlink(common::repo(shared), dir.path().join(shared))
            .expect("a link to the repository");
    }
    dir
}

/// Runs one example: `Ok(Some(tool))` when it was refused for want of `tool`.
fn run(example: &Example, bin: &Path, dir: &Path) -> Result<Option<Tool>, String> {
    let command = example.command.replacen(" bench", " bench --limit 2", 1);
    let output = Command::new("sh")
        .arg("-c")
        .arg(&command)
        .current_dir(dir)
        .env("S", bin)
        .env("HOME", dir)
        .env(
            "PATH",
            format!(
                "{}:{}",
                bin.parent().expect("a folder").display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .output()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if let Some(tool) = engine_missing(&command, &stderr) {
        return Ok(Some(tool));
    }
    let code = output.status.code().unwrap_or(-1);
    if code != example.exit {
        return Err(format!(
            "exit {code}, the document says {}\nstderr: {stderr}",
            example.exit
        ));
    }
    let actual: Vec<String> = stdout.lines().map(normalize).collect();
    shows(&actual, &example.output).map_err(|e| format!("{e}\nstdout:\n{stdout}"))?;
    Ok(None)
}

/// What a document's commands did: the failures, each named by its file
/// and line, and the lines skipped for want of a tool.
#[derive(Default)]
struct Report {
    failures: Vec<String>,
    skipped: Vec<(Tool, String)>,
}

/// Runs a document's commands in order.
fn run_document(document: &Document, bin: &Path) -> Report {
    let dir = scratch();
    let mut report = Report::default();
    for example in examples(&document.text) {
        match run(&example, bin, dir.path()) {
            Ok(None) => {}
            Ok(Some(tool)) => report
                .skipped
                .push((tool, format!("{}:{}", document.path, example.line))),
            Err(e) => report.failures.push(format!(
                "{}:{}: {}\n{e}",
                document.path, example.line, example.command
            )),
        }
    }
    report
}

#[test]
fn every_documented_command_runs_as_written() {
    let bin = Path::new(env!("CARGO_BIN_EXE_sudokit"));
    let documents = documents();
    for (path, least) in [("README.md", 10), ("docs/GUIDE.md", 30)] {
        let document = documents.iter().find(|d| d.path == path);
        let found = document.map_or(0, |d| examples(&d.text).len());
        assert!(found >= least, "{path}: found {found} commands");
    }
    // The documents are independent: one thread each.
    let reports: Vec<Report> = std::thread::scope(|scope| {
        let runs: Vec<_> = documents
            .iter()
            .map(|document| scope.spawn(move || run_document(document, bin)))
            .collect();
        runs.into_iter()
            .map(|run| run.join().expect("a document's run"))
            .collect()
    });
    let failures: Vec<&str> = reports
        .iter()
        .flat_map(|r| &r.failures)
        .map(String::as_str)
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    for tool in [Tool::Z3, Tool::Choco] {
        let lines: Vec<&str> = reports
            .iter()
            .flat_map(|r| &r.skipped)
            .filter(|(t, _)| *t == tool)
            .map(|(_, line)| line.as_str())
            .collect();
        if !lines.is_empty() {
            tool.skip(format_args!(
                "{} not run, the engine is not available here",
                lines.join(", ")
            ));
        }
    }
}

#[test]
fn transcripts_are_read_with_their_gaps_and_times() {
    let example = documents()
        .iter()
        .flat_map(|document| examples(&document.text))
        .find(|e| e.command.contains("--encoding minimal") && !e.output.is_empty())
        .expect("the DIMACS transcript");
    assert_eq!(
        example.output[..2],
        [
            Some(
                "c sudokit direct encoding: variable k true = one model variable takes one value"
                    .to_string()
            ),
            Some("c r1c1 = [1, 2, 3]: variables 1..3".to_string()),
        ]
    );
    assert!(example.output.contains(&None));
    assert_eq!(
        normalize("nodes 9 | time 0.072 ms | encoding 27 vars"),
        "nodes 9 | time TIME | encoding 27 vars"
    );
    let with_code = examples("```\n$ sudokit check 12  # not a solution (exit 1)\ninvalid\n```\n");
    assert_eq!(
        (
            with_code[0].command.as_str(),
            with_code[0].exit,
            &with_code[0].output
        ),
        ("sudokit check 12", 1, &vec![Some("invalid".to_string())])
    );
    let actual = ["a", "b", "c", "d"].map(String::from);
    assert!(shows(&actual, &[Some("a".into()), None, Some("c".into())]).is_ok());
    assert!(shows(&actual, &[Some("a".into()), Some("c".into())]).is_err());
}
