use std::time::Duration;

use sudokit_model::{CancelToken, Limits};

/// What one call may spend: a timeout, a search-node budget and a cancel
/// token, each optional. A [`Kit`](crate::Kit) turns it into fresh
/// [`Limits`] at the start of every call, so the timeout bounds each call
/// (each puzzle), as `--timeout` bounds each puzzle of a batch; the engines
/// check them inside their search.
///
/// A limit that stops the work is not an error: the answer says so
/// ([`Status::LimitReached`](sudokit_model::Status::LimitReached),
/// [`Reply::Stopped`](crate::Reply::Stopped)).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// The longest one call may take.
    pub timeout: Option<Duration>,
    /// The most search nodes one call may visit.
    pub nodes: Option<u64>,
    /// A token another thread may cancel (Ctrl-C, a closed connection):
    /// the call under way stops, and so does every later call until a new
    /// token is given.
    pub cancel: Option<CancelToken>,
}

impl Budget {
    /// No limit.
    pub fn none() -> Self {
        Budget::default()
    }

    /// Sets [`Budget::timeout`].
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// Sets [`Budget::nodes`].
    pub fn nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// Sets [`Budget::cancel`].
    pub fn cancel(mut self, token: CancelToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// The limits of a call that starts now.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::none();
        if let Some(timeout) = self.timeout {
            limits = limits.with_timeout(timeout);
        }
        if let Some(nodes) = self.nodes {
            limits = limits.with_nodes(nodes);
        }
        if let Some(token) = &self.cancel {
            limits = limits.with_cancel(token.clone());
        }
        limits
    }
}
