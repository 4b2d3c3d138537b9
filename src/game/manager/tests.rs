//! The session's flows as specs: a command (or a tick) at a given time, and the exact
//! events it produces. No SDL, no threads, no sleeps: time is a number, and the engine's
//! answers are written out by hand.

use super::*;
use crate::engine::{Board, Outcome, Pos};
use crate::game::notation::label;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// A session on the board with a fresh game of `mode` at Medium, started at time 0.
fn session(mode: GameMode) -> ChessManager {
    let mut m = ChessManager::new(GameSettings {
        mode,
        ..GameSettings::default()
    });
    m.apply(Command::NewGame, ms(0));
    m.apply(Command::Show, ms(0));
    m
}

/// One event in words, so a spec reads like the game.
fn say(e: &GameEvent) -> String {
    match e {
        GameEvent::GameStarted => "started".into(),
        GameEvent::StonePlaced { pos, stone, by } => {
            format!("{stone} {} by {by:?}", label(*pos, 15))
        }
        GameEvent::Undone { plies } => format!("undone {plies}"),
        GameEvent::Revived => "revived".into(),
        GameEvent::SidesSwapped { human } => format!("you play {human}"),
        GameEvent::Swap2Asked { chooser } => format!("{chooser:?} chooses"),
        GameEvent::Swap2Wanted(r) => format!(
            "swap2 decision #{} on {} stones",
            r.ticket,
            r.board.move_count()
        ),
        GameEvent::Swap2Chose { by, choice } => format!("{by:?} chose {choice:?}"),
        GameEvent::Swap2Over { first, you } => format!("first plays {first}, you {you:?}"),
        GameEvent::GameOver(Outcome::Win { winner, .. }) => format!("{winner} wins"),
        GameEvent::GameOver(Outcome::Draw) => "draw".into(),
        GameEvent::Paused(p) => if *p { "paused" } else { "running" }.into(),
        GameEvent::SearchWanted(r) => {
            format!("search #{} {:?} at {}", r.ticket, r.purpose, r.computer)
        }
        GameEvent::SearchCancelled => "cancel".into(),
        GameEvent::HintReady(p) => format!("hint {}", label(*p, 15)),
        GameEvent::Refused(e) => format!("refused: {e}"),
        GameEvent::RecordChanged(r) => format!("save {} moves", r.moves.len()),
        GameEvent::Send(crate::game::net::message::Message::State(s)) => {
            format!("send state of {} moves", s.moves.len())
        }
        GameEvent::Send(m) => format!("send {}", m.encode()),
        GameEvent::Hangup(reason) => format!("hang up: {reason}"),
        GameEvent::OfferReceived(o) => format!("asked for {o}"),
        GameEvent::OfferAnswered { offer, accepted } => format!("{offer} accepted: {accepted}"),
        GameEvent::Link(crate::game::LinkStatus::Connected { peer }) => format!("linked to {peer}"),
        GameEvent::Link(crate::game::LinkStatus::Waiting { reason }) => format!("paused: {reason}"),
        GameEvent::Link(crate::game::LinkStatus::Closed { reason }) => format!("closed: {reason}"),
    }
}

fn run(m: &mut ChessManager, command: Command, at: u64) -> Vec<String> {
    m.apply(command, ms(at)).iter().map(say).collect()
}

fn tick(m: &mut ChessManager, at: u64) -> Vec<String> {
    m.tick(ms(at)).iter().map(say).collect()
}

fn answer(ticket: u64, x: usize, y: usize) -> Command {
    Command::SearchDone(AiReply {
        ticket,
        best_move: Some(Pos::new(x, y)),
        note: String::new(),
    })
}

fn place(x: usize, y: usize) -> Command {
    Command::Place(Pos::new(x, y))
}

const YOU_BLACK: GameMode = GameMode::HumanVsComputer {
    human: Stone::Black,
};

#[test]
fn the_computer_answers_a_persons_move_and_a_save_follows_each_change() {
    let mut m = session(YOU_BLACK);
    assert_eq!(
        run(&mut m, place(7, 7), 1000),
        [
            "Black H8 by Person",
            "search #1 Move at Medium",
            "save 1 moves"
        ]
    );
    assert_eq!(
        run(&mut m, place(8, 8), 1100),
        ["refused: it is the computer's turn"]
    );
    assert_eq!(
        run(&mut m, answer(1, 8, 8), 1500),
        ["White I7 by Computer", "save 2 moves"]
    );
    let g = m.game().unwrap();
    assert_eq!(g.to_record().moves[0].ms, 1000, "the person took 1 s");
    assert_eq!(g.to_record().moves[1].ms, 500, "the computer took 0.5 s");
}

#[test]
fn undo_during_a_search_cancels_it_and_its_late_answer_is_dropped() {
    let mut m = session(YOU_BLACK);
    run(&mut m, place(7, 7), 0);
    assert_eq!(
        run(&mut m, Command::Undo, 10),
        ["cancel", "undone 1", "save 0 moves"]
    );
    assert!(m.thinking(ms(20)).is_none());
    assert_eq!(run(&mut m, answer(1, 8, 8), 30), Vec::<String>::new());
    assert_eq!(m.game().unwrap().board().move_count(), 0);
    assert_eq!(
        run(&mut m, place(6, 6), 40),
        [
            "Black G9 by Person",
            "search #2 Move at Medium",
            "save 1 moves"
        ]
    );
}

#[test]
fn undo_is_one_ply_between_people_and_back_to_your_turn_against_the_computer() {
    let mut m = session(GameMode::HumanVsHuman);
    run(&mut m, place(7, 7), 0);
    run(&mut m, place(8, 8), 0);
    assert_eq!(run(&mut m, Command::Undo, 0), ["undone 1", "save 1 moves"]);

    let mut m = session(YOU_BLACK);
    run(&mut m, place(7, 7), 0);
    run(&mut m, answer(1, 8, 8), 0);
    assert_eq!(run(&mut m, Command::Undo, 0), ["undone 2", "save 0 moves"]);
    assert_eq!(run(&mut m, Command::Undo, 0), ["refused: nothing to undo"]);
}

#[test]
fn play_for_me_plays_only_the_persons_side_and_never_while_thinking() {
    let mut m = session(YOU_BLACK);
    assert_eq!(
        run(&mut m, Command::PlayForMe, 0),
        ["search #1 PlayForMe at Medium"]
    );
    assert_eq!(
        run(&mut m, Command::PlayForMe, 10),
        ["refused: the computer is thinking"],
        "a second Right while it thinks does nothing"
    );
    assert_eq!(
        run(&mut m, answer(1, 7, 7), 20),
        [
            "Black H8 by Computer",
            "search #2 Move at Medium",
            "save 1 moves"
        ],
        "the computer then answers for its own side"
    );
    assert_eq!(
        run(&mut m, Command::PlayForMe, 30),
        ["refused: it is the computer's turn"],
        "Right during the computer's own search does nothing"
    );
    run(&mut m, answer(2, 8, 8), 40);
    let g = m.game().unwrap();
    assert_eq!(g.mode(), YOU_BLACK, "the person still plays Black");
    assert_eq!(
        g.to_record().black.kind,
        crate::game::record::PlayerKind::Human
    );
}

#[test]
fn play_for_me_between_people_plays_the_side_to_move_and_a_shown_hint_at_once() {
    let mut m = session(GameMode::HumanVsHuman);
    run(&mut m, place(7, 7), 0);
    assert_eq!(run(&mut m, Command::Hint, 0), ["search #1 Hint at Medium"]);
    assert_eq!(run(&mut m, answer(1, 8, 8), 0), ["hint I7"]);
    assert_eq!(
        run(&mut m, Command::PlayForMe, 0),
        ["White I7 by Computer", "save 2 moves"]
    );
    assert_eq!(m.game().unwrap().hint(), None);
}

#[test]
fn a_persons_click_overrides_a_running_hint() {
    let mut m = session(GameMode::HumanVsHuman);
    run(&mut m, Command::Hint, 0);
    assert_eq!(
        run(&mut m, place(3, 3), 5),
        ["cancel", "Black D12 by Person", "save 1 moves"]
    );
    assert_eq!(run(&mut m, answer(1, 8, 8), 9), Vec::<String>::new());
}

#[test]
fn swap_hands_the_turn_to_the_computer_and_needs_one() {
    let mut m = session(YOU_BLACK);
    assert_eq!(
        run(&mut m, Command::Swap, 0),
        ["you play White", "search #1 Move at Medium"]
    );
    let mut m = session(GameMode::HumanVsHuman);
    assert_eq!(
        run(&mut m, Command::Swap, 0),
        ["refused: Swap sides works against the computer"]
    );
}

#[test]
fn computer_vs_computer_is_paced_pauses_and_steps_one_move() {
    let mut m = session(GameMode::ComputerVsComputer);
    assert_eq!(
        tick(&mut m, 399),
        Vec::<String>::new(),
        "not before the pace"
    );
    assert_eq!(m.next_deadline(), Some(ms(400)));
    assert_eq!(tick(&mut m, 400), ["search #1 Move at Medium"]);
    assert_eq!(
        run(&mut m, answer(1, 7, 7), 450),
        ["Black H8 by Computer", "save 1 moves"]
    );
    assert_eq!(tick(&mut m, 849), Vec::<String>::new());
    assert_eq!(run(&mut m, Command::TogglePause, 849), ["paused"]);
    assert_eq!(
        tick(&mut m, 5000),
        Vec::<String>::new(),
        "no move while paused"
    );
    assert_eq!(m.next_deadline(), None);
    assert_eq!(
        run(&mut m, Command::PlayForMe, 5000),
        ["search #2 Move at Medium"],
        "a step does not wait for the pace"
    );
    assert_eq!(
        run(&mut m, answer(2, 8, 8), 5100),
        ["White I7 by Computer", "paused", "save 2 moves"]
    );
    assert_eq!(tick(&mut m, 9000), Vec::<String>::new(), "exactly one move");
    assert_eq!(
        run(&mut m, Command::TogglePause, 9000),
        ["running", "search #3 Move at Medium"],
        "the pace has long passed"
    );
}

#[test]
fn undo_in_computer_vs_computer_pauses_to_look() {
    let mut m = session(GameMode::ComputerVsComputer);
    tick(&mut m, 400);
    run(&mut m, answer(1, 7, 7), 400);
    tick(&mut m, 800);
    assert_eq!(
        run(&mut m, Command::Undo, 810),
        ["cancel", "undone 1", "paused", "save 0 moves"]
    );
}

fn five_for_black(m: &mut ChessManager) -> Vec<String> {
    for i in 0..4 {
        run(m, place(i, 0), 0);
        run(m, place(i, 5), 0);
    }
    run(m, place(4, 0), 0)
}

#[test]
fn a_win_is_announced_once_and_undo_revives_the_game() {
    let mut m = session(GameMode::HumanVsHuman);
    assert_eq!(
        five_for_black(&mut m),
        ["Black E15 by Person", "Black wins", "save 9 moves"]
    );
    assert_eq!(tick(&mut m, 10), Vec::<String>::new(), "announced once");
    assert_eq!(run(&mut m, place(9, 9), 20), ["refused: the game is over"]);
    assert_eq!(
        run(&mut m, Command::Undo, 30),
        ["undone 1", "revived", "save 8 moves"]
    );
    assert_eq!(
        run(&mut m, place(9, 9), 40),
        ["Black J6 by Person", "save 9 moves"]
    );
}

#[test]
fn the_computers_winning_move_ends_the_game_and_asks_nothing_more() {
    let mut m = session(YOU_BLACK);
    for i in 0..4 {
        run(&mut m, place(i, 0), 0);
        run(&mut m, answer(i as u64 + 1, i, 5), 0);
    }
    run(&mut m, place(9, 9), 0);
    assert_eq!(
        run(&mut m, answer(5, 4, 5), 0),
        ["White E10 by Computer", "White wins", "save 10 moves"]
    );
    assert!(m.thinking(ms(0)).is_none());
}

#[test]
fn leaving_the_board_stops_the_search_and_coming_back_asks_again() {
    let mut m = session(YOU_BLACK);
    run(&mut m, place(7, 7), 0);
    assert_eq!(run(&mut m, Command::Hide, 5), ["cancel"]);
    assert_eq!(
        tick(&mut m, 10),
        Vec::<String>::new(),
        "no thinking off screen"
    );
    assert!(m.can_resume());
    assert_eq!(run(&mut m, Command::Show, 20), ["search #2 Move at Medium"]);
}

#[test]
fn a_new_game_voids_the_old_search_and_a_resumed_game_is_not_saved_twice() {
    let mut m = session(YOU_BLACK);
    run(&mut m, place(7, 7), 0);
    assert_eq!(run(&mut m, Command::NewGame, 5), ["cancel", "started"]);
    assert_eq!(run(&mut m, answer(1, 8, 8), 6), Vec::<String>::new());

    let mut board = Board::square(15).unwrap();
    board.play(Pos::new(7, 7)).unwrap();
    let settings = GameSettings {
        mode: GameMode::HumanVsHuman,
        ..GameSettings::default()
    };
    let saved = Game::from_board(board.clone(), &settings, ms(0));
    assert_eq!(
        run(&mut m, Command::Resume(Box::new(saved)), 10),
        ["started"]
    );
    let continued = Game::from_board(board, &settings, ms(0));
    assert_eq!(
        run(&mut m, Command::ContinueFrom(Box::new(continued)), 10),
        ["started", "save 1 moves"]
    );
}

#[test]
fn restart_keeps_the_games_own_settings() {
    let mut m = session(YOU_BLACK);
    run(&mut m, Command::Swap, 0);
    m.settings.size = 19;
    run(&mut m, Command::Restart, 0);
    let g = m.game().unwrap();
    assert_eq!(
        g.mode(),
        GameMode::HumanVsComputer {
            human: Stone::White
        }
    );
    assert_eq!(g.board().width(), 15);
}

#[test]
fn hints_and_play_for_me_never_use_the_lowest_level() {
    let mut m = ChessManager::new(
        GameSettings {
            mode: GameMode::HumanVsHuman,
            ..GameSettings::default()
        }
        .with_level(Level::ALL[0]),
    );
    m.apply(Command::NewGame, ms(0));
    let events = m.apply(Command::Hint, ms(0));
    assert!(matches!(
        events.as_slice(),
        [GameEvent::SearchWanted(r)] if r.computer == Computer::Level(Level::ALL[0].next())
    ));
}

mod clocks;
mod network;
mod swap2;
