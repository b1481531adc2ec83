//! Restart cutoffs in failures: Luby (1 1 2 1 1 2 4 1 1 2 ...) or geometric
//! (x 1.5), scaled by `restart_base`.

use crate::Restarts;

/// The sequence of failure budgets between restarts.
#[derive(Clone, Debug)]
pub(crate) struct RestartSchedule {
    policy: Restarts,
    base: u64,
    run: u64,
    geometric: f64,
}

impl RestartSchedule {
    pub(crate) fn new(policy: Restarts, base: u64) -> Self {
        RestartSchedule {
            policy,
            base: base.max(1),
            run: 0,
            geometric: base.max(1) as f64,
        }
    }

    /// Failures allowed in the next run (`u64::MAX`: never restart).
    pub(crate) fn next_cutoff(&mut self) -> u64 {
        self.run += 1;
        match self.policy {
            Restarts::None => u64::MAX,
            Restarts::Luby => self.base.saturating_mul(luby(self.run)),
            Restarts::Geometric => {
                let cutoff = self.geometric as u64;
                self.geometric *= 1.5;
                cutoff
            }
        }
    }
}

/// The `i`-th term (from 1) of the Luby sequence.
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // Smallest k with 2^k - 1 >= i.
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let seq: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
