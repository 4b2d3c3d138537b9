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
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.into_cells()
    }

    /// The cells in increasing order, taking the set along (no borrow).
    #[inline]
    pub fn into_cells(self) -> impl Iterator<Item = u16> {
        self.0.into_iter().enumerate().flat_map(|(i, word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let bit = w.trailing_zeros() as usize;
                w &= w - 1;
                Some((i * 64 + bit) as u16)
            })
        })
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
        assert!(!s.is_empty());
    }
}
