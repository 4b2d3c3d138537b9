//! A transposition table that remembers only the best move found at each position. The
//! search tries that move first next time (iterative deepening gets its principal
//! variation back at every node) but never trusts a stored value, so it cannot change a
//! result, only how soon the search finds it.

/// Always-replace table of (position key, best cell).
pub struct MoveTable {
    entries: Vec<(u64, u16)>,
    mask: usize,
}

impl MoveTable {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> MoveTable {
        let size = 1usize << bits;
        MoveTable {
            entries: vec![(0, u16::MAX); size],
            mask: size - 1,
        }
    }

    /// The best move stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<u16> {
        let (k, cell) = self.entries[key as usize & self.mask];
        (k == key && cell != u16::MAX).then_some(cell)
    }

    #[inline]
    pub fn put(&mut self, key: u64, cell: u16) {
        self.entries[key as usize & self.mask] = (key, cell);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_misses() {
        let mut t = MoveTable::new(4);
        assert_eq!(t.get(42), None);
        t.put(42, 7);
        assert_eq!(t.get(42), Some(7));
        assert_eq!(t.get(42 + 16), None, "same slot, other key");
    }
}
