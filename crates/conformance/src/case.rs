use serde::Deserialize;
use sudokit_model::BoxShape;
use sudokit_puzzle::{Cage, Layout, Puzzle, PuzzleSpec};

/// One conformance case, loaded into sudokit's puzzle model.
#[derive(Clone, Debug)]
pub struct Case {
    /// Short unique id, e.g. `killer9-givens`.
    pub name: String,
    /// `classic`, `jigsaw`, `x`, `killer`, `latin` or `extra-groups`.
    pub kind: String,
    /// The puzzle. Conflicting givens are kept: they are an unsatisfiable case.
    pub puzzle: Puzzle,
    /// Count solutions up to this many.
    pub count_cap: u64,
    /// The exact count, or the cap when there are at least that many.
    pub count: u64,
    /// The unique solution, when `count == 1`.
    pub solution: Option<Vec<u8>>,
}

#[derive(Deserialize)]
struct RawCase {
    name: String,
    kind: String,
    size: usize,
    #[serde(rename = "box")]
    boxes: Option<[usize; 2]>,
    regions: Option<String>,
    diagonals: bool,
    extra_groups: Vec<Vec<[usize; 2]>>,
    cages: Vec<RawCage>,
    givens: String,
    count_cap: u64,
    count: u64,
    solution: Option<String>,
}

#[derive(Deserialize)]
struct RawCage {
    cells: Vec<[usize; 2]>,
    sum: u32,
}

const CASES_JSON: &str = include_str!("../../../data/conformance/cases.json");

/// All cases of the suite, in file order.
pub fn cases() -> Vec<Case> {
    let raw: Vec<RawCase> =
        serde_json::from_str(CASES_JSON).expect("data/conformance/cases.json is valid JSON");
    raw.into_iter().map(RawCase::load).collect()
}

impl RawCase {
    /// Built straight from the JSON fields, independently of sudokit's
    /// parsers, so that a parser bug cannot make the suite agree with itself.
    fn load(self) -> Case {
        let n = self.size;
        let cell = |[r, c]: [usize; 2]| (r - 1) * n + (c - 1);
        let layout = match (self.boxes, &self.regions) {
            (Some([rows, cols]), _) => Layout::Boxes(BoxShape { rows, cols }),
            (None, Some(map)) => Layout::Regions(map.bytes().collect()),
            (None, None) => Layout::Latin,
        };
        let spec = PuzzleSpec {
            size: n,
            layout,
            diagonals: self.diagonals,
            extra_groups: self
                .extra_groups
                .iter()
                .map(|g| g.iter().map(|&rc| cell(rc)).collect())
                .collect(),
            cages: self
                .cages
                .iter()
                .map(|c| Cage {
                    cells: c.cells.iter().map(|&rc| cell(rc)).collect(),
                    sum: c.sum,
                })
                .collect(),
            givens: digits(&self.givens),
            candidates: None,
        };
        let puzzle = Puzzle::new(spec)
            .unwrap_or_else(|e| panic!("conformance case {} is malformed: {e}", self.name));
        Case {
            name: self.name,
            kind: self.kind,
            puzzle,
            count_cap: self.count_cap,
            count: self.count,
            solution: self.solution.as_deref().map(digits),
        }
    }
}

/// The suite's own digit encoding: `.` blank, `1`-`9`, then `A` = 10 ...
fn digits(text: &str) -> Vec<u8> {
    text.bytes()
        .map(|b| match b {
            b'1'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            _ => 0,
        })
        .collect()
}
