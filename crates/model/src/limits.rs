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
        }
    }
}

/// Amortised limit checks for a hot loop: the budgets are compared on every
/// call, the clock and the cancel flag only every [`StopCheck::PERIOD`] calls.
#[derive(Debug)]
pub struct StopCheck<'a> {
    limits: &'a Limits,
    countdown: u32,
}

impl StopCheck<'_> {
    /// Clock and cancel flag are read once per this many calls.
    pub const PERIOD: u32 = 256;

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
        self.countdown = Self::PERIOD;
        self.check_now()
    }

    /// Reads the clock and the cancel flag right away.
    pub fn check_now(&self) -> Option<LimitKind> {
        if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.is_cancelled())
        {
            return Some(LimitKind::Cancelled);
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(LimitKind::Time);
        }
        None
    }
}
