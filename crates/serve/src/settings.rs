//! The limits a server holds every request to.

use std::time::Duration;

/// What one server allows: the defaults suit one person on one machine.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The largest request body, in bytes (a 25x25 killer in TOML is a few
    /// kilobytes; a megabyte is no puzzle).
    pub max_body: usize,
    /// The deadline of a request that asks for none.
    pub default_timeout: Duration,
    /// The longest deadline a request may ask for.
    pub max_timeout: Duration,
    /// Searches running at once in each of the two lanes: quick requests
    /// (solve, count, a solved drawing) and long ones (analyze, reduce,
    /// generate, explain, hint, grade).
    pub max_searches: usize,
    /// Requests that may wait for a search slot in each lane; one more is
    /// answered `503` with `Retry-After` at once.
    pub max_waiting: usize,
    /// How long a request waits for a slot before it is answered `503`.
    pub max_wait: Duration,
    /// The most puzzles one `generate` request may ask for.
    pub max_generate: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_body: 256 * 1024,
            default_timeout: Duration::from_secs(10),
            max_timeout: Duration::from_secs(60),
            max_searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_waiting: 256,
            max_wait: Duration::from_secs(5),
            max_generate: 20,
        }
    }
}

impl Settings {
    /// The deadline of a request that asks for `timeout_ms`: the default
    /// when it asks for none, never more than [`Settings::max_timeout`].
    pub fn deadline(&self, timeout_ms: Option<u64>) -> Duration {
        timeout_ms
            .map(Duration::from_millis)
            .unwrap_or(self.default_timeout)
            .min(self.max_timeout)
    }
}
