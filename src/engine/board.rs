//! The board: a rectangle of cells, the stones on it, and the move history.
//!
//! Play and undo are O(1). The board knows whose turn it is but nothing about
//! winning: that is [`crate::engine::rules`]'s job, so the same board serves every rule.

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Smallest side length a board may have (a five must fit).
pub const MIN_SIZE: usize = 5;
/// Largest side length a board may have (the Gomocup limit of common managers).
pub const MAX_SIZE: usize = 22;

/// A stone colour; Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    /// The other colour.
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Black => "Black",
            Stone::White => "White",
        })
    }
}

/// A cell, 0-based: `x` is the column from the left, `y` the row from the top
/// (the pbrain convention; the UI relabels rows from the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub x: usize,
    pub y: usize,
}

impl Pos {
    pub const fn new(x: usize, y: usize) -> Pos {
        Pos { x, y }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A cell written `x,y` (as the pbrain protocol and the match records write moves) that
/// does not read as one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not x,y")]
pub struct PosParseError(pub String);

impl std::str::FromStr for Pos {
    type Err = PosParseError;

    /// `x,y`: two numbers of at most three digits, spaces around them allowed (whether
    /// the cell is on a board is the board's to say).
    fn from_str(text: &str) -> Result<Pos, PosParseError> {
        let bad = || PosParseError(text.to_string());
        let number = |s: &str| -> Option<usize> {
            let s = s.trim();
            let digits = !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| s.parse().ok()).flatten()
        };
        let (x, y) = text.split_once(',').ok_or_else(bad)?;
        let (Some(x), Some(y)) = (number(x), number(y)) else {
            return Err(bad());
        };
        Ok(Pos::new(x, y))
    }
}

/// Why a board operation was refused; the board is unchanged when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("board size {width}x{height} is outside {MIN_SIZE}..={MAX_SIZE}")]
    BadSize { width: usize, height: usize },
    #[error("{0} is off the board")]
    OffBoard(Pos),
    #[error("{0} is already occupied")]
    Occupied(Pos),
}

/// One move in the history: where, and which colour was placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub pos: Pos,
    pub stone: Stone,
}

/// Stones on a `width` x `height` grid, the order they were placed in, and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Vec<Option<Stone>>,
    history: Vec<Move>,
    to_move: Stone,
}

impl Board {
    /// An empty board; Black to move.
    pub fn new(width: usize, height: usize) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
            return Err(BoardError::BadSize { width, height });
        }
        Ok(Board {
            width,
            height,
            cells: vec![None; width * height],
            history: Vec::with_capacity(width * height),
            to_move: Stone::Black,
        })
    }

    /// An empty square board.
    pub fn square(size: usize) -> Result<Board, BoardError> {
        Board::new(size, size)
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// True when `pos` lies on the board.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.x < self.width && pos.y < self.height
    }

    /// Signed-coordinate variant of [`Board::contains`], for walking lines off the edge.
    pub fn pos_at(&self, x: isize, y: isize) -> Option<Pos> {
        if x < 0 || y < 0 {
            return None;
        }
        let pos = Pos::new(x as usize, y as usize);
        self.contains(pos).then_some(pos)
    }

    /// The stone at `pos`; `None` for an empty cell or a cell off the board.
    pub fn get(&self, pos: Pos) -> Option<Stone> {
        if self.contains(pos) {
            self.cells[pos.y * self.width + pos.x]
        } else {
            None
        }
    }

    /// True for an empty cell on the board: where a move is legal.
    pub fn is_empty(&self, pos: Pos) -> bool {
        self.contains(pos) && self.cells[pos.y * self.width + pos.x].is_none()
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Stone {
        self.to_move
    }

    /// Sets whose turn it is without placing a stone (position set-up, "pass").
    pub fn set_side_to_move(&mut self, stone: Stone) {
        self.to_move = stone;
    }

    /// Places the side to move's stone at `pos` and passes the turn.
    pub fn play(&mut self, pos: Pos) -> Result<(), BoardError> {
        self.place(pos, self.to_move)
    }

    /// Places `stone` at `pos` (whoever's turn it was); the opponent of `stone` moves next.
    pub fn place(&mut self, pos: Pos, stone: Stone) -> Result<(), BoardError> {
        if !self.contains(pos) {
            return Err(BoardError::OffBoard(pos));
        }
        let cell = &mut self.cells[pos.y * self.width + pos.x];
        if cell.is_some() {
            return Err(BoardError::Occupied(pos));
        }
        *cell = Some(stone);
        self.history.push(Move { pos, stone });
        self.to_move = stone.opponent();
        Ok(())
    }

    /// Takes back the last move; the side that made it is to move again.
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.history.pop()?;
        self.cells[last.pos.y * self.width + last.pos.x] = None;
        self.to_move = last.stone;
        Some(last)
    }

    /// Every move so far, oldest first.
    pub fn moves(&self) -> &[Move] {
        &self.history
    }

    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    pub fn last_move(&self) -> Option<Move> {
        self.history.last().copied()
    }

    /// True when no empty cell is left.
    pub fn is_full(&self) -> bool {
        self.history.len() == self.cells.len()
    }

    /// Every cell, row by row from the top.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Pos::new(x, y)))
    }

    /// Removes every stone; Black to move.
    pub fn clear(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = None);
        self.history.clear();
        self.to_move = Stone::Black;
    }
}

impl fmt::Display for Board {
    /// A text diagram: `X` black, `O` white, `.` empty; rows from the top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            for x in 0..self.width {
                let c = match self.get(Pos::new(x, y)) {
                    Some(Stone::Black) => 'X',
                    Some(Stone::White) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_from_x_comma_y() {
        assert_eq!("7,8".parse(), Ok(Pos::new(7, 8)));
        assert_eq!(" 0, 14".parse(), Ok(Pos::new(0, 14)));
        for bad in ["7", "7;8", "a,1", "-1,2", "+1,2", "1000,2", "1,2,3", ""] {
            assert_eq!(bad.parse::<Pos>(), Err(PosParseError(bad.to_string())));
        }
    }

    #[test]
    fn sizes_outside_the_range_are_refused() {
        assert!(Board::new(4, 15).is_err());
        assert!(Board::new(15, 23).is_err());
        assert!(Board::new(5, 22).is_ok());
    }

    #[test]
    fn play_and_undo_alternate_colours() {
        let mut b = Board::square(15).unwrap();
        b.play(Pos::new(7, 7)).unwrap();
        assert_eq!(b.get(Pos::new(7, 7)), Some(Stone::Black));
        assert_eq!(b.side_to_move(), Stone::White);
        assert_eq!(
            b.play(Pos::new(7, 7)),
            Err(BoardError::Occupied(Pos::new(7, 7)))
        );
        assert_eq!(
            b.play(Pos::new(15, 0)),
            Err(BoardError::OffBoard(Pos::new(15, 0)))
        );
        assert_eq!(b.move_count(), 1);
        b.undo().unwrap();
        assert_eq!(b, Board::square(15).unwrap());
    }
}
