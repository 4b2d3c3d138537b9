//! The stones of every line of the padded grid, two bits a cell in one `u64` per line,
//! so a cell's line key is a few shifts of one word. Keeping a key per cell and
//! direction meant rewriting the keys of the 32 to 40 cells that see a stone on every
//! make and every unmake; here a stone is four word writes.

use super::pattern::WALL;
use super::state::{CELLS, STRIDE};

/// Lines per direction: rows and columns need 32, diagonals 63; one slot more keeps the
/// four directions at a power-of-two stride.
const PER_DIR: usize = 64;

/// Two-bit stone codes along every row, column and diagonal of the grid, position `p`
/// of a line in bits `2p..2p + 2`.
#[derive(Clone)]
pub struct Lines {
    words: [u64; 4 * PER_DIR],
}

impl Lines {
    /// Every grid cell a wall (code 3), and every position past a line's end too.
    pub fn walls() -> Lines {
        Lines {
            words: [u64::MAX; 4 * PER_DIR],
        }
    }

    /// Writes the two-bit `code` (empty, Black, White, wall) at `cell` into its four lines.
    #[inline]
    pub fn put(&mut self, cell: usize, code: u32) {
        debug_assert!(cell < CELLS && code <= WALL);
        for dir in 0..4 {
            let (line, pos) = place(cell, dir);
            let w = &mut self.words[line];
            *w = (*w & !(3 << (2 * pos))) | (code as u64) << (2 * pos);
        }
    }

    /// The word of `cell`'s line in direction `dir`, and the cell's position in it.
    #[inline]
    pub fn word(&self, cell: usize, dir: usize) -> (u64, usize) {
        let (line, pos) = place(cell, dir);
        (self.words[line], pos)
    }

    /// The line key of the cell at `pos` of the line `word`, `half` cells each side:
    /// the four cells before it in bits 0..8, the four after in bits 8..16, and (for a
    /// `half` of 5) the fifth before and after in bits 16..18 and 18..20, as
    /// [`super::pattern::slot_of`] orders them. The cell must be `half` cells from
    /// either end of the line (every board cell is: walls pad it as deep).
    #[inline]
    pub fn key_at(word: u64, pos: usize, half: usize) -> u32 {
        debug_assert!(pos >= half && pos + half < 32);
        let before = (word >> (2 * (pos - 4))) & 0xFF;
        let after = (word >> (2 * (pos + 1))) & 0xFF;
        let mut key = before | after << 8;
        if half == 5 {
            key |= ((word >> (2 * (pos - 5))) & 3) << 16 | ((word >> (2 * (pos + 5))) & 3) << 18;
        }
        key as u32
    }

    /// The line key of `cell` in direction `dir` (see [`Lines::key_at`]).
    #[inline]
    pub fn key(&self, cell: usize, dir: usize, half: usize) -> u32 {
        let (word, pos) = self.word(cell, dir);
        Lines::key_at(word, pos, half)
    }

    /// The line keys of `cell` in all four directions.
    pub fn keys(&self, cell: usize, half: usize) -> [u32; 4] {
        [0, 1, 2, 3].map(|dir| self.key(cell, dir, half))
    }
}

/// Which line holds `cell` in direction `dir`, and where along it: rows by column,
/// columns by row, both diagonals by row (a step along any line is a step of one
/// position, in the direction of [`super::state::STEPS`]).
#[inline]
fn place(cell: usize, dir: usize) -> (usize, usize) {
    let (x, y) = (cell % STRIDE, cell / STRIDE);
    match dir {
        0 => (y, x),
        1 => (PER_DIR + x, y),
        2 => (2 * PER_DIR + x + STRIDE - 1 - y, y),
        _ => (3 * PER_DIR + x + y, y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strong::pattern::slot_of;
    use crate::engine::strong::state::{index, STEPS};

    /// A grid of random codes: every board cell's key from the lines equals the key
    /// read cell by cell along [`STEPS`], for both reaches.
    #[test]
    fn keys_read_the_cells_along_each_step() {
        let mut grid = [WALL; CELLS];
        let mut lines = Lines::walls();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for y in 0..22 {
            for x in 0..22 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let c = index(x, y);
                grid[c] = (seed % 3) as u32;
                lines.put(c, grid[c]);
            }
        }
        for half in [4, 5] {
            for y in 0..22 {
                for x in 0..22 {
                    let c = index(x, y) as isize;
                    for (dir, &step) in STEPS.iter().enumerate() {
                        let mut want = 0;
                        for k in (-(half as isize)..=half as isize).filter(|&k| k != 0) {
                            want |= grid[(c + k * step) as usize] << (2 * slot_of(k));
                        }
                        assert_eq!(lines.key(c as usize, dir, half), want, "{x},{y} dir {dir}");
                    }
                }
            }
        }
    }

    /// Lines of different directions never share a word.
    #[test]
    fn every_cell_has_four_distinct_lines() {
        for c in 0..CELLS {
            for dir in 0..4 {
                let line = place(c, dir).0;
                assert!(line / PER_DIR == dir && line < 4 * PER_DIR);
            }
        }
    }
}
