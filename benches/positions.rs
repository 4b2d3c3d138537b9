//! The fixed bench positions: the seed engine's three and the strong engine's VCF one.
//! Shared by several bench targets, each using a part of it.
#![allow(dead_code)]

use gomoku::engine::{Board, Pos};

/// Moves as (x, y), alternating from Black, on 15x15.
fn board_from(moves: &[(usize, usize)]) -> Board {
    let mut board = Board::square(15).expect("15 is a legal size");
    for &(x, y) in moves {
        board
            .play(Pos::new(x, y))
            .expect("bench positions are legal");
    }
    board
}

/// A 3-stone opening around the centre; White to move.
pub fn opening() -> Board {
    board_from(&[(7, 7), (8, 6), (8, 7)])
}

/// A 20-stone middle game (fixed-seed self-play), no five or four on the board; Black to move.
pub fn middle_game() -> Board {
    board_from(&[
        (7, 7),
        (9, 7),
        (7, 5),
        (7, 6),
        (9, 5),
        (8, 5),
        (6, 7),
        (8, 6),
        (6, 6),
        (8, 4),
        (8, 7),
        (6, 4),
        (5, 5),
        (8, 8),
        (5, 7),
        (4, 7),
        (4, 8),
        (3, 9),
        (6, 9),
        (6, 10),
    ])
}

/// Black has an open three on row 7 that White must answer; White to move.
pub fn open_three_defence() -> Board {
    board_from(&[(7, 7), (6, 6), (8, 7), (10, 10), (9, 7)])
}

/// All three, named.
pub fn all() -> [(&'static str, Board); 3] {
    [
        ("opening", opening()),
        ("middle", middle_game()),
        ("open_three", open_three_defence()),
    ]
}

/// Black to move wins by continuous fours: a four on row 7 adds a stone to a diagonal,
/// and after its block a double four follows.
pub fn vcf() -> Board {
    use gomoku::engine::Stone;
    let mut board = Board::square(15).expect("15 is a legal size");
    for (x, y) in [(3, 7), (4, 7), (5, 7), (7, 6), (8, 5), (5, 9), (5, 10)] {
        board.place(Pos::new(x, y), Stone::Black).expect("empty");
    }
    for (x, y) in [(2, 7), (9, 4), (5, 11), (0, 0), (0, 2), (0, 4), (14, 14)] {
        board.place(Pos::new(x, y), Stone::White).expect("empty");
    }
    board.set_side_to_move(Stone::Black);
    board
}
