//! Every command the README shows runs as written.
//!
//! Two kinds of blocks hold commands. In a `sh` block each line after
//! `S=...` is a command (`$S ...` or `sudokit ...`) that must succeed, or
//! exit with the code its comment names (`# impossible (exit 1)`). In a
//! plain block a line `$ sudokit ...` is a command and the lines under it,
//! up to a blank line, are what it prints: each must appear in that order,
//! `...` standing for lines left out, times (`0.072 ms`) for any time, and
//! `<- ...` being the README's own annotation. `cargo` lines are the set-up
//! and are what runs this test. Commands run in one scratch folder (files a
//! command writes are there for the next one) that sees the repository's
//! `data/` and `crates/`. `bench` runs on the first two puzzles of each set.

mod common;

use std::path::Path;
use std::process::Command;

use sudokit_testkit::Tool;

const README: &str = include_str!("../../../README.md");

/// One command of the README and what it should print.
struct Example {
    /// Line number in README.md.
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

/// `(exit N)` in a comment: the exit code the README promises.
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

fn examples() -> Vec<Example> {
    let mut examples = Vec::new();
    let mut fence: Option<String> = None;
    for (index, line) in README.lines().enumerate() {
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
                    examples.push(Example {
                        line: number,
                        command: command.to_string(),
                        exit: 0,
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
            "exit {code}, the README says {}\nstderr: {stderr}",
            example.exit
        ));
    }
    let actual: Vec<String> = stdout.lines().map(normalize).collect();
    shows(&actual, &example.output).map_err(|e| format!("{e}\nstdout:\n{stdout}"))?;
    Ok(None)
}

#[test]
fn every_readme_command_runs_as_written() {
    let bin = Path::new(env!("CARGO_BIN_EXE_sudokit"));
    let dir = scratch();
    let examples = examples();
    assert!(examples.len() > 50, "found {} commands", examples.len());
    let mut failures = Vec::new();
    let mut skipped: Vec<(Tool, usize)> = Vec::new();
    for example in &examples {
        match run(example, bin, dir.path()) {
            Ok(None) => {}
            Ok(Some(tool)) => skipped.push((tool, example.line)),
            Err(e) => failures.push(format!(
                "README.md:{}: {}\n{e}",
                example.line, example.command
            )),
        }
    }
    for tool in [Tool::Z3, Tool::Choco] {
        let lines: Vec<String> = skipped
            .iter()
            .filter(|(t, _)| *t == tool)
            .map(|(_, line)| line.to_string())
            .collect();
        if !lines.is_empty() {
            tool.skip(format_args!(
                "README.md lines {} not run, the engine is not available here",
                lines.join(", ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn transcripts_are_read_with_their_gaps_and_times() {
    let example = examples()
        .into_iter()
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
    let actual = ["a", "b", "c", "d"].map(String::from);
    assert!(shows(&actual, &[Some("a".into()), None, Some("c".into())]).is_ok());
    assert!(shows(&actual, &[Some("a".into()), Some("c".into())]).is_err());
}
