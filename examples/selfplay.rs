//! Self-play games of the strong engine for tuning: each game starts from one of
//! Piskvork's openings (offsets from the centre) plus a few random stones, then the engine
//! plays both sides with a fixed node budget. One JSON line per game on stdout:
//! `{"moves": ["x,y", ...], "result": 1 | 0 | -1}` (Black won / draw / White won).
//!
//! `cargo run --release --no-default-features --example selfplay -- GAMES NODES SEED OPENINGS_FILE`

use gomoku::engine::rules::outcome;
use gomoku::engine::strong::{StrongEngine, StrongLimits};
use gomoku::engine::{Board, Outcome, Pos, Rule, Stone};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn openings(path: &str) -> Vec<Vec<(i32, i32)>> {
    let text = std::fs::read_to_string(path).expect("openings file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let nums: Vec<i32> = l.split(',').filter_map(|t| t.trim().parse().ok()).collect();
            nums.chunks(2).map(|c| (c[0], c[1])).collect()
        })
        .collect()
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = a[0].parse().unwrap();
    let nodes: u64 = a[1].parse().unwrap();
    let mut rng = SmallRng::seed_from_u64(a[2].parse().unwrap());
    let book = openings(&a[3]);
    let mut engine = StrongEngine::new(16 << 20);
    for _ in 0..games {
        let mut board = Board::square(15).unwrap();
        for &(dx, dy) in &book[rng.random_range(0..book.len())] {
            let _ = board.play(Pos::new((7 + dx) as usize, (7 + dy) as usize));
        }
        for _ in 0..rng.random_range(0..3) {
            let p = Pos::new(rng.random_range(4..11), rng.random_range(4..11));
            let _ = board.play(p);
        }
        engine.clear();
        let result = loop {
            match outcome(&board, Rule::Freestyle) {
                Some(Outcome::Win { winner, .. }) => {
                    break if winner == Stone::Black { 1 } else { -1 }
                }
                Some(Outcome::Draw) => break 0,
                None => {}
            }
            let r = engine.search(
                &board,
                Rule::Freestyle,
                &StrongLimits::depth(60).with_nodes(nodes),
            );
            let Some(mv) = r.best_move else { break 0 };
            board.play(mv).expect("engine plays a legal move");
        };
        let moves: Vec<String> = board
            .moves()
            .iter()
            .map(|m| format!("\"{},{}\"", m.pos.x, m.pos.y))
            .collect();
        println!(
            "{{\"moves\": [{}], \"result\": {result}}}",
            moves.join(", ")
        );
    }
}
