//! The reply's last line of defence. The search stops itself at its hard limit, well
//! inside the turn, and its thread writes the move. But a thread the system does not
//! schedule, or a step of the search that runs long, answers late, and a late answer
//! loses the game. The driver's thread, waiting on input anyway, watches the time: at the
//! watchdog's deadline it answers the search's best move so far itself (a
//! [`BestSoFar`] the search keeps up to date), stops the search, and the search's own
//! answer is dropped.

use crate::engine::clock::Clock;
use crate::engine::strong::best_so_far::BestSoFar;
use crate::engine::Pos;
use std::sync::Arc;
use std::time::Duration;

/// The `MESSAGE` the watchdog writes before its move, so a manager's log shows why.
pub fn late_message(elapsed: Duration) -> String {
    format!(
        "MESSAGE the search was late: answered its best move so far at {} ms",
        elapsed.as_millis()
    )
}

/// One move's watch: when to answer and with what.
pub struct Watchdog {
    clock: Arc<dyn Clock>,
    /// When the move's command arrived, by `clock`.
    command: Duration,
    deadline: Duration,
    best: Arc<BestSoFar>,
    fired: bool,
}

impl Watchdog {
    /// A watch for a move whose command arrived `spent` ago: it comes due `after` from
    /// the command, by `clock`, answering what `best` holds.
    pub fn new(
        clock: Arc<dyn Clock>,
        spent: Duration,
        after: Duration,
        best: Arc<BestSoFar>,
    ) -> Watchdog {
        let command = clock.now().saturating_sub(spent);
        Watchdog {
            clock,
            command,
            deadline: command + after,
            best,
            fired: false,
        }
    }

    /// The move to answer now: once, when the deadline has passed and the search has
    /// written a move.
    pub fn due(&mut self) -> Option<Pos> {
        if self.fired || self.clock.now() < self.deadline {
            return None;
        }
        let best = self.best.get()?;
        self.fired = true;
        Some(best)
    }

    /// Time since the move's command arrived.
    pub fn elapsed(&self) -> Duration {
        self.clock.now().saturating_sub(self.command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::clock::ManualClock;

    #[test]
    fn the_watch_answers_once_after_its_deadline_with_the_latest_move() {
        let clock = ManualClock::new();
        clock.advance(Duration::from_secs(10));
        let best = Arc::new(BestSoFar::new());
        // The command came 5 ms before the watch was set.
        let mut watch = Watchdog::new(
            Arc::new(clock.clone()),
            Duration::from_millis(5),
            Duration::from_millis(285),
            Arc::clone(&best),
        );
        best.set(Pos::new(7, 7));
        clock.advance(Duration::from_millis(279));
        assert_eq!(watch.due(), None, "not yet");
        best.set(Pos::new(8, 6));
        clock.advance(Duration::from_millis(1));
        assert_eq!(watch.due(), Some(Pos::new(8, 6)));
        assert_eq!(watch.elapsed(), Duration::from_millis(285));
        assert_eq!(watch.due(), None, "one answer a move");
    }

    #[test]
    fn an_empty_slot_leaves_the_answer_to_the_search() {
        let clock = ManualClock::new();
        let best = Arc::new(BestSoFar::new());
        let zero = Duration::ZERO;
        let mut watch = Watchdog::new(Arc::new(clock.clone()), zero, zero, Arc::clone(&best));
        assert_eq!(watch.due(), None);
        best.set(Pos::new(0, 0));
        assert_eq!(
            watch.due(),
            Some(Pos::new(0, 0)),
            "a move once there is one"
        );
    }
}
