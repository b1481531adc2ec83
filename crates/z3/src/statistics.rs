//! Z3's `(get-info :all-statistics)` as sudokit's counters. Z3 adds up its
//! counters over the life of a process, so each solve reports what they
//! grew by since the process last reported them; memory is the peak so far.

use sudokit_model::Stats;

use crate::term::Term;

/// The counters sudokit shows, as Z3 last reported them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    decisions: Option<u64>,
    conflicts: Option<u64>,
    propagations: Option<u64>,
    restarts: Option<u64>,
    /// `:max-memory`, the process's peak, in KiB.
    peak_memory_kib: Option<u64>,
}

impl Counters {
    /// Reads `(:key value :key value …)`; the SMT core and the SAT solver
    /// behind a tactic name theirs differently.
    pub fn parse(items: &[Term]) -> Counters {
        let mut counters = Counters::default();
        for pair in items.chunks(2) {
            let [Term::Atom(key), Term::Atom(value)] = pair else {
                continue;
            };
            if key == ":max-memory" {
                counters.peak_memory_kib = value.parse::<f64>().ok().map(|mb| (mb * 1024.0) as u64);
                continue;
            }
            let Ok(value) = value.parse::<u64>() else {
                continue;
            };
            let slot = match key.as_str() {
                ":decisions" | ":sat-decisions" => &mut counters.decisions,
                ":conflicts" | ":sat-conflicts" => &mut counters.conflicts,
                ":propagations" | ":sat-propagations-2ary" | ":sat-propagations-nary" => {
                    &mut counters.propagations
                }
                ":restarts" | ":sat-restarts" => &mut counters.restarts,
                _ => continue,
            };
            *slot = Some(slot.unwrap_or(0) + value);
        }
        counters
    }

    /// What grew from `earlier` to `self`; a counter that shrank was reset.
    pub fn since(self, earlier: Counters) -> Stats {
        let grown = |now: Option<u64>, before: Option<u64>| {
            now.map(|n| match before {
                Some(b) if b <= n => n - b,
                _ => n,
            })
        };
        Stats {
            nodes: grown(self.decisions, earlier.decisions),
            fails: grown(self.conflicts, earlier.conflicts),
            propagations: grown(self.propagations, earlier.propagations),
            restarts: grown(self.restarts, earlier.restarts),
            memory_kib: self.peak_memory_kib,
            ..Stats::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::parse;

    #[test]
    fn counters_are_read_by_either_name_and_reported_as_growth() {
        let list = |text: &str| parse(text).unwrap().into_list().unwrap();
        let first = Counters::parse(&list("(:conflicts 10 :decisions 40 :max-memory 19.5)"));
        let later = Counters::parse(&list(
            "(:sat-conflicts 15 :sat-decisions 70 :sat-propagations-2ary 5 :sat-propagations-nary 6)",
        ));
        let stats = later.since(first);
        assert_eq!(stats.fails, Some(5));
        assert_eq!(stats.nodes, Some(30));
        assert_eq!(stats.propagations, Some(11));
        assert_eq!(stats.restarts, None);
        // The peak so far, not growth: the later report has none.
        assert_eq!(first.since(Counters::default()).memory_kib, Some(19_968));
        assert_eq!(stats.memory_kib, None);
    }
}
