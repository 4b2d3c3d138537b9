//! A renju game (`INFO rule 4`) between two brain processes over pipes, with a tiny
//! manager here: the record is replayed on a board of its own and judged with the rules
//! module, not the engine. Black must never play a forbidden point, and the game must
//! end exactly when the rules say: Black wins only with exactly five, White with five
//! or more. Times are short and nothing is timed.

mod common;

use common::Brain;
use gomoku::engine::renju::forbidden;
use gomoku::engine::rules::{outcome, winning_line};
use gomoku::engine::{Board, Outcome, Pos, Rule, Stone};

/// Plays one game and gives its record and how it ended.
fn play_renju_game(seeds: [&str; 2], timeout_ms: u32) -> (Board, Option<Outcome>) {
    let mut black = Brain::spawn_with(&["--seed", seeds[0]]);
    let mut white = Brain::spawn_with(&["--seed", seeds[1]]);
    for b in [&mut black, &mut white] {
        b.send("START 15");
        assert_eq!(b.answer(), "OK");
        b.send("INFO rule 4");
        b.send(&format!("INFO timeout_turn {timeout_ms}"));
    }
    let mut board = Board::square(15).expect("legal");
    black.send("BEGIN");
    let mut mv = black.move_answer();
    let result = loop {
        judge_move(&board, mv);
        board
            .place(mv, board.side_to_move())
            .unwrap_or_else(|e| panic!("illegal {mv}: {e}\n{board}"));
        if let Some(end) = outcome(&board, Rule::Renju) {
            break Some(end);
        }
        let next = match board.side_to_move() {
            Stone::White => &mut white,
            Stone::Black => &mut black,
        };
        next.send(&format!("TURN {},{}", mv.x, mv.y));
        mv = next.move_answer();
    };
    for mut b in [black, white] {
        b.send("END");
        assert_eq!(b.exit_code(), Some(0));
    }
    (board, result)
}

/// A move about to be played at `mv` on `board` is legal under renju.
fn judge_move(board: &Board, mv: Pos) {
    assert!(board.is_empty(mv), "{mv} is taken\n{board}");
    if board.side_to_move() == Stone::Black {
        assert_eq!(
            forbidden(board, mv),
            None,
            "Black played a forbidden point {mv} at move {}\n{board}",
            board.move_count() + 1
        );
    }
}

/// Replays `record` from scratch: no position before the last had a winner, and the
/// last one's result agrees with the rules (Black's line exactly five, White's five or
/// more, or a full board).
fn check_record(record: &Board, result: &Option<Outcome>) {
    let mut replay = Board::square(15).expect("legal");
    let moves = record.moves();
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m.stone, replay.side_to_move(), "colours alternate");
        judge_move(&replay, m.pos);
        replay.place(m.pos, m.stone).expect("legal");
        if i + 1 < moves.len() {
            assert_eq!(outcome(&replay, Rule::Renju), None, "won before the end");
        }
    }
    match result {
        Some(Outcome::Win { winner, line }) => {
            let last = replay.last_move().expect("moves");
            assert_eq!(*winner, last.stone, "the last mover wins");
            assert_eq!(
                winning_line(&replay, Rule::Renju, last.pos).as_ref(),
                Some(line)
            );
            match winner {
                Stone::Black => assert_eq!(line.len(), 5, "Black wins with exactly five"),
                Stone::White => assert!(line.len() >= 5),
            }
        }
        Some(Outcome::Draw) => assert!(replay.is_full()),
        None => panic!("the game loop ends only with a result"),
    }
}

#[test]
fn two_brains_play_a_legal_renju_game() {
    let (record, result) = play_renju_game(["1", "2"], 100);
    check_record(&record, &result);
}
