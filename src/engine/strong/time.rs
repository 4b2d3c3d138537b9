//! When a search must stop: a node budget, a stop flag from another thread, and two time
//! limits read from an injected [`Clock`] — a soft one (do not start another iteration)
//! and a hard one (abort now). Once a stop is seen it sticks, so every part of the
//! search (main search, VCF, VCT) unwinds at once.

use crate::engine::clock::Clock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How long a move may take, as the search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Past this, no new iteration starts.
    pub soft: Duration,
    /// Past this, the search stops wherever it is.
    pub hard: Duration,
}

impl TimeBudget {
    /// A budget for a move that may take up to `hard`: new iterations stop at about half.
    pub fn within(hard: Duration) -> TimeBudget {
        TimeBudget {
            soft: hard.mul_f64(0.45),
            hard,
        }
    }
}

/// Nodes between two looks at the clock and the stop flag: about a millisecond of work.
const CHECK_EVERY: u64 = 512;
/// Nodes the engine searches in a millisecond before a search has measured its own rate
/// (for turning time into nodes; measured 780-950 in 300 ms match moves on the 2-core
/// machine of an early build, 1 600-2 200 since).
pub const NODES_PER_MS: u64 = 800;
/// A search measures its own rate once it has this many nodes and milliseconds behind it.
const RATE_MIN_NODES: u64 = 20_000;
const RATE_MIN_MICROS: u64 = 5_000;
/// A sub-search's nodes when nothing limits the search, and the least it is ever given.
const UNLIMITED_SHARE: u64 = 200_000;
const MIN_SHARE: u64 = 500;

/// The stop rule of one search.
pub struct Stopper {
    clock: Arc<dyn Clock>,
    start: Duration,
    budget: Option<TimeBudget>,
    nodes: Option<u64>,
    flag: Option<Arc<AtomicBool>>,
    next_check: u64,
    stopped: bool,
}

impl Stopper {
    pub fn new(
        clock: Arc<dyn Clock>,
        budget: Option<TimeBudget>,
        nodes: Option<u64>,
        flag: Option<Arc<AtomicBool>>,
    ) -> Stopper {
        let start = clock.now();
        Stopper {
            clock,
            start,
            budget,
            nodes,
            flag,
            next_check: 0,
            stopped: false,
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.clock.now().saturating_sub(self.start)
    }

    /// True once the search must stop; cheap enough to call at every node.
    #[inline]
    pub fn check(&mut self, nodes: u64) -> bool {
        if self.stopped {
            return true;
        }
        if nodes < self.next_check {
            return false;
        }
        self.next_check = nodes + CHECK_EVERY;
        self.stopped = self.nodes.is_some_and(|n| nodes >= n)
            || self
                .flag
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            || self.budget.is_some_and(|b| self.elapsed() >= b.hard);
        self.stopped
    }

    /// Whether a stop has been seen.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// True when there is time to start another iteration: the soft limit is not
    /// reached and nodes are left. A node budget has no soft limit: nodes not spent
    /// are lost, and an iteration cut off still counts when a move finished in it and
    /// beat the best before.
    pub fn may_deepen(&self, nodes: u64) -> bool {
        !self.stopped
            && self.nodes.is_none_or(|n| nodes < n)
            && self.budget.is_none_or(|b| self.elapsed() < b.soft)
    }

    /// A share of what is left of the hard limit, for a sub-search with its own budget
    /// (`None` when the search has no time limit).
    pub fn share_of_remaining(&self, share: f64) -> Option<Duration> {
        self.budget
            .map(|b| b.hard.saturating_sub(self.elapsed()).mul_f64(share))
    }

    /// Nodes a sub-search (VCF, VCT) may spend: `share` of what is left of the node
    /// budget and of the time (at the rate this search has run so far, or
    /// [`NODES_PER_MS`] before it has one), whichever is less; a fixed allowance when
    /// neither limits the search.
    pub fn node_share(&self, share: f64, nodes: u64) -> u64 {
        let by_nodes = self
            .nodes
            .map(|n| (n.saturating_sub(nodes) as f64 * share) as u64);
        let by_time = self
            .share_of_remaining(share)
            .map(|t| t.as_micros() as u64 * self.nodes_per_ms(nodes) / 1000);
        match (by_nodes, by_time) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b).unwrap_or(UNLIMITED_SHARE),
        }
        .max(MIN_SHARE)
    }

    /// Nodes a millisecond: measured from the `nodes` searched so far once there are
    /// enough of them (the machine and the position decide it; a constant was half the
    /// real rate after the search got faster), else [`NODES_PER_MS`].
    fn nodes_per_ms(&self, nodes: u64) -> u64 {
        let micros = self.elapsed().as_micros() as u64;
        if nodes < RATE_MIN_NODES || micros < RATE_MIN_MICROS {
            return NODES_PER_MS;
        }
        (nodes * 1000 / micros).max(1)
    }

    /// The time budget (if any).
    pub fn budget(&self) -> Option<TimeBudget> {
        self.budget
    }

    /// Keeps `share` of what is left of the hard limit and of the node budget (`nodes`
    /// are spent) back from the search that runs until [`Stopper::release`]: the checks
    /// after it (does the chosen move let the opponent win by threats?) get their own
    /// time even when the deepening runs out.
    pub fn hold_back(&mut self, share: f64, nodes: u64) -> Reserve {
        let reserve = Reserve {
            budget: self.budget,
            nodes: self.nodes,
        };
        let elapsed = self.elapsed();
        if let Some(b) = self.budget.as_mut() {
            let kept = b.hard.saturating_sub(elapsed).mul_f64(share);
            b.hard = b.hard.saturating_sub(kept);
            b.soft = b.soft.min(b.hard);
        }
        self.nodes = self
            .nodes
            .map(|n| n - (n.saturating_sub(nodes) as f64 * share) as u64);
        reserve
    }

    /// Lets iterations start until the hard limit, until [`Stopper::release`]: for a
    /// search whose every move matters more than the time it leaves to later moves.
    pub fn deepen_to_hard(&mut self) -> Reserve {
        let reserve = Reserve {
            budget: self.budget,
            nodes: self.nodes,
        };
        if let Some(b) = self.budget.as_mut() {
            b.soft = b.hard;
        }
        reserve
    }

    /// Gives back what [`Stopper::hold_back`] or [`Stopper::deepen_to_hard`] kept. A stop seen meanwhile is checked
    /// again at the next call (a stop flag or a spent budget still stops at once).
    pub fn release(&mut self, reserve: Reserve) {
        self.budget = reserve.budget;
        self.nodes = reserve.nodes;
        self.stopped = false;
        self.next_check = 0;
    }
}

/// The limits as they were before [`Stopper::hold_back`] or [`Stopper::deepen_to_hard`].
#[must_use = "give the reserve back with Stopper::release"]
pub struct Reserve {
    budget: Option<TimeBudget>,
    nodes: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::clock::ManualClock;

    /// A stopper on `clock` for a 100 ms move, with an optional node budget and stop flag.
    fn stopper_100ms(
        clock: &ManualClock,
        nodes: Option<u64>,
        flag: Option<Arc<AtomicBool>>,
    ) -> Stopper {
        let budget = TimeBudget::within(Duration::from_millis(100));
        Stopper::new(Arc::new(clock.clone()), Some(budget), nodes, flag)
    }

    #[test]
    fn stops_at_the_hard_limit_and_stays_stopped() {
        let clock = ManualClock::new();
        let mut s = stopper_100ms(&clock, None, None);
        assert!(!s.check(0));
        assert!(s.may_deepen(0));
        clock.advance(Duration::from_millis(50));
        assert!(!s.may_deepen(0), "past the soft limit");
        assert!(!s.check(CHECK_EVERY));
        clock.advance(Duration::from_millis(50));
        assert!(s.check(2 * CHECK_EVERY));
        clock.set(Duration::ZERO);
        assert!(s.check(0), "a stop sticks");
    }

    #[test]
    fn a_held_back_share_comes_back_after_a_stop() {
        let clock = ManualClock::new();
        let flag = Arc::new(AtomicBool::new(false));
        let mut s = stopper_100ms(&clock, Some(10_000), Some(Arc::clone(&flag)));
        let reserve = s.hold_back(0.2, 0);
        clock.advance(Duration::from_millis(85));
        assert!(s.check(0), "the held-back search stops at 80 ms");
        s.release(reserve);
        assert!(!s.check(0), "the reserve is there again");
        assert!(
            s.check(10_000),
            "and so is the node budget, until it is spent"
        );
        let reserve = s.hold_back(0.2, 0);
        s.release(reserve);
        flag.store(true, Ordering::Relaxed);
        assert!(s.check(0), "a stop flag still stops");
    }

    #[test]
    fn a_share_held_back_late_is_a_share_of_what_is_left() {
        let clock = ManualClock::new();
        let mut s = stopper_100ms(&clock, Some(10_000), None);
        clock.advance(Duration::from_millis(60));
        let reserve = s.hold_back(0.5, 6_000);
        clock.advance(Duration::from_millis(19));
        assert!(!s.check(0), "half of the 40 ms left is 20 ms");
        assert!(!s.check(7_999), "half of the 4 000 nodes left is 2 000");
        assert!(
            s.check(7_999 + CHECK_EVERY),
            "the node budget less its reserve is spent"
        );
        s.release(reserve);
        assert!(
            !s.check(8_000),
            "released: 8 000 nodes and 79 ms are within the budget"
        );
        clock.advance(Duration::from_millis(21));
        assert!(s.check(8_000 + CHECK_EVERY), "and 100 ms is the hard limit");
    }

    #[test]
    fn deepening_to_the_hard_limit_lasts_until_released() {
        let clock = ManualClock::new();
        let mut s = stopper_100ms(&clock, None, None);
        clock.advance(Duration::from_millis(60));
        assert!(!s.may_deepen(0), "past the soft limit");
        let reserve = s.deepen_to_hard();
        assert!(s.may_deepen(0), "until the hard limit");
        s.release(reserve);
        assert!(!s.may_deepen(0), "the soft limit is back");
    }

    #[test]
    fn a_share_of_time_is_turned_into_nodes_at_the_measured_rate() {
        let clock = ManualClock::new();
        let s = Stopper::new(
            Arc::new(clock.clone()),
            Some(TimeBudget::within(Duration::from_millis(200))),
            None,
            None,
        );
        assert_eq!(s.node_share(0.5, 0), 100 * NODES_PER_MS, "before any nodes");
        clock.advance(Duration::from_millis(100));
        // 300 000 nodes in 100 ms: 3 000 a millisecond, for half of the 100 ms left.
        assert_eq!(s.node_share(0.5, 300_000), 150_000);
        assert_eq!(
            s.node_share(0.5, 1_000),
            50 * NODES_PER_MS,
            "too few nodes to measure"
        );
    }

    #[test]
    fn node_budget_and_flag() {
        let clock: Arc<dyn Clock> = Arc::new(ManualClock::new());
        let mut s = Stopper::new(Arc::clone(&clock), None, Some(1000), None);
        assert!(!s.check(999));
        assert!(s.check(1000 + CHECK_EVERY));
        let flag = Arc::new(AtomicBool::new(false));
        let mut s = Stopper::new(clock, None, None, Some(Arc::clone(&flag)));
        assert!(!s.check(0));
        flag.store(true, Ordering::Relaxed);
        assert!(s.check(CHECK_EVERY));
    }
}
