//! Deep labels for the evaluation network: positions taken from recorded games
//! (`examples/datagen.rs` lines), each searched with a large node budget. A network that
//! learns these scores brings into a short search's leaves what a long search sees.
//!
//! `cargo run --release --no-default-features --example label -- NODES EVERY MAXPLY SKIP STEP GAMES.jsonl`
//!
//! From every game (the `STEP`th of each, starting at `SKIP`, so processes can share a
//! file) every `EVERY`th position from the end of its opening up to `MAXPLY` stones where
//! nothing is decided yet. One JSON line per position:
//! `{"moves": [[x, y], ...], "score": s, "result": r}` with `s` the search's score for the
//! side to move and `r` the game's result for Black (1, 0, -1).

use gomoku::engine::rules::outcome;
use gomoku::engine::strong::movegen::{situation, Situation};
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::{StrongEngine, StrongLimits};
use gomoku::engine::{Board, Pos, Rule};
use serde::Deserialize;
use std::io::Write;

#[derive(Deserialize)]
struct Game {
    moves: Vec<[usize; 2]>,
    result: i32,
    opening: usize,
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Vec<usize> = args.iter().map_while(|a| a.parse().ok()).collect();
    let (&[nodes, every, max_ply, skip, step], Some(file)) = (numbers.as_slice(), args.get(5))
    else {
        eprintln!("usage: label NODES EVERY MAXPLY SKIP STEP GAMES.jsonl");
        return std::process::ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("label: {file}: {e}");
            return std::process::ExitCode::from(1);
        }
    };
    let mut engine = StrongEngine::new(64 << 20);
    let stdout = std::io::stdout();
    for line in text.lines().skip(skip).step_by(step.max(1)) {
        let Ok(game) = serde_json::from_str::<Game>(line) else {
            continue;
        };
        engine.clear();
        let mut board = Board::square(15).expect("15x15");
        for (i, &[x, y]) in game.moves.iter().enumerate() {
            if i > max_ply || board.play(Pos::new(x, y)).is_err() {
                break;
            }
            let n = i + 1;
            if n < game.opening || (n - game.opening) % every.max(1) != 0 {
                continue;
            }
            if outcome(&board, Rule::Freestyle).is_some() || !quiet_enough(&board) {
                continue;
            }
            let limits = StrongLimits::depth(60).with_nodes(nodes as u64);
            let r = engine.search(&board, Rule::Freestyle, &limits);
            let moves: Vec<String> = board
                .moves()
                .iter()
                .map(|m| format!("[{},{}]", m.pos.x, m.pos.y))
                .collect();
            let mut out = stdout.lock();
            let line = format!(
                "{{\"moves\": [{}], \"score\": {}, \"result\": {}}}",
                moves.join(","),
                r.score,
                game.result
            );
            if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                // The reader is gone (a closed pipe): what was labelled is written.
                return std::process::ExitCode::SUCCESS;
            }
        }
    }
    std::process::ExitCode::SUCCESS
}

/// Positions the search evaluates: nothing forces the next move.
fn quiet_enough(board: &Board) -> bool {
    let mut s = State::from_board(board, Rule::Freestyle);
    !matches!(
        situation(&mut s),
        Situation::Win(_)
            | Situation::Lost
            | Situation::Forced(_)
            | Situation::WinsInThree(_)
            | Situation::WinsInFive(_)
    )
}
