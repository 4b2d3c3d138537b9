//! A set of cells of the padded grid, one bit each: the cells where a colour has a three
//! or a four are kept as sets on make/unmake, and the candidates are built as one from
//! the rows of stones, so finding them costs a walk over a few words instead of a scan
//! of the board.

use super::state::CELLS;

const WORDS: usize = CELLS / 64;

/// Cells of the padded grid (indices below [`CELLS`]).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct CellSet([u64; WORDS]);

impl CellSet {
    #[inline]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    #[inline]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// Inserts `cell` when `member`, removes it otherwise.
    #[inline]
    pub fn set(&mut self, cell: usize, member: bool) {
        let bit = 1u64 << (cell % 64);
        let word = &mut self.0[cell / 64];
        *word = (*word & !bit) | if member { bit } else { 0 };
    }

    /// Adds the cells of grid row `y` whose bits are set in `mask` (bit `x`: column `x`).
    #[inline]
    pub fn or_row(&mut self, y: usize, mask: u32) {
        const _: () = assert!(super::state::STRIDE == 32, "a row is half a word");
        self.0[y / 2] |= (mask as u64) << (32 * (y % 2));
    }

    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The cells in increasing order (row by row on the grid).
    #[inline]
    pub fn iter(&self) -> Cells {
        self.into_cells()
    }

    /// The cells in increasing order, taking the set along (no borrow).
    #[inline]
    pub fn into_cells(self) -> Cells {
        Cells {
            words: self.0,
            index: 0,
            bits: self.0[0],
        }
    }
}

/// The cells of a [`CellSet`] in increasing order: one word at a time, its lowest bit
/// first. A plain loop with an exact size: the flattening adapter over the words that it
/// replaces, and the `extend` that could not reserve for it, cost 2–4% of a search.
pub struct Cells {
    words: [u64; WORDS],
    index: usize,
    bits: u64,
}

impl Iterator for Cells {
    type Item = u16;

    #[inline]
    fn next(&mut self) -> Option<u16> {
        while self.bits == 0 {
            self.index += 1;
            if self.index >= WORDS {
                return None;
            }
            self.bits = self.words[self.index];
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some((self.index * 64 + bit) as u16)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let later: usize = self.words[(self.index + 1).min(WORDS)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        let n = self.bits.count_ones() as usize + later;
        (n, Some(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_removes_and_walks_in_order() {
        let mut s = CellSet::default();
        assert!(s.is_empty());
        for c in [700, 3, 64, 1023, 65, 0] {
            s.insert(c);
        }
        s.remove(65);
        s.set(700, false);
        s.set(5, true);
        s.set(3, true);
        s.or_row(1, 1 << 4);
        assert!(s.contains(36));
        s.remove(36);
        assert!(s.contains(64) && !s.contains(65));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 3, 5, 64, 1023]);
        let mut walk = s.iter();
        assert_eq!(walk.size_hint(), (5, Some(5)));
        walk.nth(2);
        assert_eq!(walk.size_hint(), (2, Some(2)));
        assert_eq!(walk.by_ref().count(), 2);
        assert_eq!(walk.size_hint(), (0, Some(0)));
        assert!(!s.is_empty());
    }
}
