//! How a worker thread tells the frame loop "I have something for you": a function the
//! loop hands over at start (the app's pushes an SDL event, so a sleeping loop wakes at
//! once). Without one (tests, tools) workers simply leave their results to be polled.

use std::sync::Arc;

/// Called by a worker thread after it left a result to collect.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// A waker that does nothing: results wait until the next poll.
pub fn no_waker() -> Waker {
    Arc::new(|| {})
}
