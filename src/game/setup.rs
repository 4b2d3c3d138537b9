//! Setting up a position by hand: stones placed and removed freely, the side to move
//! chosen, then analysed or played on.
//!
//! A game is saved as moves alternating from Black, so a set-up position can be played
//! on when it could have come from play: as many black stones as white with Black to
//! move, or one more with White to move, and nobody has won yet. Any position can be
//! analysed.

use crate::engine::rules::outcome;
use crate::engine::{Board, BoardError, Pos, Rule, Stone};
use thiserror::Error;

/// Which colour a click on an empty point places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    Black,
    White,
    /// Black, White, Black...: whichever colour has fewer stones (Black on a tie).
    Alternate,
}

/// Why a set-up position cannot be played on, in a player's words.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("{winner} already has five in a row: remove a stone to play on")]
    AlreadyWon { winner: Stone },
    #[error("The board is full")]
    Full,
    #[error(
        "With {black} black and {white} white stones it cannot be {to_move}'s turn in a real game: \
         Black moves when the counts are equal, White when Black has one more"
    )]
    Counts {
        black: usize,
        white: usize,
        to_move: Stone,
    },
}

/// A position being set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The stones, black and white interleaved as far as they go, and the side to move.
    board: Board,
    pub brush: Brush,
}

impl Setup {
    /// An empty board, Black to move.
    pub fn new(size: usize) -> Result<Setup, BoardError> {
        Ok(Setup {
            board: Board::square(size)?,
            brush: Brush::Alternate,
        })
    }

    /// The stones and side to move of `board`.
    pub fn from_board(board: &Board) -> Setup {
        let mut s = Setup {
            board: board.clone(),
            brush: Brush::Alternate,
        };
        s.rebuild(board.side_to_move());
        s
    }

    /// The position, as the analysis and the game see it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Black and white stones on the board.
    pub fn counts(&self) -> (usize, usize) {
        let black = self
            .board
            .moves()
            .iter()
            .filter(|m| m.stone == Stone::Black)
            .count();
        (black, self.board.move_count() - black)
    }

    /// A click: an empty point gets the brush's colour, a stone goes.
    pub fn click(&mut self, pos: Pos) {
        if !self.board.contains(pos) {
            return;
        }
        let to_move = self.board.side_to_move();
        let stones = self.stones();
        let mut kept: Vec<(Pos, Stone)> = stones.into_iter().filter(|&(p, _)| p != pos).collect();
        if kept.len() == self.board.move_count() {
            kept.push((pos, self.brush_colour()));
        }
        self.set_stones(&kept, to_move);
        if self.brush == Brush::Alternate {
            let (black, white) = self.counts();
            let next = if white < black {
                Stone::White
            } else {
                Stone::Black
            };
            self.board.set_side_to_move(next);
        }
    }

    /// The colour a click on an empty point places.
    pub fn brush_colour(&self) -> Stone {
        let (black, white) = self.counts();
        match self.brush {
            Brush::Black => Stone::Black,
            Brush::White => Stone::White,
            Brush::Alternate if white < black => Stone::White,
            Brush::Alternate => Stone::Black,
        }
    }

    pub fn next_brush(&mut self) {
        self.brush = match self.brush {
            Brush::Alternate => Brush::Black,
            Brush::Black => Brush::White,
            Brush::White => Brush::Alternate,
        };
    }

    /// The other side moves next.
    pub fn toggle_to_move(&mut self) {
        let next = self.board.side_to_move().opponent();
        self.board.set_side_to_move(next);
    }

    /// Every stone off; Black to move.
    pub fn clear(&mut self) {
        self.board.clear();
    }

    /// The same stones on a board of another size (those off it are dropped).
    pub fn resize(&mut self, size: usize) -> Result<(), BoardError> {
        let to_move = self.board.side_to_move();
        let kept: Vec<(Pos, Stone)> = self
            .stones()
            .into_iter()
            .filter(|(p, _)| p.x < size && p.y < size)
            .collect();
        self.board = Board::square(size)?;
        self.set_stones(&kept, to_move);
        Ok(())
    }

    /// The position as the start of a game, if it could have come from play.
    pub fn playable(&self, rule: Rule) -> Result<Board, SetupError> {
        if let Some(crate::engine::Outcome::Win { winner, .. }) = outcome(&self.board, rule) {
            return Err(SetupError::AlreadyWon { winner });
        }
        if self.board.is_full() {
            return Err(SetupError::Full);
        }
        let (black, white) = self.counts();
        let to_move = self.board.side_to_move();
        let fits = match to_move {
            Stone::Black => black == white,
            Stone::White => black == white + 1,
        };
        if !fits {
            return Err(SetupError::Counts {
                black,
                white,
                to_move,
            });
        }
        Ok(self.board.clone())
    }

    fn stones(&self) -> Vec<(Pos, Stone)> {
        self.board
            .moves()
            .iter()
            .map(|m| (m.pos, m.stone))
            .collect()
    }

    /// Rebuilds the board from `stones`, black and white alternating from Black as far
    /// as the counts allow (a position that could come from play replays as a game).
    fn set_stones(&mut self, stones: &[(Pos, Stone)], to_move: Stone) {
        let pick = |c: Stone| stones.iter().filter(move |s| s.1 == c).map(|s| s.0);
        let (mut blacks, mut whites) = (pick(Stone::Black), pick(Stone::White));
        self.board.clear();
        loop {
            let b = blacks.next();
            let w = whites.next();
            if b.is_none() && w.is_none() {
                break;
            }
            for (p, c) in [(b, Stone::Black), (w, Stone::White)] {
                if let Some(p) = p {
                    // Every point is distinct and on the board: placing cannot fail.
                    let _ = self.board.place(p, c);
                }
            }
        }
        self.board.set_side_to_move(to_move);
    }

    fn rebuild(&mut self, to_move: Stone) {
        let stones = self.stones();
        self.set_stones(&stones, to_move);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::record::model::replay;

    fn p(x: usize, y: usize) -> Pos {
        Pos::new(x, y)
    }

    #[test]
    fn clicks_place_alternately_and_a_click_on_a_stone_removes_it() {
        let mut s = Setup::new(15).unwrap();
        for q in [p(7, 7), p(8, 8), p(6, 6)] {
            s.click(q);
        }
        assert_eq!(s.counts(), (2, 1));
        assert_eq!(s.board().side_to_move(), Stone::White);
        s.click(p(8, 8));
        assert_eq!(s.counts(), (2, 0));
        assert_eq!(s.board().get(p(8, 8)), None);
        s.brush = Brush::Black;
        s.click(p(1, 1));
        assert_eq!(s.board().get(p(1, 1)), Some(Stone::Black));
        s.toggle_to_move();
        assert_eq!(s.board().side_to_move(), Stone::Black);
    }

    #[test]
    fn a_position_that_could_come_from_play_replays_as_a_game() {
        let mut s = Setup::new(15).unwrap();
        s.brush = Brush::White;
        s.click(p(3, 3));
        s.click(p(4, 4));
        s.brush = Brush::Black;
        for q in [p(7, 7), p(7, 8), p(7, 9)] {
            s.click(q);
        }
        assert_eq!(
            s.board().side_to_move(),
            Stone::Black,
            "the brush keeps the turn"
        );
        assert!(matches!(
            s.playable(Rule::Freestyle),
            Err(SetupError::Counts {
                black: 3,
                white: 2,
                ..
            })
        ));
        s.toggle_to_move();
        let board = s
            .playable(Rule::Freestyle)
            .expect("3 black, 2 white, White to move");
        let replayed = replay(
            15,
            15,
            Rule::Freestyle,
            board.moves().iter().map(|m| m.pos),
            None,
        )
        .expect("replays");
        assert_eq!(replayed, board);
    }

    #[test]
    fn a_won_or_resized_position() {
        let mut s = Setup::new(15).unwrap();
        s.brush = Brush::Black;
        for x in 0..5 {
            s.click(p(x + 10, 2));
        }
        assert_eq!(
            s.playable(Rule::Freestyle),
            Err(SetupError::AlreadyWon {
                winner: Stone::Black
            })
        );
        s.resize(12).unwrap();
        assert_eq!(s.counts(), (2, 0), "stones off a 12x12 board are dropped");
        assert_eq!(s.board().width(), 12);
    }
}
