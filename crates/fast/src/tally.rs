//! What both searches (9×9 and generic) count, and the limit check made at
//! every guess.

use std::time::Duration;

use sudokit_model::{LimitKind, Stats, StopCheck};

/// The counters of one search.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// Guesses made: each branch tried.
    pub(crate) guesses: u64,
    /// Branch points: nodes the search split, once each however many of
    /// their branches it tried (how tdoku counts its guesses).
    pub(crate) branches: u64,
    /// Dead ends.
    pub(crate) fails: u64,
    /// Deepest guess level.
    pub(crate) max_depth: u64,
    /// The limit that stopped the search, if one did.
    pub(crate) limit: Option<LimitKind>,
}

impl Tally {
    /// Counts a guess; true when a limit says stop.
    #[inline]
    pub(crate) fn guess(&mut self, stop: &mut StopCheck<'_>) -> bool {
        self.guesses += 1;
        if let Some(kind) = stop.check(self.guesses, self.fails) {
            self.limit = Some(kind);
            return true;
        }
        false
    }

    /// The engine contract's counters: every guess is a node, a dead end a
    /// fail and a backtrack (the search copies state instead of undoing);
    /// propagations are not counted.
    pub(crate) fn stats(&self, build_time: Duration) -> Stats {
        Stats {
            nodes: Some(self.guesses),
            fails: Some(self.fails),
            backtracks: Some(self.fails),
            max_depth: Some(self.max_depth),
            build_time,
            ..Stats::default()
        }
    }
}
