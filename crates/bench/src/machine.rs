use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// The machine and build a report was made on: without them, times mean
/// little.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Machine {
    /// CPU model (from `/proc/cpuinfo`), or "unknown".
    pub cpu: String,
    /// Logical cores this process may use.
    pub cores: usize,
    /// Operating system and architecture.
    pub os: String,
    /// sudokit's version.
    pub sudokit: String,
    /// The git commit the binary was built from (at build time), or "unknown".
    pub commit: String,
    /// The compiler that built it.
    pub rustc: String,
    /// `release` or `debug`: a debug build's times are not worth comparing.
    pub profile: String,
    /// When the run started, UTC, ISO 8601.
    pub date: String,
}

impl Machine {
    /// The facts of this machine and build, now.
    pub fn detect() -> Self {
        Machine {
            cpu: cpu_model().unwrap_or_else(|| "unknown".into()),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
            sudokit: env!("CARGO_PKG_VERSION").into(),
            commit: env!("SUDOKIT_GIT_COMMIT").into(),
            rustc: env!("SUDOKIT_RUSTC_VERSION").into(),
            profile: env!("SUDOKIT_BUILD_PROFILE").into(),
            date: iso_date(SystemTime::now()),
        }
    }
}

fn cpu_model() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    info.lines()
        .find(|l| {
            l.starts_with("model name") || l.starts_with("Model") || l.starts_with("Hardware")
        })
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// `YYYY-MM-DDTHH:MM:SSZ` for a time (proleptic Gregorian, UTC).
fn iso_date(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn dates_are_iso() {
        assert_eq!(iso_date(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_709_210_096);
        assert_eq!(iso_date(t), "2024-02-29T12:34:56Z");
    }

    #[test]
    fn facts_are_filled() {
        let m = Machine::detect();
        assert!(m.cores >= 1);
        assert!(!m.commit.is_empty() && !m.cpu.is_empty());
    }
}
