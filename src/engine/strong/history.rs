//! History heuristic: how often a quiet move caused a cut-off for each colour, kept
//! between iterations and decayed between searches.

use super::state::CELLS;

/// Scores stay within this bound (the update is a decaying average).
const LIMIT: i32 = 8192;

/// Per colour and cell, a score added to the move ordering.
#[derive(Clone)]
pub struct History {
    table: Box<[[i32; CELLS]; 2]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: Box::new([[0; CELLS]; 2]),
        }
    }
}

impl History {
    #[inline]
    pub fn get(&self, colour: usize, cell: u16) -> i32 {
        self.table[colour][cell as usize] / 32
    }

    /// Moves the score toward the bound by `bonus` (negative: a malus).
    #[inline]
    pub fn reward(&mut self, colour: usize, cell: u16, bonus: i32) {
        let bonus = bonus.clamp(-LIMIT, LIMIT);
        let e = &mut self.table[colour][cell as usize];
        *e += bonus - *e * bonus.abs() / LIMIT;
    }

    /// Halves everything: old lessons count less in the next search.
    pub fn age(&mut self) {
        for row in self.table.iter_mut() {
            for e in row.iter_mut() {
                *e /= 2;
            }
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for row in self.table.iter_mut() {
            row.fill(0);
        }
    }
}
