//! One decision's limits shared out over the several short searches it runs: each search
//! gets an equal part of what is left of the time (read from the caller's injected
//! clock) and of the node budget, so the whole decision ends within the caller's limits.

use crate::engine::search::SearchResult;
use crate::engine::strong::time::TimeBudget;
use crate::engine::strong::StrongLimits;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// What is left of a decision's limits.
pub struct Budget<'a> {
    limits: &'a StrongLimits,
    start: Duration,
    nodes_used: u64,
}

impl<'a> Budget<'a> {
    /// Starts the decision's clock now.
    pub fn new(limits: &'a StrongLimits) -> Budget<'a> {
        Budget {
            limits,
            start: limits.clock.now(),
            nodes_used: 0,
        }
    }

    fn time_left(&self) -> Option<Duration> {
        let elapsed = self.limits.clock.now().saturating_sub(self.start);
        self.limits.time.map(|t| t.hard.saturating_sub(elapsed))
    }

    fn nodes_left(&self) -> Option<u64> {
        self.limits.nodes.map(|n| n.saturating_sub(self.nodes_used))
    }

    /// Limits for the next search when `parts` searches (this one included) share what
    /// is left. The depth, stop flag and clock are the caller's.
    pub fn next(&self, parts: u32) -> StrongLimits {
        let parts = parts.max(1);
        let mut limits = self.limits.clone();
        limits.time = self.time_left().map(|t| TimeBudget::within(t / parts));
        limits.nodes = self.nodes_left().map(|n| (n / u64::from(parts)).max(1));
        limits
    }

    /// Counts a finished search's nodes against the budget.
    pub fn spent(&mut self, result: &SearchResult) {
        self.nodes_used += result.stats.nodes;
    }

    /// True when no further search should start: stopped from outside, or out of time
    /// or nodes.
    pub fn exhausted(&self) -> bool {
        let stopped = self
            .limits
            .stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed));
        stopped || self.time_left().is_some_and(|t| t.is_zero()) || self.nodes_left() == Some(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::clock::ManualClock;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    #[test]
    fn parts_share_what_is_left() {
        let clock = ManualClock::new();
        let limits = StrongLimits::depth(10)
            .with_clock(Arc::new(clock.clone()))
            .with_nodes(9000)
            .with_time(TimeBudget::within(Duration::from_millis(300)));
        let mut budget = Budget::new(&limits);
        let first = budget.next(3);
        assert_eq!(first.nodes, Some(3000));
        assert_eq!(first.time.map(|t| t.hard), Some(Duration::from_millis(100)));
        let mut used = SearchResult::default();
        used.stats.nodes = 5000;
        budget.spent(&used);
        clock.advance(Duration::from_millis(200));
        let second = budget.next(2);
        assert_eq!(second.nodes, Some(2000));
        assert_eq!(second.time.map(|t| t.hard), Some(Duration::from_millis(50)));
        assert!(!budget.exhausted());
        clock.advance(Duration::from_millis(100));
        assert!(budget.exhausted(), "out of time");
    }

    #[test]
    fn a_stop_flag_or_spent_nodes_end_it() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = StrongLimits::depth(4)
            .with_nodes(10)
            .with_stop(Arc::clone(&flag));
        let mut budget = Budget::new(&limits);
        assert!(!budget.exhausted());
        flag.store(true, Ordering::Relaxed);
        assert!(budget.exhausted());
        flag.store(false, Ordering::Relaxed);
        let mut used = SearchResult::default();
        used.stats.nodes = 11;
        budget.spent(&used);
        assert!(budget.exhausted());
        assert_eq!(budget.next(4).nodes, Some(1), "never a zero budget");
    }
}
