//! Every link from one of the project's documents to another file of the
//! repository leads somewhere: the file exists and, where the link names a
//! section (`BENCHMARKS.md#z3-encodings`), a heading of that file has that
//! anchor as GitHub makes it.

mod common;

use std::path::{Path, PathBuf};

/// The user documents: the root's, `docs/`, and the READMEs of data and
/// benchmarks.
fn documents() -> Vec<PathBuf> {
    let root = common::repo("");
    let mut found = Vec::new();
    for folder in ["", "docs", "benchmarks", "data"] {
        let dir = root.join(folder);
        let entries = dir
            .read_dir()
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces
/// made hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// The targets of the inline links `](target)` of a text, with their line
/// numbers, outside code blocks; a link may break its line between the text
/// and the target (`[text]\n(target)`).
fn links(text: &str) -> Vec<(usize, String)> {
    let mut fenced = false;
    let prose: Vec<&str> = text
        .lines()
        .map(|line| {
            if line.starts_with("```") {
                fenced = !fenced;
                ""
            } else if fenced {
                ""
            } else {
                line
            }
        })
        .collect();
    let prose = prose.join("\n");
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = prose[from..].find(']').map(|i| from + i) {
        from = at + 1;
        let after = prose[from..].strip_prefix('\n').unwrap_or(&prose[from..]);
        let Some(inside) = after.strip_prefix('(') else {
            continue;
        };
        let Some(length) = inside.find(')') else {
            continue;
        };
        let start = prose.len() - inside.len();
        let line = prose[..start].matches('\n').count() + 1;
        found.push((line, inside[..length].to_string()));
    }
    found
}

fn check(document: &Path, broken: &mut Vec<String>) {
    let text = std::fs::read_to_string(document).expect("a readable document");
    let name = document
        .strip_prefix(common::repo(""))
        .unwrap_or(document)
        .display()
        .to_string();
    for (line, target) in links(&text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, section) = match target.split_once('#') {
            Some((file, section)) => (file, Some(section)),
            None => (target.as_str(), None),
        };
        let path = if file.is_empty() {
            document.to_path_buf()
        } else {
            document.parent().expect("a folder").join(file)
        };
        if !path.exists() {
            broken.push(format!("{name}:{line}: no file {target}"));
            continue;
        }
        if let Some(section) = section {
            let target_text = std::fs::read_to_string(&path).unwrap_or_default();
            if !anchors(&target_text).iter().any(|a| a == section) {
                broken.push(format!("{name}:{line}: no section #{section} in {file}"));
            }
        }
    }
}

#[test]
fn every_link_between_documents_leads_somewhere() {
    let documents = documents();
    assert!(documents.len() >= 8, "documents found: {documents:?}");
    let mut broken = Vec::new();
    for document in &documents {
        check(document, &mut broken);
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(
        anchor(" Big grids: fast's generic path against cp"),
        "big-grids-fasts-generic-path-against-cp"
    );
    assert_eq!(anchor(" The `sat` engine"), "the-sat-engine");
    assert_eq!(
        links("see [the guide](docs/GUIDE.md#input) and [b]\n(B.md)."),
        vec![
            (1, "docs/GUIDE.md#input".to_string()),
            (2, "B.md".to_string())
        ]
    );
}
