//! The request bodies: the puzzle as text, the engine as a spec, the
//! limits, and each operation's own options, named as the command line's
//! flags are.

use schemars::JsonSchema;
use serde::Deserialize;

/// What every request about one puzzle says.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
pub struct PuzzleRequest {
    /// The puzzle, in any form the command line reads: a line of digits
    /// and dots, a block grid, `.sdk`, CSV, a TOML variant file, JSON.
    pub puzzle: String,
    /// The engine spec, as `--engine` takes it (`auto`, `fast`,
    /// `cp:var=dom-wdeg`, `sat` ...); default `auto`.
    #[serde(default)]
    pub engine: Option<String>,
    /// The deadline of the search in milliseconds (the server's default
    /// when absent, and never more than the server's cap).
    #[serde(default)]
    pub timeout_ms: Option<u64>,
    /// The most search nodes (`--nodes`).
    #[serde(default)]
    pub nodes: Option<u64>,
}

/// `POST /api/solve`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct SolveRequest {
    /// The puzzle, engine and limits.
    #[serde(flatten)]
    pub on: PuzzleRequest,
    /// Whether the record carries the engine's counters (`--stats`).
    #[serde(default)]
    pub stats: bool,
}

/// `POST /api/count`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct CountRequest {
    /// The puzzle, engine and limits.
    #[serde(flatten)]
    pub on: PuzzleRequest,
    /// Stop counting at this many solutions (`--max`, default 1000; 2 is
    /// the uniqueness check).
    #[serde(default)]
    pub max: Option<u64>,
    /// Count every solution, however many (`--all`; mind the deadline).
    #[serde(default)]
    pub all: bool,
    /// Whether the record carries the engine's counters (`--stats`).
    #[serde(default)]
    pub stats: bool,
}

/// `POST /api/explain`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct ExplainRequestBody {
    /// The puzzle, engine and limits.
    #[serde(flatten)]
    pub on: PuzzleRequest,
    /// Only these techniques (`--techniques`, names as `sudokit explain
    /// --help` lists them); all when absent.
    #[serde(default)]
    pub techniques: Option<Vec<String>>,
    /// Stop after this many steps (`--until`).
    #[serde(default)]
    pub until: Option<usize>,
    /// Whether a guess may continue when logic runs out (default true;
    /// `--no-guess` is false).
    #[serde(default)]
    pub guess: Option<bool>,
    /// Also answer `marks`: the pencil marks at the start and what each
    /// step removes, as the explainer keeps them (the page draws them).
    #[serde(default)]
    pub marks: bool,
}

/// `POST /api/hint`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct HintRequest {
    /// The puzzle (the position to hint at), engine and limits.
    #[serde(flatten)]
    pub on: PuzzleRequest,
    /// Only these techniques (`--techniques`); all when absent.
    #[serde(default)]
    pub techniques: Option<Vec<String>>,
}

/// `POST /api/show`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct ShowRequest {
    /// The puzzle, and the engine and limits when `solved`.
    #[serde(flatten)]
    pub on: PuzzleRequest,
    /// Draw the solution in too (`--solved`).
    #[serde(default)]
    pub solved: bool,
    /// `svg` (default), or `json`: the puzzle in sudokit's JSON form (its
    /// size, boxes or regions, diagonals, extra groups, cages and givens),
    /// as `sudokit show --format json` writes it.
    #[serde(default)]
    pub form: ShowAs,
}

/// The forms `POST /api/show` answers in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ShowAs {
    /// A picture (`image/svg+xml`).
    #[default]
    Svg,
    /// The puzzle's JSON form (`application/json`).
    Json,
}

/// `POST /api/check`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct CheckRequest {
    /// The filled grid, one line of n*n digits.
    pub grid: String,
    /// The puzzle whose givens and rules judge the grid (`--puzzle`);
    /// without it, the plain rules of the grid's size.
    #[serde(default)]
    pub puzzle: Option<String>,
}

/// `POST /api/generate`.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
pub struct GenerateRequestBody {
    /// How many puzzles (default 1, at most the server's cap).
    #[serde(default)]
    pub count: Option<usize>,
    /// The side of the grid (default 9).
    #[serde(default)]
    pub size: Option<usize>,
    /// Sudoku X: both main diagonals all-different (`--x`).
    #[serde(default)]
    pub x: bool,
    /// Random jigsaw regions (`--jigsaw`).
    #[serde(default)]
    pub jigsaw: bool,
    /// Killer cages, no givens (`--killer`).
    #[serde(default)]
    pub killer: bool,
    /// Symmetry of the givens: none, rot180, rot90, mirror, diagonal.
    #[serde(default)]
    pub symmetry: Option<String>,
    /// Only minimal puzzles (`--minimal`).
    #[serde(default)]
    pub minimal: bool,
    /// Only puzzles of this human grade: easy, medium, hard, fiendish,
    /// diabolical, extreme or beyond (`--difficulty`).
    #[serde(default)]
    pub difficulty: Option<String>,
    /// Only puzzles whose hardest technique is this one (`--technique`).
    #[serde(default)]
    pub technique: Option<String>,
    /// The run's seed: the same request and seed make the same puzzles.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The engine spec (default `auto`).
    #[serde(default)]
    pub engine: Option<String>,
    /// The deadline of each puzzle in milliseconds.
    #[serde(default)]
    pub timeout_ms: Option<u64>,
}
