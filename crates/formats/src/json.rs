use serde::Deserialize;
use serde_json::{json, Value};
use sudokit_puzzle::{Layout, Puzzle};

use crate::build::{
    candidate_token, region_label, CageDesc, Description, LayoutDesc, Located, Text,
};
use crate::{grid_to_line, to_line, ErrorKind, ParseError, ReadOptions};

#[derive(Deserialize)]
struct JsonPuzzle {
    size: Option<i64>,
    #[serde(rename = "box", default)]
    boxes: Option<BoxJson>,
    #[serde(default)]
    regions: Option<Text>,
    #[serde(default)]
    diagonals: bool,
    #[serde(default)]
    extra_groups: Vec<Vec<Vec<i64>>>,
    #[serde(default)]
    cages: Vec<CageJson>,
    givens: Option<Text>,
    candidates: Option<Text>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum BoxJson {
    Pair(Vec<i64>),
    Text(String),
}

#[derive(Deserialize)]
struct CageJson {
    sum: i64,
    cells: Vec<Vec<i64>>,
}

/// The JSON form of a puzzle: the schema of the conformance suite
/// (`size`, `box` as `[rows, cols]` or null, `regions` as one string of
/// `n * n` labels or null, `diagonals`, `extra_groups` and cage `cells` as
/// 1-based `[row, col]` pairs, `givens` as a line), plus `candidates` (one
/// token per cell) when the puzzle has pencil marks.
pub fn to_json(puzzle: &Puzzle) -> Value {
    let n = puzzle.size();
    let pair = |c: &usize| json!([c / n + 1, c % n + 1]);
    let boxes = puzzle.box_shape().map(|s| json!([s.rows, s.cols]));
    let regions = match puzzle.layout() {
        Layout::Regions(map) => Value::String(map.iter().map(|&r| region_label(r)).collect()),
        _ => Value::Null,
    };
    let groups: Vec<Value> = puzzle
        .extra_groups()
        .iter()
        .map(|g| Value::Array(g.iter().map(pair).collect()))
        .collect();
    let cages: Vec<Value> = puzzle
        .cages()
        .iter()
        .map(|c| json!({"cells": c.cells.iter().map(pair).collect::<Vec<_>>(), "sum": c.sum}))
        .collect();
    let mut value = json!({
        "size": n,
        "box": boxes,
        "regions": regions,
        "diagonals": puzzle.diagonals(),
        "extra_groups": groups,
        "cages": cages,
        "givens": to_line(puzzle),
    });
    if let (Some(marks), Value::Object(map)) = (puzzle.candidates(), &mut value) {
        let tokens: Vec<Value> = marks
            .iter()
            .map(|&m| Value::String(candidate_token(m, n)))
            .collect();
        map.insert("candidates".into(), Value::Array(tokens));
    }
    value
}

/// A solution (or any grid) as JSON: its line, `.` for blanks.
pub fn grid_to_json(size: usize, grid: &[u8]) -> Value {
    Value::String(grid_to_line(size, grid))
}

/// Reads the JSON form (see [`to_json`]); other keys (a conformance case's
/// `name`, `count` ...) are ignored. With neither `box` nor `regions`, the
/// grid is a latin square, as in the conformance suite.
pub fn from_json(value: &Value, options: &ReadOptions) -> Result<Puzzle, ParseError> {
    let file = JsonPuzzle::deserialize(value).map_err(|e| ErrorKind::Json(e.to_string()))?;
    let layout = match (file.boxes, file.regions) {
        (Some(_), Some(_)) => {
            return Err(ErrorKind::field("layout", "give only one of box and regions").into())
        }
        (Some(BoxJson::Pair(p)), None) => {
            LayoutDesc::Boxes(p.iter().map(i64::to_string).collect::<Vec<_>>().join("x"))
        }
        (Some(BoxJson::Text(s)), None) => LayoutDesc::Boxes(s),
        (None, Some(r)) => LayoutDesc::Regions(r),
        (None, None) => LayoutDesc::Latin,
    };
    Description {
        size: file.size,
        layout,
        diagonals: file.diagonals,
        extra_groups: file.extra_groups.into_iter().map(unlocated).collect(),
        cages: file
            .cages
            .into_iter()
            .map(|c| Located {
                value: CageDesc {
                    sum: c.sum,
                    cells: c.cells,
                },
                line: None,
            })
            .collect(),
        givens: file.givens.map(unlocated),
        candidates: file.candidates.map(unlocated),
    }
    .build(options)
}

fn unlocated<T>(value: T) -> Located<T> {
    Located { value, line: None }
}

/// Parses a JSON text holding one puzzle object.
pub fn parse_json(text: &str, options: &ReadOptions) -> Result<Puzzle, ParseError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| ParseError::new(ErrorKind::Json(e.to_string())).at_line(e.line().max(1)))?;
    from_json(&value, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_toml;

    #[test]
    fn round_trip_with_everything() {
        let text = "size = 4\ndiagonals = true\nextra_groups = [[[1, 1], [2, 2]]]\ncandidates = \"1 2 3 4 12 - 3 4 1 2 3 4 1 2 3 4\"\n[[cage]]\nsum = 5\ncells = [[4, 4], [4, 3]]\n";
        let p = parse_toml(text, &ReadOptions::default()).unwrap();
        let v = to_json(&p);
        assert_eq!(v["box"], json!([2, 2]));
        assert_eq!(v["cages"][0]["cells"], json!([[4, 4], [4, 3]]));
        assert_eq!(from_json(&v, &ReadOptions::default()).unwrap(), p);
        assert_eq!(
            parse_json(&v.to_string(), &ReadOptions::default()).unwrap(),
            p
        );
    }

    #[test]
    fn errors() {
        let e =
            parse_json("{\"size\": 4,\n\"box\": [2, 2],}", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().starts_with("line 2: invalid JSON: "), "{e}");
        let e = from_json(
            &json!({"size": 4, "box": [2, 2], "cages": [{"cells": [[0, 1]], "sum": 1}]}),
            &ReadOptions::default(),
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "cage 1: cell r0c1 is outside the 4x4 grid");
        assert_eq!(grid_to_json(4, &[1, 2, 0]), json!("12."));
    }
}
