//! Time as a parameter. The engine and the game never read the wall clock themselves:
//! they are handed a [`Clock`], so tests can drive time by hand and assert on what
//! happened rather than on how long it took.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A monotonic clock: the time since some fixed origin, never going backwards.
pub trait Clock: Send + Sync {
    fn now(&self) -> Duration;
}

/// The real clock: time since the value was created.
#[derive(Clone, Copy, Debug)]
pub struct MonotonicClock {
    origin: Instant,
}

impl MonotonicClock {
    pub fn new() -> MonotonicClock {
        MonotonicClock {
            origin: Instant::now(),
        }
    }
}

impl Default for MonotonicClock {
    fn default() -> Self {
        MonotonicClock::new()
    }
}

impl Clock for MonotonicClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// A clock moved only by hand: shared by clones, so a test keeps one handle and gives
/// another to the code under test.
#[derive(Clone, Debug, Default)]
pub struct ManualClock {
    micros: Arc<AtomicU64>,
}

impl ManualClock {
    pub fn new() -> ManualClock {
        ManualClock::default()
    }

    /// Moves time forward by `by`.
    pub fn advance(&self, by: Duration) {
        self.micros
            .fetch_add(by.as_micros() as u64, Ordering::SeqCst);
    }

    /// Sets the time since the origin.
    pub fn set(&self, to: Duration) {
        self.micros.store(to.as_micros() as u64, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Duration {
        Duration::from_micros(self.micros.load(Ordering::SeqCst))
    }
}

/// A clock that moves `step` forward every time it is read: time that passes only as
/// the code under test works, so a time budget is reached after a fixed amount of work,
/// the same on every machine.
#[derive(Clone, Debug)]
pub struct SteppingClock {
    inner: ManualClock,
    step: Duration,
}

impl SteppingClock {
    pub fn new(step: Duration) -> SteppingClock {
        SteppingClock {
            inner: ManualClock::new(),
            step,
        }
    }
}

impl Clock for SteppingClock {
    fn now(&self) -> Duration {
        self.inner.advance(self.step);
        self.inner.now()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told_and_clones_share_it() {
        let c = ManualClock::new();
        let other = c.clone();
        assert_eq!(other.now(), Duration::ZERO);
        c.advance(Duration::from_millis(250));
        assert_eq!(other.now(), Duration::from_millis(250));
        other.set(Duration::from_secs(3));
        assert_eq!(c.now(), Duration::from_secs(3));
    }

    #[test]
    fn the_monotonic_clock_never_goes_back() {
        let c = MonotonicClock::new();
        let a = c.now();
        let b = c.now();
        assert!(b >= a);
    }
}
