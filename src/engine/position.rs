//! The search's working position: stones plus everything kept incrementally for speed
//! (per-line scores, per-cell neighbour keys, stones-nearby counts). Move and undo are
//! cheap and allocation-free.

use super::board::{Board, Pos, Stone};
use super::eval::{stone_byte, LineCache};
use super::patterns::EMPTY;
use super::point::{key_shift, PointTable, BLACK_OPEN_FOUR, OFF_BOARD, REACH, WHITE_OPEN_FOUR};
use super::point::{
    BLACK_EXACT_FIVE, BLACK_FIVE_OR_MORE, BLACK_FOUR, WHITE_EXACT_FIVE, WHITE_FIVE_OR_MORE,
    WHITE_FOUR,
};
use super::rules::{Rule, DIRECTIONS};

/// Candidates are empty cells within this distance (Chebyshev) of a stone: a 5x5 window.
pub const NEAR: isize = 2;

/// Flag on a candidate: the side to move wins by playing here.
pub const WINS_NOW: u8 = 1;
/// Flag on a candidate: the opponent would win by playing here (so it must be blocked).
pub const BLOCKS_WIN: u8 = 2;

/// One candidate move with its ordering score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub cell: u16,
    /// Value to me plus value to the opponent here (the seed's "score difference").
    pub score: i32,
    /// The change in my evaluation if I play here.
    pub my_gain: i32,
    /// `WINS_NOW` / `BLOCKS_WIN`.
    pub flags: u8,
}

/// Incrementally evaluated position.
#[derive(Clone)]
pub struct Position {
    width: usize,
    height: usize,
    cells: Vec<u8>,
    keys: Vec<[u32; 4]>,
    near: Vec<u8>,
    lines: LineCache,
    to_move: Stone,
    history: Vec<u16>,
    table: &'static PointTable,
    /// Zobrist hash of the stones (the side to move is mixed in by [`Position::key`]).
    hash: u64,
}

impl Position {
    /// The position of `board`, its side to move included.
    pub fn from_board(board: &Board) -> Position {
        let (width, height) = (board.width(), board.height());
        let mut pos = Position {
            width,
            height,
            cells: vec![0; width * height],
            keys: vec![[0; 4]; width * height],
            near: vec![0; width * height],
            lines: LineCache::new(width, height),
            to_move: board.side_to_move(),
            history: Vec::with_capacity(width * height),
            table: PointTable::get(),
            hash: 0,
        };
        for cell in 0..width * height {
            let (x, y) = pos.xy(cell);
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                for k in (-REACH..0).chain(1..=REACH) {
                    if !pos.on_board(x + k * dx, y + k * dy) {
                        pos.keys[cell][d] |= OFF_BOARD << key_shift(k);
                    }
                }
            }
        }
        for m in board.moves() {
            pos.put(pos.index(m.pos), m.stone);
        }
        pos.to_move = board.side_to_move();
        pos
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn side_to_move(&self) -> Stone {
        self.to_move
    }

    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    pub fn index(&self, p: Pos) -> usize {
        p.y * self.width + p.x
    }

    pub fn pos(&self, cell: u16) -> Pos {
        let (x, y) = self.xy(cell as usize);
        Pos::new(x as usize, y as usize)
    }

    fn xy(&self, cell: usize) -> (isize, isize) {
        ((cell % self.width) as isize, (cell / self.width) as isize)
    }

    fn on_board(&self, x: isize, y: isize) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }

    /// Whole-board pattern score from `stone`'s view.
    pub fn eval(&self, stone: Stone) -> i32 {
        self.lines.score_for(stone)
    }

    /// Plays the side to move on the empty `cell`.
    pub fn make(&mut self, cell: u16) {
        self.put(cell as usize, self.to_move);
    }

    /// A hash of the position (stones and side to move) for the transposition table.
    pub fn key(&self) -> u64 {
        match self.to_move {
            Stone::Black => self.hash,
            Stone::White => self.hash ^ 0x9e37_79b9_7f4a_7c15,
        }
    }

    /// Hands the move to the other side without placing a stone ("what if they moved now").
    pub fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    /// Takes back the last move.
    pub fn unmake(&mut self) {
        let Some(cell) = self.history.pop() else {
            return;
        };
        let cell = cell as usize;
        let stone = if self.cells[cell] == 1 {
            Stone::Black
        } else {
            Stone::White
        };
        self.cells[cell] = 0;
        self.hash ^= zobrist(cell, stone);
        self.lines.set(cell, EMPTY);
        self.update_neighbours(cell, stone as u32 + 1, false);
        self.to_move = stone;
    }

    fn put(&mut self, cell: usize, stone: Stone) {
        self.cells[cell] = stone as u8 + 1;
        self.hash ^= zobrist(cell, stone);
        self.lines.set(cell, stone_byte(Some(stone)));
        self.update_neighbours(cell, stone as u32 + 1, true);
        self.history.push(cell as u16);
        self.to_move = stone.opponent();
    }

    /// Updates the keys of the cells that see `cell` and the stones-nearby counts.
    fn update_neighbours(&mut self, cell: usize, code: u32, placed: bool) {
        let (x, y) = self.xy(cell);
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for k in (-REACH..0).chain(1..=REACH) {
                // `cell` sits at offset k from the neighbour r = cell - k * dir.
                let (rx, ry) = (x - k * dx, y - k * dy);
                if self.on_board(rx, ry) {
                    let r = ry as usize * self.width + rx as usize;
                    if placed {
                        self.keys[r][d] |= code << key_shift(k);
                    } else {
                        self.keys[r][d] &= !(3 << key_shift(k));
                    }
                }
            }
        }
        for ny in (y - NEAR).max(0)..=(y + NEAR).min(self.height as isize - 1) {
            for nx in (x - NEAR).max(0)..=(x + NEAR).min(self.width as isize - 1) {
                let n = &mut self.near[ny as usize * self.width + nx as usize];
                *n = if placed { *n + 1 } else { *n - 1 };
            }
        }
    }

    /// Every candidate move for the side to move, unordered, into `out`.
    pub fn candidates(&self, rule: Rule, out: &mut Vec<Candidate>) {
        crate::profile_scope!("search::generate");
        out.clear();
        let me = self.to_move.index();
        let opp = 1 - me;
        let (my_five, opp_five) = five_flags(rule, self.to_move);
        for cell in 0..self.cells.len() {
            if self.cells[cell] != 0 || self.near[cell] == 0 {
                continue;
            }
            let mut gain = [0i32; 2];
            let mut flags = 0u8;
            for &key in &self.keys[cell] {
                let e = self.table.entry(key);
                gain[0] += e.gain[0];
                gain[1] += e.gain[1];
                flags |= e.flags;
            }
            let mut cand_flags = 0;
            if flags & my_five != 0 {
                cand_flags |= WINS_NOW;
            }
            if flags & opp_five != 0 {
                cand_flags |= BLOCKS_WIN;
            }
            out.push(Candidate {
                cell: cell as u16,
                score: gain[me] + gain[opp],
                my_gain: gain[me],
                flags: cand_flags,
            });
        }
    }

    /// The empty cell nearest the centre: the move on an empty board.
    pub fn centre(&self) -> Option<u16> {
        let (cx, cy) = (self.width as isize / 2, self.height as isize / 2);
        (0..self.cells.len())
            .filter(|&c| self.cells[c] == 0)
            .min_by_key(|&c| {
                let (x, y) = self.xy(c);
                (x - cx).abs().max((y - cy).abs())
            })
            .map(|c| c as u16)
    }
}

impl Position {
    /// Number of cells on the board.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// True for an empty cell with a stone within the candidate window.
    pub fn is_near_empty(&self, cell: usize) -> bool {
        self.cells[cell] == 0 && self.near[cell] != 0
    }

    /// The table flags of an empty cell, all four directions together.
    pub fn cell_flags(&self, cell: usize) -> u8 {
        self.keys[cell]
            .iter()
            .fold(0, |f, &k| f | self.table.entry(k).flags)
    }

    /// What `stone` gains by playing the empty `cell`, from its own view.
    pub fn gain(&self, cell: usize, stone: Stone) -> i32 {
        self.keys[cell]
            .iter()
            .map(|&k| self.table.entry(k).gain[stone.index()])
            .sum()
    }

    /// Empty cells on the four lines through `cell` (within 4) where `stone` would win.
    pub fn wins_near(&self, cell: usize, stone: Stone, rule: Rule, out: &mut Vec<u16>) {
        out.clear();
        let five = five_flags(rule, stone).0;
        let (x, y) = self.xy(cell);
        for &(dx, dy) in &DIRECTIONS {
            for k in (-4..0).chain(1..=4) {
                let (nx, ny) = (x + k * dx, y + k * dy);
                if !self.on_board(nx, ny) {
                    continue;
                }
                let n = ny as usize * self.width + nx as usize;
                if self.cells[n] == 0
                    && self.cell_flags(n) & five != 0
                    && !out.contains(&(n as u16))
                {
                    out.push(n as u16);
                }
            }
        }
    }

    /// Every empty cell where `stone` would win at once.
    pub fn wins_anywhere(&self, stone: Stone, rule: Rule, out: &mut Vec<u16>) {
        out.clear();
        let five = five_flags(rule, stone).0;
        for cell in 0..self.cells.len() {
            if self.is_near_empty(cell) && self.cell_flags(cell) & five != 0 {
                out.push(cell as u16);
            }
        }
    }
}

/// The table flag meaning "`stone` makes a four here".
pub fn four_flag(stone: Stone) -> u8 {
    match stone {
        Stone::Black => BLACK_FOUR,
        Stone::White => WHITE_FOUR,
    }
}

/// The Zobrist key of `stone` on `cell`: a fixed pseudo-random 64-bit number
/// (splitmix64 of the pair), so hashes agree between runs and need no table.
fn zobrist(cell: usize, stone: Stone) -> u64 {
    let mut z = (cell as u64 * 2 + stone as u64)
        .wrapping_add(0x2545_f491_4f6c_dd1d)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The table flag meaning "`stone` makes an open four here".
pub fn open_four_flag(stone: Stone) -> u8 {
    match stone {
        Stone::Black => BLACK_OPEN_FOUR,
        Stone::White => WHITE_OPEN_FOUR,
    }
}

/// The table flags meaning "wins" for me and for my opponent under `rule`.
pub fn five_flags(rule: Rule, me: Stone) -> (u8, u8) {
    let (black, white) = match rule {
        Rule::Freestyle => (BLACK_FIVE_OR_MORE, WHITE_FIVE_OR_MORE),
        Rule::ExactFive => (BLACK_EXACT_FIVE, WHITE_EXACT_FIVE),
        Rule::Renju => (BLACK_EXACT_FIVE, WHITE_FIVE_OR_MORE),
    };
    match me {
        Stone::Black => (black, white),
        Stone::White => (white, black),
    }
}
