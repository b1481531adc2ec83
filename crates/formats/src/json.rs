use serde::Deserialize;
use serde_json::{json, Value};
use sudokit_puzzle::{Layout, Puzzle};

use crate::build::{
    candidate_token, region_label, CageDesc, Description, LayoutDesc, Located, Text,
};
use crate::{grid_to_line, to_line, Entry, ErrorKind, ParseError, ReadOptions};

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

/// The puzzles of a JSON text: one object, or an array of them (the
/// conformance file's form), each with the line it starts on.
/// Several objects one after another (JSON lines, as `show --format json`
/// prints a batch) are a puzzle each.
pub(crate) fn json_entries(text: &str, options: &ReadOptions) -> Vec<Result<Entry, ParseError>> {
    let mut values = match parse_values(text) {
        Ok(values) => values,
        Err(e) => return vec![Err(e)],
    };
    let entry = |line: usize, value: &Value| {
        from_json(value, options)
            .map(|puzzle| Entry {
                line,
                puzzle,
                label: None,
                digits: options.digits.resolve(0, std::iter::empty()),
            })
            .map_err(|e| e.at_line(line))
    };
    let first = crate::batch::first_line(text);
    let items = match values.as_mut_slice() {
        [(_, Value::Array(items))] => std::mem::take(items),
        _ => {
            return values
                .iter()
                .map(|(line, value)| entry(*line, value))
                .collect()
        }
    };
    let lines = element_lines(text);
    items
        .iter()
        .enumerate()
        .map(|(i, item)| entry(lines.get(i).copied().unwrap_or(first), item))
        .collect()
}

/// The JSON values of a text, each with the line it starts on; a key given
/// twice in one object is refused, errors name their line.
fn parse_values(text: &str) -> Result<Vec<(usize, Value)>, ParseError> {
    let error = |e: serde_json::Error| {
        ParseError::new(ErrorKind::Json(e.to_string())).at_line(e.line().max(1))
    };
    for checked in serde_json::Deserializer::from_str(text).into_iter::<NoDuplicateKeys>() {
        checked.map_err(error)?;
    }
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let mut values = Vec::new();
    loop {
        let before = stream.byte_offset();
        let Some(value) = stream.next() else { break };
        let rest = &text[before..];
        let start = before + rest.len() - rest.trim_start().len();
        let line = 1 + text[..start].matches('\n').count();
        values.push((line, value.map_err(error)?));
    }
    if values.is_empty() {
        // No value at all: serde_json's own message ("EOF while parsing").
        return parse_value(text).map(|value| vec![(1, value)]);
    }
    Ok(values)
}

/// A JSON text as a value, refusing a key given twice in one object; errors
/// name their line.
fn parse_value(text: &str) -> Result<Value, ParseError> {
    serde_json::from_str::<NoDuplicateKeys>(text)
        .and_then(|_| serde_json::from_str(text))
        .map_err(|e| ParseError::new(ErrorKind::Json(e.to_string())).at_line(e.line().max(1)))
}

/// A JSON document with no key twice in one object: `serde_json` keeps
/// the last of two `"size"` keys silently, which would hide a typo'd
/// puzzle. Deserialising this first turns a repeat into an error with its
/// line.
struct NoDuplicateKeys;

impl<'de> Deserialize<'de> for NoDuplicateKeys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(NoDuplicateKeys)
    }
}

impl<'de> serde::de::Visitor<'de> for NoDuplicateKeys {
    type Value = NoDuplicateKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(serde::de::Error::custom(format!(
                    "the key `{key}` appears twice"
                )));
            }
            map.next_value::<NoDuplicateKeys>()?;
        }
        Ok(NoDuplicateKeys)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<NoDuplicateKeys>()?.is_some() {}
        Ok(NoDuplicateKeys)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(NoDuplicateKeys)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(NoDuplicateKeys)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(NoDuplicateKeys)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(NoDuplicateKeys)
    }

    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(NoDuplicateKeys)
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(NoDuplicateKeys)
    }
}

/// The line each element of a top-level JSON array starts on (the text
/// is valid JSON: strings are the only place a bracket is not one).
fn element_lines(text: &str) -> Vec<usize> {
    let (mut lines, mut line, mut depth) = (Vec::new(), 1, 0);
    let (mut in_string, mut escaped, mut expecting) = (false, false, false);
    for c in text.chars() {
        if in_string {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => escaped = false,
            }
            if c == '\n' {
                line += 1;
            }
            continue;
        }
        match c {
            '\n' => line += 1,
            ',' if depth == 1 => expecting = true,
            c if c.is_whitespace() => {}
            _ => {
                if depth == 1 && expecting {
                    lines.push(line);
                    expecting = false;
                }
                match c {
                    '[' | '{' => {
                        depth += 1;
                        expecting |= depth == 1;
                    }
                    ']' | '}' => depth -= 1,
                    '"' => in_string = true,
                    _ => {}
                }
            }
        }
    }
    lines
}

/// Parses a JSON text holding one puzzle object.
pub fn parse_json(text: &str, options: &ReadOptions) -> Result<Puzzle, ParseError> {
    let value = parse_value(text)?;
    from_json(&value, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_toml;

    #[test]
    fn round_trip_with_everything() {
        let text = "size = 4\ndiagonals = true\nextra_groups = [[[1, 1], [2, 2]]]\ncandidates = \"1 2 3 4 12 - 3 4 1 2 3 4 1 2 3 4\"\n[[cage]]\nsum = 5\ncells = [[4, 4], [4, 3]]\n";
        // A cell without candidates leaves no solution: read all the same.
        let lenient = ReadOptions::default().check_givens(false);
        let p = parse_toml(text, &lenient).unwrap();
        let v = to_json(&p);
        assert_eq!(v["box"], json!([2, 2]));
        assert_eq!(v["cages"][0]["cells"], json!([[4, 4], [4, 3]]));
        assert_eq!(from_json(&v, &lenient).unwrap(), p);
        assert_eq!(parse_json(&v.to_string(), &lenient).unwrap(), p);
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

    #[test]
    fn a_key_twice_is_an_error_with_its_line() {
        let options = ReadOptions::default();
        let twice = "{\"size\": 4,\n\"box\": [2, 2],\n\"size\": 9}";
        let e = parse_json(twice, &options).unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(
            e.to_string().contains("the key `size` appears twice"),
            "{e}"
        );
        let nested = "[{\"size\": 4, \"cages\": [{\"sum\": 3, \"sum\": 4}]}]";
        let e = json_entries(nested, &options).remove(0).unwrap_err();
        assert!(e.to_string().contains("the key `sum` appears twice"), "{e}");
        // The same key in two objects is no repeat.
        let two = "[{\"size\": 4, \"box\": [2, 2]}, {\"size\": 4, \"box\": [2, 2]}]";
        assert!(json_entries(two, &options).iter().all(Result::is_ok));
    }

    #[test]
    fn objects_one_after_another_are_a_puzzle_each_with_its_line() {
        let options = ReadOptions::default();
        let a = to_json(&crate::parse_line("1...............", &options).unwrap());
        let b = to_json(&crate::parse_line("..2.............", &options).unwrap());
        let lines = format!("{a}\n\n{b}\n{{\"size\": 4, \"givens\": \"12\"}}\n");
        let entries = json_entries(&lines, &options);
        let read: Vec<(usize, Vec<u8>)> = entries[..2]
            .iter()
            .map(|e| {
                e.as_ref()
                    .map(|e| (e.line, e.puzzle.givens().to_vec()))
                    .unwrap()
            })
            .collect();
        assert_eq!(read[0].0, 1);
        assert_eq!(read[1].0, 3);
        assert_eq!(read[1].1[2], 2);
        assert_eq!(
            entries[2].as_ref().unwrap_err().to_string(),
            "line 4: expected a square number of cells (1 for 1x1), found 2"
        );
    }
}
