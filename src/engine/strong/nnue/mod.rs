//! The evaluation network: what every line through every cell looks like, summed over
//! the board for each colour, read by a small head. Trained on our own games (see
//! `docs/network.md`); freestyle only, other rules keep the pattern evaluation.

pub mod accumulator;
pub mod keys;
pub mod network;

pub use accumulator::Accumulator;
pub use network::{NetError, Network};
