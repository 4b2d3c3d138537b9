//! Stepping through a recorded game: the board at any move.

use super::record::GameRecord;
use super::record::RecordError;
use crate::engine::rules::outcome;
use crate::engine::{Board, Outcome, Pos};

/// A record and a cursor into its moves.
#[derive(Clone, Debug)]
pub struct Review {
    record: GameRecord,
    board: Board,
}

impl Review {
    /// Starts at the final position (the result is what people open a record for).
    pub fn new(record: GameRecord) -> Result<Review, RecordError> {
        let board = record.to_board(None)?;
        Ok(Review { record, board })
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The board after `cursor()` moves.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn cursor(&self) -> usize {
        self.board.move_count()
    }

    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    /// Moves the cursor by `delta` moves, stopping at either end.
    pub fn step(&mut self, delta: i64) {
        let target = (self.cursor() as i64 + delta).clamp(0, self.len() as i64) as usize;
        while self.cursor() > target {
            self.board.undo();
        }
        while self.cursor() < target {
            let m = self.record.moves[self.cursor()];
            // The record was validated by replaying it, so every move is legal here.
            if self.board.play(Pos::new(m.x, m.y)).is_err() {
                break;
            }
        }
    }

    /// The winning row, when the cursor is on the winning move.
    pub fn winning_line(&self) -> Option<Vec<Pos>> {
        match outcome(&self.board, self.record.rule) {
            Some(Outcome::Win { line, .. }) => Some(line),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::record::import;

    #[test]
    fn steps_stop_at_both_ends() {
        let mut r = Review::new(import("h8i9j10k11", 15).unwrap()).unwrap();
        assert_eq!(r.cursor(), 4);
        r.step(-10);
        assert_eq!(r.cursor(), 0);
        r.step(2);
        assert_eq!(r.board().move_count(), 2);
        r.step(99);
        assert_eq!(r.cursor(), 4);
    }
}
