//! Renju forbidden points: hand-built positions whose answers were worked out by hand,
//! each checked in all eight rotations and mirrors, and the module compared with an
//! independent brute-force oracle (`renju_reference`) on thousands of random positions.
//!
//! Diagrams: `X` black, `O` white, `.` empty, `*` the empty point being judged for Black;
//! in map diagrams `3`, `4` and `6` mark every empty point that is a double three, double
//! four or overline. A diagram of fewer than 5 rows gets empty rows added below it (the
//! smallest board is 5x5); otherwise the diagram is the whole board, so its borders are
//! the board's edges.

use gomoku::engine::renju::{forbidden, forbidden_points, Forbidden};
use gomoku::engine::{Board, Pos, Stone};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

mod renju_cases;
mod renju_reference;

use renju_cases::{CASES, FOUR4, MAPS, THREE3};

/// The board a diagram draws, and its marked cells with their marks.
fn parse(diagram: &str) -> (Board, Vec<(Pos, char)>) {
    let rows: Vec<Vec<char>> = diagram
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let width = rows[0].len();
    assert!(
        rows.iter().all(|r| r.len() == width),
        "ragged diagram:\n{diagram}"
    );
    let mut board = Board::new(width, rows.len().max(5)).expect("diagram size in range");
    let mut marks = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let p = Pos::new(x, y);
            match c {
                'X' => board.place(p, Stone::Black).unwrap(),
                'O' => board.place(p, Stone::White).unwrap(),
                '.' => {}
                '*' | '3' | '4' | '6' => marks.push((p, c)),
                _ => panic!("bad diagram character {c:?}"),
            }
        }
    }
    (board, marks)
}

/// One of the 8 symmetries of a `w` x `h` rectangle: bit 2 transposes, then bits 0 and 1
/// mirror left-right and top-bottom.
fn map_pos(t: usize, w: usize, h: usize, p: Pos) -> Pos {
    let (mut x, mut y, mut w, mut h) = (p.x, p.y, w, h);
    if t & 4 != 0 {
        (x, y, w, h) = (y, x, h, w);
    }
    if t & 1 != 0 {
        x = w - 1 - x;
    }
    if t & 2 != 0 {
        y = h - 1 - y;
    }
    Pos::new(x, y)
}

fn transformed(board: &Board, t: usize) -> Board {
    let (w, h) = (board.width(), board.height());
    let (tw, th) = if t & 4 != 0 { (h, w) } else { (w, h) };
    let mut out = Board::new(tw, th).unwrap();
    for p in board.cells() {
        if let Some(stone) = board.get(p) {
            out.place(map_pos(t, w, h, p), stone).unwrap();
        }
    }
    out
}

#[test]
fn there_are_at_least_forty_hand_built_positions() {
    assert!(CASES.len() >= 40, "{} cases", CASES.len());
}

#[test]
fn every_case_in_every_orientation() {
    let mut failures = Vec::new();
    for case in CASES {
        let (board, marks) = parse(case.diagram);
        assert_eq!(marks.len(), 1, "{}: one `*` per case", case.name);
        assert_eq!(marks[0].1, '*', "{}", case.name);
        let point = marks[0].0;
        for t in 0..8 {
            let b = transformed(&board, t);
            let p = map_pos(t, board.width(), board.height(), point);
            let got = forbidden(&b, p);
            let listed = forbidden_points(&b)
                .into_iter()
                .find(|&(q, _)| q == p)
                .map(|(_, f)| f);
            if got != case.expect || listed != case.expect {
                failures.push(format!(
                    "{} (symmetry {t}, point {p}): expected {:?}, forbidden() {:?}, \
                     forbidden_points() {:?}\n{b}",
                    case.name, case.expect, got, listed
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The oracle agrees with the hand-worked answers too: two independent checks of each.
#[test]
fn every_case_agrees_with_the_oracle() {
    for case in CASES {
        let (board, marks) = parse(case.diagram);
        let mut grid = renju_reference::Grid::from_board(&board);
        assert_eq!(grid.forbidden(marks[0].0), case.expect, "{}", case.name);
    }
}

#[test]
fn maps_mark_every_forbidden_point_and_no_other() {
    for diagram in MAPS {
        let (board, marks) = parse(diagram);
        let want: Vec<(Pos, Forbidden)> = marks
            .iter()
            .map(|&(p, c)| {
                let f = match c {
                    '3' => Forbidden::DoubleThree,
                    '4' => Forbidden::DoubleFour,
                    '6' => Forbidden::Overline,
                    _ => panic!("maps mark with 3, 4 or 6"),
                };
                (p, f)
            })
            .collect();
        for t in 0..8 {
            let b = transformed(&board, t);
            let mut want: Vec<_> = want
                .iter()
                .map(|&(p, f)| (map_pos(t, board.width(), board.height(), p), f))
                .collect();
            want.sort_by_key(|&(p, _)| (p.y, p.x));
            assert_eq!(forbidden_points(&b), want, "symmetry {t}\n{b}");
        }
    }
}

#[test]
fn occupied_and_off_board_points_are_not_forbidden() {
    let (board, _) = parse(".X.X*X.X.");
    assert_eq!(forbidden(&board, Pos::new(4, 0)), FOUR4);
    assert_eq!(forbidden(&board, Pos::new(3, 0)), None, "black stone");
    let mut b = board.clone();
    b.place(Pos::new(4, 0), Stone::White).unwrap();
    assert_eq!(forbidden(&b, Pos::new(4, 0)), None, "white stone");
    assert_eq!(forbidden(&board, Pos::new(9, 0)), None, "off the board");
    assert_eq!(forbidden(&board, Pos::new(0, 5)), None, "off the board");
}

#[test]
fn whose_turn_it_is_does_not_matter() {
    let (mut board, marks) = parse(CASES[2].diagram);
    let p = marks[0].0;
    for side in [Stone::Black, Stone::White] {
        board.set_side_to_move(side);
        assert_eq!(forbidden(&board, p), THREE3);
        assert_eq!(forbidden_points(&board), vec![(p, Forbidden::DoubleThree)]);
    }
}

#[test]
fn judging_leaves_the_board_untouched() {
    let (board, _) = parse(CASES.last().unwrap().diagram);
    let before = board.clone();
    let _ = forbidden_points(&board);
    for p in board.cells() {
        let _ = forbidden(&board, p);
    }
    assert_eq!(board, before);
}

#[test]
fn names_are_in_player_words() {
    assert_eq!(Forbidden::DoubleThree.to_string(), "double three");
    assert_eq!(Forbidden::DoubleFour.to_string(), "double four");
    assert_eq!(Forbidden::Overline.to_string(), "overline");
}

// ---------------------------------------------------------------- random comparison

/// A random board of 7..=15 by 7..=15 cells with stones in a random rectangle of it (so
/// shapes often touch the edges), Black-heavy so that fours, threes and nested threes are
/// common.
fn random_board(rng: &mut SmallRng) -> Board {
    let w = rng.random_range(7..=15);
    let h = rng.random_range(7..=15);
    let mut board = Board::new(w, h).unwrap();
    let black = rng.random_range(0.25..0.45);
    let white = rng.random_range(0.05..0.2);
    let sw = rng.random_range(5..=w);
    let sh = rng.random_range(5..=h);
    let ox = rng.random_range(0..=w - sw);
    let oy = rng.random_range(0..=h - sh);
    for y in oy..oy + sh {
        for x in ox..ox + sw {
            let r: f64 = rng.random();
            let stone = if r < black {
                Stone::Black
            } else if r < black + white {
                Stone::White
            } else {
                continue;
            };
            board.place(Pos::new(x, y), stone).unwrap();
        }
    }
    board
}

/// Every empty cell of `board` judged by the module (both entry points) and the oracle;
/// returns the forbidden points and the deepest recursion the oracle needed.
fn compare(board: &Board) -> (Vec<(Pos, Forbidden)>, usize) {
    let (want, depth) = renju_reference::forbidden_points(board);
    let got = forbidden_points(board);
    assert_eq!(got, want, "module vs oracle on\n{board}");
    for p in board.cells() {
        let single = forbidden(board, p);
        let listed = got.iter().find(|(q, _)| *q == p).map(|&(_, f)| f);
        assert_eq!(
            single, listed,
            "forbidden() vs forbidden_points() at {p}\n{board}"
        );
    }
    (got, depth)
}

/// A fixed-seed sweep that also counts what it exercised (`RENJU_POSITIONS` sets how many
/// positions; 3000 by default, about 10 s in release).
#[test]
fn random_positions_match_the_oracle() {
    let mut rng = SmallRng::seed_from_u64(0x5e11_2e57);
    let mut seen = [0usize; 3];
    let mut deepest = 0;
    let mut recursive = 0;
    let n = std::env::var("RENJU_POSITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    for _ in 0..n {
        let board = random_board(&mut rng);
        let (got, depth) = compare(&board);
        for (_, f) in got {
            seen[f as usize] += 1;
        }
        deepest = deepest.max(depth);
        recursive += usize::from(depth >= 2);
    }
    println!(
        "{n} positions: {} double threes, {} double fours, {} overlines; \
         oracle recursion depth up to {deepest}, {recursive} positions needed depth >= 2",
        seen[0], seen[1], seen[2]
    );
    assert!(
        seen.iter().all(|&c| c > 100),
        "every kind is exercised: {seen:?}"
    );
    assert!(recursive > 50, "nested threes are exercised: {recursive}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Shrinkable random boards: each cell black with probability 7/20, white 2/20.
    #[test]
    fn proptest_boards_match_the_oracle(
        w in 7usize..=13,
        h in 7usize..=13,
        cells in prop::collection::vec(0u8..20, 13 * 13),
    ) {
        let mut board = Board::new(w, h).unwrap();
        for (i, p) in (0..w * h).map(|i| (i, Pos::new(i % w, i / w))) {
            match cells[i] {
                0..=6 => board.place(p, Stone::Black).unwrap(),
                7..=8 => board.place(p, Stone::White).unwrap(),
                _ => {}
            }
        }
        compare(&board);
    }
}
