//! Positions that several test files set up the same way.
#![allow(dead_code)]

use gomoku::engine::{Board, Pos};

/// Black f8 g8 h10 h9 against White in the corners, in the order played: Black to move
/// after them, and h8 would be a double three.
pub const DOUBLE_THREE_MOVES: [(usize, usize); 8] = [
    (5, 7),
    (0, 0),
    (6, 7),
    (14, 0),
    (7, 5),
    (0, 14),
    (7, 6),
    (14, 14),
];

/// The point that is forbidden to Black after [`DOUBLE_THREE_MOVES`] under renju (h8).
pub const DOUBLE_THREE_POINT: Pos = Pos { x: 7, y: 7 };

/// The 15×15 board after [`DOUBLE_THREE_MOVES`].
pub fn double_three() -> Board {
    let mut b = Board::square(15).expect("size");
    for (x, y) in DOUBLE_THREE_MOVES {
        b.play(Pos::new(x, y)).expect("empty point");
    }
    b
}
