//! The breadth-first search both chain techniques run. A state is
//! `cell * width + tag`, the tag saying how the chain reached the cell (by
//! which kind of link for X-chains, forced to which digit for XY-chains);
//! each state is reached once per search, and never through a cell already
//! on its own path, so the first chains found are the shortest.

/// Parents and marks of one search, their buffers reused from start to
/// start (a stamp tells this search's marks from older ones).
pub(crate) struct ChainSearch {
    width: usize,
    parent: Vec<usize>,
    seen: Vec<u32>,
    stamp: u32,
    first: usize,
}

impl ChainSearch {
    /// Room for `cells` cells of `width` states each.
    pub(crate) fn new(cells: usize, width: usize) -> ChainSearch {
        ChainSearch {
            width,
            parent: vec![0; cells * width],
            seen: vec![0; cells * width],
            stamp: 0,
            first: 0,
        }
    }

    /// Starts a new search from the state `first`.
    pub(crate) fn start(&mut self, first: usize) {
        self.stamp += 1;
        self.first = first;
        self.seen[first] = self.stamp;
    }

    /// Extends the chain ending in `from` to the state `to`, unless `to` was
    /// reached already or its cell is on `from`'s path; says whether it did.
    pub(crate) fn reach(&mut self, from: usize, to: usize) -> bool {
        if self.seen[to] == self.stamp || self.on_path(from, to / self.width) {
            return false;
        }
        self.seen[to] = self.stamp;
        self.parent[to] = from;
        true
    }

    /// The states from the first to `state`, in chain order.
    pub(crate) fn path(&self, mut state: usize) -> Vec<usize> {
        let mut states = vec![state];
        while state != self.first {
            state = self.parent[state];
            states.push(state);
        }
        states.reverse();
        states
    }

    fn on_path(&self, mut state: usize, cell: usize) -> bool {
        loop {
            if state / self.width == cell {
                return true;
            }
            if state == self.first {
                return false;
            }
            state = self.parent[state];
        }
    }
}
