//! Clocks, resignation and failing engines, as command -> event specs.

use super::*;
use crate::game::computer::{Computer, ExternalEngine};
use crate::game::ending::Ending;
use crate::game::time_control::TimeControl;

fn clocked(mode: GameMode, time: TimeControl) -> ChessManager {
    let mut m = ChessManager::new(GameSettings {
        mode,
        time,
        ..GameSettings::default()
    });
    m.apply(Command::NewGame, ms(0));
    m.apply(Command::Show, ms(0));
    m
}

const FIVE_SECONDS: TimeControl = TimeControl::PerMove { ms: 5_000 };

fn ending(m: &ChessManager) -> Option<Ending> {
    m.game().and_then(|g| g.ending().cloned())
}

#[test]
fn a_flag_falls_just_after_the_limit_and_the_side_to_move_loses() {
    let mut m = clocked(GameMode::HumanVsHuman, FIVE_SECONDS);
    assert_eq!(
        m.next_deadline(),
        Some(ms(5_001)),
        "the loop wakes for the flag"
    );
    assert_eq!(tick(&mut m, 5_000), Vec::<String>::new(), "exactly on time");
    assert_eq!(tick(&mut m, 5_001), ["White wins"]);
    assert_eq!(
        ending(&m),
        Some(Ending::Time {
            loser: Stone::Black
        })
    );
    assert_eq!(m.next_deadline(), None);
    assert_eq!(
        run(&mut m, Command::Undo, 6_000),
        ["refused: nothing to undo"],
        "nothing was played"
    );
}

#[test]
fn a_move_after_the_flag_is_no_move_even_before_a_tick_saw_it() {
    let mut m = clocked(GameMode::HumanVsHuman, FIVE_SECONDS);
    run(&mut m, place(7, 7), 4_000);
    assert_eq!(
        run(&mut m, place(8, 8), 9_500),
        ["refused: the game is over", "Black wins", "save 1 moves"]
    );
    assert_eq!(m.game().unwrap().board().move_count(), 1);
    let record = m.game().unwrap().to_record();
    assert_eq!(record.result_text(), "Black wins on time");
    assert!(
        record.validate(None).is_ok(),
        "a decided game is a valid record"
    );
}

#[test]
fn the_clock_stops_off_screen_and_per_move_time_is_fresh_after_each_move() {
    let mut m = clocked(GameMode::HumanVsHuman, FIVE_SECONDS);
    run(&mut m, Command::Hide, 3_000);
    assert_eq!(tick(&mut m, 60_000), Vec::<String>::new());
    run(&mut m, Command::Show, 60_000);
    assert_eq!(m.next_deadline(), Some(ms(62_001)), "2 s were left");
    run(&mut m, place(7, 7), 61_000);
    let left = m.game().unwrap().clocks().left(Stone::Black, ms(70_000));
    assert_eq!(left, Some(ms(5_000)));
    assert_eq!(m.next_deadline(), Some(ms(66_001)), "White's 5 s run");
}

#[test]
fn our_engine_gets_a_share_of_its_time_and_the_increment_is_earned() {
    let blitz = TimeControl::Game {
        base_ms: 60_000,
        increment_ms: 1_000,
    };
    let mut m = clocked(YOU_BLACK, blitz);
    let events = m.apply(place(7, 7), ms(2_000));
    let cap = events.iter().find_map(|e| match e {
        GameEvent::SearchWanted(r) => Some(r.time_cap),
        _ => None,
    });
    assert_eq!(
        cap,
        Some(Some(ms(3_750))),
        "60 s / 20 + 3/4 of the increment"
    );
    let clocks = m.game().unwrap().clocks();
    assert_eq!(clocks.left(Stone::Black, ms(9_000)), Some(ms(59_000)));
    assert_eq!(clocks.running(), Some(Stone::White));
}

#[test]
fn in_computer_vs_computer_the_clock_runs_only_while_the_engine_thinks() {
    let mut m = clocked(GameMode::ComputerVsComputer, FIVE_SECONDS);
    assert_eq!(
        m.game().unwrap().clocks().running(),
        None,
        "the pace is free"
    );
    tick(&mut m, 400);
    assert_eq!(m.game().unwrap().clocks().running(), Some(Stone::Black));
    run(&mut m, answer(1, 7, 7), 900);
    let c = m.game().unwrap().clocks();
    assert_eq!(
        (c.running(), c.left(Stone::Black, ms(900))),
        (None, Some(ms(5_000)))
    );
}

fn fake_engine() -> Computer {
    Computer::External(ExternalEngine::from_path("/opt/pbrain-fake".into()))
}

#[test]
fn an_outside_engine_is_asked_with_its_time_and_loses_when_it_fails() {
    let mut m = ChessManager::new(GameSettings {
        mode: YOU_BLACK,
        computers: [fake_engine(), fake_engine()],
        time: FIVE_SECONDS,
        ..GameSettings::default()
    });
    m.apply(Command::NewGame, ms(0));
    m.apply(Command::Show, ms(0));
    let events = m.apply(place(7, 7), ms(1_000));
    let request = events
        .iter()
        .find_map(|e| match e {
            GameEvent::SearchWanted(r) => Some(r.clone()),
            _ => None,
        })
        .expect("the engine is asked");
    assert_eq!(request.computer, fake_engine());
    assert_eq!(request.engine_time.turn_ms, 4_750, "5 s less a twentieth");
    assert_eq!(request.time_cap, Some(ms(4_500)));
    let failed = Command::SearchFailed {
        ticket: request.ticket,
        reason: "played the occupied point 7,7".into(),
    };
    assert_eq!(run(&mut m, failed, 1_500), ["Black wins", "save 1 moves"]);
    let text = ending(&m).map(|e| e.to_string());
    assert_eq!(
        text.as_deref(),
        Some("Black wins: White's pbrain-fake played the occupied point 7,7")
    );
    let stale = Command::SearchFailed {
        ticket: 99,
        reason: "late".into(),
    };
    assert_eq!(run(&mut m, stale, 1_600), Vec::<String>::new());
}

#[test]
fn a_person_resigns_and_a_decided_game_cannot_be_undone() {
    let mut m = session(YOU_BLACK);
    run(&mut m, place(7, 7), 0);
    run(&mut m, answer(1, 8, 8), 0);
    assert_eq!(
        run(&mut m, Command::Resign, 10),
        ["White wins", "save 2 moves"]
    );
    assert_eq!(
        run(&mut m, Command::Undo, 20),
        ["refused: the game was decided: Black resigned"]
    );
    assert_eq!(
        run(&mut m, Command::Resign, 30),
        ["refused: the game is over"]
    );
    assert!(!m.can_resume());
}

#[test]
fn a_resumed_record_keeps_its_clock_and_its_ending() {
    let mut m = clocked(GameMode::HumanVsHuman, FIVE_SECONDS);
    run(&mut m, place(7, 7), 1_200);
    run(&mut m, Command::Resign, 1_300);
    let record = m.game().unwrap().to_record();
    let json = serde_json::to_string(&record).unwrap();
    let back = crate::game::record::parse_json_record(&json).expect("valid");
    let game = Game::from_record(&back, ms(0)).expect("loads");
    assert_eq!(game.ending(), record.ending.as_ref());
    assert_eq!(game.clocks().control(), FIVE_SECONDS);
    assert!(game.is_over());
}
