//! The engine: board, rules, pattern evaluation and search. No SDL, no I/O.

pub mod board;
pub mod clock;
pub mod eval;
pub mod level;
pub mod patterns;
pub mod player;
pub mod point;
pub mod position;
pub mod renju;
pub mod rules;
pub mod search;
pub mod strong;
pub mod swap2;

pub use board::{Board, BoardError, Move, Pos, Stone, MAX_SIZE, MIN_SIZE};
pub use clock::{Clock, ManualClock, MonotonicClock, SteppingClock};
pub use level::{Level, Recipe};
pub use player::{Control, Player};
pub use rules::{Outcome, Rule};
pub use search::{ChessEngine, SearchConfig, SearchLimits, SearchResult, SearchStats};
