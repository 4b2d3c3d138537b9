//! Static evaluation from pattern codes: every empty cell is worth something to each
//! colour (its four line patterns plus its threat class), and the position is worth the
//! side to move's total minus the opponent's. Two weight sets: a threat is worth more to
//! the side that can play it next than to the side that must wait.
//!
//! The weights are fitted to game results (see `docs/tuning.md`): the numbers here are
//! the output of that fit, rounded.

use super::pattern::PATTERN_COUNT;
use super::threat::{Threat, THREAT_COUNT};
use std::ops::{AddAssign, SubAssign};

/// A cell's worth to one colour: when that colour is to move, and when it waits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellValue {
    pub to_move: i32,
    pub waiting: i32,
}

impl AddAssign for CellValue {
    #[inline]
    fn add_assign(&mut self, o: CellValue) {
        self.to_move += o.to_move;
        self.waiting += o.waiting;
    }
}

impl SubAssign for CellValue {
    #[inline]
    fn sub_assign(&mut self, o: CellValue) {
        self.to_move -= o.to_move;
        self.waiting -= o.waiting;
    }
}

/// Evaluation weights. Index 0 of each pair: the colour is to move; 1: it waits.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub line: [[i32; PATTERN_COUNT]; 2],
    pub threat: [[i32; THREAT_COUNT]; 2],
    /// Added for the side to move.
    pub tempo: i32,
}

/// The weights in use.
pub static WEIGHTS: Weights = Weights {
    // Dead, Overline, B1, F1, B2, F2, F2A, F2B, B3, F3, F3S, B4, F4, F5
    line: [
        [0, 0, 0, 0, 1, 4, 6, 7, 6, 20, 24, 18, 40, 0],
        [0, 0, 0, 0, 1, 4, 6, 7, 6, 18, 22, 16, 36, 0],
    ],
    // None, Forbidden, Flex2, Block3, Flex2x2, Block3Plus, Flex3, Flex3Plus, Flex3x2,
    // Block4, Block4Plus, Block4Flex3, Flex4, Five
    threat: [
        [0, 0, 4, 6, 14, 18, 36, 50, 140, 20, 45, 400, 500, 0],
        [0, 0, 3, 5, 10, 14, 26, 36, 90, 14, 30, 180, 220, 0],
    ],
    tempo: 20,
};

impl Weights {
    pub fn get() -> &'static Weights {
        &WEIGHTS
    }

    /// The worth of a cell with these pattern codes and threat class.
    #[inline]
    pub fn cell_value(&self, codes: [u8; 4], threat: Threat) -> CellValue {
        let mut v = CellValue {
            to_move: self.threat[0][threat as usize],
            waiting: self.threat[1][threat as usize],
        };
        for c in codes {
            v.to_move += self.line[0][c as usize];
            v.waiting += self.line[1][c as usize];
        }
        v
    }
}

/// The static value of a position for the side to move, from the two colours' sums.
#[inline]
pub fn evaluate(mine: CellValue, theirs: CellValue, weights: &Weights) -> i32 {
    mine.to_move - theirs.waiting + weights.tempo
}
