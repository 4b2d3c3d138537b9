//! Which empty cells are near a stone (the search's candidates), read from one bit mask
//! of stones per grid row when asked. Keeping a count per cell on make and unmake cost
//! 64 scattered updates per move and a sixth of the search's time; most moves of the
//! threat searches never ask for candidates, and a question is a few dozen word
//! operations over the rows.

use super::cellset::CellSet;
use super::state::{CELLS, PAD, STRIDE};

/// Grid rows: one `u32` of stones per row, bit `x` for column `x` of the padded grid.
const ROWS: usize = CELLS / STRIDE;

/// How far the neighbourhood reaches along a row, column or diagonal; within two
/// steps it is the whole 5x5 square.
const REACH: usize = 3;

/// The stones by rows, and the board's own cells by rows (walls excluded).
#[derive(Clone)]
pub struct Nearby {
    stones: [u32; ROWS],
    board: [u32; ROWS],
    /// Rows holding at least one stone: the first and one past the last (empty when
    /// equal); the neighbourhood of anything else is empty.
    first: usize,
    end: usize,
}

impl Nearby {
    /// No stones on a `width` x `height` board placed at [`PAD`] in the grid.
    pub fn new(width: usize, height: usize) -> Nearby {
        let row = ((1u64 << width) - 1) as u32;
        let mut board = [0; ROWS];
        for r in &mut board[PAD..PAD + height] {
            *r = row << PAD;
        }
        Nearby {
            stones: [0; ROWS],
            board,
            first: 0,
            end: 0,
        }
    }

    /// A stone now stands on `cell`.
    #[inline]
    pub fn put(&mut self, cell: usize) {
        let (x, y) = (cell % STRIDE, cell / STRIDE);
        self.stones[y] |= 1 << x;
        if self.first == self.end {
            (self.first, self.end) = (y, y + 1);
        } else {
            self.first = self.first.min(y);
            self.end = self.end.max(y + 1);
        }
    }

    /// The stone on `cell` is gone.
    #[inline]
    pub fn take(&mut self, cell: usize) {
        let (x, y) = (cell % STRIDE, cell / STRIDE);
        self.stones[y] &= !(1 << x);
        while self.first < self.end && self.stones[self.first] == 0 {
            self.first += 1;
        }
        while self.end > self.first && self.stones[self.end - 1] == 0 {
            self.end -= 1;
        }
    }

    /// Cells of row `y` with a stone within the neighbourhood (stones' own cells and
    /// walls included).
    #[inline]
    fn row(&self, y: usize) -> u32 {
        let spread = |r: u32, by: u32| r | r << by | r >> by;
        let mut m = 0;
        for yy in y.saturating_sub(2)..=y + 2 {
            if let Some(&r) = self.stones.get(yy) {
                m |= spread(spread(r, 1), 1);
            }
        }
        m |= spread(self.stones[y], REACH as u32);
        for yy in [y + REACH, y.wrapping_sub(REACH)] {
            if let Some(&r) = self.stones.get(yy) {
                m |= spread(r, REACH as u32);
            }
        }
        m
    }

    /// True when a stone is near `cell` (on the lines within three steps, or in the 5x5
    /// square around it).
    #[inline]
    pub fn is_near(&self, cell: usize) -> bool {
        self.row(cell / STRIDE) >> (cell % STRIDE) & 1 == 1
    }

    /// The empty board cells near a stone.
    pub fn candidates(&self) -> CellSet {
        let mut set = CellSet::default();
        if self.first == self.end {
            return set;
        }
        let from = self.first.saturating_sub(REACH);
        let to = (self.end + REACH).min(ROWS);
        for y in from..to {
            let m = self.row(y) & self.board[y] & !self.stones[y];
            set.or_row(y, m);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strong::state::index;

    /// The neighbourhood by its definition: the 5x5 square and three steps on the lines.
    fn near_by_definition(stones: &[(usize, usize)], x: usize, y: usize) -> bool {
        stones.iter().any(|&(sx, sy)| {
            let (dx, dy) = (sx.abs_diff(x), sy.abs_diff(y));
            (dx, dy) != (0, 0)
                && ((dx <= 2 && dy <= 2) || ((dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 3))
        })
    }

    #[test]
    fn candidates_are_the_empty_cells_near_a_stone_after_puts_and_takes() {
        let (w, h) = (15, 13);
        let mut n = Nearby::new(w, h);
        assert!(n.candidates().is_empty());
        let mut stones: Vec<(usize, usize)> = Vec::new();
        let mut seed = 12345u64;
        for step in 0..300 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (x, y) = ((seed >> 33) as usize % w, (seed >> 45) as usize % h);
            if let Some(i) = stones.iter().position(|&s| s == (x, y)) {
                stones.swap_remove(i);
                n.take(index(x, y));
            } else if step % 7 != 0 {
                stones.push((x, y));
                n.put(index(x, y));
            }
            let got: Vec<u16> = n.candidates().iter().collect();
            let want: Vec<u16> = (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| !stones.contains(&(x, y)) && near_by_definition(&stones, x, y))
                .map(|(x, y)| index(x, y) as u16)
                .collect();
            assert_eq!(got, want, "after step {step}");
            for y in 0..h {
                for x in 0..w {
                    let near = near_by_definition(&stones, x, y);
                    let stone_here = stones.contains(&(x, y));
                    if !stone_here {
                        assert_eq!(n.is_near(index(x, y)), near, "{x},{y}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_largest_board_keeps_its_neighbourhood_inside_the_grid() {
        let size = STRIDE - 2 * PAD;
        let mut n = Nearby::new(size, size);
        for (x, y) in [(0, 0), (size - 1, size - 1), (0, size - 1), (size - 1, 0)] {
            n.put(index(x, y));
        }
        let c = n.candidates();
        assert!(c.contains(index(1, 1)) && c.contains(index(size - 4, size - 4)));
        assert!(!c.contains(index(0, 0)));
        assert_eq!(c.iter().count(), 4 * 11);
    }
}
