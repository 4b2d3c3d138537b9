//! The strong engine's swap2 decisions (`engine::swap2`) as the session's
//! [`Swap2Brain`]: a short search of a fixed node budget, run on the swap2 thread
//! ([`super::swap2_worker`]).

use super::swap2::{Swap2Brain, Swap2Decision};
use crate::engine::strong::time::TimeBudget;
use crate::engine::strong::{StrongEngine, StrongLimits};
use crate::engine::swap2::{decide, Choice};
use crate::engine::{Board, Rule, Stone};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::time::Duration;

/// Nodes one decision may search in all (at about 800 a millisecond: a twentieth of a
/// second), and the time it may never pass.
pub const SWAP2_NODES: u64 = 40_000;
pub const SWAP2_TIME: Duration = Duration::from_millis(150);
const SWAP2_DEPTH: u32 = 8;
/// A small transposition table, made on the first decision.
const SWAP2_TT_BYTES: usize = 4 << 20;

/// The engine's swap2 decisions.
pub struct EngineSwap2 {
    engine: Option<StrongEngine>,
    rng: SmallRng,
}

impl EngineSwap2 {
    /// Decisions with this random seed (the opening's candidates are drawn at random).
    pub fn seeded(seed: u64) -> EngineSwap2 {
        EngineSwap2 {
            engine: None,
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl std::fmt::Debug for EngineSwap2 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EngineSwap2")
    }
}

impl Default for EngineSwap2 {
    fn default() -> Self {
        EngineSwap2::seeded(rand::random())
    }
}

impl Swap2Brain for EngineSwap2 {
    fn decide(&mut self, board: &Board, rule: Rule) -> Swap2Decision {
        let limits = StrongLimits::depth(SWAP2_DEPTH)
            .with_nodes(SWAP2_NODES)
            .with_time(TimeBudget::within(SWAP2_TIME));
        let engine = self
            .engine
            .get_or_insert_with(|| StrongEngine::new(SWAP2_TT_BYTES));
        match decide(engine, board, rule, &limits, &mut self.rng).map(|d| d.choice) {
            Ok(Choice::Opening(stones)) => Swap2Decision::Opening(stones),
            Ok(Choice::PlaceTwo(stones)) => Swap2Decision::PlaceTwo(stones),
            Ok(Choice::Swap) => Swap2Decision::Take(Stone::Black),
            // White's move itself comes from the game's own search at its level.
            Ok(Choice::Play(_)) => Swap2Decision::Take(Stone::White),
            Err(e) => {
                log::warn!("swap2: {e}; the computer takes White");
                Swap2Decision::Take(Stone::White)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pos;

    #[test]
    fn the_engine_opens_with_three_stones_and_answers_them() {
        let mut brain = EngineSwap2::seeded(7);
        let mut board = Board::square(15).expect("size");
        let Swap2Decision::Opening(stones) = brain.decide(&board, Rule::Freestyle) else {
            panic!("no opening on an empty board");
        };
        for p in stones {
            board
                .play(p)
                .expect("the opening's stones are empty points");
        }
        match brain.decide(&board, Rule::Freestyle) {
            Swap2Decision::Take(_) => {}
            Swap2Decision::PlaceTwo([w, b]) => {
                assert!(board.is_empty(w) && board.is_empty(b) && w != b);
            }
            Swap2Decision::Opening(_) => panic!("an opening after three stones"),
        }
        assert!(board.contains(Pos::new(7, 7)));
    }
}
