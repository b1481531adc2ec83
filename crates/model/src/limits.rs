use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// A flag shared between a caller and a running search; setting it asks the
/// search to stop at its next check. Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token nobody has cancelled yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this token to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`CancelToken::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for whoever must set it without a call: a signal
    /// handler (the CLI's Ctrl-C) stores `true` in it.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LimitKind {
    /// The deadline passed.
    Time,
    /// The node budget ran out.
    Nodes,
    /// The fail budget ran out.
    Fails,
    /// The caller cancelled.
    Cancelled,
}

impl LimitKind {
    /// Lower-case name for tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            LimitKind::Time => "time",
            LimitKind::Nodes => "nodes",
            LimitKind::Fails => "fails",
            LimitKind::Cancelled => "cancelled",
        }
    }

    /// What the limit counts, for messages: "a node limit".
    pub fn noun(self) -> &'static str {
        match self {
            LimitKind::Time => "time",
            LimitKind::Nodes => "node",
            LimitKind::Fails => "fail",
            LimitKind::Cancelled => "cancellation",
        }
    }
}

/// The budget of one solve. Engines check it inside their search loop
/// (through a [`StopCheck`]), so a limit really stops the work.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop when this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop after this many search nodes.
    pub nodes: Option<u64>,
    /// Stop after this many failures.
    pub fails: Option<u64>,
    /// Stop when cancelled.
    pub cancel: Option<CancelToken>,
}

impl Limits {
    /// No limit at all.
    pub fn none() -> Self {
        Self::default()
    }

    /// The kinds of limit set here.
    pub fn kinds(&self) -> impl Iterator<Item = LimitKind> {
        [
            (self.deadline.is_some(), LimitKind::Time),
            (self.nodes.is_some(), LimitKind::Nodes),
            (self.fails.is_some(), LimitKind::Fails),
            (self.cancel.is_some(), LimitKind::Cancelled),
        ]
        .into_iter()
        .filter_map(|(set, kind)| set.then_some(kind))
    }

    /// A deadline `timeout` from now.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.deadline = Some(Instant::now() + timeout);
        self
    }

    /// A cancellation token to honour.
    pub fn with_cancel(mut self, cancel: CancelToken) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// A node budget.
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// A fail budget.
    pub fn with_fails(mut self, fails: u64) -> Self {
        self.fails = Some(fails);
        self
    }

    /// A checker for a search loop.
    pub fn checker(&self) -> StopCheck<'_> {
        StopCheck {
            limits: self,
            countdown: 0,
            // With a deadline, start by reading the clock every 16 calls (a
            // 9x9 solve is often done by then) and let the period follow
            // the cost of a call; without one there is only the cancel
            // flag, read once per period from the start.
            period: match self.deadline {
                Some(_) => StopCheck::FIRST_PERIOD,
                None => StopCheck::PERIOD,
            },
            last_read: None,
        }
    }
}

/// Amortised limit checks for a hot loop: the budgets are compared on every
/// call, the clock and the cancel flag once per period of calls. The period
/// is at most [`StopCheck::PERIOD`] and halves while reads of the clock come
/// more than [`StopCheck::GAP`] apart (a node of a 25x25 search costs about
/// 25 µs, so 256 of them ran 7 ms past a 1 ms limit), then grows back while
/// they come close together.
#[derive(Debug)]
pub struct StopCheck<'a> {
    limits: &'a Limits,
    countdown: u32,
    period: u32,
    last_read: Option<Instant>,
}

impl StopCheck<'_> {
    /// Clock and cancel flag are read at most once per this many calls.
    pub const PERIOD: u32 = 256;

    /// The period of the first calls when there is a deadline.
    pub const FIRST_PERIOD: u32 = 16;

    /// The longest wanted gap between two reads of the clock.
    pub const GAP: Duration = Duration::from_micros(500);

    /// Call once per node with the counts so far; `Some` means stop now.
    #[inline]
    pub fn check(&mut self, nodes: u64, fails: u64) -> Option<LimitKind> {
        if self.limits.nodes.is_some_and(|max| nodes >= max) {
            return Some(LimitKind::Nodes);
        }
        if self.limits.fails.is_some_and(|max| fails >= max) {
            return Some(LimitKind::Fails);
        }
        if self.countdown > 0 {
            self.countdown -= 1;
            return None;
        }
        // One read of the clock serves both the period and the deadline.
        let now = self.limits.deadline.map(|_| Instant::now());
        if let Some(now) = now {
            self.adapt(now);
        }
        self.countdown = self.period;
        self.stop_at(now)
    }

    /// The current period: calls between two reads of the clock.
    pub fn period(&self) -> u32 {
        self.period
    }

    /// Halves the period when the clock was last read too long ago, and
    /// doubles it (up to [`StopCheck::PERIOD`]) when well within the gap.
    fn adapt(&mut self, now: Instant) {
        if let Some(last) = self.last_read {
            let gap = now.saturating_duration_since(last);
            if gap > Self::GAP {
                self.period = (self.period / 2).max(1);
            } else if gap < Self::GAP / 4 {
                self.period = (self.period * 2).min(Self::PERIOD);
            }
        }
        self.last_read = Some(now);
    }

    /// Reads the clock and the cancel flag right away. Inlined: the hot
    /// loops of other crates call it through [`StopCheck::check`].
    #[inline]
    pub fn check_now(&self) -> Option<LimitKind> {
        self.stop_at(self.limits.deadline.map(|_| Instant::now()))
    }

    /// The cancel flag, then the deadline against `now` (read only when
    /// there is a deadline).
    #[inline]
    fn stop_at(&self, now: Option<Instant>) -> Option<LimitKind> {
        if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.is_cancelled())
        {
            return Some(LimitKind::Cancelled);
        }
        match (self.limits.deadline, now) {
            (Some(deadline), Some(now)) if now >= deadline => Some(LimitKind::Time),
            _ => None,
        }
    }
}

/// Why a duration given as text (a `--timeout`) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad duration `{text}`: {kind}")]
pub struct DurationError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub kind: DurationErrorKind,
}

/// What is wrong with a duration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DurationErrorKind {
    /// Not a number with one of the known units.
    #[error("use plain seconds (1.5) or a number with a unit (500ms, 3s, 2m, 1h)")]
    Syntax,
    /// Zero (or rounds to 0 ns): a limit that stops every solve at once.
    #[error("must be more than 0")]
    Zero,
    /// Longer than a week: surely a typo, and it keeps `Instant + timeout`
    /// far from overflowing.
    #[error("more than a week")]
    TooLong,
}

/// Parses a duration: plain seconds (`1.5`), or a number with a unit:
/// `ms`, `s`, `m`, `h` (`500ms`, `3s`, `2m`, `1h`; also their usual
/// spellings `sec`, `secs`, `min`, `hour` …, space before the unit allowed).
/// The one syntax of every `--timeout`. Compound forms such as `1m30s` are
/// refused: write `90s`.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let fail = |kind| DurationError {
        text: text.into(),
        kind,
    };
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    // f64's own parser also takes `inf`, `1e3` and signs; the split above
    // has already kept only digits and dots.
    let value: f64 = number
        .parse()
        .map_err(|_| fail(DurationErrorKind::Syntax))?;
    let seconds_per_unit = match unit.trim_start() {
        "ms" | "msec" | "millis" => 0.001,
        "" | "s" | "sec" | "secs" | "second" | "seconds" => 1.0,
        "m" | "min" | "mins" | "minute" | "minutes" => 60.0,
        "h" | "hr" | "hrs" | "hour" | "hours" => 3600.0,
        _ => return Err(fail(DurationErrorKind::Syntax)),
    };
    let seconds = value * seconds_per_unit;
    if seconds > 7.0 * 24.0 * 3600.0 {
        return Err(fail(DurationErrorKind::TooLong));
    }
    let duration = Duration::from_secs_f64(seconds);
    if duration.is_zero() {
        return Err(fail(DurationErrorKind::Zero));
    }
    Ok(duration)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_calls_read_the_clock_more_often_and_fast_ones_less() {
        let limits = Limits::none().with_timeout(Duration::from_secs(60));
        let mut check = limits.checker();
        let start = Instant::now();
        // The clock as adapt sees it: reads `micros` after the start.
        let mut read_at = |micros: u64| {
            check.adapt(start + Duration::from_micros(micros));
            check.period()
        };
        assert_eq!(read_at(0), 16);
        assert_eq!(read_at(10), 32);
        assert_eq!(read_at(320), 32, "300 us apart: within the gap");
        let slow: Vec<u32> = (1..=7).map(|i| read_at(320 + 2_000 * i)).collect();
        assert_eq!(slow, [16, 8, 4, 2, 1, 1, 1], "never below one call");
        let quick: Vec<u32> = (1..=10).map(|i| read_at(20_000 + i)).collect();
        assert_eq!(
            quick,
            [1, 2, 4, 8, 16, 32, 64, 128, 256, 256],
            "the first after a pause"
        );
        // Without a deadline only the cancel flag is read, once per period.
        let cancel_only = Limits::none().with_cancel(CancelToken::new());
        let mut check = cancel_only.checker();
        assert_eq!(check.check(0, 0), None);
        assert_eq!(
            (check.period(), check.countdown),
            (StopCheck::PERIOD, StopCheck::PERIOD)
        );
    }

    #[test]
    fn durations_parse_as_seconds_or_with_a_unit() {
        let ms = Duration::from_millis;
        for (text, expected) in [
            ("1.5", ms(1_500)),
            ("10", ms(10_000)),
            (".5", ms(500)),
            ("500ms", ms(500)),
            ("3s", ms(3_000)),
            ("2.5s", ms(2_500)),
            ("2m", ms(120_000)),
            ("1h", ms(3_600_000)),
            ("10 s", ms(10_000)),
            (" 3s ", ms(3_000)),
            ("10sec", ms(10_000)),
            ("2min", ms(120_000)),
            ("5seconds", ms(5_000)),
            ("1hour", ms(3_600_000)),
            ("168h", ms(7 * 24 * 3_600_000)),
        ] {
            assert_eq!(parse_duration(text), Ok(expected), "{text:?}");
        }
    }

    #[test]
    fn bad_durations_name_the_text_and_the_accepted_forms() {
        assert_eq!(
            parse_duration("1.5x").unwrap_err().to_string(),
            "bad duration `1.5x`: use plain seconds (1.5) or a number with a unit \
             (500ms, 3s, 2m, 1h)"
        );
        for text in [
            "", "s", "soon", "-1s", "+1s", "1.2.3s", "1e3", "inf", "NaN", "1m30s", "3S", "2d",
        ] {
            assert_eq!(
                parse_duration(text).unwrap_err().kind,
                DurationErrorKind::Syntax,
                "{text:?}"
            );
        }
        assert_eq!(
            parse_duration("0").unwrap_err().to_string(),
            "bad duration `0`: must be more than 0"
        );
        assert_eq!(
            parse_duration("0.0000000001").unwrap_err().kind,
            DurationErrorKind::Zero
        );
        assert_eq!(
            parse_duration("169h").unwrap_err().to_string(),
            "bad duration `169h`: more than a week"
        );
        // Too many digits for f64 parse as infinity: refused, no panic.
        assert_eq!(
            parse_duration(&"9".repeat(400)).unwrap_err().kind,
            DurationErrorKind::TooLong
        );
    }
}
