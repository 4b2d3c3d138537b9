//! The strong engine, for the top levels and the brain: pattern-code tables, threat
//! classes, incremental evaluation, threat-aware move generation, PVS with a
//! transposition table, VCF at the horizon and at the root, and a clock-driven stop.
//!
//! The seed's engine ([`crate::engine::search`]) stays as designed for Easy, Medium and
//! Hard; this one shares only the board, the rules and the profiler with it.

pub mod analysis;
pub mod best_so_far;
pub mod cellset;
pub mod eval;
pub mod guard;
pub mod history;
pub mod keymap;
pub mod lines;
pub mod movegen;
pub mod nearby;
pub mod nnue;
pub mod pattern;
pub mod search;
pub mod state;
pub mod threat;
pub mod time;
pub mod tt;
pub mod vcf;
pub mod vct;

pub mod root;

pub use analysis::{find_forced_win, Analysis, AnalysisLine, ForcedWin};
pub use root::{StrongEngine, StrongLimits};
