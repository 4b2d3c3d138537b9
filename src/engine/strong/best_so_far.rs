//! The move a search would play if it had to answer now. The search writes it as its
//! choice changes; another thread reads it without waiting for the search: the brain's
//! watchdog answers with it when the turn is nearly over and the search thread has not
//! answered (it was not scheduled, or a step of it ran long).

use crate::engine::Pos;
use std::sync::atomic::{AtomicU32, Ordering};

/// A move slot shared between a search and a reader. Empty until a move is written.
#[derive(Debug, Default)]
pub struct BestSoFar {
    /// `0` when empty, else `x << 16 | y` plus one.
    packed: AtomicU32,
}

impl BestSoFar {
    /// An empty slot.
    pub fn new() -> BestSoFar {
        BestSoFar::default()
    }

    /// Writes `pos` (coordinates past 16 bits cannot come from a board and are not
    /// written).
    pub fn set(&self, pos: Pos) {
        let (Ok(x), Ok(y)) = (u16::try_from(pos.x), u16::try_from(pos.y)) else {
            return;
        };
        let packed = (u32::from(x) << 16 | u32::from(y)) + 1;
        self.packed.store(packed, Ordering::Release);
    }

    /// The last move written, if any.
    pub fn get(&self) -> Option<Pos> {
        let packed = self.packed.load(Ordering::Acquire).checked_sub(1)?;
        Some(Pos::new(
            (packed >> 16) as usize,
            (packed & 0xffff) as usize,
        ))
    }

    /// Empties the slot (a new search).
    pub fn clear(&self) {
        self.packed.store(0, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_gives_back_the_last_move_written() {
        let slot = BestSoFar::new();
        assert_eq!(slot.get(), None);
        slot.set(Pos::new(0, 0));
        assert_eq!(slot.get(), Some(Pos::new(0, 0)), "0,0 is a move, not empty");
        slot.set(Pos::new(19, 7));
        assert_eq!(slot.get(), Some(Pos::new(19, 7)));
        slot.set(Pos::new(70_000, 1));
        assert_eq!(slot.get(), Some(Pos::new(19, 7)), "no board has that cell");
        slot.clear();
        assert_eq!(slot.get(), None);
    }
}
