//! Negamax alpha-beta search (the seed's ChessEngine). Temporary body; API is final.

use super::board::{Board, Pos};
use super::rules::Rule;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Deepest search any level or time budget may ask for.
pub const MAX_DEPTH: u32 = 20;

/// What the engine is, fixed for its life: rule, move cap, randomness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    pub rule: Rule,
    /// Candidates searched per node after ordering (the seed's 8).
    pub cap: usize,
    /// `Some(seed)` makes every search repeatable; `None` draws a fresh seed for variety.
    pub seed: Option<u64>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            rule: Rule::Freestyle,
            cap: 8,
            seed: None,
        }
    }
}

/// How far one search may go.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Depth in plies (iterative deepening stops here).
    pub max_depth: u32,
    /// Wall-clock budget; the best move of the deepest finished iteration is returned.
    pub time: Option<Duration>,
    /// Set from another thread to stop at once (same result rule as `time`).
    pub stop: Option<Arc<AtomicBool>>,
}

impl SearchLimits {
    pub fn depth(max_depth: u32) -> SearchLimits {
        SearchLimits {
            max_depth: max_depth.clamp(1, MAX_DEPTH),
            time: None,
            stop: None,
        }
    }

    pub fn with_time(mut self, time: Duration) -> SearchLimits {
        self.time = Some(time);
        self
    }

    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> SearchLimits {
        self.stop = Some(stop);
        self
    }
}

/// Work counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    pub nodes: u64,
    pub evaluations: u64,
    pub elapsed: Duration,
}

/// The answer of one search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchResult {
    /// `None` only when the board has no empty cell.
    pub best_move: Option<Pos>,
    /// From the side to move's view; see [`is_win_score`].
    pub score: i32,
    /// Deepest fully searched depth.
    pub depth: u32,
    /// Principal variation, starting with `best_move`.
    pub pv: Vec<Pos>,
    pub stats: SearchStats,
}

/// The engine: owns its scratch space and random generator between searches.
pub struct ChessEngine {
    config: SearchConfig,
}

impl ChessEngine {
    pub fn new(config: SearchConfig) -> ChessEngine {
        ChessEngine { config }
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Best move for the side to move on `board`.
    pub fn search(&mut self, board: &Board, limits: &SearchLimits) -> SearchResult {
        let start = Instant::now();
        let _ = limits.stop.as_ref().map(|s| s.load(Ordering::Relaxed));
        let best = board.cells().find(|&p| board.is_empty(p));
        SearchResult {
            best_move: best,
            score: 0,
            depth: 1,
            pv: best.into_iter().collect(),
            stats: SearchStats {
                nodes: 1,
                evaluations: 0,
                elapsed: start.elapsed(),
            },
        }
    }
}
