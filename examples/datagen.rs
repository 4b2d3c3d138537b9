//! Training games for the evaluation network: the strong engine plays both sides with a
//! fixed node budget from random balanced openings, and every move's search score is
//! kept with the game's result. One JSON line per game:
//! `{"moves": [[x, y], ...], "scores": [s, ...], "result": 1 | 0 | -1, "opening": n,
//! "branches": [[i, x, y, s], ...]}`
//! with `scores[i]` the score of the search that chose `moves[i]` (side to move's view;
//! `null` for the opening's stones) and `result` 1 when Black won. A branch is a move
//! the game did not play: at position `i` (before `moves[i]`) the side to move plays
//! `x, y` instead, and `s` is a short search's score of the position after it, for the
//! side then to move. Games alone show only positions good players reach; a search
//! also looks at what follows worse moves, and the evaluation must judge those too.
//!
//! `cargo run --release --no-default-features --example datagen -- GAMES NODES SEED`
//!
//! An opening is 2 to 7 random stones in the centre's 7x7 square, kept only when a short
//! search scores it within [`BALANCE`] for the side to move: lopsided starts teach
//! little, and the games should look like the balanced openings engines are matched on.

use gomoku::engine::rules::outcome;
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::threat::Threat;
use gomoku::engine::strong::{StrongEngine, StrongLimits};
use gomoku::engine::{Board, Outcome, Pos, Rule, Stone};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::io::Write;

/// Board side.
const SIZE: usize = 15;
/// Largest opening score (either side) kept.
const BALANCE: i32 = 250;
/// Nodes of the search that judges an opening.
const OPENING_NODES: u64 = 20_000;
/// Nodes of the search that scores a branch.
const BRANCH_NODES: u64 = 8_000;
/// Share of a game's positions that get a branch.
const BRANCH_SHARE: f64 = 0.5;

fn main() -> std::process::ExitCode {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map_while(|a| a.parse().ok())
        .collect();
    let &[games, nodes, seed] = args.as_slice() else {
        eprintln!("usage: datagen GAMES NODES SEED (three numbers)");
        return std::process::ExitCode::from(2);
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut engine = StrongEngine::new(64 << 20);
    let stdout = std::io::stdout();
    for _ in 0..games {
        let board = balanced_opening(&mut engine, &mut rng);
        let line = play_out(&mut engine, board, nodes, &mut rng);
        let mut out = stdout.lock();
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
            // The reader is gone (a closed pipe): the games so far are all written.
            break;
        }
    }
    std::process::ExitCode::SUCCESS
}

/// A random opening the engine scores as balanced.
fn balanced_opening(engine: &mut StrongEngine, rng: &mut SmallRng) -> Board {
    loop {
        let mut board = Board::square(SIZE).expect("15x15 is a legal board");
        let stones = rng.random_range(2..=7);
        while board.move_count() < stones {
            let p = Pos::new(rng.random_range(4..11), rng.random_range(4..11));
            if board.is_empty(p) {
                board.play(p).expect("an empty point");
            }
        }
        if outcome(&board, Rule::Freestyle).is_some() {
            continue;
        }
        engine.clear();
        let r = engine.search(
            &board,
            Rule::Freestyle,
            &StrongLimits::depth(60).with_nodes(OPENING_NODES),
        );
        if r.score.abs() <= BALANCE {
            return board;
        }
    }
}

/// Plays the game to its end; the JSON line that records it.
fn play_out(engine: &mut StrongEngine, mut board: Board, nodes: u64, rng: &mut SmallRng) -> String {
    let opening = board.move_count();
    let mut scores: Vec<String> = vec!["null".into(); opening];
    let mut branches: Vec<String> = Vec::new();
    let mut side = StrongEngine::new(16 << 20);
    engine.clear();
    let result = loop {
        match outcome(&board, Rule::Freestyle) {
            Some(Outcome::Win { winner, .. }) => break if winner == Stone::Black { 1 } else { -1 },
            Some(Outcome::Draw) => break 0,
            None => {}
        }
        let limits = StrongLimits::depth(60).with_nodes(nodes);
        let r = engine.search(&board, Rule::Freestyle, &limits);
        let Some(mv) = r.best_move else { break 0 };
        if rng.random_bool(BRANCH_SHARE) {
            if let Some(b) = branch(&mut side, &mut board, mv, rng) {
                branches.push(b);
            }
        }
        scores.push(r.score.to_string());
        board.play(mv).expect("the engine plays a legal move");
    };
    let moves: Vec<String> = board
        .moves()
        .iter()
        .map(|m| format!("[{},{}]", m.pos.x, m.pos.y))
        .collect();
    format!(
        "{{\"moves\": [{}], \"scores\": [{}], \"result\": {result}, \"opening\": {opening}, \"branches\": [{}]}}",
        moves.join(","),
        scores.join(","),
        branches.join(",")
    )
}

/// A move other than `best` for the side to move, played and scored by a short search
/// (the board is left as it was): `[ply, x, y, score]`. The move is drawn from the empty
/// points near the stones, shapes that matter to either side more often.
fn branch(
    engine: &mut StrongEngine,
    board: &mut Board,
    best: Pos,
    rng: &mut SmallRng,
) -> Option<String> {
    let state = State::from_board(board, Rule::Freestyle);
    let (me, opp) = (state.side_to_move(), 1 - state.side_to_move());
    let mut cells = Vec::new();
    state.candidates(&mut cells);
    let weight = |c: u16| {
        let t = state.threat(c, me).max(state.threat(c, opp));
        match t {
            t if t >= Threat::Flex3 => 8.0,
            t if t >= Threat::Flex2 => 3.0,
            _ => 1.0,
        }
    };
    let choices: Vec<(Pos, f64)> = cells
        .iter()
        .map(|&c| (state.pos_of(c), weight(c)))
        .filter(|&(p, _)| p != best)
        .collect();
    let total: f64 = choices.iter().map(|c| c.1).sum();
    if choices.is_empty() || total <= 0.0 {
        return None;
    }
    let mut pick = rng.random_range(0.0..total);
    let (mv, _) = *choices
        .iter()
        .find(|c| {
            pick -= c.1;
            pick <= 0.0
        })
        .unwrap_or(&choices[choices.len() - 1]);
    let ply = board.move_count();
    board.play(mv).ok()?;
    let decided = outcome(board, Rule::Freestyle).is_some();
    let score = (!decided).then(|| {
        engine.clear();
        let limits = StrongLimits::depth(60).with_nodes(BRANCH_NODES);
        engine.search(board, Rule::Freestyle, &limits).score
    });
    board.undo();
    score.map(|s| format!("[{ply},{},{},{s}]", mv.x, mv.y))
}
