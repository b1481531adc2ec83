use std::time::Duration;

use serde::{Deserialize, Serialize};
use sudokit_model::{CancelToken, Mode};

use crate::BenchError;

/// What each solve is asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BenchMode {
    /// Find one solution (the course's protocol).
    #[default]
    First,
    /// Count solutions up to 2: find one and prove there is no other
    /// (tdoku's benchmark protocol).
    Unique,
}

impl BenchMode {
    /// The engine mode.
    pub fn mode(self) -> Mode {
        match self {
            BenchMode::First => Mode::First,
            BenchMode::Unique => Mode::CountUpTo(2),
        }
    }

    /// `first` or `unique`.
    pub fn name(self) -> &'static str {
        match self {
            BenchMode::First => "first",
            BenchMode::Unique => "unique",
        }
    }

    /// Parses `first` or `unique`.
    pub fn parse(text: &str) -> Result<Self, BenchError> {
        match text {
            "first" => Ok(BenchMode::First),
            "unique" => Ok(BenchMode::Unique),
            other => Err(BenchError::BadSetting(format!(
                "bad mode `{other}` (expected first or unique)"
            ))),
        }
    }
}

/// How a benchmark runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The deadline of each solve.
    pub timeout: Duration,
    /// What each solve is asked.
    pub mode: BenchMode,
    /// Solve each puzzle this many times; the row keeps the median time.
    pub repeat: u32,
    /// Puzzles solved at once (1 = one after the other).
    pub jobs: usize,
    /// Use only the first this many puzzles of each set.
    pub limit: Option<usize>,
    /// Before timing an engine on a set, solve its first puzzle once, untimed
    /// (caches, lazy tables and page faults are not the puzzle's cost).
    pub warmup: bool,
    /// Cancels the whole run: every solve still running stops at its next check.
    pub cancel: CancelToken,
    /// Prove each complete count ("unique", "no solution") with a checked
    /// certificate after its solve, timed apart (unique mode only).
    pub certify: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            timeout: Duration::from_secs(10),
            mode: BenchMode::First,
            repeat: 1,
            jobs: 1,
            limit: None,
            warmup: true,
            cancel: CancelToken::new(),
            certify: false,
        }
    }
}

impl Config {
    /// Refuses settings that make no sense (`repeat` or `jobs` of 0, a zero
    /// timeout, `limit` 0).
    pub fn validate(&self) -> Result<(), BenchError> {
        if self.repeat == 0 {
            return Err(BenchError::BadSetting("--repeat must be at least 1".into()));
        }
        if self.jobs == 0 {
            return Err(BenchError::BadSetting("--jobs must be at least 1".into()));
        }
        if self.limit == Some(0) {
            return Err(BenchError::BadSetting("--limit must be at least 1".into()));
        }
        if self.certify && self.mode == BenchMode::First {
            return Err(BenchError::BadSetting(
                "--certify proves counts: it needs --mode unique, not first".into(),
            ));
        }
        if self.timeout.is_zero() {
            return Err(BenchError::BadSetting(
                "--timeout must be more than 0".into(),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_checked() {
        let ok = Config::default();
        assert!(ok.validate().is_ok());
        for bad in [
            Config {
                repeat: 0,
                ..Config::default()
            },
            Config {
                jobs: 0,
                ..Config::default()
            },
            Config {
                limit: Some(0),
                ..Config::default()
            },
            Config {
                certify: true,
                ..Config::default()
            },
        ] {
            assert!(bad.validate().is_err());
        }
    }
}
