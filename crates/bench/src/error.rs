use sudokit_formats::ParseError;
use sudokit_model::EngineError;

/// Why a benchmark could not start or its report could not be written.
/// Everything that goes wrong *during* a solve is a [`RowStatus`](crate::RowStatus),
/// not an error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BenchError {
    /// An engine spec that does not build (unknown name, bad option, unavailable).
    #[error("engine `{spec}`: {source}")]
    Engine {
        /// The spec as given.
        spec: String,
        /// Why it did not build.
        source: EngineError,
    },
    /// The same engine spec was given twice.
    #[error("engine `{0}` is listed twice")]
    DuplicateEngine(String),
    /// No engine to run.
    #[error("no engine to run")]
    NoEngines,
    /// A set that is neither a built-in name nor an existing file or folder.
    #[error("set `{name}`: not a built-in set ({known}) nor a file or folder")]
    UnknownSet {
        /// The name as given.
        name: String,
        /// The built-in names.
        known: String,
    },
    /// A puzzle file that could not be read or parsed.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A set with no puzzle in it.
    #[error("set `{0}` has no puzzle")]
    EmptySet(String),
    /// A setting out of range (e.g. `--repeat 0`).
    #[error("{0}")]
    BadSetting(String),
    /// Reading or writing a file.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A JSON report that does not parse (e.g. a `--baseline` file).
    #[error("{path}: not a sudokit bench JSON report: {source}")]
    Json {
        /// The file.
        path: String,
        /// The JSON error.
        source: serde_json::Error,
    },
    /// Writing CSV rows.
    #[error("writing CSV: {0}")]
    Csv(#[from] csv::Error),
    /// Drawing a chart.
    #[error("drawing the {chart} chart: {message}")]
    Chart {
        /// Which chart.
        chart: String,
        /// What the plotting library said.
        message: String,
    },
}
