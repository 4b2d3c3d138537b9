//! The brain state machine line by line, searches included (at tiny depths).

use super::*;
use crate::engine::Rule;

/// Feeds `lines` to a fresh brain and collects every reply line, searches included.
fn replies(lines: &[&str]) -> Vec<String> {
    let mut brain = Brain::new(Some(7));
    let stop = Arc::new(AtomicBool::new(false));
    let mut out = Vec::new();
    for line in lines {
        match brain.handle_line(line) {
            Action::Reply(r) => out.extend(r),
            Action::Think => out.extend(
                brain
                    .think(&stop, Duration::ZERO)
                    .into_iter()
                    .filter(|l| !l.starts_with("MESSAGE")),
            ),
            Action::Exit => break,
        }
    }
    out
}

#[test]
fn start_begin_and_turn_answer_legal_moves() {
    let r = replies(&["START 15", "INFO max_depth 2", "BEGIN", "TURN 0,0"]);
    assert_eq!(r[0], "OK");
    assert_eq!(r.len(), 3, "{r:?}");
    assert_ne!(r[1], r[2]);
    assert_ne!(r[2], "0,0");
}

#[test]
fn board_block_with_field_three_is_played_around() {
    let mut lines = vec!["START 7", "INFO max_depth 1", "BOARD"];
    lines.extend([
        "0,0,3", "1,1,3", "2,2,3", "3,3,3", "4,4,3", "6,0,1", "0,6,2",
    ]);
    lines.extend(["DONE", "TURN 4,4"]);
    let r = replies(&lines);
    assert_eq!(r[0], "OK");
    let mv = &r[1];
    assert!(
        !["0,0", "1,1", "2,2", "3,3", "4,4", "6,0", "0,6"].contains(&mv.as_str()),
        "{r:?}"
    );
    assert!(r[2].starts_with("ERROR"), "4,4 is blocked: {r:?}");
}

#[test]
fn errors_never_change_the_position() {
    let r = replies(&[
        "START 5",
        "INFO max_depth 1",
        "TURN 5,0",
        "TURN 0,5",
        "TAKEBACK 1,1",
        "BOARD",
        "9,9,1",
        "DONE",
        "START 4",
        "RECTSTART 23,5",
        "INFO rule 6",
        "TURN 2,2",
    ]);
    assert_eq!(r[0], "OK");
    for (i, line) in r[1..7].iter().enumerate() {
        assert!(line.starts_with("ERROR"), "reply {i}: {r:?}");
    }
    assert!(r[5].contains("unsupported size"), "{r:?}");
    assert!(
        r[7].starts_with("MESSAGE INFO rule 6 not supported"),
        "{r:?}"
    );
    assert_eq!(r.len(), 9, "{r:?}");
    assert_ne!(r[8], "2,2");
}

#[test]
fn info_problems_are_messages_and_keep_what_can_be_kept() {
    let mut brain = Brain::new(Some(7));
    let mut said = |line: &str| match brain.handle_line(line) {
        Action::Reply(r) => r,
        other => panic!("{line}: {other:?}"),
    };
    assert_eq!(said("INFO timeout_turn 700"), Vec::<String>::new());
    assert_eq!(said("INFO rule 1"), Vec::<String>::new());
    assert_eq!(said("INFO time_left -1"), Vec::<String>::new());
    for (line, needle) in [
        ("INFO rule 2", "INFO rule 2 not supported"),
        ("INFO timeout_turn soon", "INFO timeout_turn needs a number"),
        ("INFO timeout_turn -5", "\"-5\""),
        ("INFO max_depth", "INFO max_depth needs a number"),
        ("INFO thread_num many", "INFO thread_num needs a number"),
        ("INFO", "INFO expects key value"),
    ] {
        let r = said(line);
        assert_eq!(r.len(), 1, "{line}: {r:?}");
        assert!(r[0].starts_with("MESSAGE "), "{line}: {r:?}");
        assert!(r[0].contains(needle), "{line}: {r:?}");
        assert!(
            r[0].chars().all(|c| c.is_ascii_graphic() || c == ' '),
            "{line}: {r:?}"
        );
    }
    let s = brain.settings();
    assert_eq!(s.timeout_turn_ms, 700, "garbage keeps the previous value");
    assert_eq!(
        s.rule,
        Rule::Freestyle,
        "rule 2: the supported part is taken"
    );
    assert_eq!(s.time_left_ms, Some(0), "a negative time left is none left");
    assert_eq!(s.max_depth, None);
    assert_eq!(s.threads, 1, "no thread_num: one thread");
    for (line, threads) in [("INFO thread_num 2", 2), ("INFO thread_num 100000", 64)] {
        assert!(matches!(brain.handle_line(line), Action::Reply(r) if r.is_empty()));
        assert_eq!(brain.settings().threads, threads, "{line}");
        assert_eq!(brain.player.strong_mut().threads(), threads, "{line}");
    }
}

#[test]
fn the_last_empty_cell_is_played_and_a_full_board_is_an_error() {
    let mut lines = vec![
        "START 5".to_string(),
        "INFO max_depth 1".into(),
        "BOARD".into(),
    ];
    // Fill all but (4,4) in a pattern with no five; own and opponent alternate.
    for y in 0..5 {
        for x in 0..5 {
            if (x, y) != (4, 4) {
                let field = if (x + 2 * y) % 4 < 2 { 1 } else { 2 };
                lines.push(format!("{x},{y},{field}"));
            }
        }
    }
    lines.push("DONE".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = replies(&refs);
    assert_eq!(r, ["OK", "4,4"]);
}

#[test]
fn yxstop_without_a_search_is_ignored_quietly() {
    let r = replies(&[
        "START 15",
        "YXSTOP",
        "INFO max_depth 1",
        "TURN 7,7",
        "YXSTOP",
    ]);
    assert_eq!(r.len(), 2, "OK and a move, nothing for YXSTOP: {r:?}");
    assert_eq!(r[0], "OK");
}

#[test]
fn end_inside_a_board_block_exits() {
    let r = replies(&["START 15", "BOARD", "7,7,1", "END", "ABOUT"]);
    assert_eq!(r, ["OK"]);
}

#[test]
fn swap2_blocks_are_answered_by_their_stone_count() {
    let r = replies(&["START 15", "INFO max_depth 2", "SWAP2BOARD", "DONE"]);
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(r[1].split(' ').count(), 3, "three stones: {r:?}");
    let r = replies(&[
        "START 15",
        "INFO max_depth 2",
        "SWAP2BOARD",
        "7,7",
        "0,0",
        "8,7",
        "DONE",
    ]);
    assert_eq!(r[1], "SWAP", "Black's free pair is taken: {r:?}");
}

#[test]
fn an_unfinished_swap2_block_is_refused_before_the_next_answer() {
    let r = replies(&[
        "START 15",
        "INFO max_depth 1",
        "SWAP2BOARD",
        "7,7",
        "TURN 0,0",
    ]);
    assert_eq!(r.len(), 3, "{r:?}");
    assert!(
        r[1].starts_with("ERROR SWAP2BOARD was not ended by DONE before \"TURN 0,0\""),
        "{r:?}"
    );
    assert!(r[2].contains(',') && r[2] != "0,0", "then the move: {r:?}");
    let r = replies(&["START 15", "SWAP2BOARD", "7,7", "END", "ABOUT"]);
    assert_eq!(r, ["OK"], "END inside the block still exits");
}

#[test]
fn the_board_takes_the_watchdogs_move_in_place_of_the_searchs() {
    let mut brain = Brain::new(Some(7));
    let stop = Arc::new(AtomicBool::new(false));
    for line in ["START 15", "INFO max_depth 2", "INFO timeout_turn 300"] {
        assert!(
            matches!(brain.handle_line(line), Action::Reply(_)),
            "{line}"
        );
    }
    assert_eq!(brain.handle_line("TURN 7,7"), Action::Think);
    assert!(
        brain.arm_watchdog(Duration::ZERO).is_some(),
        "a turn limit arms it"
    );
    assert_eq!(
        brain.best_so_far.get(),
        Some(Pos::new(6, 6)),
        "nearest the centre"
    );
    brain.best_so_far.set(Pos::new(14, 14));
    let searched = brain.think(&stop, Duration::ZERO).pop().expect("a move");
    let searched_pos: Pos = searched.parse().expect("x,y");
    assert_eq!(
        brain.best_so_far.get(),
        Some(searched_pos),
        "the search wrote it"
    );
    // The watchdog answered 0,0 before the search's move was written.
    brain.settle_reply(Pos::new(0, 0));
    let reply = |brain: &mut Brain, line: &str| match brain.handle_line(line) {
        Action::Reply(r) => r.join(" "),
        Action::Think => brain.think(&stop, Duration::ZERO).join(" "),
        Action::Exit => "exit".to_string(),
    };
    assert!(
        reply(&mut brain, "TURN 0,0").starts_with("ERROR"),
        "0,0 is ours"
    );
    let answer = reply(&mut brain, &format!("TURN {searched}"));
    assert!(!answer.starts_with("ERROR"), "{searched} is free: {answer}");
    assert_eq!(brain.board.as_ref().map(Board::move_count), Some(4));
}

#[test]
fn a_swap2_decision_or_a_fixed_level_is_not_watched() {
    let mut brain = Brain::new(Some(7));
    for line in ["START 15", "INFO timeout_turn 300"] {
        brain.handle_line(line);
    }
    assert!(brain.arm_watchdog(Duration::ZERO).is_some());
    brain.level = Some(Level::Easy);
    assert!(
        brain.arm_watchdog(Duration::ZERO).is_none(),
        "a level's own search"
    );
    brain.level = None;
    brain.handle_line("INFO timeout_turn 0");
    assert!(
        brain.arm_watchdog(Duration::ZERO).is_none(),
        "no time limit"
    );
}

#[test]
fn the_watchdogs_first_answer_is_no_forbidden_point() {
    let mut brain = Brain::new(Some(7));
    // Black (us: as many stones as White) makes 7,7 a double three.
    let mut lines = vec!["START 15", "INFO rule 4", "INFO timeout_turn 300", "BOARD"];
    lines.extend(["5,7,1", "6,7,1", "7,5,1", "7,6,1"]);
    lines.extend(["0,0,2", "0,14,2", "14,0,2", "14,14,2"]);
    let mut last = Action::Exit;
    for line in lines.iter().chain(&["DONE"]) {
        last = brain.handle_line(line);
    }
    assert_eq!(last, Action::Think);
    let board = brain.board.clone().expect("a board");
    assert!(
        renju::forbidden(&board, Pos::new(7, 7)).is_some(),
        "the premise"
    );
    assert!(brain.arm_watchdog(Duration::ZERO).is_some());
    let first = brain.best_so_far.get().expect("a move before the search");
    assert_ne!(first, Pos::new(7, 7));
    assert!(board.is_empty(first) && renju::forbidden(&board, first).is_none());
}
