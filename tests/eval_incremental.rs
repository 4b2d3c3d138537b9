//! The incremental evaluation (per-line cache) and the one-point table agree with a
//! from-scratch naive scan on thousands of random positions.

use gomoku::engine::eval::{evaluate_naive, LineCache};
use gomoku::engine::position::Position;
use gomoku::engine::{Board, Pos, Rule};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn random_board(rng: &mut SmallRng) -> Board {
    let (w, h) = (rng.random_range(5..=22), rng.random_range(5..=22));
    let mut board = Board::new(w, h).expect("size in range");
    let stones = rng.random_range(0..=(w * h).min(80));
    for _ in 0..stones {
        let p = Pos::new(rng.random_range(0..w), rng.random_range(0..h));
        let _ = board.play(p); // occupied cells are simply skipped
    }
    board
}

#[test]
fn line_cache_matches_naive_scan_on_random_positions() {
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..3000 {
        let mut board = random_board(&mut rng);
        assert_eq!(
            LineCache::from_board(&board).total(),
            evaluate_naive(&board),
            "\n{board}"
        );
        // And after undoing a few moves through the position's unmake.
        let mut pos = Position::from_board(&board);
        for _ in 0..3 {
            if board.undo().is_none() {
                break;
            }
            pos.unmake();
            assert_eq!(
                pos.eval(gomoku::engine::Stone::Black),
                evaluate_naive(&board),
                "\n{board}"
            );
        }
    }
}

#[test]
fn one_point_gain_equals_the_change_of_the_naive_total() {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut moves = Vec::new();
    for _ in 0..1500 {
        let board = random_board(&mut rng);
        let pos = Position::from_board(&board);
        pos.candidates(Rule::Freestyle, &mut moves);
        let me = board.side_to_move();
        let before = evaluate_naive(&board);
        for c in moves.iter().take(6) {
            let mut after = board.clone();
            after
                .play(pos.pos(c.cell))
                .expect("candidates are empty cells");
            let delta = evaluate_naive(&after) - before;
            let mine = if me == gomoku::engine::Stone::Black {
                delta
            } else {
                -delta
            };
            assert_eq!(c.my_gain, mine, "cell {:?}\n{board}", pos.pos(c.cell));
        }
    }
}

#[test]
fn position_keys_depend_only_on_stones_and_side_to_move() {
    let mut rng = SmallRng::seed_from_u64(13);
    for _ in 0..500 {
        let board = random_board(&mut rng);
        let mut pos = Position::from_board(&board);
        let key = pos.key();
        let mut moves = Vec::new();
        pos.candidates(Rule::Freestyle, &mut moves);
        for c in moves.iter().take(3) {
            pos.make(c.cell);
            assert_ne!(pos.key(), key, "a stone changes the key");
            pos.unmake();
            assert_eq!(pos.key(), key, "undo restores the key");
        }
        pos.pass();
        assert_ne!(pos.key(), key, "the side to move is part of the key");
        pos.pass();
        // The same stones placed in another order give the same key.
        let mut shuffled = Board::new(board.width(), board.height()).expect("same size");
        for m in board.moves().iter().rev() {
            shuffled.place(m.pos, m.stone).expect("empty");
        }
        shuffled.set_side_to_move(board.side_to_move());
        assert_eq!(Position::from_board(&shuffled).key(), key);
    }
}
