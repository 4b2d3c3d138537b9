//! One entry point for "the computer's move at this level": the game's AI worker, the
//! tests and the brain's `--level` all search through it, so they play the same thing.

use super::clock::{Clock, MonotonicClock};
use super::level::{Level, Recipe};
use super::renju::forbidden_points;
use super::strong::time::TimeBudget;
use super::strong::{StrongEngine, StrongLimits};
use super::{Board, ChessEngine, Rule, SearchConfig, SearchLimits, SearchResult};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What may stop a search early, and the clock it reads.
#[derive(Clone)]
pub struct Control {
    pub stop: Arc<AtomicBool>,
    pub clock: Arc<dyn Clock>,
    /// An outside limit on thinking time (a match clock); the level's own is kept if
    /// shorter.
    pub time_cap: Option<Duration>,
    /// An outside limit on the strong engine's nodes (tests: a budget that is the same on
    /// every machine, where a time budget is not).
    pub node_cap: Option<u64>,
}

impl Control {
    /// A stop flag and the real clock, no outside limit.
    pub fn new(stop: Arc<AtomicBool>) -> Control {
        Control {
            stop,
            clock: Arc::new(MonotonicClock::new()),
            time_cap: None,
            node_cap: None,
        }
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Control {
        self.clock = clock;
        self
    }

    pub fn with_time_cap(mut self, cap: Duration) -> Control {
        self.time_cap = Some(cap);
        self
    }

    pub fn with_node_cap(mut self, cap: u64) -> Control {
        self.node_cap = Some(cap);
        self
    }
}

/// Both engines, kept between moves (the strong one learns in its tables).
pub struct Player {
    seed_engine: ChessEngine,
    strong: StrongEngine,
}

impl Player {
    /// `seed` fixes the seed engine's shuffle (repeatable games and tests).
    pub fn new(seed: Option<u64>) -> Player {
        Player {
            seed_engine: ChessEngine::new(SearchConfig {
                seed,
                ..SearchConfig::default()
            }),
            strong: StrongEngine::default(),
        }
    }

    /// The strong engine itself (its table size, its memory).
    pub fn strong_mut(&mut self) -> &mut StrongEngine {
        &mut self.strong
    }

    /// Forgets what the engines learnt (a new game).
    pub fn new_game(&mut self) {
        self.strong.clear();
    }

    /// The move for the side to move on `board` at `level`.
    pub fn think(
        &mut self,
        board: &Board,
        rule: Rule,
        level: Level,
        control: &Control,
    ) -> SearchResult {
        let start = control.clock.now();
        let mut result = match level.recipe() {
            Recipe::Seed { depth } => {
                self.seed_engine.set_rule(rule);
                // The seed's search knows no forbidden points: it is told where not to go.
                let illegal = if rule.restricts(board.side_to_move()) {
                    forbidden_points(board)
                        .into_iter()
                        .map(|(p, _)| p)
                        .collect()
                } else {
                    Vec::new()
                };
                let limits = SearchLimits::depth(depth)
                    .with_stop(Arc::clone(&control.stop))
                    .with_illegal(illegal);
                self.seed_engine.search(board, &limits)
            }
            Recipe::Strong { nodes, time } => {
                let time = match (time, control.time_cap) {
                    (Some(t), Some(c)) => Some(t.min(c)),
                    (t, c) => t.or(c),
                };
                let nodes = match (nodes, control.node_cap) {
                    (Some(n), Some(c)) => Some(n.min(c)),
                    (n, c) => n.or(c),
                };
                let mut limits = StrongLimits::depth(super::strong::root::MAX_DEPTH)
                    .with_stop(Arc::clone(&control.stop))
                    .with_clock(Arc::clone(&control.clock));
                limits.nodes = nodes;
                limits.time = time.map(TimeBudget::within);
                self.strong.search(board, rule, &limits)
            }
        };
        result.stats.elapsed = control.clock.now().saturating_sub(start);
        result
    }
}
