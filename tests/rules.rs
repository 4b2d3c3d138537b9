//! Rules: fives in all four directions, at edges and corners; overlines under both rules;
//! a full board is a draw unless its last stone made five, and so is a renju board whose
//! empty points are all forbidden to Black; undo restores the exact state.

use gomoku::engine::rules::{outcome, winning_line, wins_if_placed};
use gomoku::engine::{Board, Outcome, Pos, Rule, Stone};
use proptest::prelude::*;

/// Board with black stones at `black` (white stones parked far away in between).
fn with_black(size: usize, black: &[(usize, usize)]) -> Board {
    let mut b = Board::square(size).expect("size in range");
    for &(x, y) in black {
        b.place(Pos::new(x, y), Stone::Black).expect("empty");
    }
    b
}

#[test]
fn fives_in_every_direction_and_at_edges_and_corners() {
    let lines: [&[(usize, usize)]; 6] = [
        &[(3, 7), (4, 7), (5, 7), (6, 7), (7, 7)],           // row
        &[(0, 10), (0, 11), (0, 12), (0, 13), (0, 14)],      // left edge, to the corner
        &[(10, 0), (11, 1), (12, 2), (13, 3), (14, 4)],      // diagonal into the right edge
        &[(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)],           // anti-diagonal, corner to corner
        &[(14, 14), (13, 13), (12, 12), (11, 11), (10, 10)], // into the bottom-right corner
        &[(9, 0), (9, 1), (9, 2), (9, 3), (9, 4)],           // column from the top edge
    ];
    for cells in lines {
        // The five is detected whichever of its stones was played last.
        for last in 0..5 {
            let mut order: Vec<_> = cells.to_vec();
            let l = order.remove(last);
            order.push(l);
            let b = with_black(15, &order);
            let Some(Outcome::Win { winner, line }) = outcome(&b, Rule::Freestyle) else {
                panic!("no win for {cells:?}\n{b}");
            };
            assert_eq!(winner, Stone::Black);
            let mut got: Vec<_> = line.iter().map(|p| (p.x, p.y)).collect();
            let mut want = cells.to_vec();
            got.sort();
            want.sort();
            assert_eq!(got, want);
        }
    }
}

#[test]
fn four_is_not_a_win_and_a_gap_breaks_a_row() {
    let b = with_black(15, &[(1, 1), (2, 1), (3, 1), (4, 1)]);
    assert_eq!(outcome(&b, Rule::Freestyle), None);
    let b = with_black(15, &[(1, 1), (2, 1), (4, 1), (5, 1), (3, 2)]);
    assert_eq!(outcome(&b, Rule::Freestyle), None);
}

#[test]
fn overlines_win_in_freestyle_only() {
    let six = [(1, 5), (2, 5), (3, 5), (5, 5), (6, 5), (4, 5)];
    let b = with_black(15, &six);
    assert!(matches!(
        outcome(&b, Rule::Freestyle),
        Some(Outcome::Win {
            winner: Stone::Black,
            ..
        })
    ));
    assert_eq!(
        winning_line(&b, Rule::Freestyle, Pos::new(4, 5)).map(|l| l.len()),
        Some(6)
    );
    assert_eq!(outcome(&b, Rule::ExactFive), None);
    // The cell that would make six is no win under exact five; an exact five still is.
    let b = with_black(15, &six[..5]);
    assert!(wins_if_placed(
        &b,
        Rule::Freestyle,
        Pos::new(4, 5),
        Stone::Black
    ));
    assert!(!wins_if_placed(
        &b,
        Rule::ExactFive,
        Pos::new(4, 5),
        Stone::Black
    ));
    let b = with_black(15, &[(1, 5), (2, 5), (3, 5), (4, 5)]);
    assert!(wins_if_placed(
        &b,
        Rule::ExactFive,
        Pos::new(5, 5),
        Stone::Black
    ));
    assert!(wins_if_placed(
        &b,
        Rule::ExactFive,
        Pos::new(0, 5),
        Stone::Black
    ));
}

/// The last position of a renju game between two brains (`tests/protocol_renju.rs`,
/// seen once under load): 224 stones, Black to move, and the one empty point (5,13)
/// would give Black six in a row, an overline.
const ONLY_AN_OVERLINE_LEFT: [&str; 15] = [
    "XXXOOXOXOOOXXXX",
    "XXXOOXXOXXOOXXX",
    "XOXOXXOXOOOXOOX",
    "OXOXOXOOXXXOOXO",
    "OXOOOOXOOOOXXOO",
    "XXXXOXOXXXOXXOX",
    "OOOXXXOXOXOXXOO",
    "OOXXXOXXOXXOOXO",
    "OXOOXOXOOOOXXOX",
    "OXOXOXOOXXXOOXO",
    "XOOOOXOXOOXOXXO",
    "XOXXXOOOOXXOOOX",
    "XOOXXXXOOOXXOOO",
    "OXXOX.XXXXOXOOO",
    "XOXOXOXOXXOOOXX",
];

#[test]
fn renju_black_left_only_forbidden_points_is_a_draw() {
    let cells = |c: char| {
        ONLY_AN_OVERLINE_LEFT
            .iter()
            .enumerate()
            .flat_map(move |(y, row)| {
                row.chars()
                    .enumerate()
                    .filter(move |&(_, ch)| ch == c)
                    .map(move |(x, _)| Pos::new(x, y))
            })
    };
    let (black, white): (Vec<Pos>, Vec<Pos>) = (cells('X').collect(), cells('O').collect());
    assert_eq!((black.len(), white.len()), (112, 112));
    let mut b = Board::square(15).expect("size in range");
    for (&x, &o) in black.iter().zip(&white) {
        b.place(x, Stone::Black).expect("empty");
        b.place(o, Stone::White).expect("empty");
    }
    assert_eq!(b.side_to_move(), Stone::Black);
    assert_eq!(outcome(&b, Rule::Renju), Some(Outcome::Draw));
    // Elsewhere the point is Black's to take (and wins in freestyle): the game goes on.
    assert_eq!(outcome(&b, Rule::Freestyle), None);
    assert_eq!(outcome(&b, Rule::ExactFive), None);
    // With a second empty point that Black may take, renju goes on as well.
    let mut open = b.clone();
    open.undo();
    open.undo();
    assert_eq!(open.side_to_move(), Stone::Black);
    assert_eq!(outcome(&open, Rule::Renju), None);
}

/// Fills a 5x5 board with no five for anyone until the last stone.
fn drawn_5x5(last_wins: bool) -> Board {
    // Columns striped in pairs so no row, column or diagonal of five is one colour.
    let pattern = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"];
    let mut b = Board::square(5).expect("5 is legal");
    let mut cells: Vec<(Pos, Stone)> = Vec::new();
    for (y, row) in pattern.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            cells.push((
                Pos::new(x, y),
                if ch == 'X' {
                    Stone::Black
                } else {
                    Stone::White
                },
            ));
        }
    }
    if last_wins {
        // Make row 0 all black but for its last cell, which is played last.
        for c in cells.iter_mut().take(5) {
            c.1 = Stone::Black;
        }
        let corner = cells.remove(4);
        cells.push(corner);
    }
    for (i, &(p, s)) in cells.iter().enumerate() {
        b.place(p, s).expect("empty");
        if i + 1 < cells.len() {
            assert_eq!(outcome(&b, Rule::Freestyle), None, "early end at {p}\n{b}");
        }
    }
    b
}

#[test]
fn a_full_board_is_a_draw_but_a_five_on_the_last_stone_wins() {
    let b = drawn_5x5(false);
    assert!(b.is_full());
    assert_eq!(outcome(&b, Rule::Freestyle), Some(Outcome::Draw));
    let b = drawn_5x5(true);
    assert!(b.is_full());
    assert!(matches!(
        outcome(&b, Rule::Freestyle),
        Some(Outcome::Win {
            winner: Stone::Black,
            ..
        })
    ));
}

proptest! {
    #[test]
    fn undo_restores_the_exact_state(
        w in 5usize..=22, h in 5usize..=22,
        moves in proptest::collection::vec((0usize..22, 0usize..22), 0..120),
        undo_count in 0usize..40,
    ) {
        let mut board = Board::new(w, h).expect("in range");
        let mut snapshots = vec![board.clone()];
        for (x, y) in moves {
            if board.play(Pos::new(x, y)).is_ok() {
                snapshots.push(board.clone());
            }
        }
        for _ in 0..undo_count.min(snapshots.len() - 1) {
            snapshots.pop();
            prop_assert!(board.undo().is_some());
            prop_assert_eq!(&board, snapshots.last().expect("never empty"));
        }
    }
}
