//! The analysis panel's flows as specs: a command, and the exact requests it makes of the
//! analysis threads. No threads here: their answers are written out by hand.

use super::*;
use crate::engine::Stone;

fn board(moves: &[(usize, usize)]) -> Board {
    let mut b = Board::square(15).unwrap();
    for &(x, y) in moves {
        b.play(Pos::new(x, y)).unwrap();
    }
    b
}

fn say(e: &StudyEvent) -> String {
    match e {
        StudyEvent::Analyse(r) => {
            format!("analyse #{} ({} stones)", r.ticket, r.board.move_count())
        }
        StudyEvent::StopAnalysis => "stop".into(),
        StudyEvent::FindWin(r) => format!("find #{}", r.ticket),
        StudyEvent::StopFinder => "stop finder".into(),
    }
}

fn run(s: &mut Study, c: StudyCommand) -> Vec<String> {
    s.apply(c).iter().map(say).collect()
}

fn follow(s: &mut Study, b: Option<&Board>) -> Vec<String> {
    s.follow(b.map(|b| (b, Rule::Freestyle)))
        .iter()
        .map(say)
        .collect()
}

fn report(depth: u32, done: bool) -> Analysis {
    Analysis {
        depth,
        done,
        ..Analysis::default()
    }
}

#[test]
fn the_panel_analyses_the_position_on_show_until_it_changes() {
    let mut s = Study::default();
    let a = board(&[(7, 7)]);
    assert_eq!(
        follow(&mut s, Some(&a)),
        Vec::<String>::new(),
        "off: nothing"
    );
    assert_eq!(run(&mut s, StudyCommand::Toggle), ["analyse #1 (1 stones)"]);
    assert_eq!(
        follow(&mut s, Some(&a)),
        Vec::<String>::new(),
        "same position"
    );
    s.apply(StudyCommand::Report(1, report(4, false)));
    assert_eq!(s.latest().map(|r| r.depth), Some(4));
    let b = board(&[(7, 7), (8, 8)]);
    assert_eq!(follow(&mut s, Some(&b)), ["analyse #2 (2 stones)"]);
    assert!(s.latest().is_none(), "the old position's report went");
    s.apply(StudyCommand::Report(1, report(9, false)));
    assert!(s.latest().is_none(), "a stale report is dropped");
    assert_eq!(follow(&mut s, None), ["stop"], "off the board screens");
    assert_eq!(follow(&mut s, Some(&b)), ["analyse #3 (2 stones)"]);
    assert_eq!(run(&mut s, StudyCommand::Toggle), ["stop"]);
    assert!(!s.is_on() && s.latest().is_none());
}

#[test]
fn stop_keeps_the_last_report_and_continue_searches_again() {
    let mut s = Study::default();
    let a = board(&[(7, 7)]);
    follow(&mut s, Some(&a));
    run(&mut s, StudyCommand::Toggle);
    s.apply(StudyCommand::Report(1, report(6, false)));
    assert_eq!(run(&mut s, StudyCommand::StopOrContinue), ["stop"]);
    assert!(s.is_paused() && !s.is_running());
    s.apply(StudyCommand::Report(1, report(7, true)));
    assert_eq!(s.latest().map(|r| (r.depth, r.done)), Some((7, true)));
    assert_eq!(
        run(&mut s, StudyCommand::StopOrContinue),
        ["analyse #2 (1 stones)"]
    );
    assert!(s.is_running());
    // A new position is analysed even after Stop.
    run(&mut s, StudyCommand::StopOrContinue);
    let b = board(&[(7, 7), (8, 8)]);
    assert_eq!(follow(&mut s, Some(&b)), ["analyse #3 (2 stones)"]);
    assert_eq!(
        run(&mut s, StudyCommand::Restart),
        ["analyse #4 (2 stones)"]
    );
}

#[test]
fn a_search_that_ends_on_its_own_is_finished_not_running() {
    let mut s = Study::default();
    follow(&mut s, Some(&board(&[(7, 7)])));
    run(&mut s, StudyCommand::Toggle);
    s.apply(StudyCommand::Report(1, report(60, true)));
    assert!(!s.is_running() && !s.is_paused());
    assert_eq!(run(&mut s, StudyCommand::Toggle), Vec::<String>::new());
}

#[test]
fn a_decided_or_full_position_is_not_analysed() {
    let mut s = Study::default();
    run(&mut s, StudyCommand::Toggle);
    let mut won = Board::square(15).unwrap();
    for x in 0..5 {
        won.place(Pos::new(x, 0), Stone::Black).unwrap();
    }
    assert_eq!(follow(&mut s, Some(&won)), Vec::<String>::new());
    assert!(s.is_over() && !s.is_running());
    assert_eq!(run(&mut s, StudyCommand::FindWin), Vec::<String>::new());
}

#[test]
fn the_finder_answers_once_and_steps_through_its_line() {
    let mut s = Study::default();
    let a = board(&[(7, 7)]);
    follow(&mut s, Some(&a));
    assert_eq!(
        run(&mut s, StudyCommand::FindWin),
        Vec::<String>::new(),
        "panel off"
    );
    run(&mut s, StudyCommand::Toggle);
    assert_eq!(run(&mut s, StudyCommand::FindWin), ["find #2"]);
    assert_eq!(*s.finder(), Finder::Searching);
    let line = vec![Pos::new(1, 1), Pos::new(2, 2), Pos::new(3, 3)];
    s.apply(StudyCommand::Found(1, ForcedWin::Vcf(line.clone())));
    assert_eq!(*s.finder(), Finder::Searching, "another request's answer");
    s.apply(StudyCommand::Found(2, ForcedWin::Vcf(line.clone())));
    let shown = |s: &Study| match s.finder() {
        Finder::Found { shown, .. } => Some(*shown),
        _ => None,
    };
    assert_eq!(shown(&s), Some(1));
    s.apply(StudyCommand::Step(5));
    assert_eq!(shown(&s), Some(3), "stops at the last move");
    s.apply(StudyCommand::Step(-9));
    assert_eq!(shown(&s), Some(0));
    // A new position clears the answer; a search in flight is stopped.
    run(&mut s, StudyCommand::FindWin);
    let b = board(&[(7, 7), (8, 8)]);
    assert_eq!(
        follow(&mut s, Some(&b)),
        ["stop finder", "analyse #4 (2 stones)"]
    );
    assert_eq!(*s.finder(), Finder::Idle);
    run(&mut s, StudyCommand::FindWin);
    s.apply(StudyCommand::Found(5, ForcedWin::None { complete: false }));
    assert_eq!(*s.finder(), Finder::NoWin { complete: false });
}
