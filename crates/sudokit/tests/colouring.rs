//! `sudokit problem colour` end to end: exact chromatic numbers on graphs
//! whose answer is known, easy graphs answered without search however large,
//! and hostile declarations refused with the line named.

mod common;

use common::run;
use std::fmt::Write;

/// A DIMACS text for `vertices` and 0-based `edges`.
fn dimacs(vertices: usize, edges: &[(usize, usize)]) -> String {
    let mut text = format!("c made by the test\np edge {vertices} {}\n", edges.len());
    for (u, v) in edges {
        writeln!(text, "e {} {}", u + 1, v + 1).unwrap();
    }
    text
}

fn cycle(n: usize) -> Vec<(usize, usize)> {
    (0..n).map(|i| (i, (i + 1) % n)).collect()
}

fn complete(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect()
}

fn petersen() -> Vec<(usize, usize)> {
    let outer = (0..5).map(|i| (i, (i + 1) % 5));
    let inner = (0..5).map(|i| (5 + i, 5 + (i + 2) % 5));
    outer
        .chain(inner)
        .chain((0..5).map(|i| (i, 5 + i)))
        .collect()
}

/// Mycielski's construction on `n` vertices: triangle-free, one colour more.
fn mycielski(n: usize, edges: &[(usize, usize)]) -> (usize, Vec<(usize, usize)>) {
    let mut out = Vec::new();
    for &(a, b) in edges {
        out.extend([(a, b), (a, n + b), (b, n + a)]);
    }
    out.extend((0..n).map(|i| (n + i, 2 * n)));
    (2 * n + 1, out)
}

/// The JSON record of `problem colour` on the graph, after checking its
/// colouring edge by edge and that it uses exactly `objective` colours.
fn chromatic(vertices: usize, edges: &[(usize, usize)], extra: &[&str]) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.col");
    std::fs::write(&file, dimacs(vertices, edges)).unwrap();
    let mut args = vec![
        "problem",
        "colour",
        file.to_str().unwrap(),
        "--format",
        "json",
    ];
    args.extend(extra);
    let record: serde_json::Value = serde_json::from_str(run(&args, 0).trim()).unwrap();
    let colours: Vec<u64> = record["solution"]
        .as_array()
        .expect("a colouring")
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!(colours.len(), vertices);
    for &(u, v) in edges {
        assert_ne!(colours[u], colours[v], "edge {u}-{v}");
    }
    assert_eq!(
        record["objective"],
        colours.iter().max().copied().unwrap_or(0)
    );
    record
}

fn chromatic_number(vertices: usize, edges: &[(usize, usize)]) -> u64 {
    let record = chromatic(vertices, edges, &[]);
    assert_eq!(record["status"], "optimal");
    record["objective"].as_u64().unwrap()
}

#[test]
fn known_graphs_get_their_exact_chromatic_number() {
    assert_eq!(chromatic_number(6, &cycle(6)), 2);
    assert_eq!(chromatic_number(7, &cycle(7)), 3);
    assert_eq!(chromatic_number(1, &[]), 1);
    assert_eq!(chromatic_number(8, &complete(8)), 8);
    assert_eq!(chromatic_number(10, &petersen()), 3);
    let (n3, myciel3) = mycielski(5, &cycle(5));
    assert_eq!(chromatic_number(n3, &myciel3), 4);
    let (n4, myciel4) = mycielski(n3, &myciel3);
    assert_eq!(chromatic_number(n4, &myciel4), 5);
    // The bounds leave it open (2 to 5): the search decides, and says who.
    let record = chromatic(n4, &myciel4, &[]);
    assert_eq!(
        (&record["engine"], &record["solved_by"]),
        (&"auto".into(), &"cp".into())
    );
}

#[test]
fn a_10000_vertex_path_and_100000_lone_vertices_are_answered_within_the_deadline() {
    // Before bounds came first, both ran into the deadline (exit 3).
    let path: Vec<(usize, usize)> = (0..9_999).map(|i| (i, i + 1)).collect();
    let record = chromatic(10_000, &path, &["--timeout", "5s"]);
    assert_eq!(
        (&record["status"], &record["objective"]),
        (&"optimal".into(), &2.into())
    );
    let record = chromatic(100_000, &[(0, 1)], &["--timeout", "5s"]);
    assert_eq!(
        (&record["status"], &record["objective"]),
        (&"optimal".into(), &2.into())
    );
}

#[test]
fn colours_asked_for_are_granted_or_refused_by_the_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("petersen.col");
    std::fs::write(&file, dimacs(10, &petersen())).unwrap();
    let file = file.to_str().unwrap();
    let out = run(&["problem", "colour", file, "--colours", "2"], 1);
    let refused = format!("2-colouring of {file}: impossible: the graph needs more than 2 colours");
    assert_eq!(out.lines().last(), Some(refused.as_str()));
    let out = run(&["problem", "colour", file, "--colours", "3"], 0);
    assert_eq!(
        out.lines().last(),
        Some(format!("3-colouring of {file}: solved").as_str())
    );
}

#[test]
fn a_vertex_joined_to_itself_has_no_colouring() {
    let record = {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("loop.col");
        std::fs::write(&file, "p edge 2 2\ne 1 2\ne 2 2\n").unwrap();
        let out = run(
            &[
                "problem",
                "colour",
                file.to_str().unwrap(),
                "--format",
                "json",
            ],
            1,
        );
        serde_json::from_str::<serde_json::Value>(out.trim()).unwrap()
    };
    assert_eq!(record["status"], "unsatisfiable");
}

#[test]
fn a_huge_declared_vertex_count_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("huge.col");
    std::fs::write(&file, "p edge 50000000 1\n").unwrap();
    let output = common::sudokit()
        .args(["problem", "colour", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        format!(
            "error: {}: line 1: 50000000 vertices: sudokit colours graphs of at most 100000\n",
            file.display()
        )
    );
}

/// Mycielski's 4-chromatic graph joined to a `clique`: it needs
/// `clique + 4` colours while the bounds say `clique + 2` at least.
fn mycielski_joined_to_a_clique(clique: usize) -> (usize, Vec<(usize, usize)>) {
    let (small, mut edges) = mycielski(5, &cycle(5));
    let vertices = small + clique;
    edges.extend(complete(vertices).into_iter().filter(|&(_, v)| v >= small));
    (vertices, edges)
}

#[test]
fn cp_colours_a_graph_needing_more_than_64_colours() {
    // 66 colours: past a 64-bit domain word, within cp's 128-bit one.
    let (vertices, edges) = mycielski_joined_to_a_clique(62);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("joined.col");
    std::fs::write(&file, dimacs(vertices, &edges)).unwrap();
    let args = [
        "problem",
        "colour",
        file.to_str().unwrap(),
        "--colours",
        "66",
        "--engine",
        "cp:first-fail",
        "--format",
        "json",
    ];
    let record: serde_json::Value = serde_json::from_str(run(&args, 0).trim()).unwrap();
    assert_eq!(record["status"], "solved");
    let colours: Vec<u64> = record["solution"]
        .as_array()
        .expect("a colouring")
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!(colours.len(), vertices);
    for &(u, v) in &edges {
        assert_ne!(colours[u], colours[v], "edge {u}-{v}");
    }
    let mut used = colours.clone();
    used.sort_unstable();
    used.dedup();
    assert_eq!((used.len(), used[0], used[65]), (66, 1, 66));
}

#[test]
fn an_engine_that_cannot_take_the_search_is_refused_naming_the_file() {
    // 130 colours while the bounds say 128 to 130, so the search's domains
    // span 130 values, past the 128 of `cp` (`auto` hands such a search
    // to `sat`).
    let (vertices, edges) = mycielski_joined_to_a_clique(126);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("joined.col");
    std::fs::write(&file, dimacs(vertices, &edges)).unwrap();
    let file = file.to_str().unwrap();
    for (engine, why) in [
        (
            "cp:first-fail",
            "cp:first-fail does not support domains spanning more than 128 values (here 1..=130)",
        ),
        ("backtrack", "backtrack does not support optimisation"),
    ] {
        let output = common::sudokit()
            .args(["problem", "colour", file, "--engine", engine])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{engine}");
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            format!("error: {file}: {why}\n")
        );
    }
}
