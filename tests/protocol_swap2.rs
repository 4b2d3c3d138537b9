//! `SWAP2BOARD` over pipes, against the built brain: each stone count (0, 3, 5), the
//! game going on after the answer, every kind of malformed block, and a swap2 opening
//! between two brain processes followed by a few moves.

mod common;

use common::{parse_move, Brain};
use gomoku::engine::rules::outcome;
use gomoku::engine::{Board, Pos, Rule, Stone};

/// The stones of an answer such as `7,7 8,7 9,9`.
fn stones(answer: &str) -> Vec<Pos> {
    answer
        .split_whitespace()
        .map(|s| parse_move(s).unwrap_or_else(|| panic!("not x,y: {s:?} in {answer:?}")))
        .collect()
}

fn started(timeout_ms: u32) -> Brain {
    let mut b = Brain::spawn();
    b.send("START 15");
    assert_eq!(b.answer(), "OK");
    b.send(&format!("INFO timeout_turn {timeout_ms}"));
    b
}

/// Sends a `SWAP2BOARD` block with `points` and gives the answer.
fn swap2(b: &mut Brain, points: &[(usize, usize)]) -> String {
    b.send("SWAP2BOARD");
    for (x, y) in points {
        b.send(&format!("{x},{y}"));
    }
    b.send("DONE");
    b.answer()
}

/// Black's pair against a white stone thrown into the corner, and the reverse.
const BLACK_AHEAD: [(usize, usize); 3] = [(7, 7), (0, 0), (8, 7)];
const WHITE_AHEAD: [(usize, usize); 3] = [(0, 0), (7, 7), (14, 14)];

#[test]
fn no_stones_proposes_three_and_plays_black_after() {
    let mut b = started(400);
    let answer = swap2(&mut b, &[]);
    let three = stones(&answer);
    assert_eq!(three.len(), 3, "{answer}");
    assert!(three[0] != three[1] && three[0] != three[2] && three[1] != three[2]);
    assert!(three.iter().all(|p| p.x < 15 && p.y < 15), "{answer}");
    // The opponent plays White's fourth move: the brain answers as Black.
    let white = (0..15)
        .map(|x| Pos::new(x, 0))
        .find(|p| !three.contains(p))
        .expect("room");
    b.send(&format!("TURN {},{}", white.x, white.y));
    let black = b.move_answer();
    assert!(!three.contains(&black) && black != white, "{black}");
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

#[test]
fn three_stones_clearly_won_by_black_are_taken_by_swapping() {
    let mut b = started(600);
    assert_eq!(swap2(&mut b, &BLACK_AHEAD), "SWAP");
    // Now Black: the opponent's fourth (white) move comes as a TURN.
    b.send("TURN 14,14");
    let mv = b.move_answer();
    assert!(!BLACK_AHEAD.contains(&(mv.x, mv.y)) && (mv.x, mv.y) != (14, 14));
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

#[test]
fn three_stones_lost_for_black_are_played_as_white() {
    let mut b = started(600);
    let answer = swap2(&mut b, &WHITE_AHEAD);
    let mv = parse_move(&answer).unwrap_or_else(|| panic!("a white move: {answer:?}"));
    assert!(!WHITE_AHEAD.contains(&(mv.x, mv.y)));
    // Now White: Black's fifth move comes as a TURN, and our own stone is taken.
    b.send(&format!("TURN {},{}", mv.x, mv.y));
    assert!(b.answer().starts_with("ERROR"), "our stone is on the board");
    b.send("TURN 0,14");
    let next = b.move_answer();
    assert!(![(0, 0), (7, 7), (14, 14), (0, 14), (mv.x, mv.y)].contains(&(next.x, next.y)));
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

#[test]
fn any_three_stones_get_one_of_the_three_answers() {
    let mut b = started(400);
    let three = [(7, 7), (8, 8), (7, 9)];
    let answer = swap2(&mut b, &three);
    if answer != "SWAP" {
        let added = stones(&answer);
        assert!((1..=2).contains(&added.len()), "{answer}");
        for p in &added {
            assert!(
                p.x < 15 && p.y < 15 && !three.contains(&(p.x, p.y)),
                "{answer}"
            );
        }
    }
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

#[test]
fn five_stones_get_swap_or_the_sixth_move() {
    let mut b = started(500);
    let black_three = [(7, 7), (0, 0), (8, 7), (14, 14), (9, 7)];
    assert_eq!(swap2(&mut b, &black_three), "SWAP");
    let white_pair = [(0, 0), (7, 7), (14, 14), (8, 7), (0, 14)];
    let answer = swap2(&mut b, &white_pair);
    let mv = parse_move(&answer).unwrap_or_else(|| panic!("a white move: {answer:?}"));
    assert!(!white_pair.contains(&(mv.x, mv.y)));
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

#[test]
fn malformed_blocks_get_clear_errors_and_change_nothing() {
    let mut b = Brain::spawn();
    b.send("SWAP2BOARD");
    assert!(b.answer().starts_with("ERROR no board"), "before START");
    b.send("START 15");
    assert_eq!(b.answer(), "OK");
    b.send("INFO timeout_turn 200");
    let cases: [(&[&str], &str); 6] = [
        (&["7,7", "8,8"], "needs 0, 3 or 5 stones, got 2"),
        (&["1,1", "2,2", "3,3", "4,4", "5,5", "6,6"], "got 6"),
        (&["7,7", "8,x", "9,9"], "bad SWAP2BOARD line \"8,x\""),
        (&["7,7", "8,8,1", "9,9"], "expected x,y"),
        (&["7,7", "15,3", "9,9"], "15,3 is off the board"),
        (&["7,7", "8,8", "7,7"], "7,7 is already occupied"),
    ];
    for (lines, needle) in cases {
        b.send("SWAP2BOARD");
        for l in lines {
            b.send(l);
        }
        b.send("DONE");
        let a = b.answer();
        assert!(
            a.starts_with("ERROR") && a.contains(needle),
            "{lines:?}: {a}"
        );
    }
    b.send("SWAP2BOARD now");
    assert!(b
        .answer()
        .starts_with("ERROR SWAP2BOARD expects no arguments"));
    // No DONE: the next command ends the block with an ERROR, then is answered.
    b.send("SWAP2BOARD");
    b.send("7,7");
    b.send("ABOUT");
    let a = b.answer();
    assert!(
        a.starts_with("ERROR") && a.contains("not ended by DONE"),
        "{a}"
    );
    assert!(b.answer().starts_with("name=\""), "ABOUT still answered");
    b.send("SWAP2BOARD");
    b.send("7,7");
    b.send("TURN 7,7");
    assert!(b.answer().contains("not ended by DONE"));
    let mv = b.move_answer();
    assert_ne!((mv.x, mv.y), (7, 7), "no refused block put a stone on 7,7");
    b.send("FOO");
    assert_eq!(
        b.answer(),
        "UNKNOWN FOO",
        "unknown commands are still unknown"
    );
    b.assert_alive();
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

/// Fields for a `BOARD` block sent to the player of `me` on `board`.
fn board_block(board: &Board, me: Stone) -> Vec<String> {
    let mut lines = vec!["BOARD".to_string()];
    for m in board.moves() {
        let field = if m.stone == me { 1 } else { 2 };
        lines.push(format!("{},{},{field}", m.pos.x, m.pos.y));
    }
    lines.push("DONE".into());
    lines
}

fn place_all(board: &mut Board, stones: &[Pos]) {
    for &p in stones {
        let colour = board.side_to_move();
        board
            .place(p, colour)
            .unwrap_or_else(|e| panic!("{e}\n{board}"));
    }
}

#[test]
fn a_swap2_opening_between_two_brains_then_play() {
    let mut brains = [Brain::spawn(), Brain::spawn_with(&["--seed", "2"])];
    for b in &mut brains {
        b.send("START 15");
        assert_eq!(b.answer(), "OK");
        b.send("INFO timeout_turn 150");
    }
    let mut board = Board::square(15).expect("legal");
    let ask = |b: &mut Brain, board: &Board| {
        let pts: Vec<(usize, usize)> = board.moves().iter().map(|m| (m.pos.x, m.pos.y)).collect();
        swap2(b, &pts)
    };
    let opening = stones(&ask(&mut brains[0], &board));
    place_all(&mut board, &opening);
    // `chooser` answers the position; whoever answers a move is White.
    let mut chooser = 1;
    let white = loop {
        let answer = ask(&mut brains[chooser], &board);
        match answer.as_str() {
            "SWAP" => break 1 - chooser,
            _ => {
                let added = stones(&answer);
                place_all(&mut board, &added);
                match added.len() {
                    1 => break chooser,
                    2 if board.move_count() == 5 => chooser = 0,
                    _ => panic!("unexpected answer {answer:?} at {}", board.move_count()),
                }
            }
        }
    };
    let black = 1 - white;
    // Whoever must move now (White after a swap, else Black) is told by BOARD, then
    // the game goes on by TURN: each brain's idea of its colour is checked by playing.
    let mut to_move = if board.side_to_move() == Stone::White {
        white
    } else {
        black
    };
    let colour = board.side_to_move();
    for line in board_block(&board, colour) {
        brains[to_move].send(&line);
    }
    let mut mv = brains[to_move].move_answer();
    while board.move_count() < 20 {
        place_all(&mut board, &[mv]);
        if outcome(&board, Rule::Freestyle).is_some() {
            break;
        }
        to_move = 1 - to_move;
        brains[to_move].send(&format!("TURN {},{}", mv.x, mv.y));
        mv = brains[to_move].move_answer();
    }
    for mut b in brains {
        b.send("END");
        assert_eq!(b.exit_code(), Some(0));
    }
}
