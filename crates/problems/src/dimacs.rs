//! DIMACS `.col` graphs: `c` comment lines, one `p edge V E` line, then
//! `e u v` lines with 1-based vertices. Errors name the line; nothing panics.

use crate::Graph;

/// Why a `.col` text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct DimacsError {
    /// 1-based line number (0: the whole file).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, message: impl Into<String>) -> DimacsError {
    DimacsError {
        line,
        message: message.into(),
    }
}

/// The most vertices a graph may declare: one model variable each, and
/// the largest standard colouring benchmarks have about 10 000. A 20-byte
/// file declaring millions would otherwise take gigabytes before any limit
/// could act.
pub const MAX_VERTICES: usize = 100_000;

/// Parses a DIMACS graph (`p edge` or `p col`). Duplicate edges are kept
/// once; the declared edge count is not enforced (many files miscount).
pub fn parse_dimacs(text: &str) -> Result<Graph, DimacsError> {
    let mut vertices: Option<usize> = None;
    let mut edges = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let mut words = raw.split_whitespace();
        let Some(tag) = words.next() else { continue };
        let number = |w: Option<&str>, what: &str| -> Result<usize, DimacsError> {
            let w = w.ok_or_else(|| err(line, format!("missing {what}")))?;
            w.parse()
                .map_err(|_| err(line, format!("{what} `{w}` is not a non-negative integer")))
        };
        match tag {
            "c" => {}
            "p" => {
                if vertices.is_some() {
                    return Err(err(line, "second `p` line"));
                }
                match words.next() {
                    Some("edge" | "edges" | "col") => {}
                    other => {
                        return Err(err(
                            line,
                            format!(
                                "expected `p edge V E`, found format {:?}",
                                other.unwrap_or("")
                            ),
                        ));
                    }
                }
                let v = number(words.next(), "vertex count")?;
                if v > MAX_VERTICES {
                    return Err(err(
                        line,
                        format!("{v} vertices: sudokit colours graphs of at most {MAX_VERTICES}"),
                    ));
                }
                let _declared_edges = number(words.next(), "edge count")?;
                vertices = Some(v);
            }
            "e" => {
                let n = vertices.ok_or_else(|| err(line, "edge before the `p edge V E` line"))?;
                let u = number(words.next(), "first vertex")?;
                let v = number(words.next(), "second vertex")?;
                for x in [u, v] {
                    if x == 0 || x > n {
                        return Err(err(line, format!("vertex {x} is outside 1..={n}")));
                    }
                }
                edges.push((u.min(v) - 1, u.max(v) - 1));
            }
            other => return Err(err(line, format!("unknown line type `{other}`"))),
        }
    }
    let vertices = vertices.ok_or_else(|| err(0, "no `p edge V E` line"))?;
    edges.sort_unstable();
    edges.dedup();
    Ok(Graph { vertices, edges })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_triangle() {
        let g = parse_dimacs("c a triangle\np edge 3 3\ne 1 2\ne 2 3\ne 3 1\ne 1 2\n").unwrap();
        assert_eq!(g.vertices, 3);
        assert_eq!(g.edges, vec![(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse_dimacs("p edge 3 1\ne 1 4\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("outside"));
        assert_eq!(parse_dimacs("e 1 2\n").unwrap_err().line, 1);
        assert_eq!(parse_dimacs("p edge 3 1\ne 1 x\n").unwrap_err().line, 2);
        assert_eq!(parse_dimacs("p edge 3 1\nq\n").unwrap_err().line, 2);
        assert_eq!(parse_dimacs("c nothing\n").unwrap_err().line, 0);
        assert_eq!(
            parse_dimacs("c huge\np edge 50000000 1\ne 1 2\n")
                .unwrap_err()
                .to_string(),
            "line 2: 50000000 vertices: sudokit colours graphs of at most 100000"
        );
        assert!(parse_dimacs(&format!("p edge {MAX_VERTICES} 0\n")).is_ok());
        assert_eq!(parse_dimacs("p edge 3\n").unwrap_err().line, 1);
    }
}
