//! Drives the built `pbrain-gomoku` over pipes: a whole game, BOARD/TAKEBACK/ABOUT/
//! RESTART/RECTSTART, garbage of every kind, END mid-search, and a full self-play game
//! between two brain processes. Every read has a timeout (see `common`), so a hang
//! fails instead of stalling CI.

mod common;

use common::{parse_move, Brain};
use gomoku::engine::rules::outcome;
use gomoku::engine::{Board, Pos, Rule};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn a_whole_game_and_every_command() {
    let mut b = Brain::spawn();
    b.send("ABOUT");
    let about = b.answer();
    assert!(
        about.contains("name=\"") && about.contains("version=\"") && about.contains("author=\""),
        "{about}"
    );
    b.send("START 15");
    assert_eq!(b.answer(), "OK");
    b.send("INFO timeout_turn 300");
    b.send("INFO timeout_match 100000");
    b.send("INFO time_left 100000");
    b.send("INFO max_memory 83886080");
    b.send("INFO folder /tmp");
    b.send("BEGIN");
    let mut board = Board::square(15).expect("legal");
    let first = b.move_answer();
    board.play(first).expect("legal first move");
    // Play a few turns with the simplest opponent: first empty cell in reading order.
    for _ in 0..6 {
        let mine = board.cells().find(|&p| board.is_empty(p)).expect("room");
        board.play(mine).expect("empty");
        b.send(&format!("TURN {},{}", mine.x, mine.y));
        let theirs = b.move_answer();
        assert!(board.is_empty(theirs), "brain played on {theirs}");
        board.play(theirs).expect("legal");
    }
    // TAKEBACK the brain's last stone, then the board answers again.
    let last = board.last_move().expect("moves").pos;
    b.send(&format!("TAKEBACK {},{}", last.x, last.y));
    assert_eq!(b.answer(), "OK");
    b.send(&format!("TAKEBACK {},{}", last.x, last.y));
    assert!(
        b.answer().starts_with("ERROR"),
        "second takeback of the same cell"
    );
    // BOARD ... DONE.
    b.send("BOARD");
    for (x, y, f) in [(7, 7, 1), (8, 8, 2), (7, 8, 1), (8, 7, 2)] {
        b.send(&format!("{x},{y},{f}"));
    }
    b.send("DONE");
    let mv = b.move_answer();
    assert!(![(7, 7), (8, 8), (7, 8), (8, 7)].contains(&(mv.x, mv.y)));
    // A BOARD block with a bad line is refused and loses nothing.
    b.send("BOARD");
    b.send("1,1,1");
    b.send("1,1,7");
    b.send("DONE");
    assert!(b.answer().starts_with("ERROR"));
    b.send("TURN 7,7");
    assert!(
        b.answer().starts_with("ERROR"),
        "7,7 is still occupied from the last good BOARD"
    );
    // RESTART, RECTSTART, rules.
    b.send("RESTART");
    assert_eq!(b.answer(), "OK");
    b.send("RECTSTART 20,15");
    assert_eq!(b.answer(), "OK");
    b.send("TURN 19,14");
    let mv = b.move_answer();
    assert!(mv.x < 20 && mv.y < 15 && (mv.x, mv.y) != (19, 14));
    b.send("INFO rule 1");
    assert!(
        b.silent_for(Duration::from_millis(200)),
        "INFO has no answer"
    );
    b.send("INFO evaluate 3,3");
    b.send("INFO some_future_key 1");
    b.send("INFO max_depth 3");
    assert!(
        b.silent_for(Duration::from_millis(200)),
        "known and unknown INFO keys have no answer"
    );
    // Unsupported rules (continuous, caro) are reported on MESSAGE lines, no answer.
    b.send("INFO rule 8");
    b.send("INFO rule 2");
    b.send("SWAP3BOARD");
    let (messages, answer) = b.answer_after_messages();
    assert_eq!(answer, "UNKNOWN SWAP3BOARD", "after {messages:?}");
    assert_eq!(messages.len(), 2, "{messages:?}");
    // A continuous-game BOARD: field 3 cells are unplayable.
    b.send("START 15");
    assert_eq!(b.answer(), "OK");
    b.send("BOARD");
    let blocked = [(3, 3), (4, 4), (5, 5), (6, 6), (7, 7)];
    for (x, y) in blocked {
        b.send(&format!("{x},{y},3"));
    }
    b.send("7,8,2");
    b.send("DONE");
    let mv = b.move_answer();
    assert!(!blocked.contains(&(mv.x, mv.y)) && (mv.x, mv.y) != (7, 8));
    b.send("TURN 5,5");
    assert!(b.answer().starts_with("ERROR"), "a field-3 cell is taken");
    b.send("START 4");
    assert!(b.answer().starts_with("ERROR unsupported size"));
    b.send("RECTSTART 20,4");
    assert!(b.answer().starts_with("ERROR unsupported size"));
    b.send("START 23");
    assert!(b.answer().starts_with("ERROR"));
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

#[test]
fn garbage_gets_clear_answers_and_the_brain_survives() {
    let mut b = Brain::spawn();
    b.send("TURN 7,7");
    assert!(b.answer().starts_with("ERROR"), "no board yet");
    b.send("START 15");
    assert_eq!(b.answer(), "OK");
    b.send("INFO timeout_turn 200");
    b.send("INFO timeout_turn soon"); // reported on a MESSAGE line, no answer
    b.send("");
    b.send("TURN 99999999999999999999,3");
    assert!(b.answer().starts_with("ERROR"));
    b.send("TURN -1,5");
    assert!(b.answer().starts_with("ERROR"));
    b.send("TURN 30,30");
    assert!(b.answer().starts_with("ERROR"));
    b.send("TURN 7");
    assert!(b.answer().starts_with("ERROR"));
    b.send(&format!("TURN {}", "9".repeat(10_000)));
    assert!(b.answer().starts_with("ERROR"));
    b.send(&"x".repeat(10_000));
    assert!(b.answer().starts_with("UNKNOWN"));
    b.send_bytes(b"\xff\xfe\x00\x80TURN\n");
    let a = b.answer();
    assert!(a.starts_with("UNKNOWN"), "{a:?}");
    assert!(
        a.chars().all(|c| c.is_ascii_graphic() || c == ' '),
        "garbage is not echoed raw: {a:?}"
    );
    b.send_bytes(b"TURN \xc3\x28,1\r\n");
    assert!(b.answer().starts_with("ERROR"));
    b.send("BEGIN now");
    assert!(b.answer().starts_with("ERROR"));
    b.send("START -15");
    assert!(b.answer().starts_with("ERROR"));
    b.assert_alive();
    b.send("FOO bar");
    assert_eq!(b.answer(), "UNKNOWN FOO");
    b.send("TAKEBACK 3,3");
    assert!(b.answer().starts_with("ERROR"));
    b.send("turn 7,7\r");
    let mv = b.move_answer();
    b.send(&format!("TURN {},{}", mv.x, mv.y));
    assert!(b.answer().starts_with("ERROR"), "occupied cell");
    b.send("ABOUT");
    assert!(b.answer().starts_with("name="), "still alive and answering");
    b.assert_alive();
    b.send("end");
    assert_eq!(b.exit_code(), Some(0));
}

#[test]
fn piped_commands_are_all_answered_before_end() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("brain starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin
        .write_all(b"START 15\nINFO timeout_turn 200\nBEGIN\nTURN 8,8\nEND\n")
        .expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("exits");
    let text = String::from_utf8_lossy(&out.stdout);
    let moves: Vec<&str> = text.lines().filter(|l| parse_move(l).is_some()).collect();
    assert_eq!(
        moves.len(),
        2,
        "BEGIN and TURN both answered before END:\n{text}"
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Starts a game and a search that would run for minutes (a 300 s turn), then waits
/// until it is under way. Lines read before a search starts wait their turn by design;
/// the pause only makes sure the next line arrives during the search. Nothing is timed:
/// the tests below check what is printed, and in which order.
fn start_a_long_search(b: &mut Brain) {
    b.send("START 20");
    assert_eq!(b.answer(), "OK");
    b.send("INFO timeout_turn 300000");
    b.send("TURN 10,10");
    std::thread::sleep(Duration::from_millis(500));
}

#[test]
fn end_stops_a_long_search() {
    let mut b = Brain::spawn();
    start_a_long_search(&mut b);
    b.end_cleanly("END stops the search at once");
}

#[test]
fn about_during_a_search_is_answered_at_once_and_end_still_stops_it() {
    let mut b = Brain::spawn();
    start_a_long_search(&mut b);
    b.send("ABOUT");
    // A move here (or none within answer()'s bound) means ABOUT waited for the search.
    let about = b.answer();
    assert!(about.starts_with("name=\""), "ABOUT first: {about:?}");
    b.end_cleanly("END after ABOUT stops the search");
}

#[test]
fn unknown_commands_during_a_search_do_not_hold_end_back() {
    let mut b = Brain::spawn();
    start_a_long_search(&mut b);
    b.send("YXSHOWINFO");
    b.send("FOO bar");
    b.end_cleanly("END stops the search at once");
}

#[test]
fn yxstop_plays_the_best_move_so_far_and_is_ignored_without_a_search() {
    let mut b = Brain::spawn();
    start_a_long_search(&mut b);
    b.send("YXSTOP");
    // Answered like a normal move: MESSAGE with the search figures, then x,y.
    let (messages, answer) = b.answer_after_messages();
    let mv = parse_move(&answer).unwrap_or_else(|| panic!("a move, got {answer:?}"));
    assert!(mv.x < 20 && mv.y < 20 && (mv.x, mv.y) != (10, 10), "{mv}");
    assert!(messages.iter().any(|m| m.contains("depth")), "{messages:?}");
    // With no search running YXSTOP has no effect and no answer (a late one often
    // arrives just after the move).
    b.send("YXSTOP");
    b.send("ABOUT");
    let about = b.answer();
    assert!(
        about.starts_with("name=\""),
        "YXSTOP alone is silent: {about:?}"
    );
    // The game goes on with the position as it was.
    b.send("INFO timeout_turn 200");
    b.send(&format!("TURN {},{}", mv.x, mv.y));
    assert!(b.answer().starts_with("ERROR"), "our stone is on the board");
    b.send("TURN 0,0");
    let next = b.move_answer();
    assert!(![(10, 10), (mv.x, mv.y), (0, 0)].contains(&(next.x, next.y)));
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

/// The nodes a move's search reported on its MESSAGE line.
fn reported_nodes(messages: &[String]) -> u64 {
    let line = messages
        .iter()
        .rev()
        .find(|m| m.contains(" nodes "))
        .unwrap_or_else(|| panic!("a MESSAGE with the search figures: {messages:?}"));
    let after = line.split(" nodes ").nth(1).unwrap_or_default();
    let n = after.split_whitespace().next().unwrap_or_default();
    n.parse()
        .unwrap_or_else(|_| panic!("a node count in {line:?}"))
}

/// Yixin-Board's `max_node` bounds a move's search however long the turn is: a small
/// budget answers a 60 s turn with few nodes, a ten times larger one searches more.
#[test]
fn max_node_bounds_the_search_whatever_the_time() {
    let mut b = Brain::spawn();
    b.send("START 15");
    assert_eq!(b.answer(), "OK");
    b.send("INFO timeout_turn 60000");
    b.send("INFO max_node 4000");
    b.send("TURN 7,7");
    let (small, answer) = b.answer_after_messages();
    let first = parse_move(&answer).unwrap_or_else(|| panic!("a move, got {answer:?}"));
    let small = reported_nodes(&small);
    assert!(
        small <= 4000 * 2,
        "searched {small} nodes on a budget of 4000"
    );
    b.send("INFO max_node 40000");
    let next = if (first.x, first.y) == (8, 6) {
        "6,8"
    } else {
        "8,6"
    };
    b.send(&format!("TURN {next}"));
    let (large, answer) = b.answer_after_messages();
    assert!(parse_move(&answer).is_some(), "a move, got {answer:?}");
    let large = reported_nodes(&large);
    assert!(
        large > 4000 * 2 && large <= 40000 * 2,
        "searched {large} nodes on a budget of 40000"
    );
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

#[test]
fn info_problems_are_messages_never_answers() {
    let mut b = Brain::spawn();
    b.send("START 15");
    assert_eq!(b.answer(), "OK");
    b.send("INFO timeout_turn 200");
    for line in [
        "INFO rule 2",
        "INFO rule 8",
        "INFO time_left -1",
        "INFO timeout_turn soon",
        "INFO timeout_turn -5",
        "INFO max_memory lots",
        "INFO timeout_match",
        "INFO",
    ] {
        b.send(line);
    }
    b.send("ABOUT");
    let (messages, answer) = b.answer_after_messages();
    assert!(
        answer.starts_with("name=\""),
        "INFO never answers, so ABOUT's answer comes next: {answer:?} after {messages:?}"
    );
    for (what, needle) in [
        ("unsupported rule 2", "rule 2"),
        ("unsupported rule 8", "rule 8"),
        ("bad timeout_turn", "soon"),
        ("negative timeout_turn", "-5"),
        ("bad max_memory", "lots"),
        ("timeout_match without a value", "timeout_match"),
    ] {
        assert!(
            messages.iter().any(|m| m.contains(needle)),
            "{what} reported: {messages:?}"
        );
    }
    assert!(
        messages.iter().all(|m| !m.contains("time_left")),
        "a negative time_left is the clock being over, not a problem: {messages:?}"
    );
    // The brain still plays, with the values it kept.
    b.send("TURN 7,7");
    let mv = b.move_answer();
    assert_ne!((mv.x, mv.y), (7, 7));
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));
}

/// Two brain processes play one game through the protocol, mirrored on a local board:
/// every move must be legal, and the game must end with a five or a full board.
fn self_play(start: &str, board: Board, setting: &str) {
    let mut board = board;
    let mut black = Brain::spawn();
    let mut white = Brain::spawn();
    for b in [&mut black, &mut white] {
        b.send(start);
        assert_eq!(b.answer(), "OK");
        b.send(setting);
    }
    black.send("BEGIN");
    let mut mv = black.move_answer();
    let mut to_white = true;
    loop {
        board
            .play(mv)
            .unwrap_or_else(|e| panic!("illegal {mv}: {e}\n{board}"));
        if outcome(&board, Rule::Freestyle).is_some() {
            break;
        }
        let next = if to_white { &mut white } else { &mut black };
        next.send(&format!("TURN {},{}", mv.x, mv.y));
        mv = next.move_answer();
        to_white = !to_white;
    }
    for b in [black, white] {
        let mut b = b;
        b.send("END");
        assert_eq!(b.exit_code(), Some(0));
    }
}

#[test]
fn two_brains_play_a_full_legal_game() {
    self_play(
        "START 15",
        Board::square(15).expect("legal"),
        "INFO timeout_turn 100",
    );
}

#[test]
fn two_brains_at_fixed_depth_on_a_small_rectangle() {
    self_play(
        "RECTSTART 9,6",
        Board::new(9, 6).expect("legal"),
        "INFO max_depth 2",
    );
}

#[test]
fn bad_flags_exit_with_usage() {
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .arg("--frobnicate")
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("usage"));
    assert!(out.stdout.is_empty());
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .arg("--profile")
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "--profile needs a FILE");
}

#[test]
fn end_of_input_without_end_exits_cleanly() {
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
}

/// A brain started with `--level` plays that level's recipe. The seed levels' pattern
/// table is built only for them (the default brain never reads it), so these are the
/// brains that must still build it and answer with legal moves.
#[test]
fn seed_levels_build_their_table_and_play_legal_moves() {
    for level in ["easy", "medium"] {
        let mut b = Brain::spawn_with(&["--seed", "1", "--level", level]);
        b.send("START 15");
        assert_eq!(b.answer(), "OK", "{level}");
        let mut board = Board::square(15).expect("legal");
        for _ in 0..2 {
            let ours = [(7, 7), (9, 6), (5, 5)]
                .map(|(x, y)| Pos::new(x, y))
                .into_iter()
                .find(|&p| board.is_empty(p))
                .expect("one is empty");
            board.play(ours).expect("empty");
            b.send(&format!("TURN {},{}", ours.x, ours.y));
            let mv = b.move_answer();
            board
                .play(mv)
                .unwrap_or_else(|e| panic!("{level}: illegal {mv}: {e}\n{board}"));
        }
        b.end_cleanly(level);
    }
}
