//! Negamax alpha-beta search: the seed's ChessEngine, made fast. It plays Easy, Medium
//! and Hard exactly as the seed designed them; the levels above use
//! [`crate::engine::strong`].
//!
//! Per node: generate candidates (empty cells near a stone), take an immediate win,
//! answer an opponent's immediate win by blocking, otherwise shuffle the candidates, sort
//! them by the seed's "score difference" (stable, so the shuffle only breaks ties) and
//! search the first `cap`. The last ply is scored from the one-point table without
//! making the move. A win scores `WIN - ply`, so a quicker win is preferred.

use super::board::{Board, Pos};
use super::position::{Candidate, Position, BLOCKS_WIN, WINS_NOW};
use super::rules::Rule;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Deepest search any level or time budget may ask for.
pub const MAX_DEPTH: u32 = 20;
/// Score of a win found at the root itself; a win `n` plies later scores `WIN - n`.
pub const WIN: i32 = 100_000_000;
const INF: i32 = 1_000_000_000;
const MAX_PLY: usize = MAX_DEPTH as usize + 2;

/// Scores within this of [`WIN`] are proven wins (or, negated, losses) for either engine.
pub const WIN_MARGIN: i32 = 1000;

/// True for a score that means a forced win (positive) or loss (negative).
pub fn is_win_score(score: i32) -> bool {
    score.abs() >= WIN - WIN_MARGIN
}

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
    /// Set from another thread to stop at once: depths 1, 2, ... are then searched in
    /// turn and the deepest finished one answers.
    pub stop: Option<Arc<AtomicBool>>,
    /// Moves the side to move may not play (Black's forbidden points in renju).
    pub illegal: Vec<Pos>,
}

impl SearchLimits {
    pub fn depth(max_depth: u32) -> SearchLimits {
        SearchLimits {
            max_depth: max_depth.clamp(1, MAX_DEPTH),
            stop: None,
            illegal: Vec::new(),
        }
    }

    pub fn with_illegal(mut self, illegal: Vec<Pos>) -> SearchLimits {
        self.illegal = illegal;
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
    /// Thinking time, as the caller's clock measured it (the engines read no clock).
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
    /// Candidate buffers, one per ply, reused so the search loop never allocates.
    buffers: Vec<Vec<Candidate>>,
}

/// Per-search state: position, counters, limits, principal variation.
struct Search<'a> {
    pos: Position,
    rule: Rule,
    cap: usize,
    rng: SmallRng,
    buffers: &'a mut Vec<Vec<Candidate>>,
    stats: SearchStats,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    pv: [[u16; MAX_PLY]; MAX_PLY],
    pv_len: [usize; MAX_PLY],
    /// Root moves the side to move may not play.
    illegal: Vec<u16>,
}

impl ChessEngine {
    pub fn new(config: SearchConfig) -> ChessEngine {
        ChessEngine {
            config,
            buffers: (0..MAX_PLY).map(|_| Vec::with_capacity(512)).collect(),
        }
    }

    /// Changes the rule for later searches (a manager may switch it between games).
    pub fn set_rule(&mut self, rule: Rule) {
        self.config.rule = rule;
    }

    /// Best move for the side to move on `board`.
    ///
    /// Without a stop flag this is exactly one search to `limits.max_depth`; with one,
    /// depths 1, 2, ... are searched in turn and the deepest finished one answers.
    pub fn search(&mut self, board: &Board, limits: &SearchLimits) -> SearchResult {
        crate::profile_function!();
        let seed = self.config.seed.unwrap_or_else(|| rand::rng().random());
        let mut s = Search {
            pos: Position::from_board(board),
            rule: self.config.rule,
            cap: self.config.cap.max(1),
            rng: SmallRng::seed_from_u64(seed),
            buffers: &mut self.buffers,
            stats: SearchStats::default(),
            stop: limits.stop.as_deref(),
            aborted: false,
            pv: [[0; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            illegal: Vec::new(),
        };
        s.illegal = limits
            .illegal
            .iter()
            .filter(|p| board.contains(**p))
            .map(|&p| s.pos.index(p) as u16)
            .collect();
        let mut result = SearchResult::default();
        if s.pos.stone_count() == 0 {
            result.best_move = s.pos.centre().map(|c| s.pos.pos(c));
            result.pv = result.best_move.into_iter().collect();
        } else {
            let max_depth = limits.max_depth.clamp(1, MAX_DEPTH);
            let iterative = limits.stop.is_some();
            let first = if iterative { 1 } else { max_depth };
            for depth in first..=max_depth {
                let score = s.negamax(depth, -INF, INF, 0);
                if s.aborted {
                    break;
                }
                result.score = score;
                result.depth = depth;
                result.pv = s.pv[0][..s.pv_len[0]]
                    .iter()
                    .map(|&c| s.pos.pos(c))
                    .collect();
                result.best_move = result.pv.first().copied();
                if is_win_score(score) {
                    break;
                }
            }
            if result.best_move.is_none() {
                result.best_move = s.fallback();
                result.pv = result.best_move.into_iter().collect();
            }
        }
        crate::profiler::counter("nodes", s.stats.nodes as f64);
        crate::profiler::counter("evaluations", s.stats.evaluations as f64);
        result.stats = s.stats;
        result
    }
}

impl Search<'_> {
    /// Negamax value of the position for the side to move (fail-hard, as the seed).
    fn negamax(&mut self, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.stats.nodes += 1;
        self.pv_len[ply] = ply;
        if self.stats.nodes & 1023 == 0 && self.out_of_time() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.order(&mut moves, ply);
        let Some(first) = moves.first().copied() else {
            self.buffers[ply] = moves;
            return 0; // board full: a draw
        };
        if first.flags & WINS_NOW != 0 {
            self.buffers[ply] = moves;
            self.set_pv(ply, first.cell, false);
            return WIN - ply as i32 - 1;
        }
        let me = self.pos.side_to_move();
        for &c in &moves {
            let score = if depth == 1 {
                self.stats.evaluations += 1;
                self.pos.eval(me) + c.my_gain
            } else {
                self.pos.make(c.cell);
                let s = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
                self.pos.unmake();
                s
            };
            if self.aborted {
                break;
            }
            if score >= beta {
                alpha = beta;
                break;
            }
            if score > alpha {
                alpha = score;
                self.set_pv(ply, c.cell, depth > 1);
            }
        }
        self.buffers[ply] = moves;
        alpha
    }

    /// Candidates in search order, capped: a win alone if there is one; only the blocks
    /// if the opponent threatens to win; else shuffled then stably sorted by score.
    fn order(&mut self, moves: &mut Vec<Candidate>, ply: usize) {
        self.pos.candidates(self.rule, moves);
        if ply == 0 {
            moves.retain(|c| !self.illegal.contains(&c.cell));
        }
        if let Some(win) = moves.iter().find(|c| c.flags & WINS_NOW != 0).copied() {
            moves.clear();
            moves.push(win);
            return;
        }
        if moves.iter().any(|c| c.flags & BLOCKS_WIN != 0) {
            moves.retain(|c| c.flags & BLOCKS_WIN != 0);
        }
        moves.shuffle(&mut self.rng);
        moves.sort_by_key(|c| std::cmp::Reverse(c.score));
        moves.truncate(self.cap);
    }

    /// Records `cell` as best at `ply`, followed by the child's line when it searched one.
    fn set_pv(&mut self, ply: usize, cell: u16, has_child: bool) {
        self.pv[ply][ply] = cell;
        let child_len = if has_child && ply + 1 < MAX_PLY {
            self.pv_len[ply + 1].max(ply + 1)
        } else {
            ply + 1
        };
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn out_of_time(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The best-ordered candidate: the answer when not even depth 1 finished.
    fn fallback(&mut self) -> Option<Pos> {
        let mut moves = Vec::new();
        self.order(&mut moves, 0);
        moves.first().map(|c| self.pos.pos(c.cell))
    }
}
